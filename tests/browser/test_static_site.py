"""The static site in a real Chromium, served by `python -m http.server` on loopback as anyone
could serve it: the root lands on the landing lesson, the games table's link (a cell output)
opens a lesson in a new tab, a card is played at its table, and no request leaves the host.

The site is built once per test session by ``tests.test_static.built_site`` (the first build
creates `.venv-static`; the page needs no network). Pyodide starts in the page, so the waits
are long.
"""
from __future__ import annotations

import sys
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.servers import LOOPBACK, Server, free_port, landing_title
from tests.test_static import built_site

pytestmark = pytest.mark.slow
KERNEL_MS = 240_000   # Pyodide, IPython and the lesson's cells, in a page on a shared machine
PLAYABLE = ".cardlab-board [data-hand='S'].legal"


@pytest.fixture(scope="module")
def static_url():
    site = built_site()
    port = free_port()
    server = Server("static-site", [sys.executable, "-m", "http.server", "--bind", LOOPBACK,
                                    "--directory", str(site), str(port)], f"http://{LOOPBACK}:{port}")
    yield server.url
    server.stop()


def test_learner_opens_a_lesson_and_plays_a_card_offline(page, static_url):
    requested: list[str] = []
    # context-wide: the kernel's Web Worker fetches Pyodide and the wheels
    page.context.on("request", lambda request: requested.append(request.url))

    page.goto(static_url + "/")
    expect(page).to_have_url(static_url + "/voici/render/index.html")
    expect(page.locator("h1").first).to_contain_text(landing_title())
    # the games table is a cell output (its links, which name .ipynb files, open a new tab)
    link = page.locator(".jp-OutputArea a", has_text="Tressette").first
    link.wait_for(timeout=KERNEL_MS)
    with page.context.expect_page() as opened:
        link.click()
    lesson = opened.value
    errors: list[str] = []
    lesson.on("pageerror", lambda exc: errors.append(str(exc)))
    expect(lesson).to_have_url(static_url + "/voici/render/tressette.html")

    card = lesson.locator(f".cardlab-table {PLAYABLE}").first
    card.wait_for(timeout=KERNEL_MS)
    # pinned by position: after the click this table may have no playable card left
    index = card.evaluate("(c) => [...document.querySelectorAll('.cardlab-table')]"
                          ".indexOf(c.closest('.cardlab-table'))")
    table = lesson.locator(".cardlab-table").nth(index)
    code = card.get_attribute("data-card")
    card.click()
    # the card left South's hand and lies on the table (the trick, or the last-trick box)
    in_hand = table.locator(f".cardlab-board [data-hand='S'][data-card='{code}']")
    expect(in_hand).to_have_count(0, timeout=KERNEL_MS)
    expect(table.locator(f".cardlab-board [data-card='{code}']").first).to_be_attached(timeout=KERNEL_MS)

    off_host = sorted({url for url in requested
                       if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != LOOPBACK})
    assert requested and not off_host, f"requests left the host: {off_host}"
    assert not errors, errors
