"""The exhaustive search (cardlab.search) against a plain minimax written here, in every game."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlab.games import GAMES, get_rules, traits
from cardlab.players import get_player
from cardlab.practice.common import play
from cardlab.rules import TrickGame
from cardlab.search import Solver, TooDeep, prove
from cardlab.state import State


def hand_value(rules: TrickGame, state: State, seat: str) -> Fraction:
    """The seat's side's result less the mean of the other sides', in the game's own units:
    exact points where the score sheet counts them exactly, else the score."""
    result = rules.score(state)
    counted = result.points if traits(rules).proxy_weight == 1 else result.score
    key = seat if seat in result.score else rules.side_of(state, seat)
    others = [side for side, members in rules.sides.items() if members and side != key]
    if not others:
        return Fraction(counted[key])
    return Fraction(counted.get(key, 0)) - sum(Fraction(counted.get(o, 0)) for o in others) / len(others)


def minimax(rules: TrickGame, state: State, seat: str) -> Fraction:
    """Every continuation, no pruning, no memory: the solver's side maximises, the rest minimise."""
    if state.over:
        return hand_value(rules, state, seat)
    values = [minimax(rules, rules.apply(state, action), seat) for action in rules.legal(state)]
    friendly = rules.side_of(state, state.to_act) == rules.side_of(state, seat)
    return max(values) if friendly else min(values)


def late_positions(game: str, cards: int, seeds: range) -> list[tuple[TrickGame, State]]:
    """Positions of club play where the seat to act holds ``cards`` cards and has a choice."""
    rules = get_rules(game)
    found = []
    for seed in seeds:
        played = play(rules, game, {}, rules.seats[seed % len(rules.seats)], seed, player=get_player("club"))
        for state in played.states:
            if (state.phase == "play" and state.to_act is not None and len(state.hand(state.to_act)) == cards
                    and len(rules.legal(state)) > 1):
                found.append((rules, state))
                break
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_values_match_plain_minimax(game: str) -> None:
    positions = late_positions(game, 3, range(3)) + late_positions(game, 2, range(3, 5))
    assert positions
    for rules, state in positions:
        proof = prove(rules, state)
        assert set(proof.values) == set(rules.legal(state))
        for action, value in proof.values.items():
            assert value == minimax(rules, rules.apply(state, action), state.to_act), (game, action)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_line_plays_to_the_end_at_the_proved_value(game: str) -> None:
    rules, state = late_positions(game, 3, range(4))[0]
    proof = prove(rules, state)
    for action, line in proof.lines.items():
        after = rules.apply(state, action)
        for step in line:
            after = rules.apply(after, step)  # every step legal
        assert after.over
        assert hand_value(rules, after, state.to_act) == proof.values[action]


@pytest.mark.parametrize("game", ["tressette", "quadrille"])
def test_a_solver_kept_for_the_hand_gives_what_a_fresh_one_gives(game: str) -> None:
    rules = get_rules(game)
    played = play(rules, game, {}, "N", 11, player=get_player("club"))
    kept: dict[str, Solver] = {}
    for state in played.states:
        if state.phase != "play" or state.to_act is None or len(state.hand(state.to_act)) > 3:
            continue
        solver = kept.setdefault(state.to_act, Solver(rules, state.to_act))
        assert solver.prove(state).values == prove(rules, state).values


def test_partners_cooperate_and_the_value_is_the_sides() -> None:
    rules, state = late_positions("tressette", 3, range(2, 3))[0]
    seat = state.to_act
    partner = next(other for other in rules.sides[rules.side_of(state, seat)] if other != seat)
    # the same position valued for the partner: the same side, so the same value
    assert Solver(rules, partner).value(state) == Solver(rules, seat).value(state)


def test_a_solver_values_positions_for_its_own_seat_only() -> None:
    rules, state = late_positions("quadrille", 3, range(4))[0]
    other = next(seat for seat in rules.seats if seat != state.to_act)
    with pytest.raises(ValueError, match=f"for {other}, and {state.to_act} is to act"):
        Solver(rules, other).prove(state)


def test_a_limit_stops_a_search_too_deep() -> None:
    rules, state = late_positions("vache", 4, range(4))[0]
    with pytest.raises(TooDeep):
        Solver(rules, state.to_act, limit=50).prove(state)


def test_a_position_with_nobody_to_act_is_refused_with_a_sentence() -> None:
    rules = get_rules("tressette")
    with pytest.raises(ValueError, match="nobody is to act"):
        prove(rules, rules.initial("N"))


@pytest.mark.parametrize("game", list(GAMES))
def test_prove_unique_is_prove_when_one_action_is_best_by_the_margin(game: str) -> None:
    """The shortcut proof gives the full proof of a puzzle and None for any other position, with
    fewer positions searched over the hands."""
    rules = get_rules(game)
    full_positions = quick_positions = 0
    puzzles = 0
    for seed in range(12):
        if puzzles and seed >= 4:
            break
        played = play(rules, game, {}, rules.seats[seed % len(rules.seats)], seed, player=get_player("club"))
        for state in played.states:
            if (state.phase != "play" or state.to_act is None or len(state.hand(state.to_act)) > 3
                    or len(rules.legal(state)) < 2):
                continue
            full = Solver(rules, state.to_act)
            proof = full.prove(state)
            ranked = sorted(proof.values.values(), reverse=True)
            quick = Solver(rules, state.to_act)
            found = quick.prove_unique(state, Fraction(1))
            if ranked[0] - ranked[1] >= 1:
                assert found is not None and (found.values, found.lines) == (proof.values, proof.lines)
                puzzles += 1
            else:
                assert found is None
            full_positions += full.positions
            quick_positions += quick.positions
    assert puzzles and quick_positions < full_positions


def test_values_stay_exact_fractions() -> None:
    """The search compares floats inside; what it gives out is the exact fraction (thirds here)."""
    rules, state = late_positions("tressette", 3, range(1))[0]
    proof = prove(rules, state)
    assert all(isinstance(value, Fraction) for value in proof.values.values())
    assert any(value.denominator == 3 for value in proof.values.values())
    assert Solver(rules, state.to_act).value(state) == max(proof.values.values())
