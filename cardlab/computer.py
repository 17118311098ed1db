"""The computer's one way of deciding, at a lesson's table and in a room server's worker process alike.

:func:`decide` takes a level and one seat's view (never the state) and gives a
:class:`~cardlab.players.decision.Decision`; its arguments and its answer pickle, so the room server
sends it to worker processes (the event loop only routes) while a lesson's table calls it in place
(:class:`Computing`, a play-out's player). One function for both, so they cannot drift apart.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import i18n
from .actions import Action
from .players import get_player
from .players.decision import Decision
from .playout import Decider, explaining
from .rules import TrickGame
from .state import State

_LEVELS: dict[str, Decider] = {}


def decide(level: str, rules: TrickGame, view: State, lang: str | None = None) -> Decision:
    """The computer's decision at ``level`` from one seat's ``view`` (its reason in ``lang``, or the
    current language): the one way the computer decides, at a lesson's table in the caller's
    process and in a room server's worker process alike (every argument and the answer pickle).
    Each level's player is made once per process."""
    if level not in _LEVELS:
        _LEVELS[level] = explaining(get_player(level), level)
    if lang is None:
        return _LEVELS[level].decide(rules, view)
    with i18n.speaking(lang):
        return _LEVELS[level].decide(rules, view)


@dataclass
class Computing:
    """The computer at ``level`` as a play-out's player: it decides through :func:`decide`."""

    level: str

    def choose(self, rules: TrickGame, view: State) -> Action:
        return decide(self.level, rules, view).action

    def decide(self, rules: TrickGame, view: State) -> Decision:
        return decide(self.level, rules, view)
