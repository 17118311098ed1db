#!/usr/bin/env bash
# Play the long seeded runs: the contract test (tests/test_contract.py) at its full counts, the same seeds
# from 0 up that every run once played (2 000 random hands of each game, 100 to 300 of each option set
# that changes play, 40 of each other option choice, up to 100 bot hands of each; tests/soak.py reads
# CARDLAB_SOAK=1 and gives the counts), with the refusal property test beside it (tests/test_properties.py,
# three hands of each variant, as in every run) and the generated quizzes (tests/test_quiz.py, a thousand of
# each game and kind). scripts/test.sh plays the same checks over fewer hands.
# Run it after a change to the rules or the bots, or before a release.   Usage: bash scripts/soak.sh [pytest args]
# The cases are spread over the machine's cores (pytest-xdist) and the run ends with its 15 slowest tests.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
CARDLAB_SOAK=1 exec .venv/bin/python -m pytest -n auto --maxprocesses=4 --dist load --durations=15 \
    tests/test_contract.py tests/test_properties.py tests/test_quiz.py "$@"
