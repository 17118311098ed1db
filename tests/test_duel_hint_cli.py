"""``python -m cardlab duel`` and ``python -m cardlab hint``: one JSON object, exit 2 and a sentence
for bad input, never a traceback.  Duels here are short: they check the shape and that play is
legal, never strength (that is bench/duel.py's)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cardlab.actions import parse_action
from cardlab.games import GAMES, get_rules
from cardlab.players.duel import duel, seatings
from cardlab.scenario import builtin, run
from tests import cli as command

DUEL_KEYS = {"game", "bots", "hands", "seed", "score", "margin", "margin_ci95", "units", "move_ms"}


def cli(*argv: str) -> tuple[int, dict]:
    ran = command.run(*argv)
    out = ran.out.strip().splitlines()
    assert len(out) == 1, out
    return ran.code, json.loads(out[0])


def check_duel(answer: dict, game: str, bots: list[str], hands: int) -> None:
    assert set(answer) == DUEL_KEYS
    assert answer["game"] == game and answer["bots"] == bots and answer["hands"] == hands
    assert set(answer["score"]) == {"A", "B"} and set(answer["move_ms"]) == {"A", "B"}
    assert answer["margin"] == pytest.approx(answer["score"]["A"] - answer["score"]["B"], abs=1e-3)
    low, high = answer["margin_ci95"]
    assert low <= answer["margin"] <= high
    assert isinstance(answer["units"], str) and answer["units"]
    for times in answer["move_ms"].values():
        assert set(times) == {"p50", "p95"} and 0 <= times["p50"] <= times["p95"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_short_duel_plays_legally_and_answers_in_shape(game):
    # duel() applies every action through the rules with checking on: an illegal one would raise
    answer = duel(get_rules(game), ("beginner", "club"), 2, seed=3)
    check_duel(answer, game, ["beginner", "club"], 2)


def test_duplicate_seating_swaps_sides_or_rotates_the_seat():
    assert seatings(get_rules("tressette")) == [{"N": "A", "S": "A", "E": "B", "W": "B"},
                                                {"N": "B", "S": "B", "E": "A", "W": "A"}]
    rotations = seatings(get_rules("quadrille", players=5))
    assert len(rotations) == 5 and all(list(s.values()).count("A") == 1 for s in rotations)
    assert {next(seat for seat, label in s.items() if label == "A") for s in rotations} == set(get_rules(
        "quadrille", players=5).seats)


def test_the_same_bots_on_both_sides_give_a_zero_margin():
    answer = duel(get_rules("sixty_six"), ("club", "club"), 3, seed=1)
    assert answer["margin"] == 0 and answer["margin_ci95"] == [0, 0]


def test_duel_command_with_options():
    code, answer = cli("duel", "tressette", "--bots", "beginner,club", "--hands", "2", "--seed", "4",
                       "--options", '{"declarations": true, "signals": true}')
    assert code == 0
    check_duel(answer, "tressette", ["beginner", "club"], 2)
    assert answer["units"] == "points" and answer["seed"] == 4


@pytest.mark.parametrize("game,options", [("quatre_sept", {}), ("vache", {"players": 3})])
def test_a_duel_with_the_expert(game, options):
    answer = duel(get_rules(game, **options), ("expert", "club"), 2, seed=2, samples=2, budget=None)
    check_duel(answer, game, ["expert", "club"], 2)


def test_duel_runs_as_a_module_without_a_traceback():
    ran = command.run("duel", "vache", "--bots", "beginner,club", "--hands", "2", "--options", '{"players": 3}',
                      process=True)
    assert ran.code == 0 and "Traceback" not in ran.err
    check_duel(json.loads(ran.out), "vache", ["beginner", "club"], 2)


@pytest.mark.parametrize("argv,words", [
    (["duel", "whist", "--bots", "club,club", "--hands", "2"], "is not a game here"),
    (["duel", "tressette", "--bots", "club", "--hands", "2"], "two levels separated by a comma"),
    (["duel", "tressette", "--bots", "club,master", "--hands", "2"], "the levels are beginner, club, expert"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "1"], "at least 2 deals"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "-5"], "at least 2 deals"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "two"], "--hands: invalid int value"),
    (["duel", "tressette", "--bots", "club,club"], "required: --hands"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--seed", "-1"], "--seed must be"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--options", "{"], "takes a JSON object"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--options", "[1]"], "takes a JSON object"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--options", '{"trumps": 1}'],
     "Tressette has no option 'trumps'"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--options", '{"declarations": 3}'],
     "is not a choice"),
    (["duel", "tressette", "--bots", "club,club", "--hands", "2", "--options", "[" * 100000], "longer than"),
    (["hint"], "required: file"),
    (["hint", "builtin:tressette-thirds", "--level", "grandmaster"], "is not a level"),
])
def test_bad_arguments_answer_exit_2_and_a_sentence(argv, words):
    code, answer = cli(*argv)
    assert code == 2 and set(answer) == {"error"}
    assert words in answer["error"] and answer["error"].endswith(".")


def scenario_file(tmp_path, name: str, keep: int) -> Path:
    """A shipped scenario cut after its first ``keep`` actions, written to a file."""
    data = builtin(name).to_json()
    data["actions"] = data["actions"][:keep]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name,keep,level", [
    ("tressette-thirds", 5, "expert"), ("sixty_six-over-trump", 2, "club"),
    ("aluette-singing", 1, "club"), ("quadrille-called-king", 3, "beginner"),
    ("quadrille-vole", 10, "expert"), ("vache-tied-tricks", 4, "expert"),
])
def test_hint_names_a_legal_action_for_the_seat_to_act(tmp_path, name, keep, level):
    path = scenario_file(tmp_path, name, keep)
    code, answer = cli("hint", str(path), "--level", level)
    assert code == 0 and set(answer) == {"seat", "action", "reason", "level"}
    shipped = builtin(name)
    hand = run(replace(shipped, actions=shipped.actions[:keep])).hand
    rules, state = hand.rules, hand.state
    assert answer["seat"] == state.to_act and answer["level"] == level
    action = parse_action(answer["action"], rules.seats)
    assert rules.why_illegal(state, action) is None
    assert answer["reason"].endswith(".")


def test_hint_defaults_to_the_expert_and_reads_standard_input(tmp_path):
    path = scenario_file(tmp_path, "tressette-thirds", 1)
    ran = command.run("hint", "-", stdin=path.read_text())
    assert ran.code == 0 and "Traceback" not in ran.err
    assert json.loads(ran.out)["level"] == "expert"


@pytest.mark.parametrize("content,words", [
    ("not json at all", "not valid JSON"),
    ('{"format": "cardlab.scenario/1", "game": "chess"}', "is not a game here"),
    ('{"format": "cardlab.scenario/1", "game": "tressette", "seed": 1, "actions": ["N plays 99Z"]}',
     "Action 1 of the scenario"),
])
def test_hint_on_a_bad_file_answers_exit_2_and_a_sentence(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, answer = cli("hint", str(path))
    assert code == 2 and words in answer["error"]


def test_hint_on_a_finished_hand_or_a_missing_file(tmp_path):
    code, answer = cli("hint", "builtin:tressette-thirds")
    assert code == 2 and answer == {"error": "The hand is over: there is no move left to hint."}
    code, answer = cli("hint", str(tmp_path / "nowhere.json"))
    assert code == 2 and "Cannot read" in answer["error"]
