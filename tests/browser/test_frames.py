"""Every picture the board shows while the computer plays is a whole one, and the board it settles
on is the one a fresh page at the table's own link draws; the words and the step line follow the
board, frame by frame; a special name fits its card.

The frame test watches the board in a real Chromium over the served app: a MutationObserver sees
every state of the board's DOM that the browser could paint (it runs after each batch of changes,
before the next paint), and at each one every ``href="#…"`` and ``url(#…)`` of the shown SVG must
name an element of the page.  The learner makes his own moves (a playable card by mouse, else a
call by keyboard), so the computer's answers come as frames at the normal pace."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from cardlab.cards import Card
from cardlab.render.cards import card_svg

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
"""A lesson's kernel runs every cell before its first table shows: minutes on a loaded machine."""

LESSONS = [("tressette", -1), ("quatre_sept", -1), ("soixante_six", -1), ("aluette", -3), ("aluette", -1),
           ("quadrille", -1)]
"""Each game's free table: the lesson and the table's place among the page's tables (Aluette's page
ends with Aluette, then La Vache)."""


def open_lesson(page: Page, open_voila, name: str) -> Page:
    page.set_default_timeout(SLOW_MS)
    return open_voila(name, wait_for=".cardlab-table", timeout_ms=SLOW_MS)


def table_at(page: Page, place: int) -> Locator:
    tables = page.locator(".cardlab-table")
    expect(tables.nth(0)).to_be_visible(timeout=SLOW_MS)
    return tables.nth(tables.count() + place)


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


@pytest.mark.parametrize("lesson, place", LESSONS, ids=[f"{n}{p}" for n, p in LESSONS])
def test_every_frame_is_whole_and_the_board_settles_on_the_linked_one(page, open_voila, fresh_page, lesson, place):
    page = open_lesson(page, open_voila, lesson)
    table = table_at(page, place)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    board = table.locator(".cardlab-svg-board")
    expect(board.locator("svg").first).to_be_visible(timeout=SLOW_MS)
    settled(table)
    board.evaluate(WATCH_JS)
    moves = [learner_moves(page, table) for _ in range(2)]
    seen = page.evaluate("window.__frames")
    assert seen["states"] >= 4, seen
    assert not seen["broken"], (moves, seen["broken"][:3])

    drawn, step = board.evaluate(BOARD_JS), step_text(table)
    address = page.url
    assert "#" in address
    fresh = fresh_page(page.viewport_size)
    try:
        fresh.set_default_timeout(SLOW_MS)
        fresh.goto(address)
        # the page's widgets appear one by one: the table counted from the end is there once all are
        expect(fresh.locator(".cardlab-table")).to_have_count(page.locator(".cardlab-table").count(),
                                                              timeout=SLOW_MS)
        other = table_at(fresh, place)
        expect(other.locator(".cardlab-step")).to_have_text(step, timeout=SLOW_MS)
        settled(other)
        assert other.locator(".cardlab-svg-board").evaluate(BOARD_JS) == drawn, moves
    finally:
        fresh.goto("about:blank")
        fresh.context.close()


def shown_plays(table: Locator) -> int:
    """The cards on the felt's trick as the board shows them."""
    return table.locator(".cardlab-svg-board g.trick [data-card]").count()


def spoken_plays(text: str) -> int:
    said = re.search(r"(?:On the table|wins the trick): ([^.]*)\.", text)
    return len(said.group(1).split(", ")) if said else 0


def test_in_next_card_mode_the_words_and_the_step_line_wait_with_the_board(page, open_voila):
    page = open_lesson(page, open_voila, "tressette")
    table = table_at(page, -1)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    table.locator(".cardlab-pace select").select_option(label="Next card (click)")
    live = table.locator(".cardlab-svg .cardlab-sr")
    card = table.locator(".cardlab-svg-board [data-hand].legal").first
    expect(card).to_be_visible(timeout=SLOW_MS)
    step = int(re.match(r"Step (\d+)", step_text(table)).group(1))
    card.click()
    button = table.locator(".cardlab-next-card")
    expect(button).to_be_visible(timeout=SLOW_MS)
    waited = 0
    while button.is_visible():
        step += 1
        expect(table.locator(".cardlab-step")).to_contain_text(f"Step {step} of ", timeout=SLOW_MS)
        last = int(re.search(r"of (\d+)", step_text(table)).group(1))
        assert step < last, "the step line is at the end while the board still waits"
        page.wait_for_function("([live, n]) => live.textContent.length > 0", arg=[live.element_handle(), 0])
        assert spoken_plays(live.text_content()) == shown_plays(table), live.text_content()
        button.click()
        waited += 1
    assert waited >= 2
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {last} of {last}", timeout=SLOW_MS)
    expect(live).to_contain_text("Your turn, South", timeout=SLOW_MS)


def test_the_keyboard_focus_is_not_the_playable_yellow(page, open_voila):
    page = open_lesson(page, open_voila, "tressette")
    table = table_at(page, -1)
    card = table.locator(".cardlab-svg-board [data-hand].legal").first
    expect(card).to_be_visible(timeout=SLOW_MS)
    card.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")        # a keyboard move: :focus-visible
    focused = page.evaluate("""() => { const style = getComputedStyle(document.activeElement);
        return [document.activeElement.getAttribute('data-card'), style.outlineColor, style.outlineWidth]; }""")
    assert focused[0], focused
    assert focused[1] not in ("rgb(255, 210, 31)",) and focused[2] != "0px", focused


@pytest.mark.parametrize("code, name", [("2C", "Deux de Chêne"), ("2S", "Deux d'Écrit"), ("9H", "Grand Neuf")])
def test_a_special_name_fits_on_its_card(page: Page, code: str, name: str):
    page.set_content(f"<body>{card_svg(Card.parse(code), 'spanish', width=150, special=name)}</body>")
    text = page.get_by_text(name, exact=True)
    box, ribbon = text.bounding_box(), page.locator("rect[opacity='0.85']").bounding_box()
    assert box["x"] >= ribbon["x"] and box["x"] + box["width"] <= ribbon["x"] + ribbon["width"] + 0.5, (box, ribbon)
