"""What a game declares about itself beyond its rules API, for the players, practice and lessons.

Each rules class carries one :class:`GameTraits` as its ``traits`` attribute, so code outside
``cardlab/games/`` reads what it needs here and never tests a game's name (as OpenSpiel's games
declare a ``GameType``).  ``tests/test_contract.py`` checks every registered game declares enough.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..cards import Card

if TYPE_CHECKING:
    from ..rules import TrickGame
    from .taught import Taught

QUIZ_KINDS = ("trick-winner", "legal", "points", "stronger", "call", "deal", "match", "settle", "variant")
NO_SIGNALS: Mapping[str, tuple[Card, ...]] = MappingProxyType({})


@dataclass(frozen=True)
class GameTraits:
    """A game's facts.

    ``units`` what the score sheet counts ("points", "chips") and ``card_point`` how one card point
    is said; ``follows_suit`` whether a player who does not follow has shown out of the suit;
    ``must_trump`` whether a player void in the suit led who does not trump has none left;
    ``matadors`` whether the top trumps may renege a trump lead (no void is proved by it, and no
    two trumps are ever as good as each other); ``proxy_weight`` how the expert weighs a hand,
    ``score + proxy_weight * (points - score)``: 1 compares exact points, 0 the score alone, a
    small weight lets card points break the ties of a coarse score.  ``signal_classes`` maps a
    signal word that shows a class of cards to the cards of that class, strongest class first.
    ``quiz_kinds``, ``deal_features`` and ``signal_drills`` name what the practice tools offer
    (see :mod:`cardlab.practice`); ``club_style`` is the module whose ``Style`` the club player
    plays; ``lesson`` the notebook that teaches the game and ``where`` where it was played.
    ``option_units`` changes the units with an option: (option, value, units); ``concepts`` what the
    lesson teaches (the folder's ``concepts.py``)."""

    units: str
    follows_suit: bool
    proxy_weight: Fraction
    club_style: str
    lesson: str
    where: str
    card_point: str = "point"
    must_trump: bool = False
    matadors: bool = False
    signal_classes: Mapping[str, tuple[Card, ...]] = field(default_factory=lambda: NO_SIGNALS)
    quiz_kinds: tuple[str, ...] = QUIZ_KINDS
    deal_features: tuple[str, ...] = ()
    signal_drills: tuple[str, ...] = ()
    option_units: tuple[tuple[str, Any, str], ...] = ()
    concepts: tuple[Taught, ...] = ()


@cache
def traits(rules: TrickGame) -> GameTraits:
    """The traits of a rules object with its options (asked at every decision of every play-out,
    so kept per rules object)."""
    declared: GameTraits = type(rules).traits  # type: ignore[attr-defined]
    for name, value, units in declared.option_units:
        if getattr(rules.options, name, None) == value:
            return replace(declared, units=units)
    return declared
