"""The draw for the first dealer: each seat draws a card, the highest deals, equal highest draw again.

Quatre Sept (seed 000: "whoever draws the highest card") and La Vache (seed 003: "draw for high
cards") choose the first dealer of a match this way (rules.md §5b).  Each game compares the cards
by its own ranking, so it passes its own ``strength``; cards of one rank are equal.  The seats draw
in the order the game lists them, from one shuffled pack; the seats tied for highest draw again
from what is left (the whole pack is shuffled again if it runs short).  Only the dealer is chosen
here; La Vache also seats its players by the draw and redraws every tie, in its own
``seating_draw`` (:mod:`cardlab.games.vache.rules`) over the same stream.

The draw has a random stream of its own (:func:`draw_stream`): a table draws with the same seed it
then shuffles the first deal with, and the cards drawn, named to every seat, must tell nothing about
that deal (issue 33: taken from the same shuffled pack, they were the last cards of it, three of
them in the Quatre Sept dealer's hand every time).  The stream is derived from the seed, so a
seeded draw is still reproducible and a match, a lesson or a golden file replays.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import Card, Pack
from .rules import DealerDraw


DRAW_LABEL = "cardlab: the draw for the first dealer"
"""Mixed with a seed into the draw's own stream (the deal's stream is ``random.Random(seed)``)."""


def draw_stream(seed: int | None) -> random.Random:
    """The draw's random stream for ``seed`` (None: unseeded): the seed and :data:`DRAW_LABEL`
    hashed together (``random.Random`` seeds from a string through SHA-512, the same on every
    machine and run), so it is no part of the stream ``random.Random(seed)`` that shuffles the deal."""
    return random.Random() if seed is None else random.Random(f"{DRAW_LABEL} {seed}")


def draw_for_dealer(seats: Sequence[str], pack: Pack, strength: Callable[[Card], int],
                    rng: random.Random | int | None = None) -> DealerDraw:
    """Draw for the first dealer among ``seats`` with ``pack``, highest ``strength`` dealing: a
    seed draws from :func:`draw_stream`, a ``random.Random`` is used as given (the caller's own)."""
    if not isinstance(rng, random.Random):
        rng = draw_stream(rng)
    deck: list[Card] = []
    rounds: list[tuple[tuple[str, Card], ...]] = []
    drawing = tuple(seats)
    while True:
        if len(deck) < len(drawing):
            deck = list(pack.cards)
            rng.shuffle(deck)
        drawn = tuple((seat, deck.pop()) for seat in drawing)
        rounds.append(drawn)
        best = max(strength(card) for _, card in drawn)
        drawing = tuple(seat for seat, card in drawn if strength(card) == best)
        if len(drawing) == 1:
            return DealerDraw(tuple(rounds), drawing[0])
