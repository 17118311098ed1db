"""HTML panels beside the table: live points, the end-of-hand breakdown, the match sheet.

Pure functions of numbers the rules have already decided; they only lay them out.  Every table
sits in its own horizontally scrolling box and its cells never wrap, so a wide sheet (Quadrille's
five players and the pot) scrolls inside its box instead of wrapping or being cut off.  Negative
numbers are written with the minus sign (U+2212), as :func:`cardlab.points.pretty` writes them.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Mapping

from .. import i18n
from ..points import pretty
from ..rules import HandResult, MatchState

PANEL_CSS = """
.cardlab-scroll { max-width: 100%; overflow-x: auto; margin: 0 0 14px 0; }
.cardlab-panel { border-collapse: collapse; margin: 0; min-width: 220px; font-size: 16px; }
.cardlab-panel caption { text-align: left; font-weight: 700; font-size: 17px; padding-bottom: 4px; white-space: nowrap; }
.cardlab-panel th, .cardlab-panel td { padding: 4px 10px; border-bottom: 1px solid #d6d6d6; text-align: right;
                                       white-space: nowrap; }
.panel-match { font-size: 15px; }
.panel-match th, .panel-match td { padding: 3px 6px; }
.cardlab-panel th:first-child, .cardlab-panel td:first-child { text-align: left; }
.cardlab-refusals th, .cardlab-refusals td { text-align: left; }
.cardlab-panel thead th { background: #1f5f3a; color: #fff; }
.cardlab-panel tfoot th { border-top: 2px solid #1f5f3a; font-size: 18px; }
.cardlab-winner { font-weight: 700; font-size: 18px; color: #1f5f3a; }
.cardlab-summary { margin: -8px 0 14px 0; color: #333; }
.cardlab-note { background: #fff8dc; border-left: 5px solid #d4a017; padding: 8px 12px; font-size: 17px; margin: 4px 0; }
.cardlab-refusal { background: #fdecea; border-left: 5px solid #b3261e; color: #6b0f0a; padding: 8px 12px;
                   font-size: 17px; font-weight: 600; margin: 4px 0; }
"""


# the parts of a score, as the games key them, in the reader's words
PARTS = {"cards": i18n.mark("score part", "cards"), "last trick": i18n.mark("score part", "last trick"),
         "fraction dropped": i18n.mark("score part", "fraction dropped"),
         "declarations": i18n.mark("score part", "declarations"),
         "politaine": i18n.mark("score part", "politaine"), "tricks": i18n.mark("score part", "tricks"),
         "hand won": i18n.mark("score part", "hand won"),
         "10 of trumps (game point)": i18n.mark("score part", "10 of trumps (game point)"),
         "spoiled": i18n.mark("score part", "spoiled"), "unplayed": i18n.mark("score part", "unplayed"),
         "surrender": i18n.mark("score part", "surrender"), "mordienne": i18n.mark("score part", "mordienne"),
         "most tricks": i18n.mark("score part", "most tricks"), "stake": i18n.mark("score part", "stake"),
         "pot": i18n.mark("score part", "pot"), "double": i18n.mark("score part", "double"),
         "matadors": i18n.mark("score part", "matadors"), "premiers": i18n.mark("score part", "premiers"),
         "vole": i18n.mark("score part", "vole"), "loss": i18n.mark("score part", "loss"),
         "game": i18n.mark("score part", "game")}


def part_name(name: str) -> str:
    """A part of a score (``"last trick"``) in the current language; a part no game names stays as it is."""
    return i18n.pgettext("score part", PARTS[name]) if name in PARTS else name


def _cells(row: list[str], tag: str) -> str:

    return "".join(f"<{tag}>{cell}</{tag}>" for cell in row)


def html_table(klass: str, caption: str, head: list[str], rows: list[list[str]], foot: list[str] | None = None) -> str:
    """A captioned table in its scrolling box (a named region that takes the focus, so a keyboard
    can scroll a table wider than the screen).  ``caption``, ``head`` and ``foot`` are plain text
    (escaped here); body cells are HTML, so text in them must be escaped by the caller."""
    plain = lambda row: [escape(cell) for cell in row]  # noqa: E731
    body = "".join(f"<tr>{_cells(row, 'td')}</tr>" for row in rows)
    tail = f"<tfoot><tr>{_cells(plain(foot), 'th')}</tr></tfoot>" if foot else ""
    return (f'<div class="cardlab-scroll" role="region" tabindex="0" aria-label="{escape(caption)}">'
            f'<table class="cardlab-panel {escape(klass)}">'
            f"<caption>{escape(caption)}</caption><thead><tr>{_cells(plain(head), 'th')}</tr></thead>"
            f"<tbody>{body}</tbody>{tail}</table></div>")


def points_html(parts: Mapping[str, Mapping[str, Fraction]], caption: str | None = None) -> str:
    """Each side's points by part, in thirds, with the running total (caption: "Points so far")."""
    sides = list(parts)
    names = [name for name in next(iter(parts.values()))] if parts else []
    rows = [[escape(part_name(name))] + [pretty(parts[side][name]) for side in sides] for name in names
            if any(parts[side][name] for side in sides)]
    totals = [i18n._("Total")] + [pretty(sum(parts[side].values(), Fraction(0))) for side in sides]
    return html_table("panel-points", i18n._("Points so far") if caption is None else caption, [""] + sides, rows,
                      totals)


def breakdown_html(result: HandResult) -> str:
    """Why each side scored what it did this hand."""
    sides = list(result.parts)
    names = list(next(iter(result.parts.values()))) if sides else []
    rows = [[escape(part_name(name))] + [pretty(result.parts[side][name]) for side in sides] for name in names]
    foot = [i18n._("Score")] + [pretty(result.score[side]) for side in sides]
    return html_table("panel-breakdown", i18n._("End of hand"), [""] + sides, rows, foot) + (
        f'<p class="cardlab-summary">{escape(result.summary)}</p>' if result.summary else "")


def signed(value: int | Fraction) -> str:
    """A change on the score sheet with its sign: ``+3``, ``−2``, ``+0``."""
    return pretty(value) if value < 0 else f"+{pretty(value)}"


def match_html(match: MatchState, target: int | None = None, *, counting: bool = False) -> str:
    """The score sheet: one row a hand, running totals, and the winner when there is one.
    ``counting``: the learner is counting the last hand, so its row and the totals leave its
    score out (they would give the count away)."""
    sides = list(match.totals)
    running = {side: match.totals[side] - sum(r.score.get(side, 0) for r in match.results) for side in sides}
    rows = []
    if any(running.values()):
        rows.append([i18n._("before")] + [pretty(running[side]) for side in sides])
    scored = match.results[:-1] if counting else match.results
    for number, result in enumerate(scored, 1):
        for side in sides:
            running[side] += result.score.get(side, 0)
        rows.append([i18n._("hand {number}").format(number=i18n.number(number))]
                    + [f"{signed(result.score.get(side, 0))} → {pretty(running[side])}" for side in sides])
    if counting and match.results:
        rows.append([i18n._("hand {number}").format(number=i18n.number(len(match.results)))]
                    + [i18n._("counting…")] * len(sides))
    caption = i18n._("Match to {target}").format(target=i18n.number(target)) if target else i18n._("Match")
    html = html_table("panel-match", caption, [""] + sides, rows,
                      [i18n._("Total")] + [pretty(running[s]) for s in sides])
    if match.note:
        html += f'<p class="cardlab-summary">{escape(match.note)}</p>'
    if match.over:
        sentence = (i18n._("{side} wins the match.").format(side=match.winner) if match.winner else
                    i18n._("Nobody wins the match."))
        html += f'<p class="cardlab-winner">{escape(sentence)}</p>'
    return html

