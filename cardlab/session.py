"""One card table as a session: the rules, the log, the step shown, the match sheet, who sits
where, the scenario's notes, and every operation a person at the table may ask for.

Why: a table is more than its widget.  Several views (a learner's screen, a teacher's mirror,
next a second learner) must follow one table, and the computer's turns, the coach, the review and
the count at the end of a hand must be tested without a browser.  So the table lives here, in the
standard library, and a view (:class:`cardlab.widgets.Table`) only draws what the session says and
forwards clicks.

* Everything the table draws from is one frozen value, :class:`Sitting`.  An operation builds the
  next one and keeps it only when the operation, and every view's redraw after it, succeeded;
  otherwise the table is put back as it was, with one sentence (never a traceback).
* Who sits where is a seat map: each seat holds a :class:`Person` (the learner, or next another
  learner) or a :class:`Computer` at a level.  A second person at the table is a change of data;
  a seat changes hands during a hand with :meth:`TableSession.sit` (a classroom's learner away,
  then back), and :meth:`TableSession.take_back` undoes the last decision a person made.
* An action from a seat is checked once, in :meth:`TableSession.refusal`: the seat must be a
  person's and the action that seat's (any seat's when the hands are open), then legal by the
  rules; the log is extended without a second check.  A move may be an :class:`Action`, its text
  (``"S plays 7D"``) or a card code as the board sends it (``"7D"``, ``"7D#12"``): one parser,
  :func:`read_move`, tells them apart.
* Views follow the session by observing it: :meth:`TableSession.observe` registers a callback
  told an :class:`Update` after each change (and ``version`` counts the changes).  The update
  ``moved`` comes after a person's own action, before the computer thinks, so a view can show that
  card at once; ``changed`` comes when the operation is done, naming the step from which the
  computer's turns are to be shown one by one.
* :meth:`TableSession.view` gives a seat what it may see (the other hands face down unless the
  hands are open); :meth:`TableSession.change` the same with the frames since a step.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Callable, Literal, Mapping, Union

from . import i18n
from .actions import Action, ActionError, Call, Deal, Play, parse_action
from .cards import Card, CardError
from .games import get_rules
from .players import Decision, LevelError, Player, get_player, level_name
from .practice.common import PracticeError
from .computer import Computing
from .playout import steps
from .practice.counting import CountCheck, check_count, counts_cards
from .record import Hand
from .render.scene import TableScene
from .render.text import board_description
from .review import Moment, costliest, moment_sentence, review, summary
from .rules import HandResult, IllegalAction, MatchError, MatchState, OptionError, TrickGame
from .scenario import Scenario, ScenarioError, jsonable, named, run_for
from .state import State

LEARNER = "S"
"""The seat of the learner at the screen."""
LEVEL = "club"
"""The computer's level until the learner chooses another: it plays soundly, says why in the
game's words and answers at once (the expert spends 0.15 s on each card)."""
OVER = i18n.N_("The hand is over: press Next hand to deal again.")
NOT_YOUR_TURN = i18n.N_("The coach helps when it is your turn to decide.")


@dataclass(frozen=True)
class Person:
    """A person at the table, who decides by clicking."""

    name: str = "learner"


@dataclass(frozen=True)
class Computer:
    """The computer playing a seat at a level (beginner, club or expert)."""

    level: str = LEVEL


Sitter = Union[Person, Computer]


def seating(seats: tuple[str, ...], level: str = LEVEL, people: tuple[str, ...] = (LEARNER,)) -> dict[str, Sitter]:
    """The seat map: a person in each seat of ``people``, the computer at ``level`` in the others."""
    return {seat: Person() if seat in people else Computer(level) for seat in seats}


def read_move(text: str, seats: tuple[str, ...]) -> Card | Action:
    """A move as a view sends it: a card code (a click on the board, ``"7D"`` or ``"7D#12"``) or
    an action as the log writes it (``"S plays 7D"``); ActionError with a sentence otherwise."""
    code = text.partition("#")[0].strip()
    if " " not in code:
        try:
            return Card.parse(code)
        except CardError as error:
            raise ActionError(str(error)) from None
    return parse_action(text, seats)


@dataclass(frozen=True)
class CallOption:
    """One call the seat to act may make, in words (``label``, with the call's text as ``title``),
    or, with ``action`` None, the confirmation of the cards chosen on the board."""

    label: str
    title: str
    action: Action | None
    disabled: bool = False


@dataclass(frozen=True)
class ReviewRow:
    """One line of the review: its sentence and the step to go to (None for a summary)."""

    sentence: str
    step: int | None


@dataclass(frozen=True)
class Frame:
    """One picture of the table at ``step``, for one seat: the scene, its words, its status."""

    step: int
    scene: TableScene
    words: str
    status: str


@dataclass(frozen=True)
class SeatView:
    """What one seat sees of the table now: only its own cards unless the hands are open."""

    seat: str
    frame: Frame
    steps: int
    """The length of the log: the step line reads ``Step {frame.step} of {steps}``."""
    actor: str | None
    """The seat whose decision this seat's person makes now, or None."""
    over: bool
    caption: str
    message: str
    """A refusal or a warning, said as such; "" for none."""
    coach: str
    """The coach's words: a hint, a reason, the review's summary."""
    calls: tuple[CallOption, ...]
    points: Mapping[str, Mapping[str, Fraction]] | None
    """The points so far, None while the learner counts them at the end of a hand."""
    result: HandResult | None
    """The hand's breakdown once it is over and counted (or the count skipped)."""
    match: MatchState
    """The match sheet, with this hand settled once it is over."""
    counting: bool
    """The hand is over at its last step and its count not yet done or skipped."""
    review: tuple[ReviewRow, ...] | None
    seed: int
    open_hands: bool
    level: str

    @property
    def at_end(self) -> bool:
        return self.frame.step == self.steps


@dataclass(frozen=True)
class Change:
    """What an operation answers: the frames to show first (the computer's turns), the seat's view
    after it, and whether it was refused (the table unchanged, ``view.message`` saying why)."""

    frames: tuple[Frame, ...]
    view: SeatView
    refused: bool = False

    @property
    def caption(self) -> str:
        return self.view.caption

    @property
    def message(self) -> str:
        return self.view.message

    @property
    def calls(self) -> tuple[CallOption, ...]:
        return self.view.calls

    @property
    def over(self) -> bool:
        return self.view.over


@dataclass(frozen=True)
class Update:
    """What observers are told: ``moved`` (a person's action is in, the computer's turns to come)
    or ``changed`` (done; the computer's turns are to be shown from step ``start``)."""

    kind: Literal["moved", "changed"]
    start: int | None
    version: int


@dataclass(frozen=True)
class Waiting:
    """A computer's decision a table waits for: ``seat`` at ``level`` decides from ``view`` with
    ``rules``, the hand's log being ``log`` (the position: a decision is made there only)."""

    seat: str
    level: str
    log: tuple[Action, ...] = field(repr=False)
    """Every hand's cards are in its deal: never shown, never sent to the one who decides."""
    rules: TrickGame = field(compare=False)
    view: State = field(compare=False)


@dataclass(frozen=True)
class Sitting:
    """Everything the table draws from, as one value: a failed change puts it back whole."""

    rules: TrickGame
    hand: Hand
    index: int
    match: MatchState
    origin: Scenario
    seed: int
    sitters: Mapping[str, Sitter]
    level: str
    open_hands: bool = False
    reasons: Mapping[int, str] = field(default_factory=dict)
    """Why the action at each log step was taken: the computer's or coach's public reason, "" for
    a click; absent for actions that came with a scenario or an address."""
    decisions: Mapping[int, Decision] = field(default_factory=dict)
    """The computer's decisions by step, whose whole reasons are told once the hand is over."""
    notes: Mapping[int, str] = field(default_factory=dict)
    description: str = ""
    described: int = 1
    """The description shows up to this step."""
    selected: frozenset[str] = frozenset()
    offered: tuple[Action, ...] = ()
    message: str = ""
    coach: str = ""
    hint: str = ""
    counted: bool = False
    reviewed: tuple[tuple[Action, ...], tuple[Moment, ...]] | None = None
    """The log reviewed and its moments."""

    @property
    def state(self) -> State:
        return self.hand.states[self.index]


def refusal_sentence(error: Exception) -> str:
    """The sentence for a failed change."""
    if isinstance(error, (IllegalAction, ActionError, ScenarioError, OptionError, MatchError, LevelError,
                          PracticeError)):
        return str(error)
    return i18n._("Something went wrong ({error}); the table is unchanged.").format(
        error=f"{type(error).__name__}: {error}")


class TableSession:
    """``TableSession("tressette", seed=7)``, ``TableSession("aluette", level="beginner",
    declarations=True)``; ``session.act("S", "7D")``, ``session.view("S")``."""

    def __init__(self, game: str, *, seed: int = 1, open_hands: bool = False, level: str = LEVEL,
                 people: tuple[str, ...] = (LEARNER,), **options: object) -> None:
        self.game = game
        rules = get_rules(game, **options)
        self._players: dict[str, Player] = {level: get_player(level)}
        self._observers: list[Callable[[Update], None]] = []
        self._attempting = False
        self._start: int | None = None
        self.version = 0
        self.computers_wait = False
        """The computer's decisions are not made here but asked for (:meth:`waiting`) and brought
        back (:meth:`computer_acts`): a room server decides them in worker processes.  Deals and
        forced calls are still made at once."""
        hand = Hand.start(rules, rules.seats[0])
        self.now = Sitting(rules, hand, 0, rules.new_match(rules.seats[0]), Scenario(game), seed,
                           seating(rules.seats, level, people), level, open_hands)
        caption = self._new_match()
        self._deal(seed, caption)
        self._start = None

    # ----- what the table holds ---------------------------------------------------------------
    @property
    def rules(self) -> TrickGame:
        return self.now.rules

    @property
    def hand(self) -> Hand:
        return self.now.hand

    @property
    def index(self) -> int:
        return self.now.index

    @property
    def state(self) -> State:
        return self.now.state

    @property
    def match(self) -> MatchState:
        return self.now.match

    @property
    def player(self) -> Player:
        """The computer player at the table's level (the coach's too)."""
        return self._player(self.now.level)

    def _player(self, level: str) -> Player:
        if level not in self._players:
            self._players[level] = get_player(level)
        return self._players[level]

    def sitter(self, seat: str) -> Sitter | None:
        return self.now.sitters.get(seat)

    def actor(self, seat: str) -> str | None:
        """The seat whose decision the person in ``seat`` makes now: its own when on turn, any
        seat's when the hands are open, else None."""
        state = self.now.state
        if state.to_act is None or not isinstance(self.sitter(seat), Person):
            return None
        return state.to_act if self.now.open_hands or state.to_act == seat else None

    def selecting(self, seat: str) -> bool:
        """Cards are chosen on the board, then confirmed with one option (Aluette's discards)."""
        return self.actor(seat) is not None and self.rules.cards_to_pick(self.now.state) > 0

    def scenario(self) -> Scenario:
        """The table as a scenario: how this hand began, its actions so far and the match sheet."""
        now = self.now
        options = {option.name: getattr(now.rules.options, option.name) for option in fields(now.rules.Options)
                   if getattr(now.rules.options, option.name) != option.default}
        match = {name: jsonable(value) for name, value in now.rules.match_to_json(now.match).items()} \
            if now.match.results else now.origin.match
        return replace(now.origin, options=options, actions=tuple(str(a) for a in now.hand.log[1:]),
                       match=match, notes=dict(now.notes))

    # ----- views ------------------------------------------------------------------------------
    def observe(self, callback: Callable[[Update], None]) -> None:
        """Tell ``callback`` of every change from now on."""
        self._observers.append(callback)

    def unobserve(self, callback: Callable[[Update], None]) -> None:
        """Tell ``callback`` nothing more (nothing happens for one not observing)."""
        if callback in self._observers:
            self._observers.remove(callback)

    def _tell(self, kind: Literal["moved", "changed"], start: int | None) -> None:
        self.version += 1
        for callback in list(self._observers):
            callback(Update(kind, start, self.version))

    def frame(self, step: int, seat: str) -> Frame:
        """The picture of step ``step`` for ``seat``, with the seat's choice and hint marked at the
        step shown."""
        now = self.now
        state = now.hand.states[step]
        scene = now.rules.scene(state, seat, open_hands=now.open_hands)
        if step == now.index and self.actor(seat) is not None:
            if now.selected:
                scene = replace(scene, selected=now.selected)
            if now.hint:
                scene = replace(scene, hint=now.hint)
        return Frame(step, scene, board_description(scene), now.rules.status(state))

    def view(self, seat: str = LEARNER) -> SeatView:
        """What ``seat`` sees of the table now."""
        now = self.now
        rules, state = now.rules, now.state
        counting = state.over and now.index == len(now.hand.log) and not now.counted
        settled = rules.settle(now.match, rules.score(state)) if state.over else now.match
        review_rows = None
        if now.reviewed is not None and now.reviewed[0] is now.hand.log:
            moments = list(now.reviewed[1])
            review_rows = tuple(ReviewRow(moment_sentence(rules, moment), moment.step)
                                for moment in costliest(moments)) or (ReviewRow(summary(moments), None),)
        note = now.notes.get(now.index - 1, "")
        return SeatView(
            seat=seat, frame=self.frame(now.index, seat), steps=len(now.hand.log), actor=self.actor(seat),
            over=state.over, caption=i18n.written(rules.key, note or (now.description if now.index <= now.described else "")),
            message=now.message, coach=now.coach, calls=self._call_options(seat),
            points=None if counting else rules.running_points(state),
            result=settled.results[-1] if state.over and not counting else None,
            match=settled, counting=counting, review=review_rows, seed=now.seed,
            open_hands=now.open_hands, level=now.level)

    def change(self, seat: str = LEARNER, start: int | None = None, *, refused: bool = False) -> Change:
        """``seat``'s view, with the frames from step ``start`` up to the step shown."""
        steps = range(start, self.now.index) if start is not None else range(0)
        return Change(tuple(self.frame(step, seat) for step in steps), self.view(seat), refused)

    def _call_options(self, seat: str) -> tuple[CallOption, ...]:
        now = self.now
        if self.actor(seat) is None:
            return ()
        rules, state = now.rules, now.state
        calls: list[Action] = [action for action in rules.legal(state) if isinstance(action, Call)]
        options = []
        if now.offered:
            calls = [action for action in now.offered if action in rules.legal(state)]
        elif self.selecting(seat):
            by_card = {call for card in state.hand(state.to_act or seat) if card is not None
                       for call in rules.calls_naming(state, card)}
            calls = [call for call in calls if call not in by_card]
            chosen = [card for card in state.hand(state.to_act or seat) if card is not None
                      and str(card) in now.selected]
            options.append(CallOption(rules.describe_pick(state, chosen),
                                      i18n._("Select cards on the board, then confirm"),
                                      None, disabled=not chosen))
        return tuple(options) + tuple(CallOption(rules.describe(call), str(call), call) for call in calls)

    # ----- making a change --------------------------------------------------------------------
    def snapshot(self) -> Sitting:
        return self.now

    def _attempt(self, seat: str, change: Callable[[], None]) -> Change:
        """Make ``change`` and tell the views.  If either fails, the table is put back as it was,
        with the sentence saying why.  A change made within another fails with it."""
        if self._attempting:
            change()
            return self.change(seat)
        kept = self.now
        self._attempting = True
        self._start = None
        try:
            change()
            start = self._start
            self._tell("changed", start)
            return self.change(seat, start)
        except Exception as error:  # a view must never show a traceback
            sentence = refusal_sentence(error)
        finally:
            self._attempting = False
            self._start = None
        self.now = replace(kept, message=sentence)
        self._tell("changed", None)
        return self.change(seat, refused=True)

    def _set(self, **changes: object) -> None:
        self.now = replace(self.now, **changes)  # type: ignore[arg-type]

    def _clear(self) -> None:
        self._set(message="", coach="", hint="", selected=frozenset(), offered=())

    def _say(self, message: str) -> None:
        self._set(message=message)

    # ----- actions ----------------------------------------------------------------------------
    def refusal(self, seat: str, action: Action) -> str | None:
        """Why the person in ``seat`` may not take ``action`` now (None: it may): the one check of
        every action taken at the table."""
        now = self.now
        state = now.state
        sitter = self.sitter(seat)
        if sitter is None:
            return i18n._("There is no seat {seat} at this table: the seats are {seats}.").format(
                seat=repr(seat), seats=", ".join(now.rules.seats))
        if isinstance(sitter, Computer):
            return i18n._("The computer plays {seat}'s cards.").format(seat=seat)
        if state.over:
            return i18n._(OVER)
        if action.seat != seat and not now.open_hands:
            if state.to_act != action.seat:
                return i18n._("It is {to_act}'s turn, not {seat}'s.").format(to_act=state.to_act, seat=action.seat)
            if isinstance(self.sitter(action.seat), Person):
                return i18n._("{seat} decides for {seat}: you sit at {you}.").format(seat=action.seat, you=seat)
            return i18n._("The computer plays {seat}'s cards.").format(seat=action.seat)
        return now.rules.why_illegal(state, action)

    def act(self, seat: str, move: Action | str) -> Change:
        """The person in ``seat`` makes ``move``: an action, its text, or a click on a card (which
        may offer calls, choose a card for a call, or ask why a card on the felt was played)."""
        return self._attempt(seat, lambda: self._move(seat, move))

    def _move(self, seat: str, move: Action | str) -> None:
        read = read_move(move, self.rules.seats) if isinstance(move, str) else move
        if isinstance(read, Card):
            self._click(seat, read)
        else:
            self._act(seat, read)

    def _click(self, seat: str, card: Card) -> None:
        """A card chosen on the board: only the hands ``seat`` sees are searched."""
        now = self.now
        state = now.state
        seen = state if now.open_hands else now.rules.view(state, seat)
        holder = next((who for who in state.seats if card in seen.hand(who)), None)
        if holder is None:
            self._why(seat, card)
            return
        if state.over:
            self._say(i18n._(OVER))
            return
        naming = now.rules.calls_naming(state, card) if holder == state.to_act else []
        if self.selecting(seat) and naming:
            self._set(selected=now.selected ^ {str(card)}, message="")
            return
        play = Play(holder, card)
        if naming and self.refusal(seat, play) is None:
            self._set(offered=tuple(naming) + (play,), message="")   # declare with it, or simply play it
        elif len(naming) == 1:
            self._act(seat, naming[0])
        elif naming:
            self._set(offered=tuple(naming), message="")
        else:
            self._act(seat, play)

    def _act(self, seat: str, action: Action) -> None:
        problem = self.refusal(seat, action)
        if problem is not None:
            self._say(problem)
            return
        now = self.now
        notes = now.notes
        if now.index < len(now.hand.log) and now.hand.log[now.index] != action:
            # a branch off a scenario: its later captions describe the old line of play
            notes = {step: note for step, note in notes.items() if step < now.index}
        reasons = {step: why for step, why in now.reasons.items() if step < now.index}
        reasons[now.index] = ""
        decisions = {step: d for step, d in now.decisions.items() if step < now.index}
        hand = now.hand.upto(now.index).then(action, check=False)
        self.now = replace(now, hand=hand, index=len(hand.log), notes=notes, reasons=reasons,
                           decisions=decisions, message="", coach="", hint="", offered=())
        if self._computers_next():
            self._tell("moved", None)
        self._let_computers_play()

    def _computers_next(self) -> bool:
        state = self.now.state
        return not state.over and state.to_act is not None and not any(
            self.actor(seat) == state.to_act for seat, sitter in self.now.sitters.items()
            if isinstance(sitter, Person))

    def _let_computers_play(self) -> None:
        """The computer's turns and every forced call (Tressette's automatic declarations, the
        learner's too), up to a person's decision; with open hands only a redeal and forced calls
        are automatic.  Played through :func:`cardlab.playout.steps`, each redeal shuffled by the
        seed and the step, so a table replays alike.  The views show the states passed one by one,
        from ``_start``."""
        if self.now.index != len(self.now.hand.log):
            return
        if self._start is None:
            self._start = self.now.index
        self._play_on({} if self.now.open_hands or self.computers_wait else self._computers(), forced=True)
        self._set(index=len(self.now.hand.log))

    def waiting(self) -> Waiting | None:
        """The computer's decision the table waits for (:attr:`computers_wait`): its seat, level,
        the log it is asked at and that seat's view; None when a person is to decide, or nobody."""
        now = self.now
        state = now.state
        sitter = self.sitter(state.to_act) if state.to_act is not None else None
        if not self.computers_wait or now.open_hands or state.over or state.phase == "deal" \
                or now.index != len(now.hand.log) or not isinstance(sitter, Computer) \
                or now.rules.forced_calls(state):
            return None
        assert state.to_act is not None
        return Waiting(state.to_act, sitter.level, now.hand.log, now.rules, now.rules.view(state, state.to_act))

    def computer_acts(self, asked: Waiting, decision: Decision) -> Change | None:
        """The computer's ``decision`` for what the table was ``asked`` (:meth:`waiting`), made and
        played on to the next decision; None, and nothing changed, when the table is no longer at
        that position (a decision for a stale position is dropped: ask again)."""
        if self.waiting() != asked or self.rules.why_illegal(self.state, decision.action) is not None:
            return None

        def go() -> None:
            hand = self.now.hand.then(decision.action, check=False)
            at = len(hand.log) - 1
            self._set(hand=hand, index=len(hand.log), reasons={**self.now.reasons, at: decision.public},
                      decisions={**self.now.decisions, at: decision}, message="", coach="", hint="", offered=())
            self._start = at
            self._let_computers_play()
        return self._attempt(asked.seat, go)

    def _play_on(self, players: Mapping[str, Player], *, forced: bool = False, stop: int | None = None) -> None:
        """The log played on by ``players`` (each computer's reason kept for "Why?"), every redeal
        shuffled by the seed and the step, so a table replays alike."""
        start, seed = len(self.now.hand.log), self.now.seed
        for step in steps(self.rules, self.now.state, players, forced=forced, reasons=True, stop=stop,
                          chance=lambda done: random.Random(f"{seed}/{start + done}")):
            hand = self.now.hand.then(step.action, check=False)
            if step.decision is None:
                self._set(hand=hand)
            else:
                at = len(hand.log) - 1
                self._set(hand=hand, reasons={**self.now.reasons, at: step.decision.public},
                          decisions={**self.now.decisions, at: step.decision})

    def _computers(self, *, everyone: bool = False) -> dict[str, Player]:
        """The player of every seat the computer decides for; ``everyone``: a person's seat too,
        played at the table's level."""
        players: dict[str, Player] = {}
        for seat in self.rules.seats:
            sitter = self.sitter(seat)
            if isinstance(sitter, Computer):
                players[seat] = Computing(sitter.level)
            elif everyone or not isinstance(sitter, Person):
                players[seat] = Computing(self.now.level)
        return players

    def call(self, seat: str, option: CallOption) -> Change:
        """An option of the call bar: its call, or the confirmation of the cards chosen."""
        if option.action is None:
            return self._attempt(seat, lambda: self._confirm(seat))
        action = option.action
        return self._attempt(seat, lambda: self._act(seat, action))

    def _confirm(self, seat: str) -> None:
        """One call per chosen card, in the order of the hand, while they stay legal."""
        to_act = self.now.state.to_act
        if to_act is None or self.actor(seat) is None:
            return
        for card in [card for card in self.now.state.hand(to_act) if card is not None and str(card) in self.now.selected]:
            naming = self.rules.calls_naming(self.now.state, card) if self.now.state.to_act == to_act else []
            if not naming:
                break
            selected = self.now.selected - {str(card)}
            self._act(seat, naming[0])
            if self.now.message:
                break
            self._set(selected=selected)

    # ----- stepping ---------------------------------------------------------------------------
    def step_to(self, seat: str, index: int) -> Change:
        """Show step ``index``; leaving the last step of a finished hand asks for its count again."""
        def go() -> None:
            steps = len(self.now.hand.log)
            self._set(index=max(0, min(index, steps)))
            if self.now.index < steps:
                self._set(counted=False)
            self._clear()
        return self._attempt(seat, go)

    def forward(self, seat: str) -> Change:
        """One step on; at the end of the log, the computer's next action (or a redeal)."""
        def go() -> None:
            self._clear()
            now = self.now
            if now.index < len(now.hand.log):
                self._set(index=now.index + 1)
            elif not now.open_hands or now.state.phase == "deal":
                if now.state.over or now.state.to_act is None:
                    return
                self._play_on(self._computers(everyone=True), stop=1)
                self._set(index=now.index + 1)
        return self._attempt(seat, go)

    # ----- dealing and loading ----------------------------------------------------------------
    def _new_match(self) -> str:
        """A fresh match sheet, its first dealer drawn by cards where the game says so; returns
        the sentence telling the draw ("" when the first seat simply deals)."""
        rules = self.rules
        draw = rules.dealer_draw(self.now.seed)
        self._set(match=rules.new_match(draw.dealer if draw else rules.seats[0]))
        return draw.sentence(rules.pack) if draw else ""

    def _deal(self, seed: int | None = None, caption: str = "") -> None:
        now = self.now
        seed = now.seed if seed is None else seed
        hand = Hand.dealt(now.rules, now.match.dealer, seed)
        self.now = replace(now, hand=hand, index=1, seed=seed, notes={}, description=caption, reasons={},
                           decisions={}, origin=Scenario(self.game, dealer=now.match.dealer, seed=seed),
                           counted=False, reviewed=None)
        self._clear()
        self._let_computers_play()
        self._set(described=self.now.index)

    def deal(self, seat: str = LEARNER, seed: int | None = None, caption: str = "") -> Change:
        """Shuffle with ``seed`` (the table's if None) and deal a fresh hand, ``caption`` with it."""
        return self._attempt(seat, lambda: self._deal(seed, caption))

    def new_deal(self, seat: str = LEARNER, seed: int | None = None) -> Change:
        """A new deal; a finished hand is scored on the match sheet first, never thrown away."""
        if self.now.hand.state.over:
            return self.next_hand(seat, seed)
        return self.deal(seat, seed)

    def next_hand(self, seat: str = LEARNER, seed: int | None = None) -> Change:
        """Settle the finished hand and deal the next (a new match once this one is won), with
        ``seed`` or the next seed."""
        def go() -> None:
            now = self.now
            if not now.hand.state.over:
                self._say(i18n._("The hand is not over yet: play it to its end first."))
                return
            settled = now.rules.settle(now.match, now.rules.score(now.hand.state))
            caption = ""
            if settled.over:
                caption = self._new_match()
            else:
                self._set(match=settled)
            self._deal(now.seed + 1 if seed is None else seed, caption)
        return self._attempt(seat, go)

    def set_options(self, seat: str, **options: object) -> Change:
        """New rules: a new match starts."""
        def go() -> None:
            self._set(rules=get_rules(self.game, **options))
            draw = self._new_match()
            self._deal(caption=" ".join(part for part in (i18n._("New rules: a new match starts."), draw) if part))
        return self._attempt(seat, go)

    def load(self, seat: str, scenario: Scenario | str, step: int = 1) -> Change:
        """Show ``scenario`` (or a shipped one by name, or a file by path) at ``step``, as far as its
        actions are legal (the first refusal said); one of another game, or whose deal cannot be
        played, is refused."""
        def go() -> None:
            read = named(scenario) if isinstance(scenario, str) else scenario
            self._load(read, step)
        return self._attempt(seat, go)

    def _load(self, scenario: Scenario, step: int) -> None:
        outcome = run_for(scenario, self.game)
        rules = scenario.rules()
        hand = outcome.hand
        assert hand is not None  # run_for raises when there is no hand
        self.now = replace(self.now, rules=rules, match=outcome.match or rules.new_match(scenario.dealer),
                           hand=hand, reasons={}, decisions={}, origin=replace(scenario, actions=()),
                           notes=dict(scenario.notes), description=scenario.description,
                           index=min(step, len(hand.log)), described=1, counted=False, reviewed=None)
        self._clear()
        self._say(outcome.error or "")

    def set_open_hands(self, seat: str, open_hands: bool) -> Change:
        def go() -> None:
            self._set(open_hands=open_hands)
            self._clear()
            self._let_computers_play()
        return self._attempt(seat, go)

    def sit(self, seat: str, sitter: Sitter) -> Change:
        """``seat`` changes hands (a person comes, or the computer takes over at a level); if the
        computer now has the turn, it plays on to the next person's decision."""
        def go() -> None:
            if seat not in self.rules.seats:
                raise ActionError(i18n._("There is no seat {seat} at this table: the seats are {seats}.").format(
                    seat=repr(seat), seats=", ".join(self.rules.seats)))

            if isinstance(sitter, Computer):
                self._player(sitter.level)
            self._set(sitters={**self.now.sitters, seat: sitter})
            self._let_computers_play()
        return self._attempt(seat if seat in self.rules.seats else self.rules.seats[0], go)

    def take_back(self, seat: str = LEARNER) -> Change:
        """The hand back to just before the last decision a person made in it (a card or a call;
        not a deal nor a forced call), that person to decide again; a sentence if there is none."""
        def go() -> None:
            now = self.now
            log, states = now.hand.log, now.hand.states
            step = next((k for k in range(len(log) - 1, 0, -1)
                         if not isinstance(log[k], Deal) and isinstance(self.sitter(log[k].seat), Person)
                         and log[k] not in now.rules.forced_calls(states[k])), None)
            if step is None:
                self._say(i18n._("No card or call of a person to take back in this hand."))
                return
            self._set(hand=now.hand.upto(step), index=step, counted=False, reviewed=None,
                      notes={k: note for k, note in now.notes.items() if k < step},
                      reasons={k: why for k, why in now.reasons.items() if k < step},
                      decisions={k: d for k, d in now.decisions.items() if k < step})
            self._clear()
        return self._attempt(seat, go)

    def say(self, seat: str, sentence: str) -> Change:
        """Show ``sentence`` as a warning (a view's own refusal, such as a damaged link)."""
        return self._attempt(seat, lambda: self._say(sentence))

    # ----- the coach --------------------------------------------------------------------------
    def set_level(self, seat: str, level: str) -> Change:
        """The computer's level, for every computer seat and the coach."""
        def go() -> None:
            self._player(level)
            sitters = {who: Computer(level) if isinstance(sitter, Computer) else sitter
                       for who, sitter in self.now.sitters.items()}
            self._set(level=level, sitters=sitters)
            self._clear()
            self._set(coach=i18n._("The computer now plays at {level} level.").format(level=level_name(level)))
        return self._attempt(seat, go)

    def advice(self, seat: str) -> tuple[str, Decision] | None:
        """The table level's decision for the seat ``seat`` decides for, from that seat's view,
        or None when the table does not wait for ``seat``."""
        actor = self.actor(seat)
        if actor is None or self.now.state.over:
            return None
        return actor, self.player.decide(self.rules, self.rules.view(self.now.state, actor))

    def hint(self, seat: str) -> Change:
        """The coach's suggestion for ``seat``, marked on its board, with the reason."""
        def go() -> None:
            advice = self.advice(seat)
            if advice is None:
                self._say(i18n._(NOT_YOUR_TURN))
                return
            actor, decision = advice
            state, action = self.now.state, decision.action
            if isinstance(action, Play):
                code = str(action.card)
            else:
                code = next((str(card) for card in state.hand(actor)
                             if card is not None and action in self.rules.calls_naming(state, card)), "")
            self._set(hint=code, message="",
                      coach=i18n._("Hint ({level}): {action}. {reason}").format(
                          level=level_name(self.now.level), action=self.rules.describe(action),
                          reason=decision.reason))
        return self._attempt(seat, go)

    def coach_plays(self, seat: str) -> Change:
        """One decision of ``seat``'s, made at the table's level: one per press, so that each
        choice and its reason can be read before the next."""
        def go() -> None:
            advice = self.advice(seat)
            if advice is None:
                self._say(i18n._(NOT_YOUR_TURN))
                return
            _, decision = advice
            step = self.now.index
            self._act(seat, decision.action)
            if not self.now.message:
                self._set(reasons={**self.now.reasons, step: decision.reason},
                          coach=i18n._("The coach ({level}): {action}. {reason}").format(
                              level=level_name(self.now.level), action=self.rules.describe(decision.action),
                              reason=decision.reason))
        return self._attempt(seat, go)

    def _why(self, seat: str, card: Card) -> None:
        """Why a card of the trick on the table or of the last trick was played: a computer's
        reason as ``seat`` may hear it while the hand is on (it names none of that seat's hidden
        cards), the whole reason once the hand is over or the hands are open."""
        now = self.now
        state = now.state
        tricks = ([state.trick] if state.trick is not None else []) + list(state.tricks[-1:])
        who = next((player for trick in tricks for player, played in trick.plays if played == card), None)
        if who is None:
            return
        step = next((k for k in range(now.index - 1, -1, -1) if now.hand.log[k] == Play(who, card)), None)
        reason = now.reasons.get(step) if step is not None else None
        name = now.rules.card_name(card)
        if reason is None or step is None:
            text = i18n._("{seat} played {card}: this card came with the scenario.").format(seat=who, card=name)
        elif reason:
            decision = now.decisions.get(step)
            whole = decision.reason if decision is not None and decision.public == reason else reason
            if whole != reason and (now.hand.state.over or now.open_hands):
                reason = whole
            elif whole != reason:
                reason += i18n._(" The rest of the reason speaks of cards still hidden: it is shown once the hand "
                                 "is over.")
            text = i18n._("Why {seat} played {card}: {reason}").format(seat=who, card=name, reason=reason)
        else:
            text = i18n._("{seat} played {card} by a click on the table.").format(seat=who, card=name)
        self._set(coach=text, message="", hint="")

    def why(self, seat: str, card: Card | str) -> Change:
        """Why a card on the felt was played, as ``seat`` may hear it."""
        return self._attempt(seat, lambda: self._why(seat, card if isinstance(card, Card) else Card.parse(card)))

    def review(self, seat: str = LEARNER, progress: Callable[[int, int], None] | None = None) -> Change:
        """Measure ``seat``'s decisions of the finished hand (:func:`cardlab.review.review`)."""
        def go() -> None:
            now = self.now
            if not now.hand.state.over:
                self._say(i18n._("The review comes once the hand is over."))
                return
            moments = review(now.rules, now.hand, seat, progress=progress)
            coach = i18n._("Review: your costliest decisions are listed under the coach's buttons.") \
                if any(moment.loss.amount > 0 for moment in moments) else i18n._("Review done.")

            self._set(reviewed=(now.hand.log, tuple(moments)), message="", coach=coach)
        return self._attempt(seat, go)

    # ----- the count at the end of a hand -----------------------------------------------------
    def count_side(self, seat: str) -> str:
        """Whose points ``seat`` counts: its side where cards count, itself where tricks do."""
        return self.rules.side_of(self.now.state, seat) if counts_cards(self.rules) else seat

    def count(self, seat: str, cards: list[Card], total: str | None) -> CountCheck | None:
        """Check ``seat``'s count of the finished hand; a right one shows the breakdown.  None
        (with the sentence in PracticeError's place, the message) when nothing can be counted."""
        now = self.now
        if not now.state.over:
            return None
        result = check_count(now.rules, now.state, self.count_side(seat), cards, total)
        if result.right and not now.counted:
            self._attempt(seat, lambda: self._set(counted=True))
        return result

    def skip_count(self, seat: str = LEARNER) -> Change:
        """Show the breakdown without counting."""
        return self._attempt(seat, lambda: self._set(counted=True))
