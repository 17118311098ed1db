"""A concept as a game declares it (each game's ``concepts.py``), and the concepts games share.

Kept apart from the lookups of :mod:`cardlab.games.concepts` so a game's folder can declare its
concepts without importing the registry."""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_


@dataclass(frozen=True)
class Taught:
    """One concept as a game declares it: ``quiz`` the quiz tags and ``themes`` the puzzle themes
    that exercise it (tutorial steps name their concepts themselves)."""

    key: str
    title: str
    quiz: tuple[str, ...] = ()
    themes: tuple[str, ...] = ()


TAKE_OR_DUCK = ("take the trick", "duck")
COUNT = Taught("count", N_("Count the cards still out, to the end of the hand"),
               themes=("the right lead", "count to the end"))
FOLLOWING = ("legal/lead", "legal/follow", "legal/void")
