"""A table written into the page address and read back: ``encode(scenario, step)`` and ``decode``.

The address must survive a reload, a copied link and a hostile hand-edited URL, so the text is
small, URL-safe and checked all the way through:

* ``encode`` writes ``{"scenario": <cardlab.scenario/1 object>, "step": k}`` as compact JSON,
  compressed with zlib (a hand's deal and actions shrink to about half), in base64url without
  padding, behind the letter ``z`` that names this form (a later form takes another letter).
* ``decode`` accepts only that, bounded at every stage (the text's length, the inflated size,
  the JSON's depth, the scenario checked by :func:`cardlab.scenario.parse`, the step within the
  actions, the actions replayed by the rules), and says what is wrong in one sentence through
  :class:`~cardlab.scenario.ScenarioError` -- never another exception, never a long wait.

:func:`playable` is the last of those checks, shared with files opened from disk.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from cardlab.scenario import Scenario, ScenarioError, parse, run

MAX_BYTES = 256 * 1024
"""The largest scenario accepted, as UTF-8 JSON: far above any real hand, far below a risk."""

MAX_DEPTH = 16
"""A scenario nests four levels deep; anything much deeper is not one."""

MAX_TEXT = 2 * MAX_BYTES
"""The longest address read: its base64 of compressed JSON is always far shorter than this."""
PAYLOAD = re.compile(r"z[A-Za-z0-9_-]*")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)  # a string (even unclosed) or a bracket


def encode(scenario: Scenario, step: int) -> str:
    """The address text for ``scenario`` shown at ``step`` (0 = just dealt)."""
    data = json.dumps({"scenario": scenario.to_json(), "step": step}, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")
    return "z" + base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


def decode(text: str) -> tuple[Scenario, int]:
    """The scenario and step an address holds; ScenarioError with a sentence when it holds none."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ScenarioError("This link is too long to hold a table: it was cut or changed.")
    if not PAYLOAD.fullmatch(text):
        raise ScenarioError("This link does not hold a table: it was cut or changed.")
    try:
        body = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    except (binascii.Error, ValueError):
        raise ScenarioError("This link is damaged: it was cut or changed.") from None
    value = _json(_inflate(body), "This link")
    if not isinstance(value, dict) or set(value) != {"scenario", "step"}:
        raise ScenarioError("This link does not hold a table: it was cut or changed.")
    scenario = parse(value["scenario"])
    step = value["step"]
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(scenario.actions):
        raise ScenarioError(f"This link asks for a step the scenario does not have: the steps go "
                            f"from 0 to {len(scenario.actions)}.")
    playable(scenario)
    return scenario, step


def loads_bounded(data: bytes, what: str) -> Scenario:
    """A scenario from the bytes of a file, with the same bounds as an address."""
    if len(data) > MAX_BYTES:
        raise ScenarioError(_too_large(what))
    scenario = parse(_json(data, what))
    playable(scenario)
    return scenario


def playable(scenario: Scenario) -> None:
    """Raise ScenarioError unless the rules can deal the scenario and replay every action."""
    outcome = run(scenario)
    if outcome.error is None:
        return
    if outcome.error_action is None:
        raise ScenarioError(outcome.error)
    raise ScenarioError(f"Action {outcome.error_action + 1}, "
                        f"\"{scenario.actions[outcome.error_action]}\", cannot be played: {outcome.error}")


def _inflate(body: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(body, MAX_BYTES + 1)
    except zlib.error:
        raise ScenarioError("This link is damaged: it was cut or changed.") from None
    if len(data) > MAX_BYTES:
        raise ScenarioError(_too_large("This link"))
    if not inflater.eof:
        raise ScenarioError("This link is damaged: it was cut or changed.")
    return data


def _json(data: bytes, what: str) -> Any:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{what} is not text: a scenario is JSON written in UTF-8.") from None
    if _depth(text) > MAX_DEPTH:
        raise ScenarioError(f"{what} nests more deeply than any scenario does.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(f"{what} is not valid JSON: {error.msg.removesuffix(' at')} at line {error.lineno}, "
                            f"column {error.colno}.") from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise ScenarioError(f"{what} holds a number far too long for a scenario.") from None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings: checked before parsing, so that a
    hostile ``[[[[…`` is refused instead of exhausting the parser's recursion."""
    deepest = depth = 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def _too_large(what: str) -> str:
    return f"{what} holds more than {MAX_BYTES // 1024} KB: no scenario is that large."
