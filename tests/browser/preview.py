"""Open a lesson's scenario table: its Preview (``widgets.preview``) shows a picture until
"Play this" is pressed, then the real table in the same place."""
from __future__ import annotations

from playwright.sync_api import Locator, Page

from cardlab.scenario import builtin

PREVIEW = ".cardlab-preview-box"


def play_this(page: Page, scenario: str, timeout_ms: int = 60_000) -> Locator:
    """Press "Play this" on the preview of the shipped ``scenario`` and return its table."""
    title = builtin(scenario).title
    page.locator(".cardlab-preview-title").first.wait_for(state="attached", timeout=timeout_ms)
    titles = page.locator(".cardlab-preview-title").all_text_contents()
    assert titles.count(title) == 1, f"one preview titled {title!r} expected among {titles}"
    box = page.locator(PREVIEW).nth(titles.index(title))
    button = box.get_by_role("button", name="Play this", exact=True)
    button.scroll_into_view_if_needed()
    button.click()
    table = box.locator(".cardlab-table")
    table.wait_for(state="visible", timeout=timeout_ms)
    return table
