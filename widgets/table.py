"""The card table a lesson shows: deal, click to play, step through the log, read the score.

The widget keeps a log (a :class:`cardlab.Hand`), an index into it and the match sheet; every
question about the game goes to the rules.  The learner sits South.  The computer plays the other
seats unless *open hands* is on: then every hand is face up and the learner clicks for each seat
in turn, as a teacher does at the board.
"""
from __future__ import annotations

import functools
import random
from dataclasses import fields
from typing import Any, Callable

import ipywidgets as ipw
import traitlets

from cardlab import Hand, get_rules
from cardlab.actions import ActionError, Call, Play
from cardlab.bots import SimpleBot, next_action, play_out
from cardlab.cards import Card
from cardlab.render.panels import breakdown_html, match_html, points_html
from cardlab.render.table import table_svg
from cardlab.rules import IllegalAction, OptionError
from cardlab.scenario import Scenario, ScenarioError, builtin, builtin_names, load, run

from . import html
from .svgview import SvgView

LEARNER = "S"


def _safe(method: Callable) -> Callable:
    """Turn any failure in a callback into a sentence on the table instead of a traceback."""
    @functools.wraps(method)
    def wrapper(self: Table, *args: Any) -> None:
        try:
            method(self, *args)
        except (IllegalAction, ActionError, ScenarioError, OptionError) as error:
            self.message = str(error)
        except Exception as error:  # the app must never show a traceback
            self.message = f"Something went wrong ({type(error).__name__}: {error}); the table is unchanged."
        self._redraw()
    return wrapper


def fields_by_name(rules) -> dict[str, Any]:
    return {field.name: field for field in fields(rules.Options)}


def _button(text: str, klass: str, tooltip: str = "") -> ipw.Button:
    button = ipw.Button(description=text, tooltip=tooltip or text, layout=ipw.Layout(width="auto"))
    button.add_class(klass)
    return button


class Table(ipw.VBox):
    """``Table("tressette", seed=7)``, ``Table("tressette", scenario="tressette-thirds")``,
    ``Table("tressette", declarations=True)``."""

    index = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, game: str = "tressette", *, seed: int = 1, scenario: str | None = None,
                 open_hands: bool = False, **options: Any) -> None:
        self.game = game
        self.rules = get_rules(game, **options)
        self.bot = SimpleBot()
        self.notes: dict[int, str] = {}
        self.description = ""
        self._syncing = False
        self.board = SvgView()
        self.board.add_class("cardlab-board")
        self.board.observe(self._on_click, "clicked")
        self._build_controls(seed, open_hands)
        super().__init__(children=self._layout())
        self.add_class("cardlab-table")
        self.match = self.rules.new_match(self.rules.seats[0])
        self.deal(seed)
        if scenario:
            self.load_scenario(scenario)

    # ----- building ------------------------------------------------------------------------
    def _build_controls(self, seed: int, open_hands: bool) -> None:
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                           layout=ipw.Layout(width="150px"))
        self.seed_box.add_class("cardlab-seed")
        self.deal_button = _button("New deal", "cardlab-deal", "Shuffle with this seed and deal")
        self.deal_button.on_click(lambda _: self._deal_clicked())
        names = builtin_names(self.game)
        titles = [(builtin(name).title or name, name) for name in names]
        self.scenario_pick = ipw.Dropdown(options=[("— free game —", "")] + titles, value="",
                                          description="Scenario", layout=ipw.Layout(width="300px"))
        self.scenario_pick.add_class("cardlab-scenario")
        self.scenario_pick.observe(self._scenario_chosen, "value")
        self.open_box = ipw.Checkbox(value=open_hands, description="Open hands (click for every seat)",
                                     indent=False, layout=ipw.Layout(width="auto"))
        self.open_box.add_class("cardlab-open")
        self.open_box.observe(lambda _: self._open_changed(), "value")
        self.option_boxes = {}
        for field in fields(self.rules.Options):
            choices = field.metadata["choices"]
            box = ipw.Dropdown(options=[(self._choice_label(c), i) for i, c in enumerate(choices)],
                               value=choices.index(getattr(self.rules.options, field.name)),
                               description=field.metadata["label"], tooltip=field.metadata["source"],
                               style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
            box.add_class(f"cardlab-option-{field.name}")
            box.observe(lambda _: self._options_changed(), "value")
            self.option_boxes[field.name] = box
        self.first_button = _button("« Start", "cardlab-start", "Back to the deal")
        self.back_button = _button("◀ Back", "cardlab-back", "One step back")
        self.forward_button = _button("Forward ▶", "cardlab-forward", "One step forward")
        self.last_button = _button("End »", "cardlab-end", "Latest step")
        self.first_button.on_click(lambda _: self._step_to(0))
        self.back_button.on_click(lambda _: self._step_to(self.index - 1))
        self.forward_button.on_click(lambda _: self._forward())
        self.last_button.on_click(lambda _: self._step_to(len(self.hand.log)))
        self.step_label = ipw.HTML()
        self.step_label.add_class("cardlab-step")
        self.caption = ipw.HTML()
        self.caption.add_class("cardlab-caption")
        self.message_box = ipw.HTML()
        self.message_box.add_class("cardlab-message")
        self.calls_box = ipw.HBox()
        self.calls_box.add_class("cardlab-calls")
        self.points_box = ipw.HTML()
        self.points_box.add_class("cardlab-points")
        self.breakdown_box = ipw.HTML()
        self.breakdown_box.add_class("cardlab-breakdown")
        self.match_box = ipw.HTML()
        self.match_box.add_class("cardlab-match")
        self.next_button = _button("Next hand", "cardlab-next-hand", "Score this hand and deal the next")
        self.next_button.on_click(lambda _: self._next_hand())

    @staticmethod
    def _choice_label(choice: Any) -> str:
        if choice is None or isinstance(choice, bool):
            return {None: "usual", True: "on", False: "off"}[choice]
        return str(choice).replace("_", " ")

    def _chosen_options(self) -> dict[str, Any]:
        return {name: fields_by_name(self.rules)[name].metadata["choices"][box.value]
                for name, box in self.option_boxes.items()}

    def _layout(self) -> list[ipw.Widget]:
        wrap = ipw.Layout(flex_flow="row wrap", align_items="center")
        setup = ipw.HBox([self.seed_box, self.deal_button, self.scenario_pick, self.open_box], layout=wrap)
        variants = ipw.HBox(list(self.option_boxes.values()), layout=wrap)
        steps = ipw.HBox([self.first_button, self.back_button, self.step_label, self.forward_button,
                          self.last_button], layout=wrap)
        side = ipw.VBox([self.points_box, self.breakdown_box, self.match_box, self.next_button],
                        layout=ipw.Layout(min_width="240px", flex="1 1 240px"))
        self.board.layout = ipw.Layout(flex="3 1 560px")
        play = ipw.HBox([self.board, side], layout=ipw.Layout(flex_flow="row wrap"))
        return [setup, variants, steps, self.caption, self.message_box, self.calls_box, play]

    # ----- what is shown -------------------------------------------------------------------
    @property
    def state(self):
        return self.hand.states[self.index]

    @property
    def open_hands(self) -> bool:
        return self.open_box.value

    def _actor(self) -> str | None:
        state = self.state
        if state.to_act is None:
            return None
        return state.to_act if self.open_hands or state.to_act == LEARNER else None

    def _redraw(self) -> None:
        state, rules = self.state, self.rules
        self.board.svg = table_svg(rules.scene(state, LEARNER, open_hands=self.open_hands))
        self.points_box.value = points_html(rules.running_points(state))
        settled = self.match
        if state.over:
            settled = rules.settle(self.match, rules.score(state))
            self.breakdown_box.value = breakdown_html(settled.results[-1])  # as settled in the match
        else:
            self.breakdown_box.value = ""
        self.match_box.value = match_html(settled, rules.target)
        self.next_button.description = "New match" if settled.over else "Next hand"
        self.next_button.layout.display = "" if state.over else "none"
        self.step_label.value = html.step_line(self.index, len(self.hand.log), rules.status(state))
        self.back_button.disabled = self.first_button.disabled = self.index == 0
        at_end = self.index == len(self.hand.log)
        self.last_button.disabled = at_end
        self.forward_button.disabled = at_end and (state.over or self._actor() is not None)
        note = self.notes.get(self.index - 1, "")
        self.caption.value = html.note(note or (self.description if self.index <= 1 else ""))
        self.message_box.value = html.refusal(self.message)
        actor = self._actor()
        calls = [a for a in rules.legal(state) if isinstance(a, Call)] if actor else []
        buttons = []
        for call in calls:
            button = _button(str(call), "cardlab-call")
            button.on_click(lambda _, c=call: self._call_clicked(c))
            buttons.append(button)
        self.calls_box.children = buttons

    # ----- dealing and loading -------------------------------------------------------------
    @_safe
    def deal(self, seed: int | None = None) -> None:
        """Shuffle with ``seed`` (the box's value if None) and deal a fresh hand."""
        if seed is not None:
            self.seed_box.value = seed
        self.notes, self.description = {}, ""
        self.hand = Hand.dealt(self.rules, self.match.dealer, self.seed_box.value)
        self.index = 1
        self.message = ""
        self._let_bots_play()

    def _deal_clicked(self) -> None:
        self.scenario_pick.unobserve(self._scenario_chosen, "value")
        self.scenario_pick.value = ""
        self.scenario_pick.observe(self._scenario_chosen, "value")
        self.deal()

    @_safe
    def load_scenario(self, name: str) -> None:
        """Load a shipped scenario by name, or a scenario file by path."""
        scenario: Scenario = load(name) if name.endswith(".json") else builtin(name)
        outcome = run(scenario)
        if outcome.hand is None:
            raise ScenarioError(outcome.error)
        self.rules = scenario.rules()
        self._sync_option_boxes()
        self.match = self.rules.new_match(scenario.dealer, scenario.match)
        self.hand = outcome.hand
        self.notes, self.description = scenario.notes, scenario.description
        self.index = 1
        self.message = outcome.error or ""
        if name in builtin_names(self.game) and self.scenario_pick.value != name:
            self.scenario_pick.unobserve(self._scenario_chosen, "value")
            self.scenario_pick.value = name
            self.scenario_pick.observe(self._scenario_chosen, "value")

    def _scenario_chosen(self, change: dict) -> None:
        if change["new"]:
            self.load_scenario(change["new"])
        else:
            self.deal()

    def _sync_option_boxes(self) -> None:
        self._syncing = True
        try:
            for name, box in self.option_boxes.items():
                choices = fields_by_name(self.rules)[name].metadata["choices"]
                box.value = choices.index(getattr(self.rules.options, name))
        finally:
            self._syncing = False

    @_safe
    def _options_changed(self) -> None:
        if self._syncing:
            return
        self.rules = get_rules(self.game, **self._chosen_options())
        self.match = self.rules.new_match(self.rules.seats[0])
        self.deal()

    @_safe
    def _open_changed(self) -> None:
        self.message = ""
        self._let_bots_play()

    @_safe
    def _next_hand(self) -> None:
        settled = self.rules.settle(self.match, self.rules.score(self.state))
        self.match = self.rules.new_match(self.rules.seats[0]) if settled.over else settled
        self.deal(self.seed_box.value + 1)

    # ----- playing and stepping ------------------------------------------------------------
    @_safe
    def _on_click(self, change: dict) -> None:
        code = change["new"].partition("#")[0]
        if not code:
            return
        card = Card.parse(code)
        state = self.state
        holder = next((seat for seat in state.seats if card in state.hand(seat)), None)
        if holder is None:
            return
        if state.over:
            self.message = "The hand is over: press Next hand to deal again."
            return
        self._act(Play(holder, card))

    @_safe
    def _call_clicked(self, call: Call) -> None:
        self._act(call)

    def play(self, code: str) -> None:
        """Play a card from the hand of the seat to act, as a click would."""
        self.board.clicked = f"{code}#{len(self.hand.log)}-{self.index}"

    def _act(self, action: Play | Call) -> None:
        problem = self.rules.why_illegal(self.state, action)
        if problem is None and not self.open_hands and action.seat != LEARNER:
            problem = f"It is {self.state.to_act}'s turn, not {action.seat}'s." \
                if self.state.to_act != action.seat else f"The computer plays {action.seat}'s cards."
        if problem is not None:
            self.message = problem
            return
        if self.index < len(self.hand.log) and self.hand.log[self.index] != action:
            # a branch off a scenario: its later captions describe the old line of play
            self.notes = {step: note for step, note in self.notes.items() if step < self.index}
        self.hand = self.hand.upto(self.index).then(action)
        self.index = len(self.hand.log)
        self.message = ""
        self._let_bots_play()

    def _let_bots_play(self) -> None:
        """The computer's turns, up to the learner's; in open hands only a redeal is automatic."""
        if self.index != len(self.hand.log):
            return
        if self.open_hands:
            while self.hand.state.phase == "deal":
                self.hand = self.hand.then(next_action(self.rules, self.hand.state, self.bot, self._chance()))
        else:
            for action in play_out(self.rules, self.hand.state, self.bot, until=LEARNER, rng=self._chance()):
                self.hand = self.hand.then(action)
        self.index = len(self.hand.log)

    @_safe
    def _step_to(self, index: int) -> None:
        self.index = max(0, min(index, len(self.hand.log)))
        self.message = ""

    @_safe
    def _forward(self) -> None:
        self.message = ""
        if self.index < len(self.hand.log):
            self.index += 1
        elif not self.open_hands or self.state.phase == "deal":
            self.hand = self.hand.then(next_action(self.rules, self.state, self.bot, self._chance()))
            self.index += 1

    def _chance(self) -> random.Random:
        """The shuffle for a redeal: fixed by the seed and the step, so a table replays alike."""
        return random.Random(f"{self.seed_box.value}/{len(self.hand.log)}")
