"""Hostile input for ``python -m cardlab replay``: every case answers with exit status 2, exactly
one JSON object whose error is a sentence, nothing on stderr, and no hang.

A seeded generator spoils good teaching scenarios one slot at a time with values no scenario may
hold (nesting a thousand deep, integers of thousands of digits, lone surrogates, digits that are
not ASCII, option names that clash with Python parameters, deals that are not deals …).  Most
cases run in-process through :func:`cardlab.__main__.main` (:mod:`tests.cli`); a handful go
through a real process (standard input, a FIFO, a device).  Each case runs under a generous
alarm: a hang check, not a benchmark.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import signal
from dataclasses import fields

import pytest

from cardlab.actions import MAX_ACTION_CHARS
from cardlab.games import GAMES
from cardlab.scenario import MAX_BYTES
from tests.cli import ROOT, run

KEYS = {"tricks", "trick", "to_act", "legal", "over", "result", "match", "error"}
HANG_SECONDS = 5
BASES = ["tressette-thirds", "quatre_sept-politaine", "sixty_six-65-65", "aluette-singing",
         "vache-tied-tricks", "quadrille-remise"]
CASES = 300

# JSON texts no slot accepts: wrong kinds, too deep, too long, not quite digits, lone surrogates.
DEEP_LIST = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
HUGE = "9" * 5000
NOT_A_SCENARIO = [DEEP_LIST, DEEP_OBJECT, HUGE, "-" + "7" * 4400, "1.5", "1e400", "NaN", "-Infinity",
                  "[]", "{}", '[["3D"]]', '{"x": {"y": [1, 2]}}', '"\\ud800"', '"N\\udfff"', '"²"', '"٣"',
                  '"' + "x" * 100_000 + '"', '"<img src=x onerror=alert(1)>"']
WRONG_NAMES = ["key", "self", "\\ud800", "²", "x" * 300, "**", "__class__", ""]
BAD_ACTIONS = ["\\ud800", "S \\ud800", "W plays \\udcff", "²", "W deals " + "a" * 1500,
               "N deals " + "N[" * 600, "N deals N[3D 2D] E[", "W " + "x" * MAX_ACTION_CHARS,
               "x" * 100_000, "N deals N[] E[] S[] W[]", "W plays", "W", "   ", "W plays 99Z",
               "W plays for the \\ud800 vole", "NE plays 3D E"]
BAD_MATCH_VALUES = ['"1 2/0"', '"1/0"', '"abc"', '"\\ud800"', '"²"', '"5 2/3/4"', '""', "1.5", "true",
                    "null", "[]", "{}", HUGE, DEEP_LIST]
BAD_NOTE_KEYS = ["²", "٣", "-1", "1e3", "9999999", "\\ud800", "", " 1", "0x1"]
WHOLE_SLOTS = ["format", "game", "options", "dealer", "seed", "deal", "actions", "match", "notes", "title"]
SLOTS = WHOLE_SLOTS + ["option name", "option value", "deal seat", "deal key", "action", "match value",
                       "note key", "note text", "unknown key"]


def dumps(data: object, **raw: str) -> str:
    """JSON text of ``data`` where each string ``"@name@"`` is replaced by the raw JSON ``raw[name]``
    (texts json.dumps would refuse to write: huge integers, deep nesting, lone surrogates)."""
    text = json.dumps(data, ensure_ascii=False)
    for name, value in raw.items():
        text = text.replace(json.dumps(f"@{name}@"), value)
    return text


def base(name: str) -> dict:
    return json.loads((ROOT / "cardlab" / "scenarios" / f"{name}.json").read_text(encoding="utf-8"))


def quoted(text: str) -> str:
    """A JSON string literal for text that may hold ``\\uXXXX`` escapes (written raw)."""
    return '"' + text + '"'


def spoil(rng: random.Random) -> tuple[str, str]:
    """One hostile scenario: (the slot spoiled, its JSON text)."""
    data = base(rng.choice(BASES))
    game = data["game"]
    slot = rng.choice(SLOTS)
    hostile = rng.choice(NOT_A_SCENARIO)
    if slot in ("options", "notes") and hostile == "{}":
        hostile = "[]"                             # no options, no notes: a valid scenario
    if slot == "actions" and hostile == "[]":
        hostile = "{}"                             # no actions yet: a valid scenario
    if slot in ("title", "note text") and hostile.startswith('"'):
        hostile = "[]"                             # any string is a caption
    if slot in WHOLE_SLOTS:
        data[slot] = "@v@"
    elif slot == "option name":
        data["options"] = {"@v@": True}
        hostile = quoted(rng.choice(WRONG_NAMES))
    elif slot == "option value":
        data["options"] = {fields(GAMES[game].Options)[0].name: "@v@"}
    elif slot == "deal seat":
        data["deal"][rng.choice(sorted(data["deal"]))] = "@v@"
    elif slot == "deal key":
        data["deal"]["@v@"] = []
        hostile = quoted(rng.choice(WRONG_NAMES[:5] + ["n", "Rest", "TURNED"]))
    elif slot == "action":
        actions = data["actions"]
        actions.insert(rng.randrange(len(actions) + 1), "@v@")
        if rng.random() < 0.7:
            hostile = quoted(rng.choice(BAD_ACTIONS))
    elif slot == "match value":
        match = data.get("match") or {side: 0 for side in GAMES[game].sides}
        match[rng.choice(sorted(match) + (["carried"] if game == "sixty_six" else []))] = "@v@"
        data["match"] = match
        hostile = rng.choice(BAD_MATCH_VALUES)
    elif slot == "note key":
        data["notes"] = {"@v@": "caption"}
        hostile = quoted(rng.choice(BAD_NOTE_KEYS))
    elif slot == "note text":
        data["notes"] = {"1": "@v@"}
    else:
        data["@v@"] = 1                            # a key the format does not have
        hostile = quoted(rng.choice(WRONG_NAMES))
    return slot, dumps(data, v=hostile)


class Hang(Exception):
    pass


@contextlib.contextmanager
def hang_guard():
    """Fail a case that takes more than HANG_SECONDS instead of waiting for ever."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {HANG_SECONDS} s")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def assert_json_error(code: int, stdout: str, stderr: str) -> dict:
    assert code == 2, stdout
    assert "Traceback" not in stderr and stderr == "", stderr
    lines = stdout.splitlines()
    assert len(lines) == 1, stdout                      # exactly one JSON object
    out = json.loads(lines[0])
    assert isinstance(out, dict) and set(out) == KEYS
    error = out["error"]
    assert isinstance(error, dict) and set(error) == {"action", "message"}
    message = error["message"]
    assert isinstance(message, str) and len(message.split()) >= 3, message
    assert message.rstrip().endswith((".", "?", "!")), message
    assert "Error" not in message and "Traceback" not in message, message
    assert len(message) < 2000, message[:200]
    return out


def run_main(*argv: str, stdin: bytes = b"") -> dict:
    with hang_guard():
        ran = run("replay", *argv, stdin=stdin)
    return assert_json_error(ran.code, ran.out, ran.err)


def test_generated_hostile_scenarios(tmp_path):
    rng = random.Random(13)
    spoiled = {}
    for number in range(CASES):
        slot, text = spoil(rng)
        path = tmp_path / f"case-{number}.json"
        path.write_text(text, encoding="utf-8")
        try:
            run_main(str(path))
        except AssertionError as failure:
            raise AssertionError(f"case {number} ({slot}): {text[:300]!r}") from failure
        spoiled[slot] = spoiled.get(slot, 0) + 1
    assert set(spoiled) == set(SLOTS), spoiled           # every slot was spoiled at least once


WHOLE_FILES = {
    "nested a thousand deep": DEEP_LIST.encode(),
    "objects nested a thousand deep": DEEP_OBJECT.encode(),
    "an integer of 5000 digits": HUGE.encode(),
    "not JSON": b"{this is not json",
    "empty": b"",
    "a byte-order mark": b"\xef\xbb\xbf" + json.dumps(base("tressette-thirds")).encode(),
    "not UTF-8": b"\xff\xfe\x00\x81",
    "a lone surrogate encoded": b'{"format": "\xed\xa0\x80"}',
    "a bare string": b'"cardlab.scenario/1"',
    "null": b"null",
    "over the size limit": b" " * MAX_BYTES + json.dumps(base("tressette-thirds")).encode(),
}


@pytest.mark.parametrize("content", list(WHOLE_FILES.values()), ids=list(WHOLE_FILES))
def test_whole_file_hostile(tmp_path, content):
    path = tmp_path / "s.json"
    path.write_bytes(content)
    out = run_main(str(path))
    assert out["error"]["action"] is None and out["tricks"] == []


def test_size_limit_is_named_in_the_sentence(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    assert f"{MAX_BYTES:,}" in run_main(str(path))["error"]["message"]


def test_an_overlong_action_is_refused_by_its_length(tmp_path):
    data = base("tressette-thirds")
    data["actions"] = ["W deals " + "N[" * MAX_ACTION_CHARS]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = run_main(str(path))
    assert out["error"]["action"] == 0
    assert str(MAX_ACTION_CHARS) in out["error"]["message"]


def test_lone_surrogates_are_written_as_json_escapes(tmp_path):
    data = dumps({**base("tressette-thirds"), "actions": ["@v@"]}, v='"W \\ud800 sings"')
    path = tmp_path / "s.json"
    path.write_text(data, encoding="utf-8")
    out = run_main(str(path))
    assert out["error"]["action"] == 0 and "\ud800" in out["error"]["message"]


PATHS = {
    "a folder": lambda tmp: str(tmp),
    "a device": lambda tmp: "/dev/zero",
    "a FIFO": lambda tmp: (os.mkfifo(tmp / "fifo"), str(tmp / "fifo"))[1],
    "a NUL byte": lambda tmp: str(tmp / "a\0b.json"),
    "a lone surrogate": lambda tmp: str(tmp / "\ud800.json"),
    "a name too long": lambda tmp: str(tmp / ("x" * 300 + ".json")),
    "nowhere": lambda tmp: str(tmp / "nowhere.json"),
    "empty": lambda tmp: "",
    "builtin, 300 characters": lambda tmp: "builtin:" + "x" * 300,
    "builtin with a slash": lambda tmp: "builtin:../scenarios/tressette-thirds",
    "builtin with dots": lambda tmp: "builtin:..",
    "builtin with a NUL": lambda tmp: "builtin:tressette-thirds\0",
    "builtin, empty": lambda tmp: "builtin:",
}


@pytest.mark.parametrize("make", list(PATHS.values()), ids=list(PATHS))
def test_hostile_paths(tmp_path, make):
    out = run_main(make(tmp_path))
    assert out["error"]["action"] is None


@pytest.mark.parametrize("argv", [[], ["--"], ["a.json", "b.json"], ["-x"], ["--file", "a.json"]],
                         ids=["nothing", "only --", "two files", "an unknown option", "a long option"])
def test_bad_command_lines_answer_in_json(argv):
    out = run_main(*argv)
    assert "replay command" in out["error"]["message"]


def test_standard_input_behaves_like_a_file(tmp_path):
    content = b"\xff\xfe not UTF-8"
    from_stdin = run_main("-", stdin=content)
    path = tmp_path / "s.json"
    path.write_bytes(content)
    from_file = run_main(str(path))
    assert "UTF-8" in from_stdin["error"]["message"] and "UTF-8" in from_file["error"]["message"]
    assert f"{MAX_BYTES:,}" in run_main("-", stdin=b" " * (MAX_BYTES + 5))["error"]["message"]


def test_a_file_after_double_dash_is_read(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base("tressette-thirds")), encoding="utf-8")
    ran = run("replay", "--", str(path))
    assert ran.code == 0
    assert json.loads(ran.out)["over"] is True


# ----- a handful through a real process ------------------------------------------------------
def run_process(argument: str, stdin: bytes = b"") -> dict:
    ran = run("replay", argument, stdin=stdin, process=True, timeout=HANG_SECONDS * 4)
    return assert_json_error(ran.code, ran.out, ran.err)


@pytest.mark.parametrize("stdin", [b"\xff\xfe\x00\x81", DEEP_LIST.encode(), HUGE.encode(), b"",
                                   b"x" * (MAX_BYTES + 1)],
                         ids=["not UTF-8", "deep", "huge integer", "empty", "over the limit"])
def test_process_standard_input(stdin):
    assert run_process("-", stdin)["error"]["action"] is None


def test_process_fifo_and_device(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    assert "regular file" in run_process(str(tmp_path / "fifo"))["error"]["message"]
    assert "regular file" in run_process("/dev/zero")["error"]["message"]


def test_process_lone_surrogate_output_is_valid_utf8(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(dumps({**base("sixty_six-65-65"), "actions": ["@v@"]}, v='"E \\udc80"'), encoding="utf-8")
    assert run_process(str(path))["error"]["action"] == 0


def test_process_double_dash_alone():
    assert "replay command" in run_process("--")["error"]["message"]
