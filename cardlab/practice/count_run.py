"""The point-counting trainer as one learner's count of a finished hand: what is offered to count
(the side's tricks card by card, or in the games that count tricks per player, every trick by the
card the player put on it), the words above it, and the sentence each check gives.

Why: :class:`cardlab.widgets.counting.CountingTrainer` only maps these values to buttons.  Every
judgement is :func:`cardlab.practice.check_count`'s (or, at a table, the session's count, given as
``count``); a wrong count hears what is wrong, never the right total, which the check's sentence
ends with.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..cards import Card
from ..rules import TrickGame
from ..state import State
from .common import PracticeError, Said
from .counting import CountCheck, check_count, counts_cards

NOT_OVER = "The hand is not over yet: count when its last trick is taken."

Count = Callable[[list[Card], str | None], CountCheck | None]
"""A check of the cards clicked and the total typed (the session's, at a table)."""


@dataclass(frozen=True)
class CountRow:
    """One trick to count: its label, its cards as (button text, card), the words after them."""

    label: str
    cards: tuple[tuple[str, Card], ...]
    after: str = ""


def card_text(rules: TrickGame, state: State, card: Card) -> str:
    """"3 of coins": the card's name for a button, without its article."""
    return rules.card_label(state, card).removeprefix("the ")


class CountRun:
    """``CountRun(rules, state, "S")``: ``seat`` counts its side's points (or its own tricks)."""

    def __init__(self, rules: TrickGame, state: State, seat: str, count: Count | None = None) -> None:
        self.rules, self.state, self.seat = rules, state, seat
        self._count = count
        self.side = ""
        self.lead = self.heading = self.nothing = ""
        self.rows: tuple[CountRow, ...] = ()
        self.result: CountCheck | None = None
        self.said: Said | None = None
        if not state.over:
            self.said = Said("wrong", NOT_OVER)
        elif counts_cards(rules):
            self._card_rows()
        else:
            self._trick_rows()

    def _card_rows(self) -> None:
        rules, state = self.rules, self.state
        self.side = side = rules.side_of(state, self.seat)
        thirds = any(rules.card_points(card).denominator > 1 for card in rules.pack.cards)
        self.lead = "Count your side's points before the breakdown."
        self.heading = (f"{rules.title}: these are the tricks {side} took. Click every card that counts, type "
                        f"the total with the last trick{' (a third as 1/3, e.g. 5 2/3)' if thirds else ''}, "
                        "then Check.")
        last = len(state.tricks)
        self.rows = tuple(
            CountRow(f"Trick {number}{' (the last)' if number == last else ''}, won by {trick.winner}",
                     tuple((card_text(rules, state, card), card) for card in trick.cards()))
            for number, trick in enumerate(state.tricks, 1)
            if trick.winner is not None and rules.side_of(state, trick.winner) == side)
        self.nothing = "" if self.rows else f"{side} took no trick: the count is 0."

    def _trick_rows(self) -> None:
        rules, state, seat = self.rules, self.state, self.seat
        self.side = seat
        self.lead = "Count your tricks before the breakdown."
        self.heading = (f"{rules.title} is scored by tricks, not by card points, and each player counts only the "
                        f"tricks he took himself. Each row is one trick and the card {seat} put on it: click the "
                        f"tricks {seat} took, type how many, then Check.")
        rows = []
        for number, trick in enumerate(state.tricks, 1):
            mine = trick.card_of(seat)
            assert mine is not None  # every seat plays to every trick
            others = ", ".join(f"{other} {card_text(rules, state, card)}" for other, card in trick.plays
                               if other != seat)
            rows.append(CountRow(f"Trick {number}", ((f"{seat}: {card_text(rules, state, mine)}", mine),),
                                 f"({others})"))
        self.rows = tuple(rows)

    def check(self, claimed: list[Card], total: str | None) -> CountCheck | None:
        """Check the cards clicked and the total typed; None (with the sentence) when the count
        cannot be read or the hand is not over."""
        if not self.state.over:
            return None
        result: CountCheck | None
        try:
            if self._count is None:
                result = check_count(self.rules, self.state, self.side, claimed, total)
            else:
                result = self._count(claimed, total)
        except PracticeError as error:
            self.said = Said("wrong", str(error))
            return None
        if result is None:
            return None
        self.result = result
        self.said = Said("right", result.sentence, closed=True) if result.right else Said("wrong", self.faults(result))
        return result

    def faults(self, result: CountCheck) -> str:
        """What is wrong with a count, without the right count, which the check's sentence ends with."""
        what = "cards" if counts_cards(self.rules) else "tricks"
        if not (result.missed or result.twice or result.wrong):
            faults = f"Not yet: the {what} are right but the total is not"
        else:
            story = f". {self.side} count " if what == "cards" else f". {self.side} took "
            faults = result.sentence.rpartition(story)[0] or "Not yet: something is wrong"
        return f"{faults}. Try again, or Skip to see the breakdown."
