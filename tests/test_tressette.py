"""Tressette: one test per rule statement (shared/rules.md §5), each on a tiny explicit deal.

Seats: clockwise is N → E → S → W, so with N dealing, the dealer's right is W and play runs
W → S → E → N.  Ranking in each suit: 3 2 A K Kn J 7 6 5 4.  Values: ace 1; 3, 2, K, Kn, J a
third; 7 6 5 4 nothing; last trick 1.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlab import Call, Deal, Hand, Trick, get_rules, parse_cards
from cardlab.cards import Card
from tests import tiny
from tests.tiny import legal_codes, play, refusal


def make_deal(dealer="N", **hands) -> Deal:
    """A Deal from four space-separated lists of codes: ``make_deal(N="3S 2S …", E=…, S=…, W=…)``."""
    return Deal(dealer, tuple((seat, parse_cards(hands[seat])) for seat in "NESW"))


def start(deal: Deal, **options) -> Hand:
    return tiny.start("tressette", deal, **options)


THIRD = Fraction(1, 3)

# Each seat holds one whole suit: whoever leads wins every trick (nobody else can follow).
ONE_SUIT_EACH = make_deal(
    N="3S 2S AS KS KnS JS 7S 6S 5S 4S",
    E="3H 2H AH KH KnH JH 7H 6H 5H 4H",
    S="3D 2D AD KD KnD JD 7D 6D 5D 4D",
    W="3C 2C AC KC KnC JC 7C 6C 5C 4C",
)

# Batons split W: A 4 / S: 2 5 / E: 3 6 / N: K 7 J Kn, for tricks where everybody follows.
BATONS_SPLIT = make_deal(
    W="AC 4C 4H 5H 6H 7H JH KnH KH AH",
    S="2C 5C 4D 5D 6D 7D JD KnD KD AD",
    E="3C 6C 4S 5S 6S 7S JS KnS KS AS",
    N="KC 7C JC KnC 2S 3S 2H 3H 2D 3D",
)

# Following: S holds exactly two batons (3C 2C), E four (AC KC KnC JC), N none.
FOLLOWING = make_deal(
    W="4C 5C 6C 7C 4H 5H 6H 7H 4S 5S",
    S="3C 2C 3D 2D AD KD KnD JD 7D 6D",
    E="AC KC KnC JC AH KH KnH JH 6S 7S",
    N="3S 2S AS KS KnS JS 3H 2H 4D 5D",
)

# A duel between W and S in batons and coins; E and N hold only cups and swords and discard.
# Played out by DUEL_PLAY: S takes the five coin tricks (5 2/3 in cards), W the five baton
# tricks (5 in cards) and the last trick (1).
DUEL = make_deal(
    W="3C 2C AC KC KnC JD 7D 6D 5D 4D",
    S="JC 7C 6C 5C 4C 3D 2D AD KD KnD",
    E="AH 3H KH 6H 4H 3S KS JS JH 5S",
    N="AS 2H 7H 5H 7S 2S KnS KnH 6S 4S",
)
DUEL_PLAY = [
    "W plays 4D", "S plays 3D", "E plays AH", "N plays AS",    # S: 1/3 + 1 + 1        = 2 1/3
    "S plays 2D", "E plays 3H", "N plays 2H", "W plays 5D",    # S: 1/3 * 3            = 1
    "S plays AD", "E plays KH", "N plays 7H", "W plays 6D",    # S: 1 + 1/3            = 1 1/3
    "S plays KD", "E plays 6H", "N plays 5H", "W plays 7D",    # S: 1/3
    "S plays KnD", "E plays 4H", "N plays 7S", "W plays JD",   # S: 2/3       NS total 5 2/3
    "S plays 4C", "E plays 3S", "N plays 2S", "W plays 3C",    # W: 1
    "W plays 2C", "S plays 5C", "E plays KS", "N plays KnS",   # W: 1
    "W plays AC", "S plays 6C", "E plays JS", "N plays KnH",   # W: 1 2/3
    "W plays KC", "S plays 7C", "E plays JH", "N plays 6S",    # W: 2/3
    "W plays KnC", "S plays JC", "E plays 5S", "N plays 4S",   # W: 2/3, last   EW total 5
]

# Declarations: W holds a napoletana of coins (3D 2D AD) and three aces (AD AC AS), S three 3s,
# E three 2s, N nothing.
DECLARATIONS = make_deal(
    W="3D 2D AD AC AS 4C 5C 6C 7C JC",
    S="3S 3H 3C KD KnD JD 7D 6D 5D 4D",
    E="2S 2H 2C AH KC KnC KH KnH JH 7H",
    N="KS KnS JS 7S 6S 5S 4S 6H 5H 4H",
)
# W holds all four 3s.
FOUR_THREES = make_deal(
    W="3S 3H 3D 3C 4C 5C 6C 7C JC KC",
    S="2D AD KD KnD JD 7D 6D 5D 4D AC",
    E="2S AS KS KnS JS 7S 6S 5S 4S 2C",
    N="2H AH KH KnH JH 7H 6H 5H 4H KnC",
)


def test_the_example_deals_are_whole_packs():
    rules = get_rules("tressette")
    for deal in (ONE_SUIT_EACH, BATONS_SPLIT, FOLLOWING, DUEL, DECLARATIONS, FOUR_THREES):
        assert rules.deal_problem(rules.initial(deal.dealer), deal) is None


# ----- deck, ranking, values ------------------------------------------------------------------
@pytest.mark.rule("tressette.card-order")
def test_three_beats_two_beats_ace():
    hand = play(start(BATONS_SPLIT), "W plays AC", "S plays 2C", "E plays 3C", "N plays KC")
    assert hand.state.tricks[0].winner == "E"          # the 3
    hand = play(start(BATONS_SPLIT), "W plays AC", "S plays 2C", "E plays 6C", "N plays KC")
    assert hand.state.tricks[0].winner == "S"          # the 2 over the ace and the king


RANKING = ["3", "2", "A", "K", "Kn", "J", "7", "6", "5", "4"]  # the seed, strongest first


@pytest.mark.rule("tressette.card-order")
@pytest.mark.parametrize("high", range(len(RANKING)))
def test_rank_order_is_3_2_ace_king_knight_jack_7_6_5_4(high):
    rules = get_rules("tressette")
    state = start(ONE_SUIT_EACH).state
    for low in range(high + 1, len(RANKING)):
        strong, weak = Card(RANKING[high], "C"), Card(RANKING[low], "C")
        led_weak = Trick("W", (("W", weak), ("S", strong), ("E", Card("3", "H")), ("N", Card("3", "S"))))
        led_strong = Trick("W", (("W", strong), ("S", weak), ("E", Card("3", "H")), ("N", Card("3", "S"))))
        assert rules.trick_winner(state, led_weak) == "S", (strong, weak)
        assert rules.trick_winner(state, led_strong) == "W", (strong, weak)


@pytest.mark.rule("tressette.card-values")
def test_ace_is_worth_one_and_figures_a_third():
    rules = get_rules("tressette")
    for suit in "SHDC":
        assert rules.card_points(Card("A", suit)) == 1
        for rank in ("3", "2", "K", "Kn", "J"):
            assert rules.card_points(Card(rank, suit)) == THIRD
        for rank in ("7", "6", "5", "4"):
            assert rules.card_points(Card(rank, suit)) == 0
    # A + 2 + 3 + K in one trick: 1 + 1/3 + 1/3 + 1/3 = 2, to the side of the winner (E: EW)
    hand = play(start(BATONS_SPLIT), "W plays AC", "S plays 2C", "E plays 3C", "N plays KC")
    running = hand.rules.running_points(hand.state)
    assert running["EW"]["cards"] == 2
    assert running["NS"]["cards"] == 0
    # a trick of 7 6 5 4 is worth nothing
    hand = play(start(ONE_SUIT_EACH), "W plays 7C", "S plays 6D", "E plays 5H", "N plays 4S")
    assert hand.rules.running_points(hand.state)["EW"]["cards"] == 0


@pytest.mark.rule("tressette.pack")
def test_pack_is_the_italian_forty():
    rules = get_rules("tressette")
    assert len(rules.pack.cards) == 40
    assert {card.rank for card in rules.pack.cards} == set(RANKING)


# ----- seating, deal, lead --------------------------------------------------------------------
@pytest.mark.rule("tressette.deal")
def test_deal_is_five_then_five_counter_clockwise_from_dealer_right():
    rules = get_rules("tressette")
    ordered = list(get_rules("tressette").pack.cards)   # any fixed order of the 40 cards
    deal = rules.deal_from("N", ordered)
    # N deals: his right is W, then S, then E, then N himself; 5 each, twice round.
    assert deal.hand("W") == tuple(ordered[0:5] + ordered[20:25])
    assert deal.hand("S") == tuple(ordered[5:10] + ordered[25:30])
    assert deal.hand("E") == tuple(ordered[10:15] + ordered[30:35])
    assert deal.hand("N") == tuple(ordered[15:20] + ordered[35:40])
    deal = rules.deal_from("E", ordered)               # E's right is N
    assert deal.hand("N") == tuple(ordered[0:5] + ordered[20:25])
    assert deal.hand("E") == tuple(ordered[15:20] + ordered[35:40])


@pytest.mark.rule("tressette.deal", "tressette.pack")
def test_a_shuffled_deal_gives_ten_cards_each_and_uses_the_whole_pack():
    rules = get_rules("tressette")
    deal = rules.deal("S", 123)
    assert all(len(deal.hand(seat)) == 10 for seat in "NESW")
    assert {card for seat in "NESW" for card in deal.hand(seat)} == set(rules.pack.cards)
    assert rules.deal("S", 123) == deal                  # the seed fixes the deal


@pytest.mark.rule("tressette.first-lead")
@pytest.mark.parametrize("dealer,leader", [("N", "W"), ("W", "S"), ("S", "E"), ("E", "N")])
def test_dealer_right_leads_first_trick(dealer, leader):
    deal = Deal(dealer, ONE_SUIT_EACH.hands)
    state = start(deal).state
    assert state.to_act == leader
    assert state.trick.leader == leader


@pytest.mark.rule("tressette.turn")
def test_play_goes_counter_clockwise():
    hand = start(ONE_SUIT_EACH)
    seen = [hand.state.to_act]
    for action in ("W plays 4C", "S plays 4D", "E plays 4H"):
        hand = hand.then(action)
        seen.append(hand.state.to_act)
    assert seen == ["W", "S", "E", "N"]


@pytest.mark.rule("tressette.next-lead")
def test_trick_winner_leads_next():
    hand = play(start(DUEL), *DUEL_PLAY[:4])
    assert hand.state.tricks[0].winner == "S"
    assert hand.state.to_act == "S" and hand.state.trick.leader == "S"
    hand = play(hand, *DUEL_PLAY[4:24])
    assert hand.state.tricks[5].winner == "W"          # W's 3 of batons over S's lead of the 4
    assert hand.state.to_act == "W" and hand.state.trick.leader == "W"


# ----- legal play -----------------------------------------------------------------------------
@pytest.mark.rule("tressette.lead-any")
def test_leader_may_lead_any_card():
    hand = start(FOLLOWING)
    assert legal_codes(hand) == {str(c) for c in FOLLOWING.hand("W")}


@pytest.mark.rule("tressette.follow-suit")
def test_must_follow_suit_when_able():
    hand = play(start(FOLLOWING), "W plays 4C")
    assert legal_codes(hand) == {"3C", "2C"}
    message = refusal(hand, "S plays AD")
    assert "follow suit" in message
    assert "the 3 of batons" in message and "the 2 of batons" in message


@pytest.mark.rule("tressette.follow-suit")
def test_no_need_to_beat():
    hand = play(start(FOLLOWING), "W plays 4C", "S plays 3C")
    # E holds AC KC KnC JC: none beats the 3, every one may be played
    assert legal_codes(hand) == {"AC", "KC", "KnC", "JC"}
    hand = play(hand, "E plays JC")
    assert hand.state.trick.plays[-1] == ("E", Card("J", "C"))


@pytest.mark.rule("tressette.follow-suit")
def test_void_may_play_any_card():
    hand = play(start(FOLLOWING), "W plays 4C", "S plays 3C", "E plays JC")
    assert legal_codes(hand) == {str(c) for c in FOLLOWING.hand("N")}   # N holds no batons
    hand = play(hand, "N plays 3S")
    assert hand.state.tricks[0].winner == "S"


@pytest.mark.rule("tressette.trick-winner")
def test_highest_card_of_led_suit_wins():
    hand = play(start(FOLLOWING), "W plays 4C", "S plays 2C", "E plays AC", "N plays 4D")
    assert hand.state.tricks[0].winner == "S"          # 2 over ace over 4
    hand = play(start(FOLLOWING), "W plays 7C", "S plays 3C", "E plays KC", "N plays 2S")
    assert hand.state.tricks[0].winner == "S"


@pytest.mark.rule("tressette.trick-winner")
def test_off_suit_card_never_wins():
    # W leads the lowest baton; the others, void in batons, throw their 3s
    hand = play(start(ONE_SUIT_EACH), "W plays 4C", "S plays 3D", "E plays 3H", "N plays 3S")
    assert hand.state.tricks[0].winner == "W"


# ----- scoring ---------------------------------------------------------------------------------
def duel_result(**options):
    hand = play(start(DUEL, **options), *DUEL_PLAY)
    assert hand.state.over
    return hand.rules.score(hand.state)


@pytest.mark.rule("tressette.fraction-dropped")
def test_fractions_are_dropped_not_rounded():
    # NS take 5 2/3 in cards: the seed's "5 2/3 scores 6" is wrong; the thirds are dropped.
    result = duel_result()
    assert result.points == {"NS": Fraction(17, 3), "EW": Fraction(6)}
    assert result.score == {"NS": 5, "EW": 6}
    assert result.parts["NS"]["fraction dropped"] == Fraction(-2, 3)
    assert result.parts["EW"]["fraction dropped"] == 0


@pytest.mark.rule("tressette.last-trick")
def test_last_trick_is_worth_one():
    result = duel_result()
    assert result.last_trick == "EW"
    assert result.parts["EW"]["last trick"] == 1
    assert result.parts["NS"]["last trick"] == 0
    assert result.parts["EW"]["cards"] == 5 and result.parts["NS"]["cards"] == Fraction(17, 3)
    # before the last trick is complete nobody has the bonus
    hand = play(start(DUEL), *DUEL_PLAY[:-1])
    running = hand.rules.running_points(hand.state)
    assert running["EW"]["last trick"] == 0 and running["NS"]["last trick"] == 0


@pytest.mark.rule("tressette.fraction-dropped", "tressette.card-values", "tressette.last-trick")
def test_hand_scores_total_eleven():
    assert sum(duel_result().score.values()) == 11
    # one side takes every trick: 10 2/3 + 1 = 11 2/3, scored 11; the other side 0
    hand = start(ONE_SUIT_EACH)
    for rank in RANKING:
        hand = play(hand, f"W plays {rank}C", f"S plays {rank}D", f"E plays {rank}H", f"N plays {rank}S")
    result = hand.rules.score(hand.state)
    assert all(t.winner == "W" for t in hand.state.tricks)
    assert result.points == {"NS": 0, "EW": Fraction(35, 3)}
    assert result.score == {"NS": 0, "EW": 11}


def test_hand_is_over_after_ten_tricks():
    hand = play(start(DUEL), *DUEL_PLAY)
    assert len(hand.state.tricks) == 10 and hand.state.over and hand.state.to_act is None
    assert hand.rules.legal(hand.state) == []
    assert refusal(hand, "W plays 3C") == "The hand is over."


# ----- match ----------------------------------------------------------------------------------
def settle(totals, *, dealer="N", **options):
    rules = get_rules("tressette", **options)
    return rules.settle(rules.new_match(dealer, totals), duel_result(**options))


@pytest.mark.rule("tressette.next-dealer")
def test_deal_passes_to_the_right():
    rules = get_rules("tressette")
    assert [rules.next_dealer(seat) for seat in "NWSE"] == ["W", "S", "E", "N"]
    assert settle({"NS": 0, "EW": 0}, dealer="N").dealer == "W"


@pytest.mark.rule("tressette.match-end", "tressette.hand-score")
def test_no_winner_before_the_target():
    match = settle({"NS": 0, "EW": 0})                 # duel: NS 5, EW 6
    assert match.totals == {"NS": 5, "EW": 6}
    assert not match.over and match.winner is None


@pytest.mark.rule("tressette.match-end")
def test_first_side_to_target_wins():
    match = settle({"NS": 16, "EW": 10})               # NS 21, EW 16
    assert match.over and match.winner == "NS"
    match = settle({"NS": 10, "EW": 15})               # NS 15, EW 21
    assert match.over and match.winner == "EW"


@pytest.mark.rule("tressette.match-end")
def test_both_over_target_higher_total_wins():
    match = settle({"NS": 20, "EW": 17})               # NS 25, EW 23: NS, though EW took the last trick
    assert match.totals == {"NS": 25, "EW": 23}
    assert match.winner == "NS"


@pytest.mark.rule("tressette.match-end")
def test_both_over_target_equal_last_trick_wins():
    match = settle({"NS": 16, "EW": 15})               # 21 all; EW took the last trick
    assert match.totals == {"NS": 21, "EW": 21}
    assert match.over and match.winner == "EW"


@pytest.mark.rule("tressette.target")
def test_target_is_21_by_default():
    assert not settle({"NS": 15, "EW": 0}).over        # NS 20
    assert settle({"NS": 16, "EW": 0}).winner == "NS"  # NS 21


@pytest.mark.rule("tressette.target-option")
@pytest.mark.parametrize("target", [21, 31, 41, 51])
def test_target_option(target):
    assert not settle({"NS": target - 6, "EW": 0}, target=target).over
    assert settle({"NS": target - 5, "EW": 0}, target=target).winner == "NS"


@pytest.mark.rule("tressette.declarations-target")
def test_target_is_31_with_declarations():
    # the duel's play declares nothing: by hand, so that no automatic declaration is due
    assert not settle({"NS": 25, "EW": 0}, declarations=True, declare="by hand").over   # NS 30
    assert settle({"NS": 26, "EW": 0}, declarations=True, declare="by hand").winner == "NS"
    assert settle({"NS": 16, "EW": 0}, declarations=True, declare="by hand", target=21).winner == "NS"


# ----- declarations ---------------------------------------------------------------------------
def declared(hand: Hand) -> dict[str, Fraction]:
    return {side: part["declarations"] for side, part in hand.rules.running_points(hand.state).items()}


@pytest.mark.rule("tressette.declarations")
def test_declarations_are_offered_to_the_seat_holding_them():
    hand = start(DECLARATIONS, declarations=True)
    calls = {str(a) for a in hand.rules.legal(hand.state) if isinstance(a, Call)}
    assert calls == {"W declares napoletana D", "W declares three aces"}


@pytest.mark.rule("tressette.declarations")
def test_napoletana_is_worth_three():
    hand = play(start(DECLARATIONS, declarations=True), "W declares napoletana D")
    assert declared(hand) == {"NS": 0, "EW": 3}


@pytest.mark.rule("tressette.declarations")
def test_three_of_a_kind_is_worth_three():
    hand = play(start(DECLARATIONS, declarations=True, declare="by hand"), "W plays 4C")
    assert "S declares three 3s" in {str(a) for a in hand.rules.legal(hand.state)}
    hand = play(hand, "S declares three 3s")
    assert declared(hand) == {"NS": 3, "EW": 0}
    hand = play(hand, "S plays 3C")
    hand = play(hand, "E declares three 2s")
    assert declared(hand) == {"NS": 3, "EW": 3}


@pytest.mark.rule("tressette.declarations")
def test_four_of_a_kind_is_worth_four():
    hand = start(FOUR_THREES, declarations=True)
    calls = {str(a) for a in hand.rules.legal(hand.state) if isinstance(a, Call)}
    assert calls == {"W declares four 3s"}              # not also "three 3s"
    hand = play(hand, "W declares four 3s")
    assert declared(hand) == {"NS": 0, "EW": 4}


@pytest.mark.rule("tressette.declare-first-trick")
def test_declarations_only_during_the_first_trick():
    hand = play(start(DECLARATIONS, declarations=True, declare="by hand"),
                "W plays 4C", "S plays 3C", "E plays KC", "N plays KS",   # S wins with the 3
                "S plays 4D")
    assert hand.state.to_act == "E"                     # E still holds 2S 2H 2C
    assert not any(isinstance(a, Call) for a in hand.rules.legal(hand.state))
    assert refusal(hand, "E declares three 2s") == "Declarations are made during the first trick only."


@pytest.mark.rule("tressette.declarations", "tressette.declare-first-trick")
def test_declarations_are_scored_at_once_and_added_to_the_hand_score():
    # in the duel W holds a napoletana of batons, S one of coins
    hand = start(DUEL, declarations=True)
    hand = play(hand, "W declares napoletana C")
    assert declared(hand) == {"NS": 0, "EW": 3}          # before any card is played
    hand = play(hand, "W plays 4D", "S declares napoletana D")
    assert declared(hand) == {"NS": 3, "EW": 3}
    rest = DUEL_PLAY[1:]
    hand = play(hand, *rest)
    result = hand.rules.score(hand.state)
    assert result.score == {"NS": 5 + 3, "EW": 6 + 3}
    assert result.points == {"NS": Fraction(17, 3) + 3, "EW": Fraction(9)}
    assert result.parts["NS"]["declarations"] == 3


@pytest.mark.rule("tressette.shared-card")
def test_a_card_counts_in_two_combinations():
    # the ace of coins is in W's napoletana of coins and in his three aces
    hand = play(start(DECLARATIONS, declarations=True), "W declares napoletana D", "W declares three aces")
    assert declared(hand) == {"NS": 0, "EW": 6}


@pytest.mark.rule("tressette.declarations")
def test_cannot_declare_what_you_do_not_hold():
    hand = start(DECLARATIONS, declarations=True)
    for words in ("declares napoletana C", "declares three 2s", "declares four aces"):
        message = refusal(hand, f"W {words}")
        assert message.startswith(f"W cannot declare \"{words[len('declares '):]}\"")


@pytest.mark.rule("tressette.declarations")
def test_cannot_declare_twice():
    hand = play(start(DECLARATIONS, declarations=True), "W declares napoletana D")
    assert "W declares napoletana D" not in {str(a) for a in hand.rules.legal(hand.state)}
    assert refusal(hand, "W declares napoletana D") == "W has already declared that."


@pytest.mark.rule("tressette.turn")
def test_declare_only_at_your_turn():
    hand = start(DECLARATIONS, declarations=True)
    assert refusal(hand, "S declares three 3s") == "It is W's turn, not S's."


@pytest.mark.rule("tressette.declarations")
def test_declarations_are_off_by_default():
    hand = start(DECLARATIONS)
    assert not any(isinstance(a, Call) for a in hand.rules.legal(hand.state))
    assert "declarations option" in refusal(hand, "W declares napoletana D")


# ----- declarations automatic by default (rules.md §5b) -----------------------------------------
@pytest.mark.rule("tressette.declare-first-trick")
def test_declarations_are_automatic_by_default():
    hand = start(DECLARATIONS, declarations=True)
    assert hand.rules.options.declare == "automatic"
    # at W's first card his only legal actions are his two declarations: no card yet
    assert [str(a) for a in hand.rules.legal(hand.state)] == ["W declares napoletana D",
                                                               "W declares three aces"]
    assert hand.rules.forced_calls(hand.state) == hand.rules.legal(hand.state)
    assert legal_codes(hand) == set()
    assert refusal(hand, "W plays 4C") == ("Declarations are automatic: W first declares the napoletana "
                                           "of coins and three aces, then plays his first card.")
    hand = play(hand, "W declares napoletana D")
    assert refusal(hand, "W plays 4C") == ("Declarations are automatic: W first declares three aces, "
                                           "then plays his first card.")
    hand = play(hand, "W declares three aces")
    assert declared(hand) == {"NS": 0, "EW": 6}          # scored at once, before his card
    assert "W plays 4C" in {str(a) for a in hand.rules.legal(hand.state)}
    assert hand.rules.forced_calls(hand.state) == []


@pytest.mark.rule("tressette.declare-first-trick")
def test_automatic_declarations_are_logged_just_before_each_first_card():
    from cardlab.bots import RandomBot, play_out
    rules = get_rules("tressette", declarations=True)
    hand = start(DECLARATIONS, declarations=True)
    for action in play_out(rules, hand.state, RandomBot(4)):
        hand = hand.then(action)
    log = hand.text().splitlines()[1:]
    first_trick = log[:log.index(next(line for line in log if line.startswith("N plays"))) + 1]
    assert first_trick[:2] == ["W declares napoletana D", "W declares three aces"]
    assert [line.split()[0] for line in first_trick[2:]] == ["W", "S", "S", "E", "E", "N"]
    assert first_trick[3] == "S declares three 3s" and first_trick[5] == "E declares three 2s"
    assert hand.rules.score(hand.state).parts["EW"]["declarations"] == 9
    assert hand.rules.score(hand.state).parts["NS"]["declarations"] == 3
    # the log replays to the same hand
    assert Hand.replay(rules, "N", hand.text().splitlines()).states == hand.states


def test_automatic_declaration_blocks_signals_until_made():
    hand = start(DUEL, declarations=True, signals=True)
    assert [str(a) for a in hand.rules.legal(hand.state)] == ["W declares napoletana C"]
    assert refusal(hand, "W signals busso").startswith("Declarations are automatic: W first declares")
    hand = play(hand, "W declares napoletana C")
    assert "W signals busso" in {str(a) for a in hand.rules.legal(hand.state)}


@pytest.mark.rule("tressette.declare-by-hand")
def test_declare_by_hand_keeps_the_choice_and_loses_what_is_not_declared():
    hand = start(DECLARATIONS, declarations=True, declare="by hand")
    assert "W plays 4C" in {str(a) for a in hand.rules.legal(hand.state)}
    hand = play(hand, "W plays 4C")                     # W declared nothing
    assert declared(hand) == {"NS": 0, "EW": 0}
    assert "S declares three 3s" in {str(a) for a in hand.rules.legal(hand.state)}
    assert "S plays 3C" in {str(a) for a in hand.rules.legal(hand.state)}


def test_shipped_declarations_scenario_replays_and_counts_each_declaration_once():
    from cardlab.scenario import builtin, run
    outcome = run(builtin("tressette-declarations"))      # written with an explicit "W declares three 2s"
    assert outcome.error is None
    hand = outcome.hand
    assert hand.rules.options.declare == "automatic"
    assert declared(hand) == {"NS": 0, "EW": 3}          # not 6: the written declaration is the automatic one
    assert [str(a) for a in hand.rules.legal(hand.state)] == ["S declares napoletana D"]


@pytest.mark.rule("tressette.declare-first-trick")
def test_automatic_declarations_only_in_the_first_trick_and_only_with_declarations_on():
    hand = start(DECLARATIONS)                           # declarations off: nothing is forced
    assert hand.rules.forced_calls(hand.state) == []
    assert "W plays 4C" in {str(a) for a in hand.rules.legal(hand.state)}
    hand = play(start(DECLARATIONS, declarations=True),
                "W declares napoletana D", "W declares three aces", "W plays 4C",
                "S declares three 3s", "S plays 3C", "E declares three 2s", "E plays KC", "N plays KS")
    assert hand.state.to_act == "S" and hand.rules.forced_calls(hand.state) == []


@pytest.mark.rule("tressette.calls")
def test_an_empty_call_is_refused_with_a_sentence():
    for options in ({}, {"declarations": True}, {"declarations": True, "signals": True}):
        hand = start(DECLARATIONS, **options)
        for words in ("", "   "):
            sentence = hand.rules.why_illegal(hand.state, Call("W", words))
            assert sentence.endswith(".") and "W" in sentence


def test_calls_are_described_in_words():
    rules = get_rules("tressette")
    assert rules.describe_call(Call("S", "declares napoletana D")) == "Declare the napoletana of coins"
    assert rules.describe_call(Call("S", "declares three aces")) == "Declare three aces"
    assert rules.describe_call(Call("S", "declares four 3s")) == "Declare four threes"
    assert rules.describe_call(Call("S", "declares three 2s")) == "Declare three twos"
    assert rules.describe_call(Call("W", "signals busso")) == "Signal busso (play your best in this suit)"
    assert rules.describe(Call("W", "signals volo")).startswith("Signal volo (")
    assert rules.badges(play(start(DECLARATIONS, declarations=True), "W declares napoletana D").state,
                        "W") == ("declared the napoletana of coins",)


# ----- first lead: the four of coins ----------------------------------------------------------
@pytest.mark.rule("tressette.four-of-coins")
def test_first_lead_by_the_holder_of_the_four_of_coins():
    assert Card("4", "D") in DECLARATIONS.hand("S")
    state = start(DECLARATIONS, first_lead="four_of_coins").state
    assert state.to_act == "S" and state.trick.leader == "S"
    hand = play(start(DECLARATIONS, first_lead="four_of_coins"), "S plays 4D")
    assert hand.state.to_act == "E"                      # then on counter-clockwise
    # only the first trick: later tricks are led by their winner as usual
    hand = play(hand, "E plays 2S", "N plays KS", "W plays 3D")
    assert hand.state.tricks[0].winner == "W" and hand.state.to_act == "W"


# ----- signals --------------------------------------------------------------------------------
@pytest.mark.rule("tressette.signals")
def test_signals_only_by_the_leader():
    hand = start(DUEL, signals=True)
    assert {str(a) for a in hand.rules.legal(hand.state) if isinstance(a, Call)} == {
        "W signals busso", "W signals volo", "W signals striscio"}
    hand = play(hand, "W plays 4D")
    assert not any(isinstance(a, Call) for a in hand.rules.legal(hand.state))
    assert "leading" in refusal(hand, "S signals busso")


@pytest.mark.rule("tressette.signals")
def test_signal_once_per_trick():
    hand = play(start(DUEL, signals=True), "W signals busso")
    assert not any(isinstance(a, Call) for a in hand.rules.legal(hand.state))
    assert refusal(hand, "W signals volo") == "W has already signalled to this trick."
    # the next trick's leader may signal again
    hand = play(hand, *DUEL_PLAY[:4], "S signals volo")
    assert hand.state.calls[-1] == (1, Call("S", "signals volo"))


@pytest.mark.rule("tressette.signals")
def test_signals_are_logged():
    hand = play(start(DUEL, signals=True), "W signals busso", "W plays 4D")
    assert hand.state.calls == ((0, Call("W", "signals busso")),)
    assert hand.text().splitlines()[1:] == ["W signals busso", "W plays 4D"]
    assert "busso" in hand.rules.badges(hand.state, "W")


@pytest.mark.rule("tressette.signals")
def test_signals_do_not_change_legality():
    plain, signalled = start(DUEL, signals=True), play(start(DUEL, signals=True), "W signals volo")
    assert legal_codes(plain) == legal_codes(signalled)
    plain, signalled = play(plain, "W plays 4D"), play(signalled, "W plays 4D")
    assert legal_codes(plain) == legal_codes(signalled) == {"3D", "2D", "AD", "KD", "KnD"}


@pytest.mark.rule("tressette.signals")
def test_signals_are_off_by_default():
    hand = start(DUEL)
    assert "signals option" in refusal(hand, "W signals busso")


def test_leader_may_signal_after_declaring():
    # A declaration is not a signal: declaring during the first trick must not use up the
    # leader's one signal for that trick.
    hand = play(start(DUEL, declarations=True, signals=True), "W declares napoletana C")
    assert "W signals busso" in {str(a) for a in hand.rules.legal(hand.state)}
    hand = play(hand, "W signals busso")
    assert hand.state.calls[-1] == (0, Call("W", "signals busso"))


# ----- refusal sentences ----------------------------------------------------------------------
@pytest.mark.rule("tressette.turn")
def test_turn_sentence():
    hand = play(start(FOLLOWING), "W plays 4C")
    assert refusal(hand, "E plays AC") == "It is S's turn, not E's."


def test_cannot_play_a_card_you_do_not_hold():
    hand = play(start(FOLLOWING), "W plays 4C")
    assert refusal(hand, "S plays AC") == "S does not hold the ace of batons."


@pytest.mark.rule("tressette.follow-suit")
def test_follow_suit_sentence_names_the_rule_and_the_held_card():
    hand = play(start(DECLARATIONS), "W plays 4C")      # S's only baton is the 3
    assert refusal(hand, "S plays KD") == ("You must follow suit: batons were led and you hold "
                                           "the 3 of batons.")
