"""The class poll: the teacher asks the whole class "which card would you play?" for one seat of
one table, sees how many chose each card, then reveals the expert's choice and its reason.

Why: a teacher in front of a class wants every learner to decide, not only the four at a table,
and to compare the class's choices with a strong player's.  The poll keeps the position as a
scenario (the log is the truth), so it replays after a restart; the checks and the refusals are
the classroom's (:mod:`cardlab.classroom`).

The learners seated at the asked table at other seats play on with that hand hidden from them: they
are told a question is asked, never the seat's cards, and the expert's choice only once it is
public at their table (:meth:`Poll.public_at`): that very card played there, or the hand over with
every hand face up (issue 33: the reveal told them a card the seat still held).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from .actions import Play
from .cards import Card, CardError
from .players import Decision
from .computer import decide
from .render.text import board_description
from .rules import TrickGame
from .scenario import Scenario, ScenarioError, parse, run
from .session import Frame, TableSession
from .state import State


EXPERT = "expert"
"""The level whose choice the poll reveals."""


@dataclass(frozen=True)
class Reveal:
    """The expert's choice for the poll's seat (its code and name), with its public reason."""

    card: str
    name: str
    reason: str

    def move(self, seat: str) -> str:
        """The expert's action as the log writes it ("W plays 7D"; a call as it is)."""
        try:
            return str(Play(seat, Card.parse(self.card)))
        except CardError:
            return self.card


@dataclass(frozen=True)
class PollView:
    """What one learner sees of the poll: the question, the seat's picture (None for a learner at
    that table at another seat, who may not see that hand), the cards to choose from, the
    learner's answer, and the expert's choice once revealed."""

    table: int
    seat: str
    question: str
    frame: Frame | None
    cards: tuple[str, ...]
    answer: str | None
    revealed: Reveal | None


@dataclass
class Poll:
    """"Which card would you play?" for ``seat`` at ``table``, at the position ``scenario``
    replays to; ``answers`` by learner (the digest of their token)."""

    table: int
    seat: str
    scenario: Scenario
    rules: TrickGame
    state: State
    answers: dict[str, str] = field(default_factory=dict)
    revealed: Reveal | None = None
    open_hands: bool = False
    """The position is a prepared scenario shown with every hand face up."""
    shown: bool = False
    """Asked about the table shown to the class (not a live room table)."""

    @property
    def step(self) -> int:
        """The step of the position asked about."""
        return len(self.scenario.actions) + 1

    @classmethod
    def asked(cls, table: int, session: TableSession, seat: str) -> Poll:
        return cls(table, seat, session.scenario(), session.rules, session.state)

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards the seat may play, in the order of its hand."""
        legal = self.rules.legal_cards(self.state, self.seat)
        return tuple(str(card) for card in self.rules.sorted_cards(self.state, list(legal)))

    def card_name(self, code: str) -> str:
        """The name of the card ``code`` in the current language ("the 3 of coins")."""
        return self.rules.card_name(Card.parse(code))

    def picture(self) -> Frame:
        """The position from the asked seat's chair: that hand only (every hand for a prepared
        scenario shown face up)."""
        scene = self.rules.scene(self.state, self.seat, open_hands=self.open_hands)
        return Frame(self.step, scene, board_description(scene), self.rules.status(self.state))

    def tally(self) -> dict[str, int]:
        """How many chose each card the seat may play, in the order of the hand."""
        counts = Counter(self.answers.values())
        return {card: counts[card] for card in self.cards}

    def view(self) -> State:
        """The asked seat's view of the position: what the expert decides from."""
        view: State = self.rules.view(self.state, self.seat)
        return view

    def reveal(self, decision: Decision | None = None) -> Reveal:
        """The expert's choice from the seat's view (``decision``, when it was made elsewhere from
        :meth:`view`), once (then kept)."""
        if self.revealed is None:
            if decision is None:
                decision = decide(EXPERT, self.rules, self.view())
            action = decision.action
            if isinstance(action, Play):
                self.revealed = Reveal(str(action.card), self.rules.card_name(action.card), decision.public)
            else:
                self.revealed = Reveal(str(action), self.rules.describe(action), decision.public)
        return self.revealed

    def public_at(self, session: TableSession) -> bool:
        """Whether the expert's choice, once revealed, is public at the live table ``session`` (the
        table asked about): the hand there is the position's, played on, and the seat has made that
        very move since, or the hand is over (every hand face up).  A table that left the hand
        without either (a new deal) never makes it public: the seat's cards stayed hidden."""
        if self.revealed is None:
            return False
        if session.state.deal != self.state.deal:
            return False
        done = tuple(str(action) for action in session.hand.log[1:session.index])
        before = self.scenario.actions
        if done[:len(before)] != before:
            return False
        return session.state.over or self.revealed.move(self.seat) in done[len(before):]

    def to_json(self) -> dict[str, Any]:
        """The poll as the store keeps it."""
        return {"table": self.table, "seat": self.seat, "scenario": self.scenario.to_json(),
                "answers": self.answers, "revealed": None if self.revealed is None else asdict(self.revealed),
                "open_hands": self.open_hands, "shown": self.shown}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Poll | None:
        """A poll from the store, or None when its position no longer replays."""
        try:
            scenario = parse(data.get("scenario"))
        except ScenarioError:
            return None
        outcome = run(scenario)
        table, seat, answers, revealed = (data.get(key) for key in ("table", "seat", "answers", "revealed"))
        if outcome.hand is None or outcome.error or not isinstance(table, int) or not isinstance(seat, str) \
                or not isinstance(answers, dict):
            return None
        return cls(table, seat, scenario, outcome.hand.rules, outcome.hand.state,
                   {str(key): str(value) for key, value in answers.items()},
                   Reveal(**revealed) if isinstance(revealed, dict) else None,
                   data.get("open_hands") is True, data.get("shown") is True)
