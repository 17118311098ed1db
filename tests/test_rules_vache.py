"""La Vache's rule register at work: the rules no other test names (the pack, a hand where no trick
is won outright, a card out of turn) checked on the small deals of ``tests/test_vache.py``."""
from __future__ import annotations

import pytest

from cardlab import Deal, Play, get_rules
from cardlab.actions import Call
from cardlab.cards import SPANISH_48, Card
from tests.test_vache import SUITS, start
from tests.tiny import play


@pytest.mark.rule("vache.pack", "vache.deal")
def test_the_48_spanish_cards_are_dealt_nine_each_and_a_card_of_another_pack_is_refused():
    rules = get_rules("vache", players=5)
    deal = rules.deal("S", 3)
    dealt = [card for _, cards in deal.hands + deal.extras for card in cards]
    assert rules.pack is SPANISH_48 and sorted(dealt, key=str) == sorted(SPANISH_48.cards, key=str)
    ten = Deal("N", tuple((seat, (Card("10", "S"),) + cards[1:]) if seat == "W" else (seat, cards)
                          for seat, cards in SUITS.hands), SUITS.extras)
    four = get_rules("vache")
    assert four.why_illegal(four.initial("N"), ten).rule == "vache.deal"      # a 10 is no card of the pack


@pytest.mark.rule("vache.all-tied")
def test_when_no_trick_is_won_outright_nobody_takes_any():
    hand = start(SUITS)
    for rank in "A 2 3 4 5 6 7 8 9".split():                       # every trick four cards of one rank
        hand = play(hand, f"W plays {rank}S", f"S plays {rank}H", f"E plays {rank}D", f"N plays {rank}C")
    assert hand.state.over and all(trick.winner is None for trick in hand.state.tricks)
    assert hand.rules.tricks_taken(hand.state) == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert hand.rules.score(hand.state).score == {"N": 0, "E": 0, "S": 0, "W": 0}


@pytest.mark.rule("vache.turn", "vache.calls")
def test_a_card_out_of_turn_and_any_call_are_refused_by_their_rules():
    hand = start(SUITS)
    assert hand.rules.why_illegal(hand.state, Play("S", SUITS.hand("S")[0])).rule == "vache.turn"
    assert hand.rules.why_illegal(hand.state, Call("W", "sings")).rule == "vache.calls"
