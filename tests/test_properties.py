"""Every action that is not legal is refused, for every game and every single option change: the
rules give one sentence for it (``why_illegal``), ``apply`` raises :class:`IllegalAction` with that
same sentence, and the state is left exactly as it was.

Seeded random hands are walked from before the deal to the end; at each state the test tries the
cards the seat holds but may not play, cards it does not hold, calls heard elsewhere in the game
that are not legal now, made-up and empty call words, seats out of turn or not at the table, and a
second deal.
"""
from __future__ import annotations

import copy
import random
import re
from dataclasses import fields
from typing import Iterator

import pytest

from cardlab import Call, Deal, IllegalAction, Play, TrickGame, get_rules
from cardlab.actions import Action
from cardlab.games import GAMES
from cardlab.state import State

HANDS = 3
TRIES_PER_STATE = 8
MADE_UP_WORDS = ["", " ", "sings loudly", "\ud800", "plays", "declares", "bids solo in purple",
                 "calls XX", "names trumps Z", "passes passes", "x" * 300, "<b>bold</b>"]
ANOTHER_SENTENCE = re.compile(r"[.!?][\"”')]?\s+[A-Z]")


def variants() -> list[tuple[str, dict]]:
    """Each game as it comes, then with each option set, one at a time, to each other choice
    (La Vache for 3 and 5 players, Quadrille for 5, every call-making variant)."""
    found = []
    for key, game in GAMES.items():
        found.append((key, {}))
        for option in fields(game.Options):
            for choice in option.metadata.get("choices", ()):
                if choice != option.default:
                    found.append((key, {option.name: choice}))
    return found


def walk(rules: TrickGame, seed: int) -> Iterator[State]:
    """The states of one random hand: before the deal, after it, after every action."""
    rng = random.Random(seed)
    dealer = rng.choice(rules.seats)
    state = rules.initial(dealer)
    yield state
    while state.phase != "over":
        if state.phase == "deal":                   # the first deal, or a redeal demanded
            action = rules.deal(state.dealer, rng)
        else:
            action = rng.choice(rules.legal(state))
        state = rules.apply(state, action)
        yield state


def heard_calls(rules: TrickGame) -> list[str]:
    """Every call word said in a few random hands of this game."""
    words: set[str] = set()
    for seed in range(HANDS):
        for state in walk(rules, 1000 + seed):
            words.update(call.words for call in rules.legal(state) if isinstance(call, Call))
    return sorted(words)


def is_legal(rules: TrickGame, state: State, action: Action) -> bool:
    for legal in rules.legal(state):
        if isinstance(action, Call) and isinstance(legal, Call):
            if (legal.seat, legal.words.casefold()) == (action.seat, action.words.casefold()):
                return True
        elif legal == action:
            return True
    return False


def not_legal(rules: TrickGame, state: State, calls: list[str], rng: random.Random) -> list[Action]:
    """Actions that may not be taken at ``state``, of every kind."""
    seat = state.to_act or rules.seats[0]
    hand = [card for card in state.hand(seat) if card is not None] if state.hands else []
    playable = set(rules.legal_cards(state, seat)) if state.phase == "play" and state.to_act else set()
    others = [other for other in rules.seats if other != seat]
    strangers = [name for name in ("X", "NE", "N", "\ud800") if name not in rules.seats]
    actions: list[Action] = [Play(seat, card) for card in hand if card not in playable]
    actions += [Play(seat, card) for card in rng.sample(rules.pack.cards, 3) if card not in hand]
    actions += [Call(seat, words) for words in rng.sample(calls, min(3, len(calls)))]
    actions += [Call(seat, words) for words in rng.sample(MADE_UP_WORDS, 3)]
    legal_now = rules.legal(state)
    if legal_now:
        pretend = rng.choice(legal_now)
        other = rng.choice(others)
        actions.append(Play(other, pretend.card) if isinstance(pretend, Play) else Call(other, pretend.words))
    if hand:
        actions.append(Play(rng.choice(strangers), hand[0]))
    actions.append(Call(rng.choice(strangers), "passes"))
    if state.phase != "deal":
        actions.append(rules.deal(state.dealer, rng))
    else:
        actions.append(Deal(state.dealer, ()))
    return [action for action in actions if not is_legal(rules, state, action)]


def assert_refused(rules: TrickGame, state: State, before: State, action: Action, where: str) -> None:
    """``before`` is a deep copy of ``state`` taken before any action was tried on it."""
    why = rules.why_illegal(state, action)
    assert isinstance(why, str) and why.strip(), f"{where}: no sentence for {action!r}"
    assert why.rstrip().endswith((".", "?", "!")), f"{where}: {action!r} → {why!r}"
    assert not ANOTHER_SENTENCE.search(why.rstrip()[:-1]), f"{where}: more than one sentence: {why!r}"
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, action)
    assert str(caught.value) == why, where
    assert state == before, f"{where}: {action!r} changed the state"


@pytest.mark.parametrize("key,options", variants(), ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={o}" for k, o in v.items()) or "default")
def test_every_action_not_legal_is_refused_with_a_sentence(key, options):
    rules = get_rules(key, **options)
    calls = heard_calls(rules)
    tried = 0
    for seed in range(HANDS):
        rng = random.Random(seed)
        for step, state in enumerate(walk(rules, seed)):
            candidates = not_legal(rules, state, calls, rng)
            before = copy.deepcopy(state)
            for action in rng.sample(candidates, min(TRIES_PER_STATE, len(candidates))):
                assert_refused(rules, state, before, action, f"{key} {options} hand {seed} step {step}")
                tried += 1
    assert tried > 100
