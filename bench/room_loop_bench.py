"""The room server's loop while computers play (issue 33, item 3): a probe GET's latency and a
class of learners' moves, with and without a duplicate round of expert computer tables beside
them, in the same run.  Numbers to read, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/room_loop_bench.py [--computer-tables 12] [--deals 8] [--tables 8]
        [--quiet-seconds 120] [--round-seconds 1200] [--probe-every 0.25] [--think 1,3] [--seed 33]

Why: the computer's decisions (an expert's search is some 0.15 s a card) once ran on the app
server's event loop, so a teacher starting a duplicate round with expert computers held every
page of the server for as long as the round took.  The goals: a probe GET's p99 at most 100 ms
while twelve expert computer tables play a duplicate round of eight deals, and the 32 learners'
p95 (a move -> every seat of its table showing it) at most 150 ms with that round beside them.

What runs: the real app server (``python -m cardlab.widgets.server``, a temporary store, no
preheated kernels; log in ``test-artifacts/bench-room-loop.log``), the workers it starts.  Two
rooms are opened through the teacher's form: *class* (``--tables`` tables of learners, at club
level, as :mod:`bench.room_bench` plays them: each learner thinks ``--think`` seconds and plays a
legal card) and *computers* (expert level).  A probe GETs the room's code page (``/cardlab/room``)
every ``--probe-every`` seconds from a thread of its own, timing each answer.

1. *quiet*: the class plays for ``--quiet-seconds``, the probe running.
2. *round*: the computers room's teacher adds ``--computer-tables`` tables of computers and starts a
   duplicate round of ``--deals`` deals; the class and the probe go on until the round is over (or
   ``--round-seconds`` have passed: then said).  Only the moves and probes made while the round
   was under way are counted here.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.room_bench import (Progress, Room, Tally, commit, connected, cpu_seconds, form_post,  # noqa: E402
                              join, play_stint, quantiles, rss_mb, seat_everyone, think_range)
from tests.servers import LOOPBACK, TEACHER_KEY, Server, free_port, voila_command  # noqa: E402

PROBE_GOAL_MS = 100
SEAT_GOAL_MS = 150
GAME = "tressette"


def open_room(base: str, label: str, level: str) -> Room:
    where = form_post(f"{base}/cardlab/rooms?key={TEACHER_KEY}", {"game": GAME, "level": level})
    found = re.fullmatch(r".*/cardlab/room/(\w{4}-\w{4})/teacher#(.+)", where)
    if found is None:
        raise ValueError(f"opening a room led to {where}")
    return Room(label, found.group(1), found.group(2))


class Probe:
    """GETs of a page from a thread of its own, each timed; ``phase`` labels the ones to come."""

    def __init__(self, url: str, every: float) -> None:
        self.url, self.every = url, every
        self.phase = ""
        self.times: dict[str, list[float]] = {}
        self.failed: dict[str, int] = {}
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stopped.is_set():
            phase = self.phase
            t0 = time.perf_counter()
            try:
                with urllib.request.urlopen(self.url, timeout=120) as answer:
                    answer.read()
                ms = (time.perf_counter() - t0) * 1000
                if phase and phase == self.phase:
                    self.times.setdefault(phase, []).append(ms)
            except OSError:
                if phase:
                    self.failed[phase] = self.failed.get(phase, 0) + 1
            self.stopped.wait(self.every)


def p99(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))], 1)


def round_state(teacher: Room) -> tuple[bool, int]:
    """Whether the computers room's round is under way, and its tables, from the teacher's last view."""
    assert teacher.teacher is not None
    for _, message in reversed(teacher.teacher.inbox):
        if "teacher" in message:
            return bool(message["teacher"]["round"]), len(message["teacher"]["tables"])
    return False, 0


async def class_plays(room: Room, progress: dict[int, Progress], args: argparse.Namespace, tally: Tally,
                      going: asyncio.Event) -> None:
    """The class plays stint after stint (a new hand after each) while ``going`` is set."""
    while going.is_set():
        await asyncio.gather(*(play_stint(room, table, progress[table], progress[table].hands + 1, args.stint,
                                          args.think, tally, args.timeout) for table in room.tables))


async def phase(label: str, room: Room, progress: dict[int, Progress], args: argparse.Namespace, probe: Probe,
                pid: int, until: asyncio.Future[None]) -> dict:
    tally = Tally()
    going = asyncio.Event()
    going.set()
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    probe.phase = label
    playing = asyncio.ensure_future(class_plays(room, progress, args, tally, going))
    await until
    probe.phase = ""
    going.clear()
    await playing
    seconds = time.perf_counter() - t0
    probes = probe.times.get(label, [])
    return {"seconds": round(seconds, 1), "probe ms": {**quantiles(probes), "p99": p99(probes)},
            "probe failures": probe.failed.get(label, 0), "every seat ms": quantiles(tally.seats_ms),
            "refused": tally.refused, "timeouts": tally.timeouts, "tables stuck": tally.stuck,
            "server process CPU %": round(100 * (cpu_seconds(pid) - cpu0) / seconds, 1),
            "server RSS MB": round(rss_mb(pid), 1)}


async def run(base: str, pid: int, args: argparse.Namespace, probe: Probe) -> dict:
    seats = 4
    room = open_room(base, "class", "club")
    computers = open_room(base, "computers", "expert")
    for number in range(args.tables * seats):
        token = join(base, room, f"learner {number + 1}")
        if token is not None:
            room.tokens.append(token)
    await seat_everyone(base, [room], 0, args.timeout)
    computers.teacher = await connected(base, computers.code, {"hello": computers.teacher_token}, args.timeout)
    print(f"class: {len(room.tokens)} seated, tables {sorted((n, len(c)) for n, c in room.tables.items())}",
          flush=True)
    progress = {table: Progress(random.Random(f"{args.seed}-{table}")) for table in room.tables}
    loop = asyncio.get_running_loop()
    quiet_over: asyncio.Future[None] = loop.create_future()
    loop.call_later(args.quiet_seconds, quiet_over.set_result, None)
    quiet = await phase("quiet", room, progress, args, probe, pid, quiet_over)
    print(f"  quiet: {json.dumps(quiet)}", flush=True)

    assert computers.teacher is not None
    for tables in range(1, args.computer_tables + 1):   # one at a time: the page's rate limit
        await computers.teacher.send({"computers": True})
        while round_state(computers)[1] < tables:
            await asyncio.sleep(0.25)
    started = time.perf_counter()
    await computers.teacher.send({"duplicate": args.deals})
    while not round_state(computers)[0]:
        await asyncio.sleep(0.05)
    print(f"  round under way after {time.perf_counter() - started:.2f} s", flush=True)
    round_over: asyncio.Future[None] = loop.create_future()

    async def watch() -> None:
        deadline = started + args.round_seconds
        while round_state(computers)[0] and time.perf_counter() < deadline:
            await asyncio.sleep(0.25)
        round_over.set_result(None)
    watching = asyncio.ensure_future(watch())
    beside = await phase("round", room, progress, args, probe, pid, round_over)
    await watching
    beside["round finished"] = not round_state(computers)[0]
    beside["round seconds"] = round(time.perf_counter() - started, 1)
    print(f"  round: {json.dumps(beside)}", flush=True)
    for client in [computers.teacher, room.teacher, *(c for s in room.tables.values() for c in s)]:
        if client is not None:
            await client.socket.close()
    return {"quiet": quiet, "round": beside}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--computer-tables", type=int, default=12, help="tables of expert computers in the round")
    ap.add_argument("--deals", type=int, default=8, help="deals of the duplicate round (2 to 8)")
    ap.add_argument("--tables", type=int, default=8, help="tables of learners (4 each) playing beside it")
    ap.add_argument("--quiet-seconds", type=float, default=120.0, help="seconds the class plays without the round")
    ap.add_argument("--round-seconds", type=float, default=1200.0, help="most seconds the round phase lasts")
    ap.add_argument("--probe-every", type=float, default=0.25, help="seconds between two probe GETs")
    ap.add_argument("--stint", type=int, default=4, help="actions at each table per stint")
    ap.add_argument("--think", type=think_range, default=(1.0, 3.0), help="a person's think time: LOW,HIGH seconds")
    ap.add_argument("--seed", default="33")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds a message may take before it is counted lost")
    args = ap.parse_args()
    print(f"room loop bench {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit()} (working tree), "
          f"{args.tables} learner tables, {args.computer_tables} expert tables x {args.deals} deals; "
          f"load average before: {os.getloadavg()}; cores: {os.cpu_count()}", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="cardlab-room-loop-bench-"))
    port = free_port()
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False",
                                  f"--Classrooms.path={folder / 'classrooms.sqlite3'}"]
    server = Server("bench-room-loop", argv, f"http://{LOOPBACK}:{port}", ready_path="/cardlab/room")
    probe = Probe(f"{server.url}/cardlab/room", args.probe_every)
    probe.thread.start()
    try:
        rows = asyncio.run(run(server.url, server.proc.pid, args, probe))
    finally:
        probe.stopped.set()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average after: {os.getloadavg()}")
    print(f"{'':34}{'quiet':>12}{'round':>12}")
    for name, cell in (("probe GET n", lambda r: r["probe ms"]["n"]), ("probe GET p50 ms", lambda r: r["probe ms"]["p50"]),
                       ("probe GET p99 ms", lambda r: r["probe ms"]["p99"]),
                       ("probe GET max ms", lambda r: r["probe ms"]["max"]),
                       ("learners' moves n", lambda r: r["every seat ms"]["n"]),
                       ("every seat p50 ms", lambda r: r["every seat ms"]["p50"]),
                       ("every seat p95 ms", lambda r: r["every seat ms"]["p95"]),
                       ("every seat max ms", lambda r: r["every seat ms"]["max"]),
                       ("refused / timeouts / stuck", lambda r: f"{r['refused']}/{r['timeouts']}/{r['tables stuck']}"),
                       ("server process CPU %", lambda r: r["server process CPU %"]),
                       ("seconds", lambda r: r["seconds"])):
        print(f"{name:34}" + "".join(f"{str(cell(rows[label])):>12}" for label in ("quiet", "round")))
    beside = rows["round"]
    probe_p99, seat_p95 = beside["probe ms"]["p99"], beside["every seat ms"]["p95"]
    met = (probe_p99 is not None and probe_p99 <= PROBE_GOAL_MS and seat_p95 is not None
           and seat_p95 <= SEAT_GOAL_MS and beside["round finished"])
    print(f"goal: probe p99 <= {PROBE_GOAL_MS} ms and every seat p95 <= {SEAT_GOAL_MS} ms during the round: "
          f"{probe_p99} ms, {seat_p95} ms, round {'finished' if beside['round finished'] else 'NOT finished'} "
          f"in {beside['round seconds']} s -> {'met' if met else 'NOT met'}")
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
