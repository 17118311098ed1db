"""The lookups of the concepts each game teaches (declared in its folder's ``concepts.py``): the rules of its
lesson and the skills of its "Playing well", each a key, a title in the lesson's words, and what exercises it.

Why: progress (:mod:`cardlab.progress`) counts what a learner has learnt per concept, and every
tutorial step, quiz question and puzzle names the concepts it exercises.  Declaring them per game, with
the quiz questions and puzzle themes that exercise each, lets a tutorial, a quiz and the puzzle
trainer name only declared concepts, and ``tests/test_concepts.py`` check that each concept is
exercised by at least one of them.

A quiz tag is a quiz kind ("legal": every question of the kind) or a kind and the situation it
asks about ("legal/void"); the situations are those the quiz makers of :mod:`cardlab.practice.quiz` find:
``trick-winner/`` nobody, trumped, plain; ``legal/`` lead, follow, void, renege, any;
``stronger/`` trump, tie, plain; ``call/`` the call's first word ("passes", "names"; "does not
announce" is "announce").
A theme is a puzzle theme of :mod:`cardlab.puzzles.themes`, spelt as that game names it.
"""
from __future__ import annotations

from . import GAMES
from .taught import Taught


def declared(game: str) -> tuple[Taught, ...]:
    """The game's concepts (its folder's ``concepts.py``, declared in its traits); () for no game."""
    return GAMES[game].traits.concepts if game in GAMES else ()  # type: ignore[attr-defined]


def quiz_concepts(game: str, kind: str, situation: str) -> tuple[str, ...]:
    """The concepts a quiz question of ``kind`` about ``situation`` exercises."""
    tags = {kind, f"{kind}/{situation}"}
    return tuple(taught.key for taught in declared(game) if tags & set(taught.quiz))


def theme_concepts(game: str, theme: str) -> tuple[str, ...]:
    """The concepts a puzzle of ``theme`` exercises."""
    return tuple(taught.key for taught in declared(game) if theme in taught.themes)
