"""HTML panels beside the table: live points, the end-of-hand breakdown, the match sheet.

Pure functions of numbers the rules have already decided; they only lay them out.
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Mapping

from ..points import pretty
from ..rules import HandResult, MatchState


def _table(klass: str, caption: str, head: list[str], rows: list[list[str]], foot: list[str] | None = None) -> str:
    cells = lambda row, tag: "".join(f"<{tag}>{cell}</{tag}>" for cell in row)  # noqa: E731
    body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in rows)
    tail = f"<tfoot><tr>{cells(foot, 'th')}</tr></tfoot>" if foot else ""
    return (f'<table class="cardlab-panel {klass}"><caption>{escape(caption)}</caption>'
            f"<thead><tr>{cells(head, 'th')}</tr></thead><tbody>{body}</tbody>{tail}</table>")


def points_html(parts: Mapping[str, Mapping[str, Fraction]], caption: str = "Points so far") -> str:
    """Each side's points by part, in thirds, with the running total."""
    sides = list(parts)
    names = [name for name in next(iter(parts.values()))] if parts else []
    rows = [[escape(name)] + [pretty(parts[side][name]) for side in sides] for name in names
            if any(parts[side][name] for side in sides)]
    totals = ["Total"] + [pretty(sum(parts[side].values(), Fraction(0))) for side in sides]
    return _table("panel-points", caption, [""] + sides, rows, totals)


def breakdown_html(result: HandResult) -> str:
    """Why each side scored what it did this hand."""
    sides = list(result.parts)
    names = list(next(iter(result.parts.values()))) if sides else []
    rows = [[escape(name)] + [pretty(result.parts[side][name]) for side in sides] for name in names]
    foot = ["Score"] + [str(result.score[side]) for side in sides]
    return _table("panel-breakdown", "End of hand", [""] + sides, rows, foot) + (
        f'<p class="cardlab-summary">{escape(result.summary)}</p>' if result.summary else "")


def match_html(match: MatchState, target: int | None = None) -> str:
    """The score sheet: one row a hand, running totals, and the winner when there is one."""
    sides = list(match.totals)
    running = {side: match.totals[side] - sum(r.score.get(side, 0) for r in match.results) for side in sides}
    rows = []
    if any(running.values()):
        rows.append(["before"] + [str(running[side]) for side in sides])
    for number, result in enumerate(match.results, 1):
        for side in sides:
            running[side] += result.score.get(side, 0)
        rows.append([f"hand {number}"] + [f"+{result.score.get(side, 0)} → {running[side]}" for side in sides])
    caption = "Match" + (f" to {target}" if target else "")
    html = _table("panel-match", caption, [""] + sides, rows, ["Total"] + [str(match.totals[s]) for s in sides])
    if match.over:
        html += f'<p class="cardlab-winner">{escape(match.winner or "Nobody")} wins the match.</p>'
    return html
