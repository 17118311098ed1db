#!/usr/bin/env bash
# Benchmarks (numbers to reach, not tests): bash bench/run.sh [voila_bench.py options]
#   1. sets up the test venv (scripts/setup.sh test: Voilà, Playwright, Debian's chromium)
#   1b. the command line's start (--version, --help) next to python -c pass
#   2. engine speed: random Tressette hands played and scored per second on one core, then
#      actions per second next to OpenSpiel's hearts (its first run creates .venv-openspiel/)
#   2b. a short duel of the computer players (bench/duel.py)
#   3. Voilà: page open, click round trip, kernel memory, each next to a bare one-button page
#   4. the coach's hint in the served app at each level, next to the bare page's click
#   5. a hand's review in the served app, every game (click on Review -> the review shown)
#   6. a class of 32 simulated learners in one card room, next to one table alone (move -> every seat)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
echo "== the command line's start"
.venv/bin/python bench/cli_start.py
echo "== engine speed ($(date -u +%FT%TZ), load avg $(cut -d' ' -f1-3 /proc/loadavg))"
.venv/bin/python bench/engine_speed.py tressette 3
.venv/bin/python bench/openspiel_speed.py --rounds 3
echo "== computer players: beginner against club, 50 duplicate deals a game (bench/duel.py for club against expert)"
.venv/bin/python bench/duel.py --hands 50 --pairs beginner,club
echo "== Voilà"
.venv/bin/python bench/voila_bench.py "$@"
echo "== the coach's hint"
.venv/bin/python bench/hint_bench.py
echo "== the review of a hand"
.venv/bin/python bench/review_bench.py
echo "== a card room: 8 tables of simulated learners next to one table alone"
.venv/bin/python bench/room_bench.py
