"""The static site in a real Chromium, served by `python -m http.server` on loopback as anyone
could serve it: the root lands on the landing lesson, the games table's link (a cell output)
opens a lesson in a new tab, a card is played at its table, and no request leaves the host.
Once loaded, the site needs no server: with the server stopped, a reload still opens the lesson
and plays a card, and the root still lands on the landing lesson (the service worker's cache).
One visit walks the whole way (each Pyodide start costs a lesson's load).

The site is built once per test session by ``tests.test_static.built_site`` (the first build
creates `.venv-static`; the page needs no network). Pyodide starts in the page, so the waits
are long.
"""
from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.servers import LOOPBACK, Server, free_port, landing_title
from tests.test_static import built_site

pytestmark = pytest.mark.slow
KERNEL_MS = 240_000   # Pyodide, IPython and the lesson's cells, in a page on a shared machine
PLAYABLE = ".cardlab-board [data-hand='S'].legal"


# In the page: poll the browser's caches until every file of the worker's list is in one (the
# worker stores them once active, while the lesson loads); false after the deadline.
ALL_STORED = """async ([paths, deadline]) => {
  const addresses = paths.map((path) => new URL(path, location.origin + "/").href);
  for (const end = Date.now() + deadline; Date.now() < end;) {
    const found = await Promise.all(addresses.map((address) => caches.match(address)));
    if (found.every(Boolean)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}"""


def precached(site) -> list[str]:
    """The files the site's service worker stores, as its build listed them."""
    worker = (site / "service-worker.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker).group(1))


def play_a_card(lesson) -> None:
    """Wait for a table with a card South may play, play it, and see it leave the hand."""
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


def test_a_learner_opens_a_lesson_plays_offline_and_again_after_the_server_is_gone(page):
    site = built_site()
    port = free_port()
    server = Server("static-site", [sys.executable, "-m", "http.server", "--bind", LOOPBACK,
                                    "--directory", str(site), str(port)], f"http://{LOOPBACK}:{port}")
    requested: list[str] = []
    # context-wide: the kernel's Web Worker fetches Pyodide and the wheels
    page.context.on("request", lambda request: requested.append(request.url))
    errors: list[str] = []
    try:
        page.goto(server.url + "/")
        expect(page).to_have_url(server.url + "/voici/render/index.html")
        expect(page.locator("h1").first).to_contain_text(landing_title())
        # the games table is a cell output (its links, which name .ipynb files, open a new tab)
        link = page.locator(".jp-OutputArea a", has_text="Tressette").first
        link.wait_for(timeout=KERNEL_MS)
        with page.context.expect_page() as opened:
            link.click()
        lesson = opened.value
        lesson.on("pageerror", lambda exc: errors.append(str(exc)))
        lesson_url = server.url + "/voici/render/tressette.html"
        expect(lesson).to_have_url(lesson_url)
        play_a_card(lesson)  # the whole lesson has loaded, from the server
        off_host = sorted({url for url in requested
                           if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != LOOPBACK})
        assert requested and not off_host, f"requests left the host: {off_host}"
        assert lesson.evaluate(ALL_STORED, [precached(site), KERNEL_MS]), "the worker never stored the site"
    finally:
        server.stop()
    with pytest.raises(urllib.error.URLError):  # nothing answers at that address any more
        urllib.request.urlopen(lesson_url, timeout=5)

    lesson.reload()
    expect(lesson).to_have_url(re.compile(re.escape(lesson_url) + "(#.*)?$"))  # the table's address kept
    expect(lesson.locator("h1").first).to_contain_text("Tressette")
    play_a_card(lesson)

    lesson.goto(server.url + "/")
    expect(lesson).to_have_url(server.url + "/voici/render/index.html")
    expect(lesson.locator("h1").first).to_contain_text(landing_title())
    assert not errors, errors
