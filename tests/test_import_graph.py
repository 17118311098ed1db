"""No import circle inside the engine: the graph of which ``cardlab`` module imports which, read from
the source (every import statement, at module level, inside a function or under ``TYPE_CHECKING``),
has no cycle.  A circle makes the import order matter and hides which module is the lower one; an
import moved into a function to dodge one is still counted.  The views (``cardlab.widgets``) are
not part of it.  Importing a submodule also runs its package's ``__init__``; that implicit step is
not an edge, or every package that re-exports its modules would be a circle.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VIEWS = "cardlab.widgets"


def module_names(package: Path) -> dict[str, Path]:
    """Every module under ``package`` (a folder named ``cardlab``) by dotted name, views left out."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name != VIEWS and not name.startswith(VIEWS + "."):
            names[name] = path
    return names


def imported(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[str]:
    """The dotted names one import statement of module ``here`` brings in (``from x import y``
    names ``x.y`` as well as ``x``: ``y`` may be a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = here.split(".") if is_package else here.split(".")[:-1]
        anchor = package[:len(package) - node.level + 1]
        base = ".".join(anchor + ([base] if base else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module's imports of other modules of the package."""
    modules = module_names(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = imported(node, name, path.name == "__init__.py")
                if isinstance(node, ast.ImportFrom):
                    modules_named = [n for n in names[1:] if n in modules]
                    names = modules_named or names[:1]
                edges.update(n for n in names if n in modules and n != name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as its modules in order, the first repeated at the end; None if none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, following = stack[-1]
            step = next(following, None)
            if step is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif step in on_path:
                return path[path.index(step):] + [step]
            elif step not in done:
                stack.append((step, iter(sorted(graph[step]))))
                path.append(step)
                on_path.add(step)
    return None


def test_the_engine_has_no_import_circle():
    cycle = find_cycle(import_graph(ROOT / "cardlab"))
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_graph_sees_imports_of_every_kind():
    graph = import_graph(ROOT / "cardlab")
    assert "cardlab.state" in graph["cardlab.rules"]  # module level, relative
    assert "cardlab.scenario" in graph["cardlab.lesson"]  # inside a function
    assert "cardlab.games.quadrille.rules" in graph["cardlab.lesson"]  # a submodule, inside a function
    assert "cardlab.render.scene" in graph["cardlab.rules"]  # a module of a subpackage
    assert not any(name.startswith(VIEWS) for name in graph)


def test_a_circle_is_named(tmp_path):
    package = tmp_path / "cardlab"
    (package / "render").mkdir(parents=True)
    (package / "__init__.py").write_text("from .cards import Card\n")
    (package / "cards.py").write_text("class Card:\n    def picture(self):\n"
                                      "        from .render.cards import card_svg\n        return card_svg(self)\n")
    (package / "render" / "__init__.py").write_text("")
    (package / "render" / "cards.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                                 "    from ..cards import Card\n")
    assert find_cycle(import_graph(package)) == ["cardlab.cards", "cardlab.render.cards", "cardlab.cards"]
    (package / "cards.py").write_text("class Card:\n    pass\n")
    assert find_cycle(import_graph(package)) is None


def test_the_drawing_gives_the_engine_its_notebook_pictures():
    from cardlab import Card, get_rules
    rules = get_rules("tressette")
    match = rules.new_match()
    assert 'data-card="KnD"' in Card.parse("KnD")._repr_svg_()
    assert "cardlab-panel" in match._repr_html_()
