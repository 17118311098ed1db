"""``python -m cardlab replay FILE``: one JSON object on stdout, exit 2 with a sentence on error,
never a traceback.  The command runs in this process (:mod:`tests.cli`); a legal, an illegal and
an unreadable file also go through a real process, for the exit status and the empty stderr."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli import run

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "cardlab" / "scenarios").glob("*.json"))
KEYS = {"tricks", "trick", "to_act", "legal", "over", "result", "match", "error"}

DEAL = {  # the "duel" of test_tressette: NS end on 5 2/3 in cards, EW on 5 + the last trick
    "W": "3C 2C AC KC KnC JD 7D 6D 5D 4D".split(),
    "S": "JC 7C 6C 5C 4C 3D 2D AD KD KnD".split(),
    "E": "AH 3H KH 6H 4H 3S KS JS JH 5S".split(),
    "N": "AS 2H 7H 5H 7S 2S KnS KnH 6S 4S".split(),
}
PLAY = [
    "W plays 4D", "S plays 3D", "E plays AH", "N plays AS",
    "S plays 2D", "E plays 3H", "N plays 2H", "W plays 5D",
    "S plays AD", "E plays KH", "N plays 7H", "W plays 6D",
    "S plays KD", "E plays 6H", "N plays 5H", "W plays 7D",
    "S plays KnD", "E plays 4H", "N plays 7S", "W plays JD",
    "S plays 4C", "E plays 3S", "N plays 2S", "W plays 3C",
    "W plays 2C", "S plays 5C", "E plays KS", "N plays KnS",
    "W plays AC", "S plays 6C", "E plays JS", "N plays KnH",
    "W plays KC", "S plays 7C", "E plays JH", "N plays 6S",
    "W plays KnC", "S plays JC", "E plays 5S", "N plays 4S",
]


def scenario(**changes):
    data = {"format": "cardlab.scenario/1", "game": "tressette", "options": {}, "dealer": "N",
            "deal": DEAL, "actions": []}
    data.update(changes)
    return data


def replay(tmp_path, content, name="s.json", process=False):
    """Run the command on a file holding ``content`` (a dict is written as JSON, str/bytes as is)."""
    path = tmp_path / name
    if isinstance(content, dict):
        path.write_text(json.dumps(content), encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return run_cli(str(path), process=process)


def run_cli(argument, process=False):
    ran = run("replay", argument, process=process)
    assert "Traceback" not in ran.err, ran.err
    lines = [line for line in ran.out.splitlines() if line.strip()]
    assert len(lines) == 1, ran.out                     # exactly one JSON object
    out = json.loads(lines[0])
    assert isinstance(out, dict) and set(out) == KEYS
    return ran.code, out


def assert_sentence(message):
    """A sentence for a learner: several words, a full stop, no Python exception text."""
    assert isinstance(message, str) and len(message.split()) >= 3, message
    assert message.rstrip().endswith((".", "?", "!")), message
    assert "Error" not in message and "Traceback" not in message, message


def test_output_shape_mid_trick(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY[:5]))
    assert code == 0
    assert out["tricks"] == [{"leader": "W", "plays": ["W 4D", "S 3D", "E AH", "N AS"], "winner": "S"}]
    assert out["trick"] == {"leader": "S", "plays": ["S 2D"]}
    assert out["to_act"] == "E"
    assert isinstance(out["legal"], list) and all(isinstance(c, str) for c in out["legal"])
    assert out["over"] is False and out["result"] is None and out["match"] is None
    assert out["error"] is None


def test_output_legal_lists_every_card_when_void(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY[:5]))
    # E holds no coins: every card left in his hand may be played
    assert set(out["legal"]) == {"3H", "KH", "6H", "4H", "3S", "KS", "JS", "JH", "5S"}


def test_output_at_the_start(tmp_path):
    code, out = replay(tmp_path, scenario())
    assert code == 0
    assert out["tricks"] == [] and out["trick"] is None
    assert out["to_act"] == "W"                          # N deals, his right leads
    assert set(out["legal"]) == set(DEAL["W"])
    assert all(isinstance(code, str) for code in out["legal"])


def test_complete_hand_result(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY))
    assert code == 0 and out["error"] is None
    assert out["over"] is True and out["to_act"] is None and out["legal"] == []
    assert len(out["tricks"]) == 10 and out["tricks"][-1]["winner"] == "W"
    result = out["result"]
    assert result["points"] == {"NS": "5 2/3", "EW": "6"}
    assert result["score"] == {"NS": 5, "EW": 6}
    assert all(isinstance(v, int) for v in result["score"].values())
    assert result["parts"]["NS"]["cards"] == "5 2/3"
    assert result["parts"]["EW"]["last trick"] == "1"
    assert out["match"] == {"totals": {"NS": 5, "EW": 6}, "over": False, "winner": None}


def test_complete_hand_with_match_totals(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY, match={"NS": 16, "EW": 15}))
    assert code == 0
    assert out["match"] == {"totals": {"NS": 21, "EW": 21}, "over": True, "winner": "EW"}
    code, out = replay(tmp_path, scenario(actions=PLAY, match={"NS": 16, "EW": 0}))
    assert out["match"] == {"totals": {"NS": 21, "EW": 6}, "over": True, "winner": "NS"}


def test_match_totals_can_be_pasted_into_the_next_scenario(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY, match={"NS": 3, "EW": 4}))
    assert code == 0 and out["match"]["totals"] == {"NS": 8, "EW": 10}
    following = scenario(match=out["match"]["totals"])
    code, out = replay(tmp_path, following)
    assert code == 0 and out["error"] is None


def test_sixty_six_match_in_the_middle_carries_its_point(tmp_path):
    data = json.loads((ROOT / "cardlab" / "scenarios" / "sixty_six-65-65.json").read_text(encoding="utf-8"))
    data["match"] = {"NS": 2, "EW": 3, "carried": 1}
    code, out = replay(tmp_path, data)
    assert code == 0
    assert out["match"] == {"totals": {"NS": 2, "EW": 3, "carried": 2}, "over": False, "winner": None}
    data["match"] = {"NS": 2, "EW": 3, "carried": "one"}
    code, out = replay(tmp_path, data)
    assert code == 2 and out["error"]["action"] is None and "carried" in out["error"]["message"]
    assert_sentence(out["error"]["message"])


def test_illegal_card_stops_with_its_index(tmp_path):
    # W has played all his coins in the first five tricks
    code, out = replay(tmp_path, scenario(actions=PLAY[:23] + ["W plays 3D"] + PLAY[23:]), process=True)
    assert code == 2
    assert out["error"] == {"action": 23, "message": "W does not hold the 3 of coins."}
    assert len(out["tricks"]) == 5                       # everything up to that point
    assert out["trick"] == {"leader": "S", "plays": ["S 4C", "E 3S", "N 2S"]}
    assert out["to_act"] == "W" and set(out["legal"]) == {"3C", "2C", "AC", "KC", "KnC"}
    assert out["over"] is False and out["result"] is None


def test_card_out_of_turn_mid_hand(tmp_path):
    code, out = replay(tmp_path, scenario(actions=PLAY[:22] + ["W plays 3C"]))
    assert code == 2
    assert out["error"] == {"action": 22, "message": "It is N's turn, not W's."}
    assert out["trick"] == {"leader": "S", "plays": ["S 4C", "E 3S"]}


def test_must_follow_suit_error_sentence(tmp_path):
    # trick 1: W leads 4D; S holds five coins and tries a baton
    code, out = replay(tmp_path, scenario(actions=["W plays 4D", "S plays JC"]))
    assert code == 2
    assert out["error"]["action"] == 1
    assert out["error"]["message"] == ("You must follow suit: coins were led and you hold the 3 of coins, "
                                       "the 2 of coins, the ace of coins, the king of coins and the "
                                       "knight of coins.")
    assert out["trick"] == {"leader": "W", "plays": ["W 4D"]}
    assert out["to_act"] == "S" and set(out["legal"]) == {"3D", "2D", "AD", "KD", "KnD"}


def test_wrong_seat_error(tmp_path):
    code, out = replay(tmp_path, scenario(actions=["S plays 3D"]))
    assert code == 2
    assert out["error"] == {"action": 0, "message": "It is W's turn, not S's."}


def test_junk_action_gives_its_index(tmp_path):
    code, out = replay(tmp_path, scenario(actions=["W plays 4D", "S plys 3D"]))
    assert code == 2
    assert out["error"]["action"] == 1
    assert_sentence(out["error"]["message"])
    assert out["trick"] == {"leader": "W", "plays": ["W 4D"]}
    code, out = replay(tmp_path, scenario(actions=["W plays 4Q"]))
    assert code == 2 and out["error"]["action"] == 0
    assert_sentence(out["error"]["message"])


MALFORMED = {
    "not JSON": "{this is not json",
    "not an object": "[1, 2, 3]",
    "wrong format tag": scenario(format="cardlab.scenario/9"),
    "no format": {"game": "tressette"},
    "unknown game": scenario(game="briscola"),
    "unknown option": scenario(options={"trumps": True}),
    "bad option value": scenario(options={"target": 22}),
    "bad card code in the deal": scenario(deal={**DEAL, "N": DEAL["N"][:-1] + ["1X"]}),
    "card dealt twice": scenario(deal={**DEAL, "N": DEAL["N"][:-1] + ["3C"]}),
    "wrong hand size": scenario(deal={**DEAL, "N": DEAL["N"][:-1]}),
    "missing seat": scenario(deal={k: v for k, v in DEAL.items() if k != "N"}),
    "card not in the pack": scenario(deal={**DEAL, "N": DEAL["N"][:-1] + ["QS"]}),
    "unknown key": scenario(players=4),
    "bad dealer": scenario(dealer="X"),
    "actions not a list": scenario(actions="W plays 4D"),
    "action not a string": scenario(actions=[7]),
    "seed not a number": {"format": "cardlab.scenario/1", "game": "tressette", "seed": "seven"},
    "match without a side": scenario(match={"NS": 3}),
    "match with a fraction where the game keeps whole numbers": scenario(match={"NS": "5 2/3", "EW": 1}),
    "match with a key the game does not keep": scenario(match={"NS": 3, "EW": 4, "carried": 1}),
    "match value of another kind": scenario(match={"NS": [3], "EW": 4}),
    "match not an object": scenario(match=[3, 4]),
    "notes key of digits that are not ASCII": scenario(notes={"²": "caption"}),
    "option name of a Python parameter": scenario(options={"key": True}),
    "option value of another kind": scenario(options={"declarations": [True]}),
    "dealer a number": scenario(dealer=3),
    "seed a float": {"format": "cardlab.scenario/1", "game": "tressette", "seed": 1.5},
    "seed negative": {"format": "cardlab.scenario/1", "game": "tressette", "seed": -1},
    "deal entry nested": scenario(deal={**DEAL, "N": [DEAL["N"]]}),
    "deal key that is neither a seat nor an extra": scenario(deal={**DEAL, "north": []}),
}


@pytest.mark.parametrize("content", list(MALFORMED.values()), ids=list(MALFORMED))
def test_malformed_files(tmp_path, content):
    code, out = replay(tmp_path, content)
    assert code == 2
    assert out["error"]["action"] is None
    assert_sentence(out["error"]["message"])
    assert out["tricks"] == [] and out["over"] is False and out["result"] is None


def test_missing_file(tmp_path):
    code, out = run_cli(str(tmp_path / "nowhere.json"))
    assert code == 2 and out["error"]["action"] is None
    assert_sentence(out["error"]["message"])


def test_file_that_is_not_text(tmp_path):
    code, out = replay(tmp_path, b"\xff\xfe\x00\x81 not utf-8", process=True)
    assert code == 2 and out["error"]["action"] is None
    assert_sentence(out["error"]["message"])


def test_deal_entry_that_is_not_a_list(tmp_path):
    code, out = replay(tmp_path, scenario(deal={**DEAL, "N": 5}))
    assert code == 2 and out["error"]["action"] is None
    assert_sentence(out["error"]["message"])


def test_seeded_scenario(tmp_path):
    data = {"format": "cardlab.scenario/1", "game": "tressette", "dealer": "E", "seed": 11}
    code, out = replay(tmp_path, data)
    assert code == 0 and out["error"] is None
    assert out["to_act"] == "N" and len(out["legal"]) == 10


def test_builtin_thirds():
    code, out = run_cli("builtin:tressette-thirds", process=True)
    assert code == 0 and out["error"] is None
    assert out["over"] is True
    assert out["result"]["points"] == {"NS": "5 2/3", "EW": "6"}
    assert out["result"]["score"] == {"NS": 5, "EW": 6}


def test_unknown_builtin():
    code, out = run_cli("builtin:no-such-scenario")
    assert code == 2 and out["error"]["action"] is None
    assert_sentence(out["error"]["message"])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_shipped_scenario_replays(path):
    code, out = run_cli(str(path))
    assert code == 0 and out["error"] is None
    code, builtin_out = run_cli(f"builtin:{path.stem}")
    assert builtin_out == out
