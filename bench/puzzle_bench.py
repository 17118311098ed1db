"""Puzzles (issue 23): time to make one proved puzzle on demand, per game, and the shipped bank's
size per theme.  Numbers to read, not test assertions; the issue's goal is under 2 s a puzzle.

    .venv/bin/python bench/puzzle_bench.py [--seeds 5] [--games G,…] [--before DIR] [--themes]

For each seed, the deals of that seed are mined until the first puzzle: the time from the first
deal to it, median and worst over the seeds, both on demand (:func:`cardlab.puzzles.mine.mine`
with ``quick``, as the ``puzzle`` command mines) and as the bank is built (every position of a few
cards proved fully).  ``--before DIR`` times another source tree in the same run, one game after
the other, each in a fresh process: a tree holding ``cardlab/`` as it was, such as
``mkdir -p /tmp/before && git archive HEAD cardlab | tar -x -C /tmp/before``.
``--themes`` also times the real command, ``python -m cardlab puzzle GAME --theme T`` in a fresh
process (start-up included), for every theme the game's bank holds: the learner asking for a theme.
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def seconds_to_a_puzzle(game: str, seed: int, quick: bool) -> tuple[float, float]:
    """Seconds of the clock and of this process's CPU (what other jobs on the machine do not change)."""
    from cardlab.games import get_rules
    from cardlab.puzzles.mine import mine
    rules = get_rules(game)
    began, cpu = time.perf_counter(), time.process_time()
    for _, found in mine(rules, seed, quick=True) if quick else mine(rules, seed):
        if found:
            break
    return time.perf_counter() - began, time.process_time() - cpu


def measure(game: str, seeds: int) -> dict[str, Any]:
    """The times for the ``cardlab`` this process imports (the tree on its path)."""
    from cardlab.puzzles.mine import mine
    ways = {"on_demand": True, "as_built": False} if "quick" in inspect.signature(mine).parameters else {"as_built": False}
    report: dict[str, Any] = {}
    for way, quick in ways.items():
        clock, cpu = zip(*(seconds_to_a_puzzle(game, seed, quick) for seed in range(seeds)))
        report[way] = {"median": round(statistics.median(clock), 2), "worst": round(max(clock), 2),
                       "cpu_median": round(statistics.median(cpu), 2), "cpu_worst": round(max(cpu), 2)}
    return report


def in_tree(tree: Path, game: str, seeds: int) -> dict[str, Any]:
    """:func:`measure` run by a fresh Python with ``tree`` first on its path."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure", game, "--seeds", str(seeds)], check=True,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def command_seconds(game: str, theme: str) -> float:
    """Seconds of the clock for the ``puzzle`` command asked for ``theme``, in a fresh process."""
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardlab", "puzzle", game, "--theme", theme], check=True,
                   capture_output=True, cwd=HERE)
    return round(time.perf_counter() - began, 2)


def bank_by_theme(game: str) -> dict[str, int]:
    from cardlab.puzzles.bank import load_bank
    bank = load_bank(game)
    return dict(Counter(p["theme"] for p in bank["puzzles"]).most_common()) if bank else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--games", help="games to time, separated by commas (default all)")
    parser.add_argument("--before", type=Path, help="a source tree to time in the same run")
    parser.add_argument("--themes", action="store_true", help="time the command for every banked theme")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.seeds)))
        return
    from cardlab.games import GAMES
    for game in args.games.split(",") if args.games else GAMES:
        report: dict[str, Any] = {"seconds_to_a_puzzle": in_tree(HERE, game, args.seeds)}
        if args.before:
            report["before"] = in_tree(args.before.resolve(), game, args.seeds)
        themes = bank_by_theme(game)
        report["bank"] = sum(themes.values())
        report["bank_by_theme"] = themes
        if args.themes:
            report["command_seconds_by_theme"] = {theme: command_seconds(game, theme) for theme in themes}
        print(json.dumps({game: report}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    sys.path.append(str(HERE))  # after PYTHONPATH, which names the tree a measuring process times
    main()
