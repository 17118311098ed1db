"""Le Quatre Sept (La Politaine, La Poule): the French-Canadian descendant of Tressette.

Sources: pagat.com, "Le Quatre Sept" (seed 000, after Lorraine Dube Barnes) for the game; the
variants it reports from the Wikibooks *Boîte à Jeux* page (redeal, signals, target 33 or 150)
and from the *Jeux de Cartes Inédites* blog (low-lead rule, politaine declared before the first
lead, target 200); the decisions in ``shared/rules.md`` §1 where the documents are silent or
disagree.

Decisions written down here:

* **Pack and ranking**: French 32 cards, in every suit 10 9 A K Q J 8 7; no trumps.
* **Values**: ace 1; 10, 9, king, queen and jack a third each; 8 and 7 nothing; last trick 1.
  Each side's thirds are dropped (floor), so a hand always scores 11 between the two sides.
* **First dealer**: drawn by cards (seed: "whoever draws the highest card"), compared by the
  game's own ranking, 10 high, then 9, ace, king, queen, jack, 8, 7 (rules.md §1.2); seats
  tied for highest draw again (:mod:`cardlab.draw`).  Scenarios keep their written dealer.
* **Deal**: packets of 3, 2 and 3, starting at the dealer's left and going clockwise (the seed
  does not say who receives the first packet); the dealer's left leads; the deal passes left.
* **Four sevens** are looked for right after the deal, before anything else: their holder's side
  wins the match at once (``HandResult.match_winner``); the hand is not played.
* **Politaine** (10, 9 and ace of one suit in one hand), written ``S declares politaine H``
  (``announces``, ``poule``, a suit name such as ``hearts``, or no suit when only one politaine
  may be declared, are read too).  It scores 11 for the holder's side when it was
  declared in time and its three cards won three consecutive tricks for the holder, in any order
  (the first may be won while following).  Not declared, or not consecutive: nothing.  Two
  politaines in one hand are declared and scored separately; several politaines may succeed,
  so a hand totals 11, 22 or more.
* **When to declare** (option): with its first card (pagat) — the declaration is offered while
  one of the three cards may be led or played to follow suit (a card thrown on another suit cannot
  win its trick), and the declarer must then play one of them; or before
  the first lead (JdCI), in a round of calls before play.  JdCI's holder does not name the suit;
  we name it, so that the log says which cards must win.
* **Calls before the first lead** happen only when a variant needs them: the seats that have
  something to say are asked in turn from the dealer's left (the others keep quiet, as at a real
  table); a seat that could speak may also ``pass``.
* **Redeal** (option, Wikibooks): a player dealt no 10, no 9 and no ace may say
  ``demands a redeal`` before the first lead; the cards are thrown in and the same dealer deals
  again, as a fresh logged deal.
* **Signals** (option, Wikibooks): as a player plays a card he may ``signals tap`` (lead this
  suit, partner) or ``signals slide`` (lead the other suit of the same colour); at most once a
  trick, just before his card.  They are logged and shown, never change legality.
* **Low-lead rule** (option, JdCI): after a trick whose four cards are worth less than a point,
  its winner must lead a card of the lowest rank he holds (7, else 8, else J …), any suit, free
  choice among equals.  Every trick by default (pagat's reading); another option limits it to
  the first trick (a possible reading of the blog).
* **Match**: to 31 (options 33, 150, 200).  After a hand, if a side has reached the target, the
  higher total wins; equal totals → deal again.  Every hand adds 11 (or 22 with a politaine) to
  the two totals together, so equal totals are multiples of 11: 33–33 is the tie the seed means.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from ... import i18n
from ...actions import Action, Call
from ...card_words import suit_name
from ...cards import FRENCH_32, Card
from ...draw import draw_for_dealer
from ...rules import DealerDraw, HandResult, Refusal, TrickGame, option
from ...state import State, Trick
from ..traits import GameTraits
from .concepts import CONCEPTS

ORDER = ("7", "8", "J", "Q", "K", "A", "9", "10")
STRENGTH = {rank: index for index, rank in enumerate(ORDER)}
THIRD = Fraction(1, 3)
VALUES = {"A": Fraction(1), "10": THIRD, "9": THIRD, "K": THIRD, "Q": THIRD, "J": THIRD}
POLITAINE = ("10", "9", "A")
POLITAINE_BONUS = 11
HIGH = frozenset(POLITAINE)
SIGNALS = ("tap", "slide")
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
BEFORE_PLAY = "announcements"
ALIASES = {"announces": "declares", "poule": "politaine"}
PHRASES = {"taps": "signals tap", "slides": "signals slide", "demands redeal": "demands a redeal",
           "asks for a redeal": "demands a redeal", "pass": "passes"}
WORDING = {"demands a redeal": i18n.mark("quatre_sept", "Demand a redeal"),
           "passes": i18n.mark("quatre_sept", "Pass"),
           "signals tap": i18n.mark("quatre_sept", "Signal tap (partner: lead this suit)"),
           "signals slide": i18n.mark("quatre_sept", "Signal slide (partner: lead the other suit of the same colour)")}


@dataclass(frozen=True)
class QuatreSeptOptions:
    target: int = option(31, i18n.mark("option", "Match target"), choices=(31, 33, 150, 200),
                         source="31 by pagat (seed 000); 33 or 150 by Wikibooks Boîte à Jeux; 200 by "
                                "Jeux de Cartes Inédites")
    politaine_announce: str = option("on_first_card", i18n.mark("option", "Politaine declared"),
                                     choices=("on_first_card", "before_first_lead"),
                                     words={"on_first_card": i18n.mark("option", "with its first card"),
                                            "before_first_lead": i18n.mark("option", "before the first lead")},
                                     source="with its first card: pagat (seed 000); before the first "
                                            "lead: Jeux de Cartes Inédites")
    redeal_no_high_cards: bool = option(False, i18n.mark("option", "Redeal for a hand without 10, 9 or ace"),
                                        choices=(False, True),
                                        source="Wikibooks Boîte à Jeux (seed 000)")
    signals: bool = option(False, i18n.mark("option", "Partner signals (tap, slide)"), choices=(False, True),
                           source="Wikibooks Boîte à Jeux (seed 000)")
    low_lead_rule: bool = option(False, i18n.mark("option", "Low lead after a trick worth less than a point"),
                                 choices=(False, True), source="Jeux de Cartes Inédites (seed 000)")
    low_lead_only_first_trick: bool = option(False, i18n.mark("option", "Low lead after the first trick only"),
                                             choices=(False, True),
                                             source="a reading of Jeux de Cartes Inédites [JdCI]")


class QuatreSept(TrickGame[State]):
    key = "quatre_sept"
    title = "Le Quatre Sept"
    traits = GameTraits(units="points", follows_suit=True, proxy_weight=Fraction(1),
                        club_style="cardlab.games.quatre_sept.club", concepts=CONCEPTS, lesson="quatre_sept.ipynb",
                        where=i18n.N_("French-speaking Canada"),
                        deal_features=("politaine", "four sevens", "low lead bites", "politaine made"),
                        signal_drills=("Read a tap or a slide",))
    pack = FRENCH_32
    deal_packets = (3, 2, 3)
    last_trick_bonus = Fraction(1)
    last_trick_local_name = "dernière levée"
    Options = QuatreSeptOptions
    options: QuatreSeptOptions

    @property
    def target(self) -> int:
        return self.options.target

    def strength(self, state: State | None, card: Card) -> int:
        return STRENGTH[card.rank]

    def card_points(self, card: Card) -> Fraction:
        return VALUES.get(card.rank, Fraction(0))

    def dealer_draw(self, rng: random.Random | int | None = None) -> DealerDraw:
        """Each seat draws a card; the highest by the game's ranking (10 high) deals first."""
        return draw_for_dealer(self.seats, self.pack, lambda card: self.strength(None, card), rng)

    # ----- the deal: four sevens, then the calls before the first lead ----------------------
    def four_sevens(self, state: State) -> str | None:
        """The seat dealt all four sevens, if the hand ended at the deal because of them."""
        if state.tricks or state.phase != "over":
            return None
        return next((seat for seat in self.seats
                     if sum(card is not None and card.rank == "7" for card in state.hand(seat)) == 4), None)

    def after_deal(self, state: State) -> State:
        for seat in self.seats:
            if sum(card.rank == "7" for card in state.cards_in_sight(seat)) == 4:
                return state.evolve(phase="over", to_act=None)
        return self._ask(state.evolve(phase=BEFORE_PLAY), self.play_order(self.first_leader(state)))

    def _ask(self, state: State, seats: tuple[str, ...]) -> State:
        """The first of ``seats`` with something to say before the first lead, else play."""
        for seat in seats:
            if self._before_play_calls(state, seat):
                return state.evolve(phase=BEFORE_PLAY, to_act=seat)
        leader = self.first_leader(state)
        return state.evolve(phase="play", to_act=leader, trick=Trick(leader))

    def _next_asked(self, state: State) -> State:
        order = self.play_order(self.first_leader(state))
        return self._ask(state, order[order.index(state.to_act) + 1:])

    def _before_play_calls(self, state: State, seat: str) -> list[str]:
        words = []
        if self.options.politaine_announce == "before_first_lead":
            words += [f"declares politaine {suit}" for suit in self.undeclared(state, seat)]
        if self.options.redeal_no_high_cards and not self.high_cards(state, seat):
            words.append("demands a redeal")
        return words

    def high_cards(self, state: State, seat: str) -> list[Card]:
        return [card for card in state.hand(seat) if card is not None and card.rank in HIGH]

    # ----- politaines ----------------------------------------------------------------------
    def politaines(self, hand: tuple[Card | None, ...]) -> list[str]:
        """The suits in which ``hand`` holds the 10, 9 and ace."""
        return [suit for suit in "SHDC" if all(Card(rank, suit) in hand for rank in POLITAINE)]

    def declared(self, state: State) -> list[tuple[str, str]]:
        """Every politaine declared so far, as (seat, suit)."""
        return [(call.seat, call.words.split()[-1]) for _, call in state.calls
                if call.words.startswith("declares politaine")]

    def undeclared(self, state: State, seat: str) -> list[str]:
        made = {suit for who, suit in self.declared(state) if who == seat}
        return [suit for suit in self.politaines(state.hand(seat)) if suit not in made]

    def pending(self, state: State, seat: str) -> str | None:
        """The suit of a politaine ``seat`` has just declared and must now start playing."""
        if self.options.politaine_announce != "on_first_card" or state.trick is None:
            return None
        if state.trick.card_of(seat) is not None:
            return None
        for number, call in reversed(state.calls):
            if number == len(state.tricks) and call.seat == seat and call.words.startswith("declares politaine"):
                return call.words.split()[-1]
        return None

    def calls_naming(self, state: State, card: Card) -> list[Call]:
        """A politaine's declaration for a click on its 10, 9 or ace: no other call of this game
        names a card."""
        return [call for call in self.legal_calls(state)
                if call.words == f"declares politaine {card.suit}" and card.rank in POLITAINE]

    def politaine_won(self, state: State, seat: str, suit: str) -> bool:
        """Did the 10, 9 and ace of ``suit`` win three consecutive tricks for ``seat``?"""
        cards = {Card(rank, suit) for rank in POLITAINE}
        numbers = [n for n, trick in enumerate(state.tricks)
                   if trick.card_of(seat) in cards and trick.winner == seat]
        return len(numbers) == 3 and numbers[2] - numbers[0] == 2

    def suggested_card(self, view: State) -> Card | None:
        """Lead on with a declared politaine while its cards have won every trick so far, the ace
        first (its trick is worth a point, whatever falls on it)."""
        seat = view.to_act
        if seat is None or view.phase != "play" or view.trick_on_table.plays:
            return None
        legal = self.legal_cards(view, seat)
        for who, suit in self.declared(view):
            cards = {Card(rank, suit) for rank in POLITAINE}
            played = [n for n, trick in enumerate(view.tricks) if trick.card_of(seat) in cards]
            going = all(view.tricks[n].winner == seat for n in played) and (
                not played or played[-1] == len(view.tricks) - 1)
            left = [card for card in legal if card in cards]
            if who == seat and going and left:
                return max(left, key=self.card_points)
        return None

    def politaine_points(self, state: State) -> dict[str, int]:
        points = {side: 0 for side in self.sides}
        for seat, suit in self.declared(state):
            if self.politaine_won(state, seat, suit):
                points[self.side_of(state, seat)] += POLITAINE_BONUS
        return points

    # ----- calls ---------------------------------------------------------------------------
    def legal_calls(self, state: State) -> list[Call]:
        seat = state.to_act
        if seat is None:
            return []
        if state.phase == BEFORE_PLAY:
            words = self._before_play_calls(state, seat)
            return [Call(seat, w) for w in words + ["passes"]]
        if state.phase != "play":
            return []
        calls = []
        if self.options.politaine_announce == "on_first_card" and self.pending(state, seat) is None:
            playable = set(self.legal_cards(state, seat))
            trick = state.trick_on_table
            led = self.suit_of(state, trick.plays[0][1]) if trick.plays else None
            calls += [Call(seat, f"declares politaine {suit}") for suit in self.undeclared(state, seat)
                      if led in (None, suit) and any(Card(rank, suit) in playable for rank in POLITAINE)]
        if self.options.signals and not self._signalled(state, seat):
            calls += [Call(seat, f"signals {signal}") for signal in SIGNALS]
        return calls

    def _signalled(self, state: State, seat: str) -> bool:
        return any(n == len(state.tricks) and c.seat == seat and c.words.startswith("signals")
                   for n, c in state.calls)

    def spelled(self, state: State, action: Action) -> Action:
        """A call in its logged words: ``announces`` reads as ``declares``, ``poule`` as
        ``politaine``, a suit may be named in full (``hearts``) or left out when only one
        politaine may be declared; ``taps``, ``slides`` and ``demands redeal`` are read too."""
        if not isinstance(action, Call):
            return action
        words = [ALIASES.get(w.lower(), w) for w in action.words.split()]
        text = PHRASES.get(" ".join(words).lower(), " ".join(words))
        if text.lower().startswith("declares politaine"):
            named = text.split()[2:]
            letters = {name: letter for letter, name in self.pack.suit_names.items()}
            if len(named) == 1 and named[0].lower() in letters:
                text = f"declares politaine {letters[named[0].lower()]}"
            offered = [c.words for c in self.legal_calls(state) if c.words.startswith("declares politaine")]
            if not named and len(offered) == 1:
                text = offered[0]
        return Call(action.seat, text)

    def why_illegal(self, state: State, action: Action) -> Refusal | None:
        return super().why_illegal(state, self.spelled(state, action))

    def apply(self, state: State, action: Action, *, check: bool = True) -> State:
        return super().apply(state, self.spelled(state, action), check=check)

    def apply_call(self, state: State, call: Call) -> State:
        if call.words == "demands a redeal":
            return state.evolve(phase="deal", to_act=state.dealer, hands=tuple(() for _ in self.seats),
                                trick=None, calls=(), deal=None)
        if call.words == "passes":
            return self._next_asked(state)
        state = super().apply_call(state, call)
        if state.phase == BEFORE_PLAY and self._before_play_calls(state, call.seat) == []:
            return self._next_asked(state)
        return state

    def call_refusal(self, state: State, call: Call) -> str:
        seat, words = call.seat, call.words.split()
        if not words:
            return Refusal(self.rule("calls"), i18n._(
                "{seat} says nothing: a call needs its words, such as \"passes\" or \"declares politaine H\".").format(
                seat=seat))
        verb = words[0].lower()
        if verb == "declares" and words[1:2] and words[1].lower() == "politaine":
            return self._politaine_refusal(state, seat, words[2] if len(words) == 3 else "")
        if verb == "demands":
            redeal = self.rule("redeal")
            if not self.options.redeal_no_high_cards:
                return Refusal(redeal, i18n._("Redeals are not being played: turn on the redeal option."))
            high = self.high_cards(state, seat)
            if high:
                return Refusal(redeal, i18n._("Only a player dealt no 10, no 9 and no ace may demand a redeal, and "
                                              "{seat} holds {cards}.").format(seat=seat, cards=self.names(high)))
            return Refusal(redeal, i18n._("A redeal may only be demanded before the first card is led."))
        if verb == "passes":
            return Refusal(self.rule("announcements"),
                           i18n._("Passing is for the calls before the first lead, and they are over."))
        if verb == "signals":
            signals = self.rule("signals")
            if not self.options.signals:
                return Refusal(signals, i18n._("Signals are not being played: turn on the signals option."))
            if state.phase != "play":
                return Refusal(signals, i18n._("Signals are given with a card, once play has begun."))
            if words[-1].lower() not in SIGNALS:
                return Refusal(signals, i18n.pgettext("quatre_sept", "The signals are tap (lead this suit) and "
                                                      "slide (lead the other suit of the same colour)."))
            return Refusal(signals, i18n.pgettext("quatre_sept", "{seat} has already signalled in this trick.").format(
                seat=seat))
        return super().call_refusal(state, call)

    def _politaine_refusal(self, state: State, seat: str, suit: str) -> Refusal:
        politaine, first_card = self.rule("politaine"), self.rule("politaine-first-card")
        suit = suit.upper()
        if suit not in SAME_COLOUR:
            return Refusal(politaine, i18n._("Name the suit of the politaine by its letter: S, H, D or C "
                                             "(\"declares politaine H\")."))
        name = suit_name(self.pack, suit)
        if (seat, suit) in self.declared(state):
            return Refusal(politaine, i18n._("{seat} has already declared the politaine of {suit}.").format(
                seat=seat, suit=name))
        if suit not in self.politaines(state.hand(seat)):
            return Refusal(politaine, i18n._(
                "{seat} cannot declare a politaine in {suit}: it takes the 10, 9 and ace of {suit} in one hand, "
                "before any of them is played.").format(seat=seat, suit=name))
        if self.options.politaine_announce == "before_first_lead":
            return Refusal(self.rule("politaine-before-lead"), i18n._(
                "In this variant a politaine is declared before the first lead, and play has begun."))
        pending = self.pending(state, seat)
        if pending is not None:
            return Refusal(first_card, i18n._(
                "{seat} has just declared the politaine of {suit} and must now play one of its cards.").format(
                seat=seat, suit=suit_name(self.pack, pending)))
        return Refusal(first_card, i18n._("A politaine is declared as its first card is led or follows suit, and "
                                          "{seat} may not play the 10, 9 or ace of {suit} that way now.").format(
            seat=seat, suit=name))

    # ----- legal cards: a declared politaine, the low-lead rule ------------------------------
    def low_lead_due(self, state: State) -> Fraction | None:
        """The value of the last trick when the low-lead rule binds its winner's lead, else None."""
        if not self.options.low_lead_rule or not state.tricks or state.trick is None or state.trick.plays:
            return None
        if self.options.low_lead_only_first_trick and len(state.tricks) != 1:
            return None
        worth = self.trick_points(state.tricks[-1])
        return worth if worth < 1 else None

    def legal_cards(self, state: State, seat: str) -> list[Card]:
        cards = super().legal_cards(state, seat)
        if self.low_lead_due(state) is not None:
            lowest = min(self.strength(state, card) for card in cards)
            cards = [card for card in cards if self.strength(state, card) == lowest]
        pending = self.pending(state, seat)
        if pending is not None:
            cards = [card for card in cards if card.suit == pending and card.rank in HIGH]
        return cards

    def refusal(self, state: State, seat: str, card: Card) -> str:
        pending = self.pending(state, seat)
        allowed = self.legal_cards(state, seat)
        if pending is not None:
            return Refusal(self.rule("politaine-first-card"), i18n._(
                "{seat} declared the politaine of {suit}, so the card played with it must be one of them: "
                "{cards}.").format(seat=seat, suit=suit_name(self.pack, pending), cards=self.names(allowed)))
        worth = self.low_lead_due(state)
        if worth is not None:
            return Refusal(self.rule("low-lead"), i18n._(
                "The last trick was worth only {worth} of a point, so its winner must lead a card of his lowest "
                "rank: {cards}.").format(worth=i18n.number(worth), cards=self.names(allowed)))
        return super().refusal(state, seat, card)

    def describe_call(self, call: Call) -> str:
        """"Declare the politaine of hearts", "Demand a redeal", "Pass", "Signal tap (partner:
        lead this suit)"; the other spellings the log reads are worded the same."""
        words = [ALIASES.get(w.lower(), w.lower()) for w in call.words.split()]
        text = PHRASES.get(" ".join(words), " ".join(words))
        if text.startswith("declares politaine"):
            named = text.split()[2:]
            letters = {name: letter for letter, name in self.pack.suit_names.items()}
            suit = letters.get(named[0], named[0].upper()) if len(named) == 1 else None
            if suit in self.pack.suit_names:
                return i18n._("Declare the politaine of {suit}").format(suit=suit_name(self.pack, suit))
            if not named:
                return i18n._("Declare a politaine")
        return i18n.pgettext("quatre_sept", WORDING[text]) if text in WORDING else super().describe_call(call)

    # ----- what the table shows ------------------------------------------------------------
    def badges(self, state: State, seat: str) -> tuple[str, ...]:
        shown = [i18n._("politaine {suit}").format(suit=suit_name(self.pack, suit))
                 for who, suit in self.declared(state) if who == seat]
        for number, call in state.calls:
            if call.seat != seat or not call.words.startswith("signals") or number < len(state.tricks) - 1:
                continue
            signal = call.words.split()[-1]
            trick = state.tricks[number] if number < len(state.tricks) else state.trick
            card = trick.card_of(seat) if trick is not None else None
            if card is None:
                shown.append(signal)
            else:
                suit = card.suit if signal == "tap" else SAME_COLOUR[card.suit]
                shown.append(i18n.pgettext("quatre_sept", "{signal}: lead {suit}").format(
                    signal=signal, suit=suit_name(self.pack, suit)))
        return tuple(shown)

    def status(self, state: State) -> str:
        if state.phase == BEFORE_PLAY:
            seat = state.seat_to_act
            said = [text[:1].lower() + text[1:]
                    for text in (self.describe_call(Call(seat, w)) for w in self._before_play_calls(state, seat))]
            what = said[0] if len(said) == 1 else i18n.pgettext("list", "{first} or {last}").format(
                first=", ".join(said[:-1]), last=said[-1])

            return i18n._("Before the first lead: {seat} may {calls}, or pass.").format(seat=state.to_act,
                                                                                      calls=what)

        if self.four_sevens(state):
            return i18n._("The hand is over: four sevens were dealt.")

        return super().status(state)

    def phase_refusal(self, state: State, action: Action) -> str:
        calls = " or ".join(self._before_play_calls(state, state.seat_to_act))  # the calls' own words
        return Refusal(self.rule("announcements"), i18n._(
            "No card is led yet: before the first lead {seat} may {calls}, or pass.").format(
            seat=state.to_act, calls=calls))

    # ----- scoring -------------------------------------------------------------------------
    def running_points(self, state: State) -> dict[str, dict[str, Fraction]]:
        parts = super().running_points(state)
        bonus = self.politaine_points(state)
        for side in parts:
            parts[side]["politaine"] = Fraction(bonus[side])
        return parts

    def score(self, state: State) -> HandResult:
        holder = self.four_sevens(state)
        if holder is not None:
            side = self.side_of(state, holder)
            return HandResult(points={s: Fraction(0) for s in self.sides}, score={s: 0 for s in self.sides},
                              parts={s: {} for s in self.sides}, match_winner=side,
                              summary=i18n._("{seat} was dealt all four sevens: {side} win the match at "
                                             "once.").format(seat=self.seat_name(holder), side=side))
        running = self.running_points(state)
        points, score, parts = {}, {}, {}
        for side, part in running.items():
            counted = part["cards"] + part["last trick"]
            kept = floor(counted)
            parts[side] = {"cards": part["cards"], "last trick": part["last trick"],
                           "fraction dropped": Fraction(kept) - counted, "politaine": part["politaine"]}
            points[side] = counted + part["politaine"]
            score[side] = kept + int(part["politaine"])
        last = self.last_trick_side(state)
        story = [i18n._("{scores}; last trick {side}.").format(
            scores=", ".join(f"{side} {i18n.number(score[side])}" for side in score), side=last)]
        for seat, suit in self.declared(state):
            said = {"seat": self.seat_name(seat), "suit": suit_name(self.pack, suit)}
            if self.politaine_won(state, seat, suit):
                story.append(i18n._("{seat}'s politaine of {suit}: +{bonus} to {side}.").format(
                    **said, bonus=i18n.number(POLITAINE_BONUS), side=self.side_of(state, seat)))
            else:
                story.append(i18n._("{seat}'s politaine of {suit} did not win three tricks running: no "
                                    "bonus.").format(**said))

        return HandResult(points=points, score=score, parts=parts, last_trick=last, summary=" ".join(story))

    def match_winner(self, totals: dict[str, int], result: HandResult) -> str | None:
        if max(totals.values()) < self.target:
            return None
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        return leaders[0] if len(leaders) == 1 else None
