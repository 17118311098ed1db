"""Guided first hands: a scripted deal on the real table that says, step by step, what to do and
why, marks where to look, and waits for the learner to do it.

Why: a learner remembers a rule best by making the move himself (Board Game Arena's tutorials make
the player do each move).  A tutorial is data, so a teacher can write one without code, and a test
plays each through with its expected moves and with a wrong one at every step.

The format, one JSON file per game, ``cardlab/games/<game>/tutorial.json``::

    {"format": "cardlab.tutorial/1", "game": "tressette", "title": "...",
     "intro": "Words shown before the first step.",
     "seat": "S",                                   # the learner's seat (South unless said)
     "scenario": {cardlab.scenario/1 object},        # explicit "deal", "dealer", "options" and
                                                     #   the whole scripted line as "actions"
     "steps": [                                      # one per action of the learner's seat in
       {"say": "Cups were led and you hold cups: play one of them.",   # the line, in order
        "look": "3D",                  # a card code, or a region: hand, trick, tricks, score,
                                       #   calls, trump; "" for nowhere in particular
        "do": "S plays 3D",            # the action, or a kind: "any card" (any legal card),
                                       #   "any H" (any legal card of that suit)
        "otherwise": "Good card, but here play the 3 of coins: it wins the trick.",
        "hint": "Look at the coins in your hand.",
        "concepts": ["follow-suit"]}],             # keys of the game's declared concepts
     "end": {"say": "Words when the hand is done.", "concepts": ["thirds"]}}

A step whose ``do`` is one action names its button as ``{button}`` in its words ("Press “{button}”."):
the guide fills in the label the table's button shows, in the reader's language, from the same
catalog message the button uses, so a translated step never names a button in another language.

The concepts a step names are those the game declares (:mod:`cardlab.games.concepts`, with their
titles); ``Tutorial.concepts`` holds the ones the tutorial names, in the game's order.

A step's ``do`` of a kind lets the learner choose: his card then takes the scripted card's place,
and the scripted card takes his in his later plays (and in the later steps' ``do`` and ``look``;
their words should not name it).  :func:`parse` plays the line for every such choice and refuses a
tutorial where one would break the line or a later step, so the script never stalls.

:class:`Guide` runs a tutorial over a :class:`cardlab.session.TableSession`: it loads the scenario
at the learner's first step, checks each move itself (an illegal one gets the rules' own sentence
and the step's hint; a legal one the step does not ask for gets the step's ``otherwise``; either
way the step waits again), and moves along the line with ``step_to``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from .actions import Action, ActionError, Play, parse_action
from .cards import Card
from .games import GAMES, folder
from .games.concepts import declared
from .i18n import N_, _, number as spelled, written as said
from .record import Hand
from .rules import IllegalAction, TrickGame
from .scenario import MAX_BYTES, Scenario, ScenarioError, parse as parse_scenario, read_bounded, shown
from .state import State
from .session import LEARNER, Change, TableSession, read_move

FORMAT = "cardlab.tutorial/1"
KEYS = {"format", "game", "title", "intro", "seat", "scenario", "steps", "end"}
STEP_KEYS = {"say", "look", "do", "otherwise", "hint", "concepts"}
REGIONS = ("", "hand", "trick", "tricks", "score", "calls", "trump")
ANY_CARD = "any card"
BUTTON = "{button}"
"""Where a step's words name the button of its action (filled in by :attr:`Guide.words` and the answers)."""
TUTORIALS = tuple(GAMES)
"""The shipped tutorials: every game has one (``tutorials/<game>.json``), in the games' order."""
AGAIN = N_("Start again")
"""The Start button's label once a guided hand has begun (widgets/tutorial.py)."""
DONE = N_("The guided hand is over: press “{button}” to replay it.")


class TutorialError(ValueError):
    """A tutorial file that cannot be used; the text says what is wrong."""


@dataclass(frozen=True)
class Step:
    """One decision of the learner's: the words, where to look, what to do, and what to say else."""

    say: str
    look: str
    do: str
    otherwise: str
    hint: str
    concepts: tuple[str, ...]


@dataclass(frozen=True)
class Tutorial:
    """A parsed tutorial; ``concepts`` maps the keys its steps name to their titles (English message
    ids: say them with ``_()``), in the game's order."""

    game: str
    title: str
    intro: str
    seat: str
    concepts: dict[str, str]
    scenario: Scenario
    steps: tuple[Step, ...]
    end: str
    end_concepts: tuple[str, ...]

    def rules(self) -> TrickGame:
        return self.scenario.rules()


def _text(data: dict[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise TutorialError(_("{where}: \"{key}\" must be a sentence (a JSON string).").format(where=where, key=key))
    return value


def _concepts(value: Any, known: dict[str, str], where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TutorialError(_("{where}: \"concepts\" must be a list of concept ids such as [\"follow-suit\"].").format(
            where=where))
    for item in value:
        if item not in known:
            raise TutorialError(_("{where}: the concept {concept} is not listed among the game's concepts "
                                  "({concepts}).").format(where=where, concept=shown(item), concepts=", ".join(known)))
    return tuple(value)


def _step(data: Any, number: int, known: dict[str, str]) -> Step:
    where = _("Step {number}").format(number=number)
    if not isinstance(data, dict):
        raise TutorialError(_("Step {number} must be a JSON object with \"say\", \"do\" and \"otherwise\".").format(
            number=number))
    unknown = sorted(set(data) - STEP_KEYS)
    if unknown:
        raise TutorialError(_("{where}: unknown key {key}; a step has {keys}.").format(
            where=where, key=shown(unknown[0]), keys=", ".join(sorted(STEP_KEYS))))
    look = _text(data, "look", where, required=False)
    if look not in REGIONS:
        try:
            Card.parse(look)
        except ValueError:
            raise TutorialError(_("{where}: \"look\" must be a card code or one of {regions}, not {value}.").format(
                where=where, regions=", ".join(filter(None, REGIONS)), value=shown(look))) from None
    step = Step(say=_text(data, "say", where), look=look, do=_text(data, "do", where),
                otherwise=_text(data, "otherwise", where), hint=_text(data, "hint", where, required=False),
                concepts=_concepts(data.get("concepts", []), known, where))
    if (step.do == ANY_CARD or step.do.startswith("any ")) and BUTTON in step.say + step.otherwise + step.hint:
        raise TutorialError(_("{where}: {button} names the button of the step's action, so \"do\" must be one "
                              "action, not {do}.").format(where=where, button=BUTTON, do=shown(step.do)))
    return step


def parse(data: Any) -> Tutorial:
    """Check a decoded tutorial, play its line (and every choice its steps allow) and build it;
    anything wrong raises TutorialError with one sentence."""
    if not isinstance(data, dict):
        raise TutorialError(_("A tutorial is a JSON object with \"format\", \"game\", \"scenario\" and \"steps\"."))
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise TutorialError(_("Unknown key {key} in the tutorial; the keys are {keys}.").format(
            key=shown(unknown[0]), keys=", ".join(sorted(KEYS))))
    if data.get("format") != FORMAT:
        raise TutorialError(_("\"format\" must be \"{format}\", not {value}.").format(
            format=FORMAT, value=shown(data.get("format"))))
    try:
        scenario = parse_scenario(data.get("scenario"))
    except ScenarioError as error:
        raise TutorialError(_("In the tutorial's scenario: {error}").format(error=error)) from None
    if data.get("game") != scenario.game:
        raise TutorialError(_("\"game\" must be the scenario's game ({game}), not {value}.").format(
            game=scenario.game, value=shown(data.get("game"))))
    if scenario.deal is None:
        raise TutorialError(_("A tutorial's scenario needs an explicit \"deal\", so the computer's cards are "
                              "scripted."))
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(_("\"steps\" must be a list with one step per decision of the learner."))
    end = data.get("end", {})
    if not isinstance(end, dict):
        raise TutorialError(_("\"end\" must be a JSON object with \"say\" and \"concepts\"."))
    seat = data.get("seat", LEARNER)
    known = {taught.key: taught.title for taught in declared(scenario.game)}
    parsed = tuple(_step(step, number, known) for number, step in enumerate(steps, 1))
    end_concepts = _concepts(end.get("concepts", []), known, _("The end"))
    named = {key for step in parsed for key in step.concepts} | set(end_concepts)
    tutorial = Tutorial(game=scenario.game, title=_text(data, "title", _("The tutorial")),
                        intro=_text(data, "intro", _("The tutorial"), required=False), seat=seat,
                        concepts={key: title for key, title in known.items() if key in named}, scenario=scenario,
                        steps=parsed, end=_text(end, "say", _("The end")), end_concepts=end_concepts)
    _check_line(tutorial)
    return tutorial


def _replay(tutorial: Tutorial, actions: list[Action]) -> Hand:
    """The scenario's deal with ``actions`` played, each checked; TutorialError on the first refusal."""
    rules = tutorial.rules()
    hand = Hand.start(rules, tutorial.scenario.dealer)
    try:
        hand = hand.then(tutorial.scenario.deal_action(rules))
    except (ScenarioError, IllegalAction) as error:
        raise TutorialError(_("The deal is not possible: {problem}").format(problem=error)) from None
    for number, action in enumerate(actions, 1):
        try:
            hand = hand.then(action)
        except IllegalAction as error:
            raise TutorialError(_("Action {number} of the line ({action}) is not legal: {error}").format(
                number=number, action=action, error=error)) from None
    return hand


def learner_steps(tutorial: Tutorial, actions: list[Action]) -> list[int]:
    """The positions in ``actions`` of the learner's actions."""
    return [k for k, action in enumerate(actions) if action.seat == tutorial.seat]


def swapped(actions: list[Action], at: int, chosen: Action) -> list[Action]:
    """The line with the learner's ``chosen`` card at ``at`` in place of the scripted one, and the
    scripted card in the chosen one's place in his later plays."""
    scripted = actions[at]
    if not (isinstance(scripted, Play) and isinstance(chosen, Play)):
        return actions[:at] + [chosen] + actions[at + 1:]
    later = [Play(action.seat, scripted.card) if action == Play(chosen.seat, chosen.card) else action
             for action in actions[at + 1:]]
    return actions[:at] + [chosen] + later


def respelled(do: str, swaps: dict[str, str]) -> str:
    """A step's exact ``do`` after the learner's choices: a card he played early is scripted back
    as the card he kept (``swaps`` maps one code to the other)."""
    seat, played, code = do.rpartition(" ")
    return f"{seat} {swaps[code]}" if played and seat.endswith(" plays") and code in swaps else do


def allows(step: Step, rules: TrickGame, state: State, action: Action, swaps: dict[str, str]) -> bool:
    """Whether ``action`` (legal in ``state``) is what ``step`` asks."""
    if step.do == ANY_CARD:
        return isinstance(action, Play)
    if step.do.startswith("any "):
        return isinstance(action, Play) and rules.suit_of(state, action.card) == step.do[4:]
    return str(action) == respelled(step.do, swaps)


def _check_line(tutorial: Tutorial) -> None:
    rules = tutorial.rules()
    if tutorial.seat not in rules.seats:
        raise TutorialError(_("\"seat\" must be one of {seats}, not {value}.").format(
            seats=", ".join(rules.seats), value=shown(tutorial.seat)))
    try:
        actions = [parse_action(text, rules.seats) for text in tutorial.scenario.actions]
    except ActionError as error:
        raise TutorialError(_("In the scripted line: {error}").format(error=error)) from None
    at = learner_steps(tutorial, actions)
    if len(at) != len(tutorial.steps):
        raise TutorialError(_("The line gives the learner {actions} actions and the tutorial has {steps} steps: "
                              "there must be one step per action.").format(actions=len(at), steps=len(tutorial.steps)))
    _check_from(tutorial, rules, actions, {}, 0)


def _check_from(tutorial: Tutorial, rules: TrickGame, actions: list[Action], swaps: dict[str, str],
                first: int) -> None:
    """The line plays to the end of the hand and each step from ``first`` on asks its action;
    every choice a step of a kind allows is checked the same way."""
    hand = _replay(tutorial, actions)
    if not hand.state.over:
        raise TutorialError(_("The scripted line must play the hand to its end."))
    at = learner_steps(tutorial, actions)
    for number in range(first, len(at)):
        k, step = at[number], tutorial.steps[number]
        state = hand.states[k + 1]
        if not allows(step, rules, state, actions[k], swaps):
            raise TutorialError(_("Step {number} asks {do} but the line has {action}.").format(
                number=number + 1, do=shown(step.do), action=actions[k]))
        for other in rules.legal(state):
            if other != actions[k] and other.seat == tutorial.seat and allows(step, rules, state, other, swaps):
                _check_from(tutorial, rules, swapped(actions, k, other), swapping(swaps, actions[k], other),
                            number + 1)


def swapping(swaps: dict[str, str], scripted: Action, chosen: Action) -> dict[str, str]:
    """``swaps`` with the learner's ``chosen`` card standing for the ``scripted`` one from now on."""
    if not (isinstance(scripted, Play) and isinstance(chosen, Play)):
        return swaps
    original = {code: was for was, code in swaps.items()}
    kept, played = str(scripted.card), str(chosen.card)
    return {**swaps, original.get(played, played): kept}


def loads(text: str | bytes, source: str | None = None) -> Tutorial:
    """A tutorial from its JSON text; a malformed one raises TutorialError with a sentence.
    ``source`` names it in that sentence (default: "The tutorial")."""
    source = source or _("The tutorial")
    if len(text) > MAX_BYTES:
        raise TutorialError(_("{source} is larger than {count} bytes, the limit for a tutorial.").format(
            source=source, count=spelled(MAX_BYTES)))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise TutorialError(_("{source} is not valid JSON.").format(source=source)) from None
    return parse(data)


def load(path: str) -> Tutorial:
    try:
        return loads(read_bounded(path), source=_("The file {name}").format(name=shown(path)))
    except ScenarioError as error:
        raise TutorialError(str(error)) from None


def builtin(game: str) -> Tutorial:
    """The shipped tutorial of ``game``."""
    if game not in TUTORIALS:
        raise TutorialError(_("There is no guided hand for {game}; there are: {games}.").format(
            game=shown(game), games=", ".join(TUTORIALS)))
    path = folder(game) / "tutorial.json"
    return loads(path.read_bytes(), source=_("The tutorial {game}").format(game=game))


@dataclass(frozen=True)
class Answer:
    """What the guide says to a move: taken or not, the sentence, and the step shown before it
    (the computer's cards since then are the frames to show)."""

    taken: bool
    sentence: str
    start: int
    change: Change


class Guide:
    """``Guide(builtin("tressette"))``: ``guide.start()``, then ``guide.move("3D")`` per click."""

    def __init__(self, tutorial: Tutorial, session: TableSession | None = None) -> None:
        self.tutorial = tutorial
        self.session = session or TableSession(tutorial.game, people=(tutorial.seat,))
        rules = tutorial.rules()
        self.line: list[Action] = [parse_action(text, rules.seats) for text in tutorial.scenario.actions]
        self.swaps: dict[str, str] = {}
        """The learner's choices so far: a card code his scripted steps name → the card in its place."""
        self.number = 0
        """The index of the step waited for; ``len(tutorial.steps)`` once the hand is done."""

    @property
    def seat(self) -> str:
        return self.tutorial.seat

    @property
    def step(self) -> Step | None:
        return self.tutorial.steps[self.number] if self.number < len(self.tutorial.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def look(self) -> str:
        """Where the step marks: a region, or a card code (the card in its place after a choice)."""
        return "" if self.step is None else self.swaps.get(self.step.look, self.step.look)

    @property
    def words(self) -> str:
        """What the table says now: the step's words, or the end's."""
        return self.said(self.step.say if self.step is not None else self.tutorial.end)

    def said(self, text: str) -> str:
        """A sentence of the tutorial in the current language, the step's ``{button}`` being the
        label its action's button shows."""
        words = said(self.tutorial.game, text)
        if self.step is None or BUTTON not in words:
            return words
        action = self.line[learner_steps(self.tutorial, self.line)[self.number]]
        return words.replace(BUTTON, self.session.rules.describe(action))

    def _index(self) -> int:
        """The session's step to show: before the learner's next action, or the end of the line."""
        at = learner_steps(self.tutorial, self.line)
        return at[self.number] + 1 if self.number < len(at) else len(self.line) + 1

    def _load(self) -> Change:
        scenario = replace(self.tutorial.scenario, actions=tuple(map(str, self.line)))
        return self.session.load(self.seat, scenario, self._index())

    def start(self) -> Answer:
        """Load the scripted deal at the learner's first step."""
        self.line = [parse_action(text, self.session.rules.seats) for text in self.tutorial.scenario.actions]
        self.number = 0
        self.swaps = {}
        change = self._load()
        return Answer(True, "", self._index(), change)

    def read(self, move: Action | str) -> Action:
        """A move as a view sends it, while a step waits: an action, its text, or a click on a
        card (a call naming that card where the step scripts one, else the card played)."""
        card = read_move(move, self.session.rules.seats) if isinstance(move, str) else move
        if not isinstance(card, Card):
            return card
        state = self.session.state
        scripted = self.line[learner_steps(self.tutorial, self.line)[self.number]]
        naming = self.session.rules.calls_naming(state, card)
        return scripted if scripted in naming else Play(self.seat, card)

    def move(self, move: Action | str) -> Answer:
        """The learner's move: taken and the line moved on to his next step, or refused with one
        sentence and the step unchanged."""
        start = self.session.index
        step = self.step
        if step is None:
            return self._refuse(_(DONE).format(button=_(AGAIN)), start)
        try:
            action = self.read(move)
        except ActionError as error:
            return self._refuse(str(error), start)
        refusal = self.session.refusal(self.seat, action)
        if refusal is not None:
            return self._refuse(" ".join(part for part in (refusal, self.said(step.hint)) if part), start)
        rules, k = self.session.rules, learner_steps(self.tutorial, self.line)[self.number]
        if not allows(step, rules, self.session.state, action, self.swaps):
            return self._refuse(self.said(step.otherwise), start)
        if action != self.line[k]:
            self.swaps = swapping(self.swaps, self.line[k], action)
            self.line = swapped(self.line, k, action)
        self.number += 1
        change = self._load()
        if self.done:
            change = self.session.skip_count(self.seat)
        return Answer(True, "", start + 1, change)

    def _refuse(self, sentence: str, start: int) -> Answer:
        return Answer(False, sentence, start, self.session.change(self.seat))
