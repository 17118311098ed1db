"""The draw for the first dealer: each seat draws a card, the highest deals, equal highest draw again.

Quatre Sept (seed 000: "whoever draws the highest card") and La Vache (seed 003: "draw for high
cards") choose the first dealer of a match this way (rules.md §5b).  Each game compares the cards
by its own ranking, so it passes its own ``strength``; cards of one rank are equal.  The seats draw
in the order the game lists them, from one shuffled pack; the seats tied for highest draw again
from what is left (the whole pack is shuffled again if it runs short).  Only the dealer is chosen
here: the game keeps its fixed seats, so La Vache's seating "in order of cards drawn" and its
redraw of lower ties are not played.  A seeded draw is reproducible.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import Card, Pack
from .rules import DealerDraw


def draw_for_dealer(seats: Sequence[str], pack: Pack, strength: Callable[[Card], int],
                    rng: random.Random | int | None = None) -> DealerDraw:
    """Draw for the first dealer among ``seats`` with ``pack``, highest ``strength`` dealing."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
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
