"""Aluette's club style: singing, discards, surrender and signals to the partner."""
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
        from ...games.aluette import CLASS_OF, GESTURES, _SIGNAL_CLASS
        seat = view.to_act
        strong = [c for c in memory.hand if CLASS_OF[c] <= 9]
        count = f"{len(strong)} card{'s' if len(strong) != 1 else ''} above the kings"
        if view.phase == "sing":
            if len(strong) <= 2:
                return said(rules, Call(seat, "sings"), f"my hand holds only {count}, and the 12 cards left may mend it")
            return said(rules, Call(seat, "does not sing"), f"my hand holds {count}: I keep it as it is")
        if view.phase == "discard":
            card = min(memory.hand, key=lambda c: rules.strength(view, c))
            return said(rules, Call(seat, f"discards {card}"), "it is my weakest card, and I must come down to nine")
        if view.phase == "surrender":
            for words, why in (("accepts surrender", "a sure point for my side, where refusing would oblige us to a "
                                "mordienne"),
                               ("agrees to surrender", f"my hand is weak too, with {count}"),
                               ("offers surrender", f"my hand holds {count}, too weak to hope for most tricks")):
                call = offered(legal, words)
                if call is None:
                    continue
                if words == "accepts surrender" or len(strong) <= (1 if words == "agrees to surrender" else 0):
                    return said(rules, call, why)
            for words in ("does not offer", "does not agree", "refuses surrender"):
                call = offered(legal, words)
                if call is not None:
                    return said(rules, call, f"my hand holds {count}: we play it out")
            return None
        if view.phase == "play" and getattr(rules.options, "signals", "off") == "partner":
            signals = [a for a in legal if isinstance(a, Call) and a.words.startswith("signals ")]
            if signals:
                call = min(signals, key=lambda a: _SIGNAL_CLASS[a.words[len("signals "):]])
                name = GESTURES[call.words[len("signals "):]][0]
                return said(rules, call, f"my partner, and only he, learns I hold {name}, so he can leave me the "
                            "tricks it wins")
        return None
