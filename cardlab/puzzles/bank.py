"""The puzzles shipped with the package: one JSON file per game in ``bank/``, written by
:mod:`cardlab.puzzles.build`, and the choice of one of them for a theme, a seed and a rating.

A bank file is ``{"format": "cardlab.puzzles/1", "game", "seed", "deals", "puzzles": [...]}``:
the mining seed, how many deals of it have been mined (so a build goes on where it stopped), and
the puzzles, each the object the ``puzzle`` command prints; a bank that also holds puzzles mined
from deals dealt toward a rare theme (:mod:`cardlab.puzzles.toward`), after the others, says how
many of those deals were mined in ``"toward": {theme: deals}``.  No theme holds more than about a
quarter of a bank built since issue 35 (:func:`cardlab.puzzles.build.most_of_a_theme`).  A puzzle exercises the concepts its
game declares for its theme (:func:`puzzle_concepts`, from :mod:`cardlab.games.concepts`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from ..games import folder
from ..games.concepts import theme_concepts

FORMAT = "cardlab.puzzles/1"
CLOSEST = 20  # with a rating asked for, the choice is among the puzzles rated closest to it


def bank_path(game: str) -> Path:
    """Where the build writes a game's bank (in the source tree)."""
    return Path(__file__).parent.parent / "games" / game / "puzzles.json"


def load_bank(game: str) -> dict[str, Any] | None:
    """A game's bank as shipped, or None when there is none."""
    path = folder(game) / "puzzles.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def bank_puzzles(game: str) -> list[dict[str, Any]]:
    bank = load_bank(game)
    return list(bank["puzzles"]) if bank else []


def puzzle_concepts(puzzle: Mapping[str, Any]) -> tuple[str, ...]:
    """The concepts a bank puzzle exercises: those its game declares for its theme."""
    return theme_concepts(puzzle["game"], puzzle["theme"])


def choose(puzzles: list[dict[str, Any]], theme: str | None, seed: int, rating: int | None) -> dict[str, Any] | None:
    """One puzzle of the theme (any, without one), the seed choosing among those rated closest
    to ``rating`` (among all, without one); None when none has the theme."""
    kept = [puzzle for puzzle in puzzles if theme is None or puzzle["theme"] == theme]
    if not kept:
        return None
    if rating is not None:
        kept = sorted(kept, key=lambda puzzle: abs(puzzle["rating"] - rating))[:CLOSEST]
    return kept[seed % len(kept)]
