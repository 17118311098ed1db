"""Deals made to order as a desk a teacher works at: the features a game offers, whether a
feature belongs to a seat, the search and what it found, in sentences.

Why: :class:`cardlab.widgets.practice.DealToOrder` only maps these values to its controls and
draws the scene given here (every hand open); the search is :func:`cardlab.practice.deal_to_order`.
"""
from __future__ import annotations

from typing import Any

from ..games import get_rules
from ..i18n import N_, _, ngettext
from ..render.scene import TableScene
from ..rules import OptionError, TrickGame
from ..scenario import ScenarioError, parse, run
from ..state import State
from .common import PracticeError, Said
from .order import FEATURES, Feature, deal_to_order

SEARCHING = N_("Searching the deals…")
VIEWER = "S"
"""The seat the found deal is drawn for (every hand is open)."""


class OrderDesk:
    """``OrderDesk("quatre_sept")``: ``deal(feature, seat, seed)`` searches from ``seed``."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.features: dict[str, Feature] = {feature.name: feature for feature in FEATURES.get(game, ())}
        try:
            self.seats: tuple[str, ...] = get_rules(game).seats
        except OptionError:
            self.seats = ()
        self.scenario: dict[str, Any] | None = None
        self.rules: TrickGame | None = None
        self.state: State | None = None
        self.details = ""
        self.file_name = ""
        self.said: Said | None = None
        if not self.features:
            self._fail(_("There are no deals to order for {game}: the games with some are {games}.").format(
                game=repr(game), games=", ".join(name for name, found in FEATURES.items() if found)))

    def titles(self) -> list[tuple[str, str]]:
        """The features as a menu shows them: (the title in the current language, the feature's key)."""
        return [(_(feature.title), name) for name, feature in self.features.items()]

    def seated(self, feature: str | None) -> bool:
        """Whether a seat may be chosen for ``feature`` (a feature of the deal, held by a seat)."""
        found = self.features.get(feature or "")
        return found is not None and found.seated

    def deal(self, feature: str, seat: str | None, seed: int) -> Said:
        """Search from ``seed`` for a deal holding ``feature`` (at ``seat`` if given) and keep it."""
        try:
            scenario = deal_to_order(self.game, feature, seat or None, seed)
            outcome = run(parse(scenario))
        except (PracticeError, ScenarioError) as error:
            return self._fail(str(error))
        if outcome.hand is None or outcome.error:
            return self._fail(outcome.error or _("The deal found could not be replayed."))
        self.scenario, self.rules, self.state = scenario, outcome.hand.rules, outcome.hand.state
        found_seed = scenario.get("seed")
        steps = len(scenario["actions"])
        where = _("as dealt") if steps == 0 else ngettext("after {count} action", "after {count} actions",
                                                          steps).format(count=steps)
        self.details = (_("Seed {seed}, dealt by {dealer}; shown {where}, every hand open.") if found_seed is not None
                        else _("A deal written out, dealt by {dealer}; shown {where}, every hand open.")).format(
            seed=found_seed, dealer=scenario["dealer"], where=where)
        self.file_name = f"{self.game}-{feature}-{found_seed if found_seed is not None else 'deal'}.json"
        self.said = Said("told", scenario.get("description", ""))
        return self.said

    def scene(self) -> TableScene | None:
        """The deal found, every hand open."""
        if self.rules is None or self.state is None:
            return None
        return self.rules.scene(self.state, VIEWER, open_hands=True)

    def _fail(self, sentence: str) -> Said:
        self.scenario = self.rules = self.state = None
        self.details = self.file_name = ""
        self.said = Said("refused", sentence)
        return self.said
