"""How much CPU the command line spends before it answers: ``python -m cardlab --version`` and
``--help`` next to ``python -c pass`` (the interpreter alone), in the same run.

Usage: ``python bench/cli_start.py [--runs N] [--tree PATH]``.  Each command runs N times, the
three taking turns so that the machine's load falls on all of them alike; the table gives the
CPU (user + system) of each run, its minimum and median.  CPU rather than wall time: a busy
machine delays a process more than it makes it work more.  ``--tree`` times another checkout
(the commit before a change, say) with this interpreter.  The aim: ``--version`` and ``--help``
within 0.1 s of CPU (issue 32), which they reach by loading no game (tests/test_import.py).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COMMANDS = {"python -m cardlab --version": ["-m", "cardlab", "--version"],
            "python -m cardlab --help": ["-m", "cardlab", "--help"],
            "python -c pass": ["-c", "pass"]}


def cpu_of(argv: list[str], tree: Path) -> float:
    """The CPU seconds (user + system) of one run of ``python ARGV`` in ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *argv], cwd=tree, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    parser.add_argument("--tree", type=Path, default=REPO, help="the checkout to time (default this one)")
    args = parser.parse_args()
    load = " ".join(f"{figure:.2f}" for figure in os.getloadavg())
    print(f"{args.tree}: {args.runs} runs of each command, load average {load} on {os.cpu_count()} cores")
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            times[name].append(cpu_of(argv, args.tree))
    print(f"{'command':<30} {'min CPU s':>10} {'median CPU s':>13}")
    for name, seconds in times.items():
        print(f"{name:<30} {min(seconds):>10.3f} {statistics.median(seconds):>13.3f}")


if __name__ == "__main__":
    main()
