"""Every piece of HTML the widgets build from text, in one place, with that text escaped.

Captions come from scenario files, refusals echo what was clicked or typed, titles and file names
come from teachers: none of it is our markup, so none of it may reach ``ipywidgets.HTML`` as
markup.  The panels of :mod:`cardlab.render.panels` and the SVG of :mod:`cardlab.render` escape
their own text; everything else the table shows goes through these functions.  A lone surrogate
(JSON's ``\\ud800`` in a file) could not be sent to the page at all: it is shown as U+FFFD.
"""
from __future__ import annotations

import re
from html import escape as _escape

from cardlab import i18n
from cardlab.i18n import _

SURROGATE = re.compile("[\ud800-\udfff]")


def escape(text: str, quote: bool = True) -> str:
    """``text`` as HTML text, with a lone surrogate as the replacement character."""
    return _escape(SURROGATE.sub("\ufffd", text), quote=quote)


def note(text: str) -> str:
    """A caption from a scenario or the table ("Each seat draws a card: …")."""
    return f'<div class="cardlab-note">{escape(text, quote=False)}</div>' if text else ""


def refusal(text: str) -> str:
    """The sentence saying why an action was refused, announced to screen readers."""
    return f'<div class="cardlab-refusal" role="alert">{escape(text, quote=False)}</div>' if text else ""


def step_line(index: int, last: int, status: str) -> str:
    """``Step 3 of 9 — Trick 1: S to play``."""
    step = _("Step {number} of {count}").format(number=i18n.number(index), count=i18n.number(last))
    return f"<b>{step}</b> — {escape(status, quote=False)}"
