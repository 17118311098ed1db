"""One deal played under two rule sets, side by side: the compare view of the lessons.

``CompareView("quatre_sept", "sixty_six")`` deals once from the seed and shows both hands trick by
trick, as :func:`cardlab.practice.compare` played them with the same computer level.  Cards played
differently are marked in both columns; above them one sentence says where the play first parted
and why (the rule that refuses the other card, or, where both rules allow it, that the computer
chose otherwise).  The columns sit side by side and wrap into one column on a phone.  Every text
from the engine is escaped here.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any

import ipywidgets as ipw

from cardlab import get_rules
from cardlab.cards import Card
from cardlab.practice import Comparison, Difference, PracticeError, compare
from cardlab.practice.compare import LEVELS
from cardlab.rules import OptionError, TrickGame
from cardlab.scenario import parse, run

from .front import FRONT, StyleSheet
from .html import escape

Rules = tuple[str, dict[str, Any]]

PAIRS: dict[str, tuple[Rules, Rules]] = {
    "Le Quatre Sept ↔ Sixty-Six": (("quatre_sept", {}), ("sixty_six", {})),
    "Aluette ↔ La Vache": (("aluette", {}), ("vache", {})),
    "Le Quatre Sept ↔ with the low-lead rule": (("quatre_sept", {}), ("quatre_sept", {"low_lead_rule": True})),
    "Tressette ↔ the 4 of coins leads first": (("tressette", {}), ("tressette", {"first_lead": "four_of_coins"})),
}
"""The comparisons offered in the menu: sibling games on one pack, and a game against a variant."""

FRENCH_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class CompareSheet(StyleSheet):
    """The look of these views (``compare.css``)."""

    _css = FRONT / "compare.css"


def short(rules: TrickGame, card: Card) -> str:
    """A card in few letters for the trick lists: "10♥" in a French pack, "3 coins" in a Latin one."""
    if rules.pack.family == "french":
        return f"{card.rank}{FRENCH_SUITS[card.suit]}"
    return f"{card.rank} {rules.pack.suit_names[card.suit]}"


def card_names(difference: Difference, rules: tuple[TrickGame, TrickGame]) -> tuple[str, str]:
    """The two cards of ``difference`` by name ("no card" where that trick never came)."""
    first, second = (rules[side].pack.name(rules[side].pack.parse(card)) if card else "no card"
                     for side, card in enumerate(difference.cards))
    return first, second


def why(difference: Difference, titles: tuple[str, str], names: tuple[str, str]) -> str:
    """Why the two tables parted at ``difference``, in one sentence (or two)."""
    first, second = titles
    if not difference.same:
        return "The two tables already differed before this card (other cards on the trick or in the hand)."
    refused = [f"{title} refuses {name}: {sentence}" for title, name, sentence
               in zip((first, second), (names[1], names[0]), difference.refusals) if sentence]
    if refused:
        return " ".join(refused)
    return (f"Both rule sets allow either card here: the computer chose differently because {first} and "
            f"{second} value the cards and the tricks differently.")


class CompareView(ipw.VBox):
    """``CompareView("quatre_sept", "sixty_six", seed=3)``; ``CompareView("aluette", "vache")``;
    ``CompareView("quatre_sept", "quatre_sept", second_options={"low_lead_rule": True})``."""

    def __init__(self, first: str = "quatre_sept", second: str | None = None, *, seed: int = 1,
                 first_options: dict[str, Any] | None = None, second_options: dict[str, Any] | None = None,
                 level: str = "beginner") -> None:
        chosen: tuple[Rules, Rules] = ((first, dict(first_options or {})),
                                       (second or first, dict(second_options or {})))
        self.pairs = dict(PAIRS)
        label = next((name for name, pair in self.pairs.items() if pair == chosen), None)
        if label is None:
            label = f"{first} ↔ {second or first}"
            self.pairs[label] = chosen
        self.pair_pick = ipw.Dropdown(options=list(self.pairs), value=label, description="Rules",
                                      style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.pair_pick.add_class("cardlab-compare-pair")
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                           style={"description_width": "initial"}, layout=ipw.Layout(width="130px"))
        self.seed_box.add_class("cardlab-compare-seed")
        self.level_pick = ipw.Dropdown(options=list(LEVELS), value=level if level in LEVELS else LEVELS[0],
                                       description="Computer", style={"description_width": "initial"},
                                       layout=ipw.Layout(width="auto"))
        self.level_pick.add_class("cardlab-compare-level")
        self.deal_button = ipw.Button(description="Deal and compare", button_style="primary")
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
        self.titles: tuple[str, str] = ("", "")
        self.show()

    def show(self) -> None:
        """Deal from the seed box and draw both hands; a pair that cannot share a deal is said."""
        (game_a, options_a), (game_b, options_b) = self.pairs[self.pair_pick.value]
        try:
            rules = (get_rules(game_a, **options_a), get_rules(game_b, **options_b))
            comparison = compare(self.seed_box.value, *rules, level=self.level_pick.value)
        except (PracticeError, OptionError, ValueError) as error:
            self.comparison = None
            self.summary.value = f'<div role="alert">{escape(str(error), quote=False)}</div>'
            self.columns.value = ""
            return
        self.comparison = comparison
        first_title, second_title = (title + options_text(one) for title, one in zip(comparison.titles, rules))
        self.titles = (first_title, second_title)
        self.summary.value = self._summary(comparison, rules)
        columns = "".join(self._column(comparison, side, rules[side]) for side in (0, 1))
        self.columns.value = f'<div class="cardlab-compare-columns">{columns}</div>'

    def _summary(self, comparison: Comparison, rules: tuple[TrickGame, TrickGame]) -> str:
        first = comparison.first
        if first is None:
            return ('<div class="cardlab-compare-why" role="status">Every card was played the same under both '
                    "rule sets.</div>")
        names = card_names(first, rules)
        count = len(comparison.differences)
        head = (f"First difference: trick {first.trick}, {first.seat} plays {names[0]} under "
                f"{self.titles[0]} but {names[1]} under {self.titles[1]}. ")
        tail = f" {count} card{'s' if count != 1 else ''} in all were played differently (marked)."
        text = head + why(first, self.titles, names) + tail
        return f'<div class="cardlab-compare-why" role="status">{escape(text, quote=False)}</div>'

    def _column(self, comparison: Comparison, side: int, rules: TrickGame) -> str:
        hand = run(parse(comparison.scenarios[side])).hand
        assert hand is not None  # the comparison has just played this scenario through
        state = hand.state
        marked = {(d.trick, d.seat) for d in comparison.differences}
        first = comparison.first
        items = []
        for number, trick in enumerate(state.tricks, 1):
            cards = []
            for seat, card in trick.plays:
                klass = "cardlab-compare-card"
                if (number, seat) in marked:
                    klass += " cardlab-compare-diff"
                if first is not None and (number, seat) == (first.trick, first.seat):
                    klass += " cardlab-compare-first"
                colour = " cardlab-compare-red" if rules.pack.family == "french" and card.suit in "HD" else ""
                cards.append(f'<span class="{klass}{colour}" title="{escape(rules.pack.name(card))}">'
                             f"{escape(seat)} {escape(short(rules, card))}</span>")
            taker = rules.takers(state)[number - 1]
            won = f"→ {escape(taker)}" if taker else "→ nobody (tied)"
            other = ' class="cardlab-compare-other"' if any((number, seat) in marked for seat, _ in trick.plays) else ""
            items.append(f"<li{other}>{''.join(cards)} {won}</li>")
        score = comparison.summaries[side] or "The hand did not finish."
        return (f'<section class="cardlab-compare-side" aria-label="{escape(self.titles[side])}">'
                f"<h4>{escape(self.titles[side])}</h4>"
                f"<ol>{''.join(items)}</ol>"
                f'<div class="cardlab-compare-score">{escape(score, quote=False)}</div></section>')


def options_text(rules: TrickGame) -> str:
    """" (low-lead rule: on)" for the options that differ from the game's usual ones."""
    changed = [f"{field.metadata['label']}: {'on' if value is True else 'off' if value is False else words(value)}"
               for field in fields(rules.Options)
               if (value := getattr(rules.options, field.name)) != field.default]
    return f" ({'; '.join(changed)})" if changed else ""


def words(value: Any) -> str:
    """An option's value as words: "four_of_coins" → "four of coins"."""
    return str(value).replace("_", " ")
