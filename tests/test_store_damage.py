"""One damaged room, an unreadable file or a full disk never takes every room down (issue 33, item 9).

Real SQLite files, really damaged: a value overwritten with JSON that does not parse or has the
wrong shape, a value of the wrong type, a column dropped (its values come back empty), a log with
an illegal action, a game, level or language cardlab does not have, two learners on one seat; a
header overwritten, a page overwritten, a file that is no database.  A full disk is made with
SQLite's own limit: ``PRAGMA max_page_count`` at the file's size (it may not grow by one page) and
the rooms' table filled to its last byte by rows of no room, so that every save needs a page the
file cannot have: SQLite answers SQLITE_FULL ("database or disk is full"), as on a full disk.  The
server test fills a real (tmpfs) disk: it needs the right to mount one, as root has.
"""
from __future__ import annotations

import json
import logging
import os
import random
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from cardlab.classroom import CANNOT_SAVE, Classroom, ClassroomError, Classrooms, Learner
from cardlab.classroom_store import ClassroomStore

LOGGER = "cardlab.classrooms"


def seated_room(rooms: Classrooms, learners: int, now: float = 100.0) -> tuple[Classroom, list[Learner]]:
    room = rooms.open("tressette", {}, "club", now)
    seated = [room.join(f"Learner {n}", now) for n in range(learners)]
    for learner in seated:
        room.connected(learner.token, now)
    return room, seated


def play(room: Classroom, learners: list[Learner], moves: int, now: float = 200.0) -> None:
    """``moves`` legal moves at table 1, each by the learner whose seat is to act."""
    session = room.tables[0].session
    rng = random.Random(len(session.hand.log))
    for _ in range(moves):
        seat = session.state.to_act
        learner = next(learner for learner in learners if learner.table == 1 and learner.seat == seat)
        card = rng.choice(session.rules.legal_cards(session.state, seat))
        assert not room.act(learner.token, str(card), now).refused
        now += 1.0


def logs(room: Classroom) -> list[list[str]]:
    return [[str(action) for action in table.session.hand.log] for table in room.tables]


def two_rooms(path: Path) -> tuple[dict, dict]:
    """Two rooms of four learners a few cards into their hands, kept at ``path``: the first to be damaged."""
    rooms = Classrooms(ClassroomStore(path))
    kept = []
    for _ in range(2):
        room, learners = seated_room(rooms, 4)
        play(room, learners, 5)
        kept.append({"code": room.code, "teacher": room.teacher, "tokens": [learner.token for learner in learners],
                     "logs": logs(room)})
    rooms.store.close()                                    # type: ignore[union-attr]
    return kept[0], kept[1]


def scenario_with(old: str, change) -> str:
    scenario = json.loads(old)
    change(scenario)
    return json.dumps(scenario)


def first_action_twice(scenario: dict) -> None:
    scenario["actions"] = scenario["actions"][:1] * 2     # the same card played twice: illegal


DAMAGES = {
    # a value that is not JSON, or JSON of the wrong shape
    "options that are not JSON": ("UPDATE classrooms SET options = '{\"declarations\": tru' WHERE code = :code",
                                  "its column 'options' is not JSON"),
    "options that are a list": ("UPDATE classrooms SET options = '[1, 2]' WHERE code = :code", "JSON list"),
    "a round of the wrong shape": ("INSERT INTO duplicates VALUES (:code, '{\"deals\": 7}')", "duplicate round"),
    "a poll of the wrong shape": ("UPDATE classrooms SET poll = (SELECT json_object('scenario', json(scenario), "
                                  "'table', 1, 'seat', 'S', 'answers', json('{}'), 'revealed', json('{\"card\": 1}')) "
                                  "FROM tables WHERE code = :code) WHERE code = :code", "poll"),
    "a scenario that is a string": ("UPDATE tables SET scenario = '\"7D\"' WHERE code = :code", "JSON str"),
    # a value of the wrong type
    "hands as text": ("UPDATE tables SET hands = 'two' WHERE code = :code", "hands is str 'two'"),
    "a table number as text": ("UPDATE learners SET table_number = 'first' WHERE code = :code", "table_number"),
    "paused as bytes": ("UPDATE classrooms SET paused = X'01' WHERE code = :code", "blob"),
    "touched as text": ("UPDATE classrooms SET touched = 'soon' WHERE code = :code", "touched"),
    "a teacher digest of other letters": ("UPDATE classrooms SET teacher = 'digést' WHERE code = :code", "teacher"),
    # a value cardlab does not have, or rows that contradict each other
    "an unknown game": ("UPDATE classrooms SET game = 'chess' WHERE code = :code", "'chess'"),
    "a wrong lang": ("UPDATE classrooms SET lang = 'de' WHERE code = :code", "'de'"),
    "a wrong level": ("UPDATE classrooms SET level = 'grandmaster' WHERE code = :code", "'grandmaster'"),
    "a seat the game does not have": ("UPDATE learners SET seat = 'X' WHERE code = :code AND joined = 0", "'X'"),
    "two learners on one seat": ("UPDATE learners SET seat = (SELECT seat FROM learners WHERE code = :code "
                                 "AND joined = 0) WHERE code = :code AND joined = 1", "held by another"),
    "a learner at a table not there": ("UPDATE learners SET table_number = 7 WHERE code = :code AND joined = 2",
                                       "table 7"),
    "a log with an illegal action": (first_action_twice, "does not replay"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_room_is_set_aside_with_a_log_line_and_the_other_rooms_open(
        damage: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "classrooms.sqlite3"
    damaged, kept = two_rooms(path)
    change, said = DAMAGES[damage]
    with sqlite3.connect(path) as file:
        if callable(change):
            (old,), = file.execute("SELECT scenario FROM tables WHERE code = ? AND number = 1", (damaged["code"],))
            file.execute("UPDATE tables SET scenario = ? WHERE code = ? AND number = 1",
                         (scenario_with(old, change), damaged["code"]))
        else:
            file.execute(change, {"code": damaged["code"]})
    file.close()

    with caplog.at_level(logging.INFO, logger=LOGGER):
        rooms = Classrooms(ClassroomStore(path))
    assert set(rooms.rooms) == {kept["code"]}
    back = rooms.by_teacher(kept["teacher"])                # every hello still finds its room
    assert back is not None and logs(back) == kept["logs"]
    for token in kept["tokens"]:
        found = rooms.by_learner(token)
        assert found is not None and found[0] is back
    assert rooms.by_learner(damaged["tokens"][0]) is None and rooms.by_teacher(damaged["teacher"]) is None
    lines = [record.getMessage() for record in caplog.records if damaged["code"] in record.getMessage()]
    assert len(lines) == 1 and "set aside" in lines[0] and said in lines[0], lines
    assert not any(kept["code"] in record.getMessage() for record in caplog.records)
    rooms.store.close()                                    # type: ignore[union-attr]

    with sqlite3.connect(path) as file:                   # kept in the file, in the table 'damaged'
        aside = file.execute("SELECT code, reason, rows FROM damaged").fetchall()
        left = file.execute("SELECT count(*) FROM classrooms WHERE code = ?", (damaged["code"],)).fetchone()
    file.close()
    assert [(code, said in reason) for code, reason, _rows in aside] == [(damaged["code"], True)]
    rows = json.loads(aside[0][2])
    assert len(rows["classrooms"]) == 1 and len(rows["learners"]) == 4 and len(rows["tables"]) == 1
    assert left == (0,)

    caplog.clear()
    with caplog.at_level(logging.INFO, logger=LOGGER):     # never loaded again, never deleted
        again = Classrooms(ClassroomStore(path))
    assert set(again.rooms) == {kept["code"]} and not caplog.records
    assert again.store.connection.execute("SELECT count(*) FROM damaged").fetchone() == (1,)  # type: ignore[union-attr]


def test_a_missing_column_sets_aside_the_rooms_that_need_it(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    seated_room(rooms, 2)
    empty = rooms.open("sixty_six", {}, "club", 300.0)      # no learner: needs no learner's column
    rooms.store.close()                                    # type: ignore[union-attr]
    with sqlite3.connect(path) as file:
        file.execute("ALTER TABLE learners DROP COLUMN replaced")
    file.close()

    with caplog.at_level(logging.INFO, logger=LOGGER):
        again = Classrooms(ClassroomStore(path))
    assert set(again.rooms) == {empty.code} and again.by_teacher(empty.teacher) is again.rooms[empty.code]
    assert any("replaced is empty (NULL)" in record.getMessage() for record in caplog.records)
    again.rooms[empty.code].join("Ada", 400.0)            # the column is back: the store writes again
    again.store.close()                                    # type: ignore[union-attr]
    assert set(Classrooms(ClassroomStore(path)).rooms) == {empty.code}


def overwrite(path: Path, offset: int, data: bytes) -> None:
    with open(path, "r+b") as file:
        file.seek(offset)
        file.write(data)


UNREADABLE = {
    "not a database": lambda path: path.write_bytes(b"These are a teacher's notes, not a database.\n" * 200),
    "a damaged header": lambda path: overwrite(path, 0, b"\x00" * 16),
    "a damaged page": lambda path: overwrite(path, 4096, b"\xff" * 4096),    # the rooms' table's page
}


@pytest.mark.parametrize("damage", UNREADABLE)
def test_a_store_that_cannot_be_read_is_moved_aside_and_a_new_one_started(
        damage: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "classrooms.sqlite3"
    two_rooms(path)
    UNREADABLE[damage](path)
    before = path.read_bytes()

    with caplog.at_level(logging.INFO, logger=LOGGER):
        rooms = Classrooms(ClassroomStore(path))
    assert rooms.rooms == {}
    aside = [kept for kept in tmp_path.iterdir() if ".unreadable-" in kept.name and not kept.name.endswith("-shm")]
    assert [kept.read_bytes() for kept in aside] == [before]
    assert any(f"moved aside to {aside[0]}" in record.getMessage() for record in caplog.records)
    room, learners = seated_room(rooms, 1)                  # the new store keeps rooms
    rooms.store.close()                                    # type: ignore[union-attr]
    assert set(Classrooms(ClassroomStore(path)).rooms) == {room.code}


# ----- a full disk -----------------------------------------------------------------------------

def fill(store: ClassroomStore) -> None:
    """The store as on a full disk: rows of no room after the rooms' own in their table, then the
    file may not grow by one page (``max_page_count``) and the last page of that table is filled
    to its last byte: a save writes its room's row anew after them, and needs a new page."""
    connection = store.connection
    with connection:
        connection.executemany("INSERT INTO classrooms (code, teacher, game, options, level, paused, touched) "
                               "VALUES (?, '', '', ?, '', 0, 0)", [(f"filler {n}", "x" * 2048) for n in range(8)])
    (pages,), = connection.execute("PRAGMA page_count")
    connection.execute(f"PRAGMA max_page_count = {pages}")
    size, number = 2048, 8
    while size:
        try:
            with connection:
                connection.execute("INSERT INTO classrooms (code, teacher, game, options, level, paused, touched) "
                                   "VALUES (?, '', '', ?, '', 0, 0)", (f"filler {number}", "x" * size))
            number += 1
        except sqlite3.OperationalError as error:
            assert "full" in str(error)
            size //= 2


def make_room(store: ClassroomStore) -> None:
    """The disk has room again."""
    with store.connection:
        store.connection.execute("DELETE FROM classrooms WHERE code LIKE 'filler %'")
    store.connection.execute("PRAGMA max_page_count = 1000000")


def kept_learners(path: Path, code: str) -> list[tuple]:
    with sqlite3.connect(path) as file:                   # what a restart would find
        rows = file.execute("SELECT digest, table_number, seat FROM learners WHERE code = ? ORDER BY joined",
                            (code,)).fetchall()
    file.close()
    return rows


def test_on_a_full_disk_a_join_seats_nobody_the_teacher_is_told_and_the_class_plays_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    room, learners = seated_room(rooms, 4)
    play(room, learners, 3)
    store = rooms.store
    assert store is not None
    fill(store)
    members, tables, kept = dict(room.members), list(room.tables), kept_learners(path, room.code)
    seats = [dict(table.seats) for table in room.tables]
    with caplog.at_level(logging.INFO, logger=LOGGER):
        with pytest.raises(ClassroomError, match=re.escape(CANNOT_SAVE)):
            room.join("Eve", 300.0)                         # a fifth learner: a new table, never kept
        assert room.members == members and room.tables == tables and kept_learners(path, room.code) == kept
        assert [table.seats for table in room.tables] == seats
        for teacher_change in (lambda: room.pause(room.teacher), lambda: room.add_computers(room.teacher),
                               lambda: room.move(room.teacher, learners[0].token, 1, learners[1].seat)):
            with pytest.raises(ClassroomError, match=re.escape(CANNOT_SAVE)):
                teacher_change()
        assert not room.paused and len(room.tables) == 1
        assert [(m.table, m.seat) for m in room.members.values()] == [(l.table, l.seat) for l in learners]
        with pytest.raises(ClassroomError, match=re.escape(CANNOT_SAVE)):
            rooms.open("tressette", {}, "club", 300.0)
        assert set(rooms.rooms) == {room.code}

        found = rooms.by_learner(learners[0].token)        # a hello needs no write
        assert found is not None and found[0] is room
        room.disconnected(learners[0].token, 301.0)
        assert room.connected(learners[0].token, 302.0) == 1
        before = len(room.tables[0].session.hand.log)
        play(room, learners, 6, now=310.0)                 # the class plays on, in memory
        assert len(room.tables[0].session.hand.log) == before + 6 and room.unsaved
        assert room.tick(320.0) == [] and room.unsaved     # the clock tries again: still full
    lines = [record.getMessage() for record in caplog.records]
    assert len([line for line in lines if room.code in line]) == 1, lines     # said once, not at every try

    make_room(store)
    room.tick(330.0)
    assert not room.unsaved
    played = logs(room)
    eve = room.join("Eve", 340.0)
    assert eve.table == 2
    store.close()
    back = Classrooms(ClassroomStore(path)).rooms[room.code]
    assert logs(back)[0] == played[0] and back.learner(eve.token) is not None


def test_a_failed_save_puts_back_every_change_of_the_teacher(tmp_path: Path) -> None:
    path = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    room, learners = seated_room(rooms, 6)                 # two tables, the second half empty
    room.tick(100.0)
    room.tick(200.0)                                       # the computer takes table 2's free seats
    play(room, learners, 2)
    seat = room.tables[0].session.state.to_act
    room.show_table(room.teacher, 1, seat)
    room.ask(room.teacher, 1, seat)
    room.answer(learners[4].token, room.poll.cards[0], 210.0)     # type: ignore[union-attr]
    before = (room.record(), [table.session.now for table in room.tables], [dict(t.seats) for t in room.tables])
    assert rooms.store is not None
    fill(rooms.store)
    for change in (lambda: room.take_back(room.teacher, 1), lambda: room.step_shown(room.teacher, 1),
                   lambda: room.hide_shown(room.teacher), lambda: room.reveal(room.teacher),
                   lambda: room.close_poll(room.teacher), lambda: room.start_duplicate(room.teacher, [1, 2], 220.0),
                   lambda: room.move(room.teacher, learners[4].token, 1, learners[0].seat),
                   lambda: room.ask(room.teacher, 1, seat), lambda: room.resume(room.teacher)):
        with pytest.raises(ClassroomError, match=re.escape(CANNOT_SAVE)):
            change()
        assert (room.record(), [table.session.now for table in room.tables],
                [dict(t.seats) for t in room.tables]) == before
    assert room.tally(room.teacher)[room.poll.cards[0]] == 1          # type: ignore[union-attr]


# ----- through the real server -----------------------------------------------------------------

@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 8 MB disk (tmpfs), to be filled; skipped where this user may not mount one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a small disk to fill needs root")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill_disk(disk: Path) -> Path:
    """Write a file until the disk has not one byte left."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as file:
        size = 1 << 20
        while size:
            try:
                file.write(b"\0" * size)
            except OSError:
                size //= 2
    return filler


def test_the_server_opens_the_other_rooms_and_says_when_the_disk_is_full(small_disk: Path) -> None:
    from tests.test_classroom_server import XSRF, Client, form_post, socket, start

    path = small_disk / "classrooms.sqlite3"
    damaged, kept = two_rooms(path)
    with sqlite3.connect(path) as file:
        file.execute("UPDATE classrooms SET options = 'not JSON' WHERE code = ?", (damaged["code"],))
    file.close()
    code = f"{kept['code'][:4]}-{kept['code'][4:]}"
    server = start(path, "voila-store-damage")
    try:
        with requests.Session() as http:
            page = http.get(f"{server.url}/cardlab/room/{code}")
            assert page.status_code == 200, page.status_code       # the join form of the other room
            eve = http.post(f"{server.url}/cardlab/room/{code}", allow_redirects=False,
                            data={"_xsrf": XSRF.search(page.text).group(1), "name": "Eve"})
        assert eve.status_code == 302, eve.text             # the other room seats a learner
        gone = form_post(requests.Session(), f"{server.url}/cardlab/room/{damaged['code']}", {"name": "Ann"})
        assert gone.status_code == 400 and "No classroom has this code" in gone.text
        ann = Client(socket(server.url, code))
        ann.send({"hello": kept["tokens"][0], "width": 1200, "presenter": False})
        ann.until(lambda message: "view" in message)
        teacher = Client(socket(server.url, code))
        teacher.send({"hello": kept["teacher"], "width": 1200, "presenter": False})
        tables = len(teacher.until(lambda message: "teacher" in message)["teacher"]["tables"])

        filler = fill_disk(small_disk)
        full = form_post(requests.Session(), f"{server.url}/cardlab/room/{code}", {"name": "Fay"})
        assert full.status_code == 503 and "cannot save the room just now" in full.text, full.text
        teacher.send({"pause": True})
        refused = teacher.until(lambda message: "refused" in message)["refused"]
        assert refused == CANNOT_SAVE
        seated = [ann]
        for token in kept["tokens"][1:]:               # learners back (a reload): a hello needs no write
            client = Client(socket(server.url, code))
            client.send({"hello": token, "width": 1200, "presenter": False})
            client.until(lambda message: "view" in message)
            seated.append(client)
        teacher.send({"open": 1})
        view = teacher.until(lambda message: "teacher" in message and "open" in message["teacher"])["teacher"]
        assert len(view["tables"]) == tables and not view["paused"]
        legal = re.compile(r'class="card legal" data-card="([^"]+)"')
        actor = next(client for client in seated if legal.search(client.view["svg"]))
        actor.send({"play": legal.search(actor.view["svg"]).group(1)})
        played = actor.until(lambda message: "refused" in message or "view" in message)
        assert "refused" not in played, played              # the class plays on
        filler.unlink()
        again = form_post(requests.Session(), f"{server.url}/cardlab/room/{code}", {"name": "Fay"})
        assert again.status_code == 302, again.text
    finally:
        server.stop()
    log = server.log.read_text(errors="replace")
    assert damaged["code"] in log and "set aside" in log
    assert f"cannot save room {kept['code']}" in log and "Traceback" not in log
