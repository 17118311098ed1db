"""A learner at Tressette's tables in a real Chromium: the free game dealt with a fixed seed → a
refused card is explained → a legal card is played → the trick and the points move on; a scenario
stepped to its breakdown; and the lesson itself run in JupyterLab, where a card is played.  The
expected facts are asked of the engine, never typed in.

The free table and the scenario are on ``tests/browser/notebooks/games_tressette.ipynb``, built as
the lesson builds them (``tests/test_games_harness.py`` holds the two to the same calls), rendered
by Voilà's server extension inside the ``lab_url`` server.  That the landing page's "Tressette"
link leads to the lesson is checked on the landing page, in ``test_quiz.py``'s visit."""
from __future__ import annotations

from fractions import Fraction

from playwright.sync_api import Page, expect

from cardlab import Hand, Play, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.cards import Card
from cardlab.points import pretty
from tests.browser.preview import play_this
from tests.servers import shot

SEED = 0
PAGE = "/voila/render/tests/browser/notebooks/games_tressette.ipynb"
LOAD_MS = 90_000
"""A page's first load (a kernel started and its cells run) on a busy machine."""


def open_games(page: Page, lab_url: str) -> Page:
    page.goto(lab_url + PAGE)
    page.wait_for_selector(".cardlab-table", state="visible", timeout=LOAD_MS)
    return page


def engine_after(*plays: str) -> tuple:
    """Replay what the table does for seed 0: the computer plays round to South."""
    rules = get_rules("tressette")
    state = Hand.dealt(rules, "N", SEED).state
    for action in play_out(rules, state, SimpleBot(), until="S"):
        state = rules.apply(state, action)
    for code in plays:
        state = rules.apply(state, Play("S", Card.parse(code)))
        for action in play_out(rules, state, SimpleBot(), until="S"):
            state = rules.apply(state, action)
    return rules, state


def total(parts: dict) -> str:
    return pretty(sum(parts.values(), Fraction(0)))


def test_learner_plays_a_hand_and_steps_a_scenario_to_its_breakdown(page, lab_url):
    open_games(page, lab_url)

    # the free game at the end of the lesson, dealt with a seed at the beginner level
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-level select").select_option("beginner")   # the engine's SimpleBot
    table.locator(".cardlab-seed input").fill(str(SEED))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()

    rules, state = engine_after()
    led = state.trick.plays[0][1]
    refused = next(c for c in state.hand("S") if c not in rules.legal_cards(state, "S"))
    allowed = rules.legal_cards(state, "S")[0]
    viewer = table.locator(".cardlab-board g.hand.viewer")
    expect(table.locator(".cardlab-board g.trick [data-card='%s']" % led)).to_be_attached()
    expect(table.locator(".cardlab-step")).to_contain_text("S to play")

    viewer.locator(f"[data-card='{refused}']").click()
    sentence = rules.why_illegal(state, Play("S", refused))
    expect(table.locator(".cardlab-message")).to_have_text(sentence)
    assert sentence.startswith("You must follow suit")

    viewer.locator(f"[data-card='{allowed}']").click()
    rules, after = engine_after(str(allowed))
    expect(table.locator(".cardlab-message")).to_have_text("")
    expect(table.locator(".cardlab-board g.last-trick [data-card='%s']" % allowed)).to_be_attached()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Trick {after.trick_number}")
    points = rules.running_points(after)
    totals = table.locator(".cardlab-points tfoot th")
    expect(totals.nth(1)).to_have_text(total(points["NS"]))
    expect(totals.nth(2)).to_have_text(total(points["EW"]))
    assert any(total(p) != "0" for p in points.values()), "this seed's first trick carries points"

    steps = len(after.tricks) * 4 + len(after.trick.plays) + 1      # the deal is the first step
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
    table.locator(".cardlab-back").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps - 1} of {steps}")
    table.locator(".cardlab-end").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {steps} of {steps}")
    shot(table, "tressette-table")

    # the thirds scenario, from its preview, stepped to the end: the count first, then the breakdown
    table = play_this(page, "tressette-thirds")
    expect(table.locator(".cardlab-caption")).to_contain_text("third")
    table.locator(".cardlab-end").click()
    table.locator(".cardlab-count-skip").click()                         # the count comes first
    breakdown = table.locator(".cardlab-breakdown")
    expect(breakdown).to_contain_text("End of hand")
    expect(breakdown).to_contain_text("5⅔")
    expect(breakdown).to_contain_text("−⅔")
    expect(table.locator(".cardlab-match")).to_contain_text("+5 → 5")


def test_lesson_plays_a_card_in_jupyterlab(open_lab):
    page = open_lab("tressette", wait_for=".cardlab-table")
    table = play_this(page, "tressette-follow-suit")
    table.locator(".cardlab-end").click()
    expect(table.locator(".cardlab-step")).to_contain_text("S to play")
    before = table.locator(".cardlab-step").inner_text()
    table.locator(".cardlab-board g.hand.viewer .card.legal").first.click()
    expect(table.locator(".cardlab-step")).not_to_have_text(before)
    expect(table.locator(".cardlab-board g.last-trick [data-card]")).to_have_count(4)
