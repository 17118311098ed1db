"""Quizzes made by the engine: a position reached by a real deal and the computer's play, one
question about it, the answer the rules give, and the rule that decides it in words.

Nine kinds (:data:`KINDS`): who wins this trick, which cards may this seat play, what the hand
scores, which of two cards is stronger, may this seat make this call now, and the rules around the
play that :mod:`cardlab.practice.quiz_rules` asks about as multiple choice (the deal and the first
lead, the match's end, what a hand is worth, what an option changes).  The same game, kind, seed,
options, level and situation always give the same quiz.  ``level`` (1 to 3) is the difficulty
the widget raises with the learner's streak: more cards in hand and rarer rules (a refusal that is
not plain follow-suit, a trumped or spoiled trick, trumps and matadors, a refused call).

Every quiz plays with the options it is given, and with none the game's own defaults: a lesson's
quiz asks only about the rules its table plays (no signal, declaration or variant that is off), but
for the "variant" kind, which asks what an option set the other way would change at the position.

Every question names the concepts it exercises (``Quiz.concepts``): the game declares them per quiz
kind and situation (:mod:`cardlab.games.concepts`); each maker says the situation its question asks
about (:func:`trick_situation`, :func:`legal_situation`, a trump or a tie in the pair of cards, the
call's first word, "does not" left out).  A quiz may be asked for one situation (:func:`situations`).

Explanations use the engine's own sentences: ``why_illegal`` for a card or call that is refused,
``HandResult.summary`` and ``parts`` for points, and for winners and strength the words of
:mod:`cardlab.practice.words`, built from ``rules.strength``.  A call is named in the learner's
words, ``rules.describe`` (the text of the table's button), never in the log's own text; a refused
call is asked about only when the rules' sentence refusing it quotes no log text either.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable

from ..actions import Call, Play
from ..card_words import suit_name
from ..cards import Card, CardError
from ..games import get_rules, traits
from ..games.concepts import quiz_concepts
from ..games.traits import QUIZ_KINDS
from ..i18n import _, speaking
from ..points import pretty
from ..render.panels import part_name
from ..rules import TrickGame
from ..scenario import jsonable
from ..state import State, Trick
from .common import MAX_SEED, Played, PracticeError, check_seed, play, points_value, rules_for
from .quiz_rules import MAKERS as RULE_MAKERS, Asked, situations as rule_situations
from .words import (capitalised, card_words, comparable, in_game, is_trump, stronger, suitless, trump_words, why_stronger,
                    why_winner, winning_card)

KINDS = QUIZ_KINDS
LEVELS = (1, 2, 3)
CHOICE_KINDS = tuple(RULE_MAKERS)
"""The kinds answered by choosing one of ``Quiz.choices``."""
SITUATIONS = {"trick-winner": ("nobody", "trumped", "plain"), "legal": ("lead", "follow", "void", "renege", "any"),
              "stronger": ("trump", "tie", "plain"), "points": ()}
"""The situations the play kinds' makers find (a call's is its first word: any word may be asked for)."""
ATTEMPTS = 40  # deals tried for one quiz before saying the game cannot ask it


@dataclass(frozen=True)
class Feedback:
    """Whether an answer is right, and the sentence the learner reads."""

    right: bool
    sentence: str


@dataclass(frozen=True)
class Quiz:
    """One question.  ``answer`` is a seat or None (trick-winner), card codes (legal, stronger),
    a score per side (points), True/False (call) or the key of one of ``choices``, (key, words)
    pairs (:data:`CHOICE_KINDS`); ``seat``, ``cards`` and ``call`` say what the question points at;
    ``situation`` what it asks about and ``concepts`` the game's concepts it exercises."""

    game: str
    kind: str
    level: int
    scenario: dict[str, Any]
    question: str
    answer: Any
    explanation: str
    seat: str | None = None
    cards: tuple[str, ...] = ()
    call: str | None = None
    concepts: tuple[str, ...] = ()
    situation: str = ""
    choices: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "kind": self.kind, "level": self.level,
                                "scenario": self.scenario, "question": self.question}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.cards:
            data["cards"] = list(self.cards)
        if self.call is not None:
            data["call"] = self.call
        if self.situation:
            data["situation"] = self.situation
        if self.choices:
            data["choices"] = dict(self.choices)
        data["answer"] = self.answer
        data["explanation"] = self.explanation
        return data

    def check(self, given: Any) -> Feedback:
        """Compare a learner's answer with the rules' answer (card codes in any order and case,
        a seat or None/"nobody", scores as numbers or "5 2/3" texts, True/False)."""
        right = normalised(self.kind, given) == normalised(self.kind, self.answer)
        if right:
            return Feedback(True, _("Right. {explanation}").format(explanation=self.explanation))
        return Feedback(False, _("Not quite: the answer is {answer}. {explanation}").format(
            answer=answer_words(self), explanation=self.explanation))


def normalised(kind: str, value: Any) -> Any:
    """An answer in one comparable form; an unreadable one becomes a value no answer equals."""
    try:
        if kind == "trick-winner":
            text = "" if value is None else str(value).strip().upper()
            return None if text in ("", "NOBODY", "NONE") else text
        if kind in ("legal", "stronger"):
            codes = value.split() if isinstance(value, str) else value
            return frozenset(Card.parse(str(code).strip()) for code in codes)
        if kind == "points":
            return {str(side): points_value(v) for side, v in value.items()}
        if kind == "settle":
            return points_value(str(value))
        if kind in CHOICE_KINDS:
            return str(value).strip()
        return bool(value) if isinstance(value, bool) else str(value).strip().lower() in ("yes", "true")
    except (CardError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        return object()


def answer_words(quiz: Quiz) -> str:
    """The right answer as the learner reads it: "East", "the 7 of hearts and the king of hearts"."""
    if quiz.choices:
        return dict(quiz.choices).get(quiz.answer, str(quiz.answer))
    rules = get_rules(quiz.game, **quiz.scenario["options"])
    if quiz.kind == "trick-winner":
        return rules.seat_name(quiz.answer) if quiz.answer else _("nobody")
    if quiz.kind in ("legal", "stronger"):
        return rules.names([Card.parse(code) for code in quiz.answer])
    if quiz.kind == "points":
        return ", ".join(f"{side} {value}" for side, value in quiz.answer.items())
    return _("yes") if quiz.answer else _("no")


def pick(rng: random.Random, tiers: list[list[Any]]) -> Any:
    """A random choice from the first tier that is not empty."""
    for tier in tiers:
        if tier:
            return rng.choice(tier)
    return None


def quiz_of(hand: Played, kind: str, level: int, steps: int, question: str, answer: Any,
            explanation: str, situation: str = "", **extra: Any) -> Quiz:
    """The question, tagged with the concepts the game declares for its kind and ``situation``."""
    return Quiz(hand.game, kind, level, hand.scenario(steps), question, answer, explanation, **extra,
                concepts=quiz_concepts(hand.game, kind, situation), situation=situation)


def asked_quiz(hand: Played, kind: str, level: int, asked: Asked) -> Quiz:
    """A question of :mod:`cardlab.practice.quiz_rules` as a quiz."""
    return Quiz(hand.game, kind, level, asked.scenario, asked.question, asked.answer, asked.explanation,
                seat=asked.seat, concepts=quiz_concepts(hand.game, kind, asked.situation), situation=asked.situation,
                choices=asked.choices)


# ----- the five kinds --------------------------------------------------------------------------
def trick_winner_quiz(hand: Played, rng: random.Random, level: int) -> Quiz | None:
    rules, states = hand.rules, hand.states
    ends = [k for k in range(1, len(states)) if len(states[k].tricks) > len(states[k - 1].tricks)]
    early = [k for k in ends if len(states[k].tricks) <= 3]
    rare = [k for k in ends if unusual(hand, k)]
    steps = pick(rng, {1: [early, ends], 2: [ends], 3: [rare, ends]}[level])
    if steps is None:
        return None
    state = states[steps]
    trick = state.tricks[-1]
    return quiz_of(hand, "trick-winner", level, steps,
                   _("Who wins trick {number}: which seat, or nobody?").format(number=len(state.tricks)),
                   trick.winner,
                   why_winner(rules, state, trick), trick_situation(rules, state, trick))


def trick_situation(rules: TrickGame, state: State, trick: Trick) -> str:
    """"nobody" (a spoiled or tied trick), "trumped" (a trump took a trick of another suit) or "plain"."""
    if trick.winner is None:
        return "nobody"
    led = trick.plays[0][1]
    return "trumped" if is_trump(rules, state, winning_card(trick)) and not is_trump(rules, state, led) else "plain"


def unusual(hand: Played, steps: int) -> bool:
    """A trick won by nobody, by a trump or a card off the suit led, or holding a titled card."""
    rules, state = hand.rules, hand.states[steps]
    trick = state.tricks[-1]
    if trick.winner is None:
        return True
    if rules.suit_of(state, winning_card(trick)) != rules.suit_of(state, trick.plays[0][1]):
        return True
    return any(card_words(rules, state, card) != rules.card_name(card) for card in trick.cards())


def legal_quiz(hand: Played, rng: random.Random, level: int) -> Quiz | None:
    rules, states = hand.rules, hand.states
    asked, binding, rare, few = [], [], [], []
    for k, state in enumerate(states):
        seat = state.to_act
        if state.phase != "play" or seat is None or rules.forced_calls(state):
            continue
        legal = rules.legal_cards(state, seat)
        if not legal:
            continue
        asked.append(k)
        held = [card for card in state.hand(seat) if card is not None]
        refused = [card for card in held if card not in legal]
        if len(held) <= 4:
            few.append(k)
        if refused:
            binding.append(k)
            if any(not plain_follow(rules, state, Play(seat, card)) for card in refused):
                rare.append(k)
        if legal_situation(rules, state) == "renege":
            rare.append(k)
    few_binding = [k for k in few if k in binding]
    steps = pick(rng, {1: [few_binding, few, asked], 2: [binding, asked], 3: [rare, binding, asked]}[level])
    if steps is None:
        return None
    state = states[steps]
    seat = state.seat_to_act
    legal = rules.legal_cards(state, seat)
    leading = not state.trick_on_table.plays
    return quiz_of(hand, "legal", level, steps,
                   (_("Which cards may {seat} lead now? Choose every one.") if leading else
                    _("Which cards may {seat} play now? Choose every one.")).format(seat=seat),
                   [str(card) for card in legal], legal_reason(hand, steps), legal_situation(rules, state),
                   seat=seat)


def plain_follow(rules: TrickGame, state: State, play: Play) -> bool:
    """Whether the rules refuse ``play`` for plain follow-suit: the refusal's rule is the game's
    ``follow-suit`` (read from its id, so the choice of question never depends on words)."""
    refusal = rules.why_illegal(state, play)
    return refusal is not None and refusal.rule == rules.rule("follow-suit")


def legal_situation(rules: TrickGame, state: State) -> str:
    """"any" (suits do not matter), "lead", "renege" (a trump led, and a trump held but not all the
    cards allowed are trumps: the matadors' privilege), "follow" (the suit led is held) or "void"."""
    seat = state.seat_to_act
    plays = state.trick_on_table.plays
    if suitless(rules):
        return "any"
    if not plays:
        return "lead"
    held = [card for card in state.hand(seat) if card is not None]
    led = rules.suit_of(state, plays[0][1])
    if (traits(rules).matadors and is_trump(rules, state, plays[0][1]) and any(is_trump(rules, state, c) for c in held)
            and not all(is_trump(rules, state, card) for card in rules.legal_cards(state, seat))):
        return "renege"
    return "follow" if any(rules.suit_of(state, card) == led for card in held) else "void"


def legal_reason(hand: Played, steps: int) -> str:
    rules, state = hand.rules, hand.states[steps]
    seat = state.seat_to_act
    legal = rules.legal_cards(state, seat)
    held = [card for card in state.hand(seat) if card is not None]
    refused = [card for card in held if card not in legal]
    allowed = _("{seat} may play {cards}.").format(seat=seat, cards=rules.names(legal))
    if refused:
        sentences: list[str] = []
        for card in refused:
            sentence = rules.why_illegal(state, Play(seat, card))
            if sentence is not None and sentence not in sentences:
                sentences.append(sentence)
        return f"{allowed} {' '.join(sentences[:2])}"
    if suitless(rules):
        return f"{allowed} " + capitalised(_("Any card may be played at any time {in_game}: suits do not "
                                             "matter.").format(in_game=in_game(rules)))
    if not state.trick_on_table.plays:
        return f"{allowed} " + _("{seat} leads, and any card may be led.").format(seat=seat)
    led = rules.suit_of(state, state.trick_on_table.plays[0][1])
    if all(rules.suit_of(state, card) != led for card in held):
        suit = suit_name(rules.pack, led) if led in rules.pack.suit_names else _("trumps")
        return f"{allowed} " + _("{seat} holds no {suit}, so nothing binds the card.").format(seat=seat, suit=suit)
    return f"{allowed} " + _("Every card {seat} holds keeps the rules of following.").format(seat=seat)


def points_quiz(hand: Played, rng: random.Random, level: int) -> Quiz | None:
    rules, final = hand.rules, hand.states[-1]
    if not final.over or not final.tricks:
        return None
    match = rules.match_from_json(hand.dealer, None)
    result = rules.settle(match, rules.score(final)).results[-1]
    answer = {side: jsonable(value) for side, value in result.score.items()}
    if "pot" in result.score:
        question = _("The hand is over. How many chips does each player win or lose, and the pot?")
    elif set(result.score) == set(rules.seats):
        question = _("The hand is over. What does each player score for it?")
    else:
        question = _("The hand is over. What does each side write on the score sheet for this hand?")
    told = []
    nothing = _("nothing")
    for side, parts in result.parts.items():
        shown = ", ".join(f"{part_name(name)} {pretty(value)}" for name, value in parts.items() if value)
        told.append(f"{side}: {shown or nothing} → {pretty(result.score[side])}")
    explanation = f"{result.summary} {'; '.join(told)}.".strip()
    return quiz_of(hand, "points", level, len(hand.actions), question, answer, explanation)


def stronger_quiz(hand: Played, rng: random.Random, level: int) -> Quiz | None:
    rules, states = hand.rules, hand.states
    positions = [k for k, state in enumerate(states) if state.phase == "play" and state.to_act is not None
                 and len([c for c in state.hand(state.to_act) if c is not None]) >= 2]
    if not positions:
        return None
    steps = rng.choice(positions[:len(rules.seats) * 3])
    state = states[steps]
    seat = state.seat_to_act
    held = [card for card in state.hand(seat) if card is not None]
    pairs = [(a, b) for i, a in enumerate(held) for b in held[i + 1:] if comparable(rules, state, a, b)]
    plain = [p for p in pairs if not any(is_trump(rules, state, c) for c in p)]
    trumps = [p for p in pairs if any(is_trump(rules, state, c) for c in p)]
    rare = [p for p in pairs if stronger(rules, state, *p) is None
            or any(card_words(rules, state, c) != rules.card_name(c) for c in p)]
    pair = pick(rng, {1: [plain, pairs], 2: [trumps, pairs], 3: [rare, trumps, pairs]}[level])
    if pair is None:
        return None
    first, second = rng.sample(pair, 2)
    best = stronger(rules, state, first, second)
    answer = [str(best)] if best is not None else sorted([str(first), str(second)])
    trumps_text = " " + _("Trumps: {suit}.").format(suit=trump_words(rules, state)) if rules.trump(state) else ""
    tie = " " + _("Choose both if they tie.") if suitless(rules) else ""
    pair_situation = "tie" if best is None else "trump" if any(is_trump(rules, state, c) for c in pair) else "plain"
    return quiz_of(hand, "stronger", level, steps,
                   _("{seat} holds {first} and {second}. Which is stronger?").format(
                       seat=seat, first=card_words(rules, state, first), second=card_words(rules, state, second))
                   + trumps_text + tie, answer, why_stronger(rules, state, first, second),
                   pair_situation, seat=seat, cards=(str(first), str(second)))


def call_quiz(hand: Played, rng: random.Random, level: int) -> Quiz | None:
    rules, states = hand.rules, hand.states
    asking = [k for k, state in enumerate(states)
                if state.to_act is not None and state.phase not in ("deal", "over")]
    heard = {k: [call.words for call in rules.legal_calls(states[k])] for k in asking}
    pool = sorted({words for calls in heard.values() for words in calls})
    if not pool:
        return None
    with_calls = [k for k in asking if heard[k]]
    steps = pick(rng, [with_calls] if level == 1 else [asking])
    state = states[steps]
    seat = state.to_act
    refused = [words for words in pool if words not in heard[steps]
               and worded(rules, state, Call(seat, words))]
    allowed_first = rng.random() < (0.6 if level == 1 else 0.4)
    words = pick(rng, [heard[steps], refused] if allowed_first else [refused, heard[steps]])
    if words is None:
        return None
    call = Call(seat, words)
    why = rules.why_illegal(state, call)
    said = rules.describe(call)
    explanation = (_("Yes: “{call}” is allowed for {seat} now.").format(call=said, seat=seat) if why is None
                   else _("No: {reason}").format(reason=why))
    return quiz_of(hand, "call", level, steps, _("Is “{call}” allowed for {seat} now?").format(call=said, seat=seat),
                   why is None,
                   explanation, words.removeprefix("does not ").split()[0], seat=seat, call=str(call))


def worded(rules: TrickGame, state: State, call: Call) -> bool:
    """A refused call whose refusal is in the learner's words: one that quotes no call as the log
    writes it (such as ``as in "E discards 4S"``), since the quiz names calls only as
    ``rules.describe`` does.  Read in English, so the question asked is the same in every language."""
    with speaking("en"):
        sentence = rules.why_illegal(state, call)
    return sentence is not None and '"' not in sentence


MAKERS: dict[str, Callable[[Played, random.Random, int], Quiz | None]] = {
    "trick-winner": trick_winner_quiz, "legal": legal_quiz, "points": points_quiz,
    "stronger": stronger_quiz, "call": call_quiz}


def played_tricks(rules: TrickGame, kind: str, level: int, rng: random.Random) -> int | None:
    """How far the computer plays for a quiz (None: the whole hand): questions about the early
    tricks stop there, which keeps a thousand quizzes quick."""
    if kind in ("stronger", "call") or kind == "trick-winner" and level == 1:
        return 3
    if kind == "deal":
        return 1
    if kind in ("trick-winner", "legal") and level == 2:
        return rng.randint(1, rules.hand_size())
    return None


def situations(rules: TrickGame, kind: str) -> tuple[str, ...] | None:
    """The situations a question of ``kind`` may ask about in this game (None: any call's word)."""
    if kind == "call":
        return None
    return SITUATIONS[kind] if kind in SITUATIONS else rule_situations(rules, kind)


def make_quiz(game: str, kind: str, seed: int = 0, options: dict[str, Any] | None = None,
              level: int = 1, situation: str | None = None) -> Quiz:
    """One quiz of ``kind`` about ``game`` (about ``situation`` when given); a request the engine
    cannot answer raises :class:`PracticeError` with a sentence."""
    if kind not in KINDS:
        raise PracticeError(_("{kind} is not a kind of quiz: the kinds are {kinds}.").format(
            kind=repr(kind), kinds=", ".join(KINDS)))
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise PracticeError(_("The level is 1, 2 or 3, not {level}.").format(level=repr(level)))
    check_seed(seed)
    if options is None:
        options = {}
    rules = rules_for(game, options)
    if kind not in traits(rules).quiz_kinds:
        raise PracticeError(_("{game} has no {kind} questions: ask for {kinds}.").format(
            game=rules.title, kind=kind, kinds=", ".join(traits(rules).quiz_kinds)))
    known = situations(rules, kind)
    if situation is not None and known is not None and situation not in known:
        raise PracticeError((_("{situation} is not a situation of {kind} questions about {game}: ask for "
                               "{situations}.") if known else
                             _("{kind} questions about {game} have no situations: leave the situation out.")).format(
            situation=repr(situation), kind=kind, game=rules.title, situations=", ".join(known)))
    if kind == "variant" and not known:
        raise PracticeError(_("{game} has no options, so no variant to ask about.").format(game=rules.title))
    wanted = "" if situation is None else f"|{situation}"
    rng = random.Random(f"{game}|{kind}|{level}|{seed}|{json.dumps(options, sort_keys=True)}{wanted}")
    for _attempt in range(ATTEMPTS):
        dealer = rng.choice(rules.seats)
        seed_of_deal = rng.randrange(MAX_SEED)
        hand = play(rules, game, options, dealer, seed_of_deal, tricks=played_tricks(rules, kind, level, rng))
        if kind in RULE_MAKERS:
            asked = RULE_MAKERS[kind](hand, rng, level, situation)
            quiz = None if asked is None else asked_quiz(hand, kind, level, asked)
        else:
            quiz = MAKERS[kind](hand, rng, level)
        if quiz is not None and situation in (None, quiz.situation):
            return quiz
    if kind == "call":
        raise PracticeError(_("{game} has no calls to ask about with these options: every action "
                              "is a card played.").format(game=rules.title))
    raise PracticeError(_("No {kind} question came out of {count} deals of {game} with these options.").format(
        kind=kind, count=ATTEMPTS, game=rules.title))
