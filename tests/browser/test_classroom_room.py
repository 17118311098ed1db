"""A class in five real browsers (issue 22): the teacher opens a room from the form, four learners
join by its link or its code and their names (one on a phone), each clicks their own cards, a trick is
played, and the teacher's page shows the table with every name.  Screenshots of the teacher's page
(1366 x 768 and a 1024 x 768 projector) and of a learner's table (1366 x 768 and 390 px wide) go
to ``test-artifacts/room-*.png`` to be looked at."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.browser.room_browsers import shoot, step_of, visitor
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import start

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PROJECTOR: ViewportSize = {"width": 1024, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = ["Ann", "Bo", "Cy", "<i>Di</i>"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms") / "classrooms.sqlite3", "voila-classroom-browser")
    yield running
    running.stop()


def test_a_teacher_and_four_learners_play_a_trick(new_context: Callable[..., BrowserContext],
                                                   server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.select_option("#room-game", "tressette")
    expect(teacher.locator('.room-options[data-game="quadrille"]')).to_be_hidden()
    teacher.get_by_role("button", name="Open the room").click()
    code = teacher.locator("#room-code-big")
    expect(code).to_have_text(re.compile(r"^\w{4}-\w{4}$"))
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    expect(teacher.locator(".room-qr svg")).to_be_visible()
    assert "#" not in teacher.locator("#room-link").get_attribute("href")

    learners: list[Page] = []
    for number, name in enumerate(NAMES):
        page = visitor(new_context(), errors, PHONE if number == 3 else LAPTOP)
        if number < 2:    # by the link the teacher shows
            page.goto(teacher.locator("#room-link").get_attribute("href"))
        else:             # by the code, typed as heard
            page.goto(f"{server.url}/cardlab/room")
            page.get_by_label("The room's code").fill(code.inner_text().lower())
            page.get_by_role("button", name="Next").click()
        page.get_by_label("Your name at the table").fill(name)
        page.get_by_role("button", name="Sit down").click()
        expect(page.locator("#room-board > svg")).to_be_visible()
        expect(page.locator("#room-where")).to_contain_text(name)
        learners.append(page)
    for page in learners:
        expect(page.locator(".room-seat.room-on")).to_have_count(4)
    start = step_of(learners[0])       # the computer may have played before the table filled
    assert all(step_of(page) == start for page in learners)

    for played in range(1, 5):
        now = start + played
        actor = next(page for page in learners if page.locator("#room-board [data-hand].legal").count())
        others = [page for page in learners if page is not actor]
        assert all(page.locator("#room-board [data-hand].legal").count() == 0 for page in others)
        actor.locator("#room-board [data-hand].legal").first.click()
        for page in learners:
            expect(page.locator("#room-step")).to_contain_text(f"Step {now} of {now}")

    row = teacher.locator("#room-tables tbody tr").first
    for name in NAMES:
        expect(row).to_contain_text(name)
    expect(row).to_contain_text(f"{start + 4} of {start + 4}")
    row.get_by_role("button", name="Look").click()
    expect(teacher.locator("#room-open #room-board > svg")).to_be_visible()
    expect(teacher.locator("#room-open-title")).to_have_text("Table 1, every hand face up")

    shoot(learners[0], "learner-1366x768")
    shoot(learners[3], "learner-390")
    teacher.locator("#room-code-big").scroll_into_view_if_needed()
    shoot(teacher, "teacher-1366x768")
    teacher.set_viewport_size(PROJECTOR)
    teacher.evaluate("window.scrollTo(0, 0)")
    shoot(teacher, "teacher-1024x768")
    teacher.locator("#room-open").scroll_into_view_if_needed()
    shoot(teacher, "teacher-table-1024x768")
    assert not errors, errors


def test_a_refusal_shows_as_a_sentence_in_the_message_slot(new_context: Callable[..., BrowserContext],
                                                           server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.get_by_role("button", name="Open the room").click()
    code = teacher.locator("#room-code-big").inner_text()
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    learner = visitor(new_context(), errors, LAPTOP)
    learner.goto(f"{server.url}/cardlab/room/{code}")
    learner.get_by_label("Your name at the table").fill("Eve")
    learner.get_by_role("button", name="Sit down").click()
    expect(learner.locator("#room-board > svg")).to_be_visible()
    teacher.get_by_role("button", name="Pause every table").click()
    expect(learner.locator("#room-banner")).to_contain_text("paused")
    before = learner.locator("#room-step").inner_text()
    learner.locator("#room-board g.hand.viewer [data-card]").first.click()
    expect(learner.locator("#room-message .cardlab-refusal")).to_contain_text("paused")
    assert learner.locator("#room-step").inner_text() == before
    assert not errors, errors


def test_a_link_without_its_seat_says_so(new_context: Callable[..., BrowserContext], server: Server) -> None:
    page = visitor(new_context(), [], PHONE)
    page.goto(f"{server.url}/cardlab/room/AAAA-AAAA/play#forged")
    expect(page.locator("#room-message .cardlab-refusal")).to_contain_text("not a seat in this room")
