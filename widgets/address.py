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

:func:`playable` is the last of those checks, shared with scenario files opened in the table.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from cardlab import i18n
from cardlab.scenario import MAX_BYTES, Scenario, ScenarioError, parse, run

MAX_TEXT = 2 * MAX_BYTES
"""The longest address read: its base64 of compressed JSON is always far shorter than this."""
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")  # what follows the "z": padding, "+" or "/" is a changed link
DAMAGED = i18n.N_("This link is damaged: it was cut or changed.")


def encode(scenario: Scenario, step: int) -> str:
    """The address text for ``scenario`` shown at ``step`` (0 = just dealt)."""
    data = json.dumps({"scenario": scenario.to_json(), "step": step}, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")
    return "z" + base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


def decode(text: str) -> tuple[Scenario, int]:
    """The scenario and step an address holds; ScenarioError with a sentence when it holds none."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ScenarioError(i18n._("This link is too long to hold a table: it was cut or changed."))
    if not text.startswith("z"):
        raise ScenarioError(i18n._("This link does not hold a table: it was cut or changed."))
    if not BASE64URL.fullmatch(text, 1):
        raise ScenarioError(i18n._(DAMAGED))
    try:
        body = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    except (binascii.Error, ValueError):
        raise ScenarioError(i18n._(DAMAGED)) from None
    value = _json(_inflate(body))
    if not isinstance(value, dict) or set(value) != {"scenario", "step"}:
        raise ScenarioError(i18n._("This link does not hold a table: it was cut or changed."))
    scenario = parse(value["scenario"])
    step = value["step"]
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(scenario.actions):
        raise ScenarioError(i18n._("This link asks for a step the scenario does not have: the steps go from 0 to "
                                   "{last}.").format(last=len(scenario.actions)))
    playable(scenario)
    return scenario, step


def playable(scenario: Scenario) -> None:
    """Raise ScenarioError unless the rules can deal the scenario and replay every action."""
    outcome = run(scenario)
    if outcome.error is None:
        return
    if outcome.error_action is None:
        raise ScenarioError(outcome.error)
    raise ScenarioError(i18n._("Action {number}, \"{action}\", cannot be played: {error}").format(
        number=outcome.error_action + 1, action=scenario.actions[outcome.error_action], error=outcome.error))


def _inflate(body: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(body, MAX_BYTES + 1)
    except zlib.error:
        raise ScenarioError(i18n._(DAMAGED)) from None
    if len(data) > MAX_BYTES:
        raise ScenarioError(i18n._("This link holds more than {count} bytes: no scenario is that large.").format(
            count=i18n.number(MAX_BYTES)))
    if not inflater.eof:
        raise ScenarioError(i18n._(DAMAGED))
    return data


def _json(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScenarioError(i18n._("This link is not text: a scenario is JSON written in UTF-8.")) from None
    except json.JSONDecodeError as error:
        raise ScenarioError(i18n._("This link is not valid JSON: {error} at line {line}, column {column}.").format(
            error=error.msg.removesuffix(" at"), line=error.lineno, column=error.colno)) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise ScenarioError(i18n._("This link holds a number far too long for a scenario.")) from None
    except RecursionError:
        raise ScenarioError(i18n._("This link nests more deeply than any scenario does.")) from None
