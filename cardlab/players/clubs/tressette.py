"""Tressette's club style: declarations made by hand, and *busso* / *volo* given and answered."""
from __future__ import annotations

from ...actions import Action, Call, Play
from ...cards import Card
from ...rules import TrickGame
from ...state import State
from .. import Decision
from ..club import Style as Base
from ..club_calls import Plan, offered, said
from ..memory import Memory


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        seat = view.to_act
        for action in legal:
            if isinstance(action, Call) and action.words.startswith("declares"):
                return said(rules, action, "a declaration scores for my side at once")
        trick = view.trick
        if view.phase != "play" or trick is None:
            return None
        if trick.plays:
            return answer_busso(rules, view, memory, legal)
        if offered(legal, "signals volo") is None:
            return None
        card = plan().action.card
        suit = card.suit
        mine = [c for c in memory.hand if c.suit == suit]
        suit_name = rules.pack.suit_names[suit]
        if len(mine) == 1:
            return said(rules, Call(seat, "signals volo"),
                        f"{rules.pack.name(card)} is my last {suit_name[:-1] if suit_name.endswith('s') else suit_name}, "
                        "so my partner knows I am now out of the suit")
        three, two = Card("3", suit), Card("2", suit)
        if two in mine and card != two and three in memory.unseen:
            return said(rules, Call(seat, "signals busso"),
                        f"I hold the 2 of {suit_name}; if my partner has the 3 he takes this trick with it "
                        "and my 2 becomes master")
        return None


def answer_busso(rules: TrickGame, view: State, memory: Memory, legal: list[Action]) -> Decision | None:
    """Partner led with *busso*: play my best card of the suit."""
    trick = view.trick
    leader = trick.leader
    if rules.side_of(view, leader) != rules.side_of(view, view.to_act):
        return None
    asked = any(call.seat == leader and call.words == "signals busso" and number == len(view.tricks)
                for number, call in view.calls)
    suit = trick.plays[0][1].suit
    cards = [a.card for a in legal if isinstance(a, Play) and a.card.suit == suit]
    if not asked or not cards:
        return None
    card = max(cards, key=lambda c: rules.strength(view, c))
    return Decision(Play(view.to_act, card), f"My partner signalled busso (play your best in this suit): "
                    f"I play {rules.pack.name(card)}, my best {rules.pack.suit_names[suit]}.")
