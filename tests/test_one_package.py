"""One installed package (issue 21, item 6): the repository's widgets/ folder IS ``cardlab.widgets``.

No top-level ``widgets`` is installed and no shim joins two packages: from any directory
``cardlab.widgets`` is the code in widgets/, and ``import widgets`` fails outside the repository.
The wheel's side of the same promise is in tests/test_packaging.py."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_cardlab_widgets_is_the_widgets_folder_from_the_repository_and_elsewhere(tmp_path):
    code = "import cardlab.widgets.table as t, cardlab.widgets as w; print(w.__file__); print(t.__file__)"
    for cwd in (ROOT, tmp_path):
        done = run(code, cwd)
        assert done.returncode == 0, done.stderr
        assert [Path(line) for line in done.stdout.split()] == [ROOT / "widgets" / "__init__.py",
                                                               ROOT / "widgets" / "table.py"]


def test_no_top_level_widgets_outside_the_repository(tmp_path):
    done = run("import widgets", tmp_path)
    assert done.returncode == 1 and "No module named 'widgets'" in done.stderr


def test_no_cardlab_widgets_folder_shadows_the_mapping():
    assert not (ROOT / "cardlab" / "widgets").exists()


def test_every_package_folder_is_listed_in_pyproject():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "cardlab").rglob("__init__.py")}
    assert set(setuptools["packages"]) == found | {"cardlab.widgets"}
    assert setuptools["package-dir"] == {"cardlab.widgets": "widgets"}
