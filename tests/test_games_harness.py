"""The browser tests' small pages show what the lessons show: every widget a page of
``tests/browser/notebooks/games_*.ipynb`` builds is built by its lesson with the same call (game,
scenario, seed, options), and a page's calls from one lesson come in the lesson's order.  So a
browser test on the small page sees the deal, the questions and the pictures a learner sees on the
lesson page, and a lesson changed without its test page fails here."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = REPO / "tests" / "browser" / "notebooks"
LESSONS = REPO / "notebooks"
FROM = {
    "games_tressette": ["tressette"],
    "games_sixty_six": ["soixante_six"],
    "games_quadrille": ["quadrille"],
    "games_quatre_sept": ["quatre_sept"],
    "games_aluette": ["aluette"],
    "games_quiz": ["tressette", "quadrille"],
    "games_progress_quiz": ["tressette"],
    "games_progress_guide": ["quadrille"],
    "games_progress_landing": ["index"],
}
"""Each test page and the lessons its widgets come from."""


def code_lines(path: Path) -> list[str]:
    """The code cells' lines, in order, without imports, comments and blank lines."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    lines = [line.strip() for cell in cells if cell["cell_type"] == "code"
             for line in "".join(cell["source"]).splitlines()]
    return [line for line in lines if line and not line.startswith(("#", "from ", "import "))]


def test_every_test_page_is_listed_here() -> None:
    assert sorted(path.stem for path in PAGES.glob("games_*.ipynb")) == sorted(FROM)


@pytest.mark.parametrize("page", sorted(FROM))
def test_a_test_page_builds_its_widgets_as_its_lessons_do(page: str) -> None:
    calls = code_lines(PAGES / f"{page}.ipynb")
    assert calls, f"{page} builds nothing"
    lessons = {lesson: code_lines(LESSONS / f"{lesson}.ipynb") for lesson in FROM[page]}
    for call in calls:
        assert any(call in lines for lines in lessons.values()), \
            f"{page}: {call} is not a call of {', '.join(FROM[page])}"
    for lesson, lines in lessons.items():
        mine = [call for call in calls if call in lines]
        assert [lines.index(call) for call in mine] == sorted(lines.index(call) for call in mine), \
            f"{page}: the calls from {lesson} are not in the lesson's order"
