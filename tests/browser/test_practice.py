"""The practice widgets in a real Chromium: a learner counts a finished Tressette hand wrongly and
reads which card was missed, then rightly; "Download scenario" of a deal made to order saves a
file the engine reads back as that deal; the compare view stands side by side on a laptop and
stacked on a phone; no widget is wider than a 390 px screen.  Screenshots of each widget at
1366x768, 1024x768 and 390 px wide go to ``test-artifacts/practice-<widget>-<width>.png``.

The page is ``tests/browser/notebooks/practice.ipynb``, rendered by Voilà's server extension inside
the ``lab_url`` server (the app's own server serves ``notebooks/`` only)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from cardlab import get_rules
from cardlab.points import fraction_text
from cardlab.practice import deal_to_order
from cardlab.practice.common import play
from cardlab.scenario import loads, parse
from tests.servers import shot

PAGE = "/voila/render/tests/browser/notebooks/practice.ipynb"
WIDGETS = {"counting": ".cardlab-counting", "order": ".cardlab-deal-to-order", "signals": ".cardlab-signals",
           "compare": ".cardlab-compare"}
SIZES = [(1366, 768), (1024, 768), (390, 844)]


def open_practice(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    for selector in WIDGETS.values():
        page.wait_for_selector(selector, state="attached", timeout=90_000)
    page.wait_for_selector(".cardlab-compare-columns", state="attached", timeout=30_000)
    return page


def test_a_wrong_count_names_the_missed_card_and_a_right_one_is_right(page, lab_url) -> None:
    rules = get_rules("tressette")
    state = play(rules, "tressette", {}, "N", 3).states[-1]      # as the page's first cell
    counting = [card for trick in state.tricks if rules.side_of(state, trick.winner) == "NS"
                for card in trick.cards() if rules.card_points(card)]
    parts = rules.running_points(state)["NS"]
    open_practice(page, lab_url)
    trainer = page.locator(".cardlab-counting")
    expect(trainer).to_contain_text("Count your side's points before the breakdown")
    missed, counted = counting[0], counting[1:]
    for card in counted:
        trainer.locator(f".cardlab-card-{card}").click()
    trainer.locator(".cardlab-count-total input").fill(fraction_text(parts["cards"] + parts["last trick"]))
    trainer.locator(".cardlab-count-check").click()
    feedback = trainer.locator(".cardlab-count-feedback [role=status]")
    expect(feedback).to_contain_text("Not yet: you left out 1 card that counts")      # the first miss: how far off
    trainer.locator(".cardlab-count-check").click()
    expect(feedback).to_contain_text(f"Not yet: you missed {rules.pack.name(missed)}.")   # the second: the card
    expect(feedback).to_have_class("cardlab-count-wrong")
    trainer.locator(f".cardlab-card-{missed}").click()
    trainer.locator(".cardlab-count-check").click()
    expect(feedback).to_contain_text("Right: NS count")
    expect(feedback).to_have_class("cardlab-count-right")


def boxes(page: Page) -> list[dict]:
    return page.locator(".cardlab-compare-side").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left}; })")


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}" for w, _ in SIZES])
def test_each_widget_fits_the_screen_side_by_side_or_stacked(fresh_page, lab_url, width, height) -> None:
    page = fresh_page({"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_practice(page, lab_url)
        for name, selector in WIDGETS.items():
            widget = page.locator(selector)
            widget.scroll_into_view_if_needed()
            overflow = widget.evaluate("e => e.scrollWidth - e.clientWidth")
            right = widget.evaluate("e => e.getBoundingClientRect().right")
            assert overflow <= 1 and right <= width + 1, f"{name} is wider than {width} px"
            # Voilà scrolls inside #rendered_cells, so a widget taller than the window would be cut:
            # the picture is taken in a window as tall as the widget (same width, same layout)
            tall = widget.evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
            page.set_viewport_size({"width": width, "height": max(height, tall + 80)})
            shot(widget, f"practice-{name}-{width}")
            page.set_viewport_size({"width": width, "height": height})
        first, second = boxes(page)
        if width >= 1024:
            assert abs(first["top"] - second["top"]) < 2 and second["left"] > first["left"]   # side by side
        else:
            assert second["top"] >= first["bottom"] - 1                                         # stacked
    finally:
        page.goto("about:blank")  # Voilà's beforeunload beacon shuts the page's kernel down
        page.context.close()
    assert not errors, errors


def test_download_scenario_saves_the_deal_shown(page, lab_url) -> None:
    open_practice(page, lab_url)
    widget = page.locator(".cardlab-deal-to-order")
    expect(widget.locator(".cardlab-order-message")).to_contain_text("was dealt the 10, 9 and ace of")
    with page.expect_download() as caught:
        widget.locator(".cardlab-practice-download").click()
    download = caught.value
    assert download.suggested_filename == "quatre_sept-politaine-2.json"
    scenario = loads(Path(download.path()).read_bytes())
    assert scenario.to_json() == parse(deal_to_order("quatre_sept", "politaine")).to_json()
