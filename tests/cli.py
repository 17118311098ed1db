"""Run the command line as ``python -m cardlab ARGV`` does, in this process or in a real one.

A process start costs about half a CPU-second, most of it loading the games once more; most tests
call :func:`cardlab.__main__.main` here instead, the very code the command runs, with standard
input, output and error swapped for files in memory (UTF-8, as a process's pipes are here) and
put back afterwards.  The language is no leftover: ``main`` speaks ``--lang`` inside
:func:`cardlab.i18n.speaking`.  ``process=True`` runs the real command, for what only a process
shows: the exit status the shell sees, a stderr with no traceback, a real pipe on standard input.
"""
from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from cardlab.__main__ import main

ROOT = Path(__file__).resolve().parents[1]


class Ran(NamedTuple):
    code: int
    out: str
    err: str


def run(*argv: str, stdin: str | bytes = b"", process: bool = False, timeout: float = 120) -> Ran:
    """The exit status, standard output and standard error of ``python -m cardlab ARGV`` given
    ``stdin`` on its standard input."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    if process:
        done = subprocess.run([sys.executable, "-m", "cardlab", *argv], cwd=ROOT, input=data, capture_output=True,
                              timeout=timeout)
        return Ran(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))
    out = io.BytesIO()
    stdout, stderr = io.TextIOWrapper(out, encoding="utf-8", write_through=True), io.StringIO()
    given = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(list(argv))
    finally:
        sys.stdin = given
    return Ran(code, out.getvalue().decode("utf-8"), stderr.getvalue())
