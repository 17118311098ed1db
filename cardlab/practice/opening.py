"""A scenario's opening picture: what a table set from the scenario shows first (the scenario at
step 1, for the learner's seat), its words, title and caption, or the sentence saying why the
scenario cannot be set for that game.

Why: a lesson shows several scenario tables as pictures until one is played
(:class:`cardlab.widgets.Preview`); building a whole table session for each would cost what the
picture saves.  This is the pure part of that picture, tested without a browser.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import get_rules
from ..render.scene import TableScene
from ..render.text import board_description
from ..scenario import ScenarioError, named, run_for
from ..session import LEARNER
from ..i18n import written

TABLE_ONLY = ("seed", "open_hands", "presenter", "level")
"""A table's options that are not rule options."""


@dataclass(frozen=True)
class Opening:
    """The opening picture's scene (None when the scenario cannot be set), its words, the
    scenario's title and caption lines, and the sentence when it cannot be set."""

    scene: TableScene | None = None
    alt: str = ""
    title: str = ""
    caption: tuple[str, ...] = ()
    message: str = ""


def rule_options(table_options: dict[str, Any]) -> dict[str, Any]:
    """The rule options among a table's options."""
    return {name: value for name, value in table_options.items() if name not in TABLE_ONLY}


def check_options(game: str, table_options: dict[str, Any]) -> None:
    """Refuse, as the table would (:class:`~cardlab.rules.OptionError`), a rule option ``game`` lacks."""
    get_rules(game, **rule_options(table_options))


def opening(game: str, scenario_name: str, *, open_hands: bool = False, seat: str = LEARNER) -> Opening:
    """The first picture a table of ``game`` set from the scenario ``scenario_name`` shows ``seat``."""
    try:
        scenario = named(scenario_name)
        hand = run_for(scenario, game).hand
    except ScenarioError as error:
        return Opening(message=str(error))
    assert hand is not None  # run_for raises when there is no hand
    scene = scenario.rules().scene(hand.states[min(1, len(hand.log))], seat, open_hands=open_hands)
    caption = tuple(written(scenario.game, line)
                    for line in dict.fromkeys((scenario.description, scenario.notes.get(0, ""))) if line)
    return Opening(scene, board_description(scene), written(scenario.game, scenario.title or ""), caption)


def theme(narrow: bool, presenter: bool) -> str:
    """The drawing's theme: a phone's portrait layout first, then the presenter's large one."""
    return "narrow" if narrow else "presenter" if presenter else "normal"
