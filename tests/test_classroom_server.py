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

from cardlab.scenario import builtin
from tests.servers import LOOPBACK, TEACHER_KEY, Server, free_port, voila_command

pytestmark = pytest.mark.slow

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
    answer = form_post(requests.Session(), f"{base}/cardlab/rooms?key={TEACHER_KEY}", {"game": game, "level": "club", **fields})
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
    for path in (f"/cardlab/rooms?key={TEACHER_KEY}", "/cardlab/room", "/cardlab/room/K7QF-2M9X/play",
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
    answer = form_post(http, f"{server.url}/cardlab/rooms?key={TEACHER_KEY}", {"game": "poker", "level": "club"})
    assert answer.status_code == 400 and "Choose one of the games" in answer.text
    answer = form_post(http, f"{server.url}/cardlab/rooms?key={TEACHER_KEY}", {"game": GAME, "level": "club", "tressette.target": "99"})
    assert answer.status_code == 400 and "not a choice" in answer.text


def test_a_form_from_another_site_is_refused(server: Server) -> None:
    http = requests.Session()
    http.get(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    answer = http.post(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}", data={"game": GAME, "level": "club"}, allow_redirects=False)
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
    assert teacher.seen[-1]["teacher"]["game"] == "Tressette", "the teacher's page names the room's game"
    assert clients[4].view["table"] == 2

    teacher.send({"pause": True})
    paused = teacher.until(lambda message: "teacher" in message)["teacher"]
    assert paused["paused"]
    for client in seats.values():
        client.until(lambda message: "view" in message and message["view"]["paused"])
        assert client.view["message"] == "", "the pause is said once, by the page's banner"
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


def teacher_view(client: Client, test) -> dict:
    """The teacher's next view passing ``test`` (a refusal fails the test)."""
    def passes(message: dict) -> bool:
        assert "refused" not in message, message
        return "teacher" in message and test(message["teacher"])
    return client.until(passes)["teacher"]


def refused(client: Client, message: object) -> str:
    """The sentence ``message`` is refused with (sent again while the rate limit asks to wait)."""
    while True:
        client.send(message)
        sentence = client.until(lambda found: "refused" in found)["refused"]
        if "Too many" not in sentence:
            return sentence
        time.sleep(1 / RATE)


def test_the_class_is_shown_a_scenario_asked_which_card_and_told_the_experts(server: Server) -> None:
    code, token = open_room(server.url)
    learners = [hello(server.url, code, join(server.url, code, name)) for name in ("Ann", "Bo", "Cy")]
    teacher = hello(server.url, code, token)
    assert [scene["name"] for scene in teacher.seen[-1]["teacher"]["scenarios"]][:1] == ["tressette-declarations"]
    teacher.send({"show": {"scenario": "tressette-follow-suit", "seat": "S", "open": False}})
    shown = teacher_view(teacher, lambda view: view["shown"] is not None)["shown"]
    assert shown["seat"] == "S" and shown["at"] == shown["steps"] and "Follow suit" in shown["title"]
    for learner in learners:
        view = learner.until(lambda message: "view" in message and message["view"]["shown"])["view"]
        assert view["shown"]["svg"] == shown["svg"] and view["poll"] is None
    teacher.send({"ask": True})
    poll = teacher_view(teacher, lambda view: view["poll"] is not None)["poll"]
    cards = [row["card"] for row in poll["tally"]]
    assert poll["answers"] == 0 and len(cards) >= 2 and poll["revealed"] == ""
    for learner in learners:
        asked = learner.until(lambda message: "view" in message and message["view"]["poll"])["view"]["poll"]
        assert asked["cards"] == cards and set(LEGAL.findall(asked["svg"])) == set(cards)
    assert "may play" in refused(learners[0], {"answer": "QQ"})
    for message in ({"answer": 7}, {"ask": True}, {"reveal": True}, {"show": {"table": 1, "seat": "N"}}):
        assert "not one the room understands" in refused(learners[0], message)
    for learner, card in zip(learners, [cards[0], cards[0], cards[1]]):
        learner.send({"answer": card})
        mine = learner.until(lambda message: "view" in message and message["view"]["poll"]["answer"])["view"]["poll"]
        assert "Your answer" in mine["answer"] and f'data-card="{card}"' in mine["svg"]
    learners[1].send({"answer": cards[1]})                    # changes their mind
    counted = teacher_view(teacher, lambda view: view["poll"]["answers"] == 3 and
                           [row["count"] for row in view["poll"]["tally"]][:2] == [1, 2])
    assert counted["poll"]["tally"][0]["name"]
    teacher.send({"reveal": True})
    revealed = teacher_view(teacher, lambda view: view["poll"]["revealed"] != "")["poll"]
    expert = next(row for row in revealed["tally"] if row["expert"])
    assert "The expert plays" in revealed["revealed"] and expert["card"] in cards
    seen = learners[2].until(lambda message: "view" in message and message["view"]["poll"]["revealed"])["view"]
    assert "The expert plays" in seen["poll"]["revealed"] and not LEGAL.findall(seen["poll"]["svg"])
    assert "no question open" in refused(learners[2], {"answer": cards[0]})
    teacher.send({"step": 1})
    back = teacher_view(teacher, lambda view: view["shown"]["at"] == 1)
    assert back["poll"] is None, "stepping the table closes the question about another step"
    teacher.send({"hide": True})
    assert teacher_view(teacher, lambda view: view["shown"] is None)["poll"] is None


def test_a_room_table_is_shown_from_one_seat_and_hidden_from_the_rest_of_that_table(server: Server) -> None:
    code, token = open_room(server.url)
    clients = [hello(server.url, code, join(server.url, code, name)) for name in ("A", "B", "C", "D", "E")]
    teacher = hello(server.url, code, token)
    teacher.send({"open": 1})
    dealt = hands(teacher_view(teacher, lambda view: "open" in view)["open"]["svg"])
    teacher.send({"show": {"table": 1, "seat": "N"}})
    teacher_view(teacher, lambda view: view["shown"] is not None)
    hidden = set().union(*(cards for seat, cards in dealt.items() if seat != "N"))
    for client in clients:
        view = client.until(lambda message: "view" in message and message["view"]["shown"])["view"]
        if view["table"] == 1 and view["seat"] != "N":
            assert "svg" not in view["shown"] and "your table" in view["shown"]["note"]
        else:
            assert set(FACE_UP.findall(view["shown"]["svg"])) & dealt["N"]
        assert not hidden & set(FACE_UP.findall(json.dumps(view["shown"]))), view["seat"]


def test_hostile_teacher_messages_are_refused_and_change_nothing(server: Server) -> None:
    code, token = open_room(server.url)
    learner = hello(server.url, code, join(server.url, code, "Ann"))
    teacher = hello(server.url, code, token)
    link = "https://example.org/lesson#tressette=zAAAA"
    for message, sentence in [
        ({"show": "tressette-thirds"}, "not one the room understands"),
        ({"show": {"scenario": "tressette-thirds", "seat": "S"}}, "Show a table by its number"),
        ({"show": {"scenario": "{not json", "seat": "S", "open": False}}, "not valid JSON"),
        ({"show": {"scenario": '{"format": "cardlab.scenario/1", "game": "sixty_six"}', "seat": "S",
                   "open": False}}, "another game"),
        ({"show": {"scenario": "no-such-thing", "seat": "S", "open": False}}, "does not hold a table"),
        ({"show": {"scenario": link, "seat": "S", "open": False}}, "damaged"),
        ({"show": {"scenario": "tressette-thirds", "seat": "Q", "open": False}}, "one of its seats"),
        ({"show": {"table": 9, "seat": "N"}}, "no table 9"),
        ({"step": 3}, "No table is shown"),
        ({"step": "3"}, "not one the room understands"),
        ({"ask": True}, "No table is shown"),
        ({"reveal": True}, "no question open"),
        ({"duplicate": 99}, "2 to 8 deals"),
        ({"duplicate": True}, "2 to 8 deals"),
        ({"duplicate": 2}, "at least two tables"),
        ({"computers": 1}, "not one the room understands"),
    ]:
        answer = refused(teacher, message)
        assert sentence in answer and "Traceback" not in answer, (message, answer)
    teacher.drain()
    last = teacher.seen[-1]["teacher"] if "teacher" in teacher.seen[-1] else None
    assert last is None or (last["shown"] is None and last["poll"] is None and len(last["tables"]) == 1)
    learner.drain()
    assert learner.view["shown"] is None and learner.view["poll"] is None and learner.view["duplicate"] == ""


def test_a_duplicate_round_starts_from_the_teacher_page_against_a_table_of_computers(server: Server) -> None:
    code, token = open_room(server.url)
    learner = hello(server.url, code, join(server.url, code, "Ann"))
    teacher = hello(server.url, code, token)
    teacher.send({"computers": True})
    assert len(teacher_view(teacher, lambda view: len(view["tables"]) == 2)["tables"]) == 2
    teacher.send({"duplicate": 2})
    started = teacher_view(teacher, lambda view: view["round"]
                           and "Duplicate round: 2 of 4 hands played" in view["duplicate"])   # the computers' two deals
    assert started["duplicate"].count('data-table="2"') == 2
    assert "under way" in refused(teacher, {"duplicate": 3})
    mine = learner.until(lambda message: "view" in message and message["view"]["duplicate"])["view"]
    assert "Your table has played 0 of the round&#x27;s 2 deals" in mine["duplicate"]
    assert 'data-table="2"' not in mine["duplicate"], "a learner sees no other table's result before the end"


def test_a_pasted_scenario_is_shown_face_up_with_its_title_escaped(server: Server) -> None:
    code, token = open_room(server.url)
    learner = hello(server.url, code, join(server.url, code, "Ann"))
    teacher = hello(server.url, code, token)
    pasted = {**builtin("tressette-follow-suit").to_json(), "title": "<img src=x onerror=alert(1)>"}
    teacher.send({"show": {"scenario": json.dumps(pasted), "seat": "S", "open": True}})
    shown = teacher_view(teacher, lambda view: view["shown"] is not None)["shown"]
    assert shown["title"] == "&lt;img src=x onerror=alert(1)&gt;" and shown["open_hands"]
    seen = learner.until(lambda message: "view" in message and message["view"]["shown"])["view"]["shown"]
    assert "<img" not in json.dumps(seen) and seen["title"] == shown["title"]
    face_up = hands(seen["svg"])
    assert len(face_up) == 4 and all(len(cards) >= 9 for cards in face_up.values()), "every hand face up"
