"""A learner at Aluette's tables in a real Chromium: steps through the partnership ceremony to the
seating, sings when the first table asks, and steps through the spoiled-trick scenario: two kings tie
for the best card, the trick is won by nobody and the same player leads again.  The expected facts
are asked of the engine, never typed in.

The ceremony, the first table and the scenario's preview are on
``tests/browser/notebooks/games_aluette.ipynb``, built as the lesson (``notebooks/aluette.ipynb``)
builds them, in its order (``tests/test_games_harness.py`` holds the two to the same calls),
rendered by Voilà's server extension inside the ``lab_url`` server."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from cardlab import Call, get_rules, lesson
from cardlab.scenario import builtin, run
from tests.browser.preview import play_this
from tests.servers import shot

SCENARIO = "aluette-spoiled-trick"
PAGE = "/voila/render/tests/browser/notebooks/games_aluette.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def open_games(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-stepper", state="visible", timeout=LOAD_MS)
    page.wait_for_selector(".cardlab-table", state="visible", timeout=LOAD_MS)
    return page


def test_ceremony_singing_and_a_spoiled_trick(page, lab_url):
    open_games(page, lab_url)

    # the partnership ceremony, card by card, to the seating
    steps = lesson.ceremony_steps(seed=68)
    stepper = page.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    expect(stepper.locator(".cardlab-caption")).to_contain_text(steps[0].text)
    for _ in range(len(steps) - 1):
        stepper.locator(".cardlab-forward").click()
    expect(stepper.locator(".cardlab-caption")).to_contain_text("deals first")
    expect(stepper.locator(".cardlab-board")).to_contain_text("Monsieur")
    shot(stepper, "aluette-ceremony")

    # the first table (seed 1): South is asked to sing
    table = page.locator(".cardlab-table").first
    table.scroll_into_view_if_needed()
    expect(table.locator(".cardlab-calls button")).to_have_count(2)
    table.get_by_role("button", name=get_rules("aluette").describe(Call("S", "sings")), exact=True).click()
    expect(table.locator(".cardlab-step")).not_to_contain_text("S: sing")
    shot(table, "aluette-singing")

    # the spoiled-trick scenario, stepped to the trick won by nobody
    hand = run(builtin(SCENARIO)).hand
    spoiled = next(n for n, t in enumerate(hand.state.tricks) if t.winner is None)
    actions = 4 * (spoiled + 1)                        # the actions that complete the spoiled trick
    after = hand.states[actions + 1]                   # states[0] is the table before the deal
    assert after.tricks[spoiled].winner is None

    table = play_this(page, SCENARIO)
    expect(table.locator(".cardlab-caption")).to_contain_text(builtin(SCENARIO).notes[0])
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step 1 of {len(hand.log)}")
    for _ in range(actions):
        table.locator(".cardlab-forward").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {actions + 1} of {len(hand.log)}")
    expect(table.locator(".cardlab-step")).to_contain_text(f"Trick {after.trick_number}: {after.to_act} to lead")
    assert after.to_act == after.tricks[spoiled].leader
    last = table.locator(".cardlab-board g.last-trick")
    for _, card in after.tricks[spoiled].plays:
        expect(last.locator(f"[data-card='{card}']")).to_be_attached()
    expect(last).to_contain_text("spoiled — won by nobody")
    expect(table.locator(".cardlab-caption")).to_contain_text("spoiled")
    shot(table, "aluette-spoiled-trick")
