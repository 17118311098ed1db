"""The table session alone, without ipywidgets: every game's hand played to its end through
:class:`cardlab.session.TableSession` with the learner's clicks, calls and refusals, the coach's
hint, "Why?", the review and the count."""
from __future__ import annotations

import subprocess
import sys

import pytest

from cardlab.actions import Call, Play
from cardlab.cards import Card
from cardlab.practice.counting import check_count
from cardlab.scenario import builtin
from cardlab.session import (LEARNER, OVER, Computer, Person, TableSession, Update, read_move,
                             seating)

TABLES = [("tressette", {}), ("tressette", {"declarations": True, "declare": "by hand"}),
          ("quatre_sept", {}), ("sixty_six", {}), ("aluette", {}), ("aluette", {"surrender": True}),
          ("vache", {}), ("vache", {"players": 3}), ("quadrille", {}), ("quadrille", {"players": 5})]


def unchanged_by(session: TableSession, move) -> str:
    """Make a move that must be refused; the table must be as it was but for the sentence."""
    before = session.snapshot()
    change = session.act(LEARNER, move)
    assert session.hand is before.hand and session.index == before.index
    assert change.message and change.message == session.view().message
    return change.message


def learner_decides(session: TableSession, turn: int) -> None:
    """One decision of the learner, by each of the forms a view sends."""
    state, rules = session.state, session.rules
    legal = rules.legal(state)
    seat = state.to_act
    hand = [card for card in state.hand(seat) if card is not None]
    plays = [action.card for action in legal if isinstance(action, Play)]
    illegal = [card for card in hand if card not in plays]
    if plays and illegal and not session.selecting(LEARNER):
        card = illegal[0]
        naming = rules.calls_naming(state, card)
        if not naming:
            assert unchanged_by(session, str(card)) == rules.why_illegal(state, Play(seat, card))
    if session.selecting(LEARNER):
        wanted = rules.cards_to_pick(state)
        for card in [card for card in hand if rules.calls_naming(state, card)][:wanted]:
            session.act(LEARNER, f"{card}#{turn}")
        confirm = session.view().calls[0]
        assert confirm.action is None and not confirm.disabled
        steps = len(session.hand.log)
        session.call(LEARNER, confirm)
        assert len(session.hand.log) > steps
        return
    steps = len(session.hand.log)
    if plays:
        card = plays[turn % len(plays)]
        form = turn % 3
        move = str(card) if form == 0 else Play(seat, card) if form == 1 else f"{seat} plays {card}"
        session.act(LEARNER, move)
        offered = session.view().calls
        if len(session.hand.log) == steps and offered:
            session.call(LEARNER, offered[-1])
    else:
        options = session.view().calls
        assert options and all(isinstance(option.action, Call) for option in options)
        session.call(LEARNER, options[turn % len(options)])
    assert len(session.hand.log) > steps, session.view().message


def check_view_hides_the_others(session: TableSession) -> None:
    scene = session.view(LEARNER).frame.scene
    for seat in scene.seats:
        if seat.seat != LEARNER:
            assert all(card is None for card in seat.hand)


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_a_hand_plays_to_its_end_through_the_session_alone(game: str, options: dict) -> None:
    session = TableSession(game, seed=5, **options)
    hinted = forged = 0
    for turn in range(400):
        if session.state.over:
            break
        view = session.view(LEARNER)
        assert view.actor == LEARNER, "the computer's turns run until the learner decides"
        check_view_hides_the_others(session)
        if turn % 4 == 0:
            change = session.hint(LEARNER)
            assert change.view.coach.startswith("Hint (club): ") and not change.message
            legal_codes = {str(card) for card in session.rules.legal_cards(session.state, LEARNER)}
            if session.view().frame.scene.hint:
                hinted += 1
                naming = any(session.rules.calls_naming(session.state, Card.parse(session.view().frame.scene.hint)))
                assert session.view().frame.scene.hint in legal_codes or naming
        if turn % 5 == 0:
            other = next(seat for seat in session.rules.seats if seat != LEARNER)
            before = session.snapshot()
            change = session.act(LEARNER, Call(other, "pass"))
            assert change.message in (f"It is {session.state.to_act}'s turn, not {other}'s.",
                                      f"The computer plays {other}'s cards.")
            change = session.act(other, Call(other, "pass"))
            assert change.message == f"The computer plays {other}'s cards."
            assert session.hand is before.hand
            forged += 1
        learner_decides(session, turn)
    assert session.state.over and forged and hinted
    assert session.view().counting and session.view().points is None and session.view().result is None
    assert unchanged_by(session, "S plays " + str(session.rules.pack.cards[0])) == OVER


def test_the_computers_reasons_are_kept_and_why_tells_them() -> None:
    session = TableSession("tressette", seed=7)
    session.act(LEARNER, str(session.rules.legal_cards(session.state, LEARNER)[0]))
    state, log = session.state, session.hand.log
    reasons = session.snapshot().reasons
    assert all(why for step, why in reasons.items() if log[step].seat != LEARNER)
    seat, card = (state.trick.plays or state.tricks[-1].plays)[0]
    change = session.act(LEARNER, str(card))         # a card on the felt: why it was played
    step = log.index(Play(seat, card))
    assert change.view.coach.startswith(f"Why {seat} played") and reasons[step] in change.view.coach
    assert session.hand.log is log


def test_why_for_a_scenarios_card_says_it_came_with_the_scenario() -> None:
    session = TableSession("tressette")
    session.load(LEARNER, builtin("tressette-thirds"))
    while not session.state.trick or not session.state.trick.plays:
        session.forward(LEARNER)
    change = session.why(LEARNER, session.state.trick.plays[0][1])
    assert "came with the scenario" in change.view.coach


def test_a_hidden_card_named_in_a_forged_click_tells_nothing() -> None:
    session = TableSession("tressette", seed=7)
    hidden = next(card for card in session.state.hand("E") if card is not None)
    before = session.snapshot()
    change = session.act(LEARNER, str(hidden))
    assert session.snapshot() == before and not change.message and not change.view.coach


def test_misspelt_moves_get_one_sentence() -> None:
    session = TableSession("tressette", seed=7)
    for move in ("ZZ", "S dances", "Q plays 7D", ""):
        change = session.act(LEARNER, move)
        assert change.refused or change.message, move
        assert "Traceback" not in change.message
    assert isinstance(read_move("7D#12", session.rules.seats), Card)
    assert read_move("S plays 7D", session.rules.seats) == Play("S", Card.parse("7D"))


def test_coach_plays_one_decision_with_its_reason() -> None:
    session = TableSession("tressette", seed=7)
    start = session.index
    change = session.coach_plays(LEARNER)
    assert session.hand.log[start].seat == LEARNER and session.state.to_act == LEARNER
    assert session.snapshot().reasons[start] in change.view.coach
    assert change.frames and change.frames[0].step == start + 1


def test_the_count_then_the_breakdown_and_the_review() -> None:
    session = TableSession("tressette")
    session.load(LEARNER, builtin("tressette-thirds"))
    session.step_to(LEARNER, len(session.hand.log))
    view = session.view()
    assert view.over and view.counting and view.points is None and view.result is None
    side = session.count_side(LEARNER)
    wrong = session.count(LEARNER, [], "0")
    assert wrong is not None and not wrong.right and session.view().counting
    right = check_count(session.rules, session.state, side, [], None)
    cards = [card for trick in session.state.tricks if trick.winner and session.rules.side_of(session.state, trick.winner) == side
             for card in trick.cards() if session.rules.card_points(card)]
    result = session.count(LEARNER, cards, None)
    assert right is not None and result is not None and result.right, result.sentence
    view = session.view()
    assert not view.counting and view.result is not None and view.points is not None
    change = session.review(LEARNER)
    assert change.view.coach.startswith("Review") and change.view.review
    rows = change.view.review
    assert all(row.step is None or row.sentence.startswith(f"Step {row.step}:") for row in rows)
    session.step_to(LEARNER, 3)
    assert session.view().review == rows                   # stepping keeps the review


def test_skipping_the_count_shows_the_breakdown() -> None:
    session = TableSession("quadrille", seed=4, level="beginner")
    session.set_open_hands(LEARNER, True)
    while not session.state.over:
        session.act(LEARNER, session.rules.legal(session.state)[0])
    assert session.view().counting
    session.skip_count(LEARNER)
    assert not session.view().counting and session.view().result is not None
    change = session.next_hand(LEARNER)
    assert not change.refused and not session.state.over and session.match.results


def test_views_follow_the_session_by_observing_it() -> None:
    session = TableSession("tressette", seed=7)
    seen: list[Update] = []
    session.observe(seen.append)
    session.act(LEARNER, str(session.rules.legal_cards(session.state, LEARNER)[0]))
    assert [update.kind for update in seen] == ["moved", "changed"]
    assert seen[-1].start is not None and seen[-1].version == session.version
    session.unobserve(seen.append)


def test_a_failing_view_puts_the_table_back_with_a_sentence() -> None:
    session = TableSession("tressette", seed=7)
    before = session.snapshot()

    def broken(update: Update) -> None:
        if session.index != before.index:
            raise ValueError("cannot draw this")
    session.observe(broken)
    change = session.act(LEARNER, str(session.rules.legal_cards(session.state, LEARNER)[0]))
    assert change.refused and "cannot draw this" in change.message
    assert session.hand is before.hand and session.index == before.index


def test_a_second_person_is_a_change_of_data() -> None:
    assert seating(("N", "E", "S", "W"), "club", ("S", "N"))["N"] == Person()
    session = TableSession("tressette", seed=7, people=("S", "N"))
    while not session.state.over:
        seat = session.state.to_act
        assert isinstance(session.sitter(seat), Person) and session.view(seat).actor == seat
        other = "N" if seat == "S" else "S"
        assert session.act(other, Play(seat, session.rules.legal_cards(session.state, seat)[0])).message
        session.act(seat, session.rules.legal(session.state)[0])
    assert isinstance(session.sitter("E"), Computer)
    assert {session.hand.log[k].seat for k in session.snapshot().reasons if session.snapshot().reasons[k]} <= {"E", "W"}


def test_the_level_changes_every_computer_seat() -> None:
    session = TableSession("aluette", seed=3)
    change = session.set_level(LEARNER, "beginner")
    assert session.player.level == "beginner" and "beginner" in change.view.coach
    assert all(sitter == Computer("beginner") for seat, sitter in session.snapshot().sitters.items() if seat != LEARNER)
    assert session.set_level(LEARNER, "grandmaster").refused and session.player.level == "beginner"


def test_the_session_needs_no_widget() -> None:
    code = "import sys, cardlab.session; assert 'ipywidgets' not in sys.modules and 'traitlets' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
