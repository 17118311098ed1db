"""Two table views following one session: the same board after every action, whoever acts."""
from __future__ import annotations

import pytest

from cardlab.actions import Play
from cardlab.session import LEARNER, TableSession
from cardlab.widgets import Table


def same_board(first: Table, second: Table) -> None:
    assert first.board.svg == second.board.svg and first.board.alt == second.board.alt
    assert first.step_label.value == second.step_label.value
    assert first.message_box.value == second.message_box.value
    assert [b.description for b in first.calls_box.children] == [b.description for b in second.calls_box.children]
    assert first.index == second.index and first.match_box.value == second.match_box.value


@pytest.mark.parametrize("game", ["tressette", "aluette", "quadrille"])
def test_a_second_view_shows_the_same_board_after_every_action(game: str) -> None:
    first = Table(game, seed=3)
    second = Table(session=first.session)
    same_board(first, second)
    turn = 0
    while not first.state.over:
        acting = (first, second)[turn % 2]          # either view may act for the learner
        legal = first.rules.legal(first.state)
        acting.session.act(LEARNER, legal[turn % len(legal)])
        same_board(first, second)
        turn += 1
    second.counting.skip_button.click()
    same_board(first, second)
    assert "End of hand" in first.breakdown_box.value
    second.back_button.click()
    same_board(first, second)
    first.next_button.click()
    same_board(first, second)


def test_a_view_of_another_seat_shows_that_seats_hand_only() -> None:
    session = TableSession("tressette", seed=7, people=("S", "N"))
    south, north = Table(session=session), Table(session=session, seat="N")
    assert south.board.svg != north.board.svg
    while session.state.to_act not in ("S", "N"):
        session.forward(LEARNER)
    acting = south if session.state.to_act == "S" else north
    idle = north if acting is south else south
    card = session.rules.legal_cards(session.state, acting.seat)[0]
    idle.play(str(card))                              # a card it cannot see: nothing happens, nothing is told
    assert not idle.message
    before = session.hand
    idle.session.act(idle.seat, Play(acting.seat, card))
    assert idle.message == acting.message == f"{acting.seat} decides for {acting.seat}: you sit at {idle.seat}."
    assert session.hand is before
    acting.play(str(card))
    assert f'data-card="{card}"' in north.board.svg and f'data-card="{card}"' in south.board.svg


def test_play_goes_to_the_session_not_through_a_faked_click() -> None:
    table = Table("tressette", seed=7)
    card = str(table.rules.legal_cards(table.state, LEARNER)[0])
    table.play(card)
    assert table.board.clicked == "" and table.hand.log[2].card.__str__() == card


def test_a_closed_view_stops_following() -> None:
    first = Table("tressette", seed=7)
    second = Table(session=first.session)
    second.close()
    first.play(str(first.rules.legal_cards(first.state, LEARNER)[0]))
    assert first.index != second.index
