"""The computer players' reasons say only what is true of the deal they explain, as far as the
speaking seat can tell, in the guided hands and over seeded hands (the translators' findings):

* "nobody still to play can beat it", "no card still out can beat it": no opponent still to play
  may play a card that beats it (Quadrille: East, out of hearts, took South's king with Spadille);
* "N cards still out could beat it": at least the cards the opponents still to play hold and may
  play that beat it, and no more than the cards out of the seat's sight that would (Aluette said 1
  where five could);
* "this trick carries nothing": the trick with the card played is worth nothing (Tressette: the
  king played to it is a third);
* "I hold 3 clubs": the cards of that suit as the rules count them (Basto is a trump, not a club).
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from cardlab.actions import Action, Call, Play, parse_action
from cardlab.cards import Card
from cardlab.games import get_rules
from cardlab.players.club import Club
from cardlab.rules import TrickGame
from cardlab.state import State
from cardlab.tutorial import TUTORIALS, builtin
from tests.i18n_misses import missed
from tests.test_players import CONFIGS, IDS

NOBODY = re.compile(r"nobody still to play can beat it")
MASTER = re.compile(r"no card still out can beat it")
COUNTED = re.compile(r"(\d+) cards? still out could beat")
NOTHING = re.compile(r"this trick carries nothing")
OTHERS_NOTHING = re.compile(r"the others have put nothing of value on this trick")
HOLD = re.compile(r"I hold (\d+) (?:card of )?(\w+)|I hold no (\w+)")
LONGEST = "the longest of the suits I may call"
WHY = re.compile(r"Why: “(.*)”$")
SEEDS = range(30)


@dataclass
class Line:
    """A hand played out: the state before each action, the actions, and each one's reason."""

    rules: TrickGame
    states: list[State]
    actions: list[Action]
    reasons: dict[int, str]
    publics: dict[int, str] = field(default_factory=dict)


def seeded(rules: TrickGame, seed: int) -> Line:
    rng = random.Random(seed)
    player = Club()
    state = rules.initial(rules.seats[seed % len(rules.seats)])
    line = Line(rules, [], [], {})
    while not state.over:
        if state.phase == "deal":
            state = rules.apply(state, rules.deal(state.dealer, rng))
            continue
        decision = player.decide(rules, rules.view(state, state.to_act))
        line.reasons[len(line.actions)] = decision.reason
        line.publics[len(line.actions)] = decision.public
        line.states.append(state)
        line.actions.append(decision.action)
        state = rules.apply(state, decision.action)
    return line


def guided(game: str) -> Line:
    """The guided hand's line, each of the learner's steps with the reason it quotes."""
    tutorial = builtin(game)
    rules = tutorial.rules()
    state = rules.apply(rules.initial(tutorial.scenario.dealer), tutorial.scenario.deal_action(rules))
    line = Line(rules, [], [], {})
    steps = iter(tutorial.steps)
    for text in tutorial.scenario.actions:
        action = parse_action(text, rules.seats)
        if action.seat == tutorial.seat:
            found = WHY.search(next(steps).say)
            if found:
                line.reasons[len(line.actions)] = found.group(1)
        line.states.append(state)
        line.actions.append(action)
        state = rules.apply(state, action)
    return line


def later_in_trick(line: Line, k: int) -> list[int]:
    """The positions of the plays after ``k`` to the same trick."""
    tricks = len(line.states[k].tricks)
    found = []
    for j in range(k + 1, len(line.actions)):
        if len(line.states[j].tricks) != tricks:
            break
        if isinstance(line.actions[j], Play):
            found.append(j)
    return found


def opponent(rules: TrickGame, state: State, seat: str, other: str) -> bool:
    return rules.side_of(state, other) != rules.side_of(state, seat)


def real_beaters(line: Line, k: int) -> set[Card]:
    """The cards the opponents still to play hold and may play (the rules say which) that would
    take the trick from the card played at ``k`` (or tie it)."""
    rules, state, action = line.rules, line.states[k], line.actions[k]
    assert isinstance(action, Play)
    after = state.trick_on_table.with_play(action.seat, action.card)
    found = set()
    for j in later_in_trick(line, k):
        other = line.actions[j].seat
        if not opponent(rules, line.states[j], action.seat, other):
            continue
        for card in rules.legal_cards(line.states[j], other):
            if rules.trick_winner(state, after.with_play(other, card)) != action.seat:
                found.add(card)
    return found


def out_of_sight_beaters(line: Line, k: int) -> set[Card]:
    """The cards the seat has not seen that would take the trick from its card if an opponent
    still to play held them: the most a reason may count."""
    rules, state, action = line.rules, line.states[k], line.actions[k]
    assert isinstance(action, Play)
    view = rules.view(state, action.seat)
    seen = {c for c in view.hand(action.seat) if c is not None}
    seen |= {c for trick in (*view.tricks, view.trick_on_table) for _, c in trick.plays}
    after = state.trick_on_table.with_play(action.seat, action.card)
    others = [line.actions[j].seat for j in later_in_trick(line, k)]
    return {card for card in rules.pack.cards if card not in seen
            for other in others if rules.trick_winner(state, after.with_play(other, card)) != action.seat}


def known_beaters(line: Line, k: int) -> set[Card]:
    """The cards a reason must count, from what the seat knows: in a game without suits to follow
    (and no signal heard), every card out of its sight that would take the trick; else the cards
    of the suit led out of its sight that would, while an opponent still to play has not shown out
    of that suit."""
    rules, state, action = line.rules, line.states[k], line.actions[k]
    assert isinstance(action, Play)
    view = rules.view(state, action.seat)
    most = out_of_sight_beaters(line, k)
    if not rules.traits.follows_suit:
        return set() if any(call.words.startswith("signals") for _, call in view.calls) else most
    after = state.trick_on_table.with_play(action.seat, action.card)
    led = rules.suit_of(state, after.plays[0][1])
    shown_out = set()
    for trick in view.tricks:
        first = rules.suit_of(state, trick.plays[0][1])
        if rules.traits.matadors and first == rules.trump(state):
            continue
        shown_out |= {who for who, card in trick.plays if first == led and rules.suit_of(state, card) != led}
    others = [line.actions[j].seat for j in later_in_trick(line, k)
              if opponent(rules, state, action.seat, line.actions[j].seat)]
    if all(other in shown_out for other in others):
        return set()
    return {card for card in most if rules.suit_of(state, card) == led}


def untruths(line: Line) -> list[str]:
    """Every reason of the line whose claim the deal contradicts."""
    rules = line.rules
    found = []
    for k, reason in line.reasons.items():
        state, action = line.states[k], line.actions[k]
        where = f"{action}: {reason!r}"
        if isinstance(action, Play):
            after = state.trick_on_table.with_play(action.seat, action.card)
            beaters = real_beaters(line, k)
            if (NOBODY.search(reason) or MASTER.search(reason)) and beaters:
                found.append(f"{where} — yet {sorted(map(str, beaters))} could")
            counted = COUNTED.search(reason)
            if counted:
                count = int(counted.group(1))
                most = out_of_sight_beaters(line, k)
                known = known_beaters(line, k)
                if not max(len(beaters), len(known)) <= count <= len(most):
                    found.append(f"{where} — {len(beaters)} held after it could, {len(known)} known to be out, "
                                 f"{len(most)} out of sight")
            if NOTHING.search(reason) and rules.trick_points(after):
                found.append(f"{where} — the trick carries {rules.trick_points(after)}")
            if OTHERS_NOTHING.search(reason) and rules.trick_points(state.trick_on_table):
                found.append(f"{where} — the others put {rules.trick_points(state.trick_on_table)} on it")
        elif isinstance(action, Call) and rules.key == "quadrille" and state.phase == "call":
            found += miscounted(rules, state, action, reason)
    return found


def miscounted(rules: TrickGame, state: State, action: Call, reason: str) -> list[str]:
    """A Quadrille king call's count of the cards the Ombre holds in its suit, as the rules count them."""
    said = HOLD.search(reason)
    if said is None:
        return []
    called = Card.parse(action.words.split()[-1])
    hand = [c for c in state.hand(action.seat) if c is not None]
    held = {c.suit: sum(rules.suit_of(state, h) == c.suit for h in hand) for c in rules.callable(state)}
    count = int(said.group(1)) if said.group(1) else 0
    problems = []
    if count != held[called.suit]:
        problems.append(f"{action}: {reason!r} — holds {held[called.suit]} of the suit")
    if LONGEST in reason and count != max(held.values()):
        problems.append(f"{action}: {reason!r} — the longest suit holds {max(held.values())}")
    return problems


@pytest.mark.parametrize("game", TUTORIALS)
def test_guided_hand_reasons_are_true_of_their_deal(game: str) -> None:
    assert untruths(guided(game)) == []


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_club_reasons_are_true_of_seeded_deals(game: str, options: dict) -> None:
    rules = get_rules(game, **options)
    found = [problem for seed in SEEDS for problem in untruths(seeded(rules, seed))]
    assert found == [], f"{len(found)} untrue reasons, the first: {found[:3]}"


NEW_WORDS = {
    "ruffable": re.compile(r"could beat it, but only if an opponent still to play has no \w+ left"),
    "master of its suit": re.compile(r"the master card of \w+\b.*could beat it, but only if an opponent has no"),
    "beat or tie": re.compile(r"could beat or tie it, but I keep my better cards"),
    "others put nothing": OTHERS_NOTHING,
    "call without the longest": re.compile(r"^(?:Call|Take) .*: I hold (?:no \w+,|\d+ [^,]*, and the partner's card)"),
}


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_reasons_rewritten_are_said_in_french_and_italian(lang: str) -> None:
    seen = set()
    for game, options in CONFIGS:
        rules = get_rules(game, **options)
        for seed in SEEDS:
            line = seeded(rules, seed)
            for k, reason in line.reasons.items():
                kinds = {kind for kind, words in NEW_WORDS.items() if words.search(reason)}
                if not kinds:
                    continue
                seen |= kinds
                with missed(lang) as lost:
                    said = Club().decide(rules, rules.view(line.states[k], line.actions[k].seat)).reason
                assert not lost and said != reason, (reason, said, lost)
    assert seen == set(NEW_WORDS)


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_the_others_never_hear_how_many_cards_could_beat_it(game: str, options: dict) -> None:
    """The count of the cards out of sight that could beat a card tells how many of them the
    speaker holds: it stays in his own reason, never in what the others hear."""
    rules = get_rules(game, **options)
    for seed in SEEDS[:10]:
        line = seeded(rules, seed)
        for k, public in line.publics.items():
            assert not COUNTED.search(public), (line.reasons[k], public)
