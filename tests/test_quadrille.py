"""Quadrille: one test per rule statement, per matador case and per settlement case
(shared/rules.md §2), on tiny explicit deals.

Seats: clockwise is N → E → S → W; Quadrille turns to the right, so with N dealing the eldest
is W and every round runs W → S → E → N.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from cardlab import Deal, Hand, Play, Trick, get_rules, parse_cards
from cardlab.bots import RandomBot, SimpleBot, play_out
from cardlab.rules import MatchError
from cardlab.cards import Card
from cardlab.games.quadrille.rules import Outcome, trump_order
from tests import tiny
from tests.tiny import make_deal, play, refusal


def start(deal: Deal, **options) -> Hand:
    return tiny.start("quadrille", deal, **options)


def calls(hand: Hand) -> list[str]:
    return [str(a) for a in hand.rules.legal(hand.state) if not isinstance(a, Play)]


# W: Spadille, Manille (7H), Basto, Punto (AH), KH QH JH, the black kings and 2D.
STRONG_W = make_deal(
    W="AS 7H AC AH KH QH JH KS KC 2D",
    S="2H 3H 4H 5H 6H QS JS 7S 6S 5S",
    E="KD QD JD AD 3D 4D 5D 6D 7D QC",
    N="2S 3S 4S JC 7C 6C 5C 4C 3C 2C",
)
# Six tricks of hearts won by W (S follows with his small hearts, E and N discard).
SIX_STRAIGHT = [
    "W plays AS", "S plays 2H", "E plays 7D", "N plays 2C",
    "W plays 7H", "S plays 3H", "E plays 6D", "N plays 3C",
    "W plays AC", "S plays 4H", "E plays 5D", "N plays 4C",
    "W plays AH", "S plays 5H", "E plays 4D", "N plays 5C",
    "W plays KH", "S plays 6H", "E plays 3D", "N plays 6C",
    "W plays QH", "S plays 5S", "E plays AD", "N plays 7C",
]


def state_with(trumps: str, led: list[tuple[str, str]], to_act: str, hand: str):
    """A play-phase state with a trick on the table and ``to_act`` holding ``hand``."""
    rules = get_rules("quadrille")
    state = rules.initial("N")
    hands = tuple(parse_cards(hand) if seat == to_act else () for seat in state.seats)
    trick = Trick(led[0][0], tuple((seat, Card.parse(code)) for seat, code in led))
    return rules, state.evolve(phase="play", trumps=trumps, contract="solo", ombre="W",
                               hands=hands, trick=trick, to_act=to_act)


def legal(rules, state) -> set[str]:
    return {str(card) for card in rules.legal_cards(state, state.to_act)}


# ----- pack, deal, ranking -----------------------------------------------------------------
@pytest.mark.rule("quadrille.pack")
def test_forty_card_pack_without_eights_nines_tens():
    rules = get_rules("quadrille")
    assert len(rules.pack.cards) == 40
    assert not any(card.rank in ("8", "9", "10") for card in rules.pack.cards)


@pytest.mark.rule("quadrille.deal", "quadrille.direction")
def test_deal_goes_to_the_right_in_packets_of_three_three_four_from_eldest():
    rules = get_rules("quadrille")
    cards = list(rules.pack.cards)
    deal = rules.deal_from("N", cards)
    assert [str(c) for c in deal.hand("W")[:3]] == [str(c) for c in cards[0:3]]   # eldest first
    assert [str(c) for c in deal.hand("S")[:3]] == [str(c) for c in cards[3:6]]   # then to his right
    assert deal.hand("N")[-4:] == tuple(cards[36:40])                             # dealer last, 4
    assert all(len(deal.hand(seat)) == 10 for seat in "NESW")


@pytest.mark.rule("quadrille.deal-pattern")
def test_deal_pattern_option():
    rules = get_rules("quadrille", deal_pattern="4-3-3")
    deal = rules.deal_from("N", list(rules.pack.cards))
    assert deal.hand("W")[:4] == rules.pack.cards[0:4]


@pytest.mark.rule("quadrille.trump-order")
def test_trump_orders_for_each_suit():
    assert " ".join(map(str, trump_order("S"))) == "AS 2S AC KS QS JS 7S 6S 5S 4S 3S"
    assert " ".join(map(str, trump_order("C"))) == "AS 2C AC KC QC JC 7C 6C 5C 4C 3C"
    assert " ".join(map(str, trump_order("H"))) == "AS 7H AC AH KH QH JH 2H 3H 4H 5H 6H"
    assert " ".join(map(str, trump_order("D"))) == "AS 7D AC AD KD QD JD 2D 3D 4D 5D 6D"


@pytest.mark.rule("quadrille.plain-order")
def test_plain_orders_black_king_down_to_two_and_red_ace_between_jack_and_two():
    rules, state = state_with("S", [("W", "2S")], "S", "")
    red = sorted(parse_cards("KH QH JH AH 2H 3H 4H 5H 6H 7H"), key=lambda c: -rules.strength(state, c))
    assert " ".join(map(str, red)) == "KH QH JH AH 2H 3H 4H 5H 6H 7H"
    rules, state = state_with("H", [("W", "2H")], "S", "")
    black = sorted(parse_cards("KS QS JS 7S 6S 5S 4S 3S 2S"), key=lambda c: -rules.strength(state, c))
    assert " ".join(map(str, black)) == "KS QS JS 7S 6S 5S 4S 3S 2S"


@pytest.mark.rule("quadrille.black-aces")
def test_spadille_and_basto_belong_to_the_trump_suit_not_spades_or_clubs():
    rules, state = state_with("D", [("W", "KS")], "S", "AS 2H")
    assert rules.suit_of(state, Card("A", "S")) == "D"
    assert rules.suit_of(state, Card("A", "C")) == "D"
    assert legal(rules, state) == {"AS", "2H"}  # no spade but Spadille: void in spades


@pytest.mark.rule("quadrille.trick-winner")
def test_highest_trump_wins_else_highest_of_the_suit_led():
    rules, state = state_with("H", [("W", "2D"), ("S", "AD"), ("E", "JD"), ("N", "3C")], "S", "")
    assert rules.trick_winner(state, state.trick) == "E"   # red plain: J above A
    rules, state = state_with("H", [("W", "KD"), ("S", "6H"), ("E", "AC"), ("N", "QD")], "S", "")
    assert rules.trick_winner(state, state.trick) == "E"   # Basto, a trump, beats the 6 of trumps


# ----- auction -----------------------------------------------------------------------------
@pytest.mark.rule("quadrille.auction", "quadrille.direction")
def test_eldest_speaks_first_and_the_auction_runs_to_the_right():
    hand = start(STRONG_W)
    assert hand.state.phase == "auction" and hand.state.to_act == "W"
    hand = play(hand, "W passes")
    assert hand.state.to_act == "S"
    hand = play(hand, "S passes", "E passes")
    assert hand.state.to_act == "N"


@pytest.mark.rule("quadrille.ask-leave")
def test_ask_leave_then_all_pass_is_an_alliance_of_the_asker():
    hand = play(start(STRONG_W), "W asks leave", "S passes", "E passes", "N passes")
    assert hand.state.contract == "alliance" and hand.state.ombre == "W"
    assert hand.state.phase == "trumps" and hand.state.to_act == "W"


@pytest.mark.rule("quadrille.ask-leave")
def test_only_one_may_ask_leave():
    hand = play(start(STRONG_W), "W asks leave")
    assert "S asks leave" not in calls(hand)
    assert "W has asked leave: S may only pass or bid higher" in refusal(hand, "S asks leave")


@pytest.mark.rule("quadrille.auction")
def test_a_passed_player_never_comes_back():
    hand = play(start(STRONG_W), "W passes", "S asks leave", "E passes", "N passes")
    assert hand.state.ombre == "S"  # W, who passed, was not asked again


@pytest.mark.rule("quadrille.asker-holds")
def test_solo_over_an_asker_lets_the_asker_hold_it():
    hand = play(start(STRONG_W), "W asks leave", "S bids solo")
    assert hand.state.to_act == "W"
    assert calls(hand) == ["W holds solo", "W passes"]
    held = play(hand, "W holds solo")
    assert held.state.contract == "solo" and held.state.ombre == "W"
    given = play(hand, "W passes")
    assert given.state.contract == "solo" and given.state.ombre == "S"


@pytest.mark.rule("quadrille.first-solo-on")
def test_first_solo_is_on_when_the_asker_may_not_hold():
    hand = play(start(STRONG_W, asker_may_hold_solo=False), "W asks leave", "S bids solo")
    assert hand.state.ombre == "S" and hand.state.phase == "trumps"


@pytest.mark.rule("quadrille.solo")
def test_solo_ends_the_auction():
    hand = play(start(STRONG_W), "W bids solo")
    assert hand.state.contract == "solo" and hand.state.phase == "trumps"


@pytest.mark.rule("quadrille.forced-spadille")
def test_all_pass_is_forced_spadille_for_the_holder_of_spadille():
    hand = play(start(STRONG_W), "W passes", "S passes", "E passes", "N passes")
    assert hand.state.contract == "forced Spadille" and hand.state.ombre == "W"


def test_no_card_is_played_during_the_auction():
    assert "auction" in refusal(start(STRONG_W), "W plays AS")


# ----- trumps and the call -----------------------------------------------------------------
@pytest.mark.rule("quadrille.name-trumps", "quadrille.eldest-leads")
def test_solo_names_trumps_and_eldest_leads():
    hand = play(start(STRONG_W), "W passes", "S bids solo", "S names trumps S")
    assert hand.state.trumps == "S" and hand.state.phase == "play"
    assert hand.state.to_act == "W"  # eldest leads whoever won the auction


@pytest.mark.rule("quadrille.king-call")
def test_call_a_king_of_a_non_trump_suit_the_caller_lacks():
    hand = play(start(STRONG_W), "W asks leave", "S passes", "E passes", "N passes", "W names trumps H")
    assert calls(hand) == ["W calls KD"]  # KS and KC are his own; KH is trumps
    assert "king of a non-trump suit he does not hold" in refusal(hand, "W calls KS")
    hand = play(hand, "W calls KD")
    assert hand.state.partner == "E" and hand.state.phase == "play"


@pytest.mark.rule("quadrille.king-call")
def test_holding_the_three_kings_calls_a_queen():
    rules = get_rules("quadrille")
    state = rules.initial("N").evolve(
        phase="call", ombre="W", trumps="H", to_act="W",
        hands=((), (), (), parse_cards("KS KD KC QD AS 7H AC AH KH QH")))
    assert [str(c) for c in rules.callable(state)] == ["QS", "QC"]


@pytest.mark.rule("quadrille.secret-partner")
def test_the_called_partner_is_secret_until_the_king_is_played():
    hand = play(start(STRONG_W), "W asks leave", "S passes", "E passes", "N passes",
                "W names trumps H", "W calls KD")
    rules, state = hand.rules, hand.state
    for seat in "WSN":
        assert rules.view(state, seat).partner is None
        assert rules.side_of(rules.view(state, seat), "E") == "partner unknown"
    assert rules.view(state, "E").partner == "E"  # the partner knows
    assert rules.side_of(state, "E") == rules.side_of(state, "W") == "Ombre"  # the teacher's view
    hand = play(hand, "W plays 2D", "S plays 5S", "E plays KD")
    assert rules.view(hand.state, "S").partner == "E"


# ----- matador reneging (law 7) ------------------------------------------------------------
@pytest.mark.rule("quadrille.follow-suit")
def test_plain_lead_must_be_followed_and_trumping_is_not_required():
    rules, state = state_with("H", [("W", "KD")], "S", "2D 3H 4S")
    assert legal(rules, state) == {"2D"}
    rules, state = state_with("H", [("W", "KD")], "S", "3H 4S")
    assert legal(rules, state) == {"3H", "4S"}


@pytest.mark.rule("quadrille.matador-renege")
def test_ordinary_trump_led_does_not_force_a_lone_matador():
    rules, state = state_with("H", [("W", "5H")], "S", "AS 2D 4S")
    assert legal(rules, state) == {"AS", "2D", "4S"}


@pytest.mark.rule("quadrille.matador-renege")
def test_ordinary_trump_led_with_matador_and_ordinary_trump_any_trump():
    rules, state = state_with("H", [("W", "5H")], "S", "AS 3H 2D")
    assert legal(rules, state) == {"AS", "3H"}
    sentence = rules.why_illegal(state, Play("S", Card("2", "D")))
    assert "trump" in sentence and "matador" in sentence


@pytest.mark.rule("quadrille.matador-renege", "quadrille.matadors")
def test_spadille_led_forces_a_lone_manille():
    rules, state = state_with("H", [("W", "AS")], "S", "7H 2D 4S")
    assert legal(rules, state) == {"7H"}
    assert "forced by a higher matador" in rules.why_illegal(state, Play("S", Card("2", "D")))


@pytest.mark.rule("quadrille.matador-renege")
def test_manille_led_forces_basto():
    rules, state = state_with("S", [("W", "2S")], "S", "AC 2D")
    assert legal(rules, state) == {"AC"}


@pytest.mark.rule("quadrille.matador-renege")
def test_basto_led_forces_neither_spadille_nor_manille():
    rules, state = state_with("S", [("W", "AC")], "S", "AS 2S 2D")
    assert legal(rules, state) == {"AS", "2S", "2D"}


@pytest.mark.rule("quadrille.matador-renege")
def test_a_higher_matador_played_later_forces_nothing():
    rules, state = state_with("H", [("W", "5H"), ("S", "AS")], "E", "AC 2D")
    assert legal(rules, state) == {"AC", "2D"}


@pytest.mark.rule("quadrille.matador-renege")
def test_spadille_led_forced_player_may_play_any_trump():
    rules, state = state_with("H", [("W", "AS")], "S", "AC 3H 2D")
    assert legal(rules, state) == {"AC", "3H"}


# ----- premiers and the vole ---------------------------------------------------------------
def solo_w() -> Hand:
    return play(start(STRONG_W), "W bids solo", "W names trumps H", *SIX_STRAIGHT)


@pytest.mark.rule("quadrille.premiers")
def test_six_straight_tricks_give_the_winner_the_choice():
    hand = solo_w()
    assert hand.state.to_act == "W" and hand.state.vole == "deciding"
    assert calls(hand) == ["W stops", "W plays for the vole"]


@pytest.mark.rule("quadrille.premiers", "quadrille.premiers-bonus")
def test_stopping_ends_the_hand_won_with_premiers():
    hand = play(solo_w(), "W stops")
    assert hand.state.over
    result = hand.rules.score(hand.state)
    assert result.outcome.premiers and result.outcome.result == "win"
    # pot 4 (u 1): +4 pot, -1 stake; each opponent pays 2u matadors (with Punto) + 1u premiers
    assert result.score == {"N": -4, "E": -4, "S": -4, "W": 12, "pot": 0}


@pytest.mark.rule("quadrille.vole", "quadrille.vole-bonus")
def test_leading_to_the_seventh_trick_plays_the_vole_and_a_failed_vole_pays_two_units():
    hand = play(solo_w(), "W plays JH")  # law 12: leading on is the vole
    assert hand.state.vole == "playing"
    hand = play(hand, "S plays 7S", "E plays QD", "N plays 2S",
                "W plays 2D", "S plays 6S", "E plays KD", "N plays 3S",
                "E plays JD", "N plays 4S", "W plays KS", "S plays JS",
                "E plays QC", "N plays JC", "W plays KC", "S plays QS")
    result = hand.rules.score(hand.state)
    assert result.outcome.tricks == 8 and result.outcome.vole == "failed"
    # each opponent pays 3u (matadors 2, premiers 1) and receives 2u for the failed vole
    assert result.score == {"N": -2, "E": -2, "S": -2, "W": 6, "pot": 0}


@pytest.mark.rule("quadrille.forced-no-vole")
def test_forced_spadille_stops_after_six_straight_tricks():
    hand = play(start(STRONG_W), "W passes", "S passes", "E passes", "N passes",
                "W names trumps H", "W calls KD", *SIX_STRAIGHT)
    assert hand.state.over and calls(hand) == []


def alliance_w() -> Hand:
    """W asks leave and calls KD (E's): an alliance W + E."""
    return play(start(STRONG_W), "W asks leave", "S passes", "E passes", "N passes",
                "W names trumps H", "W calls KD")


@pytest.mark.rule("quadrille.ask-ally", "quadrille.partner-known")
def test_law_20_the_winner_of_the_sixth_may_ask_his_ally_who_decides_for_the_side():
    hand = play(alliance_w(), *SIX_STRAIGHT)
    assert hand.state.partner_known  # law 19
    assert calls(hand) == ["W stops", "W plays for the vole", "W asks"]
    asked = play(hand, "W asks")
    assert asked.state.to_act == "E" and asked.state.vole == "asked"
    assert calls(asked) == ["E stops", "E plays for the vole"]  # no card before the answer
    assert "law 20" in refusal(asked, "E plays KD")
    assert "law 20" in refusal(asked, "E asks")
    assert str(SimpleBot().choose(asked.rules, asked.rules.view(asked.state, "E"))) == "E stops"
    stopped = play(asked, "E stops")
    assert stopped.state.over and stopped.rules.score(stopped.state).outcome.premiers
    going = play(asked, "E plays for the vole")
    assert going.state.vole == "playing" and going.state.to_act == "W"  # W leads the seventh
    going = play(going, "W plays JH")
    assert going.state.to_act == "S"


@pytest.mark.rule("quadrille.ask-ally")
def test_law_20_the_partner_who_won_the_sixth_asks_the_ombre():
    hand = play(alliance_w(), *SIX_STRAIGHT[:20], "W plays 2D", "S plays 5S", "E plays KD", "N plays 7C")
    assert calls(hand) == ["E stops", "E plays for the vole", "E asks"]
    hand = play(hand, "E asks")
    assert hand.state.to_act == "W" and calls(hand) == ["W stops", "W plays for the vole"]
    hand = play(hand, "W plays for the vole")
    assert hand.state.to_act == "E" and hand.state.vole == "playing"


@pytest.mark.rule("quadrille.ask-ally")
def test_law_20_only_an_alliance_may_ask():
    assert "law 20" in refusal(solo_w(), "W asks")
    assert "law 20" in refusal(play(alliance_w(), "W plays AS"), "S asks")
    assert "law 20" in refusal(play(alliance_w(), "W plays AS", "S plays 2H", "E plays 7D"), "N asks")


@pytest.mark.rule("quadrille.vole")
def test_law_20_leading_the_seventh_still_undertakes_the_vole_in_an_alliance():
    hand = play(alliance_w(), *SIX_STRAIGHT, "W plays JH")  # law 12, no question asked
    assert hand.state.vole == "playing"


# ----- settlements (rules.md §2.5) ---------------------------------------------------------
def settled(carried=0, contract="solo", partner=None, tricks=6, units=0, premiers=False, vole="",
            times=1, preferred=False, **options):
    rules = get_rules("quadrille", **options)
    stakes = tuple((seat, 4 if seat == "N" else 0) for seat in "NESW") \
        if options.get("stakes") == "dealer_four" else tuple((seat, 1) for seat in "NESW")
    outcome = Outcome(contract, "W", partner, tricks, units, premiers, vole, stakes, preferred=preferred)
    return rules.settlement(outcome, carried, times)


def settle(*args, **kwargs):
    return settled(*args, **kwargs).score


@pytest.mark.rule("quadrille.win")
def test_solo_win_takes_the_pot():
    assert settle() == {"N": -1, "E": -1, "S": -1, "W": 3, "pot": 0}


@pytest.mark.rule("quadrille.matador-bonus")
def test_three_matadors_one_unit_from_each_opponent():
    assert settle(units=1) == {"N": -2, "E": -2, "S": -2, "W": 6, "pot": 0}


@pytest.mark.rule("quadrille.vole-bonus")
def test_vole_made_two_more_units():
    assert settle(tricks=10, units=2, premiers=True, vole="made") == \
        {"N": -6, "E": -6, "S": -6, "W": 18, "pot": 0}


@pytest.mark.rule("quadrille.win", "quadrille.matador-bonus")
def test_alliance_win_split_with_the_odd_chip_to_the_ombre_and_bonuses_to_each_ally():
    assert settle(carried=1, contract="alliance", partner="E") == {"N": -1, "E": 1, "S": -1, "W": 2, "pot": -1}
    assert settle(contract="alliance", partner="E", units=1) == {"N": -3, "E": 3, "S": -3, "W": 3, "pot": 0}


@pytest.mark.rule("quadrille.remise")
def test_remise_the_ombre_doubles_the_pot_and_pays_matadors():
    assert settle(tricks=5) == {"N": -1, "E": -1, "S": -1, "W": -5, "pot": 8}
    assert settle(tricks=5, units=1) == {"N": 0, "E": 0, "S": 0, "W": -8, "pot": 8}


@pytest.mark.rule("quadrille.codille", "quadrille.codille-matadors", "quadrille.codille-once")
def test_codille_opponents_share_the_pot_remainder_stays_and_the_ombre_pays_twice_the_pot():
    assert settle(tricks=4) == {"N": 0, "E": 0, "S": 0, "W": -9, "pot": 9}
    assert settle(tricks=4, codille_pays=1) == {"N": 0, "E": 0, "S": 0, "W": -5, "pot": 5}


@pytest.mark.rule("quadrille.loss-bearer")
def test_alliance_loss_is_borne_by_the_caller_alone():
    assert settle(tricks=3, contract="alliance", partner="E") == \
        {"N": 1, "E": -1, "S": 1, "W": -9, "pot": 8}


@pytest.mark.rule("quadrille.loss-bearer")
def test_forced_spadille_loss_is_shared():
    assert settle(tricks=5, contract="forced Spadille", partner="E") == \
        {"N": -1, "E": -3, "S": -1, "W": -3, "pot": 8}


@pytest.mark.rule("quadrille.no-codille-matadors", "quadrille.codille-matadors")
def test_matadors_on_codille_option():
    assert settle(tricks=4, units=1)["W"] == -12
    assert settle(tricks=4, units=1, matadors_on_codille=False)["W"] == -9


@pytest.mark.rule("quadrille.unit", "quadrille.exact-units", "quadrille.floor-units")
def test_units_exact_or_rounded_down():
    assert settle(carried=9, units=1)["W"] == 12 + Fraction(39, 4)
    assert settle(carried=9, units=1, unit_rounding="floor")["W"] == 12 + 9


@pytest.mark.rule("quadrille.dealer-stakes")
def test_dealer_may_stake_four():
    assert settle(stakes="dealer_four") == {"N": -4, "E": 0, "S": 0, "W": 4, "pot": 0}


@pytest.mark.rule("quadrille.unit", "quadrille.remise")
def test_carried_pot_is_settled_by_the_match():
    rules = get_rules("quadrille")
    match = rules.new_match("N")
    assert match.totals == {"N": 40, "E": 40, "S": 40, "W": 40, "pot": 0}
    remise = play(solo_w(), "W stops")
    carried = rules.settle(rules.new_match("N", {"N": 40, "E": 40, "S": 40, "W": 32, "pot": 8}),
                           rules.score(remise.state))
    # pot 12, unit 3: W takes 12, each opponent pays 3 units of 3
    assert carried.totals == {"N": 30, "E": 30, "S": 30, "W": 70, "pot": 0}


@pytest.mark.rule("quadrille.game-length")
def test_game_is_a_multiple_of_four_deals_and_bots_play_it_through():
    rules = get_rules("quadrille", rounds=1)
    match = rules.new_match("N")
    for number in range(4):
        hand = Hand.dealt(rules, match.dealer, number)
        for action in play_out(rules, hand.state, SimpleBot()):
            hand = hand.then(action)
        assert hand.state.over
        match = rules.settle(match, rules.score(hand.state))
        assert sum(match.totals.values()) == 160
    assert match.over and match.winner


# ----- teaching scenarios ------------------------------------------------------------------
def scenario_hand(name: str) -> Hand:
    from cardlab.scenario import builtin, run
    outcome = run(builtin(name))
    assert outcome.error is None
    return outcome.hand


def test_scenario_matador_renege():
    hand = scenario_hand("quadrille-matador-renege")
    assert {str(a.card) for a in hand.rules.legal(hand.state)} == {str(c) for c in hand.state.hand("S")}


def test_scenario_forced_matador():
    hand = scenario_hand("quadrille-forced-matador")
    assert [str(a) for a in hand.rules.legal(hand.state)] == ["S plays 7H"]


def test_scenario_called_king_revealed():
    hand = scenario_hand("quadrille-called-king")
    rules = hand.rules
    assert rules.view(hand.states[8], "S").partner is None
    assert rules.view(hand.state, "S").partner == "E"
    assert rules.badges(rules.view(hand.state, "S"), "E") == ("partner",)
    assert rules.side_of(rules.view(hand.state, "S"), "E") == "Ombre"


def test_scenario_remise_carries_the_pot():
    from cardlab.scenario import builtin, report, run
    out = report(run(builtin("quadrille-remise")))
    assert out["match"]["totals"]["pot"] == 24 and out["result"]["score"]["S"] == -13


def test_scenario_vole_attempted():
    hand = scenario_hand("quadrille-vole")
    assert hand.rules.score(hand.state).outcome.vole == "failed"


# ----- variants (seed 001, "Variations") ---------------------------------------------------
@pytest.mark.rule("quadrille.mediator")
def test_mediator_takes_the_called_king_and_gives_a_card():
    hand = play(start(STRONG_W, mediator=True), "W bids médiator")
    assert calls(hand) == ["S passes", "S bids solo"]  # only higher bids now
    hand = play(hand, "S passes", "E passes", "N passes", "W names trumps H")
    assert calls(hand) == ["W takes KD"]
    hand = play(hand, "W takes KD")
    assert Card("K", "D") in hand.state.hand("W") and len(hand.state.hand("W")) == 11
    assert "W gives KD" not in calls(hand)
    hand = play(hand, "W gives 2D")
    assert Card("2", "D") in hand.state.hand("E") and len(hand.state.hand("E")) == 10
    assert hand.state.partner is None and hand.state.phase == "play"


@pytest.mark.rule("quadrille.casco")
def test_casco_partner_names_trumps_after_the_call():
    hand = play(start(STRONG_W, casco=True), "W asks leave", "S passes", "E passes", "N passes")
    assert "W lets his partner name trumps" in calls(hand)
    hand = play(hand, "W lets his partner name trumps", "W calls KD")
    assert hand.state.phase == "trumps" and hand.state.to_act == "E"
    assert hand.rules.view(hand.state, "S").partner == "E"  # naming trumps makes him known
    hand = play(hand, "E names trumps D")
    assert hand.state.trumps == "D" and hand.state.to_act == "W"


@pytest.mark.rule("quadrille.casco")
def test_casco_needs_both_black_aces():
    hand = play(start(STRONG_W, casco=True), "W passes", "S asks leave", "E passes", "N passes")
    assert "S lets his partner name trumps" not in calls(hand)


@pytest.mark.rule("quadrille.forced-invitation")
def test_forced_spadille_may_invite_the_partner():
    hand = play(start(STRONG_W, forced_invitation=True), "W passes", "S passes", "E passes", "N passes")
    assert "W lets his partner name trumps" in calls(hand)


@pytest.mark.rule("quadrille.grandissimo")
def test_grandissimo_only_black_aces_are_trumps():
    hand = play(start(STRONG_W, grandissimo=True), "W bids grandissimo")
    assert hand.state.phase == "play" and hand.state.trumps == "aces"
    hand = play(hand, "W plays KS")
    assert {str(a.card) for a in hand.rules.legal(hand.state)} == {"QS", "JS", "7S", "6S", "5S"}
    hand = play(hand, "S plays QS", "E plays QC", "N plays 2S")
    assert hand.state.tricks[-1].winner == "W"


@pytest.mark.rule("quadrille.devole")
def test_devole_is_won_by_losing_every_trick():
    assert settle(contract="devole", tricks=0) == {"N": -1, "E": -1, "S": -1, "W": 3, "pot": 0}
    assert settle(contract="devole", tricks=1) == settle(tricks=4)


@pytest.mark.rule("quadrille.vole-announced")
def test_vole_announced_before_the_first_lead():
    hand = play(start(STRONG_W, vole_announced=True), "W bids solo", "S passes", "E passes", "N passes",
                "W names trumps H")
    assert calls(hand) == ["W announces the vole", "W does not announce"]
    hand = play(hand, "W announces the vole", *SIX_STRAIGHT)
    assert hand.state.vole == "announced" and calls(hand) == []  # no stop: he must take all ten
    assert settle(tricks=10, units=2, premiers=True, vole="announced made")["W"] == 3 + 3 * 7
    assert settle(tricks=9, vole="announced failed") == settle(tricks=4)


@pytest.mark.rule("quadrille.vole-bid")
def test_law_18_with_vole_announced_the_vole_outranks_solo():
    hand = play(start(STRONG_W, vole_announced=True), "W bids solo")
    assert calls(hand) == ["S passes", "S bids the vole"]  # a solo no longer ends the auction
    hand = play(hand, "S bids the vole")  # the top bid: the auction ends at once
    assert hand.state.ombre == "S" and hand.state.contract == "alliance" and hand.state.vole == "announced"
    hand = play(hand, "S names trumps H", "S calls KD")
    assert hand.state.phase == "play" and hand.state.partner == "E"  # no announce step: announced by bidding
    assert calls(play(start(STRONG_W), "W asks leave")) == ["S passes", "S bids solo"]  # variant off


@pytest.mark.rule("quadrille.doubling")
def test_doubling_after_lost_games():
    rules = get_rules("quadrille", doubling=True)
    lost = rules.settlement(Outcome("solo", "W", None, 5, 0, False, "", tuple((s, 1) for s in "NESW")), 0)
    match = rules.settle(rules.new_match("N"), lost)
    assert rules.times(match) == 2
    assert rules.times(rules.settle(match, lost)) == 3


def test_mediator_card_given_is_hidden_from_the_others():
    hand = play(start(STRONG_W, mediator=True), "W bids médiator", "S passes", "E passes", "N passes",
                "W names trumps H", "W takes KD", "W gives 2D")
    assert "W gives 2D" in [str(c) for _, c in hand.rules.view(hand.state, "E").calls]
    assert "W gives a card" in [str(c) for _, c in hand.rules.view(hand.state, "S").calls]


# ----- the five-handed adaptation ----------------------------------------------------------
@pytest.mark.rule("quadrille.five-players", "quadrille.five-deal", "quadrille.five-result")
def test_five_players_eight_cards_each_five_tricks_needed():
    rules = get_rules("quadrille", players=5)
    assert rules.seats == ("NE", "E", "S", "W", "NW")
    deal = rules.deal(rules.seats[0], 3)
    assert all(len(deal.hand(seat)) == 8 for seat in rules.seats)
    assert rules.new_match("S").totals == {"NE": 40, "E": 40, "S": 40, "W": 40, "NW": 40, "pot": 0}
    stakes = tuple((seat, 1) for seat in rules.seats)
    assert rules.settlement(Outcome("solo", "W", None, 5, 0, False, "", stakes, "H", 5), 0).outcome.result == "win"
    assert rules.settlement(Outcome("solo", "W", None, 4, 0, False, "", stakes, "H", 5), 0).outcome.result == "remise"


def test_five_players_bots_play_a_hand_and_chips_are_conserved():
    rules = get_rules("quadrille", players=5)
    hand = Hand.dealt(rules, "NE", 11)
    assert hand.state.to_act == rules.next_seat("NE")  # eldest, at the dealer's right
    for action in play_out(rules, hand.state, SimpleBot()):
        hand = hand.then(action)
    assert hand.state.over and sum(rules.score(hand.state).score.values()) == 0


# ----- the table widget --------------------------------------------------------------------
def test_a_learner_plays_a_whole_game_against_three_bots_at_the_table():
    from cardlab.widgets.table import Table
    table = Table("quadrille", seed=4, rounds=1)
    bot = SimpleBot()
    for deal in range(4):
        while not table.state.over:
            assert table.state.to_act == "S"
            if deal == 0 and table.state.phase == "auction":
                assert [b.description for b in table.calls_box.children][0] == "Pass"
            table.session.act("S", bot.choose(table.rules, table.rules.view(table.state, "S")))
        table.counting.skip()                        # the breakdown follows the learner's count
        assert "End of hand" in table.breakdown_box.value and f"hand {deal + 1}" in table.match_box.value
        if deal < 3:
            table.next_hand()
    settled = table.rules.settle(table.match, table.rules.score(table.state))
    assert settled.over and sum(settled.totals.values()) == 160


@pytest.mark.rule("quadrille.preference")
def test_preference_bids_overcall_the_same_bid_in_another_suit_and_fix_trumps():
    hand = play(start(STRONG_W, preference="H"), "W asks leave")
    assert calls(hand) == ["S passes", "S asks leave in hearts", "S bids solo", "S bids solo in hearts"]
    hand = play(hand, "S asks leave in hearts", "E passes", "N passes")
    assert hand.state.ombre == "S" and hand.state.contract == "alliance"
    assert calls(hand) == ["S names trumps H"]
    held = play(start(STRONG_W, preference="H"), "W asks leave", "S bids solo in hearts")
    assert calls(held) == ["W holds solo", "W passes"]
    held = play(held, "W holds solo")
    assert held.state.ombre == "W" and calls(held) == ["W names trumps H"]


# ----- decisions after the rules review (shared/rules.md §5b) ------------------------------
@pytest.mark.rule("quadrille.vole-failed-allies")
def test_failed_vole_in_an_alliance_the_allies_share_two_units_to_each_opponent():
    # pot 4, unit 1; premiers: each opponent pays each ally 1; the failed vole: the side pays
    # each opponent 2 units, 1 from each ally
    result = settled(contract="alliance", partner="E", tricks=8, premiers=True, vole="failed")
    assert {seat: result.parts[seat]["vole"] for seat in "NESW"} == {"N": 2, "S": 2, "W": -2, "E": -2}
    assert result.score == {"N": -1, "E": 1, "S": -1, "W": 1, "pot": 0}  # the allies keep a share of the win
    solo = settled(tricks=8, premiers=True, vole="failed")
    assert {seat: solo.parts[seat]["vole"] for seat in "NESW"} == {"N": 2, "E": 2, "S": 2, "W": -6}


def test_failed_vole_in_an_alliance_a_vole_made_is_still_paid_to_each_ally():
    result = settled(contract="alliance", partner="E", tricks=10, premiers=True, vole="made")
    assert {seat: result.parts[seat]["vole"] for seat in "NESW"} == {"N": -4, "S": -4, "W": 4, "E": 4}


@pytest.mark.rule("quadrille.doubling")
def test_won_or_lost_double_a_doubled_win_takes_the_pot_and_as_many_chips_again():
    # solo: the pot (4) and 4 more, 4/3 from each opponent; the matador unit doubled
    assert settle(times=2) == {"N": -Fraction(7, 3), "E": -Fraction(7, 3), "S": -Fraction(7, 3), "W": 7, "pot": 0}
    assert settle(units=1, times=2)["W"] == 7 + 3 * 2
    # alliance: the pot and as much again from the two opponents, shared by the allies
    assert settle(contract="alliance", partner="E", times=2) == {"N": -3, "E": 3, "S": -3, "W": 3, "pot": 0}
    # treble after two lost games: twice the pot again
    assert settle(times=3)["W"] == -1 + 4 + 8


def test_won_or_lost_double_every_payment_of_a_remise_or_codille_doubled():
    assert settle(tricks=5, times=2) == {"N": -1, "E": -1, "S": -1, "W": -9, "pot": 12}  # the pot grows by 2P
    assert settle(tricks=5, units=1, times=2)["W"] == -1 - 8 - 3 * 2
    # codille: the opponents take their share of the pot and as much again from the Ombre, who pays 2 × 2P
    assert settle(tricks=4, times=2) == {"N": 1, "E": 1, "S": 1, "W": -20, "pot": 17}


def test_won_or_lost_double_in_the_match_the_game_after_a_loss():
    rules = get_rules("quadrille", doubling=True)
    stakes = tuple((seat, 1) for seat in "NESW")
    remise = rules.settlement(Outcome("solo", "W", None, 5, 0, False, "", stakes), 0)
    match = rules.settle(rules.new_match("N"), remise)  # W pays 4 into the pot: 8 carried
    assert rules.times(match) == 2 and rules.times(rules.settle(match, remise)) == 3
    won = rules.settle(match, rules.settlement(Outcome("solo", "S", None, 6, 0, False, "", stakes), 0))
    # S takes the pot of 12 and 12 more, 4 from each opponent: 40 - 1 - 1 + 12 + 12
    assert won.totals["S"] == 62 and won.totals["pot"] == 0 and sum(won.totals.values()) == 160
    assert rules.times(won) == 1


def test_won_or_lost_double_preference_only_bids_made_in_the_preference_suit():
    preferred = play(start(STRONG_W, preference="H"), "W asks leave in hearts", "S passes", "E passes",
                     "N passes", "W names trumps H", "W calls KD")
    assert preferred.rules.outcome(preferred.state).preferred
    ordinary = play(start(STRONG_W, preference="H"), "W asks leave", "S passes", "E passes", "N passes",
                    "W names trumps H", "W calls KD")
    assert not ordinary.rules.outcome(ordinary.state).preferred  # hearts named, but not bid
    assert settle(preferred=True, preference="H") == settle(times=2)
    assert settle(preference="H") == settle()


@pytest.mark.rule("quadrille.vole-announced")
def test_vole_announced_forced_spadille_is_never_offered_the_announcement():
    hand = play(start(STRONG_W, vole_announced=True), "W passes", "S passes", "E passes", "N passes",
                "W names trumps H", "W calls KD")
    assert hand.state.phase == "play" and hand.state.vole == ""  # law 26: no announce step
    assert "W announces the vole" not in calls(hand)
    hand = play(hand, *SIX_STRAIGHT)
    assert hand.state.over  # and no vole in play either


@pytest.mark.rule("quadrille.vole-announced")
def test_vole_announced_a_failed_announced_vole_is_settled_as_a_codille():
    assert settle(tricks=9, vole="announced failed") == settle(tricks=4)
    assert settle(contract="alliance", partner="E", tricks=9, vole="announced failed") == \
        settle(contract="alliance", partner="E", tricks=4)


@pytest.mark.rule("quadrille.point-score", "quadrille.point-values")
def test_point_score_matadors_ignored_and_each_ally_credited_the_full_win():
    assert settle(contract="alliance", partner="E", units=2, premiers=True, scoring="points") == \
        {"N": 0, "E": 5, "S": 0, "W": 5}  # the game 4, premiers 1; no pot, no matadors
    assert settle(tricks=10, premiers=True, vole="made", scoring="points") == {"N": 0, "E": 0, "S": 0, "W": 7}
    assert settle(tricks=8, premiers=True, vole="failed", scoring="points")["W"] == 3


@pytest.mark.rule("quadrille.point-score")
def test_point_score_a_loss_from_the_caller_alone_except_in_forced_spadille():
    assert settle(contract="alliance", partner="E", tricks=5, scoring="points") == \
        {"N": 0, "E": 0, "S": 0, "W": -4}
    assert settle(contract="alliance", partner="E", tricks=3, scoring="points")["W"] == -8  # codille
    assert settle(contract="forced Spadille", partner="E", tricks=4, scoring="points") == \
        {"N": 0, "E": -8, "S": 0, "W": -8}
    result = settled(contract="forced Spadille", partner="E", tricks=4, scoring="points")
    assert "W −8" in result.summary and "-8" not in result.summary


def test_point_score_the_match_sheet_shows_points():
    rules = get_rules("quadrille", scoring="points", rounds=1)
    match = rules.new_match("N")
    assert match.totals == {"N": 0, "E": 0, "S": 0, "W": 0}
    for number in range(4):
        hand = Hand.dealt(rules, match.dealer, number)
        for action in play_out(rules, hand.state, SimpleBot()):
            hand = hand.then(action)
        result = rules.score(hand.state)
        match = rules.settle(match, result)
        assert "pot" not in match.totals and "pot" not in result.score
    assert match.over and sum(match.totals.values()) == sum(sum(r.score.values()) for r in match.results)
    assert set(rules.sides) == set(rules.seats)  # no pot on a point sheet


FIVE = make_deal("NW", W="AS 7H AC AH KH KS KD KC", S="QH JH 2H 3H 4H 5H 6H 2S",
                 E="3S 4S 5S 6S 7S JS QS 2C", NE="3C 4C 5C 6C 7C JC QC 2D", NW="3D 4D 5D 6D 7D AD JD QD")
FIVE_STRAIGHT = [f"{seat} plays {card}" for trick in zip("AS 7H AC AH KH".split(), "2H 3H 4H 5H 6H".split(),
                                                        "3S 4S 5S 6S 7S".split(), "3C 4C 5C 6C 7C".split(),
                                                        "3D 4D 5D 6D 7D".split())
                 for seat, card in zip(("W", "S", "E", "NE", "NW"), trick)]


@pytest.mark.rule("quadrille.five-stakes")
def test_five_players_stakes_one_chip_each_or_the_dealer_one_per_player():
    rules = get_rules("quadrille", players=5, stakes="dealer_four")
    hand = Hand.dealt(rules, "NE", 2)
    for action in play_out(rules, hand.state, SimpleBot()):
        hand = hand.then(action)
    outcome = rules.outcome(hand.state)
    assert dict(outcome.stakes) == {"NE": 5, "E": 0, "S": 0, "W": 0, "NW": 0}
    assert dict(get_rules("quadrille", players=5).outcome(hand.state).stakes) == {s: 1 for s in rules.seats}
    # a unit stays a quarter of the pot: 5/4 a matador unit from each of four opponents
    result = rules.settlement(Outcome("solo", "W", None, 5, 1, False, "", outcome.stakes, "H", 5), 0)
    assert result.parts["E"]["matadors"] == -Fraction(5, 4) and result.score["W"] == 5 + 4 * Fraction(5, 4)


@pytest.mark.rule("quadrille.five-rounds")
def test_five_players_the_deals_offered_are_whole_rounds():
    assert get_rules("quadrille", players=5).deals() == 10 and get_rules("quadrille").deals() == 8
    for rounds in (1, 2, 3, 4):
        assert get_rules("quadrille", players=5, rounds=rounds).deals() % 5 == 0
        assert get_rules("quadrille", rounds=rounds).deals() % 4 == 0


@pytest.mark.rule("quadrille.five-call")
def test_five_players_the_call_follows_the_four_handed_rule():
    hand = play(start(FIVE, players=5), "W asks leave", "S passes", "E passes", "NE passes", "NW passes",
                "W names trumps H")
    assert calls(hand) == ["W calls QS", "W calls QD", "W calls QC"]  # every plain king held: a queen
    hand = play(start(FIVE, players=5), "W asks leave", "S passes", "E passes", "NE passes", "NW passes",
                "W names trumps S")
    assert calls(hand) == ["W calls QH", "W calls QD", "W calls QC"]  # his four kings count the king of trumps
    hand = play(start(FIVE, players=5), "W passes", "S asks leave", "E passes", "NE passes", "NW passes",
                "S names trumps H")
    assert calls(hand) == ["S calls KS", "S calls KD", "S calls KC"]  # a king of a plain suit he lacks


@pytest.mark.rule("quadrille.five-premiers")
def test_five_players_premiers_are_the_first_five_tricks():
    hand = play(start(FIVE, players=5), "W bids solo", "W names trumps H", *FIVE_STRAIGHT)
    assert hand.state.vole == "deciding" and calls(hand) == ["W stops", "W plays for the vole"]
    hand = play(hand, "W stops")
    outcome = hand.rules.score(hand.state).outcome
    assert outcome.premiers and outcome.result == "win" and outcome.tricks == 5


# ----- a scenario in the middle of a match (rules.py match_from_json / match_to_json) -------
def test_match_from_json_chips_and_pot_with_fractions():
    rules = get_rules("quadrille")
    match = rules.match_from_json("W", {"N": 40, "E": "38 1/2", "S": "41 1/2", "W": 32, "pot": 8})
    assert match.totals == {"N": 40, "E": Fraction(77, 2), "S": Fraction(83, 2), "W": 32, "pot": 8}
    assert match.dealer == "W" and rules.match_to_json(match)["E"] == "38 1/2"
    after = rules.settle(match, rules.score(play(solo_w(), "W stops").state))
    saved = rules.match_to_json(after)
    assert saved["pot"] == 0 and saved["deals"] == 1 and saved["S"] == "31 1/2"  # 41 1/2, less a stake and 3 units of 3
    again = rules.match_from_json("N", saved)
    assert again.totals == after.totals and again.played == 1
    assert rules.match_from_json("N", None).totals == rules.new_match("N").totals


def test_match_from_json_a_wrong_match_is_refused_with_a_sentence():
    rules = get_rules("quadrille")
    good = {"N": 40, "E": 40, "S": 40, "W": 32, "pot": 8}
    wrong = [[], "40", {"NS": 16, "EW": 17}, {**good, "X": 1}, {k: v for k, v in good.items() if k != "pot"},
             {**good, "pot": -1}, {**good, "N": True}, {**good, "N": 1.5}, {**good, "N": None},
             {**good, "N": 10**46}, {**good, "N": 10**5000}, {**good, "N": "3/2"}, {**good, "N": "1/0"},
             {**good, "N": "38 1"}, {**good, "N": "x" * 10**5}, {**good, "N": "1 1/2/3"}, {**good, "N": [40]},
             {**good, "deals": 8}, {**good, "deals": -1}, {**good, "deals": True}, {**good, "lost": 1},
             {**good, "deals": 10**5000}, {**good, "x" * 10**5: 1, "y": 2, "z": 3, "\ud800": 4}]
    for saved in wrong:
        with pytest.raises(MatchError) as caught:
            rules.match_from_json("N", saved)
        sentence = str(caught.value)
        assert sentence.endswith(".") and len(sentence) < 300, sentence
    with pytest.raises(MatchError):
        get_rules("quadrille", scoring="points").match_from_json("N", good)  # no pot in a points game


def test_match_from_json_carries_the_doubling_and_the_deals_played():
    rules = get_rules("quadrille", doubling=True)
    match = rules.match_from_json("N", {"N": 40, "E": 40, "S": 40, "W": 32, "pot": 8, "lost": 2, "deals": 7})
    assert rules.times(match) == 3
    after = rules.settle(match, rules.score(play(solo_w(), "W stops").state))
    assert after.over and rules.times(after) == 1  # the eighth deal, won: the game is over
    points = get_rules("quadrille", scoring="points").match_from_json("N", {"N": 5, "E": "-4", "S": 0, "W": -8})
    assert points.totals == {"N": 5, "E": -4, "S": 0, "W": -8}


# ----- clarity at the table (issue 9) ------------------------------------------------------
def test_an_undeclared_partner_reads_partner_unknown_to_everyone_who_cannot_know():
    hand = alliance_w()
    rules, state = hand.rules, hand.state
    sides = {viewer: {seat.seat: seat.side for seat in rules.scene(state, viewer).seats} for viewer in "NESW"}
    assert sides["S"] == {"W": "Ombre", "E": "partner unknown", "N": "partner unknown", "S": "defence"}
    assert sides["W"] == {"W": "Ombre", "E": "partner unknown", "N": "partner unknown", "S": "partner unknown"}
    assert sides["E"] == {"W": "Ombre", "E": "Ombre", "N": "defence", "S": "defence"}  # the partner knows
    revealed = play(hand, "W plays 2D", "S plays 5S", "E plays KD")
    assert {seat.seat: seat.side for seat in rules.scene(revealed.state, "S").seats} == \
        {"W": "Ombre", "E": "Ombre", "N": "defence", "S": "defence"}


TEXT_OPTIONS = [{}, {"players": 5}, {"scoring": "points"}, {"doubling": True, "preference": "H"},
                {"mediator": True, "casco": True, "forced_invitation": True, "vole_announced": True,
                 "grandissimo": True, "devole": True, "preference": "D"},
                {"players": 5, "mediator": True, "vole_announced": True, "scoring": "points"}]


def texts_of(rules, state) -> list[str]:
    """Every sentence and label the table shows for ``state``, from every chair."""
    texts = [rules.status(state)]
    for viewer in rules.seats:
        scene = rules.scene(state, viewer)
        texts.append(scene.status)
        for seat in scene.seats:
            texts += [seat.label, seat.side, *seat.badges]
        texts.append(rules.status(rules.view(state, viewer)))
    texts += [rules.describe(action) for action in rules.legal(state)]
    return texts


@pytest.mark.parametrize("options", TEXT_OPTIONS, ids=lambda o: json.dumps(o, sort_keys=True))
def test_no_none_and_one_minus_sign_in_any_text_at_any_step(options):
    rules = get_rules("quadrille", **options)
    match = rules.new_match(rules.seats[0])
    for seed in range(8):
        hand = Hand.start(rules, match.dealer)
        texts = texts_of(rules, hand.state)  # step 0: before the deal
        hand = hand.then(rules.deal(match.dealer, seed))
        bot = RandomBot(seed) if seed % 2 else SimpleBot()
        for action in play_out(rules, hand.state, bot):
            texts += texts_of(rules, hand.state)
            hand = hand.then(action)
        texts += texts_of(rules, hand.state)
        match = rules.settle(match, rules.score(hand.state))
        texts.append(match.results[-1].summary)
        texts += list(match.results[-1].parts[rules.seats[0]])
        for text in texts:
            assert "None" not in text and not re.search(r"-\d", text), (seed, text)


def test_every_call_reads_in_plain_words():
    raw = re.compile(r"\b(10|Kn|[2-7AJQK])[SHDC]\b")
    seen: dict[str, str] = {}
    for options in TEXT_OPTIONS:
        rules = get_rules("quadrille", **options)
        for seed in range(30):
            state = Hand.dealt(rules, rules.seats[seed % len(rules.seats)], seed).state
            bot = RandomBot(seed)
            while not state.over:
                for call in rules.legal_calls(state) + [c for _, c in rules.view(state, "S").calls]:
                    seen[call.words] = rules.describe_call(call)
                state = rules.apply(state, bot.choose(rules, rules.view(state, state.to_act)))
    assert {"gives a card", "lets his partner name trumps", "asks", "holds solo", "bids the vole",
            "announces the vole", "takes KD", "names trumps S", "asks leave in diamonds"} <= set(seen)
    for words, wording in seen.items():
        assert wording[:1].isupper() and "_" not in wording and not raw.search(wording), (words, wording)
        assert wording != words.capitalize(), words  # its own wording, not the call's text
    assert seen["names trumps S"] == "Name trumps: ♠ spades" and seen["takes KD"] == "Take the king of diamonds"


def test_scenario_doubled_win_after_a_remise():
    from cardlab.scenario import builtin, report, run
    out = report(run(builtin("quadrille-doubled-win")))
    # E and W share the pot of 12 and as many chips again, 6 from each of N and S
    assert out["result"]["score"] == {"N": -7, "E": 11, "S": -7, "W": 11, "pot": -8}


def test_scenario_point_score_the_caller_alone_loses():
    hand = scenario_hand("quadrille-point-score")
    assert hand.rules.score(hand.state).score == {"N": 0, "E": 0, "S": 0, "W": -4}
    assert hand.state.partner == "E"


def test_scenario_five_players_premiers_in_five_tricks():
    hand = scenario_hand("quadrille-five-players")
    result = hand.rules.score(hand.state)
    assert result.outcome.premiers and len(hand.state.tricks) == 5 and result.score["W"] == 19


# ----- codille: only a three-way split leaves chips in the pot (rules.md §2.5, seed 001) -------
def five_handed(contract: str, partner: str | None, tricks: int, carried=0, times=1):
    rules = get_rules("quadrille", players=5)
    stakes = tuple((seat, 1) for seat in rules.seats)
    return rules.settlement(Outcome(contract, "W", partner, tricks, 0, False, "", stakes, "H", 5), carried, times)


def test_codille_two_opponents_share_an_odd_pot_whole():
    # pot 5 (four stakes and one carried chip): the two opponents of an alliance take 5/2 each
    result = settled(carried=1, contract="alliance", partner="E", tricks=3)
    assert result.parts["N"]["pot"] == result.parts["S"]["pot"] == Fraction(5, 2)
    assert result.score == {"N": Fraction(3, 2), "E": -1, "S": Fraction(3, 2), "W": -11, "pot": 9}
    # doubled: each takes his share and as much again from the caller; the pot keeps only the 2P
    doubled = settled(carried=1, contract="alliance", partner="E", tricks=3, times=2)
    assert doubled.score["N"] == doubled.score["S"] == -1 + 5
    assert doubled.score["pot"] == -5 + 4 + 2 * 10


@pytest.mark.rule("quadrille.codille")
def test_codille_three_opponents_leave_the_remainder_in_the_pot():
    assert settled(carried=1, tricks=4).parts["N"]["pot"] == 1  # pot 5 among three: 1 each, 2 stay
    assert settle(carried=1, tricks=4)["pot"] == 4 - 3 + 10


@pytest.mark.rule("quadrille.five-stakes")
def test_five_handed_codille_four_opponents_share_exactly_three_keep_a_remainder():
    solo = five_handed("solo", None, 3)  # pot 5 among four: 5/4 each, nothing stays
    assert all(solo.parts[seat]["pot"] == Fraction(5, 4) for seat in ("NE", "E", "S", "NW"))
    assert solo.score["pot"] == 5 - 5 + 10
    alliance = five_handed("alliance", "E", 3)  # pot 5 among three: 1 each, 2 stay
    assert [alliance.parts[seat]["pot"] for seat in ("NE", "S", "NW")] == [1, 1, 1]
    assert alliance.score["pot"] == 5 - 3 + 10
    for result in (solo, alliance, five_handed("alliance", "E", 3, carried=2, times=2)):
        assert sum(result.score.values()) == 0
