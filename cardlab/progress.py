"""What a learner got right and wrong, per concept of each game, and when each concept is due again.

Why: a learner who closes the tab should not start again, and a concept missed should come back
before it is forgotten.  The value lives in the learner's browser (its JSON in localStorage, saved
to and loaded from a file); this module is the standard-library engine the kernel runs over it.

The schedule is the Leitner system (Sebastian Leitner, *So lernt man lernen*, Freiburg: Herder,
1972): every concept sits in one of five boxes; a right answer moves it up one box, a wrong one
sends it back to box 1, and the higher the box the longer before it is asked again
(:data:`INTERVALS`).  As in Leitner's card box, a concept moves up only when it is reviewed: a
right answer before the concept is due counts, but leaves its box and due time as they were, so
three right answers in one sitting do not make a concept "learnt".  A concept never answered
counts as in box 1 (Leitner's new cards start in the first compartment).  "Learnt" is box 3 or
higher: answered right on at least two separate reviews.

The public API (used by ``widgets/progress.py``)::

    concepts(game) -> tuple[Concept, ...]          # declared in cardlab/games/<game>/concepts.py
    EMPTY.record(game, concept, right, now) -> Progress
    progress.due(game, now) -> tuple[Concept, ...]  # most overdue first
    progress.summary(game, now) -> GameProgress     # .learnt .seen .total .due, .sentence()
    progress.to_json() / parse(text) / progress.merged(other)
    review_items(game, due) -> ReviewItems          # what a review of the due concepts asks

:class:`ReviewItems` names the quiz kinds and puzzle themes that exercise the due concepts, and
the concept keys themselves: a review is ``QuizRun(game, kinds=items.quiz_kinds,
concepts=items.concepts)`` (only questions tagged with one of the concepts) and
``PuzzleTrainer(game, concepts=items.concepts)`` (only puzzles whose theme exercises one of them);
either may be empty (``items.quiz_kinds == ()`` or ``items.themes == ()``: offer only the other).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from . import i18n
from .games import GAMES
from .games.concepts import declared, quiz_concepts, theme_concepts
from .games.traits import QUIZ_KINDS
from .puzzles.bank import bank_puzzles
from .puzzles.trainer import card_puzzle

FORMAT = "cardlab.progress/1"
BOXES = 5
LEARNT_BOX = 3
MINUTE, DAY = 60.0, 86400.0
INTERVALS: Mapping[int, float] = MappingProxyType({1: 10 * MINUTE, 2: 1 * DAY, 3: 3 * DAY, 4: 7 * DAY,
                                                   5: 21 * DAY})
"""Seconds from an answer until the concept is due again, by the box it is then in.  Box 1 comes
back ten minutes later, within the same sitting, so a miss is reviewed before the learner leaves;
then a day, three days, a week and three weeks: a learner who comes back every few days finds a
few concepts due each time, and a concept in box 5 has been right over about a month."""
MAX_BYTES = 256 * 1024
MAX_DEPTH = 4  # the file, "marks", one mark, nothing deeper
MAX_COUNT = 10 ** 9
LATEST = 4102444800.0  # 2100-01-01: a later time is no time a learner answered
QUOTED = 40  # characters of a refused value quoted back


class ProgressError(ValueError):
    """A refused file or value: its text is one short sentence."""


@dataclass(frozen=True)
class Concept:
    """A rule or a skill of a game: ``key`` such as "follow-suit", ``title`` in the lesson's words."""

    game: str
    key: str
    title: str


def concepts(game: str) -> tuple[Concept, ...]:
    """Every concept of the game, in the lesson's order; an unknown game raises ProgressError."""
    if game not in GAMES:
        raise ProgressError(i18n._("{game} is not a game here: the games are {games}.").format(
            game=_shown(game), games=", ".join(GAMES)))
    return tuple(Concept(game, taught.key, taught.title) for taught in declared(game))


def _concept(game: str, key: str) -> Concept:
    found = next((concept for concept in concepts(game) if concept.key == key), None)
    if found is None:
        raise ProgressError(i18n._("{concept} is not a concept of {game}.").format(concept=_shown(key),
                                                                                  game=GAMES[game].title))
    return found


@dataclass(frozen=True)
class Mark:
    """One concept's record: its Leitner box (1 to 5), the right and wrong answers, when it was last
    answered and when it is due again (epoch seconds)."""

    box: int
    right: int
    wrong: int
    seen: float
    due: float


@dataclass(frozen=True)
class GameProgress:
    """A game's progress at a time: concepts learnt (box 3 or more), seen, declared, and those due."""

    game: str
    learnt: int
    seen: int
    total: int
    due: tuple[Concept, ...]

    def sentence(self) -> str:
        """The progress in words, such as "2 of 11 concepts learnt, 4 seen; 1 due for review."."""
        total = i18n.number(self.total)
        if not self.seen:
            return i18n.ngettext("None of the {total} concept tried yet.", "None of the {total} concepts tried yet.",
                                 self.total).format(total=total)
        due = len(self.due)
        review = (i18n.ngettext("{count} due for review", "{count} due for review", due).format(count=i18n.number(due))
                  if due else i18n._("nothing due for review"))
        learnt = i18n.ngettext("{learnt} of {total} concept learnt", "{learnt} of {total} concepts learnt",
                               self.total).format(learnt=i18n.number(self.learnt), total=total)
        seen = i18n.ngettext("{seen} seen", "{seen} seen", self.seen).format(seen=i18n.number(self.seen))
        return i18n._("{learnt}, {seen}; {review}.").format(learnt=learnt, seen=seen, review=review)


def _key(game: str, concept: str) -> str:
    return f"{game}/{concept}"


@dataclass(frozen=True)
class Progress:
    """A learner's marks, "game/concept" -> Mark; an immutable value (the browser holds its JSON)."""

    marks: Mapping[str, Mark] = field(default_factory=lambda: MappingProxyType({}))

    def record(self, game: str, concept: str, right: bool, now: float) -> Progress:
        """The progress after one answer exercising ``concept`` (see the module's docstring)."""
        _concept(game, concept)
        now = _time(now)
        key = _key(game, concept)
        old = self.marks.get(key)
        if not right:
            box = 1
        elif old is None or now >= old.due:
            box = min(BOXES, (old.box if old else 1) + 1)
        else:
            box = old.box
        due = old.due if old is not None and right and box == old.box and now < old.due else now + INTERVALS[box]
        mark = Mark(box, (old.right if old else 0) + right, (old.wrong if old else 0) + (not right), now, due)
        return Progress(MappingProxyType({**self.marks, key: mark}))

    def mark(self, game: str, concept: str) -> Mark | None:
        """The concept's mark, or None while it has never been answered."""
        return self.marks.get(_key(game, concept))

    def due(self, game: str, now: float) -> tuple[Concept, ...]:
        """The game's answered concepts whose due time has come, most overdue first (then in the
        lesson's order)."""
        now = _time(now)
        found = [(mark.due, number, concept) for number, concept in enumerate(concepts(game))
                 if (mark := self.mark(game, concept.key)) is not None and mark.due <= now]
        return tuple(concept for _, _, concept in sorted(found))

    def summary(self, game: str, now: float) -> GameProgress:
        """The game's counts at ``now``."""
        every = concepts(game)
        marks = [mark for concept in every if (mark := self.mark(game, concept.key)) is not None]
        return GameProgress(game, sum(mark.box >= LEARNT_BOX for mark in marks), len(marks), len(every),
                            self.due(game, now))

    def to_json(self) -> str:
        """``{"format": "cardlab.progress/1", "marks": {"game/concept": {box, right, wrong, seen, due}}}``."""
        marks = {key: {"box": mark.box, "right": mark.right, "wrong": mark.wrong, "seen": mark.seen,
                       "due": mark.due} for key, mark in sorted(self.marks.items())}
        return json.dumps({"format": FORMAT, "marks": marks}, separators=(",", ":"))

    def merged(self, other: Progress) -> Progress:
        """This progress with another's (a file loaded on another device): per concept, the mark
        answered later wins (this one's on a tie)."""
        marks = dict(self.marks)
        for key, mark in other.marks.items():
            if key not in marks or mark.seen > marks[key].seen:
                marks[key] = mark
        return Progress(MappingProxyType(marks))


EMPTY = Progress()


def _shown(value: object) -> str:
    """A value quoted in a sentence, cut to a few dozen characters."""
    text = value if isinstance(value, str) else json.dumps(value) if _plain(value) else type(value).__name__
    return repr(text[:QUOTED] + "…" if len(text) > QUOTED else text)


def _plain(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float))


def _time(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= LATEST:
        raise ProgressError(i18n._("A time is a number of seconds since 1970, not {value}.").format(
            value=_shown(value)))
    return float(value)


def _depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = char == "\\", char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _count(value: object, name: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ProgressError(i18n._("In {key}, \"{name}\" must be a whole number from 0, not {value}.").format(
            key=_shown(key), name=name, value=_shown(value)))
    return value


def _mark(key: str, data: object) -> Mark:
    if not isinstance(data, dict) or set(data) != {"box", "right", "wrong", "seen", "due"}:
        raise ProgressError(i18n._("{key} must hold box, right, wrong, seen and due.").format(key=_shown(key)))
    box = data["box"]
    if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= BOXES:
        raise ProgressError(i18n._("In {key}, the box is 1 to {boxes}, not {box}.").format(
            key=_shown(key), boxes=BOXES, box=_shown(box)))
    try:
        seen, due = _time(data["seen"]), _time(data["due"])
    except ProgressError:
        raise ProgressError(i18n._("In {key}, \"seen\" and \"due\" must be times in seconds since 1970.").format(
            key=_shown(key))) from None
    return Mark(box, _count(data["right"], "right", key), _count(data["wrong"], "wrong", key), seen, due)


def _refuse_constant(name: str) -> Any:
    raise ProgressError(i18n._("A progress file holds no {name}.").format(name=name))


def parse(text: str) -> Progress:
    """The progress a JSON text holds; anything else (too big, too deep, another format, an unknown
    game or concept, a number out of range) raises ProgressError with one short sentence."""
    if not isinstance(text, str):
        raise ProgressError(i18n._("A progress file is JSON text."))
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ProgressError(i18n._("A progress file is at most {size} KB.").format(size=i18n.number(MAX_BYTES // 1024)))
    if _depth(text) > MAX_DEPTH:
        raise ProgressError(i18n._("This file nests deeper than a progress file does."))
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except ValueError as error:
        if isinstance(error, ProgressError):
            raise
        raise ProgressError(i18n._("This file is not JSON: it cannot be a progress file.")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(i18n._("This is not a cardlab progress file (its \"format\" is not \"{format}\").").format(
            format=FORMAT))
    marks = data.get("marks")
    if not isinstance(marks, dict) or set(data) != {"format", "marks"}:
        raise ProgressError(i18n._("A progress file holds \"format\" and \"marks\" only."))
    read: dict[str, Mark] = {}
    for key, value in marks.items():
        game, _, concept = key.partition("/")
        if game not in GAMES:
            raise ProgressError(i18n._("{key} names no game here.").format(key=_shown(key)))
        _concept(game, concept)
        read[key] = _mark(key, value)
    return Progress(MappingProxyType(read))


@dataclass(frozen=True)
class ReviewItems:
    """What a review of some concepts asks: the concept keys, the quiz kinds whose questions may
    exercise them and the puzzle themes (with puzzles the trainer can show) that do."""

    game: str
    concepts: tuple[str, ...]
    quiz_kinds: tuple[str, ...]
    themes: tuple[str, ...]


def review_items(game: str, due: Iterable[Concept | str]) -> ReviewItems:
    """The review of the ``due`` concepts (Concepts or keys) of ``game``; an unknown game or
    concept raises ProgressError."""
    keys = tuple(dict.fromkeys(item.key if isinstance(item, Concept) else item for item in due))
    for key in keys:
        _concept(game, key)
    asked = set(keys)
    kinds = tuple(kind for kind in QUIZ_KINDS
                  if any(asked & set(quiz_concepts(game, kind, tag.partition("/")[2]))
                         for taught in declared(game) for tag in taught.quiz if tag.partition("/")[0] == kind))
    banked = dict.fromkeys(puzzle["theme"] for puzzle in bank_puzzles(game) if card_puzzle(puzzle))
    themes = tuple(theme for theme in banked if asked & set(theme_concepts(game, theme)))
    return ReviewItems(game, keys, kinds, themes)
