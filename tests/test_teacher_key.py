"""The teacher's key (issue 33): on the app server only its holder opens rooms; rooms are counted by
teacher, so one teacher's 36 rooms never shut another out; a teacher closes a room; a room nobody
touched for a day is closed by the server's clock.  Real servers and real SQLite files."""
from __future__ import annotations

import json
import re
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from cardlab.classroom import ClassroomError, Classrooms, ClassroomStore, Limits
from cardlab.widgets import RoomsLinks
from cardlab.widgets.teacher_key import KEY_FILE, teacher_key
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import XSRF, Client, form_post, join, open_room, socket, start

NEEDS_KEY = "Opening a room on this server needs its teacher's key"
"""The refusal, as the page shows it."""


# ----- the key ------------------------------------------------------------------------------------

def test_the_key_file_is_made_once_with_mode_0600_and_kept_across_restarts(tmp_path: Path) -> None:
    first = teacher_key(tmp_path, environ={})
    kept = tmp_path / KEY_FILE
    assert kept.is_file() and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert len(first) >= 40 and kept.read_text().strip() == first
    assert teacher_key(tmp_path, environ={}) == first      # the next start reads it back
    assert teacher_key(tmp_path, environ={"CARDLAB_TEACHER_KEY": ""}) == first


def test_the_environment_s_key_wins(tmp_path: Path) -> None:
    made = teacher_key(tmp_path, environ={})
    assert teacher_key(tmp_path, environ={"CARDLAB_TEACHER_KEY": "from-the-environment"}) == "from-the-environment"
    assert (tmp_path / KEY_FILE).read_text().strip() == made
    fresh = tmp_path / "fresh"
    assert teacher_key(fresh, environ={"CARDLAB_TEACHER_KEY": "given"}) == "given"
    assert not (fresh / KEY_FILE).exists()


def test_the_landing_page_s_link_carries_the_key_only_on_a_server_of_one_s_own() -> None:
    shared = RoomsLinks({"CARDLAB_TEACHER_KEY": "k3y"})
    assert "k3y" not in shared._repr_html_() and "k3y" not in repr(shared)
    own = RoomsLinks({"CARDLAB_TEACHER_KEY": "k3y", "CARDLAB_ROOMS_PERSONAL": "1", "VOILA_BASE_URL": "/user/ada/"})
    assert 'href="/user/ada/cardlab/rooms?key=k3y"' in own._repr_html_()
    assert 'href="/user/ada/cardlab/room"' in own._repr_html_()
    hub = RoomsLinks({"CARDLAB_TEACHER_KEY": "k3y", "CARDLAB_ROOMS_PERSONAL": "1",
                      "CARDLAB_ROOMS_URL": "/services/cardlab-rooms/"})
    assert "k3y" not in hub._repr_html_()


# ----- rooms counted by teacher, closed by the clock ------------------------------------------------

def test_36_rooms_of_one_teacher_do_not_stop_a_second_teacher(tmp_path: Path) -> None:
    store = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(store), Limits(rooms=36, rooms_per_teacher=40))
    for _ in range(36):
        rooms.open("tressette", {}, "club", 1000.0, owner="flooder")
    with pytest.raises(ClassroomError, match="This server holds 36 classrooms already"):
        rooms.open("tressette", {}, "club", 1000.0, owner="flooder")
    rooms.open("tressette", {}, "club", 1000.0, owner="second teacher")
    assert len(rooms.rooms) == 37
    again = Classrooms(ClassroomStore(store), Limits())      # a restart: the owners are kept
    assert again.held_by("flooder") == 36 and again.held_by("second teacher") == 1
    with pytest.raises(ClassroomError, match="You hold 36 open classrooms already"):
        again.open("tressette", {}, "club", 1000.0, owner="flooder")
    again.open("tressette", {}, "club", 1000.0, owner="a third teacher")


def test_one_teacher_holds_at_most_rooms_per_teacher(tmp_path: Path) -> None:
    rooms = Classrooms(ClassroomStore(tmp_path / "classrooms.sqlite3"))
    for _ in range(Limits.rooms_per_teacher):
        rooms.open("tressette", {}, "club", 0.0, owner="ada")
    with pytest.raises(ClassroomError, match=f"You hold {Limits.rooms_per_teacher} open classrooms"):
        rooms.open("tressette", {}, "club", 0.0, owner="ada")
    rooms.open("tressette", {}, "club", 0.0, owner="bo")


def test_a_room_untouched_for_a_day_is_closed_by_the_clock(tmp_path: Path) -> None:
    store = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(store))
    old = rooms.open("tressette", {}, "club", 0.0, owner="ada")
    used = rooms.open("tressette", {}, "club", 0.0, owner="ada")
    used.join("Ann", Limits.kept_for - 10)                     # touched since
    assert rooms.close_idle(Limits.kept_for - 1) == []
    assert rooms.close_idle(Limits.kept_for + 1) == [old.code]
    assert list(rooms.rooms) == [used.code]
    assert list(Classrooms(ClassroomStore(store)).rooms) == [used.code]   # gone from the file too


# ----- the app server -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("teacher-key") / "classrooms.sqlite3"


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[Server]:
    running = start(store, "voila-teacher-key")
    yield running
    running.stop()


def rooms_in(store: Path) -> int:
    """The rooms the server's file keeps (none before the store is first opened)."""
    if not store.exists():
        return 0
    with sqlite3.connect(store) as kept:
        if not kept.execute("SELECT 1 FROM sqlite_master WHERE name = 'classrooms'").fetchone():
            return 0
        count: int = kept.execute("SELECT count(*) FROM classrooms").fetchone()[0]
    return count


def test_the_server_prints_the_teacher_s_link(server: Server) -> None:
    assert f"/cardlab/rooms?key={TEACHER_KEY}" in server.log.read_text()


def test_without_the_key_no_form_and_no_room(server: Server, store: Path) -> None:
    before = rooms_in(store)
    http = requests.Session()
    for address in (f"{server.url}/cardlab/rooms", f"{server.url}/cardlab/rooms?key=not-the-key"):
        page = http.get(address)
        assert page.status_code == 403 and NEEDS_KEY in page.text, page.text
        assert 'name="game"' not in page.text and TEACHER_KEY not in page.text
    xsrf = XSRF.search(http.get(f"{server.url}/cardlab/room/K7QF-2M9X").text).group(1)  # a form of this server
    for key in ({}, {"key": "not-the-key"}):
        answer = http.post(f"{server.url}/cardlab/rooms", data={"_xsrf": xsrf, "game": "tressette", "level": "club",
                                                                 **key}, allow_redirects=False)
        assert answer.status_code == 403 and NEEDS_KEY in answer.text and "Location" not in answer.headers
    assert rooms_in(store) == before


def test_with_the_key_a_room_opens_and_the_cookie_lets_the_teacher_in_again(server: Server, store: Path) -> None:
    before = rooms_in(store)
    http = requests.Session()
    form = http.get(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    assert form.status_code == 200 and 'name="game"' in form.text
    assert f'<input type="hidden" name="key" value="{TEACHER_KEY}">' in form.text
    cookie = form.headers["Set-Cookie"]
    assert "cardlab_teacher=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert "Path=/cardlab/rooms" in cookie
    later = requests.Session()                       # the teacher's next visit: the cookie, no key in the address
    later.cookies.set("cardlab_teacher", http.cookies["cardlab_teacher"])
    answer = form_post(later, f"{server.url}/cardlab/rooms", {"game": "tressette", "level": "club"})
    assert answer.status_code == 302 and re.search(r"/teacher#.+", answer.headers["Location"])
    code, _teacher = open_room(server.url)
    assert rooms_in(store) == before + 2 and code


def test_a_teacher_closes_a_room(server: Server, store: Path) -> None:
    code, token = open_room(server.url)
    seat = join(server.url, code, "Ann")
    learner = Client(socket(server.url, code))
    learner.send({"hello": seat, "width": 800, "presenter": False})
    learner.until(lambda message: "view" in message)
    http = requests.Session()
    page = http.get(f"{server.url}/cardlab/room/{code}/teacher")
    assert 'id="room-close"' in page.text and "Close the room" in page.text
    xsrf = XSRF.search(page.text).group(1)
    before = rooms_in(store)
    wrong = http.post(f"{server.url}/cardlab/room/{code}/teacher", data={"_xsrf": xsrf, "token": seat, "sure": "on"})
    assert wrong.status_code == 403 and "nothing was closed" in wrong.text and rooms_in(store) == before
    closed = http.post(f"{server.url}/cardlab/room/{code}/teacher", data={"_xsrf": xsrf, "token": token, "sure": "on"})
    assert closed.status_code == 200 and "The room is closed" in closed.text
    told = learner.until(lambda message: "closed" in message)
    assert "closed this room" in json.dumps(told)
    assert rooms_in(store) == before - 1
    again = form_post(requests.Session(), f"{server.url}/cardlab/room/{code}", {"name": "Bo"})
    assert again.status_code == 400 and "No classroom has this code" in again.text
    learner.socket.close()
