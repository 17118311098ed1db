"""Exhaustive search of an open position: the exact value of every legal action to the hand's end.

Every hand is open (as a double-dummy problem in bridge) and there is no chance left after the
deal, so a position with a few cards left has one exact value for the seat to act.  It is found
over the rules API alone (:meth:`~cardlab.rules.TrickGame.legal`, ``apply``, ``score``,
``side_of``), so every game is searched the same way and no game is named here.

Whose value, in which units:

* The value belongs to one seat, the *solver*: its side's result less the mean of the other
  sides' at the end of the hand, as the expert counts it (:func:`cardlab.players.expert.margin`).
  Where the game's score sheet counts exact points (a proxy weight of 1 in its
  :class:`~cardlab.games.traits.GameTraits`: Tressette's and Quatre Sept's thirds and points) the
  value is in those points; elsewhere it is in the score sheet's own units (game points, chips,
  hands won), so a Sixty-Six puzzle is about game points, not card points.
* The seats on the solver's side (``side_of``: partners, Quadrille's ombre and called king)
  choose the highest value, every other seat the lowest: opponents oppose, and where each plays
  for himself (La Vache) every other player plays against the solver.  So the value is two-sided
  and alpha-beta pruning is exact.

Positions are remembered by everything that can matter to the rest of the hand (the state's
fields but the deal) with the bounds proved so far (a transposition table): a solver kept for a
hand answers the next position of the same hand from the subtrees it has already proved.

Inside the search a value is the float nearest the exact fraction: a hand's values have small
denominators (thirds, a mean over three sides), so rounding keeps their order and tells equal
values from unequal ones, and the solver maps each float back to the fraction it came from.  Python
compares floats some fifty times faster than fractions, and the search is mostly comparisons.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields
from fractions import Fraction
from operator import itemgetter
from typing import Callable, Hashable

from .actions import Action
from .games.traits import traits
from .players.expert import margin
from .rules import TrickGame
from .state import State

LOWEST = Fraction(-10**9)  # below any hand's value in any game's units
HIGHEST = Fraction(10**9)


class TooDeep(Exception):
    """A proof that would search more positions than the solver's ``limit``."""


@dataclass(frozen=True)
class Proof:
    """The exact value of every legal action of a position for the seat to act, and the best play
    that follows each action to the end of the hand (``lines``: both sides at their best)."""

    seat: str
    values: dict[Action, Fraction]
    lines: dict[Action, tuple[Action, ...]]
    units: str
    positions: int  # positions searched (not those answered from the table)

    @property
    def best(self) -> Fraction:
        return max(self.values.values())

    def ranked(self) -> list[Action]:
        """The actions, best first (ties in the order of the rules' legal actions)."""
        return sorted(self.values, key=lambda action: -self.values[action])


class Solver:
    """Values of positions of one game for one seat, the ``seat`` named at construction: it and
    every seat :meth:`~cardlab.rules.TrickGame.side_of` puts with it choose the highest value, the
    others the lowest.  It proves the positions where that seat is to act."""

    def __init__(self, rules: TrickGame, seat: str, limit: int | None = None) -> None:
        self.rules = rules
        self.seat = seat
        self.limit = limit  # positions one proof may search before it gives up (TooDeep)
        self.exact_points = traits(rules).proxy_weight == 1
        self.table: dict[Hashable, tuple[float, float]] = {}
        self.exact: dict[float, Fraction] = {-math.inf: LOWEST, math.inf: HIGHEST}
        self.positions = 0
        self.fields: dict[type, Callable[[dict[str, object]], Hashable]] = {}

    def outcome(self, state: State) -> Fraction:
        """The solver's value of a finished hand."""
        score, points = margin(self.rules, state, self.seat)
        return points if self.exact_points else score

    def rounded(self, state: State) -> float:
        """:meth:`outcome` as the search compares it, remembered so it maps back to the fraction."""
        exact = self.outcome(state)
        found = float(exact)
        if self.exact.setdefault(found, exact) != exact:
            raise ArithmeticError(f"{exact} and {self.exact[found]} round to the same float.")
        return found

    def friendly(self, state: State) -> bool:
        """Whether the seat to act plays for the solver."""
        actor = state.to_act
        assert actor is not None
        return actor == self.seat or self.rules.side_of(state, actor) == self.rules.side_of(state, self.seat)

    def key(self, state: State) -> Hashable:
        """What the rest of the hand can depend on: every field of the state but the deal (the
        names looked up once for each kind of state)."""
        getter = self.fields.get(type(state))
        if getter is None:
            names = [field.name for field in fields(state) if field.name != "deal"]
            getter = self.fields[type(state)] = itemgetter(*names)
        return getter(state.__dict__)

    def value(self, state: State, alpha: Fraction = LOWEST, beta: Fraction = HIGHEST) -> Fraction:
        """The exact value when it lies strictly between ``alpha`` and ``beta``; otherwise a bound
        on the same side of the window (alpha-beta, failing soft)."""
        low = -math.inf if alpha <= LOWEST else float(alpha)
        high = math.inf if beta >= HIGHEST else float(beta)
        return self.exact[self.search(state, low, high)]

    def search(self, state: State, alpha: float, beta: float) -> float:
        """:meth:`value` in floats (see the module's docstring)."""
        if state.over:
            return self.rounded(state)
        key = self.key(state)
        lower, upper = self.table.get(key, (-math.inf, math.inf))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        self.positions += 1
        if self.limit is not None and self.positions > self.limit:
            raise TooDeep(f"More than {self.limit:,} positions to search.")
        rules = self.rules
        maximize = self.friendly(state)
        best = -math.inf if maximize else math.inf
        low, high = alpha, beta
        for action in rules.legal(state):
            found = self.search(rules.apply(state, action, check=False), low, high)
            if maximize:
                if found > best:
                    best = found
                    low = max(low, best)
            elif found < best:
                best = found
                high = min(high, best)
            if low >= high:
                break
        if best <= alpha:
            self.table[key] = (lower, best)
        elif best >= beta:
            self.table[key] = (best, upper)
        else:
            self.table[key] = (best, best)
        return best

    def line(self, state: State) -> tuple[Action, ...]:
        """The play from ``state`` to the end of the hand with every seat at its best."""
        played: list[Action] = []
        while not state.over:
            target = self.search(state, -math.inf, math.inf)
            for action in self.rules.legal(state):
                after = self.rules.apply(state, action, check=False)
                if self.search(after, -math.inf, math.inf) == target:
                    played.append(action)
                    state = after
                    break
        return tuple(played)

    def values(self, state: State) -> dict[Action, Fraction]:
        """The exact value of every legal action of ``state`` (:meth:`prove` without the lines),
        searching at most ``limit`` positions."""
        self.check(state)
        self.positions = 0
        return {action: self.value(self.rules.apply(state, action, check=False)) for action in self.rules.legal(state)}

    def prove(self, state: State) -> Proof:
        """Every legal action of ``state`` with its exact value and best continuation."""
        self.check(state)
        self.positions = 0
        values, lines = {}, {}
        for action in self.rules.legal(state):  # each value, then its line: the positions counted to the limit
            after = self.rules.apply(state, action, check=False)
            values[action] = self.value(after)
            lines[action] = self.line(after)
        return Proof(self.seat, values, lines, traits(self.rules).units, self.positions)

    def prove_unique(self, state: State, margin: Fraction) -> Proof | None:
        """:meth:`prove` when exactly one action is best and every other does worse by at least
        ``margin``; otherwise None, found with less search.  While one action leads, another is
        searched only as far as it takes to show that it is ``margin`` below the leader; once two
        are within ``margin`` of each other, only as far as it takes to show that it does not
        beat both by ``margin`` (and so no action can be the one best)."""
        self.check(state)
        self.positions = 0
        rules = self.rules
        near: dict[Action, Fraction] = {}  # the exact values within the margin of the best so far
        for action in rules.legal(state):
            top = max(near.values(), default=LOWEST)
            floor = math.nextafter(float(top + margin), -math.inf) if len(near) > 1 else float(top - margin)
            found = self.search(rules.apply(state, action, check=False), floor, math.inf)
            if found > floor:
                near[action] = self.exact[found]
                top = max(near.values())
                near = {action: value for action, value in near.items() if value > top - margin}
        if len(near) > 1:
            return None
        values = {action: near[action] if action in near else self.value(rules.apply(state, action, check=False))
                  for action in rules.legal(state)}
        ranked = sorted(values.values(), reverse=True)
        if len(ranked) < 2 or ranked[0] - ranked[1] < margin:
            return None
        lines = {action: self.line(rules.apply(state, action, check=False)) for action in values}
        return Proof(self.seat, values, lines, traits(rules).units, self.positions)

    def check(self, state: State) -> None:
        """Refuse a position this solver does not prove, with a sentence."""
        actor = state.to_act
        if actor is None or not self.rules.legal(state):
            raise ValueError("There is no action to search: nobody is to act (the hand is over or not dealt).")
        if actor != self.seat:
            raise ValueError(f"This solver values positions for {self.seat}, and {actor} is to act.")


def prove(rules: TrickGame, state: State) -> Proof:
    """:meth:`Solver.prove` with a fresh solver for the seat to act."""
    if state.to_act is None:
        raise ValueError("There is no action to search: nobody is to act (the hand is over or not dealt).")
    return Solver(rules, state.to_act).prove(state)
