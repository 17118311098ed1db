"""A hand's review weighs the calls too (issue 20 §4): a learner who bids solo in Quadrille on a hand
the club player passes with, and loses, is told what that bid cost, clear on the review's deals,
with the bid listed among the costliest decisions.  The review's time is a bench number
(bench/review_bench.py), not a test."""
from __future__ import annotations

import random

import pytest

from cardlab import Hand, get_rules
from cardlab.actions import Call
from cardlab.bots import SimpleBot, next_action
from cardlab.players import get_player
from cardlab.players.expert import Expert
from cardlab.review import REVIEW_DEALS, costliest, moment_sentence, review
from cardlab.session import TableSession

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
    moments = review(rules, hand, "S")
    solo = next(moment for moment in moments if moment.action == SOLO)
    assert solo.loss.deals == REVIEW_DEALS and solo.loss.amount > 1 and solo.loss.best != SOLO
    assert solo.loss.low > 0 and solo in costliest(moments)
    sentence = moment_sentence(rules, solo)
    assert "you chose to bid solo; the expert would" in sentence and "chips better on average" in sentence
    assert f"over {REVIEW_DEALS} deals like it" in sentence and "with 95% confidence" in sentence


def test_every_call_is_weighed_against_the_calls_offered():
    hand = solo_on_a_weak_hand()
    rules = hand.rules
    calls = [m for m in review(rules, hand, "S", deals=4, moves=None) if isinstance(m.action, Call)]
    assert len(calls) >= 2 and all(m.loss.deals == 4 for m in calls)


def test_the_expert_weighs_singing_in_aluette_when_every_seat_may_sing():
    """The rest (twelve cards hidden until sung) is drawn in each sampled deal: when every seat
    sings in a sample they go into two hands and are played, not played as unknown cards."""
    rules = get_rules("aluette")
    state = Hand.dealt(rules, "E", 1).state
    while state.to_act != "S":
        state = rules.apply(state, next_action(rules, state, SimpleBot(), None))
    assert state.phase == "sing"
    for action in rules.legal(state):
        loss = Expert().loss(rules, rules.view(state, "S"), action)
        assert loss.amount >= 0 and loss.best in rules.legal(state)


@pytest.mark.parametrize("seed", [0, 1])
def test_an_aluette_hand_played_by_the_coach_is_reviewed(seed: int):
    session = TableSession("aluette", seed=seed, level="club")
    while not session.now.state.over:
        session.coach_plays("S")
    session.review("S")
    assert session.now.coach.startswith("Review"), (session.now.message, session.now.coach)
