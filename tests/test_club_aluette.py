"""Aluette's club player (cardlab/players/clubs/aluette.py): positions where it must make the
play its style is built on, with the reason saying why.  Strength is measured in bench/duel.py.

With N dealing, E leads and play runs E → S → W → N; North–South play against East–West.
"""
from __future__ import annotations

from cardlab import Deal, Hand
from cardlab.cards import SPANISH_48
from cardlab.players import Decision, get_player
from tests.test_players import check_reason
from tests.tiny import make_deal, play, start

HANDS = {"E": "KD 5D 5H 5S 6S 6C 7D JD JH", "S": "3D AH 4C 4D 4H 4S 3S 3C 7C",
         "W": "AD AS AC KH KS KC KnD KnH KnS", "N": "3H 2D 2H 9H 9D 2C 2S 8C 8D"}


def club(hand: Hand) -> Decision:
    decision = get_player("club").decide(hand.rules, hand.rules.view(hand.state, hand.state.to_act))
    check_reason(hand.rules, decision)
    assert hand.rules.why_illegal(hand.state, decision.action) is None
    return decision


def deal(dealer: str = "N", rest: bool = False) -> Deal:
    dealt = make_deal(dealer, **HANDS)
    if not rest:
        return dealt
    held = {card for _, cards in dealt.hands for card in cards}
    return Deal(dealer, dealt.hands, (("rest", tuple(c for c in SPANISH_48.cards if c not in held)),))


def test_takes_the_trick_with_the_cheapest_card_that_beats_it():
    decision = club(play(start("aluette", deal()), "E plays KD"))
    assert str(decision.action) == "S plays AH"
    assert "the ace of cups, the cheapest card that beats the king of coins" in decision.reason
    assert "could beat" in decision.reason


def test_spoils_an_opponents_trick_it_cannot_beat():
    decision = club(play(start("aluette", deal()), "E plays 5D", "S plays AH"))
    assert str(decision.action) in {"W plays AS", "W plays AD", "W plays AC"}
    assert decision.reason.startswith("I spoil the trick with the ace of")
    assert "ties the ace of cups, so S does not win it" in decision.reason


def test_leaves_a_trick_its_partner_holds_to_him():
    decision = club(play(start("aluette", deal()), "E plays 5D", "S plays AH", "W plays KnD"))
    assert str(decision.action) in {"N plays 8C", "N plays 8D"}
    assert "my partner's ace of cups holds the trick" in decision.reason
    assert "I leave it to him" in decision.reason


def test_leads_a_good_card_but_keeps_its_best():
    decision = club(start("aluette", deal()))
    assert str(decision.action) in {"E plays JH", "E plays JD"}
    assert "not my best" in decision.reason and "the king of coins waits" in decision.reason


def test_leads_a_card_nobody_can_beat_or_tie():
    decision = club(start("aluette", deal("E")))
    assert str(decision.action) == "S plays 3D"
    assert "no card still out can beat or tie it" in decision.reason


def test_a_receiver_with_a_poor_hand_sings_and_a_player_with_a_good_one_does_not():
    hand = start("aluette", deal(rest=True))
    first = club(hand)
    assert str(first.action) == "E sings"
    assert "I would receive six of the twelve cards" in first.reason and "only 0 cards above" in first.reason
    second = club(hand.then(first.action))
    assert str(second.action) == "S does not sing"
    assert "2 cards above the kings" in second.reason



def test_leads_one_of_its_best_when_they_are_equal():
    hands = {**HANDS, "E": "KD KH KS KC 5D 5H 5S 6S 6C", "W": "AD AS AC 7D JD JH KnD KnH KnS"}
    decision = club(start("aluette", make_deal("N", **hands)))
    assert decision.action.card.rank == "K"
    assert "an opponent must spend a better card" in decision.reason and "its equal, waits" in decision.reason
