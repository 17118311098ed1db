"""The Practice quizzes in a real Chromium: a question answered wrongly once asks for a second try
and shows nothing of the answer, answered wrongly twice shows the right answer and the rule that
decides it; the next answered rightly moves the score and the streak; a call is asked in the words
of the table's buttons; the landing page's mixed quiz is answered with the keyboard alone.  The
same widget built here in Python (same game, same seed) says which questions the page shows and
their answers.  Screenshots of the quiz at laptop and phone widths go to ``test-artifacts/quiz-*.png``
to be looked at.

Tressette's and Quadrille's quizzes are on ``tests/browser/notebooks/games_quiz.ipynb``, built as
their lessons build them (``tests/test_games_harness.py`` holds them to the same calls), rendered by
Voilà's server extension inside the ``lab_url`` server; the landing page's quiz is tested on the
landing page, where its "Tressette" link is read too."""
from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, expect

from tests.servers import shot
from cardlab.widgets import Quiz

SIZES = [(1366, 768), (1024, 768), (390, 844)]
PAGE = "/voila/render/tests/browser/notebooks/games_quiz.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""
BOARD = ".cardlab-quiz-board > div > svg"
"""The position's picture (its cards hold SVGs of their own)."""


def press(quiz: Locator, name: str) -> None:
    quiz.get_by_role("button", name=name, exact=True).click()


def answer(quiz: Locator, mirror: Quiz, given: Any) -> None:
    """Give ``given`` on the page the way a learner does: the drawing for a seat or a card,
    the buttons and boxes for the rest."""
    question = mirror.question
    if question.choices:
        press(quiz, dict(question.choices)[given])
    elif question.kind == "trick-winner" and given is not None:
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


def wrong(mirror: Quiz, skip: int = 0) -> Any:
    """A wrong answer (the ``skip``-th one for a seat, so that two tries differ)."""
    question = mirror.question
    if question.choices:
        return [key for key, _ in question.choices if key != question.answer][skip]
    if question.kind == "trick-winner":
        return [seat for seat in mirror.rules.seats if seat != question.answer][skip]
    if question.kind == "legal":
        return question.answer[1:] if len(question.answer) > 1 else []
    if question.kind == "stronger":
        return [code for code in question.cards if code not in question.answer] or list(question.cards[:1])
    if question.kind == "points":
        return {**question.answer, next(iter(question.answer)): 99}
    return not question.answer


def right_until(quiz: Locator, mirror: Quiz, kind: str) -> int:
    """Answer the page's questions right, as the mirror says, until one of ``kind`` is asked; how
    many were answered."""
    for answered in range(len(mirror.run.kinds)):
        expect(quiz.locator(".cardlab-quiz-question")).to_have_text(mirror.question.question)
        if mirror.question.kind == kind:
            return answered
        answer(quiz, mirror, mirror.question.answer)
        mirror.submit(mirror.question.answer)
        expect(quiz.locator(".cardlab-quiz-feedback .right")).to_contain_text(mirror.question.explanation)
        press(quiz, "Next question")
        mirror.next_question()
    raise AssertionError(f"no {kind} question in a round of every kind")


def test_the_landing_pages_mixed_quiz_is_answered_with_the_keyboard(open_voila, voila_url):
    page = open_voila("index", wait_for=".cardlab-quiz .cardlab-quiz-answers button")
    # its Tressette link leads to the lesson (the address a click on it opens)
    link = page.get_by_role("link", name="Tressette").first
    assert link.evaluate("a => a.href") == voila_url + "/voila/render/tressette.ipynb"
    quiz = page.locator(".cardlab-quiz").first
    mirror = Quiz(["tressette", "quatre_sept", "sixty_six", "aluette", "vache", "quadrille"])
    expect(quiz.locator(".cardlab-quiz-head")).to_contain_text(mirror.rules.title)
    if mirror.question.kind == "points":     # the boxes filled on the page and in the mirror alike
        for side, value in mirror.question.answer.items():
            quiz.locator(".cardlab-quiz-points").filter(has_text=side).locator("input").fill(str(value))
            mirror.boxes[side].value = str(value)
    quiz.locator(".cardlab-quiz-answers button").last.focus()
    page.keyboard.press("Enter")
    mirror_press(mirror, -1)
    if not mirror.answered:     # a miss: a second try, with another control
        expect(quiz.locator(".cardlab-quiz-feedback [role=status]")).to_contain_text("try once more")
        quiz.locator(".cardlab-quiz-answers button").first.focus()
        page.keyboard.press("Enter")
        mirror_press(mirror, 0)
        if not mirror.answered:     # a card picked: check it
            quiz.locator(".cardlab-quiz-answers button").last.focus()
            page.keyboard.press("Enter")
            mirror_press(mirror, -1)
    assert mirror.answered
    expect(quiz.locator(".cardlab-quiz-feedback [role=status]")).to_contain_text(mirror.question.explanation)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("of 1 right")
    page.keyboard.press("Tab")
    expect(quiz.get_by_role("button", name="Next question", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(quiz.locator(".cardlab-quiz-head")).to_contain_text("Question 2")
    page.set_viewport_size({"width": 1366, "height": 768})
    quiz.evaluate("el => el.scrollIntoView({block: 'start'})")
    expect(quiz.locator(".cardlab-quiz-head")).to_be_in_viewport()
    shot(page, "quiz-index-1366")


def mirror_press(mirror: Quiz, index: int) -> None:
    """Press the mirror's answer control at ``index`` as the page's was pressed."""
    control = mirror.answers.children[index]
    if hasattr(control, "click"):
        control.click()
    else:
        control.value = not control.value


def test_wrong_and_right_answers_a_call_in_the_buttons_words_and_a_choice(page, lab_url):
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-quiz .cardlab-quiz-answers button", state="visible", timeout=LOAD_MS)
    expect(page.locator(".cardlab-quiz")).to_have_count(2)

    # Tressette's quiz: a wrong answer names the rule at the second miss, a right one moves the score
    mirror = Quiz("tressette")
    quiz = page.locator(".cardlab-quiz").first
    quiz.scroll_into_view_if_needed()
    expect(quiz.locator(".cardlab-quiz-question")).to_have_text(mirror.question.question)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text("0 of 0 right")
    before = right_until(quiz, mirror, "trick-winner")     # two wrong seats to try
    assert mirror.asked == mirror.right == before
    expect(quiz.locator(BOARD)).to_be_visible()     # drawn once near the view
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text(f"{before} of {before} right")
    given = wrong(mirror)
    answer(quiz, mirror, given)
    mirror.submit(given)
    feedback = quiz.locator(".cardlab-quiz-feedback .wrong")
    expect(feedback).to_contain_text("try once more")
    expect(feedback).not_to_contain_text("the answer is")
    expect(feedback).not_to_contain_text(mirror.question.explanation)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text(f"{before} of {before} right")
    expect(quiz.get_by_role("button", name="Next question", exact=True)).to_be_disabled()

    given = wrong(mirror, 1)
    answer(quiz, mirror, given)
    mirror.submit(given)
    expect(feedback).to_contain_text("Not quite: the answer is")
    expect(feedback).to_contain_text(mirror.question.explanation)
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text(f"{before} of {before + 1} right · streak 0")

    press(quiz, "Next question")
    mirror.next_question()
    expect(quiz.locator(".cardlab-quiz-question")).to_have_text(mirror.question.question)
    expect(quiz.locator(".cardlab-quiz-feedback")).to_have_text("")
    answer(quiz, mirror, mirror.question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_contain_text(f"Right. {mirror.question.explanation}")
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text(f"{before + 1} of {before + 2} right · streak 1")

    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # the board measures its width and is redrawn for it: the portrait layout for phones
        expect(quiz.locator(BOARD)).to_have_attribute("viewBox", re.compile(r"^0 0 360 " if width < 600 else
                                                                             r"^0 0 900 "))
        quiz.evaluate("el => el.scrollIntoView({block: 'start'})")
        expect(quiz.locator(".cardlab-quiz-head")).to_be_in_viewport()
        board = quiz.locator(BOARD).bounding_box()
        assert board is not None and board["width"] <= width
        shot(page, f"quiz-{width}")
    quiz.locator(".cardlab-quiz-foot").evaluate("el => el.scrollIntoView({block: 'end'})")
    expect(quiz.locator(".cardlab-quiz-foot")).to_be_in_viewport()
    shot(page, "quiz-390-answers", )    # the answers, feedback and score on a phone

    # Quadrille's quiz: a call asked in the buttons' words, a miss leaves a second try
    page.set_viewport_size({"width": 1366, "height": 768})
    mirror = Quiz("quadrille")
    quiz = page.locator(".cardlab-quiz").last
    quiz.scroll_into_view_if_needed()
    before = right_until(quiz, mirror, "call")
    question = mirror.question
    expect(quiz.locator(".cardlab-quiz-question")).to_have_text(question.question)
    expect(quiz.locator(".cardlab-quiz-question")).not_to_contain_text(question.call.split(" ", 1)[1])
    missed = "No" if question.answer else "Yes"
    press(quiz, missed)
    mirror.submit(not question.answer)
    feedback = quiz.locator(".cardlab-quiz-feedback .wrong")
    expect(feedback).to_contain_text("try once more")
    expect(feedback).not_to_contain_text(question.explanation)
    expect(quiz.get_by_role("button", name=missed, exact=True)).to_be_disabled()
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        quiz.locator(".cardlab-quiz-foot").evaluate("el => el.scrollIntoView({block: 'end'})")
        expect(quiz.locator(".cardlab-quiz-foot")).to_be_in_viewport()
        shot(page, f"quiz-second-try-{width}")
    press(quiz, "Yes" if question.answer else "No")
    mirror.submit(question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_contain_text(
        f"Right, at the second try. {question.explanation}")
    expect(quiz.locator(".cardlab-quiz-score")).to_contain_text(f"{before} of {before + 1} right · streak 0")

    # a question with choices (what an option changes): a wrong choice asks again, the right one is taken
    press(quiz, "Next question")
    mirror.next_question()
    right_until(quiz, mirror, "variant")
    question = mirror.question
    assert len(question.choices) >= 2
    missed = wrong(mirror)
    answer(quiz, mirror, missed)
    mirror.submit(missed)
    expect(quiz.locator(".cardlab-quiz-feedback .wrong")).to_contain_text("try once more")
    answer(quiz, mirror, question.answer)
    mirror.submit(question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_contain_text(question.explanation)
