"""The one small anywidget every table shares: it paints an SVG and reports which card was chosen.

Traits are the whole contract (no custom messages):

- ``svg``: the picture to show; ``frames``: pictures to show first, one by one, ``pace``
  milliseconds apart (0: at once; -1: each waits for a click on "Next card").  Python sends the
  computer's turns as frames and the learner's next decision as ``svg`` in one update, so the
  pacing lives in the browser and a click costs one round trip.  Every frame is a complete
  picture and replaces the one before: none is ever shown half made.  Set them together with
  :meth:`SvgView.paint`.
- ``alts`` and ``lines``: each frame's words for the screen reader and its step line (the
  table's ``.cardlab-step``, shown over that line while the frames play), so neither runs ahead
  of the picture; once the frames are done the table's own line and ``alt`` show again.
- ``clicked``: set by the browser to the click string ``"<card code>#<counter>"`` (read with
  :func:`click_target`) for a click on any element carrying ``data-card`` (legal or not, so a
  refused card can be explained), or for Enter or Space on the focused card of the hand.
- ``width``: the painted width in pixels, so Python can draw the narrow layout on a phone.
- ``alt``: the board in words, read out by screen readers from a visually hidden live region.
- ``next_label``: the words on the "Next card" button, in the language of the page when the view
  is made (the catalogs are Python's; the browser only shows them).

While frames play, the board carries the class ``cardlab-playing``.

Keyboard: the cards of the hand to play (``[data-hand]``, else the viewer's hand) form one tab
stop; the arrow keys move between them and the focus stays on the same card across redraws.

The browser side is ``svgview.js`` and ``svgview.css`` with the board module ``board.js`` that
the quiz and the preview share (:mod:`.front`); each board renames the drawing's ids
(``<digest>-<name>``, :func:`cardlab.render.pips.unique_ids`) to a prefix of its own, random and
so unique on the page.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

import anywidget
import traitlets

from cardlab.i18n import _
from cardlab.render.panels import PANEL_CSS

from .front import FRONT, esm


class Frame(NamedTuple):
    """One picture shown before the ``svg``: the drawing, its words and its step line (HTML)."""
    svg: str
    alt: str
    line: str


def click_target(clicked: str) -> str:
    """What a click string names: a card's code, ``"@<seat>"`` for a seat (the quiz's board), or ""."""
    return clicked.partition("#")[0]


class SvgView(anywidget.AnyWidget):
    _esm = esm("svgview.js")
    _css = (FRONT / "svgview.css").read_text(encoding="utf-8") + PANEL_CSS    # and the panels' own, from cardlab
    svg = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True)
    alts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    pace = traitlets.Int(0).tag(sync=True)
    # no echo of these back to the browser (it never reads them): one message less before a click is acted on
    clicked = traitlets.Unicode("").tag(sync=True, echo_update=False)
    width = traitlets.Int(0).tag(sync=True, echo_update=False)
    alt = traitlets.Unicode("").tag(sync=True)
    next_label = traitlets.Unicode().tag(sync=True)

    @traitlets.default("next_label")
    def _next_label(self) -> str:
        return _("Next card ▶")

    def paint(self, svg: str, alt: str, frames: Sequence[Frame] = ()) -> None:
        """Show ``frames`` one by one at the pace, then ``svg``, read out as ``alt``: one update."""
        with self.hold_sync():
            self.frames = [frame.svg for frame in frames]
            self.alts = [frame.alt for frame in frames]
            self.lines = [frame.line for frame in frames]
            self.svg = svg
            self.alt = alt
