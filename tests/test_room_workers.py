"""No computer play on the room server's loop (issue 33, item 3).

The engine: a room whose computers wait (``computers_wait``, as the server runs it) makes no
computer decision itself; it says which it waits for (:meth:`Classroom.waiting`), and a decision
brought back (:meth:`Classroom.decided`) is made only while its table is still at the position it
was asked for: one for a stale position is dropped and the table left as it is.  The same
deciding function (:func:`cardlab.computer.decide`) plays the tables of a room that does not wait.

The server: while a room's tables of expert computers play a duplicate round, decided by the
worker processes, a plain GET of another page is answered, the room being still mid-round when
it is; and the round then ends with every table's log legal, each table having played every deal.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from websockets.sync.client import ClientConnection, connect

from cardlab.classroom import Classroom, Classrooms, ClassroomStore
from cardlab.computer import decide
from cardlab.scenario import parse, run_for
from cardlab.session import Computer
from tests.servers import Server
from tests.test_classroom_server import open_room, start

GAME = "tressette"


def waiting_room(level: str = "club") -> tuple[Classrooms, Classroom]:
    rooms = Classrooms(None, computers_wait=True)
    return rooms, rooms.open(GAME, {}, level, now=0.0)


def play_waiting(room: Classroom) -> int:
    """Bring back every decision the room waits for until it waits for none; the decisions made."""
    made = 0
    while asked := room.waiting():
        for one in asked:
            waiting = one.waiting
            assert room.decided(one, decide(waiting.level, waiting.rules, waiting.view, one.lang))
            made += 1
    return made


def test_a_waiting_room_makes_no_computer_decision_itself() -> None:
    _, room = waiting_room()
    number = room.add_computers(room.teacher)
    session = room.tables[number - 1].session
    assert all(isinstance(session.sitter(seat), Computer) for seat in room.seats)
    assert len(session.hand.log) == 1 and not session.state.over     # the deal only
    [asked] = room.waiting()
    assert asked.table == number and asked.waiting.seat == session.state.to_act
    assert asked.waiting.view.viewer == asked.waiting.seat              # a view, never the state
    assert all(card is None for seat in room.seats if seat != asked.waiting.seat
               for card in asked.waiting.view.hand(seat))
    assert play_waiting(room) > 0
    assert session.state.over and room.waiting() == []
    outcome = run_for(parse(session.scenario().to_json()), GAME)     # every action legal, in order
    assert not outcome.error, outcome.error
    assert outcome.hand is not None and outcome.hand.log == session.hand.log


def test_a_decision_for_a_stale_position_is_dropped() -> None:
    _, room = waiting_room()
    number = room.add_computers(room.teacher)
    session = room.tables[number - 1].session
    [first] = room.waiting()
    decision = decide(first.waiting.level, first.waiting.rules, first.waiting.view, first.lang)
    assert room.decided(first, decision)
    log = session.hand.log
    [second] = room.waiting()
    assert second != first
    assert not room.decided(first, decision)                           # asked before the table moved on
    assert session.hand.log == log
    assert room.waiting() == [second]
    assert room.decided(second, decide(second.waiting.level, second.waiting.rules, second.waiting.view, second.lang))
    assert len(session.hand.log) == len(log) + 1


def test_a_decision_for_another_hand_is_dropped() -> None:
    _, room = waiting_room()
    room.add_computers(room.teacher)
    room.add_computers(room.teacher)
    asked = room.waiting()
    assert [one.table for one in asked] == [1, 2]
    room.start_duplicate(room.teacher, [11, 12], now=1.0)             # every table dealt again
    for one in asked:
        assert not room.decided(one, decide(one.waiting.level, one.waiting.rules, one.waiting.view, one.lang))
    assert all(len(table.session.hand.log) == 1 for table in room.tables)
    play_waiting(room)
    assert room.duplicate is not None and room.duplicate.over          # both deals at both tables


def test_a_room_that_does_not_wait_plays_its_computers_at_once() -> None:
    rooms = Classrooms(None)
    room = rooms.open(GAME, {}, "club", now=0.0)
    number = room.add_computers(room.teacher)
    assert room.waiting() == []
    assert room.tables[number - 1].session.state.over


# ----- through the real server ----------------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    store = tmp_path_factory.mktemp("classrooms") / "classrooms.sqlite3"
    running = start(store, "voila-room-workers")
    yield running, store
    running.stop()


def teacher_views(socket: ClientConnection, until: float) -> Iterator[dict]:
    """The teacher's views as they come (a refusal fails the test)."""
    while True:
        message = json.loads(socket.recv(timeout=max(0.1, until - time.monotonic())))
        assert "refused" not in message, message
        if "teacher" in message:
            yield message["teacher"]


def test_a_page_is_answered_while_expert_computers_play_a_round(server: tuple[Server, Path]) -> None:
    running, store = server
    base = running.url
    code, teacher = open_room(base, level="expert")
    until = time.monotonic() + 900          # a generous bound on the whole round, on a busy machine
    with connect(f"ws://{base.split('://', 1)[1]}/cardlab/room/{code}/ws", open_timeout=30) as socket:
        socket.send(json.dumps({"hello": teacher, "width": 1200}))
        views = teacher_views(socket, until)
        next(views)
        for tables in (1, 2):
            socket.send(json.dumps({"computers": True}))
            assert len(next(view for view in views if len(view["tables"]) == tables)["tables"]) == tables
        socket.send(json.dumps({"duplicate": 3}))
        started = next(view for view in views if view["duplicate"])  # the first view with the round
        assert started["round"], "the round was played to its end before the teacher was answered"
        page = requests.get(f"{base}/cardlab/room", timeout=60)         # a plain GET of another page
        assert page.status_code == 200
        socket.send(json.dumps({"open": 1}))                          # where is the round now?
        opened = next(view for view in views if "open" in view)
        assert opened["round"], "the page was answered only once the round was over"
        assert next(view for view in views if not view["round"] and view["duplicate"])
    [record] = [record for record in ClassroomStore(store).load() if record.code == code.replace("-", "")]
    assert record.duplicate is not None
    assert len(record.tables) == 2
    for table in record.tables:
        outcome = run_for(parse(table.scenario), GAME)                 # every action legal, in order
        assert not outcome.error, outcome.error
        assert outcome.hand is not None and outcome.hand.state.over
        assert len(outcome.hand.log) - 1 == len(parse(table.scenario).actions)
    assert len(record.duplicate["results"]) == 2 * 3                  # both tables played all 3 deals
