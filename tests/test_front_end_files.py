"""The views' browser code lives in .js and .css files (issue 21, item 3): no script or stylesheet
in a Python string under widgets/, every anywidget's ``_esm`` and ``_css`` made from those files,
one board module for what the views share (the width is measured in one place), one click string,
and frames sent as complete pictures whose every reference resolves."""
from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
from pathlib import Path

import anywidget
import pytest

from cardlab.render.table import table_svg
from cardlab.widgets import front
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.svgview import Frame, SvgView, click_target

WIDGETS = Path(front.__file__).parent
FILES = {path.name for path in WIDGETS.iterdir() if path.suffix in (".js", ".css")}
NOT_A_VIEW = {"server.py"}
"""The app server: its own small error page (no widget, no kernel) carries its style and the page's
connection watcher (read from ``connection.js``) inline."""
MARKERS = json.loads(Path(__file__).with_name("front_end_markers.json").read_text(encoding="utf-8"))
"""What browser code looks like, kept beside the test as data (no script in a Python string)."""
BROWSER_CODE = re.compile(MARKERS["browser_code"])


def views() -> list[type[anywidget.AnyWidget]]:
    found = set()
    for path in sorted(WIDGETS.glob("*.py")):
        module = importlib.import_module(f"cardlab.widgets.{path.stem}")
        found |= {cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, anywidget.AnyWidget) and cls.__module__ == module.__name__}
    return sorted(found, key=lambda cls: cls.__qualname__)


@pytest.mark.parametrize("path", sorted(path for path in WIDGETS.glob("*.py") if path.name not in NOT_A_VIEW),
                         ids=lambda path: path.name)
def test_no_browser_code_in_a_python_string(path: Path) -> None:
    found = BROWSER_CODE.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} holds browser code: {found[:3]}"


def made_from_files(value: object, suffix: str) -> bool:
    """A FileContents of a file here, or a text that is one of the files (joined with what it
    imports, or followed by the panels' CSS from cardlab)."""
    text = str(value)
    built = {front.esm(name) for name in FILES if name.endswith(".js")}
    sources = [(WIDGETS / name).read_text(encoding="utf-8") for name in FILES if name.endswith(suffix)]
    return text in built or any(text.startswith(source) for source in sources)


def test_every_view_takes_its_browser_code_from_the_files() -> None:
    found = views()
    assert {"SvgView", "QuizBoard", "PreviewView", "AddressView", "PracticeSheet", "CompareSheet"} <= \
        {cls.__name__ for cls in found}
    for cls in found:
        assert made_from_files(cls._esm, ".js"), f"{cls.__name__}._esm is not one of widgets/*.js"
        if hasattr(cls, "_css"):
            assert made_from_files(cls._css, ".css"), f"{cls.__name__}._css is not one of widgets/*.css"


def test_the_views_share_one_board_module_and_measure_the_width_once() -> None:
    for name in ("svgview.js", "quiz.js", "preview.js"):
        assert "// ----- board.js" in front.esm(name), name
    measuring = sorted(name for name in FILES if MARKERS["width_measured"] in (WIDGETS / name).read_text())
    assert measuring == ["board.js"]
    clicking = sorted(name for name in FILES if MARKERS["click_set"] in (WIDGETS / name).read_text())
    assert clicking == ["board.js"]


@pytest.mark.parametrize("name", sorted(name for name in FILES if name.endswith(".js")
                                        and MARKERS["module_render"] in (WIDGETS / name).read_text()))
def test_each_built_module_loads_and_exports_render(tmp_path: Path, name: str) -> None:
    module = tmp_path / (name.removesuffix(".js") + ".mjs")
    module.write_text(front.esm(name), encoding="utf-8")
    done = subprocess.run(["node", str(Path(__file__).with_name("front_end_exports.mjs")), module.as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "function", done.stderr


def test_one_click_string_for_every_board() -> None:
    assert click_target("7H#1719999-abcde") == "7H"
    assert click_target("@E#3") == "@E"
    assert click_target("") == ""


def test_the_quiz_reads_the_click_string_of_a_card() -> None:
    quiz = Quiz("quatre_sept", kinds=["legal"], seed=7)
    code = quiz.question.answer[0]
    quiz.board.clicked = f"{code}#1"
    assert quiz.toggles[code].value
    assert f'data-card="{code}"' in quiz.board.svg and "selected" in quiz.board.svg


def test_the_quiz_reads_the_click_string_of_a_seat_and_of_a_card_played() -> None:
    for target in ("seat", "card"):
        quiz = Quiz("aluette", kinds=["trick-winner"], seed=1)
        seat = quiz.question.answer or next(iter(quiz.rules.seats))
        card = quiz.state.tricks[-1].card_of(seat)
        quiz.board.clicked = f"@{seat}#7" if target == "seat" or card is None else f"{card}#7"
        right = quiz.question.answer is not None
        assert (quiz.asked, quiz.right, quiz.missed) == ((1, 1, 0) if right else (0, 0, 1)), target


def test_the_quiz_reads_the_click_string_of_one_of_two_cards() -> None:
    quiz = Quiz("vache", kinds=["stronger"], seed=5)
    quiz.board.clicked = f"{quiz.question.cards[0]}#3"
    right = quiz.question.answer == [quiz.question.cards[0]]
    assert (quiz.asked, quiz.right, quiz.missed) == ((1, 1, 0) if right else (0, 0, 1))


def dangling(svg: str) -> set[str]:
    """The references of a picture that name no element of it."""
    ids = set(re.findall(r' id="([^"]+)"', svg))
    return (set(re.findall(r'href="#([^"]+)"', svg)) | set(re.findall(r"url\(#([^)]+)\)", svg))) - ids


def test_frames_travel_as_complete_pictures() -> None:
    from cardlab import Hand, get_rules
    from cardlab.bots import SimpleBot, next_action

    rules = get_rules("tressette")
    state = Hand.dealt(rules, rules.seats[0], 3).state
    pictures = []
    for _ in range(4):
        state = rules.apply(state, next_action(rules, state, SimpleBot(), None))
        pictures.append(table_svg(rules.scene(state, "S")))
    board = SvgView()
    board.paint(pictures[-1], "the board", [Frame(svg, f"frame {n}", "") for n, svg in enumerate(pictures[:-1])])
    sent = board.get_state()
    assert sent["frames"] == pictures[:-1] and sent["svg"] == pictures[-1]
    for picture in sent["frames"]:
        assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
        assert not dangling(picture)
