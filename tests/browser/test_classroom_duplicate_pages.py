"""A duplicate round in real browsers (issue 22, item 5): the teacher adds a table of computers
beside a learner's table, starts a round of two deals from the teacher's page, the learner clicks
their cards through both deals (the computer fills their table's free seats after the short away
time), and the teacher's page shows deal by deal how each table did and the class ranking; the
learner sees only their own table's deals until the round is over, then the whole sheet. Then the
teacher closes the room with the page's form (its token copied in by ``room.js``), and the learner's
page says so.
Screenshots go to ``test-artifacts/room-duplicate-*.png``."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.browser.room_browsers import next_deal, play_deal, shoot, visitor
from tests.browser.test_classroom_room import LAPTOP, PHONE
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import start


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms") / "classrooms.sqlite3", "voila-classroom-duplicate")
    yield running
    running.stop()


def test_a_round_of_two_deals_at_two_tables_is_compared_on_the_teacher_page(
        new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.get_by_role("button", name="Open the room").click()
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    learner = visitor(new_context(), errors, PHONE)
    learner.goto(teacher.locator("#room-link").get_attribute("href"))
    learner.get_by_label("Your name at the table").fill("Ann")
    learner.get_by_role("button", name="Sit down").click()
    expect(learner.locator("#room-board > svg")).to_be_visible()
    expect(learner.locator("#room-round")).to_be_hidden()

    start_round = teacher.get_by_role("button", name="Start a duplicate round")
    expect(start_round).to_be_disabled()
    teacher.get_by_role("button", name="Add a table of computers").click()
    expect(teacher.locator("#room-tables tbody tr")).to_have_count(2)
    expect(start_round).to_be_enabled()
    teacher.locator("#room-deals").select_option("2")
    start_round.click()
    expect(teacher.locator("#room-duplicate")).to_contain_text("Duplicate round: 2 of 4 hands played")
    expect(start_round).to_be_disabled()
    expect(learner.locator("#room-duplicate")).to_contain_text("Your table has played 0 of the round's 2 deals")

    play_deal(learner)
    expect(learner.locator("#room-duplicate")).to_contain_text("Your table has played 1 of the round's 2 deals")
    expect(learner.locator('#room-duplicate [data-table="2"]')).to_have_count(0)
    next_deal(learner)
    play_deal(learner)

    sheet = teacher.locator("#room-duplicate")
    expect(sheet).to_contain_text("The duplicate round is over: 2 deals at 2 tables")
    expect(sheet.locator("tbody tr")).to_have_count(4)
    for deal in (1, 2):
        for table in (1, 2):
            expect(sheet.locator(f'tr[data-deal="{deal}"][data-table="{table}"] td').nth(2)).not_to_have_text(
                "not played yet")
    expect(sheet.locator("#room-ranking li")).to_have_count(4)
    expect(sheet.locator("#room-ranking")).to_contain_text("Ann")
    expect(sheet.locator("#room-ranking")).to_contain_text("matchpoints")
    expect(learner.locator("#room-ranking li")).to_have_count(4)
    expect(learner.locator('#room-duplicate [data-table="2"]')).to_have_count(2)
    expect(start_round).to_be_enabled()
    sheet.scroll_into_view_if_needed()
    shoot(teacher, "duplicate-teacher-1366x768")
    learner.locator("#room-round").scroll_into_view_if_needed()
    shoot(learner, "duplicate-learner-390")

    # the lesson is over: the teacher closes the room, and the learner's page is told
    teacher.get_by_label("Yes: close it for everyone (its tables end)").check()
    teacher.get_by_role("button", name="Close the room").click()
    expect(teacher.locator("body")).to_contain_text("The room is closed")
    expect(learner.locator("body")).to_contain_text("closed this room")
    assert not errors, errors
