"""The engine's random-play rate next to OpenSpiel's C++ hearts, measured side by side (issue 10).

    .venv/bin/python bench/openspiel_speed.py [--rounds 3] [--seconds 3] [--core N]

Both sides are timed in the same run, alternating, each round on the same single core (the
process is pinned to it and the OpenSpiel child inherits the pin), in CPU seconds of the process
(``time.process_time``), so time spent waiting for a core shared with other work is left out:

* **cardlab** — the contract-test workload: random Tressette hands dealt from a seed
  (``Hand.dealt``), every card chosen by ``RandomBot`` and applied, the hand scored.  Every
  applied action counts, the deal included (41 a hand).
* **OpenSpiel** — ``hearts`` through ``pyspiel``: a uniform choice among ``legal_actions()`` at
  every node, chance nodes included (the pass direction and each of the 52 dealt cards, all
  uniform in hearts), ``apply_action``, ``returns()`` at the end.  Every applied action counts.

``--checked`` adds a third number: cardlab stepping as the contract test does (each choice made
from the seat's view, each action checked before it applies), for reference.

OpenSpiel is not a dependency of cardlab: the first run creates ``.venv-openspiel/`` beside
``.venv/`` (``python -m venv`` + ``pip install open_spiel``; PyPI has wheels for CPython 3.11 on
x86-64 Linux) and later runs reuse it.  The issue's target: the ratio at least 0.25.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import get_rules  # noqa: E402
from cardlab.bots import RandomBot  # noqa: E402
from cardlab.record import Hand  # noqa: E402

VENV = ROOT / ".venv-openspiel"
OPENSPIEL_PIN = "open_spiel==2.0.2"

# Run by the OpenSpiel venv's python: random hearts for argv[1] seconds, prints "actions seconds".
HEARTS = """
import random, sys, time
import pyspiel
game = pyspiel.load_game("hearts")
rng = random.Random(0)
choice = rng.choice
seconds = float(sys.argv[1])
actions, start = 0, time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
        actions += 1
    state.returns()
print(actions, time.process_time() - start)
"""


def ensure_openspiel() -> Path:
    """The OpenSpiel venv's python, creating the venv first if it is missing."""
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV.name}/ with {OPENSPIEL_PIN} (once)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", OPENSPIEL_PIN], check=True)
    return python


def cardlab_rate(seconds: float, checked: bool = False) -> float:
    """Actions per second of random Tressette play, the deal counted as one action; ``checked``:
    as the contract test steps, the bot given the seat's view and every action checked."""
    rules = get_rules("tressette")
    actions, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        hand = Hand.dealt(rules, "N", seed)
        state, bot = hand.state, RandomBot(seed)
        actions += 1
        while not state.over:
            if checked:
                state = rules.apply(state, bot.choose(rules, rules.view(state, state.to_act)))
            else:
                state = rules.apply(state, bot.choose(rules, state), check=False)
            actions += 1
        rules.score(state)
        seed += 1
    return actions / (time.process_time() - start)


def openspiel_rate(python: Path, seconds: float) -> float:
    done = subprocess.run([str(python), "-c", HEARTS, str(seconds)], check=True,
                          capture_output=True, text=True)
    actions, elapsed = done.stdout.split()
    return int(actions) / float(elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the two measurements")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each measurement")
    parser.add_argument("--core", type=int, default=0, help="the CPU both sides are pinned to")
    parser.add_argument("--checked", action="store_true",
                        help="also time cardlab with views and every action checked (not the target's workload)")
    args = parser.parse_args()
    python = ensure_openspiel()
    os.sched_setaffinity(0, {args.core})
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, both pinned to core {args.core}")
    ours, theirs = [], []
    for number in range(1, args.rounds + 1):
        ours.append(cardlab_rate(args.seconds))
        theirs.append(openspiel_rate(python, args.seconds))
        print(f"round {number}: cardlab tressette {ours[-1]:9.0f} actions/s   "
              f"openspiel hearts {theirs[-1]:9.0f} actions/s   ratio {ours[-1] / theirs[-1]:.3f}", flush=True)
        if args.checked:
            print(f"         cardlab with views, every action checked {cardlab_rate(args.seconds, True):9.0f} "
                  "actions/s", flush=True)
    ratios = sorted(mine / other for mine, other in zip(ours, theirs))
    print(f"best of {args.rounds}: cardlab {max(ours):.0f}, openspiel {max(theirs):.0f} actions/s; "
          f"ratio of the best {max(ours) / max(theirs):.3f}, median ratio of a round "
          f"{ratios[len(ratios) // 2]:.3f} (target >= 0.25)")


if __name__ == "__main__":
    main()
