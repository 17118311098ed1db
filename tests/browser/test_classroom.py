"""The table as a classroom instrument, in a real Chromium over the served app: every lesson's
free table fits a laptop screen (board, hand, calls, caption and message slot visible at once once
the table is scrolled into view), stacks into a column on a phone, and has a presenter mode.
Screenshots of each lesson at each size go to ``test-artifacts/`` to be looked at."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.servers import ARTIFACTS, REPO

LESSONS = ["tressette", "quatre_sept", "soixante_six", "quadrille", "aluette"]
LAPTOPS = [(1366, 768), (1024, 768)]
PARTS = {"board": ".cardlab-board svg.cardlab", "hand": ".cardlab-board g.hand.viewer",
         "calls": ".cardlab-calls", "caption": ".cardlab-caption", "message": ".cardlab-message"}


def scroll_to(table: Locator) -> None:
    """Scroll the table to the top of the viewport and wait until it stays there: after a resize
    the boards above it are redrawn for the new width and the page reflows under the scroll."""
    for _ in range(20):
        table.evaluate("el => el.scrollIntoView({block: 'start'})")
        table.page.wait_for_timeout(300)
        if abs(table.bounding_box()["y"]) < 2:
            return


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


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"classroom-{name}.png"))


def free_table(page: Page) -> Locator:
    """The lesson's free game: the last table on the page (Aluette's is La Vache's)."""
    return page.locator(".cardlab-table").last


def free_tables(lesson: str) -> list[int]:
    """The places on the page of the lesson's tables that start from a seed, not a scenario."""
    cells = json.loads((REPO / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    calls = [call for cell in cells if cell["cell_type"] == "code"
             for call in re.findall(r"\bTable\((.*)\)", "".join(cell["source"]))]
    return [number for number, arguments in enumerate(calls) if "scenario=" not in arguments]


@pytest.mark.parametrize("lesson", LESSONS)
def test_free_table_fits_laptops_stacks_on_a_phone_and_presents(open_voila, lesson):
    page = open_voila(lesson, wait_for=".cardlab-table")
    table = free_table(page)
    expect(table.locator(".cardlab-board svg.cardlab")).to_be_attached()
    expect(table.locator(".cardlab-rules")).to_contain_text("Rules:")
    tables = page.locator(".cardlab-table")
    places = free_tables(lesson)
    assert places and tables.count() >= max(places) + 1
    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        for place in places:
            scroll_to(tables.nth(place))
            assert outside(page, tables.nth(place)) == {}, f"{lesson}'s table {place} at {width}×{height}"
        shoot(page, f"{lesson}-{width}")

    page.set_viewport_size({"width": 390, "height": 844})
    scroll_to(table)
    shoot(page, f"{lesson}-390")
    board = table.locator(".cardlab-board svg.cardlab").bounding_box()
    side = table.locator(".cardlab-side").bounding_box()
    assert board["width"] <= 390 and side["y"] >= board["y"] + board["height"] - 1   # one column
    small = page.evaluate("""el => [...el.querySelectorAll('.cardlab-side *')]
        .filter(n => n.childNodes.length && [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim()))
        .map(n => parseFloat(getComputedStyle(n).fontSize)).filter(s => s < 12)""", table.element_handle())
    assert small == [], "text under 12 px beside the board on a phone"

    page.set_viewport_size({"width": 1024, "height": 768})
    table.locator(".cardlab-presenter-toggle").click()
    expect(table.locator(".cardlab-presenter-toggle")).to_have_class(re.compile("mod-active"))
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)   # the kernel's answer
    scroll_to(table)
    shoot(page, f"{lesson}-presenter")
    size = table.locator(".cardlab-deal").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 20


def test_quadrille_with_five_players_fits(open_voila):
    page = open_voila("quadrille", wait_for=".cardlab-table")
    table = free_table(page)
    table.locator(".cardlab-pace select").select_option(label="instant")   # the deal's bids at once
    table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
    table.locator(".cardlab-option-players select").select_option(label="5")
    expect(table.locator(".cardlab-caption")).to_contain_text("new match")
    table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
    expect(table.locator(".cardlab-rules")).to_contain_text("Players: 5")
    for width, height in LAPTOPS:
        page.set_viewport_size({"width": width, "height": height})
        scroll_to(table)
        shoot(page, f"quadrille-five-{width}")
        assert outside(page, table) == {}, f"five-handed Quadrille at {width}×{height}"
