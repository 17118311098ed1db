"""Helpers shared by the per-game rule tests: tiny explicit deals, played forward, with the
sentences that refuse an action."""
from __future__ import annotations

import pytest

from cardlab import Call, Deal, Hand, IllegalAction, Play, get_rules, parse_cards


def make_deal(dealer: str = "N", extras: dict[str, str] | None = None, **hands: str) -> Deal:
    """``make_deal("N", N="3D 2D …", E=…, S=…, W=…)``; ``extras`` such as ``{"turned": "7S"}``."""
    return Deal(dealer, tuple((seat, parse_cards(cards)) for seat, cards in hands.items()),
                tuple((name, parse_cards(cards)) for name, cards in (extras or {}).items()))


def start(game: str, deal: Deal, **options) -> Hand:
    return Hand.start(get_rules(game, **options), deal.dealer).then(deal)


def play(hand: Hand, *actions: str) -> Hand:
    for action in actions:
        hand = hand.then(action)
    return hand


def legal_codes(hand: Hand) -> set[str]:
    return {str(a.card) for a in hand.rules.legal(hand.state) if isinstance(a, Play)}


def calls(hand: Hand) -> set[str]:
    return {str(a) for a in hand.rules.legal(hand.state) if isinstance(a, Call)}


def refusal(hand: Hand, action: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        hand.then(action)
    return str(caught.value)
