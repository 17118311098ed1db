"""The table as a classroom instrument, in a real Chromium: a lesson's free table fits a laptop
screen (board, hand, calls, caption and message slot visible at once once the table is scrolled into
view), stacks into a column on a phone, and has a presenter mode.  Screenshots of each size go to
``test-artifacts/`` to be looked at (``bash scripts/screenshots.sh``).

The board is the same box in every game (900 x 540, scaled to the width), so what a game changes in
the layout is the column beside it and the seats around the felt.  The page
(``tests/browser/table_page.py``) shows these tables, chosen from the lessons and the registry, never
by name:

- the lesson free table whose side column holds the most at the deal (its caption and its call
  buttons' words): the tallest column, the first to push the message slot off a laptop's screen
  (Quatre-Sept's table with signals, today); it is also the one shown on a phone and in presenter
  mode;
- the games whose rules allow the most seats any game allows, each switched to that many on its own
  rules panel as a teacher does (five-handed La Vache and Quadrille, today): the most hands around
  the felt.

Every lesson free table of every game has its parts and its layouts (normal, phone, presenter) in
``tests/test_table_classroom.py``."""
from __future__ import annotations

import re
from dataclasses import fields

from playwright.sync_api import Locator, Page, expect

from cardlab.games import get_rules
from cardlab.widgets import Table
from cardlab.widgets.table import _choice_label, option_label
from tests.browser.table_page import lesson_tables, open_tables, settle, spec
from tests.servers import shot

LAPTOPS = [(1366, 768), (1024, 768)]
PARTS = {"board": ".cardlab-board svg.cardlab", "hand": ".cardlab-board g.hand.viewer",
         "calls": ".cardlab-calls", "caption": ".cardlab-caption", "message": ".cardlab-message"}


def fullest_side() -> str:
    """The spec of the lesson free table whose side column holds the most words at the deal."""
    def held(game: str, arguments: dict) -> int:
        table = Table(game, **arguments)
        words = len(re.sub(r"<[^>]+>", "", table.caption.value)) + sum(
            len(button.description) for button in table.calls_box.children)
        table.close()
        return words
    _, game, arguments = max(lesson_tables(), key=lambda found: held(found[1], found[2]))
    return spec(game, arguments)


def most_seats() -> list[tuple[str, str, str, str, int]]:
    """The games whose rules seat the most players any game allows, each with the option choice that
    does it: (game, option, its label, the choice's label, seats), in the registry's order."""
    found: dict[str, tuple[int, tuple[str, str, str, str, int]]] = {}
    for _, game, _ in lesson_tables():
        rules = get_rules(game)
        for option in fields(rules.Options):
            for choice in option.metadata["choices"]:
                seats = len(get_rules(game, **{option.name: choice}).seats)
                if seats > len(rules.seats) and seats > found.get(game, (0,))[0]:
                    found[game] = (seats, (game, option.name, option_label(option), _choice_label(option, choice),
                                          seats))
    most = max(seats for seats, _ in found.values())
    return [choice for seats, choice in found.values() if seats == most]


def outside(page: Page, table: Locator) -> dict[str, dict]:
    """The parts of the table not wholly inside the viewport, with their boxes."""
    size = page.viewport_size
    found = {}
    for name, selector in PARTS.items():
        box = table.locator(selector).first.bounding_box()
        if box is None or box["x"] < -1 or box["y"] < -1 or box["x"] + box["width"] > size["width"] + 1 \
                or box["y"] + box["height"] > size["height"] + 1:
            found[name] = box
    return found


def test_tables_fit_laptops_stack_on_a_phone_and_present(page, lab_url):
    fullest, crowded = fullest_side(), most_seats()
    page.set_default_timeout(60_000)
    side, *seated = tables = open_tables(page, lab_url, fullest, *(game for game, *_ in crowded))
    names = [fullest] + [game for game, *_ in crowded]

    # the most seats, chosen on each table's own rules panel
    for table, (game, option, named, label, seats) in zip(seated, crowded):
        table.locator(".cardlab-pace select").select_option(label="instant")   # the deal's calls at once
        table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
        table.locator(f".cardlab-option-{option} select").select_option(label=label)
        expect(table.locator(".cardlab-caption")).to_contain_text("new match")
        table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
        expect(table.locator(".cardlab-rules")).to_contain_text(f"{named}: {label}")
        expect(table.locator(".cardlab-board g.hand")).to_have_count(seats)
    for table in tables:
        expect(table.locator(".cardlab-board svg.cardlab")).to_be_attached()
        expect(table.locator(".cardlab-rules")).to_contain_text("Rules:")

    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        for name, table in zip(names, tables):
            settle(table)
            shot(page, f"classroom-{name.split(',')[0]}-{width}")
            assert outside(page, table) == {}, f"{name}'s table at {width}×{height}"

    page.set_viewport_size({"width": 390, "height": 844})
    settle(side)
    shot(page, "classroom-390")
    board = side.locator(".cardlab-board svg.cardlab").bounding_box()
    column = side.locator(".cardlab-side").bounding_box()
    assert board["width"] <= 390 and column["y"] >= board["y"] + board["height"] - 1   # one column
    small = page.evaluate("""el => [...el.querySelectorAll('.cardlab-side *')]
        .filter(n => n.childNodes.length && [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim()))
        .map(n => parseFloat(getComputedStyle(n).fontSize)).filter(s => s < 12)""", side.element_handle())
    assert small == [], "text under 12 px beside the board on a phone"

    page.set_viewport_size({"width": 1024, "height": 768})
    side.locator(".cardlab-presenter-toggle").click()
    expect(side.locator(".cardlab-presenter-toggle")).to_have_class(re.compile("mod-active"))
    expect(side).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)   # the kernel's answer
    settle(side)
    shot(page, "classroom-presenter")
    size = side.locator(".cardlab-deal").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 20
