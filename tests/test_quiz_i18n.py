"""The quiz in French and Italian (issue 24): every question, choice, feedback and explanation of
quizzes of every game and kind, generated over a few seeds and all levels, is found in the catalog
(nothing falls back to English) and reads differently from the English; the language changes the
words only, never which question is asked or its answer."""
from __future__ import annotations

import re

import pytest

from cardlab import GAMES
from cardlab.i18n import speaking
from cardlab.practice import KINDS, make_quiz
from cardlab.practice.quiz_run import QuizRun

from .i18n_misses import missed

NO_CALLS = ("sixty_six", "vache")
CALLS_ON = {"tressette": {"declarations": True, "declare": "by hand", "signals": True},
            "quatre_sept": {"signals": True}, "aluette": {"signals": "open", "surrender": True}}
CASES = [(game, kind) for kind in KINDS for game in GAMES if not (kind == "call" and game in NO_CALLS)]
SEEDS = (0, 1)
ENGLISH = ("Which ", "Who wins", "Is “", " allowed ", " holds ", " wins with ", " beats ", "trumps", " may play ",
           "The hand is over", " rank ", "They tie", "Nobody", "Right.", "Not quite", "the answer is", " class ",
           "cards ", "last trick")
"""Words of the English sentences, none of which the French and Italian ones use."""
LEVELS = (1, 2, 3)
RULE_ID = re.compile(r"\b(?:" + "|".join(GAMES) + r")\.[a-z0-9-]+")
"""A rule's id (``sixty_six.ten-of-trumps``): language-free, like a card's code."""


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize(("game", "kind"), CASES)
def test_quizzes_speak_the_language_with_nothing_missed(lang: str, game: str, kind: str) -> None:
    options = CALLS_ON.get(game) if kind == "call" else None
    for seed in SEEDS:
        for level in LEVELS:
            english = make_quiz(game, kind, seed=seed, options=options, level=level)
            with missed(lang) as lost:
                quiz = make_quiz(game, kind, seed=seed, options=options, level=level)
                right = quiz.check(quiz.answer).sentence
                wrong = quiz.check("nonsense").sentence
            assert lost == [], (game, kind, seed, level)
            assert (quiz.scenario, quiz.answer) == (english.scenario, english.answer)
            assert quiz.question != english.question
            assert quiz.explanation != english.explanation
            said = tuple(RULE_ID.sub("", text) for text in (quiz.question, quiz.explanation, right, wrong))
            assert not [word for word in ENGLISH for text in said if word in text], said
            with speaking("en"):
                assert right != english.check(english.answer).sentence
                assert wrong != english.check("nonsense").sentence


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_quiz_run_speaks_the_language_with_nothing_missed(lang: str) -> None:
    shown: list[str] = []
    with missed(lang) as lost:
        for seed in SEEDS:
            run = QuizRun(list(GAMES), seed=seed)
            for _question in range(len(KINDS) * 2):
                assert run.question is not None and run.said is None
                shown += [run.heading, run.score, *(choice.label for choice in run.choices())]
                piles = run.piles()
                if piles is not None:
                    shown += [pile.words for pile in piles[0]] + [piles[1]]
                first = run.submit("nonsense" if run.question.kind != "points" else {"x": "1"})
                assert first is not None
                run.submit(run.question.answer)
                shown += [first.sentence, run.said.sentence if run.said else ""]
                run.next()
    assert lost == []
    english = (*ENGLISH, " level ", "streak", " took ")
    said = [RULE_ID.sub("", text) for text in shown]  # a rule's id is language-free, as the log is
    assert said and not [word for word in english for text in said if word in text]
