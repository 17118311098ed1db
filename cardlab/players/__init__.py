"""Computer players of three strengths that say why: ``beginner``, ``club`` and ``expert``.

Every player is a small class behind one interface: ``decide(rules, view) -> Decision(action,
reason)``, and ``choose(rules, view) -> action`` so it drops in wherever
:class:`cardlab.bots.SimpleBot` is used.  A player is given a view (``rules.view(state, seat)``),
never the state, so it cannot look at cards it is not allowed to see; the reason is one sentence
in the game's words, built from what the player computed, in two forms: the whole reason, which
may speak of the player's own hidden cards, and the one it may say at the table while the hand is
on (:class:`Decision`).  For a hand's review, the expert also
says what any choice gives up against its best (:meth:`cardlab.players.expert.Expert.loss`).
Duplicate duels between levels are :mod:`cardlab.players.duel`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..actions import Action
from ..rules import TrickGame
from ..state import State

LEVELS = ("beginner", "club", "expert")


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


class LevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


def get_player(level: str, **settings: Any) -> Player:
    """A computer player by level name; ``settings`` go to the expert (``seed``, ``samples``,
    ``budget``: see :class:`cardlab.players.expert.Expert`).  An unknown name raises
    :class:`LevelError` with a sentence."""
    if level == "beginner":
        from .beginner import Beginner
        return Beginner()
    if level == "club":
        from .club import Club
        return Club()
    if level == "expert":
        from .expert import Expert
        return Expert(**settings)
    raise LevelError(f"{str(level)[:30]!r} is not a level: the computer plays {', '.join(LEVELS)}.")
