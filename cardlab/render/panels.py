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


def points_html(parts: Mapping[str, Mapping[str, Fraction]], caption: str = "Points so far") -> str:
    """Each side's points by part, in thirds, with the running total."""
    sides = list(parts)
    names = [name for name in next(iter(parts.values()))] if parts else []
    rows = [[escape(name)] + [pretty(parts[side][name]) for side in sides] for name in names
            if any(parts[side][name] for side in sides)]
    totals = ["Total"] + [pretty(sum(parts[side].values(), Fraction(0))) for side in sides]
    return html_table("panel-points", caption, [""] + sides, rows, totals)


def breakdown_html(result: HandResult) -> str:
    """Why each side scored what it did this hand."""
    sides = list(result.parts)
    names = list(next(iter(result.parts.values()))) if sides else []
    rows = [[escape(name)] + [pretty(result.parts[side][name]) for side in sides] for name in names]
    foot = ["Score"] + [pretty(result.score[side]) for side in sides]
    return html_table("panel-breakdown", "End of hand", [""] + sides, rows, foot) + (
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
        rows.append(["before"] + [pretty(running[side]) for side in sides])
    scored = match.results[:-1] if counting else match.results
    for number, result in enumerate(scored, 1):
        for side in sides:
            running[side] += result.score.get(side, 0)
        rows.append([f"hand {number}"] + [f"{signed(result.score.get(side, 0))} → {pretty(running[side])}" for side in sides])
    if counting and match.results:
        rows.append([f"hand {len(match.results)}"] + ["counting…"] * len(sides))
    caption = "Match" + (f" to {target}" if target else "")
    html = html_table("panel-match", caption, [""] + sides, rows, ["Total"] + [pretty(running[s]) for s in sides])
    if match.note:
        html += f'<p class="cardlab-summary">{escape(match.note)}</p>'
    if match.over:
        html += f'<p class="cardlab-winner">{escape(match.winner or "Nobody")} wins the match.</p>'
    return html
