"""Two practice widgets of the lessons' Practice sections, views of engine objects.

* :class:`DealToOrder`, for teachers, a view of :class:`cardlab.practice.order_run.OrderDesk`:
  choose a feature ("a politaine", "a spoiled trick in the first three"), a seat and a seed, press
  "Deal": the widget shows the found position with every hand open, the sentence saying where the
  feature is, the seed, and a "Download scenario" link to the ``cardlab.scenario/1`` file (a
  ``data:`` link made here: the share bar's download belongs to a table).  A feature not found
  gives the engine's sentence.
* :class:`SignalsTrainer`, a view of :class:`cardlab.practice.signal_run.SignalRun`: the signal
  drills (Aluette's gestures both ways, Tressette's busso/volo/striscio, Le Quatre Sept's tap and
  slide), answered by clicking the drill's choices, with a running score of first answers.

Every text from the engine or a scenario is escaped here before it reaches HTML.
"""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import ipywidgets as ipw

from cardlab.i18n import _, pgettext
from cardlab.practice.order_run import SEARCHING, OrderDesk
from cardlab.practice.common import Said
from cardlab.practice.signal_run import SignalRun
from cardlab.practice.signals import SignalDrill
from cardlab.render.cards import hand_svg
from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.rules import TrickGame
from cardlab.state import State

from .boardbox import layout_of
from .front import FRONT, StyleSheet
from .html import escape
from .svgview import SvgView



class PracticeSheet(StyleSheet):
    """The look of these views (``practice.css``)."""

    _css = FRONT / "practice.css"


def said(sentence: str, *, right: bool | None = None) -> str:
    """One escaped sentence for the page, coloured when it judges an answer."""
    klass = "" if right is None else f' class="cardlab-practice-{"right" if right else "wrong"}"'
    return f'<div{klass} role="status">{escape(sentence, quote=False)}</div>'


def shown(words: Said | None) -> str:
    """What the engine said, as the page shows it: a refusal as an alert, a verdict coloured."""
    if words is None:
        return ""
    if words.mark == "refused":
        return f'<div class="cardlab-practice-wrong" role="alert">{escape(words.sentence, quote=False)}</div>'
    return said(words.sentence, right=None if words.mark == "told" else words.mark == "right")


def download_link(scenario: dict, name: str) -> str:
    """A link that saves ``scenario`` as ``name`` (a ``data:`` address, percent-encoded)."""
    text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
    safe_name = re.sub(r"[^A-Za-z0-9_.-]+", "-", name)
    return (f'<a class="cardlab-practice-download" download="{escape(safe_name)}" '
            f'href="data:application/json;charset=utf-8,{escape(quote(text, safe=""))}">'
            f'{escape(_("Download scenario"), quote=False)}</a>')


class DealToOrder(ipw.VBox):
    """``DealToOrder("quatre_sept")``: a deal holding the feature a teacher asks for."""

    def __init__(self, game: str = "tressette", *, seed: int = 0) -> None:
        self.desk = OrderDesk(game)
        self.game = game
        self.features = self.desk.features
        self.feature_pick = ipw.Dropdown(options=self.desk.titles(), description=_("Feature"),
                                         style={"description_width": "initial"},
                                         layout=ipw.Layout(width="auto", max_width="100%"))
        self.feature_pick.add_class("cardlab-order-feature")
        self.feature_pick.observe(lambda _: self._seat_allowed(), "value")
        self.seat_pick = ipw.Dropdown(options=[(_("any seat"), "")] + [(seat, seat) for seat in self.desk.seats],
                                      value="", description=_("Seat"), style={"description_width": "initial"},
                                      layout=ipw.Layout(width="auto"))
        self.seat_pick.add_class("cardlab-order-seat")
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description=_("From seed"),
                                           style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.seed_box.add_class("cardlab-order-seed")
        self.deal_button = ipw.Button(description=pgettext("button", "Deal"), button_style="primary",
                                      tooltip=_("Search the seeds for a deal with this feature"))
        self.deal_button.add_class("cardlab-order-deal")
        self.deal_button.on_click(lambda _: self.deal())
        self.deal_button.disabled = not self.features
        controls = ipw.HBox([self.feature_pick, self.seat_pick, self.seed_box, self.deal_button])
        controls.add_class("cardlab-practice-row")
        self.message = ipw.HTML()
        self.message.add_class("cardlab-order-message")
        self.board = SvgView()
        self.board.add_class("cardlab-board")
        self.board.observe(lambda _: self._draw(), "width")
        self.details = ipw.HTML()
        self.details.add_class("cardlab-order-details")
        super().__init__([PracticeSheet(), controls, self.message, self.details, self.board])
        self.add_class("cardlab-practice")
        self.add_class("cardlab-deal-to-order")
        self._seat_allowed()
        self._show()

    @property
    def scenario(self) -> dict | None:
        return self.desk.scenario

    @property
    def rules(self) -> TrickGame | None:
        return self.desk.rules

    @property
    def state(self) -> State | None:
        return self.desk.state

    def _seat_allowed(self) -> None:
        self.seat_pick.disabled = not self.desk.seated(self.feature_pick.value)
        if self.seat_pick.disabled:
            self.seat_pick.value = ""

    def deal(self) -> None:
        """Search from the seed box for the chosen feature and show what was found."""
        feature = self.feature_pick.value
        if feature is None:
            return
        self.message.value = said(_(SEARCHING))
        self.desk.deal(feature, self.seat_pick.value, self.seed_box.value)
        self._show()

    def _show(self) -> None:
        desk = self.desk
        self.message.value = shown(desk.said)
        self.details.value = "" if desk.scenario is None else (
            f"<div>{escape(desk.details)}</div>" + download_link(desk.scenario, desk.file_name))
        self.board.layout.display = "none" if desk.scenario is None else ""
        self._draw()

    def _draw(self) -> None:
        scene = self.desk.scene()
        if scene is None:
            return
        with self.board.hold_sync():
            self.board.svg = table_svg(scene, theme=layout_of(self.board))
            self.board.alt = board_description(scene)


class SignalsTrainer(ipw.VBox):
    """``SignalsTrainer("aluette")``, ``SignalsTrainer("tressette")``, ``SignalsTrainer("quatre_sept")``."""

    def __init__(self, game: str = "aluette", *, seed: int = 0) -> None:
        self.run = SignalRun(game, seed=seed)
        self.game = game
        self.drills = self.run.drills
        self.drill_pick = ipw.Dropdown(options=self.run.names(), description=_("Drill"),
                                       style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.drill_pick.add_class("cardlab-signals-drill")
        self.drill_pick.observe(lambda change: self.ask(name=change["new"]), "value")
        self.next_button = ipw.Button(description=_("New question"), tooltip=_("Another question of this drill"))
        self.next_button.add_class("cardlab-signals-next")
        self.next_button.on_click(lambda _: self.ask(self.seed + 1))
        self.score = ipw.HTML()
        self.score.add_class("cardlab-signals-score")
        controls = ipw.HBox([self.drill_pick, self.next_button, self.score])
        controls.add_class("cardlab-practice-row")
        self.question = ipw.HTML()
        self.question.add_class("cardlab-signals-question")
        self.hand = ipw.HTML()
        self.hand.add_class("cardlab-practice-hand")
        self.choices = ipw.HBox()
        self.choices.add_class("cardlab-practice-row")
        self.choices.add_class("cardlab-signals-choices")
        self.check_button = ipw.Button(description=_("Check"), button_style="primary",
                                       tooltip=_("Check the gestures or signals you chose"))
        self.check_button.add_class("cardlab-signals-check")
        self.check_button.on_click(lambda _: self.answer([value for button, value in self.toggles if button.value]))
        self.feedback = ipw.HTML()
        self.feedback.add_class("cardlab-signals-feedback")
        super().__init__([PracticeSheet(), controls, self.question, self.hand, self.choices, self.check_button,
                          self.feedback])
        self.add_class("cardlab-practice")
        self.add_class("cardlab-signals")
        self.toggles: list[tuple[ipw.ToggleButton, str]] = []
        self.offered: list[tuple[ipw.Button, str]] = []
        if self.run.refusal:
            self.question.value = said(self.run.refusal)
            self.next_button.disabled = True
            self.check_button.layout.display = "none"
            return
        self._new_drill()

    @property
    def seed(self) -> int:
        return self.run.seed

    @property
    def drill(self) -> SignalDrill | None:
        return self.run.drill

    @property
    def right(self) -> int:
        return self.run.right

    @property
    def asked(self) -> int:
        return self.run.asked

    def ask(self, seed: int | None = None, name: str | None = None) -> None:
        """A new question of the chosen drill, from ``seed`` (the current one if None)."""
        if self.run.ask(name, seed) is not None:
            self._new_drill()

    def answer(self, values: list[str]) -> None:
        """Judge the learner's choice (for a "read" drill one value, several for "make")."""
        self.run.answer(values)
        self._show()

    def _new_drill(self) -> None:
        drill = self.run.drill
        assert drill is not None  # asked just now
        self.question.value = f"<b>{escape(drill.question, quote=False)}</b>"
        hand = self.run.hand()
        self.hand.value = "" if hand is None else (
            f"<div>{escape(hand[0], quote=False)}</div>" + hand_svg(hand[2], hand[1], width=60, gap=6))
        self.toggles, self.offered = [], []
        buttons: list[ipw.Widget] = []
        for label, value in drill.choices:
            if drill.kind == "read":
                button = ipw.Button(description=label, tooltip=label)
                button.on_click(lambda _, v=value: self.answer([v]))
                self.offered.append((button, value))
            else:
                button = ipw.ToggleButton(description=label, tooltip=label)
                self.toggles.append((button, value))
            button.add_class("cardlab-signals-choice")
            buttons.append(button)
        self.choices.children = buttons
        self.check_button.layout.display = "none" if drill.kind == "read" else ""
        self._show()

    def _show(self) -> None:
        self.feedback.value = shown(self.run.said)
        self.score.value = self.run.score
        for button, value in self.offered:
            button.disabled = self.run.tried_already(value)
