"""The command line at its edges (issue 20, item 15): every command answers in one short JSON
object -- ``--help`` and a missing command too --, never quotes more than a few dozen characters of
its input, ends quietly when the reader stops early, bounds the work a file or ``--hands`` can ask
for, and ``match.totals`` printed by ``replay`` pastes into the next scenario.  The commands run
in this process (:mod:`tests.cli`); ``--version`` and a closed pipe through a real one."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardlab.games import get_rules
from cardlab.scenario import MAX_ACTIONS, builtin
from tests.cli import ROOT, run

LONG = "9" * 4400  # more digits than Python converts to an int
MOST_ANSWER_CHARS = 300  # a sentence quoting a few dozen characters of the input, and the usage


def cardlab(*argv: str, stdin: str = "", process: bool = False) -> tuple[int, dict]:
    """The command's exit status and answer, run in this process unless ``process``."""
    ran = run(*argv, stdin=stdin, process=process)
    assert "Traceback" not in ran.err and ran.err == "", ran.err
    lines = ran.out.splitlines()
    assert len(lines) == 1, ran.out[:500]
    return ran.code, json.loads(lines[0])


def refused(*argv: str) -> str:
    code, answer = cardlab(*argv)
    assert code == 2 and set(answer) == {"error"}, answer
    sentence = answer["error"]
    assert sentence.endswith(".") and len(sentence) < MOST_ANSWER_CHARS, sentence
    return sentence


# ----- help, no command, version ------------------------------------------------------------
@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["replay", "--help"], ["duel", "-h"], ["hint", "--help"],
                                  ["quiz", "--help"], ["deal", "--help"], ["scenarios", "--help"]])
def test_help_is_one_json_object(argv):
    code, answer = cardlab(*argv)
    assert code == 0 and set(answer) == {"usage", "help"}
    assert answer["usage"].startswith("python -m cardlab") and "usage:" in answer["help"]


@pytest.mark.parametrize("argv", [[], ["bogus"], ["--bogus"], ["scenarios", "extra"]])
def test_no_command_or_an_unknown_one_is_a_sentence(argv):
    assert "python -m cardlab --help" in refused(*argv)


def test_version_is_the_distribution_version():
    from importlib.metadata import version
    assert cardlab("--version", process=True) == (0, {"version": version("cardlab")})


# ----- short sentences ----------------------------------------------------------------------
DUEL = ["duel", "tressette", "--bots", "club,club", "--hands", "2"]
X = "x" * 3000


@pytest.mark.parametrize("argv", [
    DUEL + ["--seed", LONG], DUEL + ["--seed", LONG[:4000]], DUEL + ["--hands", LONG], DUEL + ["--wrong", X],
    DUEL + ["--options", '{"declarations": "' + X[:1900] + '"}'], ["duel", X, "--bots", "club,club", "--hands", "2"],
    ["duel", "tressette", "--bots", X, "--hands", "2"], ["hint", "builtin:tressette-thirds", "--level", X],
    ["hint", X], [X], ["quiz", X, "--kind", "legal"], ["quiz", "tressette", "--kind", X],
    ["quiz", "tressette", "--kind", "legal", "--seed", LONG], ["quiz", "tressette", "--kind", "legal", "--seed", LONG[:4000]],
    ["quiz", "tressette", "--kind", "legal", "--level", LONG], ["deal", X], ["deal", "tressette", "--with", X],
    ["deal", "tressette", "--with", "napoletana", "--seat", X], ["deal", "tressette", "--with", "napoletana", X],
])
def test_a_long_argument_is_quoted_short(argv):
    sentence = refused(*argv)
    assert "x" * 40 not in sentence and "9" * 40 not in sentence


@pytest.mark.parametrize("argv", [DUEL, ["quiz", "tressette", "--kind", "legal"],
                                  ["deal", "tressette", "--with", "napoletana"]])
@pytest.mark.parametrize("options", ['{"key": 1}', '{"self": true}', '{"game": 1}', '{"target": 1000001}'])
def test_options_that_clash_with_python_names_are_refused_with_a_sentence(argv, options):
    sentence = refused(*argv, "--options", options)
    assert "Tressette" in sentence and "get_rules" not in sentence


def test_duel_hands_are_bounded_for_every_level():
    assert "from 2 to 2,000" in refused("duel", "tressette", "--bots", "club,beginner", "--hands", "2001")
    assert "from 2 to 100" in refused("duel", "tressette", "--bots", "club,expert", "--hands", "101")
    assert "from 2 to 100" in refused("duel", "tressette", "--bots", "expert,expert", "--hands", "100000")


# ----- a reader that stops early ------------------------------------------------------------
@pytest.mark.parametrize("argv", [["scenarios"], ["replay", "builtin:tressette-thirds"], ["--help"]])
def test_a_closed_pipe_ends_quietly(argv):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the command writes a byte (`| head -0`)
    try:
        proc = subprocess.run([sys.executable, "-m", "cardlab", *argv], cwd=ROOT, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert proc.stderr == "" and proc.returncode == 0


# ----- bounded work: the actions of one scenario --------------------------------------------
def redeal_cycle(actions: int) -> dict:
    """A legal Quatre Sept scenario of ``actions`` actions: E, dealt no 10, 9 or ace, demands a
    redeal and the same cards are dealt again, over and over."""
    rules = get_rules("quatre_sept", redeal_no_high_cards=True)
    deal = rules.deal("N", 29)
    assert not any(card.rank in ("10", "9", "A") for card in dict(deal.hands)["E"])
    cycle = ["E demands a redeal", str(deal)]
    return {"format": "cardlab.scenario/1", "game": "quatre_sept", "options": {"redeal_no_high_cards": True},
            "dealer": "N", "seed": 29, "actions": (cycle * actions)[:actions]}


def test_a_scenario_holds_a_bounded_number_of_actions():
    code, out = cardlab("replay", "-", stdin=json.dumps(redeal_cycle(MAX_ACTIONS)))
    assert code == 0 and out["error"] is None
    too_many = redeal_cycle(MAX_ACTIONS + 1)
    assert len(json.dumps(too_many)) < 1_000_000
    code, out = cardlab("replay", "-", stdin=json.dumps(too_many))
    assert code == 2 and out["error"]["action"] is None
    assert out["error"]["message"] == f"\"actions\" holds {MAX_ACTIONS + 1:,} actions; a scenario holds at most 2,000."


# ----- match.totals paste into the next scenario --------------------------------------------
def with_match(name: str, match: dict, **options) -> dict:
    data = builtin(name).to_json()
    data["options"] = {**data["options"], **options}
    data["match"] = match
    return data


SHEETS = [
    with_match("tressette-thirds", {"NS": 10**6, "EW": 0}),
    with_match("tressette-thirds", {"NS": 999_995, "EW": 999_990}),
    with_match("tressette-thirds", {"NS": 20, "EW": 20}),
    with_match("quatre_sept-politaine", {"NS": 10**6, "EW": 10**6 - 3}),
    with_match("sixty_six-65-65", {"NS": 6, "EW": 6, "carried": 100}),
    with_match("sixty_six-65-65", {"NS": 10**6, "EW": 3, "carried": 0}),
    with_match("quadrille-remise", {"N": 40, "E": 40, "S": 40, "W": 40, "pot": 8, "lost": 7}, doubling=True),
    with_match("quadrille-remise", {"N": 40, "E": 40, "S": 40, "W": 40, "pot": 8, "lost": 6, "deals": 6},
               doubling=True),
    with_match("quadrille-doubled-win", {"N": 40, "E": 40, "S": 40, "W": 40, "pot": 900000, "lost": 3, "deals": 3}),
    with_match("aluette-mordienne", {"NS": 2, "EW": 2, "hands": 4}),
    with_match("vache-tied-tricks", {"N": 0, "E": 0, "S": 0, "W": 0, "hands": 10**6}),
]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda sheet: f"{sheet['game']}-{sheet['match']}")
def test_printed_totals_paste_into_the_next_scenario(sheet):
    """Either the sheet is refused with a sentence, or the hand is replayed and -- unless it ended
    the match, which has no next hand -- its ``match.totals`` are accepted by the next scenario."""
    code, out = cardlab("replay", "-", stdin=json.dumps(sheet))
    if code == 2:
        assert out["error"]["action"] is None and out["error"]["message"].endswith(".")
        return
    assert code == 0 and out["over"] and out["match"] is not None
    if out["match"]["over"]:
        return
    code, following = cardlab("replay", "-", stdin=json.dumps({**sheet, "match": out["match"]["totals"]}))
    assert code == 0 and following["error"] is None, following["error"]


def test_a_won_match_is_refused_with_a_sentence_naming_the_winner():
    code, out = cardlab("replay", "-", stdin=json.dumps(with_match("tressette-thirds", {"NS": 21, "EW": 6})))
    assert code == 2
    assert out["error"]["message"] == ("The \"match\" is already over: NS has won it, 21 to 6. A new match "
                                       "starts with no \"match\".")
