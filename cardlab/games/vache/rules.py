"""La Vache (the cow game): Aluette's simpler cousin for three to five players, each for himself.

Source: the "Variations" section of the CatsAtCards.com Aluette page (seed 003), the only source
found for these rules (rules.md §4.6).

Decisions written down here:

* **Ranking** (seed): ace, 2, 3 … 9, jack, knight, king, from high to low; suits do not matter,
  so cards of one rank tie, and any card may be played at any time.
* **Seats**: 3, 4 or 5 players (option ``players``), named by where they sit round the table,
  clockwise: three are ``E S W`` (South at the foot, West and East at the top corners), four
  ``N E S W``, five ``NE E S W NW`` (South at the foot, West and East beside him, North-West and
  North-East across).  The deal goes one card at a time **counter-clockwise** from the dealer's
  right, nine each, the rest set aside; the dealer's right leads; play and the deal pass
  counter-clockwise.
* **Tied tricks**: when the best rank is tied nobody wins the trick; the same player leads again
  and the next trick with a clear winner takes it with him (the tied tricks are carried).  If
  the last trick is tied, it and any tricks carried into it go to the player who took the first
  trick; if every trick was tied nobody takes any (no source covers this).
* **Seats and first dealer**: drawn by cards (seed: "each player draws a card … If any two or
  more players draw cards of the same denomination, those cards should be set aside, and those
  players draw replacement cards.  The players are then entitled to take seats at the table in
  order of cards drawn (from highest to lowest), and the player drawing the highest card of all
  set as the first dealer"), compared by the game's own ranking, ace high down to king: every
  group of players who drew one rank draws again, from what is left of the pack, until all ranks
  differ (:func:`seating_draw`).  The seed does not say which way the seats follow the cards; we
  read it as the way of the deal and the play: the highest card takes the dealer's chair, the next
  sits at his right, and so on round the table, so the second highest card leads the first trick
  and the lowest sits at the dealer's left.  The players are named by the seats the draw gives
  them.  Scenarios keep their written dealer.
* **Result**: the player who took most tricks wins the hand and scores 1; a tie for most tricks
  is a tie (nobody scores).
* **Match** (issue 9: a match must end).  The seed: "Each hand is considered an independent
  game, however, a game session can also be scored by declaring the player to have won the most
  games during that session to be the overall winner."  It gives no length for a session, so we
  read one as **each player dealing once** (3, 4 or 5 hands; every seat then also leads a first
  trick once): the player who won most hands wins; when several are level at the top, the
  session goes on, hand by hand, until one leads alone (no source covers it).  Option
  ``match="one hand"`` takes the seed's first reading, each hand a game of its own: its winner
  wins, and a tied hand is dealt again.  A scenario's ``match`` holds each player's hands won and
  optionally the hands played, ``{"N": 1, "E": 0, "S": 1, "W": 0, "hands": 3}``.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ... import i18n
from ...actions import Call
from ...card_words import card_name
from ...cards import SPANISH_48, Card, Pack
from ...draw import draw_stream
from ...render.scene import TableScene
from ...rules import COUNTER_CLOCKWISE, DealerDraw, HandResult, MatchError, MatchState, Refusal, TrickGame, option
from ...state import State, Trick
from ..aluette.rules import CountedMatch, counted_match, hands_played
from ..traits import GameTraits
from .concepts import CONCEPTS

ORDER = ("K", "Kn", "J", "9", "8", "7", "6", "5", "4", "3", "2", "A")
"""Weakest first: the seed's ranking read from the bottom."""
STRENGTH = {rank: index for index, rank in enumerate(ORDER, 1)}
RANK_CLASSES: dict[str, str] = {
    "K": i18n.mark("vache", "kings"), "Kn": i18n.mark("vache", "knights"), "J": i18n.mark("vache", "jacks"),
    "9": i18n.mark("vache", "nines"), "8": i18n.mark("vache", "eights"), "7": i18n.mark("vache", "sevens"),
    "6": i18n.mark("vache", "sixes"), "5": i18n.mark("vache", "fives"), "4": i18n.mark("vache", "fours"),
    "3": i18n.mark("vache", "threes"), "2": i18n.mark("vache", "twos"), "A": i18n.mark("vache", "aces")}
"""Each rank's cards as a class that ties ("kings"), said with ``pgettext("vache", name)``."""
SEATINGS: dict[int, tuple[str, ...]] = {3: ("E", "S", "W"), 4: ("N", "E", "S", "W"),
                                        5: ("NE", "E", "S", "W", "NW")}
"""Seats for each number of players, clockwise."""


@dataclass(frozen=True)
class SeatingDraw(DealerDraw):
    """The draw that seats the players and finds the first dealer: each round, the players named
    drew one card each (the first round every player, later rounds the players whose cards tied in
    rank); the players sit in the order of their last cards from the dealer round the table."""

    order: tuple[str, ...] = ()

    def sentence(self, pack: Pack) -> str:
        """"Each player draws a card: …; E and W drew cards of one rank, set them aside and draw
        again: …. The players sit in the order of their cards, the highest first, each at the right
        of the one before: S, E, N, W. S deals first." """
        told = ""
        for number, drawn in enumerate(self.rounds):
            cards = ", ".join(f"{seat} {card_name(pack, card)}" for seat, card in drawn)
            if number == 0:
                told = i18n._("Each player draws a card: {cards}").format(cards=cards)
            else:
                told = i18n._("{drawn}; {seats} drew cards of one rank, set them aside and draw again: {cards}").format(
                    drawn=told, seats=i18n.listed([seat for seat, _ in drawn]), cards=cards)
        return i18n._("{draws}. The players sit in the order of their cards, the highest first, each at the right "
                      "of the one before: {order}. {seat} deals first.").format(
            draws=told, order=", ".join(self.order), seat=self.dealer)


def seating_draw(seats: Sequence[str], next_seat: Callable[[str, int], str], pack: Pack,
                 strength: Callable[[Card], int], rng: random.Random | int | None = None) -> SeatingDraw:
    """The seed's draw for seats: every player draws a card; all who drew one rank set their cards
    aside and draw again, until every rank differs; the highest card deals first from a chair of
    his choosing (drawn at random here) and the others sit round the table after him, the way of
    play, in the order of their cards.  A seed draws from :func:`cardlab.draw.draw_stream`."""
    if not isinstance(rng, random.Random):
        rng = draw_stream(rng)
    deck = list(pack.cards)
    rng.shuffle(deck)
    players = range(len(seats))
    held: dict[int, Card] = {}
    rounds: list[tuple[tuple[int, Card], ...]] = []
    drawing = list(players)
    while drawing:
        if len(deck) < len(drawing):  # the set-aside cards go back into a shuffled pack
            deck = [card for card in pack.cards if card not in held.values()]
            rng.shuffle(deck)
        held.update((player, deck.pop()) for player in drawing)
        rounds.append(tuple((player, held[player]) for player in drawing))
        ranks = [strength(held[player]) for player in players]
        drawing = [player for player in players if ranks.count(strength(held[player])) > 1]
    dealer = seats[rng.randrange(len(seats))]
    ranked = sorted(players, key=lambda player: -strength(held[player]))
    seat_of = {player: next_seat(dealer, place) for place, player in enumerate(ranked)}
    order = tuple(seat_of[player] for player in ranked)
    shown = tuple(tuple(sorted(((seat_of[player], card) for player, card in drawn),
                               key=lambda drawn: seats.index(drawn[0]))) for drawn in rounds)
    return SeatingDraw(shown, dealer, order)


@dataclass(frozen=True)
class VacheOptions:
    players: int = option(4, i18n.mark("option", "Players"), choices=(3, 4, 5), source="three, four or five: seed 003")
    match: str = option("each deals once", i18n.mark("option", "Match"), choices=("each deals once", "one hand"),
                        words={"each deals once": i18n.mark("option", "each deals once"),
                               "one hand": i18n.mark("option", "one hand")},
                        source="a session won by the most hands won, or each hand a game: seed 003")


class Vache(TrickGame[State]):
    key = "vache"
    title = "La Vache"
    traits = GameTraits(units="hands won", follows_suit=False, proxy_weight=Fraction(0),
                        club_style="cardlab.games.vache.club", concepts=CONCEPTS, lesson="aluette.ipynb",
                        where=i18n.N_("south-western France"), deal_features=("tied trick",))
    pack = SPANISH_48
    direction = COUNTER_CLOCKWISE
    deal_packets = (1,) * 9
    Options = VacheOptions
    options: VacheOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = SEATINGS[self.options.players]
        self.sides = {seat: (seat,) for seat in self.seats}

    def seat_name(self, seat: str) -> str:
        return {"NE": "North-East", "NW": "North-West"}.get(seat, super().seat_name(seat))

    def class_name(self, card: Card) -> str:
        """Cards of one rank tie: "aces", "kings"."""
        return i18n.pgettext(self.key, RANK_CLASSES[card.rank])

    def strength(self, state: State | None, card: Card) -> int:
        return STRENGTH[card.rank]

    def dealer_draw(self, rng: random.Random | int | None = None) -> SeatingDraw:
        """The draw that seats the players: the highest card by the game's ranking (ace high)
        deals first, the others sit after him in the order of their cards (:func:`seating_draw`)."""
        return seating_draw(self.seats, self.next_seat, self.pack, lambda card: self.strength(None, card), rng)

    def call_refusal(self, state: State, call: Call) -> str:
        return Refusal(self.rule("calls"), i18n._("La Vache has no calls: every action is a card played, such as "
                                                  "\"{seat} plays 9S\".").format(seat=call.seat))

    def legal_cards(self, state: State, seat: str) -> list[Card]:
        """Any card at any time."""
        return self.sorted_cards(state, [card for card in state.hand(seat) if card is not None])

    def sorted_cards(self, state: State | None, cards: Iterable[Card]) -> list[Card]:
        order = {"S": 0, "H": 1, "D": 2, "C": 3}
        return sorted(cards, key=lambda c: (self.strength(state, c), order[c.suit]))

    def trick_winner(self, state: State, trick: Trick) -> str | None:
        """The single highest rank wins; a tie for the highest rank leaves the trick to be carried (None)."""
        best = max(self.strength(state, card) for _, card in trick.plays)
        top = [seat for seat, card in trick.plays if self.strength(state, card) == best]
        return top[0] if len(top) == 1 else None

    def set_aside(self, state: State) -> tuple[Card | None, ...]:
        return state.deal.extra("rest") if state.deal is not None else ()

    def after_tied_trick(self, state: State, trick: Trick) -> str:
        return i18n._("It goes with the next trick that has a clear winner.")


    def takers(self, state: State) -> list[str | None]:
        """Who takes each completed trick: its winner, or for a tied trick the next clear winner
        (or, when the tie runs to the end of the hand, the taker of the first trick)."""
        takers: list[str | None] = [trick.winner for trick in state.tricks]
        waiting: list[int] = []
        for number, trick in enumerate(state.tricks):
            if trick.winner is None:
                waiting.append(number)
            else:
                for tied in waiting:
                    takers[tied] = trick.winner
                waiting = []
        if waiting and state.phase == "over":
            for tied in waiting:
                takers[tied] = takers[0]
        return takers

    def tricks_taken(self, state: State) -> dict[str, int]:
        taken = {seat: 0 for seat in self.seats}
        for taker in self.takers(state):
            if taker is not None:
                taken[taker] += 1
        return taken

    def scene(self, state: State, viewer: str = "S", *, open_hands: bool = False) -> TableScene:
        """The table, with each seat's count including the tied tricks it has taken."""
        scene = super().scene(state, viewer, open_hands=open_hands)
        taken = self.tricks_taken(state)
        return dataclasses.replace(scene, seats=tuple(dataclasses.replace(seat, tricks_won=taken[seat.seat])
                                                      for seat in scene.seats))

    def running_points(self, state: State) -> dict[str, dict[str, Fraction]]:
        return {seat: {"tricks": Fraction(n)} for seat, n in self.tricks_taken(state).items()}

    def status(self, state: State) -> str:
        carried = 0
        for trick in reversed(state.tricks):
            if trick.winner is not None:
                break
            carried += 1
        text = super().status(state)
        if carried and state.phase == "play":
            text += " " + i18n.ngettext("{count} tied trick carried to the next winner.",
                                        "{count} tied tricks carried to the next winner.",
                                        carried).format(count=i18n.number(carried))
        return text

    def score(self, state: State) -> HandResult:
        taken = self.tricks_taken(state)
        best = max(taken.values())
        leaders = [seat for seat, n in taken.items() if n == best]
        winner = leaders[0] if len(leaders) == 1 and best > 0 else None
        parts = {seat: {"tricks": Fraction(n), "hand won": Fraction(seat == winner)} for seat, n in taken.items()}

        def summary() -> str:
            if winner is not None:
                return i18n._("{seat} took most tricks ({count}) and wins the hand.").format(
                    seat=winner, count=i18n.number(best))
            if best:
                return i18n.ngettext("{seats} tie with {count} trick each: the hand is a tie.",
                                     "{seats} tie with {count} tricks each: the hand is a tie.", best).format(
                    seats=i18n.listed(leaders), count=i18n.number(best))
            return i18n._("Every trick was tied: nobody took a trick.")

        return HandResult(points={seat: parts[seat]["hand won"] for seat in self.seats},
                          score={seat: int(seat == winner) for seat in self.seats}, parts=parts,
                          summary=summary)

    # ----- the match ------------------------------------------------------------------------------
    @property
    def session(self) -> int:
        """The hands a match lasts when nobody is level at the top: each player deals once, or one."""
        return len(self.seats) if self.options.match == "each deals once" else 1

    def new_match(self, dealer: str = "N", totals: dict[str, int] | None = None, hands: int = 0) -> CountedMatch:
        return CountedMatch(totals=dict(totals) if totals else {seat: 0 for seat in self.seats},
                            dealer=dealer, hands=hands)

    def decided(self, totals: dict[str, int], hands: int) -> str | None:
        """The player who has won the match after ``hands`` hands: most hands won, alone."""
        if hands < self.session:
            return None
        best = max(totals.values())
        leaders = [seat for seat, won in totals.items() if won == best]
        return leaders[0] if len(leaders) == 1 else None

    def settle(self, match: MatchState, result: HandResult) -> CountedMatch:
        settled = super().settle(match, result)
        hands = hands_played(match) + 1
        winner = self.decided(settled.totals, hands)
        if winner is not None:
            note = i18n._("{seat} won most hands: {won} of {hands}.").format(
                seat=self.seat_name(winner), won=i18n.number(settled.totals[winner]), hands=i18n.number(hands))
        elif hands < self.session:
            note = i18n._("Hand {number} of {hands}.").format(number=i18n.number(hands),
                                                              hands=i18n.number(self.session))
        else:
            note = i18n._("Level at the top: another hand.")
        return CountedMatch(totals=settled.totals, dealer=settled.dealer, results=settled.results,
                            over=winner is not None, winner=winner, note=note, hands=hands)

    def match_from_json(self, dealer: str, saved: dict[str, Any] | None) -> CountedMatch:
        """Each player's hands won and, optionally, the hands played: ``{"N": 1, …, "hands": 3}``."""
        if saved is None:
            return self.new_match(dealer)
        example = "{" + ", ".join(f'"{seat}": 0' for seat in self.seats) + ', "hands": 2}'
        totals, hands = counted_match(self.seats, saved, 1, example)
        winner = self.decided(totals, hands or 0)
        if winner is not None:
            raise MatchError(i18n.ngettext("The \"match\" is already over after {hands} hand: {winner} has won it.",
                                           "The \"match\" is already over after {hands} hands: {winner} has won it.",
                                           hands or 0).format(hands=hands, winner=winner))
        return self.new_match(dealer, totals, hands or 0)

    def match_to_json(self, match: MatchState) -> dict[str, Any]:
        return {**match.totals, "hands": hands_played(match)}
