"""``import cardlab.widgets`` without the widgets extra says, in one line, which extra to install (issue 36),
instead of a bare ``No module named 'anywidget'``. Nothing is uninstalled: a fresh interpreter is
told the package is missing (``sys.modules[name] = None`` makes importing it fail as if absent)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.servers import REPO

EXTRA = ["anywidget", "ipywidgets"]


def import_without(package: str, lang: str = "en") -> subprocess.CompletedProcess:
    code = (f"import sys; sys.modules[{package!r}] = None\n"
            f"from cardlab import i18n; i18n.install({lang!r})\n"
            "import cardlab.widgets")
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("package", EXTRA)
def test_a_missing_package_names_the_extra(package: str) -> None:
    done = import_without(package)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == ("ModuleNotFoundError: cardlab.widgets needs the widgets extra: "
                                            f"pip install 'cardlab[widgets]' (missing module: {package}).")
    raised = [line for line in done.stderr.splitlines() if re.match(r"[\w.]+(Error|Exception):", line)]
    assert raised == done.stderr.splitlines()[-1:], done.stderr  # no "During handling of the above exception"


def test_the_sentence_is_translated() -> None:
    said = import_without("anywidget", "fr").stderr.splitlines()[-1]
    assert said.startswith("ModuleNotFoundError: cardlab.widgets a besoin des dépendances optionnelles")
    assert "pip install 'cardlab[widgets]'" in said
