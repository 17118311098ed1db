"""The quiz's generated sentences are grammatical in French and Italian (issue 34, item 5): a game's name
comes with the preposition and article its language gives it (*à l'Aluette*, *nella Vache*, never
« au jeu de Aluette » or «a La Vache»), a card's class is a parenthesis its verb does not agree with
(never « l'as de coupe est les as », «è gli assi»), the place in the order is a *rang* / *grado* (never
the calque *classe*), and a sentence starts with a capital.  Every quiz kind of every game is rendered,
with the tie and the spoilt trick the seeds may not bring."""
from __future__ import annotations

import re

import pytest

from cardlab import GAMES, get_rules
from cardlab.cards import Card
from cardlab.i18n import speaking
from cardlab.practice import KINDS, PracticeError, make_quiz
from cardlab.practice.common import play
from cardlab.practice.words import in_game, why_stronger, why_winner
from cardlab.state import Trick

from .i18n_misses import missed

CALLS_ON = {"tressette": {"declarations": True, "declare": "by hand", "signals": True},
            "quatre_sept": {"signals": True}, "aluette": {"signals": "open", "surrender": True}}
BAD = {
    "fr": re.compile(r"\bau jeu de\b|\bde (?:[AEIOUÉ]|La |Le )|\best (?:les|des) |\bclasse \d|"
                     r"\bà (?:La|Le) |\bà [AEIOUÉ]\w|(?:^|[.!?] )[a-zà-ÿ]"),
    "it": re.compile(r"\bè (?:gli|i|le) |\bclasse \d|\ba (?:La|Le|Aluette|Quadrille|Tressette)\b|"
                     r"(?:^|[.!?] )[a-zà-ÿ]"),
}
"""The bad forms: a name without its article or elision, a class agreed with as a predicate, the
calque *classe*, a sentence in lower case."""


def sentences(lang: str) -> list[str]:
    """Every question, explanation and feedback of every quiz kind of every game, a few seeds and levels."""
    said = []
    for game in GAMES:
        for kind in KINDS:
            for seed in (0, 1, 2):
                for level in (1, 2, 3):
                    try:
                        quiz = make_quiz(game, kind, seed=seed, level=level,
                                         options=CALLS_ON.get(game) if kind == "call" else None)
                    except PracticeError:
                        continue
                    said += [quiz.question, quiz.explanation, quiz.check(quiz.answer).sentence,
                             quiz.check("nonsense").sentence]
    return said


def ties(lang: str) -> list[str]:
    """A tie of two cards and a spoilt trick, in each game whose cards rank across suits."""
    said = []
    for game in GAMES:
        rules = get_rules(game)
        aces = [card for card in rules.pack.cards if card.rank == "A"][:2]
        if rules.class_name(aces[0]) is None:
            continue
        hand = play(rules, game, {}, rules.seats[0], 1, tricks=1)
        state = hand.states[-1]
        trick = Trick(leader=rules.seats[0], plays=tuple(zip(rules.seats[:2], aces)), winner=None)
        said += [why_stronger(rules, state, *aces), why_winner(rules, state, trick)]
    return said


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_quiz_sentence_is_free_of_the_known_bad_forms(lang: str) -> None:
    with missed(lang) as lost, speaking(lang):
        said = sentences(lang) + ties(lang)
    assert lost == []
    wrong = [(match.group(0), text) for text in said for match in [BAD[lang].search(text)] if match]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_each_game_is_named_with_its_own_article(lang: str) -> None:
    with missed(lang) as lost, speaking(lang):
        named = {game: in_game(get_rules(game)) for game in GAMES}
    assert lost == []
    expected = {"fr": {"aluette": "à l'Aluette", "vache": "à la Vache", "tressette": "au tressette"},
                "it": {"aluette": "nell'Aluette", "vache": "nella Vache", "tressette": "nel tressette"}}[lang]
    assert {game: named[game] for game in expected} == expected
    assert len(set(named.values())) == len(GAMES)


def test_english_keeps_its_sentences() -> None:
    with speaking("en"):
        rules = get_rules("aluette")
        state = play(rules, "aluette", {}, "N", 1, tricks=1).states[-1]
        said = why_stronger(rules, state, Card.parse("AH"), Card.parse("JC"))
    assert said == ("In Aluette the cards rank across suits, counting from the top: the ace of cups is in class 9 "
                    "of 19 (aces); the jack of clubs is in class 12 of 19 (jacks).")
