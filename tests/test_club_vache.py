"""La Vache's club player (cardlab/games/vache/club.py): positions where it must make the play
its style is built on, with the reason saying why.  Strength is measured in bench/duel.py.

With N dealing, W (the dealer's right) leads and play runs W → S → E → N.  Ranks from high to
low: ace, 2, 3 … 9, jack, knight, king.
"""
from __future__ import annotations

from cardlab import Deal, Hand, parse_cards
from cardlab.cards import SPANISH_48
from cardlab.players import Decision, get_player
from tests.test_players import check_reason
from tests.tiny import play, start


def deal(west: str) -> Deal:
    """West holds ``west``; the rest of the pack goes nine by nine to S, E and N, twelve aside."""
    mine = parse_cards(west)
    others = [c for c in SPANISH_48.cards if c not in mine]
    hands = (("W", mine), ("S", tuple(others[0:9])), ("E", tuple(others[9:18])), ("N", tuple(others[18:27])))
    return Deal("N", hands, (("rest", tuple(others[27:])),))


WEAK = deal("KS KnS JS 9S 8S 7S 6S 5S 4S")


def club(hand: Hand) -> Decision:
    decision = get_player("club").decide(hand.rules, hand.rules.view(hand.state, hand.state.to_act))
    check_reason(hand.rules, decision)
    assert hand.rules.why_illegal(hand.state, decision.action) is None
    return decision


def test_leads_from_the_middle_of_the_hand_without_a_sure_card():
    decision = club(start("vache", WEAK))
    assert str(decision.action) == "W plays 8S"
    assert "from the middle of my hand" in decision.reason and "the king of swords" not in decision.reason
    assert "the 4 of swords waits" in decision.reason


def test_leads_a_card_nobody_can_beat_or_tie():
    decision = club(start("vache", deal("AS AH AD AC KS KnS JS 9S 8S")))
    assert str(decision.action) in {"W plays AS", "W plays AH", "W plays AD", "W plays AC"}
    assert "no card still out can beat or tie it" in decision.reason


def test_takes_in_last_seat_with_the_cheapest_card_that_beats():
    hand = play(start("vache", WEAK), "W plays 8S")
    for _ in range(2):
        hand = hand.then(club(hand).action)
    decision = club(hand)
    assert decision.action.seat == "N"
    best = max((c for _, c in hand.state.trick.plays), key=lambda c: hand.rules.strength(None, c))
    beating = [c for c in hand.state.hand("N") if hand.rules.strength(None, c) > hand.rules.strength(None, best)]
    assert beating and decision.action.card == min(beating, key=lambda c: hand.rules.strength(None, c))
    assert decision.reason.endswith("the cheapest card that beats " + hand.rules.pack.name(best) + ": I play last.")


def test_keeps_a_card_that_would_likely_be_beaten_after_it():
    hand = play(start("vache", WEAK), "W plays 4S")
    assert [str(c) for c in hand.state.hand("S")] == ["AS", "2S", "3S", "AH", "2H", "3H", "4H", "5H", "6H"]
    decision = club(hand)
    assert str(decision.action) == "S plays 6H"
    assert decision.reason.startswith("I throw the 6 of cups, my weakest card: the 3 of ")
    assert "would beat the 4 of swords, but with 6 cards out of sight that could beat or tie it" in decision.reason
