"""Quatre Mains Soixante-Six: one test per rule statement (shared/rules.md §3), each on a small
explicit deal.

Seats: clockwise is N → E → S → W; partners N+S against E+W.  With N dealing, E (the dealer's
left) leads and play runs E → S → W → N.  Ranking in every suit, trumps too: A 10 K Q J 9 8 7.
Values: A 11, 10 10, K 4, Q 3, J 2, last trick 10 — 130 in every hand.  In these deals the
dealer's turned card is given as ``turned`` and is one of the dealer's eight cards.
"""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from cardlab import Deal, Hand, get_rules, parse_action, parse_cards
from cardlab.cards import Card
from cardlab.scenario import Scenario, builtin, loads, report, run
from tests import tiny
from tests.tiny import legal_codes, play, refusal


def make_deal(dealer="N", turned="7S", **hands) -> Deal:
    """``make_deal("N", "7S", N="AS …", E=…, S=…, W=…)``: four hands and the turned card."""
    return Deal(dealer, tuple((seat, parse_cards(hands[seat])) for seat in "NESW"),
                (("turned", parse_cards(turned)),))


def start(deal: Deal, **options) -> Hand:
    return tiny.start("sixty_six", deal, **options)


def replay(log: tuple[str, ...], **options) -> Hand:
    rules = get_rules("sixty_six", **options)
    return Hand.replay(rules, "N", log)


# Trumps spades (N turned the 7S and holds every spade).  E holds the KH and seven clubs; S the AH,
# 7H and six diamonds; W five low hearts, the AD, 7D and 7C.
FOLLOW = make_deal(
    "N", "7S",
    N="AS 10S KS QS JS 9S 8S 7S",
    E="KH 8C 9C 10C JC QC KC AC",
    S="AH 7H 8D 9D 10D JD QD KD",
    W="8H 9H 10H JH QH AD 7D 7C",
)
# Trumps spades.  E leads the QH; S has no hearts and no trumps; W, E's partner, holds the KH and AH.
PARTNER = make_deal(
    "N", "7S",
    N="AS 10S KS QS JS 9S 8S 7S",
    E="QH 8H 9C 10C JC QC KC AC",
    S="7D 8D 9D 10D JD QD KD AD",
    W="AH KH 7H 9H 10H JH 7C 8C",
)
# Trumps spades.  E holds every heart; S no heart and one trump (9S); W no heart, the 10S and 8S;
# N the AS, KS, QS, JS and 7S.
TRUMPING = make_deal(
    "N", "7S",
    N="AS KS QS JS QC KC AC 7S",
    E="7H 8H 9H 10H JH QH KH AH",
    S="9S 7D 8D 9D 10D JD QD KD",
    W="10S 8S AD 7C 8C 9C 10C JC",
)
# As TRUMPING, but W's trumps (7S, 8S) are both lower than S's 9S; N holds the AS and the 10S.
UNDER = make_deal(
    "N", "10S",
    N="AS KS QS JS QC KC AC 10S",
    E="7H 8H 9H 10H JH QH KH AH",
    S="9S 7D 8D 9D 10D JD QD KD",
    W="7S 8S AD 7C 8C 9C 10C JC",
)
# Trumps spades.  E leads a low heart, S (no hearts) trumps with the 9S, W holds four high hearts.
AFTER_TRUMP = make_deal(
    "N", "7S",
    N="AS 10S KS QS JS KC AC 7S",
    E="7H 8H 9H 10H 7C 8C 9C 10C",
    S="9S 7D 8D 9D 10D JD QD KD",
    W="AH KH QH JH 8S AD JC QC",
)
# W deals (so N, the dealer's left, leads); trumps spades.  N leads the 9S; E holds the 10S and 8S.
TRUMPS_LED = make_deal(
    "W", "7S",
    N="9S 7H 8H 9H 10H JH QH KH",
    E="10S 8S AH 7D 8D 9D 10D JD",
    S="QD KD AD 7C 8C 9C 10C JC",
    W="AS KS QS JS QC KC AC 7S",
)
# Each seat holds one whole suit and N's spades are trumps: N trumps E's heart lead and then
# leads his trumps, taking all eight tricks.
ONE_SUIT_EACH = make_deal(
    "N", "7S",
    N="AS 10S KS QS JS 9S 8S 7S",
    E="AH 10H KH QH JH 9H 8H 7H",
    S="AD 10D KD QD JD 9D 8D 7D",
    W="AC 10C KC QC JC 9C 8C 7C",
)
ALL_EIGHT_PLAY = ["E plays 7H", "S plays 7D", "W plays 7C", "N plays 7S"] + [
    f"{seat} plays {rank}{suit}" for rank in ("8", "9", "J", "Q", "K", "10", "A")
    for seat, suit in (("N", "S"), ("E", "H"), ("S", "D"), ("W", "C"))]

# Whole hands (N deals), each trick's winner and card points in the comment.
EXACTLY_100 = (
    "N deals N[10H AS 10D QH 8S AH 7C 8H] E[10C JH KH 9S KD AD 7H QD] S[9H 7S JC JS KS KC QS 8C] W[8D 9D JD 10S QC 9C AC 7D] turned[8H]",
    "E plays AD", "S plays 9H", "W plays 7D", "N plays 10D",  # S 21
    "S plays 7S", "W plays 10S", "N plays AS", "E plays 9S",  # N 21
    "N plays AH", "E plays 7H", "S plays KS", "W plays 8D",  # N 15
    "N plays 10H", "E plays JH", "S plays KC", "W plays 9D",  # N 16
    "N plays 8H", "E plays KH", "S plays 8C", "W plays AC",  # E 15
    "E plays 10C", "S plays JC", "W plays QC", "N plays 7C",  # E 15
    "E plays KD", "S plays JS", "W plays JD", "N plays QH",  # N 11
    "N plays 8S", "E plays QD", "S plays QS", "W plays 9C",  # S 6+10
)  # NS 100, EW 30
EXACTLY_66 = (
    "N deals N[9C JD 8H 10C AD AC JH 8D] E[QS 9H KH 7H 9S 7S 7C KC] S[JS AH KS 10S 9D QC 8C 10H] W[7D QD 10D 8S AS QH KD JC] turned[8D]",
    "E plays 7S", "S plays JS", "W plays AS", "N plays 8D",  # N 13
    "N plays AD", "E plays 7H", "S plays 9D", "W plays 7D",  # N 11
    "N plays AC", "E plays 7C", "S plays QC", "W plays JC",  # N 16
    "N plays 10C", "E plays KC", "S plays 8C", "W plays QD",  # W 17
    "W plays 10D", "N plays JD", "E plays KH", "S plays KS",  # W 20
    "W plays KD", "N plays 8H", "E plays QS", "S plays 10S",  # W 17
    "W plays 8S", "N plays 9C", "E plays 9S", "S plays 10H",  # E 10
    "E plays 9H", "S plays AH", "W plays QH", "N plays JH",  # S 16+10
)  # NS 66, EW 64
NINETY_NINE = (
    "N deals N[8C AH JH 7H 8H 9C KS AS] E[AC 9S JC AD QD 7S 7C 10H] S[KC KH 9H 9D JD 8S QC 10S] W[8D QS 7D 10C 10D QH JS KD] turned[AS]",
    "E plays 9S", "S plays 10S", "W plays JS", "N plays AS",  # N 23
    "N plays KS", "E plays 7S", "S plays 8S", "W plays QS",  # N 7
    "N plays AH", "E plays 10H", "S plays KH", "W plays QH",  # N 28
    "N plays JH", "E plays AD", "S plays 9H", "W plays 10C",  # N 23
    "N plays 7H", "E plays QD", "S plays 9D", "W plays 8D",  # N 3
    "N plays 8C", "E plays AC", "S plays KC", "W plays 7D",  # E 15
    "E plays JC", "S plays QC", "W plays 10D", "N plays 9C",  # S 15
    "S plays JD", "W plays KD", "N plays 8H", "E plays 7C",  # W 6+10
)  # NS 99, EW 31
ALL_POINTS_NOT_ALL_TRICKS = (
    "N deals N[AD JS QC KS 7S KH 8S 10D] E[KC JC 8H 9D QH QS 7D 8C] S[AS 9H AC 9S 9C QD JD 10C] W[JH KD 10H 8D AH 7C 7H 10S] turned[10D]",
    "E plays 9D", "S plays JD", "W plays KD", "N plays 10D",  # N 16
    "N plays JS", "E plays QS", "S plays AS", "W plays 10S",  # S 26
    "S plays 9S", "W plays 8D", "N plays 8S", "E plays 8C",  # W 0
    "W plays 7C", "N plays QC", "E plays KC", "S plays AC",  # S 18
    "S plays QD", "W plays 10H", "N plays AD", "E plays 7D",  # N 24
    "N plays 7S", "E plays 8H", "S plays 10C", "W plays AH",  # N 21
    "N plays KH", "E plays QH", "S plays 9H", "W plays 7H",  # N 7
    "N plays KS", "E plays JC", "S plays 9C", "W plays JH",  # N 8+10
)  # NS 130, EW 0


def test_the_example_deals_are_whole_packs():
    rules = get_rules("sixty_six")
    for deal in (FOLLOW, PARTNER, TRUMPING, UNDER, AFTER_TRUMP, TRUMPS_LED, ONE_SUIT_EACH):
        assert rules.deal_problem(rules.initial(deal.dealer), deal) is None, deal


# ----- pack, ranking, values ------------------------------------------------------------------
RANKING = ["A", "10", "K", "Q", "J", "9", "8", "7"]  # the document, strongest first


@pytest.mark.rule("sixty_six.pack")
def test_pack_is_32_cards_ace_to_seven():
    rules = get_rules("sixty_six")
    assert len(rules.pack.cards) == 32
    assert sorted({card.rank for card in rules.pack.cards}) == sorted(RANKING)


@pytest.mark.rule("sixty_six.card-order")
def test_rank_order_is_ace_ten_king_queen_jack_9_8_7_in_every_suit():
    rules = get_rules("sixty_six")
    for suit in "SHDC":
        cards = [Card(rank, suit) for rank in RANKING]
        assert sorted(cards, key=lambda c: rules.strength(None, c), reverse=True) == cards


@pytest.mark.rule("sixty_six.card-values", "sixty_six.last-trick")
def test_card_values_are_11_10_4_3_2_and_last_trick_10_making_130():
    rules = get_rules("sixty_six")
    values = [rules.card_points(Card(rank, "H")) for rank in RANKING]
    assert values == [11, 10, 4, 3, 2, 0, 0, 0]
    assert rules.last_trick_bonus == 10
    assert sum(rules.card_points(card) for card in rules.pack.cards) + rules.last_trick_bonus == 130


# ----- the deal and the turned card -----------------------------------------------------------
@pytest.mark.rule("sixty_six.deal")
def test_deal_is_3_2_3_clockwise_from_the_dealers_left():
    rules = get_rules("sixty_six")
    pack = rules.pack.cards
    deal = rules.deal_from("N", pack)
    order = "ESWN"
    expected = {seat: [] for seat in order}
    position = 0
    for size in (3, 2, 3):
        for seat in order:
            expected[seat] += pack[position:position + size]
            position += size
    assert {seat: list(cards) for seat, cards in deal.hands} == expected


@pytest.mark.rule("sixty_six.turned-trump")
def test_the_dealers_last_card_is_turned_up_and_belongs_to_the_dealer():
    rules = get_rules("sixty_six")
    pack = rules.pack.cards
    deal = rules.deal_from("W", pack)
    assert deal.extra("turned") == (pack[-1],)                 # the last card dealt …
    assert deal.hand("W")[-1] == pack[-1]                      # … is the dealer's eighth
    state = Hand.start(rules, "W").then(deal).state
    assert rules.trump(state) == pack[-1].suit
    assert pack[-1] in state.hand("W")


@pytest.mark.rule("sixty_six.turned-trump")
def test_a_scenario_deal_gives_the_turned_card_among_the_dealers_cards():
    rules = get_rules("sixty_six")
    state = rules.initial("N")
    assert rules.deal_problem(state, FOLLOW) is None           # 7S: turned and in N's hand
    elsewhere = make_deal("N", "7H", **{seat: " ".join(map(str, FOLLOW.hand(seat))) for seat in "NESW"})
    assert rules.deal_problem(state, elsewhere) == ("The turned card 7H must be one of the dealer's "
                                                    "cards: it is the last card dealt to N.")
    missing = Deal("N", FOLLOW.hands)
    assert "turns up one card" in rules.deal_problem(state, missing)


def test_turned_card_stays_face_up_until_the_dealer_plays_it():
    hand = start(FOLLOW)
    rules = hand.rules
    assert rules.public_cards(hand.state) == (("Trumps · N's turned card", Card("7", "S")),)
    assert rules.scene(hand.state, "S").public == rules.public_cards(hand.state)
    hand = play(hand, "E plays KH", "S plays AH", "W plays 8H", "N plays 7S")
    assert rules.public_cards(hand.state) == ()
    assert "Trumps: spades." in rules.status(hand.state)


@pytest.mark.rule("sixty_six.first-lead", "sixty_six.next-dealer")
def test_the_dealers_left_leads_and_the_deal_passes_left():
    assert start(FOLLOW).state.to_act == "E"
    assert start(TRUMPS_LED).state.to_act == "N"
    assert get_rules("sixty_six").next_dealer("N") == "E"


# ----- legal play (rules.md §3.3) -------------------------------------------------------------
def test_leader_may_lead_any_card():
    hand = start(FOLLOW)
    assert legal_codes(hand) == {str(card) for card in FOLLOW.hand("E")}


@pytest.mark.rule("sixty_six.follow-suit")
def test_must_follow_suit():
    hand = play(start(FOLLOW), "E plays KH", "S plays AH")
    assert legal_codes(hand) == {"8H", "9H", "10H", "JH", "QH"}     # none beats the ace: any heart
    assert refusal(hand, "W plays AD") == ("You must follow suit: hearts were led and you hold the 8 of "
                                           "hearts, the 9 of hearts, the jack of hearts, the queen of hearts "
                                           "and the 10 of hearts.")


@pytest.mark.rule("sixty_six.must-win")
def test_must_win_the_trick_if_possible():
    hand = play(start(FOLLOW), "E plays KH")
    assert legal_codes(hand) == {"AH"}
    assert refusal(hand, "S plays 7H") == ("You must win the trick if you can: the ace of hearts beats "
                                           "the king of hearts.")
    assert refusal(hand, "S plays 8D") == ("You must follow suit and win the trick if you can: the ace of "
                                           "hearts beats the king of hearts.")


@pytest.mark.rule("sixty_six.must-win")
def test_must_win_the_trick_even_over_partner():
    hand = play(start(PARTNER), "E plays QH", "S plays 7D")
    assert legal_codes(hand) == {"KH", "10H", "AH"}
    assert refusal(hand, "W plays 7H") == ("You must win the trick if you can, even over your partner: the "
                                           "king of hearts, the 10 of hearts and the ace of hearts beat the "
                                           "queen of hearts.")


@pytest.mark.rule("sixty_six.must-trump")
def test_void_in_the_suit_led_must_trump():
    hand = play(start(TRUMPING), "E plays KH")
    assert legal_codes(hand) == {"9S"}
    assert refusal(hand, "S plays KD") == ("You must trump: you have no hearts, and spades are trumps — "
                                           "you hold the 9 of spades.")


@pytest.mark.rule("sixty_six.over-trump")
def test_must_over_trump_a_trump_already_played():
    hand = play(start(TRUMPING), "E plays KH", "S plays 9S")
    assert legal_codes(hand) == {"10S"}
    expected = "You must over-trump: the 10 of spades beats the 9 of spades."
    assert refusal(hand, "W plays 8S") == expected                 # an under-trump
    assert refusal(hand, "W plays AD") == expected                 # a discard


@pytest.mark.rule("sixty_six.over-trump")
def test_must_over_trump_even_over_partner():
    hand = play(start(UNDER), "E plays KH", "S plays 9S", "W plays AD")
    assert legal_codes(hand) == {"JS", "QS", "KS", "10S", "AS"}       # every spade beats the 9
    assert refusal(hand, "N plays KC") == ("You must over-trump, even over your partner: the jack of spades, "
                                           "the queen of spades, the king of spades, the 10 of spades and "
                                           "the ace of spades beat the 9 of spades.")


@pytest.mark.rule("sixty_six.any-card")
def test_unable_to_over_trump_any_card_may_be_played():
    hand = play(start(UNDER), "E plays KH", "S plays 9S")
    assert legal_codes(hand) == {str(card) for card in UNDER.hand("W")}


@pytest.mark.rule("sixty_six.undertrump")
def test_must_undertrump_option_obliges_a_lower_trump():
    hand = play(start(UNDER, must_undertrump=True), "E plays KH", "S plays 9S")
    assert legal_codes(hand) == {"7S", "8S"}
    assert refusal(hand, "W plays AD") == ("You must still trump (the under-trump option is on): you cannot "
                                           "beat the 9 of spades, but you hold the 7 of spades and the 8 of "
                                           "spades.")


@pytest.mark.rule("sixty_six.must-win")
def test_once_trumped_following_suit_need_not_beat():
    hand = play(start(AFTER_TRUMP), "E plays 7H", "S plays 9S")
    assert legal_codes(hand) == {"JH", "QH", "KH", "AH"}
    assert refusal(hand, "W plays 8S") == ("You must follow suit: hearts were led and you hold the jack of "
                                           "hearts, the queen of hearts, the king of hearts and the ace of "
                                           "hearts.")


@pytest.mark.rule("sixty_six.must-win")
def test_trumps_led_must_be_beaten_if_possible():
    hand = play(start(TRUMPS_LED), "N plays 9S")
    assert legal_codes(hand) == {"10S"}
    assert refusal(hand, "E plays 8S") == "You must win the trick if you can: the 10 of spades beats the 9 of spades."


@pytest.mark.rule("sixty_six.trick-winner")
def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    hand = play(start(TRUMPING), "E plays KH", "S plays 9S", "W plays 10S", "N plays AS")
    assert hand.state.tricks[0].winner == "N"
    hand = play(start(FOLLOW), "E plays KH", "S plays AH", "W plays QH", "N plays 7S")
    assert hand.state.tricks[0].winner == "N"                      # the 7 of trumps beats the ace
    third = replay(EXACTLY_66).state.tricks[2]                     # N AC, E 7C, S QC, W JC; no trump
    assert third.winner == "N"


# ----- game points per hand (rules.md §3.5) ---------------------------------------------------
@pytest.mark.rule("sixty_six.hand-award")
def test_all_eight_tricks_score_3():
    hand = play(start(ONE_SUIT_EACH), *ALL_EIGHT_PLAY)
    result = hand.rules.score(hand.state)
    assert result.points == {"NS": 130, "EW": 0}
    assert result.score == {"NS": 3, "EW": 0}


@pytest.mark.rule("sixty_six.all-tricks")
def test_130_points_without_every_trick_score_2():
    hand = replay(ALL_POINTS_NOT_ALL_TRICKS)
    assert hand.state.tricks[2].winner == "W" and hand.rules.trick_points(hand.state.tricks[2]) == 0
    result = hand.rules.score(hand.state)
    assert result.points == {"NS": 130, "EW": 0}
    assert result.score == {"NS": 2, "EW": 0}


@pytest.mark.rule("sixty_six.exactly-100")
def test_exactly_100_scores_2():
    result = replay(EXACTLY_100).rules.score(replay(EXACTLY_100).state)
    assert result.points == {"NS": 100, "EW": 30}
    assert result.parts["NS"] == {"cards": 90, "last trick": 10}
    assert result.score == {"NS": 2, "EW": 0}


@pytest.mark.rule("sixty_six.hand-award")
def test_99_scores_1():
    hand = replay(NINETY_NINE)
    result = hand.rules.score(hand.state)
    assert result.points == {"NS": 99, "EW": 31}
    assert result.score == {"NS": 1, "EW": 0}


@pytest.mark.rule("sixty_six.hand-award")
def test_exactly_66_scores_1():
    hand = replay(EXACTLY_66)
    result = hand.rules.score(hand.state)
    assert result.points == {"NS": 66, "EW": 64}
    assert result.score == {"NS": 1, "EW": 0}
    assert result.summary == "NS 66 card points against 64: 1 game point (66 or more)."


@pytest.mark.parametrize("points,all_tricks,expected", [
    (130, True, 3), (130, False, 2), (100, False, 2), (99, False, 1), (66, False, 1), (65, False, 0)])
@pytest.mark.rule("sixty_six.hand-award", "sixty_six.exactly-100")
def test_game_point_thresholds(points, all_tricks, expected):
    assert get_rules("sixty_six").game_points(Fraction(points), all_tricks) == expected


def draw() -> Hand:
    """The teaching scenario's 65–65 hand, played to the end."""
    return run(builtin("sixty_six-65-65")).hand


@pytest.mark.rule("sixty_six.65-65")
def test_65_65_nobody_scores_and_the_next_winner_takes_a_carried_point():
    rules = get_rules("sixty_six")
    tie = rules.score(draw().state)
    assert tie.points == {"NS": 65, "EW": 65}
    assert tie.score == {"NS": 0, "EW": 0}
    match = rules.settle(rules.new_match("N"), tie)
    assert match.totals == {"NS": 0, "EW": 0}
    assert match.carried == 1
    assert match.note == "1 game point carried to the winner of the next hand."
    match = rules.settle(match, rules.score(replay(EXACTLY_66).state))
    assert match.totals == {"NS": 2, "EW": 0}                       # 1 for 66, 1 carried
    assert match.carried == 0
    assert match.results[-1].score == {"NS": 2, "EW": 0}
    assert match.note == "NS won the hand and took 1 carried game point."


@pytest.mark.rule("sixty_six.carried-add-up")
def test_carried_points_accumulate_over_successive_65_65_hands():
    rules = get_rules("sixty_six")
    tie = rules.score(draw().state)
    match = rules.settle(rules.settle(rules.new_match("N"), tie), tie)
    assert match.carried == 2
    match = rules.settle(match, rules.score(replay(EXACTLY_100).state))
    assert match.totals == {"NS": 4, "EW": 0}                       # 2 for 100, 2 carried
    assert match.carried == 0


@pytest.mark.rule("sixty_six.match")
def test_first_side_to_7_game_points_wins_the_match():
    rules = get_rules("sixty_six")
    result = rules.score(replay(EXACTLY_66).state)
    not_yet = rules.settle(rules.new_match("N", {"NS": 5, "EW": 6}), result)
    assert not not_yet.over and not_yet.totals == {"NS": 6, "EW": 6}
    won = rules.settle(not_yet, result)
    assert won.over and won.winner == "NS" and won.totals == {"NS": 7, "EW": 6}


# ----- a scenario in the middle of a match: "carried" (rules.md §5b) ------------------------------
def mid_match(log: tuple[str, ...], match: dict | None) -> dict:
    """The replay output of a scenario holding the hand ``log`` and the match before it."""
    deal = parse_action(log[0], ("N", "E", "S", "W"))
    cards = {name: [str(card) for card in held] for name, held in deal.hands + deal.extras}
    scenario = Scenario(game="sixty_six", dealer=deal.dealer, deal=cards, actions=log[1:], match=match)
    return report(run(scenario))


def test_a_scenario_with_a_carried_point_gives_it_to_the_hands_winner():
    out = mid_match(EXACTLY_66, {"NS": 2, "EW": 3, "carried": 1})
    assert out["error"] is None
    assert out["result"]["score"] == {"NS": 2, "EW": 0}                 # 1 for 66, 1 carried
    assert out["match"] == {"totals": {"NS": 4, "EW": 3, "carried": 0}, "over": False, "winner": None}


def test_a_65_65_scenario_adds_to_the_carried_points():
    tie = replace(builtin("sixty_six-65-65"), match={"NS": 4, "EW": 5, "carried": 2})
    out = report(run(tie))
    assert out["result"]["score"] == {"NS": 0, "EW": 0}
    assert out["match"]["totals"] == {"NS": 4, "EW": 5, "carried": 3}


def test_a_match_without_carried_carries_nothing_and_the_output_says_0():
    out = mid_match(EXACTLY_66, {"NS": 2, "EW": 3})
    assert out["result"]["score"] == {"NS": 1, "EW": 0}
    assert out["match"]["totals"] == {"NS": 3, "EW": 3, "carried": 0}


def test_the_output_totals_are_the_next_hands_match():
    rules = get_rules("sixty_six")
    totals = report(run(builtin("sixty_six-65-65")))["match"]["totals"]
    assert totals == {"NS": 4, "EW": 5, "carried": 1}
    following = rules.match_from_json("E", totals)
    assert (following.totals, following.carried) == ({"NS": 4, "EW": 5}, 1)
    assert rules.match_to_json(following) == totals


def test_a_scenario_keeps_its_carried_point_through_json():
    scenario = replace(builtin("sixty_six-65-65"), match={"NS": 4, "EW": 5, "carried": 1})
    assert loads(json.dumps(scenario.to_json())).match == {"NS": 4, "EW": 5, "carried": 1}


@pytest.mark.parametrize("carried", [-1, "1", True, 1.5, 10**9, [1]])
def test_a_carried_count_that_is_not_a_small_whole_number_is_refused(carried):
    outcome = run(replace(builtin("sixty_six-65-65"), match={"NS": 4, "EW": 5, "carried": carried}))
    assert outcome.hand is None and "carried" in outcome.error
    assert outcome.error.endswith(".")


# ----- option: the 10 of trumps (rules.md §3.4) -----------------------------------------------
def test_ten_of_trumps_bonus_is_off_by_default():
    result = get_rules("sixty_six").score(replay(EXACTLY_66).state)
    assert result.score == {"NS": 1, "EW": 0}


@pytest.mark.rule("sixty_six.ten-of-trumps")
def test_ten_of_trumps_bonus_gives_a_game_point_to_the_side_winning_it():
    hand = replay(EXACTLY_66, ten_of_trumps_bonus=True)
    assert hand.state.tricks[4].winner == "W" and Card("10", "D") in hand.state.tricks[4].cards()
    result = hand.rules.score(hand.state)
    assert result.score == {"NS": 1, "EW": 1}
    assert result.parts["EW"]["10 of trumps (game point)"] == 1


@pytest.mark.rule("sixty_six.ten-of-trumps")
def test_ten_of_trumps_wins_at_once_for_a_side_on_6():
    hand = replay(EXACTLY_66, ten_of_trumps_bonus=True)
    rules = hand.rules
    match = rules.settle(rules.new_match("N", {"NS": 6, "EW": 6}), rules.score(hand.state))
    assert match.totals == {"NS": 7, "EW": 7}
    assert match.over and match.winner == "EW"                      # EW on 6 took the 10 of trumps


# ----- teaching scenarios: their captions say what happens ------------------------------------
def test_scenario_beat_partner_south_must_take_norths_king():
    hand = run(builtin("sixty_six-beat-partner")).hand
    state, rules = hand.state, hand.rules
    assert state.to_act == "S" and state.trick.card_of("N") == Card("K", "H")
    assert rules.trick_winner(state, state.trick) == "N"
    assert legal_codes(hand) == {"AH"}
    assert hand.states[5].tricks[0].winner == "W" and hand.states[5].tricks[0].card_of("W") == Card("7", "S")
    assert "even over your partner" in refusal(hand, "S plays JH")


def test_scenario_over_trump_south_must_beat_easts_jack_of_trumps():
    hand = run(builtin("sixty_six-over-trump")).hand
    state, rules = hand.state, hand.rules
    assert rules.trump(state) == "D" and state.trick.card_of("E") == Card("J", "D")
    assert legal_codes(hand) == {"QD", "KD"}
    assert refusal(hand, "S plays 9D").startswith("You must over-trump")
    first = state.tricks[0]
    assert first.winner == "N" and rules.trick_points(first) == 21


def test_scenario_65_65_counts_and_carries():
    hand = draw()
    rules = hand.rules
    after_two = hand.states[9]
    assert [t.winner for t in after_two.tricks] == ["E", "E"]
    assert rules.card_points_by_side(after_two)["EW"] == 53
    third = hand.states[13].tricks[2]
    assert [str(c) for c in third.cards()] == ["QC", "JH", "JC", "QH"] and third.winner == "N"
    result = rules.score(hand.state)
    assert result.parts["NS"] == {"cards": 55, "last trick": 10} and result.last_trick == "NS"
    assert result.points == {"NS": 65, "EW": 65}


# ----- the table: the carried point is on the match sheet and goes to the next winner ---------
def test_table_keeps_the_carried_point_and_gives_it_to_the_next_hands_winner():
    from cardlab.bots import SimpleBot
    from cardlab.widgets import Table
    table = Table("sixty_six", scenario="sixty_six-65-65")
    table.last_button.click()
    assert "1 game point carried to the winner of the next hand." in table.match_box.value
    table.counting.skip()                              # the breakdown follows the learner's count
    assert "65–65: nobody scores" in table.breakdown_box.value
    table.next_button.click()                          # the next hand: South plays the bot's choices
    while not table.state.over:
        table.play(str(SimpleBot().choose(table.rules, table.rules.view(table.state, "S")).card))
    result = table.rules.score(table.state)
    winner = next(side for side, points in result.points.items() if points >= 66)
    settled = table.rules.settle(table.match, result)
    assert settled.totals[winner] == {"NS": 4, "EW": 5}[winner] + result.score[winner] + 1
    assert f"{winner} won the hand and took 1 carried game point." in table.match_box.value


def test_every_seat_sees_the_turned_card_until_the_dealer_plays_it():
    rules = get_rules("sixty_six")
    hand = Hand.dealt(rules, "N", 5)
    turned = hand.state.turned
    for seat in rules.seats:
        assert rules.public_cards(rules.view(hand.state, seat)) == rules.public_cards(hand.state)
        assert rules.public_cards(rules.view(hand.state, seat))[0][1] == turned
    state = hand.state
    while turned in state.hand("N"):
        dealer_may = state.to_act == "N" and turned in rules.legal_cards(state, "N")
        state = rules.apply(state, parse_action(f"N plays {turned}", rules.seats) if dealer_may
                            else rules.legal(state)[0])
    assert all(rules.public_cards(rules.view(state, seat)) == () for seat in rules.seats)
