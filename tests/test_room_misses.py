"""Wrong codes (issue 33, items 5 and 11): a miss slows down the client that makes it (its own
cookie, or its hub login), never the address a whole class may share; the teacher's page counts
the server's misses; the hub's service believes a forwarded address only from the hub's proxy.
The engine with ``now`` passed in; then the real app over real HTTP, and the real hub service
process (without a hub: only what it does before any login is looked at)."""
from __future__ import annotations

import os
import re
import secrets
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from cardlab.classroom import CODE_SYMBOLS, ClassroomError, Classrooms, Limits
from tests.servers import LOOPBACK, Server, free_port
from tests.test_classroom_server import XSRF, hello, open_room
from tests.test_room_sockets import DEADLINE, start

COUNT = re.compile(r"(\d+) wrong codes? (?:was|were) tried")


def other_code(code: str) -> str:
    while (guess := "".join(secrets.choice(CODE_SYMBOLS) for _ in range(8))) == code:
        pass
    return guess


# ----- the engine --------------------------------------------------------------------------------

def test_a_client_that_misses_waits_longer_after_each_miss_and_nobody_else_does() -> None:
    rooms = Classrooms(None, Limits(free_misses=3, first_wait=2.0, longest_wait=30.0))
    room = rooms.open("tressette", {}, "club", now=0.0)
    now = 1.0
    waits = []
    for _ in range(9):
        while True:
            try:
                rooms.find(other_code(room.code), "page A", now=now)
            except ClassroomError as refusal:
                if "No classroom" in str(refusal):
                    break
                found = re.search(r"wait (\d+) seconds?", str(refusal))
                assert found, str(refusal)
                waits.append(int(found.group(1)))
                with pytest.raises(ClassroomError, match="Too many wrong codes"):
                    rooms.find(room.code, "page A", now=now)     # even the right code, until the wait is over
                assert rooms.find(room.code, "page B", now=now) is room    # a classmate joins at once
                now += int(found.group(1))
    assert waits == [2, 4, 8, 16, 30], waits
    assert rooms.misses(now) == 9
    assert rooms.find(room.code, "page A", now=now + 30) is room


def test_misses_are_forgiven_after_an_hour_and_a_mistyped_shape_is_no_miss() -> None:
    rooms = Classrooms(None, Limits(free_misses=1, first_wait=10.0))
    room = rooms.open("tressette", {}, "club", now=0.0)
    for typed in ("nonsense!", "", "K7QF-2M9", "x" * 100):
        with pytest.raises(ClassroomError, match="No classroom"):
            rooms.find(typed, "page A", now=1.0)
    assert rooms.misses(1.0) == 0 and rooms.find(room.code, "page A", now=1.0) is room
    for now in (2.0, 3.0):
        with pytest.raises(ClassroomError, match="No classroom"):
            rooms.find(other_code(room.code), "page A", now=now)
    with pytest.raises(ClassroomError, match="wait 9 seconds"):
        rooms.find(room.code, "page A", now=4.0)
    assert rooms.misses(4.0) == 2
    assert rooms.misses(2.0 + 3660) == 0
    with pytest.raises(ClassroomError, match="No classroom"):       # forgiven: one free miss again
        rooms.find(other_code(room.code), "page A", now=4000.0)


def test_a_crowd_of_cookies_does_not_grow_the_server_without_end() -> None:
    rooms = Classrooms(None, Limits(free_misses=0, first_wait=600.0))
    room = rooms.open("tressette", {}, "club", now=0.0)
    for n in range(25_000):
        with pytest.raises(ClassroomError):
            rooms.find(other_code(room.code), f"cookie {n}", now=1.0 + n / 1000)
    assert len(rooms._misses) <= 10_000
    assert rooms.misses(30.0) == 25_000
    assert rooms.find(room.code, "a classmate", now=30.0) is room


# ----- the app -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("room-misses") / "classrooms.sqlite3", "voila-room-misses")
    yield running
    running.stop()


def try_code(http: requests.Session, base: str, code: str, name: str) -> requests.Response:
    """A learner's browser posts the name form of ``code`` (the form read first, as a browser does)."""
    page = http.get(f"{base}/cardlab/room/{code}")
    assert page.status_code == 200, page.text
    return http.post(f"{base}/cardlab/room/{code}", data={"_xsrf": XSRF.search(page.text).group(1), "name": name},
                     allow_redirects=False)


def test_31_misses_from_one_address_then_a_classmate_joins_at_once(server: Server) -> None:
    code, teacher_token = open_room(server.url)
    teacher = hello(server.url, code, teacher_token)
    guesser = requests.Session()
    told = ""
    misses = 0
    while not told:                          # one page guessing until it is told to wait
        answer = try_code(guesser, server.url, other_code(code), "Mallory")
        assert answer.status_code == 400 and "Traceback" not in answer.text
        if "No classroom has this code" in answer.text:
            misses += 1
        else:
            told = re.search(r"Too many wrong codes from this page: wait \d+ seconds?", answer.text).group(0)
        assert misses < 31, "the guessing page was never slowed"
    typos = [requests.Session() for _ in range(31 - misses)]
    for n, classmate in enumerate(typos):    # honest typos by classmates at the same address
        answer = try_code(classmate, server.url, other_code(code), f"Typo {n}")
        assert answer.status_code == 400 and "No classroom has this code" in answer.text, answer.text[-400:]
    assert "Too many wrong codes" in try_code(guesser, server.url, code, "Mallory").text
    for n, classmate in enumerate([requests.Session(), *typos[:5]]):
        joined = try_code(classmate, server.url, code, f"Classmate {n}")
        assert joined.status_code == 302 and f"/cardlab/room/{code}/play#" in joined.headers["Location"]
    counted = teacher.until(lambda message: any(int(found) >= 31 for found in COUNT.findall(
        message.get("misses", "") + message.get("teacher", {}).get("misses", ""))), timeout=DEADLINE)
    assert counted


# ----- the hub's service -------------------------------------------------------------------------

PREFIX = "/services/cardlab-rooms/"
FORGED = "203.0.113.7"


def hub_service(home: Path, *settings: str) -> Server:
    port = free_port()
    env = {"JUPYTERHUB_SERVICE_URL": f"http://{LOOPBACK}:{port}", "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
           "PYTHONPATH": os.pathsep.join(sys.path)}
    return Server(f"hub-service-{home.name}", [sys.executable, "-m", "cardlab.widgets.hub_service", *settings],
                  f"http://{LOOPBACK}:{port}", ready_path=PREFIX + "cardlab/room.js", env=env, cwd=home)


def logged_address(service: Server, path: str) -> str:
    """The address the service took a request for ``path`` from (its access log's line)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        found = re.search(rf"GET {re.escape(PREFIX + path)} \(([^)]+)\)", service.log.read_text(errors="replace"))
        if found:
            return found.group(1)
    pytest.fail(f"the service logged no request for {path}")


@pytest.mark.parametrize("trusted", [None, '["192.0.2.1", "10.0.0.0/8"]'])
def test_the_hub_service_believes_a_forwarded_address_only_from_the_hub_s_proxy(
        trusted: str | None, tmp_path_factory: pytest.TempPathFactory) -> None:
    home = tmp_path_factory.mktemp("hub-service")
    service = hub_service(home, *([f"--HubService.trusted_proxies={trusted}"] if trusted else []))
    try:
        path = f"no-such-page-{secrets.token_hex(4)}"
        answer = requests.get(service.url + PREFIX + path, headers={"X-Forwarded-For": f"10.9.9.9, {FORGED}",
                                                                    "X-Real-Ip": FORGED,
                                                                    "X-Forwarded-Proto": "https"})
        assert answer.status_code == 404
        if trusted is None:          # the hub's proxy beside the service, on loopback: its header is believed
            assert logged_address(service, path) == FORGED
        else:                        # a user's own pod reaching the service directly: its header is not
            assert logged_address(service, path) == LOOPBACK
    finally:
        service.stop()


def test_the_hub_service_stops_cleanly_when_the_hub_stops_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    service = hub_service(tmp_path_factory.mktemp("hub-service-stop"))
    service.stop()                   # SIGTERM, as the hub stops its managed services
    # 0, not killed by the signal: the service closed its port and stopped the rooms' workers itself
    assert service.proc.returncode == 0, service.log.read_text(errors="replace")[-2000:]
