"""Suit art for the three card families, each pip drawn once as an SVG ``<symbol>``.

Every symbol lives in a 100 x 100 box and is placed with ``<use>``, so a document holds one copy
of each drawing however many cards it shows.  French pips are the four familiar shapes; the
Italian drawings follow the Neapolitan pattern (red cups, curved swords, green batons with cut
branches), the Spanish ones the Castilian pattern (sun-rayed coins, gold chalices, straight
swords, knotted clubs), so the two Latin families can be told apart at a glance.
"""
from __future__ import annotations

import hashlib
import math
from functools import lru_cache

FAMILIES: tuple[str, ...] = ("french", "italian", "spanish")
PREFIX: dict[str, str] = {"french": "fr", "italian": "it", "spanish": "es"}

RED = "#c0262d"
BLACK = "#1b1b1b"
GOLD = "#e2b227"
GOLD_DARK = "#7a5200"
STEEL = "#2f6aa3"
STEEL_DARK = "#173a5e"
GREEN = "#2f7d32"
BROWN = "#7b4a1e"
BROWN_DARK = "#4a2a0c"

SUIT_INK: dict[str, dict[str, str]] = {
    "french": {"S": BLACK, "H": RED, "D": RED, "C": BLACK},
    "italian": {"S": STEEL_DARK, "H": RED, "D": GOLD_DARK, "C": GREEN},
    "spanish": {"S": STEEL_DARK, "H": RED, "D": GOLD_DARK, "C": BROWN},
}
"""Text colour for a card's index and labels: dark enough to read on the white face."""


def check_family(family: str) -> str:
    """Return ``family`` if it names a card family, else raise ValueError saying which exist."""
    if family not in PREFIX:
        raise ValueError(f"{family!r} is not a card family: use one of {', '.join(FAMILIES)}.")
    return family


def symbol_id(family: str, suit: str) -> str:
    return f"cl-{PREFIX[family]}-{suit}"


_FRENCH = {
    "S": f'<path fill="{BLACK}" d="M50 4C38 26 8 38 8 62C8 80 30 86 44 73C43 83 39 90 30 96H70'
         f'C61 90 57 83 56 73C70 86 92 80 92 62C92 38 62 26 50 4Z"/>',
    "H": f'<path fill="{RED}" d="M50 94C24 70 4 54 6 32C8 12 36 4 50 28C64 4 92 12 94 32'
         f'C96 54 76 70 50 94Z"/>',
    "D": f'<path fill="{RED}" d="M50 2Q68 30 88 50Q68 70 50 98Q32 70 12 50Q32 30 50 2Z"/>',
    "C": f'<g fill="{BLACK}"><circle cx="50" cy="27" r="20"/><circle cx="26" cy="58" r="20"/>'
         f'<circle cx="74" cy="58" r="20"/><circle cx="50" cy="52" r="12"/>'
         f'<path d="M45 52Q46 82 31 96H69Q54 82 55 52Z"/></g>',
}

_ITALIAN = {
    "S": f'<g stroke="{STEEL_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="{STEEL}" d="M30 66C40 40 62 20 92 6C80 30 62 56 38 74Z"/>'
         f'<path fill="none" stroke="#cfe0f0" stroke-width="3" d="M38 64C50 46 66 30 84 16"/>'
         f'<path fill="{GOLD}" stroke="{GOLD_DARK}" d="M18 56L48 84L42 90L12 62Z"/>'
         f'<path fill="{RED}" stroke="#6b1014" d="M26 78L14 90L20 96L32 84Z"/>'
         f'<circle cx="12" cy="93" r="6" fill="{GOLD}" stroke="{GOLD_DARK}"/></g>',
    "H": f'<g stroke="{GOLD_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="{RED}" d="M18 10H82C82 36 68 50 50 52C32 50 18 36 18 10Z"/>'
         f'<rect x="14" y="5" width="72" height="9" rx="3" fill="{GOLD}"/>'
         f'<path fill="{GOLD}" d="M44 52H56V76H44Z"/><circle cx="50" cy="64" r="7" fill="{GOLD}"/>'
         f'<path fill="{GOLD}" d="M30 94Q32 80 50 76Q68 80 70 94Z"/>'
         f'<path fill="none" stroke="#f4c9cb" d="M30 22Q50 30 70 22"/></g>',
    "D": f'<g stroke="{GOLD_DARK}" stroke-width="3"><circle cx="50" cy="50" r="46" fill="{GOLD}"/>'
         f'<circle cx="50" cy="50" r="33" fill="#f2d26b"/>'
         f'<circle cx="50" cy="50" r="16" fill="{RED}" stroke="#6b1014"/>'
         f'<circle cx="50" cy="50" r="5" fill="{GOLD}" stroke="none"/></g>'
         + "".join(f'<circle cx="{50 + 40 * c:.1f}" cy="{50 + 40 * s:.1f}" r="3.5" fill="{GOLD_DARK}"/>'
                   for c, s in ((1, 0), (0.7071, 0.7071), (0, 1), (-0.7071, 0.7071), (-1, 0),
                                (-0.7071, -0.7071), (0, -1), (0.7071, -0.7071))),
    "C": f'<g stroke="{BROWN_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="{GREEN}" d="M14 80L74 8Q84 4 90 12Q92 20 86 26L28 92Q18 98 12 92Q8 86 14 80Z"/>'
         f'<path fill="{BROWN}" d="M44 46L30 34L36 28L50 40Z"/>'
         f'<path fill="{BROWN}" d="M62 52L76 62L70 70L56 58Z"/>'
         f'<path fill="{BROWN}" d="M32 70L20 62L26 56L38 64Z"/>'
         f'<path fill="none" stroke="#9ccf8f" d="M24 82L78 18"/></g>',
}

_SPANISH = {
    "S": f'<g stroke="{STEEL_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="#9fc3e6" d="M40 66V20L50 1L60 20V66Z"/>'
         f'<path fill="none" stroke="{STEEL}" stroke-width="4" d="M50 12V64"/>'
         f'<path fill="{GOLD}" stroke="{GOLD_DARK}" d="M16 64H84V76H16Z"/>'
         f'<path fill="{BROWN}" stroke="{BROWN_DARK}" d="M43 76H57V90H43Z"/>'
         f'<circle cx="50" cy="93" r="6" fill="{GOLD}" stroke="{GOLD_DARK}"/>'
         f'<circle cx="15" cy="70" r="7" fill="{GOLD}" stroke="{GOLD_DARK}"/>'
         f'<circle cx="85" cy="70" r="7" fill="{GOLD}" stroke="{GOLD_DARK}"/></g>',
    "H": f'<g stroke="{GOLD_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="{GOLD}" d="M12 16Q50 8 88 16Q86 50 56 58H44Q14 50 12 16Z"/>'
         f'<path fill="{RED}" stroke="none" d="M16 30Q50 38 84 30Q82 40 78 44Q50 50 22 44Q18 40 16 30Z"/>'
         f'<ellipse cx="50" cy="15" rx="38" ry="6" fill="#f6dc8a"/>'
         f'<path fill="{GOLD}" d="M44 58H56L54 78H46Z"/>'
         f'<path fill="{RED}" d="M24 96Q28 80 50 78Q72 80 76 96Z"/></g>',
    "D": f'<g stroke="{GOLD_DARK}" stroke-width="3">'
         + "".join(f'<path fill="{GOLD}" d="M{50 + 47 * c:.1f} {50 + 47 * s:.1f}'
                   f'L{50 + 38 * c - 7 * s:.1f} {50 + 38 * s + 7 * c:.1f}'
                   f'L{50 + 38 * c + 7 * s:.1f} {50 + 38 * s - 7 * c:.1f}Z"/>'
                   for c, s in ((1, 0), (0.866, 0.5), (0.5, 0.866), (0, 1), (-0.5, 0.866),
                                (-0.866, 0.5), (-1, 0), (-0.866, -0.5), (-0.5, -0.866),
                                (0, -1), (0.5, -0.866), (0.866, -0.5)))
         + f'<circle cx="50" cy="50" r="38" fill="{GOLD}"/>'
           f'<circle cx="50" cy="50" r="27" fill="#f6dc8a"/>'
           f'<circle cx="50" cy="50" r="12" fill="{GOLD}"/>'
           f'<path fill="none" d="M38 50H62M50 38V62"/></g>',
    "C": f'<g stroke="{BROWN_DARK}" stroke-width="3" stroke-linejoin="round">'
         f'<path fill="{GREEN}" d="M64 30Q84 18 94 28Q82 40 64 38Z"/>'
         f'<path fill="{GREEN}" d="M36 56Q16 46 6 56Q18 68 36 64Z"/>'
         f'<path fill="{BROWN}" d="M40 97Q34 66 29 38Q25 12 40 4Q50 0 60 4Q75 12 71 38Q66 66 60 97Z"/>'
         f'<ellipse cx="42" cy="22" rx="6" ry="7" fill="#b07a40"/>'
         f'<ellipse cx="59" cy="42" rx="5.5" ry="6.5" fill="#b07a40"/>'
         f'<ellipse cx="44" cy="64" rx="4.5" ry="5.5" fill="#b07a40"/>'
         f'<ellipse cx="55" cy="82" rx="3.5" ry="4.5" fill="#b07a40"/></g>',
}

_ART: dict[str, dict[str, str]] = {"french": _FRENCH, "italian": _ITALIAN, "spanish": _SPANISH}

FRAME = ('<rect x="0.75" y="0.75" width="98.5" height="148.5" rx="7" fill="#fff" stroke="#555" '
         'stroke-width="1.5"/>')
"""The white face and grey edge every card has, in its 100 x 150 box."""

BACK_ID = "cl-back"
"""The id of the card back in :func:`defs_svg`: an ``<svg>`` of 100 x 150 that ``<use>`` sizes."""

_PANEL = (7, 7, 93, 143)
"""The back's hatched panel (left, top, right, bottom), with corners of radius 4."""


def _hatch(turn: int) -> str:
    """The back's lines ``x + turn * y`` = a multiple of 10, 1.4 wide, as the dashes of one wide
    stroke running across them: one element in place of two dozen lines (no pattern, whose id
    would be one more per drawing)."""
    left, top, right, bottom = _PANEL
    root2 = math.sqrt(2)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    corners = [(x, y) for x in (left, right) for y in (top, bottom)]
    first = min(x + turn * y for x, y in corners) // 10 * 10 - 0.7 * root2   # the first dash's centre on a line
    reach = (cx + turn * cy - first) / root2
    start_x, start_y = cx - reach / root2, cy - turn * reach / root2
    width = 2 * max(abs((x - turn * y) - (cx - turn * cy)) for x, y in corners) / root2 + 4
    return (f'<path d="M{start_x:.3f} {start_y:.3f}l{reach * root2:.3f} {turn * reach * root2:.3f}" '
            f'stroke-width="{width:.0f}" stroke-dasharray="1.4 {10 / root2 - 1.4:.4f}"/>')


def _back() -> str:
    """A card's back: a panel of blue cross-hatching inside a pale frame.  The hatching is clipped
    to the panel by a nested ``<svg>`` and its square corners are painted over in white.  It is an
    ``<svg>`` (which ``<use>`` sizes as it does a ``<symbol>``), so the symbols stay the four suits."""
    left, top, right, bottom = _PANEL
    width, height = right - left, bottom - top
    panel = f'x="{left}" y="{top}" width="{width}" height="{height}" rx="4"'
    return (f'<svg id="{BACK_ID}" viewBox="0 0 100 150">{FRAME}<rect {panel} fill="#1d3270"/>'
            f'<svg x="{left}" y="{top}" width="{width}" height="{height}" viewBox="{left} {top} {width} {height}" '
            f'stroke="#6f86c6">{_hatch(-1)}{_hatch(1)}</svg>'
            f'<path fill="#fff" d="M{left} {top}h4a4 4 0 0 0-4 4zM{right} {top}v4a4 4 0 0 0-4-4z'
            f'M{right} {bottom}h-4a4 4 0 0 0 4-4zM{left} {bottom}v-4a4 4 0 0 0 4 4z"/>'
            f'<rect {panel} fill="none" stroke="#1d3270" stroke-width="2"/>'
            f'<rect x="14" y="14" width="72" height="122" rx="3" fill="none" stroke="#c9d3f0" stroke-width="1.5"/>'
            f'</svg>')


@lru_cache(maxsize=None)
def defs_svg(family: str) -> str:
    """The ``<defs>`` one document needs for ``family``: its four pips and the card back."""
    art = _ART[check_family(family)]
    symbols = "".join(f'<symbol id="{symbol_id(family, suit)}" viewBox="0 0 100 100">{art[suit]}</symbol>'
                      for suit in "SHDC")
    return f"<defs>{symbols}{_back()}</defs>"


def unique_ids(svg: str) -> str:
    """``svg`` with every ``cl-`` id (pips, card back) renamed after a digest of the drawing.

    Many drawings share one page in JupyterLab and in a lesson; an ``href="#id"`` resolves to the
    first element with that id anywhere on the page, so two drawings defining the same id break
    each other when the first one is hidden.  The digest keeps drawing a pure function: the same
    scene gives the same text, and two different drawings never share an id.  Every id reads
    ``<digest>-<name>``: the board's script (:mod:`widgets.svgview`) renames the digest part.
    """
    tag = "cl" + hashlib.blake2s(svg.encode(), digest_size=5).hexdigest()
    return svg.replace('id="cl-', f'id="{tag}-').replace('href="#cl-', f'href="#{tag}-')
