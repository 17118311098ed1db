"""Aluette's rule register at work: each refusal names the rule that refuses it, and the rules no
other test names (sides, turns, the calls of the moment, settling a hand) checked on the small deals
of ``tests/test_aluette.py``."""
from __future__ import annotations

import pytest

from cardlab import Deal, get_rules, parse_action
from tests.test_aluette import MORD, MORD_PLAY, NO_REST, start
from tests.tiny import play


def refused_by(hand, action: str) -> str:
    """The id of the rule that refuses ``action`` now."""
    refusal = hand.rules.why_illegal(hand.state, parse_action(action, hand.rules.seats))
    assert refusal is not None, action
    return refusal.rule


@pytest.mark.rule("aluette.turn", "aluette.trick-winner")
def test_play_turns_clockwise_and_the_winner_of_a_trick_leads_the_next():
    hand = play(start(NO_REST), "E plays AD")
    assert hand.state.to_act == "S"
    assert refused_by(hand, "W plays JD") == "aluette.turn"
    hand = play(hand, "S plays KS", "W plays JD", "N plays 3D")                 # Monsieur wins
    assert hand.state.tricks[0].winner == "N" and hand.state.trick.leader == "N"


@pytest.mark.rule("aluette.partners")
def test_north_and_south_play_against_east_and_west_and_share_their_points():
    hand = play(start(NO_REST), *MORD_PLAY)
    rules = hand.rules
    assert {seat: rules.side_of(hand.state, seat) for seat in "NESW"} == {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}
    assert rules.running_points(hand.state) == {"NS": {"tricks": 3}, "EW": {"tricks": 6}}


@pytest.mark.rule("aluette.phases", "aluette.singing", "aluette.discard", "aluette.surrender")
def test_a_card_before_play_is_refused_by_the_rule_of_the_phase():
    assert refused_by(start(MORD), "E plays AD") == "aluette.singing"
    sung = play(start(MORD), "E sings", "S sings", "W sings", "N sings")
    assert refused_by(sung, "E plays AD") == "aluette.discard"
    assert refused_by(start(NO_REST, surrender=True), "E plays AD") == "aluette.surrender"


@pytest.mark.rule("aluette.calls", "aluette.singing", "aluette.discard", "aluette.signals", "aluette.surrender")
def test_a_call_out_of_its_moment_is_refused_by_its_own_rule():
    hand = start(NO_REST)
    assert refused_by(hand, "E whistles") == "aluette.calls"
    assert refused_by(hand, "E sings") == "aluette.singing"
    assert refused_by(hand, "E discards AD") == "aluette.discard"
    assert refused_by(hand, "E signals ace") == "aluette.signals"
    assert refused_by(hand, "E offers surrender") == "aluette.surrender"


@pytest.mark.rule("aluette.deal")
def test_a_deal_with_a_wrong_rest_is_refused_by_the_deal_rule():
    rules = get_rules("aluette")
    short = Deal("N", MORD.hands, (("rest", MORD.extra("rest")[:11]),))
    assert rules.why_illegal(rules.initial("N"), short).rule == "aluette.deal"
    assert rules.why_illegal(rules.initial("N"), Deal("N", MORD.hands[:3])).rule == "aluette.deal"


@pytest.mark.rule("aluette.settle")
def test_a_hand_settles_its_points_on_the_side_that_won_them_and_the_deal_passes_left():
    hand = play(start(NO_REST), *MORD_PLAY)
    rules = hand.rules
    match = rules.settle(rules.new_match("N", {"NS": 1, "EW": 2}, hands=2), rules.score(hand.state))
    assert match.totals == {"NS": 3, "EW": 2} and match.dealer == "E" and not match.over
    assert rules.match_to_json(match) == {"NS": 3, "EW": 2, "hands": 3}
