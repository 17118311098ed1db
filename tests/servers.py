"""Servers started for the tests as users start them; free ports; where artifacts go."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO / "test-artifacts"
LOOPBACK = "127.0.0.1"
TEACHER_KEY = "test-teachers-key-Zq8v"
"""The teacher's key of every server the tests start (``CARDLAB_TEACHER_KEY``, unless a test gives its own
``env``): opening a room needs it (``/cardlab/rooms?key=…``)."""
SCREENSHOTS = os.environ.get("CARDLAB_SCREENSHOTS") == "1"
"""Set by ``bash scripts/screenshots.sh``: the browser tests then leave their pictures for people to look at."""


def shot(target: Any, name: str, **options: Any) -> None:
    """A picture of a page or a locator for people to look at, ``test-artifacts/<name>.png``: taken by
    ``bash scripts/screenshots.sh`` (the review set), not by the test run, where only a failing test's
    page is kept (``tests/browser/conftest.py``)."""
    if SCREENSHOTS:
        ARTIFACTS.mkdir(exist_ok=True)
        target.screenshot(path=str(ARTIFACTS / f"{name}.png"), **options)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen | None = None, timeout: float = 60.0,
                  log: Path | None = None) -> None:
    """Poll ``url`` until it answers with any HTTP status below 500 (fail if ``proc`` dies)."""
    deadline = time.monotonic() + timeout
    last: object = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            pytest.fail(f"server exited with {proc.returncode} before answering {url}\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                if resp.status < 500:
                    return
        except urllib.error.HTTPError as e:
            if e.code < 500:
                return
            last = e
        except OSError as e:
            last = e
        time.sleep(0.1)
    pytest.fail(f"{url} did not answer within {timeout:.0f} s (last error: {last})")


class Server:
    """A server process started for the tests, with its log file, stopped by SIGTERM."""

    def __init__(self, name: str, argv: list[str], url: str, ready_path: str = "/",
                 env: dict[str, str] | None = None, cwd: Path = REPO, timeout: float = 90.0):
        ARTIFACTS.mkdir(exist_ok=True)
        self.name, self.url = name, url
        worker = os.environ.get("PYTEST_XDIST_WORKER")  # two workers each run their own servers
        self.log = ARTIFACTS / (f"{name}.{worker}.log" if worker else f"{name}.log")
        self._log_fh = open(self.log, "w")
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            argv, cwd=cwd, env={**os.environ, "CARDLAB_TEACHER_KEY": TEACHER_KEY, **(env or {})},
            stdout=self._log_fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,  # its kernels are its children; we signal only our own
        )
        wait_for_http(url + ready_path, self.proc, timeout, self.log)
        self.start_seconds = time.monotonic() - t0

    def stop(self, timeout: float = 20.0) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # Voila / Jupyter shut their kernels down
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self._log_fh.close()


def voila_command(port: int) -> list[str]:
    """The command scripts/serve.sh execs (from the repo root), on another port."""
    return [sys.executable, "-m", "cardlab.widgets.server", f"--port={port}"]


def landing_title(notebook: Path = REPO / "notebooks" / "index.ipynb") -> str:
    """Text of the first ``# heading`` in the landing notebook's markdown (what the page shows)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for line in src.splitlines():
            m = re.match(r"#\s+(.+?)\s*#*\s*$", line)
            if m:
                return re.sub(r"[*_`]", "", m.group(1)).strip()
    raise AssertionError(f"{notebook} has no '# title' in its markdown")


VISITOR_META = re.compile(r'<meta name="cardlab-visitor" content="([^"]+)">')


def browser_cookie(page_url: str) -> str:
    """The visitor cookie a browser gets at ``page_url`` (a lesson page): what the opening page's script
    sets (``widgets/server.py``), for a request that must be served as a browser's (a ``Cookie`` header)."""
    with urllib.request.urlopen(page_url, timeout=60) as resp:
        found = VISITOR_META.search(resp.read().decode("utf-8"))
    assert found, f"{page_url} sent no opening page"
    return html.unescape(found.group(1)).split(";", 1)[0]


def lesson_page(page_url: str, cookie: str | None = None, timeout: float = 180) -> tuple[int, dict, str]:
    """A lesson page as a browser that ran the opening page's script loads it (``cookie``: that browser's
    visitor cookie, a new browser's when None): its status, headers and HTML."""
    request = urllib.request.Request(page_url, headers={"Cookie": cookie or browser_cookie(page_url)})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            return resp.status, dict(resp.headers), resp.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode("utf-8")
