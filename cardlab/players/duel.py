"""Duplicate duels between two levels of computer player, for ``python -m cardlab duel`` and
``bench/duel.py``.

Each deal is played several times with the same cards, the bots changing places, so that the luck
of the deal cancels out: in the partnership games (Tressette, Quatre Sept, Sixty-Six, Aluette)
twice, A's side against B's and then swapped; in the games where each plays for himself (La Vache,
Quadrille, whose alliances change every deal) A sits at each seat in turn against copies of B.
A deal's margin is A's mean score minus B's, in the game's own units; the interval is the normal
95 % interval of the mean margin over the deals.
"""
from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..games.traits import traits
from ..playout import steps
from ..rules import TrickGame
from ..state import State
from . import Player, get_player


@dataclass
class Tally:
    """What one duel has gathered so far."""

    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})


def seatings(rules: TrickGame) -> list[dict[str, str]]:
    """Which label ("A" or "B") sits at each seat, for each replay of a deal."""
    teams = [members for members in rules.sides.values() if members]
    if all(len(members) > 1 for members in teams) and len(teams) == 2:
        first, second = teams
        return [{**{s: "A" for s in first}, **{s: "B" for s in second}},
                {**{s: "B" for s in first}, **{s: "A" for s in second}}]
    return [{s: "A" if s == chosen else "B" for s in rules.seats} for chosen in rules.seats]


def play_hand(rules: TrickGame, dealer: str, deal_seed: int, seating: dict[str, str],
              players: dict[str, Player], tally: Tally) -> State:
    """One hand from the deal to the end (:func:`cardlab.playout.steps`), each seat's bot given
    its own view, the deal and any redeal shuffled by one stream seeded with ``deal_seed``; every
    action is checked by the rules (an illegal one raises)."""
    state: State = rules.initial(dealer)
    at_seats = {seat: players[label] for seat, label in seating.items()}
    for step in steps(rules, state, at_seats, chance=deal_seed, check=True):
        if step.seat is not None:
            tally.times[seating[step.seat]].append(step.seconds)
        state = step.after
    return state


def scores(rules: TrickGame, state: State, seating: dict[str, str]) -> tuple[float, float]:
    """A's and B's score for one hand: a side's score, or the mean of the seats a label holds."""
    result = rules.score(state)
    got: dict[str, list[Fraction]] = {"A": [], "B": []}
    for side, members in rules.sides.items():
        if not members:
            continue
        labels = {seating[s] for s in members}
        if len(labels) == 1:
            got[labels.pop()].append(Fraction(result.score.get(side, 0)))
    return float(sum(got["A"]) / len(got["A"])), float(sum(got["B"]) / len(got["B"]))


def duel(rules: TrickGame, bots: tuple[str, str], hands: int, seed: int = 0, **expert: Any) -> dict[str, Any]:
    """Play ``hands`` deals in duplicate (at least 2, for the interval) and return the ``duel``
    command's JSON object; ``expert`` settings (``samples``, ``budget``) go to an expert."""
    if hands < 2:
        raise ValueError("A duel needs at least 2 deals to give an interval for the margin.")
    return report(rules, bots, hands, seed, play_deals(rules, bots, deals(hands, seed), seed, **expert))


def deals(hands: int, seed: int) -> list[tuple[int, int]]:
    """The duel's deals as (number, deal seed): the same for every split of the work."""
    draw = random.Random(seed)
    return [(number, draw.randrange(2**32)) for number in range(hands)]


def play_deals(rules: TrickGame, bots: tuple[str, str], numbered: list[tuple[int, int]], seed: int = 0,
               **expert: Any) -> Tally:
    """Play the given deals in duplicate, each once per seating, and tally A's and B's scores."""
    players = {label: get_player(level, seed=seed, **expert) if level == "expert" else get_player(level)
               for label, level in zip("AB", bots)}
    tally = Tally()
    arrangements = seatings(rules)
    for number, deal_seed in numbered:
        dealer = rules.seats[number % len(rules.seats)]
        pair = [scores(rules, play_hand(rules, dealer, deal_seed, seating, players, tally), seating)
                for seating in arrangements]
        tally.a.append(statistics.fmean(a for a, _ in pair))
        tally.b.append(statistics.fmean(b for _, b in pair))
    return tally


def report(rules: TrickGame, bots: tuple[str, str], hands: int, seed: int, tally: Tally) -> dict[str, Any]:
    margins = [a - b for a, b in zip(tally.a, tally.b)]
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    return {"game": rules.key, "bots": list(bots), "hands": hands, "seed": seed,
            "score": {"A": round(statistics.fmean(tally.a), 4), "B": round(statistics.fmean(tally.b), 4)},
            "margin": round(mean, 4), "margin_ci95": [round(mean - half, 4), round(mean + half, 4)],
            "units": traits(rules).units,
            "move_ms": {label: percentiles(times) for label, times in tally.times.items()}}


def percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {"p50": 0.0, "p95": 0.0}
    ordered = sorted(times)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50": round(at(0.5) * 1000, 3), "p95": round(at(0.95) * 1000, 3)}
