"""Scenarios: one small JSON format for tests, notebooks, bug reports and the classroom.

::

    {"format": "cardlab.scenario/1", "game": "tressette", "options": {},
     "dealer": "N", "seed": 7,                       # or an explicit "deal" (it wins over seed)
     "deal": {"N": [10 codes], "E": [...], "S": [...], "W": [...]},
     "actions": ["W plays 7D", "S plays 3D", ...],
     "match": {"NS": 16, "EW": 17},                  # totals before this hand (optional)
     "notes": {"3": "caption shown at step 3"},      # step k = after k actions; 0 = just dealt
     "title": "...", "description": "..."}           # optional, shown by the table

A ``deal`` may hold, besides the seats, the game's extras: ``"turned"`` (a card code) or
``"rest"`` (a list).  :func:`run` replays a scenario as far as it is legal and :func:`report`
writes the JSON the ``replay`` command prints.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from .actions import ActionError, Deal
from .cards import CardError, parse_cards
from .games import get_rules
from .points import fraction_text
from .record import Hand
from .rules import HandResult, IllegalAction, MatchState, OptionError, TrickGame

FORMAT = "cardlab.scenario/1"
KEYS = {"format", "game", "options", "dealer", "seed", "deal", "actions", "match", "notes",
        "title", "description"}


class ScenarioError(ValueError):
    """A scenario file that cannot be read; the text says what is wrong."""


@dataclass(frozen=True)
class Scenario:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    dealer: str = "N"
    seed: int | None = None
    deal: dict[str, Any] | None = None
    actions: tuple[str, ...] = ()
    match: dict[str, int] | None = None
    notes: dict[int, str] = field(default_factory=dict)
    title: str = ""
    description: str = ""

    def rules(self) -> TrickGame:
        try:
            return get_rules(self.game, **self.options)
        except OptionError as error:
            raise ScenarioError(str(error)) from None

    def deal_action(self, rules: TrickGame) -> Deal:
        if self.deal is None:
            return rules.deal(self.dealer, self.seed)
        hands, extras = [], []
        for name, codes in self.deal.items():
            try:
                cards = parse_cards(codes)
            except CardError as error:
                raise ScenarioError(f"In the deal for {name}: {error}") from None
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
        for key in ("match", "title", "description"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.notes:
            data["notes"] = {str(k): v for k, v in sorted(self.notes.items())}
        return data


def parse(data: Any) -> Scenario:
    """Check a decoded scenario and build it; anything wrong raises ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError("A scenario is a JSON object with at least \"format\" and \"game\".")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScenarioError(f"Unknown key {unknown[0]!r} in the scenario; the keys are {', '.join(sorted(KEYS))}.")
    if data.get("format") != FORMAT:
        raise ScenarioError(f"\"format\" must be \"{FORMAT}\", not {data.get('format')!r}.")
    game = data.get("game")
    if not isinstance(game, str):
        raise ScenarioError("\"game\" must name a game, such as \"tressette\".")
    checks = {"options": dict, "dealer": str, "deal": dict, "actions": list, "match": dict,
              "notes": dict, "title": str, "description": str}
    for key, kind in checks.items():
        if key in data and data[key] is not None and not isinstance(data[key], kind):
            raise ScenarioError(f"\"{key}\" must be a JSON {'object' if kind is dict else 'list' if kind is list else 'string'}.")
    for name, codes in (data.get("deal") or {}).items():
        if not isinstance(codes, (list, str)) or not all(isinstance(code, str) for code in codes):
            raise ScenarioError(f"The deal for {name} must be a list of card codes such as [\"3D\", \"KnC\"].")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ScenarioError("\"seed\" must be a whole number.")
    actions = data.get("actions") or []
    if not all(isinstance(a, str) for a in actions):
        raise ScenarioError("Every entry of \"actions\" must be a string such as \"W plays 7D\".")
    match = data.get("match")
    if match is not None and not all(isinstance(v, int) and not isinstance(v, bool) for v in match.values()):
        raise ScenarioError("\"match\" holds whole-number totals, such as {\"NS\": 16, \"EW\": 17}.")
    notes: dict[int, str] = {}
    for key, text in (data.get("notes") or {}).items():
        if not str(key).isdigit() or not isinstance(text, str):
            raise ScenarioError(f"\"notes\" keys are step numbers and values captions; {key!r} is not.")
        notes[int(key)] = text
    return Scenario(game=game, options=data.get("options") or {}, dealer=data.get("dealer") or "N",
                    seed=seed, deal=data.get("deal"), actions=tuple(actions), match=match,
                    notes=notes, title=data.get("title") or "", description=data.get("description") or "")


def loads(text: str) -> Scenario:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(f"The scenario is not valid JSON: {error.msg} at line {error.lineno}, "
                            f"column {error.colno}.") from None
    return parse(data)


def load(path: str | Path) -> Scenario:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"Cannot read {path}: {error.strerror}.") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path} is not a text file: a scenario is JSON written in UTF-8.") from None
    return loads(text)


def builtin_names(game: str | None = None) -> list[str]:
    """Names of the teaching scenarios shipped with cardlab (optionally for one game)."""
    folder = resources.files("cardlab") / "scenarios"
    names = sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))
    return [n for n in names if game is None or n.startswith(game + "-")]


def builtin(name: str) -> Scenario:
    """A teaching scenario shipped with cardlab, by name (``"tressette-thirds"``)."""
    path = resources.files("cardlab") / "scenarios" / f"{name}.json"
    if not path.is_file():
        raise ScenarioError(f"There is no scenario called {name!r}; there are: {', '.join(builtin_names())}.")
    return loads(path.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Outcome:
    """A scenario replayed as far as it goes: the hand, and the first error if any."""

    scenario: Scenario | None
    hand: Hand | None
    error_action: int | None = None
    error: str | None = None


def run(scenario: Scenario) -> Outcome:
    """Deal and replay a scenario, stopping at the first illegal or unreadable action."""
    try:
        rules = scenario.rules()
        if scenario.dealer not in rules.seats:
            raise ScenarioError(f"\"dealer\" must be one of {', '.join(rules.seats)}, not {scenario.dealer!r}.")
        if scenario.match is not None and set(scenario.match) != set(rules.sides):
            raise ScenarioError(f"\"match\" must give a total for each of {', '.join(rules.sides)}.")
        hand = Hand.start(rules, scenario.dealer)
        deal = scenario.deal_action(rules)
        problem = rules.why_illegal(hand.state, deal)
        if problem:
            raise ScenarioError(f"The deal is not possible: {problem}")
        hand = hand.then(deal)
    except ScenarioError as error:
        return Outcome(scenario, None, None, str(error))
    for index, text in enumerate(scenario.actions):
        try:
            hand = hand.then(text)
        except (ActionError, IllegalAction) as error:
            return Outcome(scenario, hand, index, str(error))
    return Outcome(scenario, hand)


def result_json(result: HandResult) -> dict[str, Any]:
    return {"points": {side: fraction_text(v) for side, v in result.points.items()},
            "score": {side: jsonable(v) for side, v in result.score.items()},
            "parts": {side: {name: fraction_text(v) for name, v in part.items()}
                      for side, part in result.parts.items()}}


def match_json(match: MatchState) -> dict[str, Any]:
    return {"totals": {side: jsonable(v) for side, v in match.totals.items()}, "over": match.over,
            "winner": match.winner}


def jsonable(value: int | Fraction) -> int | str:
    """A whole number as itself, an exact fraction (Quadrille's chips) written as ``5 2/3``."""
    return value if isinstance(value, int) else fraction_text(value)


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
        if state.over:
            result = rules.score(state)
            scenario = outcome.scenario
            settled = rules.settle(rules.new_match(scenario.dealer, scenario.match), result)
            out["result"] = result_json(settled.results[-1])  # as settled against the match (a carried pot)
            out["match"] = match_json(settled)
    if outcome.error is not None:
        out["error"] = {"action": outcome.error_action, "message": outcome.error}
    return out
