"""Puzzles (issue 23): time to make one proved puzzle on demand, per game, and the shipped bank's
size per theme.  Numbers to read, not test assertions; the issue's goal is under 2 s a puzzle.

    .venv/bin/python bench/puzzle_bench.py [--seeds 5]

For each seed, the deals of that seed are mined (:func:`cardlab.puzzles.mine.mine`: club play, every
position with a few cards left searched exhaustively) until the first puzzle: the time from the
first deal to it, median and worst over the seeds.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cardlab.games import GAMES, get_rules  # noqa: E402
from cardlab.puzzles.bank import load_bank  # noqa: E402
from cardlab.puzzles.mine import mine  # noqa: E402


def seconds_to_a_puzzle(game: str, seed: int) -> float:
    rules = get_rules(game)
    began = time.perf_counter()
    for _, found in mine(rules, seed):
        if found:
            break
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    report = {}
    for game in GAMES:
        times = [seconds_to_a_puzzle(game, seed) for seed in range(args.seeds)]
        bank = load_bank(game)
        report[game] = {"seconds_to_a_puzzle": {"median": round(statistics.median(times), 2),
                                                "worst": round(max(times), 2)},
                        "bank": len(bank["puzzles"]) if bank else 0,
                        "bank_by_theme": dict(Counter(p["theme"] for p in bank["puzzles"]).most_common())
                        if bank else {}}
        print(json.dumps({game: report[game]}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
