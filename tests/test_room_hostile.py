"""Hostile clients on the room's real websocket (issue 22, "How it is checked"): each message is
refused with one sentence, the table is as it was (seen through the other seats' views) and the
room goes on (the next card is played and every seat is shown it).

These are the cases tests/test_classroom_server.py does not already send: it covers a message that
is no JSON, a play that is no text, an extra key, an unknown kind, a message over the room's limit
but under Tornado's, a card of another seat's hand, a teacher's kind from a learner, a forged token,
a token at another room's code, a move before the hello, a flood of calls and a teacher moving
nobody.  Here: a move written for another seat, a call or the next hand asked out of turn, tokens
made from what the teacher's page and the store show, a second hello, malformed values (bytes that
are no UTF-8, a lone surrogate, NaN, a huge number), a message past Tornado's cap, deep nesting and
a flood of moves for another seat, each checked against the other seats' views.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.browser.room_browsers import serve
from tests.servers import Server
from tests.test_classroom_server import FACE_UP, LEGAL, Client, hands, join, open_room, play_on, steps

pytestmark = pytest.mark.slow

NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = serve(tmp_path_factory.mktemp("room-hostile") / "classrooms.sqlite3", "voila-room-hostile",
                    away_after=120)
    yield running
    running.stop()


@dataclass
class Table:
    """A room of four learners at one table and its teacher, each on a websocket of their own."""

    server: Server
    code: str
    teacher_token: str
    sockets: ExitStack
    tokens: dict[str, str] = field(default_factory=dict)
    seats: dict[str, Client] = field(default_factory=dict)
    teacher: Client | None = None

    def client(self, code: str | None = None) -> Client:
        """A new connection to the room (or to ``code``), closed when the test ends."""
        address = f"ws://{self.server.url.split('://', 1)[1]}/cardlab/room/{code or self.code}/ws"
        return Client(self.sockets.enter_context(connect(address, open_timeout=20, max_size=None)))

    def hello(self, token: str) -> Client:
        client = self.client()
        client.send({"hello": token, "width": 1200, "presenter": False})
        client.until(lambda message: "view" in message or "teacher" in message)
        return client

    def actor(self) -> str:
        return next(seat for seat, client in self.seats.items() if LEGAL.search(client.view["svg"]))

    def state(self) -> dict[str, tuple[str, list[str]]]:
        """What every seat's view shows now (its step and the cards face up to it) and the
        teacher's steps, after reading whatever has arrived."""
        assert self.teacher is not None
        for client in (*self.seats.values(), self.teacher):
            client.drain()
        shown = {seat: (steps(client.view), sorted(FACE_UP.findall(client.view["svg"])))
                 for seat, client in self.seats.items()}
        last = next(message["teacher"] for message in reversed(self.teacher.seen) if "teacher" in message)
        shown["teacher"] = (json.dumps([row["step"] for row in last["tables"]]), [])
        return shown


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
        yield room


def refused(client: Client, message: object) -> str:
    """``message`` sent; the sentence that refuses it (one short sentence, no traceback)."""
    client.send(message)
    answer = client.until(lambda found: "refused" in found)["refused"]
    assert answer and len(answer) < 200 and "Traceback" not in answer and "Error" not in answer, (message, answer)
    return answer


def goes_on(room: Table, before: dict[str, tuple[str, list[str]]]) -> None:
    """Nothing changed, and the next card is played and shown to every seat."""
    assert room.state() == before
    play_on(room.seats)
    assert room.state() != before


def test_a_learner_cannot_act_for_another_seat_out_of_turn_or_as_the_teacher(table: Table) -> None:
    before = table.state()
    actor = table.actor()
    card = LEGAL.search(table.seats[actor].view["svg"]).group(1)
    other = next(seat for seat in table.seats if seat != actor)
    mine = sorted(hands(table.seats[other].view["svg"])[other])[0]
    for message in ({"play": f"{actor} plays {card}"}, {"play": f"{other} plays {mine}"}, {"play": mine},
                    {"call": 0}, {"next": True}, {"open": 1}, {"take_back": 1},
                    {"move": {"who": table.tokens[actor], "table": 1, "seat": other}}):
        refused(table.seats[other], message)
    refused(table.seats[actor], {"play": f"{other} plays {mine}"})
    assert table.teacher is not None
    assert "not one the room understands" in refused(table.teacher, {"play": card})
    goes_on(table, before)


def test_tokens_made_from_what_pages_and_the_store_show_are_refused(table: Table) -> None:
    before = table.state()
    token = next(iter(table.tokens.values()))
    assert table.teacher is not None
    rows = next(message["teacher"] for message in reversed(table.teacher.seen) if "teacher" in message)["tables"]
    key = rows[0]["seats"][0]["key"]                # what the teacher's page shows of a learner
    kept = hashlib.sha256(token.encode()).hexdigest()    # what the store keeps of a token
    for forged in (key, kept, token + "x", token.upper(), token[:-1], " " + token, 12345, [token],
                   {"token": token}, None, "", "x" * 201, table.teacher_token + "x"):
        client = table.client()
        assert "not a seat in this room" in refused(client, {"hello": forged})
        assert "hello" in refused(client, {"play": "7D"})
    elsewhere, _ = open_room(table.server.url, "sixty_six")
    assert "not a seat in this room" in refused(table.client(elsewhere), {"hello": table.teacher_token})
    again = table.seats["N"]
    assert "already said hello" in refused(again, {"hello": table.tokens["E"]})
    assert again.view["seat"] == "N"
    goes_on(table, before)


def test_malformed_values_are_refused_with_a_sentence(table: Table) -> None:
    before = table.state()
    learner = table.seats[next(seat for seat in table.seats if seat != table.actor())]
    for message in (b"\xff\xfe{", '{"play": "\\ud800"}', '{"play": NaN}', '{"call": Infinity}',
                    '{"call": ' + "9" * 4000 + "}", "{}", "[]", "null", "true", '"play"',
                    {"play": "7D" * 150}, {"width": "wide"}, {"presenter": "yes"}):
        refused(learner, message)
    newcomer = table.client()
    refused(newcomer, {"hello": table.tokens["S"], "width": 1e400})
    refused(newcomer, {"hello": table.tokens["S"], "width": 800, "presenter": 1})
    goes_on(table, before)


def test_a_message_past_the_server_s_cap_closes_only_that_connection(table: Table) -> None:
    before = table.state()
    seat = next(seat for seat in table.seats if seat != table.actor())
    table.seats[seat].send({"play": "x" * 70_000})
    with pytest.raises(ConnectionClosed):
        table.seats[seat].until(lambda message: False, timeout=20)
    table.seats[seat] = table.hello(table.tokens[seat])     # the page says hello again
    goes_on(table, before)


def test_deep_nesting_is_refused_with_a_sentence(table: Table) -> None:
    before = table.state()
    learner = table.seats[next(seat for seat in table.seats if seat != table.actor())]
    refused(learner, "[" * 4000)
    goes_on(table, before)


def test_a_flood_of_moves_for_another_seat_is_refused_and_the_table_goes_on(table: Table) -> None:
    before = table.state()
    actor = table.actor()
    card = LEGAL.search(table.seats[actor].view["svg"]).group(1)
    flooder = table.seats[next(seat for seat in table.seats if seat != actor)]
    for _ in range(60):
        flooder.send({"play": card})
    answers = [flooder.until(lambda found: "refused" in found or "view" in found) for _ in range(60)]
    assert all("refused" in answer for answer in answers), [a for a in answers if "refused" not in a][:1]
    assert any("Too many" in answer["refused"] for answer in answers)
    goes_on(table, before)

