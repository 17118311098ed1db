"""The engine's speed-ups change no answer: one object per card, the tables built once per game
(suits, strengths and hand order per trump suit, card points in whole units, the Play values,
the next seat) agree with the hooks they stand for, in every game, over real hands.

Speed itself is measured in ``bench/`` (engine_speed.py, openspiel_speed.py), never here.
"""
from __future__ import annotations

import copy
import math
import pickle
import random
from fractions import Fraction

import pytest

from cardlab import GAMES, Hand, Play, get_rules
from cardlab.bots import RandomBot, next_action
from cardlab.cards import Card, CardError
from cardlab.rules import SUIT_ORDER, TrickGame
from cardlab.state import Trick

HANDS = 12  # seeded random hands per game


def states_of(rules: TrickGame, seed: int) -> list:
    """Every state of one seeded random hand, from the deal to the end."""
    hand = Hand.dealt(rules, rules.seats[seed % len(rules.seats)], seed)
    bot, states, steps = RandomBot(seed), [hand.state], 0
    while not hand.state.over:
        hand = hand.then(next_action(rules, hand.state, bot, random.Random(f"{seed}/{steps}")))
        states.append(hand.state)
        steps += 1
    return states


def test_a_card_is_one_object_whichever_way_it_is_made():
    card = Card("Kn", "D")
    assert Card.parse("KnD") is card and Card.parse(" knd ") is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert card == Card("Kn", "D") and card != Card("K", "D") and hash(card) == hash(Card.parse("KnD"))
    assert {card: 1}[Card("Kn", "D")] == 1
    assert repr(card) == "Card('Kn', 'D')" and str(card) == "KnD"


def test_a_card_is_still_frozen_and_still_refuses_a_wrong_code():
    card = Card("A", "S")
    with pytest.raises(AttributeError):
        card.rank = "K"  # type: ignore[misc]
    with pytest.raises(CardError, match="is not a card code"):
        Card("Z", "S")
    with pytest.raises(CardError, match="is not a card code"):
        Card(["A"], "S")  # type: ignore[arg-type]


def test_a_trick_compares_prints_and_grows_as_a_value():
    trick = Trick("N").with_play("N", Card("3", "D")).with_play("W", Card("A", "D"))
    assert trick == Trick("N", (("N", Card("3", "D")), ("W", Card("A", "D"))))
    assert trick.led is Card("3", "D") and trick.cards() == (Card("3", "D"), Card("A", "D"))
    assert trick.card_of("W") is Card("A", "D") and trick.card_of("S") is None and trick.winner is None
    assert repr(Trick("E", (), "E")) == "Trick(leader='E', plays=(), winner='E')"
    assert copy.deepcopy(trick) == trick and hash(copy.deepcopy(trick)) == hash(trick)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_tables_agree_with_the_hooks_in_every_state(key):
    rules = get_rules(key)
    trumps_seen = set()
    own_winner = type(rules).trick_winner is TrickGame.trick_winner  # the others rank across suits
    for seed in range(HANDS):
        for state in states_of(rules, seed):
            if state.phase == "deal":
                continue
            table = rules.card_table(state)
            trumps_seen.add(rules.trump(state))
            assert table.trump == rules.trump(state)
            suits = {card: rules.suit_of(state, card) for card in rules.pack.cards}
            for card in rules.pack.cards:
                suit, strength = suits[card], rules.strength(state, card)
                assert table.suit[card] == suit and table.strength[card] == strength, (seed, card)
                assert table.sort_key[card] == (SUIT_ORDER.get(suit, len(SUIT_ORDER)), strength)
                assert table.following[card] == {other for other, its in suits.items() if its == suit}
            keys = sorted(rules.pack.cards, key=table.sort_key.__getitem__)
            assert [table.order[c] < table.order[d] for c, d in zip(keys, keys[1:])] == \
                [table.sort_key[c] < table.sort_key[d] for c, d in zip(keys, keys[1:])]
            if own_winner and state.trick is not None and state.trick.plays:
                assert rules.trick_winner(state, state.trick) == reference_winner(rules, state, state.trick)
            if state.to_act is not None:
                assert all(action == Play(action.seat, action.card)
                           for action in rules.legal(state) if isinstance(action, Play))
    if key in ("sixty_six", "quadrille"):
        assert len(trumps_seen) > 1, "hands under several trump suits should have been met"


def reference_winner(rules: TrickGame, state, trick: Trick) -> str | None:
    """The trick's winner asked of the hooks card by card, as the engine did before its tables."""
    led = rules.suit_of(state, trick.plays[0][1])
    trump = rules.trump(state)
    keys = {seat: (rules.suit_of(state, card) == trump, rules.strength(state, card))
            for seat, card in trick.plays if rules.suit_of(state, card) in (led, trump)}
    best = max(keys.values())
    winners = [seat for seat, value in keys.items() if value == best]
    return winners[0] if len(winners) == 1 else None


COUNTING_CARDS = sorted(key for key, game in GAMES.items() if game.trick_points is TrickGame.trick_points)


def test_the_games_counting_cards_are_known():
    assert {"tressette", "quatre_sept", "sixty_six"} <= set(COUNTING_CARDS)


@pytest.mark.parametrize("key", COUNTING_CARDS)
def test_points_counted_in_whole_units_are_the_exact_fraction_sums(key):
    rules = get_rules(key)
    for seed in range(HANDS):
        state = states_of(rules, seed)[-1]
        expected = {side: Fraction(0) for side in rules.sides}
        for trick in state.tricks:
            points = sum((rules.card_points(card) for card in trick.cards()), Fraction(0))
            assert rules.trick_points(trick) == points
            if trick.winner is not None:
                expected[rules.side_of(state, trick.winner)] += points
        counted = rules.card_points_by_side(state)
        assert counted == expected and all(isinstance(value, Fraction) for value in counted.values())


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_seat_after_each_seat_is_the_next_seat(key):
    rules = get_rules(key)
    assert rules.seat_after == {seat: rules.next_seat(seat) for seat in rules.seats}
    assert set(rules.plays) == set(rules.seats)
    assert all(play.seat == seat and play.card is card
               for seat, plays in rules.plays.items() for card, play in plays.items())


SIDES_BY_SEAT = sorted(key for key, game in GAMES.items() if game.side_of is TrickGame.side_of)


@pytest.mark.parametrize("key", SIDES_BY_SEAT)
def test_each_seat_is_on_the_first_side_that_lists_it(key):
    assert {"tressette", "vache"} <= set(SIDES_BY_SEAT)
    rules = get_rules(key)
    state = states_of(rules, 0)[-1]
    for seat in rules.seats + ("X",):
        listed = [side for side, members in rules.sides.items() if seat in members]
        assert rules.side_of(state, seat) == (listed[0] if listed else seat)


def test_a_wrong_deal_is_still_named_card_by_card():
    from cardlab import Deal
    rules = get_rules("tressette")
    start = Hand.start(rules, "N").state
    deal = rules.deal("N", 1)
    assert rules.deal_problem(start, deal) is None

    def changed(first) -> Deal:
        return Deal("N", tuple((seat, (first(cards),) + cards[1:]) for seat, cards in deal.hands))

    assert rules.deal_problem(start, changed(lambda cards: Card("8", "S"))) == "8S is not in the Italian 40-card pack."
    assert rules.deal_problem(start, changed(lambda cards: ["x"])) == "['x'] is not in the Italian 40-card pack."
    twice = Deal("N", tuple((seat, (deal.hands[0][1][1],) + cards[1:]) for seat, cards in deal.hands))
    assert rules.deal_problem(start, twice) == f"{deal.hands[0][1][1]} was dealt twice."


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_hooks_skipped_on_the_hot_path_are_the_games_defaults(key):
    game = GAMES[key]
    assert game.sorts_by_table == (game.sorted_cards is TrickGame.sorted_cards)
    assert game.has_trumps == (game.trump is not TrickGame.trump)
    assert game.all_play == (game.players_in_trick is TrickGame.players_in_trick)
    assert key != "sixty_six" or game.has_trumps


@pytest.mark.parametrize("key", COUNTING_CARDS)
def test_points_made_from_whole_units_are_the_exact_fractions(key):
    rules = get_rules(key)
    scale = rules.scaled_points[1]
    for units in (-2, 0, 1, 2, scale, 35):
        assert rules.in_points(units) == Fraction(units, scale) and rules.in_points(units) is rules.in_points(units)
    state = states_of(rules, 3)[-1]
    assert {side: rules.in_points(units) for side, units in rules.card_units_by_side(state).items()} \
        == rules.card_points_by_side(state)


@pytest.mark.parametrize("options", [{}, {"declarations": True}])
def test_tressette_scores_in_whole_thirds_what_its_running_points_add_up_to(options):
    rules = get_rules("tressette", **options)
    for seed in range(HANDS):
        state = states_of(rules, seed)[-1]
        result = rules.score(state)
        for side, part in rules.running_points(state).items():
            counted = part["cards"] + part["last trick"]
            assert result.parts[side] == {"cards": part["cards"], "last trick": part["last trick"],
                                          "fraction dropped": Fraction(math.floor(counted)) - counted,
                                          "declarations": part["declarations"]}
            assert result.points[side] == counted + part["declarations"]
            assert result.score[side] == math.floor(counted) + part["declarations"]
