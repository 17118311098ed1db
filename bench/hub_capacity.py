"""How many rooms of 32 learners one room service holds (deploy/README.md, "A school's JupyterHub").
Numbers to read, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/hub_capacity.py [--rooms 1 4 8] [--seconds 30] [--pace 1.5]

For each count of rooms a fresh server process serves the classroom's own routes
(:func:`cardlab.widgets.classroom.handlers`, as ``python -m cardlab.widgets.hub_service`` does, minus
the hub's login, which costs one call to the hub per new connection and nothing per message), with
that many Tressette rooms open and 32 learners seated in each (8 tables of 4, by the engine, as the
join form seats them).  Then every learner connects a websocket of its own, says hello with its seat's
token and, whenever its view offers a playable card, plays one after ``--pace`` seconds (a person's
pace, varied by ±50 %), for ``--seconds``.  Reported: the server's resident memory before the
learners connect and at the end, its CPU in that time (percent of one core), the cards played by
learners and the refusals they got; once, the engine's
limit on rooms per server (``Limits.rooms``) and the memory of a process that has imported
``cardlab.widgets.hub_service`` (JupyterHub's client included).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import tornado.httpclient
import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.servers import LOOPBACK, free_port  # noqa: E402

CLASS = 32
PLAYABLE = re.compile(r'class="card legal[^"]*" data-card="([^"]+)" data-hand=')


def serve(port: int, rooms: int, folder: Path) -> None:
    """The server process: ``rooms`` rooms of :data:`CLASS` seated learners, their tokens on stdout."""
    from cardlab.widgets import classroom

    service = classroom.Classrooms(path=str(folder / "classrooms.sqlite3"))
    settings = {"base_url": "/", "cookie_secret": secrets.token_bytes(32), classroom.SETTING: service}

    async def main() -> None:
        HTTPServer(tornado.web.Application(classroom.handlers("/"), **settings)).listen(port, LOOPBACK)
        seats = {}
        for _ in range(rooms):
            room = service.rooms.open("tressette", {}, "club", time.time())
            seats[room.shown_code] = [room.join(f"learner {n}", time.time()).token for n in range(CLASS)]
        print(json.dumps(seats), flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


async def learner(url: str, token: str, until: float, pace: float, played: list[int], refused: list[str]) -> None:
    request = tornado.httpclient.HTTPRequest(url, connect_timeout=120, request_timeout=120)
    socket = await tornado.websocket.websocket_connect(request, max_message_size=64 << 20)
    await socket.write_message(json.dumps({"hello": token, "width": 1366}))
    waiting: asyncio.Task | None = None

    async def play(card: str) -> None:
        await asyncio.sleep(pace * random.uniform(0.5, 1.5))
        await socket.write_message(json.dumps({"play": card}))
        played.append(1)

    while time.monotonic() < until:
        try:
            message = await asyncio.wait_for(socket.read_message(), until - time.monotonic())
        except asyncio.TimeoutError:
            break
        if message is None:
            break
        data = json.loads(message)
        if "refused" in data:
            refused.append(data["refused"])
        view = data.get("view")
        cards = PLAYABLE.findall(view["svg"]) if view else []
        if cards and (waiting is None or waiting.done()):
            waiting = asyncio.create_task(play(random.choice(cards)))
    if waiting is not None:
        waiting.cancel()
    socket.close()


def measure(rooms: int, seconds: float, pace: float) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), str(rooms), folder],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            seats = json.loads(server.stdout.readline())
            process = psutil.Process(server.pid)
            before_mb = process.memory_info().rss / 2**20
            cpu0, t0 = sum(process.cpu_times()[:2]), time.monotonic()
            played: list[int] = []
            refused: list[str] = []

            async def everyone() -> None:
                until = time.monotonic() + seconds
                await asyncio.gather(*(learner(f"ws://{LOOPBACK}:{port}/cardlab/room/{code}/ws", token,
                                               until, pace, played, refused)
                                       for code, tokens in seats.items() for token in tokens))

            asyncio.run(everyone())
            cpu = (sum(process.cpu_times()[:2]) - cpu0) / (time.monotonic() - t0) * 100
            return {"rooms": rooms, "learners": rooms * CLASS, "rss_before_mb": round(before_mb),
                    "rss_after_mb": round(process.memory_info().rss / 2**20), "cpu_percent": round(cpu, 1),
                    "cards_played": len(played), "refused": len(refused)}
        finally:
            server.terminate()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=1.5)
    parser.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), int(args.serve[1]), Path(args.serve[2]))
        return
    from cardlab.classroom import Limits

    idle = subprocess.run([sys.executable, "-c", "import cardlab.widgets.hub_service, psutil; "
                           "print(psutil.Process().memory_info().rss)"], capture_output=True, text=True, check=True)
    print(json.dumps({"rooms_per_server_limit": Limits.rooms, "load": psutil.getloadavg(),
                      "hub_service_imported_mb": round(int(idle.stdout) / 2**20)}))
    for rooms in args.rooms:
        print(json.dumps(measure(rooms, args.seconds, args.pace)), flush=True)


if __name__ == "__main__":
    main()
