"""The views' browser code: ``.js`` and ``.css`` files beside this module, given to anywidget.

A view whose module stands alone gives anywidget the file's path (``_esm = FRONT / "share.js"``).
A view that shares code imports it as an ES module would, ``import { a, b } from "./board.js";``,
and :func:`esm` puts that file's code in place of the line: anywidget loads one module per widget,
from a blob or data URL, from which a relative ``import`` of a sibling file cannot be resolved
(anywidget's issues 78 and 399).  The files stay ordinary ES modules, readable and checkable as
they are; the joined text is what the browser runs.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import anywidget

FRONT = Path(__file__).parent
"""The folder of the ``.js`` and ``.css`` files (installed with the package)."""

IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";$', re.MULTILINE)
EXPORT = re.compile(r"^export (?=(?:async )?function |const |let |class )", re.MULTILINE)


@functools.cache
def esm(name: str) -> str:
    """The module ``name`` with each import of a sibling replaced by the sibling's code, run in a
    function of its own that hands back the names imported (so its other names stay its own)."""
    return IMPORT.sub(lambda found: _inlined(found.group(2), found.group(1)), _read(name))


def _inlined(name: str, imported: str) -> str:
    names = ", ".join(part.strip() for part in imported.split(",") if part.strip())
    body = EXPORT.sub("", esm(name))
    return f"const {{ {names} }} = (() => {{\n// ----- {name}\n{body}\nreturn {{ {names} }};\n}})();"


def _read(name: str) -> str:
    return (FRONT / name).read_text(encoding="utf-8")


class StyleSheet(anywidget.AnyWidget):
    """The stylesheet of a box of plain ipywidgets, put into the page by anywidget like any view's
    ``_css``; the view shows nothing.  One subclass per file, as anywidget keeps one stylesheet per
    class: ``class CompareSheet(StyleSheet): _css = FRONT / "compare.css"``."""

    _esm = FRONT / "sheet.js"
