"""The coach at the table: the computer's level, a hint, the coach playing the learner's seat, and
the review of a finished hand.

:class:`CoachPanel` is the row of controls the table places under its message slot, with the
review's rows beneath.  It only draws: the session (:class:`cardlab.session.TableSession`) answers
the buttons, and the review is measured by :mod:`cardlab.review`; the panel shows the rows the
session's view gives, each with a button stepping the table to its moment.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as ipw

from cardlab.i18n import _
from cardlab.players import LEVELS, level_name
from cardlab.session import LEVEL, ReviewRow

from . import html
from .counting import close
from .front import FRONT, StyleSheet


def level_options() -> list[tuple[str, str]]:
    """The computer levels as a menu's (label, value) pairs in the current language."""
    return [(level_name(level), level) for level in LEVELS]


class CoachSheet(StyleSheet):
    """The coach's look, and its sentences in the table's message slot kept to three lines there."""

    _css = FRONT / "coach.css"


class CoachPanel(ipw.VBox):
    """"Computer: club", Hint, Coach plays, Review, and the review's rows with a button each."""

    def __init__(self, level: str = LEVEL) -> None:
        self.level_pick = ipw.Dropdown(options=level_options(), value=level, description=_("Computer"),
                                       tooltip=_("How well the computer plays the other seats, gives hints "
                                                 "and plays for you"),
                                       style={"description_width": "initial"}, layout=ipw.Layout(width="auto"))
        self.level_pick.add_class("cardlab-level")
        self.hint_button = self._button(_("Hint"), "cardlab-hint", _("Suggest a card or call for your seat, and say why"))
        self.play_button = self._button(_("Coach plays"), "cardlab-coach-plays",
                                        _("The coach makes your next decision (one per press) and says why"))
        self.review_button = self._button(_("Review"), "cardlab-review",
                                          _("At the end of the hand: which of your decisions cost the most"))
        controls = ipw.HBox([self.level_pick, self.hint_button, self.play_button, self.review_button])
        controls.add_class("cardlab-coach-controls")
        tip = ipw.Label(_("Why? Click a computer's card in a trick."))
        tip.add_class("cardlab-coach-tip")
        self.rows = ipw.VBox()
        self.rows.add_class("cardlab-review-rows")
        self.shown: tuple[ReviewRow, ...] | None = None
        super().__init__([CoachSheet(), controls, tip, self.rows])
        self.add_class("cardlab-coach")

    @staticmethod
    def _button(text: str, klass: str, tooltip: str) -> ipw.Button:
        button = ipw.Button(description=text, tooltip=tooltip, layout=ipw.Layout(width="auto"))
        button.add_class(klass)
        return button

    def show_review(self, rows: tuple[ReviewRow, ...] | None, step_to: Callable[[int], None]) -> None:
        """The review's rows (None: no review), each moment with a button stepping the table to
        it; the same rows as shown are left as they are."""
        if rows == self.shown:
            return
        self.shown = rows
        gone, self.rows.children = self.rows.children, ()
        close(gone)
        shown: list[ipw.Widget] = []
        for row in rows or ():
            text = ipw.HTML(html.note(row.sentence))
            if row.step is None:
                shown.append(text)
                continue
            go = self._button(_("Go to step {step}").format(step=row.step), "cardlab-review-step",
                              _("Show the table as it was when you chose"))
            go.on_click(lambda _, step=row.step: step_to(step))
            box = ipw.VBox([text, go])
            box.add_class("cardlab-review-row")
            shown.append(box)
        self.rows.children = shown
