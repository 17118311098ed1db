#!/usr/bin/env bash
# Set up (if needed) and run every test: engine, widgets, notebooks, the served app in a real Chromium,
# JupyterLab, rooms, a Binder-like clean install and the static site.   Usage: bash scripts/test.sh [pytest args]
# The tests are spread over the machine's cores (pytest-xdist; each file on one worker, so a file's servers
# and executed notebooks are made once; the files marked slow are handed out first: tests/conftest.py), and
# the run ends with its 15 slowest tests and the total time.
# pytest's own settings (test paths, markers) are in pyproject.toml. README.md ("Tests and benchmarks")
# says where each kind of check lives; scripts/soak.sh plays the long seeded runs, scripts/screenshots.sh
# leaves the browser tests' pictures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
mkdir -p test-artifacts
# the type check of the engine and the views (its settings: [tool.mypy] in pyproject.toml); an error fails the run
.venv/bin/python -m mypy
set +e
.venv/bin/python -m pytest -n auto --maxprocesses=4 --dist loadfile --no-loadscope-reorder --durations=15 "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
    echo "test: pytest collected no tests: that is a failure" >&2
fi
exit "$rc"
