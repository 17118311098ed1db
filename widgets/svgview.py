"""The one small anywidget every table shares: it paints an SVG and reports which card was chosen.

Traits are the whole contract (no custom messages):

- ``svg``: the picture to show; ``frames``: pictures to show first, one by one, ``pace``
  milliseconds apart (0: at once; -1: each waits for a click on "Next card").  Python sends the
  computer's turns as frames and the learner's next decision as ``svg`` in one update, so the
  pacing lives in the browser and a click costs one round trip.  On the wire each frame travels
  as its difference from the picture after it (:func:`frames_to_json`): a third of the bytes.
  Set the two together (``hold_sync``), as the table does; frames sent against another ``svg``
  are skipped, never shown wrong.
- ``clicked``: set by the browser to ``"<card code>#<counter>"`` for a click on any element
  carrying ``data-card`` (legal or not, so a refused card can be explained), or for Enter or
  Space on the focused card of the hand.
- ``width``: the painted width in pixels, so Python can draw the narrow layout on a phone.
- ``alt``: the board in words, read out by screen readers from a visually hidden live region.

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

import anywidget
import traitlets

from cardlab.render.panels import PANEL_CSS

_HERE = Path(__file__).parent
_CUT = "<g "


def _prefix(svg: str) -> str:
    """The digest a drawing's ids begin with (:func:`cardlab.render.pips.unique_ids`), or ""."""
    at = svg.find(' id="')
    return svg[at + 5:svg.find("-", at)] if at >= 0 else ""


def frames_to_json(frames: list[str], widget: SvgView) -> list[str | list[int | str]]:
    """Each frame as the pieces of the picture after it (the next frame, the last one's ``svg``):
    the number of a piece they share, the text of one of its own; first, the ``svg``'s digest.
    One play apart, two pictures share all but a few pieces: a Tressette trick's frames weigh
    about 30 kB, not 75-105 kB."""
    if not frames:
        return []
    coded = []
    after = widget.svg
    for frame in reversed(frames):
        own, theirs = _prefix(frame), _prefix(after)
        same_ids = frame.replace(f' id="{own}-', f' id="{theirs}-').replace(f'#{own}-', f'#{theirs}-') \
            if own and theirs else frame
        shared = {piece: i for i, piece in enumerate(after.split(_CUT))}
        coded.append([shared.get(piece, piece) for piece in same_ids.split(_CUT)])
        after = frame
    return [_prefix(widget.svg), *coded[::-1]]


class SvgView(anywidget.AnyWidget):
    _esm = (_HERE / "svgview.js").read_text(encoding="utf-8")
    _css = (_HERE / "svgview.css").read_text(encoding="utf-8") + PANEL_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True, to_json=frames_to_json)
    pace = traitlets.Int(0).tag(sync=True)
    # no echo of these back to the browser (it never reads them): one message less before a click is acted on
    clicked = traitlets.Unicode("").tag(sync=True, echo_update=False)
    width = traitlets.Int(0).tag(sync=True, echo_update=False)
    alt = traitlets.Unicode("").tag(sync=True)
