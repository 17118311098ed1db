"""Every picture the board shows while the computer plays is a whole one, and the board it settles
on is the one a fresh page at the table's own link draws; a special name fits its card.

The frame test watches the board in a real Chromium: a MutationObserver sees every state of the
board's DOM that the browser could paint (it runs after each batch of changes, before the next
paint), and at each one every ``href="#…"`` and ``url(#…)`` of the shown SVG must name an element of
the page.  The learner makes his own moves (a playable card by mouse, else a call by keyboard), so
the computer's answers come as frames at the normal pace.  One table is watched, on a page of its
own (``tests/browser/table_page.py``): the first of the lessons' free tables whose learner begins
with a call, so the page sees both a click and a key.  Every lesson's free table sends whole
pictures and settles on its linked board in ``tests/test_table_frames.py``; the words and the step
line waiting with the board in "Next card" mode, and the keyboard focus's colour, are checked in
``test_pace_and_keyboard.py``."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from cardlab.cards import Card
from cardlab.render.cards import card_svg
from cardlab.widgets import Table
from tests.browser.table_page import drawn, lesson_tables, open_tables, spec

WATCH_JS = """board => {
    const seen = {states: 0, broken: []};
    window.__frames = seen;
    const check = () => {
        const svg = board.querySelector(':scope > svg');
        if (!svg) return;
        seen.states++;
        const refs = [];
        for (const node of [svg, ...svg.querySelectorAll('*')]) for (const {name, value} of node.attributes) {
            if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) refs.push(value.slice(1));
            for (const found of value.matchAll(/url\\(#([^)]+)\\)/g)) refs.push(found[1]);
        }
        const missing = refs.filter((id) => !document.getElementById(id));
        if (missing.length) seen.broken.push(`${missing.length} of ${refs.length} references to nothing, e.g. #${missing[0]}`);
    };
    check();
    new MutationObserver(check).observe(board, {childList: true, subtree: true, attributes: true, characterData: true});
}"""

# the board as drawn: ids under the board's own prefix, the focus's roving tabindex left out
BOARD_JS = """board => board.querySelector(':scope > svg').outerHTML
    .replace(/cl[0-9a-f]{10}-/g, 'id-').replace(/ tabindex="-?\\d+"/g, '')"""

SLOW_MS = 120_000
"""A page's kernel starts and imports the engine before its table shows: long on a loaded machine."""


def first_call_table() -> str:
    """The spec of the first lesson free table whose learner has only calls to make at the deal."""
    for _, game, arguments in lesson_tables():
        table = Table(game, **arguments)
        if not re.search(r'class="[^"]*\blegal\b', table.board.svg) and table.calls_box.children:
            table.close()
            return spec(game, arguments)
        table.close()
    raise AssertionError("no lesson's free table begins with a call of the learner's")


def step_text(table: Locator) -> str:
    return table.locator(".cardlab-step").inner_text().strip()


def settled(table: Locator) -> None:
    """Until the board has shown its last frame."""
    expect(table.locator(".cardlab-svg.cardlab-playing")).to_have_count(0, timeout=SLOW_MS)


def learner_moves(page: Page, table: Locator) -> str:
    """A playable card by a click, else the first call by the keyboard; what was done."""
    board = table.locator(".cardlab-svg-board")
    card = board.locator("[data-hand].legal, g.hand.viewer .legal[data-card]").first
    call = table.locator(".cardlab-calls .cardlab-call:visible").first
    expect(card.or_(call).first).to_be_visible(timeout=SLOW_MS)
    before = step_text(table)
    if card.count():
        done = f"card {card.get_attribute('data-card')}"
        card.click()
    else:
        done = f"call {call.inner_text()}"
        call.focus()
        page.keyboard.press("Enter")
    page.wait_for_function("([step, before]) => step.innerText.trim() !== before",
                           arg=[table.locator(".cardlab-step").element_handle(), before], timeout=SLOW_MS)
    settled(table)
    return done


def test_every_frame_is_whole_and_the_board_settles_on_the_linked_one(page, lab_url, fresh_page):
    page.set_default_timeout(SLOW_MS)
    table, = open_tables(page, lab_url, first_call_table(), timeout_ms=SLOW_MS)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    board = table.locator(".cardlab-svg-board")
    settled(table)
    board.evaluate(WATCH_JS)
    moves = [learner_moves(page, table) for _ in range(2)]
    assert moves[0].startswith("call") and moves[1].startswith("card"), moves
    seen = page.evaluate("window.__frames")
    assert seen["states"] >= 4, seen
    assert not seen["broken"], (moves, seen["broken"][:3])

    drawn_board, step = board.evaluate(BOARD_JS), step_text(table)
    address = page.url
    assert "#" in address
    fresh = fresh_page(page.viewport_size)
    try:
        fresh.set_default_timeout(SLOW_MS)
        fresh.goto(address)
        other, = drawn(fresh, 1, SLOW_MS)
        expect(other.locator(".cardlab-step")).to_have_text(step, timeout=SLOW_MS)
        settled(other)
        assert other.locator(".cardlab-svg-board").evaluate(BOARD_JS) == drawn_board, moves
    finally:
        fresh.goto("about:blank")
        fresh.context.close()


@pytest.mark.parametrize("code, name", [("2C", "Deux de Chêne"), ("2S", "Deux d'Écrit"), ("9H", "Grand Neuf")])
def test_a_special_name_fits_on_its_card(page: Page, code: str, name: str):
    page.set_content(f"<body>{card_svg(Card.parse(code), 'spanish', width=150, special=name)}</body>")
    text = page.get_by_text(name, exact=True)
    box, ribbon = text.bounding_box(), page.locator("rect[opacity='0.85']").bounding_box()
    assert box["x"] >= ribbon["x"] and box["x"] + box["width"] <= ribbon["x"] + ribbon["width"] + 0.5, (box, ribbon)
