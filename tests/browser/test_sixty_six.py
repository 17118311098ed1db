"""Quatre Mains Soixante-Six's tables in a real Chromium: the lesson's first scenario refuses a card
with the sentence naming the duty (and shows the turned trump card face up), and a free game played
to the end counts 66 in the points panel and the breakdown.  The expected facts are asked of the
engine, never typed in.

Both tables are on ``tests/browser/notebooks/games_sixty_six.ipynb``, built as the lesson
(``notebooks/soixante_six.ipynb``) builds them (``tests/test_games_harness.py`` holds the two to the
same calls), rendered by Voilà's server extension inside the ``lab_url`` server."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from cardlab import Hand, Play, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.cards import Card
from cardlab.scenario import builtin, run
from tests.browser.preview import play_this
from tests.servers import shot

SEED = 80   # dealer N; with SimpleBot in every seat North–South count exactly 66
PAGE = "/voila/render/tests/browser/notebooks/games_sixty_six.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def open_games(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-table", state="visible", timeout=LOAD_MS)
    return page


def test_a_refused_card_names_the_duty_and_a_free_game_counts_to_66(page, lab_url):
    open_games(page, lab_url)

    # the lesson's first scenario: a card refused with the duty's sentence, a legal one played
    table = play_this(page, "sixty_six-beat-partner")
    hand = run(builtin("sixty_six-beat-partner")).hand
    rules, state = hand.rules, hand.state
    turned = state.turned
    expect(table.locator(f".cardlab-board g.public [data-card='{turned}']")).to_be_attached()
    table.locator(".cardlab-end").click()
    expect(table.locator(".cardlab-step")).to_contain_text("S to play")

    refused = next(c for c in state.hand("S") if c.suit == "H" and c not in rules.legal_cards(state, "S"))
    sentence = rules.why_illegal(state, Play("S", refused))
    assert sentence.startswith("You must win the trick if you can, even over your partner")
    table.locator(f".cardlab-board g.hand.viewer [data-card='{refused}']").click()
    expect(table.locator(".cardlab-message")).to_have_text(sentence)

    allowed = rules.legal_cards(state, "S")[0]
    table.locator(f".cardlab-board g.hand.viewer [data-card='{allowed}']").click()
    expect(table.locator(".cardlab-message")).to_have_text("")
    expect(table.locator(f".cardlab-board g.last-trick [data-card='{allowed}']")).to_be_attached()

    # the free game, played to the end as SimpleBot would play South
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-pace select").select_option(label="instant")   # no wait between the computer's cards
    table.locator(".cardlab-level select").select_option("beginner")   # the engine's SimpleBot
    table.locator(".cardlab-seed input").fill(str(SEED))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()

    rules = get_rules("sixty_six")
    state = Hand.dealt(rules, "N", SEED).state
    steps = 1
    for action in play_out(rules, state, SimpleBot(), until="S"):
        state, steps = rules.apply(state, action), steps + 1
    while not state.over:
        expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
        card: Card = SimpleBot().choose(rules, rules.view(state, "S")).card
        table.locator(f".cardlab-board g.hand.viewer [data-card='{card}']").click()
        state, steps = rules.apply(state, Play("S", card)), steps + 1
        for action in play_out(rules, state, SimpleBot(), until="S"):
            state, steps = rules.apply(state, action), steps + 1

    result = rules.score(state)
    assert result.points["NS"] == 66 and result.score == {"NS": 1, "EW": 0}
    expect(table.locator(".cardlab-step")).to_contain_text("The hand is over")
    table.locator(".cardlab-count-skip").click()                         # the count comes first
    totals = table.locator(".cardlab-points tfoot th")
    expect(totals.nth(1)).to_have_text("66")
    expect(totals.nth(2)).to_have_text("64")
    breakdown = table.locator(".cardlab-breakdown")
    expect(breakdown).to_contain_text(result.summary)
    expect(table.locator(".cardlab-match")).to_contain_text("+1 → 1")
    shot(table, "sixty-six-66")
