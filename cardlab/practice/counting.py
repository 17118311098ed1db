"""The point-counting trainer: a learner counts his side's points before the breakdown is shown,
and the check names the cards he missed, counted twice or counted wrongly.

Games that count cards (Tressette, Quatre Sept, Sixty-Six) are checked card by card against the
side's tricks and ``rules.running_points`` (cards and the last trick).  Games that count tricks
per player (Aluette, La Vache, and Quadrille's tricks) are checked trick by trick: a trick is
named by the card the player himself put on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from ..cards import Card, CardError
from ..i18n import _, ngettext
from ..points import fraction_text, pretty
from ..rules import TrickGame
from ..state import State
from .common import PracticeError, points_value


@dataclass(frozen=True)
class CountCheck:
    """The check of one count: ``total`` is the right count; ``missed`` the cards (or, counting
    tricks, the player's cards of tricks) left out, ``twice`` those counted more than once,
    ``wrong`` those that do not count; ``sentence`` says it all to the learner, ``faults`` each
    thing wrong with the count, naming its cards (a second try shows them; the right total is only
    in ``sentence``)."""

    right: bool
    total: Fraction
    missed: tuple[Card, ...]
    twice: tuple[Card, ...]
    wrong: tuple[Card, ...]
    sentence: str
    faults: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "total": fraction_text(self.total), "missed": [str(c) for c in self.missed],
                "twice": [str(c) for c in self.twice], "wrong": [str(c) for c in self.wrong],
                "sentence": self.sentence}


def counts_cards(rules: TrickGame) -> bool:
    return any(rules.card_points(card) for card in rules.pack.cards)


def read_cards(cards: Iterable[Card | str]) -> list[Card]:
    read = []
    for card in cards:
        try:
            read.append(card if isinstance(card, Card) else Card.parse(str(card)))
        except CardError as error:
            raise PracticeError(str(error)) from None
    return read


def read_total(total: Any) -> Fraction | None:
    if total is None:
        return None
    try:
        return points_value(total)
    except (TypeError, ValueError, ZeroDivisionError):
        raise PracticeError(_("{total} is not a count: write a number such as 5 or \"5 2/3\".").format(
            total=repr(total))) from None


def check_count(rules: TrickGame, state: State, side: str, claimed_cards: Iterable[Card | str],
                claimed_total: Any = None) -> CountCheck:
    """Check a count of ``side`` (a side such as "NS" where cards count, a seat where tricks count
    per player) made of ``claimed_cards`` and, if given, ``claimed_total``."""
    claimed = read_cards(claimed_cards)
    total = read_total(claimed_total)
    if counts_cards(rules):
        if side not in rules.sides:
            raise PracticeError(_("{side} is not a side: {game} counts points for {sides}.").format(
                side=repr(side), game=rules.title, sides=", ".join(rules.sides)))
        return check_cards(rules, state, side, claimed, total)
    if side not in rules.seats:
        raise PracticeError(_("{side} is not a player: {game} counts tricks for each of {seats}.").format(
            side=repr(side), game=rules.title, seats=", ".join(rules.seats)))
    return check_tricks(rules, state, side, claimed, total)


def repeated(claimed: list[Card]) -> list[Card]:
    seen, twice = set(), []
    for card in claimed:
        if card in seen and card not in twice:
            twice.append(card)
        seen.add(card)
    return twice


def check_cards(rules: TrickGame, state: State, side: str, claimed: list[Card], total: Fraction | None) -> CountCheck:
    taken = [card for trick in state.tricks if trick.winner is not None and rules.side_of(state, trick.winner) == side
             for card in trick.cards()]
    counting = [card for card in taken if rules.card_points(card)]
    missed = [card for card in counting if card not in claimed]
    twice = repeated(claimed)
    not_taken = [card for card in dict.fromkeys(claimed) if card not in taken]
    worthless = [card for card in dict.fromkeys(claimed) if card in taken and not rules.card_points(card)]
    parts = rules.running_points(state)[side]
    right_total = parts["cards"] + parts["last trick"]
    counts = {"side": side, "total": pretty(right_total), "cards": pretty(parts["cards"]),
              "last": pretty(parts["last trick"])}
    story = (_("{side} count {total}: {cards} in cards and {last} for the last trick.") if parts["last trick"]
             else _("{side} count {total}: {cards} in cards.")).format(**counts)
    faults = []
    if missed:
        faults.append(_("you missed {cards}").format(cards=rules.names(missed)))
    if twice:
        faults.append(_("you counted {cards} twice").format(cards=rules.names(twice)))
    if worthless:
        faults.append(ngettext("{cards} counts nothing", "{cards} count nothing", len(worthless)).format(
            cards=rules.names(worthless)))
    if not_taken:
        faults.append(_("{side} did not take {cards}").format(side=side, cards=rules.names(not_taken)))
    if total is not None and total != right_total and not faults:
        faults.append((_("the cards are right but they add up to {cards}, with {last} for the last trick")
                       if parts["last trick"] else _("the cards are right but they add up to {cards}")).format(**counts))
    right = not faults and (total is None or total == right_total)
    sentence = verdict(right, faults, story)
    return CountCheck(right, right_total, tuple(missed), tuple(twice), tuple(not_taken + worthless), sentence,
                      tuple(faults))


def check_tricks(rules: TrickGame, state: State, seat: str, claimed: list[Card], total: Fraction | None) -> CountCheck:
    mine = [card for trick, taker in zip(state.tricks, rules.takers(state))
            if taker == seat and (card := trick.card_of(seat)) is not None]
    missed = [card for card in mine if card not in claimed]
    twice = repeated(claimed)
    wrong = [card for card in dict.fromkeys(claimed) if card not in mine]
    story = (ngettext("{seat} took {count} trick: the one where he played {cards}.",
                      "{seat} took {count} tricks: those where he played {cards}.", len(mine)).format(
        seat=seat, count=len(mine), cards=rules.names(mine)) if mine
             else _("{seat} took {count} tricks.").format(seat=seat, count=0))
    faults = []
    if missed:
        faults.append(ngettext("you missed the trick where {seat} played {cards}",
                               "you missed the tricks where {seat} played {cards}", len(missed)).format(
            seat=seat, cards=rules.names(missed)))
    if twice:
        faults.append(_("you counted the trick with {cards} twice").format(cards=rules.names(twice)))
    if wrong:
        faults.append(ngettext("{seat} did not take the trick with {cards}",
                               "{seat} did not take the tricks with {cards}", len(wrong)).format(
            seat=seat, cards=rules.names(wrong)))
    if total is not None and total != len(mine) and not faults:
        faults.append(_("the tricks are right but they make {count}").format(count=len(mine)))
    right = not faults and (total is None or total == len(mine))
    sentence = verdict(right, faults, story)
    return CountCheck(right, Fraction(len(mine)), tuple(missed), tuple(twice), tuple(wrong), sentence, tuple(faults))


def verdict(right: bool, faults: list[str], story: str) -> str:
    """The learner's count judged: "Right: " and the count, or "Not yet: " the faults, then the count."""
    if right:
        return _("Right: {story}").format(story=story)
    return _("Not yet: {faults}. {story}").format(faults="; ".join(faults), story=story)
