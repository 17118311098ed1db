"""Two practice widgets of the lessons' Practice sections.

* :class:`DealToOrder`, for teachers: choose a feature ("a politaine", "a spoiled trick in the
  first three"), a seat and a seed, press "Deal": the engine searches the seeds
  (:func:`cardlab.practice.deal_to_order`) and the widget shows the found position with every hand
  open, the sentence saying where the feature is, the seed, and a "Download scenario" link to the
  ``cardlab.scenario/1`` file (a ``data:`` link made here: the share bar's download belongs to a
  table).  A feature not found gives the engine's sentence.
* :class:`SignalsTrainer`: the signal drills of :data:`cardlab.practice.signals.DRILLS` (Aluette's
  gestures both ways, Tressette's busso/volo/striscio, Le Quatre Sept's tap and slide), answered
  by clicking the drill's choices, with a running score of first answers.  As in the quiz, a
  wrong first answer leaves a second try (the choice tried is disabled) before the answer shows.

Every text from the engine or a scenario is escaped here before it reaches HTML.
"""
from __future__ import annotations

import json
import re
from urllib.parse import quote

import ipywidgets as ipw

from cardlab import get_rules
from cardlab.cards import Card
from cardlab.practice import FEATURES, PracticeError, deal_to_order
from cardlab.practice.signals import DRILLS, SignalDrill
from cardlab.render.cards import hand_svg
from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.rules import OptionError, TrickGame
from cardlab.scenario import ScenarioError, parse, run
from cardlab.state import State

from .front import FRONT, StyleSheet
from .html import escape
from .quiz import ONCE_MORE
from .svgview import SvgView

NARROW = 600
"""Below this picture width in pixels the deal is drawn in the portrait layout for phones."""


class PracticeSheet(StyleSheet):
    """The look of these views (``practice.css``)."""

    _css = FRONT / "practice.css"


def said(sentence: str, *, right: bool | None = None) -> str:
    """One escaped sentence for the page, coloured when it judges an answer."""
    klass = "" if right is None else f' class="cardlab-practice-{"right" if right else "wrong"}"'
    return f'<div{klass} role="status">{escape(sentence, quote=False)}</div>'


def download_link(scenario: dict, name: str) -> str:
    """A link that saves ``scenario`` as ``name`` (a ``data:`` address, percent-encoded)."""
    text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
    safe_name = re.sub(r"[^A-Za-z0-9_.-]+", "-", name)
    return (f'<a class="cardlab-practice-download" download="{escape(safe_name)}" '
            f'href="data:application/json;charset=utf-8,{escape(quote(text, safe=""))}">Download scenario</a>')


class DealToOrder(ipw.VBox):
    """``DealToOrder("quatre_sept")``: a deal holding the feature a teacher asks for."""

    def __init__(self, game: str = "tressette", *, seed: int = 0) -> None:
        self.game = game
        self.features = {feature.name: feature for feature in FEATURES.get(game, ())}
        self.feature_pick = ipw.Dropdown(options=[(f.title, f.name) for f in self.features.values()],
                                         description="Feature", style={"description_width": "initial"},
                                         layout=ipw.Layout(width="auto", max_width="100%"))
        self.feature_pick.add_class("cardlab-order-feature")
        self.feature_pick.observe(lambda _: self._seat_allowed(), "value")
        try:
            seats = get_rules(game).seats
        except OptionError:
            seats = ()
        self.seat_pick = ipw.Dropdown(options=[("any seat", "")] + [(seat, seat) for seat in seats], value="",
                                      description="Seat", style={"description_width": "initial"},
                                      layout=ipw.Layout(width="auto"))
        self.seat_pick.add_class("cardlab-order-seat")
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description="From seed",
                                           style={"description_width": "initial"}, layout=ipw.Layout(width="150px"))
        self.seed_box.add_class("cardlab-order-seed")
        self.deal_button = ipw.Button(description="Deal", button_style="primary",
                                      tooltip="Search the seeds for a deal with this feature")
        self.deal_button.add_class("cardlab-order-deal")
        self.deal_button.on_click(lambda _: self.deal())
        controls = ipw.HBox([self.feature_pick, self.seat_pick, self.seed_box, self.deal_button])
        controls.add_class("cardlab-practice-row")
        self.message = ipw.HTML()
        self.message.add_class("cardlab-order-message")
        self.board = SvgView()
        self.board.add_class("cardlab-board")
        self.board.observe(lambda _: self._draw(), "width")
        self.board.layout.display = "none"
        self.details = ipw.HTML()
        self.details.add_class("cardlab-order-details")
        super().__init__([PracticeSheet(), controls, self.message, self.details, self.board])
        self.add_class("cardlab-practice")
        self.add_class("cardlab-deal-to-order")
        self.scenario: dict | None = None
        self.state: State | None = None
        self.rules: TrickGame | None = None
        if not self.features:
            self._fail(f"There are no deals to order for {game!r}: the games with some are "
                       f"{', '.join(name for name, found in FEATURES.items() if found)}.")
            self.deal_button.disabled = True
        self._seat_allowed()

    def _seat_allowed(self) -> None:
        feature = self.features.get(self.feature_pick.value)
        self.seat_pick.disabled = feature is None or not feature.seated
        if self.seat_pick.disabled:
            self.seat_pick.value = ""

    def deal(self) -> None:
        """Search from the seed box for the chosen feature and show what was found."""
        feature = self.feature_pick.value
        if feature is None:
            return
        self.message.value = said("Searching the deals…")
        try:
            scenario = deal_to_order(self.game, feature, self.seat_pick.value or None, self.seed_box.value)
            outcome = run(parse(scenario))
        except (PracticeError, ScenarioError) as error:
            self._fail(str(error))
            return
        if outcome.hand is None or outcome.error:
            self._fail(outcome.error or "The deal found could not be replayed.")
            return
        self.scenario, self.rules, self.state = scenario, outcome.hand.rules, outcome.hand.state
        seed = scenario.get("seed")
        steps = len(scenario["actions"])
        where = "as dealt" if steps == 0 else f"after {steps} action{'s' if steps != 1 else ''}"
        found = f"Seed {seed}" if seed is not None else "A deal written out"
        self.message.value = said(scenario.get("description", ""))
        self.details.value = (f"<div>{escape(found)}, dealt by {escape(scenario['dealer'])}; shown {escape(where)}, "
                              "every hand open.</div>"
                              + download_link(scenario, f"{self.game}-{feature}-{seed if seed is not None else 'deal'}.json"))
        self.board.layout.display = ""
        self._draw()

    def _draw(self) -> None:
        if self.rules is None or self.state is None:
            return
        scene = self.rules.scene(self.state, "S", open_hands=True)
        theme = "narrow" if 0 < self.board.width < NARROW else "normal"
        with self.board.hold_sync():
            self.board.svg = table_svg(scene, theme=theme)
            self.board.alt = board_description(scene)

    def _fail(self, sentence: str) -> None:
        self.scenario = self.state = self.rules = None
        self.message.value = f'<div class="cardlab-practice-wrong" role="alert">{escape(sentence, quote=False)}</div>'
        self.details.value = ""
        self.board.layout.display = "none"


class SignalsTrainer(ipw.VBox):
    """``SignalsTrainer("aluette")``, ``SignalsTrainer("tressette")``, ``SignalsTrainer("quatre_sept")``."""

    def __init__(self, game: str = "aluette", *, seed: int = 0) -> None:
        self.game = game
        self.drills = DRILLS.get(game, {})
        self.seed = seed
        self.right = self.asked = 0
        self.drill_pick = ipw.Dropdown(options=list(self.drills), description="Drill",
                                       style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.drill_pick.add_class("cardlab-signals-drill")
        self.drill_pick.observe(lambda _: self.ask(), "value")
        self.next_button = ipw.Button(description="New question")
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
        self.check_button = ipw.Button(description="Check", button_style="primary")
        self.check_button.add_class("cardlab-signals-check")
        self.check_button.on_click(lambda _: self.answer([value for button, value in self.toggles if button.value]))
        self.feedback = ipw.HTML()
        self.feedback.add_class("cardlab-signals-feedback")
        super().__init__([PracticeSheet(), controls, self.question, self.hand, self.choices, self.check_button,
                          self.feedback])
        self.add_class("cardlab-practice")
        self.add_class("cardlab-signals")
        self.drill: SignalDrill | None = None
        self.toggles: list[tuple[ipw.ToggleButton, str]] = []
        self.answered = False
        self.missed = 0
        if not self.drills:
            self.question.value = said(
                f"{game!r} has no signals in cardlab's rules: the games with signal drills are "
                f"{', '.join(DRILLS)}.")
            self.next_button.disabled = True
            self.check_button.layout.display = "none"
            return
        self.ask(seed)

    def ask(self, seed: int | None = None) -> None:
        """A new question of the chosen drill, from ``seed`` (the current one if None)."""
        if seed is not None:
            self.seed = seed
        self.drill = self.drills[self.drill_pick.value](self.seed)
        self.answered = False
        self.missed = 0
        self.question.value = f"<b>{escape(self.drill.question, quote=False)}</b>"
        self.hand.value = self._hand(self.drill)
        self.feedback.value = ""
        self.toggles = []
        buttons: list[ipw.Widget] = []
        for label, value in self.drill.choices:
            if self.drill.kind == "read":
                button = ipw.Button(description=label, tooltip=label)
                button.on_click(lambda clicked, v=value: self.answer([v], clicked))
            else:
                button = ipw.ToggleButton(description=label, tooltip=label)
                self.toggles.append((button, value))
            button.add_class("cardlab-signals-choice")
            buttons.append(button)
        self.choices.children = buttons
        self.check_button.layout.display = "none" if self.drill.kind == "read" else ""

    def _hand(self, drill: SignalDrill) -> str:
        if drill.scenario is None or drill.seat is None:
            return ""
        hand = run(parse(drill.scenario)).hand
        assert hand is not None  # the drill's scenario comes from a deal the engine has played
        rules = hand.rules
        cards: list[Card] = rules.sorted_cards(hand.state, hand.state.cards_in_sight(drill.seat))
        return f"<div>{escape(drill.seat)}'s hand:</div>" + hand_svg(cards, rules.pack.family, width=60, gap=6)

    def answer(self, values: list[str], clicked: ipw.Button | None = None) -> None:
        """Judge the learner's choice (for a "read" drill one value, from the button ``clicked``;
        several for "make").  Only the first answer is scored; the answer shows once it is right
        or after a second miss."""
        if self.drill is None:
            return
        given = [part for value in values for part in value.split(",")]
        verdict = self.drill.check(given)
        if not self.answered:
            self.asked += 1
            self.right += verdict.right
            self.answered = True
        if verdict.right or self.missed:
            self.feedback.value = said(verdict.sentence, right=verdict.right)
        else:
            self.missed += 1
            if clicked is not None:
                clicked.disabled = True
            self.feedback.value = said(ONCE_MORE, right=False)
        self.score.value = f"{self.right} right of {self.asked}"
