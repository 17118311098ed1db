"""The review of a finished hand: what each of a seat's decisions gave up, in the game's units.

For every decision the seat made (a forced or only legal action is no choice), a seeded expert
(:meth:`cardlab.players.expert.Expert.loss`) estimates what it gave up against the best choice
from that seat's view at that moment; the calls (the auction, trumps, the king called, singing …)
are weighed too, each against every call the rules offered.  The expert is bounded by a number of
deals and by work, not time: :data:`REVIEW_MOVES` actions played out in all, shared evenly among
the decisions (each gets as many deals as fit in its share, at least one, and the review says over
how many it measured), so that the same hand always gets the same review and a review is shown
within about 5 s in the served app (``bench/review_bench.py``).

It lives in the engine, not in the widget that draws it, so that a session
(:class:`cardlab.session.TableSession`), the command line and the tests measure alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .actions import Action, Play
from .i18n import _, ngettext
from .players.expert import Expert, Loss
from .players.words import amount
from .record import Hand
from .rules import TrickGame

REVIEW_DEALS = 30
REVIEW_SEED = 1
REVIEW_MOVES = 4000
"""The actions the computer plays out in a whole review, shared evenly among the decisions."""
SHOWN = 3
"""The costliest moments the review lists."""


@dataclass(frozen=True)
class Moment:
    """One decision of the learner: the step where it was taken (the table's index showing the
    state before it), the action taken and what it gave up."""

    step: int
    action: Action
    loss: Loss


def review(rules: TrickGame, hand: Hand, seat: str, *, deals: int = REVIEW_DEALS, seed: int = REVIEW_SEED,
           moves: int | None = REVIEW_MOVES, progress: Callable[[int, int], None] | None = None) -> list[Moment]:
    """Every choice ``seat`` made in ``hand``, measured by a seeded expert from ``seat``'s view at
    that moment, over at most ``deals`` deals and ``moves`` actions played out in all (None: no
    such bound); ``progress(k, n)`` is told before the k-th of the n choices is measured."""
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
    if state.to_act != seat or action.seat != seat or state.phase == "deal":
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
    words = {"step": moment.step, "best": Expert.words(rules, loss.best), "deals": loss.deals,
             "amount": amount(loss.units, round(loss.amount, 2))}
    if isinstance(moment.action, Play):
        return ngettext("Step {step}: you played {mine}; the expert would {best}, {amount} better on average over "
                        "{deals} deal like it.", "Step {step}: you played {mine}; the expert would {best}, {amount} "
                        "better on average over {deals} deals like it.", loss.deals).format(
            mine=rules.card_name(moment.action.card), **words)
    return ngettext("Step {step}: you chose to {mine}; the expert would {best}, {amount} better on average over "
                    "{deals} deal like it.", "Step {step}: you chose to {mine}; the expert would {best}, {amount} "
                    "better on average over {deals} deals like it.", loss.deals).format(
        mine=Expert.words(rules, moment.action), **words)


def summary(moments: list[Moment]) -> str:
    """The review's sentence when no decision gave anything up."""
    if not moments:
        return _("You had no choice to make in this hand.")
    deals = max(moment.loss.deals for moment in moments)
    return ngettext("None of your {count} decisions gave anything up that the expert could find over up to {deals} "
                    "deals like each.", "None of your {count} decisions gave anything up that the expert could find "
                    "over up to {deals} deals like each.", len(moments)).format(count=len(moments), deals=deals)
