"""A picture book: pictures drawn by ``cardlab`` beforehand, stepped through with two buttons.

It holds the pictures and an index, nothing else: ``Stepper(lesson.ceremony_steps(seed=68))``
shows Aluette's partnership ceremony card by card.  Each picture is anything with ``html`` (an
SVG) and ``text`` (its caption, shown above it) such as :class:`cardlab.lesson.Shown`.
"""
from __future__ import annotations

from typing import Protocol, Sequence

import ipywidgets as ipw
import traitlets

from cardlab.i18n import _

from . import html
from .svgview import SvgView


class Picture(Protocol):
    html: str
    text: str


class Stepper(ipw.VBox):
    index = traitlets.Int(0)

    def __init__(self, pictures: Sequence[Picture]) -> None:
        self.pictures = list(pictures)
        self.board = SvgView()
        self.board.add_class("cardlab-board")
        self.back_button = ipw.Button(description=_("◀ Back"), layout=ipw.Layout(width="auto"))
        self.forward_button = ipw.Button(description=_("Forward ▶"), layout=ipw.Layout(width="auto"))
        self.back_button.add_class("cardlab-back")
        self.forward_button.add_class("cardlab-forward")
        self.back_button.on_click(lambda _: self._go(-1))
        self.forward_button.on_click(lambda _: self._go(1))
        self.step_label = ipw.HTML()
        self.step_label.add_class("cardlab-step")
        self.caption = ipw.HTML()
        self.caption.add_class("cardlab-caption")
        controls = ipw.HBox([self.back_button, self.step_label, self.forward_button],
                            layout=ipw.Layout(align_items="center"))
        super().__init__(children=[controls, self.caption, self.board])
        self.add_class("cardlab-stepper")
        self.observe(lambda _: self._redraw(), "index")
        self._redraw()

    def _go(self, steps: int) -> None:
        self.index = max(0, min(self.index + steps, len(self.pictures) - 1))

    def _redraw(self) -> None:
        picture = self.pictures[self.index]
        self.board.svg = picture.html
        self.caption.value = html.note(picture.text)
        self.step_label.value = "<b>{}</b>".format(html.escape(_("Step {number} of {count}").format(
            number=self.index, count=len(self.pictures) - 1)))
        self.back_button.disabled = self.index == 0
        self.forward_button.disabled = self.index == len(self.pictures) - 1
