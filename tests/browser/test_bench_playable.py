"""The clock of bench/playable.py on a made-up page: the time a legal card of South shows in a
table's board, the time its click is answered, a click the page cannot take yet repeated, and a
page that never becomes playable read as such rather than failing the bench."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from playwright.sync_api import Page

BENCH = Path(__file__).resolve().parents[2] / "bench" / "playable.py"
_spec = importlib.util.spec_from_file_location("bench_playable", BENCH)
playable = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(playable)

URL = "http://bench.test/lesson"
CARD = '<svg width="60" height="60"><g class="hand viewer"><rect class="card legal" data-card="3D" width="40" height="50"/></g></svg>'
# A card of South outside any table at once; the table's card at 300 ms, its click handler only
# 500 ms after that (a click before then is lost); a click plays the card 100 ms later.
LESSON = f"""<!doctype html><body><div class="cardlab-board">{CARD}</div><script>
setTimeout(() => {{
  const table = document.createElement("div");
  table.className = "cardlab-table";
  table.innerHTML = '<div class="cardlab-board">{CARD}</div>';
  document.body.append(table);
  setTimeout(() => table.querySelector("rect").addEventListener("click", (e) => {{
    window.playedAt = performance.now();
    setTimeout(() => e.target.remove(), 100);
  }}), 500);
}}, 300);
</script></body>"""


def serve(page: Page, body: str) -> None:
    page.route(URL, lambda route: route.fulfill(body=body, content_type="text/html"))
    page.add_init_script(playable.init_script())
    page.goto(URL)


def test_the_table_card_clicked_until_answered(page: Page):
    serve(page, LESSON)
    found = playable.read(page, 10_000)
    played_at = page.evaluate("window.playedAt")
    assert found["visible"] >= 300
    assert found["clicks"] == 2  # the first click came before the handler, the retry was taken
    assert played_at + 100 <= found["answered"] < played_at + 1000
    assert page.locator(".cardlab-board rect").count() == 1  # the card outside the table stays


def test_a_page_never_playable_reads_as_none(page: Page):
    serve(page, f'<!doctype html><body><div class="cardlab-board">{CARD}</div></body>')
    assert playable.read(page, 500) == {"visible": None, "answered": None, "clicks": 0}
