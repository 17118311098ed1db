"""Issue 21: a game declares what it is (``cardlab.games.GameTraits``), and no engine code outside
``cardlab/games/`` tests a game's name; the players, practice and lessons read the traits."""
from __future__ import annotations

import ast
from pathlib import Path

from cardlab.games import GAMES, get_rules, traits
from cardlab.lesson import games
from cardlab.practice.order import FEATURES
from cardlab.practice.signals import DRILLS

CARDLAB = Path(__file__).resolve().parent.parent / "cardlab"


CONTEXTS = {"pgettext", "mark"}
"""cardlab.i18n's calls whose first argument is a catalog context (``msgctxt``): a game's key there
chooses the game's own words for a sentence, it tests nothing."""


def contexts(tree: ast.AST) -> set[int]:
    """The context arguments of the translation calls in ``tree``."""
    return {id(node.args[0]) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args
            and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in CONTEXTS}


def named_games_outside_games() -> list[str]:
    """Every string constant in cardlab/ (outside cardlab/games/) that is a game's key, docstrings and
    translation contexts aside."""
    found = []
    for path in sorted(CARDLAB.rglob("*.py")):
        if CARDLAB / "games" in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)} | contexts(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in GAMES and id(node) not in allowed:
                found.append(f"{path.relative_to(CARDLAB.parent)}:{node.lineno} {node.value!r}")
    return found


def test_no_engine_code_outside_the_games_names_a_game():
    assert named_games_outside_games() == []


def test_only_the_context_of_a_translation_is_let_pass():
    tree = ast.parse('if game == "tressette":\n    say(i18n.pgettext("tressette", "busso"), mark("aluette", "x"))')
    named = [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value in GAMES]
    assert [id(node) in contexts(tree) for node in named] == [False, True, True]


def test_the_practice_tables_come_from_the_declarations():
    assert {key: [f.name for f in features] for key, features in FEATURES.items()} == \
        {key: list(game.traits.deal_features) for key, game in GAMES.items() if game.traits.deal_features}
    assert {key: list(drills) for key, drills in DRILLS.items()} == \
        {key: list(game.traits.signal_drills) for key, game in GAMES.items() if game.traits.signal_drills}


def test_an_option_may_change_the_units():
    assert traits(get_rules("quadrille")).units == "chips"
    assert traits(get_rules("quadrille", scoring="points")).units == "points"


def test_the_games_table_links_each_declared_lesson():
    shown = games()
    for game in GAMES.values():
        assert f'href="{game.traits.lesson}"' in shown.html
        assert f"{game.title}: {game.traits.where}" in shown.text
