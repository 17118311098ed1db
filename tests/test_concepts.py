"""The concepts each game declares, and the tags that name them: every tag of every tutorial step,
quiz question and puzzle theme of every game is a declared concept, every theme and quiz kind a game
can produce names at least one, and every declared concept is exercised by at least one of them."""
from __future__ import annotations

import re

import pytest

from cardlab.games import GAMES, get_rules, traits
from cardlab.games.concepts import declared, quiz_concepts, theme_concepts
from cardlab.practice.common import PracticeError
from cardlab.practice.quiz import make_quiz, situations
from cardlab.progress import concepts
from cardlab.puzzles.bank import bank_puzzles, puzzle_concepts
from cardlab.puzzles.themes import theme_names
from cardlab.tutorial import builtin

SEEDS = range(6)


def keys(game: str) -> set[str]:
    return {concept.key for concept in concepts(game)}


def questions(game: str) -> list:
    """Quiz questions of every kind the game asks, at every level, over a few seeds."""
    made = []
    for kind in traits(get_rules(game)).quiz_kinds:
        for seed in SEEDS:
            try:
                made.append(make_quiz(game, kind, seed=seed, level=1 + seed % 3))
            except PracticeError:
                break
    return made


def makes_calls(game: str) -> bool:
    try:
        make_quiz(game, "call", seed=0)
    except PracticeError:
        return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_rules_and_skills_once_each(game: str) -> None:
    declared_keys = [concept.key for concept in concepts(game)]
    assert len(declared_keys) >= 5 and len(set(declared_keys)) == len(declared_keys)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key) for key in declared_keys)
    assert all(not concept.title[:1].islower() and not concept.title.endswith(".") for concept in concepts(game))
    assert any(taught.quiz for taught in declared(game)) and any(taught.themes for taught in declared(game))


@pytest.mark.parametrize("game", GAMES)
def test_the_declared_tags_are_real_quiz_situations_and_themes_of_the_game(game: str) -> None:
    rules = get_rules(game)
    names = theme_names(rules)
    for taught in declared(game):
        assert all(theme in names for theme in taught.themes), taught
        for tag in taught.quiz:
            kind, _, situation = tag.partition("/")
            assert kind in traits(rules).quiz_kinds, tag
            asked = situations(rules, kind)
            assert not situation or asked is None or situation in asked, tag


@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_step_names_declared_concepts(game: str) -> None:
    tutorial = builtin(game)
    named = [key for step in tutorial.steps for key in step.concepts] + list(tutorial.end_concepts)
    assert named and set(named) <= keys(game)
    assert tutorial.concepts == {concept.key: concept.title for concept in concepts(game) if concept.key in named}


@pytest.mark.parametrize("game", GAMES)
def test_every_quiz_question_names_declared_concepts(game: str) -> None:
    made = questions(game)
    assert {question.kind for question in made} >= set(traits(get_rules(game)).quiz_kinds) - {"call"}
    for question in made:
        assert question.concepts and set(question.concepts) <= keys(game), question.question


@pytest.mark.parametrize("game", GAMES)
def test_every_theme_and_bank_puzzle_names_declared_concepts(game: str) -> None:
    """Every theme the game's puzzles may have ("the call" only where the game makes calls with its
    own options, those the puzzles are mined with) and every puzzle of its bank."""
    for theme in theme_names(get_rules(game)):
        if theme != "the call" or makes_calls(game):
            assert theme_concepts(game, theme), theme
        assert set(theme_concepts(game, theme)) <= keys(game)
    puzzles = bank_puzzles(game)
    assert puzzles and all(puzzle_concepts(puzzle) for puzzle in puzzles)


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_concept_is_exercised(game: str) -> None:
    """By a tutorial step, a quiz question made (of every kind, and one for each situation of the table's
    rules a concept declares), or a bank puzzle; each option's question (``variant/<option>``) is made
    for every declared tag by tests/test_quiz_rules.py."""
    tutorial = builtin(game)
    exercised = {key for step in tutorial.steps for key in step.concepts} | set(tutorial.end_concepts)
    exercised |= {key for question in questions(game) for key in question.concepts}
    for taught in declared(game):
        for tag in taught.quiz:
            kind, _, situation = tag.partition("/")
            if kind == "variant":
                exercised.add(taught.key)
            elif kind in ("deal", "match", "settle"):
                exercised.update(make_quiz(game, kind, seed=0, situation=situation or None).concepts)
    exercised |= {key for puzzle in bank_puzzles(game) for key in puzzle_concepts(puzzle)}
    assert keys(game) - exercised == set()


def test_a_question_is_tagged_by_its_kind_and_situation() -> None:
    assert quiz_concepts("sixty_six", "legal", "void") == ("must-trump",)
    assert quiz_concepts("sixty_six", "legal", "follow") == ("must-win",)
    assert quiz_concepts("quadrille", "call", "names") == ("trumps",)
    assert quiz_concepts("quadrille", "legal", "renege") == ("matador-renege",)
    assert quiz_concepts("tressette", "points", "") == ("points", "last-trick", "thirds")
    assert quiz_concepts("chess", "legal", "lead") == ()
