"""Command line: ``python -m cardlab replay FILE`` prints what a scenario comes to, as JSON.

Exit status 0 when every action was legal, 2 when an action was illegal or the file malformed
(the JSON still shows everything up to that point and the error sentence).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from .scenario import Outcome, ScenarioError, builtin, builtin_names, load, loads, report


def replay(path: str) -> int:
    try:
        if path == "-":
            scenario = loads(sys.stdin.read())
        elif path.startswith("builtin:"):
            scenario = builtin(path[len("builtin:"):])
        else:
            scenario = load(path)
    except ScenarioError as error:
        outcome = Outcome(None, None, None, str(error))
    else:
        from .scenario import run
        outcome = run(scenario)
    try:
        print(json.dumps(report(outcome), ensure_ascii=False), flush=True)
    except BrokenPipeError:  # the reader stopped early (``| head``): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 2 if outcome.error is not None else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab", description="cardlab command line")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a scenario file and print the outcome as JSON")
    replay_cmd.add_argument("file", help="scenario JSON file, '-' for standard input, or builtin:NAME")
    commands.add_parser("scenarios", help="list the teaching scenarios shipped with cardlab")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay(args.file)
    print("\n".join(builtin_names()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
