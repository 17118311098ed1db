"""The engine's fast paths give the answers of the plain ones (issue 36, item 3).

Random play is the engine's hot path, so its steps skip work: the legal cards are one set
intersection sorted on one number (answered by ``legal`` itself for a game on the default rule), a
played card rebuilds one hand and ends a trick in one new state where the game keeps the default
hooks, ``over`` is a value kept beside the fields, a dealt hand skips checking the rules' own deal,
points are counted in whole units, the random bot and the deal draw their numbers without the
generator's Python helpers, and a hand's summary sentence is made when it is read.  Each shortcut
is checked here against the plain answer, over random states of every game and of each option
choice that changes play.
"""
from __future__ import annotations

import pickle
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from cardlab import GAMES, Hand, IllegalAction, Play, get_rules, i18n
from cardlab.cards import Card
from cardlab.bots import RandomBot
from cardlab.rules import TrickGame, shuffle
from cardlab.state import State

VARIANTS: list[tuple[str, dict[str, Any]]] = [(key, {}) for key in GAMES] + [
    ("tressette", {"declarations": True}), ("tressette", {"declarations": True, "declare": "by hand"}),
    ("tressette", {"signals": True})]


def plain_legal_cards(rules: TrickGame, state: State, seat: str) -> list[Card]:
    """The default rule written plainly: no card while calls are forced, else follow the led suit
    if the hand can, the cards in the game's hand order."""
    if seat == state.to_act and rules.forced_calls(state):
        return []
    hand = [card for card in state.hand(seat) if card is not None]
    trick = state.trick
    if trick is not None and trick.plays:
        led = rules.suit_of(state, trick.plays[0][1])
        hand = [card for card in hand if rules.suit_of(state, card) == led] or hand
    return rules.sorted_cards(state, hand)


def random_states(key: str, options: dict[str, Any], hands: int) -> list[tuple[TrickGame, State]]:
    rules = get_rules(key, **options)
    found = []
    for seed in range(hands):
        state, bot = Hand.dealt(rules, "N", seed).state, RandomBot(seed)
        while not state.over:
            found.append((rules, state))
            if state.phase == "deal":  # a redeal (Quatre Sept)
                state = rules.apply(state, rules.deal(state.dealer, seed))
                continue
            state = rules.apply(state, bot.choose(rules, rules.view(state, state.seat_to_act)))
        found.append((rules, state))
    return found


@pytest.mark.parametrize("key, options", VARIANTS, ids=[f"{key}{options or ''}" for key, options in VARIANTS])
def test_default_legal_cards_equal_the_plain_rule(key: str, options: dict[str, Any]) -> None:
    """Every seat's legal cards by the default rule, in the full state and in each seat's view."""
    checked = 0
    for rules, state in random_states(key, options, 40):
        if state.phase != "play":
            continue
        for seat in rules.seats:
            for seen in (state, rules.view(state, seat)):
                assert TrickGame.legal_cards(rules, seen, seat) == plain_legal_cards(rules, seen, seat), (
                    key, options, seat, seen)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("key, options", VARIANTS, ids=[f"{key}{options or ''}" for key, options in VARIANTS])
def test_legal_actions_are_the_calls_then_the_legal_cards(key: str, options: dict[str, Any]) -> None:
    for rules, state in random_states(key, options, 40):
        seat = state.to_act
        if seat is None or state.phase in ("deal", "over"):
            assert rules.legal(state) == []
            continue
        cards = [Play(seat, card) for card in rules.legal_cards(state, seat)] if state.phase == "play" else []
        assert rules.legal(state) == [*rules.legal_calls(state), *cards]


@pytest.mark.parametrize("key", list(GAMES))
def test_a_played_card_leaves_the_other_hands_as_they_were(key: str) -> None:
    for rules, state in random_states(key, {}, 10):
        if state.phase != "play" or state.trick is None or state.over:
            continue
        seat = state.seat_to_act
        card = rules.legal_cards(state, seat)[0]
        after = rules.apply(state, Play(seat, card))
        for other, before, now in zip(rules.seats, state.hands, after.hands):
            if other == seat:
                assert list(now) == [held for held in before if held is not card]
            else:
                assert now is before


def test_the_random_bot_chooses_as_random_choice_does() -> None:
    for key in GAMES:
        for rules, state in random_states(key, {}, 5):
            if not rules.legal(state):
                continue
            for seed in range(5):
                assert RandomBot(seed).choose(rules, state) == random.Random(seed).choice(rules.legal(state))
    with pytest.raises(IndexError):
        RandomBot(0).choose(get_rules("tressette"), get_rules("tressette").initial("N"))


def test_the_deal_shuffles_as_random_shuffle_does() -> None:
    class Drawing(random.Random):
        def random(self) -> float:
            return 0.5

    for seed in range(500):
        cards, expected = list(range(seed % 53)), list(range(seed % 53))
        shuffle(random.Random(seed), cards)
        random.Random(seed).shuffle(expected)
        assert cards == expected
    own, expected = list(range(40)), list(range(40))
    shuffle(Drawing(1), own)
    Drawing(1).shuffle(expected)
    assert own == expected


def test_the_summary_is_worded_when_read_in_the_language_then_in_use() -> None:
    """Scoring makes no sentence; reading it does, once, in the language in use when it is read.
    The result compares, copies and pickles with its words."""
    rules = get_rules("tressette")
    final = random_states("tressette", {}, 1)[-1][1]
    with i18n.speaking("en"):
        english = rules.score(final).summary
        result = rules.score(final)
    with i18n.speaking("fr"):
        french = rules.score(final).summary
        assert result.summary == french != english
    with i18n.speaking("en"):
        assert result.summary == french  # kept once made
        assert rules.score(final) == rules.score(final)
        assert pickle.loads(pickle.dumps(rules.score(final))).summary == english
        assert replace(rules.score(final), score={}).summary == english
    assert english.endswith(f"last trick {rules.score(final).last_trick}.")


@pytest.mark.parametrize("key, options", VARIANTS, ids=[f"{key}{options or ''}" for key, options in VARIANTS])
def test_a_played_card_makes_the_state_the_hooks_make(key: str, options: dict[str, Any]) -> None:
    """``apply_play`` ends a trick by itself where a game keeps the default hooks: the same state as
    the trick judged by ``trick_winner`` and handed on by ``after_trick``."""
    for rules, state in random_states(key, options, 15):
        if state.phase != "play" or state.trick is None or rules.forced_calls(state):
            continue
        seat = state.seat_to_act
        card = rules.legal_cards(state, seat)[0]
        after = rules.apply(state, Play(seat, card))
        hands = tuple(tuple(held for held in hand if held is not card) if other == seat else hand
                      for other, hand in zip(rules.seats, state.hands))
        trick = state.trick.with_play(seat, card)
        if len(trick.plays) < rules.players_in_trick(state):
            expected = state.evolve(hands=hands, trick=trick, to_act=rules.next_seat(seat))
        else:
            done = trick._replace(winner=rules.trick_winner(state, trick))
            expected = rules.after_trick(state.evolve(hands=hands, trick=None, tricks=state.tricks + (done,)), done)
        assert after == expected and after.over == expected.over, (key, options, state)


def test_tressette_takes_the_fast_paths() -> None:
    """The shortcuts the random-play bench measures are the ones Tressette's plain rules take."""
    plain = get_rules("tressette")
    assert plain.plain_legal is not None and plain.plain_tricks is not None
    assert get_rules("tressette", declarations=True).plain_legal is None  # calls in play
    assert get_rules("sixty_six").plain_tricks is None  # trumps


@pytest.mark.parametrize("key, options", VARIANTS, ids=[f"{key}{options or ''}" for key, options in VARIANTS])
def test_over_is_the_phase_over(key: str, options: dict[str, Any]) -> None:
    """``over`` is kept beside the fields: it says ``phase == "over"`` for every state, however made."""
    for rules, state in random_states(key, options, 5):
        for made in (state, rules.view(state, rules.seats[0]), replace(state), pickle.loads(pickle.dumps(state)),
                     state.evolve(phase="over"), state.evolve(phase="play"), replace(state, phase="over")):
            assert made.over == (made.phase == "over"), (key, made)


def test_a_dealt_hand_is_the_hand_its_deal_makes() -> None:
    """``Hand.dealt`` applies the rules' own deal unchecked: every game accepts the deals it makes."""
    for key in GAMES:
        rules = get_rules(key)
        for seed in range(30):
            deal = rules.deal("E", seed)
            assert rules.why_illegal(rules.initial("E"), deal) is None, (key, seed)
            assert Hand.dealt(rules, "E", seed) == Hand.start(rules, "E").then(deal)
    with pytest.raises(IllegalAction):
        Hand.dealt(get_rules("tressette"), "X", 0)


def test_counted_points_are_the_plain_count() -> None:
    """Card points counted in whole units and looked up give the Fractions counted trick by trick."""
    for key in GAMES:
        rules = get_rules(key)
        if type(rules).trick_points is not TrickGame.trick_points:
            continue
        for _, state in random_states(key, {}, 5):
            plain = {side: Fraction(0) for side in rules.sides}
            for trick in state.tricks:
                if trick.winner is not None:
                    plain[rules.side_of(state, trick.winner)] += sum(
                        (Fraction(rules.card_points(card)) for _, card in trick.plays), Fraction(0))
            assert rules.card_points_by_side(state) == plain, (key, state)
