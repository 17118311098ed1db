"""Deals dealt toward a theme that shuffled deals almost never give (issue 23).

Quatre Sept's "lead the ace before the ten to keep the politaine" needs the low-lead rule (without
it a politaine's three cards win three tricks in any order) and a politaine whose holder plays its
first card with a few cards left.  The club player declares a politaine and plays its ace as soon as
he leads or its suit is led, so on shuffled deals its first card comes early, too early for a
position the search proves: not one in a thousand shuffled deals gives the theme.  Its deals are
dealt toward it instead: the dealer (who leads last) holds a politaine and five 7s and 8s of the
other suits, so he wins no trick before the politaine's suit is led; each opponent holds one small
card of that suit, its king, queen and jack go to any of the three others, and the rest of the pack
is shuffled.  The hands are played by the club player and mined as every other puzzle
(:func:`cardlab.puzzles.mine.positions`), keeping the positions of the theme alone: what makes the
theme is still computer-against-computer play and the exhaustive search.

A bank records how many deals of each stream it has mined (``"toward"``), so a build goes on
where it stopped and the same seed always gives the same puzzles.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from ..actions import Deal
from ..cards import Card
from ..games import get_rules
from ..games.quatre_sept.rules import QuatreSept
from ..players import get_player
from ..practice.common import play
from ..rules import TrickGame
from .mine import Found, deal_seeds, positions
from .themes import ACE_BEFORE_TEN

POLITAINE = ("10", "9", "A")
SMALL = ("7", "8")
FIGURES = ("K", "Q", "J")


def politaine_deal(rules: TrickGame, dealer: str, draw: random.Random) -> Deal:
    """A deal whose dealer holds a politaine and only small cards besides (see the module's
    docstring)."""
    suit = draw.choice(sorted({card.suit for card in rules.pack.cards}))
    order = rules.play_order(dealer)
    partner, first, second = order[2], order[1], order[3]
    smalls = [card for card in rules.pack.cards if card.suit != suit and card.rank in SMALL]
    hands = {dealer: [Card(rank, suit) for rank in POLITAINE] + draw.sample(smalls, 5), partner: []}
    hands[first], hands[second] = [[Card(rank, suit)] for rank in draw.sample(SMALL, 2)]
    for rank in FIGURES:
        hands[draw.choice((first, partner, second))].append(Card(rank, suit))
    given = {card for cards in hands.values() for card in cards}
    rest = [card for card in rules.pack.cards if card not in given]
    draw.shuffle(rest)
    size = rules.hand_size()
    for seat in rules.seats:
        wanted = size - len(hands[seat])
        hands[seat] += rest[:wanted]
        rest = rest[wanted:]
    return Deal(dealer, tuple((seat, tuple(hands[seat])) for seat in rules.seats))


@dataclass(frozen=True)
class Toward:
    """A stream of deals dealt toward ``theme``, played with ``options``, until the bank holds
    ``wanted`` puzzles of it."""

    game: str
    theme: str
    deal: Callable[[TrickGame, str, random.Random], Deal]
    options: Mapping[str, Any] = field(default_factory=dict)
    wanted: int = 12

    @property
    def rules(self) -> TrickGame:
        return get_rules(self.game, **self.options)


TOWARD = (Toward(QuatreSept.key, ACE_BEFORE_TEN, politaine_deal, {"low_lead_rule": True}),)


def toward(game: str) -> tuple[Toward, ...]:
    """The streams of deals dealt toward a theme of ``game``."""
    return tuple(stream for stream in TOWARD if stream.game == game)


def mine_toward(stream: Toward, seed: int, first: int = 0, quick: bool = False) -> Iterator[tuple[int, list[Found]]]:
    """The deals of ``seed`` dealt toward the stream's theme, from deal number ``first`` on, each
    with its number and its puzzles of that theme."""
    rules, club = stream.rules, get_player("club")
    for number, deal_seed in deal_seeds(seed):
        if number < first:
            continue
        dealer = rules.seats[number % len(rules.seats)]
        deal = stream.deal(rules, dealer, random.Random(deal_seed))
        played = play(rules, rules.key, dict(stream.options), dealer, deal_seed, deal=deal, player=club)
        yield number, list(positions(rules, played, quick, wanted=stream.theme))
