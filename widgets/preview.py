"""A scenario's opening picture with a "Play this" button, which becomes the real table when pressed.

Why: a :class:`~cardlab.widgets.table.Table` is well over a hundred widget models (controls, panels, the
board, the coach, the share bar), and every model is a comm the browser opens and a view it builds.  A lesson shows
several scenario tables, and a class opening it at once pays for all of them before the first card
can be played.  ``Preview("tressette", scenario="tressette-thirds")`` costs two models: this box
and one small anywidget that draws the picture, the caption and the button (every preview's box
and picture share one layout model, which nothing changes).

What it keeps of the table:

* the picture the table would show first, as :func:`cardlab.practice.opening.opening` gives it
  (the scenario at step 1, its board in words as the text alternative, the scenario's title,
  description and first caption, or the sentence saying why it cannot be set), drawn here by
  :func:`cardlab.render.table.table_svg`; the words are set as text in the browser;
* the table's address key: it takes the next key of the game at construction, exactly as a
  table in its place would (``tressette2``…), so the other tables of the page keep theirs, and the
  woken table gets it.  When the page address holds that key (a shared link, a reload), the
  preview wakes by itself and the table restores what the address says;
* on a screen narrower than :data:`~cardlab.widgets.boardbox.NARROW` pixels the browser asks for the
  portrait picture, as the table's board does.
"""
from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab.i18n import _
from cardlab.practice.opening import Opening, check_options, opening, theme
from cardlab.render.table import table_svg

from .front import FRONT, esm
from .boardbox import NARROW
from .table import Table, next_key


@functools.cache
def _shared_layout() -> ipw.Layout:
    return ipw.Layout()


class PreviewView(anywidget.AnyWidget):
    """The browser side of a Preview: picture, caption and button; ``woken`` and ``narrow`` are
    set by the browser (a press or the page address; the width of the page)."""

    _esm = esm("preview.js")
    _css = FRONT / "preview.css"
    key = traitlets.Unicode("").tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    alt = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    narrow_below = traitlets.Int(NARROW).tag(sync=True)
    narrow = traitlets.Bool(False).tag(sync=True)
    woken = traitlets.Bool(False).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    @traitlets.default("words")
    def _words(self) -> dict[str, str]:
        """The button's and status line's words, in the language spoken when the view is made."""
        return {"play": _("Play this"), "play_tip": _("Set this table here and play it"),
                "setting": _("Setting the table…")}


class Preview(ipw.VBox):
    """``Preview("tressette", scenario="tressette-thirds")``: the scenario's first picture until
    "Play this" is pressed, then ``Table(game, scenario=scenario, key=…, **table_options)``.

    The options are the table's (``seed``, ``open_hands``, ``presenter``, ``key`` and the rule
    options); a rule option the game does not have is refused here, as the table refuses it."""

    def __init__(self, game: str = "tressette", *, scenario: str, key: str | None = None,
                 **table_options: Any) -> None:
        check_options(game, table_options)
        self.game, self.scenario_name, self.table_options = game, scenario, table_options
        self.key = key or next_key(game)     # the key a table built here would have taken
        self.table: Table | None = None
        self.opening: Opening = opening(game, scenario, open_hands=bool(table_options.get("open_hands")))
        self.view = PreviewView(key=self.key, layout=_shared_layout(), title=self.opening.title,
                                caption=list(self.opening.caption), alt=self.opening.alt,
                                message=self.opening.message)
        self._draw()
        self.view.observe(lambda _: self._draw(), "narrow")
        self.view.observe(self._woken, "woken")
        super().__init__(children=[self.view], layout=_shared_layout())
        self.add_class("cardlab-preview-box")

    def _draw(self) -> None:
        scene = self.opening.scene
        if scene is None:
            return
        self.view.svg = table_svg(replace(scene, buttons=False),
                                  theme=theme(self.view.narrow, bool(self.table_options.get("presenter"))))

    def play(self) -> Table:
        """The real table in place of the picture (built once), as pressing "Play this" does."""
        if self.table is None:
            self.table = Table(self.game, scenario=self.scenario_name, key=self.key, **self.table_options)
            self.children = [self.table]
        return self.table

    def _woken(self, change: dict) -> None:
        if not change["new"]:
            return
        try:
            self.play()
        except Exception as error:  # the page must never show a traceback
            self.view.message = _("The table could not be set ({error}).").format(
                error=f"{type(error).__name__}: {error}")
