"""A hand's review weighs the calls too (issue 20 §4): a learner who bids solo in Quadrille on a hand
the club player passes with, and loses, is told what that bid cost, with the bid listed among the
costliest decisions.  The review's time is a bench number (bench/review_bench.py), not a test."""
from __future__ import annotations

import random

from cardlab import Hand, get_rules
from cardlab.actions import Call
from cardlab.players import get_player
from widgets.coach import costliest, moment_sentence, review

SOLO = Call("S", "bids solo")


def solo_on_a_weak_hand() -> Hand:
    """Quadrille, seed 14: South bids solo at his first speech (the club player would pass), the
    club player makes every other decision."""
    rules, club = get_rules("quadrille"), get_player("club")
    hand = Hand.dealt(rules, "E", 14)
    while not hand.state.over:
        state = hand.state
        if state.phase == "deal":
            hand = hand.then(rules.deal(state.dealer, random.Random(14)))
            continue
        decision = club.decide(rules, rules.view(state, state.to_act))
        bid = SOLO if state.phase == "auction" and SOLO in rules.legal(state) and SOLO not in hand.log else None
        if bid is not None:
            assert decision.action == Call("S", "passes")
        hand = hand.then(bid or decision.action)
    assert SOLO in hand.log and rules.score(hand.state).score["S"] < 0
    return hand


def test_a_costly_auction_call_is_reviewed_and_listed():
    hand = solo_on_a_weak_hand()
    rules = hand.rules
    moments = review(rules, hand, "S", deals=12, moves=None)
    solo = next(moment for moment in moments if moment.action == SOLO)
    assert solo.loss.deals == 12 and solo.loss.amount > 1 and solo.loss.best != SOLO
    assert solo in costliest(moments)
    sentence = moment_sentence(rules, solo)
    assert "you chose to bid solo" in sentence and "chips better on average over 12 deals" in sentence


def test_every_call_is_weighed_against_the_calls_offered():
    hand = solo_on_a_weak_hand()
    rules = hand.rules
    calls = [m for m in review(rules, hand, "S", deals=4, moves=None) if isinstance(m.action, Call)]
    assert len(calls) >= 2 and all(m.loss.deals == 4 for m in calls)
