"""Tressette: the Italian four-player partnership game of thirds.

Sources: the VIP Games help page (seed 004) for the rules of play and the match; the decisions in
``shared/rules.md`` §5 for everything that page leaves out or gets wrong.

Decisions written down here:

* **Card values** (missing from the seed): ace 1; 3, 2, king, knight and jack a third each
  ("figure"); 7 to 4 nothing; last trick 1.  Raw total 11⅔.
* **Fractions are dropped** (floor) when the hand is scored.  The seed's example "5⅔ scores 6"
  is an error: rounding to the nearest would make the two sides' scores add to 12 in some hands,
  while the same page says they always make 11; Italian sources simply drop the thirds.
* Play and deal **counter-clockwise**: 5 then 5 cards each from the dealer's right; the dealer's
  right leads; the deal passes to the right.  Follow suit if you can, no need to beat.
* **Match**: first side to the target (21; 31 by default with declarations); both over → the
  higher total; equal → the side that won the last trick of that hand (seed).
* **Declarations** (option): napoletana (3, 2, A of one suit) 3; three 3s, 2s or aces 3; all
  four 4.  A card may count in two combinations (an ace in a napoletana and in three aces): the
  "several declarations" of the Italian sources, our reading.
* **When declarations are made** (option ``declare``, rules.md §5b).  ``"automatic"`` (the
  default; the seed: "announced automatically during the first trick"): when a seat comes to
  play its first card, every combination it holds is announced and scored for its side at once.
  ``"by hand"`` (as played in many Italian circles): each player may declare at his turn during
  the first trick, before his card; what he does not declare is lost.
* **How an automatic declaration is logged.**  The log is the truth, so the declarations must be
  in it: a :class:`Play` cannot write a second log entry, and a state that scored combinations
  nobody logged would not replay from the text.  So at a seat's first card, while it holds a
  combination not yet declared, its only legal actions are those declarations (*forced calls*,
  :meth:`Tressette.forced_calls`): the table and the bots perform them at once, and the log
  reads ``W declares three 2s`` just before ``W plays …``, as by hand.  A card played before them
  is refused with a sentence naming the declarations due.  An explicit declaration written just
  before the seat's first card is the same forced call, so older scenarios replay unchanged and
  nothing is counted twice.
* **First lead** option: the holder of the 4 of coins instead of the dealer's right.
* **Signals** option: the leader of a trick may say *busso* (knock: play your best in this suit),
  *volo* (fly: this was my last card of the suit) or *striscio* (slide: our reading, I hold more of
  this suit; the sources differ).  They are logged and shown, never change legality.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any
from fractions import Fraction

from ... import i18n
from ...actions import Call
from ...card_words import of_suit
from ...cards import ITALIAN_40, Card
from ...rules import COUNTER_CLOCKWISE, HandResult, Refusal, TrickGame, option
from ...state import State
from ..traits import GameTraits
from .concepts import CONCEPTS

ORDER = ("4", "5", "6", "7", "J", "Kn", "K", "A", "2", "3")
STRENGTH = {rank: index for index, rank in enumerate(ORDER)}
THIRD = Fraction(1, 3)
VALUES = {"A": Fraction(1), "3": THIRD, "2": THIRD, "K": THIRD, "Kn": THIRD, "J": THIRD}
SIGNALS = ("busso", "volo", "striscio")
SETS = {"3": "3s", "2": "2s", "A": "aces"}
# the sets a hand may declare, in words (the glossary's "accusi")
SET_PHRASES = {("three", "3s"): i18n.mark("tressette", "three threes"),
               ("four", "3s"): i18n.mark("tressette", "four threes"),
               ("three", "2s"): i18n.mark("tressette", "three twos"),
               ("four", "2s"): i18n.mark("tressette", "four twos"),
               ("three", "aces"): i18n.mark("tressette", "three aces"),
               ("four", "aces"): i18n.mark("tressette", "four aces")}
SIGNAL_MEANINGS = {"busso": i18n.mark("tressette", "play your best in this suit"),
                   "volo": i18n.mark("tressette", "that was my last card of this suit"),
                   "striscio": i18n.mark("tressette", "I hold more of this suit")}


@dataclass(frozen=True)
class TressetteOptions:
    target: int | None = option(None, i18n.mark("option", "Match target"), choices=(None, 21, 31, 41, 51),
                                source="21 by the seed; 31, 41 or 51 with declarations [Treccani] [ludopoli]")
    declarations: bool = option(False, i18n.mark("option", "Declarations (napoletana, three or four of a kind)"),
                                choices=(False, True), source="seed 004, \"Declarations\" option")
    first_lead: str = option("dealer_right", i18n.mark("option", "First lead"),
                             choices=("dealer_right", "four_of_coins"),
                             words={"dealer_right": i18n.mark("option", "the player on the dealer's right"),
                                    "four_of_coins": i18n.mark("option", "the holder of the 4 of coins")},
                             source="holder of the 4 of coins [biska] [tresette.it]")
    signals: bool = option(False, i18n.mark("option", "Leader's signals (busso, volo, striscio)"),
                           choices=(False, True),
                           source="[Treccani] [sapere] [gamerules-tressette]")
    declare: str = option("automatic", i18n.mark("option", "Declarations made"), choices=("automatic", "by hand"),
                          words={"automatic": i18n.mark("option", "automatically"),
                                 "by hand": i18n.mark("option", "by hand")},
                          source="automatically during the first trick: seed 004; by hand: many "
                                 "Italian circles (rules.md §5b)")


def declaration_value(words: str) -> int:
    """Points of a declaration call such as ``declares four 3s``."""
    return 4 if words.split()[1] == "four" else 3


class Tressette(TrickGame[State]):
    key = "tressette"
    title = "Tressette"
    traits = GameTraits(units="points", follows_suit=True, proxy_weight=Fraction(1),
                        club_style="cardlab.games.tressette.club", concepts=CONCEPTS, lesson="tressette.ipynb",
                        where=i18n.N_("Italy"),
                        deal_features=("napoletana", "three of a kind", "four of a kind"),
                        signal_drills=("Read a signal", "Signal a lead"))
    pack = ITALIAN_40
    direction = COUNTER_CLOCKWISE
    deal_packets = (5, 5)
    last_trick_bonus = Fraction(1)
    last_trick_local_name = "ultima"
    Options = TressetteOptions
    options: TressetteOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.calls_in_play = self.options.declarations or self.options.signals
        self.forces_calls = self.options.declarations and self.options.declare == "automatic"

    @property
    def target(self) -> int:
        if self.options.target is not None:
            return self.options.target
        return 31 if self.options.declarations else 21

    def strength(self, state: State, card: Card) -> int:
        return STRENGTH[card.rank]

    def card_points(self, card: Card) -> Fraction:
        return VALUES.get(card.rank, Fraction(0))

    def first_leader(self, state: State) -> str:
        if self.options.first_lead == "four_of_coins":
            four = Card("4", "D")
            return next(seat for seat in self.seats if four in state.hand(seat))
        return self.seat_after[state.dealer]

    # ----- declarations and signals --------------------------------------------------------
    def combinations(self, hand: tuple[Card, ...]) -> list[str]:
        """The declarations a ten-card hand holds, as call words."""
        found = []
        for suit in "SHDC":
            if all(Card(rank, suit) in hand for rank in ("3", "2", "A")):
                found.append(f"declares napoletana {suit}")
        for rank, plural in SETS.items():
            count = sum(card.rank == rank for card in hand)
            if count >= 3:
                found.append(f"declares {'four' if count == 4 else 'three'} {plural}")
        return found

    def forced_calls(self, state: State) -> list[Call]:
        """The declarations the seat to act must make now: with automatic declarations, at its
        first card, every combination it holds and has not declared yet.  Until they are made it
        may play no card, so the table and the bots make them at once."""
        if not self.options.declarations or self.options.declare != "automatic":
            return []
        if state.phase != "play" or state.tricks or state.trick is None:
            return []
        seat = state.seat_to_act
        made = {call.words for call in state.calls_by(seat)}
        return [Call(seat, words) for words in self.combinations(state.cards_in_sight(seat)) if words not in made]

    def suggested_call(self, view: State) -> Call | None:
        forced = self.forced_calls(view)
        return forced[0] if forced else None

    def legal_calls(self, state: State) -> list[Call]:
        if not self.calls_in_play or state.phase != "play":
            return []
        forced = self.forced_calls(state)
        if forced:
            return forced
        seat = state.seat_to_act
        calls = []
        if self.options.declarations and not state.tricks:
            made = {call.words for call in state.calls_by(seat)}
            calls += [Call(seat, words) for words in self.combinations(state.cards_in_sight(seat))
                      if words not in made]
        if self.options.signals and not state.trick_on_table.plays:
            if not any(n == len(state.tricks) and c.seat == seat and c.words.startswith("signals")
                       for n, c in state.calls):
                calls += [Call(seat, f"signals {signal}") for signal in SIGNALS]
        return calls

    def calls_naming(self, state: State, card: Card) -> list[Call]:
        """The declarations ``card`` belongs to (its napoletana, its three or four of a kind), so
        that a click on any card of a combination declared by hand stands for the declaration.
        (Only declarations show cards: the words "four 2s" must not name the 2 of swords.)"""
        return [call for call in self.legal_calls(state) if card in self.declared_cards(state, call)]

    def declared_cards(self, state: State, call: Call) -> list[Card]:
        """The cards of the hand a declaration shows; none for any other call."""
        words = call.words.split()
        if len(words) != 3 or words[0] != "declares":
            return []
        hand = [card for card in state.hand(call.seat) if card is not None]
        if words[1] == "napoletana":
            return [card for card in hand if card.suit == words[2] and card.rank in ("3", "2", "A")]
        rank = next((rank for rank, plural in SETS.items() if plural == words[2]), None)
        return [card for card in hand if card.rank == rank]

    def declarations_due(self, seat: str, forced: list[Call]) -> Refusal:
        """The refusal of anything but the automatic declarations ``seat`` owes now."""
        owed = [self.declaration_phrase(call.words[len("declares "):]) or call.words for call in forced]
        return Refusal(self.rule("declare-first-trick"), i18n._(
            "Declarations are automatic: {seat} first declares {declarations}, then plays his first card.").format(
            seat=seat, declarations=i18n.listed(owed)))

    def refusal(self, state: State, seat: str, card: Card) -> str:
        forced = self.forced_calls(state)
        if forced:
            return self.declarations_due(seat, forced)
        return super().refusal(state, seat, card)

    def call_refusal(self, state: State, call: Call) -> str:
        words = call.words.split()
        if not words:
            return Refusal(self.rule("calls"), i18n._(
                "{seat} says nothing: a call needs its words, such as \"declares napoletana D\" or \"signals "
                "busso\".").format(seat=call.seat))
        verb = words[0].lower()
        forced = self.forced_calls(state)
        if forced and verb != "declares":
            return self.declarations_due(call.seat, forced)
        if verb == "declares":
            declarations = self.rule("declarations")
            if not self.options.declarations:
                return Refusal(declarations,
                               i18n._("Declarations are not being played: turn on the declarations option."))
            if state.tricks:
                return Refusal(self.rule("declare-first-trick"),
                               i18n._("Declarations are made during the first trick only."))
            if call.words.casefold() in {c.words.casefold() for c in state.calls_by(call.seat)}:
                return Refusal(declarations, i18n._("{seat} has already declared that.").format(seat=call.seat))
            return Refusal(declarations, i18n.pgettext(
                "tressette", "{seat} cannot declare \"{combination}\": a declaration is a napoletana (3, 2 and "
                "ace of one suit, e.g. \"declares napoletana D\") or three or four 3s, 2s or aces held in the "
                "hand (\"declares three aces\").").format(seat=call.seat, combination=" ".join(words[1:])))
        if verb == "signals":
            signals = self.rule("signals")
            if not self.options.signals:
                return Refusal(signals, i18n._("Signals are not being played: turn on the signals option."))
            if state.trick_on_table.plays:
                return Refusal(signals, i18n.pgettext("tressette",
                                                      "Only the player leading a trick may signal, as he leads."))
            if words[-1].lower() not in SIGNALS:
                return Refusal(signals, i18n.pgettext("tressette", "The signals are busso, volo and striscio."))
            return Refusal(signals, i18n.pgettext("tressette", "{seat} has already signalled to this trick.").format(
                seat=call.seat))
        return super().call_refusal(state, call)

    # ----- words for the learner -----------------------------------------------------------
    def declaration_phrase(self, combination: str) -> str | None:
        """A combination in words: "napoletana D" → "the napoletana of coins", "three 3s" →
        "three threes"; None for words that name no combination."""
        parts = combination.split()
        if len(parts) != 2:
            return None
        first, second = parts[0].lower(), parts[1]
        if first == "napoletana" and second.upper() in self.pack.suit_names:
            return i18n.pgettext("tressette", "the napoletana {of_suit}").format(
                of_suit=of_suit(self.pack, second.upper()))
        phrase = SET_PHRASES.get((first, second.lower()))
        return None if phrase is None else i18n.pgettext("tressette", phrase)

    def describe_call(self, call: Call) -> str:
        """"Declare the napoletana of coins", "Declare three aces", "Signal busso (play your
        best in this suit)"."""
        words = call.words.split()
        verb = words[0].lower() if words else ""
        if verb == "declares":
            phrase = self.declaration_phrase(" ".join(words[1:]))
            if phrase is not None:
                return i18n.pgettext("tressette", "Declare {declaration}").format(declaration=phrase)
        if verb == "signals" and len(words) == 2 and words[1].lower() in SIGNALS:
            signal = words[1].lower()
            return i18n.pgettext("tressette", "Signal {signal} ({meaning})").format(
                signal=signal, meaning=i18n.pgettext("tressette", SIGNAL_MEANINGS[signal]))

        return super().describe_call(call)

    def declared(self, state: State, side: str) -> int:
        return sum(declaration_value(call.words) for _, call in state.calls
                   if call.words.startswith("declares") and self.side_of(state, call.seat) == side)

    def badges(self, state: State, seat: str) -> tuple[str, ...]:
        shown = []
        for number, call in state.calls:
            if call.seat != seat:
                continue
            if call.words.startswith("declares"):
                combination = call.words[len("declares "):]
                shown.append(i18n.pgettext("tressette", "declared {declaration}").format(
                    declaration=self.declaration_phrase(combination) or combination))

            elif number == len(state.tricks) and state.trick is not None:
                shown.append(call.words.split()[-1])
        return tuple(shown)

    # ----- scoring -------------------------------------------------------------------------
    def running_points(self, state: State) -> dict[str, dict[str, Fraction]]:
        parts = super().running_points(state)
        for side in parts:
            parts[side]["declarations"] = Fraction(self.declared(state, side))
        return parts

    def score(self, state: State) -> HandResult:
        """The parts of :meth:`running_points`, counted in whole thirds (integers; see
        :meth:`TrickGame.in_points`): every random hand is scored, and Fraction sums were most of it."""
        scale = self.scaled_points[1]
        last = self.last_trick_side(state)
        bonus = self.last_trick_bonus.numerator * scale // self.last_trick_bonus.denominator
        points, score, parts = {}, {}, {}
        in_points = self.points_made.__getitem__
        for side, cards in self.card_units_by_side(state).items():
            counted = cards + bonus if side == last else cards
            kept = counted // scale  # the fraction of a point dropped
            declared = self.declared(state, side) if state.calls else 0
            parts[side] = {"cards": in_points(cards), "last trick": in_points(counted - cards),
                           "fraction dropped": in_points(kept * scale - counted),
                           "declarations": in_points(declared * scale)}
            points[side] = in_points(counted + declared * scale)
            score[side] = kept + declared
        return HandResult(points=points, score=score, parts=parts, last_trick=last,
                          summary=partial(self.summary_words, score, last))

    def summary_words(self, score: dict[str, int], last: str | None) -> str:
        """A hand's result in one sentence ("NS 6, EW 5; last trick EW."), made when it is read."""
        return i18n._("{scores}; last trick {side}.").format(
            scores=", ".join(f"{side} {i18n.number(score[side])}" for side in score), side=last)

    def match_winner(self, totals: dict[str, int], result: HandResult) -> str | None:
        reached = [side for side, total in totals.items() if total >= self.target]
        if not reached:
            return None
        best = max(totals[side] for side in reached)
        leaders = [side for side in reached if totals[side] == best]
        return leaders[0] if len(leaders) == 1 else result.last_trick
