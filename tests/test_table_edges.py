"""The learner's edges at the lesson table (issue 34): the computer-level menu in the page's
language, a first wrong count that says how far off it is without naming the answer, a forced
card's public reason said from the trick, and the points panel that waits for a trick's last card
in "Next card" pace.

Each is checked at the session or widget level, over every game where the edge is a game's."""
from __future__ import annotations

import pytest

from cardlab import i18n
from cardlab.actions import Play
from cardlab.games import GAMES
from cardlab.players import LEVELS
from cardlab.players.words import public_play
from cardlab.practice.count_run import CountRun
from cardlab.session import LEARNER, TableSession
from cardlab.widgets.coach import CoachPanel
from tests.test_secret_reasons import named_cards, seen_by


LEVEL_MENU = {"en": ("beginner", "club", "expert"), "fr": ("débutant", "joueur de club", "expert"),
              "it": ("principiante", "da circolo", "esperto")}


@pytest.mark.parametrize("lang, words", LEVEL_MENU.items())
def test_the_computer_level_menu_is_said_in_the_page_language(lang: str, words: tuple[str, ...]) -> None:
    with i18n.speaking(lang):
        pick = CoachPanel().level_pick
    assert pick.options == tuple(zip(words, LEVELS)) and pick.value == "club"   # the value stays the level's name


@pytest.mark.parametrize("lang,words", LEVEL_MENU.items())
def test_the_table_says_its_new_level_in_the_page_language(lang: str, words: tuple[str, ...]) -> None:
    session = TableSession("tressette", seed=3, people=("S",))
    with i18n.speaking(lang):
        session.set_level("S", "beginner")
        said = session.now.coach
    assert words[0] in said and (lang == "en" or "beginner" not in said), said


@pytest.mark.parametrize("game", GAMES)
def test_the_first_wrong_count_says_how_far_off_and_the_second_names_the_cards(game: str) -> None:
    session = TableSession(game, seed=3, people=())
    state = session.state
    run = CountRun(session.rules, state, LEARNER)
    offered = [card for row in run.rows for _, card in row.cards]
    names = {session.rules.card_name(card) for card in offered}
    assert run.check([], "0") is not None and run.said is not None
    first = run.said.sentence
    if run.result is not None and run.result.right:           # nothing to count: an empty count is right
        return
    assert first.startswith("Not yet: ") and "Try again" in first
    assert not [name for name in names if name in first], f"{game}: the first miss names the answer: {first}"
    assert "Look again at" in first
    run.check([], "0")
    second = run.said.sentence
    assert second != first and any(name in second for name in names), f"{game}: {second}"


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_count_is_said_in_the_page_language(lang: str) -> None:
    session = TableSession("tressette", seed=3, people=())
    with i18n.speaking(lang):
        run = CountRun(session.rules, session.state, LEARNER)
        run.check([], "0")
    said = [run.lead, run.heading, *(row.label for row in run.rows), run.said.sentence if run.said else ""]
    for english in ("Count your side", "these are the tricks", "Trick 1", "Not yet", "Look again", "Try again"):
        assert not [text for text in said if english in text], f"{lang}: {english!r} is still English"


@pytest.mark.parametrize("game", GAMES)
def test_a_forced_card_has_a_public_reason_that_says_more_than_its_name(game: str) -> None:
    """"I play the ace of swords." and the rest cut as hidden (34.14): the play said from the trick."""
    session = TableSession(game, seed=5, people=())
    rules, hand = session.rules, session.hand
    said = 0
    for step, action in enumerate(hand.log):
        if not isinstance(action, Play):
            continue
        before = hand.states[step]
        view = rules.view(before, action.seat)
        text = public_play(rules, view, action.seat, action.card)
        bare = i18n._("I play {card}.").format(card=rules.card_name(action.card))
        assert text != bare and rules.card_name(action.card) in text
        other = next(seat for seat in rules.seats if seat != action.seat)
        hidden = named_cards(rules, before, text) - seen_by(rules, before, other) - {action.card}
        assert not hidden, f"{game}: {text!r} names {hidden}"
        said += 1
    assert said


def test_in_next_card_pace_the_points_wait_for_the_tricks_last_card() -> None:
    """34.16: while the board plays the computer's cards one by one, the points panel shows the
    points of its first picture (the final ones are shown once the board is done, by counting.css)."""
    from cardlab.widgets.table import Table
    from cardlab.render.panels import points_html
    table = Table("tressette", seed=1)
    table.pace_pick.value = -1
    for _ in range(4):
        legal = [action for action in table.rules.legal(table.session.state) if isinstance(action, Play)]
        start = table.session.index + 1
        table.session.act(LEARNER, legal[0])
        after = points_html(table.rules.running_points(table.session.state))
        before = points_html(table.rules.running_points(table.session.hand.states[start]))
        if before != after:
            value = table.points_box.value
            assert f'<div class="cardlab-points-before">{before}</div>' in value
            assert f'<div class="cardlab-points-after">{after}</div>' in value
            return
    pytest.fail("no trick scored while the computer played")


@pytest.mark.parametrize("game", GAMES)
def test_open_hands_and_next_card_pace_let_the_computer_play_the_other_seats(game: str) -> None:
    """34.11: a presenter shows every hand and paces the computer's cards with Next card; the
    presenter plays only the table's own seat."""
    from cardlab.widgets.table import Table
    table = Table(game, seed=2, open_hands=True)
    table.pace_pick.value = -1
    session = table.session
    others = 0
    for _ in range(4):
        if session.state.over:
            break
        assert session.state.to_act == LEARNER, f"{game}: {session.state.to_act} waits for a click"
        start = session.index
        table.coach.play_button.click()                 # the presenter's own decision
        assert session.state.over or session.state.to_act == LEARNER
        assert len(table.board.frames) == session.index - start - 1     # each card waits for Next card
        others += session.index - start - 1
        if session.index - start > 1:       # the last card's reason waits for Why?, not ahead of the board
            assert table.message_box.value == ""
    assert others > 0
    assert any(step in session.now.reasons for step in range(1, session.index))     # "Why?" for the others' cards
