"""Every game's guided first hand played through its view (``cardlab.widgets.tutorial.Tutorial``) by
the traits a browser sets: Start, at every step first a wrong card clicked on the board (refused
with the rule's sentence, or the step's own where the card is legal, and the step waits), then the
card the step asks for clicked (or the call's button pressed), to the end of the hand, where the
step line says the hand is over and the end's words show.  The moves and sentences are asked of
the engine's own :class:`cardlab.tutorial.Guide`, never typed in.

The browser proves the clicks reach the kernel once, on a lesson page
(``tests/browser/test_tutorial.py``); this file plays every game's hand."""
from __future__ import annotations

from itertools import count

import pytest

from cardlab.actions import Play
from cardlab.games import GAMES
from cardlab.tutorial import Guide, builtin, learner_steps
from cardlab.widgets import html
from cardlab.widgets.tutorial import Tutorial


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_hand_is_played_to_its_end_through_the_views_traits(game: str) -> None:
    view = Tutorial(game)
    view.start_button.click()
    guide = Guide(builtin(game))
    guide.start()
    total = len(guide.tutorial.steps)
    clicks = count(1)
    refused = 0
    while not guide.done:
        assert f"Step {guide.number + 1} of {total}" in view.step_line.value
        assert view.words.value == html.note(guide.words)
        assert "cardlab-tutorial-over" not in view.step_line._dom_classes
        state, rules = guide.session.state, guide.session.rules
        action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        if isinstance(action, Play):
            cards = [card for card in state.hand("S") if card is not None and Play("S", card) != action]
            illegal = [card for card in cards if Play("S", card) not in rules.legal(state)]
            wrong = (illegal or cards or [None])[0]
            if wrong is not None:
                number, index = guide.number, view.guide.session.index
                sentence = guide.move(str(wrong)).sentence
                assert sentence
                view.board.clicked = f"{wrong}#{next(clicks)}"
                assert view.message.value == html.refusal(sentence)
                assert (view.guide.number, view.guide.session.index) == (number, index), "the step waits"
                assert f"Step {number + 1} of {total}" in view.step_line.value
                refused += 1
            view.board.clicked = f"{action.card}#{next(clicks)}"
        else:
            named = [button for button in view.calls.children if button.description == rules.describe(action)]
            assert len(named) == 1, (rules.describe(action), [button.description for button in view.calls.children])
            named[0].click()
        assert guide.move(action).taken
        assert view.guide.number == guide.number and view.guide.session.index == guide.session.index
        assert view.message.value == ""
    assert refused, "no step had a wrong card to click"
    assert "the hand is over" in view.step_line.value and f"Step {total} of {total}" in view.step_line.value
    assert view.words.value == html.note(guide.words) and guide.tutorial.end[:40] in guide.words
    # the end's words wait, hidden by the page's style, until the board has painted the last picture
    assert "cardlab-tutorial-over" in view.step_line._dom_classes and "cardlab-tutorial-over" in view.words._dom_classes
    assert view.board.svg.startswith("<svg data-hand-over=")
    after = len(guide.line) - 1 - learner_steps(guide.tutorial, guide.line)[-1]
    assert len(view.board.frames) == after, "the computer's last cards come as frames before the last picture"
    assert view.calls.children == ()
