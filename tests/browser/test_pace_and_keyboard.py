"""The computer's cards at a person's pace, the "Next card" mode (with the words and the step line
waiting with the board), and a whole trick played with the keyboard alone (the focus drawn apart
from the playable yellow), in a real Chromium: a free Tressette table on a page of its own
(``tests/browser/table_page.py``), dealt at seed 0 with the beginner level from its controls: West
leads, South follows, then East, North and West's next lead are the computer's three cards.  The
expected cards are asked of the engine, never typed in."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from cardlab import Hand, Play, get_rules
from cardlab.rules import TrickGame
from cardlab.state import State
from cardlab.bots import SimpleBot, play_out
from tests.browser.table_page import open_tables

pytestmark = pytest.mark.slow

SEED = 0
RECORD_JS = """board => {
    const shown = () => [...board.querySelectorAll('[data-card]')]
        .filter(c => !c.closest('g.hand.viewer') && !c.hasAttribute('data-hand'))
        .map(c => c.getAttribute('data-card'));
    const seen = new Set(shown());
    window.__appeared = {};
    new MutationObserver(() => {
        for (const code of shown()) if (!seen.has(code)) {
            seen.add(code);
            window.__appeared[code] = performance.now();
        }
    }).observe(board, {childList: true, subtree: true});
}"""


def south_to_play() -> tuple[TrickGame, State]:
    """Tressette at seed 0 once the computer has led and South is to play."""
    rules = get_rules("tressette")
    state = Hand.dealt(rules, "N", SEED).state
    for action in play_out(rules, state, SimpleBot(), until="S"):
        state = rules.apply(state, action)
    return rules, state


def computer_answers() -> tuple[str, list[str]]:
    """South's first legal card at seed 0 and the computer's cards that follow it."""
    rules, state = south_to_play()
    card = rules.legal_cards(state, "S")[0]
    state = rules.apply(state, Play("S", card))
    return str(card), [str(action.card) for action in play_out(rules, state, SimpleBot(), until="S")]


def south_hand() -> dict[str, list[str]]:
    """South's cards at that moment, playable and not."""
    rules, state = south_to_play()
    legal = rules.legal_cards(state, "S")
    return {"legal": sorted(map(str, legal)),
            "illegal": sorted(str(card) for card in state.hand("S") if card not in legal)}


# the time of the board's last change, for a wait until it has held still
CHANGES_JS = """board => {
    window.__boardChanged = performance.now();
    new MutationObserver(() => { window.__boardChanged = performance.now(); })
        .observe(board, {childList: true, subtree: true, attributes: true});
}"""
HELD_MS = 2 * 700
"""Two of the normal pace's steps: a board that waits for a click holds still that long."""


def dealt_table(page: Page, lab_url: str) -> Locator:
    """A free table dealt at seed 0 with South to play, once its board shows that picture: the
    table's first deal also waits for South at step 2, so the step line alone does not tell them apart."""
    table, = open_tables(page, lab_url, "tressette")
    table.locator(".cardlab-level select").select_option("beginner")   # the engine's SimpleBot
    table.locator(".cardlab-seed input").fill(str(SEED))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    board = table.locator(".cardlab-svg-board").element_handle()
    page.wait_for_function("""([board, want]) => {
        const codes = (mark) => [...board.querySelectorAll(`[data-hand].${mark}`)]
            .map(c => c.getAttribute('data-card')).sort().join(' ');
        return codes('legal') === want.legal.join(' ') && codes('illegal') === want.illegal.join(' ');
    }""", arg=[board, south_hand()])
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    return table


def step_text(table: Locator) -> str:
    return table.locator(".cardlab-step").inner_text().strip()


def shown_plays(table: Locator) -> int:
    """The cards on the felt's trick as the board shows them."""
    return table.locator(".cardlab-svg-board g.trick [data-card]").count()


def spoken_plays(text: str) -> int:
    said = re.search(r"(?:On the table|wins the trick): ([^.]*)\.", text)
    return len(said.group(1).split(", ")) if said else 0


def test_computer_cards_appear_one_by_one_at_normal_pace(page, lab_url):
    table = dealt_table(page, lab_url)
    expect(table.locator(".cardlab-pace select")).to_have_value("normal")     # the default
    mine, answers = computer_answers()
    assert len(answers) >= 3
    table.locator(".cardlab-svg-board").evaluate(RECORD_JS)
    table.locator(f".cardlab-board g.hand.viewer [data-card='{mine}']").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {2 + 1 + len(answers)} of", timeout=15_000)
    page.wait_for_function("codes => codes.every(code => code in window.__appeared)", arg=[mine] + answers,
                           timeout=15_000)
    times = page.evaluate("() => window.__appeared")
    moments = sorted(times[code] for code in answers[:3])
    assert all(later - earlier >= 400 for earlier, later in zip(moments, moments[1:])), times


def test_next_card_mode_waits_for_a_click_on_each_computer_card_and_the_words_wait_too(page, lab_url):
    table = dealt_table(page, lab_url)
    table.locator(".cardlab-pace select").select_option(label="Next card (click)")
    mine, answers = computer_answers()
    live = table.locator(".cardlab-svg .cardlab-sr")
    step = int(re.match(r"Step (\d+)", step_text(table)).group(1))
    table.locator(".cardlab-svg-board").evaluate(CHANGES_JS)
    table.locator(f".cardlab-board g.hand.viewer [data-card='{mine}']").click()
    button = table.locator(".cardlab-next-card")
    expect(button).to_be_visible()
    # nothing plays on by itself: the board holds its picture for two normal steps while the button waits
    page.wait_for_function(f"() => performance.now() - window.__boardChanged > {HELD_MS}")
    for code in answers:
        on_felt = table.locator(f".cardlab-board [data-card='{code}']:not([data-hand])")
        expect(on_felt).to_have_count(0)
        step += 1
        expect(table.locator(".cardlab-step")).to_contain_text(f"Step {step} of ")
        last = int(re.search(r"of (\d+)", step_text(table)).group(1))
        assert step < last, "the step line is at the end while the board still waits"
        page.wait_for_function("live => live.textContent.length > 0", arg=live.element_handle())
        assert spoken_plays(live.text_content()) == shown_plays(table), live.text_content()
        button.click()
        expect(on_felt.first).to_be_attached()
    expect(button).to_be_hidden()
    end = 2 + 1 + len(answers)
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {end} of {end}")
    expect(live).to_contain_text("Your turn, South")


def test_a_whole_trick_with_the_keyboard_alone(page, lab_url):
    table = dealt_table(page, lab_url)
    cards = table.locator(".cardlab-board [data-hand]")
    for i in range(cards.count()):
        expect(cards.nth(i)).to_have_attribute("aria-label", re.compile(r", (not )?playable"))
    table.locator(".cardlab-seed input").focus()
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('[data-hand]')"):
            break
    focused = lambda: page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")  # noqa: E731
    assert focused().endswith(", playable"), "Tab reaches the hand, on a playable card"
    first = focused()
    page.keyboard.press("ArrowRight")
    assert focused() != first
    # a keyboard move (:focus-visible) is outlined, and not in the playable cards' yellow
    outline = page.evaluate("""() => { const style = getComputedStyle(document.activeElement);
        return [document.activeElement.getAttribute('data-card'), style.outlineColor, style.outlineWidth]; }""")
    assert outline[0] and outline[1] != "rgb(255, 210, 31)" and outline[2] != "0px", outline
    for _ in range(cards.count()):                      # to a card South may not play
        if "not playable" in focused():
            break
        page.keyboard.press("ArrowRight")
    hand_box = table.locator(".cardlab-board g.hand.viewer").bounding_box()
    page.keyboard.press("Enter")
    expect(table.locator(".cardlab-message [role=alert]")).to_contain_text("You must follow suit")
    assert table.locator(".cardlab-board g.hand.viewer").bounding_box() == hand_box    # nothing moved
    mine, answers = computer_answers()
    code = lambda: page.evaluate("() => document.activeElement.getAttribute('data-card')")  # noqa: E731
    for _ in range(cards.count()):
        if code() == mine:
            break
        page.keyboard.press("ArrowLeft")
    assert code() == mine and focused().endswith(", playable")
    page.keyboard.press(" ")
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {2 + 1 + len(answers)} of", timeout=15_000)
    expect(table.locator(".cardlab-message")).to_have_text("")
    expect(table.locator(".cardlab-step")).to_contain_text("Trick 2")
    # focus stays on the hand (the last frame redraws it, and the focus is put back on the next frame)
    page.wait_for_function("() => !!document.activeElement.closest('[data-hand]')", timeout=5_000)
    expect(table.locator(".cardlab-board .cardlab-sr")).to_contain_text("Playable")
