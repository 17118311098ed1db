"""What the command line's commands share: one way to print an answer (one line of JSON on
standard output), one way to read the ``--options`` argument, and an argument parser that
answers ``--help`` in JSON and never prints or exits by itself."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Any


def emit(answer: dict[str, Any]) -> None:
    """Print the answer as one line of JSON.  Text that stdout cannot encode (a lone surrogate
    echoed from a file) is written as JSON escapes instead; a reader that stopped early
    (``| head``) gets no traceback."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(answer)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def emit_lines(lines: list[str]) -> None:
    """Print plain lines (the ``scenarios`` list), with no traceback for a reader that stopped early."""
    try:
        print("\n".join(lines), flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


QUOTED = re.compile(r"'([^']{30})[^']+'")
LONG_WORD = re.compile(r"([^\s']{30})[^\s']+")
MOST_USAGE_CHARS = 100


def usage_text(message: str) -> str:
    """An argparse complaint short enough for a sentence: a value it quotes, or any long word, cut
    to 30 characters (a 4,400-digit seed is not echoed back), the whole to 100."""
    message = LONG_WORD.sub(r"\1…", QUOTED.sub(lambda found: f"'{found.group(1)}…'", message))
    return message if len(message) <= MOST_USAGE_CHARS else message[:MOST_USAGE_CHARS] + "…"


MAX_OPTIONS_CHARS = 2000
OPTIONS_FORM = "--options takes a JSON object, such as '{\"declarations\": true}'."


def read_options(text: str) -> dict[str, Any]:
    """The game's options given on the command line as a JSON object; anything else raises
    ``ValueError`` with a sentence."""
    if len(text) > MAX_OPTIONS_CHARS:
        raise ValueError(f"--options is longer than {MAX_OPTIONS_CHARS} characters.")
    try:
        options = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(OPTIONS_FORM) from None
    if not isinstance(options, dict):
        raise ValueError(OPTIONS_FORM)
    return options


class UsageError(Exception):
    """A command line argparse cannot read; the text is argparse's complaint, cut short."""


class Answered(Exception):
    """``--help`` or ``--version`` was given: the answer is printed as JSON, not as argparse's text."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__(answer)
        self.answer = answer


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing: :class:`UsageError`, or :class:`Answered` for ``--help``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(usage_text(message))

    def print_help(self, file: object = None) -> None:
        raise Answered({"usage": " ".join(self.format_usage().removeprefix("usage:").split()),
                        "help": self.format_help()})
