"""One deal played under two rule sets, side by side: the compare view of the lessons, a view of
:func:`cardlab.practice.side_by_side.side_by_side`.

``CompareView("quatre_sept", "sixty_six")`` deals once from the seed and shows both hands trick by
trick, as :func:`cardlab.practice.compare` played them with the same computer level.  Cards played
differently are marked in both columns; above them the engine's sentence says where the play
first parted and why.  The columns sit side by side and wrap into one column on a phone.  Every
text from the engine is escaped here.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw

from cardlab.i18n import N_, _
from cardlab.practice import Comparison
from cardlab.practice.compare import LEVELS
from cardlab.practice.side_by_side import Rules, Side, menu, short, side_by_side

from .front import FRONT, StyleSheet
from .html import escape

__all__ = ["CompareView", "short"]

PAIRS: dict[str, tuple[Rules, Rules]] = {
    N_("Le Quatre Sept ↔ Sixty-Six"): (("quatre_sept", {}), ("sixty_six", {})),
    N_("Aluette ↔ La Vache"): (("aluette", {}), ("vache", {})),
    N_("Le Quatre Sept ↔ with the low-lead rule"): (("quatre_sept", {}), ("quatre_sept", {"low_lead_rule": True})),
    N_("Tressette ↔ the 4 of coins leads first"): (("tressette", {}), ("tressette", {"first_lead": "four_of_coins"})),
}
"""The comparisons offered in the menu, by their English label (the menu says it through ``_()``):
sibling games on one pack, and a game against a variant."""


class CompareSheet(StyleSheet):
    """The look of these views (``compare.css``)."""

    _css = FRONT / "compare.css"


class CompareView(ipw.VBox):
    """``CompareView("quatre_sept", "sixty_six", seed=3)``; ``CompareView("aluette", "vache")``;
    ``CompareView("quatre_sept", "quatre_sept", second_options={"low_lead_rule": True})``."""

    def __init__(self, first: str = "quatre_sept", second: str | None = None, *, seed: int = 1,
                 first_options: dict[str, Any] | None = None, second_options: dict[str, Any] | None = None,
                 level: str = "beginner") -> None:
        self.pairs, label = menu(PAIRS, (first, dict(first_options or {})),
                                 (second or first, dict(second_options or {})))
        self.pair_pick = ipw.Dropdown(options=[(_(name), name) for name in self.pairs], value=label,
                                      description=_("Rules"),
                                      style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.pair_pick.add_class("cardlab-compare-pair")
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description=_("Seed"),
                                           style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.seed_box.add_class("cardlab-compare-seed")
        self.level_pick = ipw.Dropdown(options=list(LEVELS), value=level if level in LEVELS else LEVELS[0],
                                       description=_("Computer"), style={"description_width": "initial"},
                                       layout=ipw.Layout(width="auto"))
        self.level_pick.add_class("cardlab-compare-level")
        self.deal_button = ipw.Button(description=_("Deal and compare"), button_style="primary",
                                      tooltip=_("Deal from the seed and play the hand under both rule sets"),
                                      layout=ipw.Layout(width="auto"))
        self.deal_button.add_class("cardlab-compare-deal")
        self.deal_button.on_click(lambda _: self.show())
        controls = ipw.HBox([self.pair_pick, self.seed_box, self.level_pick, self.deal_button])
        controls.add_class("cardlab-compare-controls")
        self.summary = ipw.HTML()
        self.summary.add_class("cardlab-compare-summary")
        self.columns = ipw.HTML()
        self.columns.add_class("cardlab-compare-view")
        super().__init__([CompareSheet(), controls, self.summary, self.columns])
        self.add_class("cardlab-compare")
        self.comparison: Comparison | None = None
        self.titles: tuple[str, ...] = ("", "")
        self.show()

    def show(self) -> None:
        """Deal from the seed box and draw both hands; a pair that cannot share a deal is said."""
        first, second = self.pairs[self.pair_pick.value]
        laid = side_by_side(first, second, self.seed_box.value, self.level_pick.value)
        self.comparison = laid.comparison
        text = escape(laid.said.sentence, quote=False)
        if laid.comparison is None:
            self.summary.value = f'<div role="alert">{text}</div>'
            self.columns.value = ""
            return
        self.titles = tuple(side.title for side in laid.sides)
        self.summary.value = f'<div class="cardlab-compare-why" role="status">{text}</div>'
        self.columns.value = f'<div class="cardlab-compare-columns">{"".join(map(_column, laid.sides))}</div>'


def _column(side: Side) -> str:
    items = []
    for line in side.tricks:
        cards = "".join(
            f'<span class="cardlab-compare-card{" cardlab-compare-diff" if card.diff else ""}'
            f'{" cardlab-compare-first" if card.first else ""}{" cardlab-compare-red" if card.red else ""}" '
            f'title="{escape(card.name)}">{escape(card.seat)} {escape(card.text)}</span>' for card in line.cards)
        won = f"→ {escape(line.taker)}" if line.taker else f"→ {escape(_('nobody (tied)'))}"
        other = ' class="cardlab-compare-other"' if line.marked else ""
        items.append(f"<li{other}>{cards} {won}</li>")
    return (f'<section class="cardlab-compare-side" aria-label="{escape(side.title)}">'
            f"<h4>{escape(side.title)}</h4>"
            f"<ol>{''.join(items)}</ol>"
            f'<div class="cardlab-compare-score">{escape(side.score, quote=False)}</div></section>')
