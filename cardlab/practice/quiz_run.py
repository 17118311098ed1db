"""A quiz as a run of questions: the question shown, the learner's score, streak and level, the
second try, the answer controls to offer and every sentence the learner reads.

Why: a quiz is more than its widget.  Everything it decides lives here, in the standard library
and tested without a browser; :class:`cardlab.widgets.Quiz` maps these values to controls and
draws the scene this gives.

``QuizRun("tressette")`` asks about one game, ``QuizRun(["tressette", "aluette", ...])`` mixes
games.  Question ``n`` is made from the engine seed ``seed + n`` (game and kind drawn from the
same number), so the same arguments give the same series.  A question the engine cannot make for
that seed (a game with no calls to ask about) is passed over for the next number.

A wrong first answer says only "not quite" and leaves the question open for a second try (the
choice already tried is refused again, and its control is to be disabled); the answer and the
rule show after the second try, or at once for a right answer.  Only a question answered right at
the first try counts as right and carries the streak: a Yes/No question's second try cannot miss.

``concepts`` keeps to questions that exercise at least one of those concepts of the game (a review
of the concepts due, :func:`cardlab.progress.review_items`): a question that does not is passed
over like one the engine cannot make, within :data:`REVIEW_TRIES` numbers; each number is also
tried at the top level, whose questions seek out the rarer rules a review may be about.  Each
question carries its concepts (``question.concepts``) for the learner's progress.

Difficulty follows the streak of right answers: level 1, level 2 from a streak of
:data:`LEVEL_2_AT`, level 3 from :data:`LEVEL_3_AT`; a miss ends the streak and so brings the
next question back to level 1.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal, Sequence

from ..cards import Card
from ..games import GAMES
from ..games.concepts import declared
from ..i18n import N_, _, ngettext
from ..render.scene import TableScene
from ..rules import TrickGame
from ..scenario import parse, run
from ..state import State, Trick
from .common import Mark, PracticeError, Said
from .quiz import CHOICE_KINDS, KINDS, LEVELS, Quiz, make_quiz, normalised
from .words import suitless

LEVEL_2_AT = 3
LEVEL_3_AT = 6
TRIES = 12
"""Question numbers tried in a row before the quiz says it cannot ask anything."""
REVIEW_TRIES = 24
"""The same, for a quiz kept to some concepts (a rare situation may take more deals to come up)."""
NOT_THESE = N_("No question on these concepts came up in this quiz: try the puzzles instead.")
ATTEMPTS = 2
"""Answers a learner may give to one question before the answer is shown."""
ONCE_MORE = N_("Not quite. Look again and try once more: the answer and the rule show after your second try.")
AGAIN = N_("That was your first answer: try another.")
KIND_NAMES = {"trick-winner": N_("who wins the trick"), "legal": N_("which cards may be played"),
              "points": N_("what the hand scores"), "stronger": N_("which card is stronger"),
              "call": N_("may this be said now"), "deal": N_("the deal and the first lead"),
              "match": N_("is the match over"), "settle": N_("what the hand is worth"),
              "variant": N_("what an option changes")}

def level_for(streak: int) -> int:
    """The difficulty of the next question after ``streak`` right answers in a row."""
    return 3 if streak >= LEVEL_3_AT else 2 if streak >= LEVEL_2_AT else 1


@dataclass(frozen=True)
class Choice:
    """One answer control: a ``"button"`` gives the whole answer ``given``; a ``"toggle"`` picks
    the card ``key`` for Check; a ``"box"`` takes the points of the side ``key``.  ``role`` names
    what the control stands for (seat, card, tie, yes, no, points)."""

    control: Literal["button", "toggle", "box"]
    label: str
    role: str
    key: str = ""
    given: Any = None


@dataclass(frozen=True)
class Pile:
    """The cards one player took in a finished hand, with the words above them."""

    words: str
    cards: tuple[Card, ...]


def card_name(rules: TrickGame, state: State, card: Card) -> str:
    """A card's name for a button: "7 of hearts", "Monsieur (3 of coins)"."""
    name = rules.card_label(state, card).removeprefix("the ")
    return name[:1].upper() + name[1:]


class QuizRun:
    """``QuizRun("tressette")``, ``QuizRun(["tressette", "aluette"], seed=5)``,
    ``QuizRun("quatre_sept", kinds=["legal"], options={"low_lead_rule": True})``,
    ``QuizRun("tressette", kinds=["legal"], concepts=["follow-suit"])``.

    ``options`` are the rule options of the one game; with several games, a dict of options per
    game.  Arguments the quiz cannot use leave no question and the sentence refusing them."""

    def __init__(self, games: str | Sequence[str], *, seed: int = 1,
                 kinds: str | Sequence[str] = KINDS, options: dict[str, Any] | None = None,
                 concepts: Sequence[str] = ()) -> None:
        self.games = [games] if isinstance(games, str) else list(games)
        self.kinds = [kinds] if isinstance(kinds, str) else list(kinds)
        self.concepts = frozenset(concepts)
        self.seed = seed
        self.options = options
        self.asked = self.right = self.streak = self.number = self.shown = self.missed = 0
        self.level = 1
        self.answered = False
        self.question: Quiz | None = None
        self.rules: TrickGame | None = None
        self.state: State | None = None
        self.picked: frozenset[str] = frozenset()
        self.tried: list[Any] = []
        self.said: Said | None = None
        refusal = self.refusal()
        if refusal:
            self._stop(refusal)
        else:
            self._show(0)

    # ----- choosing and making questions ---------------------------------------------------
    def refusal(self) -> str:
        """The sentence refusing the arguments, or "" when they are usable."""
        unknown = [game for game in self.games if game not in GAMES]
        if not self.games or unknown:
            return (f"{unknown[0]!r} is not a game here: the games are {', '.join(GAMES)}." if unknown
                    else "The quiz needs at least one game.")
        wrong = [kind for kind in self.kinds if kind not in KINDS]
        if not self.kinds or wrong:
            return f"{(wrong or [''])[0]!r} is not a kind of quiz: the kinds are {', '.join(KINDS)}."
        known = {taught.key for game in self.games for taught in declared(game)}
        strange = sorted(self.concepts - known)
        if strange:
            return f"{strange[0]!r} is not a concept of {', '.join(GAMES[game].title for game in self.games)}."
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            return f"The seed is a whole number from 0 up, not {self.seed!r}."
        options: object = self.options  # as the notebook gave it
        if options is not None and not isinstance(options, dict):
            return "The options are a dict, such as {\"declarations\": True}."
        return ""

    def options_for(self, game: str) -> dict[str, Any] | None:
        if self.options is None:
            return None
        return self.options if len(self.games) == 1 else self.options.get(game)

    def pick(self, number: int) -> tuple[str, str]:
        """The game and kind of question ``number``: the kinds come in rounds, each round every kind
        once in an order of its own, so a learner meets them all and none twice in a row by chance."""
        rng = random.Random(f"cardlab-quiz|{self.seed}|{number}")
        round_order = self.kinds[:]
        random.Random(f"cardlab-quiz-round|{self.seed}|{number // len(self.kinds)}").shuffle(round_order)
        return rng.choice(self.games), round_order[number % len(self.kinds)]

    def _make(self, number: int) -> tuple[int, Quiz | None, str]:
        """The first question the engine can make from ``number`` on, its number, or the last refusal."""
        refusal = ""
        for at in range(number, number + (REVIEW_TRIES if self.concepts else TRIES)):
            game, kind = self.pick(at)
            for level in dict.fromkeys((self.level, LEVELS[-1] if self.concepts else self.level)):
                try:
                    question = make_quiz(game, kind, seed=self.seed + at, options=self.options_for(game),
                                         level=level)
                except PracticeError as error:
                    refusal = str(error)
                    break
                if not self.concepts or self.concepts & set(question.concepts):
                    return at, question, ""
                refusal = _(NOT_THESE)
        return number, None, refusal

    def _stop(self, sentence: str) -> None:
        self.question = self.rules = self.state = None
        self.said = Said("refused", sentence)

    def _show(self, number: int) -> None:
        at, question, refusal = self._make(number)
        if question is None:
            self._stop(refusal)
            return
        hand = run(parse(question.scenario)).hand
        assert hand is not None  # the engine has just made the question from this scenario
        self.number, self.question, self.rules, self.state = at, question, hand.rules, hand.state
        self.answered, self.missed, self.tried, self.picked, self.said = False, 0, [], frozenset(), None
        self.shown += 1

    def next(self) -> None:
        """The next question (after the current one is answered)."""
        self._show(self.number + 1)

    @property
    def heading(self) -> str:
        """"Question 3 · Tressette · who wins the trick · level 1", or "" without a question."""
        if self.question is None or self.rules is None:
            return ""
        return _("Question {number} · {game} · {kind} · level {level}").format(
            number=self.shown, game=self.rules.title, kind=_(KIND_NAMES[self.question.kind]),
            level=self.question.level)

    @property
    def score(self) -> str:
        return _("{right} of {asked} right · streak {streak}").format(right=self.right, asked=self.asked,
                                                                       streak=self.streak)

    # ----- the answer controls -------------------------------------------------------------
    def choices(self) -> tuple[Choice, ...]:
        """The controls that answer the question, in the order shown."""
        question, rules, state = self.question, self.rules, self.state
        if question is None or rules is None or state is None:
            return ()
        if question.choices:
            return tuple(Choice("button", words, "choice", key, key) for key, words in question.choices)
        if question.kind == "trick-winner":
            return (*(Choice("button", rules.seat_name(seat), "seat", seat, seat) for seat in rules.seats),
                    Choice("button", _("Nobody"), "seat", "", None))
        if question.kind == "legal":
            assert question.seat is not None  # a question on the legal cards names the seat to play
            return tuple(Choice("toggle", card_name(rules, state, card), "card", str(card))
                         for card in rules.sorted_cards(state, state.cards_in_sight(question.seat)))
        if question.kind == "stronger":
            cards = tuple(Choice("button", card_name(rules, state, Card.parse(code)), "card", code, [code])
                          for code in question.cards)
            tie = Choice("button", _("They tie"), "tie", "", list(question.cards))
            return (*cards, tie) if suitless(rules) else cards
        if question.kind == "points":
            return tuple(Choice("box", side, "points", side) for side in question.answer)
        return Choice("button", _("Yes"), "yes", "yes", True), Choice("button", _("No"), "no", "no", False)

    def tried_already(self, given: Any) -> bool:
        """Whether ``given`` is the answer the learner has already tried (its control is off)."""
        return self.question is not None and normalised(self.question.kind, given) in self.tried

    def select(self, code: str, on: bool) -> None:
        """Pick (or put back) the card ``code`` among those the answer to Check holds."""
        if self.question is None or self.answered:
            return
        self.picked = self.picked | {code} if on else self.picked - {code}

    def click(self, target: str) -> Said | None:
        """A click on the picture: ``target`` is a card's code or ``"@<seat>"`` for a seat's part
        of the drawing.  A seat (or a card it played or holds) answers who wins the trick; a card
        is picked for Check, or answers which of two cards is stronger."""
        question, rules, state = self.question, self.rules, self.state
        if question is None or rules is None or state is None or self.answered:
            return None
        code = "" if target.startswith("@") else target
        seat = target[1:] if target.startswith("@") else seat_of(rules, state, code)
        if question.kind == "trick-winner" and seat in rules.seats:
            return self.submit(seat)
        if question.kind == "legal" and code in {choice.key for choice in self.choices()}:
            self.select(code, code not in self.picked)
        elif question.kind == "stronger" and code in question.cards:
            return self.submit([code])
        return None

    # ----- checking ------------------------------------------------------------------------
    def submit(self, given: Any) -> Said | None:
        """Check ``given`` against the rules' answer and move the score; None once the question
        is answered (or when there is none), else what the learner is told."""
        question = self.question
        if question is None or self.answered:
            return None
        if question.kind == "points" and isinstance(given, dict):
            empty = [side for side, value in given.items() if isinstance(value, str) and not value.strip()]
            if empty:
                return self._say("refused", _("Write a number for {sides} first.").format(sides=", ".join(empty)))
        said = normalised(question.kind, given)
        if said in self.tried:
            return self._say("wrong", _(AGAIN))
        feedback = question.check(given)
        if not feedback.right and self.missed + 1 < ATTEMPTS:
            self.missed += 1
            self.tried.append(said)
            return self._say("wrong", _(ONCE_MORE))
        self.answered = True
        self.asked += 1
        if feedback.right and not self.missed:
            self.right += 1
            self.streak += 1
        else:
            self.streak = 0
        self.level = level_for(self.streak)
        sentence = feedback.sentence
        if feedback.right and self.missed:
            sentence = _("Right, at the second try. {explanation}").format(explanation=question.explanation)
        return self._say("right" if feedback.right else "wrong", sentence, closed=True)

    def _say(self, mark: Mark, sentence: str, closed: bool = False) -> Said:
        self.said = Said(mark, sentence, closed)
        return self.said

    # ----- the picture ---------------------------------------------------------------------
    def scene(self) -> TableScene | None:
        """The position asked about, without what would give the answer away (the legal cards, the
        winner of the trick asked about, who is to lead); None for a finished hand (see :meth:`piles`)
        and for a question on the deal that the cards in hand would answer."""
        question, rules, state = self.question, self.rules, self.state
        if question is None or rules is None or state is None or self.piled():
            return None
        if question.kind in CHOICE_KINDS and question.seat is None:
            if question.kind == "deal" and question.situation != "lead":
                return None
            return replace(rules.scene(state, "S", open_hands=True), legal=frozenset(), hint="", to_act=None,
                           trick=(), trick_leader=None, status="")
        scene = replace(rules.scene(state, question.seat or "S"), legal=frozenset(), hint="")
        if question.kind == "legal":
            return replace(scene, selected=self.picked)
        if question.kind == "stronger":
            return replace(scene, selected=frozenset(question.cards))
        if question.kind != "trick-winner":
            return scene
        asked, before = state.tricks[-1], state.tricks[:-1]
        previous = before[-1] if before else None
        seats = tuple(replace(seat, tricks_won=sum(t.winner == seat.seat for t in before)) for seat in scene.seats)
        return replace(scene, seats=seats, trick=asked.plays, trick_leader=asked.leader,
                       last_trick=previous.plays if previous else (),
                       last_winner=(previous.winner or "") if previous else "", to_act=None,
                       status=_("Trick {number}: every card is down").format(number=len(state.tricks)),
                       trick_number=len(state.tricks))

    def piled(self) -> bool:
        """Whether the question is on a finished hand, shown as the cards each player took: a points
        question, and one of the other kinds asked when the hand is over and had tricks (not about the deal)."""
        question, state = self.question, self.state
        return question is not None and state is not None and bool(state.tricks) and (
            question.kind == "points" or question.kind in CHOICE_KINDS and question.kind != "deal" and state.over)

    def piles(self) -> tuple[tuple[Pile, ...], str] | None:
        """For a question on a finished hand, the cards each player took and who took the last trick."""
        rules, state = self.rules, self.state
        if rules is None or state is None or not self.piled():
            return None
        return piles(rules, state)


def seat_of(rules: TrickGame, state: State, code: str) -> str:
    """The seat that played the card ``code`` this hand, else the one holding it, else ""."""
    tricks = (*state.tricks, *([state.trick] if state.trick else []))
    played = (seat for trick in tricks for seat, card in trick.plays if str(card) == code)
    held = (seat for seat in rules.seats if any(str(card) == code for card in state.hand(seat)))
    return next(played, None) or next(held, "")


def piles(rules: TrickGame, state: State) -> tuple[tuple[Pile, ...], str]:
    """The cards each player took (partners next to each other) and who took the last trick:
    what a points answer counts, per side or per player as the game scores."""
    taken: dict[str | None, list[Trick]] = {}
    for trick in state.tricks:
        taken.setdefault(trick.winner, []).append(trick)
    sides = {seat: rules.side_of(state, seat) for seat in rules.seats}
    place: dict[str | None, tuple[int, int]] = {
        seat: (min(k for k, other in enumerate(rules.seats) if sides[other] == sides[seat]), k)
        for k, seat in enumerate(rules.seats)}
    found = []
    for seat in sorted(taken, key=lambda seat: place.get(seat, (len(place), 0))):
        tricks = taken[seat]
        who = _("Nobody") if seat is None else seat if sides[seat] in ("", seat) else f"{seat} ({sides[seat]})"
        found.append(Pile(ngettext("{who} took {count} trick:", "{who} took {count} tricks:", len(tricks)).format(
                              who=who, count=len(tricks)),
                          tuple(card for trick in tricks for card in trick.cards())))
    last = state.tricks[-1].winner
    return tuple(found), _("The last trick went to {seat}.").format(seat=rules.seat_name(last) if last else _("nobody"))
