"""What every computer player returns and the interface it offers: :class:`Decision` and :class:`Player`.

A module of its own so that the players (beginner, club, expert, the club styles) import it without
importing the package that picks a player by level (:func:`cardlab.players.get_player`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..actions import Action
from ..rules import TrickGame
from ..state import State


@dataclass(frozen=True)
class Decision:
    """What a player does and the sentence that says why, in two forms, both written where the
    reason is composed: ``reason`` says it all, the player's own hidden cards included (for its own
    seat, as a hint, and for everyone once the hand is over); ``public`` is what it may say to the
    other players while the hand is on: it names no card of its hand but the one it plays and
    tells nothing of the rest of its hand (no count of its cards, no suit it is long or short in)."""

    action: Action
    reason: str
    public: str

    @classmethod
    def open(cls, action: Action, reason: str) -> Decision:
        """A reason that tells nothing hidden: the same sentence for everyone."""
        return cls(action, reason, reason)


class Player(Protocol):
    level: str

    def decide(self, rules: TrickGame, view: State) -> Decision: ...

    def choose(self, rules: TrickGame, view: State) -> Action: ...
