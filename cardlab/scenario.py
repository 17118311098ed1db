"""Scenarios: one small JSON format for tests, notebooks, bug reports and the classroom.

::

    {"format": "cardlab.scenario/1", "game": "tressette", "options": {},
     "dealer": "N", "seed": 7,                       # or an explicit "deal" (it wins over seed)
     "deal": {"N": [10 codes], "E": [...], "S": [...], "W": [...]},
     "actions": ["W plays 7D", "S plays 3D", ...],
     "match": {"NS": 16, "EW": 17},                  # the match before this hand (optional)
     "notes": {"3": "caption shown at step 3"},      # step k = after k actions; 0 = just dealt
     "title": "...", "description": "..."}           # optional, shown by the table

A ``deal`` may hold, besides the seats, the game's extras: ``"turned"`` (a card code) or
``"rest"`` (a list).  ``match`` holds whatever the game keeps between hands (Sixty-Six's
``"carried"``, Quadrille's ``"pot"`` …): the rules read it (``match_from_json``) and write it
back (``match_to_json``).  :func:`run` replays a scenario as far as it is legal and
:func:`report` writes the JSON the ``replay`` command prints.

Files come from anyone (a teacher, a bug report, the browser), so reading is bounded: a file
larger than :data:`MAX_BYTES` or that is not a regular file is refused with a sentence before it is
parsed, and every type is checked before it is used.
"""
from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field, fields
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from . import i18n
from .actions import ActionError, Deal
from .cards import CardError, parse_cards
from .games import GAMES, get_rules
from .points import fraction_text
from .record import Hand
from .rules import HandResult, IllegalAction, MatchError, MatchState, OptionError, TrickGame

FORMAT = "cardlab.scenario/1"
KEYS = {"format", "game", "options", "dealer", "seed", "deal", "actions", "match", "notes",
        "title", "description"}
EXTRAS = ("turned", "rest")  # what a deal may hold besides the seats' cards
MAX_BYTES = 1_000_000  # the largest shipped scenario is under 4 kB; the table's upload uses it too
MAX_SEED = 2**63
MAX_ACTIONS = 2000  # a hand takes under 200; the rest of the room is for redeals, each a deal and a call
_BUILTIN_NAME = re.compile(r"[a-z0-9_-]{1,80}")


class ScenarioError(ValueError):
    """A scenario file that cannot be read; the text says what is wrong."""


def shown(value: Any) -> str:
    """A value from a file, quoted short enough to sit in a sentence."""
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:30] + "…")
    if value is None or isinstance(value, (bool, float)):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else i18n._("a very long number")
    return i18n._("a JSON object") if isinstance(value, dict) else i18n._("a JSON list")


def checked_rules(game_key: Any, options: dict[str, Any]) -> TrickGame:
    """The rules of a game with options read from a file or a command line: an unknown game or
    option, or a value no option takes, raises ScenarioError quoting at most a few words of it."""
    game = GAMES.get(game_key) if isinstance(game_key, str) else None
    if game is None:
        raise ScenarioError(i18n._("{game} is not a game here: the games are {games}.").format(
            game=shown(game_key), games=", ".join(GAMES)))
    known = {option.name: option for option in fields(game.Options)}
    for name, value in options.items():
        if name not in known:
            raise ScenarioError(i18n._("{game} has no option {option}; its options are: {options}.").format(
                game=game.title, option=shown(name), options=", ".join(known) or i18n._("none")))
        if not (value is None or isinstance(value, (bool, int)) and abs(value) < 10**6
                or isinstance(value, str) and len(value) <= 40):
            choices = ", ".join(map(repr, known[name].metadata.get("choices", ())))
            raise ScenarioError(i18n._("{value} is not a choice for {game}'s option {option}: choose one of "
                                       "{choices}.").format(value=shown(value), game=game.title, option=repr(name),
                                                            choices=choices))
    try:
        return get_rules(game_key, **options)
    except OptionError as error:
        raise ScenarioError(str(error)) from None


@dataclass(frozen=True)
class Scenario:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    dealer: str = "N"
    seed: int | None = None
    deal: dict[str, Any] | None = None
    actions: tuple[str, ...] = ()
    match: dict[str, Any] | None = None
    notes: dict[int, str] = field(default_factory=dict)
    title: str = ""
    description: str = ""

    def rules(self) -> TrickGame:
        return checked_rules(self.game, self.options)

    def match_state(self, rules: TrickGame) -> MatchState:
        """The match sheet before this hand, read by the game from ``match``."""
        try:
            return rules.match_from_json(self.dealer, self.match)
        except MatchError as error:
            raise ScenarioError(str(error)) from None

    def deal_action(self, rules: TrickGame) -> Deal:
        if self.deal is None:
            return rules.deal(self.dealer, self.seed)
        hands, extras = [], []
        for name, codes in self.deal.items():
            if name not in rules.seats and name not in EXTRAS:
                raise ScenarioError(i18n._("A deal names the seats ({seats}) and may add {extras}; {name} is "
                                           "neither.").format(seats=", ".join(rules.seats),
                                                              extras=" or ".join(map(repr, EXTRAS)), name=shown(name)))
            try:
                cards = parse_cards(codes)
            except CardError as error:
                raise ScenarioError(i18n._("In the deal for {name}: {error}").format(name=shown(name), error=error)) \
                    from None
            if name in rules.seats:
                hands.append((name, cards))
            else:
                extras.append((name, cards))
        return Deal(self.dealer, tuple(hands), tuple(extras))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "game": self.game, "options": self.options,
                                "dealer": self.dealer}
        if self.seed is not None:
            data["seed"] = self.seed
        if self.deal is not None:
            data["deal"] = self.deal
        data["actions"] = list(self.actions)
        if self.match is not None:
            data["match"] = self.match
        for key in ("title", "description"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.notes:
            data["notes"] = {str(k): v for k, v in sorted(self.notes.items())}
        return data


def parse(data: Any) -> Scenario:
    """Check a decoded scenario and build it; anything wrong raises ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError(i18n._("A scenario is a JSON object with at least \"format\" and \"game\"."))
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScenarioError(i18n._("Unknown key {key} in the scenario; the keys are {keys}.").format(
            key=repr(unknown[0]), keys=", ".join(sorted(KEYS))))
    if data.get("format") != FORMAT:
        raise ScenarioError(i18n._("\"format\" must be \"{format}\", not {value}.").format(
            format=FORMAT, value=shown(data.get("format"))))
    game = data.get("game")
    if not isinstance(game, str):
        raise ScenarioError(i18n._("\"game\" must name a game, such as \"tressette\"."))
    checks = {"options": dict, "dealer": str, "deal": dict, "actions": list, "match": dict,
              "notes": dict, "title": str, "description": str}
    for key, kind in checks.items():
        if key in data and data[key] is not None and not isinstance(data[key], kind):
            raise ScenarioError((i18n._("\"{key}\" must be a JSON object.") if kind is dict else
                                 i18n._("\"{key}\" must be a JSON list.") if kind is list else
                                 i18n._("\"{key}\" must be a JSON string.")).format(key=key))
    for name, codes in (data.get("deal") or {}).items():
        if not isinstance(codes, (list, str)) or not all(isinstance(code, str) for code in codes):
            raise ScenarioError(i18n._("The deal for {name} must be a list of card codes such as [\"3D\", "
                                       "\"KnC\"].").format(name=shown(name)))
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED):
        raise ScenarioError(i18n._("\"seed\" must be a whole number from 0 to 2**63 - 1, not {value}.").format(
            value=shown(seed)))
    actions = data.get("actions") or []
    if not all(isinstance(a, str) for a in actions):
        raise ScenarioError(i18n._("Every entry of \"actions\" must be a string such as \"W plays 7D\"."))
    if len(actions) > MAX_ACTIONS:
        raise ScenarioError(i18n._("\"actions\" holds {count} actions; a scenario holds at most {most}.").format(
            count=i18n.number(len(actions)), most=i18n.number(MAX_ACTIONS)))
    match = data.get("match")
    for value in (match or {}).values():  # the game reads the values (match_from_json); here only their kind
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ScenarioError(i18n._("\"match\" holds whole numbers or exact fractions written \"5 2/3\", such "
                                       "as {example}; {value} is not one.").format(
                example='{"NS": 16, "EW": 17}', value=shown(value)))
    notes: dict[int, str] = {}
    for key, text in (data.get("notes") or {}).items():
        step = str(key)
        if not (step.isascii() and step.isdigit() and len(step) <= 6) or not isinstance(text, str):
            raise ScenarioError(i18n._("\"notes\" keys are step numbers and values captions; {key} is not.").format(
                key=shown(step)))
        notes[int(step)] = text
    return Scenario(game=game, options=data.get("options") or {}, dealer=data.get("dealer") or "N",
                    seed=seed, deal=data.get("deal"), actions=tuple(actions), match=match,
                    notes=notes, title=data.get("title") or "", description=data.get("description") or "")


def loads(text: str | bytes, source: str | None = None) -> Scenario:
    """Read a scenario from its JSON text (bytes must be UTF-8); ``source`` names it in sentences
    (default: "The scenario")."""
    source = source or i18n._("The scenario")
    if len(text) > MAX_BYTES:
        raise ScenarioError(i18n._("{source} is larger than {count} bytes, the limit for a scenario.").format(
            source=source, count=i18n.number(MAX_BYTES)))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError(i18n._("{source} is not UTF-8 text: a scenario is JSON written in UTF-8.").format(
                source=source)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(i18n._("The scenario is not valid JSON: {error} at line {line}, column {column}.").format(
            error=error.msg, line=error.lineno, column=error.colno)) from None
    except ValueError:  # an integer of thousands of digits
        raise ScenarioError(i18n._("The scenario holds a number too long to read.")) from None
    except RecursionError:
        raise ScenarioError(i18n._("The scenario nests lists or objects too deeply to read.")) from None
    return parse(data)


def read_bounded(path: str | Path) -> bytes:
    """The bytes of a regular file, at most ``MAX_BYTES + 1`` of them.  Opened without blocking,
    so a FIFO is refused instead of waited on; a device such as /dev/zero is refused too."""
    name = shown(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise ScenarioError(i18n._("Cannot read {name}: {error}.").format(
            name=name, error=error.strerror or i18n._("the system refused"))) from None
    except ValueError:  # a NUL byte, or a character no file name can hold
        raise ScenarioError(i18n._("Cannot read {name}: no file name holds that character.").format(name=name)) \
            from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ScenarioError(i18n._("Cannot read {name}: it is not a regular file (a folder, a device or a "
                                       "pipe).").format(name=name))
        data = bytearray()
        while len(data) <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - len(data))
            if not chunk:
                break
            data += chunk
        return bytes(data)
    except OSError as error:
        raise ScenarioError(i18n._("Cannot read {name}: {error}.").format(
            name=name, error=error.strerror or i18n._("the system refused"))) from None
    finally:
        os.close(fd)


def load(path: str | Path) -> Scenario:
    return loads(read_bounded(path), source=i18n._("The file {name}").format(name=shown(str(path))))


def builtin_names(game: str | None = None) -> list[str]:
    """Names of the teaching scenarios shipped with cardlab (optionally for one game)."""
    folder = resources.files("cardlab") / "scenarios"
    names = sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))
    return [n for n in names if game is None or n.startswith(game + "-")]


def nearest_names(name: str, count: int = 3) -> list[str]:
    """A few shipped scenarios to suggest for ``name``: those of its game when it starts with a
    game's key, else the first of all."""
    game = next((key for key in GAMES if name.startswith(key)), None)
    return (builtin_names(game) or builtin_names())[:count]


def builtin(name: str) -> Scenario:
    """A teaching scenario shipped with cardlab, by name (``"tressette-thirds"``)."""
    path = resources.files("cardlab") / "scenarios" / f"{name}.json"
    if not _BUILTIN_NAME.fullmatch(name) or not path.is_file():
        raise ScenarioError(i18n._("There is no scenario called {name}; there are, for example, {names}: "
                                   "python -m cardlab scenarios lists them all.").format(
            name=shown(name), names=", ".join(nearest_names(name))))
    return loads(path.read_bytes(), source=i18n._("The scenario {name}").format(name=name))


@dataclass(frozen=True)
class Outcome:
    """A scenario replayed as far as it goes: the hand, the first error if any, and the match
    sheet before the hand (set whenever ``hand`` is)."""

    scenario: Scenario | None
    hand: Hand | None
    error_action: int | None = None
    error: str | None = None
    match: MatchState | None = None


def run(scenario: Scenario) -> Outcome:
    """Deal and replay a scenario, stopping at the first illegal or unreadable action."""
    try:
        rules = scenario.rules()
        if scenario.dealer not in rules.seats:
            raise ScenarioError(i18n._("\"dealer\" must be one of {seats}, not {value}.").format(
                seats=", ".join(rules.seats), value=shown(scenario.dealer)))
        match = scenario.match_state(rules)
        hand = Hand.start(rules, scenario.dealer)
        deal = scenario.deal_action(rules)
        problem = rules.why_illegal(hand.state, deal)
        if problem:
            raise ScenarioError(i18n._("The deal is not possible: {problem}").format(problem=problem))
        hand = hand.then(deal)
    except ScenarioError as error:
        return Outcome(scenario, None, None, str(error))
    for index, text in enumerate(scenario.actions):
        try:
            hand = hand.then(text)
        except (ActionError, IllegalAction) as error:
            return Outcome(scenario, hand, index, str(error), match)
    return Outcome(scenario, hand, match=match)


def named(name: str) -> Scenario:
    """A shipped scenario by name, or a scenario file by its path (a name ending in ``.json``)."""
    return load(name) if name.endswith(".json") else builtin(name)


def run_for(scenario: Scenario, game: str) -> Outcome:
    """:func:`run` for a table or a picture of ``game``: a scenario of another game, or one whose
    deal cannot be played, raises :class:`ScenarioError` with one sentence; a later illegal action
    stays in the outcome (its hand goes as far as the scenario is legal)."""
    if scenario.game != game:
        raise ScenarioError(i18n._("The scenario is for another game ({game}), not {title}.").format(
            game=scenario.game, title=get_rules(game).title))
    outcome = run(scenario)
    if outcome.hand is None:
        raise ScenarioError(outcome.error)
    return outcome


def result_json(result: HandResult) -> dict[str, Any]:
    return {"points": {side: fraction_text(v) for side, v in result.points.items()},
            "score": {side: jsonable(v) for side, v in result.score.items()},
            "parts": {side: {name: fraction_text(v) for name, v in part.items()}
                      for side, part in result.parts.items()}}


def match_json(rules: TrickGame, match: MatchState) -> dict[str, Any]:
    """``totals`` holds what a scenario's ``match`` holds, ready for the next hand's scenario."""
    return {"totals": {key: jsonable(v) for key, v in rules.match_to_json(match).items()},
            "over": match.over, "winner": match.winner}


def jsonable(value: int | str | Fraction) -> int | str:
    """A whole number or a text as itself, an exact fraction (Quadrille's chips) written as ``5 2/3``."""
    return fraction_text(value) if isinstance(value, Fraction) else value


def report(outcome: Outcome) -> dict[str, Any]:
    """The JSON object printed by ``python -m cardlab replay``."""
    out: dict[str, Any] = {"tricks": [], "trick": None, "to_act": None, "legal": [], "over": False,
                           "result": None, "match": None, "error": None}
    if outcome.hand is not None:
        rules, state = outcome.hand.rules, outcome.hand.state
        out["tricks"] = [{"leader": t.leader, "plays": [f"{s} {c}" for s, c in t.plays], "winner": t.winner}
                         for t in state.tricks]
        if state.trick is not None and state.trick.plays:
            out["trick"] = {"leader": state.trick.leader,
                            "plays": [f"{s} {c}" for s, c in state.trick.plays]}
        out["to_act"] = state.to_act
        out["legal"] = [str(a.card) if hasattr(a, "card") else str(a) for a in rules.legal(state)]
        out["over"] = state.over
        if state.over and outcome.match is not None:  # set whenever the hand is
            settled = rules.settle(outcome.match, rules.score(state))
            out["result"] = result_json(settled.results[-1])  # as settled against the match (a carried pot)
            out["match"] = match_json(rules, settled)
    if outcome.error is not None:
        out["error"] = {"action": outcome.error_action, "message": outcome.error}
    return out
