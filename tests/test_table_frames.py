"""Every picture a table sends its board while the computer plays is a whole one, and the board it
settles on is the one a fresh table at the table's own address draws: for every free table of every
game's lesson, with the learner's own two moves (a playable card clicked on the board, else the
first call's button pressed), at the normal pace, as ``tests/browser/test_frames.py`` makes them in
Chromium for one table.

Whole: every ``href="#…"`` and ``url(#…)`` of the picture names an element of that same picture (each
board draws its own definitions, and the browser renames each board's ids to a prefix of its own)."""
from __future__ import annotations

import re

import pytest

from cardlab.widgets import Table
from tests.browser.table_page import lesson_tables

TABLES = lesson_tables()
REF = re.compile(r'(?:xlink:)?href="#([^"]+)"|url\(#([^)]+)\)')


def broken(svg: str) -> list[str]:
    """The references of ``svg`` to an id it does not hold."""
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    return [name for found in REF.findall(svg) for name in found if name and name not in ids]


def learner_moves(table: Table, number: int) -> str:
    """A playable card of the learner's by a click on the board (the first the picture draws, as the
    browser test's), else the first call's button; what was done."""
    legal = re.findall(r'<[^>]*\bclass="[^"]*\blegal\b[^"]*"[^>]*>', table.board.svg)
    cards = [card.group(1) for card in (re.search(r'data-card="([^"]+)"', tag) for tag in legal) if card]
    before = table.index
    if cards:
        done = f"card {cards[0]}"
        table.board.clicked = f"{cards[0]}#{number}"
    else:
        calls = [button for button in table.calls_box.children if not button.disabled]
        assert calls, f"the learner can do nothing at step {table.index}"
        done = f"call {calls[0].description}"
        calls[0].click()
    assert table.index > before and not table.message, (done, table.message)
    return done


@pytest.mark.parametrize("lesson, game, arguments", TABLES,
                         ids=[f"{game}-{'-'.join(f'{k}={v}' for k, v in arguments.items()) or 'usual'}"
                              for _, game, arguments in TABLES])
def test_every_picture_sent_is_whole_and_the_board_settles_on_the_linked_one(lesson, game, arguments):
    table = Table(game, key="t1", **arguments)
    assert table.board.pace > 0, "the lesson's tables play the computer's cards at a person's pace"
    sent: list[str] = [table.board.svg]
    table.board.observe(lambda change: sent.extend(change["new"]), "frames")
    table.board.observe(lambda change: sent.append(change["new"]), "svg")
    moves = [learner_moves(table, number) for number in (1, 2)]
    assert len(sent) >= 4, (moves, len(sent))
    assert sent[-1] == table.board.svg
    for number, svg in enumerate(sent):
        assert svg.startswith("<svg") and svg.endswith("</svg>"), (moves, number)
        assert not broken(svg), (moves, number, broken(svg)[:3])

    fresh = Table(game, key="t1", **arguments)
    fresh.share.view.restore = table.share.address            # what the browser sends from the link
    assert fresh.step_label.value == table.step_label.value, moves
    assert fresh.board.svg == table.board.svg, moves
    assert fresh.board.alt == table.board.alt
