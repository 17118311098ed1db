"""An axe-core audit of the served lessons against WCAG 2.1 A and AA, in a real Chromium.

axe-core is bundled in ``tests/browser/vendor/axe-core/`` (see its README for the version and
where it came from) and injected into the page: nothing is downloaded when the tests run.
Audited: the landing page and every lesson page (``notebooks/*.ipynb``) with every picture and
board drawn, Quadrille's free table in presenter mode with its rules panel open, and Tressette on a phone
(390 px) after the learner's first card.

No rule is excluded: Voilà's own page markup passes as it is (Voilà 0.5.13, axe-core 4.14).
Automated rules find only part of what matters; the keyboard tests stay in test_pace_and_keyboard.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.servers import ARTIFACTS, REPO

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PAGES = sorted(path.stem for path in (REPO / "notebooks").glob("*.ipynb"))
LOAD_MS = 90_000
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1024, "height": 768}
# each lazily drawn widget: its call in the notebook, its box, what it draws once near the screen
LAZY = (("Preview", ".cardlab-preview-box", ".cardlab-preview-picture > svg"),
        ("Table", ".cardlab-table", ".cardlab-board svg.cardlab"))

_RUN_AXE_JS = """async tags => {
    const found = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return found.violations.flatMap(rule => rule.nodes.map(node =>
        `${rule.id} (${rule.impact}): ${rule.help}\\n    at ${node.target.join(' ')}\\n    ${node.html.slice(0, 240)}`
        + `\\n    ${(node.failureSummary || '').replace(/\\n/g, ' / ')}`));
}"""


def violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.1 A and AA violations on the page as it is, one line block per element."""
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(_RUN_AXE_JS, WCAG21_A_AA)
    return found


def widget_calls(name: str) -> list[str]:
    """The ``Preview(`` and ``Table(`` calls of the notebook's code cells, in page order."""
    cells = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [call for cell in cells if cell["cell_type"] == "code"
            for call in re.findall(r"\b(Preview|Table)\(", "".join(cell["source"]))]


def draw_everything(page: Page, name: str) -> None:
    """Wait for every widget of the page, then bring each preview and table near the screen so
    that it draws its picture (they draw lazily), and wait for the picture."""
    calls = widget_calls(name)
    expect(page.locator(".jp-OutputArea-output:empty")).to_have_count(0)
    for call, box, drawn in LAZY:
        widgets = page.locator(box)
        expect(widgets).to_have_count(calls.count(call))
        for place in range(widgets.count()):
            widgets.nth(place).scroll_into_view_if_needed()
            expect(widgets.nth(place).locator(drawn)).to_be_attached()


def report(name: str, page: Page, found: list[str]) -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"a11y-{name}.png"))
    return f"{len(found)} WCAG 2.1 A/AA violation(s) on {name}:\n" + "\n".join(found)


def open_lesson(page: Page, open_voila: Callable[..., Page], name: str) -> None:
    page.set_default_timeout(LOAD_MS)   # a lesson's first load on a busy machine
    open_voila(name, timeout_ms=LOAD_MS)
    draw_everything(page, name)


@pytest.mark.parametrize("name", PAGES)
def test_the_landing_page_and_every_lesson_page_pass(page: Page, open_voila: Callable[..., Page], name: str) -> None:
    open_lesson(page, open_voila, name)
    found = violations(page)
    assert found == [], report(name, page, found)


def test_a_lesson_table_in_presenter_mode_passes(page: Page, open_voila: Callable[..., Page]) -> None:
    page.set_viewport_size(PROJECTOR)
    open_lesson(page, open_voila, "quadrille")
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=30_000)
    table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
    expect(table.locator(".cardlab-rules .jupyter-widget-Collapse-contents")).to_be_visible()
    table.scroll_into_view_if_needed()
    found = violations(page)
    assert found == [], report("quadrille-presenter", page, found)


def test_a_lesson_on_a_phone_passes_after_the_first_card(page: Page, open_voila: Callable[..., Page]) -> None:
    page.set_viewport_size(PHONE)
    open_lesson(page, open_voila, "tressette")
    table = page.locator(".cardlab-table").last
    table.scroll_into_view_if_needed()
    table.locator(".cardlab-pace select").select_option(label="instant")
    legal = table.locator(".cardlab-board g.hand.viewer [data-card].legal").first
    step = table.locator(".cardlab-step").inner_text()
    legal.click()
    expect(table.locator(".cardlab-step")).not_to_have_text(step)
    found = violations(page)
    assert found == [], report("tressette-390", page, found)
