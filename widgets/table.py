"""The card table a lesson shows: deal, click to play, step through the log, read the score.

The widget keeps a log (a :class:`cardlab.Hand`), an index into it and the match sheet; every
question about the game goes to the rules, and every sentence the learner reads comes from the
rules, the scoring or the scenario.  The learner sits South.  The computer plays the other seats
unless *open hands* is on: then every hand is face up and the learner clicks for each seat in
turn, as a teacher does at the board.

Layout, so that one screen holds everything needed to play: a compact row (seed, deal, scenario,
open hands, presenter, pace), one folded "Rules" panel, then the board beside a column with the
steps, the caption, the call buttons and a fixed-height message slot (a refusal moves nothing).
The computer's turns after a click travel as frames in the same update and the browser shows them
at the chosen pace (:mod:`widgets.svgview`).

The coach (:mod:`widgets.coach`): the computer plays at the chosen level (club until another is
chosen: it plays soundly, says why in the game's words and answers at once, where the expert spends
0.15 s on each card); every computer decision keeps its reason, and a click on a computer's card
in the trick or the last trick says it.  Hint, Coach plays and the hint's mark use the learner's
view only (``rules.view``); Review measures the learner's decisions of a finished hand.  At the
end of a hand the learner first counts the points (:class:`widgets.counting.CountingTrainer`, with
a Skip); the hand's breakdown, and its score on the match sheet, show once the count is right or
skipped.

The call buttons are kept and relabelled (:class:`widgets.calls.CallBar`), never made anew, so a
long lesson does not pile up widget models.  A change that fails, in itself or in the redraw
after it (a scenario the board cannot show), puts the table back as it was, with one sentence.
"""
from __future__ import annotations

import functools
import random
import sys
from dataclasses import fields, replace
from typing import Any, Callable

import ipywidgets as ipw
import traitlets

from cardlab import Hand, get_rules
from cardlab.actions import Action, ActionError, Call, Play
from cardlab.cards import Card
from cardlab.players import get_player
from cardlab.render.panels import breakdown_html, match_html, points_html
from cardlab.render.scene import TableScene
from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.rules import IllegalAction, MatchError, OptionError
from cardlab.scenario import Scenario, ScenarioError, builtin, builtin_names, jsonable, named, run_for
from cardlab.state import State

from . import html
from .address import encode
from .calls import CONFIRM, CallBar, Choice
from .coach import LEVEL, CoachPanel, review
from .counting import CountingTrainer
from .share import ShareBar
from .svgview import Frame, SvgView

LEARNER = "S"
NARROW = 600
"""Below this board width in pixels the table is drawn in the portrait layout for phones."""
PACES = (("instant", 0), ("normal", 700), ("slow", 1500), ("Next card (click)", -1))
"""The pace of the computer's cards, in milliseconds per card; -1 waits for a click on each."""

_KEYS: dict[str, int] = {}
"""Tables made so far in this kernel, per game: a page's tables get the keys tressette1, tressette2 …
in the order its cells run, so a reloaded page finds each table's address again."""


def next_key(game: str) -> str:
    """The next table's key in the page address: tressette1, tressette2 … in the order made."""
    _KEYS[game] = _KEYS.get(game, 0) + 1
    return f"{game.replace('_', '-')}{_KEYS[game]}"


def _safe(method: Callable) -> Callable:
    """Turn any failure in a callback, or in the redraw after it, into a sentence on the table as
    it was, instead of a traceback (:meth:`Table._attempt`)."""
    @functools.wraps(method)
    def wrapper(self: Table, *args: Any, **kwargs: Any) -> None:
        self._attempt(functools.partial(method, self, *args, **kwargs))
    return wrapper


def refusal(error: Exception) -> str:
    """The sentence on the table for a failed change."""
    if isinstance(error, (IllegalAction, ActionError, ScenarioError, OptionError, MatchError)):
        return str(error)
    return f"Something went wrong ({type(error).__name__}: {error}); the table is unchanged."


KEPT = ("hand", "index", "rules", "match", "origin", "reasons", "notes", "description", "_described",
        "selected", "offered", "coach_text", "hint_code")
"""What a failed change puts back: everything the table draws from."""


def fields_by_name(rules) -> dict[str, Any]:
    return {field.name: field for field in fields(rules.Options)}


def _button(text: str, klass: str, tooltip: str = "") -> ipw.Button:
    button = ipw.Button(description=text, tooltip=tooltip or text, layout=ipw.Layout(width="auto"))
    button.add_class(klass)
    return button


def _choice_label(choice: Any) -> str:
    if choice is None or isinstance(choice, bool):
        return {None: "usual", True: "on", False: "off"}[choice]
    return str(choice).replace("_", " ")


def rules_summary(rules) -> str:
    """One line naming what differs from the usual rules ("Declarations: on; Players: 5")."""
    changed = [f"{field.metadata['label']}: {_choice_label(getattr(rules.options, field.name))}"
               for field in fields(rules.Options) if getattr(rules.options, field.name) != field.default]
    return "Rules: " + ("; ".join(changed) if changed else "the usual ones") + " (open to change)"


class Table(ipw.VBox):
    """``Table("tressette", seed=7)``, ``Table("tressette", scenario="tressette-thirds")``,
    ``Table("tressette", declarations=True)``, ``Table("quadrille", presenter=True)``,
    ``Table("aluette", level="beginner")``.

    ``key`` names the table in the page address (default: the game and a count); ``level`` is the
    computer's (beginner, club or expert)."""

    index = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, game: str = "tressette", *, seed: int = 1, scenario: str | None = None,
                 open_hands: bool = False, presenter: bool = False, key: str | None = None,
                 level: str = LEVEL, **options: Any) -> None:
        self.game = game
        self.share = ShareBar(key or next_key(game))
        self.share.on_restore(self._restore)
        self.share.on_open(self._open)
        self.share.on_error(self._share_error)
        self.origin = Scenario(game)
        self.rules = get_rules(game, **options)
        self.player = get_player(level)
        self.coach = CoachPanel(level)
        self.reasons: dict[int, str] = {}
        """Why the action at each log index was taken: the computer's or coach's reason, "" for
        a click; absent for actions that came with a scenario or an address."""
        self.coach_text = ""
        self.hint_code = ""
        self.notes: dict[int, str] = {}
        self.description = ""
        self.selected: frozenset[str] = frozenset()
        self.offered: list[Call] = []
        self._syncing = False
        self._attempting = False
        self._animate_from: int | None = None
        self._described = 1             # the description is shown up to this step
        self._plays = 0
        self.board = SvgView(pace=PACES[1][1])
        self.board.add_class("cardlab-board")
        self.board.observe(self._on_click, "clicked")
        self.board.observe(self._on_width, "width")
        self._build_controls(seed, open_hands, presenter)
        super().__init__(children=self._layout())
        self.add_class("cardlab-table")
        if presenter:
            self.add_class("cardlab-presenter")
        self.deal(seed, caption=self._new_match())
        self.board.frames = []      # the first picture shows at once, however the bots began
        if scenario:
            self.load_scenario(scenario)

    # ----- building ------------------------------------------------------------------------
    def _build_controls(self, seed: int, open_hands: bool, presenter: bool) -> None:
        self.seed_box = ipw.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                           style={"description_width": "initial"},
                                           layout=ipw.Layout(width="130px"))
        self.seed_box.add_class("cardlab-seed")
        self.deal_button = _button("New deal", "cardlab-deal", "Shuffle with this seed and deal")
        self.deal_button.on_click(lambda _: self._deal_clicked())
        titles = [(builtin(name).title or name, name) for name in builtin_names(self.game)]
        self.scenario_pick = ipw.Dropdown(options=[("— free game —", "")] + titles, value="",
                                          description="Scenario", style={"description_width": "initial"},
                                          layout=ipw.Layout(width="250px"))
        self.scenario_pick.add_class("cardlab-scenario")
        self.scenario_pick.observe(self._scenario_chosen, "value")
        self.open_box = ipw.Checkbox(value=open_hands, description="Open hands", indent=False,
                                     tooltip="Every hand face up; click for every seat in turn",
                                     layout=ipw.Layout(width="auto"))
        self.open_box.add_class("cardlab-open-hands")
        self.open_box.observe(lambda _: self._open_changed(), "value")
        self.presenter_box = ipw.ToggleButton(value=presenter, description="Presenter",
                                              tooltip="Projector view: larger cards, text and controls",
                                              layout=ipw.Layout(width="auto"))
        self.presenter_box.add_class("cardlab-presenter-toggle")
        self.presenter_box.observe(lambda _: self._presenter_changed(), "value")
        self.pace_pick = ipw.Dropdown(options=PACES, value=PACES[1][1], description="Pace",
                                      style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.pace_pick.add_class("cardlab-pace")
        traitlets.dlink((self.pace_pick, "value"), (self.board, "pace"))
        self.option_boxes = {}
        for field in fields(self.rules.Options):
            choices = field.metadata["choices"]
            box = ipw.Dropdown(options=[(_choice_label(c), i) for i, c in enumerate(choices)],
                               value=choices.index(getattr(self.rules.options, field.name)),
                               description=field.metadata["label"], tooltip=field.metadata["source"],
                               style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
            box.add_class(f"cardlab-option-{field.name}")
            box.observe(lambda _: None if self._syncing else self._options_changed(), "value")
            self.option_boxes[field.name] = box
        self.rules_panel = ipw.Accordion(
            children=[ipw.HBox(list(self.option_boxes.values()), layout=ipw.Layout(flex_flow="row wrap"))],
            selected_index=None)
        self.rules_panel.add_class("cardlab-rules")
        self.first_button = _button("«", "cardlab-start", "Back to the deal")
        self.back_button = _button("◀ Back", "cardlab-back", "One step back")
        self.forward_button = _button("Forward ▶", "cardlab-forward", "One step forward")
        self.last_button = _button("»", "cardlab-end", "Latest step")
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
        self.calls: list[Action | None] = []
        """What each call button shown does: its call, or None to confirm the cards chosen."""
        self.calls_box = CallBar(self._call_pressed)
        self.points_box = ipw.HTML()
        self.points_box.add_class("cardlab-points")
        self.breakdown_box = ipw.HTML()
        self.breakdown_box.add_class("cardlab-breakdown")
        self.match_box = ipw.HTML()
        self.match_box.add_class("cardlab-match")
        self.counting = CountingTrainer()
        self.counting.observe(lambda change: self._redraw() if change["new"] else None, "done")
        self.next_button = _button("Next hand", "cardlab-next-hand", "Score this hand and deal the next")
        self.next_button.on_click(lambda _: self._next_hand())
        self.coach.level_pick.observe(lambda _: self._level_changed(), "value")
        self.coach.hint_button.on_click(lambda _: self._hint())
        self.coach.play_button.on_click(lambda _: self._coach_plays())
        self.coach.review_button.on_click(lambda _: self._review())

    def _layout(self) -> list[ipw.Widget]:
        setup = ipw.HBox([self.seed_box, self.deal_button, self.scenario_pick, self.open_box,
                          self.presenter_box, self.pace_pick])
        setup.add_class("cardlab-setup")
        steps = ipw.HBox([self.first_button, self.back_button, self.forward_button, self.last_button])
        steps.add_class("cardlab-steps")
        side = ipw.VBox([steps, self.step_label, self.caption, self.calls_box, self.message_box, self.coach,
                         self.points_box, self.counting, self.breakdown_box, self.match_box, self.next_button,
                         self.share])
        side.add_class("cardlab-side")
        play = ipw.HBox([self.board, side])
        play.add_class("cardlab-play")
        return [setup] + ([self.rules_panel] if self.option_boxes else []) + [play]

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

    def _selecting(self) -> bool:
        """Cards are chosen on the board, then confirmed with one button (Aluette's discards)."""
        return self._actor() is not None and self.rules.cards_to_pick(self.state) > 0

    def theme(self) -> str:
        if self.presenter_box.value:
            return "presenter"
        return "narrow" if 0 < self.board.width < NARROW else "normal"

    def _scene(self, index: int) -> TableScene:
        scene = self.rules.scene(self.hand.states[index], LEARNER, open_hands=self.open_hands)
        if index == self.index and self.selected:
            scene = replace(scene, selected=self.selected)
        if index == self.index and self.hint_code:
            scene = replace(scene, hint=self.hint_code)
        return scene

    def _svg(self, scene: TableScene) -> str:
        """The board's picture; a hand's last one (nobody to act) is marked ``data-hand-over``:
        the counting trainer shows once the browser has painted it, not with the frames before."""
        svg = table_svg(scene, theme=self.theme())
        return svg if scene.to_act is not None else svg.replace("<svg ", '<svg data-hand-over="" ', 1)

    def _redraw(self) -> None:
        state, rules = self.state, self.rules
        scene = self._scene(self.index)
        start, self._animate_from = self._animate_from, None

        def frame(step: int) -> Frame:      # what the board, its words and the step line say at a step
            shown = self._scene(step)
            return Frame(self._svg(shown), board_description(shown),
                         html.step_line(step, len(self.hand.log), rules.status(self.hand.states[step])))
        steps = [] if start is None or self.board.pace == 0 else range(start, self.index)
        self.board.paint(self._svg(scene), board_description(scene), [frame(step) for step in steps])
        settled = self.match
        counting = state.over and self.index == len(self.hand.log)
        if counting and self.counting.state is not state:
            self.counting.start(rules, state, LEARNER)
        elif not counting and self.counting.state is not None:
            self.counting.reset()
        if state.over:
            settled = rules.settle(self.match, rules.score(state))
        # the points and the breakdown (as settled in the match) would give the count away: they
        # show once the learner has counted or skipped counting
        told = not counting or self.counting.done
        self.points_box.value = points_html(rules.running_points(state)) if told else ""
        self.breakdown_box.value = breakdown_html(settled.results[-1]) if state.over and told else ""
        self.match_box.value = match_html(settled, rules.target, counting=not told)
        self.next_button.description = "New match" if settled.over else "Next hand"
        self.next_button.layout.display = "" if state.over else "none"
        # the address goes before the step line, so a step on the page already has its link
        shown = self.scenario()
        self.share.scenario = shown
        self.share.address = encode(shown, max(self.index - 1, 0))
        self.step_label.value = html.step_line(self.index, len(self.hand.log), rules.status(state))
        self.back_button.disabled = self.first_button.disabled = self.index == 0
        at_end = self.index == len(self.hand.log)
        self.last_button.disabled = at_end
        self.forward_button.disabled = at_end and (state.over or self._actor() is not None)
        note = self.notes.get(self.index - 1, "")
        self.caption.value = html.note(note or (self.description if self.index <= self._described else ""))
        self.message_box.value = html.refusal(self.message) if self.message else html.note(self.coach_text)
        self.coach.forget(self.hand.log)
        deciding = self._actor() is not None and not state.over
        self.coach.hint_button.disabled = self.coach.play_button.disabled = not deciding
        self.coach.review_button.disabled = not self.hand.state.over
        self.rules_panel.titles = (rules_summary(rules),)
        self.calls_box.show(self._call_choices())

    def scenario(self) -> Scenario:
        """The table as a scenario: how this hand began, its actions so far and the match sheet."""
        options = {field.name: getattr(self.rules.options, field.name) for field in fields(self.rules.Options)
                   if getattr(self.rules.options, field.name) != field.default}
        match = {name: jsonable(value) for name, value in self.rules.match_to_json(self.match).items()} \
            if self.match.results else self.origin.match
        return replace(self.origin, options=options, actions=tuple(str(a) for a in self.hand.log[1:]),
                       match=match, notes=dict(self.notes))

    def _call_choices(self) -> list[Choice]:
        """The call buttons for the seat to act (kept in ``self.calls``)."""
        self.calls = []
        if self._actor() is None:
            return []
        state = self.state
        calls = [action for action in self.rules.legal(state) if isinstance(action, Call)]
        choices = []
        if self.offered:
            calls = [action for action in self.offered if action in self.rules.legal(state)]
        elif self._selecting():
            by_card = {call for card in state.hand(state.to_act) for call in self.rules.calls_naming(state, card)}
            calls = [call for call in calls if call not in by_card]
            chosen = [card for card in state.hand(state.to_act) if str(card) in self.selected]
            choices.append(Choice(self.rules.describe_pick(state, chosen), "Select cards on the board, then confirm",
                                  CONFIRM, disabled=not chosen))
            self.calls.append(None)
        choices += [Choice(self.rules.describe(call), str(call)) for call in calls]
        self.calls += calls
        return choices

    def _call_pressed(self, at: int) -> None:
        if at < len(self.calls):
            action = self.calls[at]
            if action is None:
                self._confirm_selected()
            else:
                self._call_clicked(action)

    # ----- dealing and loading -------------------------------------------------------------
    def _new_match(self) -> str:
        """A fresh match sheet, its first dealer drawn by cards where the game says so; returns
        the sentence telling the draw ("" when the first seat simply deals)."""
        draw = self.rules.dealer_draw(self.seed_box.value)
        self.match = self.rules.new_match(draw.dealer if draw else self.rules.seats[0])
        return draw.sentence(self.rules.pack) if draw else ""

    @_safe
    def deal(self, seed: int | None = None, *, caption: str = "") -> None:
        """Shuffle with ``seed`` (the box's value if None) and deal a fresh hand; ``caption`` is
        shown with the deal."""
        if seed is not None:
            self.seed_box.value = seed
        self.notes, self.description = {}, caption
        self.hand = Hand.dealt(self.rules, self.match.dealer, self.seed_box.value)
        self.reasons = {}
        self.origin = Scenario(self.game, dealer=self.match.dealer, seed=self.seed_box.value)
        self.index = 1
        self._clear()
        self._let_bots_play()
        self._described = self.index

    def _clear(self) -> None:
        self.message = self.coach_text = self.hint_code = ""
        self.selected = frozenset()
        self.offered = []

    def _free_game_in_menu(self) -> None:
        self._show_in_menu("")

    def _show_in_menu(self, name: str) -> None:
        self.scenario_pick.unobserve(self._scenario_chosen, "value")
        self.scenario_pick.value = name
        self.scenario_pick.observe(self._scenario_chosen, "value")

    def _attempt(self, change: Callable[[], None]) -> str:
        """Make ``change`` and redraw.  If either fails, the table is put back as it was, with the
        sentence saying why, which is returned ("" when all went well).  A change made within
        another fails with it; the first deal has nothing to put back."""
        if self._attempting:
            change()
            return ""
        if not hasattr(self, "hand"):
            change()
            self._redraw()
            return ""
        kept = {name: getattr(self, name) for name in KEPT}
        seed, menu = self.seed_box.value, self.scenario_pick.value
        self._attempting = True
        try:
            change()
            self._redraw()
            return ""
        except Exception as error:  # the app must never show a traceback
            sentence = refusal(error)
        finally:
            self._attempting = False
        for name, value in kept.items():
            setattr(self, name, value)
        self._animate_from = None
        self._sync_option_boxes()
        self.seed_box.value = seed
        self._show_in_menu(menu)
        self.message = sentence
        self._redraw()
        return sentence

    def _deal_clicked(self) -> None:
        """A new deal; a finished hand is scored on the match sheet first, never thrown away."""
        self._free_game_in_menu()
        if self.hand.state.over:
            self._next_hand(seed=self.seed_box.value)
        else:
            self.deal()

    @_safe
    def load_scenario(self, name: str) -> None:
        """Load a shipped scenario by name, or a scenario file by path."""
        self._load(named(name))
        if name in builtin_names(self.game) and self.scenario_pick.value != name:
            self._show_in_menu(name)

    def _load(self, scenario: Scenario, step: int = 1) -> None:
        """Show ``scenario`` at ``step``, as far as its actions are legal (the first refusal said)."""
        outcome = run_for(scenario, self.game)
        self.rules = scenario.rules()
        self._sync_option_boxes()
        self.match = outcome.match or self.rules.new_match(scenario.dealer)
        self.hand = outcome.hand
        self.reasons = {}
        self.origin = replace(scenario, actions=())
        self.notes, self.description = scenario.notes, scenario.description
        self.index = min(step, len(self.hand.log))
        self._described = 1
        self._clear()
        self.message = outcome.error or ""

    def _restore(self, scenario: Scenario, step: int) -> None:
        """The table of the page's address; one it cannot show raises :class:`ScenarioError`
        with the sentence, for the share bar to say."""
        self._from_share(lambda: self._load(scenario, step + 1))

    def _open(self, scenario: Scenario) -> None:
        """A scenario file from "Open scenario…", refused as :meth:`_restore` refuses."""
        self._from_share(lambda: self._load(scenario))

    def _from_share(self, load: Callable[[], None]) -> None:
        def change() -> None:
            self._free_game_in_menu()
            load()
        sentence = self._attempt(change)
        if sentence:
            raise ScenarioError(sentence)

    @_safe
    def _share_error(self, sentence: str) -> None:
        self.message = sentence

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
        chosen = {name: fields_by_name(self.rules)[name].metadata["choices"][box.value]
                  for name, box in self.option_boxes.items()}
        self.rules = get_rules(self.game, **chosen)
        self._free_game_in_menu()
        draw = self._new_match()
        self.deal(caption=" ".join(part for part in ("New rules: a new match starts.", draw) if part))

    @_safe
    def _open_changed(self) -> None:
        self._clear()
        self._let_bots_play()

    @_safe
    def _presenter_changed(self) -> None:
        if self.presenter_box.value:
            self.add_class("cardlab-presenter")
        else:
            self.remove_class("cardlab-presenter")

    def _on_width(self, change: dict) -> None:
        if (0 < change["old"] < NARROW) != (0 < change["new"] < NARROW):
            self._redraw()

    @_safe
    def _next_hand(self, seed: int | None = None) -> None:
        """Settle the finished hand and deal the next (a new match once this one is won)."""
        settled = self.rules.settle(self.match, self.rules.score(self.hand.state))
        caption = ""
        if settled.over:
            caption = self._new_match()
        else:
            self.match = settled
        self.deal(self.seed_box.value + 1 if seed is None else seed, caption=caption)

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
            self._why(card)
            return
        if state.over:
            self.message = "The hand is over: press Next hand to deal again."
            return
        naming = self.rules.calls_naming(state, card) if holder == state.to_act else []
        if self._selecting() and naming:
            self.selected = self.selected ^ {code}
            self.message = ""
            return
        play = Play(holder, card)
        if naming and self.rules.why_illegal(state, play) is None:
            self.offered, self.message = naming + [play], ""   # declare with it, or simply play it
        elif len(naming) == 1:
            self._act(naming[0])
        elif naming:
            self.offered, self.message = naming, ""
        else:
            self._act(play)

    @_safe
    def _call_clicked(self, action: Action) -> None:
        self._act(action)

    @_safe
    def _confirm_selected(self) -> None:
        """One discard call per selected card, in the order of the hand, while they stay legal."""
        seat = self.state.to_act
        for card in [card for card in self.state.hand(seat) if str(card) in self.selected]:
            naming = self.rules.calls_naming(self.state, card) if self.state.to_act == seat else []
            if not naming:
                break
            selected = self.selected - {str(card)}
            self._act(naming[0])
            if self.message:
                break
            self.selected = selected

    def play(self, code: str) -> None:
        """Play a card from the hand of the seat to act, as a click would."""
        self._plays += 1
        self.board.clicked = f"{code}#py-{self._plays}"

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
        self.reasons = {step: why for step, why in self.reasons.items() if step < self.index}
        self.reasons[self.index] = ""
        self.index = len(self.hand.log)
        self.message = self.coach_text = self.hint_code = ""
        self.offered = []
        if self.board.pace != 0 and self._actor() is None:
            self._paint_now()
        self._let_bots_play()

    def _paint_now(self) -> None:
        """The learner's own card on the board at once, before the computer thinks: the next
        update brings the computer's turns as frames, starting again from this picture.

        ipykernel sends every message from its IOPub thread, which needs the interpreter lock
        while this thread goes on computing the computer's turns: left alone it would wait up to
        ``sys.getswitchinterval()`` (5 ms) or until the whole click is done.  Flushing the
        kernel's stdout waits until that thread has sent everything queued before it."""
        scene = self._scene(self.index)
        self.board.paint(self._svg(scene), board_description(scene))
        sys.stdout.flush()

    def _let_bots_play(self) -> None:
        """The computer's turns and every forced call (Tressette's automatic declarations, the
        learner's too), up to the learner's decision; in open hands only a redeal and forced calls
        are automatic.  The states they pass through are shown one by one (``_animate_from``)."""
        if self.index != len(self.hand.log):
            return
        if self._animate_from is None:
            self._animate_from = self.index
        while not self.hand.state.over and self.hand.state.to_act is not None:
            state = self.hand.state
            forced = self.rules.forced_calls(state)
            if forced:
                action = forced[0]
            elif state.phase == "deal" or not (self.open_hands or state.to_act == LEARNER):
                action = self._computer(state)
            else:
                break
            self.hand = self.hand.then(action)
        self.index = len(self.hand.log)

    def _computer(self, state: State) -> Action:
        """The next action when nobody waits for the learner: a fresh deal when the hand is back in
        its deal phase (a redeal), else the computer's decision from its seat's view, whose
        reason is kept for "Why?"."""
        if state.phase == "deal":
            return self.rules.deal(state.dealer, self._chance())
        decision = self.player.decide(self.rules, self.rules.view(state, state.to_act))
        self.reasons[len(self.hand.log)] = decision.public
        self.coach.decisions[len(self.hand.log)] = decision
        return decision.action

    @_safe
    def _step_to(self, index: int) -> None:
        self.index = max(0, min(index, len(self.hand.log)))
        self._clear()

    @_safe
    def _forward(self) -> None:
        self._clear()
        if self.index < len(self.hand.log):
            self.index += 1
        elif not self.open_hands or self.state.phase == "deal":
            self.hand = self.hand.then(self._computer(self.state))
            self.index += 1

    def _chance(self) -> random.Random:
        """The shuffle for a redeal: fixed by the seed and the step, so a table replays alike."""
        return random.Random(f"{self.seed_box.value}/{len(self.hand.log)}")

    # ----- the coach -----------------------------------------------------------------------
    @_safe
    def _level_changed(self) -> None:
        self.player = get_player(self.coach.level_pick.value)
        self._clear()
        self.coach_text = f"The computer now plays at {self.coach.level_pick.value} level."

    def _advice(self) -> tuple[str, Action, str] | None:
        """The chosen level's decision for the seat to act, from that seat's view, or None (with
        a sentence) when the table is not waiting for the learner."""
        seat = self._actor()
        if seat is None or self.state.over:
            self.message = "The coach helps when it is your turn to decide."
            return None
        decision = self.player.decide(self.rules, self.rules.view(self.state, seat))
        return seat, decision.action, decision.reason

    @_safe
    def _hint(self) -> None:
        advice = self._advice()
        if advice is None:
            return
        seat, action, reason = advice
        state = self.state
        if isinstance(action, Play):
            self.hint_code = str(action.card)
        else:
            self.hint_code = next((str(card) for card in state.hand(seat)
                                   if card is not None and action in self.rules.calls_naming(state, card)), "")
        self.message = ""
        self.coach_text = f"Hint ({self.coach.level_pick.value}): {self.rules.describe(action)}. {reason}"

    @_safe
    def _coach_plays(self) -> None:
        """One decision of the learner's seat, made at the chosen level: one per press, so that
        each choice and its reason can be read before the next."""
        advice = self._advice()
        if advice is None:
            return
        _, action, reason = advice
        step = self.index
        self._act(action)
        if not self.message:
            self.reasons[step] = reason
            self.coach_text = f"The coach ({self.coach.level_pick.value}): {self.rules.describe(action)}. {reason}"

    def _why(self, card: Card) -> None:
        """Why a card of the trick on the table or of the last trick was played: a computer's reason
        as the learner may hear it while the hand is on (it names none of that seat's hidden cards),
        the whole reason once the hand is over or the hands are open."""
        state = self.state
        tricks = ([state.trick] if state.trick is not None else []) + list(state.tricks[-1:])
        seat = next((who for trick in tricks for who, played in trick.plays if played == card), None)
        if seat is None:
            return
        step = next((k for k in range(self.index - 1, -1, -1) if self.hand.log[k] == Play(seat, card)), None)
        reason = self.reasons.get(step) if step is not None else None
        name = self.rules.pack.name(card)
        if reason is None:
            self.coach_text = f"{seat} played {name}: this card came with the scenario."
        elif reason:
            whole = self.coach.whole_reason(step, reason)
            if whole != reason and (self.hand.state.over or self.open_hands):
                reason = whole
            elif whole != reason:
                reason += " The rest of the reason speaks of cards still hidden: it is shown once the hand is over."
            self.coach_text = f"Why {seat} played {name}: {reason}"
        else:
            self.coach_text = f"{seat} played {name} by a click on the table."
        self.message = self.hint_code = ""

    def _reviewing(self, done: int, total: int) -> None:
        """The review's progress in the message slot, sent at once (see :meth:`_paint_now`)."""
        self.message_box.value = html.note(f"Reviewing your decision {done} of {total}…")
        sys.stdout.flush()

    @_safe
    def _review(self) -> None:
        if not self.hand.state.over:
            self.message = "The review comes once the hand is over."
            return
        self.coach.review_button.disabled = True
        try:
            moments = review(self.rules, self.hand, LEARNER, progress=self._reviewing)
        finally:
            self.coach.review_button.disabled = not self.hand.state.over
        self.coach.show_review(self.rules, self.hand, moments, self._step_to)
        self.message = ""
        self.coach_text = "Review: your costliest decisions are listed under the coach's buttons." \
            if any(moment.loss.amount > 0 for moment in moments) else "Review done."
