"""Every free table of every game's lesson, as the lesson makes it, has the parts a classroom needs and
its three layouts, through the traits a browser sets: the board (a picture with the learner's hand),
the folded rules panel saying "Rules: …", the calls, the caption and the message slot beside the
board; a phone's width draws the portrait picture and a laptop's the landscape one again; the
Presenter toggle gives the table the presenter class and draws the board for a projector.

``tests/browser/test_classroom.py`` measures in Chromium that such tables fit a laptop's screen,
stack on a phone and present, for the tables whose layout differs most."""
from __future__ import annotations

import re

import pytest

from cardlab.render.table import table_svg
from cardlab.widgets import Table
from tests.browser.table_page import lesson_tables

TABLES = lesson_tables()
IDS = [f"{game}-{'-'.join(f'{k}={v}' for k, v in arguments.items()) or 'usual'}" for _, game, arguments in TABLES]


def view_box(svg: str) -> str:
    found = re.search(r'\bviewBox="([^"]+)"', svg)
    assert found, svg[:200]
    return found.group(1)


def classes(widget) -> list[str]:
    return list(widget._dom_classes)


@pytest.mark.parametrize("lesson, game, arguments", TABLES, ids=IDS)
def test_a_lessons_free_table_has_its_parts_and_its_three_layouts(lesson, game, arguments) -> None:
    table = Table(game, **arguments)
    assert "cardlab-table" in classes(table)
    svg = table.board.svg
    assert svg.startswith("<svg") and 'class="cardlab table"' in svg
    assert re.search(r'<g class="hand viewer" data-seat="S"', svg) and 'data-card="' in svg
    assert table.rules_panel.selected_index is None and table.rules_panel.titles[0].startswith("Rules:")
    side = next(child for child in table.children if "cardlab-play" in classes(child)).children[1]
    assert "cardlab-side" in classes(side)
    parts = {name: next((child for child in side.children if name in classes(child)), None)
             for name in ("cardlab-steps", "cardlab-step", "cardlab-caption", "cardlab-calls", "cardlab-message")}
    assert all(parts.values()), parts
    order = [side.children.index(part) for part in parts.values()]
    assert order == sorted(order), "steps, step line, caption, calls and message, in that order"

    assert view_box(svg) == "0 0 900 540"
    table.board.width = 380                                     # a phone
    assert table.theme() == "narrow" and view_box(table.board.svg).startswith("0 0 360 ")
    table.board.width = 1000                                    # a laptop again
    assert table.theme() == "normal" and view_box(table.board.svg) == "0 0 900 540"
    normal = table.board.svg
    table.presenter_box.value = True
    assert "cardlab-presenter" in classes(table) and table.theme() == "presenter"
    assert table.board.svg != normal                            # the toggle redraws the board for the projector
    assert re.sub(r'\bcl[0-9a-f]+-', '', table.board.svg) == re.sub(
        r'\bcl[0-9a-f]+-', '', table_svg(table.session.frame(table.index, table.seat).scene, theme="presenter"))
    table.presenter_box.value = False
    assert "cardlab-presenter" not in classes(table) and table.board.svg == normal
