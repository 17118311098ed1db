"""Quadrille's club style: the auction with the variant contracts switched on, trumps, the call, the
exchange and the vole."""
from __future__ import annotations

from ...actions import Action, Call
from ...cards import Card
from ...rules import TrickGame
from ...state import State
from .. import Decision
from ..club import Style as Base
from ..club_calls import Plan, offered, said, sure_tricks
from ..memory import Memory


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        from ...games.quadrille import BLACK_ACES
        seat = view.to_act
        hand = tuple(memory.hand)
        need = rules.need
        if view.phase == "auction":
            suit, value = rules.best_suit(hand)
            suit_name = rules.pack.suit_names[suit]
            strength = f"my best suit, {suit_name}, promises about {value} tricks with my kings"
            if view.solo is None:
                kings = sum(c.rank == "K" for c in hand)
                high = sum(c.rank in ("K", "Q", "J") or c in BLACK_ACES for c in hand)
                choices = (("bids grandissimo", all(a in hand for a in BLACK_ACES) and kings >= 3,
                            f"I hold Spadille, Basto and {kings} kings, and with only the black aces for trumps "
                            "my kings are masters"),
                           ("bids devole", high == 0,
                            "I hold no king, queen, jack or black ace: I can hope to take no trick"),
                           (f"bids solo in {rules.pack.suit_names.get(rules.options.preference, '')}",
                            suit == rules.options.preference and value >= need + 3,
                            f"{strength}, and it is the preference suit"),
                           (f"asks leave in {rules.pack.suit_names.get(rules.options.preference, '')}",
                            suit == rules.options.preference and value >= need,
                            f"{strength}, and it is the preference suit"),
                           ("bids médiator", need + 2 <= value < need + 3,
                            f"{strength}: with the called king taken I can play alone"))
                for words, good, why in choices:
                    call = offered(legal, words)
                    if call is not None and good:
                        return said(rules, call, why)
            suggested = rules.suggested_call(view)
            if suggested is None:
                return None
            if suggested.words == "passes":
                return said(rules, suggested, f"{strength}, short of the {need} I need")
            return said(rules, suggested, strength)
        if view.phase == "trumps":
            suggested = rules.suggested_call(view)
            trumps, matadors = rules.hand_value(hand, suggested.words.split()[-1])
            return said(rules, suggested, f"it is my strongest suit, with {trumps} trumps, {matadors} of them matadors")
        if view.phase == "call":
            suggested = rules.suggested_call(view)
            card = Card.parse(suggested.words.split()[-1])
            mine = sum(c.suit == card.suit for c in hand)
            return said(rules, suggested, f"I hold {mine} {rules.pack.suit_names[card.suit]}, the longest of the "
                        "suits I may call, and the partner's card will guard them")
        if view.phase == "exchange":
            suggested = rules.suggested_call(view)
            return said(rules, suggested, "it is my weakest card")
        if view.phase == "announce":
            sure = sure_tricks(rules, view, memory)
            if sure == len(hand):
                return said(rules, Call(seat, "announces the vole"), "every card I hold is master")
            return said(rules, Call(seat, "does not announce"), f"only {sure} of my {len(hand)} cards are sure "
                        "to win, and an announced vole lost is the whole game lost")
        if view.phase == "play" and offered(legal, "stops") is not None:
            sure = sure_tricks(rules, view, memory)
            left = len(hand)
            if sure == left:
                return said(rules, Call(seat, "plays for the vole"), f"all {left} cards I hold are masters, so "
                            "every trick left is ours")
            return said(rules, Call(seat, "stops"), f"only {sure} of my {left} cards are sure to win, and a failed "
                        "vole costs more than premiers gain")
        return None
