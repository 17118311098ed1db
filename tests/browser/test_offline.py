"""A lesson page asks nothing of any host but the server: behind a school firewall or offline,
Voilà's page linked Font Awesome from a CDN (two console errors per page, and a wait)."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import VOILA_RENDERED
from tests.servers import LOOPBACK, REPO

LESSONS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
SLOW_PAGE_MS = 120_000  # a whole lesson's cells run before the page has loaded


def leaves_the_server(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "about"):
        return False
    if parts.scheme == "blob":  # blob:http://127.0.0.1:PORT/uuid, made by the page itself
        return leaves_the_server(url[len("blob:"):])
    return parts.hostname != LOOPBACK


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_page_asks_only_the_server(page: Page, voila_url: str, lesson: str):
    requests: list[str] = []
    console_errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: requests.append(socket.url))
    page.on("console", lambda msg: msg.type == "error" and console_errors.append(msg.text))
    with page.expect_websocket(lambda socket: "/api/kernels/" in socket.url, timeout=SLOW_PAGE_MS):
        page.goto(f"{voila_url}/voila/render/{lesson}", timeout=SLOW_PAGE_MS)
    page.wait_for_selector(VOILA_RENDERED)
    page.wait_for_load_state("networkidle", timeout=SLOW_PAGE_MS)  # the widgets' own loads are done too
    assert len(requests) > 10  # the page's scripts, styles and websocket were recorded
    outside = [url for url in requests if leaves_the_server(url)]
    assert outside == []
    assert [text for text in console_errors if "Failed to load resource" in text] == []
