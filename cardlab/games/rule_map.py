"""A game's rule map: every rule of its register with where it comes from, the code that enforces it,
the tests that check it and where the learner meets it (the lesson's section, the guided hand, the
quiz questions, the puzzles).  Shown folded at the end of each lesson and by ``python -m cardlab
rules GAME``.

Why: a teacher or a reviewer who doubts a rule follows it from the source's words to the line that
plays it and the test that holds it, and sees how a learner practises it.  The map is made from the
register (:mod:`cardlab.games.register`), so it cannot drift from it.  The tests are found in the
repository's ``tests/`` (their ``@pytest.mark.rule`` marks); an installed kit without them says so.
"""
from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from .. import i18n
from ..lesson import Shown
from ..practice.quiz_run import KIND_NAMES
from ..puzzles.themes import theme_title
from . import GAMES
from .concepts import declared
from .register import OUR_READING, Rule, enforcer

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def register(game: str) -> tuple[Rule, ...]:
    """The rules of ``game`` (its folder's ``register.py``); an unknown game raises ValueError."""
    if game not in GAMES:
        raise ValueError(i18n._("{game} is not a game here: the games are {games}.").format(
            game=repr(game[:40]), games=", ".join(GAMES)))
    rules: tuple[Rule, ...] = importlib.import_module(f"{__package__}.{game}.register").RULES
    return rules


@cache
def marked_tests() -> dict[str, tuple[str, ...]]:
    """Each rule id named by a ``@pytest.mark.rule(...)`` in ``tests/``: the tests that name it
    (``tests/test_x.py::test_name``); empty when the kit is installed without its tests."""
    found: dict[str, list[str]] = {}
    if not TESTS.is_dir():
        return {}
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "mark.rule(" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for mark in node.decorator_list:
                if (isinstance(mark, ast.Call) and isinstance(mark.func, ast.Attribute)
                        and mark.func.attr == "rule"):
                    for arg in mark.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.setdefault(arg.value, []).append(
                                f"{path.relative_to(ROOT).as_posix()}::{node.name}")
    return {rule: tuple(tests) for rule, tests in found.items()}


def code_place(rule: Rule) -> str:
    """Where the rule's code is: ``cardlab/games/tressette/rules.py:208`` (file and first line)."""
    found = inspect.unwrap(enforcer(rule))  # type: ignore[arg-type]
    target = found.fget if isinstance(found, property) and found.fget else found
    try:
        file = Path(inspect.getsourcefile(target) or "")
        line = inspect.getsourcelines(target)[1]
    except (TypeError, OSError):
        return rule.code
    try:
        shown = file.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown = file.name
    return f"{shown}:{line}"


@dataclass(frozen=True)
class Practice:
    """Where a learner does a rule: the guided hand's steps, the quiz tags and the puzzle themes of
    the concepts the rule names."""

    steps: int
    quiz: tuple[str, ...]
    themes: tuple[str, ...]


def practice(rule: Rule) -> Practice:
    from ..tutorial import builtin

    taught = [concept for concept in declared(rule.game) if concept.key in rule.concepts]
    tutorial = builtin(rule.game)
    steps = sum(1 for step in tutorial.steps if set(step.concepts) & set(rule.concepts))
    steps += bool(set(tutorial.end_concepts) & set(rule.concepts))
    return Practice(steps, tuple(dict.fromkeys(tag for concept in taught for tag in concept.quiz)),
                    tuple(dict.fromkeys(theme for concept in taught for theme in concept.themes)))


def source_words(rule: Rule) -> str:
    if rule.source == OUR_READING:
        return i18n._("our reading: {why}").format(why=rule.passage)
    if rule.source == "seed":
        return i18n._("the source document: {passage}").format(passage=rule.passage)
    return f"[{rule.source}] {rule.passage}"


def practice_words(found: Practice) -> list[str]:
    """Where the learner does the rule, one place a line: the guided hand, the quiz, the puzzles."""
    parts = []
    if found.steps:
        parts.append(i18n.ngettext("{count} step of the guided hand", "{count} steps of the guided hand",
                                   found.steps).format(count=i18n.number(found.steps)))
    kinds = dict.fromkeys(tag.partition("/")[0] for tag in found.quiz)
    if kinds:
        parts.append(i18n._("quiz: {kinds}").format(kinds=", ".join(i18n._(KIND_NAMES[kind]) for kind in kinds)))
    if found.themes:
        parts.append(i18n._("puzzles: {themes}").format(themes=", ".join(map(theme_title, found.themes))))
    return parts


def rows(game: str) -> list[dict[str, Any]]:
    """The map's rows, one per rule, as plain text (the command prints them as JSON)."""
    tests = marked_tests()
    made = []
    for rule in register(game):
        named = tests.get(rule.id, ())
        made.append({"rule": rule.id, "words": i18n._(rule.words),
                     "option": rule.option or "", "source": source_words(rule), "code": code_place(rule),
                     "tests": ", ".join(named) if TESTS.is_dir() else i18n._("in the repository's tests/"),
                     "lesson": f"#{rule.lesson}", "practice": practice_words(practice(rule))})
    return made


# five columns of a fixed share, wide enough to read at 1366 px; a narrower screen scrolls the table
COLUMNS = ('<colgroup><col style="width:27%"><col style="width:27%"><col style="width:14%">'
           '<col style="width:16%"><col style="width:16%"></colgroup>')
RULE_MAP_CSS = (".cardlab-rule-map table { table-layout: fixed; width: 100%; min-width: 60rem; font-size: 0.85em; }"
                " .cardlab-rule-map table.cardlab-panel td, .cardlab-rule-map table.cardlab-panel th {"
                " vertical-align: top; text-align: left;"
                " white-space: normal; overflow-wrap: anywhere; }"
                " .cardlab-rule-map summary { cursor: pointer; font-weight: 600; }")


def rule_map(game: str) -> Shown:
    """The folded rule map of ``game`` for its lesson: a table in a disclosure, and the same as text."""
    made = rows(game)
    head = [i18n._("Rule"), i18n._("Source"), i18n._("Code"), i18n._("Tests"), i18n._("Practice")]
    body = []
    for row in made:
        option = (f'<br><small>{escape(i18n._("option {name}").format(name=row["option"]))}</small>'
                  if row["option"] else "")
        tests = "<br>".join(f"<code>{escape(test.split('::')[-1])}</code>" for test in row["tests"].split(", ")
                            if test)
        body.append(f'<tr><td><a href="{escape(row["lesson"])}">{escape(row["words"])}</a>'
                    f'<br><code>{escape(row["rule"])}</code>{option}</td><td>{escape(row["source"])}</td>'
                    f'<td><code>{escape(row["code"])}</code></td><td>{tests}</td>'
                    f'<td>{"<br>".join(map(escape, row["practice"]))}</td></tr>')
    summary = i18n.ngettext("The rule map of {game}: {count} rule, where it comes from and what checks it",
                            "The rule map of {game}: {count} rules, where each comes from and what checks it",
                            len(made)).format(game=GAMES[game].title, count=i18n.number(len(made)))
    cells = "".join(f"<th>{escape(cell)}</th>" for cell in head)
    html = (f'<details class="cardlab-rule-map"><style>{RULE_MAP_CSS}</style><summary>{escape(summary)}</summary>'
            f'<div class="cardlab-scroll" role="region" tabindex="0" aria-label="{escape(summary)}">'
            f'<table class="cardlab-panel">{COLUMNS}<thead><tr>{cells}</tr></thead><tbody>{"".join(body)}</tbody>'
            f"</table></div></details>")
    text = "\n".join([summary] + [f"{row['rule']}: {row['words']} — {row['source']} — {row['code']}"
                                  for row in made])
    return Shown(html, text)
