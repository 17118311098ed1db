"""Two layout faults of the longer French words (issue 24): in presenter mode at 1024 x 768 the
control row shows every control whole (it may wrap in French, where English keeps one line:
tests/browser/test_layout.py), and a lesson table's caption wraps within its table, so the ties
table is no wider than the lesson's column.  Screenshots go to ``test-artifacts/last-words-*.png``."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.servers import ARTIFACTS

LESSON_LOAD_MS = 180_000


def test_the_french_presenter_row_shows_every_control_whole_at_1024(page, open_voila):
    page.set_default_timeout(LESSON_LOAD_MS)
    page.set_viewport_size({"width": 1024, "height": 768})
    page = open_voila("fr/tressette", wait_for=".cardlab-table", timeout_ms=LESSON_LOAD_MS)
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)
    expect(table.locator(".cardlab-pace select")).to_be_visible()
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "last-words-presenter-fr-1024.png"))
    controls = table.locator(".cardlab-setup").evaluate("""row => [...row.querySelectorAll('button, select, input')]
        .map(c => [c.closest('.widget-inline-hbox, .jupyter-button')?.className.match(/cardlab-[a-z-]+/)?.[0]
                   || c.tagName, c.getBoundingClientRect().left, c.getBoundingClientRect().right])""")
    assert len(controls) >= 5
    off = [(name, left, right) for name, left, right in controls if left < 0 or right > 1024 + 1]
    assert off == [], f"controls past the edge at 1024 px: {off}"
    setup, rules = table.locator(".cardlab-setup").bounding_box(), table.locator(".cardlab-rules").bounding_box()
    assert setup and rules and setup["y"] + setup["height"] <= rules["y"] + 1, "the row runs into the Rules bar"


def test_the_french_ties_table_is_no_wider_than_its_column(page, open_voila):
    page.set_default_timeout(LESSON_LOAD_MS)
    page.set_viewport_size({"width": 1024, "height": 768})
    page = open_voila("fr/quatre_sept", wait_for=".cardlab-ties", timeout_ms=LESSON_LOAD_MS)
    ties = page.locator("table.cardlab-ties")
    ties.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "last-words-ties-fr-1024.png"))
    table, cell, caption = ties.evaluate("""t => [t.getBoundingClientRect().width,
        t.closest('.jp-OutputArea-output').getBoundingClientRect().width,
        t.querySelector('caption').getBoundingClientRect().width]""")
    assert table <= cell + 1, f"the ties table is {table} px wide in a {cell} px column"
    assert caption <= table + 1


def test_the_open_scenario_button_reads_in_italian(page, open_voila):
    """The button's text is drawn by share.css over ipywidgets' own (which carries a file count):
    it must be the kernel's description, not an English word written in the style sheet."""
    page.set_default_timeout(LESSON_LOAD_MS)
    page = open_voila("it/tressette", wait_for=".cardlab-share .cardlab-open", timeout_ms=LESSON_LOAD_MS)
    button = page.locator(".cardlab-share .cardlab-open").last
    expect(button).to_have_attribute("data-label", "Apri uno scenario…")
    drawn = button.evaluate("b => getComputedStyle(b, '::before').content")
    assert "Apri uno scenario…" in drawn and "Open" not in drawn, drawn
