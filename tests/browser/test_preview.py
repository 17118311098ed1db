"""A lesson's scenario tables in the served app start as pictures (``widgets.preview``): the
picture has its board in words, "Play this" is a real button that the keyboard reaches, the table
that replaces it takes the address key a table in its place would have had, and a page opened at
that address wakes the preview by itself and restores the table; a picture far below is drawn only
when scrolled near, and keeps its place.  Expected facts come from the engine and the notebook,
never typed in.

The point is the lesson page itself (its previews in its order, its length, its address), so the
test visits Tressette's lesson: once, then once more in a new visitor's page at the shared link."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.scenario import builtin, run
from tests.browser.preview import PREVIEW
from tests.servers import REPO, shot

SCENARIO = "tressette-thirds"
VIEWBOX = re.compile(r'viewBox="([^"]*)"')
# Whether the element is near the screen as the preview's own watcher reckons it (widgets/board.js,
# lazyPicture): an observer made now reports once the browser has worked out what is near, and it
# reports after the preview's watcher, made earlier, has been told the same.
_NEAR_JS = """el => new Promise(resolve => {
    const watch = new IntersectionObserver(entries => { watch.disconnect(); resolve(entries[0].isIntersecting); },
                                           { rootMargin: "100% 0px", scrollMargin: "100% 0px" });
    watch.observe(el);
})"""


def opening_scene():
    scenario = builtin(SCENARIO)
    return scenario.rules().scene(run(scenario).hand.states[1], "S", open_hands=False)


def lesson_calls(lesson: str) -> list[str]:
    """The lesson's Table and Preview calls, in cell order."""
    cells = json.loads((REPO / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [call for cell in cells if cell["cell_type"] == "code"
            for call in re.findall(r"\b(?:Table|Preview)\(.*\)", "".join(cell["source"]))]


def test_previews_draw_when_near_play_by_keyboard_and_a_link_to_their_table_restores_it(open_voila, fresh_page):
    calls = lesson_calls("tressette")
    place = next(i for i, call in enumerate(calls) if f'scenario="{SCENARIO}"' in call)
    previews = [i for i, call in enumerate(calls) if call.startswith("Preview(")]
    page = open_voila("tressette", wait_for=PREVIEW)
    expect(page.locator(PREVIEW)).to_have_count(len(previews))
    expect(page.locator(".cardlab-table")).to_have_count(len(calls) - len(previews))

    # a picture far below is drawn only when scrolled near, in the place kept for it
    last = page.locator(PREVIEW).last
    picture = last.locator(".cardlab-preview-picture")
    expect(picture).to_have_attribute("aria-label", re.compile(r"\S"))
    screens_below = page.evaluate("""el => {
        const view = document.querySelector("#rendered_cells").getBoundingClientRect();
        return (el.getBoundingClientRect().top - view.top) / view.height; }""", last.element_handle())
    assert screens_below > 2.5, f"the last preview is only {screens_below:.1f} screens down"
    assert picture.evaluate(_NEAR_JS) is False
    expect(picture.locator(".cardlab-pending")).to_have_count(1)
    expect(picture.locator("svg")).to_have_count(0)
    waiting = picture.bounding_box()

    last.scroll_into_view_if_needed()
    expect(picture.locator(":scope > svg")).to_have_count(1)
    expect(picture.locator(".cardlab-pending")).to_have_count(0)
    drawn = picture.bounding_box()
    assert abs(drawn["height"] - waiting["height"]) <= 1 and abs(drawn["width"] - waiting["width"]) <= 1
    page.locator("#rendered_cells").evaluate("el => { el.scrollTop = 0; }")
    assert picture.evaluate(_NEAR_JS) is False                  # far again
    expect(picture.locator(":scope > svg")).to_have_count(1)   # once drawn, kept

    # the scenario's preview: its picture and words, then played with the keyboard
    box = page.locator(PREVIEW).nth(previews.index(place))
    scene = opening_scene()
    expect(box.locator(".cardlab-preview-title")).to_have_text(builtin(SCENARIO).title)
    expect(box.locator(".cardlab-preview-picture[role=img]")).to_have_attribute(
        "aria-label", board_description(scene))
    box.scroll_into_view_if_needed()
    viewbox = VIEWBOX.search(table_svg(scene, theme="normal")).group(1)
    expect(box.locator(".cardlab-preview-picture > svg")).to_have_attribute("viewBox", viewbox)
    shot(box, "preview-box")

    button = box.get_by_role("button", name="Play this", exact=True)
    button.focus()
    page.keyboard.press("Enter")
    table = box.locator(".cardlab-table")
    expect(table.locator(".cardlab-caption")).to_contain_text(builtin(SCENARIO).notes[0], timeout=60_000)
    expect(table.locator(".cardlab-board g.hand.viewer [data-card]:focus")).to_have_count(1)
    steps = len(run(builtin(SCENARIO)).hand.log)
    table.locator(".cardlab-forward").click()
    table.locator(".cardlab-forward").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step 3 of {steps}")
    key = f"tressette{place + 1}"       # every table of this lesson is a Tressette table
    page.wait_for_function("key => new RegExp(`[#&]${key}=`).test(location.hash)", arg=key)
    link = page.url

    fresh = fresh_page({"width": 390, "height": 800})
    try:
        fresh.goto(link)
        restored = fresh.locator(PREVIEW).nth(previews.index(place)).locator(".cardlab-table")
        expect(restored.locator(".cardlab-step")).to_contain_text(f"Step 3 of {steps}", timeout=60_000)
        # the previews still asleep are drawn in the portrait layout on a phone
        other = fresh.locator(PREVIEW).nth(0 if previews.index(place) else 1)
        other.scroll_into_view_if_needed()
        narrow_width = VIEWBOX.search(table_svg(scene, theme="narrow")).group(1).split()[2]
        expect(other.locator(".cardlab-preview-picture > svg")).to_have_attribute(
            "viewBox", re.compile(rf"^0 0 {narrow_width} "))
        fresh.goto("about:blank")
    finally:
        fresh.context.close()
