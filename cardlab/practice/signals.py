"""Signals drilled both ways: read a signal, or choose the signals a hand should make.

Aluette: see a gesture and name the cards it shows; hold a dealt hand and say which gestures it
may make.  The gestures and their card classes are the game's own table
(:data:`cardlab.games.aluette.GESTURES`, the classes of :data:`~cardlab.games.aluette.CLASSES`);
which gestures a hand may make is asked of the rules (``legal_calls`` with signals on), and each is
worded by ``rules.describe``.

Tressette (signals on): read what the leader's busso, volo or striscio tells, and choose the true
one of volo and striscio for a lead from a dealt hand.  Le Quatre Sept (signals on): read which
suit a tap or a slide asks for.  Their meanings are the games' own tables.

Every drill carries ``choices``, the answers a widget offers as buttons: (label, value) pairs
whose values :meth:`SignalDrill.check` reads.  Its sentences and labels are said in the current
language (the gestures and signals in their game's words); the values, and which question a seed
asks, are the same in every language.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from ..card_words import suit_name
from ..cards import Card
from ..games.aluette.rules import CLASSES, GESTURES, Aluette, signalled
from ..games import GAMES, get_rules, traits
from ..games.quatre_sept.rules import SAME_COLOUR, QuatreSept
from ..games.quatre_sept.rules import SIGNALS as TAP_SLIDE
from ..games.tressette.rules import SIGNAL_MEANINGS, Tressette
from ..i18n import N_, _, mark, ngettext, pgettext
from ..rules import TrickGame
from .common import Played, check_seed, play, rules_for
from .quiz import Feedback

SIGNALS_ON = {"signals": "open"}


@dataclass(frozen=True)
class SignalDrill:
    """One question: ``kind`` is ``"read"`` (a gesture: which cards does it show? ``answer`` card
    codes) or ``"make"`` (a hand: which gestures may it make? ``answer`` signal words such as
    ``"monsieur"``, the words of ``S signals monsieur``); ``scenario`` shows the hand for "make"."""

    kind: str
    question: str
    answer: tuple[str, ...]
    explanation: str
    seat: str | None = None
    scenario: dict[str, Any] | None = None
    game: str = Aluette.key
    choices: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "kind": self.kind, "question": self.question}
        if self.scenario is not None:
            data["scenario"] = self.scenario
            data["seat"] = self.seat
        return {**data, "answer": list(self.answer), "explanation": self.explanation}

    def answer_labels(self) -> list[str]:
        """The answer in the words of its choices ("Petit Neuf (the 9 of coins)"), else as codes."""
        expected = {a.casefold() for a in self.answer}
        labels = [label for label, value in self.choices if {v.casefold() for v in value.split(",")} <= expected]
        return labels or list(self.answer)

    def check(self, given: Any) -> Feedback:
        """Compare the learner's card codes or signal words, in any order and case; reading an
        ace's gesture, any ace is right."""
        words = given.split(",") if isinstance(given, str) else given
        try:
            said = {str(word).strip().casefold() for word in words}
        except TypeError:
            said = set()
        expected = {a.casefold() for a in self.answer}
        right = bool(said) and said <= expected if self.kind == "read" else said == expected
        if right:
            return Feedback(True, _("Right. {explanation}").format(explanation=self.explanation))
        shown = ", ".join(self.answer_labels()) or pgettext("aluette", "none")
        return Feedback(False, _("Not quite: the answer is {answer}. {explanation}").format(
            answer=shown, explanation=self.explanation))


def class_of_gesture(word: str) -> tuple[str, tuple[Card, ...]]:
    """The class a signal word shows: "monsieur" → Monsieur and its card, "ace" → the aces."""
    name = GESTURES[word][0]
    return next((cls, cards) for cls, cards in CLASSES if cls == name or (word == "ace" and cls == "aces"))


def gesture(word: str) -> str:
    """The gesture of the signal ``word`` in the current language: "a wink", "un clin d'œil"."""
    return pgettext("aluette", GESTURES[word][1])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def gesture_drill(seed: int = 0) -> SignalDrill:
    """See a gesture, name the cards it shows."""
    check_seed(seed)
    rules = rules_for(Aluette.key, SIGNALS_ON)
    word = random.Random(f"{Aluette.key}|read|{seed}").choice(list(GESTURES))
    _name, cards = class_of_gesture(word)
    shown = pgettext("aluette", GESTURES[word][0])
    return SignalDrill("read", pgettext("aluette", "Your partner makes this gesture: {gesture}. Which card does "
                                                   "it show?").format(gesture=gesture(word)),
                       tuple(str(card) for card in cards),
                       pgettext("aluette", "{gesture} shows {card}: {cards}.").format(
                           gesture=capital(gesture(word)), card=shown,
                           cards=either(rules.card_name(card) for card in cards)),
                       choices=tuple(class_choice(rules, other) for other in GESTURES))


def class_choice(rules: TrickGame, word: str) -> tuple[str, str]:
    """A gesture's card class as a choice: ("Monsieur (the 3 of coins)", "3D"), ("an ace", "AD,AH,AS,AC")."""
    _name, cards = class_of_gesture(word)
    return signalled(rules, word), ",".join(str(card) for card in cards)


def either(names: Iterable[str]) -> str:
    """"the ace of coins, the ace of cups or the ace of clubs"."""
    named = list(names)
    if len(named) == 1:
        return named[0]
    return pgettext("list", "{first} or {last}").format(first=", ".join(named[:-1]), last=named[-1])


def hand_drill(seed: int = 0) -> SignalDrill:
    """Hold the hand dealt from a seed, at the first lead: which gestures may it make?"""
    check_seed(seed)
    rules = rules_for(Aluette.key, SIGNALS_ON)
    dealer = rules.seats[seed % len(rules.seats)]
    hand = first_lead(rules, dealer, seed)
    state = hand.states[-1]
    seat = state.seat_to_act
    words = [call.words[len("signals "):] for call in rules.legal_calls(state) if call.words.startswith("signals ")]
    told = "; ".join(f"{gesture(word)} — {signalled(rules, word)}" for word in words)
    explanation = (ngettext("{seat} may make {count} gesture: {gestures}.",
                            "{seat} may make {count} gestures: {gestures}.", len(words)).format(
                       seat=seat, count=len(words), gestures=told) if words else
                   pgettext("aluette", "{seat} holds none of the eight named cards and no ace: no gesture "
                                       "to make.").format(seat=seat))
    return SignalDrill("make", pgettext("aluette", "{seat} leads the first trick. Which gestures may {seat} "
                                                   "make with this hand?").format(seat=seat),
                       tuple(words), explanation, seat=seat, scenario=hand.scenario(len(hand.actions)),
                       choices=tuple((pgettext("aluette", "{gesture} ({card})").format(
                                          gesture=gesture(word), card=pgettext("aluette", GESTURES[word][0])), word)
                                     for word in GESTURES))


def first_lead(rules: TrickGame, dealer: str, seed: int) -> Played:
    """The hand dealt from ``seed``, with the singing and discards the computer makes, up to the first lead."""
    full = play(rules, Aluette.key, SIGNALS_ON, dealer, seed, tricks=1)
    steps = next(k for k, state in enumerate(full.states) if state.phase == "play")
    return replace(full, actions=full.actions[:steps], states=full.states[:steps + 1])


def meaning(signal: str) -> str:
    """What Tressette's ``signal`` tells, in the current language: "play your best in this suit"."""
    return pgettext("tressette", SIGNAL_MEANINGS[signal])


def tressette_read_drill(seed: int = 0) -> SignalDrill:
    """Tressette: the leader signals as he leads; what does his signal tell?"""
    check_seed(seed)
    rules = rules_for(Tressette.key, {"signals": True})
    chance = random.Random(f"{Tressette.key}|read|{seed}")
    word, card = chance.choice(list(SIGNAL_MEANINGS)), chance.choice(rules.pack.cards)
    return SignalDrill("read", pgettext("tressette", "Your partner leads {card} and signals {signal}. What does "
                                                     "he tell you?").format(card=rules.card_name(card), signal=word),
                       (word,), pgettext("tressette", "{signal} means \"{meaning}\".").format(
                           signal=word.capitalize(), meaning=meaning(word)), game=Tressette.key,
                       choices=tuple((capital(meaning(signal)), signal) for signal in SIGNAL_MEANINGS))


def tressette_lead_drill(seed: int = 0) -> SignalDrill:
    """Tressette: lead a card of the hand dealt from a seed; which of volo and striscio is true?"""
    check_seed(seed)
    rules = rules_for(Tressette.key, {"signals": True})
    dealer = rules.seats[seed % len(rules.seats)]
    hand = play(rules, Tressette.key, {"signals": True}, dealer, seed, until=0)
    seat = hand.states[-1].seat_to_act
    cards = hand.deal.hand(seat)
    alone = [card for card in cards if sum(other.suit == card.suit for other in cards) == 1]
    card = random.Random(f"{Tressette.key}|lead|{seed}").choice(alone if alone and seed % 2 else cards)
    suit = suit_name(rules.pack, card.suit)
    more = sum(other.suit == card.suit for other in cards) - 1
    word = "striscio" if more else "volo"
    held = (ngettext("{seat} holds {count} more {suit}", "{seat} holds {count} more {suit}", more).format(
                seat=seat, count=more, suit=suit) if more else
            pgettext("tressette", "it is {seat}'s only card of {suit}").format(seat=seat, suit=suit))
    return SignalDrill("make", pgettext("tressette", "{seat} leads {card} from this hand. Which signal tells "
                                                     "{seat}'s partner the truth about {suit}?").format(
                           seat=seat, card=rules.card_name(card), suit=suit), (word,),
                       pgettext("tressette", "{signal} (\"{meaning}\"): {held}. Busso is a request, not news about "
                                             "the hand: the leader may add it when he wants his partner's best "
                                             "card.").format(signal=word.capitalize(), meaning=meaning(word), held=held),
                       seat=seat, scenario=hand.scenario(0), game=Tressette.key,
                       choices=tuple((pgettext("tressette", "{signal}: {meaning}").format(
                                          signal=signal, meaning=meaning(signal)), signal)
                                     for signal in ("volo", "striscio")))


TAP_SLIDE_MEANINGS = {"tap": mark("quatre_sept", "partner: lead this suit"),
                      "slide": mark("quatre_sept", "partner: lead the other suit of the same colour")}


def quatre_sept_read_drill(seed: int = 0) -> SignalDrill:
    """Le Quatre Sept: a partner taps or slides as he plays a card; which suit does he ask for?"""
    check_seed(seed)
    rules = rules_for(QuatreSept.key, {"signals": True})
    chance = random.Random(f"{QuatreSept.key}|read|{seed}")
    word, card = chance.choice(TAP_SLIDE), chance.choice(rules.pack.cards)
    suit = card.suit if word == "tap" else SAME_COLOUR[card.suit]
    asked = (pgettext("quatre_sept", "Your partner plays {card} with a tap. Which suit does he ask you to lead?")
             if word == "tap" else
             pgettext("quatre_sept", "Your partner plays {card} with a slide. Which suit does he ask you to lead?"))
    told = (pgettext("quatre_sept", "A tap says \"{meaning}\": lead {suit}.") if word == "tap" else
            pgettext("quatre_sept", "A slide says \"{meaning}\": lead {suit}."))
    return SignalDrill("read", asked.format(card=rules.card_name(card)), (suit,),
                       told.format(meaning=pgettext("quatre_sept", TAP_SLIDE_MEANINGS[word]),
                                   suit=suit_name(rules.pack, suit)), game=QuatreSept.key,
                       choices=tuple((capital(suit_name(rules.pack, code)), code) for code in rules.pack.suit_names))


CATALOGUE: dict[str, Callable[[int], SignalDrill]] = {
    N_("Read a gesture"): gesture_drill, N_("Gestures for a hand"): hand_drill,
    N_("Read a signal"): tressette_read_drill, N_("Signal a lead"): tressette_lead_drill,
    N_("Read a tap or a slide"): quatre_sept_read_drill,
}
"""Every signal drill by its English name, the key a game names it by in
:attr:`cardlab.games.GameTraits.signal_drills`; a trainer shows it through ``_()``."""

DRILLS: dict[str, dict[str, Callable[[int], SignalDrill]]] = {
    key: {name: CATALOGUE[name] for name in names}
    for key, names in ((key, traits(get_rules(key)).signal_drills) for key in GAMES) if names}
"""The drills of each game with signals, by the name a trainer shows."""
