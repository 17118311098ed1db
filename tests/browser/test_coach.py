"""The coach at the table in a real Chromium over the served app (Tressette's free table, seed 7,
the computer at its default level, club): a hint marks a card and gives the club player's reason,
the hinted card is played, a computer's card on the felt says why it was played, the hand is played
out by clicking, the count is skipped for the breakdown, and the review lists the learner's
costliest decisions with a button that steps the table there.  The expected hint is asked of the
engine; screenshots of the coach at three sizes go to ``test-artifacts/coach-*.png``."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from cardlab import Hand, get_rules
from cardlab.bots import play_out
from cardlab.players import get_player
from tests.servers import ARTIFACTS

SEED = 7
SIZES = [(1366, 768), (1024, 768), (390, 844)]


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
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        table.locator(".cardlab-coach").evaluate("el => el.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / f"coach-{name}-{width}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})


def test_hint_why_and_review_in_the_app(open_voila):
    page = open_voila("tressette", wait_for=".cardlab-table")
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
    expect(rows.first).to_be_visible(timeout=180_000)   # a seeded expert, 30 deals a decision, on a shared machine
    assert 1 <= rows.count() <= 3
    expect(rows.first).to_contain_text("the expert would")
    shoot(page, table, "review")
    go = rows.first.locator(".cardlab-review-step")
    step = int(re.search(r"Go to step (\d+)", go.inner_text()).group(1))
    go.click()
    expect(table.locator(".cardlab-step")).to_contain_text(re.compile(rf"Step {step} of \d+ — .*S to (play|lead)"))
    assert not page.page_errors
