"""Le Quatre Sept: one test per rule statement and per variant (shared/rules.md §1), each on a
tiny explicit deal.

Seats: clockwise is N → E → S → W.  With N dealing, E (the dealer's left) receives the first
packet and leads; play runs E → S → W → N.  Ranking in each suit: 10 9 A K Q J 8 7.  Values:
ace 1; 10, 9, K, Q, J a third; 8 and 7 nothing; last trick 1.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from cardlab import Call, Deal, Hand, IllegalAction, Trick, get_rules
from cardlab.cards import Card
from cardlab.scenario import builtin, report, run
from tests import tiny
from tests.tiny import legal_codes, make_deal, play, refusal


def start(deal: Deal, **options) -> Hand:
    return tiny.start("quatre_sept", deal, **options)


def calls(hand: Hand) -> set[str]:
    return {str(a) for a in hand.rules.legal(hand.state) if isinstance(a, Call)}


THIRD = Fraction(1, 3)
RANKING = ["10", "9", "A", "K", "Q", "J", "8", "7"]  # the seed, strongest first

# Each seat holds one whole suit: the leader (E) wins every trick, nobody else can follow.
# E holds the politaine of hearts; S, W and N hold politaines too, and never win a trick.
ONE_SUIT_EACH = make_deal(
    E="10H 9H AH KH QH JH 8H 7H",
    S="10D 9D AD KD QD JD 8D 7D",
    W="10C 9C AC KC QC JC 8C 7C",
    N="10S 9S AS KS QS JS 8S 7S",
)

# The politaine scenario's deal: S holds 10H 9H AH; E leads the 7 of hearts.
POLITAINE = make_deal(
    S="10H 9H AH 7C 7D 8D 9S KS",
    E="KH 7H 10C AC QD JD QS 8S",
    W="QH JH 9C KC 10D AD JS 7S",
    N="8H QC JC 8C 9D KD 10S AS",
)
POLITAINE_PLAY = ["E plays 7H", "S declares politaine H", "S plays AH", "W plays JH", "N plays 8H",
                  "S plays 10H", "W plays QH", "N plays 8C", "E plays KH",
                  "S plays 9H", "W plays 7S", "N plays AS", "E plays 8S"]

# S holds the politaine of hearts and low cards; E keeps the lead in clubs and diamonds.
LEAD_NEVER_COMES = make_deal(
    S="10H 9H AH 7C 8C 7D 8D 7S",
    E="10C AC KC 10D AD KD KH QH",
    W="9C QC 9D QD 10S AS JH 8H",
    N="JC JD KS QS JS 8S 9S 7H",
)
EAST_KEEPS_THE_LEAD = [
    "E plays 10C", "S plays 7C", "W plays 9C", "N plays JC",
    "E plays AC", "S plays 8C", "W plays QC", "N plays 9S",
    "E plays 10D", "S plays 7D", "W plays 9D", "N plays JD",
    "E plays AD", "S plays 8D", "W plays QD", "N plays 8S",
    "E plays KC", "S plays 7S", "W plays 8H", "N plays JS",
]

# E deals, so S leads; S holds the politaine of hearts and the 7 of clubs as his lowest card.
LOW_LEAD = make_deal(
    "E",
    S="10H 9H AH 7C 8D JD QS KS",
    W="JH QH 10C AC 9D KD 10S 8S",
    N="8H 9C KC QC JC 10D AD 7S",
    E="7H KH 8C QD 7D AS 9S JS",
)

# W holds all four sevens.
FOUR_SEVENS = make_deal(
    W="7S 7H 7D 7C 10S 9H KD JC",
    N="AS KS 10H AH 10D 9D AC QC",
    E="9S QS JS KH QH AD QD 10C",
    S="8S JH 8H JD 8D 9C KC 8C",
)

# S holds no 10, no 9 and no ace; E holds one 10.
BARE_SOUTH = make_deal(
    S="KS QS KH QH KD QD KC QC",
    E="10S 8S 7S JH 8H 7H JD 8D",
    W="JS 9S AS 10H 9H AH 10D 9D",
    N="AD 7D 10C 9C AC JC 8C 7C",
)


def test_the_example_deals_are_whole_packs():
    rules = get_rules("quatre_sept")
    for deal in (ONE_SUIT_EACH, POLITAINE, LEAD_NEVER_COMES, LOW_LEAD, FOUR_SEVENS, BARE_SOUTH):
        assert rules.deal_problem(rules.initial(deal.dealer), deal) is None


# ----- pack, ranking, values ------------------------------------------------------------------
@pytest.mark.rule("quatre_sept.pack")
def test_pack_is_the_french_thirty_two():
    rules = get_rules("quatre_sept")
    assert len(rules.pack.cards) == 32
    assert {card.rank for card in rules.pack.cards} == set(RANKING)


@pytest.mark.rule("quatre_sept.card-order")
@pytest.mark.parametrize("high", range(len(RANKING)))
def test_rank_order_is_10_9_ace_king_queen_jack_8_7(high):
    rules = get_rules("quatre_sept")
    state = start(ONE_SUIT_EACH).state
    for low in range(high + 1, len(RANKING)):
        strong, weak = Card(RANKING[high], "H"), Card(RANKING[low], "H")
        led_weak = Trick("E", (("E", weak), ("S", strong), ("W", Card("7", "C")), ("N", Card("7", "S"))))
        led_strong = Trick("E", (("E", strong), ("S", weak), ("W", Card("7", "C")), ("N", Card("7", "S"))))
        assert rules.trick_winner(state, led_weak) == "S", (strong, weak)
        assert rules.trick_winner(state, led_strong) == "E", (strong, weak)


@pytest.mark.rule("quatre_sept.card-values")
def test_ace_one_point_ten_nine_and_pictures_a_third_eight_and_seven_nothing():
    rules = get_rules("quatre_sept")
    for suit in "SHDC":
        assert rules.card_points(Card("A", suit)) == 1
        for rank in ("10", "9", "K", "Q", "J"):
            assert rules.card_points(Card(rank, suit)) == THIRD
        for rank in ("8", "7"):
            assert rules.card_points(Card(rank, suit)) == 0
    total = sum((rules.card_points(c) for c in rules.pack.cards), Fraction(0)) + rules.last_trick_bonus
    assert total == Fraction(35, 3)                      # 11 2/3 in play


@pytest.mark.rule("quatre_sept.trick-winner")
def test_no_trumps_an_off_suit_card_never_wins():
    hand = play(start(ONE_SUIT_EACH), "E plays 7H", "S plays 10D", "W plays 10C", "N plays 10S")
    assert hand.state.tricks[0].winner == "E"


# ----- seating, deal, lead --------------------------------------------------------------------
@pytest.mark.rule("quatre_sept.deal")
def test_deal_is_three_two_three_clockwise_from_the_dealer_left():
    rules = get_rules("quatre_sept")
    ordered = list(rules.pack.cards)
    deal = rules.deal_from("N", ordered)
    # N deals: E, S, W, N receive 3 each, then 2 each, then 3 each.
    for k, seat in enumerate("ESWN"):
        assert deal.hand(seat) == tuple(ordered[3 * k:3 * k + 3] + ordered[12 + 2 * k:14 + 2 * k]
                                        + ordered[20 + 3 * k:23 + 3 * k])
    assert all(len(deal.hand(seat)) == 8 for seat in "NESW")


@pytest.mark.rule("quatre_sept.first-lead")
@pytest.mark.parametrize("dealer,leader", [("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")])
def test_dealer_left_leads_first_trick(dealer, leader):
    state = start(Deal(dealer, ONE_SUIT_EACH.hands)).state
    assert state.to_act == leader and state.trick.leader == leader


@pytest.mark.rule("quatre_sept.turn")
def test_play_goes_clockwise():
    hand = start(ONE_SUIT_EACH)
    seen = [hand.state.to_act]
    for action in ("E plays 7H", "S plays 7D", "W plays 7C"):
        hand = hand.then(action)
        seen.append(hand.state.to_act)
    assert seen == ["E", "S", "W", "N"]


@pytest.mark.rule("quatre_sept.next-dealer")
def test_deal_passes_to_the_left():
    rules = get_rules("quatre_sept")
    assert [rules.next_dealer(seat) for seat in "NESW"] == ["E", "S", "W", "N"]


# ----- legal play -----------------------------------------------------------------------------
@pytest.mark.rule("quatre_sept.lead-any")
def test_leader_may_lead_any_card():
    assert legal_codes(start(POLITAINE)) == {str(c) for c in POLITAINE.hand("E")}


@pytest.mark.rule("quatre_sept.follow-suit")
def test_must_follow_suit_when_able():
    hand = play(start(LEAD_NEVER_COMES), "E plays 10C")
    assert legal_codes(hand) == {"7C", "8C"}
    assert refusal(hand, "S plays 7D") == ("You must follow suit: clubs were led and you hold "
                                           "the 7 of clubs and the 8 of clubs.")


@pytest.mark.rule("quatre_sept.follow-suit")
def test_no_need_to_beat():
    hand = play(start(LOW_LEAD), "S plays 7C", "W plays AC")
    assert legal_codes(hand) == {"9C", "KC", "QC", "JC"}   # N may play the jack though his 9 would win
    hand = play(hand, "N plays JC", "E plays 8C")
    assert hand.state.tricks[0].winner == "W"


@pytest.mark.rule("quatre_sept.follow-suit")
def test_void_may_play_any_card():
    hand = play(start(LEAD_NEVER_COMES), *EAST_KEEPS_THE_LEAD, "E plays KD")
    assert legal_codes(hand) == {"10H", "9H", "AH"}     # S has no diamond left


@pytest.mark.rule("quatre_sept.trick-winner", "quatre_sept.next-lead")
def test_highest_card_of_the_suit_led_wins_and_leads_next():
    hand = play(start(LEAD_NEVER_COMES), "E plays 10C", "S plays 7C", "W plays 9C", "N plays JC")
    assert hand.state.tricks[0].winner == "E"          # 10 over 9 over J
    hand = play(start(LEAD_NEVER_COMES), "E plays AC", "S plays 7C", "W plays 9C", "N plays JC")
    assert hand.state.tricks[0].winner == "W"          # the 9 beats the ace
    assert hand.state.to_act == "W" and hand.state.trick.leader == "W"


# ----- counting -------------------------------------------------------------------------------
def finished(deal: Deal, actions, **options):
    hand = play(start(deal, **options), *actions)
    assert hand.state.over
    return hand.rules.score(hand.state)


@pytest.mark.rule("quatre_sept.card-values", "quatre_sept.fraction-dropped")
def test_one_side_takes_everything_eleven_two_thirds_scores_eleven():
    hand = start(ONE_SUIT_EACH)
    for rank in reversed(RANKING):
        hand = play(hand, f"E plays {rank}H", f"S plays {rank}D", f"W plays {rank}C", f"N plays {rank}S")
    result = hand.rules.score(hand.state)
    assert result.points == {"NS": 0, "EW": Fraction(35, 3)}
    assert result.score == {"NS": 0, "EW": 11}
    assert result.parts["EW"]["fraction dropped"] == Fraction(-2, 3)


@pytest.mark.rule("quatre_sept.last-trick", "quatre_sept.fraction-dropped")
def test_last_trick_is_worth_one_and_fractions_are_dropped_so_the_hand_totals_eleven():
    result = builtin_result("quatre_sept-tie-33")
    assert result.parts["NS"]["last trick"] == 1 and result.parts["EW"]["last trick"] == 0
    assert result.parts["NS"]["cards"] == Fraction(17, 3) and result.parts["NS"]["fraction dropped"] == Fraction(-2, 3)
    assert result.score == {"NS": 6, "EW": 5} and sum(result.score.values()) == 11


def builtin_result(name: str):
    outcome = run(builtin(name))
    assert outcome.error is None and outcome.hand.state.over
    return outcome.hand.rules.score(outcome.hand.state)


# ----- four sevens ----------------------------------------------------------------------------
@pytest.mark.rule("quatre_sept.four-sevens")
def test_four_sevens_win_the_match_at_once_right_after_the_deal():
    hand = start(FOUR_SEVENS)
    assert hand.state.over and hand.state.to_act is None and not hand.state.tricks
    rules = hand.rules
    result = rules.score(hand.state)
    assert result.match_winner == "EW"
    match = rules.settle(rules.new_match("N", {"NS": 28, "EW": 12}), result)
    assert match.over and match.winner == "EW" and match.totals == {"NS": 28, "EW": 12}
    assert "four sevens" in result.summary
    assert refusal(hand, "E plays 9S") == "The hand is over."


@pytest.mark.rule("quatre_sept.four-sevens")
def test_four_sevens_replay_shows_the_match_won():
    out = report(run(builtin("quatre_sept-four-sevens")))
    assert out["over"] is True and out["result"] is not None and out["error"] is None
    assert out["match"] == {"totals": {"NS": 28, "EW": 12}, "over": True, "winner": "EW"}
    json.dumps(out)


@pytest.mark.rule("quatre_sept.four-sevens", "quatre_sept.redeal")
def test_four_sevens_are_checked_before_a_redeal():
    # W holds four sevens and no 10, 9 or ace would not matter: the match ends at the deal.
    hand = start(FOUR_SEVENS, redeal_no_high_cards=True, politaine_announce="before_first_lead")
    assert hand.state.over and hand.rules.score(hand.state).match_winner == "EW"


# ----- politaine ------------------------------------------------------------------------------
@pytest.mark.rule("quatre_sept.politaine")
def test_politaine_declared_and_won_in_three_tricks_running_scores_eleven():
    hand = play(start(POLITAINE), *POLITAINE_PLAY)
    assert [t.winner for t in hand.state.tricks] == ["S", "S", "S"]
    assert hand.rules.running_points(hand.state)["NS"]["politaine"] == 11
    result = builtin_result("quatre_sept-politaine")
    assert result.score == {"NS": 16, "EW": 6} and sum(result.score.values()) == 22
    assert result.parts["NS"]["politaine"] == 11
    assert "+11 to NS" in result.summary


@pytest.mark.rule("quatre_sept.politaine-first-card")
def test_politaine_is_declared_with_its_first_card():
    hand = play(start(POLITAINE), "E plays 7H")
    assert calls(hand) == {"S declares politaine H"}
    hand = play(hand, "S declares politaine H")
    assert legal_codes(hand) == {"10H", "9H", "AH"}     # then one of its cards must be played
    assert refusal(hand, "S plays 7C").startswith("S declared the politaine of hearts, so the card played")


@pytest.mark.rule("quatre_sept.politaine")
def test_politaine_not_declared_scores_nothing():
    actions = [a for a in POLITAINE_PLAY if "declares" not in a]
    hand = play(start(POLITAINE), *actions)
    assert [t.winner for t in hand.state.tricks] == ["S", "S", "S"]
    assert hand.rules.running_points(hand.state)["NS"]["politaine"] == 0
    # too late: once a card of it is played, it can no longer be declared
    assert "S declares politaine H" not in calls(play(start(POLITAINE), "E plays 7H", "S plays AH",
                                                        "W plays JH", "N plays 8H"))


@pytest.mark.rule("quatre_sept.politaine-first-card")
def test_politaine_is_not_offered_for_a_card_thrown_on_another_suit():
    hand = play(start(LEAD_NEVER_COMES), *EAST_KEEPS_THE_LEAD, "E plays KD")
    assert calls(hand) == set()
    assert "may not play the 10, 9 or ace of hearts" in refusal(hand, "S declares politaine H")


@pytest.mark.rule("quatre_sept.politaine")
def test_politaine_not_won_in_consecutive_tricks_scores_nothing():
    hand = play(start(LEAD_NEVER_COMES, politaine_announce="before_first_lead"), "S declares politaine H",
                *EAST_KEEPS_THE_LEAD, "E plays KD", "S plays 9H", "W plays AS", "N plays 7H",
                "E plays QH", "S plays AH", "W plays JH", "N plays QS",
                "S plays 10H", "W plays 10S", "N plays KS", "E plays KH")
    assert [t.winner for t in hand.state.tricks][-2:] == ["S", "S"]     # two running, not three
    result = hand.rules.score(hand.state)
    assert result.parts["NS"]["politaine"] == 0
    assert "did not win three tricks running" in result.summary


@pytest.mark.rule("quatre_sept.politaine")
def test_politaine_first_trick_may_be_won_while_following():
    hand = play(start(POLITAINE), *POLITAINE_PLAY)
    first = hand.state.tricks[0]
    assert first.leader == "E" and first.card_of("S") == Card("A", "H") and first.winner == "S"
    assert hand.rules.politaine_won(hand.state, "S", "H")


@pytest.mark.rule("quatre_sept.politaine")
def test_politaine_needs_the_ten_nine_and_ace_in_one_hand():
    hand = start(POLITAINE)
    assert refusal(hand, "E declares politaine H") == (
        "E cannot declare a politaine in hearts: it takes the 10, 9 and ace of hearts in one hand, "
        "before any of them is played.")


@pytest.mark.rule("quatre_sept.politaine")
def test_two_politaines_in_one_hand_score_separately():
    deal = make_deal(E="10H 9H AH 10D 9D AD 7S 8S", S="KH QH JH 8H KD QD JD 8D",
                     W="10C 9C AC KC QC JC 8C 7C", N="10S 9S AS KS QS JS 7H 7D")
    hand = start(deal)
    assert calls(hand) == {"E declares politaine H", "E declares politaine D"}
    for suit in "HD":
        hand = play(hand, f"E declares politaine {suit}")
        for rank in ("A", "10", "9"):
            others = {"H": ("8H", "7C", "7H"), "D": ("8D", "8C", "7D")}[suit]
            low = [c for c in (f"K{suit}", f"Q{suit}", f"J{suit}", others[0]) if Card.parse(c) in hand.state.hand("S")]
            hand = play(hand, f"E plays {rank}{suit}", f"S plays {low[0]}")
            w = next(str(c) for c in hand.rules.legal_cards(hand.state, "W"))
            hand = play(hand, f"W plays {w}")
            n = next(str(c) for c in hand.rules.legal_cards(hand.state, "N"))
            hand = play(hand, f"N plays {n}")
    assert [t.winner for t in hand.state.tricks] == ["E"] * 6
    assert hand.rules.running_points(hand.state)["EW"]["politaine"] == 22


@pytest.mark.parametrize("words", ["announces poule H", "announces politaine", "declares politaine hearts",
                                   "Announces Politaine h"])
def test_other_ways_of_saying_declares_politaine_h(words):
    hand = play(start(POLITAINE), "E plays 7H", f"S {words}")
    assert hand.state.calls == ((0, Call("S", "declares politaine H")),)


def test_other_ways_of_saying_the_calls_before_play_and_the_signals():
    hand = play(start(BARE_SOUTH, redeal_no_high_cards=True), "S demands redeal")
    assert hand.state.phase == "deal"
    hand = play(start(BARE_SOUTH, redeal_no_high_cards=True), "S pass")
    assert hand.state.phase == "play"
    hand = play(start(POLITAINE, signals=True), "E taps", "E plays 7H", "S slides")
    assert [call.words for _, call in hand.state.calls] == ["signals tap", "signals slide"]


# ----- variant: declaring before the first lead (Jeux de Cartes Inédites) ------------------------
@pytest.mark.rule("quatre_sept.politaine-before-lead", "quatre_sept.announcements")
def test_before_first_lead_the_holders_declare_in_a_round_before_play():
    hand = start(POLITAINE, politaine_announce="before_first_lead")
    assert hand.state.phase == "announcements" and hand.state.to_act == "S"
    assert calls(hand) == {"S declares politaine H", "S passes"}
    assert "No card is led yet" in refusal(hand, "S plays AH")
    hand = play(hand, "S declares politaine H")
    assert hand.state.phase == "play" and hand.state.to_act == "E"


@pytest.mark.rule("quatre_sept.politaine-before-lead")
def test_before_first_lead_no_declaration_once_play_has_begun():
    hand = play(start(POLITAINE, politaine_announce="before_first_lead"), "S passes", "E plays 7H")
    assert calls(hand) == set()
    assert refusal(hand, "S declares politaine H") == (
        "In this variant a politaine is declared before the first lead, and play has begun.")


@pytest.mark.rule("quatre_sept.politaine-before-lead")
def test_before_first_lead_a_declared_politaine_is_won_as_usual():
    actions = [a for a in POLITAINE_PLAY if "declares" not in a]
    hand = play(start(POLITAINE, politaine_announce="before_first_lead"), "S declares politaine H", *actions)
    assert hand.rules.running_points(hand.state)["NS"]["politaine"] == 11


# ----- variant: redeal (Wikibooks) ---------------------------------------------------------------
@pytest.mark.rule("quatre_sept.redeal")
def test_redeal_a_hand_without_ten_nine_or_ace_may_demand_it():
    hand = start(BARE_SOUTH, redeal_no_high_cards=True)
    assert hand.state.phase == "announcements" and hand.state.to_act == "S"
    assert calls(hand) == {"S demands a redeal", "S passes"}
    hand = play(hand, "S demands a redeal")
    assert hand.state.phase == "deal" and hand.state.to_act == "N" and hand.state.dealer == "N"
    assert hand.rules.legal(hand.state) == []
    again = hand.rules.deal("N", 5)                     # the same dealer deals again, logged
    hand = hand.then(again)
    assert hand.log[-1] == again and hand.state.deal == again
    assert hand.text().splitlines()[1] == "S demands a redeal"


@pytest.mark.rule("quatre_sept.redeal", "quatre_sept.announcements")
def test_redeal_passing_keeps_the_cards():
    hand = play(start(BARE_SOUTH, redeal_no_high_cards=True), "S passes")
    assert hand.state.phase == "play" and hand.state.to_act == "E"


@pytest.mark.rule("quatre_sept.redeal")
def test_redeal_refused_with_a_high_card_or_after_the_first_lead_or_when_off():
    hand = start(BARE_SOUTH, redeal_no_high_cards=True)
    assert refusal(hand, "E demands a redeal") == "It is S's turn, not E's."
    hand = play(hand, "S passes")
    assert refusal(hand, "E demands a redeal") == ("Only a player dealt no 10, no 9 and no ace may demand "
                                                   "a redeal, and E holds the 10 of spades.")
    hand = play(hand, "E plays 10S")
    assert refusal(hand, "S demands a redeal") == "A redeal may only be demanded before the first card is led."
    assert refusal(start(BARE_SOUTH), "E demands a redeal") == ("Redeals are not being played: turn on the "
                                                                "redeal option.")


# ----- variant: signals (Wikibooks) --------------------------------------------------------------
@pytest.mark.rule("quatre_sept.signals")
def test_signals_tap_and_slide_are_logged_calls_with_a_card():
    hand = start(POLITAINE, signals=True)
    assert calls(hand) == {"E signals tap", "E signals slide"}
    hand = play(hand, "E signals slide", "E plays 7H")
    assert hand.state.calls == ((0, Call("E", "signals slide")),)
    assert "slide: lead diamonds" in hand.rules.badges(hand.state, "E")   # the other red suit
    hand = play(hand, "S signals tap", "S plays AH")
    assert "tap: lead hearts" in hand.rules.badges(hand.state, "S")


@pytest.mark.rule("quatre_sept.signals")
def test_signals_once_a_trick_and_no_effect_on_legality():
    hand = play(start(POLITAINE, signals=True), "E signals tap")
    assert calls(hand) == set()
    assert refusal(hand, "E signals slide") == "E has already signalled in this trick."
    assert legal_codes(hand) == legal_codes(start(POLITAINE, signals=True))


@pytest.mark.rule("quatre_sept.signals")
def test_signals_are_off_by_default():
    assert refusal(start(POLITAINE), "E signals tap") == "Signals are not being played: turn on the signals option."


# ----- variant: low-lead rule (Jeux de Cartes Inédites) --------------------------------------------
LOW_LEAD_FIRST_TRICK = ["S declares politaine H", "S plays 10H", "W plays JH", "N plays 8H", "E plays 7H"]


@pytest.mark.rule("quatre_sept.low-lead")
def test_low_lead_after_a_trick_worth_less_than_a_point_lead_the_lowest_rank():
    options = {"politaine_announce": "before_first_lead", "low_lead_rule": True}
    hand = play(start(LOW_LEAD, **options), *LOW_LEAD_FIRST_TRICK)
    assert hand.rules.trick_points(hand.state.tricks[0]) == Fraction(2, 3)
    assert legal_codes(hand) == {"7C"}
    assert refusal(hand, "S plays AH") == ("The last trick was worth only ⅔ of a point, so its winner must "
                                           "lead a card of his lowest rank: the 7 of clubs.")


@pytest.mark.rule("quatre_sept.low-lead")
def test_low_lead_free_choice_among_equal_lowest_cards():
    hand = play(start(ONE_SUIT_EACH, low_lead_rule=True), "E plays 9H", "S plays 7D", "W plays 7C", "N plays 7S")
    assert legal_codes(hand) == {"7H"}
    deal = make_deal(E="7H 7D 10H 9H AH KH QH JH", S="10D 9D AD KD QD JD 8D 8H",
                     W="10C 9C AC KC QC JC 8C 7C", N="10S 9S AS KS QS JS 8S 7S")
    hand = play(start(deal, low_lead_rule=True), "E plays JH", "S plays 8H", "W plays 7C", "N plays 7S")
    assert legal_codes(hand) == {"7H", "7D"}


@pytest.mark.rule("quatre_sept.low-lead")
def test_low_lead_a_trick_worth_exactly_one_point_imposes_nothing():
    hand = play(start(ONE_SUIT_EACH, low_lead_rule=True), "E plays AH", "S plays 7D", "W plays 7C", "N plays 7S")
    assert legal_codes(hand) == {str(c) for c in ONE_SUIT_EACH.hand("E")} - {"AH"}


@pytest.mark.rule("quatre_sept.low-lead", "quatre_sept.low-lead-first-trick")
def test_low_lead_rule_every_trick_by_default_or_first_trick_only():
    first = ["E plays AH", "S plays 7D", "W plays 7C", "N plays 7S"]      # worth 1: free
    second = ["E plays 9H", "S plays 8D", "W plays 8C", "N plays 8S"]     # worth 1/3
    hand = play(start(ONE_SUIT_EACH, low_lead_rule=True), *first, *second)
    assert legal_codes(hand) == {"7H"}
    hand = play(start(ONE_SUIT_EACH, low_lead_rule=True, low_lead_only_first_trick=True), *first, *second)
    assert len(legal_codes(hand)) == 6


@pytest.mark.rule("quatre_sept.low-lead")
def test_low_lead_rule_is_off_by_default():
    hand = play(start(LOW_LEAD, politaine_announce="before_first_lead"), *LOW_LEAD_FIRST_TRICK)
    assert "9H" in legal_codes(hand)


# ----- match --------------------------------------------------------------------------------------
def settle(totals, result, **options):
    rules = get_rules("quatre_sept", **options)
    return rules.settle(rules.new_match("N", totals), result)


@pytest.mark.rule("quatre_sept.match-end")
def test_match_to_31_by_default():
    result = builtin_result("quatre_sept-tie-33")         # NS 6, EW 5
    assert not settle({"NS": 24, "EW": 0}, result).over  # NS 30
    assert settle({"NS": 25, "EW": 0}, result).winner == "NS"


@pytest.mark.rule("quatre_sept.match-end")
def test_match_both_over_the_target_the_higher_total_wins():
    result = builtin_result("quatre_sept-tie-33")
    match = settle({"NS": 26, "EW": 30}, result)          # NS 32, EW 35
    assert match.over and match.winner == "EW"


@pytest.mark.rule("quatre_sept.match-end")
def test_match_equal_totals_deal_again_33_all():
    match = settle({"NS": 27, "EW": 28}, builtin_result("quatre_sept-tie-33"))
    assert match.totals == {"NS": 33, "EW": 33}
    assert not match.over and match.winner is None


def test_33_all_is_the_first_tie_a_match_to_31_can_reach():
    # every hand adds 11 (22 with a politaine) to the two totals together: equal totals are
    # multiples of 11, and the first one at or past 31 is 33.
    ties = {total for total in range(0, 200) if (2 * total) % 11 == 0 and total >= 31}
    assert min(ties) == 33


@pytest.mark.rule("quatre_sept.target")
@pytest.mark.parametrize("target", [31, 33, 150, 200])
def test_target_option(target):
    result = builtin_result("quatre_sept-tie-33")
    assert not settle({"NS": target - 7, "EW": 0}, result, target=target).over
    assert settle({"NS": target - 6, "EW": 0}, result, target=target).winner == "NS"


# ----- the computer players -----------------------------------------------------------------------
def test_simple_bot_leads_on_with_its_declared_politaine_ace_first():
    from cardlab.bots import SimpleBot
    hand = play(start(ONE_SUIT_EACH, politaine_announce="before_first_lead"), "E declares politaine H",
                "S passes", "W passes", "N passes")
    bot, led = SimpleBot(), []
    for low in ("7", "8", "J"):
        action = bot.choose(hand.rules, hand.rules.view(hand.state, "E"))
        led.append(str(action.card))
        hand = play(hand, str(action), f"S plays {low}D", f"W plays {low}C", f"N plays {low}S")
    assert led[0] == "AH" and set(led) == {"AH", "10H", "9H"}
    assert hand.rules.running_points(hand.state)["EW"]["politaine"] == 11


# ----- the first dealer, drawn by cards (rules.md §5b) ----------------------------------------------
@pytest.mark.rule("quatre_sept.first-dealer")
def test_first_dealer_is_drawn_by_cards_ten_high():
    rules = get_rules("quatre_sept")
    for seed in range(30):
        draw = rules.dealer_draw(seed)
        assert draw == rules.dealer_draw(seed)               # a seeded draw is reproducible
        assert [seat for seat, _ in draw.rounds[0]] == list(rules.seats)
        last = draw.rounds[-1]
        best = max(rules.strength(None, card) for _, card in last)
        assert [seat for seat, card in last if rules.strength(None, card) == best] == [draw.dealer]
        cards = [card for round_ in draw.rounds for _, card in round_]
        assert len(set(cards)) == len(cards)                 # drawn from one pack
    # the 10 beats the ace: the game's own ranking, not the usual one
    draw = rules.dealer_draw(325)
    assert str(draw.rounds[0][1][1]) == "10C" and str(draw.rounds[0][2][1]) == "10D"


@pytest.mark.rule("quatre_sept.first-dealer")
def test_seats_tied_for_highest_draw_again():
    rules = get_rules("quatre_sept")
    draw = rules.dealer_draw(325)                            # E and S both draw a 10
    assert len(draw.rounds) == 2
    assert [seat for seat, _ in draw.rounds[1]] == ["E", "S"]
    assert draw.dealer == "E"                                # 9 of clubs over the queen of diamonds
    assert draw.sentence(rules.pack) == (
        "Each seat draws a card: N the 7 of hearts, E the 10 of clubs, S the 10 of diamonds, "
        "W the jack of spades; E and S tie for highest; they draw again: E the 9 of clubs, "
        "S the queen of diamonds. E deals first.")


def test_scenarios_keep_their_written_dealer():
    scenario = builtin("quatre_sept-politaine")
    assert run(scenario).hand.state.dealer == scenario.dealer


# ----- call wording (issue 9) ------------------------------------------------------------------
def test_calls_are_described_in_words():
    rules = get_rules("quatre_sept")
    assert rules.describe_call(Call("S", "declares politaine H")) == "Declare the politaine of hearts"
    assert rules.describe_call(Call("S", "announces poule spades")) == "Declare the politaine of spades"
    assert rules.describe_call(Call("S", "demands a redeal")) == "Demand a redeal"
    assert rules.describe_call(Call("S", "passes")) == "Pass"
    assert rules.describe_call(Call("S", "signals tap")) == "Signal tap (partner: lead this suit)"
    assert rules.describe_call(Call("S", "slides")).startswith("Signal slide (partner: lead the other suit")


@pytest.mark.rule("quatre_sept.calls")
def test_an_empty_call_is_refused_with_a_sentence():
    hand = start(ONE_SUIT_EACH, signals=True, redeal_no_high_cards=True)
    seat = hand.state.to_act
    for words in ("", "  "):
        sentence = hand.rules.why_illegal(hand.state, Call(seat, words))
        assert sentence and sentence.endswith(".")
        with pytest.raises(IllegalAction, match="^" + re.escape(sentence) + "$"):
            hand.rules.apply(hand.state, Call(seat, words))
