"""Single cards and rows of cards as SVG.

A face is drawn once per (card, family, language) in a 100 x 150 box and cached; placing it only wraps it
in a scaled group, so a table of forty cards costs string joins, not drawing.  Every face-up card
group carries ``data-card="<code>"`` (the contract with the widget script); a face-down card is
``class="card back"`` and carries nothing that could give the card away.

Faces speak the page's language, an input of the drawing like the family: a court card's caption
("KING", « ROI », «RE») is said in it, left out where it would repeat the pack's own name printed
below, and a French pack on a French page prints its own indices (R, D, V), as French packs do.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Collection, Sequence

from .. import card_words, i18n

from ..cards import FRENCH_32, ITALIAN_40, SPANISH_48, Card, Pack

from .named import named_art
from .pips import (BACK_ID, BLACK, FRAME, GOLD, GREEN, RED, STEEL, SUIT_INK, check_family, defs_svg, symbol_id,
                   unique_ids)

__all__ = ["card_svg", "back_svg", "defs_svg", "hand_svg", "card_title", "card_name", "PACK_OF_FAMILY"]

PACK_OF_FAMILY: dict[str, Pack] = {"french": FRENCH_32, "italian": ITALIAN_40, "spanish": SPANISH_48}
"""The pack whose names a family's cards are called by (every pack of a family shares them)."""

_INDEX: dict[str, dict[str, str]] = {
    "french": {"Kn": "C"},
    "italian": {"J": "F", "Kn": "C", "Q": "D", "K": "R"},
    "spanish": {"A": "1", "J": "10", "Kn": "11", "K": "12"},
}
_INDEX_LOCAL: dict[tuple[str, str], dict[str, str]] = {("french", "fr"): {"J": "V", "Kn": "C", "Q": "D", "K": "R"}}
"""The indices a pack prints in its own country, where they differ from the English ones."""
_CAPTION = "court card caption"
_COURT_CAPTION = {"J": i18n.mark("court card caption", "JACK"), "Kn": i18n.mark("court card caption", "KNIGHT"),
                  "Q": i18n.mark("court card caption", "QUEEN"), "K": i18n.mark("court card caption", "KING")}
_COURT_LOCAL_EXTRA = {
    "french": {"Kn": "Cavalier"},
    "italian": {"Q": "Regina"},
    "spanish": {"Q": "Reina"},
}
_ROBE: dict[str, dict[str, str]] = {
    "french": {"S": "#2c3e6b", "H": RED, "D": RED, "C": "#2c3e6b"},
    "italian": {"S": STEEL, "H": RED, "D": GOLD, "C": GREEN},
    "spanish": {"S": STEEL, "H": RED, "D": GOLD, "C": "#8a5a2b"},
}
_PANEL = {"french": "#fbf3dc", "italian": "#fdf0c8", "spanish": "#f7ead0"}

def _grid(columns: tuple[float, ...], rows: tuple[float, ...]) -> tuple[tuple[float, float], ...]:
    return tuple((x, y) for y in rows for x in columns)


_WIDE, _NARROW = (35, 65), (33, 67)
_PIPS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (58, ((50, 75),)),
    2: (30, ((50, 35), (50, 115))),
    3: (30, ((50, 33), (50, 75), (50, 117))),
    4: (26, _grid(_WIDE, (35, 115))),
    5: (26, _grid(_WIDE, (35, 115)) + ((50, 75),)),
    6: (26, _grid(_WIDE, (35, 75, 115))),
    7: (21, _grid((31, 69), (33, 75, 117)) + ((50, 54),)),
    8: (21, _grid((31, 69), (33, 75, 117)) + ((50, 54), (50, 96))),
    9: (21, _grid(_NARROW, (33, 61, 89, 117)) + ((50, 75),)),
    10: (21, _grid(_NARROW, (27, 51, 75, 99, 123))),
}
"""Pip size and centres for each count, clear of the corner indices; the 10 uses two columns of five."""

_FACE_WIDTH = 100
FONT = 'font-family="sans-serif"'
"""The lettering of every drawing, set once on its ``<svg>`` and inherited by each ``<text>``."""
_SERIF = 'font-family="serif"'


def _use(family: str, suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    turn = f' transform="rotate(180 {cx:g} {cy:g})"' if flip else ""
    return (f'<use href="#{symbol_id(family, suit)}" x="{cx - size / 2:g}" y="{cy - size / 2:g}" '
            f'width="{size:g}" height="{size:g}"{turn}/>')


def _index_text(card: Card, family: str, lang: str) -> str:
    return _INDEX_LOCAL.get((family, lang), _INDEX[family]).get(card.rank, card.rank)


def _index(card: Card, family: str, lang: str) -> str:
    text = _index_text(card, family, lang)
    ink = SUIT_INK[family][card.suit]
    size = 21 if len(text) == 1 else 17
    spacing = ' letter-spacing="-1.5"' if len(text) > 1 else ""
    corner = (f'<text x="11.5" y="22" text-anchor="middle" font-weight="700" font-size="{size}"'
              f' fill="{ink}"{spacing}>{text}</text>{_use(family, card.suit, 11.5, 33, 14)}')
    return f'{corner}<g transform="rotate(180 50 75)">{corner}</g>'


def _pips(card: Card, family: str) -> str:
    count = 1 if card.rank == "A" else int(card.rank)
    size, spots = _PIPS[count]
    flip = family == "french"
    return "".join(_use(family, card.suit, x, y, size, flip and y > 75) for x, y in spots)


def _figure(rank: str, robe: str) -> str:
    line = 'stroke="#3a2a1a" stroke-width="1.5" stroke-linejoin="round"'
    if rank == "Kn":
        return (f'<g {line}><path fill="#8a5a2b" d="M36 100L38 84Q31 78 34 69L45 55Q43 46 49 40'
                f'L53 33L57 40Q67 45 68 60Q70 80 64 100Z"/>'
                f'<path fill="#3a2a1a" d="M53 36Q64 42 66 58Q67 70 64 80L60 80Q62 62 56 46Z"/>'
                f'<path fill="{robe}" d="M38 100L40 88H64L65 100Z"/>'
                f'<circle cx="47" cy="50" r="2" fill="#1b1b1b"/><circle cx="36" cy="71" r="1.5" fill="#1b1b1b"/>'
                f'</g>')
    hair = {"Q": '<path fill="#c9892a" d="M38 56Q36 40 50 38Q64 40 62 56L64 76H36Z"/>',
            "K": '<path fill="#f5f5f5" d="M41 58Q42 72 50 74Q58 72 59 58Z"/>'}.get(rank, "")
    hat = {
        "K": f'<path fill="{GOLD}" d="M39 46V33L44 39L50 30L56 39L61 33V46Z"/>',
        "Q": f'<path fill="{GOLD}" d="M41 45V37L45.5 41L50 35L54.5 41L59 37V45Z"/>',
        "J": f'<path fill="{robe}" d="M37 46Q38 34 52 35Q63 36 63 45Z"/>'
             f'<path fill="#f5f5f5" d="M60 40Q72 28 70 20Q62 28 56 38Z"/>',
    }[rank]
    return (f'<g {line}>{hair if rank == "Q" else ""}'
            f'<path fill="{robe}" d="M31 100Q32 72 50 68Q68 72 69 100Z"/>'
            f'<path fill="#f5f5f5" d="M42 70Q50 78 58 70L56 67H44Z"/>'
            f'<circle cx="50" cy="56" r="11" fill="#f3d2ab"/>{hair if rank == "K" else ""}{hat}'
            f'<circle cx="46" cy="54" r="1.3" fill="#1b1b1b" stroke="none"/>'
            f'<circle cx="54" cy="54" r="1.3" fill="#1b1b1b" stroke="none"/></g>')


def _caption(card: Card, local: str, ink: str, lang: str) -> str:
    """The rank in the page's language over the figure; nothing where the pack's name says it."""
    caption = i18n.catalog(lang).pgettext(_CAPTION, _COURT_CAPTION[card.rank])
    if caption.casefold() == local.casefold():
        return ""
    squeeze = ' textLength="48" lengthAdjust="spacingAndGlyphs"' if len(caption) > 7 else ""
    return (f'<text x="50" y="21" text-anchor="middle" font-weight="700" font-size="9.5" '
            f'fill="{ink}" letter-spacing="0.5"{squeeze}>{escape(caption)}</text>')


def _court(card: Card, family: str, lang: str) -> str:
    pack = PACK_OF_FAMILY[family]
    local = pack.local_rank_names.get(card.rank) or _COURT_LOCAL_EXTRA[family].get(card.rank, card.rank)
    ink = SUIT_INK[family][card.suit]
    return (f'<rect x="24" y="8" width="52" height="134" rx="4" fill="{_PANEL[family]}" stroke="{ink}" '
            f'stroke-width="2"/>{_caption(card, local, ink, lang)}'
            f'{_figure(card.rank, _ROBE[family][card.suit])}'
            f'{_use(family, card.suit, 50, 113, 22)}'
            f'<text x="50" y="137" text-anchor="middle" {_SERIF} font-weight="700" font-size="12" '
            f'fill="{BLACK}">{escape(local)}</text>')


@lru_cache(maxsize=None)
def _face(card: Card, family: str, lang: str) -> str:
    art = named_art(str(card), family) or (
        _court(card, family, lang) if card.rank in _COURT_CAPTION else _pips(card, family))
    return f'{FRAME}{art}{_index(card, family, lang)}'

_STAR = "M0 -9L2.6 -3.6L8.6 -2.8L4.2 1.4L5.3 7.3L0 4.5L-5.3 7.3L-4.2 1.4L-8.6 -2.8L-2.6 -3.6Z"


@lru_cache(maxsize=None)
def _mini_face(card: Card, family: str, special: bool, lang: str) -> str:
    """A face for small cards: a large index and one large pip, no lettering smaller than the index.

    At 30 units wide its index is still 12 px, so narrow screens keep every card readable.
    """
    text = _index_text(card, family, lang)
    ink = SUIT_INK[family][card.suit]
    spacing = ' letter-spacing="-3"' if len(text) > 1 else ""
    star = (f'<path transform="translate(84 18) scale(1.3)" d="{_STAR}" fill="{GOLD}" stroke="{BLACK}" '
            f'stroke-width="1.2"/>' if special else "")
    return (f'{FRAME}<text x="7" y="44" font-weight="700" font-size="42" fill="{ink}"'
            f'{spacing}>{text}</text>{_use(family, card.suit, 50, 100, 60)}{star}')


def card_title(card: Card, family: str = "french", special: str = "") -> str:
    """What a card is called: ``"the knight of coins (Cavallo di Denari)"``, plus a special name."""
    pack = PACK_OF_FAMILY[check_family(family)]
    title = f"{card_words.card_name(pack, card)} ({pack.local_name(card)})"
    return f"{title}, {special}" if special else title


def card_name(card: Card, family: str = "french", special: str = "") -> str:
    """A card as a sentence says it: ``"the 2 of coins"``, ``"the 2 of coins (le Borgne)"``."""
    name = card_words.card_name(PACK_OF_FAMILY[check_family(family)], card)
    return f"{name} ({special})" if special else name


_RIBBON_TEXT = 62
"""The room for a special name on its ribbon, left of the bottom corner's index (face units)."""


def _ribbon(special: str) -> str:
    """A special name on a dark ribbon at the foot of the face, squeezed to fit when it is long
    ("Deux de Chêne"): about 6.6 units a letter at this size."""
    squeeze = (f' textLength="{_RIBBON_TEXT}" lengthAdjust="spacingAndGlyphs"'
               if len(special) * 6.6 > _RIBBON_TEXT else "")
    return (f'<rect x="8" y="128" width="66" height="16" rx="3" fill="{BLACK}" opacity="0.85"/>'
            f'<text x="41" y="140" text-anchor="middle" font-weight="700" font-size="11" '
            f'fill="#fff"{squeeze}>{escape(special)}</text>')


def _raise(height: float) -> float:
    return round(height * 0.1, 1)


def _lift(height: float, legal: bool | None, selected: bool) -> float:
    """How far a card stands up from its row: legal cards by a tenth, selected ones by a fifth."""
    return 2 * _raise(height) if selected else (_raise(height) if legal else 0)


def _tick(width: float) -> str:
    r = max(9.0, round(width * 0.13, 1))
    cx, cy = width - r * 0.55, r * 0.55
    return (f'<g class="tick"><circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#1565c0" stroke="#fff" '
            f'stroke-width="2"/><path d="M{cx - r * 0.5:.1f} {cy:.1f}L{cx - r * 0.12:.1f} {cy + r * 0.4:.1f}'
            f'L{cx + r * 0.5:.1f} {cy - r * 0.38:.1f}" fill="none" stroke="#fff" stroke-width="{r * 0.28:.1f}" '
            f'stroke-linecap="round" stroke-linejoin="round"/></g>')


def _hint_marker(width: float, size: float) -> str:
    said = i18n._("suggested")
    squeeze = (f' textLength="{size * 5.2:.1f}" lengthAdjust="spacingAndGlyphs"'
               if len(said) * 0.6 > 5.2 else "")  # about 0.6 of the size a letter: kept inside the pill
    pill = size * 5.6
    return (f'<g class="hint-marker"><rect x="{(width - pill) / 2:.1f}" y="{-size * 1.1:.1f}" width="{pill:.1f}" '
            f'height="{size * 1.5:.1f}" rx="{size * 0.75:.1f}" fill="{GOLD}" stroke="{BLACK}" stroke-width="1.5"/>'
            f'<text x="{width / 2:g}" y="{size * 0.05:.1f}" text-anchor="middle" font-size="{size:g}" '
            f'font-weight="700" fill="{BLACK}"{squeeze}>{escape(said)}</text></g>')


@lru_cache(maxsize=4096)
def _placed(card: Card | None, family: str, width: float, legal: bool | None, label: str, special: str,
            selected: bool, hint: float, mini: bool, hand: str, lang: str) -> tuple[str, float, str]:
    """A card's ``<g>`` without its position: the opening tag's attributes, how far the card stands
    up from its row, and everything inside, its words in ``lang``.  Cached: the frames of one click
    draw the same cards again and again, so placing one costs a single format."""
    with i18n.speaking(lang):
        return _placed_in_language(card, family, width, legal, label, special, selected, hint, mini, hand)


def _placed_in_language(card: Card | None, family: str, width: float, legal: bool | None, label: str,
                        special: str, selected: bool, hint: float, mini: bool, hand: str) -> tuple[str, float, str]:
    height = width * 1.5
    scale = width / _FACE_WIDTH
    lift = _lift(height, legal, selected)
    if card is None:
        attrs, title = 'class="card back"', i18n._("a card face down")
        art = f'<use href="#{BACK_ID}" width="{width:g}" height="{height:g}"/>'
    else:
        classes = ["card"] + ([] if legal is None else ["legal" if legal else "illegal"])
        classes += ["selected"] * selected + ["hint"] * bool(hint)
        attrs = f'class="{" ".join(classes)}" data-card="{card}"'
        if hand:
            state = ([i18n._("playable") if legal else i18n._("not playable")] + [i18n._("selected")] * selected
                     + [i18n._("suggested")] * bool(hint))
            spoken = card_name(card, family, special).removeprefix("the ")
            attrs += (f' data-hand="{escape(hand)}" role="button" tabindex="-1" '
                      f'aria-label="{escape(", ".join([spoken, *state]))}"')
        title = card_title(card, family, special)
        body = f'<use href="#{_face_id(card, mini, bool(special))}" width="100" height="150"/>'
        layers = [f'<g transform="scale({scale:g})">{body}']
        if special and not mini:
            layers.append(_ribbon(special))
        if legal is False and not selected:
            layers.append('<rect width="100" height="150" rx="7" fill="#3a3a3a" fill-opacity="0.38"/>')
        art = "".join(layers) + "</g>"
    parts = [f'<title>{escape(title)}</title>']
    if legal or selected:
        ring = round(max(2.5, width * 0.055), 1)
        parts.append(f'<rect x="{-ring * 0.7:g}" y="{-ring * 0.7:g}" width="{width + ring * 1.4:g}" '
                     f'height="{height + ring * 1.4:g}" rx="{7 * scale + ring / 2:.1f}" fill="none" '
                     f'stroke="{"#1565c0" if selected else "#ffd21f"}" stroke-width="{ring:g}"/>')
    parts.append(art)
    if selected:
        parts.append(_tick(width))
    if hint:
        parts.append(_hint_marker(width, hint))
    if label:
        below = height + 4 + lift
        squeeze = (f' textLength="{width - 8:g}" lengthAdjust="spacingAndGlyphs"'
                   if len(label) * 8.2 > width - 8 else "")
        parts.append(f'<g class="card-label"><rect x="0" y="{below:g}" width="{width:g}" height="20" rx="4" '
                     f'fill="#fff" stroke="#555"/><text x="{width / 2:g}" y="{below + 15:g}" text-anchor="middle" '
                     f'font-size="14" font-weight="700" fill="{BLACK}"{squeeze}>{escape(label)}</text></g>')
    parts.append("</g>")
    return attrs, lift, "".join(parts)


def _face_id(card: Card, mini: bool, special: bool) -> str:
    return f"cl-face-{card}" + "-mini" * mini + "-star" * (mini and special)


_FACE_REF = re.compile(r'href="#cl-face-([^"-]+)(-mini)?(-star)?"')


def with_faces(svg: str, family: str, lang: str | None = None) -> str:
    """``svg`` with the face of every card it shows put once into its ``<defs>`` as a ``<symbol>``,
    lettered for a page in ``lang`` (by default the language spoken).

    A card on the board is a ``<use>`` of its face, so a card that is a button holds no lettering
    of its own: what it is called is its ``aria-label`` alone, as WCAG's "label in name" asks of a
    control whose visible text is no word (corner indices, "KING", "Re")."""
    lang = lang or i18n.language()
    faces = {}
    for code, mini, star in _FACE_REF.findall(svg):
        card = Card.parse(code)
        face = _mini_face(card, family, bool(star), lang) if mini else _face(card, family, lang)
        faces[_face_id(card, bool(mini), bool(star))] = face
    symbols = "".join(f'<symbol id="{name}" viewBox="0 0 100 150">{face}</symbol>' for name, face in faces.items())
    return svg.replace("<defs>", f"<defs>{symbols}", 1)


def _at(x: float, y: float, placed: tuple[str, float, str]) -> str:
    attrs, lift, rest = placed
    return f'<g {attrs} transform="translate({x:g} {y - lift:g})">{rest}'


def _standalone(inner: str, family: str, width: float, height: float, aria: str) -> str:
    return unique_ids(f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab" width="{width:g}" '
                      f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" {FONT} role="img" '
                      f'aria-label="{escape(aria)}">{with_faces(defs_svg(family) + inner, family)}</svg>')


_PAD = 6
_LABEL_HEIGHT = 26


def back_svg(*, width: float = 90, label: str = "", x: float | None = None, y: float | None = None,
             family: str = "french") -> str:
    """A face-down card: ``class="card back"``, never a card code."""
    if x is None or y is None:
        inner = back_svg(width=width, label=label, x=_PAD, y=_PAD, family=family)
        height = width * 1.5 + 2 * _PAD + (_LABEL_HEIGHT if label else 0)
        return _standalone(inner, family, width + 2 * _PAD, height, i18n._("a card face down"))
    return _at(x, y, _placed(None, family, width, None, label, "", False, 0, False, "", i18n.language()))


def card_svg(card: Card | None, family: str = "french", *, face_up: bool = True, width: float = 90,
             legal: bool | None = None, label: str = "", x: float | None = None,
             y: float | None = None, special: str = "", selected: bool = False, hint: float = 0,
             mini: bool = False, hand: str = "") -> str:
    """One card: a standalone ``<svg>``, or with ``x``/``y`` a ``<g>`` for a bigger SVG.

    ``None`` or ``face_up=False`` draws the back.  ``legal`` True raises the card and rings it,
    False dims it; ``selected`` raises it further with a blue ring and a tick; ``hint`` (a font
    size) puts a "suggested" marker on it; ``label`` is written under the card; ``special`` names
    a card with a name of its own in the game (Aluette's "la Vache") on a ribbon and in the title;
    ``mini`` draws the large-index face for small cards.  ``hand`` (a seat) makes the card one of
    that seat's buttons: ``data-hand``, ``role="button"``, ``tabindex="-1"`` and an ``aria-label``
    saying whether it is playable.  An embedded card needs ``defs_svg(family)`` once in its document,
    whose ``<svg>`` sets the lettering (``FONT``).
    """
    check_family(family)
    if card is None or not face_up:
        return back_svg(width=width, label=label, x=x, y=y, family=family)
    if x is None or y is None:
        lift = _lift(width * 1.5, legal is not None, selected)
        inner = card_svg(card, family, width=width, legal=legal, label=label, x=_PAD, y=_PAD + lift,
                         special=special, selected=selected, hint=hint, mini=mini, hand=hand)
        height = width * 1.5 + 2 * _PAD + lift + (_LABEL_HEIGHT if label else 0)
        return _standalone(inner, family, width + 2 * _PAD, height, card_title(card, family, special))
    return _at(x, y, _placed(card, family, width, legal, label, special, selected, hint, mini, hand,
                             i18n.language()))


def hand_svg(cards: Sequence[Card | None], family: str = "french", *, labels: Sequence[str] | None = None,
             legal: Collection[str] | None = None, width: int = 70, gap: int = 10) -> str:
    """A row of cards, each optionally labelled underneath (a suit in ranking order with points).

    ``width`` is each card's width; ``legal`` the codes to draw legal (the others illegal); a
    ``None`` card is drawn face down.
    """
    check_family(family)
    labels = tuple(labels or ())
    lift = _raise(width * 1.5) if legal is not None else 0
    parts = []
    for i, card in enumerate(cards):
        state = None if legal is None or card is None else str(card) in legal
        parts.append(card_svg(card, family, width=width, legal=state,
                              label=labels[i] if i < len(labels) else "",
                              x=_PAD + i * (width + gap), y=_PAD + lift))
    total = _PAD * 2 + max(len(cards), 1) * (width + gap) - gap
    height = width * 1.5 + 2 * _PAD + lift + (_LABEL_HEIGHT if labels else 0)
    names = ", ".join(card_title(card, family) if card else i18n._("a card face down") for card in cards)
    return _standalone("".join(parts), family, total, height,
                       i18n._("Cards: {names}").format(names=names) if cards else i18n._("No cards"))
