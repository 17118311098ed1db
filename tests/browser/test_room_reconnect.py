"""A room's seats survive people and servers going away, in real browsers (issue 22, "How it is
checked"): a learner whose page is closed mid-trick has the computer play their card once the away
timeout has passed, and takes the seat back by opening the same link in another browser; a server
stopped mid-hand and started again has every page (the four learners' and the teacher's) reconnect
on its own and show the table at the same step, and the hand goes on.

tests/test_classroom_server.py proves both on bare websockets (a seat handed to the computer and
back; every seat's step and cards after a restart); here the pages themselves do it: the closed tab,
the link reopened elsewhere, room.js reconnecting after the restart, and the next click.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.room_browsers import (LAPTOP, PHONE, Recorder, cards_in, open_room, received_leaks, serve, sit_down,
                                         step_of, truth, visitor)
from tests.servers import Server, free_port

pytestmark = pytest.mark.slow

GAME = "sixty_six"
AWAY = 6.0
"""Seconds before the computer plays the seat of a learner gone (30 in a real class)."""
NAMES = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("room-reconnect") / "classrooms.sqlite3"


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[Server]:
    running = serve(store, "voila-room-away", away_after=AWAY)
    yield running
    running.stop()


def seated(new_context: Callable[..., BrowserContext], base: str, errors: list[str]
           ) -> tuple[Page, str, dict[str, Page], dict[str, Recorder]]:
    """A room opened by a teacher's page and four learners' pages seated at its table: the
    teacher's page, the code, each seat's page and what it receives."""
    teacher = visitor(new_context(), errors, LAPTOP)
    code, link = open_room(teacher, base, GAME)
    learners, records = {}, {}
    for number, name in enumerate(NAMES):
        page = visitor(new_context(), errors, LAPTOP)
        recorder = Recorder.on(page)
        seat = sit_down(page, base, code, link, name, by_code=number == 2)
        learners[seat], records[seat] = page, recorder
    for page in learners.values():
        expect(page.locator(".room-seat.room-on")).to_have_count(4)
    return teacher, code, learners, records


def no_hidden_card_received(records: dict[str, list[Recorder]], store: Path, code: str) -> None:
    """What every seat's pages received, before and after they went away, showed no other seat's
    card before its time."""
    hand = truth(store, code)
    for seat, recorders in records.items():
        for recorder in recorders:
            assert received_leaks(recorder, seat, hand) == [], seat


def settled(pages: list[Page]) -> int:
    """The step every page shows once they all show the same one."""
    step = step_of(pages[0])
    for page in pages:
        expect(page.locator("#room-step")).to_contain_text(f"Step {step} of {step}")
    return step


def to_act(page: Page) -> str:
    return str(page.locator("#room-board g.seat.to-act").get_attribute("data-seat"))


def click_one(page: Page) -> str:
    """The seat's page shows its turn; it clicks its first playable card."""
    playable = page.locator("#room-board g.hand.viewer [data-hand].legal")
    expect(playable.first).to_be_visible()
    card = str(playable.first.get_attribute("data-card"))
    playable.first.click()
    return card


def play_until(learners: dict[str, Page], done: Callable[[int, str], bool]) -> tuple[int, str]:
    """The learners play on, each on their own turn, until ``done(step, seat to act)``."""
    pages = list(learners.values())
    while True:
        step = settled(pages)
        seat = to_act(pages[0])
        if done(step, seat):
            return step, seat
        click_one(learners[seat])
        expect(pages[0].locator("#room-step")).to_contain_text(f"Step {step + 1} of")


def presence(page: Page, seat: str) -> str:
    return page.locator(f'.room-seat[data-seat="{seat}"] .room-presence').inner_text()


def test_a_page_closed_mid_trick_is_played_by_the_computer_and_reopened_takes_the_seat_back(
        new_context: Callable[..., BrowserContext], server: Server, store: Path) -> None:
    errors: list[str] = []
    teacher, code, learners, records = seated(new_context, server.url, errors)
    pages = list(learners.values())
    step, leaver = play_until(learners, lambda _, __: "to play" in pages[0].locator("#room-step").inner_text())
    gone = learners.pop(leaver)
    link, held = gone.url, cards_in(gone, "#room-board g.hand.viewer [data-card]")
    assert "#" in link and len(held) > 1
    gone.context.close()
    closed = time.monotonic()
    watcher = next(iter(learners.values()))
    expect(watcher.locator(f'.room-seat[data-seat="{leaver}"]')).not_to_have_class(re.compile(r"\broom-on\b"))
    expect(watcher.locator("#room-step")).to_contain_text(f"Step {step + 1} of", timeout=(AWAY + 20) * 1000)
    assert time.monotonic() - closed >= AWAY - 0.5, "the computer played before the away timeout"
    assert presence(watcher, leaver) == "away: the computer plays"
    expect(teacher.locator(f'#room-tables .room-seat[data-seat="{leaver}"] .room-presence')).to_have_text(
        "away: the computer plays")
    played = truth(store, code).log[step].split()
    assert played[0] == leaver and played[-1] in held, played

    back = visitor(new_context(), errors, PHONE)       # the same link on another device
    returned = Recorder.on(back)
    back.goto(link)
    expect(back.locator("#room-where")).to_contain_text(f"seat {leaver}:")
    expect(watcher.locator(f'.room-seat[data-seat="{leaver}"] .room-presence')).to_have_text("here")
    learners[leaver] = back
    step, _ = play_until(learners, lambda _, seat: seat == leaver)
    card = click_one(back)
    expect(back.locator("#room-step")).to_contain_text(f"Step {step + 1} of")  # the card has reached the server
    settled(list(learners.values()))
    assert truth(store, code).log[step] == f"{leaver} plays {card}", "the seat is the learner's again"
    no_hidden_card_received({seat: [records[seat]] + [returned] * (seat == leaver) for seat in records}, store, code)
    assert not errors, errors


def test_a_server_restarted_mid_hand_finds_every_page_at_the_same_step(
        new_context: Callable[..., BrowserContext], tmp_path: Path) -> None:
    store, port, errors = tmp_path / "classrooms.sqlite3", free_port(), []
    first = serve(store, "voila-room-restart", away_after=120, port=port)
    try:
        teacher, code, learners, records = seated(new_context, first.url, errors)
        teacher.locator("#room-tables tbody tr").first.get_by_role("button", name="Look").click()
        step, _ = play_until(learners, lambda step, _: step >= 6)
        hands = {seat: cards_in(page, "#room-board g.hand.viewer [data-card]") for seat, page in learners.items()}
        everyone = [teacher, *learners.values()]
    finally:
        first.stop()
    for page in everyone:
        expect(page.locator("#room-state")).to_have_text(re.compile("Connection lost"))
    again = serve(store, "voila-room-restart", away_after=120, port=port)
    try:
        for page in everyone:
            expect(page.locator("#room-state")).to_have_text("Connected", timeout=60_000)
        assert settled(list(learners.values())) == step
        for seat, page in learners.items():
            assert cards_in(page, "#room-board g.hand.viewer [data-card]") == hands[seat], seat
        expect(teacher.locator("#room-tables tbody tr td").nth(1)).to_contain_text(f"{step} of {step}")
        step, _ = play_until(learners, lambda now, _: now > step)
        expect(teacher.locator("#room-tables tbody tr td").nth(1)).to_contain_text(f"{step} of {step}")
        no_hidden_card_received({seat: [recorder] for seat, recorder in records.items()}, store, code)
        assert not errors, errors
    finally:
        again.stop()
