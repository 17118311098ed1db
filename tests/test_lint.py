"""pyflakes over our Python: an unused import, an undefined name or a function defined twice
(as concurrent edits once left behind) fails the suite."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pyflakes_finds_nothing():
    paths = [str(ROOT / name) for name in ("cardlab", "widgets", "tests", "bench")]
    found = subprocess.run([sys.executable, "-m", "pyflakes", *paths], capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr
