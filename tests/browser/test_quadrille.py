"""A learner plays a whole Quadrille deal in the served app: bids with the call buttons, names
trumps or answers as the deal requires, plays his cards, and sees the chips move on the match
sheet.  The learner does what the simple bot would do in his chair, so the engine, replayed
alongside, says what the page must show.

The free table is on ``tests/browser/notebooks/games_quadrille.ipynb``, built as the lesson
(``notebooks/quadrille.ipynb``) builds it (``tests/test_games_harness.py`` holds the two to the same
call), rendered by Voilà's server extension inside the ``lab_url`` server."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from cardlab import Call, Hand, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.points import pretty
from tests.servers import shot

PAGE = "/voila/render/tests/browser/notebooks/games_quadrille.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def open_games(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-table", state="visible", timeout=LOAD_MS)
    return page


def learner_speaks_first_at(rules) -> int:
    """The first seed whose deal lets South bid before the auction is over."""
    for seed in range(100):
        state = Hand.dealt(rules, "N", seed).state
        for action in play_out(rules, state, SimpleBot(), until="S"):
            state = rules.apply(state, action)
        if state.phase == "auction":
            return seed
    raise AssertionError("no seed lets South bid")


def test_learner_bids_plays_and_sees_the_ledger_change(page, lab_url):
    rules = get_rules("quadrille")
    seed = learner_speaks_first_at(rules)
    open_games(page, lab_url)
    table = page.locator(".cardlab-table").last          # the free game at the end of the lesson
    table.locator(".cardlab-pace select").select_option(label="instant")   # no wait between the computer's cards
    table.locator(".cardlab-level select").select_option("beginner")   # the engine's SimpleBot
    table.locator(".cardlab-seed input").fill(str(seed))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    expect(table.locator(".cardlab-match tfoot")).to_contain_text("40")

    hand = Hand.dealt(rules, "N", seed)
    bot = SimpleBot()
    bid = True
    while True:
        for action in play_out(rules, hand.state, bot, until="S"):
            hand = hand.then(action)
        steps = len(hand.log)
        expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
        if hand.state.over:
            break
        action = bot.choose(rules, rules.view(hand.state, "S"))
        if isinstance(action, Call):
            if bid:
                expect(table.locator(".cardlab-calls")).to_contain_text(rules.describe(action))
                bid = False
            table.get_by_role("button", name=rules.describe(action), exact=True).click()
        else:
            table.locator(f".cardlab-board g.hand.viewer [data-card='{action.card}']").click()
        hand = hand.then(action)

    settled = rules.settle(rules.new_match("N"), rules.score(hand.state))
    table.locator(".cardlab-count-skip").click()                         # the count comes first
    expect(table.locator(".cardlab-breakdown")).to_contain_text("End of hand")
    match = table.locator(".cardlab-match")
    expect(match).to_contain_text("hand 1")
    totals = match.locator("tfoot th")
    for index, side in enumerate(settled.totals, start=1):
        expect(totals.nth(index)).to_have_text(pretty(settled.totals[side]))
    assert settled.totals != rules.new_match("N").totals, "the chips moved"
    shot(table, "quadrille-table")
