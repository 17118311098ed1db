"""Tressette's club style: the skills of its own, each on a small explicit position.

N deals, so W leads the first trick and play runs W → S → E → N; W and E are partners.
Ranking in each suit: 3 2 A K Kn J 7 6 5 4.
"""
from __future__ import annotations

from cardlab import Play
from tests.test_players import club_decides as decide
from tests.tiny import make_deal, play, start

# W holds the 3 and 2 of three suits and three coins headed by the 3; W can win the first six
# tricks with them (WINS_SIX), which leaves the 3 of coins master with the ace of coins still out.
MASTERS = make_deal(
    W="3H 2H 3S 2S 3C 2C 3D 4D 5D 4H",
    S="AH 7H AS 7S AC 7C 2D AD 7D KD",
    E="KH 6H KS 6S KC 6C KnD JD 6D 5H",
    N="KnH JH KnS JS KnC JC 4S 5S 4C 5C",
)
WINS_SIX = ("W plays 3H", "S plays 7H", "E plays 6H", "N plays JH",
            "W plays 2H", "S plays AH", "E plays KH", "N plays KnH",
            "W plays 3S", "S plays 7S", "E plays 6S", "N plays JS",
            "W plays 2S", "S plays AS", "E plays KS", "N plays KnS",
            "W plays 3C", "S plays 7C", "E plays 6C", "N plays JC",
            "W plays 2C", "S plays AC", "E plays KC", "N plays KnC")




def test_early_the_master_threes_wait_for_the_points_they_can_catch() -> None:
    decision = decide(start("tressette", MASTERS))
    assert isinstance(decision.action, Play)
    assert decision.action.card.rank not in ("3", "2"), decision.reason
    assert str(decision.action.card) == "4D"
    assert "and keep the 3 of" in decision.reason and "the master card" in decision.reason


def test_late_the_master_three_is_cashed() -> None:
    hand = play(start("tressette", MASTERS), *WINS_SIX)
    assert hand.state.to_act == "W" and len(hand.state.tricks) == 6
    decision = decide(hand)
    assert decision.action == Play("W", hand.rules.pack.parse("3D"))
    assert "with 4 tricks left it is time to cash it" in decision.reason


def test_a_figure_is_led_to_draw_the_three_and_two_before_the_ace() -> None:
    deal = make_deal(
        W="AS KS 5S 4C 5C 6C 7C 4H 5H 6H",
        S="3S 2S 6S 3C 2C AC KC 3H 2H AH",
        E="7S JS KnS KnC JC 7H KH KnH JH 3D",
        N="4S 2D AD KD KnD JD 7D 6D 5D 4D",
    )
    decision = decide(start("tressette", deal))
    assert str(decision.action.card) == "KS"
    assert "to draw out the 3 and the 2 of swords before my ace of swords" in decision.reason


def test_a_void_player_throws_a_free_low_card_and_keeps_the_guard_of_his_ace() -> None:
    deal = make_deal(
        W="4C 5C 6C 7C JC 4S 5S 5H 6H 7H",
        S="3C 2C AC KC KnC 3S 2S 3H 2H KH",
        E="AH 4H 7S 6S 3D 2D AD KD KnD JD",
        N="JH 7D 6D 5D 4D AS KS KnS JS KnH",
    )
    hand = play(start("tressette", deal), "W plays 4C", "S plays 3C")
    decision = decide(hand)
    assert str(decision.action.card) == "6S"
    assert "the 4 of cups stays to guard my ace of cups" in decision.reason
    assert "I cannot win this trick" in decision.reason


def test_second_hand_keeps_the_master_three_off_a_trick_worth_nothing() -> None:
    deal = make_deal(
        W="4D 7C 6C 5C 4C 7H 6H 5H 4H 7S",
        S="3D 5D JC KnC KC 6S 5S 4S KnS JS",
        E="6D 7D AD KD KnD JD 2S 3S AS KS",
        N="2D 3C 2C AC 3H 2H AH KH KnH JH",
    )
    decision = decide(play(start("tressette", deal), "W plays 4D"))
    assert str(decision.action.card) == "5D"
    assert "keep the 3 of coins, the master card: this trick carries nothing" in decision.reason


def test_the_two_is_led_from_two_and_ace_to_draw_out_the_three() -> None:
    deal = make_deal(
        W="2S AS 5S 4C 5C 6C 7C 4H 5H 6H",
        S="3S KS 6S 3C 2C AC KC 3H 2H AH",
        E="7S JS KnS KnC JC 7H KH KnH JH 3D",
        N="4S 2D AD KD KnD JD 7D 6D 5D 4D",
    )
    decision = decide(start("tressette", deal))
    assert str(decision.action.card) == "2S"
    assert "to draw out the 3 of swords: once it has fallen, my ace of swords is the master card" in decision.reason


def test_a_long_suit_is_drawn_out_with_its_master_three() -> None:
    deal = make_deal(
        W="3S 7S 6S 5S 4C 5C 6C 4H 5H 6H",
        S="2S KS AS 3C 2C AC KC 3H 2H AH",
        E="4S JS KnS KnC JC 7H KH KnH JH 3D",
        N="7C 2D AD KD KnD JD 7D 6D 5D 4D",
    )
    decision = decide(start("tressette", deal))
    assert str(decision.action.card) == "3S"
    assert "from my 4 swords: it draws out the others' swords" in decision.reason


def test_with_only_masters_in_hand_the_cheapest_to_lead_goes_first() -> None:
    deal = make_deal(
        W="3H 2H AH 3S 2S AS 3C 2C AC 3D",
        S="KH 7H KS 7S KC 7C 2D AD 7D KD",
        E="KnH 6H KnS 6S KnC 6C KnD JD 6D 5H",
        N="JH 4H JS 5S 4S JC 5C 4C 5D 4D",
    )
    decision = decide(start("tressette", deal))
    assert decision.action.card.rank == "A"
    assert "the master card carrying 1 point to my side: any other card I could lead would cost my side more" in decision.reason
