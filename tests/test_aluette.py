"""Aluette: one test per rule statement (shared/rules.md §4), each on a small explicit deal.

Seats: clockwise is N → E → S → W.  With N dealing, eldest (the dealer's left) is E and play runs
E → S → W → N.  North–South play against East–West.
"""
from __future__ import annotations

import pytest

from cardlab import Call, Deal, Hand, Play, get_rules, parse_cards
from cardlab.cards import SPANISH_48
from cardlab.games.aluette.rules import CLASSES, GESTURES, ceremony
from cardlab.rules import MatchError
from cardlab.scenario import builtin, builtin_names, run
from tests import tiny
from tests.tiny import play, refusal


def make_deal(dealer="N", rest=None, **hands) -> Deal:
    extras = (("rest", parse_cards(rest)),) if rest else ()
    return Deal(dealer, tuple((seat, parse_cards(hands[seat])) for seat in "NESW"), extras)


def start(deal: Deal, **options) -> Hand:
    return tiny.start("aluette", deal, **options)


# TIE: E and N both end on 3 tricks, N first (trick 4); trick 5 (two kings) and 9 (four eights) spoiled.
TIE = make_deal(E="AD 5D 5H 5S KD AH 3S AS 8D", S="5C 6D 6H KS KC KnD KnH 7S 8H",
                W="6S 6C 7D JD JH JS JC 9S 8S", N="4C 3D 3H 2D 4D 4H 3C 7C 8C",
                rest="2S 4S KnS 2H 7H 9H KH 9D AC 2C 9C KnC")
TIE_PLAY = ["E plays AD", "S plays 5C", "W plays 6S", "N plays 4C",     # E 1
            "E plays 5D", "S plays 6D", "W plays 6C", "N plays 3D",     # N 1
            "N plays 3H", "E plays 5H", "S plays 6H", "W plays 7D",     # N 2
            "N plays 2D", "E plays 5S", "S plays KS", "W plays JD",     # N 3 (first to three)
            "N plays 4D", "E plays KD", "S plays KC", "W plays JH",     # two kings: spoiled
            "N plays 4H", "E plays AH", "S plays KnD", "W plays JS",    # E 2
            "E plays 3S", "S plays KnH", "W plays JC", "N plays 3C",    # S 1
            "S plays 7S", "W plays 9S", "N plays 7C", "E plays AS",     # E 3
            "E plays 8D", "S plays 8H", "W plays 8S", "N plays 8C"]     # four eights: spoiled
# MORD: E wins tricks 1–6 with aces and kings, then N takes 7, 8 and 9 with the three top luettes.
MORD = make_deal(E="AD AH AS AC KD KH 5D 5H 5S", S="KS KC KnD KnH KnS KnC 5C 6D 6H",
                 W="JD JH JS JC 9S 9C 6S 6C 7D", N="3D 3H 2D 4C 4D 4H 4S 3S 3C",
                 rest="2S 7S 8S 2H 7H 8H 9H 8D 9D 2C 7C 8C")
MORD_PLAY = ["E plays AD", "S plays KS", "W plays JD", "N plays 4C",
             "E plays AH", "S plays KC", "W plays JH", "N plays 4D",
             "E plays AS", "S plays KnD", "W plays JS", "N plays 4H",
             "E plays AC", "S plays KnH", "W plays JC", "N plays 4S",
             "E plays KD", "S plays KnS", "W plays 9S", "N plays 3S",
             "E plays KH", "S plays KnC", "W plays 9C", "N plays 3C",
             "E plays 5D", "S plays 5C", "W plays 6S", "N plays 3D",
             "N plays 3H", "E plays 5H", "S plays 6D", "W plays 6C",
             "N plays 2D", "E plays 5S", "S plays 6H", "W plays 7D"]
NO_REST = Deal(MORD.dealer, MORD.hands)


@pytest.mark.rule("aluette.pack")
def test_the_example_deals_are_whole_packs():
    rules = get_rules("aluette")
    for deal in (TIE, MORD):
        assert rules.deal_problem(rules.initial("N"), deal) is None
        assert sorted((c for _, cs in deal.hands + deal.extras for c in cs), key=str) == sorted(SPANISH_48.cards, key=str)


# ----- the pack and the ranking -----------------------------------------------------------------
@pytest.mark.rule("aluette.pack", "aluette.ranking")
def test_nineteen_classes_cover_the_48_cards_once():
    cards = [card for _, cards in CLASSES for card in cards]
    assert len(CLASSES) == 19 and sorted(cards, key=str) == sorted(SPANISH_48.cards, key=str)


@pytest.mark.rule("aluette.ranking")
def test_ranking_monsieur_madame_borgne_vache_then_doubles_figures_and_bigailles():
    rules = get_rules("aluette")
    order = "3D 3H 2D 2H 9H 9D 2C 2S AD KD KnD JD 9S 8D 7D 6D 5D 4D 3S"
    strengths = [rules.strength(None, card) for card in parse_cards(order)]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 19


@pytest.mark.rule("aluette.ranking")
def test_cards_of_one_class_tie_whatever_their_suit():
    rules = get_rules("aluette")
    for _, cards in CLASSES:
        assert len({rules.strength(None, card) for card in cards}) == 1


@pytest.mark.rule("aluette.any-card")
def test_any_card_may_be_played_at_any_time():
    hand = play(start(NO_REST), "E plays AD")
    assert {str(a.card) for a in hand.rules.legal(hand.state)} == set("KS KC KnD KnH KnS KnC 5C 6D 6H".split())


@pytest.mark.rule("aluette.trick-winner")
def test_the_single_best_class_wins_whatever_the_suit_led():
    hand = play(start(NO_REST), "E plays 5D", "S plays 5C", "W plays 6S", "N plays 3S")
    assert hand.state.tricks[0].winner == "W"          # a six of swords beats the five of coins led


# ----- the deal ---------------------------------------------------------------------------------
@pytest.mark.rule("aluette.deal")
def test_deal_packets_of_three_clockwise_from_the_dealers_left_nine_each_twelve_left():
    rules = get_rules("aluette")
    cards = list(SPANISH_48.cards)
    deal = rules.deal_from("N", cards)
    assert deal.hand("E") == tuple(cards[0:3]) + tuple(cards[12:15]) + tuple(cards[24:27])
    assert deal.hand("N") == tuple(cards[9:12]) + tuple(cards[21:24]) + tuple(cards[33:36])
    assert deal.extra("rest") == tuple(cards[36:])


@pytest.mark.rule("aluette.first-lead", "aluette.next-dealer")
def test_dealers_left_leads_the_first_trick_and_the_deal_passes_left():
    hand = start(NO_REST)
    assert hand.state.phase == "play" and hand.state.to_act == "E"
    assert hand.rules.next_dealer("N") == "E"


def test_without_rest_there_is_nothing_to_sing_and_play_starts_at_once():
    hand = start(NO_REST)
    assert hand.state.phase == "play"
    assert hand.rules.legal_calls(hand.state) == []


# ----- singing ----------------------------------------------------------------------------------
@pytest.mark.rule("aluette.singing-order", "aluette.phases")
def test_each_player_from_the_dealers_left_says_whether_he_sings():
    hand = start(MORD)
    assert hand.state.phase == "sing" and hand.state.to_act == "E"
    assert "No card is played yet" in refusal(hand, "E plays AD")
    hand = play(hand, "E sings")
    assert hand.state.to_act == "S"


@pytest.mark.rule("aluette.singing", "aluette.singing-order")
def test_one_refusal_sets_the_twelve_cards_aside_and_play_begins():
    hand = play(start(MORD), "E sings", "S does not sing")
    state = hand.state
    assert state.phase == "play" and state.to_act == "E"
    assert state.aside == MORD.extra("rest")
    assert all(len(h) == 9 for h in state.hands)


@pytest.mark.rule("aluette.singing")
def test_when_all_four_sing_the_rest_goes_alternately_to_the_dealers_left_and_the_dealer():
    hand = play(start(MORD), "E sings", "S sings", "W sings", "N sings")
    rest = MORD.extra("rest")
    state = hand.state
    assert state.phase == "discard" and state.to_act == "E"
    assert state.hand("E")[9:] == rest[0::2] and state.hand("N")[9:] == rest[1::2]
    assert len(state.hand("S")) == len(state.hand("W")) == 9


@pytest.mark.rule("aluette.chant-partner")
def test_option_the_dealers_partner_and_left_receive_the_sung_cards():
    hand = play(start(MORD, chant_recipients="partner_and_left"), "E sings", "S sings", "W sings", "N sings")
    rest = MORD.extra("rest")
    assert hand.state.hand("E")[9:] == rest[0::2] and hand.state.hand("S")[9:] == rest[1::2]
    assert len(hand.state.hand("N")) == 9


@pytest.mark.rule("aluette.discard")
def test_the_two_receivers_each_discard_six_face_down():
    hand = play(start(MORD), "E sings", "S sings", "W sings", "N sings")
    assert "own hand" in refusal(hand, "E discards 3D")
    for card in ("5D", "5H", "5S", "8S", "7H", "9D"):
        hand = hand.then(f"E discards {card}")
    assert hand.state.to_act == "N" and len(hand.state.hand("E")) == 9
    for card in ("4C", "4D", "4H", "4S", "3S", "3C"):
        hand = hand.then(f"N discards {card}")
    state = hand.state
    assert state.phase == "play" and state.to_act == "E"
    assert all(len(h) == 9 for h in state.hands) and len(state.aside) == 12
    view = hand.rules.view(state, "S")
    assert all(card is None for card in view.aside)
    assert all(call.words == "discards a card" for _, call in view.calls if call.words.startswith("discards"))


# ----- tricks -----------------------------------------------------------------------------------
@pytest.mark.rule("aluette.spoiled-trick")
def test_a_tie_for_the_best_class_spoils_the_trick_and_the_same_player_leads_again():
    hand = play(start(NO_REST), "E plays KD", "S plays KS", "W plays JD", "N plays 4C")
    trick = hand.state.tricks[0]
    assert trick.winner is None
    assert hand.state.to_act == "E" and hand.state.trick.leader == "E"


@pytest.mark.rule("aluette.trick-winner", "aluette.spoiled-trick")
def test_ties_below_the_best_card_do_not_matter():
    hand = play(start(NO_REST), "E plays AD", "S plays KS", "W plays JD", "N plays 4C")
    hand2 = play(start(NO_REST), "E plays 5D", "S plays 5C", "W plays 6S", "N plays 4C")
    assert hand.state.tricks[0].winner == "E"
    assert hand2.state.tricks[0].winner == "W"         # 5D and 5C tie, but the six is best


@pytest.mark.rule("aluette.most-tricks")
def test_tricks_are_counted_per_player():
    hand = play(start(Deal("N", TIE.hands)), *TIE_PLAY)
    assert hand.rules.tricks_won(hand.state) == {"N": 3, "E": 3, "S": 1, "W": 0}


# ----- scoring ----------------------------------------------------------------------------------
@pytest.mark.rule("aluette.most-tricks", "aluette.first-to-reach")
def test_most_tricks_scores_one_and_a_tie_goes_to_the_player_who_reached_it_first():
    hand = play(start(Deal("N", TIE.hands)), *TIE_PLAY)
    result = hand.rules.score(hand.state)
    assert result.score == {"NS": 1, "EW": 0}
    assert result.parts["NS"]["most tricks"] == 1 and result.parts["NS"]["spoiled"] == 2
    assert "N got there first" in result.summary


@pytest.mark.rule("aluette.mordienne")
def test_mordienne_none_of_tricks_one_to_six_all_of_seven_to_nine_scores_two_first():
    hand = play(start(NO_REST), *MORD_PLAY)
    rules = hand.rules
    assert rules.tricks_won(hand.state) == {"N": 3, "E": 6, "S": 0, "W": 0}
    assert rules.mordienne(hand.state) == "N"
    result = rules.score(hand.state)
    assert result.score == {"NS": 2, "EW": 0} and result.parts["NS"]["mordienne"] == 2


@pytest.mark.rule("aluette.mordienne")
def test_a_spoiled_trick_among_seven_to_nine_is_no_mordienne():
    hand = play(start(Deal("N", TIE.hands)), *TIE_PLAY)
    assert hand.rules.mordienne(hand.state) is None


@pytest.mark.rule("aluette.all-spoiled")
def test_when_no_trick_is_won_nobody_scores():
    rules = get_rules("aluette")
    deal = make_deal(E="AD AH KD KH KnD KnH JD JH 9S", S="AS AC KS KC KnS KnC JS JC 9C",
                     W="8D 8H 7D 7H 6D 6H 5D 5H 4D", N="8S 8C 7S 7C 6S 6C 5S 5C 4S")
    pairs = [("AD", "AS"), ("AH", "AC"), ("KD", "KS"), ("KH", "KC"), ("KnD", "KnS"), ("KnH", "KnC"),
             ("JD", "JS"), ("JH", "JC"), ("9S", "9C")]
    low_w = "8D 8H 7D 7H 6D 6H 5D 5H 4D".split()
    low_n = "8S 8C 7S 7C 6S 6C 5S 5C 4S".split()
    hand = start(deal)
    for (e, s), w, n in zip(pairs, low_w, low_n):
        hand = play(hand, f"E plays {e}", f"S plays {s}", f"W plays {w}", f"N plays {n}")
    assert all(t.winner is None for t in hand.state.tricks)
    result = rules.score(hand.state)
    assert result.score == {"NS": 0, "EW": 0} and "nobody" in result.summary


# ----- surrender --------------------------------------------------------------------------------
@pytest.mark.rule("aluette.surrender")
def test_surrender_is_off_unless_chosen():
    hand = start(NO_REST)
    assert "turn on the surrender option" in refusal(hand, "E offers surrender")


@pytest.mark.rule("aluette.surrender", "aluette.surrender-order")
def test_eldests_side_speaks_first_and_both_partners_must_agree():
    hand = start(NO_REST, surrender=True)
    assert hand.state.phase == "surrender" and hand.state.to_act == "E"
    hand = play(hand, "E offers surrender")
    assert hand.state.to_act == "W"                    # his partner
    hand = play(hand, "W does not agree")              # the offer lapses: the other side's turn
    assert hand.state.to_act == "S"
    hand = play(hand, "S does not offer")
    assert hand.state.phase == "play" and hand.state.to_act == "E"


@pytest.mark.rule("aluette.surrender-order")
def test_each_side_offers_at_most_once():
    hand = play(start(NO_REST, surrender=True), "E offers surrender", "W does not agree", "S does not offer")
    assert hand.state.phase == "play"
    assert "only before the first lead" in refusal(hand, "E offers surrender")


@pytest.mark.rule("aluette.surrender")
def test_an_accepted_surrender_gives_one_to_the_accepting_side_unplayed():
    hand = play(start(NO_REST, surrender=True), "E offers surrender", "W agrees to surrender",
                "N accepts surrender")
    state = hand.state
    assert state.over and not state.tricks
    result = hand.rules.score(state)
    assert result.score == {"NS": 1, "EW": 0} and result.parts["NS"]["unplayed"] == 9


@pytest.mark.rule("aluette.surrender-refused")
def test_a_refused_surrender_gives_two_to_the_refusers_if_they_make_a_mordienne():
    hand = play(start(NO_REST, surrender=True), "E offers surrender", "W agrees to surrender",
                "N refuses surrender")
    assert hand.state.phase == "play" and hand.state.to_act == "E"
    hand = play(hand, *MORD_PLAY)
    assert hand.rules.score(hand.state).score == {"NS": 2, "EW": 0}


@pytest.mark.rule("aluette.surrender-refused")
def test_a_refused_surrender_gives_two_to_the_offerers_on_any_other_outcome():
    hand = play(start(NO_REST, surrender=True), "E does not offer", "S offers surrender",
                "N agrees to surrender", "E refuses surrender", *MORD_PLAY)
    result = hand.rules.score(hand.state)
    assert result.score == {"NS": 2, "EW": 0}          # EW refused and made no mordienne
    hand = play(start(Deal("N", TIE.hands), surrender=True), "E offers surrender",
                "W agrees to surrender", "N refuses surrender", *TIE_PLAY)
    result = hand.rules.score(hand.state)
    assert result.score == {"NS": 0, "EW": 2}          # NS won the hand, but not by a mordienne


# ----- the match ----------------------------------------------------------------------------------
def result_for(side: str, points: int):
    from cardlab.rules import HandResult
    score = {"NS": 0, "EW": 0}
    score[side] = points
    return HandResult(points=dict(score), score=score, parts={"NS": {}, "EW": {}})


@pytest.mark.rule("aluette.match", "aluette.match-tie")
def test_match_is_exactly_five_hands_with_extra_hands_on_a_tie():
    rules = get_rules("aluette")
    match = rules.new_match("N")
    for side, points in [("NS", 2), ("EW", 1), ("EW", 1), ("NS", 0), ("EW", 0)]:
        match = rules.settle(match, result_for(side, points))
    assert match.totals == {"NS": 2, "EW": 2} and not match.over     # level after five: play on
    match = rules.settle(match, result_for("EW", 1))
    assert match.over and match.winner == "EW"
    match = rules.new_match("N")
    for _ in range(4):
        match = rules.settle(match, result_for("NS", 2))
    assert not match.over                                            # 8 points, but only four hands
    assert rules.settle(match, result_for("EW", 1)).winner == "NS"


@pytest.mark.rule("aluette.first-to-5")
def test_option_first_side_to_five_points():
    rules = get_rules("aluette", match="first_to_5")
    match = rules.new_match("N")
    for points in (2, 2):
        match = rules.settle(match, result_for("NS", points))
    assert not match.over
    match = rules.settle(match, result_for("NS", 1))
    assert match.over and match.winner == "NS"


# ----- signals ------------------------------------------------------------------------------------
@pytest.mark.rule("aluette.signals")
def test_signals_are_off_by_default():
    assert "Signals are not being played" in refusal(start(NO_REST), "E signals ace")


@pytest.mark.rule("aluette.signals")
def test_a_signal_names_a_card_class_the_player_holds_once_a_hand():
    hand = start(NO_REST, signals="partner")
    words = {a.words for a in hand.rules.legal(hand.state) if not isinstance(a, Play)}
    assert words == {"signals ace"}                    # E holds four aces and nothing else signalled
    hand = hand.then("E signals ace")
    assert "already signalled" in refusal(hand, "E signals ace")
    assert "holds no Monsieur" in refusal(hand, "E signals monsieur")
    assert hand.state.to_act == "E"                    # a signal does not change whose turn it is


@pytest.mark.rule("aluette.signals")
def test_the_partner_sees_a_signal_the_opponents_do_not():
    hand = start(NO_REST, signals="partner").then("E signals ace")
    rules = hand.rules
    assert [c.words for _, c in rules.view(hand.state, "W").calls] == ["signals ace"]
    assert rules.view(hand.state, "N").calls == ()
    assert any("mouth open" in badge for badge in rules.badges(rules.view(hand.state, "W"), "E"))


def test_teaching_mode_shows_signals_to_everyone():
    hand = start(NO_REST, signals="open").then("E signals ace")
    assert [c.words for _, c in hand.rules.view(hand.state, "N").calls] == ["signals ace"]


def test_every_gesture_of_the_table_is_a_signal_for_its_class():
    from cardlab.games.aluette.rules import _SIGNAL_CLASS
    assert len(GESTURES) == 9 and all(gesture for _, gesture in GESTURES.values())
    for word, (name, _) in GESTURES.items():
        assert CLASSES[_SIGNAL_CLASS[word] - 1][0] == ("aces" if name == "an ace" else name)


# ----- the partnership ceremony -------------------------------------------------------------------
@pytest.mark.rule("aluette.ceremony", "aluette.ceremony-clockwise")
def test_ceremony_deals_face_up_until_the_four_luettes_skipping_players_who_have_one():
    cards = parse_cards("5D 3D 7S 2H 8C 9C 3H KD 4S 2D AD")
    result = ceremony(cards, shuffler="N")
    # from N's left: E 5D, S 3D (luette), W 7S, N 2H (luette), E 8C, W 9C, E 3H (luette), W KD, W 4S, W 2D
    assert [f"{s} {c}" for s, c in result.dealt] == ["E 5D", "S 3D", "W 7S", "N 2H", "E 8C", "W 9C",
                                                     "E 3H", "W KD", "W 4S", "W 2D"]
    assert result.holders == {"Monsieur": "S", "la Vache": "N", "Madame": "E", "le Borgne": "W"}


@pytest.mark.rule("aluette.partners", "aluette.first-dealer")
def test_ceremony_monsieur_and_madame_partners_opposite_and_madame_deals_first():
    result = ceremony(parse_cards("5D 3D 7S 2H 8C 9C 3H KD 4S 2D"), shuffler="N")
    seating = result.seating                           # new seat -> the chair its player came from
    assert result.first_dealer == "E" and seating["E"] == "E"
    assert seating["W"] == "S"                         # Monsieur's holder sits opposite Madame
    assert {seating["N"], seating["S"]} == {"N", "W"}  # le Borgne and la Vache on the other pair
    assert "deals first" in result.caption(result.steps)


# ----- teaching scenarios -------------------------------------------------------------------------
@pytest.mark.parametrize("name", builtin_names("aluette"))
def test_teaching_scenarios_replay_and_their_captions_are_true(name):
    outcome = run(builtin(name))
    assert outcome.error is None, outcome.error
    assert outcome.hand.state.over or name == "aluette-singing"


def test_there_are_teaching_scenarios_for_each_lesson():
    names = builtin_names("aluette")
    for wanted in ("spoiled", "tie", "mordienne", "refused-surrender"):
        assert any(wanted in name for name in names), wanted


def test_the_scenario_captions_say_what_the_table_shows():
    spoiled = run(builtin("aluette-spoiled-trick")).hand
    # states[k + 1] is the table after k actions (states[0] is before the deal)
    assert spoiled.states[20].trick.cards() == parse_cards("4D KD KC")
    assert spoiled.states[21].tricks[4].winner is None and spoiled.states[21].to_act == "N"
    assert [t.winner for t in spoiled.state.tricks].count(None) == 2
    tie = run(builtin("aluette-tie-for-most-tricks")).hand
    assert tie.states[3 + 1].phase == "play" and len(tie.states[4].aside) == 12
    assert tie.rules.tricks_won(tie.states[20]) == {"N": 3, "E": 1, "S": 0, "W": 0}
    assert tie.rules.tricks_won(tie.states[36])["E"] == 3
    assert tie.rules.score(tie.state).score == {"NS": 1, "EW": 0}
    mord = run(builtin("aluette-mordienne")).hand
    assert mord.rules.tricks_won(mord.states[25]) == {"N": 0, "E": 6, "S": 0, "W": 0}
    assert mord.rules.score(mord.state).score == {"NS": 2, "EW": 0}
    sung = run(builtin("aluette-singing")).hand
    assert [len(h) for h in sung.states[5].hands] == [15, 15, 9, 9]          # N E S W
    assert all(c in sung.states[11].hand("E") for c in parse_cards("9H 9D 2S"))
    assert len(sung.states[11].hand("E")) == 9
    assert all(c in sung.state.hand("N") for c in parse_cards("2H 2C"))
    assert sung.state.phase == "play" and sung.state.to_act == "E"
    refused = run(builtin("aluette-refused-surrender")).hand
    assert refused.states[4].refused_by == "NS" and refused.states[4].phase == "play"
    assert refused.rules.most_tricks(refused.state) == "N"
    assert refused.rules.score(refused.state).score == {"NS": 0, "EW": 2}


# ----- scenarios in the middle of a match (rules.md §5b) -----------------------------------------
def test_a_scenario_match_may_give_the_hands_already_played():
    rules = get_rules("aluette")
    match = rules.match_from_json("N", {"NS": 2, "EW": 2, "hands": 4})
    assert match.totals == {"NS": 2, "EW": 2} and not match.over
    assert rules.match_to_json(match) == {"NS": 2, "EW": 2, "hands": 4}
    settled = rules.settle(match, result_for("EW", 1))        # the fifth hand is decided
    assert settled.over and settled.winner == "EW" and settled.totals == {"NS": 2, "EW": 3}
    assert rules.match_to_json(settled) == {"NS": 2, "EW": 3, "hands": 5}
    # at hands 3 the same hand leaves one to play
    match = rules.match_from_json("N", {"NS": 2, "EW": 2, "hands": 3})
    after = rules.settle(match, result_for("EW", 1))
    assert not after.over and rules.match_to_json(after)["hands"] == 4
    # level after five: extra hands, counted on
    after = rules.settle(rules.match_from_json("N", {"NS": 2, "EW": 1, "hands": 4}), result_for("EW", 1))
    assert not after.over and rules.match_to_json(after) == {"NS": 2, "EW": 2, "hands": 5}


def test_a_scenario_match_without_hands_counts_from_its_own_hand():
    rules = get_rules("aluette")
    match = rules.match_from_json("N", {"NS": 3, "EW": 1})
    assert rules.match_to_json(match) == {"NS": 3, "EW": 1, "hands": 0}
    assert not rules.settle(match, result_for("NS", 1)).over
    assert rules.match_from_json("N", None).totals == {"NS": 0, "EW": 0}


def test_the_first_to_five_match_reads_a_scenario_match_too():
    rules = get_rules("aluette", match="first_to_5")
    match = rules.match_from_json("N", {"NS": 4, "EW": 3, "hands": 6})
    assert rules.settle(match, result_for("NS", 1)).winner == "NS"
    with pytest.raises(MatchError, match="is already over"):
        rules.match_from_json("N", {"NS": 5, "EW": 3, "hands": 6})


@pytest.mark.parametrize("saved", [
    {"NS": -1, "EW": 0, "hands": 2},                 # negative
    {"NS": 0, "EW": 0, "hands": -1},
    {"NS": 3, "EW": 2, "hands": 5},                  # five hands played and not level: already over
    {"NS": 7, "EW": 2, "hands": 3},                  # more than 2 points a hand
    {"NS": 10**7, "EW": 0},                          # too large
    {"NS": 1, "EW": 1, "hands": 2, "pot": 3},        # a key Aluette does not keep
    {"NS": 1, "hands": 2},                           # a side missing
    {"NS": True, "EW": 0, "hands": 1},               # a bool is not a number
    {"NS": 1.0, "EW": 0, "hands": 1},
    {"NS": "1", "EW": 0, "hands": 1},
    ["NS", 1],
])
def test_a_wrong_scenario_match_is_refused_with_a_sentence(saved):
    rules = get_rules("aluette")
    with pytest.raises(MatchError) as caught:
        rules.match_from_json("N", saved)
    sentence = str(caught.value)
    assert sentence.endswith(".") and "match" in sentence.lower()


# ----- call wording (issue 9) and empty calls -----------------------------------------------------
def test_calls_are_described_in_words():
    rules = get_rules("aluette")
    said = {words: rules.describe_call(Call("S", words)) for words in (
        "sings", "does not sing", "discards 4S", "discards a card", "offers surrender", "does not offer",
        "agrees to surrender", "does not agree", "accepts surrender", "refuses surrender",
        "signals monsieur", "signals deux de chene", "signals ace")}
    assert said["sings"] == "Sing" and said["does not sing"] == "Do not sing"
    assert said["discards 4S"] == "Discard the 4 of swords"
    assert said["discards a card"] == "Discard a card"           # as opponents see it
    assert said["offers surrender"] == "Offer to surrender"
    assert said["signals monsieur"] == "Signal Monsieur (the 3 of coins)"
    assert said["signals deux de chene"] == "Signal Deux de Chêne (the 2 of clubs)"
    assert said["signals ace"] == "Signal an ace"
    assert len(set(said.values())) == len(said)


def test_an_empty_call_is_refused_with_a_sentence():
    hand = start(NO_REST, signals="open")
    for words in ("", " "):
        assert refusal(hand, Call("E", words)).startswith("E says nothing")


def test_aluette_keeps_the_first_dealer_by_seat():
    assert get_rules("aluette").dealer_draw(3) is None


def test_a_discarder_picks_as_many_cards_as_take_him_down_to_nine():
    hand = play(start(MORD), "E sings", "S sings", "W sings", "N sings")
    rules = hand.rules
    assert rules.cards_to_pick(hand.state) == 6
    hand = hand.then("E discards 5D").then("E discards 5H")
    assert rules.cards_to_pick(hand.state) == 4
    for card in ("5S", "8S", "7H", "9D"):
        hand = hand.then(f"E discards {card}")
    assert hand.state.to_act == "N" and rules.cards_to_pick(hand.state) == 6
    assert rules.cards_to_pick(play(start(NO_REST)).state) == 0


def test_the_discard_button_names_the_picked_cards_or_what_to_pick():
    hand = play(start(MORD), "E sings", "S sings", "W sings", "N sings")
    rules, state = hand.rules, hand.state
    assert rules.describe_pick(state, []) == "Pick the 6 cards to discard"
    assert rules.describe_pick(state, parse_cards("5D 5H")) == "Discard the 5 of coins and the 5 of cups"
