"""A room page is sent what changed in its view (issue 36 §4, ``widgets/room_patch.py``).

First the patches themselves, on the pictures of a real hand: each one makes exactly the next
picture, is a fraction of it, and carries no card its seat may not see; pictures that share
nothing are sent whole.  Then over the served app: four learners' pages that say they apply
patches play a whole hand, the teacher watching table 1 face up; no patch to a seat names a card
of another hand before it is played; what each page makes of its patches is, at the end, the whole
view it is sent when it asks (``{"full": true}``); a page that connects again is sent its whole view.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from websockets.sync.client import connect

from cardlab import classroom as engine
from cardlab.render.table import table_svg
from cardlab.widgets.room_patch import plain_ids, patched, svg_patch, view_patch, view_patched
from tests.servers import Server
from tests.test_classroom_server import FACE_UP, LEGAL, RATE, Client, hands, join, open_room, start

FACE_ID = re.compile(r'-face-([^"-]+)')


def dealt_room() -> tuple[engine.Classroom, list[engine.Learner]]:
    rooms = engine.Classrooms(None)
    room = rooms.open("tressette", {}, "club", time.time())
    learners = [room.join(name, time.time()) for name in ("Ann", "Bo", "Cy", "Di")]
    for learner in learners:
        room.connected(learner.token, time.time())
    return room, learners


def seen_cards(text: str) -> set[str]:
    """The cards ``text`` shows face up: a card's ``data-card`` or its face's id."""
    return set(FACE_UP.findall(text)) | set(FACE_ID.findall(text))


def test_each_patch_of_a_hand_makes_the_next_picture_is_small_and_shows_no_hidden_card() -> None:
    room, learners = dealt_room()
    rng = random.Random(36)
    table = room.tables[0]
    pictures = {learner.token: plain_ids(table_svg(room.view(learner.token).frame.scene)) for learner in learners}
    sent = whole = 0
    for move in range(40):
        actor = next(learner for learner in learners if room.view(learner.token).frame.scene.legal)
        card = rng.choice(sorted(room.view(actor.token).frame.scene.legal))
        assert not room.act(actor.token, card, time.time() + move).refused
        state = table.session.state
        for learner in learners:
            seat = room.learner(learner.token).seat
            hidden = {str(card) for other in table.session.rules.seats if other != seat
                      for card in state.hand(other) if card is not None}
            picture = plain_ids(table_svg(room.view(learner.token).frame.scene))
            ops = svg_patch(pictures[learner.token], picture)
            assert patched(pictures[learner.token], ops) == picture
            assert not hidden & seen_cards(json.dumps(ops)), (seat, hidden & seen_cards(json.dumps(ops)))
            sent, whole = sent + len(json.dumps(ops)), whole + len(json.dumps(picture))
            pictures[learner.token] = picture
    assert table.session.state.over
    assert sent < whole / 4, (sent, whole)


def test_pictures_that_share_nothing_are_sent_whole_and_a_wrong_run_is_refused() -> None:
    room, learners = dealt_room()
    picture = plain_ids(table_svg(room.view(learners[0].token).frame.scene))
    assert svg_patch('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>', picture) == picture
    assert patched("<svg></svg>", picture) == picture
    with pytest.raises(ValueError):
        patched("<svg></svg>", ["svg>", [0, 5]])


def test_the_ids_of_a_picture_read_the_same_whatever_else_changed() -> None:
    room, learners = dealt_room()
    actor = next(learner for learner in learners if room.view(learner.token).frame.scene.legal)
    watcher = next(learner for learner in learners if learner is not actor)
    first = table_svg(room.view(watcher.token).frame.scene)
    room.act(actor.token, sorted(room.view(actor.token).frame.scene.legal)[0], time.time())
    second = table_svg(room.view(watcher.token).frame.scene)
    digests = {re.search(r'id="(cl[0-9a-f]{10})-', svg).group(1) for svg in (first, second)}
    assert len(digests) == 2, "each drawing's ids carry its own digest"
    assert plain_ids(first).count(' id="cl-') == first.count(' id="cl') and "#cl-" in plain_ids(first)
    pieces = [set(plain_ids(svg).split("<")) for svg in (first, second)]
    assert len(pieces[0] & pieces[1]) > 0.9 * len(pieces[0])


def test_a_view_patch_holds_only_what_changed_and_makes_the_view() -> None:
    before = {"svg": "<svg><g>a</g></svg>", "frames": [], "step": "1", "seats": [1, 2], "over": False}
    after = {"svg": "<svg><g>a</g><g>b</g></svg>", "frames": [{"svg": "<svg><g>a</g><g>c</g></svg>", "alt": "c"}],
             "step": "2", "seats": [1, 2], "over": False}
    changes = view_patch(before, after)
    assert set(changes) == {"svg", "frames", "step"}
    assert view_patched(before, changes) == after
    assert view_patch(after, {**after, "frames": []}) == {}
    teacher = {"tables": [1], "open": {**before, "number": 1}}
    opened = {"tables": [1], "open": {**after, "number": 1}}
    assert set(view_patch(teacher, opened, "open")) == {"open"}
    assert view_patched(teacher, view_patch(teacher, opened, "open"), "open") == opened
    assert view_patch(teacher, {"tables": [2]}, "open") == {"tables": [2], "open": None}


ROOM_JS = Path(__file__).resolve().parent.parent / "widgets" / "room.js"


def test_the_pages_script_makes_of_each_patch_the_view_the_server_meant() -> None:
    """``room.js`` applies the patches of a dozen moves, a learner's (some with frames) and the
    teacher's (the open table shown and gone), as :func:`view_patched` does: the same views."""
    room, learners = dealt_room()
    rng = random.Random(4)

    def board(scene: object, step: int) -> dict:
        return {"svg": plain_ids(table_svg(scene)), "frames": [], "step": f"Step {step}", "over": False}
    learner = learners[0]
    views = [board(room.view(learner.token).frame.scene, 1)]
    opened = [{"tables": [1], "open": None}]
    for move in range(12):
        actor = next(one for one in learners if room.view(one.token).frame.scene.legal)
        seen = room.view(learner.token).frame.scene
        assert not room.act(actor.token, rng.choice(sorted(room.view(actor.token).frame.scene.legal)),
                            time.time() + move).refused
        frame = {"svg": plain_ids(table_svg(seen)), "alt": "a card", "line": "before"}
        views.append({**board(room.view(learner.token).frame.scene, move + 2),
                      "frames": [frame] if move % 3 == 0 else []})
        opened.append({"tables": [move], "open": {**board(room.table_view(room.teacher, 1).frame.scene, move + 2),
                                                  "number": 1} if move % 5 else None})
    cases = [{"kind": "view", "before": before, "changes": view_patch(before, after), "after": after}
             for before, after in zip(views, views[1:])]
    cases += [{"kind": "teacher", "before": before, "changes": view_patch(before, after, "open"), "after": after}
              for before, after in zip(opened, opened[1:])]
    for case in cases:
        board_key = None if case["kind"] == "view" else "open"
        assert view_patched(case["before"], case["changes"], board_key) == case["after"]
    script = (f"import {{ patchedBoard, patchedRoom }} from {json.dumps(ROOM_JS.as_uri())};\n"
              "let text = ''; for await (const chunk of process.stdin) text += chunk;\n"
              "const made = JSON.parse(text).map((c) => c.kind === 'view' ? patchedBoard(c.before, c.changes)"
              " : patchedRoom(c.before, c.changes));\n"
              "process.stdout.write(JSON.stringify(made));")
    done = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(cases),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [case["after"] for case in cases]


# ----- over the served app -------------------------------------------------------------------------

@dataclass
class Page(Client):
    """A page that applies patches: :attr:`seen` holds the whole views they make, :attr:`raw`
    what the server sent."""

    raw: list[dict] = field(default_factory=list)
    held: dict = field(default_factory=dict)

    def next(self, timeout: float = 20) -> dict:
        message = json.loads(self.socket.recv(timeout=timeout))
        self.raw.append(message)
        if "patch" in message:
            kind = "view" if "view" in self.held else "teacher"
            message = {kind: view_patched(self.held[kind], message["patch"], None if kind == "view" else "open")}
        if "view" in message or "teacher" in message:
            self.held = message
        self.seen.append(message)
        return message


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("patches") / "classrooms.sqlite3", "voila-room-patches")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def page(server: Server, sockets: ExitStack, code: str, token: str) -> Page:
    opened = Page(sockets.enter_context(connect(f"ws://{server.url.split('://', 1)[1]}/cardlab/room/{code}/ws",
                                                open_timeout=20)))
    opened.send({"hello": token, "width": 1200, "presenter": False, "patches": True})
    opened.until(lambda message: "view" in message or "teacher" in message)
    return opened


def step(view: dict) -> int:
    return int(re.search(r"Step (\d+) of", re.sub(r"<[^>]+>", "", view["step"])).group(1))


@pytest.mark.slow
def test_patched_pages_play_a_hand_never_sent_a_hidden_card_and_hold_the_whole_view(
        server: Server, sockets: ExitStack) -> None:
    code, teacher_token = open_room(server.url)
    tokens = [join(server.url, code, name) for name in ("Ann", "Bo", "Cy", "Di")]
    pages = [page(server, sockets, code, token) for token in tokens]
    for learner in pages:
        learner.drain()
    seats = {learner.view["seat"]: learner for learner in pages}
    teacher = page(server, sockets, code, teacher_token)
    teacher.send({"open": 1})
    dealt = hands(teacher.until(lambda message: (message.get("teacher") or {}).get("open"))["teacher"]["open"]["svg"])
    assert all(len(cards) == 10 for cards in dealt.values()), dealt
    played: set[str] = set()
    checked = {seat: len(learner.raw) for seat, learner in seats.items()}
    for _ in range(40):
        now = step(seats["S"].view)
        actor = next(seat for seat, learner in seats.items() if LEGAL.search(learner.view["svg"]))
        card = LEGAL.search(seats[actor].view["svg"]).group(1)
        while True:      # faster than any class: the rate limit may ask the test to wait its turn
            seats[actor].send({"play": card})
            answer = seats[actor].until(lambda message: "refused" in message or "view" in message)
            if "Too many" not in answer.get("refused", ""):
                break
            time.sleep(1 / RATE)
        assert "refused" not in answer, answer
        played.add(card)
        for seat, learner in seats.items():
            if step(learner.view) != now + 1:
                learner.until(lambda message: "view" in message and step(message["view"]) == now + 1)
            hidden = set().union(*(dealt[other] for other in dealt if other != seat)) - played
            for message in learner.raw[checked[seat]:]:
                assert "view" not in message, "after its whole view, a page is sent patches"
                assert not hidden & seen_cards(json.dumps(message)), (seat, hidden & seen_cards(json.dumps(message)))
            checked[seat] = len(learner.raw)
    assert seats["S"].view["over"] and seats["S"].view["next"]
    patches = [len(json.dumps(message)) for learner in pages for message in learner.raw if "patch" in message]
    assert sum(patches) / len(patches) < len(json.dumps(pages[0].raw[0])) / 4, "a patch is a fraction of the view"

    for learner in [*pages, teacher]:
        learner.drain()
        held = learner.held
        learner.send({"full": True})
        assert learner.until(lambda message: "view" in message or "teacher" in message) == held
        assert learner.raw[-1] == held, "the page asked for its whole view: it is sent whole"
    learner = pages[0]
    learner.send({"full": 1})
    assert "not one the room understands" in learner.until(lambda message: "refused" in message)["refused"]

    again = page(server, sockets, code, tokens[0])
    assert "view" in again.raw[0] and again.raw[0]["view"]["svg"] == pages[0].view["svg"]


@pytest.mark.slow
def test_a_hello_with_patches_not_true_or_false_is_refused(server: Server, sockets: ExitStack) -> None:
    code, teacher_token = open_room(server.url)
    opened = Page(sockets.enter_context(connect(f"ws://{server.url.split('://', 1)[1]}/cardlab/room/{code}/ws",
                                                open_timeout=20)))
    opened.send({"hello": teacher_token, "patches": "yes"})
    assert "not one the room understands" in opened.until(lambda message: "refused" in message)["refused"]
