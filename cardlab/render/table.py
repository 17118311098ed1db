"""The whole table as one SVG, drawn from a :class:`TableScene`, in one of three themes.

* ``"normal"``: a landscape board (900 x 540 units) that fits a laptop screen together with a row
  of call buttons, the caption and the refusal line; the learner's hand is inside, at the bottom.
* ``"presenter"``: a wider board (1200 x 620 units) for a 4:3 projector, where the controls above it
  leave a wide, low band: larger cards and lettering, the other seats' open hands large enough to
  read their indices across a room (West and East beside the felt, North above it), the trick and
  the last trick large, face-down hands reduced to a count.
* ``"narrow"``: a portrait column for phones, 360 units wide and drawn at 360 px: no lettering
  under 12 px, the learner's cards at least 44 px wide and wrapped into rows.

The viewer sits at the bottom; the other seats go round in the game's direction of play
("clockwise": the next seat is at the viewer's left).  Positions are fixed in each theme's box and
scaled to the requested width, so they never depend on the pixel size.  The learner's cards (and,
with open hands, the cards of the seat to act) are buttons: ``data-hand``, ``role``, ``tabindex``
and an ``aria-label`` saying whether each may be played.  The drawing is a ``role="group"`` (an
``img`` would hide those buttons from screen readers) named by :func:`board_description`.
"""
from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from .. import i18n
from ..cards import Card
from .cards import FONT, card_svg, defs_svg, with_faces
from .pips import check_family, unique_ids
from .scene import SeatScene, TableScene
from .text import board_description, hand_text, last_trick_caption, legal_hand, winner_sentence

_FELT, _FELT_LIGHT, _FELT_EDGE = "#1d6b3a", "#237a45", "#114a27"
_INK_ON_FELT = "#ffffff"
_GOLD = "#ffd21f"
_DARK = "#1b1b1b"

_STYLE = ("<style>.cardlab .card.legal{cursor:pointer}"
          ".cardlab .card.legal:hover>g{filter:brightness(1.06)}</style>")


@dataclass(frozen=True)
class Theme:
    """The measures of one landscape theme, in units of its box."""

    name: str
    box: tuple[int, int]
    title: float
    status: float
    label: float
    fact: float
    top_y: float
    side_y: float
    side5_y: float
    five: tuple[float, float]
    """With five seats, where the side seats and the top seats stand, on the 900-unit board's left half."""
    other_card: float
    other_step: float
    other_span: float
    compact_backs: bool
    trick_card: float
    reach: tuple[float, float]
    centre: tuple[float, float]
    felt: tuple[float, float]
    hand_card: float
    viewer_w: float
    last_card: float
    last_box: tuple[float, float, float, float]
    public_card: float
    public_at: tuple[float, float]
    banner_y: float
    hint: float

    def x(self, at: float) -> float:
        """A horizontal place given on the 900-unit board, spread over this theme's width."""
        return at * self.box[0] / 900


NORMAL = Theme("normal", (900, 540), title=20, status=15, label=17, fact=12.5, top_y=40, side_y=150, side5_y=150,
               five=(130, 290), other_card=44, other_step=24, other_span=260, compact_backs=False, trick_card=60,
               reach=(80, 50), centre=(450, 266), felt=(175, 100), hand_card=76, viewer_w=132, last_card=32,
               last_box=(704, 278, 188, 116), public_card=44, public_at=(14, 292), banner_y=366, hint=12)
PRESENTER = Theme("presenter", (1200, 620), title=26, status=20, label=22, fact=16, top_y=44, side_y=140,
                  side5_y=160, five=(95, 305), other_card=64, other_step=36, other_span=390, compact_backs=True,
                  trick_card=73, reach=(160, 75), centre=(600, 340), felt=(280, 125), hand_card=84, viewer_w=150,
                  last_card=38, last_box=(960, 330, 230, 132), public_card=60, public_at=(14, 318),
                  banner_y=323, hint=15)
THEMES = ("normal", "presenter", "narrow")


def _slots(count: int, theme: Theme) -> list[tuple[float, float]]:
    """Label anchors (top centre of each seat's block) for the seats after the viewer, clockwise."""
    top, side, x = theme.top_y, theme.side_y, theme.x
    side5, top5 = theme.five
    fixed = {1: [], 2: [(x(450), top)], 3: [(x(150), side), (x(750), side)],
             4: [(x(150), side), (x(450), top), (x(750), side)],
             5: [(x(side5), theme.side5_y), (x(top5), top), (x(900 - top5), top), (x(900 - side5), theme.side5_y)]}
    if count in fixed:
        return fixed[count]
    return [(x(450 - 330 * math.cos(math.pi * (i + 1) / count)),
             top + 130 - 110 * math.sin(math.pi * (i + 1) / count)) for i in range(count - 1)]


def seat_anchors(count: int, direction: str, theme: Theme = NORMAL) -> list[tuple[float, float]]:
    """Where each seat's block goes, in play order from the viewer (whose label is at the bottom left)."""
    slots = _slots(count, theme)
    if direction == "counter-clockwise":
        slots.reverse()
    elif direction != "clockwise":
        raise ValueError(f"{direction!r} is not a direction of play: use 'clockwise' or 'counter-clockwise'.")
    viewer = (10 + theme.viewer_w / 2, theme.box[1] - theme.hand_card * 1.5 - 6)
    return [viewer] + slots


@lru_cache(maxsize=2048)
def _text(x: float, y: float, text: str, size: float, *, weight: str = "400", fill: str = _INK_ON_FELT,
          anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}" font-size="{size:g}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(text)}</text>')


def _facts(seat: SeatScene, count_cards: bool) -> list[str]:
    tricks, cards = seat.tricks_won, len(seat.hand)
    facts = [i18n._("side {side}").format(side=seat.side) if seat.side else "",
             i18n.ngettext("{count} trick", "{count} tricks", tricks).format(count=i18n.number(tricks))
             if tricks else "",
             i18n.ngettext("{count} card", "{count} cards", cards).format(count=i18n.number(cards))
             if count_cards else "", *seat.badges]
    return [fact for fact in facts if fact]


def _marker(x: float, y: float, size: float) -> str:
    """The "▶ to play" pill whose left edge is at ``x``."""
    width, height = size * 6.2, size * 1.7
    words = i18n._("▶ to play")
    return (f'<g class="turn-marker"><rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" '
            f'rx="{height / 2:g}" fill="{_DARK}" stroke="{_GOLD}" stroke-width="2"/>'
            f'{_text(x + width / 2, y + height * 0.72, words, size, weight="700", fill=_GOLD)}</g>')


def _seat_label(seat: SeatScene, scene: TableScene, theme: Theme, cx: float, top: float,
                count_cards: bool) -> tuple[str, float]:
    """An other seat's caption box centred on ``cx``; returns the markup and the box's bottom."""
    acting = seat.seat == scene.to_act
    first = seat.label or seat.seat
    second = " · ".join(_facts(seat, count_cards))
    box_w = theme.box[0]
    width = max(len(first) * theme.label * 0.6 + 24, len(second) * theme.fact * 0.56 + 24, theme.label * 6)
    height = theme.label * 1.75 + (theme.fact * 1.35 if second else 0)
    cx = min(max(cx, width / 2 + 4), box_w - width / 2 - 4)
    fill, ink = (_GOLD, _DARK) if acting else ("#0f3d20", _INK_ON_FELT)
    parts = [f'<g class="seat{" to-act" if acting else ""}" data-seat="{escape(seat.seat)}" '
             f'transform="translate({cx:g} {top:g})">',
             f'<rect x="{-width / 2:g}" y="0" width="{width:g}" height="{height:g}" rx="8" fill="{fill}" '
             f'stroke="{_DARK if acting else "#9fd3ae"}" stroke-width="{3 if acting else 1.5}"/>',
             _text(0, theme.label * 1.2, first, theme.label, weight="700", fill=ink)]
    if second:
        parts.append(_text(0, theme.label * 1.45 + theme.fact * 1.05, second, theme.fact, fill=ink))
    if acting:
        marker_w = theme.fact * 6.2
        start = width / 2 + 6 if cx + width / 2 + 6 + marker_w < box_w else -width / 2 - 6 - marker_w
        parts.append(_marker(start, 3, theme.fact))
    parts.append("</g>")
    return "".join(parts), top + height


def _card(card: Card | None, scene: TableScene, width: float, x: float, y: float, *,
          legal: bool | None = None, hand: str = "", hint: float = 0, mini: bool = False) -> str:
    if card is None:
        return card_svg(None, scene.family, width=width, x=x, y=y)
    code = str(card)
    return card_svg(card, scene.family, width=width, x=x, y=y, legal=legal,
                    special=scene.special_names.get(code, ""), selected=bool(hand) and code in scene.selected,
                    hint=hint if hand and code == scene.hint else 0, mini=mini, hand=hand)


def _buttons(seat: SeatScene, scene: TableScene) -> tuple[str, bool]:
    """Whether ``seat``'s cards are buttons (the viewer's, or the acting seat's open hand) and
    whether they are marked playable or not."""
    playing = legal_hand(scene)
    marked = playing is not None and seat.seat == playing.seat and bool(scene.legal)
    face_up = bool(seat.hand) and seat.hand[0] is not None
    is_button = scene.buttons and (seat.seat == scene.viewer or marked or (seat.seat == scene.to_act and face_up))
    return (seat.seat if is_button else ""), marked


def _legal(card: Card | None, scene: TableScene, marked: bool) -> bool | None:
    if not marked or card is None:
        return None
    return str(card) in scene.legal


def _other_hand(seat: SeatScene, scene: TableScene, theme: Theme, cx: float, top: float) -> str:
    if not seat.hand:
        return _text(cx, top + theme.fact * 1.6, i18n._("no cards"), theme.fact, extra=' font-style="italic"')
    hand, marked = _buttons(seat, scene)
    width = theme.other_card
    step = min(theme.other_step, (theme.other_span - width) / max(len(seat.hand) - 1, 1))
    span = width + step * (len(seat.hand) - 1)
    left = min(max(cx - span / 2, 8), theme.box[0] - 8 - span)
    cards = "".join(_card(card, scene, width, left + i * step, top, legal=_legal(card, scene, marked),
                          hand=hand if card is not None else "", hint=theme.hint, mini=True)
                    for i, card in enumerate(seat.hand))
    return f'<g class="hand" data-seat="{escape(seat.seat)}" aria-label="{escape(hand_text(seat))}">{cards}</g>'


def _viewer_width(seat: SeatScene, theme: Theme) -> float:
    """The viewer's caption box: the theme's width, wider for a long badge."""
    longest = max([len(fact) for fact in _facts(seat, False)] + [0])
    return max(theme.viewer_w, longest * (theme.fact + 1) * 0.56 + 16,
               len(seat.label or seat.seat) * theme.label * 0.62 + 16)


def _viewer(seat: SeatScene, scene: TableScene, theme: Theme) -> str:
    """The viewer's caption at the bottom left and their hand along the bottom edge."""
    box_w, box_h = theme.box
    width = theme.hand_card
    top = box_h - width * 1.5 - 6
    acting = seat.seat == scene.to_act
    lines = [seat.label or seat.seat, *([] if scene.watching else [i18n._("(you)")]), *_facts(seat, False)]
    size = theme.fact + 1
    label_w = _viewer_width(seat, theme)
    height = theme.label * 1.6 + size * 1.3 * (len(lines) - 1)
    fill, ink = (_GOLD, _DARK) if acting else ("#0f3d20", _INK_ON_FELT)
    label_top = box_h - 6 - height
    parts = [f'<g class="seat{" to-act" if acting else ""}" data-seat="{escape(seat.seat)}" '
             f'transform="translate({10 + label_w / 2:g} {label_top:g})">',
             f'<rect x="{-label_w / 2:g}" y="0" width="{label_w:g}" height="{height:g}" rx="8" '
             f'fill="{fill}" stroke="{_DARK if acting else "#9fd3ae"}" stroke-width="{3 if acting else 1.5}"/>',
             _text(0, theme.label * 1.2, lines[0], theme.label, weight="700", fill=ink)]
    for k, line in enumerate(lines[1:]):
        parts.append(_text(0, theme.label * 1.3 + size * 1.3 * (k + 1), line, size, fill=ink))
    if acting:
        parts.append(_marker(-label_w / 2, -theme.fact * 1.7 - 8, theme.fact))
    parts.append("</g>")
    count = len(seat.hand)
    if not count:
        parts.append(_text((label_w + box_w) / 2, top + width * 0.8, i18n._("no cards left"), theme.status,

                           extra=' font-style="italic"'))
        return "".join(parts)
    hand, marked = _buttons(seat, scene)
    x0, x1 = label_w + 22, box_w - 10
    step = min(width + 8, (x1 - x0 - width) / max(count - 1, 1))
    left = (x0 + x1) / 2 - (width + step * (count - 1)) / 2
    cards = [_card(card, scene, width, left + i * step, top, legal=_legal(card, scene, marked),
                   hand=hand if card is not None else "", hint=theme.hint)
             for i, card in enumerate(seat.hand)]
    parts.append(f'<g class="hand viewer" data-seat="{escape(seat.seat)}">{"".join(cards)}</g>')
    return "".join(parts)


def _shown_trick(scene: TableScene) -> tuple[tuple[tuple[str, Card], ...], bool]:
    """The cards on the felt: the trick being played, or the trick just completed (until the next
    lead), and whether it is the completed one."""
    if scene.trick or not scene.last_trick:
        return scene.trick, False
    return scene.last_trick, True


def _badge(x: float, y: float, number: int, seat: str, size: float) -> str:
    r = size * 0.85
    return (f'<g class="play-order" data-seat="{escape(seat)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" '
            f'fill="#fff" stroke="{_DARK}" stroke-width="2"/>'
            f'{_text(x, y + size * 0.36, str(number), size, weight="700", fill=_DARK)}</g>')


def _winner_ring(x: float, y: float, width: float) -> str:
    pad = max(4.0, width * 0.08)
    return (f'<rect class="winner-ring" x="{x - pad:g}" y="{y - pad:g}" width="{width + 2 * pad:g}" '
            f'height="{width * 1.5 + 2 * pad:g}" rx="{pad + 4:g}" fill="{_GOLD}" stroke="{_DARK}" '
            f'stroke-width="2"/>')


def _banner(cx: float, y: float, sentence: str, size: float) -> str:
    width = len(sentence) * size * 0.6 + 2 * size
    return (f'<g class="trick-winner"><rect x="{cx - width / 2:g}" y="{y:g}" width="{width:g}" '
            f'height="{size * 1.7:g}" rx="{size * 0.85:g}" fill="{_GOLD}" stroke="{_DARK}" stroke-width="2"/>'
            f'{_text(cx, y + size * 1.25, sentence, size, weight="700", fill=_DARK)}</g>')


def _trick_spots(scene: TableScene, theme: Theme) -> tuple[float, dict[str, tuple[float, float]]]:
    """The card width on the felt and each seat's card centre: evenly round the centre, the
    viewer's at the bottom, the next seats in the direction of play."""
    count = max(len(scene.seats), 1)
    turn = 1 if scene.direction == "clockwise" else -1
    width, (reach_x, reach_y) = theme.trick_card, theme.reach
    cx, cy = theme.centre
    if count >= 5:
        width, reach_x = width * 0.82, reach_x * 1.6
        hand_top = theme.box[1] - theme.hand_card * 1.65 - 6       # the viewer's hand, legal cards raised
        reach_y = min(reach_y * 1.35, hand_top - cy - width * 0.75 - 4)
    spots = {}
    for i, seat in enumerate(scene.seats):
        angle = math.pi / 2 + turn * 2 * math.pi * i / count
        spots[seat.seat] = (cx + reach_x * math.cos(angle), cy + reach_y * math.sin(angle))
    return width, spots


def _trick(scene: TableScene, theme: Theme) -> str:
    plays, completed = _shown_trick(scene)
    width, spots = _trick_spots(scene, theme)
    height = width * 1.5
    parts = [f'<g class="trick{" completed last-trick" if completed else ""}">']
    for number, (seat, card) in enumerate(plays, 1):
        sx, sy = spots.get(seat, theme.centre)
        x, y = sx - width / 2, sy - height / 2
        won = completed and seat == scene.last_winner
        if won:
            parts.append(_winner_ring(x, y, width))
        parts.append(f'<g class="play{" winner" if won else ""}" data-seat="{escape(seat)}">'
                     f'{_card(card, scene, width, x, y)}</g>')
        parts.append(_badge(x + width - 2, y + 2, number, seat, theme.fact))
    if completed:
        banner_y = theme.banner_y if len(scene.seats) < 5 else theme.centre[1] - theme.status * 0.85
        parts.append(_banner(theme.centre[0], banner_y, winner_sentence(scene), theme.status))
    parts.append("</g>")
    return "".join(parts)


def _last_trick(scene: TableScene, theme: Theme) -> str:
    left, top, box_w, box_h = theme.last_box
    count = len(scene.last_trick)
    width = min(theme.last_card, (box_w - 16 - 4 * (count - 1)) / count)
    parts = ['<g class="last-trick">',
             f'<rect x="{left:g}" y="{top:g}" width="{box_w:g}" height="{box_h:g}" rx="8" fill="{_FELT_EDGE}" '
             f'opacity="0.9"/>',
             _text(left + 8, top + theme.fact * 1.5, i18n._("Last trick"), theme.fact, weight="700", anchor="start"),
             _text(left + 8, top + theme.fact * 2.9, last_trick_caption(scene), theme.fact, anchor="start")]
    card_top = top + theme.fact * 3.5
    for i, (seat, card) in enumerate(scene.last_trick):
        x = left + 8 + i * (width + 4)
        parts.append(_card(card, scene, width, x, card_top, mini=True))
        parts.append(_text(x + width / 2, card_top + width * 1.5 + theme.fact * 1.15, seat, theme.fact, weight="700"))
    parts.append("</g>")
    return "".join(parts)


def _public(scene: TableScene, theme: Theme) -> str:
    """Face-up cards on a dark panel with their caption; the parts of a caption separated by
    " · " go on lines of their own, the first in bold ("Trumps · N's turned card")."""
    x0, y0 = theme.public_at
    width = theme.public_card
    parts = ['<g class="public">']
    for i, (caption, card) in enumerate(scene.public):
        x, y = x0, y0 + i * (width * 1.5 + 16)
        lines = caption.split(" · ")
        panel = width + 22 + max(len(line) for line in lines) * theme.fact * 0.58
        parts.append(f'<rect x="{x - 6:g}" y="{y - 6:g}" width="{panel:g}" height="{width * 1.5 + 12:g}" rx="8" '
                     f'fill="{_FELT_EDGE}" opacity="0.9"/>')
        parts.append(_card(card, scene, width, x, y))
        for k, line in enumerate(lines):
            parts.append(_text(x + width + 10, y + theme.fact * 1.6 + k * theme.fact * 1.5, line,
                               theme.fact + (2 if k == 0 else 0), weight="700" if k == 0 else "400",
                               anchor="start"))
    parts.append("</g>")
    return "".join(parts)


def _header(scene: TableScene, width: float, title: float, status: float) -> list[str]:
    """The title at the left, whose turn it is at the right, and the status between them (squeezed
    to the gap when it is too long for it)."""
    parts, left, right = [], 14.0, width - 14
    if scene.title:
        parts.append(_text(left, title * 1.3, scene.title, title, weight="700", anchor="start"))
        left += len(scene.title) * title * 0.6 + 16
    if scene.to_act:
        turn = i18n._("To play: {seat}").format(seat=scene.to_act)
        parts.append(_text(right, title * 1.3, turn, title * 0.85, weight="700", anchor="end", fill=_GOLD))
        right -= len(turn) * title * 0.85 * 0.6 + 16
    if scene.status:
        room = right - left
        needed = len(scene.status) * status * 0.56
        fits_centred = left <= width / 2 - needed / 2 and width / 2 + needed / 2 <= right
        centre = width / 2 if fits_centred else (left + right) / 2
        squeeze = f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"' if needed > room else ""
        parts.append(f'<g class="status">{_text(centre, title * 1.3, scene.status, status, weight="700", extra=squeeze)}'
                     f'</g>')
    return parts


def _open(scene: TableScene, box: tuple[float, float], width: float) -> str:
    box_w, box_h = box
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab table" width="{width:g}" '
            f'height="{round(width * box_h / box_w)}" viewBox="0 0 {box_w:g} {box_h:g}" {FONT} role="group" '
            f'aria-label="{escape(board_description(scene))}">{_STYLE}{defs_svg(scene.family)}'
            f'<rect width="{box_w:g}" height="{box_h:g}" fill="{_FELT}"/>')


def _landscape(scene: TableScene, theme: Theme, width: float) -> str:
    box_w, box_h = theme.box
    anchors = dict(zip((seat.seat for seat in scene.seats), seat_anchors(len(scene.seats), scene.direction, theme)))
    cx, cy = theme.centre
    parts = [_open(scene, theme.box, width),
             f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{theme.felt[0]:g}" ry="{theme.felt[1]:g}" '
             f'fill="{_FELT_LIGHT}" stroke="{_FELT_EDGE}" stroke-width="3"/>',
             *_header(scene, box_w, theme.title, theme.status)]
    for seat in scene.seats[1:]:
        ax, ay = anchors[seat.seat]
        compact = theme.compact_backs and all(card is None for card in seat.hand)
        label, bottom = _seat_label(seat, scene, theme, ax, ay, compact)
        parts.append(label)
        if not compact:
            parts.append(_other_hand(seat, scene, theme, ax, bottom + 6))
    if scene.seats:
        parts.append(_viewer(scene.seats[0], scene, theme))
    parts.append(_trick(scene, theme))
    if scene.trick and scene.last_trick:
        parts.append(_last_trick(scene, theme))
    if scene.public:
        parts.append(_public(scene, theme))
    parts.append("</svg>")
    return "".join(parts)


# The narrow theme: a column 360 units wide, every size in pixels at its natural width.
_N_W = 360
_N_TEXT, _N_SMALL = 14, 13
_N_HAND, _N_GAP, _N_PER_ROW = 52, 6, 6
_N_TRICK, _N_LAST, _N_OPEN, _N_BACK = 62, 36, 34, 22


def _wrap(text: str, size: float, width: float) -> list[str]:
    return textwrap.wrap(text, max(int(width / (size * 0.56)), 8)) if text else []


def _narrow_seat(seat: SeatScene, scene: TableScene, y: float) -> tuple[str, float]:
    acting = seat.seat == scene.to_act
    facts = " · ".join(_facts(seat, True))
    line = f"{seat.label or seat.seat}" + (f" — {facts}" if facts else "")
    lines = _wrap(line, _N_SMALL, _N_W - 20 - (90 if acting else 0))
    open_hand = any(card is not None for card in seat.hand)
    buttons = bool(_buttons(seat, scene)[0])
    width = _N_OPEN if open_hand else _N_BACK
    if buttons:
        rows = math.ceil(len(seat.hand) / _N_PER_ROW)
        height = len(lines) * 17 + rows * (_N_HAND * 1.5 + 30) + 8
    else:
        height = 8 + len(lines) * 17 + (width * 1.5 + 8 if seat.hand else 0)
    fill, ink = (_GOLD, _DARK) if acting else ("#0f3d20", _INK_ON_FELT)
    parts = [f'<g class="seat{" to-act" if acting else ""}" data-seat="{escape(seat.seat)}" '
             f'transform="translate(0 {y:g})">',
             f'<rect x="6" y="0" width="{_N_W - 12}" height="{height:g}" rx="8" fill="{fill}" '
             f'stroke="{_DARK if acting else "#9fd3ae"}" stroke-width="{3 if acting else 1.5}"/>']
    for k, text in enumerate(lines):
        parts.append(_text(14, 19 + k * 17, text, _N_SMALL, weight="700" if k == 0 else "400", fill=ink,
                           anchor="start"))
    if acting:
        parts.append(_marker(_N_W - 14 - _N_SMALL * 6.2, 5, _N_SMALL))
    parts.append("</g>")
    if seat.hand and buttons:
        markup, _ = _narrow_rows(seat, scene, y + 8 + len(lines) * 17 + 22)
        parts.append(markup)
    elif seat.hand:
        top = y + 8 + len(lines) * 17
        step = min(width + 4, (_N_W - 28 - width) / max(len(seat.hand) - 1, 1))
        cards = "".join(_card(card, scene, width, 14 + i * step, top, mini=True) for i, card in enumerate(seat.hand))
        parts.append(f'<g class="hand" data-seat="{escape(seat.seat)}" aria-label="{escape(hand_text(seat))}">'
                     f'{cards}</g>')
    return "".join(parts), y + height + 8


def _narrow_trick(scene: TableScene, y: float) -> tuple[str, float]:
    plays, completed = _shown_trick(scene)
    parts = [f'<g class="trick{" completed last-trick" if completed else ""}">']
    top = y + 10
    if completed:
        parts.append(_banner(_N_W / 2, top, winner_sentence(scene), 14))
        top += 32
    if not plays:
        lead = i18n._("{seat} to lead").format(seat=scene.trick_leader) if scene.trick_leader else ""
        parts.append(_text(_N_W / 2, top + 22, " · ".join(p for p in (i18n._("No cards on the table"), lead) if p),
                           _N_SMALL, extra=' font-style="italic"'))
        parts.append("</g>")
        return "".join(parts), top + 40
    count = len(plays)
    width = min(_N_TRICK, (_N_W - 20 - 8 * (count - 1)) / count)
    left = _N_W / 2 - (count * width + 8 * (count - 1)) / 2
    for number, (seat, card) in enumerate(plays, 1):
        x = left + (number - 1) * (width + 8)
        won = completed and seat == scene.last_winner
        if won:
            parts.append(_winner_ring(x, top + 4, width))
        parts.append(f'<g class="play{" winner" if won else ""}" data-seat="{escape(seat)}">'
                     f'{_card(card, scene, width, x, top + 4, mini=True)}</g>')
        parts.append(_badge(x + width - 2, top + 6, number, seat, _N_SMALL))
        parts.append(_text(x + width / 2, top + 4 + width * 1.5 + 20, seat, _N_TEXT, weight="700"))
    parts.append("</g>")
    return "".join(parts), top + 4 + width * 1.5 + 30


def _narrow_last(scene: TableScene, y: float) -> tuple[str, float]:
    parts = ['<g class="last-trick">', _text(10, y + 16, i18n._("Last trick, {winner}").format(
        winner=last_trick_caption(scene)), _N_SMALL, weight="700", anchor="start")]
    for i, (seat, card) in enumerate(scene.last_trick):
        x = 10 + i * (_N_LAST + 30)
        parts.append(_card(card, scene, _N_LAST, x, y + 24, mini=True))
        parts.append(_text(x + _N_LAST + 4, y + 24 + _N_LAST * 0.9, seat, _N_SMALL, weight="700", anchor="start"))
    parts.append("</g>")
    return "".join(parts), y + 24 + _N_LAST * 1.5 + 10


def _narrow_public(scene: TableScene, y: float) -> tuple[str, float]:
    parts = ['<g class="public">']
    for caption, card in scene.public:
        parts.append(_card(card, scene, 40, 10, y, mini=True))
        for k, line in enumerate(caption.split(" · ")):
            parts.append(_text(58, y + 18 + k * 18, line, _N_TEXT if k == 0 else _N_SMALL,
                               weight="700" if k == 0 else "400", anchor="start"))
        y += 70
    parts.append("</g>")
    return "".join(parts), y


def _narrow_viewer(seat: SeatScene, scene: TableScene, y: float) -> tuple[str, float]:
    acting = seat.seat == scene.to_act
    facts = " · ".join([*([] if scene.watching else [i18n._("(you)")]), *_facts(seat, False)])
    lines = _wrap(f"{seat.label or seat.seat} {facts}", _N_TEXT, _N_W - 20 - (90 if acting else 0))
    fill, ink = (_GOLD, _DARK) if acting else ("#0f3d20", _INK_ON_FELT)
    height = 8 + len(lines) * 18
    parts = [f'<g class="seat{" to-act" if acting else ""}" data-seat="{escape(seat.seat)}" '
             f'transform="translate(0 {y:g})">',
             f'<rect x="6" y="0" width="{_N_W - 12}" height="{height:g}" rx="8" fill="{fill}" '
             f'stroke="{_DARK if acting else "#9fd3ae"}" stroke-width="{3 if acting else 1.5}"/>']
    parts += [_text(14, 19 + k * 18, text, _N_TEXT, weight="700", fill=ink, anchor="start")
              for k, text in enumerate(lines)]
    if acting:
        parts.append(_marker(_N_W - 14 - _N_SMALL * 6.2, 5, _N_SMALL))
    parts.append("</g>")
    y += height
    count = len(seat.hand)
    if not count:
        parts.append(_text(_N_W / 2, y + 30, i18n._("no cards left"), _N_TEXT, extra=' font-style="italic"'))
        return "".join(parts), y + 44
    markup, y = _narrow_rows(seat, scene, y + 30)
    return "".join(parts) + markup, y


def _narrow_rows(seat: SeatScene, scene: TableScene, top: float) -> tuple[str, float]:
    """A hand of buttons in rows of at most six cards, each 52 px wide, none overlapping."""
    hand, marked = _buttons(seat, scene)
    count = len(seat.hand)
    rows = math.ceil(count / _N_PER_ROW)
    per_row = math.ceil(count / rows)
    pitch = _N_HAND * 1.5 + 30
    cards = []
    for i, card in enumerate(seat.hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        left = _N_W / 2 - (in_row * _N_HAND + (in_row - 1) * _N_GAP) / 2
        cards.append(_card(card, scene, _N_HAND, left + col * (_N_HAND + _N_GAP), top + row * pitch,
                           legal=_legal(card, scene, marked), hand=hand if card is not None else "",
                           hint=12, mini=True))
    viewer = " viewer" if seat.seat == scene.viewer else ""
    return (f'<g class="hand{viewer}" data-seat="{escape(seat.seat)}">{"".join(cards)}</g>',
            top - 30 + rows * pitch + 8)


def _narrow(scene: TableScene, width: float) -> str:
    body: list[str] = []
    y = 8.0
    if scene.title:
        body.append(_text(10, y + 18, scene.title, 17, weight="700", anchor="start"))
    if scene.to_act:
        body.append(_text(_N_W - 10, y + 18, i18n._("To play: {seat}").format(seat=scene.to_act), 15, weight="700",
                          anchor="end", fill=_GOLD))

    y += 30
    status = _wrap(scene.status, _N_TEXT, _N_W - 20)
    if status:
        body.append('<g class="status">' + "".join(_text(10, y + 14 + k * 18, line, _N_TEXT, weight="700",
                                                         anchor="start") for k, line in enumerate(status))
                    + "</g>")
        y += len(status) * 18 + 8
    for seat in scene.seats[1:]:
        markup, y = _narrow_seat(seat, scene, y)
        body.append(markup)
    trick_top = y
    markup, y = _narrow_trick(scene, y)
    body.append(f'<rect x="6" y="{trick_top:g}" width="{_N_W - 12}" height="{y - trick_top:g}" rx="14" '
                f'fill="{_FELT_LIGHT}" stroke="{_FELT_EDGE}" stroke-width="2"/>' + markup)
    if scene.trick and scene.last_trick:
        markup, y = _narrow_last(scene, y + 4)
        body.append(markup)
    if scene.public:
        markup, y = _narrow_public(scene, y + 6)
        body.append(markup)
    if scene.seats:
        markup, y = _narrow_viewer(scene.seats[0], scene, y + 6)
        body.append(markup)
    return "".join([_open(scene, (_N_W, round(y + 8)), width), *body, "</svg>"])


def table_svg(scene: TableScene, *, width: float | None = None, theme: str = "normal") -> str:
    """One SVG picture of ``scene`` in ``theme`` ("normal", "presenter" or "narrow"), ``width``
    pixels wide (by default the theme's own: 900, 900 or 360); every face-up card has ``data-card``."""
    check_family(scene.family)
    if theme == "narrow":
        return unique_ids(with_faces(_narrow(scene, width or _N_W), scene.family))
    layout = {"normal": NORMAL, "presenter": PRESENTER}.get(theme)
    if layout is None:
        raise ValueError(f"{theme!r} is not a table theme: use one of {', '.join(THEMES)}.")
    return unique_ids(with_faces(_landscape(scene, layout, width or layout.box[0]), scene.family))
