"""The point-counting trainer the table shows at the end of a hand: the learner counts his side's
points (or, in the games that count tricks per player, his own tricks) before the breakdown.

``trainer.start(rules, state, seat)`` lays out the tricks as buttons named by their cards, a box
for the total, "Check" and "Skip"; ``trainer.reset()`` hides and clears it; the trait ``done``
turns True once the learner has counted right or skipped.  Every judgement is
:func:`cardlab.practice.check_count`'s (in a table, through the session's
:meth:`~cardlab.session.TableSession.count`, given as ``count``, which also shows the breakdown;
``skip`` tells the session of a Skip), and its sentence is shown escaped (card names and typed
totals reach the page only as text).

Nothing before ``done`` gives the count away: a wrong count hears what is wrong, never the right
total, and may be tried again.  Once done, the tricks go (a right count keeps its sentence), so
the table's breakdown comes up where they were.  In a table, the trainer waits until the board
shows the hand's last picture (``data-hand-over``): while the computer's last cards are still
being shown one by one, the tricks it lists would show them first.  Each hand's rows are closed
when they go, so that a long lesson does not pile up widget models.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as ipw
import traitlets

from cardlab.cards import Card
from cardlab.practice import CountCheck, PracticeError, check_count
from cardlab.practice.counting import counts_cards
from cardlab.rules import TrickGame
from cardlab.state import State

from .front import FRONT, StyleSheet

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


def card_text(rules: TrickGame, state: State, card: Card) -> str:
    """"3 of coins": the card's name for a button, without its article."""
    label = rules.card_label(state, card)
    return label[4:] if label.startswith("the ") else label


class CountingTrainer(ipw.VBox):
    """Count your side's points before the breakdown, and hear which cards you missed."""

    done = traitlets.Bool(False)

    def __init__(self, count: Callable[[list[Card], str | None], CountCheck | None] | None = None,
                 skip: Callable[[], object] | None = None) -> None:
        self._count = count
        self._skip = skip
        self.heading = ipw.HTML()
        self.heading.add_class("cardlab-count-heading")
        self.rows = ipw.VBox()
        self.rows.add_class("cardlab-count-tricks")
        self.total_box = ipw.Text(description="Total", placeholder="e.g. 7 or 5 2/3",
                                  style={"description_width": "initial"}, layout=ipw.Layout(width="14em"))
        self.total_box.add_class("cardlab-count-total")
        self.check_button = ipw.Button(description="Check", button_style="primary")
        self.check_button.add_class("cardlab-count-check")
        self.check_button.on_click(lambda _: self.check())
        self.skip_button = ipw.Button(description="Skip", tooltip="Show the breakdown without counting")
        self.skip_button.add_class("cardlab-count-skip")
        self.skip_button.on_click(lambda _: self.skip())
        self.feedback = ipw.HTML()
        self.feedback.add_class("cardlab-count-feedback")
        self.actions = ipw.HBox([self.total_box, self.check_button, self.skip_button])
        self.actions.add_class("cardlab-count-row")
        super().__init__([CountingSheet(), self.heading, self.rows, self.actions, self.feedback])
        self.add_class("cardlab-counting")
        self.rules: TrickGame | None = None
        self.state: State | None = None
        self.side = ""
        self.buttons: dict[ipw.ToggleButton, Card] = {}
        self.result: CountCheck | None = None
        self.reset()

    def start(self, rules: TrickGame, state: State, seat: str) -> None:
        """Show the finished hand ``state`` for ``seat`` to count."""
        self.reset()
        self.rules, self.state = rules, state
        if not state.over:
            self._say("The hand is not over yet: count when its last trick is taken.", right=False)
            self.layout.display = ""
            return
        if counts_cards(rules):
            self.side = rules.side_of(state, seat)
            self._card_rows(rules, state)
        else:
            self.side = seat
            self._trick_rows(rules, state, seat)
        self.layout.display = ""

    def _card_rows(self, rules: TrickGame, state: State) -> None:
        last = len(state.tricks)
        thirds = any(rules.card_points(card).denominator > 1 for card in rules.pack.cards)
        self.heading.value = (
            f"<b>Count your side's points before the breakdown.</b> {escape(rules.title)}: these are the "
            f"tricks {escape(self.side)} took. Click every card that counts, type the total with the last "
            f"trick{' (a third as 1/3, e.g. 5 2/3)' if thirds else ''}, then Check.")
        rows = []
        for number, trick in enumerate(state.tricks, 1):
            if trick.winner is None or rules.side_of(state, trick.winner) != self.side:
                continue
            label = f"Trick {number}{' (the last)' if number == last else ''}, won by {trick.winner}"
            rows.append(self._row(label, [(card_text(rules, state, card), card) for card in trick.cards()]))
        if not rows:
            rows.append(ipw.HTML(f"{escape(self.side)} took no trick: the count is 0."))
        self.rows.children = rows

    def _trick_rows(self, rules: TrickGame, state: State, seat: str) -> None:
        self.heading.value = (
            f"<b>Count your tricks before the breakdown.</b> {escape(rules.title)} is scored by tricks, not "
            "by card points, and each player counts only the tricks he took himself. Each row is one trick "
            f"and the card {escape(seat)} put on it: click the tricks {escape(seat)} took, type how many, "
            "then Check.")
        rows = []
        for number, trick in enumerate(state.tricks, 1):
            mine = trick.card_of(seat)
            assert mine is not None  # every seat plays to every trick
            others = ", ".join(f"{other} {card_text(rules, state, card)}" for other, card in trick.plays
                               if other != seat)
            rows.append(self._row(f"Trick {number}", [(f"{seat}: {card_text(rules, state, mine)}", mine)],
                                  f"({others})"))
        self.rows.children = rows

    def _row(self, label: str, cards: list[tuple[str, Card]], after: str = "") -> ipw.HBox:
        children: list[ipw.Widget] = [ipw.HTML(f"<b>{escape(label)}</b>")]
        for text, card in cards:
            button = ipw.ToggleButton(description=text, tooltip=f"Count {text}")
            button.add_class("cardlab-count-card")
            button.add_class(f"cardlab-card-{card}")
            self.buttons[button] = card
            children.append(button)
        if after:
            children.append(ipw.HTML(escape(after)))
        row = ipw.HBox(children)
        row.add_class("cardlab-count-row")
        return row

    def claimed(self) -> list[Card]:
        """The cards the learner has clicked, in the order of the tricks."""
        return [card for button, card in self.buttons.items() if button.value]

    def check(self) -> CountCheck | None:
        """Check the clicked cards and the typed total; the sentence names what went wrong."""
        rules = self.rules
        if rules is None or self.state is None or not self.state.over:
            return None
        total = self.total_box.value.strip() or None
        try:
            if self._count is None:
                self.result = check_count(rules, self.state, self.side, self.claimed(), total)
            else:
                self.result = self._count(self.claimed(), total)
        except PracticeError as error:
            self._say(str(error), right=False)
            return None
        if self.result is None:
            return None
        if not self.result.right:
            self._say(self._faults(rules, self.result), right=False)
            return self.result
        self._say(self.result.sentence, right=True)
        self._show_count(False)
        self.done = True
        return self.result

    def _faults(self, rules: TrickGame, result: CountCheck) -> str:
        """What is wrong with a count, without the right count, which the sentence ends with."""
        what = "cards" if counts_cards(rules) else "tricks"
        if not (result.missed or result.twice or result.wrong):
            faults = f"Not yet: the {what} are right but the total is not"
        else:
            story = f". {self.side} count " if what == "cards" else f". {self.side} took "
            faults = result.sentence.rpartition(story)[0] or "Not yet: something is wrong"
        return f"{faults}. Try again, or Skip to see the breakdown."

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
        self.rules = self.state = self.result = None
        self.side = ""
        self.buttons = {}
        gone, self.rows.children = self.rows.children, ()
        close(gone)
        self.heading.value = self.feedback.value = ""
        self.total_box.value = ""
        self.done = False
        self._show_count(True)
        self.layout.display = "none"

    def _show_count(self, shown: bool) -> None:
        for part in (self.heading, self.rows, self.actions):
            part.layout.display = "" if shown else "none"

    def _say(self, sentence: str, *, right: bool) -> None:
        klass = "cardlab-count-right" if right else "cardlab-count-wrong"
        self.feedback.value = f'<div class="{klass}" role="status">{escape(sentence, quote=False)}</div>'
