"""Le Quatre Sept's rules that tests/test_quatre_sept.py does not check yet (the sides, the hand's
score on the match sheet), and the rule id every refusal of the game carries (issue 35, item 1)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlab import Call, Hand, Play, get_rules
from cardlab.cards import Card
from tests.test_quatre_sept import (BARE_SOUTH, LOW_LEAD, LOW_LEAD_FIRST_TRICK, POLITAINE, POLITAINE_PLAY,
                                   builtin_result, start)
from tests.tiny import play


def rule_of(hand: Hand, action: str) -> str:
    """The id of the rule that refuses ``action`` now (it must be refused)."""
    seat, verb, rest = action.split(" ", 2)
    done = Play(seat, Card.parse(rest)) if verb == "plays" else Call(seat, f"{verb} {rest}")
    refused = hand.rules.why_illegal(hand.state, done)
    assert refused is not None, action
    return refused.rule


@pytest.mark.rule("quatre_sept.partners")
def test_partners_sit_opposite_and_score_together():
    hand = play(start(POLITAINE), *POLITAINE_PLAY)
    rules = hand.rules
    assert {seat: rules.side_of(hand.state, seat) for seat in "NESW"} == {
        "N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    # S won the three tricks; N's ace of spades, thrown on the third, counts for their side
    assert [trick.winner for trick in hand.state.tricks] == ["S"] * 3
    assert hand.state.tricks[2].card_of("N") == Card.parse("AS")
    assert rules.running_points(hand.state)["NS"]["cards"] == Fraction(11, 3)   # AH JH; 10H QH KH; 9H AS


@pytest.mark.rule("quatre_sept.hand-score")
def test_each_side_adds_its_hand_score_and_politaine_to_its_total():
    rules = get_rules("quatre_sept")
    result = builtin_result("quatre_sept-politaine")    # NS 16 with the politaine, EW 6
    match = rules.settle(rules.new_match("N", {"NS": 2, "EW": 10}), result)
    assert match.totals == {"NS": 18, "EW": 16} and not match.over


@pytest.mark.rule("quatre_sept.turn", "quatre_sept.follow-suit", "quatre_sept.calls", "quatre_sept.politaine",
                  "quatre_sept.politaine-first-card", "quatre_sept.announcements", "quatre_sept.redeal",
                  "quatre_sept.signals", "quatre_sept.low-lead", "quatre_sept.politaine-before-lead")
def test_each_refusal_names_the_rule_that_refuses_it():
    hand = play(start(POLITAINE), "E plays 7H")
    assert rule_of(hand, "W plays QH") == "quatre_sept.turn"
    assert rule_of(hand, "S plays 7C") == "quatre_sept.follow-suit"
    assert rule_of(hand, "S whistles loudly") == "quatre_sept.calls"
    assert hand.rules.why_illegal(hand.state, Call("S", "")).rule == "quatre_sept.calls"
    assert rule_of(hand, "S declares politaine C") == "quatre_sept.politaine"
    assert rule_of(hand, "S passes now") == "quatre_sept.announcements"
    assert rule_of(hand, "S demands a redeal") == "quatre_sept.redeal"
    assert rule_of(hand, "S signals tap") == "quatre_sept.signals"
    declared = play(hand, "S declares politaine H")
    assert rule_of(declared, "S plays KS") == "quatre_sept.politaine-first-card"
    assert rule_of(declared, "S declares politaine H") == "quatre_sept.politaine"
    before = start(BARE_SOUTH, redeal_no_high_cards=True)
    assert rule_of(before, "S plays KS") == "quatre_sept.announcements"
    assert rule_of(play(before, "S passes"), "E demands a redeal") == "quatre_sept.redeal"
    low = play(start(LOW_LEAD, politaine_announce="before_first_lead", low_lead_rule=True), *LOW_LEAD_FIRST_TRICK)
    assert rule_of(low, "S plays AH") == "quatre_sept.low-lead"
    late = play(start(POLITAINE, politaine_announce="before_first_lead"), "S passes", "E plays 7H")
    assert rule_of(late, "S declares politaine H") == "quatre_sept.politaine-before-lead"
