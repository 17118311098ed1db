"""A learner plays the politaine scenario in the served app, in a real Chromium: back to East's
lead, declare the politaine with the button, win three hearts running, play the hand out, and
read the +11 in the end-of-hand breakdown.  The expected facts are asked of the engine.

The scenario's preview is on ``tests/browser/notebooks/games_quatre_sept.ipynb``, built as the lesson
(``notebooks/quatre_sept.ipynb``) builds it (``tests/test_games_harness.py`` holds the two to the same
call), rendered by Voilà's server extension inside the ``lab_url`` server."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from cardlab import Call, Hand, Play, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.scenario import builtin
from tests.browser.preview import play_this
from tests.servers import shot

SCENARIO = "quatre_sept-politaine"
PAGE = "/voila/render/tests/browser/notebooks/games_quatre_sept.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def open_games(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-preview-box .cardlab-play-this", state="visible", timeout=LOAD_MS)
    return page


def engine_playthrough() -> tuple:
    """What the table does: South declares after East's lead, then plays his first legal card each
    turn (the three hearts come first, strongest first); the computer plays the other seats."""
    scenario = builtin(SCENARIO)
    rules = get_rules("quatre_sept")
    hand = Hand.replay(rules, scenario.dealer, [scenario.deal_action(rules), scenario.actions[0],
                                                "S declares politaine H"])
    state, clicks = hand.state, []
    for card in ("AH", "10H", "9H"):
        state = rules.apply(state, Play("S", get_rules("quatre_sept").pack.parse(card)))
        clicks.append(card)
        for action in play_out(rules, state, SimpleBot(), until="S"):
            state = rules.apply(state, action)
    while not state.over:
        card = rules.legal_cards(state, "S")[0]
        clicks.append(str(card))
        state = rules.apply(state, Play("S", card))
        for action in play_out(rules, state, SimpleBot(), until="S"):
            state = rules.apply(state, action)
    return rules, state, clicks


def test_politaine_is_declared_and_scores_eleven_in_the_app(page, lab_url):
    rules, final, clicks = engine_playthrough()
    result = rules.score(final)
    assert result.parts["NS"]["politaine"] == 11

    open_games(page, lab_url)
    table = play_this(page, SCENARIO)
    table.locator(".cardlab-pace select").select_option(label="instant")   # no wait between the computer's cards
    table.locator(".cardlab-level select").select_option("beginner")   # the engine's SimpleBot
    expect(table.locator(".cardlab-caption")).to_contain_text("politaine")
    table.locator(".cardlab-start").click()
    table.locator(".cardlab-forward").click()
    table.locator(".cardlab-forward").click()
    expect(table.locator(".cardlab-step")).to_contain_text("S to play")
    expect(table.locator(".cardlab-board g.trick [data-card='7H']")).to_be_attached()

    viewer = table.locator(".cardlab-board g.hand.viewer")
    viewer.locator("[data-card='7C']").click()                  # follow suit first
    expect(table.locator(".cardlab-message")).to_contain_text("You must follow suit")
    declare = rules.describe(Call("S", "declares politaine H"))        # the button reads words
    table.get_by_role("button", name=declare, exact=True).click()
    expect(table.locator(".cardlab-board")).to_contain_text("politaine hearts")
    for number, code in enumerate(clicks, 1):
        viewer.locator(f"[data-card='{code}']").click()
        if number < len(clicks):
            expect(table.locator(".cardlab-step")).to_contain_text(f"Trick {number + 1}: S to")
        if number == 3:                                          # the third heart has won
            expect(table.locator(".cardlab-points")).to_contain_text("politaine")
    table.locator(".cardlab-count-skip").click()                         # the count comes first
    breakdown = table.locator(".cardlab-breakdown")
    expect(breakdown).to_contain_text("End of hand")
    expect(breakdown.locator("tr", has_text="politaine")).to_contain_text("11")
    expect(breakdown).to_contain_text("South's politaine of hearts: +11 to NS.")
    expect(breakdown.locator("tfoot")).to_contain_text(str(result.score["NS"]))
    shot(table, "quatre-sept-politaine")
