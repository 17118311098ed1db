"""The shipped puzzles proved again, by a search written here (issue 23, "How it is checked").

For every game, the first :data:`PROVED` puzzles of its bank (made by
``python -m cardlab.puzzles.build``) and every later one of a theme none of them has (the puzzles
mined from deals dealt toward a rare theme come last) are replayed from their scenario, and each claimed value is
proved exact over the rules API alone (``legal``, ``apply``, ``score``, ``side_of``): the side to
act can make sure of the value against every other seat's play, and cannot make sure of more.
Each of the two is a yes-or-no search of every continuation to the end of the hand (some action
of the side reaches the goal, every action of another seat does), in the legal order, stopping as
soon as the answer is known, each position answered once (a memo of its own).  Then the answer is
the one best action by the margin, and every step of its line keeps the best value.

Plain minimax (every continuation valued) took about 190 s of CPU for the 1 200 puzzles, where
these proofs take about 50 s: a goal settles a position at its first child that decides it.
Nothing is taken from ``cardlab.search`` or ``cardlab.puzzles`` (the bank is read as a file), so
a fault in the generator cannot prove its own puzzles.  The ``puzzle`` command's answer for a
seed, and for each theme of the bank, must be one of the puzzles proved.

The puzzles of one deal share a memo per solving seat: a position's key is every field of the
state but the deal, which is the same for the whole memo.
"""
from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from functools import cache
from typing import Any, Hashable, NamedTuple

import pytest

from cardlab.__main__ import main
from cardlab.actions import Action, Call, Play, parse_action
from cardlab.games import GAMES, folder, traits
from cardlab.rules import TrickGame
from cardlab.scenario import parse, run
from cardlab.state import State

PROVED = 200  # puzzles proved per game
MARGIN = Fraction(1)  # what a puzzle claims: every other action does worse by at least this
SEEDS = (0, 17, 199)  # seeds asked of the command: without a theme or rating, bank puzzle number seed

Memo = dict[Hashable, bool]


class Goal(NamedTuple):
    """A result to make sure of: at least ``value``, or more than it (``beyond``)."""

    value: Fraction
    beyond: bool
    exact_points: bool  # counted in the score sheet's exact points, else in its score


def parsed_value(value: int | str) -> Fraction:
    """A value as a puzzle writes it: 3, -7, "5 2/3", "-2 1/3", "1/3"."""
    if isinstance(value, int):
        return Fraction(value)
    whole, _, part = value.rpartition(" ")
    if not whole:
        return Fraction(part)
    return Fraction(whole) + (-1 if whole.startswith("-") else 1) * Fraction(part)


def end_value(rules: TrickGame, state: State, seat: str, exact_points: bool) -> Fraction:
    """The seat's result at the end of the hand less the mean of the other sides' (its own result
    where each plays for himself, else its side's)."""
    result = rules.score(state)
    counted = result.points if exact_points else result.score
    own = seat if seat in result.score else rules.side_of(state, seat)
    others = [side for side, members in rules.sides.items() if members and side != own]
    rest = sum((Fraction(counted.get(side, 0)) for side in others), Fraction(0))
    return Fraction(counted.get(own, 0)) - (rest / len(others) if others else 0)


def reaches(rules: TrickGame, state: State, seat: str, goal: Goal, memo: Memo) -> bool:
    """Whether the seat's side can make sure of the goal against every other seat's play: some
    action of its own side reaches it, and every action of another seat does."""
    if state.over:
        value = end_value(rules, state, seat, goal.exact_points)
        return value > goal.value if goal.beyond else value >= goal.value
    key = (goal, tuple(value for name, value in vars(state).items() if name != "deal"))
    if key not in memo:
        assert state.to_act is not None
        after = (rules.apply(state, action, check=False) for action in rules.legal(state))
        if rules.side_of(state, state.to_act) == rules.side_of(state, seat):
            memo[key] = any(reaches(rules, each, seat, goal, memo) for each in after)
        else:
            memo[key] = all(reaches(rules, each, seat, goal, memo) for each in after)
    return memo[key]


def is_worth(rules: TrickGame, state: State, seat: str, value: Fraction, exact_points: bool, memo: Memo) -> bool:
    """Whether ``value`` is the seat's exact value of ``state``: its side can make sure of it and
    cannot make sure of more."""
    return (reaches(rules, state, seat, Goal(value, False, exact_points), memo)
            and not reaches(rules, state, seat, Goal(value, True, exact_points), memo))


def named(action: Action) -> str:
    if isinstance(action, Play):
        return str(action.card)
    assert isinstance(action, Call)
    return action.words


def banked(game: str) -> list[dict[str, Any]]:
    """The game's shipped puzzles, read as the file they are."""
    text = (folder(game) / "puzzles.json").read_text(encoding="utf-8")
    puzzles: list[dict[str, Any]] = json.loads(text)["puzzles"]
    return puzzles


def prove_again(made: dict[str, Any], memo: Memo) -> None:
    """Every claim of a puzzle about its values, its answer and its line, proved again."""
    outcome = run(parse(made["scenario"]))
    assert outcome.error is None and outcome.hand is not None
    rules, state = outcome.hand.rules, outcome.hand.state
    seat = made["seat"]
    assert rules.key == made["game"] and state.to_act == seat and state.phase == "play"
    assert all(len(made["scenario"]["deal"][each]) == rules.hand_size() for each in rules.seats)  # every hand shown
    assert made["units"] == traits(rules).units
    exact_points = made["units"] == "points"
    legal = {named(action): action for action in rules.legal(state)}
    claimed = {name: parsed_value(value) for name, value in made["values"].items()}
    assert set(claimed) == set(legal)
    for name, action in legal.items():
        assert is_worth(rules, rules.apply(state, action, check=False), seat, claimed[name], exact_points, memo), name
    best = claimed[made["answer"]]
    assert all(best - value >= MARGIN for name, value in claimed.items() if name != made["answer"])
    after = rules.apply(state, legal[made["answer"]])
    for text in made["line"]:  # each step legal and each keeps the best value: the line is best play
        after = rules.apply(after, parse_action(text, rules.seats))
        assert is_worth(rules, after, seat, best, exact_points, memo), text
    assert after.over


@cache
def proved_puzzles(game: str) -> tuple[str, ...]:
    """The first puzzles of the game's bank and every later one of a theme they lack, each proved
    again (as JSON text, to compare)."""
    first = banked(game)[:PROVED]
    themes = {made["theme"] for made in first}
    puzzles = first + [made for made in banked(game)[PROVED:] if made["theme"] not in themes]
    memos: dict[tuple[str, str], Memo] = defaultdict(dict)
    for made in puzzles:
        deal = json.dumps([made["scenario"]["dealer"], made["scenario"]["deal"]], sort_keys=True)
        prove_again(made, memos[deal, made["seat"]])
    return tuple(json.dumps(made, sort_keys=True) for made in puzzles)


@pytest.mark.parametrize("game", list(GAMES))
def test_banked_puzzles_are_proved_again_by_minimax(game: str) -> None:
    proved = [json.loads(made) for made in proved_puzzles(game)]
    assert len(proved) >= PROVED
    assert {made["theme"] for made in proved} == {made["theme"] for made in banked(game)}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_command_prints_a_proved_puzzle(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in SEEDS:
        assert main(["puzzle", game, "--seed", str(seed)]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert json.dumps(printed, sort_keys=True) in proved_puzzles(game), (game, seed)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_command_prints_a_proved_puzzle_of_every_banked_theme(game: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    for theme in sorted({made["theme"] for made in banked(game)}):
        assert main(["puzzle", game, "--theme", theme]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["theme"] == theme and json.dumps(printed, sort_keys=True) in proved_puzzles(game), theme


@pytest.mark.parametrize("change", ["a value", "the answer", "the line stops short"])
def test_a_wrong_claim_is_caught(change: str) -> None:
    made = json.loads(json.dumps(banked("tressette")[0]))
    others = [name for name in made["values"] if name != made["answer"]]
    if change == "a value":
        made["values"][others[0]] = str(parsed_value(made["values"][others[0]]) + Fraction(1, 3))
    elif change == "the answer":
        made["answer"] = others[0]
    else:
        made["line"] = made["line"][:-1]
    with pytest.raises(AssertionError):
        prove_again(made, {})
