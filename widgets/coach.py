"""The coach at the table: the computer's level, a hint, the coach playing the learner's seat, and
the review of a finished hand.

:class:`CoachPanel` is the row of controls the table places under its message slot, with the
review's rows beneath; the table owns the game and answers the buttons (the panel holds no game).
:func:`review` is the measure behind the review: for every decision the learner made in a hand,
what the expert (:meth:`cardlab.players.expert.Expert.loss`) estimates it gave up against the best
choice, in the game's own units; the calls (the auction, trumps, the king called, singing …) are
weighed too, each against every call the rules offered.  The review's expert is seeded and bounded
by a number of deals and by work, not time: :data:`REVIEW_MOVES` actions played out in all, shared
evenly among the decisions (each gets as many deals as fit in its share, at least one, and the
review says over how many it measured), so that the same hand always gets the same review and a
review is shown within about 5 s in the served app (``bench/review_bench.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import ipywidgets as ipw

from cardlab.actions import Action, Play
from cardlab.players import LEVELS, Decision
from cardlab.players.expert import Expert, Loss
from cardlab.record import Hand
from cardlab.rules import TrickGame

from . import html

LEVEL = "club"
"""The computer's level until the learner chooses another (see the module docstring of the table)."""
REVIEW_DEALS = 30
REVIEW_SEED = 1
REVIEW_MOVES = 4000
"""The actions the computer plays out in a whole review, shared evenly among the decisions."""
SHOWN = 3
"""The costliest moments the review lists."""
_CSS = """
.cardlab-table .cardlab-message .cardlab-note { font-size: 15px; line-height: 1.25; margin: 0; padding: 4px 10px; }
.cardlab-presenter .cardlab-message .cardlab-note { font-size: 20px; }
.cardlab-coach .cardlab-coach-controls { flex-flow: row wrap; align-items: center; }
.cardlab-coach .widget-button { flex: 0 0 auto; }
.cardlab-coach .cardlab-review-row { align-items: flex-start; margin: 2px 0 6px; }
.cardlab-coach .cardlab-note { font-size: 14px; line-height: 1.3; margin: 0; padding: 4px 10px; }
"""
"""The coach's look, and its sentences in the table's message slot kept to three lines there."""


@dataclass(frozen=True)
class Moment:
    """One decision of the learner: the step where it was taken (the table's index showing the
    state before it), the action taken and what it gave up."""

    step: int
    action: Action
    loss: Loss


def review(rules: TrickGame, hand: Hand, seat: str, *, deals: int = REVIEW_DEALS, seed: int = REVIEW_SEED,
           moves: int | None = REVIEW_MOVES, progress: Callable[[int, int], None] | None = None) -> list[Moment]:
    """Every choice ``seat`` made in ``hand`` (a forced or only legal action is no choice),
    measured by a seeded expert from ``seat``'s view at that moment, over at most ``deals`` deals
    and ``moves`` actions played out in all (None: no such bound); ``progress(k, n)`` is told
    before the k-th of the n choices is measured."""
    choices = [step for step, action in enumerate(hand.log) if is_choice(rules, hand, step, action, seat)]
    share = None if moves is None or not choices else moves // len(choices)
    expert = Expert(seed=seed, samples=deals, budget=None, moves=share)
    moments = []
    for done, step in enumerate(choices, start=1):
        if progress is not None:
            progress(done, len(choices))
        action = hand.log[step]
        moments.append(Moment(step, action, expert.loss(rules, rules.view(hand.states[step], seat), action)))
    return moments


def is_choice(rules: TrickGame, hand: Hand, step: int, action: Action, seat: str) -> bool:
    """Whether ``action``, at ``step`` of ``hand``, was a decision of ``seat`` between two or more."""
    state = hand.states[step]
    if state.to_act != seat or getattr(action, "seat", None) != seat or state.phase == "deal":
        return False
    return len(rules.legal(state)) >= 2 and action not in rules.forced_calls(state)


def costliest(moments: list[Moment], count: int = SHOWN) -> list[Moment]:
    """The moments that gave something up, the costliest first (earlier first among equals)."""
    lost = [moment for moment in moments if moment.loss.amount > 0]
    return sorted(lost, key=lambda moment: (-moment.loss.amount, moment.step))[:count]


def moment_sentence(rules: TrickGame, moment: Moment) -> str:
    """"Step 12: you played the 5 of coins; the expert prefers the 3 of coins, 1.25 points
    better on average over 30 deals like it."."""
    loss = moment.loss
    mine = rules.describe(moment.action).lower()
    best = rules.describe(loss.best).lower()
    verb = "played" if isinstance(moment.action, Play) else "chose to"
    taken = mine.removeprefix("play ") if isinstance(moment.action, Play) else mine
    return (f"Step {moment.step}: you {verb} {taken}; the expert would {best}, "
            f"{loss.amount:.2f} {loss.units} better on average over {loss.deals} deals like it.")


class CoachPanel(ipw.VBox):
    """"Computer: club", Hint, Coach plays, Review, and the review's rows with a button each."""

    def __init__(self, level: str = LEVEL) -> None:
        self.level_pick = ipw.Dropdown(options=LEVELS, value=level, description="Computer",
                                       tooltip="How well the computer plays the other seats, gives hints "
                                               "and plays for you",
                                       style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.level_pick.add_class("cardlab-level")
        self.hint_button = self._button("Hint", "cardlab-hint", "Suggest a card or call for your seat, and say why")
        self.play_button = self._button("Coach plays", "cardlab-coach-plays",
                                        "The coach makes your next decision (one per press) and says why")
        self.review_button = self._button("Review", "cardlab-review",
                                          "At the end of the hand: which of your decisions cost the most")
        controls = ipw.HBox([self.level_pick, self.hint_button, self.play_button, self.review_button])
        controls.add_class("cardlab-coach-controls")
        tip = ipw.Label("Why? Click a computer's card in a trick.")
        tip.add_class("cardlab-coach-tip")
        self.rows = ipw.VBox()
        self.rows.add_class("cardlab-review-rows")
        self.reviewed: tuple[Action, ...] | None = None
        self.decisions: dict[int, Decision] = {}
        """The computer's decisions by log step: the table shows their public reasons while the hand
        is on (``Table.reasons``) and the whole ones once it is over (:meth:`whole_reason`)."""
        style = ipw.HTML(f"<style>{_CSS}</style>", layout=ipw.Layout(display="none"))
        super().__init__([style, controls, tip, self.rows])
        self.add_class("cardlab-coach")

    @staticmethod
    def _button(text: str, klass: str, tooltip: str) -> ipw.Button:
        button = ipw.Button(description=text, tooltip=tooltip, layout=ipw.Layout(width="auto"))
        button.add_class(klass)
        return button

    def show_review(self, rules: TrickGame, hand: Hand, moments: list[Moment],
                    step_to: Callable[[int], None]) -> None:
        """The costliest moments of ``hand``, each with a button stepping the table to it."""
        self.reviewed = hand.log
        rows: list[ipw.Widget] = []
        for moment in costliest(moments):
            text = ipw.HTML(html.note(moment_sentence(rules, moment)))
            go = self._button(f"Go to step {moment.step}", "cardlab-review-step",
                              "Show the table as it was when you chose")
            go.on_click(lambda _, step=moment.step: step_to(step))
            row = ipw.VBox([text, go])
            row.add_class("cardlab-review-row")
            rows.append(row)
        if not rows:
            deals = max((moment.loss.deals for moment in moments), default=0)
            found = (f"None of your {len(moments)} decisions gave anything up that the expert could find "
                     f"over up to {deals} deals like each." if moments else "You had no choice to make in this hand.")
            rows.append(ipw.HTML(html.note(found)))
        self.rows.children = rows

    def whole_reason(self, step: int, public: str) -> str:
        """The whole reason of the decision at ``step`` whose public reason is ``public`` (the same
        sentence when no such decision is kept)."""
        decision = self.decisions.get(step)
        return decision.reason if decision is not None and decision.public == public else public

    def forget(self, log: tuple[Action, ...]) -> None:
        """Drop the review once the table shows another hand than the one reviewed."""
        if self.reviewed is not None and self.reviewed is not log:
            self.reviewed = None
            self.rows.children = ()
