"""A reason says the partner's card holds the trick only when it does, and when the card played
leaves it there: a card that takes the trick from the partner (Sixty-Six's trump, Quadrille's ace
over a partner's king) is said to take it (issue 23)."""
from __future__ import annotations

import random
import re

import pytest

from cardlab.actions import Play
from cardlab.games import get_rules
from cardlab.players.beginner import Beginner
from cardlab.players.club import Club
from tests.test_players import CONFIGS, IDS

PARTNER_HOLDS = re.compile(r"partner.*\bholds\b")
SEEDS = range(12)


@pytest.mark.parametrize("level", [Beginner, Club], ids=["beginner", "club"])
@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_partner_holds_the_trick_only_when_the_card_played_leaves_it_to_him(game, options, level):
    rules = get_rules(game, **options)
    player = level()
    said = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = rules.initial(rules.seats[seed % len(rules.seats)])
        while not state.over:
            if state.phase == "deal":
                state = rules.apply(state, rules.deal(state.dealer, rng))
                continue
            seat = state.to_act
            view = rules.view(state, seat)
            decision = player.decide(rules, view)
            if isinstance(decision.action, Play) and PARTNER_HOLDS.search(decision.reason):
                said += 1
                trick = view.trick_on_table
                holder = rules.trick_winner(view, trick)
                assert holder is not None and holder != seat, decision.reason
                assert rules.side_of(view, holder) == rules.side_of(view, seat), decision.reason
                after = rules.trick_winner(view, trick.with_play(seat, decision.action.card))
                assert after == holder, f"{seat} takes the trick from {holder}: {decision.reason!r}"
            state = rules.apply(state, decision.action)
    assert said or game == "vache"
