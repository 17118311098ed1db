"""Quadrille: the 18th-century four-handed Ombre — auction, called king, matadors and counters.

Sources: the Quadrille article of seed 001 (rules of play, settlements, variants, 30 laws); the
decisions in ``shared/rules.md`` §2 where that text is wrong or silent, with their sources
(Parlett's *Penguin Book of Card Games*, Hoyle's *Games*, Chambers's Encyclopaedia).

Decisions written down here:

* **Pack and direction.** 40 cards (no 8, 9, 10).  Deal, bidding and play go **to the right**
  (counter-clockwise); eldest (dealer's right) receives the first packet, speaks first and leads
  to the first trick whoever wins the auction.  Packets of 3 and 4: 3-3-4 by default (option).
* **Ranking.** Spadille (A♠) is always the top trump and Basto (A♣) always the third, whatever
  the trump suit; Manille is the 2 of black trumps or the 7 of red trumps (second); Punto, the
  ace of red trumps, is fourth and no matador.  Plain suits: black K Q J 7 6 5 4 3 2, red
  K Q J A 2 3 4 5 6 7 — the seed prints the red order "A K Q J 2 …", a misprint that every other
  source contradicts.  For following, A♠ and A♣ belong to the trump suit, never to spades/clubs.
* **Matador renege** (law 7): when a trump is led, a matador that ranks above the led card need
  not be played.  If the player holds any other trump (an ordinary one, or a matador below the
  led card) he must play a trump, any trump; if his only trumps are such privileged matadors he
  may play anything.  There is no duty to trump when void of a plain suit.
* **Auction.** Eldest speaks first, dealer last, once each: pass, ask leave (only if nobody has
  bid) or bid solo (if nobody has).  A player who passed never comes back (law 21).  A solo ends
  the auction; when it is bid over an asker, the asker may **hold** it by playing solo himself
  (Hoyle's "forced sans prendre", seed law 23 read with "solo" for "forced Spadille") — option
  ``asker_may_hold_solo``; the seed's main text (first solo is on) is the other choice.  An ask
  leave nobody overcalls is an alliance; if all four pass, the holder of Spadille must play an
  alliance (**forced Spadille**) and names trumps himself.
* **The call.** The Ombre of an alliance names trumps, then calls the king of a non-trump suit
  he does not hold; holding all three non-trump kings he calls a queen of a non-trump suit he
  lacks.  (Should he hold those three queens too — the seed is silent — he calls one of his own
  kings and plays alone for six tricks, as Hoyle's law 13 allows.)  The holder of the called card
  is his partner and stays **secret** until the card is played: views hide it (:meth:`mask`).
* **Premiers and the vole.** If the contracting side wins the first six tricks, the winner of the
  sixth says "stops" (the hand ends, won with premiers) or "plays for the vole"; leading to the
  seventh trick also undertakes the vole (law 12).  In an alliance the partner is made known at
  that moment (law 19), and the winner of the sixth may instead say "asks" (law 20, "I ask"):
  his ally — the other member of the side, Ombre or partner — then says "stops" or "plays for the
  vole" for the side, and on "plays for the vole" the winner of the sixth leads the seventh.
  Forced Spadille may not play the vole (law 26): the hand stops there.
* **Result.** 6 tricks or more win, 5 is a remise, 4 or fewer a codille (solo and alliance).
* **Settlement** (chips, conserved between the players and the pot; rules.md §2.5; the pure
  function :func:`cardlab.games.quadrille.settlement.settle_chips`).  Before the
  deal each player stakes one chip (or the dealer one per player: option).  P = the pot now,
  u = P/4.
  Win: the Ombre takes P (allies split it, the odd chip to the Ombre); each opponent pays the
  Ombre (each ally) 1u for the three matadors held (between the allies), 2u with Punto too;
  1u for premiers; 2u more for a vole made; a failed vole costs 2u to each opponent but the
  rest of the win stands (law 25) — in an alliance the side pays it, shared equally by the two
  allies, 1u each to each opponent (rules.md §5b: the seed applies the soloist's rule "to the
  partnership").  Remise: the Ombre pays P into the pot (it doubles and is
  carried) and 1u/2u to each opponent for matadors his side held.  Codille: the opponents share
  P (a remainder of a three-way split stays in the pot), the Ombre pays 2P into the pot (option:
  P) and the matadors as in a remise (Hoyle; the seed is silent — option).  An ordinary
  alliance's loss is the caller's alone; forced Spadille's is shared by the two allies (the Ombre
  paying any odd chip).  Units are exact fractions by default (option: rounded down).
* **Match.** Every player starts with the same chips (40 by default, never fewer); the match is
  whole rounds, every player dealing once a round (``rounds``: 2 by default, so 8 deals — a
  number divisible by four, as the seed asks; 10 with five players); the richest player wins,
  equal players share.  A scenario may start mid-match (:meth:`match_from_json`): each
  player's chips ("a b/c" for fractions), the pot, optionally the deals played and, with
  doubling, the games lost in a row just before.
* **Laws.** Enforced: the passed player never returns (21), the asker must play (5), the winner
  of the sixth trick who leads the seventh plays the vole (12), four kings call a queen (13, seed
  form), forced Spadille is not obliged to make three tricks and cannot play the vole (17, 26),
  the Ombre knows his partner before the vole (19), the winner of the sixth trick stops, plays
  for the vole or, in an alliance, asks his ally (20); with the vole-announced variant, a bid to
  play the vole outranks solo (18).  Six laws say "forced Spadille" where older
  Hoyle text says "sans prendre" (solo): 9, 14, 18, 21, 23, 25 — read as "solo" here.  The rest
  (misdeals, playing out of turn, exposed cards) concern table manners, not play.

Variants (seed, "Variations on game playing"; each an option, off by default; the seed gives one
sentence each, so these are our readings):

* **Point-score** (``scoring="points"``; rules.md §5b): no chips and no pot; matadors ignored;
  the seed names no "appropriate winning score", so ours are a solo's chips from a fresh pot of
  four with a unit of one: the game 4, premiers 1, a vole made 2 (announced 4), a vole failed
  −2; a remise costs 4, a codille 8 (4 with ``codille_pays=1``).  A win credits each ally the
  full score; a loss is deducted from the caller alone, or from both in forced Spadille.  The
  match sheet holds points.
* **Remise or Codille** (``doubling``): after one lost game (remise or codille) the next game is
  "won or lost double", after two in a row treble, and so on until a game is won (Hoyle: "pay
  the game and the stake double").  Every chip that changes hands is multiplied (rules.md §5b):
  a winner takes the pot and as many chips again from the opponents in equal shares; unit
  bonuses, the remise and the codille payments are multiplied (the carried pot grows with them),
  and codille's winners take their share of the pot and as much again from the loser.  The
  stakes are not.
* **Preference** (``preference``): two more bids, "asks leave in hearts" (above ask leave) and
  "bids solo in hearts" (above solo), for the chosen suit; their Ombre must name that suit.
  Only these bids are won or lost double: an ordinary ask leave that names the preference suit
  trumps is not (rules.md §5b).
* **Vole announced** (``vole_announced``): after trumps (and the call) the Ombre may announce the
  vole before the first lead (never forced Spadille, law 26: the step is not offered to him); he
  then plays all ten tricks with no stop.  Made: 4 units from each
  opponent instead of 2.  Lost: "the whole game is lost" — settled as a codille.  Law 18 ("who
  undertakes the vole has the preference before him who offers to play sans prendre", rules.md
  §2.6) is read, with this variant on, as a bid: "bids the vole" ranks above every solo bid (the
  top of the ladder, so it ends the auction; a solo no longer does).  Its bidder names trumps and
  calls a king as in an alliance, and has announced the vole (no announce step): made or lost,
  it is settled as an announced vole.  Without the variant the vole is only decided in play,
  after six straight tricks, where no solo offer can compete: law 18 has nothing to rule.
* **Médiator** (``mediator``): a bid between ask leave and solo.  The Ombre names trumps, takes the
  king he would have called (a queen holding the three) from its holder and gives him any card in
  exchange, then plays alone for six tricks, settled as a solo.  The card given is hidden from
  the other players.
* **Casco** (``casco``): an asker holding both black aces may, instead of naming trumps, call his
  king first and let its holder name trumps — who thereby makes himself known (the seed's note:
  "either name trumps or know his partner, but not both").  ``forced_invitation`` lets forced
  Spadille do the same (the seed's "invite his partner to name trumps").
* **Grandissimo** (``grandissimo``) and **Devole/Nemo** (``devole``): solo bids above solo
  (solo < devole < grandissimo, our order) with no trump suit: only Spadille and Basto are trumps
  (Spadille above Basto; Basto led forces nothing).  Grandissimo is settled as a solo (no matador
  bonus: there is no Manille).  Devole is won by taking no trick and lost, as a codille, by
  taking any; premiers and the vole do not apply.
* **The auction with these bids**: each player still speaks once, eldest first; he may pass or
  bid higher than the standing bid; the top bid in play ends the auction at once (solo, in the
  base game).

**Five players** (``players=5``; the seed's closing paragraph gives only 8 cards each and five
tricks needed; the rest is our reading, ``quadrille.five-*`` in the register): seats NE, E, S, W,
NW; two packets of 4 (3 and 4 cannot make 8 evenly); 4 tricks are a remise, 3 or fewer a codille;
premiers are the first five tricks straight and the vole all eight; the same auction, call (a king
of a plain suit the caller lacks, a queen holding every plain king — the seed's "four kings" count
the king of trumps) and payments; the stakes are one chip from each of the five, or the dealer pays
five; the unit stays a quarter of the pot as the seed defines it; a game is whole rounds of five
deals.

A standalone hand (:meth:`score`) is settled as if the pot held only this deal's stakes; within a
match, :meth:`settle` settles it against the pot the match carries.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

from ... import i18n
from ...actions import Action, Call
from ...card_words import suit_name
from ...cards import FRENCH_40, Card, CardError
from ...render.scene import TableScene
from ...points import pretty
from ...rules import COUNTER_CLOCKWISE, HandResult, MatchError, MatchState, Refusal, TrickGame, option
from ...state import State, Trick
from .settlement import (CONTRACT_WORDS, POT, Outcome, QuadrilleResult, chips_from_json, chips_to_json,
                                   quoted, settle_chips, settle_points, whole)

from ..traits import GameTraits
from .concepts import CONCEPTS

SPADILLE = Card("A", "S")
BASTO = Card("A", "C")
BLACK_ACES = (SPADILLE, BASTO)
SUIT_LETTERS = ("S", "H", "D", "C")
RED = ("H", "D")
PLAIN_BLACK = ("2", "3", "4", "5", "6", "7", "J", "Q", "K")
PLAIN_RED = ("7", "6", "5", "4", "3", "2", "A", "J", "Q", "K")
ACES = "aces"  # Grandissimo and Devole: no trump suit, only the two black aces are trumps
NO_TRUMP_CONTRACTS = ("devole", "grandissimo")
FIVE_SEATS = ("NE", "E", "S", "W", "NW")  # clockwise, as La Vache seats five
SIDE_WORDS = {"Ombre": i18n.mark("quadrille", "Ombre"), "defence": i18n.mark("quadrille", "defence"),
              "partner unknown": i18n.mark("quadrille", "partner unknown")}
"""The sides of :meth:`Quadrille.side_of` as the board names them."""
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PLAIN_WORDS = {"passes": i18n.mark("quadrille", "Pass"), "asks leave": i18n.mark("quadrille", "Ask leave"),
               "holds solo": i18n.mark("quadrille", "Hold solo (play it yourself)"),
               "lets his partner name trumps": i18n.mark("quadrille", "Let your partner name trumps"),
               "gives a card": i18n.mark("quadrille", "Give a card"),
               "announces the vole": i18n.mark("quadrille", "Announce the vole"),
               "does not announce": i18n.mark("quadrille", "Do not announce the vole"),
               "stops": i18n.mark("quadrille", "Stop"),
               "plays for the vole": i18n.mark("quadrille", "Play for the vole"),
               "asks": i18n.mark("quadrille", "Ask your ally whether to play for the vole")}
# the Ombre's calls that name a card
CARD_VERBS = {"calls": i18n.mark("quadrille", "Call {card}"), "takes": i18n.mark("quadrille", "Take {card}"),
              "gives": i18n.mark("quadrille", "Give {card}")}



@cache
def trump_order(trumps: str) -> tuple[Card, ...]:
    """The trumps of ``trumps`` from the highest down (11 when black, 12 when red, 2 for aces)."""
    if trumps == ACES:
        return BLACK_ACES
    if trumps in RED:
        ranks = ("K", "Q", "J", "2", "3", "4", "5", "6")
        return (SPADILLE, Card("7", trumps), BASTO, Card("A", trumps)) + tuple(Card(r, trumps) for r in ranks)
    ranks = ("K", "Q", "J", "7", "6", "5", "4", "3")
    return (SPADILLE, Card("2", trumps), BASTO) + tuple(Card(r, trumps) for r in ranks)


@cache
def trump_strength(trumps: str) -> MappingProxyType[Card, int]:
    """Each trump's strength when ``trumps`` are trumps (the highest is the largest), built once
    per trump suit: card play asks for it at every comparison."""
    order = trump_order(trumps)
    return MappingProxyType({card: 100 + len(order) - index for index, card in enumerate(order)})


def manille(trumps: str) -> Card:
    return Card("7" if trumps in RED else "2", trumps)


def matadors(trumps: str) -> tuple[Card, ...]:
    """Spadille, Manille, Basto: the trumps with the renege privilege (no Manille without a suit)."""
    return BLACK_ACES if trumps == ACES else (SPADILLE, manille(trumps), BASTO)


def titles(trumps: str | None) -> dict[Card, str]:
    """The named trumps: the three matadors, and Punto when trumps are red."""
    if trumps is None:
        return {}
    if trumps == ACES:
        return {SPADILLE: i18n.mark("quadrille", "Spadille"), BASTO: i18n.mark("quadrille", "Basto")}
    named = {SPADILLE: i18n.mark("quadrille", "Spadille"), manille(trumps): i18n.mark("quadrille", "Manille"),
             BASTO: i18n.mark("quadrille", "Basto")}
    if trumps in RED:
        named[Card("A", trumps)] = i18n.mark("quadrille", "Punto")
    return named


@dataclass(frozen=True)
class QuadrilleOptions:
    deal_pattern: str = option("3-3-4", i18n.mark("option", "Deal in packets of"), choices=("3-3-4", "4-3-3", "3-4-3"),
                               source="threes and fours, either first (seed law 1); 3-3-4 by the seed's text")
    asker_may_hold_solo: bool = option(
        True, i18n.mark("option", "Asker may hold a solo"), choices=(True, False),
        source="Hoyle's forced sans prendre, seed law 23; False = the seed's 'first solo is on'")
    stakes: str = option("each_one", i18n.mark("option", "Stakes"), choices=("each_one", "dealer_four"),
                         words={"each_one": i18n.mark("option", "one chip from each player"),
                                "dealer_four": i18n.mark("option", "the dealer stakes for all")},
                         source="seed: each player one chip, or the dealer one per player (4; 5 with five players)")
    codille_pays: int = option(2, i18n.mark("option", "Codille: Ombre pays (× pot)"),
                               choices=(2, 1), source="seed 'twice the amount of that stake'; 1 = Hoyle-like")
    matadors_on_codille: bool = option(True, i18n.mark("option", "Matadors paid on codille"), choices=(True, False),
                                       source="Hoyle (losers pay them); the seed is silent")
    fourth_matador_black_king: bool = option(
        False, i18n.mark("option", "Black king a 4th matador"), choices=(False, True),
        source="Hoyle's 'false matadors'; the seed counts Punto only")
    unit_rounding: str = option("exact", i18n.mark("option", "Unit (¼ pot)"), choices=("exact", "floor"),
                                words={"exact": i18n.mark("option", "exact"),
                                       "floor": i18n.mark("option", "rounded down")},
                                source="seed silent when the pot is not a multiple of four (rules.md §2.5)")
    chips: int = option(40, i18n.mark("option", "Chips each"), choices=(40, 60, 100),
                        source="seed: an equal number, never fewer than forty")
    rounds: int = option(2, i18n.mark("option", "Rounds (each player deals once a round)"), choices=(1, 2, 3, 4),
                         source="seed: any number of deals divisible by four (by five with five players)")
    scoring: str = option("chips", i18n.mark("option", "Scoring"), choices=("chips", "points"),
                          words={"chips": i18n.mark("option", "chips"), "points": i18n.mark("option", "points")},
                          source="seed variant \"Point-score\": matadors ignored, each ally credited the win")
    players: int = option(4, i18n.mark("option", "Players"), choices=(4, 5),
                          source="seed: the five-handed adaptation, 8 cards each, five tricks needed")
    doubling: bool = option(
        False, i18n.mark("option", "Doubling after a loss"), choices=(False, True),
        source="seed variant \"Remise or Codille\": after a lost game the next is won or lost double, treble …")
    preference: str = option(
        "none", i18n.mark("option", "Preference suit"), choices=("none", "H", "D", "S", "C"),
        words={"none": i18n.mark("option", "no preference"), "H": i18n.mark("option", "hearts"),
               "D": i18n.mark("option", "diamonds"), "S": i18n.mark("option", "spades"),
               "C": i18n.mark("option", "clubs")},
        source="seed variant \"Preference\": bids in this suit overcall, and are won or lost double")
    vole_announced: bool = option(
        False, i18n.mark("option", "Vole announced"), choices=(False, True),
        source="seed variant \"Vole announced\": before the first lead; lost, the whole game is lost")
    mediator: bool = option(
        False, i18n.mark("option", "Médiator"), choices=(False, True),
        source="seed variant \"Médiator\" (Dimidiator): take the called king, give a card, play alone")
    casco: bool = option(
        False, i18n.mark("option", "Casco"), choices=(False, True),
        source="seed variant \"Casco\" (Gasco, Respect): both black aces; the partner names trumps")
    forced_invitation: bool = option(
        False, i18n.mark("option", "Forced Spadille invites"), choices=(False, True),
        source="seed, Forced Spadille: he may invite his partner to name trumps (rules.md QD-e)")
    grandissimo: bool = option(
        False, i18n.mark("option", "Grandissimo"), choices=(False, True),
        source="seed variant \"Grandissimo\": a solo where only the black aces are trumps")
    devole: bool = option(
        False, i18n.mark("option", "Devole (Nemo)"), choices=(False, True),
        source="seed variant \"Devole\" (Nemo): lose every trick; only the black aces are trumps")


@dataclass(frozen=True, kw_only=True)
class QuadrilleState(State):
    """A Quadrille hand: the auction, the contract, trumps, the called card and the vole.

    ``spoken`` counts the speeches; ``bid``/``bidder`` the standing bid; ``asker`` who asked leave
    and ``solo`` a solo bidder waiting for the asker's answer (``held`` the bid he would hold); ``contract`` is ``"solo"``,
    ``"alliance"``, ``"forced Spadille"`` or a variant's (``"médiator"``, ``"devole"``,
    ``"grandissimo"``); ``trumps`` a suit letter, or ``"aces"`` when only the black aces are
    trumps; ``invited`` when the partner names trumps (Casco); ``swap_with`` the player a
    Médiator took his king from; ``partner`` the holder of the called card (hidden in views until
    ``partner_known``); ``vole`` is ``""``, ``"announced"``, or after six straight tricks
    ``"deciding"``, ``"asked"`` (law 20: the ally decides), ``"playing"`` or ``"stopped"``.
    """

    spoken: int = 0
    passed: tuple[str, ...] = ()
    bid: str | None = None
    bidder: str | None = None
    asker: str | None = None
    solo: str | None = None
    held: str | None = None
    invited: bool = False
    swap_with: str | None = None
    contract: str | None = None
    ombre: str | None = None
    trumps: str | None = None
    called: Card | None = None
    partner: str | None = None
    partner_known: bool = False
    vole: str = ""

    @property
    def ombre_seat(self) -> str:
        """``ombre`` where the contract must be made (from the naming of trumps on)."""
        if self.ombre is None:
            raise ValueError(f"Nobody has won the auction: the hand is at its {self.phase}.")
        return self.ombre

    @property
    def bidder_seat(self) -> str:
        """``bidder`` where a bid must stand (the auction won)."""
        if self.bidder is None:
            raise ValueError("Nobody has bid.")
        return self.bidder

    @property
    def contract_kind(self) -> str:
        """``contract`` where one must be made (from the naming of trumps on)."""
        if self.contract is None:
            raise ValueError(f"No contract is made: the hand is at its {self.phase}.")
        return self.contract

    @property
    def trump_suit(self) -> str:
        """``trumps`` where they must be named (the play)."""
        if self.trumps is None:
            raise ValueError(f"Trumps are not named: the hand is at its {self.phase}.")
        return self.trumps


@dataclass(frozen=True)
class QuadrilleMatch(MatchState):
    """The chip ledger (or the point sheet) between deals, with what a match begun mid-game
    carries from before its first result: ``played`` deals, and ``lost`` games lost in a row just
    before (the doubling variant)."""

    lost: int = 0
    played: int = 0


class Quadrille(TrickGame[QuadrilleState]):
    key = "quadrille"
    title = "Quadrille"
    traits = GameTraits(units="chips", follows_suit=True, proxy_weight=Fraction(0),
                        club_style="cardlab.games.quadrille.club", concepts=CONCEPTS, lesson="quadrille.ipynb",
                        where=i18n.N_("France and England"), matadors=True,
                        option_units=(("scoring", "points", "points"),),
                        deal_features=("spadille and manille", "matador renege"))
    pack = FRENCH_40
    direction = COUNTER_CLOCKWISE
    state_class = QuadrilleState
    sides = {"N": ("N",), "E": ("E",), "S": ("S",), "W": ("W",), POT: ()}
    Options = QuadrilleOptions
    options: QuadrilleOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.players == 5:
            self.seats = FIVE_SEATS
            self.sides = {**{seat: (seat,) for seat in FIVE_SEATS}, POT: ()}
            self.deal_packets = (4, 4)
            self.need = 5
        else:
            self.deal_packets = tuple(int(n) for n in self.options.deal_pattern.split("-"))
            self.need = 6
        if self.options.scoring == "points":  # a sheet of points: no pot
            self.sides = {seat: (seat,) for seat in self.seats}

    # ----- ranking ---------------------------------------------------------------------------
    def trump(self, state: QuadrilleState | None) -> str | None:
        return getattr(state, "trumps", None)

    def suit_of(self, state: QuadrilleState | None, card: Card) -> str:
        trumps = self.trump(state)
        return trumps if trumps is not None and card in BLACK_ACES else card.suit

    def strength(self, state: QuadrilleState | None, card: Card) -> int:
        trumps = self.trump(state)
        if trumps is not None and self.suit_of(state, card) == trumps:
            return trump_strength(trumps)[card]
        if card.rank == "A" and card.suit in ("S", "C"):
            return len(PLAIN_BLACK)  # a black ace before trumps are named: shown at the top
        plain = PLAIN_RED if card.suit in RED else PLAIN_BLACK
        return plain.index(card.rank)

    def sorted_cards(self, state: QuadrilleState, cards: Any) -> list[Card]:
        """Cards grouped by suit (S H D C, then the black aces of a no-trump contract)."""
        order = {"S": 0, "H": 1, "D": 2, "C": 3, ACES: 4}
        return sorted(cards, key=lambda c: (order[self.suit_of(state, c)], self.strength(state, c)))

    def trick_points(self, trick: Trick) -> Fraction:
        """Every trick counts one: Quadrille counts tricks, not cards."""
        return Fraction(1)

    def card_label(self, state: QuadrilleState | None, card: Card) -> str:
        """A card's name with its title when it is a matador or Punto in this deal."""
        name = self.card_name(card)
        title = titles(self.trump(state)).get(card)
        return i18n.pgettext("card", "{title} ({name})").format(
            title=i18n.pgettext("quadrille", title), name=name) if title else name

    # ----- the deal and the auction ----------------------------------------------------------
    def eldest(self, state: QuadrilleState) -> str:
        return self.next_seat(state.dealer)

    def after_deal(self, state: QuadrilleState) -> QuadrilleState:
        return state.evolve(phase="auction", to_act=self.eldest(state))

    def ladder(self) -> tuple[str, ...]:
        """The bids, lowest first: ask leave, (ask leave in the preference suit), (médiator),
        solo, (solo in the preference suit), (devole), (grandissimo), (the vole: law 18 with
        the vole-announced variant)."""
        preferred = self.options.preference != "none"
        suit = self.pack.suit_names.get(self.options.preference, "")
        return tuple(bid for bid, on in (
            ("ask leave", True), (f"ask leave in {suit}", preferred), ("médiator", self.options.mediator),
            ("solo", True), (f"solo in {suit}", preferred), ("devole", self.options.devole),
            ("grandissimo", self.options.grandissimo), ("the vole", self.options.vole_announced)) if on)

    def bid_name(self, bid: str) -> str:
        """A bid of :meth:`ladder` in the current language: "solo in hearts" → "seul à cœur"."""
        kind, _, suit = bid.partition(" in ")
        name = i18n.pgettext("quadrille", CONTRACT_WORDS[kind])
        letter = next((letter for letter, word in self.pack.suit_names.items() if word == suit), None)
        if letter is None:
            return name
        return i18n.pgettext("quadrille", "{bid} in {suit}").format(bid=name, suit=suit_name(self.pack, letter))

    @staticmethod
    def bid_words(bid: str) -> str:
        """What a player says to make ``bid``: "asks leave", "bids solo in hearts" …"""
        return "asks " + bid[len("ask "):] if bid.startswith("ask leave") else f"bids {bid}"

    def legal_calls(self, state: QuadrilleState) -> list[Call]:
        seat = state.to_act
        if seat is None:
            return []
        if state.phase == "auction":
            if state.solo is not None:
                return [Call(seat, "holds solo"), Call(seat, "passes")]
            calls = [Call(seat, "passes")]
            ladder = self.ladder()
            above = ladder.index(state.bid) + 1 if state.bid else 0
            calls += [Call(seat, self.bid_words(bid)) for bid in ladder[above:]]
            return calls
        if state.phase == "trumps":
            if self.preferred(state.bid):
                return [Call(seat, f"names trumps {self.options.preference}")]
            calls = [Call(seat, f"names trumps {suit}") for suit in SUIT_LETTERS]
            if self.may_invite(state):
                calls.append(Call(seat, "lets his partner name trumps"))
            return calls
        if state.phase == "call":
            verb = "takes" if state.contract == "médiator" else "calls"
            return [Call(seat, f"{verb} {card}") for card in self.callable(state)]
        if state.phase == "exchange":
            return [Call(seat, f"gives {card}") for card in self.sorted_cards(state, state.cards_in_sight(seat))
                    if card != state.called]
        if state.phase == "announce":
            return [Call(seat, "announces the vole"), Call(seat, "does not announce")]
        if state.phase == "play" and state.vole == "deciding":
            calls = [Call(seat, "stops"), Call(seat, "plays for the vole")]
            if self.ally_of(state, seat) is not None:
                calls.append(Call(seat, "asks"))  # law 20: consult the ally
            return calls
        if state.phase == "play" and state.vole == "asked":
            return [Call(seat, "stops"), Call(seat, "plays for the vole")]
        return []

    def ally_of(self, state: QuadrilleState, seat: str) -> str | None:
        """The other member of an alliance's side (law 20: whom the winner of the sixth trick
        may ask); None in a solo, in forced Spadille, or when the Ombre called his own king."""
        if state.contract != "alliance" or state.partner is None or seat not in self.contracting(state):
            return None
        return state.partner if seat == state.ombre else state.ombre

    def may_invite(self, state: QuadrilleState) -> bool:
        """Casco (both black aces, an alliance) or the forced-Spadille invitation: the partner
        names trumps after the call."""
        if state.to_act != state.ombre:
            return False
        if state.contract == "forced Spadille":
            return self.options.forced_invitation
        hand = state.hand(state.ombre_seat)
        return self.options.casco and state.contract == "alliance" and all(a in hand for a in BLACK_ACES)

    def callable(self, state: QuadrilleState) -> list[Card]:
        """The cards the Ombre may call: a king of a non-trump suit he lacks, else a queen."""
        hand = state.hand(state.ombre_seat)
        plain = [suit for suit in SUIT_LETTERS if suit != state.trumps]
        for rank in ("K", "Q"):
            cards = [Card(rank, suit) for suit in plain if Card(rank, suit) not in hand]
            if cards:
                return cards
        return [Card("K", suit) for suit in plain]

    def call_refusal(self, state: QuadrilleState, call: Call) -> str:
        words = call.words.casefold().split()
        if state.phase == "auction":
            if state.solo is not None:
                return Refusal(self.rule("asker-holds"), i18n._(
                    "{solo} has bid solo over {asker}'s ask leave: {asker} may now only hold solo (play it himself) "
                    "or pass.").format(solo=state.solo, asker=state.asker))
            if state.bid is not None and words[:1] in (["asks"], ["bids"]):
                higher = [self.bid_name(bid) for bid in self.ladder()[self.ladder().index(state.bid) + 1:]]
                letter = self.options.preference
                if state.bid == "ask leave":
                    said = i18n._("{seat} has asked leave").format(seat=state.bidder)
                elif state.bid.startswith("ask leave"):
                    said = i18n._("{seat} has asked leave in {suit}").format(seat=state.bidder,
                                                                           suit=suit_name(self.pack, letter))
                else:

                    said = i18n._("{seat} has bid {bid}").format(seat=state.bidder, bid=self.bid_name(state.bid))


                return Refusal(self.rule("auction"), i18n._(
                    "{said}: {seat} may only pass or bid higher ({bids}).").format(
                    said=said, seat=call.seat, bids=", ".join(higher) or i18n._("nothing is higher")))
            return Refusal(self.rule("auction"), i18n._(
                "In the auction {seat} may pass, ask leave or bid {bids}.").format(
                seat=call.seat, bids=", ".join(self.bid_name(bid) for bid in self.ladder()[1:])))
        if words == ["asks"]:
            return self.ask_refusal(state, call.seat)
        if words[:1] in (["passes"], ["asks"], ["bids"]):
            return Refusal(self.rule("auction"), i18n._("The auction is over."))
        if state.phase == "trumps":
            return Refusal(self.rule("name-trumps"), i18n._(
                "{seat} names trumps: \"names trumps S\" (or H, D, C).").format(seat=state.to_act))
        if state.phase == "call":
            cards = self.callable(state)
            if cards[0].rank == "Q":
                return Refusal(self.rule("king-call"), i18n._(
                    "{ombre} holds every non-trump king, so he calls a queen of a non-trump suit he lacks: "
                    "{cards}.").format(ombre=state.ombre, cards=self.names(cards)))
            return Refusal(self.rule("king-call"), i18n._(
                "The Ombre calls the king of a non-trump suit he does not hold: {cards}.").format(
                cards=self.names(cards)))
        if state.phase == "exchange":
            return Refusal(self.rule("mediator"), i18n._(
                "{ombre} gives one of his cards (not the king he took) in exchange.").format(ombre=state.ombre))
        if state.phase == "announce":
            return Refusal(self.rule("vole-announced"), i18n._(
                "{ombre} announces the vole or does not announce.").format(ombre=state.ombre))
        if words and words[0] in ("stops", "plays"):
            if state.phase != "play":
                return Refusal(self.rule("premiers"), i18n._(
                    "The vole is decided after {count} straight tricks, not now.").format(count=i18n.number(self.need)))
            return Refusal(self.rule("premiers"), i18n._(
                "Only the winner of trick {number}, when his side has won every trick so far, may stop or play for "
                "the vole.").format(number=i18n.number(self.need)))
        return super().call_refusal(state, call)

    def ask_refusal(self, state: QuadrilleState, seat: str) -> str:
        """Why "asks" (law 20) is refused now."""
        if state.phase == "play" and state.vole == "asked":
            return Refusal(self.rule("ask-ally"), i18n._(
                "{leader} has already asked (law 20): {seat} answers for the side, \"stops\" or \"plays for the "
                "vole\".").format(leader=state.trick_on_table.leader, seat=seat))
        if state.phase == "play" and state.vole == "deciding":
            return Refusal(self.rule("ask-ally"), i18n._(
                "Only an alliance may ask (law 20): {seat} has no ally to consult ({contract}), so he stops or plays "
                "for the vole.").format(seat=seat, contract=self.contract_text(state)))
        return Refusal(self.rule("ask-ally"), i18n._(
            "Only the winner of trick {number}, when his alliance has won every trick so far, may ask his ally "
            "whether to play for the vole (law 20).").format(number=i18n.number(self.need)))

    def apply_call(self, state: QuadrilleState, call: Call) -> QuadrilleState:
        state = super().apply_call(state, call)
        seat, words = call.seat, call.words
        if state.phase == "auction":
            return self.bid(state, seat, words)
        if state.phase == "trumps":
            if words == "lets his partner name trumps":
                return state.evolve(phase="call", invited=True)
            state = state.evolve(trumps=words.split()[-1])
            if state.contract == "solo" or state.invited:
                return self.before_play(state)
            return state.evolve(phase="call")
        if state.phase == "call":
            card = Card.parse(words.split()[-1])
            holder = next(s for s in self.seats if card in state.hand(s))
            state = state.evolve(called=card)
            if state.contract == "médiator":  # the king changes hands; the Ombre gives a card back
                hands = state.hands_without(holder, card)
                index = self.seats.index(seat)
                hands = hands[:index] + (hands[index] + (card,),) + hands[index + 1:]
                return state.evolve(hands=hands, partner=None, swap_with=holder, phase="exchange")
            state = state.evolve(partner=None if holder == seat else holder)
            if state.invited:  # the partner names trumps, and so makes himself known
                return state.evolve(phase="trumps", to_act=holder, partner_known=True)
            return self.before_play(state)
        if state.phase == "exchange":
            card = Card.parse(words.split()[-1])
            hands = state.hands_without(seat, card)
            index = self.seats.index(state.swap_with)
            hands = hands[:index] + (hands[index] + (card,),) + hands[index + 1:]
            return self.before_play(state.evolve(hands=hands))
        if state.phase == "announce":
            return self.start_play(state.evolve(vole="announced" if words == "announces the vole" else ""))
        if words == "asks":  # law 20: the ally decides for the side
            return state.evolve(vole="asked", to_act=self.ally_of(state, seat))
        if words == "stops":
            return state.evolve(vole="stopped", phase="over", to_act=None, trick=None)
        return state.evolve(vole="playing", to_act=state.trick_on_table.leader)  # the winner of the sixth leads

    def bid(self, state: QuadrilleState, seat: str, words: str) -> QuadrilleState:
        """One speech in the auction: each player speaks once, eldest first, dealer last."""
        if state.solo is not None:  # the asker's answer to a solo bid over him
            state = state.evolve(bid=state.held, bidder=seat if words == "holds solo" else state.solo, solo=None)
        else:
            state = state.evolve(spoken=state.spoken + 1)
            bid = {self.bid_words(b): b for b in self.ladder()}.get(words)
            if bid is None:
                state = state.evolve(passed=state.passed + (seat,))
            elif bid.startswith("ask leave"):
                state = state.evolve(asker=seat, bid=bid, bidder=seat)
            elif (bid.startswith("solo") and state.bid is not None and state.bid.startswith("ask leave")
                  and self.options.asker_may_hold_solo):
                return state.evolve(solo=seat, held=bid, to_act=state.asker)
            else:
                state = state.evolve(bid=bid, bidder=seat)
        if state.bid != self.ladder()[-1] and state.spoken < len(self.seats):
            return state.evolve(to_act=self.play_order(self.eldest(state))[state.spoken])
        if state.bid is None:
            holder = next(s for s in self.seats if SPADILLE in state.hand(s))
            return self.contract(state, "forced Spadille", holder)
        if state.bid == "the vole":  # law 18: an alliance that has announced the vole
            return self.contract(state.evolve(vole="announced"), "alliance", state.bidder_seat)
        contract = "alliance" if state.bid.startswith("ask leave") else "solo" if state.bid.startswith("solo") \
            else state.bid
        state = self.contract(state, contract, state.bidder_seat)
        if contract in NO_TRUMP_CONTRACTS:
            return self.before_play(state.evolve(trumps=ACES))
        return state

    def contract(self, state: QuadrilleState, contract: str, ombre: str) -> QuadrilleState:
        return state.evolve(contract=contract, ombre=ombre, phase="trumps", to_act=ombre)

    def before_play(self, state: QuadrilleState) -> QuadrilleState:
        """The Ombre may announce the vole (variant) before the first lead; then play starts."""
        if (self.options.vole_announced and state.contract not in ("devole", "forced Spadille")
                and state.vole != "announced"):  # law 26: forced Spadille is never offered the vole
            return state.evolve(phase="announce", to_act=state.ombre)
        return self.start_play(state)

    def start_play(self, state: QuadrilleState) -> QuadrilleState:
        leader = self.eldest(state)
        return state.evolve(phase="play", to_act=leader, trick=Trick(leader))

    def phase_refusal(self, state: QuadrilleState, action: Action) -> str:
        if state.phase == "auction":
            return Refusal(self.rule("auction"),
                           i18n._("No card is played yet: the auction comes first (pass, ask leave or bid)."))
        if state.phase == "trumps":
            return Refusal(self.rule("name-trumps"), i18n._("No card is played yet: {seat} must first name "
                                                            "trumps.").format(seat=state.to_act))
        if state.phase == "exchange":
            return Refusal(self.rule("mediator"), i18n._(
                "No card is played yet: {ombre} must first give a card for the king he took.").format(
                ombre=state.ombre))
        if state.phase == "announce":
            return Refusal(self.rule("vole-announced"), i18n._(
                "No card is played yet: {ombre} first says whether he announces the vole.").format(ombre=state.ombre))
        return Refusal(self.rule("king-call"),
                       i18n._("No card is played yet: {ombre} must first call a king.").format(ombre=state.ombre))

    # ----- play ------------------------------------------------------------------------------
    def legal_cards(self, state: QuadrilleState, seat: str) -> list[Card]:
        if state.vole == "asked":  # law 20: the ally answers before the seventh lead
            return []
        hand = [card for card in state.hand(seat) if card is not None]
        trick = state.trick
        if trick is None or not trick.plays:
            return self.sorted_cards(state, hand)
        led = trick.plays[0][1]
        suit = self.suit_of(state, led)
        following = [card for card in hand if self.suit_of(state, card) == suit]
        if suit != state.trumps or not following:
            return self.sorted_cards(state, following or hand)
        if all(self.exempt(state, card, led) for card in following):
            return self.sorted_cards(state, hand)
        return self.sorted_cards(state, following)

    def exempt(self, state: QuadrilleState, card: Card, led: Card) -> bool:
        """A matador need not answer a trump lead unless a higher matador was led (law 7)."""
        return card in matadors(state.trump_suit) and self.strength(state, card) > self.strength(state, led)

    def refusal(self, state: QuadrilleState, seat: str, card: Card) -> str:
        if state.vole == "asked":
            return Refusal(self.rule("ask-ally"), i18n._(
                "No card is played yet: {leader} has asked (law 20), so {seat}, his ally, first says \"stops\" or "
                "\"plays for the vole\" for the side.").format(leader=state.trick_on_table.leader, seat=seat))
        led = state.trick_on_table.plays[0][1]
        suit = self.suit_of(state, led)
        held = [c for c in state.hand(seat) if c is not None and self.suit_of(state, c) == suit]
        if suit != state.trumps:
            if led.suit in ("S", "C") and any(c in BLACK_ACES for c in state.hand(seat)):
                return Refusal(self.rule("black-aces"), i18n._(
                    "You must follow suit: {suit} were led and you hold {cards} (Spadille and Basto are trumps, never "
                    "spades or clubs).").format(suit=suit_name(self.pack, suit), cards=self.names(held)))
            return super().refusal(state, seat, card)
        ordinary = [c for c in held if not self.exempt(state, c, led)]
        forced = [c for c in ordinary if c in matadors(state.trumps)]
        if forced and len(forced) == len(ordinary):
            forced_names = i18n.listed([self.card_label(state, c) for c in forced])
            if len(held) > len(forced):
                return Refusal(self.rule("matador-renege"), i18n._(
                    "A matador is forced by a higher matador led: {led} was led, so you must play {cards} or another "
                    "trump.").format(led=self.card_label(state, led), cards=forced_names))
            return Refusal(self.rule("matador-renege"), i18n._(
                "A matador is forced by a higher matador led: {led} was led, so you must play {cards}.").format(
                led=self.card_label(state, led), cards=forced_names))
        return Refusal(self.rule("follow-suit"), i18n._(
            "You must follow with a trump: trumps were led and you hold {cards} (only a matador higher than the card "
            "led may renege).").format(cards=i18n.listed([self.card_label(state, c) for c in ordinary])))

    def names(self, cards: Any) -> str:
        """Cards, or names already said (a matador's title), as one list in the current language."""
        return i18n.listed([card if isinstance(card, str) else self.card_name(card) for card in cards])

    def apply_play(self, state: QuadrilleState, seat: str, card: Card) -> QuadrilleState:
        if state.vole == "deciding":  # leading to the seventh trick undertakes the vole (law 12)
            state = state.evolve(vole="playing")
        if card == state.called:
            state = state.evolve(partner_known=True)
        return super().apply_play(state, seat, card)

    def contracting(self, state: QuadrilleState) -> tuple[str, ...]:
        """The Ombre and, once called, his partner (from the full state)."""
        return tuple(seat for seat in (state.ombre, state.partner) if seat is not None)

    def after_trick(self, state: QuadrilleState, done: Trick) -> QuadrilleState:
        winner = done.winner
        if (winner is not None and len(state.tricks) == self.need and state.vole != "announced"
                and state.contract != "devole" and all(t.winner in self.contracting(state) for t in state.tricks)):
            if state.contract == "forced Spadille":  # law 26: no vole; the hand stops
                return state.evolve(phase="over", to_act=None, vole="stopped")
            return state.evolve(vole="deciding", partner_known=True, to_act=winner, trick=Trick(winner))
        return super().after_trick(state, done)

    # ----- what each seat may see and which side it is on ------------------------------------
    def mask(self, view: QuadrilleState, seat: str) -> QuadrilleState:
        """Hide the called partner until he is known, and a Médiator's card given in exchange."""
        if view.partner is not None and not view.partner_known and seat != view.partner:
            view = view.evolve(partner=None)
        if view.swap_with is not None and seat not in (view.ombre, view.swap_with):
            view = view.evolve(calls=tuple((n, Call(c.seat, "gives a card") if c.words.startswith("gives ") else c)
                                           for n, c in view.calls))
        return view

    def side_of(self, state: QuadrilleState, seat: str) -> str:
        """"Ombre" for the contracting side as far as ``state`` knows it, "defence" for the others,
        and "partner unknown" for the seats that may hold the called card while the viewer cannot
        know who does; nobody's side before the auction is won."""
        ombre = getattr(state, "ombre", None)
        if ombre is None:
            return ""
        if seat in (ombre, state.partner):
            return "Ombre"
        return "partner unknown" if self.partner_unknown(state) and seat != state.viewer else "defence"

    def side_words(self, side: str) -> str:
        return i18n.pgettext("quadrille", SIDE_WORDS[side]) if side in SIDE_WORDS else side

    def partner_unknown(self, view: QuadrilleState) -> bool:
        """True when ``view``'s seat cannot know who holds the called card: it is neither played
        nor in his own hand, and nobody has made himself known."""
        return (view.viewer is not None and view.called is not None and view.partner is None
                and not view.partner_known and view.swap_with is None
                and view.called not in view.hand(view.viewer))

    def contract_text(self, state: QuadrilleState) -> str:
        """The contract in a few words: "W solo in hearts", "W's alliance in hearts, the king of diamonds called"."""
        contract = i18n.pgettext("quadrille", CONTRACT_WORDS[state.contract_kind])
        if state.contract in NO_TRUMP_CONTRACTS:
            return i18n.pgettext("quadrille", "{ombre} {contract} (only the black aces are trumps)").format(
                ombre=state.ombre, contract=contract)
        trumps = suit_name(self.pack, state.trumps) if state.trumps in SUIT_LETTERS else None
        if state.contract in ("solo", "médiator"):
            if trumps is None:
                return i18n.pgettext("quadrille", "{ombre} solo").format(ombre=state.ombre)
            return i18n.pgettext("quadrille", "{ombre} solo in {suit}").format(ombre=state.ombre, suit=trumps)
        text = (i18n.pgettext("quadrille", "{ombre}'s {contract}") if trumps is None else
                i18n.pgettext("quadrille", "{ombre}'s {contract} in {suit}")).format(
            ombre=state.ombre, contract=contract, suit=trumps)
        if state.called is None:
            return text
        return i18n.pgettext("quadrille", "{contract}, {card} called").format(
            contract=text, card=self.card_name(state.called))

    def status(self, state: QuadrilleState) -> str:
        if state.phase == "deal":
            return super().status(state)
        if state.phase == "auction":
            if state.solo is not None:
                return i18n._("{solo} bids solo over {asker}: {asker} holds solo or passes.").format(
                    solo=state.solo, asker=state.asker)
            return i18n._("Auction: {seat} to speak.").format(seat=state.to_act)
        if state.phase == "trumps":
            return i18n._("{ombre} ({contract}) to name trumps.").format(
                ombre=state.ombre, contract=i18n.pgettext("quadrille", CONTRACT_WORDS[state.contract_kind]))
        contract = self.contract_text(state) if state.contract is not None else ""
        if state.phase == "call":
            return i18n._("{contract}: {ombre} to call a king.").format(contract=contract, ombre=state.ombre)
        if state.phase == "exchange":
            return i18n._("{contract}: {ombre} gives a card for the king he took.").format(
                contract=contract, ombre=state.ombre)
        if state.phase == "announce":
            return i18n._("{contract}: {ombre} may announce the vole.").format(contract=contract, ombre=state.ombre)
        if state.phase == "play" and state.vole == "deciding":
            choice = (i18n.ngettext("{count} straight trick: {seat} stops, plays for the vole or asks his ally.",
                                    "{count} straight tricks: {seat} stops, plays for the vole or asks his ally.",
                                    self.need)
                      if self.ally_of(state, state.seat_to_act) else
                      i18n.ngettext("{count} straight trick: {seat} stops or plays for the vole.",
                                    "{count} straight tricks: {seat} stops or plays for the vole.", self.need))
            return choice.format(count=i18n.number(self.need), seat=state.to_act)
        if state.phase == "play" and state.vole == "asked":
            return i18n.ngettext(
                "{count} straight trick: {leader} asks; {seat} stops or plays for the vole for the side.",
                "{count} straight tricks: {leader} asks; {seat} stops or plays for the vole for the side.",
                self.need).format(count=i18n.number(self.need), leader=state.trick_on_table.leader, seat=state.to_act)
        if state.vole in ("playing", "announced"):
            return i18n._("{contract} · playing for the vole · {status}").format(
                contract=contract, status=super().status(state))
        return f"{contract} · {super().status(state)}"

    def describe_call(self, call: Call) -> str:
        """Every Quadrille call in plain words, naming cards and suits in full: "Ask leave",
        "Name trumps: ♠ spades", "Call the king of hearts", "Give the 3 of clubs"."""
        words = " ".join(call.words.split())
        said = words.casefold()
        verb, _, rest = said.partition(" ")
        if said in PLAIN_WORDS:
            return i18n.pgettext("quadrille", PLAIN_WORDS[said])
        if verb == "names" and rest[:7] == "trumps " and rest[7:].upper() in SUIT_LETTERS:
            return i18n.pgettext("quadrille", "Name trumps: {suit}").format(suit=self.suit_words(rest[7:].upper()))
        if verb in CARD_VERBS:
            try:
                card = Card.parse(words.split()[-1])
            except CardError:
                card = None
            if card is not None and card in self.pack:
                return i18n.pgettext("quadrille", CARD_VERBS[verb]).format(card=self.card_name(card))
        if verb in ("asks", "bids"):
            bid, _, suit = rest.rpartition(" in ")
            letter = next((letter for letter, name in self.pack.suit_names.items() if name == suit), None)
            kind = "ask leave" if verb == "asks" else bid
            if bid and letter and kind in CONTRACT_WORDS:
                return (i18n.pgettext("quadrille", "Ask leave in {suit}") if verb == "asks" else
                        i18n.pgettext("quadrille", "Bid {bid} in {suit}")).format(
                    bid=i18n.pgettext("quadrille", CONTRACT_WORDS[kind]), suit=self.suit_words(letter))
            if verb == "bids" and rest in CONTRACT_WORDS:
                return i18n.pgettext("quadrille", "Bid {bid}").format(
                    bid=i18n.pgettext("quadrille", CONTRACT_WORDS[rest]))
        return super().describe_call(call)

    def suit_words(self, suit: str) -> str:
        """"♠ spades": the suit's sign and name."""
        return f"{SUIT_SIGNS[suit]} {suit_name(self.pack, suit)}"

    def badges(self, state: QuadrilleState, seat: str) -> tuple[str, ...]:
        if seat == state.ombre:
            return (i18n.pgettext("quadrille", "forced") if state.contract == "forced Spadille" else
                    i18n.pgettext("quadrille", CONTRACT_WORDS[state.contract_kind]),)
        if seat == state.partner:
            return (i18n.pgettext("quadrille", "partner"),)
        if state.ombre is None:
            if seat == state.solo:
                return (i18n.pgettext("quadrille", "bids solo"),)
            if seat == state.asker:
                return (i18n.pgettext("quadrille", "asks leave"),)
            if seat in state.passed:
                return (i18n.pgettext("quadrille", "passed"),)
        return ()


    def scene(self, state: QuadrilleState, viewer: str = "S", *, open_hands: bool = False) -> TableScene:
        """The table, with Spadille, Manille, Basto and Punto named on their faces once trumps are."""
        picture = super().scene(state, viewer, open_hands=open_hands)
        if state.trumps is None:
            return picture
        return replace(picture, special_names={str(card): title for card, title in titles(state.trumps).items()})

    # ----- results and settlements -----------------------------------------------------------
    def running_points(self, state: QuadrilleState) -> dict[str, dict[str, Fraction]]:
        return {seat: {"tricks": Fraction(sum(t.winner == seat for t in state.tricks))}
                for seat in self.seats}

    def outcome(self, state: QuadrilleState) -> Outcome:
        allies = self.contracting(state)
        tricks = sum(t.winner in allies for t in state.tricks)
        held: set[Card] = {card for seat in allies for card in state.dealt.hand(seat)}
        units = 0
        trumps = state.trump_suit
        if trumps != ACES and set(matadors(trumps)) <= held:
            units = 1
            fourth = Card("A", trumps) if trumps in RED else (
                Card("K", trumps) if self.options.fourth_matador_black_king else None)
            if fourth is not None and fourth in held:
                units = 2
        premiers = len(state.tricks) >= self.need and all(t.winner in allies for t in state.tricks[:self.need])
        if self.options.stakes == "dealer_four":
            stakes = tuple((seat, len(self.seats) if seat == state.dealer else 0) for seat in self.seats)
        else:
            stakes = tuple((seat, 1) for seat in self.seats)
        vole = {"playing": "made", "announced": "announced made"}.get(state.vole, "") if tricks == self.hand_size() else (
            {"playing": "failed", "announced": "announced failed"}.get(state.vole, ""))
        if state.contract == "devole":
            premiers = False
        return Outcome(state.contract_kind, state.ombre_seat, state.partner, tricks, units, premiers, vole, stakes,
                       trumps, self.need, self.preferred(state.bid))

    def preferred(self, bid: str | None) -> bool:
        """A bid made in the preference suit ("asks leave in hearts", "solo in hearts"): won or
        lost double.  An ordinary ask leave that then names that suit trumps is not."""
        return bid is not None and bid.endswith(" in " + self.pack.suit_names.get(self.options.preference, "-"))

    def score(self, state: QuadrilleState) -> QuadrilleResult:
        return self.settlement(self.outcome(state), 0)

    def settlement(self, outcome: Outcome, carried: Fraction | int, times: int = 1) -> QuadrilleResult:
        """Chips for each player and the pot, the pot holding ``carried`` before the stakes
        (:func:`.settlement.settle_chips`)."""
        if self.options.scoring == "points":
            return settle_points(outcome, self.seats, self.options, times)
        return settle_chips(outcome, self.seats, self.options, carried, times)


    # ----- the match: chips and the pot -------------------------------------------------------
    def new_match(self, dealer: str = "N", totals: dict[str, int] | None = None) -> QuadrilleMatch:
        """Every player's chips and an empty pot; with points, everyone at 0 and no pot."""
        if totals:
            fresh = dict(totals)
        elif self.options.scoring == "points":
            fresh = {seat: 0 for seat in self.seats}
        else:
            fresh = {**{seat: self.options.chips for seat in self.seats}, POT: 0}
        return QuadrilleMatch(totals=fresh, dealer=dealer)

    def deals(self) -> int:
        """The deals of a game: whole rounds, so everyone deals equally often (seed)."""
        return self.options.rounds * len(self.seats)

    def times(self, match: MatchState) -> int:
        """With the doubling variant: 1 + the number of games lost in a row just before."""
        if not self.options.doubling:
            return 1
        lost = 0
        for result in reversed(match.results):
            if not isinstance(result, QuadrilleResult) or result.outcome is None or result.outcome.result == "win":
                return 1 + lost
            lost += 1
        return 1 + lost + getattr(match, "lost", 0)

    def settle(self, match: MatchState, result: HandResult) -> QuadrilleMatch:
        if isinstance(result, QuadrilleResult) and result.outcome is not None:
            result = self.settlement(result.outcome, match.totals.get(POT, 0), self.times(match))
        totals = {side: whole(match.totals.get(side, 0) + result.score.get(side, 0)) for side in match.totals}
        results = match.results + (result,)
        played = getattr(match, "played", 0)
        over = played + len(results) >= self.deals()
        winner = None
        if over:
            best = max(totals[seat] for seat in self.seats)
            winner = " and ".join(seat for seat in self.seats if totals[seat] == best)
        return QuadrilleMatch(totals=totals,  # type: ignore[arg-type]  # rules.py types chips int
                              dealer=self.next_dealer(match.dealer), results=results, over=over, winner=winner, lost=getattr(match, "lost", 0), played=played)

    def match_from_json(self, dealer: str, saved: dict[str, Any] | None) -> QuadrilleMatch:
        """A match sheet in the middle of a game: ``{"N": 40, "E": "38 1/2", …, "pot": 8}`` — each
        player's chips (points with the point-score variant, and no pot), whole numbers or exact
        fractions written "a b/c"; optionally ``"deals"`` already played and, with the doubling
        variant, ``"lost"``: the games lost in a row just before (so the next is doubled), at most
        the deals played -- so the sheet :meth:`match_to_json` writes after a deal reads back."""
        if dealer not in self.seats:
            raise MatchError(i18n._("{seat} is not a seat: the seats are {seats}.").format(
                seat=repr(dealer), seats=", ".join(self.seats)))
        if saved is None:
            return self.new_match(dealer)
        totals, lost, played = self.saved_totals(saved), self.saved_count(saved, "lost"), self.saved_count(saved, "deals")
        if lost > played:
            raise MatchError(i18n._("\"lost\" counts games lost in a row among the deals already played, so it is "
                                    "at most \"deals\" ({played}), not {lost}.").format(played=played, lost=lost))
        return QuadrilleMatch(totals=totals,  # type: ignore[arg-type]  # rules.py types chips int
                              dealer=dealer, lost=lost, played=played)

    def saved_totals(self, saved: Any) -> dict[str, Fraction | int]:
        sheet = [*self.seats] + ([] if self.options.scoring == "points" else [POT])
        shape = "{" + ", ".join(f'"{key}": 40' for key in sheet[:2]) + ", …}"
        if not isinstance(saved, dict):
            raise MatchError(i18n._("\"match\" is an object such as {shape}.").format(shape=shape))
        extra = [key for key in saved if key not in sheet + ["deals", "lost"]]
        missing = [key for key in sheet if key not in saved]
        if extra or missing:
            told = "; ".join(text for text in (
                i18n._("unknown {keys}").format(
                    keys=", ".join(map(quoted, extra[:3])) + (" …" if len(extra) > 3 else "")) if extra else "",
                i18n._("missing {keys}").format(keys=", ".join(map(repr, missing))) if missing else "") if text)
            sentence = (i18n._("\"match\" gives the points of {sheet} ({told}).") if POT not in sheet else
                        i18n._("\"match\" gives the chips of {sheet} ({told})."))
            raise MatchError(sentence.format(sheet=", ".join(sheet), told=told))
        totals = {key: chips_from_json(key, saved[key]) for key in sheet}
        if POT in totals and totals[POT] < 0:
            raise MatchError(i18n._("The pot cannot hold fewer than 0 chips ({chips}).").format(
                chips=pretty(totals[POT])))
        return totals

    def saved_count(self, saved: dict[str, Any], key: str) -> int:
        value = saved.get(key, 0)
        limit = self.deals()
        if key == "lost" and value and not self.options.doubling:
            raise MatchError(i18n._("\"lost\" counts the games lost in a row for the doubling variant, which is "
                                    "off."))
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
            told = (i18n._("\"deals\" is the number of deals already played: a whole number from 0 to {most}, not "
                           "{value}.") if key == "deals" else
                    i18n._("\"lost\" is the number of games lost in a row just before: a whole number from 0 to "
                           "{most}, not {value}."))
            raise MatchError(told.format(most=limit - 1, value=quoted(value)))
        return value

    def match_to_json(self, match: MatchState) -> dict[str, Any]:
        """The inverse of :meth:`match_from_json`: the sheet a scenario of the next deal carries."""
        saved: dict[str, Any] = {key: chips_to_json(value) for key, value in match.totals.items()}
        played = getattr(match, "played", 0) + len(match.results)
        if played:
            saved["deals"] = played
        lost = self.times(match) - 1
        if lost:
            saved["lost"] = lost
        return saved

    # ----- a simple bot's bidding ---------------------------------------------------------
    def hand_value(self, hand: tuple[Card | None, ...], trumps: str) -> tuple[int, int]:
        """(trumps held, matadors held) if ``trumps`` were trumps."""
        order = trump_order(trumps)
        held = [card for card in hand if card in order]
        return len(held), sum(card in matadors(trumps) for card in held)

    def best_suit(self, hand: tuple[Card | None, ...]) -> tuple[str, int]:
        """The suit a plain player would name, and a rough strength (tricks he may expect)."""
        def strength(suit: str) -> int:
            count, mats = self.hand_value(hand, suit)
            kings = sum(Card("K", s) in hand for s in SUIT_LETTERS if s != suit)
            return count + mats + kings
        suit = max(SUIT_LETTERS, key=strength)
        return suit, strength(suit)

    def suggested_call(self, view: QuadrilleState) -> Call | None:
        legal = {call.words for call in self.legal_calls(view)}
        if not legal:
            return None
        words = self.plain_choice(view)
        return Call(view.seat_to_act, words if words in legal else "passes" if "passes" in legal else sorted(legal)[0])

    def plain_choice(self, view: QuadrilleState) -> str:
        """What a plain player says: solo on a strong hand, ask leave on a fair one, else pass;
        name his best suit; call the king of his longest plain suit; give his weakest card;
        never risk the vole."""
        hand = view.hand(view.seat_to_act)
        suit, value = self.best_suit(hand)
        if view.phase == "auction":
            if view.solo is not None:
                return "holds solo" if value >= self.need + 3 else "passes"
            return "bids solo" if value >= self.need + 3 else "asks leave" if value >= self.need else "passes"
        if view.phase == "trumps":
            return f"names trumps {suit}"
        if view.phase == "call":
            cards = self.callable(view)
            longest = max(cards, key=lambda c: sum(h is not None and h.suit == c.suit for h in hand))
            return f"{'takes' if view.contract == 'médiator' else 'calls'} {longest}"
        if view.phase == "exchange":
            cards = [c for c in hand if c is not None and c != view.called]
            return f"gives {min(cards, key=lambda c: self.strength(view, c))}"
        if view.phase == "announce":
            return "does not announce"
        return "stops"
