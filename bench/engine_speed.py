"""How many random hands the engine plays and scores per second on one core.

Usage: ``python bench/engine_speed.py [GAME] [SECONDS]``.  Prints hands per second for random
play (the contract-test workload) and for the SimpleBot the table uses.  The same random play next
to OpenSpiel's hearts, in actions per second: ``bench/openspiel_speed.py``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import get_rules  # noqa: E402
from cardlab.bots import RandomBot, SimpleBot  # noqa: E402
from cardlab.record import Hand  # noqa: E402


def hands_per_second(game: str, seconds: float, bot_kind: str) -> float:
    rules = get_rules(game)
    hands, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = Hand.dealt(rules, "N", seed).state
        bot = RandomBot(seed) if bot_kind == "random" else SimpleBot()
        while not state.over:
            seen = state if bot_kind == "random" else rules.view(state, state.to_act)
            state = rules.apply(state, bot.choose(rules, seen), check=False)
        rules.score(state)
        hands, seed = hands + 1, seed + 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="tressette", help="the game's key (default tressette)")
    parser.add_argument("seconds", nargs="?", type=float, default=3.0, help="length of each measurement")
    args = parser.parse_args()
    for kind in ("random", "simple"):
        rate = hands_per_second(args.game, args.seconds, kind)
        print(f"{args.game}: {rate:8.0f} hands/s played and scored ({kind} bots, one core; target ≥ 1000 for random)")


if __name__ == "__main__":
    main()
