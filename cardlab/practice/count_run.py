"""The point-counting trainer as one learner's count of a finished hand: what is offered to count
(the side's tricks card by card, or in the games that count tricks per player, every trick by the
card the player put on it), the words above it, and the sentence each check gives.

Why: :class:`cardlab.widgets.counting.CountingTrainer` only maps these values to buttons.  Every
judgement is :func:`cardlab.practice.check_count`'s (or, at a table, the session's count, given as
``count``); a wrong count hears what is wrong, never the right total, which the check's sentence
ends with.  Like the quiz, the first wrong check says how far off the count is and where to look
(how many cards or tricks, which tricks to look at again); the second names the cards.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..cards import Card
from ..i18n import N_, _, listed, ngettext
from ..rules import TrickGame
from ..state import State
from .common import PracticeError, Said
from .counting import CountCheck, check_count, counts_cards

NOT_OVER = N_("The hand is not over yet: count when its last trick is taken.")

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
        self.misses = 0
        self.said: Said | None = None
        if not state.over:
            self.said = Said("wrong", _(NOT_OVER))
        elif counts_cards(rules):
            self._card_rows()
        else:
            self._trick_rows()

    def _card_rows(self) -> None:
        rules, state = self.rules, self.state
        self.side = side = rules.side_of(state, self.seat)
        thirds = any(rules.card_points(card).denominator > 1 for card in rules.pack.cards)
        self.lead = _("Count your side's points before the breakdown.")
        self.heading = (_("{game}: these are the tricks {side} took. Click every card that counts, type the total "
                          "with the last trick (a third as 1/3, e.g. 5 2/3), then Check.") if thirds else
                        _("{game}: these are the tricks {side} took. Click every card that counts, type the total "
                          "with the last trick, then Check.")).format(game=rules.title, side=side)
        last = len(state.tricks)
        self.rows = tuple(
            CountRow((_("Trick {number} (the last), won by {seat}") if number == last else
                      _("Trick {number}, won by {seat}")).format(number=number, seat=trick.winner),
                     tuple((card_text(rules, state, card), card) for card in trick.cards()))
            for number, trick in enumerate(state.tricks, 1)
            if trick.winner is not None and rules.side_of(state, trick.winner) == side)
        self.nothing = "" if self.rows else _("{side} took no trick: the count is 0.").format(side=side)

    def _trick_rows(self) -> None:
        rules, state, seat = self.rules, self.state, self.seat
        self.side = seat
        self.lead = _("Count your tricks before the breakdown.")
        self.heading = _("{game} is scored by tricks, not by card points, and each player counts only the tricks he "
                         "took himself. Each row is one trick and the card {seat} put on it: click the tricks {seat} "
                         "took, type how many, then Check.").format(game=rules.title, seat=seat)
        rows = []
        for number, trick in enumerate(state.tricks, 1):
            mine = trick.card_of(seat)
            assert mine is not None  # every seat plays to every trick
            others = ", ".join(f"{other} {card_text(rules, state, card)}" for other, card in trick.plays
                               if other != seat)
            rows.append(CountRow(_("Trick {number}").format(number=number), ((f"{seat}: {card_text(rules, state, mine)}", mine),),
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
        if result.right:
            self.said = Said("right", result.sentence, closed=True)
        else:
            self.misses += 1
            self.said = Said("wrong", self.faults(result) if self.misses > 1 else self.how_far(result))
        return result

    def how_far(self, result: CountCheck) -> str:
        """A first wrong count: how many cards (or tricks) are off and which tricks to look at
        again, naming none of the cards."""
        cards = counts_cards(self.rules)
        off: list[str] = []
        if result.missed:
            off.append((ngettext("you left out {count} card that counts", "you left out {count} cards that count",
                                 len(result.missed)) if cards else
                        ngettext("you left out {count} trick {side} took", "you left out {count} tricks {side} took",
                                 len(result.missed))).format(count=len(result.missed), side=self.side))
        if result.twice:
            off.append(ngettext("you counted {count} card twice", "you counted {count} cards twice",
                                len(result.twice)).format(count=len(result.twice)))
        if result.wrong:
            off.append((ngettext("{count} card you clicked does not count for {side}",
                                 "{count} cards you clicked do not count for {side}", len(result.wrong)) if cards else
                        ngettext("{count} trick you clicked was not taken by {side}",
                                 "{count} tricks you clicked were not taken by {side}", len(result.wrong))).format(
                count=len(result.wrong), side=self.side))
        if not off:
            return (_("Not yet: the cards are right but the total is not. Add them up again, the last trick "
                      "included, or Skip to see the breakdown.") if cards else
                    _("Not yet: the tricks are right but the total is not. Count them again, or Skip to see the "
                      "breakdown."))
        where = self.tricks_of(result.missed + result.twice + result.wrong) if cards else []
        look = (ngettext("Look again at trick {numbers}.", "Look again at tricks {numbers}.", len(where)).format(
            numbers=listed([str(number) for number in where])) if where else
            _("Look again at who took each trick."))
        return _("Not yet: {faults}. {look} Try again, or Skip to see the breakdown.").format(
            faults="; ".join(off), look=look)

    def tricks_of(self, cards: tuple[Card, ...]) -> list[int]:
        """The numbers of the tricks that hold ``cards``, in order."""
        return [number for number, trick in enumerate(self.state.tricks, 1)
                if any(card in cards for card in trick.cards())]

    def faults(self, result: CountCheck) -> str:
        """What is wrong with a count, naming its cards, without the right count, which the
        check's sentence ends with."""
        if not (result.missed or result.twice or result.wrong):
            return self.how_far(result)
        return _("Not yet: {faults}. Try again, or Skip to see the breakdown.").format(faults="; ".join(result.faults))
