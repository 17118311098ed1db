"""A layout fault of the longer French words (issue 24): a lesson table's caption wraps within its
table, so the French Quatre Sept ties table is no wider than the lesson's column at 1024 x 768.

The page is ``tests/browser/notebooks/pages_fr_quatre_sept_ties.ipynb``: the French lesson's own first
cell and ties cell (``tests/test_pages_harness.py`` holds it to them) in the app's page template,
rendered by Voilà's server extension inside the ``lab_url`` server.  The French presenter row at
1024 px and the Italian open-scenario button are checked in ``test_languages.py``'s visits of those
lessons.  Screenshots go to ``test-artifacts/last-words-*.png``."""
from __future__ import annotations

import re
from html import unescape

from playwright.sync_api import expect

from cardlab import i18n, lesson
from tests.servers import shot

PAGE = "/voila/render/tests/browser/notebooks/pages_fr_quatre_sept_ties.ipynb"
LOAD_MS = 120_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def french_caption() -> str:
    """The ties table's caption as the French lesson's kernel writes it."""
    with i18n.speaking("fr"):
        shown = lesson.ties("quatre_sept")._repr_html_()
    found = re.search(r"<caption>(.*?)</caption>", shown, re.S)
    assert found, shown
    return unescape(found.group(1))


def test_the_french_ties_table_is_no_wider_than_its_column(page, lab_url):
    page.set_default_timeout(LOAD_MS)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(lab_url + PAGE)
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=LOAD_MS)   # the app's template
    ties = page.locator("table.cardlab-ties")
    expect(ties).to_be_visible(timeout=LOAD_MS)
    expect(ties.locator("caption")).to_have_text(french_caption(), timeout=LOAD_MS)
    ties.scroll_into_view_if_needed()
    shot(page, "last-words-ties-fr-1024")
    table, cell, caption = ties.evaluate("""t => [t.getBoundingClientRect().width,
        t.closest('.jp-OutputArea-output').getBoundingClientRect().width,
        t.querySelector('caption').getBoundingClientRect().width]""")
    assert table <= cell + 1, f"the ties table is {table} px wide in a {cell} px column"
    assert caption <= table + 1
