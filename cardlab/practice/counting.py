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
from ..points import fraction_text, pretty
from ..rules import TrickGame
from ..state import State
from .common import PracticeError, points_value


@dataclass(frozen=True)
class CountCheck:
    """The check of one count: ``total`` is the right count; ``missed`` the cards (or, counting
    tricks, the player's cards of tricks) left out, ``twice`` those counted more than once,
    ``wrong`` those that do not count; ``sentence`` says it all to the learner."""

    right: bool
    total: Fraction
    missed: tuple[Card, ...]
    twice: tuple[Card, ...]
    wrong: tuple[Card, ...]
    sentence: str

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
        raise PracticeError(f"{total!r} is not a count: write a number such as 5 or \"5 2/3\".") from None


def check_count(rules: TrickGame, state: State, side: str, claimed_cards: Iterable[Card | str],
                claimed_total: Any = None) -> CountCheck:
    """Check a count of ``side`` (a side such as "NS" where cards count, a seat where tricks count
    per player) made of ``claimed_cards`` and, if given, ``claimed_total``."""
    claimed = read_cards(claimed_cards)
    total = read_total(claimed_total)
    if counts_cards(rules):
        if side not in rules.sides:
            raise PracticeError(f"{side!r} is not a side: {rules.title} counts points for {', '.join(rules.sides)}.")
        return check_cards(rules, state, side, claimed, total)
    if side not in rules.seats:
        raise PracticeError(f"{side!r} is not a player: {rules.title} counts tricks for each of "
                            f"{', '.join(rules.seats)}.")
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
    story = f"{side} count {pretty(right_total)}: {pretty(parts['cards'])} in cards"
    story += f" and {pretty(parts['last trick'])} for the last trick." if parts["last trick"] else "."
    faults = []
    if missed:
        faults.append(f"you missed {rules.names(missed)}")
    if twice:
        faults.append(f"you counted {rules.names(twice)} twice")
    if worthless:
        faults.append(f"{rules.names(worthless)} {'counts' if len(worthless) == 1 else 'count'} nothing")
    if not_taken:
        faults.append(f"{side} did not take {rules.names(not_taken)}")
    if total is not None and total != right_total and not faults:
        faults.append(f"the cards are right but they add up to {pretty(parts['cards'])}"
                      + (f", with {pretty(parts['last trick'])} for the last trick" if parts["last trick"] else ""))
    right = not faults and (total is None or total == right_total)
    sentence = f"Right: {story}" if right else f"Not yet: {'; '.join(faults)}. {story}"
    return CountCheck(right, right_total, tuple(missed), tuple(twice), tuple(not_taken + worthless), sentence)


def check_tricks(rules: TrickGame, state: State, seat: str, claimed: list[Card], total: Fraction | None) -> CountCheck:
    mine = [card for trick, taker in zip(state.tricks, rules.takers(state))
            if taker == seat and (card := trick.card_of(seat)) is not None]
    missed = [card for card in mine if card not in claimed]
    twice = repeated(claimed)
    wrong = [card for card in dict.fromkeys(claimed) if card not in mine]
    story = (f"{seat} took {len(mine)} trick{'s' if len(mine) != 1 else ''}"
             + (f": {'those' if len(mine) > 1 else 'the one'} where he played {rules.names(mine)}." if mine else "."))
    faults = []
    if missed:
        faults.append(f"you missed the trick{'s' if len(missed) > 1 else ''} where {seat} played {rules.names(missed)}")
    if twice:
        faults.append(f"you counted the trick with {rules.names(twice)} twice")
    if wrong:
        faults.append(f"{seat} did not take the trick{'s' if len(wrong) > 1 else ''} with {rules.names(wrong)}")
    if total is not None and total != len(mine) and not faults:
        faults.append(f"the tricks are right but they make {len(mine)}")
    right = not faults and (total is None or total == len(mine))
    sentence = f"Right: {story}" if right else f"Not yet: {'; '.join(faults)}. {story}"
    return CountCheck(right, Fraction(len(mine)), tuple(missed), tuple(twice), tuple(wrong), sentence)
