"""Actions: the small frozen values a hand's log is made of, each with a readable text form.

Three kinds cover every game:

* :class:`Deal` — chance, recorded: who dealt and exactly which cards each seat received (plus any
  game extras such as a turned trump card or cards set aside).  ``N deals N[3D 2D …] E[…] …``
* :class:`Play` — a card to the trick.  ``W plays 7D``
* :class:`Call` — anything else a seat says: declarations, signals, bids, singing, surrender.
  ``S declares napoletana D``, ``N signals busso``.  The words after the seat belong to the
  game; the base only routes them.

Anything printed can be parsed back with :func:`parse_action`, in time linear in the text, and a
text longer than :data:`MAX_ACTION_CHARS` is refused before it is read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from . import i18n
from .cards import Card, CardError, parse_cards


class ActionError(ValueError):
    """Text that does not read as an action."""


@dataclass(frozen=True, slots=True)
class Play:
    seat: str
    card: Card

    def __str__(self) -> str:
        return f"{self.seat} plays {self.card}"


@dataclass(frozen=True, slots=True)
class Call:
    seat: str
    words: str

    def __str__(self) -> str:
        return f"{self.seat} {self.words}"


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: str
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    extras: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    @property
    def seat(self) -> str:
        return self.dealer

    def hand(self, seat: str) -> tuple[Card, ...]:
        return dict(self.hands)[seat]

    def extra(self, name: str) -> tuple[Card, ...]:
        return dict(self.extras).get(name, ())

    def __str__(self) -> str:
        packets = " ".join(f"{name}[{' '.join(map(str, cards))}]" for name, cards in self.hands + self.extras)
        return f"{self.dealer} deals {packets}"


Action = Union[Deal, Play, Call]

MAX_ACTION_CHARS = 2000  # the longest deal (48 cards and a rest) is under 300
_PACKET = re.compile(r"\s*(\w+)\[([^\[\]]*)\]")  # matched only where the last packet ended


def _packets(tail: str) -> list[tuple[str, str]] | None:
    """``N[3D 2D] E[…]`` as ``[("N", "3D 2D"), ("E", …)]``, or None if the text is not only packets.
    Each match is anchored where the previous one ended, so the scan never starts over."""
    packets: list[tuple[str, str]] = []
    position = 0
    while position < len(tail):
        found = _PACKET.match(tail, position)
        if found is None:
            return None if tail[position:].strip() else packets
        packets.append((found[1], found[2]))
        position = found.end()
    return packets


def parse_action(text: str, seats: tuple[str, ...]) -> Action:
    """Read one action written as the log prints it; a wrong text raises ActionError."""
    if not isinstance(text, str) or not text.strip():
        raise ActionError(i18n._("{text} is not an action: write a seat then what it does, as in \"W plays 7D\".")
                          .format(text=repr(text)))
    if len(text) > MAX_ACTION_CHARS:
        raise ActionError(i18n._("An action is at most {most} characters long; this one has {count}.").format(
            most=MAX_ACTION_CHARS, count=len(text)))
    seat, _, rest = " ".join(text.split()).partition(" ")
    seat = seat.upper()
    if seat not in seats:
        raise ActionError(i18n._("{text} does not start with a seat: the seats at this table are {seats}.").format(
            text=repr(text), seats=", ".join(seats)))
    if not rest:
        raise ActionError(i18n._("{text} says who but not what: write, for example, \"{seat} plays 7D\".").format(
            text=repr(text), seat=seat))
    verb, _, tail = rest.partition(" ")
    if verb.lower() == "plays" and len(tail.split()) > 1:  # a call such as "S plays for the vole"
        return Call(seat, rest)
    if verb.lower() == "plays":
        try:
            return Play(seat, Card.parse(tail))
        except CardError as error:
            raise ActionError(i18n._("In {text}: {error}").format(text=repr(text), error=error)) from None
    if verb.lower() == "deals":
        packets = _packets(tail)
        if not packets:
            raise ActionError(i18n._("{text} is not a deal: write it as \"N deals N[3D 2D …] E[…] S[…] W[…]\".")
                              .format(text=repr(text)))
        try:
            parsed = [(name, parse_cards(cards)) for name, cards in packets]
        except CardError as error:
            raise ActionError(i18n._("In {text}: {error}").format(text=repr(text), error=error)) from None
        hands = tuple((name.upper(), cards) for name, cards in parsed if name.upper() in seats)
        extras = tuple((name, cards) for name, cards in parsed if name.upper() not in seats)
        return Deal(seat, hands, extras)
    return Call(seat, rest)
