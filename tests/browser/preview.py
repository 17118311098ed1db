"""Open a lesson's scenario table: its Preview (``widgets.preview``) shows a picture until
"Play this" is pressed, then the real table in the same place."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from cardlab.scenario import builtin

PREVIEW = ".cardlab-preview-box"


def play_this(page: Page, scenario: str, timeout_ms: int = 60_000) -> Locator:
    """Press "Play this" on the preview of the shipped ``scenario`` and return its table."""
    title = builtin(scenario).title
    # each preview draws its title when its own module has loaded: wait for this one's, then mark
    # its box, which keeps the table once the preview (and its title) is gone
    named = page.locator(".cardlab-preview-title").filter(has_text=re.compile(rf"^\s*{re.escape(title)}\s*$"))
    expect(named).to_have_count(1, timeout=timeout_ms)
    named.evaluate("(el, mark) => { el.closest('.cardlab-preview-box').dataset.testPick = mark; }", scenario)
    box = page.locator(f"{PREVIEW}[data-test-pick='{scenario}']")
    button = box.get_by_role("button", name="Play this", exact=True)
    button.scroll_into_view_if_needed()
    button.click()
    table = box.locator(".cardlab-table")
    table.wait_for(state="visible", timeout=timeout_ms)
    return table
