"""The review of a finished hand: which of a seat's decisions clearly gave something up, in the
game's units, and how sure that is.

For every decision the seat made (a forced or only legal action is no choice), from that seat's view
at that moment:

* **Solved exactly** when every card still out of sight is in a hidden hand and the ways they can
  lie there (each seat kept out of the suits it has shown out of) are at most :data:`LAYOUTS`: every
  way is searched to the end of the hand by the kit's exhaustive search (:class:`cardlab.search.Solver`,
  every seat at its best), and each action's value is its mean over them.  One way is the case
  where every remaining card is known.  The search is bounded by :data:`POSITIONS`; a position
  that needs more is sampled instead.
* **Sampled** otherwise: a seeded expert (:meth:`cardlab.players.expert.Expert.loss`) plays every
  candidate out on the same :data:`REVIEW_DEALS` deals of the hidden cards, the club player at
  every seat; the calls (the auction, trumps, the king called, singing …) are weighed too, each
  against every call the rules offered.  A decision is listed only when it was weighed on at
  least :data:`MIN_DEALS` deals and the interval of the paired differences between the best
  candidate and the action taken (Student's t, widened for every candidate of every decision of the
  hand, so that all the review's intervals hold together at 95%: see
  :func:`cardlab.players.expert.interval`) lies wholly above zero; the sentence gives that interval.
  A deal or two of difference is noise, not a verdict (issue 35 §4).  Every :data:`RACE` deals, a
  choice that has done no better on average than the action taken is weighed no further, and when
  none is left the decision is settled there: that can only cost the review a verdict, never make
  one.

The work is bounded by counts, not time (deals, :data:`REVIEW_MOVES` actions played out per
decision, positions searched), so that the same hand always gets the same review; a review is
shown within about 5 s in the served app (``bench/review_bench.py``).  Where the action taken is
the club player's choice, the one the coach's Hint suggests at the club level
(:meth:`cardlab.session.TableSession.hint` asks the table's level's player), the sentence says
so: the Hint is the club player's, and the expert may know better.

It lives in the engine, not in the widget that draws it, so that a session
(:class:`cardlab.session.TableSession`), the command line and the tests measure alike.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable

from .actions import Action, Play
from .games.traits import traits
from .i18n import _, ngettext, number
from .players.club import Club
from .players.expert import CONFIDENCE, Expert, Loss, layouts
from .players.memory import remember
from .players.words import amount, percent
from .record import Hand
from .rules import TrickGame
from .search import Solver, TooDeep
from .state import State

REVIEW_DEALS = 24
"""The deals each sampled decision is weighed on."""
MIN_DEALS = 20
"""The fewest deals on which the review lists a sampled decision."""
RACE = 4
"""Every so many deals, a choice that has done no better on average than the action taken is set aside."""
REVIEW_SEED = 1
REVIEW_MOVES = 12000
"""The most actions the computer plays out for one decision (a bound on work, not time)."""
LAYOUTS = 60
"""The most ways of the unseen cards lying that a decision is solved exactly over."""
POSITIONS = 40000
"""The most positions the exact search of one decision visits, over all its ways."""
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
    """Every choice ``seat`` made in ``hand``, measured from ``seat``'s view at that moment: solved
    exactly where few ways of the unseen cards remain, else by a seeded expert over at most
    ``deals`` deals and ``moves`` actions played out for each (None: no such bound); a sampled
    loss weighed on fewer than :data:`MIN_DEALS` deals counts as none.  ``progress(k, n)`` is told
    before the k-th of the n choices is measured."""
    choices = [step for step, action in enumerate(hand.log) if is_choice(rules, hand, step, action, seat)]
    expert = Expert(seed=seed, samples=deals, budget=None, moves=moves)
    moments = []
    for done, step in enumerate(choices, start=1):
        if progress is not None:
            progress(done, len(choices))
        action = hand.log[step]
        view = rules.view(hand.states[step], seat)
        loss = solved(rules, view, action) or expert.loss(rules, view, action, race=RACE, family=len(choices))
        if not loss.exact and loss.deals < MIN_DEALS:
            loss = replace(loss, amount=0.0)
        moments.append(Moment(step, action, loss))
    return moments


def solved(rules: TrickGame, view: State, action: Action, ways: int = LAYOUTS,
           positions: int = POSITIONS) -> Loss | None:
    """What ``action`` gives up in ``view`` by exhaustive search, as the mean over every way the
    unseen cards can lie (at most ``ways`` of them, at most ``positions`` searched in all), each
    played to the end with every seat at its best; None when the position is too open for that."""
    worlds = layouts(rules, view, remember(rules, view), ways)
    seat = view.seat_to_act
    if worlds is None or seat is None:
        return None
    solver = Solver(rules, seat)
    totals: dict[Action, Fraction] = {}
    left = positions
    try:
        for world in worlds:
            solver.limit = left
            for choice, value in solver.values(world).items():
                totals[choice] = totals.get(choice, Fraction(0)) + value
            left -= solver.positions
    except TooDeep:
        return None
    top = max(totals.values())
    best = action if totals[action] == top else next(choice for choice in totals if totals[choice] == top)
    gap = float((top - totals[action]) / len(worlds))
    club = Club().decide(rules, view).action
    return Loss(gap, best, 0, traits(rules).units, gap, gap, club, gap, len(worlds))


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
    """"Step 12: you played the 5 of coins, the club player's choice (the Hint's at club level); the
    expert would play the 3 of coins: over 24 deals like it that does 1.25 points better on average,
    between 0.4 and 2.1 with 95% confidence."."""
    loss = moment.loss
    hinted = loss.club == moment.action
    if isinstance(moment.action, Play):
        mine = rules.card_name(moment.action.card)
        did = (_("you played {mine}, the club player's choice (the Hint's at club level)") if hinted
               else _("you played {mine}")).format(mine=mine)
    else:
        mine = Expert.words(rules, moment.action)
        did = (_("you chose to {mine}, the club player's choice (the Hint's at club level)") if hinted
               else _("you chose to {mine}")).format(mine=mine)
    words = {"best": Expert.words(rules, loss.best), "amount": amount(loss.units, round(loss.amount, 2))}
    if loss.layouts == 1:
        verdict = _("the exact search would {best}, {amount} better: every card left is known, and the position "
                    "is solved exactly.").format(**words)
    elif loss.exact:
        verdict = ngettext("the exact search would {best}, {amount} better on average over the {layouts} way the "
                           "unseen cards can lie, each solved exactly.", "the exact search would {best}, {amount} "
                           "better on average over all {layouts} ways the unseen cards can lie, each solved exactly.",
                           loss.layouts).format(layouts=loss.layouts, **words)
    elif not math.isfinite(loss.high - loss.low):
        verdict = ngettext("the expert would {best}, but over {deals} deal like it there is too little to tell.",
                           "the expert would {best}, but over {deals} deals like it there is too little to tell.",
                           loss.deals).format(deals=loss.deals, **words)
    else:
        verdict = ngettext("the expert would {best}: over {deals} deal like it that does {amount} better on average, "
                           "between {low} and {high} with {confidence} confidence.",
                           "the expert would {best}: over {deals} deals like it that does {amount} better on average, "
                           "between {low} and {high} with {confidence} confidence.", loss.deals).format(
            deals=loss.deals, low=number(round(loss.low, 2)), high=amount(loss.units, round(loss.high, 2)),
            confidence=percent(CONFIDENCE), **words)
    return _("Step {step}: {did}; {verdict}").format(step=moment.step, did=did, verdict=verdict)


def summary(moments: list[Moment]) -> str:
    """The review's sentences when no decision clearly gave anything up: how each was measured."""
    if not moments:
        return _("You had no choice to make in this hand.")
    losses = [moment.loss for moment in moments]
    exact = sum(1 for loss in losses if loss.exact)
    same = sum(1 for loss in losses if not loss.exact and loss.deals == 0)
    unbeaten = sum(1 for loss in losses if loss.unbeaten)
    weighed = [loss.deals for loss in losses if not loss.exact and not loss.unbeaten and loss.deals >= MIN_DEALS]
    short = len(moments) - exact - same - unbeaten - len(weighed)
    said = [ngettext("Your {count} decision did not clearly give anything up.",
                     "None of your {count} decisions clearly gave anything up.", len(moments)).format(
        count=len(moments))]
    if weighed:
        said.append(ngettext("{count} was weighed over {deals} sampled deals like it, with no difference clear at "
                             "{confidence} confidence.", "{count} were weighed over {deals} sampled deals like each, "
                             "with no difference clear at {confidence} confidence.", len(weighed)).format(
            count=len(weighed), deals=min(weighed), confidence=percent(CONFIDENCE)))
    if unbeaten:
        said.append(ngettext("{count} did at least as well on average as every other choice, checked every {race} "
                             "deals like it, so it was weighed no further.", "{count} did at least as well on average "
                             "as every other choice, checked every {race} deals like each, so they were weighed no "
                             "further.", unbeaten).format(count=unbeaten, race=RACE))
    if exact:
        said.append(ngettext("{count} was solved exactly.", "{count} were solved exactly.", exact).format(count=exact))
    if same:
        said.append(ngettext("{count} was between cards that come to the same.",
                             "{count} were between cards that come to the same.", same).format(count=same))
    if short:
        said.append(ngettext("{count} could not be weighed over {least} deals within the review's work, so it is not "
                             "judged.", "{count} could not be weighed over {least} deals within the review's work, "
                             "so they are not judged.", short).format(count=short, least=MIN_DEALS))
    return " ".join(said)
