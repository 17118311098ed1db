"""The puzzle trainer on the board: a view of :class:`cardlab.puzzles.trainer.PuzzleTrainer`.

``PuzzleTrainer("tressette")`` trains on every theme of one game; ``PuzzleTrainer("tressette",
theme="keep the master")`` keeps to one theme (a lesson's "Playing well" section);
``PuzzleTrainer(choosers=True)`` adds a game chooser and a theme chooser (the puzzles page).

The position is drawn on the lesson table's board (:class:`~cardlab.widgets.svgview.SvgView`) from
the puzzle seat's chair with every hand open, and solved by clicking a card.  A wrong card plays the
other side's punishment out on the board, one card at a time at the chosen pace, and the position
comes back for a second try; the right card (or a second wrong one, after its punishment) plays the
winning line out.  "Next puzzle" asks the trainer for a puzzle near the learner's new rating.  The
trainer words every sentence; they reach the page through :mod:`cardlab.widgets.html`, escaped.
The first card tried on each puzzle is reported to the learner's progress with the concepts of the
puzzle's theme (``concepts=`` keeps to the puzzles exercising those concept keys: a review).
The board and its column are laid out as the table's (``puzzle.css``), in a box of the trainer's own
class, ``cardlab-puzzle``: the lessons' tests find their tables by ``cardlab-table``.
"""
from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any, Callable, Concatenate, ParamSpec, Sequence

import ipywidgets as ipw

from cardlab.games import GAMES, get_rules
from cardlab.i18n import N_, _
from cardlab.puzzles.themes import theme_title
from cardlab.puzzles.trainer import BACK, PUNISHMENT, WINNING, PuzzleTrainer as Trainer, Reply, TrainerError
from cardlab.record import Hand
from cardlab.render import board_description
from cardlab.render.table import table_svg
from cardlab.state import State

from . import html
from .front import FRONT, StyleSheet
from .svgview import Frame, SvgView, click_target
from .boardbox import PACES, PRESENTER, crosses_narrow, layout_of, pace_picker, presenter_toggle
from .progress import Keeper, here

ANY_THEME = N_("every theme")
Params = ParamSpec("Params")


class PuzzleSheet(StyleSheet):
    """The trainer's own look: its feedback colours and its rating line."""

    _css = FRONT / "puzzle.css"


def _safe(method: Callable[Concatenate[PuzzleTrainer, Params], None]
          ) -> Callable[Concatenate[PuzzleTrainer, Params], None]:
    """A failure in a callback becomes a sentence under the board instead of a traceback."""
    @functools.wraps(method)
    def wrapper(self: PuzzleTrainer, *args: Params.args, **kwargs: Params.kwargs) -> None:
        try:
            method(self, *args, **kwargs)
        except Exception as error:  # the app must never show a traceback
            self._say("wrong", html.refusal(_("Something went wrong ({kind}: {error}).").format(kind=type(error).__name__, error=error)))
    return wrapper


class PuzzleTrainer(ipw.VBox):
    """``PuzzleTrainer(game, theme=None, *, choosers=False, presenter=False, seed=0, concepts=(),
    progress=None)``."""

    def __init__(self, game: str = "tressette", theme: str | None = None, *, choosers: bool = False,
                 presenter: bool = False, seed: int = 0, concepts: Sequence[str] = (),
                 progress: Keeper | None = None) -> None:
        self.progress = progress or here()
        try:
            self.trainer = Trainer(game, theme, seed=seed, concepts=concepts)
            missing = ""
        except TrainerError as error:  # a theme the bank has no puzzle of (yet): every theme instead
            self.trainer, missing = Trainer(game, seed=seed, concepts=concepts), str(error)
        self.trainers = {game: self.trainer}  # one rating per game, kept when the chooser comes back
        self.seed = seed
        self.shown: State = self.trainer.puzzle.position
        self.board = SvgView(pace=PACES[1][1])
        self.board.add_class("cardlab-board")
        self.board.observe(self._on_click, "clicked")
        self.board.observe(self._on_width, "width")
        self.game_pick = ipw.Dropdown(options=[(get_rules(key).title, key) for key in GAMES], value=game,
                                      description=_("Game"), style={"description_width": "initial"},
                                      layout=ipw.Layout(width="auto"))
        self.game_pick.add_class("cardlab-puzzle-game")
        self.game_pick.observe(self._game_chosen, "value")
        self.theme_pick = ipw.Dropdown(description=_("Theme"), style={"description_width": "initial"},
                                       layout=ipw.Layout(width="auto"))
        self.theme_pick.add_class("cardlab-puzzle-theme")
        self._fill_themes()
        self.theme_pick.observe(self._theme_chosen, "value")
        self.presenter_box = presenter_toggle(self, presenter, lambda: self._paint((), self.shown))
        self.pace_pick = pace_picker(self.board)
        self.heading = ipw.HTML()
        self.heading.add_class("cardlab-puzzle-heading")
        self.step_label = ipw.HTML()
        self.step_label.add_class("cardlab-step")
        self.question = ipw.HTML()
        self.question.add_class("cardlab-caption")
        self.message_box = ipw.HTML()
        self.message_box.add_class("cardlab-message")
        self.rating_box = ipw.HTML()
        self.rating_box.add_class("cardlab-puzzle-rating")
        self.next_button = ipw.Button(description=_("Next puzzle"), tooltip=_("A new puzzle near your rating"),
                                      layout=ipw.Layout(width="auto"))
        self.next_button.add_class("cardlab-next-puzzle")
        self.next_button.on_click(lambda _: self.next_puzzle())
        setup = ipw.HBox(([self.game_pick, self.theme_pick] if choosers else [])
                         + [self.presenter_box, self.pace_pick])
        setup.add_class("cardlab-setup")
        side = ipw.VBox([self.heading, self.step_label, self.question, self.message_box, self.rating_box,
                         self.next_button])
        side.add_class("cardlab-side")
        play = ipw.HBox([self.board, side])
        play.add_class("cardlab-play")
        super().__init__(children=[PuzzleSheet(), setup, play])
        self.add_class("cardlab-puzzle")
        if presenter:
            self.add_class(PRESENTER)
        self._show_puzzle()
        if missing:
            self._say("wrong", html.refusal(missing))

    # ----- drawing -----------------------------------------------------------------------------
    def theme(self) -> str:
        return layout_of(self.board, self.presenter_box.value)

    def _picture(self, state: State, waiting: bool) -> tuple[str, str]:
        """The board's SVG and its words; only the position waiting for a card marks the playable cards."""
        trainer = self.trainer
        scene = trainer.rules.scene(state, trainer.puzzle.seat, open_hands=True)
        if not waiting:
            scene = replace(scene, legal=frozenset())
        return table_svg(scene, theme=self.theme()), board_description(scene)

    def _frames(self, hands: Sequence[Hand], what: str) -> list[Frame]:
        frames = []
        for number, hand in enumerate(hands, 1):
            svg, words = self._picture(hand.state, False)
            status = f"{what} — {self.trainer.rules.status(hand.state)}"
            frames.append(Frame(svg, words, html.step_line(number, len(hands), status)))
        return frames

    def _paint(self, frames: Sequence[Frame], state: State) -> None:
        """Show ``frames``, then ``state``.  The picture names the try it waits for, so the position
        shown again for the second try is a new picture and the browser plays the frames before it."""
        self.shown = state
        svg, words = self._picture(state, not self.trainer.done and state is self.trainer.puzzle.position)
        self.board.paint(svg.replace("<svg ", f'<svg data-try="{self.trainer.tries}" ', 1), words, frames)

    def _say(self, verdict: str, markup: str) -> None:
        for klass in ("right", "wrong"):
            if klass == verdict:
                self.message_box.add_class(klass)
            else:
                self.message_box.remove_class(klass)
        self.message_box.value = markup

    def _show_puzzle(self) -> None:
        trainer = self.trainer
        self.heading.value = html.note(trainer.heading())
        self.question.value = html.note(trainer.puzzle.question)
        self.step_label.value = html.note(trainer.prompt())
        self.rating_box.value = html.note(trainer.rating_text())
        self._say("", "")
        self._paint((), trainer.puzzle.position)

    # ----- what the learner does ---------------------------------------------------------------
    def try_card(self, code: str) -> Reply:
        """Try a card (its code, "AS"), as a click on it would."""
        trainer = self.trainer
        first = trainer.tries == 0
        reply = trainer.try_card(code)
        if first and reply.verdict != "refused":
            self.progress.record(trainer.game, trainer.puzzle.concepts, reply.verdict == "right")
        if reply.verdict == "refused":
            self._say("wrong", html.refusal(reply.sentence))
            return reply
        punished = self._frames(trainer.hands(reply.punishment), _(PUNISHMENT))
        won = self._frames(trainer.hands(reply.winning), _(WINNING))
        position = trainer.puzzle.position
        if reply.again:
            frames, last = punished, position
        else:
            back = [self._frames([trainer.puzzle.hand], _(BACK))[0]] if punished else []
            frames, last = punished + back + won[:-1], trainer.hands(reply.winning)[-1].state
        self.step_label.value = html.note(trainer.prompt())
        self.rating_box.value = html.note(trainer.rating_text())
        self._say(reply.verdict, html.refusal(reply.sentence) if reply.verdict == "wrong" else html.note(reply.sentence))
        self._paint(frames, last)
        return reply

    def next_puzzle(self) -> None:
        """The next puzzle near the learner's rating, of the theme chosen."""
        self.trainer.next_puzzle()
        self._show_puzzle()

    @_safe
    def _on_click(self, change: dict[str, Any]) -> None:
        code = click_target(change["new"])
        if code:
            self.try_card(code)

    @_safe
    def _on_width(self, change: dict[str, Any]) -> None:
        if crosses_narrow(change):
            self._paint((), self.shown)

    def _fill_themes(self) -> None:
        themes = self.trainer.themes
        self.theme_pick.options = [(_(ANY_THEME), "")] + [(theme_title(name), name) for name in themes]
        self.theme_pick.value = self.trainer.theme or ""

    @_safe
    def _game_chosen(self, change: dict[str, Any]) -> None:
        game = change["new"]
        if game not in self.trainers:
            self.trainers[game] = Trainer(game, seed=self.seed)
        self.trainer = self.trainers[game]
        self.theme_pick.unobserve(self._theme_chosen, "value")
        self._fill_themes()
        self.theme_pick.observe(self._theme_chosen, "value")
        self._show_puzzle()

    @_safe
    def _theme_chosen(self, change: dict[str, Any]) -> None:
        try:
            self.trainer.set_theme(change["new"] or None)
        except TrainerError as error:
            self._say("wrong", html.refusal(str(error)))
            return
        self._show_puzzle()


class PuzzleButton(ipw.VBox):
    """``PuzzleButton("tressette", theme="keep the master")``: one button until it is pressed, then
    the :class:`PuzzleTrainer` on that theme in its place.

    Why: a lesson's "Playing well" section offers a trainer for each of its principles.  Built at
    once they would add some forty widget models each to the lesson, which the kernel makes and
    sends while the learner's first click on the table above waits; a button is three."""

    def __init__(self, game: str = "tressette", theme: str | None = None, **options: Any) -> None:
        self.game, self.theme, self.options = game, theme, options
        self.trainer: PuzzleTrainer | None = None
        self.open_button = ipw.Button(description=_("Puzzles: {theme}").format(theme=theme_title(theme)) if theme else _("Puzzles"),
                                      tooltip=_("Open the puzzle trainer here"), layout=ipw.Layout(width="auto"))
        self.open_button.add_class("cardlab-puzzle-open")
        self.open_button.on_click(lambda _: self.unfold())
        super().__init__([self.open_button])

    def unfold(self) -> PuzzleTrainer:
        """The trainer in place of the button (built once), as pressing the button does."""
        if self.trainer is None:
            self.trainer = PuzzleTrainer(self.game, self.theme, **self.options)
            self.children = [self.trainer]
        return self.trainer
