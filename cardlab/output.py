"""What the command line's commands share: one way to print an answer (one line of JSON on
standard output) and one way to read the ``--options`` argument."""
from __future__ import annotations

import json
import os
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
