"""The table's layout in a real Chromium over the served app: a refusal is read whole and moves no
board (laptops and a phone), and presenter mode at 1024 x 768 is a projector view (the control row
on one line; the board, every open hand, the trick, the caption and "Next card" on screen at once;
the other seats' cards large enough to read from the back of a room).

The scenarios come from each lesson's free table and the refusals from the engine, never typed in.
Both scenarios' tables are on one page of their own (``tests/browser/table_page.py``): Tressette's
refusal is the common one (follow suit), Quadrille's forced matador a sentence twice as long, on the
game with the longest rules panel and the most calls beside the board.  Every game's refusal is set whole in its table's message
slot, with nothing else changed, in ``tests/test_table_layout.py``.  Screenshots go to
``test-artifacts/layout-*.png`` (``bash scripts/screenshots.sh``)."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from cardlab import Play
from cardlab.scenario import named, run_for
from tests.browser.table_page import open_tables, settle
from tests.servers import shot

SIZES = [(1366, 768), (1024, 768), (390, 844)]
REFUSED = ["tressette-follow-suit", "quadrille-forced-matador"]
LOAD_MS = 120_000
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


def open_scenarios(page: Page, lab_url: str) -> list[Locator]:
    """The tables of the ``REFUSED`` scenarios, each at its scenario's last step."""
    page.set_default_timeout(LOAD_MS)
    tables = open_tables(page, lab_url, *(f"{named(scenario).game},scenario={scenario}" for scenario in REFUSED),
                         timeout_ms=LOAD_MS)
    for table, scenario in zip(tables, REFUSED):
        expect(table.locator(".cardlab-step")).to_contain_text("Step 1 of")
        table.locator(".cardlab-end").click()
        steps = len(run_for(named(scenario), named(scenario).game).hand.log)
        expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
    return tables


def parts_clipped(table: Locator) -> list[str]:
    """The message slot and everything in it that hides part of its content (scrolls or clips)."""
    return table.locator(".cardlab-message").evaluate("""slot => [slot, ...slot.querySelectorAll('*')]
        .filter(n => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
        .filter(n => getComputedStyle(n).overflowX !== 'visible' || getComputedStyle(n).overflowY !== 'visible')
        .map(n => n.className || n.tagName)""")


def test_a_refusal_is_read_whole_and_moves_no_board(page, lab_url):
    tables = open_scenarios(page, lab_url)
    for table, scenario in zip(tables, REFUSED):
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
            assert after == before, f"the refusal moved {scenario}'s board at {width} px: {before} -> {after}"
            assert parts_clipped(table) == [], f"{scenario}'s refusal is cut off at {width} px"
            slot, words = box(table.locator(".cardlab-message")), box(refusal)
            assert words["y"] + words["height"] <= slot["y"] + slot["height"] + 1
            refusal.scroll_into_view_if_needed()
            assert inside(page, box(refusal)), f"{scenario}'s refusal is not wholly on screen at {width} px"
            shot(page, f"layout-refusal-{scenario}-{width}")


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


def test_presenter_mode_is_a_projector_view_at_1024_by_768(page, lab_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    for table, scenario in zip(open_scenarios(page, lab_url), REFUSED):
        presents(page, table, scenario)


def presents(page: Page, table: Locator, scenario: str) -> None:
    """``table`` in presenter mode at 1024 x 768, at ``scenario``'s last step, is a projector view."""
    table.locator(".cardlab-pace select").select_option(label="Next card (click)")
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)
    table.locator(".cardlab-open-hands input").check()
    seats = len(named(scenario).rules().seats)
    expect(table.locator(".cardlab-board g.hand:not(.viewer)")).to_have_count(seats - 1, timeout=30_000)
    expect(table.locator(".cardlab-caption")).not_to_be_empty()
    settle(table)
    shot(page, f"layout-presenter-open-{scenario}")

    assert on_one_line(table.locator(".cardlab-setup")), f"{scenario}: the control row wraps"
    shown = {"board": ".cardlab-board svg.cardlab", "trick": ".cardlab-board g.trick",
             "caption": ".cardlab-caption", "steps": ".cardlab-steps"}
    for seat in named(scenario).rules().seats:
        shown[f"{seat}'s hand"] = f".cardlab-board g.hand[data-seat='{seat}']"
    off = {name: box(table.locator(selector).first) for name, selector in shown.items()
           if not inside(page, box(table.locator(selector).first))}
    assert off == {}, f"{scenario}: off screen in presenter mode: {off}"
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
    shot(page, f"layout-presenter-next-{scenario}")
    for name, selector in {"Next card": ".cardlab-next-card", "board": ".cardlab-board svg.cardlab",
                           "trick": ".cardlab-board g.trick", "caption": ".cardlab-caption",
                           "hand": ".cardlab-board g.hand.viewer"}.items():
        assert inside(page, box(table.locator(selector))), f"{scenario}: {name} is off screen while the computer waits"
