"""A class of simulated learners in one card room (issue 22), next to one table alone, in the same
run.  Numbers to read, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/room_bench.py [--tables 8] [--hands 2] [--think 1,3] [--seed 22]
        [--stint 8] [--game tressette] [--teacher-opens 1] [--timeout 10] [--profile FILE] [--whole-views]

Why: the room service answers every browser of a class from the app server's one process (no
kernel per learner), so a move at one table waits behind the moves of every other table.  The
issue's goal: a move -> every seat of its table showing it, p95 under 150 ms with 32 learners, and
no more than twice the figure of one table alone.

What runs: the real app server (``python -m cardlab.widgets.server``, the README's serve command,
on a free loopback port, its classrooms in a temporary SQLite file, no preheated kernels since a
room needs none; log in ``test-artifacts/bench-room.log``).  Two rooms are opened through the
teacher's form: *class* (``--tables`` × the game's seats learners) and *alone* (one table).  Every
learner joins through the name form (its ``_xsrf`` field and cookie) and connects its websocket
without a browser, saying hello with its seat token as a page does; each room's teacher connects
too and opens table ``--teacher-opens`` (0: the overview only), as a projector would.  Like
``room.js``, every page says it applies patches (``widgets/room_patch.py``): it is sent its whole view
once, then what changed, which it applies as it arrives (the arrival time is taken before);
``--whole-views`` has the pages say nothing, so that each message is a whole view, as before.

Each learner plays as a person would: when its view has legal cards (else a call it may make) it
thinks ``--think`` seconds (uniform, seeded) and plays one of them at random; when the hand is
over, the table's first learner deals the next.  The rooms take turns, ``--stint`` actions at
each of their tables a turn (class, alone, alone, class, ...: some 16 s each), so machine noise
falls on both alike.  For each action: the time from sending it until *every* seat of that table
has received its new view (the slowest seat), split by whether another action of the room was
still under way when it was sent, and until the teacher's websocket has received a view whose
row of that table changed.  A refusal or a message not arrived within ``--timeout`` seconds is
counted, never waited for longer; a table whose pages lose their connection stops, counted.  The server
process's CPU seconds, RSS and the time its threads waited for a core while ready to run (the
machine's load: ``schedstat``) come from ``/proc``; the bench's own CPU is printed beside them, as
its clients share the machine's cores with the server.

``--profile FILE`` runs the server under cProfile (its stats written to FILE when it stops) and
prints the server's CPU per action in the room service's steps: the times are then inflated by
the profiler, so measure without it.
"""
from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import pstats
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cardlab.games import GAMES  # noqa: E402
from tests.servers import LOOPBACK, REPO, TEACHER_KEY, Server, free_port, voila_command  # noqa: E402

XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')
LEGAL = re.compile(r'class="card legal" data-card="([^"]+)"')
WIDTH = 1366
"""The screen width each simulated page reports (the board's normal theme)."""
MOST_ACTIONS = 400
"""Actions in one hand at one table before the bench gives that table up (a Tressette hand has 40)."""
GOAL_MS = 150


# ----- the forms ----------------------------------------------------------------------------------

class KeepRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is the form's answer (its fragment carries the token): read it, do not follow it."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def form_post(url: str, data: dict[str, str]) -> str:
    """GET the form at ``url`` (its ``_xsrf`` cookie and field), POST ``data``: the redirect's
    Location, or ValueError with what the server said instead."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), KeepRedirect)
    with opener.open(url, timeout=30) as page:
        found = XSRF.search(page.read().decode())
    if found is None:
        raise ValueError(f"{url}: no _xsrf field in the form")
    try:
        with opener.open(url, urllib.parse.urlencode({"_xsrf": found.group(1), **data}).encode(),
                         timeout=30) as answer:
            raise ValueError(f"{url}: answered {answer.status} instead of a redirect")
    except urllib.error.HTTPError as e:
        if e.code in (301, 302, 303) and e.headers.get("Location"):
            return str(e.headers["Location"])
        raise ValueError(f"{url}: answered {e.code} instead of a redirect") from None


@dataclass
class Room:
    """A room opened through the teacher's form, its learners' tokens and everyone's sockets."""

    label: str
    code: str
    teacher_token: str
    tokens: list[str] = field(default_factory=list)
    teacher: Client | None = None
    tables: dict[int, list[Client]] = field(default_factory=dict)


def open_room(base: str, label: str, game: str) -> Room:
    where = form_post(f"{base}/cardlab/rooms?key={TEACHER_KEY}", {"game": game, "level": "club"})
    found = re.fullmatch(r".*/cardlab/room/(\w{4}-\w{4})/teacher#(.+)", where)
    if found is None:
        raise ValueError(f"opening a room led to {where}")
    return Room(label, found.group(1), found.group(2))


def join(base: str, room: Room, name: str) -> str | None:
    """A learner seated through the name form: their seat token, or None when refused."""
    try:
        where = form_post(f"{base}/cardlab/room/{room.code}", {"name": name})
    except (ValueError, OSError) as e:
        print(f"  {name} not seated: {e}")
        return None
    found = re.fullmatch(rf".*/cardlab/room/{room.code}/play#(.+)", where)
    return found.group(1) if found else None


# ----- the simulated pages ------------------------------------------------------------------------

@dataclass
class Client:
    """One page's websocket: every message with its arrival time (``perf_counter``), a patch as the
    whole view it makes (``{"view": …}`` or ``{"teacher": …}``)."""

    socket: ClientConnection
    inbox: list[tuple[float, dict]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    """The length of each message received, in characters of JSON."""
    held: dict = field(default_factory=dict)
    """The whole view the page holds: ``{"view": …}`` or ``{"teacher": …}``."""
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    listening: asyncio.Task | None = None
    """The task reading the socket (kept here: the loop holds its tasks only weakly)."""

    async def listen(self) -> None:
        try:
            async for raw in self.socket:
                at = time.perf_counter()
                message = self.whole(json.loads(raw))
                self.inbox.append((at, message))
                self.sizes.append(len(raw))
                self.arrived.set()
        except (ConnectionClosed, WebSocketException):
            pass
        self.closed = True
        self.arrived.set()

    def whole(self, message: dict) -> dict:
        """``message``, a patch made into the whole view it makes of the one held."""
        if "patch" in message:
            from cardlab.widgets.room_patch import view_patched  # the views' stack, only once a patch comes

            kind = "view" if "view" in self.held else "teacher"
            message = {kind: view_patched(self.held[kind], message["patch"], None if kind == "view" else "open")}
        if "view" in message or "teacher" in message:
            self.held = message
        return message

    async def send(self, message: dict) -> None:
        """Send ``message``; on a closed connection, nothing (the wait for its answer ends at once)."""
        try:
            await self.socket.send(json.dumps(message))
        except (ConnectionClosed, WebSocketException):
            self.closed = True
            self.arrived.set()

    async def first(self, since: int, test: Callable[[dict], bool], limit: float) -> float | None:
        """The arrival time of the first message from ``since`` on passing ``test`` (None: none
        within ``limit`` seconds, or the connection closed)."""
        deadline = time.perf_counter() + limit
        while True:
            for at, message in self.inbox[since:]:
                if test(message):
                    return at
            since = len(self.inbox)
            remaining = deadline - time.perf_counter()
            if self.closed or remaining <= 0:
                return None
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), remaining)
            except TimeoutError:
                return None

    @property
    def view(self) -> dict:
        return next((message["view"] for _, message in reversed(self.inbox) if "view" in message), {})


async def connected(base: str, code: str, hello: dict, limit: float, patches: bool) -> Client | None:
    url = base.replace("http://", "ws://") + f"/cardlab/room/{code}/ws"
    try:
        socket = await asyncio.wait_for(connect(url, max_size=2**24), limit)
    except (OSError, WebSocketException, TimeoutError) as e:
        print(f"  a page could not connect: {e}")
        return None
    client = Client(socket)
    client.listening = asyncio.get_running_loop().create_task(client.listen())
    await client.send({**hello, "width": WIDTH, "presenter": False, **({"patches": True} if patches else {})})
    return client


def teacher_row(client: Client, table: int) -> str:
    """The teacher's latest row of ``table`` (as JSON, to compare)."""
    for _, message in reversed(client.inbox):
        if "teacher" in message:
            return json.dumps(next((row for row in message["teacher"]["tables"] if row["number"] == table), None))
    return ""


def next_move(view: dict, rng: random.Random) -> dict | None:
    """What a person would send from this view: a legal card, else a call they may make."""
    legal = LEGAL.findall(view.get("svg", ""))
    if legal:
        return {"play": rng.choice(sorted(legal))}
    calls = [call["index"] for call in view.get("calls", []) if not call["disabled"]]
    return {"call": rng.choice(calls)} if calls else None


# ----- playing and measuring ----------------------------------------------------------------------

@dataclass
class Tally:
    """One room's measures over the run."""

    seats_ms: list[float] = field(default_factory=list)
    """Per action: send -> the last seat of the table received its new view."""
    overlapped: list[bool] = field(default_factory=list)
    """Per action of ``seats_ms``: sent while another action of the room awaited its seats' views."""
    in_flight: int = 0
    teacher_ms: list[float] = field(default_factory=list)
    refused: int = 0
    timeouts: int = 0
    teacher_timeouts: int = 0
    stuck: int = 0
    """Tables given up (no seat could move and nothing arrived, or a page's connection closed)."""
    seconds: float = 0.0
    cpu: float = 0.0
    """Server CPU seconds while this room played."""
    waited: float = 0.0
    """Seconds the server's threads were ready to run but waited for a core (the machine's load)."""
    bench_cpu: float = 0.0
    rss_mb: float = 0.0
    refusals: dict[str, int] = field(default_factory=dict)


async def measured(action: dict, actor: Client, seats: list[Client], teacher: Client | None, table: int,
                   tally: Tally, limit: float) -> bool:
    """Send ``action`` and wait (within ``limit``) for every seat's view and the teacher's row;
    False when the action was refused."""
    marks = [len(client.inbox) for client in seats]
    teacher_mark = len(teacher.inbox) if teacher else 0
    row_before = teacher_row(teacher, table) if teacher else ""
    overlapped, tally.in_flight = tally.in_flight > 0, tally.in_flight + 1
    try:
        t0 = time.perf_counter()
        await actor.send(action)
        mark = marks[seats.index(actor)]
        answered = await actor.first(mark, lambda m: "view" in m or "refused" in m, limit)
        refusal = next((m["refused"] for _, m in actor.inbox[mark:] if "refused" in m), None)
        if refusal is not None:
            tally.refused += 1
            tally.refusals[refusal] = tally.refusals.get(refusal, 0) + 1
            return False
        arrivals = [answered] + [await client.first(since, lambda m: "view" in m, limit)
                                 for client, since in zip(seats, marks) if client is not actor]
    finally:
        tally.in_flight -= 1
    if any(at is None for at in arrivals):
        tally.timeouts += 1
    else:
        tally.seats_ms.append((max(at for at in arrivals if at is not None) - t0) * 1000)
        tally.overlapped.append(overlapped)
    if teacher is not None:
        changed = await teacher.first(teacher_mark, lambda m: "teacher" in m and json.dumps(next(
            (row for row in m["teacher"]["tables"] if row["number"] == table), None)) != row_before, limit)
        if changed is None:
            tally.teacher_timeouts += 1
        else:
            tally.teacher_ms.append((changed - t0) * 1000)
    return True


@dataclass
class Progress:
    """Where one table is in the run: its hands played, and its learners' choices and think times (seeded)."""

    rng: random.Random
    hands: int = 0
    counted: bool = False
    """The hand over now has been counted in ``hands``."""
    actions: int = 0


async def play_stint(room: Room, table: int, progress: Progress, hands: int, count: int,
                     think: tuple[float, float], tally: Tally, limit: float) -> None:
    """Up to ``count`` actions at ``table``, each seat moving at a person's pace; a hand over is
    dealt again by the table's first learner until ``hands`` hands are played."""
    seats, rng = room.tables[table], progress.rng
    for _ in range(count):
        if any(client.closed for client in seats):
            tally.stuck += 1
            progress.hands = hands
            return
        over = all(client.view.get("next") for client in seats)
        if over and not progress.counted:
            progress.hands, progress.counted = progress.hands + 1, True
        if progress.hands >= hands:
            return
        if progress.actions >= hands * MOST_ACTIONS:
            tally.stuck += 1
            progress.hands = hands
            return
        actor, action = (seats[0], {"next": True}) if over else next(
            ((client, move) for client, move in ((c, next_move(c.view, rng)) for c in seats) if move is not None),
            (None, None))
        if actor is None or action is None:
            marks = [len(client.inbox) for client in seats]
            news = await asyncio.gather(*(client.first(since, lambda m: True, limit)
                                          for client, since in zip(seats, marks)))
            if all(at is None for at in news):
                tally.stuck += 1
                progress.hands = hands
                return
            continue
        await asyncio.sleep(rng.uniform(*think))
        progress.actions += 1
        if await measured(action, actor, seats, room.teacher, table, tally, limit) and over:
            progress.counted = False


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (``/proc/<pid>/stat``)."""
    after_name = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """Seconds the threads of process ``pid`` have waited, runnable, for a core
    (``/proc/<pid>/task/*/schedstat``, its second field)."""
    waited = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            waited += int((task / "schedstat").read_text().split()[1])
        except (FileNotFoundError, ProcessLookupError, IndexError):  # a thread that ended meanwhile
            pass
    return waited / 1e9


def rss_mb(pid: int, key: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


async def play_round(room: Room, progress: dict[int, Progress], hands: int, count: int,
                     think: tuple[float, float], tally: Tally, limit: float, pid: int) -> None:
    """A stint of ``count`` actions at every table of ``room`` at once, with the server's CPU and
    memory over it."""
    cpu0, waited0, bench0, t0 = cpu_seconds(pid), run_queue_seconds(pid), time.process_time(), time.perf_counter()
    await asyncio.gather(*(play_stint(room, table, progress[table], hands, count, think, tally, limit)
                           for table in room.tables))
    tally.seconds += time.perf_counter() - t0
    tally.cpu += cpu_seconds(pid) - cpu0
    tally.waited += run_queue_seconds(pid) - waited0
    tally.bench_cpu += time.process_time() - bench0
    tally.rss_mb = max(tally.rss_mb, rss_mb(pid))


async def seat_everyone(base: str, rooms: list[Room], opens: int, limit: float, patches: bool) -> None:
    """Every learner's and teacher's page connected, each learner's first view received."""
    for room in rooms:
        room.teacher = await connected(base, room.code, {"hello": room.teacher_token}, limit, patches)
        for token in room.tokens:
            client = await connected(base, room.code, {"hello": token}, limit, patches)
            if client is None:
                continue
            if await client.first(0, lambda m: "view" in m or "refused" in m, limit) is None or not client.view:
                print(f"  a learner of {room.label} got no view: {client.inbox[-1:]}")
                continue
            room.tables.setdefault(client.view["table"], []).append(client)
        if room.teacher is not None and opens:
            await room.teacher.send({"open": opens})
    await asyncio.sleep(1)  # the hellos' views to everyone have arrived before anything is timed


def quantiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"n": len(values), "p50": round(statistics.median(ordered), 1), "p95": round(p95, 1),
            "max": round(ordered[-1], 1)}


def mean_kb(clients: list[Client]) -> float | None:
    sizes = [size for client in clients for size in client.sizes]
    return round(statistics.mean(sizes) / 1000, 1) if sizes else None


def report(tallies: dict[str, Tally], rooms: dict[str, Room]) -> dict:
    rows: dict[str, dict] = {}
    for label, tally in tallies.items():
        actions = len(tally.seats_ms) + tally.refused + tally.timeouts
        learners = [client for seats in rooms[label].tables.values() for client in seats]
        teacher = rooms[label].teacher
        rows[label] = {
            "learners": sum(len(seats) for seats in rooms[label].tables.values()),
            "tables": len(rooms[label].tables),
            "every seat ms": quantiles(tally.seats_ms),
            "every seat ms, sent while another action was under way": quantiles(
                [ms for ms, overlapped in zip(tally.seats_ms, tally.overlapped) if overlapped]),
            "every seat ms, the only action under way": quantiles(
                [ms for ms, overlapped in zip(tally.seats_ms, tally.overlapped) if not overlapped]),
            "teacher ms": quantiles(tally.teacher_ms),
            "refused": tally.refused, "timeouts": tally.timeouts, "teacher timeouts": tally.teacher_timeouts,
            "tables stuck": tally.stuck, "actions/s": round(actions / tally.seconds, 2) if tally.seconds else None,
            "server CPU %": round(100 * tally.cpu / tally.seconds, 1) if tally.seconds else None,
            "server CPU ms/action": round(1000 * tally.cpu / actions, 2) if actions else None,
            "server waited ms/action": round(1000 * tally.waited / actions, 2) if actions else None,
            "bench CPU %": round(100 * tally.bench_cpu / tally.seconds, 1) if tally.seconds else None,
            "server RSS MB (max)": round(tally.rss_mb, 1),
            "learner message kB": mean_kb(learners), "teacher message kB": mean_kb([teacher] if teacher else []),
            "refusals": tally.refusals}
    return rows


def print_table(rows: dict[str, dict]) -> None:
    labels = list(rows)
    lines = [("learners / tables", lambda r: f"{r['learners']} / {r['tables']}")]
    for measure in ("every seat ms", "teacher ms"):
        for q in ("n", "p50", "p95", "max"):
            lines.append((f"{measure} {q}", lambda r, m=measure, q=q: str(r[m][q])))
    for measure, short in (("every seat ms, sent while another action was under way", "seat ms, overlapped"),
                           ("every seat ms, the only action under way", "seat ms, one at a time")):
        for q in ("n", "p50", "p95"):
            lines.append((f"{short} {q}", lambda r, m=measure, q=q: str(r[m][q])))
    for key in ("refused", "timeouts", "teacher timeouts", "tables stuck", "actions/s", "server CPU %",
                "server CPU ms/action", "server waited ms/action", "bench CPU %", "server RSS MB (max)",
                "learner message kB", "teacher message kB"):
        lines.append((key, lambda r, k=key: str(r[k])))
    print(f"{'':24}" + "".join(f"{label:>14}" for label in labels))
    for name, cell in lines:
        print(f"{name:24}" + "".join(f"{cell(rows[label]):>14}" for label in labels))
    seats = [rows[label]["every seat ms"]["p95"] for label in labels]
    if len(labels) == 2 and None not in seats:
        ratio = seats[0] / seats[1] if seats[1] else float("inf")
        lost = sum(rows[label][key] for label in labels for key in ("refused", "timeouts", "tables stuck"))
        met = seats[0] < GOAL_MS and ratio <= 2 and not lost
        print(f"goal: p95 under {GOAL_MS} ms and at most 2 x one table: {seats[0]} ms, "
              f"x{ratio:.2f} -> {'met' if met else 'NOT met'}"
              + (f" ({lost} actions refused or lost, or tables given up)" if lost else ""))


PROFILED = ("on_message", "learn", "act", "_save", "save", "record", "send_view", "seat_view", "teacher_view",
            "overview", "table_view", "board", "table_svg", "sitters", "catch_up", "view", "dumps",
            "write_message")
"""The room service's steps whose CPU the profile prints (by function name, across modules)."""


def profile_summary(path: Path, actions: int) -> None:
    """Server CPU ms per action in each step of :data:`PROFILED` (cumulative: a step includes the
    steps it calls), from the cProfile stats at ``path``."""
    found: dict[str, list[tuple[float, int, str]]] = {}
    for (filename, line, name), (_, calls, _, cumulative, _) in pstats.Stats(str(path)).stats.items():
        if name in PROFILED and ("cardlab" in filename or "widgets" in filename or name in ("dumps", "write_message")):
            found.setdefault(name, []).append((cumulative, calls, f"{Path(filename).name}:{line}"))
    print(f"server CPU per action under cProfile ({actions} actions measured; cumulative ms, calls per action):")
    for name in PROFILED:
        for cumulative, calls, where in sorted(found.get(name, []), reverse=True)[:2]:
            print(f"  {name:14} {1000 * cumulative / actions:8.2f} ms {calls / actions:8.1f}  {where}")


def commit() -> str:
    found = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


async def run(base: str, pid: int, args: argparse.Namespace) -> dict:
    seats = len(GAMES[args.game].seats)
    rooms = {"class": open_room(base, "class", args.game), "alone": open_room(base, "alone", args.game)}
    for label, tables in (("class", args.tables), ("alone", 1)):
        room = rooms[label]
        for number in range(tables * seats):
            token = join(base, room, f"{label} {number + 1}")
            if token is not None:
                room.tokens.append(token)
    await seat_everyone(base, list(rooms.values()), args.teacher_opens, args.timeout, not args.whole_views)
    for room in rooms.values():
        print(f"{room.label}: room {room.code}, {len(room.tokens)} seated, "
              f"tables {sorted((n, len(c)) for n, c in room.tables.items())}", flush=True)
    tallies = {label: Tally() for label in rooms}
    progress = {label: {table: Progress(random.Random(f"{args.seed}-{label}-{table}")) for table in room.tables}
                for label, room in rooms.items()}
    turn = 0
    while any(table.hands < args.hands for tables in progress.values() for table in tables.values()):
        for label in ("class", "alone") if turn % 2 == 0 else ("alone", "class"):
            await play_round(rooms[label], progress[label], args.hands, args.stint, args.think, tallies[label],
                             args.timeout, pid)
        turn += 1
        if turn % 5 == 0:
            played = {label: min(table.hands for table in tables.values()) for label, tables in progress.items()}
            print(f"  {time.strftime('%H:%M:%S')} turn {turn}: hands played {played}, "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
    for room in rooms.values():
        for client in [room.teacher, *(c for seats in room.tables.values() for c in seats)]:
            if client is not None:
                await client.socket.close()
    return report(tallies, rooms)


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    return float(low), float(high or low)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=8, help="tables of the class room (each full of learners)")
    ap.add_argument("--hands", type=int, default=2, help="hands each table plays")
    ap.add_argument("--stint", type=int, default=8, help="actions at each table before the other room's turn")
    ap.add_argument("--think", type=think_range, default=(1.0, 3.0), help="a person's think time: LOW,HIGH seconds")
    ap.add_argument("--seed", default="22")
    ap.add_argument("--game", default="tressette", choices=sorted(GAMES))
    ap.add_argument("--teacher-opens", type=int, default=1, help="the table the teacher opens (0: overview only)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a message may take before it is counted lost")
    ap.add_argument("--profile", type=Path, help="run the server under cProfile, its stats to this file")
    ap.add_argument("--whole-views", action="store_true",
                    help="pages that apply no patches: every message a whole view (as before issue 36)")
    args = ap.parse_args()
    print(f"room bench {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit()} (working tree), "
          f"{args.tables} tables, {args.hands} hands, think {args.think} s, seed {args.seed}, "
          f"{'whole views' if args.whole_views else 'patches'}; "
          f"load average before: {os.getloadavg()}; cores: {os.cpu_count()}", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="cardlab-room-bench-"))
    port = free_port()
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False",
                                  f"--Classrooms.path={folder / 'classrooms.sqlite3'}"]
    if args.profile:
        argv[1:1] = ["-m", "cProfile", "-o", str(args.profile.resolve())]
    server = Server("bench-room", argv, f"http://{LOOPBACK}:{port}", ready_path="/cardlab/room")
    try:
        rss_idle = rss_mb(server.proc.pid)
        try:
            rows = asyncio.run(run(server.url, server.proc.pid, args))
        except (ValueError, OSError) as e:
            sys.exit(f"The room could not be opened: {e}")
        rows["server"] = {"RSS MB idle": round(rss_idle, 1), "RSS MB peak": round(rss_mb(server.proc.pid, "VmHWM"), 1)}
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average after: {os.getloadavg()}")
    print_table({label: row for label, row in rows.items() if label != "server"})
    print(json.dumps(rows, indent=1))
    if args.profile:
        profile_summary(args.profile, sum(row["every seat ms"]["n"] + row["refused"] + row["timeouts"]
                                          for label, row in rows.items() if label != "server"))


if __name__ == "__main__":
    main()
