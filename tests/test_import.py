"""The engine stays standard-library only: importing cardlab pulls in no widget stack; and
``python -m cardlab --version`` or ``--help`` loads no game, player, drawing, practice or puzzle
(they answer at once: bench/cli_start.py times them)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WIDGET_STACK = ("ipywidgets", "anywidget", "traitlets", "widgets")


def imported_after(statement: str) -> set[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout))


def test_import_cardlab_does_not_import_widgets():
    modules = imported_after("import cardlab")
    assert "cardlab" in modules
    loaded = {m for m in modules if m.split(".")[0] in WIDGET_STACK}
    assert not loaded, f"import cardlab imported {sorted(loaded)}"


def test_engine_modules_do_not_import_widgets():
    modules = imported_after("import cardlab.scenario, cardlab.bots, cardlab.record, cardlab.games, "
                             "cardlab.__main__")
    assert not {m for m in modules if m.split(".")[0] in WIDGET_STACK}


def test_the_subprocess_imports_this_checkout():
    proc = subprocess.run([sys.executable, "-c", "import cardlab; print(cardlab.__file__)"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert Path(proc.stdout.strip()).resolve() == ROOT / "cardlab" / "__init__.py"


def test_import_cardlab_does_not_import_cardlab_widgets():
    assert "cardlab.widgets" not in imported_after("import cardlab, cardlab.games")


def test_cardlab_widgets_is_the_widget_layer():
    modules = imported_after("import cardlab.widgets, cardlab.widgets.table\n"
                             "assert cardlab.widgets.Table is cardlab.widgets.table.Table")
    assert {"ipywidgets", "anywidget"} <= modules


def test_widget_dependencies_are_their_own_extra():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {r.split("==")[0] for r in extras["widgets"]} == {"ipywidgets", "anywidget"}
    assert "cardlab[widgets]" in extras["app"]


HEAVY = ("cardlab.games", "cardlab.render", "cardlab.players", "cardlab.practice", "cardlab.puzzles")


def imported_by_command(*argv: str) -> tuple[dict, set[str]]:
    """The JSON answer of ``python -m cardlab ARGV`` and every module it imported, read from the
    ``-X importtime`` lines on stderr (``import time: self | cumulative | name``)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "cardlab", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines and all(line.startswith("import time:") for line in lines), proc.stderr[-2000:]
    return json.loads(proc.stdout), {line.rsplit("|", 1)[1].strip() for line in lines[1:]}


@pytest.mark.parametrize("argv,keys", [(["--version"], {"version"}), (["--help"], {"usage", "help"})])
def test_version_and_help_load_no_game(argv, keys):
    answer, modules = imported_by_command(*argv)
    assert set(answer) == keys
    assert "cardlab.output" in modules             # the list is read right: the command's own module is in it
    heavy = sorted(m for m in modules if m.startswith(HEAVY))
    assert not heavy, f"python -m cardlab {argv[0]} imported {heavy}"
