"""The one way the command line prints an answer: one line of JSON on standard output."""
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
