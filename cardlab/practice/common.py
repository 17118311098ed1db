"""What the practice tools share: a hand played out by the computer from a seed, kept as its
log and the state after every action, and the scenario object that replays any prefix of it; and
:class:`Said`, the sentence a practice session gives its view to show.

Every question, deal to order and comparison is a position of such a hand, so the scenario it
carries replays with ``python -m cardlab replay``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any, Literal

from ..actions import Action, Deal
from ..bots import SimpleBot
from ..games import get_rules
from ..i18n import _
from ..playout import Chooser, steps
from ..rules import OptionError, TrickGame
from ..scenario import Scenario
from ..state import State

MAX_SEED = 2**63

Mark = Literal["right", "wrong", "refused", "told"]


class PracticeError(ValueError):
    """A practice request the engine cannot answer; the text says why in one sentence."""


@dataclass(frozen=True)
class Said:
    """A sentence for the learner: ``mark`` "right" or "wrong" judges an answer ("wrong" also
    for an answer left open to a second try), "refused" turns a request down and changed nothing,
    "told" states a fact; ``closed`` says the question is now answered."""

    mark: Mark
    sentence: str
    closed: bool = False


@dataclass(frozen=True)
class Played:
    """A hand dealt from ``seed`` by ``dealer`` and played to its end by the computer:
    ``actions`` after the deal, ``states[k]`` the table after the deal and ``k`` actions."""

    rules: TrickGame
    game: str
    options: dict[str, Any]
    dealer: str
    seed: int
    deal: Deal
    actions: tuple[Action, ...]
    states: tuple[State, ...]

    def scenario(self, steps: int, title: str = "", description: str = "",
                 match: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``cardlab.scenario/1`` object of this hand after its first ``steps`` actions, with the
        ``match`` sheet before it when the hand is not a match's first."""
        seeded = self.deal == self.rules.deal(self.dealer, self.seed)     # the seed alone would deal it
        return Scenario(self.game, dict(self.options), self.dealer, self.seed if seeded else None,
                        deal_json(self.deal), tuple(str(action) for action in self.actions[:steps]),
                        match=match, title=title, description=description).to_json()


def check_seed(seed: object) -> None:
    """Refuse, with a sentence, a seed that is not a whole number from 0 to 2**63 - 1."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise PracticeError(_("The seed is a whole number from 0 to 2**63 - 1, not {seed}.").format(seed=repr(seed)))


def deal_json(deal: Deal) -> dict[str, Any]:
    """A deal as a scenario writes it: each seat's codes, a turned card as one code, a rest as a list."""
    data: dict[str, Any] = {seat: [str(card) for card in cards] for seat, cards in deal.hands}
    for name, cards in deal.extras:
        data[name] = str(cards[0]) if name == "turned" else [str(card) for card in cards]
    return data


def rules_for(game: str, options: dict[str, Any]) -> TrickGame:
    """The rules of ``game`` with ``options``; a wrong game or option raises PracticeError."""
    if not isinstance(options, dict):
        raise PracticeError(_("The options are a JSON object, such as {example}.").format(
            example='{"declarations": true}'))
    try:
        return get_rules(game, **options)
    except (OptionError, TypeError) as error:
        raise PracticeError(str(error)) from None


def play(rules: TrickGame, game: str, options: dict[str, Any], dealer: str, seed: int,
         until: int | None = None, tricks: int | None = None, deal: Deal | None = None,
         player: Chooser | None = None) -> Played:
    """Deal from ``seed`` (or give ``deal``) and let the computer (``player``, by default
    :class:`cardlab.bots.SimpleBot`) play every seat (:func:`cardlab.playout.steps`), to the end,
    or until ``until`` actions, or until ``tricks`` tricks are complete.  A redeal is shuffled
    by a stream seeded with ``seed``."""
    deal = deal or rules.deal(dealer, seed)
    state = rules.apply(rules.initial(dealer), deal, check=False)
    enough = None if tricks is None else lambda table: len(table.tricks) >= tricks
    played = list(islice(steps(rules, state, player or SimpleBot(), chance=seed, stop=enough), until))
    return Played(rules, game, dict(options), dealer, seed, deal, tuple(step.action for step in played),
                  (state, *(step.after for step in played)))


def points_value(value: Any) -> Fraction:
    """A score as a number, or as the replay command writes it: "5", "-2", "5 2/3"."""
    if isinstance(value, bool):
        raise TypeError("a score is not true or false")
    if not isinstance(value, str):
        return Fraction(value)
    whole, _, part = value.strip().replace("−", "-").rpartition(" ")
    if not whole:
        return Fraction(part)
    return Fraction(whole) + (-1 if whole.startswith("-") else 1) * Fraction(part)
