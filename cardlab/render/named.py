"""Faces for the Spanish-suited cards with names of their own, as the Aluette pack draws them.

The 2 of cups carries **la Vache** (a cow between its two cups), the 2 of coins **le Borgne** (a
one-eyed face between its coins), the 3 of coins **Monsieur** and the 3 of cups **Madame** (a
gentleman and a lady under three small pips).  Each drawing keeps the card's pips, so the count
still reads at a glance, and carries ``class="named <name>"`` so tests can find it in the SVG.
Only the Spanish family has them; every other card is drawn by :mod:`cardlab.render.cards`.
"""
from __future__ import annotations

from .pips import GOLD, GOLD_DARK, RED, symbol_id

_LINE = 'stroke="#3a2a1a" stroke-width="1.4" stroke-linejoin="round" stroke-linecap="round"'
_SKIN = "#f3d2ab"


def _pip(suit: str, cx: float, cy: float, size: float) -> str:
    return (f'<use href="#{symbol_id("spanish", suit)}" x="{cx - size / 2:g}" y="{cy - size / 2:g}" '
            f'width="{size:g}" height="{size:g}"/>')


def _cow() -> str:
    """A standing cow, facing left, white with dark patches."""
    return (f'<g {_LINE} transform="translate(52 76)">'
            '<path fill="none" d="M22 -4Q31 0 28 13"/>'
            '<path d="M-15 9V23M-8 10V23M9 10V23M16 9V23" stroke-width="2.6"/>'
            '<ellipse rx="23" ry="12.5" fill="#fff"/>'
            '<path fill="#3a2a1a" d="M-9 -9Q-1 -12 1 -4Q-3 3 -10 1Q-14 -4 -9 -9Z"/>'
            '<path fill="#3a2a1a" d="M8 2Q15 -2 18 5Q14 11 8 9Z"/>'
            '<path fill="#f3b6b6" d="M3 11Q7 15 11 11"/>'
            '<path fill="none" d="M-31 -14Q-37 -21 -32 -25M-21 -14Q-16 -21 -21 -25" stroke-width="2"/>'
            '<ellipse cx="-26" cy="-8" rx="7.5" ry="8.5" fill="#fff"/>'
            '<ellipse cx="-28" cy="-2" rx="5.5" ry="4" fill="#f3b6b6"/>'
            '<circle cx="-28" cy="-10" r="1.4" fill="#1b1b1b" stroke="none"/>'
            '<path fill="#fff" d="M-19 -12L-13 -15L-16 -8Z"/></g>')


def _one_eyed() -> str:
    """A round face with one open eye and a patch over the other."""
    return (f'<g {_LINE} transform="translate(50 75)">'
            f'<circle r="19" fill="{_SKIN}"/>'
            f'<path fill="{GOLD}" d="M-19 -4Q-18 -22 0 -22Q18 -22 19 -4Q10 -13 0 -13Q-10 -13 -19 -4Z"/>'
            '<circle cx="-7" cy="-2" r="2.2" fill="#1b1b1b" stroke="none"/>'
            '<path d="M-11 -7L-3 -6" fill="none"/>'
            '<path d="M-17 -12L19 4" fill="none" stroke-width="1.2"/>'
            '<ellipse cx="7" cy="-1" rx="5.5" ry="4.5" fill="#1b1b1b"/>'
            '<path fill="none" d="M-7 9Q0 14 7 9"/>'
            '<path fill="none" d="M0 -1L-2 5H1"/></g>')


def _portrait(lady: bool, robe: str) -> str:
    """A head-and-shoulders portrait: a lady with a crown and long hair, or a gentleman with a
    plumed hat and a moustache."""
    hair = ('<path fill="#c9892a" d="M36 66Q33 44 50 42Q67 44 64 66L66 86H34Z"/>' if lady else "")
    hat = (f'<path fill="{GOLD}" d="M41 51V42L45.5 46L50 39L54.5 46L59 42V51Z"/>' if lady else
           f'<path fill="{robe}" d="M36 52Q37 40 51 41Q63 42 64 51Z"/><path fill="#f5f5f5" d="M59 45Q72 33 70 26Q62 34 55 43Z"/>')
    face = ('<path fill="#c0262d" d="M47 67Q50 69 53 67" stroke="none"/>' if lady else
            '<path fill="#5a3a1a" d="M42 66Q46 62 50 65Q54 62 58 66Q54 68 50 66.5Q46 68 42 66Z" stroke="none"/>')
    return (f'<g {_LINE}>{hair}'
            f'<path fill="{robe}" d="M30 112Q31 84 50 80Q69 84 70 112Z"/>'
            '<path fill="#f5f5f5" d="M42 82Q50 90 58 82L56 79H44Z"/>'
            f'<circle cx="50" cy="62" r="11" fill="{_SKIN}"/>{hat}'
            '<circle cx="46" cy="60" r="1.3" fill="#1b1b1b" stroke="none"/>'
            f'<circle cx="54" cy="60" r="1.3" fill="#1b1b1b" stroke="none"/>{face}</g>')


def named_art(code: str, family: str) -> str | None:
    """The middle of the face of a named card (pips and drawing), or None for any other card."""
    if family != "spanish":
        return None
    if code == "2H":
        return f'<g class="named la-vache">{_pip("H", 50, 30, 26)}{_pip("H", 50, 122, 26)}{_cow()}</g>'
    if code == "2D":
        return f'<g class="named le-borgne">{_pip("D", 50, 30, 26)}{_pip("D", 50, 122, 26)}{_one_eyed()}</g>'
    if code in ("3D", "3H"):
        suit = code[1]
        lady = suit == "H"
        pips = "".join(_pip(suit, x, 24, 17) for x in (32, 50, 68))
        name = "madame" if lady else "monsieur"
        return f'<g class="named {name}">{pips}{_portrait(lady, RED if lady else GOLD_DARK)}</g>'
    return None
