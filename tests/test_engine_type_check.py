"""The type check covers the whole engine (issue 21, item 7): no override lets an engine module's
errors pass (scripts/test.sh runs mypy itself)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def mypy_settings() -> dict[str, Any]:
    settings: dict[str, Any] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    return settings


def test_mypy_checks_the_engine() -> None:
    assert "cardlab" in mypy_settings()["files"]


def test_no_engine_module_is_left_unchecked() -> None:
    for override in mypy_settings().get("overrides", []):
        if override.get("ignore_errors"):
            modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
            assert not [name for name in modules if name.split(".")[0] == "cardlab"
                        and not name.startswith("cardlab.widgets")], override
