#!/usr/bin/env bash
# Set up (if needed) and serve the cardlab app:  bash scripts/serve.sh
# The server prints the address it listens on ("serve: http://127.0.0.1:8866/ ...") once it does,
# then the teacher's link that opens card rooms ("serve: the teacher's link ...: .../cardlab/rooms?key=...";
# the key is CARDLAB_TEACHER_KEY, else the one kept in .cardlab/teacher_key, made at the first start).
#
# Every Voila setting is in voila.json at the repository root (read from the working
# directory); the test fixtures start this same command. Extra arguments are passed on,
# e.g.  bash scripts/serve.sh --port=8870   (another port)
#       bash scripts/serve.sh --Voila.ip=0.0.0.0   (the room's network)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh app
exec .venv/bin/python -m cardlab.widgets.server "$@"
