"""The Practice quiz in a served lesson, in a real Chromium: a question answered wrongly shows the
right answer and the rule that decides it, the next answered rightly moves the score and the
streak.  The same widget built here in Python (same game, same seed) says which questions the page
shows and their answers.  Screenshots of the quiz at laptop and phone widths go to
``test-artifacts/quiz-*.png`` to be looked at."""
from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, expect

from tests.servers import ARTIFACTS
from widgets import Quiz

SIZES = [(1366, 768), (1024, 768), (390, 844)]
BOARD = ".cardlab-quiz-board > div > svg"
"""The position's picture (its cards hold SVGs of their own)."""


def press(quiz: Locator, name: str) -> None:
    quiz.get_by_role("button", name=name, exact=True).click()


def answer(quiz: Locator, mirror: Quiz, given: Any) -> None:
    """Give ``given`` on the page the way a learner does: the drawing for a seat or a card,
    the buttons and boxes for the rest."""
    question = mirror.question
    if question.kind == "trick-winner" and given is not None:
        quiz.locator(f'.cardlab-quiz-board g.play[data-seat="{given}"]').click()
    elif question.kind == "trick-winner":
        press(quiz, "Nobody")
    elif question.kind == "legal":
        for code in given:
            quiz.locator(f'.cardlab-quiz-board g.hand.viewer [data-card="{code}"]').click()
        press(quiz, "Check")
    elif question.kind == "stronger":
        quiz.locator(f'.cardlab-quiz-board [data-card="{given[0]}"]').first.click()
    elif question.kind == "points":
        for side, value in given.items():
            quiz.locator(".cardlab-quiz-points").filter(has_text=side).locator("input").fill(str(value))
        press(quiz, "Check")
    else:
        press(quiz, "Yes" if given else "No")


def wrong(mirror: Quiz) -> Any:
    question = mirror.question
    if question.kind == "trick-winner":
        return next(seat for seat in mirror.rules.seats if seat != question.answer)
    if question.kind == "legal":
        return question.answer[1:] if len(question.answer) > 1 else []
    if question.kind == "stronger":
        return [code for code in question.cards if code not in question.answer] or list(question.cards[:1])
    if question.kind == "points":
        return {**question.answer, next(iter(question.answer)): 99}
    return not question.answer


def test_a_wrong_answer_names_the_rule_and_a_right_one_moves_the_score(open_voila):
    mirror = Quiz("tressette")
    page = open_voila("tressette", wait_for=".cardlab-quiz .cardlab-quiz-board")
    quiz = page.locator(".cardlab-quiz").first
    quiz.scroll_into_view_if_needed()
    expect(quiz.locator(BOARD)).to_be_visible()     # drawn once near the view
    expect(quiz.locator(".cardlab-quiz-question")).to_have_text(mirror.question.question)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("0 of 0 right")

    given = wrong(mirror)
    answer(quiz, mirror, given)
    mirror.submit(given)
    feedback = quiz.locator(".cardlab-quiz-feedback .wrong")
    expect(feedback).to_contain_text("Not quite: the answer is")
    expect(feedback).to_contain_text(mirror.question.explanation)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("0 of 1 right · streak 0")

    press(quiz, "Next question")
    mirror.next_question()
    expect(quiz.locator(".cardlab-quiz-question")).to_have_text(mirror.question.question)
    expect(quiz.locator(".cardlab-quiz-feedback")).to_have_text("")
    answer(quiz, mirror, mirror.question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_contain_text(f"Right. {mirror.question.explanation}")
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("1 of 2 right · streak 1")

    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)   # the board measures its width and is redrawn for it
        quiz.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        board = quiz.locator(BOARD).bounding_box()
        assert board is not None and board["width"] <= width
        page.screenshot(path=str(ARTIFACTS / f"quiz-{width}.png"))
        if width < 600:     # the portrait layout for phones
            expect(quiz.locator(BOARD)).to_have_attribute("viewBox", re.compile(r"^0 0 360 "))
    quiz.locator(".cardlab-quiz-foot").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "quiz-390-answers.png"))    # the answers, feedback and score on a phone


def test_the_landing_pages_mixed_quiz_is_answered_with_the_keyboard(open_voila):
    page = open_voila("index", wait_for=".cardlab-quiz .cardlab-quiz-answers button")
    quiz = page.locator(".cardlab-quiz").first
    mirror = Quiz(["tressette", "quatre_sept", "sixty_six", "aluette", "vache", "quadrille"])
    expect(quiz.locator(".cardlab-quiz-head")).to_contain_text(mirror.rules.title)
    if mirror.question.kind == "points":
        for side, value in mirror.question.answer.items():
            quiz.locator(".cardlab-quiz-points").filter(has_text=side).locator("input").fill(str(value))
    quiz.locator(".cardlab-quiz-answers button").last.focus()
    page.keyboard.press("Enter")
    expect(quiz.locator(".cardlab-quiz-feedback [role=status]")).to_contain_text(mirror.question.explanation)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("of 1 right")
    page.keyboard.press("Tab")
    expect(quiz.get_by_role("button", name="Next question", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(quiz.locator(".cardlab-quiz-head")).to_contain_text("Question 2")
    page.set_viewport_size({"width": 1366, "height": 768})
    quiz.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / "quiz-index-1366.png"))
