"""Binder's path in Chromium: the plain Jupyter server of a clean Binder environment (built from
``binder/`` alone, see tests/test_binder.py) serves the landing page; a lesson opened from it
plays a card; a closed tab frees its kernel (the tab-close beacon is not refused for ``_xsrf``)."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.servers import landing_title
from tests.test_binder import build_binder_env, start_binder_server

pytestmark = pytest.mark.slow
SOUTH_LEGAL = ".cardlab-table g.hand.viewer .card.legal[data-card]"


@pytest.fixture(scope="module")
def binder_url(tmp_path_factory):
    venv = build_binder_env(tmp_path_factory.mktemp("binder"))
    server = start_binder_server(venv, tmp_path_factory.mktemp("jupyter-config"))
    yield server.url
    server.stop()


def kernel_ids(url: str) -> set[str]:
    with urllib.request.urlopen(f"{url}/api/kernels", timeout=30) as resp:
        return {k["id"] for k in json.load(resp)}


def page_kernel(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def test_binder_landing_page_then_a_lesson_plays_a_card(page, binder_url):
    page.goto(f"{binder_url}/voila/render/notebooks/index.ipynb")
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title())
    page.get_by_role("link", name="Tressette", exact=True).first.click()   # the games list's link (a picture opens a new tab)
    expect(page).to_have_url(f"{binder_url}/voila/render/notebooks/tressette.ipynb")
    card = page.locator(SOUTH_LEGAL).first
    card.wait_for(state="visible", timeout=90_000)
    code = card.get_attribute("data-card")
    # pinned by position: after the click this table has no playable card until South's next turn
    index = card.evaluate("(c) => [...document.querySelectorAll('.cardlab-table')]"
                          ".indexOf(c.closest('.cardlab-table'))")
    table = page.locator(".cardlab-table").nth(index)
    card.click()
    expect(table.locator(f"g.trick [data-card='{code}'], g.last-trick [data-card='{code}']")
           .first).to_be_attached()


def test_binder_closed_tab_frees_its_kernel(page, binder_url):
    page.goto(f"{binder_url}/voila/render/notebooks/tressette.ipynb")
    # Voilà's widget manager registers the tab-close beacon once it has connected to the kernel:
    # a table on screen says it has
    page.locator(SOUTH_LEGAL).first.wait_for(state="visible", timeout=90_000)
    kernel = page_kernel(page)
    page.wait_for_function("() => document.cookie.includes('_xsrf=')")
    assert kernel in kernel_ids(binder_url)
    page.goto("about:blank")  # fires Voilà's beforeunload beacon, as closing the tab does
    deadline = time.monotonic() + 30
    while kernel in kernel_ids(binder_url) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert kernel not in kernel_ids(binder_url), "the closed tab's kernel is still running"
