"""Every lesson notebook, English (``notebooks/X.ipynb``) or translated (``notebooks/fr/X.ipynb``,
``notebooks/it/X.ipynb``), runs from top to bottom, every code cell shows something, and the
deterministic cells (first line ``# NBVAL_CHECK_OUTPUT``) print exactly their golden text. A
translated lesson is its English lesson's page in another language: its kernel speaks that language
from the first cell on (``i18n.install``), its metadata names the language and a title, and its code
cells show the same widgets in the same order.

nbval (run over ``notebooks/`` by pytest's settings) executes the notebooks too, but it compares
only cells whose stored reference was run, and our notebooks are committed without outputs; the
golden files in ``tests/golden/notebooks/<notebook>.<cell id>.txt`` are the reference instead
(``fr-<notebook>.<cell id>.txt`` and ``it-…`` for the translated lessons).
Set ``CARDLAB_WRITE_GOLDEN=1`` to write a missing golden file after checking it by eye.
"""
from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks"
TRANSLATED = ("fr", "it")
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb")) + [path for lang in TRANSLATED
                                               for path in sorted((LESSONS / lang).glob("*.ipynb"))]
GOLDEN = Path(__file__).parent / "golden" / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"


def name(path: Path) -> str:
    """``tressette`` for the English lesson, ``fr-tressette`` for its French page."""
    lang = path.parent.name
    return f"{lang}-{path.stem}" if lang in TRANSLATED else path.stem


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=name)
def executed(request) -> tuple[Path, nbformat.NotebookNode]:
    path = request.param
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return path, notebook


def code_cells(notebook: nbformat.NotebookNode) -> list:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_notebooks_are_found():
    assert {p.stem for p in NOTEBOOKS} >= {"index", "tressette"}


def test_every_cell_runs_and_shows_something(executed):
    path, notebook = executed
    for cell in code_cells(notebook)[1:]:
        kinds = [output.output_type for output in cell.outputs]
        assert "error" not in kinds, f"{path.name} cell {cell.id} failed"
        assert any(kind in ("display_data", "execute_result") for kind in kinds), \
            f"{path.name} cell {cell.id} shows nothing: a lesson cell must show something"


def test_deterministic_cells_match_their_golden_text(executed):
    path, notebook = executed
    checked = [cell for cell in code_cells(notebook) if cell.source.startswith(CHECK)]
    if path.stem in ("index", "tressette"):
        assert checked, f"{path.name} has no deterministic cell to check"
    for cell in checked:
        text = next(o.data["text/plain"] for o in cell.outputs if o.output_type == "execute_result")
        golden = GOLDEN / f"{name(path)}.{cell.id}.txt"
        if not golden.exists() and os.environ.get("CARDLAB_WRITE_GOLDEN"):
            golden.write_text(text + "\n", encoding="utf-8")
        assert golden.exists(), f"missing golden file {golden.name}; the cell printed:\n{text}"
        assert text + "\n" == golden.read_text(encoding="utf-8"), f"{path.name} cell {cell.id} changed"


def test_dealer_draw_is_refused_with_a_sentence_for_a_game_without_one():
    from cardlab import lesson
    with pytest.raises(ValueError, match="Tressette does not draw cards for the first dealer"):
        lesson.dealer_draw("tressette")


TRANSLATIONS = [path for path in NOTEBOOKS if path.parent.name in TRANSLATED]


def code_sources(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def calls(source: str) -> list[str]:
    """What a cell calls, in order (``Table``, ``Preview``, ``lesson.refusals``): the widgets it shows."""
    found = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    found.sort(key=lambda node: (node.lineno, node.col_offset))
    return [ast.unparse(node.func) for node in found if ast.unparse(node.func) != "i18n.install"]


def test_the_translated_lessons_are_found():
    assert TRANSLATIONS, "no notebooks/fr/*.ipynb nor notebooks/it/*.ipynb"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=name)
def test_a_translated_lesson_names_its_language_and_installs_it_first(path):
    lang = path.parent.name
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert metadata.get("cardlab") == {"lang": lang}, f"{name(path)}: metadata.cardlab.lang is not {lang!r}"
    assert metadata.get("title", "").endswith(" — cardlab"), f"{name(path)}: no title '… — cardlab'"
    assert metadata["kernelspec"]["name"] == "python3"
    first = code_sources(path)[0].splitlines()
    assert first[:2] == ["from cardlab import i18n", f'i18n.install("{lang}")'], \
        f"{name(path)}: the first code cell does not begin by installing {lang!r}: {first[:2]}"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=name)
def test_a_translated_lesson_shows_the_widgets_of_its_english_lesson(path):
    english = LESSONS / path.name
    assert english.is_file(), f"{name(path)} has no English lesson {english.name}"
    theirs, ours = code_sources(english), code_sources(path)
    assert [calls(source) for source in ours] == [calls(source) for source in theirs], \
        f"{name(path)}: its code cells do not show what {english.name}'s show, in that order"
    assert [source.startswith(CHECK) for source in ours] == [source.startswith(CHECK) for source in theirs], \
        f"{name(path)}: its deterministic cells are not where {english.name}'s are"


def test_the_served_app_preheats_a_kernel_for_the_english_lessons_only():
    """A preheated kernel per page is about 77 MB and a run of every cell at start: 24 pages would
    swamp a small server (pages then lost outputs). A translated page runs its cells when opened; a
    class server in French takes "fr/" out of ``preheat_denylist`` and gives its lesson a pool."""
    denied = json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["preheat_denylist"]
    for path in NOTEBOOKS:
        page = path.relative_to(LESSONS).as_posix()
        # Voilà's own test: the pattern is in the name, or matches its start
        preheated = not any(pattern in page or re.match(pattern, page) for pattern in denied)
        assert preheated == (path not in TRANSLATIONS), page
