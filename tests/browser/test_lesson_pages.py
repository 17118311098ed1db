"""Every page of the served app, opened once, checked whole: the landing page and each lesson
(``notebooks/*.ipynb``) in a real Chromium, one visit each, for what holds across the page.

- its own browser tab title, not the notebook's file name (Voilà's template takes ``<title>`` from
  ``metadata.title``; the titles expected are ``tests/test_pages_titles.py``'s);
- it asks nothing of any host but the server: behind a school firewall or offline, Voilà's page
  linked Font Awesome from a CDN (two console errors per page, and a wait);
- the lesson's big pictures (a pack, a suit's order, a deal: ``cardlab.lesson.later``) come as
  placeholders, each drawn in its place, under its name, once scrolled near;
- axe-core finds no WCAG 2.1 A/AA violation once every picture and board is drawn
  (``tests/browser/axe.py``'s audit, no rule excluded);
- on Quadrille, the free table in presenter mode at 1024 x 768 with its rules panel open passes the
  audit too, and on Tressette, the page on a phone (390 px) after the learner's first card;
- on the landing page, the first heading is the landing notebook's title (``open_voila`` renders it),
  and every game's picture is a link to its lesson, the first row of them on the first screen;
- on a game's lesson, the first screen at 1366 x 768 and on a phone (390 x 844) holds the game's
  table picture and the guided hand's **Start** button (issue 34, item 12).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.axe import draw_everything, report, violations
from tests.servers import LOOPBACK, REPO, landing_title
from tests.test_pages_titles import TITLES

PAGES = sorted(path.stem for path in (REPO / "notebooks").glob("*.ipynb"))
LOAD_MS = 120_000
"""A whole lesson's cells run before the page has loaded, on a busy machine."""
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1024, "height": 768}
LAPTOP = {"width": 1366, "height": 768}
GAMES = 6
"""Pictures on the landing page: one per registered game."""
PICTURED = {path.stem for path in (REPO / "notebooks").glob("*.ipynb")
            if "lesson.picture(" in path.read_text(encoding="utf-8")}
"""The game lessons: their game's picture and guided hand open the page."""


def within_first_screen(page: Page, selector: str) -> None:
    """``selector``'s first element lies whole within the viewport of the page scrolled to its top."""
    page.evaluate("window.scrollTo(0, 0)")
    element = page.locator(selector).first
    expect(element).to_be_visible(timeout=LOAD_MS)
    box, height = element.bounding_box(), page.viewport_size["height"]
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, \
        f"{selector} at {box} is not within the first {height} px at width {page.viewport_size['width']}"


def first_screen(page: Page, name: str) -> None:
    """The first things to do are on the first screen: the landing page's pictures, a lesson's picture
    and Start button, at 1366 x 768 and 390 x 844."""
    if name != "index" and name not in PICTURED:
        return
    shown = page.viewport_size
    for viewport in (LAPTOP, PHONE):
        page.set_viewport_size(viewport)
        if name == "index":
            links = page.locator(".cardlab-pictures a")
            expect(links).to_have_count(GAMES, timeout=LOAD_MS)
            hrefs = links.evaluate_all("(links) => links.map(a => a.getAttribute('href'))")
            assert {href.removesuffix(".ipynb") for href in hrefs} == PICTURED, hrefs
            within_first_screen(page, ".cardlab-pictures a svg")
        else:
            within_first_screen(page, ".cardlab-lesson-picture svg")
            within_first_screen(page, ".cardlab-tutorial-start")
    assert shown is not None
    page.set_viewport_size(shown)


def draw_later_pictures(page: Page) -> None:
    """Scroll to each placeholder of a big picture and wait until it is drawn: an SVG of the same
    name in its place."""
    left = page.locator(".cardlab-later")
    names = left.evaluate_all("els => els.map(el => el.getAttribute('aria-label'))")
    while count := left.count():   # the first one left, found and scrolled to in one step: it may be drawn meanwhile
        page.evaluate("() => document.querySelector('.cardlab-later')?.scrollIntoView({block: 'center'})")
        page.wait_for_function("n => document.querySelectorAll('.cardlab-later').length < n", arg=count)
    drawn = page.locator("svg.cardlab[aria-label]").evaluate_all("els => els.map(el => el.getAttribute('aria-label'))")
    assert not set(names) - set(drawn), set(names) - set(drawn)


def leaves_the_server(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "about"):
        return False
    if parts.scheme == "blob":  # blob:http://127.0.0.1:PORT/uuid, made by the page itself
        return leaves_the_server(url[len("blob:"):])
    return parts.hostname != LOOPBACK


def audit(page: Page, name: str) -> None:
    found = violations(page)
    assert found == [], report(name, page, found)


def quadrille_in_presenter_mode(page: Page) -> None:
    """The lesson's free table in presenter mode on a projector, its rules panel open, audited."""
    page.set_viewport_size(PROJECTOR)
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=LOAD_MS)
    table.locator(".cardlab-rules .jupyter-widget-Collapse-header").click()
    expect(table.locator(".cardlab-rules .jupyter-widget-Collapse-contents")).to_be_visible(timeout=LOAD_MS)
    table.scroll_into_view_if_needed()
    audit(page, "quadrille-presenter")


def tressette_on_a_phone(page: Page) -> None:
    """The lesson on a phone after the learner's first card on its free table, audited."""
    page.set_viewport_size(PHONE)
    table = page.locator(".cardlab-table").last
    table.scroll_into_view_if_needed()
    table.locator(".cardlab-pace select").select_option(label="instant")
    legal = table.locator(".cardlab-board g.hand.viewer [data-card].legal").first
    step = table.locator(".cardlab-step").inner_text()
    legal.click()
    expect(table.locator(".cardlab-step")).not_to_have_text(step, timeout=LOAD_MS)
    audit(page, "tressette-390")


AFTER = {"quadrille": quadrille_in_presenter_mode, "tressette": tressette_on_a_phone}
"""What a page's visit checks after the page-wide checks, in the same visit."""


@pytest.mark.parametrize("name", PAGES)
def test_a_page_has_its_title_asks_only_the_server_and_passes_the_audit(
        page: Page, open_voila: Callable[..., Page], name: str) -> None:
    assert set(PAGES) == set(TITLES)
    requests: list[str] = []
    console_errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: requests.append(socket.url))
    page.on("console", lambda msg: msg.type == "error" and console_errors.append(msg.text))
    page.set_default_timeout(LOAD_MS)
    with page.expect_websocket(lambda socket: "/api/kernels/" in socket.url, timeout=LOAD_MS):
        open_voila(name, timeout_ms=LOAD_MS)
    expect(page).to_have_title(TITLES[name])
    if name == "index":
        expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title(), timeout=LOAD_MS)
    page.wait_for_load_state("networkidle", timeout=LOAD_MS)  # the widgets' own loads are done too
    first_screen(page, name)

    draw_later_pictures(page)
    draw_everything(page, name, timeout_ms=LOAD_MS)
    audit(page, name)
    if name in AFTER:
        AFTER[name](page)

    # every request of the visit, the lazily drawn pictures' and the later audits' included
    assert len(requests) > 10  # the page's scripts, styles and websocket were recorded
    assert [url for url in requests if leaves_the_server(url)] == []
    assert [text for text in console_errors if "Failed to load resource" in text] == []
