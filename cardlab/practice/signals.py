"""Aluette's signals drilled both ways: see a gesture and name the cards it shows; hold a dealt
hand and say which gestures it may make.

The gestures and their card classes are the game's own table (:data:`cardlab.games.aluette.GESTURES`,
the classes of :data:`~cardlab.games.aluette.CLASSES`); which gestures a hand may make is asked
of the rules (``legal_calls`` with signals on), and each is worded by ``rules.describe``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Iterable

from ..actions import Call
from ..cards import Card
from ..games.aluette import CLASSES, GESTURES
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

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "aluette", "kind": self.kind, "question": self.question}
        if self.scenario is not None:
            data["scenario"] = self.scenario
            data["seat"] = self.seat
        return {**data, "answer": list(self.answer), "explanation": self.explanation}

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
            return Feedback(True, f"Right. {self.explanation}")
        shown = ", ".join(self.answer) or "none"
        return Feedback(False, f"Not quite: the answer is {shown}. {self.explanation}")


def class_of_gesture(word: str) -> tuple[str, tuple[Card, ...]]:
    """The class a signal word shows: "monsieur" → Monsieur and its card, "ace" → the aces."""
    name = GESTURES[word][0]
    return next((cls, cards) for cls, cards in CLASSES if cls == name or (word == "ace" and cls == "aces"))


def gesture_drill(seed: int = 0) -> SignalDrill:
    """See a gesture, name the cards it shows."""
    check_seed(seed)
    rules = rules_for("aluette", SIGNALS_ON)
    word = random.Random(f"aluette|read|{seed}").choice(list(GESTURES))
    gesture = GESTURES[word][1]
    _, cards = class_of_gesture(word)
    shown = GESTURES[word][0]
    return SignalDrill("read", f"Your partner makes this gesture: {gesture}. Which card does it show?",
                       tuple(str(card) for card in cards),
                       f"{gesture.capitalize()} shows {shown}: {either(rules.pack.name(card) for card in cards)}.")


def either(names: Iterable[str]) -> str:
    """"the ace of coins, the ace of cups or the ace of clubs"."""
    named = list(names)
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]


def hand_drill(seed: int = 0) -> SignalDrill:
    """Hold the hand dealt from a seed, at the first lead: which gestures may it make?"""
    check_seed(seed)
    rules = rules_for("aluette", SIGNALS_ON)
    dealer = rules.seats[seed % len(rules.seats)]
    hand = first_lead(rules, dealer, seed)
    state = hand.states[-1]
    seat = state.to_act
    words = [call.words[len("signals "):] for call in rules.legal_calls(state) if call.words.startswith("signals ")]
    told = "; ".join(f"{GESTURES[word][1]} — {rules.describe(Call(seat, f'signals {word}'))[len('Signal '):]}"
                     for word in words)
    explanation = (f"{seat} may make {len(words)} gesture{'s' if len(words) != 1 else ''}: {told}." if words else
                   f"{seat} holds none of the eight named cards and no ace: no gesture to make.")
    return SignalDrill("make", f"{seat} leads the first trick. Which gestures may {seat} make with this hand?",
                       tuple(words), explanation, seat=seat, scenario=hand.scenario(len(hand.actions)))


def first_lead(rules: TrickGame, dealer: str, seed: int) -> Played:
    """The hand dealt from ``seed``, with the singing and discards the computer makes, up to the first lead."""
    full = play(rules, "aluette", SIGNALS_ON, dealer, seed, tricks=1)
    steps = next(k for k, state in enumerate(full.states) if state.phase == "play")
    return replace(full, actions=full.actions[:steps], states=full.states[:steps + 1])

