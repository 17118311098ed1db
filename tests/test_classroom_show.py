"""Showing the class one table and asking it "which card would you play?" (issue 22, item 4),
and the teacher's table of computers for a duplicate round (item 5): through
:mod:`cardlab.classroom`, with ``now`` passed in."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardlab.classroom import AT_YOUR_TABLE, NOTHING_SHOWN, ROUND_SECRET, WRONG_TEACHER, ClassroomError, Classrooms
from cardlab.classroom_show import TO_PLAY
from cardlab.classroom_store import ClassroomStore
from cardlab.scenario import builtin
from cardlab.session import Computer
from tests.test_classroom import room_of, seen_codes
from tests.test_classroom_duplicate import play_to_end


def hidden_cards(room, table: int, seat: str, step: int) -> set[str]:
    """Every card still in a hand other than ``seat``'s at ``table`` at ``step``, less the public."""
    session = room.tables[table - 1].session
    state = session.hand.states[step]
    public = {card for _, card in session.rules.public_cards(state)}
    return {str(card) for other in state.seats if other != seat for card in state.hand(other) if card} - {
        str(card) for card in public}


def test_a_room_table_is_shown_from_one_seat_and_hidden_from_the_others_at_that_table() -> None:
    room, learners = room_of("tressette", people=8)
    session = room.tables[0].session
    seat = session.state.to_act
    with pytest.raises(ClassroomError, match="this classroom as its teacher"):
        room.show_table(learners[4].token, 1, seat)
    with pytest.raises(ClassroomError, match="one of its seats"):
        room.show_table(room.teacher, 1, "X")
    assert room.shown_view(learners[5].token) is None
    room.show_table(room.teacher, 1, seat)
    step = session.index
    outside = room.shown_view(learners[5].token)
    assert outside is not None and outside.frame is not None and outside.seat == seat
    assert outside.frame.step == step and outside.title == "Table 1"
    assert not seen_codes(outside.frame.scene) & hidden_cards(room, 1, seat, step)
    assert {str(card) for s in outside.frame.scene.seats for card in s.hand if card} == {
        str(card) for card in session.state.hand(seat)}
    assert not outside.frame.scene.legal, "the shown table is read-only"
    for learner in learners[:4]:
        view = room.shown_view(learner.token)
        assert view is not None
        if learner.seat == seat:
            assert view.frame is not None
        else:
            assert view.frame is None and view.note == AT_YOUR_TABLE


def test_the_shown_copy_steps_back_and_forward_but_never_past_its_copy() -> None:
    room, learners = room_of("tressette", people=4)
    session = room.tables[0].session
    rng = random.Random(3)
    for _ in range(3):
        seat = session.state.to_act
        card = rng.choice(session.rules.legal_cards(session.state, seat))
        learner = next(learner for learner in learners if learner.seat == seat)
        assert not room.act(learner.token, str(card), now=1.0).refused
    copied = session.index
    room.show_table(room.teacher, 1, "S")
    seat = session.state.to_act
    card = session.rules.legal_cards(session.state, seat)[0]
    assert not room.act(next(x for x in learners if x.seat == seat).token, str(card), now=2.0).refused
    room.step_shown(room.teacher, copied + 5)
    assert room.shown is not None and room.shown.step == copied, "the live table's later cards stay out"
    room.step_shown(room.teacher, 1)
    assert room.shown.step == 1
    with pytest.raises(ClassroomError, match="whole number"):
        room.step_shown(room.teacher, "2")
    room.hide_shown(room.teacher)
    with pytest.raises(ClassroomError, match=NOTHING_SHOWN):
        room.step_shown(room.teacher, 1)


def test_a_prepared_scenario_is_polled_answers_change_until_the_reveal() -> None:
    room, learners = room_of("tressette", people=6)
    scenario = builtin("tressette-follow-suit")
    with pytest.raises(ClassroomError, match="another game"):
        room.show_scenario(room.teacher, builtin("sixty_six-65-65"), 99, "S", False)
    room.show_scenario(room.teacher, scenario, 99, "S", False)
    with pytest.raises(ClassroomError, match=WRONG_TEACHER):
        room.ask_shown(learners[0].token)
    room.ask_shown(room.teacher)
    poll = room.poll
    assert poll is not None and poll.seat == "S" and poll.table == 0
    cards = poll.cards
    assert len(cards) >= 2
    for learner in learners:                     # a prepared table: no learner sits at it
        view = room.poll_view(learner.token)
        assert view is not None and view.cards == cards and view.frame is not None
        assert view.question == "Which card would you play as S?"
    room.answer(learners[0].token, cards[0], now=1.0)
    room.answer(learners[1].token, cards[0], now=1.0)
    room.answer(learners[0].token, cards[1], now=2.0)          # a second click changes the answer
    assert room.tally(room.teacher) == {card: (1 if card in cards[:2] else 0) for card in cards}
    assert room.poll_view(learners[0].token).answer == cards[1]  # type: ignore[union-attr]
    reveal = room.reveal(room.teacher)
    assert reveal.card in cards and reveal.reason
    with pytest.raises(ClassroomError, match="no question open"):
        room.answer(learners[2].token, cards[0], now=3.0)
    room.step_shown(room.teacher, 1)
    assert room.poll is None, "a question about another step closes when the table is stepped"


def test_a_poll_on_a_shown_table_asks_the_seat_the_class_sees() -> None:
    room, _ = room_of("tressette", people=4)
    room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, "N", False)
    with pytest.raises(ClassroomError, match="sees N's hand and S is to play"):
        room.ask_shown(room.teacher)
    room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, "N", True)
    room.ask_shown(room.teacher)
    assert room.poll is not None and room.poll.seat == "S" and room.shown is not None and room.shown.seat == "S"
    room.show_scenario(room.teacher, builtin("tressette-thirds"), 99, "N", True)
    assert room.poll is None, "a new table shown closes the question about the last"
    with pytest.raises(ClassroomError, match="step to a trick"):
        room.ask_shown(room.teacher)


def test_a_table_shown_from_the_seat_to_play_can_be_asked_about_at_once() -> None:
    """Issue 34.10: the teacher's form preselects "the seat to play" (:data:`TO_PLAY`), so that
    Ask is not refused for the seat a prepared table happened to be shown from."""
    room, learners = room_of("tressette", people=8)
    room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, TO_PLAY, False)
    assert room.shown is not None and room.shown.seat == "S"
    room.ask_shown(room.teacher)
    assert room.poll is not None and room.poll.seat == "S"
    room.step_shown(room.teacher, 1)
    room.show_scenario(room.teacher, builtin("tressette-thirds"), 99, TO_PLAY, False)
    assert room.shown is not None and room.shown.seat == room.seats[0], "nobody plays at the end: the first seat"
    live = room.tables[0].session
    room.show_table(room.teacher, 1, TO_PLAY)
    assert room.shown is not None and room.shown.seat == live.state.to_act
    room.ask_shown(room.teacher)
    view = room.shown_view(next(learner for learner in learners if learner.table == 1
                                and learner.seat != live.state.to_act).token)
    assert view is not None and view.frame is None, "the live table's other seats still do not see it"


def test_the_shown_table_and_its_poll_survive_a_restart(tmp_path: Path) -> None:
    rooms = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite3"))
    room = rooms.open("tressette", {}, "club", now=0.0)
    learner = room.join("Ann", now=0.0)
    room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, "S", True)
    room.ask_shown(room.teacher)
    card = room.poll.cards[0]  # type: ignore[union-attr]
    room.answer(learner.token, card, now=1.0)
    back = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite3")).rooms[room.code]
    assert back.shown is not None and back.shown.open_hands and back.shown.step == room.shown.step  # type: ignore[union-attr]
    assert back.poll is not None and back.poll.shown and back.poll.open_hands and back.poll.answers
    assert back.poll_view(learner.token).answer == card  # type: ignore[union-attr]


def test_a_room_table_is_not_shown_while_a_duplicate_round_is_under_way() -> None:
    room, learners = room_of("tressette", people=4)
    assert room.add_computers(room.teacher) == 2
    room.start_duplicate(room.teacher, [5, 6], now=1.0)
    for asked in (lambda: room.show_table(room.teacher, 1, "S"), lambda: room.ask(room.teacher, 1, "S")):
        with pytest.raises(ClassroomError, match=ROUND_SECRET[:30]):
            asked()
    room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, "S", False)


def test_a_table_of_computers_plays_every_deal_of_a_round_by_itself() -> None:
    room, learners = room_of("tressette", people=4)
    with pytest.raises(ClassroomError, match="this classroom as its teacher"):
        room.add_computers(learners[0].token)
    number = room.add_computers(room.teacher)
    computers = room.tables[number - 1]
    assert all(isinstance(computers.session.sitter(seat), Computer) for seat in room.seats)
    room.start_duplicate(room.teacher, [11, 12], now=1.0)
    duplicate = room.duplicate
    assert duplicate is not None
    assert {(2, 0), (2, 1)} <= set(duplicate.results), "the computers played both deals at once"
    now = play_to_end(room, learners, 1, random.Random(1), 2.0)
    assert not room.next_hand(learners[0].token, 1, now).refused
    play_to_end(room, learners, 1, random.Random(2), now + 1)
    assert duplicate.over
    ranking = room.duplicate_view(room.teacher).ranking
    assert {(standing.table, standing.side) for standing in ranking} == {(1, "NS"), (1, "EW"), (2, "NS"), (2, "EW")}
