"""Play together on one device: choose the game, its rules and who sits where, then sit down at a
pass-and-play :class:`~cardlab.widgets.table.Table`.

Why a form of its own: the seats depend on the rules (La Vache for three has no North, Quadrille
for five has two more), so the rules are chosen first, the seats follow them, and the table is
made once everyone has a seat; the table itself then hides its rules panel.  A seat with a name is
a person's, an empty one the computer's at the chosen level.  Bad input (one person alone, too
long a name) gets one sentence and no table changes.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any

import ipywidgets as ipw

from cardlab.games import GAMES, get_rules
from cardlab.i18n import _
from cardlab.rules import TrickGame
from cardlab.session import LEVEL

from . import html
from .coach import level_options
from .table import Table, option_menus, people_at

FIRST_PEOPLE = ("S", "N")
"""The seats given a name at first (by their seat's name), when the table has them: partners."""

class PlayTogether(ipw.VBox):
    """``PlayTogether()``, ``PlayTogether("vache")``: the form, then the table once "Sit down" is pressed."""

    def __init__(self, game: str = "tressette") -> None:
        self.game_pick = ipw.Dropdown(options=[(kind.title, key) for key, kind in GAMES.items()], value=game,
                                      description=_("Game"), style={"description_width": "initial"},
                                      layout=ipw.Layout(width="260px"))
        self.game_pick.add_class("cardlab-together-game")
        self.game_pick.observe(lambda _: self._game_chosen(), "value")
        self.rules_box = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.rules_box.add_class("cardlab-together-rules")
        self.seats_box = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.seats_box.add_class("cardlab-together-seats")
        self.level_pick = ipw.Dropdown(options=level_options(), value=LEVEL, description=_("Computer"),
                                       tooltip=_("How the computer plays the seats without a name"),
                                       style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.level_pick.add_class("cardlab-together-level")
        self.sit_button = ipw.Button(description=_("Sit down and deal"), layout=ipw.Layout(width="auto"))
        self.sit_button.add_class("cardlab-together-sit")
        self.sit_button.on_click(lambda _: self.sit_down())
        self.message_box = ipw.HTML()
        self.message_box.add_class("cardlab-message")
        self.table_box = ipw.VBox()
        self.table: Table | None = None
        self.option_boxes: dict[str, ipw.Dropdown] = {}
        self.name_boxes: dict[str, ipw.Text] = {}
        form = ipw.VBox([self.game_pick, self.rules_box,
                         ipw.HTML(html.note(_("A name for each person at this device; leave a seat empty "
                                              "for the computer."))),
                         self.seats_box, ipw.HBox([self.level_pick, self.sit_button]), self.message_box])
        form.add_class("cardlab-together-form")
        super().__init__(children=[form, self.table_box])
        self.add_class("cardlab-together")
        self._game_chosen()

    @property
    def game(self) -> str:
        return str(self.game_pick.value)

    def _options(self) -> dict[str, Any]:
        rules = get_rules(self.game)
        return {field.name: field.metadata["choices"][self.option_boxes[field.name].value]
                for field in fields(rules.Options)}

    def _game_chosen(self) -> None:
        self.option_boxes = option_menus(get_rules(self.game))
        for menu in self.option_boxes.values():
            menu.observe(lambda _: self._seats_for(self._rules()), "value")
        self.rules_box.children = list(self.option_boxes.values())
        self.name_boxes = {}
        self._seats_for(self._rules())

    def _rules(self) -> TrickGame:
        return get_rules(self.game, **self._options())

    def _seats_for(self, rules: TrickGame) -> None:
        """A name box per seat of ``rules``, keeping the names typed for seats that stay."""
        first = [seat for seat in FIRST_PEOPLE if seat in rules.seats] or list(rules.seats[:2])
        boxes = {}
        for seat in rules.seats:
            kept = self.name_boxes.get(seat)
            box = ipw.Text(value=kept.value if kept is not None else rules.seat_name(seat) if seat in first else "",
                           description=rules.seat_name(seat), placeholder=_("the computer"),
                           style={"description_width": "initial"}, layout=ipw.Layout(width="210px"))
            box.add_class(f"cardlab-together-seat-{seat}")
            boxes[seat] = box
        self.name_boxes = boxes
        self.seats_box.children = list(boxes.values())

    def sit_down(self) -> Table | None:
        """The table for the names and rules chosen (the one before closed), or None with the
        sentence saying why not."""
        names = {seat: box.value for seat, box in self.name_boxes.items() if box.value.strip()}
        try:
            options = self._options()
            people_at(get_rules(self.game, **options).seats, names)
        except ValueError as error:
            self.message_box.value = html.refusal(str(error))
            return None
        if self.table is not None:
            self.table.close()
        self.table = Table(self.game, people=names, level=str(self.level_pick.value), **options)
        self.table_box.children = [self.table]
        self.message_box.value = ""
        return self.table

