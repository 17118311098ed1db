"""The small pages ``tests/browser/notebooks/pages_*.ipynb`` are cut from a lesson: each names its
lesson (``metadata.cardlab.cut_from``), speaks its language and has its title, uses the app's page
template, and every code cell of it is a code cell of that lesson, word for word and in the
lesson's order, the lesson's first cell (the one that sets the language) first.  So a browser test
on the small page sees what a learner sees on the lesson page, and a lesson changed without its test
page fails here."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = sorted((REPO / "tests" / "browser" / "notebooks").glob("pages_*.ipynb"))


def code_cells(notebook: dict) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_there_are_such_pages() -> None:
    assert [path.stem for path in PAGES] == ["pages_fr_aluette_practice", "pages_fr_quatre_sept_ties"]


@pytest.mark.parametrize("path", PAGES, ids=[path.stem for path in PAGES])
def test_a_page_is_cut_from_its_lesson(path: Path) -> None:
    page = json.loads(path.read_text(encoding="utf-8"))
    meta = page["metadata"]
    lesson = json.loads((REPO / "notebooks" / meta["cardlab"]["cut_from"]).read_text(encoding="utf-8"))
    assert meta["voila"] == {"template": "cardlab"}
    assert meta["cardlab"]["lang"] == lesson["metadata"]["cardlab"]["lang"]
    assert meta["title"] == lesson["metadata"]["title"]
    mine, theirs = code_cells(page), code_cells(lesson)
    assert mine[0] == theirs[0], "the page does not start with the lesson's first cell"
    assert all(cell in theirs for cell in mine), [cell for cell in mine if cell not in theirs]
    assert [theirs.index(cell) for cell in mine] == sorted(theirs.index(cell) for cell in mine)
    assert len(set(mine)) == len(mine)
