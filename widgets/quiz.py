"""The quiz a lesson's Practice section shows: a view of :class:`cardlab.practice.QuizRun`, which
makes the questions, keeps the score, streak and level, checks the answers and words every
sentence.  This widget maps the run's values to controls and draws the scene it gives.

``Quiz("tressette")`` asks about one game, ``Quiz(["tressette", "aluette", ...])`` mixes games
(see :class:`~cardlab.practice.quiz_run.QuizRun` for the series, the second try and the levels).

Answers: a seat or "Nobody" (who wins the trick: the seat's button or any card or label of that
seat on the drawing), cards toggled then "Check" (which cards may be played: the buttons or the
cards on the drawing), one of two cards (which is stronger), a number per side (points), Yes or No
(may this be said now).  Every control is a button or a text box, so the keyboard reaches them all.
The sentences reach the page through :mod:`cardlab.widgets.html`, escaped.
"""
from __future__ import annotations

import functools
from typing import Any, Callable, Concatenate, ParamSpec, Sequence

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab.i18n import _
from cardlab.lesson import later
from cardlab.practice import KINDS
from cardlab.practice.quiz import Quiz as Question
from cardlab.practice.quiz_run import LEVEL_2_AT, LEVEL_3_AT, ONCE_MORE, Choice, Pile, QuizRun, level_for
from cardlab.render.cards import hand_svg
from cardlab.render.table import table_svg
from cardlab.rules import TrickGame
from cardlab.state import State

from . import html
from .boardbox import NARROW
from .front import FRONT, esm
from .progress import Keeper, here
from .svgview import click_target

__all__ = ["LEVEL_2_AT", "LEVEL_3_AT", "ONCE_MORE", "Quiz", "QuizBoard", "level_for"]

PILE_ROW = 8
"""Cards per row in the piles of a points question."""


class QuizBoard(anywidget.AnyWidget):
    """Paints the position and reports a click as the boards' click string (:func:`click_target`):
    ``"<card code>#<counter>"``, or ``"@<seat>#<counter>"`` for a seat's part of the drawing outside
    its cards; ``width`` is the painted width, so the narrow layout can be chosen."""

    _esm = esm("quiz.js")
    _css = FRONT / "quiz.css"
    svg = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)


Params = ParamSpec("Params")


def _safe(method: Callable[Concatenate[Quiz, Params], None]) -> Callable[Concatenate[Quiz, Params], None]:
    """A failure in a callback becomes a sentence in the quiz instead of a traceback."""
    @functools.wraps(method)
    def wrapper(self: Quiz, *args: Params.args, **kwargs: Params.kwargs) -> None:
        try:
            method(self, *args, **kwargs)
        except Exception as error:  # the app must never show a traceback
            self.feedback.value = html.refusal(_("Something went wrong ({error}).").format(
                error=f"{type(error).__name__}: {error}"))
    return wrapper


_AUTO = ipw.Layout(width="auto")
"""One layout model shared by every answer control (each control otherwise brings its own)."""


def _button(text: str, klass: str, on_click: Callable[[], None], tooltip: str = "") -> ipw.Button:
    button = ipw.Button(description=text, tooltip=tooltip or text, layout=_AUTO)
    button.add_class(klass)
    button.on_click(lambda _: on_click())
    return button


class Quiz(ipw.VBox):
    """``Quiz("tressette")``, ``Quiz(["tressette", "aluette"], seed=5)``,
    ``Quiz("quatre_sept", kinds=["legal"], options={"low_lead_rule": True})``.

    ``options`` are the rule options of the one game; with several games, a dict of options per
    game (``{"tressette": {"declarations": True}}``).  ``concepts`` keeps to the questions that
    exercise one of those concept keys (a review).  Each question answered is reported to
    ``progress`` (this kernel's :func:`~cardlab.widgets.progress.here` unless given): right only at
    the first try.  The traits mirror the run's score."""

    asked = traitlets.Int(0)
    right = traitlets.Int(0)
    streak = traitlets.Int(0)
    level = traitlets.Int(1)
    number = traitlets.Int(0)
    shown = traitlets.Int(0)
    answered = traitlets.Bool(False)
    missed = traitlets.Int(0)

    def __init__(self, games: str | Sequence[str] = "tressette", *, seed: int = 1,
                 kinds: Sequence[str] = KINDS, options: dict[str, Any] | None = None,
                 concepts: Sequence[str] = (), progress: Keeper | None = None) -> None:
        self.run = QuizRun(games, seed=seed, kinds=kinds, options=options, concepts=concepts)
        self.progress = progress or here()
        self.reported = 0
        """The run's ``shown`` number of the last question reported to the progress."""
        self.toggles: dict[str, ipw.ToggleButton] = {}
        self.choices: dict[str, ipw.Button] = {}
        self.boxes: dict[str, ipw.Text] = {}
        self.offered: list[tuple[ipw.Button, Choice]] = []
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
        self.next_button = _button(_("Next question"), "cardlab-quiz-next", self.next_question)
        self.score = ipw.Label()
        self.score.add_class("cardlab-quiz-score")
        foot = ipw.HBox([self.next_button, self.score])
        foot.add_class("cardlab-quiz-foot")
        super().__init__(children=[self.head, self.ask, self.board, self.piles, self.answers, self.feedback, foot])
        self.add_class("cardlab-quiz")
        self._new_question()

    # ----- what the run holds --------------------------------------------------------------
    @property
    def question(self) -> Question | None:
        return self.run.question

    @question.setter
    def question(self, question: Question | None) -> None:
        self.run.question = question

    @property
    def rules(self) -> TrickGame | None:
        return self.run.rules

    @property
    def state(self) -> State | None:
        return self.run.state

    def pick(self, number: int) -> tuple[str, str]:
        """The game and kind of question ``number``."""
        return self.run.pick(number)

    @_safe
    def next_question(self) -> None:
        """Show the next question (after the current one is answered)."""
        self.run.next()
        self._new_question()

    @_safe
    def submit(self, given: Any) -> None:
        """Check ``given`` against the rules' answer, move the score and show the feedback."""
        self.run.submit(given)
        self._show()

    # ----- the view ------------------------------------------------------------------------
    def _new_question(self) -> None:
        """The controls of the run's question in place of the last one's."""
        self.toggles, self.choices, self.boxes, self.offered = {}, {}, {}, []
        controls: list[ipw.Widget] = [self._control(choice) for choice in self.run.choices()]
        if self.toggles or self.boxes:
            controls.append(_button(_("Check"), "cardlab-quiz-check", self._check,
                                    _("Check the cards or points you gave")))
        old, self.answers.children = self.answers.children, tuple(controls)
        for control in old:      # a long session must not pile up widget models in the page
            control.style.close()
            control.close()
        self._show()

    def _control(self, choice: Choice) -> ipw.Widget:
        klass = f"cardlab-quiz-{choice.role}"
        if choice.control == "toggle":
            toggle = ipw.ToggleButton(description=choice.label, layout=_AUTO)
            toggle.add_class(klass)
            toggle.observe(functools.partial(self._toggled, choice.key), "value")
            self.toggles[choice.key] = toggle
            return toggle
        if choice.control == "box":
            box = ipw.Text(description=choice.label, placeholder=_("points"), style={"description_width": "initial"},
                           layout=_AUTO)
            box.add_class(klass)
            self.boxes[choice.key] = box
            return box
        button = _button(choice.label, klass, functools.partial(self.submit, choice.given))
        if choice.role == "card":
            self.choices[choice.key] = button
        self.offered.append((button, choice))
        return button

    def _show(self) -> None:
        """Every control and text as the run now says."""
        run = self.run
        for name in ("asked", "right", "streak", "level", "number", "shown", "answered", "missed"):
            setattr(self, name, getattr(run, name))
        question = run.question
        self.head.value = run.heading
        self.ask.value = html.note(question.question) if question else ""
        said = run.said
        self.feedback.value = ("" if said is None else html.refusal(said.sentence) if said.mark == "refused"
                               else f'<div class="{said.mark}" role="status">{html.note(said.sentence)}</div>')
        self.next_button.disabled = question is None or not run.answered
        if question is not None and run.answered and self.reported != run.shown:
            self.reported = run.shown
            said_right = run.said is not None and run.said.mark == "right"
            self.progress.record(question.game, question.concepts, said_right and not run.missed)
        self.score.value = run.score
        for code, toggle in self.toggles.items():
            toggle.value = code in run.picked
        for control in self.answers.children:
            control.disabled = run.answered
        for button, choice in self.offered:
            button.disabled = run.answered or run.tried_already(choice.given)
        self._draw()

    @_safe
    def _toggled(self, code: str, change: dict[str, Any]) -> None:
        if change["new"] != (code in self.run.picked):
            self.run.select(code, change["new"])
            self._draw()

    @_safe
    def _check(self) -> None:
        if self.boxes:
            self.submit({side: box.value for side, box in self.boxes.items()})
        else:
            self.submit(sorted(self.run.picked))

    @_safe
    def _on_click(self, change: dict[str, Any]) -> None:
        self.run.click(click_target(change["new"]))
        self._show()

    def _draw(self) -> None:
        scene, piles = self.run.scene(), self.run.piles()
        width = self.board.width
        self.board.svg = "" if scene is None else table_svg(scene, theme="narrow" if 0 < width < NARROW else "normal")
        self.piles.value = "" if piles is None or self.rules is None else _piles(self.rules.pack.family, *piles)


def _piles(family: str, piles: tuple[Pile, ...], last: str) -> str:
    """The piles in rows of :data:`PILE_ROW` cards, each under its words, then who took the last trick.
    A pile is drawn when it comes near the screen (:func:`cardlab.lesson.later`): a question of a
    whole hand's piles is some forty cards, and the quiz often opens far down its lesson."""
    parts = []
    for pile in piles:
        parts.append(html.note(pile.words))
        parts.extend(later(hand_svg(list(pile.cards[at:at + PILE_ROW]), family, width=48, gap=6))
                     for at in range(0, len(pile.cards), PILE_ROW))
    parts.append(html.note(last))
    return "".join(parts)
