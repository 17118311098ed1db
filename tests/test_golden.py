"""Golden playthroughs: SimpleBot plays seeded hands of each game (named by the file's prefix); the log, the tricks and the result
are compared with the text files in tests/golden, so a rules change shows up as a readable diff.

A missing golden file is a failure.  To write one after a deliberate rules change, regenerate it
with ``render`` below (e.g. ``python3 -c "import sys; sys.path[:0]=['.','tests']; import
test_golden as g; g.write_all()"``), read the diff, and commit it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlab import Hand, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.scenario import fraction_text

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [  # (file name, seed, options)
    ("tressette-seed-1.txt", 1, {}),
    ("tressette-seed-2.txt", 2, {}),
    ("tressette-seed-3.txt", 3, {"declarations": True}),
    ("sixty-six-seed-1.txt", 1, {}),
    ("sixty-six-seed-2.txt", 2, {"must_undertrump": True, "ten_of_trumps_bonus": True}),
    ("quatre-sept-seed-1.txt", 1, {}),
    ("quatre-sept-seed-11.txt", 11, {}),                      # a politaine won: +11
    ("quatre-sept-seed-2.txt", 2, {"politaine_announce": "before_first_lead", "low_lead_rule": True,
                                   "signals": True}),
    ("aluette-seed-1.txt", 1, {}),                              # all four sing, two discard
    ("aluette-seed-2.txt", 2, {"surrender": True, "chant_recipients": "partner_and_left"}),
    ("vache-seed-1.txt", 1, {}),
    ("vache-seed-2.txt", 2, {}),
    ("quadrille-seed-1.txt", 1, {}),                            # an alliance with a called king
    ("quadrille-seed-19.txt", 19, {}),                          # a solo lost by remise
    ("quadrille-seed-3.txt", 3, {"mediator": True, "vole_announced": True, "casco": True}),
]


def render(name: str, seed: int, options: dict) -> str:
    rules = get_rules(name.split("-seed-")[0].replace("-", "_"), **options)
    hand = Hand.dealt(rules, "N", seed)
    for action in play_out(rules, hand.state, SimpleBot()):
        hand = hand.then(action)                # checked: an illegal bot move raises
    state = hand.state
    assert state.over
    result = rules.score(state)
    lines = [f"# {rules.title}, seed {seed}, dealer N, options {json.dumps(options, sort_keys=True)}, SimpleBot",
             "", "## Log", hand.text(), "", "## Tricks"]
    for number, trick in enumerate(state.tricks, 1):
        plays = ", ".join(f"{seat} {card}" for seat, card in trick.plays)
        worth = fraction_text(rules.trick_points(trick))
        lines.append(f"{number:2}. {plays}  -> {trick.winner} ({rules.side_of(state, trick.winner)}, {worth})")
    if state.calls:
        lines += ["", "## Calls"] + [f"trick {n + 1}: {call}" for n, call in state.calls]
    lines += ["", "## Result"]
    for side in rules.sides:
        parts = ", ".join(f"{name} {fraction_text(value)}" for name, value in result.parts[side].items())
        lines.append(f"{side}: points {fraction_text(result.points[side])}, score {result.score[side]} ({parts})")
    lines.append(f"last trick: {result.last_trick}")
    return "\n".join(lines) + "\n"


def write_all() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, seed, options in CASES:
        (GOLDEN / name).write_text(render(name, seed, options), encoding="utf-8")


@pytest.mark.parametrize("name,seed,options", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name, seed, options):
    path = GOLDEN / name
    assert path.is_file(), f"golden file {path} is missing: regenerate it (see this module's docstring)"
    assert render(name, seed, options) == path.read_text(encoding="utf-8")
