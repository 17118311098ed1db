"""How many seeded hands the long random-play tests play: a few in every run, every one in a soak.

``bash scripts/test.sh`` plays the first seeds of each case plus a few later ones chosen because they
reach a rule the first seeds miss (a mordienne, a vole, ...), so every run still meets every rule the
full count meets.  ``bash scripts/soak.sh`` sets ``CARDLAB_SOAK=1`` and plays every seed from 0 up to the
full count, for a change to the rules or before a release: more deals, the same checks.
"""
from __future__ import annotations

import os

SOAK = os.environ.get("CARDLAB_SOAK", "") not in ("", "0")


def seeds(every_run: int, soak: int, rare: tuple[int, ...] = ()) -> list[int]:
    """The seeds to play: ``0 .. soak - 1`` in a soak, else ``0 .. every_run - 1`` and the ``rare`` ones
    (each reaching a rule no earlier seed reaches, so they lie between the two counts)."""
    if not all(every_run <= seed < soak for seed in rare):
        raise ValueError(f"rare seeds {rare} are not between {every_run} and {soak}")
    if SOAK:
        return list(range(soak))
    return [*range(every_run), *rare]
