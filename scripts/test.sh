#!/usr/bin/env bash
# Set up (if needed) and run every test: engine, widgets, notebooks (nbval), the served app in
# a real Chromium, JupyterLab, and a Binder-like clean install.   Usage: bash scripts/test.sh [pytest args]
# pytest's own settings (test paths, nbval flags, markers) are in pyproject.toml.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
mkdir -p test-artifacts
# the type check of the engine and the views (its settings: [tool.mypy] in pyproject.toml); an error fails the run
.venv/bin/python -m mypy
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
    echo "test: pytest collected no tests: that is a failure" >&2
fi
exit "$rc"
