"""The point-counting trainer the table shows at the end of a hand, a view of
:class:`cardlab.practice.count_run.CountRun`: the learner counts his side's points (or, in the
games that count tricks per player, his own tricks) before the breakdown.

``trainer.start(rules, state, seat)`` lays out the tricks the run offers as buttons named by their
cards, a box for the total, "Check" and "Skip"; ``trainer.reset()`` hides and clears it; the trait
``done`` turns True once the learner has counted right or skipped.  In a table the judgement is
the session's :meth:`~cardlab.session.TableSession.count`, given as ``count`` (which also shows the
breakdown); ``skip`` tells the session of a Skip.  Every sentence is the run's, shown escaped
(card names and typed totals reach the page only as text).

Once done, the tricks go (a right count keeps its sentence), so the table's breakdown comes up
where they were.  In a table, the trainer waits until the board shows the hand's last picture
(``data-hand-over``): while the computer's last cards are still being shown one by one, the
tricks it lists would show them first.  Each hand's rows are closed when they go, so that a long
lesson does not pile up widget models.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as ipw
import traitlets

from cardlab.cards import Card
from cardlab.i18n import _
from cardlab.practice import CountCheck
from cardlab.practice.count_run import Count, CountRow, CountRun, card_text
from cardlab.rules import TrickGame
from cardlab.state import State

from .front import FRONT, StyleSheet
from .html import escape

__all__ = ["CountingTrainer", "card_text", "close"]


class CountingSheet(StyleSheet):
    """The trainer's look; it stays hidden until the board has painted the hand's last picture."""

    _css = FRONT / "counting.css"


def close(widgets: tuple[ipw.Widget, ...]) -> None:
    """Close ``widgets``, their children, layouts and styles: the models they leave open in the
    kernel and the browser otherwise."""
    for widget in widgets:
        close(getattr(widget, "children", ()))
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, ipw.Widget):
                part.close()
        widget.close()


class CountingTrainer(ipw.VBox):
    """Count your side's points before the breakdown, and hear which cards you missed."""

    done = traitlets.Bool(False)

    def __init__(self, count: Count | None = None, skip: Callable[[], object] | None = None) -> None:
        self._count = count
        self._skip = skip
        self.heading = ipw.HTML()
        self.heading.add_class("cardlab-count-heading")
        self.rows = ipw.VBox()
        self.rows.add_class("cardlab-count-tricks")
        self.total_box = ipw.Text(description=_("Total"), placeholder=_("e.g. 7 or 5 2/3"),
                                  style={"description_width": "initial"}, layout=ipw.Layout(width="14em"))
        self.total_box.add_class("cardlab-count-total")
        self.check_button = ipw.Button(description=_("Check"), button_style="primary",
                                       tooltip=_("Check the cards you clicked and the total you typed"))
        self.check_button.add_class("cardlab-count-check")
        self.check_button.on_click(lambda _: self.check())
        self.skip_button = ipw.Button(description=_("Skip"), tooltip=_("Show the breakdown without counting"))
        self.skip_button.add_class("cardlab-count-skip")
        self.skip_button.on_click(lambda _: self.skip())
        self.feedback = ipw.HTML()
        self.feedback.add_class("cardlab-count-feedback")
        self.actions = ipw.HBox([self.total_box, self.check_button, self.skip_button])
        self.actions.add_class("cardlab-count-row")
        super().__init__([CountingSheet(), self.heading, self.rows, self.actions, self.feedback])
        self.add_class("cardlab-counting")
        self.run: CountRun | None = None
        self.buttons: dict[ipw.ToggleButton, Card] = {}
        self.reset()

    # ----- what the run holds --------------------------------------------------------------
    @property
    def rules(self) -> TrickGame | None:
        return self.run.rules if self.run else None

    @property
    def state(self) -> State | None:
        return self.run.state if self.run else None

    @property
    def side(self) -> str:
        return self.run.side if self.run else ""

    @property
    def result(self) -> CountCheck | None:
        return self.run.result if self.run else None

    # ----- operations ----------------------------------------------------------------------
    def start(self, rules: TrickGame, state: State, seat: str) -> None:
        """Show the finished hand ``state`` for ``seat`` to count."""
        self.reset()
        self.run = run = CountRun(rules, state, seat, self._count)
        if run.lead:
            self.heading.value = f"<b>{escape(run.lead, quote=False)}</b> {escape(run.heading, quote=False)}"
        rows: list[ipw.Widget] = [self._row(row) for row in run.rows]
        self.rows.children = rows or ([ipw.HTML(escape(run.nothing, quote=False))] if run.nothing else [])
        self._say()
        self.layout.display = ""

    def claimed(self) -> list[Card]:
        """The cards the learner has clicked, in the order of the tricks."""
        return [card for button, card in self.buttons.items() if button.value]

    def check(self) -> CountCheck | None:
        """Check the clicked cards and the typed total; the sentence names what went wrong."""
        if self.run is None:
            return None
        result = self.run.check(self.claimed(), self.total_box.value.strip() or None)
        self._say()
        if result is not None and result.right:
            self._show_count(False)
            self.done = True
        return result

    def skip(self) -> None:
        self.layout.display = "none"
        self.done = True
        if self._skip is not None:
            self._skip()

    def counted(self) -> None:
        """The count is done elsewhere (another view of the same table): the tricks go."""
        self._show_count(False)
        self.done = True

    def reset(self) -> None:
        """Hide the trainer and forget the hand."""
        self.run = None
        self.buttons = {}
        gone, self.rows.children = self.rows.children, ()
        close(gone)
        self.heading.value = self.feedback.value = ""
        self.total_box.value = ""
        self.done = False
        self._show_count(True)
        self.layout.display = "none"

    # ----- the view ------------------------------------------------------------------------
    def _row(self, row: CountRow) -> ipw.HBox:
        children: list[ipw.Widget] = [ipw.HTML(f"<b>{escape(row.label, quote=False)}</b>")]
        for text, card in row.cards:
            button = ipw.ToggleButton(description=text, tooltip=_("Count {card}").format(card=text))
            button.add_class("cardlab-count-card")
            button.add_class(f"cardlab-card-{card}")
            self.buttons[button] = card
            children.append(button)
        if row.after:
            children.append(ipw.HTML(escape(row.after, quote=False)))
        box = ipw.HBox(children)
        box.add_class("cardlab-count-row")
        return box

    def _show_count(self, shown: bool) -> None:
        for part in (self.heading, self.rows, self.actions):
            part.layout.display = "" if shown else "none"

    def _say(self) -> None:
        said = self.run.said if self.run else None
        if said is None:
            self.feedback.value = ""
            return
        klass = "cardlab-count-right" if said.mark == "right" else "cardlab-count-wrong"
        self.feedback.value = f'<div class="{klass}" role="status">{escape(said.sentence, quote=False)}</div>'
