"""The room's connections under load (issue 33, items 6 and 7), on the real app over real HTTP and
websockets, with short settings: one learner's link opened on many sockets leaves one open socket
for the seat (the older ones are told why and closed), and the rest of the table is not redrawn
for it; closing many sockets leaves no unretrieved task exception in the server's log; a flood of
screen sizes is drawn once and does not stop the server answering others; a socket that never
says hello, and a request that is never finished, is closed; past the caps on room sockets and on
connections a newcomer gets a sentence, not a broken server.  No sleeps: every wait is on a
condition, with a generous deadline."""
from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.servers import LOOPBACK, Server, free_port, voila_command
from tests.test_classroom_server import Client, join, open_room, play_on, step
from tests.test_room_hostile import NAMES, Table

HELLO_SECONDS = 2.0
IDLE_SECONDS = 2.0
MOST_SOCKETS = 24
DEADLINE = 60.0
"""Seconds any wait may take on a loaded machine before the test fails."""
VIEWBOX = re.compile(r'viewBox="([^"]+)"')
UNRETRIEVED = "exception was never retrieved"


def start(store: Path, name: str, *settings: str) -> Server:
    port = free_port()
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False", f"--Classrooms.path={store}",
                                  "--Classrooms.away_after=120", *settings]
    return Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/cardlab/room")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("room-sockets") / "classrooms.sqlite3", "voila-room-sockets",
                    f"--Classrooms.hello_seconds={HELLO_SECONDS}", f"--Classrooms.most_sockets={MOST_SOCKETS}",
                    f"--Connections.idle_seconds={IDLE_SECONDS}", f"--Connections.body_seconds={IDLE_SECONDS}")
    yield running
    running.stop()


@pytest.fixture
def table(server: Server) -> Iterator[Table]:
    code, teacher = open_room(server.url, "sixty_six")
    tokens = [join(server.url, code, name) for name in NAMES]
    with ExitStack() as sockets:
        room = Table(server, code, teacher, sockets)
        for token in tokens:
            client = room.hello(token)
            room.seats[client.view["seat"]] = client
            room.tokens[client.view["seat"]] = token
        room.teacher = room.hello(teacher)
        for client in (*room.seats.values(), room.teacher):
            client.drain()
        yield room


def closed(client: Client) -> bool:
    """The server closes ``client``'s connection (whatever it sends first is read)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            client.next(timeout=max(0.1, deadline - time.monotonic()))
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False
    return False


def views(client: Client) -> int:
    return sum("view" in message or "teacher" in message for message in client.seen)


def log_of(server: Server) -> str:
    return server.log.read_text(errors="replace")


def test_many_hellos_with_one_link_leave_one_socket_for_the_seat_and_redraw_nobody_else(table: Table) -> None:
    assert table.teacher is not None
    watchers = {seat: client for seat, client in table.seats.items() if seat != "S"}
    before = {seat: views(client) for seat, client in watchers.items()}
    before_teacher = views(table.teacher)
    pages = [table.seats["S"]] + [table.hello(table.tokens["S"]) for _ in range(30)]
    for older in pages[:-1]:
        told = older.until(lambda message: "closed" in message, timeout=DEADLINE)["closed"]
        assert "newer page" in told and len(told) < 160 and "Traceback" not in told
        assert closed(older)
    table.seats["S"] = pages[-1]
    play_on(table.seats)                 # the newest page plays on, and every seat is shown the card
    for client in watchers.values():
        client.drain()
    table.teacher.drain()
    redrawn = {seat: views(client) - before[seat] for seat, client in watchers.items()}
    assert all(count <= 3 for count in redrawn.values()), redrawn          # the card played, not 30 hellos
    assert views(table.teacher) - before_teacher <= 3


def test_closing_many_sockets_at_once_leaves_no_unretrieved_exception_in_the_log(table: Table,
                                                                                 server: Server) -> None:
    pages = [table.hello(table.tokens[seat]) for _ in range(10) for seat in ("N", "E", "S", "W")]
    everyone = [*table.seats.values(), *pages]
    for page in everyone:
        page.socket.close_socket()       # the network drops them all, no closing handshake
    again = table.hello(table.tokens["N"])   # the server reads on, and seats its next page
    assert again.view["seat"] == "N"
    assert requests.get(server.url + "/cardlab/room", timeout=DEADLINE).status_code == 200
    assert UNRETRIEVED not in log_of(server)


def test_a_flood_of_screen_sizes_is_drawn_once_and_others_are_answered(table: Table, server: Server) -> None:
    learner = table.seats["N"]
    wide = VIEWBOX.search(learner.view["svg"]).group(1)
    before = len(learner.seen)
    for n in range(1000):
        learner.send({"width": 300 if n % 2 else 1300})
    learner.send({"width": 300})
    probe = requests.get(server.url + "/cardlab/room", timeout=DEADLINE)
    assert probe.status_code == 200
    narrow = learner.until(lambda message: "view" in message and VIEWBOX.search(message["view"]["svg"]).group(1)
                           != wide, timeout=DEADLINE)
    assert step(narrow["view"]) == step(table.seats["E"].view)
    learner.drain()
    flood = learner.seen[before:]
    assert not [message for message in flood if "refused" in message][:1], "a screen size is no move"
    assert sum("view" in message for message in flood) <= 4, len(flood)
    play_on(table.seats)


def test_a_socket_that_never_says_hello_is_told_and_closed(server: Server) -> None:
    code, _ = open_room(server.url, "sixty_six")
    with ExitStack() as sockets:
        silent = [Client(sockets.enter_context(connect(f"ws://{server.url.split('://', 1)[1]}/cardlab/room/{code}/ws",
                                                       open_timeout=20))) for _ in range(20)]
        for client in silent:
            told = client.until(lambda message: "refused" in message, timeout=DEADLINE)["refused"]
            assert "hello" in told and len(told) < 160
            assert closed(client)


def raw(server: Server) -> socket.socket:
    host, port = server.url.split("://", 1)[1].split(":")
    connection = socket.create_connection((host, int(port)), timeout=DEADLINE)
    return connection


def hung_up(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout fails the test)."""
    received = b""
    while chunk := connection.recv(4096):
        received += chunk
    return received


def test_requests_never_finished_are_closed(server: Server) -> None:
    headers, body = raw(server), raw(server)
    with headers, body:
        headers.sendall(b"GET /cardlab/room HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        body.sendall(b"POST /cardlab/room/K7QF-2M9X HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\n\r\nname=Ann")
        assert b"200" not in hung_up(headers)
        assert b"302" not in hung_up(body)
    assert requests.get(server.url + "/cardlab/room", timeout=DEADLINE).status_code == 200


def test_room_sockets_past_the_cap_get_a_sentence(server: Server) -> None:
    code, _ = open_room(server.url, "sixty_six")
    with ExitStack() as sockets:
        address = f"ws://{server.url.split('://', 1)[1]}/cardlab/room/{code}/ws"
        kept: list[Client] = []
        told = ""
        for n in range(MOST_SOCKETS + 10):
            answer = seated(sockets, address, join(server.url, code, f"Learner {n}"))
            client = Client(answer.pop("socket"))
            if "refused" in answer:
                told = answer["refused"]
                assert closed(client)
                break
            kept.append(client)
        assert "too many" in told and len(told) < 160, told
        assert len(kept) <= MOST_SOCKETS
        for client in kept[:4]:
            client.socket.close()
        deadline = time.monotonic() + DEADLINE
        token = join(server.url, code, "Late")
        while True:                      # the server may take a moment to count the closed ones out
            answer = seated(sockets, address, token)
            if "view" in answer or time.monotonic() > deadline:
                break
        assert "view" in answer, answer


def seated(sockets: ExitStack, address: str, token: str) -> dict:
    """A new socket's hello with ``token``: the server's first answer (a view or a refusal, which
    may come before the hello is sent), with the socket under ``"socket"``."""
    # an unbounded queue: the test reads only some of the views it is sent, and a full queue would stall
    # the closing handshake of a socket it closes (10 s each)
    client = Client(sockets.enter_context(connect(address, open_timeout=20, max_queue=None)))
    try:
        client.send({"hello": token, "width": 1200, "presenter": False})
    except ConnectionClosed:
        pass                             # refused at once: the sentence is read below
    answer = client.until(lambda message: "view" in message or "refused" in message, timeout=DEADLINE)
    return {**answer, "socket": client.socket}


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("room-crowded") / "classrooms.sqlite3", "voila-room-crowded",
                    "--Connections.most=6", "--Connections.idle_seconds=600")
    yield running
    running.stop()


def test_connections_past_the_cap_get_a_sentence(crowded: Server) -> None:
    waiting: list[socket.socket] = []
    try:
        answer = ""
        deadline = time.monotonic() + DEADLINE
        while not answer.startswith("HTTP/1.1 503") and time.monotonic() < deadline:
            # fill the free places: one more each time a late request was still let in (the server may
            # count a connection its readiness check just closed until it has read the close)
            for _ in range(6 if not waiting else 1):
                connection = raw(crowded)
                connection.sendall(b"GET /cardlab/room HTTP/1.1\r\nHost: x\r\n")   # and never the blank line
                waiting.append(connection)
            with raw(crowded) as late:
                late.sendall(b"GET /cardlab/room HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = hung_up(late).decode("utf-8", "replace")
        assert answer.startswith("HTTP/1.1 503") and "too many connections" in answer, answer[:300]
    finally:
        for connection in waiting:
            connection.close()
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:     # the server counts the closed ones out as it reads them
        try:
            if requests.get(crowded.url + "/cardlab/room", timeout=DEADLINE).status_code == 200:
                break
        except requests.ConnectionError:
            pass
    else:
        pytest.fail("the server no longer answers once the connections are closed")
