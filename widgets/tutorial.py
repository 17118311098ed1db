"""The guided first hand of a lesson: ``Tutorial("tressette")`` shows the real board with the
step's words beside it, marks where to look, and waits for the learner's click.

Why a view of its own: the table lets the learner play anything; here each click is checked by
:class:`cardlab.tutorial.Guide` against the scripted line, and a wrong one is answered with the
rule's sentence and a hint while the step waits.  The view only draws what the guide's session
shows and forwards clicks (cards on the board, calls from the buttons).

It opens folded: a line of words and a Start button, so a lesson page opens as fast as without
it; the session and the board are made on the first press.

When the last step's click ends the hand, the computer's last cards are still shown one by one:
the end's words are marked ``cardlab-tutorial-over`` and the board's last picture
``data-hand-over`` (as the table marks it for its count), and ``tutorial.css`` keeps the words
hidden until the browser has painted that picture.

Each step's first move is reported to the learner's progress with the step's concepts: right when
the step takes it, wrong when it is refused (the moves after a refusal are not counted).
"""
from __future__ import annotations

from dataclasses import replace

import ipywidgets as ipw

from cardlab.actions import Action
from cardlab.i18n import N_, _, written
from cardlab.render.table import table_svg
from cardlab.session import CallOption, Frame as Shot
from cardlab.tutorial import Answer, Guide, builtin

from . import html
from .calls import CallBar
from .front import FRONT, StyleSheet
from .boardbox import crosses_narrow, layout_of
from .progress import Keeper, here
from .svgview import Frame, SvgView, click_target

PACE = 700
"""Milliseconds between the computer's cards after the learner's."""
REGIONS = {"hand": N_("your cards"), "trick": N_("the trick on the table"), "tricks": N_("the tricks taken"),
           "score": N_("the score"), "calls": N_("the buttons below"), "trump": N_("the trump card")}


class TutorialSheet(StyleSheet):
    """The guided hand's layout."""

    _css = FRONT / "tutorial.css"


class Tutorial(ipw.VBox):
    """``Tutorial("quadrille")``: Start, then play the scripted hand step by step."""

    def __init__(self, game: str = "tressette", *, progress: Keeper | None = None) -> None:
        self.tutorial = builtin(game)
        self.guide: Guide | None = None
        self.progress = progress or here()
        self.answered: set[int] = set()
        """The steps of this deal whose first move has been reported."""
        self.start_button = ipw.Button(description=_("Start the guided hand"), layout=ipw.Layout(width="auto"))
        self.start_button.add_class("cardlab-tutorial-start")
        self.start_button.on_click(lambda _: self.start())
        self.step_line = ipw.HTML()
        self.step_line.add_class("cardlab-tutorial-step")
        self.words = ipw.HTML(html.note(written(self.tutorial.game, self.tutorial.intro)))
        self.words.add_class("cardlab-tutorial-words")
        self.look = ipw.HTML()
        self.look.add_class("cardlab-tutorial-look")
        self.message = ipw.HTML()
        self.message.add_class("cardlab-tutorial-message")
        self.message.layout.display = "none"  # its room for a refusal is kept once the hand is dealt
        self.calls = CallBar(self._call)
        self.board = SvgView(pace=PACE)
        self.board.add_class("cardlab-board")
        self.board.add_class("cardlab-into-view")   # after each picture, the whole board in view (board.js)
        self.board.observe(self._on_click, "clicked")
        self.board.observe(self._on_width, "width")
        side = ipw.VBox([self.step_line, self.words, self.look, self.calls, self.message, self.start_button])
        side.add_class("cardlab-tutorial-side")
        self.play = ipw.HBox([side])
        self.play.add_class("cardlab-tutorial-play")
        super().__init__([TutorialSheet(), self.play])
        self.add_class("cardlab-tutorial")

    def start(self) -> None:
        """Deal the scripted hand (again) and wait for the first step."""
        if self.guide is None:
            self.guide = Guide(self.tutorial)
            self.play.children = (self.board,) + self.play.children
            self.message.layout.display = ""
        self.start_button.description = _("Start again")
        self.answered = set()
        self._show(self.guide.start())

    def move(self, move: Action | str) -> Answer | None:
        """The learner's move (a card code or an action), as a click sends it."""
        if self.guide is None:
            return None
        number, step = self.guide.number, self.guide.step
        answer = self.guide.move(move)
        if step is not None and number not in self.answered:
            self.answered.add(number)
            self.progress.record(self.tutorial.game, step.concepts, answer.taken)
        self._show(answer)
        return answer

    def _on_click(self, change: dict) -> None:
        code = click_target(change["new"])
        if code and not code.startswith("@"):
            self.move(code)

    def _on_width(self, change: dict) -> None:
        if crosses_narrow(change) and self.guide is not None:
            self._show(Answer(True, "", self.guide.session.index, self.guide.session.change(self.guide.seat)))

    def _call(self, option: CallOption) -> None:
        if option.action is not None:
            self.move(option.action)

    def _svg(self, shot: Shot, look: str = "") -> str:
        """The board's picture, the card to look at marked as the coach marks a hint; drawn in the
        portrait layout on a phone, as the table is."""
        return table_svg(replace(shot.scene, hint=look) if look and look not in REGIONS else shot.scene,
                         theme=layout_of(self.board))

    def _show(self, answer: Answer) -> None:
        guide = self.guide
        assert guide is not None
        session, seat = guide.session, guide.seat
        view = session.view(seat)
        frames = [Frame(self._svg(shot), shot.words, html.step_line(shot.step, view.steps, shot.status))
                  for shot in (session.frame(step, seat) for step in range(answer.start, session.index))] \
            if answer.taken else []
        svg = self._svg(view.frame, guide.look)
        if guide.done:
            svg = svg.replace("<svg ", '<svg data-hand-over="" ', 1)
        self.board.paint(svg, view.frame.words, frames)
        for line in (self.step_line, self.words):
            (line.add_class if guide.done else line.remove_class)("cardlab-tutorial-over")
        total = len(guide.tutorial.steps)
        self.step_line.value = html.step_line(min(guide.number + 1, total), total,
                                              _("the hand is over") if guide.done else _("your turn"))
        self.words.value = html.note(guide.words)
        look = _(REGIONS[guide.look]) if guide.look in REGIONS else _("the marked card") if guide.look else ""
        self.look.value = html.note(_("Look at {place}.").format(place=look)) if look else ""
        self.calls.show([] if guide.done else view.calls)
        self.message.value = html.refusal(answer.sentence) if not answer.taken else ""
