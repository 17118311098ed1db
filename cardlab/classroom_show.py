"""Show the class one table: a copy of a room table, or a prepared scenario, on every learner's
screen, stepped by the teacher.

Why: a teacher explains a position to the whole class, then asks "which card would you play?"
(:mod:`cardlab.classroom_poll`).  The shown table is a copy (its scenario replayed to a step), so
the live table it came from plays on, and stepping Back and Forward never reaches past the step
it was copied at: no card of that table's future is shown.

Secrets: a copy of a room table is drawn from one seat's view, the seat the teacher chooses; a
prepared scenario (a shipped one, a pasted scenario or a table link) holds nobody's live cards, so
the teacher may show it with every hand face up.  The classroom keeps the learners seated at the
copied table from seeing it at all (:meth:`cardlab.classroom.Classroom.shown_view`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .i18n import _
from .record import Hand
from .render.text import board_description
from .scenario import Scenario, ScenarioError, parse, run
from .session import Frame

TO_PLAY = ""
"""The seat a table is shown from when the teacher leaves it to the table: whoever is to play."""


@dataclass(frozen=True)
class ShownView:
    """The shown table as one person gets it: its title, the seat it is seen from, the picture at
    the step (None, with ``note`` saying why, for a learner who may not see it)."""

    title: str
    seat: str
    frame: Frame | None
    steps: int
    open_hands: bool
    note: str = ""


@dataclass
class Shown:
    """A copy of a table: ``scenario`` replayed, shown at ``step`` (1: just dealt) from ``seat``;
    ``table`` is the room table it was copied from (None for a prepared scenario)."""

    title: str
    scenario: Scenario
    seat: str
    step: int
    table: int | None
    open_hands: bool
    hand: Hand

    @classmethod
    def of(cls, title: str, scenario: Scenario, seat: object, step: int, table: int | None,
           open_hands: bool) -> Shown:
        """The copy, or ScenarioError with a sentence (a deal or an action that does not replay,
        a seat the game does not have).  ``seat`` :data:`TO_PLAY` is the seat to play at the step
        (the first seat when nobody plays there), so that the class can be asked about it."""
        outcome = run(scenario)
        if outcome.hand is None or outcome.error is not None:
            raise ScenarioError(_("That scenario cannot be shown: {error}").format(
                error=outcome.error or _("its deal cannot be played.")))
        hand = outcome.hand
        seats = hand.rules.seats
        step = max(1, min(step, len(hand.log)))
        if seat == TO_PLAY:
            seat = hand.states[step].to_act or seats[0]
        if seat not in seats:
            raise ScenarioError(_("Show the table from one of its seats: {seats}.").format(seats=", ".join(seats)))
        return cls(title, scenario, str(seat), step, table, open_hands, hand)

    @property
    def steps(self) -> int:
        return len(self.hand.log)

    def at(self, step: int) -> None:
        """Go to ``step``, kept within the copy (1 to its last step)."""
        self.step = max(1, min(step, self.steps))

    def frame(self) -> Frame:
        """The picture at the step: the seat's view (every hand when shown face up), nothing to click."""
        rules, state = self.hand.rules, self.hand.states[self.step]
        scene = rules.scene(state, self.seat, open_hands=self.open_hands)
        scene = replace(scene, legal=frozenset(), selected=frozenset(), hint="", buttons=False,
                        watching=self.open_hands)
        return Frame(self.step, scene, board_description(scene), rules.status(state))

    def position(self) -> Scenario:
        """The scenario up to the step: the position a poll asks about."""
        return replace(self.scenario, actions=self.scenario.actions[:self.step - 1], notes={})

    def view(self) -> ShownView:
        return ShownView(self.title, self.seat, self.frame(), self.steps, self.open_hands)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "scenario": self.scenario.to_json(), "seat": self.seat, "step": self.step,
                "table": self.table, "open_hands": self.open_hands}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Shown | None:
        """The copy back from the store, or None when it no longer replays."""
        try:
            return cls.of(str(data["title"]), parse(data["scenario"]), data["seat"], int(data["step"]),
                          data["table"], bool(data["open_hands"]))
        except (ScenarioError, KeyError, TypeError, ValueError):
            return None
