"""The Quiz widget, driven through its buttons, text boxes and the drawing's click trait as the
browser drives them: the score, streak and level it keeps, the feedback it shows, the second try
before the answer shows, the picture hiding the answer, and the sentences it gives instead of
tracebacks."""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from html import escape

import pytest

from cardlab import GAMES, get_rules, parse_action
from cardlab.cards import Card
from cardlab.practice.words import suitless
from cardlab.widgets import Quiz
from cardlab.widgets.quiz import LEVEL_2_AT, LEVEL_3_AT, level_for

html_escape = partial(escape, quote=False)
"""As the widget escapes a sentence for the page."""


def buttons(quiz: Quiz) -> dict[str, object]:
    return {control.description: control for control in quiz.answers.children}


def wrong_answers(quiz: Quiz) -> list:
    """The wrong answers a learner may give to the question, of its own shape."""
    question = quiz.question
    if question.kind == "trick-winner":
        return [seat for seat in [*quiz.rules.seats, None] if seat != question.answer]
    if question.kind == "legal":
        held = [str(card) for card in quiz.state.hand(question.seat)]
        refused = [code for code in held if code not in question.answer]
        tries = [question.answer[1:], question.answer + refused[:1], question.answer[:-1], refused[:1]]
        return [given for n, given in enumerate(tries) if sorted(given) != sorted(question.answer)
                and sorted(given) not in map(sorted, tries[:n])]
    if question.kind == "stronger":
        offered = [[code] for code in question.cards] + ([list(question.cards)] if suitless(quiz.rules) else [])
        return [given for given in offered if sorted(given) != sorted(question.answer)]
    if question.kind == "points":
        return [{**question.answer, side: 999} for side in question.answer]
    if question.choices:
        return [key for key, _words in question.choices if key != question.answer]
    return [not question.answer]


def wrong_answer(quiz: Quiz):
    return wrong_answers(quiz)[0]


def test_a_wrong_answer_names_the_rule_and_leaves_the_score():
    quiz = Quiz("tressette", kinds=["trick-winner"], seed=2)
    question = quiz.question
    loser, other = wrong_answers(quiz)[:2]
    buttons(quiz)[quiz.rules.seat_name(loser)].click()
    assert buttons(quiz)[quiz.rules.seat_name(loser)].disabled and not quiz.answered
    buttons(quiz)[quiz.rules.seat_name(other)].click()
    assert (quiz.right, quiz.asked, quiz.streak) == (0, 1, 0)
    assert 'class="wrong"' in quiz.feedback.value
    assert "Not quite: the answer is" in quiz.feedback.value
    assert question.explanation.startswith(f"{question.answer} wins with")
    assert question.explanation in quiz.feedback.value
    assert "0 of 1 right" in quiz.score.value
    assert all(control.disabled for control in quiz.answers.children)
    assert not quiz.next_button.disabled


def test_a_right_answer_moves_the_score_and_the_streak():
    quiz = Quiz("quadrille", kinds=["call"], seed=4)
    assert quiz.next_button.disabled
    buttons(quiz)["Yes" if quiz.question.answer else "No"].click()
    assert (quiz.right, quiz.asked, quiz.streak) == (1, 1, 1)
    assert 'class="right"' in quiz.feedback.value and "Right." in quiz.feedback.value
    assert "1 of 1 right · streak 1" in quiz.score.value
    buttons(quiz)["No" if quiz.question.answer else "Yes"].click()  # answered: a second click counts nothing
    assert (quiz.right, quiz.asked) == (1, 1)
    first = quiz.number
    quiz.next_button.click()
    assert quiz.number > first and not quiz.answered and quiz.feedback.value == ""


def test_difficulty_follows_the_streak_and_drops_after_a_miss():
    assert [level_for(streak) for streak in range(8)] == [1, 1, 1, 2, 2, 2, 3, 3]
    quiz = Quiz("sixty_six", kinds=["trick-winner"], seed=9)
    levels = []
    for _ in range(LEVEL_3_AT):
        levels.append(quiz.question.level)
        quiz.submit(quiz.question.answer)
        quiz.next_question()
    assert levels == [1] * LEVEL_2_AT + [2] * (LEVEL_3_AT - LEVEL_2_AT)
    assert quiz.question.level == 3 and "level 3" in quiz.head.value
    quiz.submit(wrong_answer(quiz))
    quiz.submit(wrong_answers(quiz)[1])
    quiz.next_question()
    assert quiz.streak == 0 and quiz.question.level == 1


def test_legal_cards_are_picked_on_the_drawing_or_the_buttons_then_checked():
    quiz = Quiz("quatre_sept", kinds=["legal"], seed=7)
    question = quiz.question
    assert 'class="card legal' not in quiz.board.svg and 'class="card illegal' not in quiz.board.svg
    held = [str(card) for card in quiz.state.hand(question.seat)]
    assert sorted(quiz.toggles) == sorted(held)
    quiz.board.clicked = f"{question.answer[0]}#1"
    assert quiz.toggles[question.answer[0]].value
    assert f'data-card="{question.answer[0]}"' in quiz.board.svg and "selected" in quiz.board.svg
    for code in question.answer[1:]:
        quiz.toggles[code].value = True
    buttons(quiz)["Check"].click()
    assert quiz.right == 1, quiz.feedback.value


def test_a_trick_winner_is_answered_by_clicking_a_seat_and_the_picture_does_not_tell():
    quiz = Quiz("aluette", kinds=["trick-winner"], seed=1)
    assert "winner-ring" not in quiz.board.svg and 'class="trick-winner"' not in quiz.board.svg
    assert "Nobody" in buttons(quiz)
    seat = quiz.question.answer or next(iter(quiz.rules.seats))
    quiz.board.clicked = f"@{seat}#7"
    right = quiz.question.answer is not None
    assert (quiz.asked, quiz.right, quiz.missed) == ((1, 1, 0) if right else (0, 0, 1))


def test_points_need_a_number_for_every_side():
    quiz = Quiz("tressette", kinds=["points"], seed=3)
    answer = quiz.question.answer
    assert quiz.board.svg == "" and "(NS) took" in quiz.piles.value and "The last trick went to" in quiz.piles.value
    assert sorted(quiz.boxes) == sorted(answer)
    buttons(quiz)["Check"].click()
    assert quiz.asked == 0 and "Write a number for" in quiz.feedback.value
    for side, value in answer.items():
        quiz.boxes[side].value = f" {value} "
    buttons(quiz)["Check"].click()
    assert quiz.right == 1, quiz.feedback.value


def test_stronger_offers_the_two_cards_and_a_tie_where_suits_do_not_matter():
    quiz = Quiz("vache", kinds=["stronger"], seed=5)
    names = list(buttons(quiz))
    assert names[-1] == "They tie" and len(names) == 3
    assert Quiz("tressette", kinds=["stronger"], seed=5).answers.children[-1].description != "They tie"
    quiz.board.clicked = f"{quiz.question.cards[0]}#3"
    right = quiz.question.answer == [quiz.question.cards[0]]
    assert (quiz.asked, quiz.right, quiz.missed) == ((1, 1, 0) if right else (0, 0, 1))


def test_text_reaches_the_page_escaped():
    quiz = Quiz("aluette", kinds=["call"], seed=1)
    quiz.question = replace(quiz.question, explanation="<img src=x onerror=alert(1)> & more")
    quiz.submit(not quiz.question.answer)
    quiz.submit(quiz.question.answer)
    assert "<img" not in quiz.feedback.value
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; more" in quiz.feedback.value


def test_the_same_seed_gives_the_same_series_and_games_mix():
    def series(quiz: Quiz) -> list[tuple[str, str, str]]:
        seen = []
        for _ in range(8):
            seen.append((quiz.question.game, quiz.question.kind, quiz.question.question))
            quiz.submit(None)
            quiz.next_question()
        return seen

    games = ["tressette", "quatre_sept", "sixty_six", "aluette", "quadrille"]
    first = series(Quiz(games, seed=11))
    assert first == series(Quiz(games, seed=11))
    assert len({game for game, _, _ in first}) > 1 and len({kind for _, kind, _ in first}) > 1
    assert first != series(Quiz(games, seed=12))


def test_a_question_the_engine_cannot_make_moves_to_the_next_seed():
    quiz = Quiz("sixty_six", seed=0)
    kinds = set()
    for _ in range(15):
        kinds.add(quiz.question.kind)
        quiz.submit(None)
        quiz.next_question()
    assert "call" not in kinds and len(kinds) > 4
    assert quiz.number > 15 and quiz.head.value.startswith("Question 16 · ")  # the learner counts no gaps


@pytest.mark.parametrize("arguments,sentence", [
    ((("chess",), {}), "'chess' is not a game here"),
    ((("tressette",), {"kinds": ["guess"]}), "'guess' is not a kind of quiz"),
    ((("tressette",), {"seed": -3}), "The seed is a whole number"),
    ((("vache",), {"kinds": ["call"]}), "La Vache has no calls to ask about"),
    ((("tressette",), {"options": {"bogus": 1}}), "Tressette has no option 'bogus'"),
])
def test_bad_arguments_give_a_sentence_not_a_traceback(arguments, sentence):
    args, kwargs = arguments
    quiz = Quiz(*args, **kwargs)
    assert quiz.question is None and sentence in quiz.feedback.value
    assert "cardlab-refusal" in quiz.feedback.value and quiz.next_button.disabled
    quiz.submit("N")
    assert quiz.asked == 0


def test_the_phone_width_draws_the_portrait_layout():
    quiz = Quiz("quadrille", kinds=["stronger"], seed=2)
    assert 'viewBox="0 0 900 ' in quiz.board.svg
    quiz.board.width = 380
    assert 'viewBox="0 0 360 ' in quiz.board.svg
    assert get_rules("quadrille").title in quiz.head.value


def test_a_long_session_does_not_pile_up_widget_models():
    from ipywidgets.widgets.widget import _instances

    quiz = Quiz("tressette", kinds=["legal"], seed=1)
    first = len(_instances)
    for _ in range(10):
        quiz.submit([])
        quiz.next_question()
    assert len(_instances) - first <= 2 * len(quiz.answers.children)   # the new controls only, not ten sets


def give_with_the_controls(quiz: Quiz) -> None:
    """The rules' answer, given through the controls a learner has (buttons, toggles, boxes)."""
    question, named = quiz.question, buttons(quiz)
    if question.choices:
        named[dict(question.choices)[question.answer]].click()
    elif question.kind == "trick-winner":
        named[quiz.rules.seat_name(question.answer) if question.answer else "Nobody"].click()
    elif question.kind == "legal":
        for code in question.answer:
            quiz.toggles[code].value = True
        named["Check"].click()
    elif question.kind == "stronger":
        if len(question.answer) == 2:
            named["They tie"].click()
        else:
            quiz.choices[question.answer[0]].click()
    elif question.kind == "points":
        for side, value in question.answer.items():
            quiz.boxes[side].value = str(value)
        named["Check"].click()
    else:
        named["Yes" if question.answer else "No"].click()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_answer_the_rules_give_can_be_given_with_the_controls(game):
    quiz = Quiz(game, seed=20)
    levels = []
    for _ in range(30):
        levels.append(quiz.question.level)
        give_with_the_controls(quiz)
        assert "Right." in quiz.feedback.value, (quiz.question, quiz.feedback.value)
        quiz.next_question()
    assert quiz.right == quiz.streak == 30 and levels[LEVEL_3_AT:] == [3] * (30 - LEVEL_3_AT)


# ----- a second try before the answer shows -------------------------------------------------------
def answer_words(quiz: Quiz) -> list[str]:
    """Texts that would give the answer away: the rules' explanation and the answer in words."""
    question = quiz.question
    words = [question.explanation, "the answer is"]
    if question.kind in ("legal", "stronger"):
        words.append(quiz.rules.names([Card.parse(code) for code in question.answer]))
    return words


SECOND_TRY = [("tressette", "trick-winner", 2), ("aluette", "trick-winner", 3), ("quatre_sept", "legal", 7),
              ("quadrille", "legal", 1), ("vache", "stronger", 5), ("sixty_six", "points", 4),
              ("quadrille", "points", 2), ("quadrille", "call", 4), ("aluette", "call", 1)]


@pytest.mark.parametrize("game,kind,seed", SECOND_TRY)
def test_a_wrong_first_answer_does_not_show_the_answer(game, kind, seed):
    quiz = Quiz(game, kinds=[kind], seed=seed)
    misses = wrong_answers(quiz)
    quiz.submit(misses[0])
    assert not quiz.answered and (quiz.asked, quiz.right) == (0, 0) and quiz.next_button.disabled
    assert 'class="wrong"' in quiz.feedback.value and "try once more" in quiz.feedback.value
    for words in answer_words(quiz):
        assert html_escape(words) not in quiz.feedback.value, words
    assert any(not control.disabled for control in quiz.answers.children)
    quiz.submit(misses[0])    # the same answer again is not the second try
    assert not quiz.answered and "That was your first answer" in quiz.feedback.value
    if len(misses) > 1:
        quiz.submit(misses[1])
        assert quiz.answered and quiz.asked == 1 and quiz.streak == 0
        assert "Not quite: the answer is" in quiz.feedback.value
        assert html_escape(quiz.question.explanation) in quiz.feedback.value
    else:
        quiz.submit(quiz.question.answer)
        assert quiz.answered and (quiz.asked, quiz.right, quiz.streak) == (1, 0, 0)
        assert "Right, at the second try." in quiz.feedback.value
        assert html_escape(quiz.question.explanation) in quiz.feedback.value
    assert all(control.disabled for control in quiz.answers.children) and not quiz.next_button.disabled


def test_the_choice_already_tried_is_disabled_and_the_others_stay_open():
    quiz = Quiz("quadrille", kinds=["call"], seed=4)
    wrong = "No" if quiz.question.answer else "Yes"
    buttons(quiz)[wrong].click()
    assert buttons(quiz)[wrong].disabled and not buttons(quiz)["Yes" if wrong == "No" else "No"].disabled
    assert "the answer is" not in quiz.feedback.value


def test_a_right_first_answer_shows_the_rule_at_once():
    quiz = Quiz("vache", kinds=["stronger"], seed=5)
    quiz.submit(quiz.question.answer)
    assert quiz.answered and (quiz.asked, quiz.right, quiz.streak) == (1, 1, 1)
    assert f"Right. {html_escape(quiz.question.explanation)}" in quiz.feedback.value


@pytest.mark.parametrize("games", [["tressette"], ["quatre_sept"], ["sixty_six"], ["aluette", "vache"],
                                   ["quadrille"]])
def test_a_lessons_quiz_asks_only_about_the_rules_its_table_plays(games):
    """The lessons call ``Quiz(game)`` with no options: every question plays the defaults, and a
    call is asked about in the words of the table's buttons."""
    quiz = Quiz(games)
    for _ in range(12):
        question = quiz.question
        assert question.scenario["options"] == {}, question
        if question.kind == "call":
            said = quiz.rules.describe(parse_action(question.call, quiz.rules.seats))
            assert question.question == f"Is “{said}” allowed for {question.seat} now?"
        give_with_the_controls(quiz)
        quiz.next_question()
