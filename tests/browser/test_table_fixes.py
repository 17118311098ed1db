"""The end of a hand and "Open scenario…" in a real Chromium (issue 20, items 5 and 13): the count
waits until the board has shown the computer's last cards, Skip brings the breakdown up where the
count was, and a file too large for a scenario is refused in the browser with the kernel's own
sentence, after which "Open scenario…" still opens a file.  The table is a free Tressette table on a page
of its own (``tests/browser/table_page.py``), not the lesson's."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from cardlab.scenario import MAX_BYTES, builtin
from tests.browser.table_page import choose_file, open_tables

SCENARIO = "tressette-last-trick-tie"      # South leads the last trick; E, N and W follow
SLOW_MS = 180_000


def too_large(name: str, size: int) -> str:
    """The kernel's sentence for a file over 1 MB: the browser's refusal says it too."""
    return f"{name} holds {size:,} bytes, more than a scenario may ({MAX_BYTES:,}): it was not opened."


def free_table(page, lab_url):
    """A free Tressette table, as a lesson's, at the top of the view: (the page, the table)."""
    page.set_default_timeout(SLOW_MS)
    table, = open_tables(page, lab_url, "tressette", timeout_ms=SLOW_MS)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    return page, table


def test_the_count_waits_for_the_last_cards_and_skip_brings_the_breakdown_up(page, lab_url):
    page, table = free_table(page, lab_url)
    table.locator(".cardlab-scenario select").select_option(label=builtin(SCENARIO).title)
    table.locator(".cardlab-end").click()
    expect(table.locator(".cardlab-counting")).to_be_visible(timeout=SLOW_MS)
    for _ in range(4):
        table.locator(".cardlab-back").click()
    lead = table.locator(".cardlab-svg-board g.hand.viewer [data-card='3C'].legal")
    expect(lead).to_be_visible(timeout=SLOW_MS)
    table.locator(".cardlab-pace select").select_option(label="Next card (click)")
    lead.click()

    trainer = table.locator(".cardlab-counting")
    next_card = table.locator(".cardlab-next-card")
    expect(next_card).to_be_visible(timeout=SLOW_MS)
    expect(trainer.locator(".cardlab-count-heading")).to_contain_text("Count your side's points", timeout=SLOW_MS)
    clicks = 0
    while next_card.is_visible():               # the trick's cards, one click each
        expect(trainer).to_be_hidden()
        next_card.click()
        clicks += 1
    assert clicks == 3
    expect(trainer).to_be_visible()
    expect(table.locator(".cardlab-match")).to_contain_text("counting…")   # not the hand's score

    trainer.locator(".cardlab-count-skip").click()
    breakdown = table.locator(".cardlab-breakdown")
    expect(breakdown).to_contain_text("End of hand")
    expect(trainer).to_be_hidden()
    top = breakdown.evaluate("el => el.getBoundingClientRect().top")
    assert top < page.viewport_size["height"] - 100, f"the breakdown starts at {top}px, below the fold"


def test_a_file_too_large_is_refused_in_the_browser_and_open_still_works(page, lab_url):
    page, table = free_table(page, lab_url)
    message = table.locator(".cardlab-share-message")
    big = b" " * (11 * MAX_BYTES + 1)             # past the 10 MiB a kernel's message may weigh
    choose_file(page, "big.json", big)
    expect(message).to_have_text(too_large("big.json", len(big)), timeout=SLOW_MS)
    expect(table.locator(".cardlab-message")).to_have_text(too_large("big.json", len(big)))
    choose_file(page, "just.json", b" " * (MAX_BYTES + 1))
    expect(message).to_have_text(too_large("just.json", MAX_BYTES + 1))
    thirds = builtin("tressette-thirds")
    choose_file(page, "thirds.json", json.dumps(thirds.to_json()).encode("utf-8"))
    expect(message).to_have_text("Opened thirds.json.")
    expect(table.locator(".cardlab-caption")).to_contain_text("third")
