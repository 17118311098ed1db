"""A page of card tables alone, for the browser tests that need a table and not a whole lesson.

``tests/browser/notebooks/table_page.ipynb`` is rendered by Voilà's server extension inside the
``lab_url`` server (as ``test_practice.py`` serves its page); the query string names the tables:
``open_tables(page, lab_url, "tressette,seed=0", "quadrille,players=5")`` opens a page showing
``Table("tressette", seed=0)`` then ``Table("quadrille", players=5)`` and returns their locators once
every board is drawn; ``lang="fr"`` builds them in French (the page's ``lang=``).  A lesson page holds tens of thousands of DOM nodes and many widgets; this one
holds only the tables asked for.

``settle(table)`` scrolls a table to the top of the view and waits until it and its board stay put
(a resize redraws the boards for the new width and the page reflows under the scroll)."""
from __future__ import annotations

import ast
import json
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Locator, Page, expect

from cardlab.games import GAMES
from tests.servers import REPO

PAGE = "/voila/render/tests/browser/notebooks/table_page.ipynb"
LOAD_MS = 120_000
"""A page's kernel starts and imports the engine before its tables show: long on a loaded machine."""


def tables_url(lab_url: str, *specs: str, lang: str = "en", tutorial: str = "") -> str:
    """The address of the page showing one table per spec ("game,name=value,…") in ``lang``, and
    with ``tutorial`` that game's guided hand below them."""
    query = [("lang", lang)] + [("table", spec) for spec in specs] + ([("tutorial", tutorial)] if tutorial else [])
    return f"{lab_url}{PAGE}?{urlencode(query)}"


def open_tables(page: Page, lab_url: str, *specs: str, timeout_ms: int = LOAD_MS, lang: str = "en") -> list[Locator]:
    """Open the page of ``specs``' tables in ``lang`` and wait until each shows its board."""
    page.goto(tables_url(lab_url, *specs, lang=lang), timeout=timeout_ms)
    return drawn(page, len(specs), timeout_ms)


def drawn(page: Page, count: int, timeout_ms: int = LOAD_MS) -> list[Locator]:
    """The page's ``count`` tables, once each shows its board."""
    tables = page.locator(".cardlab-table")
    expect(tables).to_have_count(count, timeout=timeout_ms)
    found = [tables.nth(place) for place in range(count)]
    for table in found:
        expect(table.locator(".cardlab-board svg.cardlab")).to_be_visible(timeout=timeout_ms)
    return found


_SETTLED_JS = """table => {
    table.scrollIntoView({block: 'start'});
    const board = table.querySelector('.cardlab-board svg.cardlab');
    if (!board) return false;
    const t = table.getBoundingClientRect(), b = board.getBoundingClientRect();
    const now = [t.y, b.x, b.y, b.width, b.height].map(Math.round).join(' ');
    const seen = table.__cardlabSettle || (table.__cardlabSettle = {now: null, times: 0});
    seen.times = seen.now === now ? seen.times + 1 : 0;
    seen.now = now;
    return seen.times >= 3 && Math.abs(t.y) < 2;
}"""


def settle(table: Locator, timeout_ms: int = 60_000) -> None:
    """Scroll ``table`` to the top of the view and wait until it and its board have stayed put for
    three looks in a row (the boards redraw for a new width and the page reflows under the scroll)."""
    table.page.wait_for_function(_SETTLED_JS, arg=table.element_handle(), polling=150, timeout=timeout_ms)


def choose_file(page: Page, name: str, content: bytes) -> None:
    """Give the page's "Open scenario…" a file of that name and content, as a person choosing it does."""
    with page.expect_file_chooser() as chooser:
        page.click(".cardlab-open")
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": content})


def lesson_tables() -> list[tuple[str, str, dict[str, Any]]]:
    """Every game's free tables as its lesson makes them (the cells' ``Table(...)`` without a
    scenario), in the registry's order: (lesson, game, arguments).  A game whose lesson makes none
    fails here: each lesson has a free game."""
    found = []
    for game, rules in GAMES.items():
        lesson = rules.traits.lesson      # type: ignore[attr-defined]
        cells = json.loads((REPO / "notebooks" / lesson).read_text(encoding="utf-8"))["cells"]
        source = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        made = [call for call in ast.walk(ast.parse(source)) if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name) and call.func.id == "Table"]
        mine = [{keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
                for call in made if call.args and ast.literal_eval(call.args[0]) == game]
        free = [(lesson, game, arguments) for arguments in mine if "scenario" not in arguments]
        assert free, f"{lesson} makes no free table of {game}"
        found += free
    return found


def spec(game: str, arguments: dict[str, Any]) -> str:
    """The page's spec of ``Table(game, **arguments)``."""
    return ",".join([game] + [f"{name}={str(value).lower() if isinstance(value, bool) else value}"
                              for name, value in arguments.items()])
