"""What a player remembers from a view: every card seen, who has shown out of a suit, which cards
are known to sit in which hand, and what is still out of sight.

Everything here is read from the view alone (its own hand, the tricks, the trick on the table, the
calls it was allowed to hear, the public cards), so a player built on it cannot cheat.  The club
player reads it to judge a card; the expert's sampler reads it to deal the hidden hands again.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..games.traits import traits
from ..rules import TrickGame
from ..state import State


@dataclass
class Memory:
    """One seat's knowledge of the hand.

    ``played`` every card in a trick (done or on the table); ``unseen`` the cards of the pack the
    seat has not seen anywhere; ``voids`` the suits each other seat has shown out of; ``known``
    cards known to sit in a given hand (a turned trump still held, a single card signalled);
    ``somewhere`` a card known to sit in one of a few hands (Quadrille's called king)."""

    seat: str
    hand: list[Card]
    played: set[Card]
    unseen: list[Card]
    voids: dict[str, set[str]] = field(default_factory=dict)
    known: dict[str, set[Card]] = field(default_factory=dict)
    somewhere: dict[Card, tuple[str, ...]] = field(default_factory=dict)

    def out_of_sight(self, seat: str) -> set[Card]:
        """Cards another seat might hold, as far as this seat can tell."""
        return set(self.unseen) | self.known.get(seat, set())


def remember(rules: TrickGame, view: State) -> Memory:
    """Read a view into a :class:`Memory` for its viewer."""
    seat = view.viewer or view.seat_to_act
    hand = [card for card in view.hand(seat) if card is not None]
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None and view.trick.plays else [])
    played = {card for trick in tricks for _, card in trick.plays}
    seen = played.union(hand)
    voids: dict[str, set[str]] = {other: set() for other in view.seats if other != seat}
    known: dict[str, set[Card]] = {other: set() for other in view.seats if other != seat}
    somewhere: dict[Card, tuple[str, ...]] = {}
    turned = getattr(view, "turned", None)  # Sixty-Six: the dealer's turned trump, until he plays it
    if turned is not None and turned not in seen and view.dealer in known:
        known[view.dealer].add(turned)
    game = traits(rules)
    if game.follows_suit:
        trump = rules.trump(view)
        for trick in tricks:
            led = rules.suit_of(view, trick.plays[0][1])
            for who, card in trick.plays[1:]:
                if who == seat or rules.suit_of(view, card) == led:
                    continue
                if game.matadors and led == trump:
                    continue  # a matador may renege a trump lead: no void is proved
                voids[who].add(led)
                if game.must_trump and trump is not None and rules.suit_of(view, card) != trump:
                    voids[who].add(trump)  # void and not trumping: no trump left either
        read_tressette_signals(view, seat, voids)
    read_signalled_cards(rules, view, seat, known, seen)
    read_called_card(rules, view, seat, known, somewhere, seen)
    for cards in known.values():
        seen |= cards
    unseen = [card for card in rules.pack.cards if card not in seen]
    return Memory(seat, hand, played, unseen, voids, known, somewhere)


def read_tressette_signals(view: State, seat: str, voids: dict[str, set[str]]) -> None:
    """A leader's *volo* says the card led was his last of its suit."""
    for number, call in view.calls:
        if call.seat == seat or call.words != "signals volo":
            continue
        trick = view.tricks[number] if number < len(view.tricks) else view.trick
        if trick is not None and trick.plays and trick.leader == call.seat:
            voids[call.seat].add(trick.plays[0][1].suit)


def read_signalled_cards(rules: TrickGame, view: State, seat: str, known: dict[str, set[Card]],
                         seen: set[Card]) -> None:
    """A signal for a class of one card (Aluette's Monsieur, Madame …) shows where it is."""
    classes = traits(rules).signal_classes
    for _, call in view.calls:
        word = call.words[len("signals "):] if call.words.startswith("signals ") else ""
        if call.seat == seat or word not in classes:
            continue
        cards = classes[word]
        if len(cards) == 1 and cards[0] not in seen:
            known[call.seat].add(cards[0])


def read_called_card(rules: TrickGame, view: State, seat: str, known: dict[str, set[Card]],
                     somewhere: dict[Card, tuple[str, ...]], seen: set[Card]) -> None:
    """Quadrille: the called card is the partner's; until he is known it is in one of the hands
    other than the Ombre's (and than this seat's, which does not hold it).  A Médiator took it
    into his own hand."""
    called = getattr(view, "called", None)
    if called is None or called in seen:
        return
    ombre = getattr(view, "ombre", None)
    if ombre is not None and getattr(view, "swap_with", None) is not None:  # Médiator: the Ombre took the called king
        known[ombre].add(called)
        return
    partner = getattr(view, "partner", None)
    if partner is not None and partner != seat:
        known[partner].add(called)
        return
    holders = tuple(other for other in view.seats if other not in (seat, ombre))
    if holders:
        somewhere[called] = holders

