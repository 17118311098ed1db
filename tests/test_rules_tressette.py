"""Tressette's rules that tests/test_tressette.py does not check yet (the sides, the first dealer,
the meaning of striscio), and the rule id every refusal of the game carries (issue 35, item 1)."""
from __future__ import annotations

import pytest

from cardlab import Call, Hand, Play, get_rules
from cardlab.cards import Card
from cardlab.session import TableSession
from tests.test_tressette import DECLARATIONS, DUEL, DUEL_PLAY, FOLLOWING, start
from tests.tiny import play


def rule_of(hand: Hand, action: str) -> str:
    """The id of the rule that refuses ``action`` now (it must be refused)."""
    seat, verb, rest = action.split(" ", 2)
    done = Play(seat, Card.parse(rest)) if verb == "plays" else Call(seat, f"{verb} {rest}")
    refused = hand.rules.why_illegal(hand.state, done)
    assert refused is not None, action
    return refused.rule


@pytest.mark.rule("tressette.partners")
def test_partners_sit_opposite_and_score_together():
    rules = get_rules("tressette")
    state = play(start(DUEL), *DUEL_PLAY).state
    assert {seat: rules.side_of(state, seat) for seat in "NESW"} == {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    # S took the five coin tricks, whatever N and E threw on them: they count for N and S together
    assert [trick.winner for trick in state.tricks[:5]] == ["S"] * 5
    assert rules.score(state).score == {"NS": 5, "EW": 6}


@pytest.mark.rule("tressette.first-dealer")
def test_north_deals_the_first_hand_of_a_match():
    rules = get_rules("tressette")
    assert rules.dealer_draw(7) is None                  # no draw for the deal: the first seat deals
    table = TableSession("tressette", seed=3)
    assert table.now.match.dealer == "N" and table.now.hand.state.dealer == "N"


@pytest.mark.rule("tressette.striscio", "tressette.signals")
def test_striscio_says_i_hold_more_of_this_suit():
    rules = get_rules("tressette", signals=True)
    assert rules.describe_call(Call("W", "signals striscio")) == "Signal striscio (I hold more of this suit)"


@pytest.mark.rule("tressette.hand-score")
def test_each_side_adds_its_hand_score_to_its_total():
    rules = get_rules("tressette")
    state = play(start(DUEL), *DUEL_PLAY).state
    match = rules.settle(rules.new_match("N", {"NS": 3, "EW": 9}), rules.score(state))
    assert match.totals == {"NS": 8, "EW": 15} and not match.over


@pytest.mark.rule("tressette.turn", "tressette.follow-suit", "tressette.calls", "tressette.declarations",
                  "tressette.declare-first-trick", "tressette.signals")
def test_each_refusal_names_the_rule_that_refuses_it():
    hand = play(start(FOLLOWING), "W plays 4C")
    assert rule_of(hand, "E plays AC") == "tressette.turn"
    assert rule_of(hand, "S plays 3D") == "tressette.follow-suit"
    assert rule_of(hand, "S plays AC") == "table.held"
    assert rule_of(hand, "S whistles loudly") == "tressette.calls"
    assert hand.rules.why_illegal(hand.state, Call("S", "")).rule == "tressette.calls"
    assert rule_of(hand, "S declares napoletana D") == "tressette.declarations"
    assert rule_of(hand, "S signals busso") == "tressette.signals"
    automatic = start(DECLARATIONS, declarations=True)
    assert rule_of(automatic, "W plays 4C") == "tressette.declare-first-trick"
    assert rule_of(automatic, "W declares three 2s") == "tressette.declarations"
    later = play(start(DECLARATIONS, declarations=True, declare="by hand"),
                 "W plays 4C", "S plays 3C", "E plays KC", "N plays KS")
    assert later.state.to_act == "S" and rule_of(later, "S declares three 3s") == "tressette.declare-first-trick"
    signals = play(start(DUEL, signals=True), "W plays 4D")
    assert rule_of(signals, "S signals busso") == "tressette.signals"
