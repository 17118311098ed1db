"""A learner steps through Aluette's spoiled-trick scenario in the served app: two kings tie for
the best card, the trick is won by nobody and the same player leads again.  The expected facts are
asked of the engine, never typed in."""
from __future__ import annotations

from playwright.sync_api import expect

from cardlab import Call, get_rules
from cardlab.scenario import builtin, run
from tests.browser.preview import play_this
from tests.servers import ARTIFACTS

SCENARIO = "aluette-spoiled-trick"


def test_learner_steps_through_a_spoiled_trick(open_voila):
    page = open_voila("aluette", wait_for=".cardlab-table")
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
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=str(ARTIFACTS / "aluette-spoiled-trick.png"))


def test_learner_steps_through_the_partnership_ceremony_and_sings(open_voila):
    from cardlab import lesson
    page = open_voila("aluette", wait_for=".cardlab-stepper")
    steps = lesson.ceremony_steps(seed=68)
    stepper = page.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    expect(stepper.locator(".cardlab-caption")).to_contain_text(steps[0].text)
    for _ in range(len(steps) - 1):
        stepper.locator(".cardlab-forward").click()
    expect(stepper.locator(".cardlab-caption")).to_contain_text("deals first")
    expect(stepper.locator(".cardlab-board")).to_contain_text("Monsieur")
    ARTIFACTS.mkdir(exist_ok=True)
    stepper.screenshot(path=str(ARTIFACTS / "aluette-ceremony.png"))

    table = page.locator(".cardlab-table").first          # seed 1: South is asked to sing
    table.scroll_into_view_if_needed()
    expect(table.locator(".cardlab-calls button")).to_have_count(2)
    table.get_by_role("button", name=get_rules("aluette").describe(Call("S", "sings")), exact=True).click()
    expect(table.locator(".cardlab-step")).not_to_contain_text("S: sing")
    table.screenshot(path=str(ARTIFACTS / "aluette-singing.png"))
