"""What the club styles share to judge calls (:mod:`cardlab.players.clubs`): the call offered with
given words, a call said with its reason, and the cards sure to win.
"""
from __future__ import annotations

from typing import Callable

from ..actions import Action, Call
from ..rules import TrickGame
from ..state import State, Trick
from . import Decision
from .memory import Memory

Plan = Callable[[], Decision]


def offered(legal: list[Action], words: str) -> Call | None:
    return next((a for a in legal if isinstance(a, Call) and a.words == words), None)


def said(rules: TrickGame, call: Call, why: str) -> Decision:
    return Decision(call, f"{rules.describe(call)}: {why}.")


def sure_tricks(rules: TrickGame, view: State, memory: Memory) -> int:
    """How many of my cards no card out of sight can beat when led."""
    from .club import Table
    table = Table(rules, view, memory, view.to_act, list(memory.hand))
    return sum(table.holds(Trick(view.to_act, ((view.to_act, c),)))[0] for c in memory.hand)

