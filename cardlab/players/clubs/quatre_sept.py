"""Quatre Sept's club style: the politaine declared and played out, the redeal."""
from __future__ import annotations

from ...actions import Action, Call
from ...rules import TrickGame
from ...state import State
from .. import Decision
from ..club import Style as Base
from ..club_calls import Plan, offered, said
from ..memory import Memory


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        for action in legal:
            if isinstance(action, Call) and action.words.startswith("declares politaine"):
                return said(rules, action, "its 10, 9 and ace are the three best cards of the suit, so led one "
                            "after the other they win three tricks in a row for 11 points")
        redeal = offered(legal, "demands a redeal")
        if redeal is not None:
            return said(rules, redeal, "I hold no 10, no 9 and no ace, so this hand can win almost nothing")
        passes = offered(legal, "passes")
        if passes is not None:
            return said(rules, passes, "I have nothing to declare before the first lead")
        return None
