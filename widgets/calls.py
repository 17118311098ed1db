"""The call buttons beside the board: one a call the seat to act may make ("Declare the napoletana
of coins", "Pass"), and in Aluette's discard one confirming the cards chosen on the board.

The session describes them (:class:`cardlab.session.CallOption`: words, tooltip, the call or None
for the confirmation); the bar only draws them.  New buttons at each redraw would leave the old
ones' models (button, layout, style) open in the kernel and the browser: 20 hands of Quadrille left
about 2 400.  The bar keeps its buttons and relabels them, so it holds as many as the most choices
ever offered at once, however long the lesson.
"""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as ipw

from cardlab.session import CallOption

CALL = "cardlab-call"
CONFIRM = "cardlab-confirm"


class CallBar(ipw.HBox):
    """``CallBar(on_choose)`` shows ``bar.show(options)``; a press calls ``on_choose(option)``."""

    def __init__(self, on_choose: Callable[[CallOption], object]) -> None:
        super().__init__()
        self.add_class("cardlab-calls")
        self._on_choose = on_choose
        self._buttons: list[ipw.Button] = []
        self.options: tuple[CallOption, ...] = ()

    def _pressed(self, at: int) -> None:
        if at < len(self.options):
            self._on_choose(self.options[at])

    def show(self, options: Sequence[CallOption]) -> None:
        self.options = tuple(options)
        while len(self._buttons) < len(options):
            button = ipw.Button(layout=ipw.Layout(width="auto"))
            button.on_click(lambda _, at=len(self._buttons): self._pressed(at))
            self._buttons.append(button)
        for button, option in zip(self._buttons, options):
            button.description, button.tooltip, button.disabled = option.label, option.title, option.disabled
            kind = CONFIRM if option.action is None else CALL
            for klass in (CALL, CONFIRM):
                if klass == kind:
                    button.add_class(klass)
                else:
                    button.remove_class(klass)
        self.children = tuple(self._buttons[:len(options)])
