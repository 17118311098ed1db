"""The guided first hand on a lesson page, in Chromium: Start, one wrong click refused with its
sentence (the rule's for an illegal card), then every step played by clicking the card (or the
call's button) the step asks, to the end of the hand; the last click brings the computer's last
cards as frames, and "the hand is over" and the end's words show only once the board has painted
the last of them, never while it is pacing.  The moves and sentences are asked of the engine, never
typed in.

One game is played here, the first of the registry whose guided hand has both a call and cards and
whose last step is answered by the computer's cards (so the browser shows a card's click, a call's
press and the paced end): the clicks reach the kernel and the page's style holds the end's words.
Every game's hand is played to its end through the view's traits in ``tests/test_table_tutorial.py``."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from cardlab.actions import Play
from cardlab.games import GAMES
from cardlab.tutorial import Guide, builtin, learner_steps
from tests.servers import REPO

WAIT = 30_000
"""Milliseconds to wait for a state: the machine running the tests may be busy."""
LESSON_LOAD_MS = 180_000


def line_of(game: str) -> tuple[list, list[int]]:
    guide = Guide(builtin(game))
    guide.start()
    return guide.line, learner_steps(guide.tutorial, guide.line)


def shown_game() -> str:
    """The first game whose guided hand has a call and a card for the learner and ends with the
    computer's cards (two or more after the learner's last)."""
    for game in GAMES:
        line, steps = line_of(game)
        kinds = {isinstance(line[step], Play) for step in steps}
        if kinds == {True, False} and len(line) - 1 - steps[-1] >= 2:
            return game
    raise AssertionError("no guided hand has both a call and a card and ends with the computer's cards")


def tutorial_place(lesson: str, game: str) -> int:
    """The place of ``game``'s guided hand among the lesson page's guided hands (from its cells)."""
    cells = json.loads((REPO / "notebooks" / lesson).read_text(encoding="utf-8"))["cells"]
    made = [name for cell in cells if cell["cell_type"] == "code"
            for name in re.findall(r"\bTutorial\(\s*[\"'](\w+)[\"']", "".join(cell["source"]))]
    assert game in made, f"{lesson} shows no guided hand of {game}"
    return made.index(game)


def test_a_guided_first_hand_is_played_by_clicking_on_its_lesson(page, voila_url: str) -> None:
    game = shown_game()
    lesson = GAMES[game].traits.lesson
    page.goto(f"{voila_url}/voila/render/{lesson}", timeout=LESSON_LOAD_MS)
    page.wait_for_selector(".cardlab-tutorial", state="attached", timeout=LESSON_LOAD_MS)
    box = page.locator(".cardlab-tutorial").nth(tutorial_place(lesson, game))
    box.scroll_into_view_if_needed(timeout=LESSON_LOAD_MS)
    box.get_by_role("button", name="Start the guided hand").click()
    guide = Guide(builtin(game))
    guide.start()
    total = len(guide.tutorial.steps)
    wrong_shown = called = False
    while not guide.done:
        expect(box.locator(".cardlab-tutorial-step")).to_contain_text(f"Step {guide.number + 1} of {total}", timeout=WAIT)
        expect(box.locator(".cardlab-tutorial-words")).to_contain_text(guide.words[:40], timeout=WAIT)
        state, rules = guide.session.state, guide.session.rules
        action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        if not wrong_shown and isinstance(action, Play):
            illegal = [card for card in state.hand("S") if card is not None and Play("S", card) not in rules.legal(state)]
            if illegal:
                sentence = guide.move(str(illegal[0])).sentence
                box.locator(f".cardlab-board g.hand.viewer [data-card='{illegal[0]}']").click()
                expect(box.locator(".cardlab-tutorial-message")).to_have_text(sentence, timeout=WAIT)
                expect(box.locator(".cardlab-tutorial-step")).to_contain_text(f"Step {guide.number + 1} of {total}", timeout=WAIT)
                wrong_shown = True
        assert guide.move(action).taken
        if isinstance(action, Play):
            box.locator(f".cardlab-board g.hand.viewer [data-card='{action.card}']").click()
        else:
            box.locator(".cardlab-calls").get_by_role("button", name=rules.describe(action), exact=True).click()
            called = True
    assert wrong_shown and called
    # the last click: the end's words are in the page while the board still paces the last cards
    board, over = box.locator(".cardlab-board"), box.locator(".cardlab-tutorial-step")
    page.wait_for_function("el => el.textContent.includes('the hand is over')", arg=over.element_handle(), timeout=WAIT)
    assert "cardlab-playing" in (board.get_attribute("class") or ""), "the last cards are still being shown"
    expect(over).not_to_be_visible()
    expect(box.locator(".cardlab-tutorial-words")).not_to_be_visible()
    expect(board).not_to_have_class(re.compile("cardlab-playing"), timeout=WAIT)
    expect(over).to_contain_text("the hand is over")
    expect(over).to_be_visible()
    expect(box.locator(".cardlab-tutorial-words")).to_contain_text(guide.tutorial.end[:40])
    expect(box.locator(".cardlab-tutorial-words")).to_be_visible()
