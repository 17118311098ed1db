"""What every view with a board shares around it: the Presenter toggle, the Pace menu, and the
choice of the board's layout (presenter, phone or normal).

Why: the lesson table, the puzzle trainer and the guided hand show the same board
(:class:`~cardlab.widgets.svgview.SvgView`); one place says how presenter mode is switched, how the
computer's cards are paced and when a phone's width calls for the portrait picture.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as ipw
import traitlets

from cardlab.i18n import N_, _

from .svgview import SvgView

NARROW = 600
"""Below this board width in pixels the table is drawn in the portrait layout for phones."""
PACES = ((N_("instant"), 0), (N_("normal"), 700), (N_("slow"), 1500), (N_("Next card (click)"), -1))
"""The pace of the computer's cards, in milliseconds per card; -1 waits for a click on each."""
PRESENTER = "cardlab-presenter"
"""The class of a view's box in presenter mode (larger cards, text and controls)."""


def presenter_toggle(box: ipw.DOMWidget, on: bool, redraw: Callable[[], object] = lambda: None) -> ipw.ToggleButton:
    """The Presenter toggle of ``box``: pressing it gives or takes the presenter class, then
    ``redraw`` draws the board for the new layout.  The box takes the class itself when built."""
    toggle = ipw.ToggleButton(value=on, description=_("Presenter"),
                              tooltip=_("Projector view: larger cards, text and controls"),
                              layout=ipw.Layout(width="auto"))
    toggle.add_class("cardlab-presenter-toggle")

    def changed(change: dict[str, Any]) -> None:
        if change["new"]:
            box.add_class(PRESENTER)
        else:
            box.remove_class(PRESENTER)
        redraw()
    toggle.observe(changed, "value")
    return toggle


def pace_picker(board: SvgView) -> ipw.Dropdown:
    """The Pace menu, which sets how the board shows the computer's cards one by one."""
    pick = ipw.Dropdown(options=[(_(label), ms) for label, ms in PACES], value=PACES[1][1], description=_("Pace"),
                        style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
    pick.add_class("cardlab-pace")
    traitlets.dlink((pick, "value"), (board, "pace"))
    return pick


def layout_of(board: SvgView, presenter: bool = False) -> str:
    """The theme to draw ``board`` in: ``presenter``, ``narrow`` on a phone, else ``normal``."""
    if presenter:
        return "presenter"
    return "narrow" if 0 < board.width < NARROW else "normal"


def crosses_narrow(change: dict[str, Any]) -> bool:
    """Whether a change of the board's width crosses :data:`NARROW`, so the picture changes layout."""
    return bool((0 < change["old"] < NARROW) != (0 < change["new"] < NARROW))
