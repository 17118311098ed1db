"""The type check covers the engine and the views (issue 21, item 7): mypy's files are the cardlab/
and widgets/ folders (the views are checked under their folder's name: the editable install's
mapping to cardlab.widgets is an import hook mypy cannot follow), and no override lets a module's
errors pass.  scripts/test.sh runs mypy itself, before pytest."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def mypy_settings() -> dict[str, Any]:
    settings: dict[str, Any] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    return settings


def test_mypy_checks_the_engine_and_the_views() -> None:
    assert {"cardlab", "widgets"} <= set(mypy_settings()["files"])


def test_no_module_of_ours_is_left_unchecked() -> None:
    for override in mypy_settings().get("overrides", []):
        if override.get("ignore_errors"):
            modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
            assert not [name for name in modules if name.split(".")[0] in ("cardlab", "widgets")], override
