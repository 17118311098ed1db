"""Every lesson notebook runs from top to bottom, every code cell shows something, and the
deterministic cells (first line ``# NBVAL_CHECK_OUTPUT``) print exactly their golden text.

nbval (run over ``notebooks/`` by pytest's settings) executes the notebooks too, but it compares
only cells whose stored reference was run, and our notebooks are committed without outputs; the
golden files in ``tests/golden/notebooks/<notebook>.<cell id>.txt`` are the reference instead.
Set ``CARDLAB_WRITE_GOLDEN=1`` to write a missing golden file after checking it by eye.
"""
from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
GOLDEN = Path(__file__).parent / "golden" / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda p: p.stem)
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
        golden = GOLDEN / f"{path.stem}.{cell.id}.txt"
        if not golden.exists() and os.environ.get("CARDLAB_WRITE_GOLDEN"):
            golden.write_text(text + "\n", encoding="utf-8")
        assert golden.exists(), f"missing golden file {golden.name}; the cell printed:\n{text}"
        assert text + "\n" == golden.read_text(encoding="utf-8"), f"{path.name} cell {cell.id} changed"


def test_dealer_draw_is_refused_with_a_sentence_for_a_game_without_one():
    from cardlab import lesson
    with pytest.raises(ValueError, match="Tressette does not draw cards for the first dealer"):
        lesson.dealer_draw("tressette")
