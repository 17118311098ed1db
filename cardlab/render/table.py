"""The whole table as one SVG, drawn from a :class:`TableScene`.

The viewer sits at the bottom with a large face-up hand; the other seats go round in the game's
direction of play ("clockwise": the next seat is at the viewer's left).  The layout is fixed in a
900-unit-wide box and scaled to the requested width, so positions never depend on the pixel size.
"""
from __future__ import annotations

import math
from html import escape

from ..cards import Card
from .cards import card_svg, defs_svg
from .pips import check_family
from .scene import SeatScene, TableScene
from .text import hand_text, last_trick_caption, legal_hand, table_summary

BOX_W, BOX_H = 900, 720
_FELT, _FELT_LIGHT, _FELT_EDGE = "#1d6b3a", "#237a45", "#114a27"
_INK_ON_FELT = "#ffffff"
_GOLD = "#ffd21f"
_FONT = 'font-family="sans-serif"'
_CENTRE = (450.0, 318.0)
_VIEWER_ANCHOR = (450.0, 620.0)
_SMALL_W, _SMALL_STEP = 52, 24
_TRICK_W = 70
_HAND_W = 86

_SLOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: (),
    2: ((450, 44),),
    3: ((150, 210), (750, 210)),
    4: ((150, 215), (450, 44), (750, 215)),
    5: ((150, 200), (250, 44), (650, 44), (750, 200)),
}
"""Label anchors (top centre of each seat's block) for the seats after the viewer, clockwise."""

_STYLE = ("<style>.cardlab .card.legal{cursor:pointer}"
          ".cardlab .card.legal:hover>g{filter:brightness(1.06)}</style>")


def seat_anchors(count: int, direction: str) -> list[tuple[float, float]]:
    """Where each seat's block goes, in play order from the viewer (who is at the bottom)."""
    if count in _SLOTS:
        slots = list(_SLOTS[count])
    else:
        slots = [(450 - 330 * math.cos(math.pi * (i + 1) / count),
                  250 - 200 * math.sin(math.pi * (i + 1) / count)) for i in range(count - 1)]
    if direction == "counter-clockwise":
        slots.reverse()
    elif direction != "clockwise":
        raise ValueError(f"{direction!r} is not a direction of play: use 'clockwise' or 'counter-clockwise'.")
    return [_VIEWER_ANCHOR] + slots


def _text(x: float, y: float, text: str, size: float, *, weight: str = "400", fill: str = _INK_ON_FELT,
          anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}" {_FONT} font-size="{size:g}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(text)}</text>')


def _seat_label(seat: SeatScene, scene: TableScene, cx: float, top: float) -> tuple[str, float]:
    """The seat's caption box centred on ``cx``; returns the markup and the box's bottom."""
    acting = seat.seat == scene.to_act
    you = " (you)" if seat.seat == scene.viewer else ""
    first = f"{seat.label or seat.seat}{you}"
    facts = [f"side {seat.side}" if seat.side else "",
             f"{seat.tricks_won} trick{'s' if seat.tricks_won != 1 else ''}" if seat.tricks_won else "",
             *seat.badges]
    second = " · ".join(fact for fact in facts if fact)
    width = max(len(first) * 10.5 + 24, len(second) * 7.4 + 24, 110)
    height = 46 if second else 30
    cx = min(max(cx, width / 2 + 4), BOX_W - width / 2 - 4)  # a long caption stays on the felt
    fill, ink = (_GOLD, "#1b1b1b") if acting else ("#0f3d20", _INK_ON_FELT)
    parts = [f'<g class="seat{" to-act" if acting else ""}" data-seat="{escape(seat.seat)}" '
             f'transform="translate({cx:g} {top:g})">',
             f'<rect x="{-width / 2:g}" y="0" width="{width:g}" height="{height}" rx="8" fill="{fill}" '
             f'stroke="{"#1b1b1b" if acting else "#9fd3ae"}" stroke-width="{3 if acting else 1.5}"/>',
             _text(0, 21, first, 18, weight="700", fill=ink)]
    if second:
        parts.append(_text(0, 38, second, 12.5, fill=ink))
    if acting:
        start = width / 2 + 6 if cx <= BOX_W / 2 else -width / 2 - 92
        parts.append(f'<g class="turn-marker"><rect x="{start:g}" y="3" width="86" height="24" rx="12" '
                     f'fill="#1b1b1b" stroke="{_GOLD}" stroke-width="2"/>'
                     f'{_text(start + 43, 20.5, "▶ to play", 14, weight="700", fill=_GOLD)}</g>')
    parts.append("</g>")
    return "".join(parts), top + height


def _card(card: Card | None, scene: TableScene, width: float, x: float, y: float,
          legal: bool | None = None) -> str:
    if card is None:
        return card_svg(None, scene.family, width=width, x=x, y=y)
    return card_svg(card, scene.family, width=width, x=x, y=y, legal=legal,
                    special=scene.special_names.get(str(card), ""))


def _legal(card: Card | None, scene: TableScene, marked: bool) -> bool | None:
    if not marked or not scene.legal or card is None:
        return None
    return str(card) in scene.legal


def _other_hand(seat: SeatScene, scene: TableScene, cx: float, top: float, marked: bool) -> str:
    if not seat.hand:
        return _text(cx, top + 22, "no cards", 14, extra=' font-style="italic"')
    step = min(_SMALL_STEP, (270 - _SMALL_W) / max(len(seat.hand) - 1, 1))
    left = cx - (_SMALL_W + step * (len(seat.hand) - 1)) / 2
    cards = "".join(_card(card, scene, _SMALL_W, left + i * step, top, _legal(card, scene, marked))
                    for i, card in enumerate(seat.hand))
    return f'<g class="hand" data-seat="{escape(seat.seat)}" aria-label="{escape(hand_text(seat))}">{cards}</g>'


def _viewer_hand(seat: SeatScene, scene: TableScene, top: float, marked: bool) -> str:
    count = len(seat.hand)
    if not count:
        return _text(450, top + 40, "no cards left", 16, extra=' font-style="italic"')
    step = min(_HAND_W + 10, (BOX_W - 40 - _HAND_W) / max(count - 1, 1))
    left = 450 - (_HAND_W + step * (count - 1)) / 2
    cards = [_card(card, scene, _HAND_W, left + i * step, top, _legal(card, scene, marked))
             for i, card in enumerate(seat.hand)]
    return f'<g class="hand viewer" data-seat="{escape(seat.seat)}">{"".join(cards)}</g>'


def _trick(scene: TableScene, anchors: dict[str, tuple[float, float]]) -> str:
    cx, cy = _CENTRE
    height = _TRICK_W * 1.5
    reach_x, reach_y = (80, 56) if len(anchors) < 5 else (100, 70)
    parts = ['<g class="trick">']
    for number, (seat, card) in enumerate(scene.trick, 1):
        ax, ay = anchors.get(seat, _CENTRE)
        dx, dy = ax - cx, ay - cy
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        x, y = cx + ux * reach_x, cy + uy * reach_y
        parts.append(_card(card, scene, _TRICK_W, x - _TRICK_W / 2, y - height / 2))
        edge = min(_TRICK_W / 2 / max(abs(ux), 1e-9), height / 2 / max(abs(uy), 1e-9))
        bx, by = x + ux * (edge + 13), y + uy * (edge + 13)
        parts.append(f'<g class="play-order" data-seat="{escape(seat)}"><circle cx="{bx:.1f}" cy="{by:.1f}" r="12" '
                     f'fill="#fff" stroke="#1b1b1b" stroke-width="2"/>'
                     f'{_text(bx, by + 5, str(number), 15, weight="700", fill="#1b1b1b")}</g>')
    parts.append("</g>")
    return "".join(parts)


def _last_trick(scene: TableScene) -> str:
    count = len(scene.last_trick)
    width = min(36.0, (164 - 4 * (count - 1)) / count)
    left, top = 714.0, 408.0
    parts = ['<g class="last-trick">',
             f'<rect x="{left - 8:g}" y="{top - 42:g}" width="186" height="128" rx="8" fill="{_FELT_EDGE}" '
             f'opacity="0.9"/>',
             _text(left, top - 24, "Last trick", 14, weight="700", anchor="start"),
             _text(left, top - 7, last_trick_caption(scene), 13, anchor="start")]
    for i, (seat, card) in enumerate(scene.last_trick):
        x = left + i * (width + 4)
        parts.append(_card(card, scene, width, x, top))
        parts.append(_text(x + width / 2, top + width * 1.5 + 15, seat, 13, weight="700"))
    parts.append("</g>")
    return "".join(parts)


def _public(scene: TableScene) -> str:
    """Face-up cards on a dark panel with their caption; the parts of a caption separated by
    " · " go on lines of their own, the first in bold ("Trumps · N's turned card")."""
    parts = ['<g class="public">']
    for i, (caption, card) in enumerate(scene.public):
        x, y = 16 + (i % 2) * 130, 364 + (i // 2) * 84
        lines = caption.split(" · ")
        width = 78 + max(len(line) for line in lines) * 7.8
        parts.append(f'<rect x="{x - 6:g}" y="{y - 6:g}" width="{width:g}" height="87" rx="8" '
                     f'fill="{_FELT_EDGE}" opacity="0.9"/>')
        parts.append(_card(card, scene, 50, x, y))
        for k, line in enumerate(lines):
            parts.append(_text(x + 60, y + 32 + k * 20, line, 16 if k == 0 else 13,
                               weight="700" if k == 0 else "400", anchor="start"))
    parts.append("</g>")
    return "".join(parts)


def table_svg(scene: TableScene, *, width: int = 900) -> str:
    """One SVG picture of ``scene``, ``width`` pixels wide; every face-up card has ``data-card``."""
    check_family(scene.family)
    anchors = dict(zip((seat.seat for seat in scene.seats), seat_anchors(len(scene.seats), scene.direction)))
    height = round(width * BOX_H / BOX_W)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab table" width="{width}" height="{height}" '
             f'viewBox="0 0 {BOX_W} {BOX_H}" role="img" aria-label="{escape(table_summary(scene))}">',
             _STYLE, defs_svg(scene.family),
             f'<rect width="{BOX_W}" height="{BOX_H}" fill="{_FELT}"/>',
             f'<ellipse cx="{_CENTRE[0]:g}" cy="{_CENTRE[1]:g}" rx="190" ry="140" fill="{_FELT_LIGHT}" '
             f'stroke="{_FELT_EDGE}" stroke-width="3"/>']
    if scene.title:
        parts.append(_text(14, 28, scene.title, 21, weight="700", anchor="start"))
    if scene.to_act:
        parts.append(_text(BOX_W - 14, 28, f"To play: {scene.to_act}", 18, weight="700", anchor="end",
                           fill=_GOLD))
    playing = legal_hand(scene)
    for seat in scene.seats:
        ax, ay = anchors[seat.seat]
        marked = seat is playing
        if seat is scene.seats[0]:
            label, _ = _seat_label(seat, scene, ax, 500)
            parts += [label, _viewer_hand(seat, scene, 580, marked)]
        else:
            label, bottom = _seat_label(seat, scene, ax, ay)
            parts += [label, _other_hand(seat, scene, ax, bottom + 12, marked)]
    if scene.status:
        parts.append(_text(450, 484, scene.status, 17, weight="700"))
    parts.append(_trick(scene, anchors))
    if scene.last_trick:
        parts.append(_last_trick(scene))
    if scene.public:
        parts.append(_public(scene))
    parts.append("</svg>")
    return "".join(parts)
