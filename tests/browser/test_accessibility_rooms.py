"""An axe-core audit (WCAG 2.1 A and AA, as tests/browser/axe.py runs it, axe from
``tests/browser/vendor``) of the pages new this session, in the states a class reaches them, plus
the room by the keyboard alone.

Audited, on one served app for the module (its own classroom store): the room's forms (open a
room, type a code, give a name, a refusal); a learner's table, paused with a refusal, with a
shown table and a poll answered and revealed; the teacher's page with its tables, a table looked
at, the paste box, the shown table and the poll's counts (and in projector mode), where two of
axe's best-practice rules must hold too (one main heading; no column without a header); a duplicate round's results on the teacher's and the learner's page; the
pass-and-play page covered and shown; the progress panel in a lesson after an answer and on the
landing page.  Keyboard: a learner plays a card and answers a poll with Tab, the arrows and
Enter, the focus drawn where it is.  Screenshots go to ``test-artifacts/a11y-room-*.png``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cardlab.widgets import Quiz
from cardlab.widgets.progress import Keeper
from tests.browser.room_browsers import LAPTOP, OWN_MOVE, PHONE, PROJECTOR, next_deal, play_deal
from tests.browser.axe import violations
from tests.browser.test_quiz import answer
from tests.servers import TEACHER_KEY, Server, shot
from tests.test_classroom_server import start

SLOW_MS = 180_000
"""A notebook page's first load, its kernel started on a busy machine."""
TABS = 60
"""More Tab presses than any room page has stops before the one looked for."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms") / "classrooms.sqlite3", "voila-a11y-rooms")
    yield running
    running.stop()


def person(new_context: Callable[..., BrowserContext], errors: list[str], viewport: ViewportSize = LAPTOP) -> Page:
    """A page in a browser context of its own (a person of their own); its script errors go to ``errors``."""
    page = new_context(bypass_csp=True).new_page()     # the room pages allow only their own scripts; axe is injected
    page.set_viewport_size(viewport)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def audit(page: Page, name: str) -> None:
    """No WCAG 2.1 A/AA violation on ``page`` as it is; its screenshot kept either way."""
    shot(page, f"a11y-room-{name}")
    found = violations(page)
    assert found == [], f"{len(found)} WCAG 2.1 A/AA violation(s) on {name}:\n" + "\n".join(found)


def best_practice(page: Page, rule: str, within: str = "html") -> list[str]:
    """The elements inside ``within`` that break axe-core's best-practice ``rule`` (axe already
    injected by :func:`audit`)."""
    return page.evaluate("""async ([rule, within]) => {
        const found = await axe.run(within, {runOnly: {type: 'rule', values: [rule]}, resultTypes: ['violations']});
        return found.violations.flatMap(broken => broken.nodes.map(node => node.html.slice(0, 160)));
    }""", [rule, within])


def open_room(teacher: Page, base: str) -> str:
    """The teacher opens a Tressette room with the real form; the learners' link."""
    teacher.goto(f"{base}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.get_by_role("button", name="Open the room").click()
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    return str(teacher.locator("#room-link").get_attribute("href"))


def sit(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Sit down").click()
    expect(page.locator("#room-board > svg")).to_be_visible()


def tab_to(page: Page, selector: str) -> None:
    """Tab from where the focus is until it lands on an element ``selector`` finds."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"{TABS} Tab presses never reached {selector}")


def arrow_to_legal(page: Page) -> str:
    """Arrow along the focused hand to a card that may be played; its code."""
    for _ in range(TABS):
        if page.evaluate("() => document.activeElement.classList.contains('legal')"):
            return str(page.evaluate("() => document.activeElement.dataset.card"))
        page.keyboard.press("ArrowRight")
    raise AssertionError("no card of the focused hand may be played")


def assert_focus_drawn(page: Page, name: str) -> None:
    """The focused element matches :focus-visible and draws an outline of some width; a picture of
    it and around it goes to the artifacts."""
    drawn = page.evaluate("""() => {
        const el = document.activeElement, style = getComputedStyle(el);
        return el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }""")
    assert drawn, "the keyboard's focus is not drawn"
    box = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                        " return {x: Math.max(0, r.x - 40), y: Math.max(0, r.y - 40), width: r.width + 80,"
                        " height: r.height + 80}; }")
    shot(page, f"a11y-room-{name}", clip=box)


def test_the_room_forms_pass(new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    page = person(new_context, errors)
    page.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    audit(page, "open-form")
    link = open_room(page, server.url)
    visitor = person(new_context, errors, PHONE)
    visitor.goto(f"{server.url}/cardlab/room")
    audit(visitor, "code-form-390")
    visitor.get_by_label("The room's code").fill("ZZZZ-ZZZZ")
    visitor.get_by_role("button", name="Next").click()
    expect(visitor.locator("main")).to_contain_text("ZZZZ")
    audit(visitor, "code-refused-390")
    visitor.goto(link)
    audit(visitor, "name-form-390")
    assert not errors, errors


def test_a_learner_plays_and_answers_a_poll_by_keyboard_and_the_room_pages_pass(
        new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    teacher = person(new_context, errors)
    link = open_room(teacher, server.url)
    learner = person(new_context, errors)
    sit(learner, link, "Ann")
    learner.locator(OWN_MOVE).first.wait_for(timeout=60_000)
    audit(learner, "learner-table")

    step = learner.locator("#room-step").inner_text()
    learner.locator("body").focus()
    tab_to(learner, "#room-board [data-hand]")
    assert_focus_drawn(learner, "focus-own-card")
    played = arrow_to_legal(learner)
    learner.keyboard.press("Enter")
    expect(learner.locator("#room-step")).not_to_have_text(step)
    expect(learner.locator(f'#room-board g.hand.viewer [data-card="{played}"]')).to_have_count(0)
    expect(teacher.locator("#room-tables tbody tr")).to_have_count(1)
    audit(teacher, "teacher-tables")
    assert best_practice(teacher, "page-has-heading-one") == [], "the teacher's page has no main heading"
    assert best_practice(teacher, "empty-table-header", "#room-tables") == [], "a column of the tables has no header"
    teacher.locator("#room-tables").get_by_role("button", name="Look").click()
    expect(teacher.locator("#room-open #room-board > svg")).to_be_visible()
    teacher.get_by_role("button", name="Pause every table").click()
    expect(learner.locator("#room-banner")).to_contain_text("paused")
    learner.locator("#room-board g.hand.viewer [data-card]").first.click()
    expect(learner.locator("#room-message .cardlab-refusal")).to_contain_text("paused")
    audit(learner, "learner-paused-refused")
    teacher.locator("#room-show-source").select_option("paste")
    expect(teacher.locator("#room-show-text")).to_be_visible()
    audit(teacher, "teacher-open-table-paused-paste")
    teacher.get_by_role("button", name="Resume play").click()
    expect(learner.locator("#room-banner")).to_be_hidden()

    teacher.locator("#room-show-source").select_option("scenario:tressette-follow-suit")
    teacher.locator("#room-show-seat").select_option("S")
    teacher.get_by_role("button", name="Show the class").click()
    expect(learner.locator("#room-shown-board > svg")).to_be_visible()
    audit(learner, "learner-shown")
    teacher.get_by_role("button", name="Ask the class: which card?").click()
    expect(learner.locator("#room-poll-question")).to_contain_text("Which card would you play as S")
    expect(learner.locator("#room-shown-board .legal[data-card]").first).to_be_visible()

    learner.locator("body").focus()
    tab_to(learner, "#room-shown-board [data-card]")
    assert_focus_drawn(learner, "focus-poll-card")
    arrow_to_legal(learner)
    learner.keyboard.press("Enter")
    expect(learner.locator("#room-poll-answer")).to_contain_text("Your answer:")
    expect(teacher.locator("#room-poll-count")).to_have_text("1 answer")
    audit(learner, "learner-poll-answered")
    learner.set_viewport_size(PHONE)
    learner.locator("#room-poll-answer").scroll_into_view_if_needed()
    audit(learner, "learner-poll-answered-390")
    teacher.locator("#room-shown").scroll_into_view_if_needed()
    audit(teacher, "teacher-poll-counts")

    teacher.get_by_role("button", name="Reveal the expert's card").click()
    expect(learner.locator("#room-reveal-box")).to_contain_text("The expert plays")
    expect(teacher.locator("#room-tally .room-expert-card")).to_have_count(1)
    audit(learner, "learner-revealed")
    audit(teacher, "teacher-revealed")
    teacher.set_viewport_size(PHONE)
    teacher.locator("#room-tally").scroll_into_view_if_needed()
    audit(teacher, "teacher-revealed-390")
    teacher.set_viewport_size(PROJECTOR)
    teacher.get_by_role("button", name="Projector").click()
    expect(teacher.locator("#room-tables")).to_be_hidden()
    audit(teacher, "teacher-projector-1024")
    assert not errors, errors


def test_a_duplicate_rounds_results_pass(new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    teacher = person(new_context, errors)
    link = open_room(teacher, server.url)
    learner = person(new_context, errors, PHONE)
    sit(learner, link, "Bo")
    teacher.get_by_role("button", name="Add a table of computers").click()
    expect(teacher.locator("#room-tables tbody tr")).to_have_count(2)
    teacher.locator("#room-deals").select_option("2")
    teacher.get_by_role("button", name="Start a duplicate round").click()
    expect(teacher.locator("#room-duplicate")).to_contain_text("Duplicate round: 2 of 4 hands played")
    audit(teacher, "duplicate-under-way")
    play_deal(learner)
    next_deal(learner)
    play_deal(learner)
    expect(teacher.locator("#room-duplicate")).to_contain_text("The duplicate round is over")
    expect(learner.locator("#room-ranking li")).to_have_count(4)
    teacher.locator("#room-duplicate").scroll_into_view_if_needed()
    audit(teacher, "duplicate-results")
    learner.locator("#room-round").scroll_into_view_if_needed()
    audit(learner, "duplicate-results-390")
    assert not errors, errors


def test_pass_and_play_covered_and_shown_pass(new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    page = person(new_context, errors)
    page.set_default_timeout(SLOW_MS)
    page.goto(f"{server.url}/voila/render/pass_and_play.ipynb")
    page.locator(".cardlab-together-sit").wait_for()
    audit(page, "pass-and-play-form")
    page.locator(".cardlab-together-sit").click()
    table = page.locator(".cardlab-table")
    show = table.locator(".cardlab-show-hand")
    expect(show).to_contain_text(": show my hand")
    table.scroll_into_view_if_needed()
    audit(page, "pass-and-play-covered")
    show.click()
    expect(show).to_have_text("Cover my hand")
    expect(table.locator(".cardlab-board g.hand.viewer [data-card]").first).to_be_visible()
    audit(page, "pass-and-play-shown")
    assert not errors, errors


def test_the_progress_panel_passes_in_a_lesson_and_on_the_landing_page(
        new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    page = person(new_context, errors)
    page.set_default_timeout(SLOW_MS)
    panel = ".cardlab-progress-view"
    mirror = Quiz("tressette", progress=Keeper())
    question = mirror.question
    assert question is not None
    page.goto(f"{server.url}/voila/render/tressette.ipynb")
    page.locator(f"{panel} .cardlab-progress-game").first.wait_for()
    quiz = page.locator(".cardlab-quiz").first
    quiz.scroll_into_view_if_needed()
    answer(quiz, mirror, question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_be_visible()
    page.locator(panel).scroll_into_view_if_needed()
    audit(page, "progress-lesson")
    page.goto(f"{server.url}/voila/render/index.ipynb")
    page.locator(f"{panel} .cardlab-progress-game").first.wait_for()
    page.locator(panel).scroll_into_view_if_needed()
    audit(page, "progress-landing")
    assert not errors, errors
