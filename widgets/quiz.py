"""The quiz a lesson's Practice section shows: questions made by the engine, answered on a small
picture of the position or with buttons, checked by the rules, with the rule named in the feedback.

``Quiz("tressette")`` asks about one game, ``Quiz(["tressette", "aluette", ...])`` mixes games.
Question ``n`` is made from the engine seed ``seed + n`` (game and kind drawn from the same number),
so reloading a page shows the same series.  A question the engine cannot make for that seed (a
game with no calls to ask about) is passed over for the next number, never shown as a traceback.

Answers: a seat or "Nobody" (who wins the trick: the seat's button or any card or label of that
seat on the drawing), cards toggled then "Check" (which cards may be played: the buttons or the
cards on the drawing), one of two cards (which is stronger), a number per side (points), Yes or No
(may this be said now).  Every control is a button or a text box, so the keyboard reaches them all.

A wrong first answer says only "not quite" and leaves the question open for a second try (the
choice already tried is disabled); the answer and the rule show after the second try, or at once
for a right answer.  Only a question answered right at the first try counts as right and carries
the streak: a Yes/No question's second try cannot miss.

Difficulty follows the streak of right answers: level 1, level 2 from a streak of
:data:`LEVEL_2_AT`, level 3 from :data:`LEVEL_3_AT`; a miss ends the streak and so brings the
next question back to level 1.  The sentences come from :mod:`cardlab.practice` and reach the page
through :mod:`widgets.html`, escaped.
"""
from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Any, Callable, Concatenate, ParamSpec, Sequence

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab import GAMES
from cardlab.cards import Card
from cardlab.practice import KINDS, PracticeError, make_quiz
from cardlab.practice.quiz import Quiz as Question
from cardlab.practice.quiz import normalised
from cardlab.practice.words import suitless
from cardlab.render.cards import hand_svg
from cardlab.render.scene import TableScene
from cardlab.render.table import table_svg
from cardlab.rules import TrickGame
from cardlab.scenario import parse, run
from cardlab.state import State, Trick

from . import html
from .front import FRONT, esm
from .svgview import click_target

LEVEL_2_AT = 3
LEVEL_3_AT = 6
NARROW = 600
"""Below this width in pixels the position is drawn in the portrait layout for phones."""
TRIES = 12
"""Question numbers tried in a row before the quiz says it cannot ask anything."""
ATTEMPTS = 2
"""Answers a learner may give to one question before the answer is shown."""
ONCE_MORE = "Not quite. Look again and try once more: the answer and the rule show after your second try."
AGAIN = "That was your first answer: try another."
PILE_ROW = 8
"""Cards per row in the piles of a points question."""
KIND_NAMES = {"trick-winner": "who wins the trick", "legal": "which cards may be played",
              "points": "what the hand scores", "stronger": "which card is stronger",
              "call": "may this be said now"}


class QuizBoard(anywidget.AnyWidget):
    """Paints the position and reports a click as the boards' click string (:func:`click_target`):
    ``"<card code>#<counter>"``, or ``"@<seat>#<counter>"`` for a seat's part of the drawing outside
    its cards; ``width`` is the painted width, so the narrow layout can be chosen."""

    _esm = esm("quiz.js")
    _css = FRONT / "quiz.css"
    svg = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)


def level_for(streak: int) -> int:
    """The difficulty of the next question after ``streak`` right answers in a row."""
    return 3 if streak >= LEVEL_3_AT else 2 if streak >= LEVEL_2_AT else 1


Params = ParamSpec("Params")


def _safe(method: Callable[Concatenate[Quiz, Params], None]) -> Callable[Concatenate[Quiz, Params], None]:
    """A failure in a callback becomes a sentence in the quiz instead of a traceback."""
    @functools.wraps(method)
    def wrapper(self: Quiz, *args: Params.args, **kwargs: Params.kwargs) -> None:
        try:
            method(self, *args, **kwargs)
        except Exception as error:  # the app must never show a traceback
            self.feedback.value = html.refusal(f"Something went wrong ({type(error).__name__}: {error}).")
    return wrapper


_AUTO = ipw.Layout(width="auto")
"""One layout model shared by every answer control (each control otherwise brings its own)."""


def _button(text: str, klass: str, on_click: Callable[[], None]) -> ipw.Button:
    button = ipw.Button(description=text, tooltip=text, layout=_AUTO)
    button.add_class(klass)
    button.on_click(lambda _: on_click())
    return button


def _card_name(rules: TrickGame, state: State, card: Card) -> str:
    """A card's name for a button: "7 of hearts", "Monsieur (3 of coins)"."""
    name = rules.card_label(state, card).removeprefix("the ")
    return name[:1].upper() + name[1:]


class Quiz(ipw.VBox):
    """``Quiz("tressette")``, ``Quiz(["tressette", "aluette"], seed=5)``,
    ``Quiz("quatre_sept", kinds=["legal"], options={"low_lead_rule": True})``.

    ``options`` are the rule options of the one game; with several games, a dict of options per
    game (``{"tressette": {"declarations": True}}``)."""

    asked = traitlets.Int(0)
    right = traitlets.Int(0)
    streak = traitlets.Int(0)
    level = traitlets.Int(1)
    number = traitlets.Int(0)
    shown = traitlets.Int(0)
    answered = traitlets.Bool(False)
    missed = traitlets.Int(0)

    def __init__(self, games: str | Sequence[str] = "tressette", *, seed: int = 1,
                 kinds: Sequence[str] = KINDS, options: dict[str, Any] | None = None) -> None:
        self.games = [games] if isinstance(games, str) else list(games)
        self.kinds = [kinds] if isinstance(kinds, str) else list(kinds)
        self.seed = seed
        self.options = options
        self.question: Question | None = None
        self.rules: TrickGame | None = None
        self.state: State | None = None
        self.picked: set[str] = set()
        self.toggles: dict[str, ipw.ToggleButton] = {}
        self.choices: dict[str, ipw.Button] = {}
        self.boxes: dict[str, ipw.Text] = {}
        self.offered: list[tuple[ipw.Button, Any]] = []
        self.tried: list[Any] = []
        self.head = ipw.Label()
        self.head.add_class("cardlab-quiz-head")
        self.ask = ipw.HTML()
        self.ask.add_class("cardlab-quiz-question")
        self.board = QuizBoard()
        self.board.observe(self._on_click, "clicked")
        self.board.observe(lambda _: self._draw(), "width")
        self.piles = ipw.HTML()
        self.piles.add_class("cardlab-quiz-pile")
        self.answers = ipw.HBox()
        self.answers.add_class("cardlab-quiz-answers")
        self.feedback = ipw.HTML()
        self.feedback.add_class("cardlab-quiz-feedback")
        self.next_button = _button("Next question", "cardlab-quiz-next", self.next_question)
        self.score = ipw.Label()
        self.score.add_class("cardlab-quiz-score")
        foot = ipw.HBox([self.next_button, self.score])
        foot.add_class("cardlab-quiz-foot")
        super().__init__(children=[self.head, self.ask, self.board, self.piles, self.answers, self.feedback, foot])
        self.add_class("cardlab-quiz")
        refusal = self._refusal()
        if refusal:
            self._stop(refusal)
        else:
            self._show(0)

    # ----- choosing and making questions ---------------------------------------------------
    def _refusal(self) -> str:
        """The sentence refusing the arguments, or "" when they are usable."""
        unknown = [game for game in self.games if game not in GAMES]
        if not self.games or unknown:
            return (f"{unknown[0]!r} is not a game here: the games are {', '.join(GAMES)}." if unknown
                    else "The quiz needs at least one game.")
        wrong = [kind for kind in self.kinds if kind not in KINDS]
        if not self.kinds or wrong:
            return f"{(wrong or [''])[0]!r} is not a kind of quiz: the kinds are {', '.join(KINDS)}."
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            return f"The seed is a whole number from 0 up, not {self.seed!r}."
        options: object = self.options  # as the notebook gave it
        if options is not None and not isinstance(options, dict):
            return "The options are a dict, such as {\"declarations\": True}."
        return ""

    def _options_for(self, game: str) -> dict[str, Any] | None:
        if self.options is None:
            return None
        return self.options if len(self.games) == 1 else self.options.get(game)

    def pick(self, number: int) -> tuple[str, str]:
        """The game and kind of question ``number``."""
        rng = random.Random(f"cardlab-quiz|{self.seed}|{number}")
        return rng.choice(self.games), rng.choice(self.kinds)

    def _make(self, number: int) -> tuple[int, Question | None, str]:
        """The first question the engine can make from ``number`` on, its number, or the last refusal."""
        refusal = ""
        for at in range(number, number + TRIES):
            game, kind = self.pick(at)
            try:
                return at, make_quiz(game, kind, seed=self.seed + at, options=self._options_for(game),
                                     level=self.level), ""
            except PracticeError as error:
                refusal = str(error)
        return number, None, refusal

    def _stop(self, sentence: str) -> None:
        self.question = None
        self.head.value = ""
        self.ask.value = ""
        self.board.svg = ""
        self.piles.value = ""
        self._replace_controls([])
        self.feedback.value = html.refusal(sentence)
        self.next_button.disabled = True
        self._score()

    def _show(self, number: int) -> None:
        at, question, refusal = self._make(number)
        if question is None:
            self._stop(refusal)
            return
        self.number, self.question, self.answered, self.missed, self.tried = at, question, False, 0, []
        self.shown += 1
        hand = run(parse(question.scenario)).hand
        assert hand is not None  # the engine has just made the question from this scenario
        self.rules, self.state = hand.rules, hand.state
        self.picked = set()
        self.head.value = (f"Question {self.shown} · {hand.rules.title} · {KIND_NAMES[question.kind]} · "
                           f"level {question.level}")
        self.ask.value = html.note(question.question)
        self.feedback.value = ""
        self.next_button.disabled = True
        self._replace_controls(self._controls(question, hand.rules, hand.state))
        self._draw()
        self._score()

    @_safe
    def next_question(self) -> None:
        """Show the next question (after the current one is answered)."""
        self._show(self.number + 1)

    # ----- the answer controls -------------------------------------------------------------
    def _replace_controls(self, controls: list[ipw.Widget]) -> None:
        """Show ``controls`` and close the previous question's, so a long session does not pile up
        widget models in the page."""
        old, self.answers.children = self.answers.children, tuple(controls)
        for control in old:
            control.style.close()
            control.close()

    def _controls(self, question: Question, rules: TrickGame, state: State) -> list[ipw.Widget]:
        self.toggles, self.choices, self.boxes, self.offered = {}, {}, {}, []
        if question.kind == "trick-winner":
            return [self._choice(rules.seat_name(seat), "cardlab-quiz-seat", seat) for seat in rules.seats] + \
                [self._choice("Nobody", "cardlab-quiz-seat", None)]
        if question.kind == "legal":
            assert question.seat is not None  # a question on the legal cards names the seat to play
            for card in rules.sorted_cards(state, state.cards_in_sight(question.seat)):
                toggle = ipw.ToggleButton(description=_card_name(rules, state, card),
                                          layout=_AUTO)
                toggle.add_class("cardlab-quiz-card")
                toggle.observe(functools.partial(self._toggled, str(card)), "value")
                self.toggles[str(card)] = toggle
            return [*self.toggles.values(), _button("Check", "cardlab-quiz-check",
                                                     lambda: self.submit(sorted(self.picked)))]
        if question.kind == "stronger":
            self.choices = {code: self._choice(_card_name(rules, state, Card.parse(code)), "cardlab-quiz-card",
                                               [code]) for code in question.cards}
            tie = [self._choice("They tie", "cardlab-quiz-tie", list(question.cards))]
            return [*self.choices.values(), *(tie if suitless(rules) else [])]
        if question.kind == "points":
            for side in question.answer:
                box = ipw.Text(description=side, placeholder="points", style={"description_width": "initial"},
                               layout=_AUTO)
                box.add_class("cardlab-quiz-points")
                self.boxes[side] = box
            return [*self.boxes.values(), _button("Check", "cardlab-quiz-check", self._check_points)]
        return [self._choice("Yes", "cardlab-quiz-yes", True), self._choice("No", "cardlab-quiz-no", False)]

    def _choice(self, text: str, klass: str, given: Any) -> ipw.Button:
        """A button giving one whole answer, remembered so that a missed one can be disabled."""
        button = _button(text, klass, functools.partial(self.submit, given))
        self.offered.append((button, given))
        return button

    @_safe
    def _toggled(self, code: str, change: dict[str, Any]) -> None:
        (self.picked.add if change["new"] else self.picked.discard)(code)
        self._draw()

    @_safe
    def _check_points(self) -> None:
        empty = [side for side, box in self.boxes.items() if not box.value.strip()]
        if empty:
            self.feedback.value = html.refusal(f"Write a number for {', '.join(empty)} first.")
            return
        self.submit({side: box.value for side, box in self.boxes.items()})

    @_safe
    def _on_click(self, change: dict[str, Any]) -> None:
        question, rules, state = self.question, self.rules, self.state
        if question is None or rules is None or state is None or self.answered:
            return
        target = click_target(change["new"])
        code = "" if target.startswith("@") else target
        seat = target[1:] if target.startswith("@") else _seat_of(rules, state, code)
        kind = question.kind
        if kind == "trick-winner" and seat in rules.seats:
            self.submit(seat)
        elif kind == "legal" and code in self.toggles:
            self.toggles[code].value = not self.toggles[code].value
        elif kind == "stronger" and code in question.cards:
            self.submit([code])

    # ----- checking ------------------------------------------------------------------------
    @_safe
    def submit(self, given: Any) -> None:
        """Check ``given`` against the rules' answer, move the score and show the feedback."""
        if self.question is None or self.answered:
            return
        kind = self.question.kind
        said = normalised(kind, given)
        if said in self.tried:
            self._say("wrong", AGAIN)
            return
        feedback = self.question.check(given)
        if not feedback.right and self.missed + 1 < ATTEMPTS:
            self.missed += 1
            self.tried.append(said)
            for button, offered in self.offered:
                if normalised(kind, offered) == said:
                    button.disabled = True
            self._say("wrong", ONCE_MORE)
            return
        self.answered = True
        self.asked += 1
        first_try = feedback.right and not self.missed
        if first_try:
            self.right += 1
            self.streak += 1
        else:
            self.streak = 0
        self.level = level_for(self.streak)
        sentence = feedback.sentence
        if feedback.right and self.missed:
            sentence = f"Right, at the second try. {self.question.explanation}"
        self._say("right" if feedback.right else "wrong", sentence)
        for control in self.answers.children:
            control.disabled = True
        self.next_button.disabled = False
        self._score()

    def _say(self, mark: str, sentence: str) -> None:
        self.feedback.value = f'<div class="{mark}" role="status">{html.note(sentence)}</div>'

    def _score(self) -> None:
        self.score.value = f"{self.right} of {self.asked} right · streak {self.streak}"

    # ----- the picture ---------------------------------------------------------------------
    def _draw(self) -> None:
        question, rules, state = self.question, self.rules, self.state
        if question is None or rules is None or state is None:
            return
        if question.kind == "points":
            self.board.svg = ""
            self.piles.value = _piles(rules, state)
            return
        self.piles.value = ""
        width = self.board.width
        self.board.svg = table_svg(self._scene(question, rules, state),
                                   theme="narrow" if 0 < width < NARROW else "normal")

    def _scene(self, question: Question, rules: TrickGame, state: State) -> TableScene:
        """The position asked about, without what would give the answer away (the legal cards, the
        winner of the trick asked about)."""
        viewer = question.seat or "S"
        scene = replace(rules.scene(state, viewer), legal=frozenset(), hint="")
        if question.kind == "legal":
            return replace(scene, selected=frozenset(self.picked))
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
                       status=f"Trick {len(state.tricks)}: every card is down", trick_number=len(state.tricks))

def _seat_of(rules: TrickGame, state: State, code: str) -> str:
    """The seat that played the card ``code`` this hand, else the one holding it, else ""."""
    tricks = (*state.tricks, *([state.trick] if state.trick else []))
    played = (seat for trick in tricks for seat, card in trick.plays if str(card) == code)
    held = (seat for seat in rules.seats if any(str(card) == code for card in state.hand(seat)))
    return next(played, None) or next(held, "")


def _piles(rules: TrickGame, state: State) -> str:
    """The cards each player took (partners next to each other), in rows, and who took the last
    trick: what a points answer counts, per side or per player as the game scores."""
    piles: dict[str | None, list[Trick]] = {}
    for trick in state.tricks:
        piles.setdefault(trick.winner, []).append(trick)
    sides = {seat: rules.side_of(state, seat) for seat in rules.seats}
    place: dict[str | None, tuple[int, int]] = {
        seat: (min(k for k, other in enumerate(rules.seats) if sides[other] == sides[seat]), k)
        for k, seat in enumerate(rules.seats)}
    order = sorted(piles, key=lambda seat: place.get(seat, (len(place), 0)))
    parts = []
    for seat in order:
        tricks = piles[seat]
        cards = [card for trick in tricks for card in trick.cards()]
        who = "Nobody" if seat is None else seat if sides[seat] in ("", seat) else f"{seat} ({sides[seat]})"
        parts.append(html.note(f"{who} took {len(tricks)} trick{'s' if len(tricks) != 1 else ''}:"))
        parts.extend(hand_svg(cards[at:at + PILE_ROW], rules.pack.family, width=48, gap=6)
                     for at in range(0, len(cards), PILE_ROW))
    last = state.tricks[-1].winner
    parts.append(html.note(f"The last trick went to {rules.seat_name(last) if last else 'nobody'}."))
    return "".join(parts)
