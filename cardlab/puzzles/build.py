"""Build the puzzle bank: ``python -m cardlab.puzzles.build --seed 1 [--count 300] [--games G,…] [--retag]``.

For each game, deals of the seed are played by the club player and mined for proved puzzles
(:mod:`cardlab.puzzles.mine`) until the game's bank holds ``--count``, keeping of each theme only
the first quarter of ``--count`` (so that the most common themes, keep and lead the master, leave
room for the others: a bank built before that rule loses the later puzzles of those themes and
goes on mining); then, for a theme that
shuffled deals almost never give, deals of the seed dealt toward it (:mod:`cardlab.puzzles.toward`)
until the bank holds the puzzles of that theme it wants, added after the others.  The bank file is written
after every deal that added a puzzle and every few deals, with the number of deals mined, so a
build that is stopped goes on where it stopped when run again with the same seed (another seed
starts that game's bank afresh).  The same seed always gives the same bank.

``--retag`` mines nothing: it proves each banked position again, names its theme anew
(:func:`cardlab.puzzles.themes.theme`) and says its words again (:func:`cardlab.puzzles.mine.words`),
as a build from the seed would, after a theme is added or a sentence changed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from fractions import Fraction
from typing import Any

from ..games import GAMES, get_rules
from ..scenario import parse, run
from ..search import Solver
from .bank import FORMAT, bank_path
from .mine import answer_text, mine, to_json, words
from .themes import theme
from .toward import Toward, mine_toward, toward

SAVE_EVERY = 10  # deals between saves when none adds a puzzle
MOST_OF_A_THEME = Fraction(1, 4)  # of the puzzles a bank is built to hold, at most this share of one theme


def save(game: str, bank: dict[str, Any]) -> None:
    path = bank_path(game)
    path.parent.mkdir(exist_ok=True)
    partial = path.with_suffix(".json.part")
    partial.write_text(json.dumps(bank, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    os.replace(partial, path)


def started(game: str, seed: int) -> dict[str, Any]:
    """The bank built so far for this seed, or an empty one."""
    path = bank_path(game)
    if path.is_file():
        bank: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        if bank.get("format") == FORMAT and bank.get("seed") == seed:
            return bank
    return {"format": FORMAT, "game": game, "seed": seed, "deals": 0, "puzzles": []}


def most_of_a_theme(count: int) -> int:
    """How many puzzles of one theme a bank of ``count`` keeps: about a quarter of it."""
    return max(1, round(count * MOST_OF_A_THEME))


def within_the_share(puzzles: list[dict[str, Any]], most: int) -> list[dict[str, Any]]:
    """The puzzles but those of a theme after its first ``most``, in the order they were mined."""
    held: Counter[str] = Counter()
    kept = []
    for made in puzzles:
        held[made["theme"]] += 1
        if held[made["theme"]] <= most:
            kept.append(made)
    return kept


def shuffled_end(game: str, puzzles: list[dict[str, Any]]) -> int:
    """Where the puzzles of shuffled deals end: those of the deals dealt toward a theme follow them
    (each of a stream's theme, played with the stream's options)."""
    streams = [(stream.theme, dict(stream.options)) for stream in toward(game)]
    end = len(puzzles)
    while end and (puzzles[end - 1]["theme"], puzzles[end - 1]["scenario"].get("options", {})) in streams:
        end -= 1
    return end


def build(game: str, seed: int, count: int) -> dict[str, Any]:
    rules = get_rules(game)
    bank = started(game, seed)
    began = time.perf_counter()
    most = most_of_a_theme(count)
    bank["puzzles"] = within_the_share(bank["puzzles"], most)
    end = shuffled_end(game, bank["puzzles"])
    held = Counter(made["theme"] for made in bank["puzzles"])
    if end < count:
        for number, found in mine(rules, seed, first=bank["deals"]):
            for one in found:
                made = to_json(rules, one)
                if held[made["theme"]] < most:
                    bank["puzzles"].insert(end, made)
                    end += 1
                    held[made["theme"]] += 1
            bank["deals"] = number + 1
            if found or number % SAVE_EVERY == 0:
                save(game, bank)
                print(f"{game}: {end} puzzles from {bank['deals']} deals, "
                      f"{time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
            if end >= count:
                break
    for stream in toward(game):
        build_toward(stream, bank, began)
    save(game, bank)
    return bank


def build_toward(stream: Toward, bank: dict[str, Any], began: float) -> None:
    """Add to ``bank`` puzzles of the stream's theme from the seed's deals dealt toward it, until
    it holds as many as the stream wants."""
    rules = stream.rules
    mined = bank.setdefault("toward", {})
    have = sum(1 for made in bank["puzzles"] if made["theme"] == stream.theme)
    if have >= stream.wanted:
        return
    for number, found in mine_toward(stream, bank["seed"], first=mined.get(stream.theme, 0)):
        bank["puzzles"].extend(to_json(rules, one) for one in found)
        have += len(found)
        mined[stream.theme] = number + 1
        if found or number % SAVE_EVERY == 0:
            save(stream.game, bank)
            print(f"{stream.game}: {have} puzzles of {stream.theme!r} from {number + 1} deals dealt toward it, "
                  f"{time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
        if have >= stream.wanted:
            break


def retag(game: str) -> dict[str, Any]:
    """The game's bank with every puzzle's theme and words said again from a fresh proof of its position."""
    bank = started(game, json.loads(bank_path(game).read_text(encoding="utf-8"))["seed"])
    for made in bank["puzzles"]:
        hand = run(parse(made["scenario"])).hand
        assert hand is not None
        proof = Solver(hand.rules, made["seat"]).prove(hand.state)
        answer = next(action for action in proof.values if answer_text(action) == made["answer"])
        made["theme"] = theme(hand.rules, hand.state, proof, answer)
        said = words(hand.rules, hand.state, proof, answer)
        made.update(question=said["question"], explanation=said["explanation"])
        made["scenario"].update(title=said["title"], description=said["description"])
    save(game, bank)
    return bank


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.puzzles.build", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300, help="puzzles per game (default 300)")
    parser.add_argument("--games", default=",".join(GAMES), help="games to build, separated by commas")
    parser.add_argument("--retag", action="store_true",
                        help="name the banked puzzles' themes and say their words again, mining nothing")
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"{game!r} is not a game here: the games are {', '.join(GAMES)}.")
        bank = retag(game) if args.retag else build(game, args.seed, args.count)
        print(f"{game}: {len(bank['puzzles'])} puzzles from {bank['deals']} deals", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
