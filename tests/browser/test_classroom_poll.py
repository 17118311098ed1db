"""The class poll in real browsers (issue 22, item 4): the teacher shows the class a prepared
table, asks "which card would you play?", three learners (one on a phone) each click a card on
their own screen, one changes their mind, the teacher's page counts them live, and the reveal
shows the expert's card and its reason on every screen.  Screenshots of the teacher's page at
1366 x 768, 1024 x 768, 390 px and in projector mode, and of learners' pages at the same sizes, go to
``test-artifacts/room-poll-*.png`` to be looked at."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.room_browsers import shoot, visitor
from tests.browser.test_classroom_room import LAPTOP, PHONE, PROJECTOR
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import start

POLL_CARD = "#room-shown-board .legal[data-card]"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms") / "classrooms.sqlite3", "voila-classroom-poll")
    yield running
    running.stop()


def counts(teacher: Page) -> list[int]:
    return [int(text) for text in teacher.locator("#room-tally .room-tally-count").all_inner_texts()]


def on_screen(teacher: Page) -> None:
    """Issue 34.9: on a 1024 x 768 projector the board in the presenter's theme (the cards of the
    hand asked about 60 px wide or more), the live count and the revealed card are all within the
    one screen."""
    width, height = PROJECTOR["width"], PROJECTOR["height"]
    expect(teacher.locator("#room-shown-board > svg")).to_have_attribute("viewBox", "0 0 1200 620")
    hand = teacher.locator("#room-shown-board g.hand.viewer [data-card]").evaluate_all(
        "cards => cards.map(card => card.getBoundingClientRect().width)")
    assert hand and min(hand) >= 60, f"the hand's cards are {min(hand):.0f} px wide"
    for part in ("#room-shown-board > svg", "#room-tally", "#room-poll-count", "#room-reveal-box .room-expert"):
        box = teacher.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["y"] >= 0, part
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (part, box)


def test_the_class_answers_a_poll_and_sees_the_experts_card(new_context: Callable[..., BrowserContext],
                                                            server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.get_by_role("button", name="Open the room").click()
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    link = teacher.locator("#room-link").get_attribute("href")
    learners: list[Page] = []
    for number, name in enumerate(["Ann", "Bo", "<b>Cy</b>", "Di"]):
        page = visitor(new_context(), errors, PHONE if number == 2 else LAPTOP)
        page.goto(link)
        page.get_by_label("Your name at the table").fill(name)
        page.get_by_role("button", name="Sit down").click()
        expect(page.locator("#room-board > svg")).to_be_visible()
        expect(page.locator("#room-shown")).to_be_hidden()
        learners.append(page)

    teacher.locator("#room-show-source").select_option("scenario:tressette-follow-suit")
    expect(teacher.locator("#room-show-seat")).to_have_value("")      # the seat to play, whichever it is
    teacher.get_by_role("button", name="Show the class").click()
    expect(teacher.locator("#room-shown-title")).to_contain_text("seen from S")
    expect(teacher.locator("#room-shown-board > svg")).to_be_visible()
    expect(teacher.get_by_role("button", name="Forward ▶")).to_be_disabled()
    for page in learners:
        expect(page.locator("#room-shown-board > svg")).to_be_visible()
        expect(page.locator("#room-shown-title")).to_contain_text("Follow suit")
        assert page.locator(POLL_CARD).count() == 0, "the shown table is read-only until a question"

    teacher.get_by_role("button", name="Ask the class: which card?").click()
    expect(teacher.locator("#room-poll-question")).to_have_text("Which card would S play?")
    expect(teacher.locator("#room-poll-count")).to_have_text("0 answers")
    cards = teacher.locator("#room-tally .room-tally-row").evaluate_all("rows => rows.map(r => r.dataset.card)")
    assert len(cards) >= 2
    for page in learners:
        expect(page.locator("#room-poll-question")).to_contain_text("Which card would you play as S")
        expect(page.locator(POLL_CARD)).to_have_count(len(cards))
    choices = [cards[0], cards[0], cards[1], cards[1]]
    for page, card in zip(learners, choices):
        page.locator(f'#room-shown-board [data-card="{card}"]').click()
        expect(page.locator("#room-poll-answer")).to_contain_text("Your answer:")
    expect(teacher.locator("#room-poll-count")).to_have_text("4 answers")
    learners[1].locator(f'#room-shown-board [data-card="{cards[1]}"]').click()     # changes their mind
    expect(teacher.locator(f'#room-tally [data-card="{cards[1]}"] .room-tally-count')).to_have_text("3")
    assert counts(teacher)[:2] == [1, 3] and sum(counts(teacher)) == 4
    name = teacher.locator(f'#room-tally [data-card="{cards[1]}"] .room-tally-name').inner_text()
    expect(learners[1].locator("#room-poll-answer")).to_have_text(f"Your answer: {name}.")

    shoot(learners[0], "poll-learner-1366x768")
    learners[1].set_viewport_size(PROJECTOR)
    shoot(learners[1], "poll-learner-1024x768")
    shoot(learners[2], "poll-learner-390")
    teacher.locator("#room-shown").scroll_into_view_if_needed()
    shoot(teacher, "poll-teacher-1366x768")
    teacher.get_by_role("button", name="Reveal the expert's card").click()
    expect(teacher.locator("#room-reveal-box")).to_contain_text("The expert plays")
    expect(teacher.locator("#room-tally .room-expert-card")).to_have_count(1)
    for page in learners:
        expect(page.locator("#room-reveal-box")).to_contain_text("The expert plays")
        expect(page.locator("#room-reveal-box .cardlab-note")).not_to_be_empty()
        expect(page.locator(POLL_CARD)).to_have_count(0)
    expect(learners[2].locator("#room-shown-title")).to_contain_text("Follow suit")

    teacher.get_by_role("button", name="Projector").click()
    expect(teacher.locator("#room-tables")).to_be_hidden()
    teacher.set_viewport_size(PROJECTOR)
    teacher.evaluate("window.scrollTo(0, 0)")
    on_screen(teacher)
    shoot(teacher, "poll-projector-1024x768")
    # the counts are read from the back of a room: once the projector's style applies, 48 px or more
    teacher.wait_for_function("""least => {
        const count = document.querySelector('.room-tally-count');
        return count !== null && parseFloat(getComputedStyle(count).fontSize) >= least;
    }""", arg=48)
    teacher.get_by_role("button", name="Projector").click()
    # a whole hand to choose from: West's lead at the deal, every hand face up
    teacher.locator("#room-show-open").check()
    teacher.get_by_role("button", name="Show the class").click()
    expect(teacher.locator("#room-shown-title")).to_contain_text("every hand face up")
    teacher.get_by_role("button", name="◀◀ Deal").click()
    expect(teacher.get_by_role("button", name="◀◀ Deal")).to_be_disabled()
    teacher.get_by_role("button", name="Ask the class: which card?").click()
    expect(teacher.locator("#room-tally .room-tally-row")).to_have_count(10)
    teacher.get_by_role("button", name="Reveal the expert's card").click()
    expect(teacher.locator("#room-tally .room-expert-card")).to_have_count(1)
    teacher.get_by_role("button", name="Projector").click()
    teacher.evaluate("window.scrollTo(0, 0)")
    on_screen(teacher)
    shoot(teacher, "poll-projector-hand-1024x768")
    teacher.get_by_role("button", name="Projector").click()
    shoot(teacher, "poll-teacher-1024x768")
    teacher.set_viewport_size(PHONE)
    teacher.locator("#room-shown").scroll_into_view_if_needed()
    shoot(teacher, "poll-teacher-390")
    teacher.get_by_role("button", name="Stop showing").click()
    for page in learners:
        expect(page.locator("#room-shown")).to_be_hidden()
    assert not errors, errors
