"""cardlab: the engine of a teaching kit for historical four-player trick-taking games.

Standard library only.  Start with :func:`get_rules` and :class:`Hand`::

    rules = get_rules("tressette")
    hand = Hand.dealt(rules, dealer="N", seed=7)
    hand = hand.then("W plays 7D")        # raises IllegalAction with a sentence when illegal

The public names load on first use (PEP 562), so ``import cardlab`` -- which every
``python -m cardlab`` runs first -- loads no game, player or drawing: ``--version`` answers at
once.  Resolving one also gives the engine's classes their notebook pictures
(:func:`cardlab.render.reprs.attach`).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action, ActionError, Call, Deal, Play, parse_action
    from .cards import PACKS, Card, CardError, Pack, parse_cards
    from .games import GAMES, get_rules
    from .record import Hand
    from .rules import HandResult, IllegalAction, MatchState, OptionError, TrickGame
    from .state import State, Trick

__all__ = ["Action", "ActionError", "Call", "Card", "CardError", "Deal", "GAMES", "Hand",
           "HandResult", "IllegalAction", "MatchState", "OptionError", "PACKS", "Pack", "Play",
           "State", "TrickGame", "Trick", "get_rules", "parse_action", "parse_cards"]

_HOMES = {"Action": "actions", "ActionError": "actions", "Call": "actions", "Deal": "actions", "Play": "actions",
          "parse_action": "actions", "PACKS": "cards", "Card": "cards", "CardError": "cards", "Pack": "cards",
          "parse_cards": "cards", "GAMES": "games", "get_rules": "games", "Hand": "record",
          "HandResult": "rules", "IllegalAction": "rules", "MatchState": "rules", "OptionError": "rules",
          "TrickGame": "rules", "State": "state", "Trick": "state"}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .render import reprs

    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    reprs.attach()
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
