"""A whole hand in a room, in five real browsers (issue 22, "How it is checked"): the teacher opens a
room with the real form, four learners join by its link or its code (one on a phone), and every move
of a hand is made by the learner whose turn it is, in their own page (a card clicked, a call's button
pressed), through the count at the end, while the teacher's page follows the table's step and points
and shows every hand face up, the same cards each learner holds.

Sixty-Six is the first game: its hand is the shortest (eight tricks, no calls), and its turned card is
the one card of a hand the rules make public.  Quadrille is the second: an auction, trumps named and
a king called, in buttons, before ten tricks.  Every websocket frame and HTTP body each learner's page
received is then checked against the table as the server keeps it: no card of another seat's hand
reaches a learner before it is played, in any form the drawing gives a card (a card named by a call,
such as the called king, may be said in words, never shown).  The same check run on the teacher's
face-up frames must find the hidden cards in every form: the check can fail.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.room_browsers import (LAPTOP, PHONE, PROJECTOR, Recorder, Truth, cards_in, open_room,
                                         received_leaks, serve, shoot, sit_down, truth, visitor)
from tests.servers import Server

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bo", "Cy", "Di"]
CHECKED = {1, 9, 16, 24, 32}
"""The steps at which the teacher's face-up hands are compared with each learner's own hand."""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("room-hand") / "classrooms.sqlite3"


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[Server]:
    running = serve(store, "voila-room-hand", away_after=120)    # nobody is away during this hand
    yield running
    running.stop()


def to_act(page: Page) -> str:
    """The seat whose turn the page's board shows."""
    return str(page.locator("#room-board g.seat.to-act").get_attribute("data-seat"))


def hand_played(teacher: Page, learners: dict[str, Page]) -> list[str]:
    """Each learner makes a call or clicks a playable card of their own when their page shows their
    turn, until the hand is over; the teacher's row and face-up table follow every step.  The moves
    made, in order, as the log writes them."""
    row = teacher.locator("#room-tables tbody tr").first
    opened = teacher.locator("#room-open")
    first = next(iter(learners.values()))
    moves: list[str] = []
    for step in count(1):
        for page in learners.values():
            expect(page.locator("#room-step")).to_contain_text(f"Step {step} of {step}")
        expect(row.locator("td").nth(1)).to_contain_text(f"{step} of {step}")
        expect(opened.locator("#room-step")).to_contain_text(f"Step {step} of {step}")
        if step in CHECKED:
            for holder, page in learners.items():
                assert cards_in(opened, f'g.hand[data-seat="{holder}"] [data-card]') \
                    == cards_in(page, "#room-board g.hand.viewer [data-card]"), (step, holder)
                expect(opened.locator("#room-points")).to_have_text(page.locator("#room-points").text_content() or "")
        if first.locator("#room-next").is_visible():
            return moves
        seat = to_act(first)
        actor = learners[seat]
        choice = actor.locator("#room-calls button:enabled").or_(
            actor.locator("#room-board g.hand.viewer [data-hand].legal")).first
        expect(choice).to_be_visible()
        assert all(page.locator("#room-board [data-hand].legal, #room-calls button").count() == 0
                   for other, page in learners.items() if other != seat), step
        card = choice.get_attribute("data-card")
        moves.append(f"{seat} plays {card}" if card else str(choice.get_attribute("title")))
        choice.click()
    raise AssertionError("unreachable")


def a_hand_in_five_browsers(new_context: Callable[..., BrowserContext], server: Server, store: Path, game: str
                            ) -> tuple[Page, dict[str, Page], Recorder, dict[str, Recorder], Truth, list[str]]:
    """The teacher opens a room for ``game`` with the form and looks at its table; four learners
    join it (two by the link, two by the code, one on a phone) and play a whole hand.  The teacher's
    page, the learners' pages by seat, what each received, the hand as the server keeps it, and the
    moves the pages made."""
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    watched = Recorder.on(teacher)
    code, link = open_room(teacher, server.url, game)
    expect(teacher.locator("#room-state")).to_have_text("Connected")
    learners: dict[str, Page] = {}
    records: dict[str, Recorder] = {}
    for number, name in enumerate(NAMES):
        page = visitor(new_context(), errors, PHONE if number == 3 else LAPTOP)
        recorder = Recorder.on(page)
        seat = sit_down(page, server.url, code, link, name, by_code=number % 2 == 1)
        learners[seat], records[seat] = page, recorder
    assert sorted(learners) == ["E", "N", "S", "W"]
    for page in learners.values():
        expect(page.locator(".room-seat.room-on")).to_have_count(4)
        expect(page.locator("#room-step")).to_contain_text("Step 1 of 1")    # nobody played for them
    row = teacher.locator("#room-tables tbody tr").first
    for name in NAMES:
        expect(row).to_contain_text(name)
    row.get_by_role("button", name="Look").click()
    expect(teacher.locator("#room-open-title")).to_have_text("Table 1, every hand face up")

    moves = hand_played(teacher, learners)

    for page in learners.values():
        expect(page.locator("#room-match")).to_contain_text("End of hand")
    expect(teacher.locator("#room-open #room-match")).to_have_text(first_text(learners, "#room-match"))
    expect(teacher.locator("#room-teacher-next")).to_be_visible()
    hand = truth(store, code)
    assert [action for action in hand.log[1:] if action in moves] == moves, "the server made the moves clicked"
    assert [action for action in hand.log[1:] if " plays " in action] == [m for m in moves if " plays " in m]
    for seat, recorder in records.items():
        assert len(recorder.frames) > len(moves), seat
        assert {"play", "room.js", "room.css"} <= {url.rsplit("/", 1)[-1] for url, _ in recorder.bodies}, seat
        assert received_leaks(recorder, seat, hand) == [], seat
    assert not errors, errors
    return teacher, learners, watched, records, hand, moves


def first_text(pages: dict[str, Page], selector: str) -> str:
    return next(iter(pages.values())).locator(selector).text_content() or ""


def test_four_learners_play_a_whole_hand_of_sixty_six_and_no_hidden_card_reaches_them(
        new_context: Callable[..., BrowserContext], server: Server, store: Path) -> None:
    teacher, learners, watched, _, hand, moves = a_hand_in_five_browsers(new_context, server, store, "sixty_six")
    assert len(moves) == 32
    totals = ", ".join(f"{side} {points}" for side, points in hand.score.items())
    expect(teacher.locator("#room-tables tbody tr td").nth(2)).to_have_text(f"hand 1; {totals}")
    turned = re.search(r"turned\[(\w+)\]", hand.log[0])
    assert turned and hand.public[1] == {turned.group(1)}, "the turned card is the one card made public"
    proven_able_to_fail(watched, hand)

    shoot(learners["N"], "hand-end-learner-1366x768")
    shoot(next(page for page in learners.values() if page.viewport_size == PHONE), "hand-end-learner-390")
    teacher.set_viewport_size(PROJECTOR)
    teacher.locator("#room-open").scroll_into_view_if_needed()
    shoot(teacher, "hand-end-teacher-1024x768")


def test_four_learners_bid_and_play_a_whole_hand_of_quadrille(
        new_context: Callable[..., BrowserContext], server: Server, store: Path) -> None:
    _, _, _, _, hand, moves = a_hand_in_five_browsers(new_context, server, store, "quadrille")
    calls = [move for move in moves if " plays " not in move]
    plays = len(moves) - len(calls)
    left = sum(len(cards) for cards in hand.held[-1].values())     # a hand stopped after six tricks
    assert calls and plays % 4 == 0 and plays >= 24 and plays + left == 40, moves


def proven_able_to_fail(teacher: Recorder, hand: Truth) -> None:
    """The check, run on the teacher's face-up frames as if they were a learner's, finds the other
    seats' cards in every form a face-up hand takes: a check that finds nothing there could not
    find a leak either."""
    found = received_leaks(teacher, "N", hand, view_key="teacher")
    assert {form for _, _, form, _ in found} >= {"data-card", "face id", "code", "name", "local name"}, found[:5]
