"""The table's layout in a real Chromium over the served app: a refusal is read whole and moves no
board (laptops and a phone), and presenter mode at 1024 x 768 is a projector view (the control row
on one line; the board, every open hand, the trick, the caption and "Next card" on screen at once;
the other seats' cards large enough to read from the back of a room).

The scenarios come from each lesson's free table and the refusals from the engine, never typed in.
Screenshots go to ``test-artifacts/layout-*.png``."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from cardlab import Play
from cardlab.scenario import builtin, named, run_for
from tests.servers import ARTIFACTS

SIZES = [(1366, 768), (1024, 768), (390, 844)]
REFUSED = [("tressette", "tressette-follow-suit"), ("quadrille", "quadrille-forced-matador")]
LESSON_LOAD_MS = 120_000
READABLE_CARD_PX = 44
"""The narrowest on-screen width of another seat's open card in presenter mode (the phone's touch
size), whose index then stands at least 18 px high."""
READABLE_STEP_PX = 22
"""How much of each overlapped card shows, at least: its whole index."""


def refused(scenario: str) -> tuple[str, str]:
    """The first of South's cards the rules refuse at the end of ``scenario``, and their sentence."""
    shown = named(scenario)
    state = run_for(shown, shown.game).hand.state
    rules = shown.rules()
    for card in state.hand("S"):
        why = rules.why_illegal(state, Play("S", card))
        if why:
            return str(card), why
    raise AssertionError(f"{scenario}: South may play every card")


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return found


def inside(page: Page, found: dict[str, float]) -> bool:
    size = page.viewport_size
    return found["x"] >= -1 and found["y"] >= -1 and found["x"] + found["width"] <= size["width"] + 1 \
        and found["y"] + found["height"] <= size["height"] + 1


def settle(table: Locator) -> None:
    """Scroll the table to the top of the viewport and wait until it and its board stay put (a
    resize redraws the boards above it for the new width, and the page reflows under the scroll)."""
    board = table.locator(".cardlab-board svg.cardlab")
    last = None
    for _ in range(30):
        table.evaluate("el => el.scrollIntoView({block: 'start'})")
        table.page.wait_for_timeout(250)
        now = (round(box(table)["y"]), tuple(round(v) for v in box(board).values()))
        if now == last and abs(now[0]) < 2:
            return
        last = now
    raise AssertionError("the table never settled")


def open_scenario(page: Page, lesson: str, scenario: str) -> Locator:
    """The lesson's free table (the last on the page) showing ``scenario`` at its last step."""
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-scenario select").select_option(label=builtin(scenario).title)
    expect(table.locator(".cardlab-step")).to_contain_text("Step 1 of")
    table.locator(".cardlab-end").click()
    steps = len(run_for(named(scenario), named(scenario).game).hand.log)
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
    return table


def parts_clipped(table: Locator) -> list[str]:
    """The message slot and everything in it that hides part of its content (scrolls or clips)."""
    return table.locator(".cardlab-message").evaluate("""slot => [slot, ...slot.querySelectorAll('*')]
        .filter(n => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
        .filter(n => getComputedStyle(n).overflowX !== 'visible' || getComputedStyle(n).overflowY !== 'visible')
        .map(n => n.className || n.tagName)""")


@pytest.mark.parametrize("lesson, scenario", REFUSED)
def test_a_refusal_is_read_whole_and_moves_no_board(page, open_voila, lesson, scenario):
    page.set_default_timeout(LESSON_LOAD_MS)       # a lesson runs all its cells before it shows
    page = open_voila(lesson, wait_for=".cardlab-table", timeout_ms=LESSON_LOAD_MS)
    table = open_scenario(page, lesson, scenario)
    card, sentence = refused(scenario)
    refusal = table.locator(".cardlab-message .cardlab-refusal")
    board = table.locator(".cardlab-board svg.cardlab")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        expect(board).to_have_attribute("viewBox", re.compile(r"^0 0 360 ") if width < 600 else "0 0 900 540",
                                        timeout=30_000)
        table.locator(".cardlab-back").click()          # a step clears the message slot
        table.locator(".cardlab-end").click()
        expect(refusal).to_have_count(0)
        settle(table)
        target = table.locator(f".cardlab-board g.hand.viewer [data-card='{card}']")
        target.scroll_into_view_if_needed()     # the click's own scrolling would move the board in the view
        before = box(board)
        target.click()
        expect(refusal).to_have_text(sentence)
        after = box(board)
        assert after == before, f"the refusal moved the board at {width} px: {before} -> {after}"
        assert parts_clipped(table) == [], f"the refusal is cut off at {width} px"
        slot, words = box(table.locator(".cardlab-message")), box(refusal)
        assert words["y"] + words["height"] <= slot["y"] + slot["height"] + 1
        refusal.scroll_into_view_if_needed()
        assert inside(page, box(refusal)), f"the refusal is not wholly on screen at {width} px"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"layout-refusal-{lesson}-{width}.png"))


def on_one_line(row: Locator) -> bool:
    tops = row.evaluate("""row => [...row.children].filter(c => c.getBoundingClientRect().width > 0)
        .map(c => c.getBoundingClientRect()).map(r => [r.top, r.bottom])""")
    return max(top for top, _ in tops) < min(bottom for _, bottom in tops)


def open_cards(table: Locator) -> list[dict[str, float]]:
    """The boxes of the other seats' face-up cards, hand by hand, left to right."""
    return table.locator(".cardlab-board svg.cardlab").evaluate("""svg => [...svg.querySelectorAll('g.hand')]
        .filter(h => !h.classList.contains('viewer'))
        .map(h => [...h.querySelectorAll('[data-card]')].map(c => c.getBoundingClientRect())
             .map(r => ({x: r.x, width: r.width})).sort((a, b) => a.x - b.x))""")


@pytest.mark.parametrize("lesson, scenario", REFUSED)
def test_presenter_mode_is_a_projector_view_at_1024_by_768(page, open_voila, lesson, scenario):
    page.set_default_timeout(LESSON_LOAD_MS)
    page = open_voila(lesson, wait_for=".cardlab-table", timeout_ms=LESSON_LOAD_MS)
    page.set_viewport_size({"width": 1024, "height": 768})
    table = open_scenario(page, lesson, scenario)
    table.locator(".cardlab-pace select").select_option(label="Next card (click)")
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)
    table.locator(".cardlab-open-hands input").check()
    seats = len(named(scenario).rules().seats)
    expect(table.locator(".cardlab-board g.hand:not(.viewer)")).to_have_count(seats - 1, timeout=30_000)
    expect(table.locator(".cardlab-caption")).not_to_be_empty()
    settle(table)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"layout-presenter-open-{lesson}.png"))

    assert on_one_line(table.locator(".cardlab-setup")), "the control row wraps"
    shown = {"board": ".cardlab-board svg.cardlab", "trick": ".cardlab-board g.trick",
             "caption": ".cardlab-caption", "steps": ".cardlab-steps"}
    for seat in named(scenario).rules().seats:
        shown[f"{seat}'s hand"] = f".cardlab-board g.hand[data-seat='{seat}']"
    off = {name: box(table.locator(selector).first) for name, selector in shown.items()
           if not inside(page, box(table.locator(selector).first))}
    assert off == {}, f"off screen in presenter mode: {off}"
    for cards in open_cards(table):
        assert min(card["width"] for card in cards) >= READABLE_CARD_PX, cards
        assert all(b["x"] - a["x"] >= READABLE_STEP_PX for a, b in zip(cards, cards[1:])), cards

    board = box(table.locator(".cardlab-board svg.cardlab"))
    card, sentence = refused(scenario)
    table.locator(f".cardlab-board g.hand.viewer [data-card='{card}']").click()
    expect(table.locator(".cardlab-refusal")).to_have_text(sentence)
    assert box(table.locator(".cardlab-board svg.cardlab")) == board, "the refusal moved the board"
    assert parts_clipped(table) == []

    # the computer's cards one click at a time: "Next card" on the board, on screen with the rest
    table.locator(".cardlab-open-hands input").uncheck()
    expect(table.locator(".cardlab-board g.hand:not(.viewer) [data-card]")).to_have_count(0)
    legal = table.locator(".cardlab-board g.hand.viewer [data-card].legal").first
    legal.click()
    next_card = table.locator(".cardlab-next-card")
    expect(next_card).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"layout-presenter-next-{lesson}.png"))
    for name, selector in {"Next card": ".cardlab-next-card", "board": ".cardlab-board svg.cardlab",
                           "trick": ".cardlab-board g.trick", "caption": ".cardlab-caption",
                           "hand": ".cardlab-board g.hand.viewer"}.items():
        assert inside(page, box(table.locator(selector))), f"{name} is off screen while the computer waits"
