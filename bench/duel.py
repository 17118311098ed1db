"""Strength of the computer players (issue 10): duplicate duels, beginner against club and club
against expert, in every game, with the 95 % interval of the margin and the time per decision.
Numbers to read, never asserted in tests.

    .venv/bin/python bench/duel.py --hands 200 [--pairs beginner,club club,expert] [--games tressette ...]
        [--expert-samples 200] [--expert-budget 0.15] [--seed 0] [--jobs 2] [--options '{"players": 5}']

The issue's target is 2 000 duplicate deals per pair with the interval above zero; the expert's
95th-percentile decision time should stay at or under 0.3 s.  ``--jobs`` splits the deals among
processes (the same deals and seatings as one process; with ``--expert-budget 0`` the very same
play).  On a shared machine run it short.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlab.games import GAMES, get_rules  # noqa: E402
from cardlab.players.duel import Tally, deals, play_deals, report  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=50, help="duplicate deals per game and pair")
    parser.add_argument("--pairs", nargs="+", default=["beginner,club", "club,expert"])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--expert-samples", type=int, default=200)
    parser.add_argument("--expert-budget", type=float, default=0.15, help="seconds; 0 for no time bound")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals")
    parser.add_argument("--options", type=json.loads, default={}, help="the games' options, as JSON")
    args = parser.parse_args()
    print(f"duels, {args.hands} duplicate deals each, options {args.options or 'none'}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} cores")
    print(f"{'game':12} {'A,B':16} {'margin':>8} {'95% interval':>20} {'units':12} "
          f"{'A p50/p95 ms':>16} {'B p50/p95 ms':>16} {'wall s':>7}")
    for game in args.games:
        for pair in args.pairs:
            bots = tuple(pair.split(","))
            began = time.perf_counter()
            answer = split_duel(game, args.options, bots, args.hands, args.seed, args.jobs,
                                samples=args.expert_samples, budget=args.expert_budget or None)
            low, high = answer["margin_ci95"]
            times = {k: f"{v['p50']:.1f}/{v['p95']:.1f}" for k, v in answer["move_ms"].items()}
            print(f"{game:12} {pair:16} {answer['margin']:8.3f} {f'[{low:.3f}, {high:.3f}]':>20} "
                  f"{answer['units']:12} {times['A']:>16} {times['B']:>16} {time.perf_counter() - began:7.1f}",
                  flush=True)


def split_duel(game: str, options: dict, bots: tuple[str, str], hands: int, seed: int, jobs: int,
               **expert) -> dict:
    """The duel of ``cardlab.players.duel.duel``, its deals dealt round among ``jobs`` processes."""
    numbered = deals(hands, seed)
    parts = [(game, options, bots, numbered[k::jobs], seed, expert) for k in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        tallies = pool.map(play_part, parts)
    merged = Tally()
    for tally in tallies:
        merged.a += tally.a
        merged.b += tally.b
        for label in merged.times:
            merged.times[label] += tally.times[label]
    return report(get_rules(game, **options), bots, hands, seed, merged)


def play_part(part: tuple) -> Tally:
    game, options, bots, numbered, seed, expert = part
    return play_deals(get_rules(game, **options), bots, numbered, seed, **expert)


if __name__ == "__main__":
    main()
