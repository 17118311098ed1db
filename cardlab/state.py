"""The frozen state of one hand, and the trick.

A state is never changed: ``rules.apply(state, action)`` returns a new one.  What a picture shows
is always the state reached by replaying a prefix of the log.  Games that need more facts
(declarations, a contract, a called king) subclass :class:`State` with extra fields.

A *view* is the same state as one seat may see it: the other seats' cards are replaced by
``None`` (their number still shows) and ``viewer`` names the seat.  Bots are given views.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple, Self, cast

from .actions import Call, Deal
from .cards import Card


class Trick(NamedTuple):
    """Cards played to one trick, in order.  ``winner`` is set when the trick is complete;
    it stays ``None`` for a trick won by nobody (a spoiled trick).

    A named tuple rather than a frozen dataclass: a hand makes some sixty tricks-so-far, and a
    tuple is made in half the time."""

    leader: str
    plays: tuple[tuple[str, Card], ...] = ()
    winner: str | None = None

    @property
    def led(self) -> Card | None:
        return self.plays[0][1] if self.plays else None

    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def card_of(self, seat: str) -> Card | None:
        for who, card in self.plays:
            if who == seat:
                return card
        return None

    def with_play(self, seat: str, card: Card) -> Trick:
        return Trick(self.leader, self.plays + ((seat, card),))


@dataclass(frozen=True, kw_only=True)
class State:
    """One moment of a hand.

    ``phase`` is ``"deal"`` before the cards are out, ``"play"`` while tricks are played,
    ``"over"`` at the end, or a game's own phase name (``"auction"``, ``"sing"`` …).
    ``calls`` keeps every call with the number of completed tricks when it was made.
    """

    seats: tuple[str, ...]
    dealer: str
    phase: str = "deal"
    to_act: str | None = None
    hands: tuple[tuple[Card | None, ...], ...] = ()
    trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()
    calls: tuple[tuple[int, Call], ...] = ()
    deal: Deal | None = None
    viewer: str | None = None
    # ``phase == "over"``, kept beside the fields (no field itself): asked before every action of
    # every hand, it is read as a value, not computed.  Set by :meth:`__post_init__` and
    # :meth:`evolve`; a state left as ``False`` here is not over.
    over: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if self.phase == "over":
            object.__setattr__(self, "over", True)

    def hand(self, seat: str) -> tuple[Card | None, ...]:
        return self.hands[self.seats.index(seat)]

    def cards_in_sight(self, seat: str) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand this state shows: all of them, but none of another seat's
        hand in a view."""
        hand = self.hands[self.seats.index(seat)]
        return tuple(card for card in hand if card is not None) if None in hand else cast(tuple[Card, ...], hand)

    def evolve(self, **changes: object) -> Self:
        """A copy with some fields changed: ``dataclasses.replace`` without re-running
        ``__init__``, which is the engine's hot path (a state per card played).  The new
        state is given its finished field dict, which costs less than filling the empty one
        Python makes for it."""
        fields = self.__dict__.copy()
        fields.update(changes)
        if "phase" in changes:
            fields["over"] = changes["phase"] == "over"
        new = object.__new__(type(self))
        object.__setattr__(new, "__dict__", fields)
        return new

    def after_card(self, hands: tuple[tuple[Card | None, ...], ...], trick: Trick | None, to_act: str | None,
                   tricks: tuple[Trick, ...] | None = None) -> Self:
        """:meth:`evolve` for the fields one card changes, without the keyword dict: a state is
        made for every card of every hand."""
        fields = self.__dict__.copy()
        fields["hands"] = hands
        fields["trick"] = trick
        fields["to_act"] = to_act
        if tricks is not None:
            fields["tricks"] = tricks
        new = object.__new__(type(self))
        object.__setattr__(new, "__dict__", fields)
        return new

    def hands_without(self, seat: str, card: Card) -> tuple[tuple[Card | None, ...], ...]:
        index = self.seats.index(seat)
        hand = self.hands[index]
        at = hand.index(card)
        return self.hands[:index] + (hand[:at] + hand[at + 1:],) + self.hands[index + 1:]

    @property
    def seat_to_act(self) -> str:
        """``to_act`` where a seat must be acting (during the calls and the play)."""
        if self.to_act is None:
            raise ValueError(f"Nobody is to act: the hand is at its {self.phase}.")
        return self.to_act

    @property
    def trick_on_table(self) -> Trick:
        """``trick`` where one must be on the table (during the play)."""
        if self.trick is None:
            raise ValueError(f"No trick is on the table: the hand is at its {self.phase}.")
        return self.trick

    @property
    def dealt(self) -> Deal:
        """``deal`` where the cards must be out (not in a view, which leaves the deal out)."""
        if self.deal is None:
            raise ValueError("The cards have not been dealt.")
        return self.deal

    @property
    def trick_number(self) -> int:
        """1 for the first trick, counting the trick now on the table."""
        return len(self.tricks) + 1

    def calls_by(self, seat: str) -> tuple[Call, ...]:
        if not self.calls:  # most hands: asked at every card, so no generator for nothing
            return ()
        return tuple(call for _, call in self.calls if call.seat == seat)
