"""Command line: ``python -m cardlab replay FILE`` prints what a scenario comes to, as JSON.

Exit status 0 when every action was legal, 2 when an action was illegal, the file malformed or the
command line wrong (the JSON still shows everything up to that point and the error sentence).
Whatever the input — a hostile file, a pipe, a device, bytes that are not UTF-8 — the answer is one
JSON object, never a traceback and never a wait on a file that does not end.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .scenario import MAX_BYTES, Outcome, Scenario, ScenarioError, builtin, builtin_names, load, loads, report, run

USAGE = ("Give the replay command one FILE: a scenario JSON file, - for standard input, or builtin:NAME "
         "(python -m cardlab scenarios lists the names).")


class UsageError(Exception):
    """A command line argparse cannot read; ``replay`` answers it in JSON like any other error."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def read(path: str) -> Scenario:
    if path == "-":
        try:
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        except OSError as error:
            raise ScenarioError(f"Cannot read standard input: {error.strerror or 'the system refused'}.") from None
        return loads(data, source="Standard input")
    if path.startswith("builtin:"):
        return builtin(path[len("builtin:"):])
    return load(path)


def emit(answer: dict[str, Any]) -> None:
    """Print the answer as one line of JSON.  Text that stdout cannot encode (a lone surrogate
    echoed from the file) is written as JSON escapes instead."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(answer)
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the reader stopped early (``| head``): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def replay(path: str) -> int:
    try:
        outcome = run(read(path))
    except ScenarioError as error:
        outcome = Outcome(None, None, None, str(error))
    emit(report(outcome))
    return 2 if outcome.error is not None else 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = Parser(prog="python -m cardlab", description="cardlab command line")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a scenario file and print the outcome as JSON")
    replay_cmd.add_argument("file", help="scenario JSON file, '-' for standard input, or builtin:NAME")
    commands.add_parser("scenarios", help="list the teaching scenarios shipped with cardlab")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        if argv[:1] == ["replay"]:
            emit(report(Outcome(None, None, None, USAGE)))
        else:
            parser.print_usage(sys.stderr)
            print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    if args.command == "replay":
        return replay(args.file)
    print("\n".join(builtin_names()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
