"""The guided first hand in every lesson, in Chromium: Start, one wrong click refused with its
sentence (the rule's for an illegal card, the step's own where every card is legal), then every step played by clicking the card (or the call's button) the step asks, to the
end of the hand.  The moves and sentences are asked of the engine, never typed in."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from cardlab.actions import Play
from cardlab.tutorial import Guide, builtin, learner_steps

WAIT = 30_000
"""Milliseconds to wait for a state: the machine running the tests may be busy."""
LESSONS = [("tressette", "tressette"), ("quatre_sept", "quatre_sept"), ("soixante_six", "sixty_six"),
           ("aluette", "aluette"), ("aluette", "vache"), ("quadrille", "quadrille")]


@pytest.mark.parametrize("lesson, game", LESSONS, ids=[game for _, game in LESSONS])
def test_a_guided_first_hand_is_played_by_clicking(page, voila_url: str, lesson: str, game: str) -> None:
    page.goto(f"{voila_url}/voila/render/{lesson}.ipynb", timeout=180_000)
    page.wait_for_selector(".cardlab-tutorial", state="attached", timeout=180_000)
    box = page.locator(".cardlab-tutorial").nth(1 if game == "vache" else 0)
    box.scroll_into_view_if_needed()
    box.get_by_role("button", name="Start the guided hand").click()
    guide = Guide(builtin(game))
    guide.start()
    total = len(guide.tutorial.steps)
    wrong_shown = False
    while not guide.done:
        expect(box.locator(".cardlab-tutorial-step")).to_contain_text(f"Step {guide.number + 1} of {total}", timeout=WAIT)
        expect(box.locator(".cardlab-tutorial-words")).to_contain_text(guide.words[:40], timeout=WAIT)
        state, rules = guide.session.state, guide.session.rules
        if not wrong_shown:
            scripted = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
            cards = [card for card in state.hand("S") if card is not None and Play("S", card) != scripted]
            illegal = [card for card in cards if Play("S", card) not in rules.legal(state)]
            wrong = (illegal or cards or [None])[0] if isinstance(scripted, Play) else None
            if wrong is not None:
                sentence = guide.move(str(wrong)).sentence
                box.locator(f".cardlab-board g.hand.viewer [data-card='{wrong}']").click()
                expect(box.locator(".cardlab-tutorial-message")).to_have_text(sentence, timeout=WAIT)
                expect(box.locator(".cardlab-tutorial-step")).to_contain_text(f"Step {guide.number + 1} of {total}", timeout=WAIT)
                wrong_shown = True
        action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        if isinstance(action, Play):
            box.locator(f".cardlab-board g.hand.viewer [data-card='{action.card}']").click()
        else:
            box.locator(".cardlab-calls").get_by_role("button", name=rules.describe(action), exact=True).click()
        assert guide.move(action).taken
    expect(box.locator(".cardlab-tutorial-step")).to_contain_text("the hand is over", timeout=WAIT)
    expect(box.locator(".cardlab-tutorial-words")).to_contain_text(guide.tutorial.end[:40], timeout=WAIT)
    assert wrong_shown


def test_the_end_words_wait_for_the_last_card_on_the_board(open_voila) -> None:
    """The last step's click brings the computer's last cards as frames: "the hand is over" and the
    end's words show only once the board has painted the last of them, never while it is pacing."""
    page = open_voila("tressette", wait_for=".cardlab-tutorial")
    box = page.locator(".cardlab-tutorial").first
    box.scroll_into_view_if_needed()
    box.get_by_role("button", name="Start the guided hand").click()
    guide = Guide(builtin("tressette"))
    guide.start()
    total = len(guide.tutorial.steps)
    while not guide.done:
        expect(box.locator(".cardlab-tutorial-step")).to_contain_text(f"Step {guide.number + 1} of {total}", timeout=WAIT)
        action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        assert isinstance(action, Play) and guide.move(action).taken
        box.locator(f".cardlab-board g.hand.viewer [data-card='{action.card}']").click()
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
