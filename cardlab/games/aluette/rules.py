"""Aluette: the Spanish-suited partnership game of western France.

Sources: the CatsAtCards.com page (seed 003) for the rules of play, singing, surrender, scoring and
the match; the decisions in ``shared/rules.md`` §4 for what that page leaves out (its picture of
the ranking is missing) or where sources disagree.

Decisions written down here:

* **Ranking** (missing picture in the seed; rules.md §4.1, from [steve-p] [jeuxloisirs]
  [regles2jeux]): 19 classes across suits, see :data:`CLASSES`.  Suits never matter and any card
  may be played at any time.
* **Spoiled trick**: when two or more cards share the best class nobody wins the trick and the
  same player leads again (seed).  [renfesthq]'s "carried to the next winner" is La Vache's rule,
  not Aluette's.
* **Seats**: North–South against East–West, the deal and play go clockwise, the dealer's left
  (eldest) leads the first trick, the deal passes to the left.  The partnership ceremony of the
  seed is :func:`ceremony` (dealt clockwise from the shuffler's left: the seed's "clockwise …
  starting at his right" contradicts itself); the game itself seats the partners directly.
* **Deal**: packets of three, clockwise from the dealer's left, nine each; the twelve cards left
  are the deal's ``rest``.  A deal without ``rest`` has nothing to sing for: play starts at once.
* **Singing**: from the dealer's left, each player in turn says "sings" or "does not sing"; the
  first refusal ends the question (the cards are set aside).  When all four sing, the rest is
  dealt alternately, one at a time, first to the dealer's left and then to the dealer (seed) or,
  with ``chant_recipients="partner_and_left"``, to the dealer's partner [loisirs.savoir] [doczz];
  each of the two then discards six cards face down, one call per card, the dealer's left first.
* **Surrender** (seed only, not corroborated: option ``surrender``, off by default so that a
  hand starts with its first lead): after the deal and any singing, eldest's side first, each
  side once: its speaker (eldest, then the player after him) "offers surrender" or "does not
  offer"; his partner "agrees to surrender" (the seed: both partners agree) or "does not agree"
  (the offer lapses); then the
  next opponent "accepts surrender" (the hand is not played, the accepting side scores 1) or
  "refuses surrender": play follows at once and the refusing side must make a mordienne (2 to
  it); any other outcome gives 2 to the side that offered.
* **Scoring**: tricks count per player.  A mordienne (a player who won none of tricks 1–6 and
  all of 7, 8 and 9) is checked first and scores 2 for his side; otherwise the player with most
  tricks scores 1 for his side, a tie going to the one who reached that number first; when every
  trick is spoiled nobody scores (rules.md recommendation).
* **Match**: exactly five hands, the higher total wins, extra hands while the totals are level
  (no source covers the tie); option ``match="first_to_5"`` [regles2jeux] [entrepornic].  The
  sheet (:class:`CountedMatch`) counts the hands played, so a scenario may start in the middle of
  a match: its ``match`` is ``{"NS": 2, "EW": 2, "hands": 4}`` (rules.md §5b); without
  ``"hands"`` the count starts at its hand.  A sheet that could not happen (more points than two a
  hand) or whose match is already decided is refused with a sentence.
* **Signals**: the gestures of rules.md §4.4 [jeuxloisirs] [steve-p] as calls "signals <card>"
  by the seat to act during play, one per card class held, once each per hand.  Option
  ``signals``: "off" (the seed: not with new players), "partner" (opponents' views do not hold
  them) or "open" (a teaching mode: everyone sees them).  They never change what is legal.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Iterable, Sequence

from ... import i18n
from ...actions import Action, Call, Deal
from ...cards import SPANISH_48, Card, parse_cards
from ...render.scene import SeatScene, TableScene
from ...rules import HandResult, MatchError, MatchState, Refusal, TrickGame, option
from ...state import State, Trick
from ..traits import GameTraits
from .concepts import CONCEPTS

CLASSES: tuple[tuple[str, tuple[Card, ...]], ...] = tuple((name, parse_cards(codes)) for name, codes in (
    (i18n.mark("aluette", "Monsieur"), "3D"), (i18n.mark("aluette", "Madame"), "3H"),
    (i18n.mark("aluette", "le Borgne"), "2D"), (i18n.mark("aluette", "la Vache"), "2H"),
    (i18n.mark("aluette", "Grand Neuf"), "9H"), (i18n.mark("aluette", "Petit Neuf"), "9D"),
    (i18n.mark("aluette", "Deux de Chêne"), "2C"), (i18n.mark("aluette", "Deux d'Écrit"), "2S"),
    (i18n.mark("aluette", "aces"), "AD AH AS AC"), (i18n.mark("aluette", "kings"), "KD KH KS KC"),
    (i18n.mark("aluette", "knights"), "KnD KnH KnS KnC"), (i18n.mark("aluette", "jacks"), "JD JH JS JC"),
    (i18n.mark("aluette", "plain nines"), "9S 9C"), (i18n.mark("aluette", "eights"), "8D 8H 8S 8C"),
    (i18n.mark("aluette", "sevens"), "7D 7H 7S 7C"), (i18n.mark("aluette", "sixes"), "6D 6H 6S 6C"),
    (i18n.mark("aluette", "fives"), "5D 5H 5S 5C"), (i18n.mark("aluette", "fours"), "4D 4H 4S 4C"),
    (i18n.mark("aluette", "plain threes"), "3S 3C")))
"""The 19 classes, strongest first (rules.md §4.1).  Cards of one class tie.  The names are Aluette's
own words, said in the current language with ``pgettext("aluette", name)``."""

CLASS_OF: dict[Card, int] = {card: number for number, (_, cards) in enumerate(CLASSES, 1) for card in cards}
SPECIAL_NAMES: dict[str, str] = {str(cards[0]): name for name, cards in CLASSES[:8]}
LUETTES = parse_cards("3D 3H 2D 2H")

GESTURES: dict[str, tuple[str, str]] = {
    "monsieur": ("Monsieur", i18n.mark("aluette", "eyes raised upward")),
    "madame": ("Madame", i18n.mark("aluette", "mouth twisted, head tilted")),
    "borgne": ("le Borgne", i18n.mark("aluette", "a wink")),
    "vache": ("la Vache", i18n.mark("aluette", "a pout")),
    "grand neuf": ("Grand Neuf", i18n.mark("aluette", "the thumb")),
    "petit neuf": ("Petit Neuf", i18n.mark("aluette", "the little finger")),
    "deux de chene": ("Deux de Chêne", i18n.mark("aluette", "the index finger")),
    "deux d'ecrit": ("Deux d'Écrit", i18n.mark("aluette", "miming writing")),
    "ace": (i18n.mark("aluette", "an ace"), i18n.mark("aluette", "mouth open")),
}
"""Signal words → (the card class signalled, the gesture at the table) [jeuxloisirs] [steve-p],
in the order of :data:`CLASSES`: the eight named cards, then the aces (class 9)."""
_SIGNAL_CLASS = {word: number for number, word in enumerate(GESTURES, 1)}
WORDING = {"sings": i18n.mark("aluette", "Sing"), "does not sing": i18n.mark("aluette", "Do not sing"),
           "offers surrender": i18n.mark("aluette", "Offer to surrender"),
           "does not offer": i18n.mark("aluette", "Do not offer to surrender"),
           "agrees to surrender": i18n.mark("aluette", "Agree to surrender"),
           "does not agree": i18n.mark("aluette", "Do not agree to surrender"),
           "accepts surrender": i18n.mark("aluette", "Accept the surrender"),
           "refuses surrender": i18n.mark("aluette", "Refuse the surrender (then your side must make a mordienne)"),
           "discards a card": i18n.mark("aluette", "Discard a card")}
"""Calls in a learner's words; discards and signals name their card (:meth:`Aluette.describe_call`)."""


def class_name(card: Card) -> str:
    return CLASSES[CLASS_OF[card] - 1][0]


@dataclass(frozen=True)
class AluetteOptions:
    chant_recipients: str = option(
        "dealer_and_left", i18n.mark("option", "Who receives the sung cards"),
        choices=("dealer_and_left", "partner_and_left"),
        words={"dealer_and_left": i18n.mark("option", "the dealer and the player on his left"),
               "partner_and_left": i18n.mark("option", "the dealer's partner and the player on his left")},
        source="dealer and his left: seed 003 [gamerules-copy]; dealer's partner and his left: "
               "[loisirs.savoir] [doczz]")
    match: str = option("five_hands", i18n.mark("option", "Match"), choices=("five_hands", "first_to_5"),
                        words={"five_hands": i18n.mark("option", "five hands"),
                               "first_to_5": i18n.mark("option", "first side to 5")},
                        source="exactly five hands: seed 003; first side to 5: [regles2jeux] [entrepornic]")
    surrender: bool = option(False, i18n.mark("option", "Surrender offers before play"), choices=(False, True),
                             source="seed 003 only; a weak side concedes the point [doczz]")
    signals: str = option("off", i18n.mark("option", "Signals (gestures)"), choices=("off", "partner", "open"),
                          words={"off": i18n.mark("option", "no signals"),
                                 "partner": i18n.mark("option", "to the partner"),
                                 "open": i18n.mark("option", "seen by all")},
                          source="seed 003 (not with new players); gestures [jeuxloisirs] [steve-p]")


@dataclass(frozen=True)
class CountedMatch(MatchState):
    """A score sheet that knows how many hands of the match have been played, those before a
    scenario's hand included (``results`` only holds the hands settled on this sheet)."""

    hands: int = 0


def hands_played(match: MatchState) -> int:
    return match.hands if isinstance(match, CountedMatch) else len(match.results)


def counted_match(sides: Iterable[str], saved: Any, most_a_hand: int, example: str) -> tuple[dict[str, int], int | None]:
    """The totals and the hands played (None when not given) of a scenario's ``match`` that holds a
    whole number for each of ``sides`` and optionally ``"hands"``; a wrong object raises
    :class:`MatchError`.  ``most_a_hand`` is the most a hand can add to the totals together."""
    sides = tuple(sides)
    if not isinstance(saved, dict) or set(saved) - {"hands"} != set(sides):
        raise MatchError(i18n._("\"match\" gives a total for each of {sides} and, if you like, the hands already "
                                "played: {example}.").format(sides=", ".join(sides), example=example))
    for key, value in saved.items():
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
            raise MatchError(i18n._("\"match\" holds whole numbers from 0 to 1000000, as in {example}; {key}: "
                                    "{value} is not one.").format(example=example, key=key, value=repr(value)))
    totals = {side: saved[side] for side in sides}
    hands = saved.get("hands")
    if hands is not None and sum(totals.values()) > most_a_hand * hands:
        raise MatchError(i18n.ngettext("\"match\" cannot hold {points} points after {hands} hand: a hand scores at "
                                       "most {most}.",
                                       "\"match\" cannot hold {points} points after {hands} hands: a hand scores at "
                                       "most {most}.", hands).format(points=sum(totals.values()), hands=hands,
                                                                     most=most_a_hand))
    return totals, hands


@dataclass(frozen=True, kw_only=True)
class AluetteState(State):
    """A hand of Aluette: besides the base facts, the singing and the surrender.

    ``rest`` holds the twelve cards left after the deal until they are sung or set aside;
    ``aside`` the cards out of play (the rest when not sung, the discards); ``sung`` the seats
    that have agreed to sing; ``spoken`` the sides that have had their turn to offer surrender;
    ``offer`` the side whose offer waits for an answer (``backed`` once the partner agreed);
    ``refused_by`` the side that refused a surrender, ``accepted_by`` the side that accepted one.
    """

    rest: tuple[Card | None, ...] = ()
    aside: tuple[Card | None, ...] = ()
    sung: tuple[str, ...] = ()
    spoken: tuple[str, ...] = ()
    offer: str | None = None
    backed: bool = False
    refused_by: str | None = None
    accepted_by: str | None = None


@dataclass(frozen=True)
class Ceremony:
    """The partnership ceremony: the face-up cards in order and the seating they give.

    ``dealt`` is every (chair, card) as it fell; ``holders`` maps each luette's name to the chair
    that received it; ``seating`` maps each new seat (N E S W) to the chair of the player who
    takes it: Madame's holder keeps her chair and deals first, Monsieur's holder sits opposite
    her, le Borgne and la Vache take the two other seats (keeping their chairs when they can).
    """

    shuffler: str
    dealt: tuple[tuple[str, Card], ...]
    holders: dict[str, str]
    seating: dict[str, str]
    first_dealer: str

    def received(self, steps: int) -> dict[str, tuple[Card, ...]]:
        """What each chair holds after the first ``steps`` cards."""
        held: dict[str, tuple[Card, ...]] = {seat: () for seat in "NESW"}
        for seat, card in self.dealt[:steps]:
            held[seat] += (card,)
        return held

    def caption(self, steps: int) -> str:
        """One sentence for the learner about step ``steps``."""
        if steps == 0:
            return i18n._("{seat} shuffles and deals face up, one card at a time, clockwise from his left, until the "
                          "four luettes have appeared.").format(seat=self.shuffler)
        if steps == len(self.dealt) + 1:
            moves = [i18n._("{chair} moves to {seat}").format(chair=chair, seat=seat)
                     for seat, chair in self.seating.items() if seat != chair]
            seats = (i18n._("changing chairs so that partners sit opposite ({moves})").format(moves=", ".join(moves))
                     if moves else i18n._("partners already sitting opposite"))
            return i18n._("Monsieur ({monsieur}) and Madame ({madame}) play against le Borgne ({borgne}) and la Vache "
                          "({vache}), {seats}; Madame's holder ({dealer}) deals first.").format(
                monsieur=self.holders["Monsieur"], madame=self.holders["Madame"], borgne=self.holders["le Borgne"],
                vache=self.holders["la Vache"], seats=seats, dealer=self.first_dealer)
        seat, card = self.dealt[steps - 1]
        if card in LUETTES:
            return i18n._("{seat} receives {name} ({card}), a luette: no more cards for {seat}.").format(
                seat=seat, name=i18n.pgettext("aluette", class_name(card)), card=card)
        return i18n._("{seat} receives {card}, not a luette; the deal goes on.").format(seat=seat, card=card)

    def scene(self, steps: int) -> TableScene:
        """The table after ``steps`` cards (every card face up), from South's chair."""
        held = self.received(min(steps, len(self.dealt)))
        order = ("S", "W", "N", "E")
        seats = tuple(SeatScene(seat=seat, label=seat, hand=held[seat],
                                badges=tuple(class_name(c) for c in held[seat] if c in LUETTES))
                      for seat in order)
        to_act = None
        if 0 < steps <= len(self.dealt):
            to_act = self.dealt[steps - 1][0]
        if steps > len(self.dealt):
            status = i18n._("Monsieur and Madame ({monsieur}, {madame}) against le Borgne and la Vache ({borgne}, "
                            "{vache})").format(monsieur=self.holders["Monsieur"], madame=self.holders["Madame"],
                                               borgne=self.holders["le Borgne"], vache=self.holders["la Vache"])
        else:
            status = i18n.ngettext("{count} card dealt face up", "{count} cards dealt face up", steps).format(
                count=i18n.number(steps))
        return TableScene(family="spanish", seats=seats, viewer="S", to_act=to_act, direction="clockwise",
                          title=i18n._("Aluette: who plays with whom"), status=status,
                          special_names=SPECIAL_NAMES)

    @property
    def steps(self) -> int:
        """The number of pictures after the first: one per card, then the seating."""
        return len(self.dealt) + 1


def ceremony(cards: Sequence[Card], shuffler: str = "N") -> Ceremony:
    """Deal ``cards`` face up one at a time, clockwise from the shuffler's left, skipping any chair
    that already holds a luette, until the four luettes are out (seed 003, rules.md §4.2)."""
    chairs = ("N", "E", "S", "W")
    holders: dict[str, str] = {}
    dealt: list[tuple[str, Card]] = []
    turn = (chairs.index(shuffler) + 1) % 4
    for card in cards:
        if len(holders) == 4:
            break
        while chairs[turn] in holders.values():
            turn = (turn + 1) % 4
        dealt.append((chairs[turn], card))
        if card in LUETTES:
            holders[class_name(card)] = chairs[turn]
        turn = (turn + 1) % 4
    if len(holders) < 4:
        raise ValueError("The cards ran out before the four luettes appeared: give a whole pack.")
    madame = holders["Madame"]
    opposite = chairs[(chairs.index(madame) + 2) % 4]
    seating = {madame: madame, opposite: holders["Monsieur"]}
    free = [seat for seat in chairs if seat not in seating]
    others = [holders["le Borgne"], holders["la Vache"]]
    for chair in list(others):
        if chair in free:
            seating[chair] = chair
            free.remove(chair)
            others.remove(chair)
    for seat, chair in zip(free, others):
        seating[seat] = chair
    return Ceremony(shuffler, tuple(dealt), holders, {seat: seating[seat] for seat in chairs}, madame)


class Aluette(TrickGame[AluetteState]):
    key = "aluette"
    title = "Aluette"
    traits = GameTraits(units="game points", follows_suit=False, proxy_weight=Fraction(0),
                        club_style="cardlab.games.aluette.club", concepts=CONCEPTS, lesson="aluette.ipynb",
                        where=i18n.N_("western France"),
                        signal_classes=MappingProxyType({word: CLASSES[number - 1][1]
                                                         for word, number in _SIGNAL_CLASS.items()}),
                        deal_features=("monsieur and madame", "spoiled trick in the first three", "mordienne"),
                        signal_drills=("Read a gesture", "Gestures for a hand"))
    pack = SPANISH_48
    deal_packets = (3, 3, 3)
    state_class = AluetteState
    Options = AluetteOptions
    options: AluetteOptions

    @property
    def target(self) -> int | None:
        return 5 if self.options.match == "first_to_5" else None

    # ----- ranking ---------------------------------------------------------------------------
    def class_name(self, card: Card) -> str:
        """The name of the card's class in the current language: "Monsieur", "aces", "plain threes"."""
        return i18n.pgettext("aluette", class_name(card))

    def strength(self, state: AluetteState | None, card: Card) -> int:
        return len(CLASSES) + 1 - CLASS_OF[card]

    def trick_winner(self, state: AluetteState, trick: Trick) -> str | None:
        """The single best class wins; a tie for the best class spoils the trick (None)."""
        best = max(self.strength(state, card) for _, card in trick.plays)
        top = [seat for seat, card in trick.plays if self.strength(state, card) == best]
        return top[0] if len(top) == 1 else None

    def legal_cards(self, state: AluetteState, seat: str) -> list[Card]:
        """Any card at any time: suits do not matter."""
        return self.sorted_cards(state, [card for card in state.hand(seat) if card is not None])

    def sorted_cards(self, state: AluetteState | None, cards: Iterable[Card]) -> list[Card]:
        """Weakest class first; suits in a fixed order within a class."""
        order = {"S": 0, "H": 1, "D": 2, "C": 3}
        return sorted(cards, key=lambda c: (self.strength(state, c), order[c.suit]))

    # ----- the deal, singing, discards, surrender ---------------------------------------------
    def after_deal(self, state: AluetteState) -> AluetteState:
        rest = state.dealt.extra("rest")
        if rest:
            return state.evolve(phase="sing", to_act=self.next_seat(state.dealer), rest=rest)
        return self.before_play(state)

    def deal_problem(self, state: AluetteState, deal: Deal) -> str | None:
        problem = super().deal_problem(state, deal)
        if problem is None:
            rest = deal.extra("rest")
            if rest and len(rest) != 12:
                return Refusal(self.rule("deal"), i18n._("The rest holds the 12 cards left after the deal, not "
                                                         "{count}.").format(count=len(rest)))
            if any(name != "rest" for name, _ in deal.extras):
                return Refusal(self.rule("deal"), i18n._("An Aluette deal has the four hands and, optionally, the 12 "
                                                         "cards left as \"rest\"."))
        return problem

    def recipients(self, state: AluetteState) -> tuple[str, str]:
        """Who receives the sung cards, the first card going to the dealer's left."""
        left = self.next_seat(state.dealer)
        other = state.dealer if self.options.chant_recipients == "dealer_and_left" \
            else self.next_seat(state.dealer, 2)
        return left, other

    def before_play(self, state: AluetteState) -> AluetteState:
        if self.options.surrender:
            return state.evolve(phase="surrender", to_act=self.next_seat(state.dealer))
        return self.start_play(state)

    def start_play(self, state: AluetteState) -> AluetteState:
        leader = self.first_leader(state)
        return state.evolve(phase="play", to_act=leader, trick=Trick(leader))

    def speaker(self, state: AluetteState, side: str) -> str:
        """Who speaks for ``side`` about surrender: eldest for his side, the next seat for the other."""
        eldest = self.next_seat(state.dealer)
        return eldest if self.side_of(state, eldest) == side else self.next_seat(eldest)

    def legal_calls(self, state: AluetteState) -> list[Call]:
        seat = state.to_act
        if seat is None:
            return []
        if state.phase == "sing":
            return [Call(seat, "sings"), Call(seat, "does not sing")]
        if state.phase == "discard":
            if seat not in self.recipients(state):  # a sheet sung under the other recipients
                return []
            return [Call(seat, f"discards {card}") for card in self.sorted_cards(state, state.cards_in_sight(seat))]
        if state.phase == "surrender":
            if state.offer is None:
                return [Call(seat, "does not offer"), Call(seat, "offers surrender")]
            if not state.backed:
                return [Call(seat, "does not agree"), Call(seat, "agrees to surrender")]
            return [Call(seat, "accepts surrender"), Call(seat, "refuses surrender")]
        if state.phase == "play" and self.options.signals != "off":
            made = {call.words for call in state.calls_by(seat)}
            held = {CLASS_OF[card] for card in state.hand(seat) if card is not None}
            return [Call(seat, f"signals {word}") for word, number in _SIGNAL_CLASS.items()
                    if number in held and f"signals {word}" not in made]
        return []

    def cards_to_pick(self, state: AluetteState) -> int:
        """In the discard phase the seat to act picks the cards it will throw, down to nine."""
        if state.phase != "discard":
            return 0
        return len(state.hand(state.seat_to_act)) - self.hand_size()

    def describe_pick(self, state: AluetteState, picked: Sequence[Card]) -> str:
        """"Discard the 4 of swords and the 2 of cups", or how many remain to pick."""
        if not picked:
            count = self.cards_to_pick(state)
            return i18n.ngettext("Pick the {count} card to discard", "Pick the {count} cards to discard",
                                 count).format(count=i18n.number(count))
        return i18n._("Discard {cards}").format(cards=self.names(picked))

    def call_refusal(self, state: AluetteState, call: Call) -> str:
        """A call that is not one of the moment, refused by the rule it goes against."""
        refusal = self.call_problem(state, call)
        return refusal if isinstance(refusal, Refusal) else Refusal(self.rule(self.call_rule(call)), refusal)

    @staticmethod
    def call_rule(call: Call) -> str:
        """The name of the rule a call's words belong to: singing, discard, signals, surrender or calls."""
        words = call.words.casefold()
        if words.startswith("discards"):
            return "discard"
        if words.startswith("signals"):
            return "signals"
        if words in ("sings", "does not sing"):
            return "singing"
        if "surrender" in words or words in ("does not offer", "does not agree"):
            return "surrender"
        return "calls"

    def call_problem(self, state: AluetteState, call: Call) -> str:
        words = call.words.casefold()
        if not words.strip():
            return i18n._("{seat} says nothing: a call needs its words, such as \"sings\" or \"discards "
                          "4S\".").format(seat=call.seat)
        if words.startswith("discards"):
            if state.phase != "discard" or call.seat not in self.recipients(state):
                return i18n._("Only the two players who received the sung cards discard, before play.")
            return i18n._("{seat} must discard one card of his own hand at a time, as in \"{seat} discards "
                          "4S\".").format(seat=call.seat)
        if words.startswith("signals"):
            if self.options.signals == "off":
                return i18n._("Signals are not being played: choose “{partner}” or “{open}” in the {menu} "
                              "menu.").format(partner=i18n.pgettext("option", "to the partner"),
                                              open=i18n.pgettext("option", "seen by all"),
                                              menu=i18n.pgettext("option", "Signals (gestures)"))
            if state.phase != "play":
                return i18n._("Signals are made during play, by the player whose turn it is.")
            word = words[len("signals "):]
            if word not in GESTURES:
                return i18n._("The signals are: {signals}.").format(signals=", ".join(GESTURES))
            signalled = i18n.pgettext("aluette", GESTURES[word][0])
            if call.words.casefold() in {c.words.casefold() for c in state.calls_by(call.seat)}:
                return i18n._("{seat} has already signalled {card} this hand.").format(seat=call.seat,
                                                                                      card=signalled)
            return i18n._("A signal shows a card you hold: {seat} holds no {card}.").format(seat=call.seat,
                                                                                           card=signalled)
        if words in ("sings", "does not sing"):
            return i18n._("Singing is asked once, after the deal, when 12 cards are left over.")
        if "surrender" in words or words in ("does not offer", "does not agree"):
            if not self.options.surrender:
                return i18n._("Surrender is not being played: turn on the surrender option.")
            return i18n._("A side may offer surrender only before the first lead, once, eldest's side first.")
        return super().call_refusal(state, call)

    def describe_call(self, call: Call) -> str:
        """"Sing", "Discard the 4 of swords", "Offer to surrender", "Signal Monsieur (the 3 of
        coins)", "Signal an ace"."""
        words = " ".join(call.words.split()).casefold()
        if words in WORDING:
            return i18n.pgettext("aluette", WORDING[words])
        if words.startswith("discards "):
            try:
                card = self.pack.parse(words.split()[1].upper())
            except ValueError:
                return super().describe_call(call)
            return i18n._("Discard {cards}").format(cards=self.card_name(card))
        signal = words[len("signals "):] if words.startswith("signals ") else ""
        if signal in GESTURES:
            name, cards = CLASSES[_SIGNAL_CLASS[signal] - 1]
            if len(cards) == 1:
                return i18n.pgettext("aluette", "Signal {card} ({name})").format(
                    card=i18n.pgettext("aluette", name), name=self.card_name(cards[0]))
            return i18n.pgettext("aluette", "Signal {card}").format(card=i18n.pgettext("aluette", GESTURES[signal][0]))
        return super().describe_call(call)

    def phase_refusal(self, state: AluetteState, action: Action) -> str:
        """No card before play: the phase's own rule refuses it (singing, the discards, surrender)."""
        if state.phase == "sing":
            return Refusal(self.rule("singing"),
                           i18n._("No card is played yet: each player first says whether he will sing."))
        if state.phase == "discard":
            return Refusal(self.rule("discard"), i18n._("No card is played yet: {seat} first discards down to nine "
                                                        "cards.").format(seat=state.to_act))
        return Refusal(self.rule("surrender"),
                       i18n._("No card is played yet: the sides first say whether they offer surrender."))

    def apply_call(self, state: AluetteState, call: Call) -> AluetteState:
        state = super().apply_call(state, call)
        seat, words = call.seat, call.words
        if words == "sings":
            sung = state.sung + (seat,)
            if len(sung) < len(self.seats):
                return state.evolve(sung=sung, to_act=self.next_seat(seat))
            first, second = self.recipients(state)
            hands = {s: state.hand(s) for s in self.seats}
            hands[first] += state.rest[0::2]
            hands[second] += state.rest[1::2]
            return state.evolve(sung=sung, rest=(), phase="discard", to_act=first,
                                hands=tuple(hands[s] for s in self.seats))
        if words == "does not sing":
            return self.before_play(state.evolve(aside=state.aside + state.rest, rest=()))
        if words.startswith("discards"):
            card = Card.parse(words.split()[1])
            state = state.evolve(hands=state.hands_without(seat, card), aside=state.aside + (card,))
            waiting = [s for s in self.recipients(state) if len(state.hand(s)) > self.hand_size()]
            return state.evolve(to_act=waiting[0]) if waiting else self.before_play(state)
        if state.phase == "surrender":
            return self.answer_surrender(state, seat, words)
        return state

    def answer_surrender(self, state: AluetteState, seat: str, words: str) -> AluetteState:
        side = self.side_of(state, seat)
        if words == "offers surrender":
            return state.evolve(offer=side, to_act=self.next_seat(seat, 2))
        if words == "agrees to surrender":
            return state.evolve(backed=True, to_act=self.next_seat(seat))
        if words == "accepts surrender":
            return state.evolve(accepted_by=side, phase="over", to_act=None)
        if words == "refuses surrender":
            return self.start_play(state.evolve(refused_by=side, spoken=state.spoken + (state.offer,)))
        # "does not offer" / "does not agree": the side's turn to offer is over
        spoken = state.spoken + (side,)
        state = state.evolve(spoken=spoken, offer=None, backed=False)
        waiting = [s for s in self.sides if s not in spoken]
        if waiting:
            return state.evolve(to_act=self.speaker(state, waiting[0]))
        return self.start_play(state)

    def is_hand_over(self, state: AluetteState) -> bool:
        return len(state.tricks) == self.hand_size()

    # ----- what each seat may see ---------------------------------------------------------------
    def set_aside(self, state: AluetteState) -> tuple[Card | None, ...]:
        return state.rest + state.aside

    def mask(self, view: AluetteState, seat: str) -> AluetteState:
        """Other players' discards are face down; with signals "partner", the opponents' signals
        are not seen."""
        mine = self.side_of(view, seat)
        calls = []
        for number, call in view.calls:
            if call.seat != seat and call.words.startswith("discards"):
                call = Call(call.seat, "discards a card")
            elif (call.words.startswith("signals") and self.options.signals == "partner"
                  and self.side_of(view, call.seat) != mine):
                continue
            calls.append((number, call))
        return view.evolve(calls=tuple(calls), rest=(None,) * len(view.rest),
                           aside=(None,) * len(view.aside))

    def unmask(self, world: AluetteState, unseen: list[Card], rng: random.Random) -> AluetteState:
        """The twelve cards of the rest, hidden until sung, drawn from the unseen ones: if every
        seat sings they go into two hands and are played."""
        if None not in world.rest:
            return world
        drawn = unseen[:]
        rng.shuffle(drawn)
        return world.evolve(rest=tuple(drawn[:len(world.rest)]))

    def badges(self, state: AluetteState, seat: str) -> tuple[str, ...]:
        shown = []
        for _, call in state.calls:
            if call.seat == seat and call.words.startswith("signals"):
                name, gesture = GESTURES[call.words[len("signals "):]]
                shown.append(i18n.pgettext("aluette", "{gesture}: {card}").format(
                    gesture=i18n.pgettext("aluette", gesture), card=i18n.pgettext("aluette", name)))
        if state.phase == "sing" and seat in state.sung:
            shown.append(i18n.pgettext("aluette", "sings"))
        if state.offer == self.side_of(state, seat) and seat == self.speaker(state, state.offer):
            shown.append(i18n.pgettext("aluette", "offers surrender"))
        if state.refused_by == self.side_of(state, seat):
            shown.append(i18n.pgettext("aluette", "must make a mordienne"))
        return tuple(shown)

    def scene(self, state: AluetteState, viewer: str = "S", *, open_hands: bool = False) -> TableScene:
        return dataclasses.replace(super().scene(state, viewer, open_hands=open_hands),
                                   special_names=SPECIAL_NAMES)

    def status(self, state: AluetteState) -> str:
        if state.phase == "sing":
            return i18n._("{seat}: sing (share out the 12 cards left) or not?").format(seat=state.to_act)
        if state.phase == "discard":
            return i18n._("{seat} discards face down, down to nine cards.").format(seat=state.to_act)
        if state.phase == "surrender":
            return i18n._("{seat} to speak: surrender?").format(seat=state.to_act)
        if state.phase == "over" and state.accepted_by:
            return i18n._("Surrender accepted: {side} scores 1 without play.").format(side=state.accepted_by)

        return super().status(state)

    # ----- scoring --------------------------------------------------------------------------------
    def tricks_won(self, state: AluetteState) -> dict[str, int]:
        """Tricks per player."""
        won = {seat: 0 for seat in self.seats}
        for trick in state.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        return won

    def mordienne(self, state: AluetteState) -> str | None:
        """The player who won none of tricks 1–6 and all of 7, 8 and 9, if any."""
        last = [trick.winner for trick in state.tricks[6:9]]
        if len(last) == 3 and last[0] is not None and last.count(last[0]) == 3:
            if all(trick.winner != last[0] for trick in state.tricks[:6]):
                return last[0]
        return None

    def most_tricks(self, state: AluetteState) -> str | None:
        """The player with most tricks; on a tie the one who reached that number first."""
        won = self.tricks_won(state)
        best = max(won.values())
        if best == 0:
            return None
        count = {seat: 0 for seat in self.seats}
        for trick in state.tricks:
            if trick.winner is not None:
                count[trick.winner] += 1
                if count[trick.winner] == best:
                    return trick.winner
        return None

    def running_points(self, state: AluetteState) -> dict[str, dict[str, Fraction]]:
        won = self.tricks_won(state)
        return {side: {"tricks": Fraction(sum(won[s] for s in members))}
                for side, members in self.sides.items()}

    def score(self, state: AluetteState) -> HandResult:
        won = self.tricks_won(state)
        spoiled = sum(trick.winner is None for trick in state.tricks)
        parts = {side: {"tricks": Fraction(sum(won[s] for s in members)), "spoiled": Fraction(spoiled),
                        "unplayed": Fraction(self.hand_size() - len(state.tricks)),
                        "surrender": Fraction(0), "mordienne": Fraction(0), "most tricks": Fraction(0)}
                 for side, members in self.sides.items()}
        maker = self.mordienne(state)
        best = self.most_tricks(state)
        if state.accepted_by:
            parts[state.accepted_by]["surrender"] = Fraction(1)
            summary = i18n._("{side} accepted the surrender and scores 1; the hand was not played.").format(
                side=state.accepted_by)
        elif state.refused_by:
            offerer = next(side for side in self.sides if side != state.refused_by)
            if maker is not None and self.side_of(state, maker) == state.refused_by:
                parts[state.refused_by]["mordienne"] = Fraction(2)
                summary = i18n._("{seat} made the mordienne {side} owed after refusing the surrender: 2.").format(
                    seat=maker, side=state.refused_by)
            else:
                parts[offerer]["surrender"] = Fraction(2)
                summary = i18n._("{side} refused the surrender and made no mordienne: {offerer}, who offered it, "
                                 "scores 2.").format(side=state.refused_by, offerer=offerer)
        elif maker is not None:
            parts[self.side_of(state, maker)]["mordienne"] = Fraction(2)
            summary = i18n._("Mordienne: {seat} won none of tricks 1–6 and all of 7, 8 and 9: 2 for {side}.").format(
                seat=maker, side=self.side_of(state, maker))
        elif best is not None:
            side = self.side_of(state, best)
            parts[side]["most tricks"] = Fraction(1)
            tied = [seat for seat, n in won.items() if n == won[best] and seat != best]
            count = i18n.number(won[best])
            if tied:
                summary = i18n._("{seat} won most tricks, {count} ({tied} also won {count}, but {seat} got there "
                                 "first): 1 for {side}.").format(seat=best, count=count, tied=i18n.listed(tied),
                                                                 side=side)
            else:
                summary = i18n._("{seat} won most tricks, {count}: 1 for {side}.").format(seat=best, count=count,
                                                                                        side=side)

        else:
            summary = i18n._("Every trick was spoiled: nobody scores.")

        points = {side: part["surrender"] + part["mordienne"] + part["most tricks"] for side, part in parts.items()}
        return HandResult(points=points, score={side: int(v) for side, v in points.items()}, parts=parts,
                          summary=summary)

    # ----- the match ------------------------------------------------------------------------------
    def new_match(self, dealer: str = "N", totals: dict[str, int] | None = None, hands: int = 0) -> CountedMatch:
        return CountedMatch(totals=dict(totals) if totals else {side: 0 for side in self.sides},
                            dealer=dealer, hands=hands)

    def decided(self, totals: dict[str, int], hands: int) -> str | None:
        """The side that has won the match with these totals after ``hands`` hands, if any."""
        if self.options.match == "first_to_5":
            reached = [side for side, total in totals.items() if total >= 5]
            return max(reached, key=totals.__getitem__) if reached else None
        if hands >= 5 and len(set(totals.values())) > 1:
            return max(totals, key=totals.__getitem__)
        return None

    def settle(self, match: MatchState, result: HandResult) -> CountedMatch:
        settled = super().settle(match, result)
        hands = hands_played(match) + 1
        winner = self.decided(settled.totals, hands)
        return CountedMatch(totals=settled.totals, dealer=settled.dealer, results=settled.results,
                            over=winner is not None, winner=winner, hands=hands)

    def match_from_json(self, dealer: str, saved: dict[str, Any] | None) -> CountedMatch:
        """``{"NS": 2, "EW": 2, "hands": 4}``: the totals and the hands already played."""
        if saved is None:
            return self.new_match(dealer)
        totals, hands = counted_match(self.sides, saved, 2, '{"NS": 2, "EW": 2, "hands": 4}')
        winner = self.decided(totals, hands or 0)
        if winner is not None:
            told = (i18n._("The \"match\" is already over at {ns} to {ew}: {winner} has won it.") if hands is None else
                    i18n.ngettext("The \"match\" is already over at {ns} to {ew} after {hands} hand: {winner} has "
                                  "won it.",
                                  "The \"match\" is already over at {ns} to {ew} after {hands} hands: {winner} has "
                                  "won it.", hands))
            raise MatchError(told.format(ns=totals["NS"], ew=totals["EW"], hands=hands, winner=winner))
        return self.new_match(dealer, totals, hands or 0)

    def match_to_json(self, match: MatchState) -> dict[str, Any]:
        return {**match.totals, "hands": hands_played(match)}


def signalled(rules: TrickGame, signal: str) -> str:
    """What the gesture ``signal`` tells, the cards named as ``rules`` name them: "Monsieur (the 3 of
    coins)", "an ace"."""
    name, cards = CLASSES[_SIGNAL_CLASS[signal] - 1]
    if len(cards) == 1:
        return i18n.pgettext("aluette", "{card} ({name})").format(card=i18n.pgettext("aluette", name),
                                                                   name=rules.card_name(cards[0]))
    return i18n.pgettext("aluette", GESTURES[signal][0])
