"""The Quatre Sept club player's own skills (cardlab/players/clubs/quatre_sept.py), each on a small
position where the good play is clear: correctness only; its strength is measured in bench/duel.py.

Seats: clockwise N → E → S → W; with E dealing, S leads the first trick.  Ranking in each suit:
10 9 A K Q J 8 7.
"""
from __future__ import annotations

from cardlab import Deal, Hand, get_rules
from tests.test_players import club_decides as decide
from tests.tiny import make_deal, play




def start(deal: Deal) -> Hand:
    return Hand.start(get_rules("quatre_sept"), deal.dealer).then(deal)


# W holds the politaine of diamonds but never gets the lead: N and S keep winning.
NO_LEAD = make_deal(
    "E",
    S="10H JS 9S JH 8H QC JD KC",
    W="AH 7D 8D KD 9D 10C AD 10D",
    N="KH KS 10S AS 9H 7C 8C JC",
    E="7H 7S 8S QS QH 9C QD AC",
)
NO_LEAD_PLAY = ["S plays 10H", "W plays AH", "N plays KH", "E plays 7H",
                "S plays JS", "W plays 7D", "N plays KS", "E plays 7S",
                "N plays 10S", "E plays 8S", "S plays 9S", "W plays 8D",
                "N plays AS", "E plays QS", "S plays JH", "W plays KD",
                "N plays 9H", "E plays QH", "S plays 8H"]


def test_a_waiting_politaine_is_not_thrown_away() -> None:
    hand = play(start(NO_LEAD), *NO_LEAD_PLAY)
    decision = decide(hand)
    assert str(decision.action) == "W plays 10C"
    assert "10 of clubs" in decision.reason


def test_the_holder_of_a_politaine_takes_a_trick_to_get_the_lead() -> None:
    deal = make_deal(
        "N",
        E="7C 9C QH JH 8H 7H 8S 7S",
        S="10H 9H AH KC 8C 7D 8D JS",
        W="10C AC JC KH 9D AD KD QD",
        N="QC 10D JD 10S 9S AS KS QS",
    )
    hand = play(start(deal), "E plays 7C")
    decision = decide(hand)
    assert str(decision.action) == "S plays KC"
    assert "politaine of hearts" in decision.reason and "lead" in decision.reason


def test_second_hand_keeps_its_10_to_catch_the_ace_on_a_lead_worth_nothing() -> None:
    deal = make_deal(
        "N",
        E="7S QH JH 8H 7H 8C 7C 9C",
        S="10S 8S 10H 9H KC 8D 7D JD",
        W="AS KS QS AH KH AD KD QD",
        N="9S JS 10C AC QC JC 10D 9D",
    )
    hand = play(start(deal), "E plays 7S")
    decision = decide(hand)
    assert str(decision.action) == "S plays 8S"
    assert "keep the 10 of spades back" in decision.reason and "ace of spades" in decision.reason
