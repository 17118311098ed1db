"""Pass-and-play in the served app (issue 22): two people share one browser at a Tressette table
from the "Play together on one device" page.  Each turn the table is covered, the next person
presses their "show my hand" button (once with the keyboard, then plays by the keyboard too),
plays a card, and the device passes.  Every websocket frame the page receives from a person's
previous card to the press that shows the next hand is recorded: none carries a card of that hand.
The static site (no server, Pyodide in the page) covers and passes the same way.
"""
from __future__ import annotations

import re
import sys

import pytest
from playwright.sync_api import expect

from tests.servers import LOOPBACK, Server, free_port
from tests.test_static import built_site

SLOW_MS = 120_000
KERNEL_MS = 240_000   # Pyodide, IPython and the page's cells, in a page on a shared machine
HAND = ".cardlab-board g.hand.viewer [data-card]"
# after a card left the hand: the table covered for the next person, or the same person's hand
# playable again
SETTLED = """(played) => {
  const show = document.querySelector(".cardlab-table .cardlab-show-hand");
  const hand = [...document.querySelectorAll(".cardlab-board g.hand.viewer [data-card]")];
  if (hand.some((card) => card.dataset.card === played)) return false;
  return show.textContent.endsWith("show my hand") || hand.some((card) => card.classList.contains("legal"));
}"""


def test_two_people_take_turns_covering_and_showing(page, open_voila):
    page.set_default_timeout(SLOW_MS)
    received: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: received.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    page = open_voila("pass_and_play", wait_for=".cardlab-together-sit", timeout_ms=SLOW_MS)
    page.locator(".cardlab-together-seat-N input").fill("Ben")
    page.locator(".cardlab-together-sit").click()
    table = page.locator(".cardlab-table")
    expect(table).to_be_visible()
    table.locator(".cardlab-pace select").select_option(label="instant")
    show, note = table.locator(".cardlab-show-hand"), table.locator(".cardlab-pass-note")
    people: list[str] = []
    since = 0                                     # the frames since the last card a person played
    for turn in range(6):
        if show.inner_text() != "Cover my hand":
            expect(show).to_contain_text(": show my hand")
            who = show.inner_text().removesuffix(": show my hand")
            expect(note).to_have_text(f"Pass the device to {who}.")
            expect(table.locator(HAND)).to_have_count(0)          # covered: no card of any hand drawn
            expect(table.locator(".cardlab-step")).to_contain_text("Step")
            covered = received[since:]
            if turn == 1:
                show.focus()
                page.keyboard.press("Enter")
            else:
                show.click()
            expect(show).to_have_text("Cover my hand")
            expect(note).to_contain_text(f"the hand of {who}")
            expect(table.locator(HAND).first).to_be_visible()
            hand = table.locator(HAND).evaluate_all("cards => cards.map(card => card.dataset.card)")
            leaked = [code for code in hand for frame in covered
                      if re.search(rf'data-card=\\?"{re.escape(code)}\\?"', frame)]
            assert hand and not leaked, f"{who}'s cards reached the page while covered: {leaked}"
            people.append(who)
        since = len(received)
        if turn == 1:                              # the hand is the next tab stop after the button
            page.keyboard.press("Tab")
            expect(table.locator(f"{HAND}:focus")).to_have_count(1)
            focused = table.locator(f"{HAND}:focus")
            while "legal" not in (focused.get_attribute("class") or ""):
                page.keyboard.press("ArrowRight")
                focused = table.locator(f"{HAND}:focus")
            played = focused.get_attribute("data-card")
            page.keyboard.press("Enter")
        else:
            card = table.locator(f"{HAND}.legal").first
            played = card.get_attribute("data-card")
            card.click()
        page.wait_for_function(SETTLED, arg=played)
    assert {"South", "Ben (North)"} <= set(people)


@pytest.mark.slow
def test_pass_and_play_works_on_the_static_site(page):
    """The same page with no server: Pyodide runs the table in the browser (the site is built once
    per test run by ``tests.test_static.built_site``)."""
    site = built_site()
    port = free_port()
    server = Server("static-site-pass-and-play", [sys.executable, "-m", "http.server", "--bind", LOOPBACK,
                                                  "--directory", str(site), str(port)], f"http://{LOOPBACK}:{port}")
    try:
        page.set_default_timeout(KERNEL_MS)
        page.goto(f"{server.url}/voici/render/pass_and_play.html")
        page.locator(".cardlab-together-seat-N input").fill("Ben")
        page.locator(".cardlab-together-sit").click()
        table = page.locator(".cardlab-table")
        show = table.locator(".cardlab-show-hand")
        expect(show).to_contain_text(": show my hand")
        expect(table.locator(HAND)).to_have_count(0)
        first = show.inner_text()
        show.click()
        expect(show).to_have_text("Cover my hand")
        table.locator(f"{HAND}.legal").first.click()
        expect(show).to_contain_text(": show my hand")
        assert show.inner_text() != first                  # the device passes to the other person
        expect(table.locator(HAND)).to_have_count(0)
    finally:
        server.stop()
