"""The call buttons beside the board: one a call the seat to act may make ("Declare the napoletana
of coins", "Pass"), and in Aluette's discard one confirming the cards chosen on the board.

The table redraws after every click.  New buttons at each redraw would leave the old ones' models
(button, layout, style) open in the kernel and the browser: 20 hands of Quadrille left about
2 400.  The bar keeps its buttons and relabels them, so it holds as many as the most choices ever
offered at once, however long the lesson.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as ipw

CALL = "cardlab-call"
CONFIRM = "cardlab-confirm"


@dataclass(frozen=True)
class Choice:
    """One button: its words, its tooltip, whether it is a call or the confirmation of chosen cards."""

    label: str
    title: str
    klass: str = CALL
    disabled: bool = False


class CallBar(ipw.HBox):
    """``CallBar(on_choose)`` shows ``bar.show(choices)``; a press calls ``on_choose(index)``."""

    def __init__(self, on_choose: Callable[[int], None]) -> None:
        super().__init__()
        self.add_class("cardlab-calls")
        self._on_choose = on_choose
        self._buttons: list[ipw.Button] = []

    def show(self, choices: Sequence[Choice]) -> None:
        while len(self._buttons) < len(choices):
            button = ipw.Button(layout=ipw.Layout(width="auto"))
            button.on_click(lambda _, at=len(self._buttons): self._on_choose(at))
            self._buttons.append(button)
        for button, choice in zip(self._buttons, choices):
            button.description, button.tooltip, button.disabled = choice.label, choice.title, choice.disabled
            for klass in (CALL, CONFIRM):
                if klass == choice.klass:
                    button.add_class(klass)
                else:
                    button.remove_class(klass)
        self.children = tuple(self._buttons[:len(choices)])
