"""The coach at the table in a real Chromium (Tressette's free table, seed 7,
the computer at its default level, club): a hint marks a card and gives the club player's reason,
the hinted card is played, a computer's card on the felt says why it was played, the hand is played
out by clicking, the count is skipped for the breakdown, and the review lists the learner's
costliest decisions (with the interval of a sampled one, or solved exactly) with a button that steps
the table there.  The expected hint is asked of the
engine; screenshots of the coach at three sizes go to ``test-artifacts/coach-*.png``.

The free table is on ``tests/browser/notebooks/games_tressette.ipynb``, built as the lesson
(``notebooks/tressette.ipynb``) builds it (``tests/test_games_harness.py`` holds the two to the same
call), rendered by Voilà's server extension inside the ``lab_url`` server."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from cardlab import Hand, get_rules
from cardlab.bots import play_out
from cardlab.players import get_player
from tests.servers import shot

SEED = 7
SIZES = [(1366, 768), (1024, 768), (390, 844)]
PAGE = "/voila/render/tests/browser/notebooks/games_tressette.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""
NARROW_BELOW = 600
"""The board's width under which it is drawn in the portrait layout (``widgets/boardbox.py``'s NARROW)."""
# the board drawn for its width: the portrait picture (360 wide) below NARROW_BELOW, the landscape one
# above (the browser reports the width in steps of 8 px, so a width that near the line may go either way)
_BOARD_FITS_JS = """([board, below]) => {
    const svg = board.querySelector(".cardlab-svg-board > svg");
    if (!svg) return false;
    const width = board.getBoundingClientRect().width;
    const narrow = (svg.getAttribute("viewBox") || "").startsWith("0 0 360 ");
    return Math.abs(width - below) < 8 || narrow === (width < below);
}"""


def expected_hint() -> tuple[str, str]:
    """The club player's card and reason for South after the club players' first turns."""
    rules, club = get_rules("tressette"), get_player("club")
    state = Hand.dealt(rules, "N", SEED).state
    for action in play_out(rules, state, club, until="S"):
        state = rules.apply(state, action)
    decision = club.decide(rules, rules.view(state, "S"))
    return str(decision.action.card), decision.reason


def dealt_table(page: Page) -> Locator:
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-pace select").select_option(label="instant")
    table.locator(".cardlab-seed input").fill(str(SEED))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    expect(table.locator(".cardlab-level select")).to_have_value("club")
    expect(table.locator(".cardlab-step")).to_contain_text("S to play")
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    return table


def step_text(table: Locator) -> str:
    return table.locator(".cardlab-step").inner_text()


def shoot(page: Page, table: Locator, name: str) -> None:
    """The coach at each size, once the board is drawn for that width and the coach is in view."""
    board = table.locator(".cardlab-board").first        # the table's (the count's cards come after it)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(_BOARD_FITS_JS, arg=[board.element_handle(), NARROW_BELOW])
        coach = table.locator(".cardlab-coach")
        coach.evaluate("el => el.scrollIntoView({block: 'center'})")
        expect(coach).to_be_in_viewport()
        shot(page, f"coach-{name}-{width}")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function(_BOARD_FITS_JS, arg=[board.element_handle(), NARROW_BELOW])


def test_hint_why_and_review_in_the_app(page, lab_url):
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-table", state="visible", timeout=LOAD_MS)
    page.set_viewport_size({"width": 1366, "height": 768})
    table = dealt_table(page)
    card, reason = expected_hint()

    table.locator(".cardlab-hint").click()
    expect(table.locator(".cardlab-message")).to_contain_text("Hint (club): Play")
    expect(table.locator(".cardlab-message")).to_contain_text(reason)
    hinted = table.locator(".cardlab-board g.hand.viewer [data-card].hint")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-card") == card
    expect(hinted).to_have_attribute("aria-label", re.compile("suggested"))
    shoot(page, table, "hint")

    before = step_text(table)
    hinted.click()
    expect(table.locator(".cardlab-step")).not_to_have_text(before)
    expect(table.locator(".cardlab-board g.hand.viewer [data-card].hint")).to_have_count(0)

    computer = table.locator(".cardlab-board g.trick g.play:not([data-seat='S']) [data-card]").first
    seat = computer.locator("xpath=..").get_attribute("data-seat")
    computer.click()
    expect(table.locator(".cardlab-message")).to_contain_text(f"Why {seat} played")

    for _ in range(12):
        text = step_text(table)
        if "over" in text:
            break
        table.locator(".cardlab-board g.hand.viewer [data-card].legal").first.click()
        expect(table.locator(".cardlab-step")).not_to_have_text(text)
    expect(table.locator(".cardlab-step")).to_contain_text("The hand is over")
    expect(table.locator(".cardlab-counting")).to_contain_text("Count your side's points")   # count first
    expect(table.locator(".cardlab-breakdown")).to_have_text("")
    table.locator(".cardlab-count-skip").click()
    expect(table.locator(".cardlab-breakdown")).to_contain_text("End of hand")

    table.locator(".cardlab-review").click()
    rows = table.locator(".cardlab-review-row")
    expect(rows.first).to_be_visible(timeout=180_000)   # a seeded expert, 24 deals a decision, on a shared machine
    assert 1 <= rows.count() <= 3
    expect(rows.first).to_contain_text(re.compile(r"the expert would .* between [\d.]+ and [\d.]+ points with 95% "
                                                  r"confidence\.|the exact search would .* solved exactly\."))
    shoot(page, table, "review")
    go = rows.first.locator(".cardlab-review-step")
    step = int(re.search(r"Go to step (\d+)", go.inner_text()).group(1))
    go.click()
    expect(table.locator(".cardlab-step")).to_contain_text(re.compile(rf"Step {step} of \d+ — .*S to (play|lead)"))
    assert not page.page_errors
