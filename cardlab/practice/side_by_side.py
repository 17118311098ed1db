"""One deal under two rule sets, laid out side by side: the menu of pairs, the sentence
saying where the play first parted and why, and each side's tricks with the cards played
differently marked.

Why: :class:`cardlab.widgets.compare.CompareView` only turns these values into HTML; the
comparison itself is :func:`cardlab.practice.compare`.  Where the tables part, the sentence quotes
the rule that refuses the other card, or, where both rules allow it, says the computer chose
otherwise.
"""
from __future__ import annotations

from dataclasses import Field, dataclass, fields
from typing import Any

from ..card_words import suit_name
from ..cards import Card
from ..games import get_rules
from ..i18n import N_, _, ngettext, pgettext
from ..rules import OptionError, TrickGame
from ..scenario import parse, run
from .common import PracticeError, Said
from .compare import Comparison, Difference, compare

Rules = tuple[str, dict[str, Any]]

FRENCH_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SAME = N_("Every card was played the same under both rule sets.")


Pairs = dict[str, tuple[Rules, Rules]]
"""Pairs of rule sets by the label a menu shows."""


def menu(offered: Pairs, first: Rules, second: Rules) -> tuple[Pairs, str]:
    """The pairs to offer and the label of the one asked for (added to ``offered`` when it is
    not one of them, named by its games)."""
    pairs = dict(offered)
    chosen = (first, second)
    label = next((name for name, pair in pairs.items() if pair == chosen), None)
    if label is None:
        label = f"{first[0]} ↔ {second[0]}"
        pairs[label] = chosen
    return pairs, label


def short(rules: TrickGame, card: Card) -> str:
    """A card in few letters for the trick lists: "10♥" in a French pack, "3 coins" in a Latin one."""
    if rules.pack.family == "french":
        return f"{card.rank}{FRENCH_SUITS[card.suit]}"
    return f"{card.rank} {suit_name(rules.pack, card.suit)}"


def card_names(difference: Difference, rules: tuple[TrickGame, TrickGame]) -> tuple[str, str]:
    """The two cards of ``difference`` by name ("no card" where that trick never came)."""
    first, second = (rules[side].card_name(rules[side].pack.parse(card)) if card else _("no card")
                     for side, card in enumerate(difference.cards))
    return first, second


def why(difference: Difference, titles: tuple[str, str], names: tuple[str, str]) -> str:
    """Why the two tables parted at ``difference``, in one sentence (or two)."""
    first, second = titles
    if not difference.same:
        return _("The two tables already differed before this card (other cards on the trick or in the hand).")
    refused = [_("{rules} refuses {card}: {reason}").format(rules=title, card=name, reason=sentence)
               for title, name, sentence in zip((first, second), (names[1], names[0]), difference.refusals)
               if sentence]
    if refused:
        return " ".join(refused)
    return _("Both rule sets allow either card here: the computer chose differently because {first} and {second} "
             "value the cards and the tricks differently.").format(first=first, second=second)


def options_text(rules: TrickGame) -> str:
    """" (low-lead rule: on)" for the options that differ from the game's usual ones."""
    changed = [_("{option}: {choice}").format(option=label(field),
                                               choice=words(field.metadata.get("choice_words", {}), value))
               for field in fields(rules.Options)
               if (value := getattr(rules.options, field.name)) != field.default]
    return f" ({'; '.join(changed)})" if changed else ""


def label(option: Field) -> str:
    """An option's label in the current language (the games mark their labels with the context "option")."""
    marked: str = option.metadata["label"]
    return pgettext("option", marked)


def words(named: dict[Any, str], value: Any) -> str:
    """An option's value as words: the game's words for it ("the holder of the 4 of coins"), on or
    off, else the value with spaces ("four_of_coins" → "four of coins")."""
    if value in named:
        return pgettext("option", named[value])
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value).replace("_", " ")


@dataclass(frozen=True)
class Shown:
    """One card in a trick list: who played it, the card in few letters and by name, and whether
    it was played differently (``diff``), is the first difference (``first``), is red (``red``)."""

    seat: str
    text: str
    name: str
    diff: bool = False
    first: bool = False
    red: bool = False


@dataclass(frozen=True)
class TrickLine:
    """One trick of a side: its cards, who took it ("" for nobody, a tie), and whether any of
    its cards was played differently."""

    cards: tuple[Shown, ...]
    taker: str
    marked: bool


@dataclass(frozen=True)
class Side:
    """One rule set's column: its title (with the options that differ), tricks and score."""

    title: str
    tricks: tuple[TrickLine, ...]
    score: str


@dataclass(frozen=True)
class SideBySide:
    """The comparison (None when the pair cannot share a deal), the sentence above the columns
    (a refusal when there is no comparison) and the two columns."""

    comparison: Comparison | None
    said: Said
    sides: tuple[Side, ...] = ()


def side_by_side(first: Rules, second: Rules, seed: int, level: str = "beginner") -> SideBySide:
    """Deal from ``seed`` and play it under both rule sets; a pair that cannot share a deal is a sentence."""
    try:
        rules = (get_rules(first[0], **first[1]), get_rules(second[0], **second[1]))
        comparison = compare(seed, *rules, level=level)
    except (PracticeError, OptionError, ValueError) as error:
        return SideBySide(None, Said("refused", str(error)))
    titles = (comparison.titles[0] + options_text(rules[0]), comparison.titles[1] + options_text(rules[1]))
    return SideBySide(comparison, Said("told", summary(comparison, rules, titles)),
                      tuple(side(comparison, number, rules[number], titles[number]) for number in (0, 1)))


def summary(comparison: Comparison, rules: tuple[TrickGame, TrickGame], titles: tuple[str, str]) -> str:
    first = comparison.first
    if first is None:
        return _(SAME)
    names = card_names(first, rules)
    count = len(comparison.differences)
    head = _("First difference: trick {number}, {seat} plays {first_card} under {first} but {second_card} under "
             "{second}.").format(number=first.trick, seat=first.seat, first_card=names[0], first=titles[0],
                                 second_card=names[1], second=titles[1])
    tail = ngettext("{count} card in all was played differently (marked).",
                    "{count} cards in all were played differently (marked).", count).format(count=count)
    return f"{head} {why(first, titles, names)} {tail}"


def side(comparison: Comparison, number: int, rules: TrickGame, title: str) -> Side:
    """Column ``number`` (0 or 1): the tricks as played under that rule set."""
    hand = run(parse(comparison.scenarios[number])).hand
    assert hand is not None  # the comparison has just played this scenario through
    state = hand.state
    marked = {(d.trick, d.seat) for d in comparison.differences}
    first = comparison.first
    lines = []
    for trick_number, (trick, taker) in enumerate(zip(state.tricks, rules.takers(state)), 1):
        cards = tuple(Shown(seat, short(rules, card), rules.pack.name(card), (trick_number, seat) in marked,
                            first is not None and (trick_number, seat) == (first.trick, first.seat),
                            rules.pack.family == "french" and card.suit in "HD")
                      for seat, card in trick.plays)
        lines.append(TrickLine(cards, taker or "", any(card.diff for card in cards)))
    return Side(title, tuple(lines), comparison.summaries[number] or _("The hand did not finish."))
