"""A computer's reason keeps its hidden cards to itself while the hand is on (issue 20 §3).

"I lead the king of cups and keep the 3 of swords, the master card" tells an opponent what West
holds.  Every decision carries its whole reason and the one fit for the other players
(``Decision.public``); the table's "Why?" shows the learner the second during the hand and the
first once the hand is over.  Checked over seeded hands of every game and option at every level:
no public reason names a card that South, the learner, cannot see at that moment."""
from __future__ import annotations

import random
import re
from dataclasses import fields, replace

import pytest

from cardlab.actions import Call, Play
from cardlab.cards import Card
from cardlab.games import get_rules
from cardlab.players.club import Club
from cardlab.players.expert import Expert
from cardlab.players.beginner import Beginner
from cardlab.rules import TrickGame
from cardlab.state import State
from tests.test_players import CONFIGS, IDS, check_reason
from cardlab.widgets.table import Table

LEARNER = "S"


def seen_by(rules: TrickGame, state: State, seat: str) -> set[Card]:
    """Every card ``seat`` can see in ``state``: its hand, the tricks, the public cards and fields,
    the cards named in the calls it heard."""
    view = rules.view(state, seat)
    found: set[Card] = {card for _, card in rules.public_cards(view)}

    def walk(value: object) -> None:
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, Call):
            for word in value.words.split():
                try:
                    found.add(Card.parse(word))
                except ValueError:
                    pass
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)

    for field in fields(view):
        walk(getattr(view, field.name))
    return found


def named_cards(rules: TrickGame, state: State, text: str) -> set[Card]:
    """The cards ``text`` names, by their name ("the 3 of swords", "my 3 of swords") or title
    ("Spadille")."""
    named = set()
    for card in rules.pack.cards:
        for name in {rules.pack.name(card), rules.card_label(state, card)}:
            bare = name.removeprefix("the ")
            if re.search(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", text):
                named.add(card)
    return named


def players(level: str):
    return Expert(seed=3, samples=3, budget=None) if level == "expert" else {"beginner": Beginner,
                                                                              "club": Club}[level]()


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_no_public_reason_names_a_card_the_learner_cannot_see(game, options, level):
    rules = get_rules(game, **options)
    player = players(level)
    checked = hidden_kept = 0
    for seed in range(1 if level == "expert" else 2):
        rng = random.Random(seed)
        state = rules.initial(rules.seats[seed % len(rules.seats)])
        while not state.over:
            if state.phase == "deal":
                state = rules.apply(state, rules.deal(state.dealer, rng))
                continue
            seat = state.to_act
            decision = player.decide(rules, rules.view(state, seat))
            after = rules.apply(state, decision.action)
            if seat != LEARNER:
                hidden = named_cards(rules, after, decision.public) - seen_by(rules, after, LEARNER)
                assert not hidden, f"{seat}: {decision.public!r} names {sorted(map(str, hidden))}"
                check_reason(rules, replace(decision, reason=decision.public))
                hidden_kept += decision.public != decision.reason
                checked += 1
            state = after
    assert checked >= 20 and (level == "expert" or hidden_kept >= 1)


def hidden_step(table: Table) -> tuple[int, str, Card] | None:
    """A computer's card on the felt whose whole reason tells more than its public one."""
    state, log = table.state, table.hand.log
    for seat, card in state.trick.plays if state.trick is not None else ():
        step = log.index(Play(seat, card))
        decision = table.session.now.decisions.get(step)
        if seat != LEARNER and decision is not None and decision.public != decision.reason:
            return step, seat, card
    return None


def test_why_tells_the_public_reason_during_the_hand_and_the_whole_one_after():
    for seed in range(1, 40):
        table = Table("tressette", seed=seed)
        found = hidden_step(table)
        while found is None and not table.state.over:
            table.play(str(table.rules.legal_cards(table.state, LEARNER)[0]))
            found = hidden_step(table) if not table.state.over else None
        if found is not None:
            break
    step, seat, card = found
    decision, index = table.session.now.decisions[step], table.index
    table.play(str(card))
    assert table.coach_text.startswith(f"Why {seat} played")
    assert decision.public in table.coach_text and decision.reason not in table.coach_text
    assert "shown once the hand is over" in table.coach_text
    hidden = named_cards(table.rules, table.state, decision.reason) - seen_by(table.rules, table.state, LEARNER)
    assert not hidden & named_cards(table.rules, table.state, table.coach_text)
    while not table.state.over:
        table.play(str(table.rules.legal_cards(table.state, LEARNER)[0]))
    table.first_button.click()
    while table.index < index:
        table.forward_button.click()
    table.play(str(card))
    assert decision.reason in table.coach_text and "shown once the hand is over" not in table.coach_text
