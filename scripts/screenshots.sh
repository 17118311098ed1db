#!/usr/bin/env bash
# The pictures for a review: run the browser tests (or the ones named, as pytest arguments) with every
# test leaving its screenshots in test-artifacts/ (the plain test run keeps only a failing test's page).
#   Usage: bash scripts/screenshots.sh [pytest args]     e.g. bash scripts/screenshots.sh tests/browser/test_layout.py
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
mkdir -p test-artifacts
if [ "$#" -eq 0 ]; then set -- tests/browser; fi
CARDLAB_SCREENSHOTS=1 exec .venv/bin/python -m pytest "$@"
