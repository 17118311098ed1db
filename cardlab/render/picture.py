"""A small still picture of a dealt table: the three other hands face down round the felt and the
viewer's hand face up in the game's own pack.

Why its own drawing: the landing page shows every game at once and a lesson shows its game above
the guided hand, before anything is played.  The table's own picture (:mod:`cardlab.render.table`)
carries seat boxes, status lines and a face per card, about 450 elements; this one is a few
dozen elements plus the viewer's cards, so a page of six stays light.  It is static: no card is a
button, and nothing in it needs the kernel once it is drawn.
"""
from __future__ import annotations

from html import escape

from .cards import FONT, card_svg, with_faces
from .pips import defs_svg, unique_ids
from .scene import SeatScene, TableScene

WIDTH, HEIGHT = 360, 236
_FELT, _FELT_LIGHT, _EDGE, _INK = "#1d6b3a", "#237a45", "#114a27", "#ffffff"
_BACK_W, _BACK_STEP = 16, 6
_FACE_W, _PAD = 33, 8


def _backs(seat: SeatScene, x: float, y: float, family: str) -> str:
    """A face-down hand as a tight fan centred on ``x``, its seat letter under it."""
    count = len(seat.hand)
    left = x - (_BACK_W + (count - 1) * _BACK_STEP) / 2
    cards = "".join(card_svg(None, family, width=_BACK_W, x=left + k * _BACK_STEP, y=y) for k in range(count))
    return (f"{cards}<text x=\"{x:g}\" y=\"{y + _BACK_W * 1.5 + 13:g}\" font-size=\"11\" font-weight=\"700\" "
            f'fill="{_INK}" text-anchor="middle">{escape(seat.seat)}</text>')


def _faces(seat: SeatScene, family: str) -> str:
    """The viewer's hand face up along the bottom edge, overlapping as much as the width needs."""
    cards = [card for card in seat.hand if card is not None]
    step = min(_FACE_W + 3, (WIDTH - 2 * _PAD - _FACE_W) / max(len(cards) - 1, 1))
    left = (WIDTH - _FACE_W - step * (len(cards) - 1)) / 2
    y = HEIGHT - _FACE_W * 1.5 - _PAD
    return "".join(card_svg(card, family, width=_FACE_W, x=left + k * step, y=y, mini=True)
                   for k, card in enumerate(cards))


def table_picture(scene: TableScene, label: str) -> str:
    """``scene`` (a deal before the first card, seen from its first seat) as one small SVG whose
    accessible name is ``label``; it scales to its container's width."""
    family = scene.family
    places = {"N": (WIDTH / 2, _PAD), "W": (62, 80), "E": (WIDTH - 62, 80)}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab cardlab-picture-table" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" style="max-width:{WIDTH}px;display:block" {FONT} '
             f'role="img" aria-label="{escape(label)}">',
             defs_svg(family),
             f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="{_FELT}"/>',
             f'<ellipse cx="{WIDTH / 2:g}" cy="{HEIGHT / 2 - 6:g}" rx="{WIDTH / 2 - 36:g}" ry="{HEIGHT / 2 - 40:g}" '
             f'fill="{_FELT_LIGHT}" stroke="{_EDGE}" stroke-width="3"/>']
    for seat in scene.seats[1:]:
        if seat.seat in places:
            parts.append(_backs(seat, *places[seat.seat], family))
    if scene.seats:
        parts.append(_faces(scene.seats[0], family))
    parts.append(f'<text x="{WIDTH / 2:g}" y="68" font-size="20" font-weight="700" font-style="italic" '
                 f'fill="{_INK}" text-anchor="middle">{escape(scene.title)}</text>')
    parts.append("</svg>")
    return unique_ids(with_faces("".join(parts), family))
