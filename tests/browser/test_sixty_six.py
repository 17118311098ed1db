"""Quatre Mains Soixante-Six in the served app, in a real Chromium: the lesson's first scenario
refuses a card with the sentence naming the duty (and shows the turned trump card face up), and
a free game played to the end counts 66 in the points panel and the breakdown.  The expected
facts are asked of the engine, never typed in."""
from __future__ import annotations

from playwright.sync_api import expect

from cardlab import Hand, Play, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.cards import Card
from cardlab.scenario import builtin, run
from tests.browser.preview import play_this
from tests.servers import ARTIFACTS

SEED = 80   # dealer N; with SimpleBot in every seat North–South count exactly 66


def test_refused_card_names_the_duty(open_voila):
    page = open_voila("soixante_six", wait_for=".cardlab-table")
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


def test_free_game_counts_to_66(open_voila):
    page = open_voila("soixante_six", wait_for=".cardlab-table")
    table = page.locator(".cardlab-table").last           # the free game
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
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=str(ARTIFACTS / "sixty-six-66.png"))
