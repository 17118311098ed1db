"""The engine's random-play rate next to OpenSpiel's C++ hearts, measured side by side (issue 10).

    .venv/bin/python bench/openspiel_speed.py [--rounds 3] [--seconds 3] [--core N] [--checked]

Both sides are timed in the same run, alternating, each round on the same single core (the
process is pinned to it and the OpenSpiel child inherits the pin), in CPU seconds of the process
(``time.process_time``), so time spent waiting for a core shared with other work is left out:

* **cardlab** — the contract-test workload: random Tressette hands dealt from a seed
  (``Hand.dealt``), every card chosen by ``RandomBot`` and applied, the hand scored.  Every
  applied action counts, the deal included (41 a hand).
* **OpenSpiel** — ``hearts`` through ``pyspiel``: a uniform choice among ``legal_actions()`` at
  every node, chance nodes included (the pass direction and each of the 52 dealt cards, all
  uniform in hearts), ``apply_action``, ``returns()`` at the end.  Every applied action counts.

Each round also prints the rates of the players' own actions alone, the deal left out (cardlab
deals in one action, hearts in 52 cheap chance actions plus the pass direction).
``--checked`` adds a third number: cardlab stepping as the contract test does (each choice made
from the seat's view, each action checked before it applies), for reference.

OpenSpiel is not a dependency of cardlab: the first run creates ``.venv-openspiel/`` beside
``.venv/`` (``python -m venv`` + ``pip install open_spiel``; PyPI has wheels for CPython 3.11 on
x86-64 Linux) and later runs reuse it.  Issue 10 asks for a ratio of at least 0.25 in "actions per
second" without saying how a deal counts, so both countings are printed: hearts' 52 dealt cards
weigh heavily in the first (they are cheap actions cardlab has no counterpart of), not in the second.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import get_rules  # noqa: E402
from cardlab.bots import RandomBot  # noqa: E402
from cardlab.record import Hand  # noqa: E402

VENV = ROOT / ".venv-openspiel"
OPENSPIEL_PIN = "open_spiel==2.0.2"

# Run by the OpenSpiel venv's python: random hearts for argv[1] seconds; prints the actions, the
# games and the seconds, then the chance actions of each of 20 untimed games (counted apart, so
# that the timed loop asks nothing more than play needs).
HEARTS = """
import random, sys, time
import pyspiel
game = pyspiel.load_game("hearts")
rng = random.Random(0)
choice = rng.choice
seconds = float(sys.argv[1])
actions, games, start = 0, 0, time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
        actions += 1
    state.returns()
    games += 1
print(actions, games, time.process_time() - start)
for _ in range(20):
    state, chance = game.new_initial_state(), 0
    while not state.is_terminal():
        chance += state.is_chance_node()
        state.apply_action(choice(state.legal_actions()))
    print(chance)
"""


@dataclass(frozen=True)
class Rate:
    """Applied actions per CPU second, and the same for the players' own actions alone (the
    deal left out: one action in cardlab, 53 chance actions in OpenSpiel's hearts)."""

    actions: float
    decisions: float


def ensure_openspiel() -> Path:
    """The OpenSpiel venv's python, creating the venv first if it is missing."""
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV.name}/ with {OPENSPIEL_PIN} (once)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", OPENSPIEL_PIN], check=True)
    return python


def cardlab_rate(seconds: float, checked: bool = False) -> Rate:
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
    elapsed = time.process_time() - start
    return Rate(actions / elapsed, (actions - seed) / elapsed)


def openspiel_rate(python: Path, seconds: float) -> Rate:
    done = subprocess.run([str(python), "-c", HEARTS, str(seconds)], check=True,
                          capture_output=True, text=True)
    lines = done.stdout.split("\n")
    actions, games, elapsed = lines[0].split()
    chance = [int(line) for line in lines[1:] if line]
    if min(chance) != max(chance):
        raise SystemExit(f"hearts games had {min(chance)} to {max(chance)} chance actions: decisions not counted")
    return Rate(int(actions) / float(elapsed), (int(actions) - int(games) * chance[0]) / float(elapsed))


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
    ours: list[Rate] = []
    theirs: list[Rate] = []
    for number in range(1, args.rounds + 1):
        ours.append(cardlab_rate(args.seconds))
        theirs.append(openspiel_rate(python, args.seconds))
        mine, other = ours[-1], theirs[-1]
        print(f"round {number}: cardlab tressette {mine.actions:9.0f} actions/s   openspiel hearts "
              f"{other.actions:9.0f} actions/s   ratio {mine.actions / other.actions:.3f}   (players' actions "
              f"alone: {mine.decisions:.0f} and {other.decisions:.0f}/s, ratio {mine.decisions / other.decisions:.3f})",
              flush=True)
        if args.checked:
            print(f"         cardlab with views, every action checked {cardlab_rate(args.seconds, True).actions:9.0f} "
                  "actions/s", flush=True)
    for label, field in (("actions", "actions"), ("players' actions alone", "decisions")):
        mine = [getattr(rate, field) for rate in ours]
        other = [getattr(rate, field) for rate in theirs]
        ratios = sorted(a / b for a, b in zip(mine, other))
        print(f"{label}, best of {args.rounds}: cardlab {max(mine):.0f}/s, openspiel {max(other):.0f}/s; ratio of "
              f"the best {max(mine) / max(other):.3f}, median ratio of a round {ratios[len(ratios) // 2]:.3f}")
    print("issue 10 asks for a ratio of at least 0.25; it does not say how a deal counts, hence both lines")


if __name__ == "__main__":
    main()
