"""The classroom over the real served app (issue 22): the app started as ``scripts/serve.sh`` starts
it (with its store in a temporary file and no preheated kernels), a teacher opening a room through
the form, learners joining through theirs, and four websocket clients playing a whole hand.  Every
hostile message is refused with one sentence and leaves the table as it was; no message to a seat
shows a card of another seat's hand before it is played; a server stopped mid-hand and started
again gives every seat the same step."""
from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest
import requests
from websockets.sync.client import ClientConnection, connect

from tests.servers import LOOPBACK, Server, free_port, voila_command

GAME = "tressette"
XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')
LEGAL = re.compile(r'class="card legal" data-card="([^"]+)"')
FACE_UP = re.compile(r'data-card="([^"]+)"')
HAND = re.compile(r'<g class="hand[^"]*" data-seat="(\w)"')


RATE = 5
"""Limits.actions_per_second: moves a second a learner may make."""
AWAY = 2.0
"""Seconds before the computer plays the seat of a learner gone (30 in a real class)."""


def start(store: Path, name: str = "voila-classroom") -> Server:
    port = free_port()
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False", f"--Classrooms.path={store}",
                                  f"--Classrooms.away_after={AWAY}"]
    return Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/cardlab/room")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("classrooms") / "classrooms.sqlite3"


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[Server]:
    running = start(store)
    yield running
    running.stop()


def form_post(http: requests.Session, url: str, data: dict[str, str]) -> requests.Response:
    """GET the form at ``url`` (its xsrf cookie and field), then POST ``data`` with them."""
    page = http.get(url)
    assert page.status_code == 200, page.text
    return http.post(url, data={"_xsrf": XSRF.search(page.text).group(1), **data}, allow_redirects=False)


def open_room(base: str, game: str = GAME, **fields: str) -> tuple[str, str]:
    """A room opened through the teacher's form: its code and the teacher's token."""
    answer = form_post(requests.Session(), f"{base}/cardlab/rooms", {"game": game, "level": "club", **fields})
    assert answer.status_code == 302, answer.text
    found = re.fullmatch(r"/cardlab/room/(\w{4}-\w{4})/teacher#(.+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1), found.group(2)


def join(base: str, code: str, name: str) -> str:
    """A learner seated through the name form: their seat token (from the fragment)."""
    answer = form_post(requests.Session(), f"{base}/cardlab/room/{code}", {"name": name})
    assert answer.status_code == 302, answer.text
    found = re.fullmatch(rf"/cardlab/room/{code}/play#(.+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1)


@dataclass
class Client:
    """One browser's websocket: every message it was sent, and its latest view."""

    socket: ClientConnection
    seen: list[dict] = field(default_factory=list)

    def send(self, message: object) -> None:
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def next(self, timeout: float = 20) -> dict:
        message = json.loads(self.socket.recv(timeout=timeout))
        self.seen.append(message)
        return message

    def until(self, test, timeout: float = 20) -> dict:
        """Read messages until one passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.next(max(0.1, deadline - time.monotonic()))
            if test(message):
                return message

    def drain(self) -> None:
        """Read whatever has arrived by now."""
        while True:
            try:
                self.next(timeout=0.3)
            except TimeoutError:
                return

    @property
    def view(self) -> dict:
        return next(message["view"] for message in reversed(self.seen) if "view" in message)


SOCKETS = ExitStack()
"""Every websocket the tests open, closed when the module's tests are done."""


def socket(base: str, code: str) -> ClientConnection:
    return SOCKETS.enter_context(connect(f"ws://{base.split('://', 1)[1]}/cardlab/room/{code}/ws", open_timeout=20))


@pytest.fixture(scope="module", autouse=True)
def close_sockets() -> Iterator[None]:
    with SOCKETS:
        yield


def hello(base: str, code: str, token: str, width: int = 1200) -> Client:
    client = Client(socket(base, code))
    client.send({"hello": token, "width": width, "presenter": False})
    client.until(lambda message: "view" in message or "teacher" in message)
    return client


def steps(view: dict) -> str:
    return re.sub(r"<[^>]+>", "", view["step"])


def step(view: dict) -> int:
    return int(re.search(r"Step (\d+) of", steps(view)).group(1))


def at_step(number: int):
    """A test for :meth:`Client.until`: a view at step ``number`` (a refusal fails the test)."""
    def test(message: dict) -> bool:
        assert "refused" not in message, message
        return "view" in message and step(message["view"]) == number
    return test


def play_on(seats: dict[str, Client]) -> str:
    """The seat to play plays its first playable card; every seat is shown the next step."""
    now = step(next(iter(seats.values())).view)
    actor = next(seat for seat, client in seats.items() if LEGAL.search(client.view["svg"]))
    card = LEGAL.search(seats[actor].view["svg"]).group(1)
    while True:    # faster than any class: the rate limit may ask the test to wait its turn
        seats[actor].send({"play": card})
        answer = seats[actor].until(lambda message: "refused" in message or "view" in message)
        if "Too many" not in answer.get("refused", ""):
            break
        time.sleep(1 / RATE)
    assert "refused" not in answer, answer
    for client in seats.values():
        if client is not seats[actor] or step(answer["view"]) != now + 1:
            client.until(at_step(now + 1))
    return card


def hands(svg: str) -> dict[str, set[str]]:
    """Each seat's cards in a face-up picture of the table (the teacher's)."""
    found: dict[str, set[str]] = {}
    parts = HAND.split(svg)
    for seat, chunk in zip(parts[1::2], parts[2::2]):
        found[seat] = set(FACE_UP.findall(chunk.split('<g class="seat', 1)[0]))
    return found


@pytest.fixture(scope="module")
def room(server: Server) -> dict:
    """A room of four learners at one table, with their clients and the teacher's."""
    code, teacher = open_room(server.url)
    tokens = {name: join(server.url, code, name) for name in ("Ann", "Bo", "Cy", "<b>Di</b>")}
    clients = {name: hello(server.url, code, token) for name, token in tokens.items()}
    for client in clients.values():
        client.drain()
    return {"code": code, "teacher": teacher, "tokens": tokens, "clients": clients}


def by_seat(room: dict) -> dict[str, Client]:
    return {client.view["seat"]: client for client in room["clients"].values()}


def test_the_pages_answer_without_a_kernel(server: Server) -> None:
    for path in ("/cardlab/rooms", "/cardlab/room", "/cardlab/room/K7QF-2M9X/play",
                 "/cardlab/room/K7QF-2M9X/teacher", "/cardlab/room.js", "/cardlab/room.css"):
        answer = requests.get(server.url + path)
        assert answer.status_code == 200, path
    assert "// ----- board.js" in requests.get(server.url + "/cardlab/room.js").text
    bad = requests.get(server.url + "/cardlab/room", params={"code": "nonsense!"})
    assert bad.status_code == 400 and "8 letters and digits" in bad.text and "Traceback" not in bad.text
    assert not kernels(server)


def kernels(server: Server) -> list[psutil.Process]:
    """The kernels the server has started (a room needs none)."""
    return [child for child in psutil.Process(server.proc.pid).children(recursive=True)
            if "ipykernel" in " ".join(child.cmdline())]


def test_a_bad_form_is_refused_with_a_sentence(server: Server) -> None:
    http = requests.Session()
    answer = form_post(http, f"{server.url}/cardlab/rooms", {"game": "poker", "level": "club"})
    assert answer.status_code == 400 and "Choose one of the games" in answer.text
    answer = form_post(http, f"{server.url}/cardlab/rooms", {"game": GAME, "level": "club", "tressette.target": "99"})
    assert answer.status_code == 400 and "not a choice" in answer.text


def test_a_form_from_another_site_is_refused(server: Server) -> None:
    http = requests.Session()
    http.get(f"{server.url}/cardlab/rooms")
    answer = http.post(f"{server.url}/cardlab/rooms", data={"game": GAME, "level": "club"}, allow_redirects=False)
    assert answer.status_code == 403 and "Traceback" not in answer.text
    answer = http.post(f"{server.url}/cardlab/room/K7QF-2M9X", data={"name": "Mallory"}, allow_redirects=False)
    assert answer.status_code == 403


def test_a_wrong_code_or_name_is_refused_on_the_name_form(server: Server) -> None:
    answer = form_post(requests.Session(), f"{server.url}/cardlab/room/K7QF-2M9X", {"name": "Ann"})
    assert answer.status_code == 400 and "No classroom has this code" in answer.text
    code, _ = open_room(server.url)
    answer = form_post(requests.Session(), f"{server.url}/cardlab/room/{code}", {"name": "x" * 300})
    assert answer.status_code == 400 and "at most" in answer.text and 'value="xxx' in answer.text


def test_the_teacher_page_shows_the_code_the_link_and_a_qr_code(server: Server) -> None:
    code, _ = open_room(server.url)
    page = requests.get(f"{server.url}/cardlab/room/{code}/teacher").text
    assert code in page and f"/cardlab/room/{code}" in page and 'class="segno"' in page


def test_hostile_messages_are_refused_with_a_sentence_and_change_nothing(room: dict, server: Server) -> None:
    seats = by_seat(room)
    before = {seat: steps(client.view) for seat, client in seats.items()}
    client = seats["S"]
    other = next(card for seat, view_client in seats.items() if seat != "S"
                 for card in FACE_UP.findall(view_client.view["svg"])
                 if card not in FACE_UP.findall(client.view["svg"]))
    for message, sentence in [
        ("{not json", "not one the room understands"),
        ({"play": 7}, "not one the room understands"),
        ({"play": "7D", "extra": 1}, "not one the room understands"),
        ({"launch": True}, "not one the room understands"),
        ("x" * 5000, "too long"),
        ({"play": other}, ""),
        ({"pause": True}, "not one the room understands"),
    ]:
        client.send(message)
        answer = client.until(lambda found: "refused" in found)
        assert sentence in answer["refused"] and "Traceback" not in answer["refused"], (message, answer)
        assert answer["refused"].count(".") + answer["refused"].count(":") <= 3
    forged = hello_refused(server.url, room["code"], "forged-token")
    assert "not a seat in this room" in forged
    stolen = hello_refused(server.url, "AAAA-AAAA", room["tokens"]["Ann"])
    assert "not a seat in this room" in stolen
    client.drain()
    assert {seat: steps(c.view) for seat, c in seats.items()} == before


def hello_refused(base: str, code: str, token: str) -> str:
    client = Client(socket(base, code))
    client.send({"hello": token})
    answer = client.until(lambda message: "refused" in message or "view" in message)
    client.send({"play": "7D"})
    second = client.until(lambda message: "refused" in message)
    assert "hello" in second["refused"]
    client.socket.close()
    return answer.get("refused", "")


def test_four_learners_play_a_whole_hand_and_never_see_another_hand(room: dict, server: Server) -> None:
    seats = by_seat(room)
    assert sorted(seats) == ["E", "N", "S", "W"]
    names = {client.view["seat"]: name for name, client in room["clients"].items()}
    assert any(seat["name"] == "&lt;b&gt;Di&lt;/b&gt;" for seat in seats["N"].view["seats"])
    teacher = hello(server.url, room["code"], room["teacher"])
    teacher.send({"open": 1})
    opened = teacher.until(lambda message: "open" in message.get("teacher", {}))["teacher"]["open"]
    dealt = hands(opened["svg"])
    assert all(len(cards) == 10 for cards in dealt.values()), dealt
    played: set[str] = set()
    checked = {seat: len(client.seen) for seat, client in seats.items()}
    for _ in range(40):
        played.add(play_on(seats))
        for seat, client in seats.items():
            hidden = set().union(*(dealt[other] for other in dealt if other != seat)) - played
            for message in client.seen[checked[seat]:]:
                assert "Too many" in message.get("refused", "Too many"), message
                assert not hidden & set(FACE_UP.findall(json.dumps(message))), (seat, names[seat])
            checked[seat] = len(client.seen)
    final = seats["S"].view
    assert final["over"] and final["next"], steps(final)
    assert "panel-match" in final["match"]
    assert not kernels(server)
    teacher.socket.close()


def test_a_flood_is_refused_and_changes_nothing(room: dict) -> None:
    client = by_seat(room)["E"]
    client.drain()
    before = steps(client.view)
    for _ in range(40):
        client.send({"call": 99})
    refusals = [client.until(lambda found: "refused" in found)["refused"] for _ in range(40)]
    assert any("Too many" in sentence for sentence in refusals)
    client.drain()
    assert steps(client.view) == before


def test_a_server_restarted_mid_hand_resumes_every_seat_at_the_same_step(store: Path, tmp_path: Path) -> None:
    first = start(store, "voila-classroom-restart")
    try:
        code, teacher = open_room(first.url)
        tokens = [join(first.url, code, name) for name in ("Ed", "Flo", "Gus", "Hal")]
        clients = [hello(first.url, code, token) for token in tokens]
        for client in clients:
            client.drain()
        seats = {client.view["seat"]: client for client in clients}
        for _ in range(6):
            play_on(seats)
        before = {seat: (steps(client.view), FACE_UP.findall(client.view["svg"])) for seat, client in seats.items()}
    finally:
        first.stop()
    again = start(store, "voila-classroom-restart")
    try:
        after = {}
        for token in tokens:
            client = hello(again.url, code, token)
            after[client.view["seat"]] = (steps(client.view), FACE_UP.findall(client.view["svg"]))
            client.socket.close()
        assert after == before
        assert "Step 7 of 7" in next(iter(after.values()))[0]
        hello(again.url, code, teacher).socket.close()
    finally:
        again.stop()


def seat_of(view: dict, seat: str) -> dict:
    return next(row for row in view["seats"] if row["seat"] == seat)


def test_the_teacher_pauses_takes_back_and_moves(server: Server) -> None:
    code, teacher_token = open_room(server.url)
    clients = [hello(server.url, code, join(server.url, code, name)) for name in ("Ike", "Jo", "Kai", "Lu", "Mo")]
    for client in clients:
        client.drain()
    seats = {client.view["seat"]: client for client in clients[:4]}
    teacher = hello(server.url, code, teacher_token)
    assert [len(table["seats"]) for table in teacher.seen[-1]["teacher"]["tables"]] == [4, 4]
    assert clients[4].view["table"] == 2

    teacher.send({"pause": True})
    paused = teacher.until(lambda message: "teacher" in message)["teacher"]
    assert paused["paused"]
    for client in seats.values():
        client.until(lambda message: "view" in message and message["view"]["paused"])
    actor = next(client for client in seats.values() if LEGAL.search(client.view["svg"]))
    actor.send({"play": LEGAL.search(actor.view["svg"]).group(1)})
    assert "paused" in actor.until(lambda message: "refused" in message)["refused"]
    teacher.send({"resume": True})
    for client in seats.values():
        client.until(lambda message: "view" in message and not message["view"]["paused"])

    play_on(seats)
    teacher.send({"take_back": 1})
    for client in seats.values():
        client.until(at_step(1))
    assert LEGAL.search(actor.view["svg"])

    mover = clients[4]
    key = next(seat["key"] for table in teacher.seen[-1]["teacher"]["tables"] for seat in table["seats"]
               if seat["name"] == "Mo")
    teacher.send({"move": {"who": key, "table": 3, "seat": "N"}})
    moved = mover.until(lambda message: "view" in message and message["view"]["table"] == 3)["view"]
    assert moved["seat"] == "N"
    teacher.send({"move": {"who": "nobody", "table": 1, "seat": "N"}})
    assert "no such learner" in teacher.until(lambda message: "refused" in message)["refused"]


def test_a_learner_gone_is_replaced_by_the_computer_and_gets_the_seat_back(server: Server) -> None:
    code, _ = open_room(server.url)
    tokens = {name: join(server.url, code, name) for name in ("Ned", "Oz")}
    staying, leaving = (hello(server.url, code, token) for token in tokens.values())
    for client in (staying, leaving):
        client.drain()
    seat = leaving.view["seat"]
    leaving.socket.close()
    gone = staying.until(lambda message: "view" in message and seat_of(message["view"], seat)["computer"],
                         timeout=AWAY + 20)["view"]
    assert not seat_of(gone, seat)["connected"] and seat_of(gone, seat)["name"] == "Oz"
    back = hello(server.url, code, tokens["Oz"])
    assert back.view["seat"] == seat
    staying.until(lambda message: "view" in message and not seat_of(message["view"], seat)["computer"]
                  and seat_of(message["view"], seat)["connected"])


def test_a_call_is_made_by_its_index_among_the_seat_s_calls(server: Server) -> None:
    code, _ = open_room(server.url, "quadrille")
    clients = [hello(server.url, code, join(server.url, code, name)) for name in ("Pia", "Quin", "Rae", "Sol")]
    for client in clients:
        client.drain()
    actor = next(client for client in clients if client.view["calls"])
    now = step(actor.view)
    assert all(not client.view["calls"] for client in clients if client is not actor)
    call = next(option for option in actor.view["calls"] if not option["disabled"])
    actor.send({"call": call["index"]})
    for client in clients:
        client.until(at_step(now + 1))
    actor.send({"call": 99})
    assert "not one you may make" in actor.until(lambda message: "refused" in message)["refused"]
