"""The axe-core audit (WCAG 2.1 A and AA) that the browser tests run on a page, in a real Chromium.

axe-core is bundled in ``tests/browser/vendor/axe-core/`` (see its README for the version and
where it came from) and injected into the page: nothing is downloaded when the tests run.
Audited, by ``tests/browser/test_lesson_pages.py`` in its one visit of each page: the landing page
and every lesson page (``notebooks/*.ipynb``) with every picture and board drawn, Quadrille's free
table in presenter mode (1024 x 768) with its rules panel open, and Tressette on a phone (390 px)
after the learner's first card.  The rooms' pages are audited by ``test_accessibility_rooms.py``.
This module holds the audit both use.

No rule is excluded: Voilà's own page markup passes as it is (Voilà 0.5.13, axe-core 4.14).
Automated rules find only part of what matters; the keyboard tests stay in test_pace_and_keyboard.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.servers import REPO, shot

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
DRAW_MS = 90_000
"""How long a lesson's widgets may take to appear and draw on a busy machine."""
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


def draw_everything(page: Page, name: str, timeout_ms: int = DRAW_MS) -> None:
    """Wait for every widget of the page, then bring each preview and table near the screen so
    that it draws its picture (they draw lazily), and wait for the picture."""
    calls = widget_calls(name)
    expect(page.locator(".jp-OutputArea-output:empty")).to_have_count(0, timeout=timeout_ms)
    for call, box, drawn in LAZY:
        widgets = page.locator(box)
        expect(widgets).to_have_count(calls.count(call), timeout=timeout_ms)
        for place in range(widgets.count()):
            widgets.nth(place).scroll_into_view_if_needed(timeout=timeout_ms)
            expect(widgets.nth(place).locator(drawn)).to_be_attached(timeout=timeout_ms)


def report(name: str, page: Page, found: list[str]) -> str:
    shot(page, f"a11y-{name}")
    return f"{len(found)} WCAG 2.1 A/AA violation(s) on {name}:\n" + "\n".join(found)
