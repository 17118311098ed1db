"""The one small anywidget every table shares: it paints an SVG and reports which card was chosen.

Traits are the whole contract (no custom messages):

- ``svg``: the picture to show; ``frames``: pictures to show first, one by one, ``pace``
  milliseconds apart (0: at once; -1: each waits for a click on "Next card").  Python sends the
  computer's turns as frames and the learner's next decision as ``svg`` in one update, so the
  pacing lives in the browser and a click costs one round trip.  On the wire each frame travels
  as its difference from the picture after it (:func:`frames_to_json`): a third of the bytes.
  Every frame carries the ids of the ``svg`` it travels with, so each one is a whole picture
  whose every reference resolves.  Set them together with :meth:`SvgView.paint`; frames sent
  against another ``svg`` are skipped, never shown wrong.
- ``alts`` and ``lines``: each frame's words for the screen reader and its step line (the
  table's ``.cardlab-step``, shown over that line while the frames play), so neither runs ahead
  of the picture; once the frames are done the table's own line and ``alt`` show again.
- ``clicked``: set by the browser to ``"<card code>#<counter>"`` for a click on any element
  carrying ``data-card`` (legal or not, so a refused card can be explained), or for Enter or
  Space on the focused card of the hand.
- ``width``: the painted width in pixels, so Python can draw the narrow layout on a phone.
- ``alt``: the board in words, read out by screen readers from a visually hidden live region.

While frames play, the board carries the class ``cardlab-playing``.

Keyboard: the cards of the hand to play (``[data-hand]``, else the viewer's hand) form one tab
stop; the arrow keys move between them and the focus stays on the same card across redraws.

Painting: a new picture replaces only the children of the drawing's root that changed (after a
click, the trick and the hand that played; the other hands stay), which leaves the browser far
less to parse and lay out than the whole board.  For that the board renames the drawing's ids
(``<digest>-<name>``, :func:`cardlab.render.pips.unique_ids`) to a prefix of its own, random and
so unique on the page, under which unchanged parts read the same from one picture to the next.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Sequence

import anywidget
import traitlets

from cardlab.render.panels import PANEL_CSS

_HERE = Path(__file__).parent
_CUT = "<g "


class Frame(NamedTuple):
    """One picture shown before the ``svg``: the drawing, its words and its step line (HTML)."""
    svg: str
    alt: str
    line: str


def _prefix(svg: str) -> str:
    """The digest a drawing's ids begin with (:func:`cardlab.render.pips.unique_ids`), or ""."""
    at = svg.find(' id="')
    return svg[at + 5:svg.find("-", at)] if at >= 0 else ""


def _renamed(svg: str, digest: str) -> str:
    """``svg`` with its ids (and the references to them) under ``digest``: every frame of one
    update carries the ``svg``'s, so each one rebuilt from its neighbour's pieces is whole."""
    own = _prefix(svg)
    if not own or not digest or own == digest:
        return svg
    return svg.replace(f' id="{own}-', f' id="{digest}-').replace(f'#{own}-', f'#{digest}-')


def frames_to_json(frames: list[str], widget: SvgView) -> list[str | list[int | str]]:
    """Each frame as the pieces of the picture after it (the next frame, the last one's ``svg``):
    the number of a piece they share, the text of one of its own; first, the ``svg``'s digest,
    which every frame's ids take on the way.  One play apart, two pictures share all but a few
    pieces: a Tressette trick's frames weigh about 30 kB, not 75-105 kB."""
    if not frames:
        return []
    digest = _prefix(widget.svg)
    coded = []
    after = widget.svg
    for frame in reversed(frames):
        whole = _renamed(frame, digest)
        shared = {piece: i for i, piece in enumerate(after.split(_CUT))}
        coded.append([shared.get(piece, piece) for piece in whole.split(_CUT)])
        after = whole
    return [digest, *coded[::-1]]


class SvgView(anywidget.AnyWidget):
    _esm = (_HERE / "svgview.js").read_text(encoding="utf-8")
    _css = (_HERE / "svgview.css").read_text(encoding="utf-8") + PANEL_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True, to_json=frames_to_json)
    alts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    pace = traitlets.Int(0).tag(sync=True)
    # no echo of these back to the browser (it never reads them): one message less before a click is acted on
    clicked = traitlets.Unicode("").tag(sync=True, echo_update=False)
    width = traitlets.Int(0).tag(sync=True, echo_update=False)
    alt = traitlets.Unicode("").tag(sync=True)

    def paint(self, svg: str, alt: str, frames: Sequence[Frame] = ()) -> None:
        """Show ``frames`` one by one at the pace, then ``svg``, read out as ``alt``: one update."""
        with self.hold_sync():
            self.frames = [frame.svg for frame in frames]
            self.alts = [frame.alt for frame in frames]
            self.lines = [frame.line for frame in frames]
            self.svg = svg
            self.alt = alt
