"""The card table a lesson shows: deal, click to play, step through the log, read the score.

The table is a view of a :class:`cardlab.session.TableSession`, which holds the game (the rules,
the log, the step shown, the match sheet, who sits where) and answers every click: the view builds
the controls, forwards what the learner does to the session, and draws what the session's view of
its seat says.  Several tables may follow one session (``Table(session=...)``, a teacher's mirror):
each observes it and redraws after every change, whoever made it.  The learner sits South.  The
computer plays the other seats unless *open hands* is on: then every hand is face up and the
learner clicks for each seat in turn, as a teacher does at the board.

Pass-and-play (``Table("tressette", people={"S": "Ann", "N": "Ben"})``): two or more people share
one device, the computer playing the other seats.  The view shows one person's hand at a time.
When another person must decide, or a new hand is dealt, the table covers the hands ("Pass the
device to Ben (North)") and draws every hand face down (no card of a covered hand is in the
picture, its words, the calls or the coach's text) until that person presses "Ben: show my hand".
What the rules make public (the trick, the last trick, a turned card, the scores) stays in view.
``people`` is the session's own word for the seats people hold: a second person is a change of
data, so the same table plays alone or together.  A pass-and-play table writes no page address
(the deal's seed and calls would tell the hands) and hides what would show every hand or change
the seats: open hands, the scenario menu and the rules panel (the rules come with the table).

Layout, so that one screen holds everything needed to play: a compact row (seed, deal, scenario,
open hands, presenter, pace), one folded "Rules" panel, then the board beside a column with the
steps, the caption, the call buttons and a fixed-height message slot (a refusal moves nothing).
The computer's turns after a click travel as frames in the same update and the browser shows them
at the chosen pace (:mod:`cardlab.widgets.svgview`).

The coach (:mod:`cardlab.widgets.coach`): the computer plays at the chosen level (club until
another is chosen); every computer decision keeps its reason, and a click on a computer's card in
the trick or the last trick says it.  Hint, Coach plays and the hint's mark use the learner's view
only; Review measures the learner's decisions of a finished hand.  At the end of a hand the
learner first counts the points (:class:`cardlab.widgets.counting.CountingTrainer`, with a Skip);
the hand's breakdown, and its score on the match sheet, show once the count is right or skipped.

A change that fails, in itself or in the redraw after it (a scenario the board cannot show), puts
the table back as it was, with one sentence: the session keeps the table as one value and puts it
back when a view's redraw raises.
"""
from __future__ import annotations

import sys
from dataclasses import Field, fields, replace
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as ipw
import traitlets

from cardlab import i18n
from cardlab.games import get_rules
from cardlab.players import Player
from cardlab.record import Hand
from cardlab.render.panels import breakdown_html, match_html, points_html
from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.rules import MatchState, TrickGame
from cardlab.scenario import Scenario, ScenarioError, builtin, builtin_names
from cardlab.session import LEARNER, LEVEL, Change, Frame as Shot, Person, SeatView, TableSession, Update
from cardlab.state import State

from . import html
from .address import encode
from .boardbox import PACES, PRESENTER, crosses_narrow, layout_of, pace_picker, presenter_toggle
from .calls import CallBar
from .coach import CoachPanel
from .counting import CountingTrainer
from .share import ShareBar
from .svgview import Frame, SvgView


_KEYS: dict[str, int] = {}
"""Tables made so far in this kernel, per game: a page's tables get the keys tressette1, tressette2 …
in the order its cells run, so a reloaded page finds each table's address again."""


def next_key(game: str) -> str:
    """The next table's key in the page address: tressette1, tressette2 … in the order made."""
    _KEYS[game] = _KEYS.get(game, 0) + 1
    return f"{game.replace('_', '-')}{_KEYS[game]}"


def _button(text: str, klass: str, tooltip: str = "") -> ipw.Button:
    button = ipw.Button(description=text, tooltip=tooltip or text, layout=ipw.Layout(width="auto"))
    button.add_class(klass)
    return button


def _choice_label(option: Field, choice: object) -> str:
    """A choice of an option as its menu says it: the game's words for it, else the value."""
    words: dict = option.metadata["choice_words"]
    if choice in words:
        return i18n.pgettext("option", words[choice])
    if choice is None or isinstance(choice, bool):
        return {None: i18n._("usual"), True: i18n._("on"), False: i18n._("off")}[choice]
    return str(choice)


def option_label(option: Field) -> str:
    """An option's label in the current language (the games mark their labels with the context "option")."""
    label: str = option.metadata["label"]
    return i18n.pgettext("option", label)


def rules_summary(rules: TrickGame) -> str:
    """One line naming what differs from the usual rules ("Declarations: on; Players: 5")."""
    changed = [i18n._("{option}: {choice}").format(option=option_label(field),
                                                    choice=_choice_label(field, getattr(rules.options, field.name)))
               for field in fields(rules.Options) if getattr(rules.options, field.name) != field.default]
    return i18n._("Rules: {changed} (open to change)").format(
        changed="; ".join(changed) if changed else i18n._("the usual ones"))


def option_menus(rules: TrickGame) -> dict[str, ipw.Dropdown]:
    """A menu for each of the rules' options, by option name, showing the rules' choices: each
    value is the index of a choice in the option's ``choices``."""
    menus = {}
    for field in fields(rules.Options):
        choices = field.metadata["choices"]
        menu = ipw.Dropdown(options=[(_choice_label(field, c), i) for i, c in enumerate(choices)],
                            value=choices.index(getattr(rules.options, field.name)),
                            description=option_label(field),
                            tooltip=field.metadata["source"],
                            style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        menu.add_class(f"cardlab-option-{field.name}")
        menus[field.name] = menu
    return menus


NAME_LENGTH = 24
"""The longest name a person at a pass-and-play table may give."""


def people_at(seats: tuple[str, ...], people: Mapping[str, str] | Sequence[str]) -> dict[str, str]:
    """The seats people hold at a pass-and-play table, each with its person's name ("" when none
    is given): ``{"S": "Ann", "N": "Ben"}`` or ``("S", "N")``.  ValueError with the sentence for a
    seat not at the table, fewer than two people, or too long a name."""
    names = dict(people) if isinstance(people, Mapping) else {seat: "" for seat in people}
    unknown = [seat for seat in names if seat not in seats]
    if unknown:
        raise ValueError(i18n._("There is no seat {seat} at this table: the seats are {seats}.").format(
            seat=repr(unknown[0]), seats=", ".join(seats)))
    if len(names) < 2:
        raise ValueError(i18n._("Playing together needs two people or more: give a name for each person's seat."))
    names = {seat: " ".join(str(name).split()) for seat, name in names.items()}
    long = next((name for name in names.values() if len(name) > NAME_LENGTH), None)
    if long is not None:
        raise ValueError(i18n._("A name may be {count} characters long at most: “{name}…” is longer.").format(
            count=NAME_LENGTH, name=long[:NAME_LENGTH]))
    return {seat: names[seat] for seat in seats if seat in names}


class Table(ipw.VBox):
    """``Table("tressette", seed=7)``, ``Table("tressette", scenario="tressette-thirds")``,
    ``Table("tressette", declarations=True)``, ``Table("quadrille", presenter=True)``,
    ``Table("aluette", level="beginner")``; ``Table(session=other.session)`` follows the same
    table as ``other``; ``Table("tressette", people={"S": "Ann", "N": "Ben"})`` is a pass-and-play
    table for two people at one device (``people=("S", "N")`` names them by their seats).

    ``key`` names the table in the page address (default: the game and a count); ``level`` is the
    computer's (beginner, club or expert); ``seat`` the seat this view shows and plays (at a
    pass-and-play table, the seat of the person to decide)."""

    index = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, game: str = "tressette", *, seed: int = 1, scenario: str | None = None,
                 open_hands: bool = False, presenter: bool = False, key: str | None = None,
                 level: str = LEVEL, session: TableSession | None = None, seat: str = LEARNER,
                 people: Mapping[str, str] | Sequence[str] | None = None, **options: Any) -> None:
        names = people_at(get_rules(game, **options).seats, people) if people is not None else {}
        if names and (session is not None or open_hands):
            raise ValueError(i18n._("A pass-and-play table deals its own hands face down: give people without a "
                                    "session or open hands."))
        self.session = session or TableSession(game, seed=seed, open_hands=open_hands, level=level,
                                               **({"people": tuple(names)} if names else {}), **options)
        for who, name in names.items():
            self.session.sit(who, Person(name))
        self.game = self.session.game
        self.people = tuple(names)
        """The seats of the people taking turns at this device; () for a table of one."""
        self.seat = self.people[0] if self.people else seat
        self.covered = bool(self.people)
        """Every hand face down until the person to decide shows theirs."""
        self._origin: Scenario | None = None
        self.share = ShareBar(key or next_key(self.game))
        self.share.on_restore(self._restore)
        self.share.on_open(self._open)
        self.share.on_error(self._share_error)
        self.coach = CoachPanel(self.session.now.level)
        self._syncing = False
        self._others_busy = False
        self._others_said = ""
        self._seed_shown = self.session.now.seed
        self.board = SvgView(pace=PACES[1][1])
        self.board.add_class("cardlab-board")
        self.board.observe(self._on_click, "clicked")
        self.board.observe(self._on_width, "width")
        self._build_controls(presenter)
        super().__init__(children=self._layout())
        self.add_class("cardlab-table")
        self.add_class(f"cardlab-lang-{i18n.language()}")
        if presenter:
            self.add_class(PRESENTER)
        self.session.observe(self._on_update)
        self._pass_on()
        self._redraw()
        if scenario:
            self.load_scenario(scenario)

    def close(self) -> None:
        """Stop following the session, then close as any widget."""
        if hasattr(self, "session"):    # a table refused while being made follows none
            self.session.unobserve(self._on_update)
        super().close()

    # ----- building ------------------------------------------------------------------------
    def _build_controls(self, presenter: bool) -> None:
        now = self.session.now
        self.seed_box = ipw.BoundedIntText(value=now.seed, min=0, max=10**9, description=i18n._("Seed"),
                                           style={"description_width": "initial"},
                                           layout=ipw.Layout(width="auto"))
        self.seed_box.add_class("cardlab-seed")
        self.deal_button = _button(i18n._("New deal"), "cardlab-deal", i18n._("Shuffle with this seed and deal"))
        self.deal_button.on_click(lambda _: self._deal_clicked())
        titles = [(i18n.written(self.game, builtin(name).title) or name, name) for name in builtin_names(self.game)]
        self.scenario_pick = ipw.Dropdown(options=[(i18n._("— free game —"), "")] + titles, value="",
                                          description=i18n._("Scenario"), style={"description_width": "initial"},
                                          layout=ipw.Layout(width="250px"))
        self.scenario_pick.add_class("cardlab-scenario")
        self.scenario_pick.observe(self._scenario_chosen, "value")
        self.open_box = ipw.Checkbox(value=now.open_hands, description=i18n._("Open hands"), indent=False,
                                     tooltip=i18n._("Every hand face up; click for every seat in turn"),
                                     layout=ipw.Layout(width="auto"))
        self.open_box.add_class("cardlab-open-hands")
        self.open_box.observe(lambda change: self._unless_syncing(
            lambda: self.session.set_open_hands(self.seat, change["new"])), "value")
        self.presenter_box = presenter_toggle(self, presenter, self._redraw)
        self.pace_pick = pace_picker(self.board)
        self.pace_pick.observe(lambda _: self._pace_chosen(), "value")
        self.option_boxes = option_menus(self.session.rules)
        for box in self.option_boxes.values():
            box.observe(lambda _: self._unless_syncing(self._options_changed), "value")
        self.rules_panel = ipw.Accordion(
            children=[ipw.HBox(list(self.option_boxes.values()), layout=ipw.Layout(flex_flow="row wrap"))],
            selected_index=None)
        self.rules_panel.add_class("cardlab-rules")
        self.first_button = _button("«", "cardlab-start", i18n._("Back to the deal"))
        self.back_button = _button(i18n._("◀ Back"), "cardlab-back", i18n._("One step back"))
        self.forward_button = _button(i18n._("Forward ▶"), "cardlab-forward", i18n._("One step forward"))
        self.last_button = _button("»", "cardlab-end", i18n._("Latest step"))
        self.first_button.on_click(lambda _: self._step_to(0))
        self.back_button.on_click(lambda _: self._step_to(self.session.index - 1))
        self.forward_button.on_click(lambda _: self.session.forward(self.seat))
        self.last_button.on_click(lambda _: self._step_to(len(self.session.hand.log)))
        self.step_label = ipw.HTML()
        self.step_label.add_class("cardlab-step")
        self.caption = ipw.HTML()
        self.caption.add_class("cardlab-caption")
        self.message_box = ipw.HTML()
        self.message_box.add_class("cardlab-message")
        self.calls_box = CallBar(lambda option: self.session.call(self.seat, option))
        self.points_box = ipw.HTML()
        self.points_box.add_class("cardlab-points")
        self.breakdown_box = ipw.HTML()
        self.breakdown_box.add_class("cardlab-breakdown")
        self.match_box = ipw.HTML()
        self.match_box.add_class("cardlab-match")
        self.counting = CountingTrainer(count=lambda cards, total: self.session.count(self.seat, cards, total),
                                        skip=lambda: self.session.skip_count(self.seat))
        self.next_button = _button(i18n._("Next hand"), "cardlab-next-hand",
                                   i18n._("Score this hand and deal the next"))
        self.next_button.on_click(lambda _: self.next_hand())
        self.coach.level_pick.observe(
            lambda change: self._unless_syncing(lambda: self.session.set_level(self.seat, change["new"])), "value")
        self.coach.hint_button.on_click(lambda _: self.session.hint(self.seat))
        self.coach.play_button.on_click(lambda _: self.session.coach_plays(self.seat))
        self.coach.review_button.on_click(lambda _: self._review())
        self.pass_note = ipw.HTML()
        self.pass_note.add_class("cardlab-pass-note")
        self.show_button = _button(i18n._("Show my hand"), "cardlab-show-hand")
        self.show_button.layout.flex = "0 0 auto"      # its whole name, even on a phone
        self.show_button.on_click(lambda _: self.cover() if not self.covered else self.show_hand())
        self.pass_box = ipw.HBox([self.pass_note, self.show_button],
                                 layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.pass_box.add_class("cardlab-pass")

    def _layout(self) -> list[ipw.Widget]:
        together = bool(self.people)
        setup = ipw.HBox([self.seed_box, self.deal_button] + ([] if together else [self.scenario_pick, self.open_box])
                         + [self.presenter_box, self.pace_pick])
        setup.add_class("cardlab-setup")
        steps = ipw.HBox([self.first_button, self.back_button, self.forward_button, self.last_button])
        steps.add_class("cardlab-steps")
        side = ipw.VBox([steps, self.step_label, self.caption, self.calls_box, self.message_box, self.coach,
                         self.points_box, self.counting, self.breakdown_box, self.match_box, self.next_button]
                        + ([] if together else [self.share]))
        side.add_class("cardlab-side")
        play = ipw.HBox([self.board, side])
        play.add_class("cardlab-play")
        if together:
            return [setup, self.pass_box, play]
        return [setup] + ([self.rules_panel] if self.option_boxes else []) + [play]

    # ----- what the session holds, for lessons and tests -----------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def hand(self) -> Hand:
        return self.session.hand

    @property
    def rules(self) -> TrickGame:
        return self.session.rules

    @property
    def match(self) -> MatchState:
        return self.session.match

    @property
    def player(self) -> Player:
        return self.session.player

    @property
    def open_hands(self) -> bool:
        return self.session.now.open_hands

    @property
    def reasons(self) -> dict[int, str]:
        return dict(self.session.now.reasons)

    @property
    def notes(self) -> dict[int, str]:
        return dict(self.session.now.notes)

    @property
    def coach_text(self) -> str:
        return self.session.now.coach

    @property
    def hint_code(self) -> str:
        return self.session.now.hint

    @property
    def selected(self) -> frozenset[str]:
        return self.session.now.selected

    @property
    def offered(self) -> list:
        return list(self.session.now.offered)

    def scenario(self) -> Scenario:
        """The table as a scenario: how this hand began, its actions so far and the match sheet."""
        return self.session.scenario()

    def theme(self) -> str:
        return layout_of(self.board, self.presenter_box.value)

    # ----- drawing -------------------------------------------------------------------------
    def _svg(self, shot: Shot) -> str:
        """The board's picture; a hand's last one (nobody to act) is marked ``data-hand-over``:
        the counting trainer shows once the browser has painted it, not with the frames before."""
        svg = table_svg(shot.scene, theme=self.theme())
        return svg if shot.scene.to_act is not None else svg.replace("<svg ", '<svg data-hand-over="" ', 1)

    def _seen(self, shot: Shot) -> Shot:
        """``shot`` as the device may show it: while covered, every hand face down, nothing of
        them chosen, hinted or said, and of each seat's side and badges only what every seat
        sees (not a partner's private signal, nor the side a called king tells its holder)."""
        if not self.covered:
            return shot
        state = self.session.hand.states[shot.step]
        views = [{seat.seat: seat for seat in self.rules.scene(state, viewer).seats} for viewer in self.rules.seats]
        scene = shot.scene
        scene = replace(scene, legal=frozenset(), selected=frozenset(), hint="", seats=tuple(
            replace(seat, hand=(None,) * len(seat.hand),
                    side=seat.side if all(view[seat.seat].side == seat.side for view in views) else "",
                    badges=tuple(badge for badge in seat.badges
                                 if all(badge in view[seat.seat].badges for view in views)))
            for seat in scene.seats))
        return replace(shot, scene=scene, words=board_description(scene))

    def _on_update(self, update: Update) -> None:
        if self._others_busy:       # the seats played one after the other are drawn once, paced
            return
        if update.kind == "changed":
            self._pass_on()
            played = self._others_play()
            self._redraw(min((start for start in (update.start, played) if start is not None), default=None))
        elif self.board.pace != 0:
            self._paint_now()

    def _others_play(self) -> int | None:
        """With every hand shown and the "Next card" pace (a presenter showing a hand to a
        class), the computer plays the other seats, each card waiting for Next card, up to this
        seat's turn: the step it started from, or None when it played nothing.  Open hands
        otherwise leave every seat's decision to the person."""
        session = self.session
        if self._others_busy or not (session.now.open_hands and self.board.pace < 0 and not self.people):
            return None
        start = session.index
        self._others_busy = True
        try:
            while (session.index == len(session.hand.log) and not session.state.over
                   and session.state.to_act not in (None, self.seat)):
                before = session.index
                session.coach_plays(self.seat)
                if session.index == before:
                    break
        finally:
            self._others_busy = False
        if session.index == start:
            return None
        self._others_said = session.now.coach    # the last card's reason, before the board shows it: on Why? only
        return start

    def _pace_chosen(self) -> None:
        start = self._others_play()
        if start is not None:
            self._redraw(start)

    def _paint_now(self) -> None:
        """A person's own card on the board at once, before the computer thinks: the next
        update brings the computer's turns as frames, starting again from this picture.

        ipykernel sends every message from its IOPub thread, which needs the interpreter lock
        while this thread goes on computing the computer's turns: left alone it would wait up to
        ``sys.getswitchinterval()`` (5 ms) or until the whole click is done.  Flushing the
        kernel's stdout waits until that thread has sent everything queued before it."""
        shot = self._seen(self.session.frame(self.session.index, self.seat))
        self.board.paint(self._svg(shot), shot.words)
        sys.stdout.flush()

    def _redraw(self, start: int | None = None) -> None:
        session = self.session
        change: Change = session.change(self.seat, start if self.board.pace != 0 else None)
        view, rules, state = change.view, session.rules, session.state
        shown = self._seen(view.frame)
        self.board.paint(self._svg(shown), shown.words,
                         [Frame(self._svg(shot), shot.words, html.step_line(shot.step, view.steps, shot.status))
                          for shot in map(self._seen, change.frames)])
        self._show_count(view, rules, state)
        self.points_box.value = self._points(view, change)
        self.breakdown_box.value = breakdown_html(view.result) if view.result is not None else ""
        self.match_box.value = match_html(view.match, rules.target, counting=view.counting)
        self.next_button.description = i18n._("New match") if view.match.over else i18n._("Next hand")
        self.next_button.layout.display = "" if view.over else "none"
        if not self.people:
            # the address goes before the step line, so a step on the page already has its link
            scenario = session.scenario()
            self.share.scenario = scenario
            self.share.address = encode(scenario, max(view.frame.step - 1, 0))
        self.step_label.value = html.step_line(view.frame.step, view.steps, view.frame.status)
        self.back_button.disabled = self.first_button.disabled = view.frame.step == 0 or self.covered
        self.last_button.disabled = view.at_end or self.covered
        self.forward_button.disabled = view.at_end and (view.over or view.actor is not None) or self.covered
        self.caption.value = html.note(view.caption)
        self.message_box.value = html.refusal(view.message) if view.message \
            else "" if self.covered or (view.coach and view.coach == self._others_said) else html.note(view.coach)
        self.coach.show_review(view.review, self._step_to)
        deciding = view.actor is not None and not view.over and not self.covered
        self.coach.hint_button.disabled = self.coach.play_button.disabled = not deciding
        self.coach.review_button.disabled = not session.hand.state.over
        self.rules_panel.titles = (rules_summary(rules),)
        self.calls_box.show(() if self.covered else view.calls)
        self._show_pass(view.over)
        self._sync_controls(view.seed, view.open_hands, view.level)
        self.index = view.frame.step
        self.message = view.message

    def _points(self, view: SeatView, change: Change) -> str:
        """The points panel; while the board still plays the computer's cards one by one, the
        points as of its first picture (counting.css shows them until the board is done), so
        that no trick is scored before its last card is on the board."""
        if view.points is None:
            return ""
        after = points_html(view.points)
        if not change.frames:
            return after
        before = points_html(self.rules.running_points(self.session.hand.states[change.frames[0].step]))
        if before == after:
            return after
        return f'<div class="cardlab-points-after">{after}</div><div class="cardlab-points-before">{before}</div>'

    def _show_count(self, view: SeatView, rules: TrickGame, state: State) -> None:
        """The counting trainer at the end of the hand, until the count is done here or elsewhere."""
        if view.counting and self.counting.state is not state:
            self.counting.start(rules, state, self.seat)
        elif not (view.over and view.at_end):
            if self.counting.state is not None:
                self.counting.reset()
        elif not view.counting and self.counting.state is not None and not self.counting.done:
            self.counting.counted()

    def _sync_controls(self, seed: int, open_hands: bool, level: str) -> None:
        """The controls showing what the session holds, without acting on it again."""
        self._syncing = True
        try:
            if seed != self._seed_shown:    # a seed typed but not yet dealt with stays in the box
                self.seed_box.value = self._seed_shown = seed
            self.open_box.value = open_hands
            self.coach.level_pick.value = level
            for field in fields(self.rules.Options):
                self.option_boxes[field.name].value = field.metadata["choices"].index(
                    getattr(self.rules.options, field.name))
        finally:
            self._syncing = False

    def _unless_syncing(self, action: Callable[[], object]) -> None:
        if not self._syncing:
            action()

    # ----- pass-and-play -------------------------------------------------------------------
    def _who(self, seat: str) -> str:
        """The person in ``seat`` as the table says it: "Ann (South)", or "South" without a name."""
        sitter = self.session.sitter(seat)
        name = sitter.name if isinstance(sitter, Person) else ""
        where = self.rules.seat_name(seat)
        return i18n._("{name} ({seat})").format(name=name, seat=where) if name and name != where else where

    def _pass_on(self) -> None:
        """After a change: a new hand, or another person's decision, covers the hands and turns
        the table to that person."""
        if not self.people:
            return
        now = self.session.now
        state = now.state
        person = state.to_act if state.to_act in self.people and not state.over else None
        if now.origin is not self._origin:
            self._origin = now.origin
            self.covered = True
        elif person is None or person == self.seat:
            return
        self.seat = person or self.seat
        self.covered = not state.over

    def _show_pass(self, over: bool) -> None:
        if not self.people:
            return
        who = self._who(self.seat)
        self.show_button.layout.display = "none" if over else ""
        self.show_button.description = (i18n._("{who}: show my hand").format(who=who) if self.covered
                                        else i18n._("Cover my hand"))
        self.show_button.tooltip = (i18n._("Only when the others cannot see the screen") if self.covered
                                    else i18n._("Hide your cards before passing the device"))
        self.pass_note.value = html.note(
            "" if over else i18n._("Pass the device to {who}.").format(who=who) if self.covered
            else i18n._("Face up: the hand of {who}. Cover it before passing the device.").format(who=who))

    def _covered_sentence(self) -> str:
        return i18n._("The hands are covered: {who} first presses “Show my hand”.").format(who=self._who(self.seat))

    def show_hand(self) -> Change:
        """The hand of the person to decide face up, at their press of "… show my hand"; the coach's
        words and any hint from before are cleared."""
        self.covered = False
        return self.session.step_to(self.seat, self.session.index)

    def cover(self) -> None:
        """Every hand face down again, until "… show my hand"."""
        if self.people:
            self.covered = True
            self._redraw()

    # ----- what the learner does -----------------------------------------------------------
    def play(self, code: str) -> Change:
        """Play a card (or make a move written as the log writes it) for the seat to act, as a
        click on it would; refused with a sentence while the hands are covered."""
        if self.covered:
            return self.session.say(self.seat, self._covered_sentence())
        return self.session.act(self.seat, code)

    def _on_click(self, change: dict) -> None:
        if change["new"].partition("#")[0]:
            self.play(change["new"])

    def _step_to(self, index: int) -> None:
        self.session.step_to(self.seat, index)

    def deal(self, seed: int | None = None, *, caption: str = "") -> Change:
        """Shuffle with ``seed`` (the seed box's value if None) and deal a fresh hand; ``caption``
        is shown with the deal."""
        return self.session.deal(self.seat, self.seed_box.value if seed is None else seed, caption)

    def _deal_clicked(self) -> None:
        """A new deal; a finished hand is scored on the match sheet first, never thrown away."""
        self._in_free_game(lambda: self.session.new_deal(self.seat, self.seed_box.value))

    def next_hand(self) -> Change:
        """Settle the finished hand and deal the next with the next seed."""
        return self.session.next_hand(self.seat, self.seed_box.value + 1)

    def load_scenario(self, name: str) -> Change:
        """Load a shipped scenario by name, or a scenario file by path."""
        change = self._in_free_game(lambda: self.session.load(self.seat, name))
        if not change.refused and name in builtin_names(self.game):
            self._show_in_menu(name)
        return change

    def _in_free_game(self, operation: Callable[[], Change]) -> Change:
        """``operation`` with the menu on the free game, put back if the session refuses it."""
        menu = self.scenario_pick.value
        self._show_in_menu("")
        change = operation()
        if change.refused:
            self._show_in_menu(menu)
        return change

    def _restore(self, scenario: Scenario, step: int) -> None:
        """The table of the page's address; one it cannot show raises :class:`ScenarioError`
        with the sentence, for the share bar to say."""
        self._from_share(scenario, step + 1)

    def _open(self, scenario: Scenario) -> None:
        """A scenario file from "Open scenario…", refused as :meth:`_restore` refuses."""
        self._from_share(scenario, 1)

    def _from_share(self, scenario: Scenario, step: int) -> None:
        change = self._in_free_game(lambda: self.session.load(self.seat, scenario, step))
        if change.refused:
            raise ScenarioError(change.message)

    def _share_error(self, sentence: str) -> None:
        self.session.say(self.seat, sentence)

    def _scenario_chosen(self, change: dict) -> None:
        if change["new"]:
            self.load_scenario(change["new"])
        else:
            self.deal()

    def _show_in_menu(self, name: str) -> None:
        self.scenario_pick.unobserve(self._scenario_chosen, "value")
        self.scenario_pick.value = name
        self.scenario_pick.observe(self._scenario_chosen, "value")

    def _options_changed(self) -> None:
        chosen = {field.name: field.metadata["choices"][self.option_boxes[field.name].value]
                  for field in fields(self.rules.Options)}
        self._in_free_game(lambda: self.session.set_options(self.seat, **chosen))

    def _on_width(self, change: dict) -> None:
        if crosses_narrow(change):
            self._redraw()

    def _reviewing(self, done: int, total: int) -> None:
        """The review's progress in the message slot, sent at once (see :meth:`_paint_now`)."""
        self.message_box.value = html.note(i18n._("Reviewing your decision {number} of {count}…").format(
            number=i18n.number(done), count=i18n.number(total)))

        sys.stdout.flush()

    def _review(self) -> None:
        self.coach.review_button.disabled = True
        try:
            self.session.review(self.seat, progress=self._reviewing)
        finally:
            self.coach.review_button.disabled = not self.session.hand.state.over
