"""The classroom's server side (issue 22): the teacher's and the learners' pages and the websocket
that carries their play, in the app server's own process: a room costs no kernel.

Why here: Voilà gives every visitor a kernel of their own, so learners cannot share a table through
a lesson page.  The engine (:mod:`cardlab.classroom`) is the one authority; this module only
carries messages between it and the browsers, checks each message before the engine sees it (size,
JSON shape, rate, the token's room) and sends each browser its own seat's view, never another's.

Routes (under the server's base URL):

- ``GET /cardlab/rooms`` the teacher's form (game, rule options, computer level);
  ``POST /cardlab/rooms`` opens a room and redirects to ``/cardlab/room/<CODE>/teacher#<token>``.
  On a server with a teacher's key (:mod:`cardlab.widgets.teacher_key`: the app server, Binder) both
  need it (``?key=``, the form's ``key`` field or its cookie); without it, one sentence and no room.
- ``POST /cardlab/room/<CODE>/teacher`` with the teacher's token in the form: "Close the room".
- ``GET /cardlab/room`` a learner types the code; ``GET /cardlab/room/<CODE>`` asks a name;
  ``POST /cardlab/room/<CODE>`` seats them and redirects to ``/cardlab/room/<CODE>/play#<token>``.
- ``/cardlab/room/<CODE>/ws`` the websocket; its first message is ``{"hello": token}``.
- ``/cardlab/room.js`` and ``/cardlab/room.css`` the pages' browser code (``room.js`` with the
  lesson board's module inlined, :func:`cardlab.widgets.front.esm`).

Messages after the hello: a learner's ``play``, ``call``, ``next`` and ``answer`` (the poll); the
teacher's ``pause``, ``resume``, ``take_back``, ``move``, ``open``, ``next``, ``show`` (a table or a
scenario to every screen), ``step``, ``hide``, ``ask``, ``reveal``, ``close_poll``, ``duplicate``
(a round of 2 to 8 deals) and ``computers`` (a table of computers).

Tokens travel only in the address's fragment (never in a query string, so never in a log line or
a Referer) and in the hello.  Every refusal is one sentence in ``{"refused": …}`` and changes
nothing.  A link has one page at a seat (a teacher's, ``Classrooms.teacher_pages``): the newest
wins, the older is sent ``{"closed": sentence}`` and closed.  A socket that says no hello in
``Classrooms.hello_seconds``, or one past ``Classrooms.most_sockets``, is refused and closed.  Views
are drawn once per change (``Classrooms.push`` marks the pages, the loop's next turn draws each
once; a picture is drawn again only when its scene changed), screen sizes once they settle.  A page
whose hello says ``"patches": true`` (``room.js``) is sent its whole view once, then ``{"patch": …}``
with only what changed (:mod:`.room_patch`); its ``{"full": true}`` asks for the whole view again.
Teachers' pages are sent ``{"misses": sentence}``, the server's wrong codes of the last hour.  The
pages are files beside this module (``room.html`` and ``room-*.html``), filled with text escaped by
:mod:`cardlab.widgets.html`.
"""
from __future__ import annotations

import asyncio
import functools
import ipaddress
import itertools
import json
import os
import re
import resource
import secrets
import string
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import Field, dataclass, field, fields, replace
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path
from socket import SHUT_WR
from typing import Any, Callable, Sequence

import segno
import tornado.httputil
import tornado.iostream
import tornado.web
import tornado.websocket
from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Float, Int, Unicode
from traitlets.config import LoggingConfigurable

from cardlab import classroom as engine
from cardlab import i18n
from cardlab.classroom_duplicate import DuplicateView
from cardlab.classroom_poll import EXPERT
from cardlab.classroom_store import ClassroomStore
from cardlab.games import GAMES
from cardlab.i18n import N_, _, ngettext
from cardlab.players import LEVELS
from cardlab.computer import decide
from cardlab.render.panels import PANEL_CSS, breakdown_html, match_html, points_html
from cardlab.render.scene import TableScene
from cardlab.render.table import table_svg
from cardlab.scenario import Scenario, ScenarioError, builtin, builtin_names, loads
from cardlab.session import Frame, SeatView

from . import html, room_words, teacher_key
from .address import decode
from .boardbox import NARROW
from .front import FRONT, esm
from .room_patch import plain_ids, view_patch

SETTING = "cardlab_classrooms"
"""The key of the :class:`Classrooms` service in the Tornado application's settings."""
CODE = r"([A-Za-z0-9-]{1,12})"
HELLO = {"hello", "width", "presenter", "patches"}
"""A page's hello: its token, its screen, and whether it applies patches (:mod:`.room_patch`)."""
SCREEN = {"width", "presenter"}
"""A browser's screen: its width in pixels and presenter mode choose the board's theme."""
LEARNER_KEYS = {"play": {"play"}, "call": {"call"}, "next": {"next"}, "answer": {"answer"}, "full": {"full"}}
TEACHER_KEYS = {"full": {"full"}, "pause": {"pause"}, "resume": {"resume"}, "take_back": {"take_back"},
                "move": {"move"}, "open": {"open"}, "next": {"next"},
                "show": {"show"}, "step": {"step"}, "hide": {"hide"}, "ask": {"ask"}, "reveal": {"reveal"},
                "close_poll": {"close_poll"}, "duplicate": {"duplicate"}, "computers": {"computers"}}
ROUND_DEALS = range(2, 9)
"""The deals of a duplicate round the teacher's page offers."""
NOT_A_CODE = N_("A room's code has 8 letters and digits, such as K7QF-2M9X: check it with your teacher.")
BAD_SHAPE = N_("That message is not one the room understands.")
NOT_SEATED = N_("Say hello with your seat's link first.")
BAD_TOKEN = N_("This link is not a seat in this room: ask your teacher for the room's code.")
TOO_BIG = N_("That message is too long for the room.")
SHOW_SHAPE = N_("Show a table by its number and a seat, or a scenario, its name or a table link, and a seat.")
ROUND_SHAPE = N_("A duplicate round here is {least} to {most} deals: choose how many in the list.")
NEWER_PAGE = N_("This link is open in a newer page now, so this page has stopped: reload it to use it here.")
NO_HELLO = N_("This page did not say hello to the room in time: reload it.")
TOO_MANY_SOCKETS = N_("The server has too many pages connected right now: reload this page in a minute.")
TOO_MANY_CONNECTIONS = N_("The server has too many connections right now: try again in a minute.")
SCREEN_SECONDS = 0.25
"""A page's screen sizes within this long are drawn once, in the last size (a window being resized)."""
PICTURES = 16
"""The pictures of shown tables and polls the server keeps, to draw each once for the whole class."""
CLIENT_COOKIE = "cardlab_room_page"
"""The cookie that names a browser to the room's count of wrong codes (never its address)."""
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
NEEDS_KEY = N_("Opening a room on this server needs its teacher's key: open the teacher's link the server "
               "printed when it started (it ends in ?key=…).")
IDLE_CLOSED = N_("This room was closed: nobody used it for a day.")
TEACHER_CLOSED = N_("Your teacher has closed this room.")
NOT_THE_TEACHER = N_("This page is not this room's teacher's page: nothing was closed.")
ROOM_CLOSED = N_("The room is closed, and its learners' pages say so. Open another from the teachers' form.")


def ready_worker() -> None:
    """A worker process, before its first decision: every level's player loaded once."""
    from cardlab.players import get_player
    for level in LEVELS:
        get_player(level)


def misses_sentence(count: int) -> str:
    """The server's wrong codes of the last hour, for the teachers' pages (nothing when none)."""
    if not count:
        return ""
    return html.escape(ngettext("{count} wrong code was tried on this server in the last hour.",
                                "{count} wrong codes were tried on this server in the last hour.",
                                count).format(count=count))


def open_files() -> int:
    """The files (and so sockets) this process may have open at once."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 65536


def _page_file(name: str) -> string.Template:
    return string.Template((FRONT / name).read_text(encoding="utf-8"))


PAGE = _page_file("room.html")


def page(base: str, title: str, kind: str, body: str, code: str = "") -> str:
    """A whole room page in the current language: the shell of ``room.html`` around ``body``
    (already escaped HTML), with the words ``room.js`` shows."""
    return PAGE.substitute(base=html.escape(base.rstrip("/")), title=html.escape(title), page=kind,
                           code=html.escape(code), body=body, lang=i18n.language(),
                           words=room_words.script_words())


def body(kind: str, **values: str) -> str:
    """The body file ``room-<kind>.html`` with its words in the current language and ``values``
    (already escaped HTML) in its other slots."""
    return _page_file(f"room-{kind}.html").substitute(room_words.page_words(kind), **values)


def qr_svg(link: str) -> str:
    """The room's link as a QR code, an SVG drawn on the server (segno: no script, no other host)."""
    return segno.make(link, error="m").svg_inline(scale=5, border=2, dark="#111", light="#fff",
                                                 title=_("QR code: {link}").format(link=link), omitsize=True)


def game_title(game: str) -> str:
    rules = GAMES.get(game)
    return str(getattr(rules, "title", game)) if rules else game


@lru_cache(maxsize=None)
def scenario_choices(game: str) -> tuple[tuple[str, str], ...]:
    """The shipped scenarios of ``game``: each name with its English title (said in the room's language
    where the list is made), for the teacher's list."""
    return tuple((name, builtin(name).title or name) for name in builtin_names(game))


def read_shown(text: str, game: str) -> tuple[Scenario, int]:
    """A scenario the teacher named, pasted (its JSON) or linked (a lesson table's address), with
    the step to show it at (a link's own step; the last step of a scenario, where its question
    is); ScenarioError with a sentence for anything else."""
    text = text.strip()
    if text.startswith("{"):
        scenario = loads(text)
        return scenario, len(scenario.actions) + 1
    if text in builtin_names(game):
        scenario = builtin(text)
        return scenario, len(scenario.actions) + 1
    fragment = text.split("#", 1)[1] if "#" in text else text
    values = [part.split("=", 1)[-1] for part in fragment.split("&")]
    scenario, step = decode(next((value for value in values if value.startswith("z")), values[0]))
    return scenario, step + 1


def duplicate_html(view: DuplicateView) -> str:
    """The duplicate round's sheet: the status, deal by deal how each table did in the game's
    units and its matchpoints, and the class ranking; every text escaped."""
    parts = [f'<p class="room-duplicate-status">{html.escape(view.status)}</p>']
    cards, scored, matchpoints = html.escape(_("Cards")), html.escape(_("Score")), html.escape(_("Matchpoints"))
    if view.rows:
        lines = []
        for row in view.rows:
            for result in row.tables:
                held = ", ".join(_("{side} holds {origin}").format(side=side, origin=origin) if side != origin
                                 else _("{side} as dealt").format(side=side) for side, origin in result.held.items())
                score = (_("not played yet") if result.score is None
                         else ", ".join(f"{side} {value}" for side, value in result.score.items()))
                points = ("" if result.matchpoints is None
                          else ", ".join(f"{side} {value}" for side, value in result.matchpoints.items()))
                deal = _("Deal {number}").format(number=row.number)
                table = _("Table {number}").format(number=result.table)
                lines.append(f'<tr data-deal="{row.number}" data-table="{result.table}"><th>{html.escape(deal)}</th>'
                             f'<td>{html.escape(table)}</td><td data-label="{cards}">{html.escape(held)}</td>'
                             f'<td data-label="{scored}">{html.escape(score)}</td>'
                             f'<td data-label="{matchpoints}">{html.escape(points)}</td></tr>')
        caption = html.escape(_("Deal by deal, in {units}").format(units=view.units))
        deal_head, table_head = html.escape(_("Deal")), html.escape(_("Table"))
        parts.append(f'<table class="room-tables room-sheet"><caption>{caption}</caption><thead><tr>'
                     f"<th>{deal_head}</th><th>{table_head}</th><th>{cards}</th>"
                     f"<th>{scored}</th><th>{matchpoints}</th></tr></thead><tbody>{''.join(lines)}</tbody></table>")
    if view.ranking:
        ranked = "".join(f"<li>{html.escape(standing.sentence)}</li>" for standing in view.ranking)
        heading = html.escape(_("Class ranking"))
        parts.append(f'<h3>{heading}</h3><ul class="room-ranking" id="room-ranking">{ranked}</ul>')
    return "".join(parts)


# ----- the teacher's form ------------------------------------------------------------------------

def _option_label(option: Field) -> str:
    """An option's label in the current language (the games mark their labels with the context "option")."""
    label: str = option.metadata["label"]
    return i18n.pgettext("option", label)


def _select_options(values: list[tuple[str, str]], chosen: str) -> str:
    return "".join(f'<option value="{html.escape(value)}"{" selected" if value == chosen else ""}>'
                   f"{html.escape(label)}</option>" for value, label in values)


def option_fields(game: str) -> str:
    """The rule options of ``game`` as labelled selects named ``<game>.<option>``, valued by index."""
    rows = []
    for option in fields(GAMES[game].Options):
        choices = option.metadata["choices"]
        name = f"{game}.{option.name}"
        values = [(str(i), room_words.choice_label(option, c)) for i, c in enumerate(choices)]
        label = _option_label(option)
        rows.append(f'<p><label for="{html.escape(name)}">{html.escape(label)}</label> '
                    f'<select name="{html.escape(name)}" id="{html.escape(name)}">'
                    f"{_select_options(values, str(choices.index(option.default)))}</select></p>")
    legend = html.escape(_("Rules of {game}").format(game=game_title(game)))
    return (f'<fieldset class="room-options" data-game="{html.escape(game)}">'
            f"<legend>{legend}</legend>{''.join(rows)}</fieldset>")


def chosen_options(game: str, form: Callable[[str], str | None]) -> dict[str, object]:
    """The options a teacher chose for ``game`` (each by its index in the choices); ValueError
    with a sentence for one that is not a choice."""
    chosen: dict[str, object] = {}
    for option in fields(GAMES[game].Options):
        given = form(f"{game}.{option.name}")
        if given is None:
            continue
        choices = option.metadata["choices"]
        if not given.isdigit() or int(given) >= len(choices):
            raise ValueError(_("That is not a choice for {option}.").format(
                option=_option_label(option)))
        if choices[int(given)] != option.default:
            chosen[option.name] = choices[int(given)]
    return chosen


# ----- the service: the engine's classrooms, the connected browsers, the clock -----------------

class Classrooms(LoggingConfigurable):
    """The server's classrooms (``"Classrooms"`` in ``voila.json``): where they are kept, and the
    browsers connected to each.  The store opens at the first request, not when the app is made."""

    path = Unicode(".cardlab/classrooms.sqlite3", config=True,
                   help="The SQLite file that keeps every classroom across a restart "
                        "(relative to the server's working directory).")
    away_after = Float(engine.Limits.away_after, config=True,
                       help="Seconds a learner's pages may all be closed before the computer plays "
                            "their seat (they take it back when they return).")
    tick_seconds = Float(1.0, config=True,
                         help="Seconds between two looks for learners away long enough for the "
                              "computer to take their seat.")
    hello_seconds = Float(10.0, config=True,
                          help="Seconds a room's websocket may stay open without saying hello (a room "
                               "page says it at once); then it is told so and closed.")
    most_sockets = Int(0, config=True,
                       help="Room websockets open at once on this server; one more is told the server is "
                            "busy and closed. 0: half the open files the process may have.")
    most_rooms = Int(engine.Limits.rooms, config=True,
                     help="Open rooms on this server: past it a teacher who holds one already is told the "
                          "server is full (a teacher who holds none still opens one).")
    rooms_per_teacher = Int(engine.Limits.rooms_per_teacher, config=True,
                            help="Open rooms one teacher may hold (on the app server, the teacher's key; "
                                 "on a hub, one login).")
    teacher_pages = Int(3, config=True,
                        help="Pages open at once with one teacher's link (a laptop, a projector…); "
                             "a learner's link has one: the newest page wins, the older is told why.")
    workers = Int(0, config=True,
                  help="Worker processes that decide the computer's cards and the expert's choice for the "
                       "rooms (never the server's event loop). 0: one per core.")
    room_decisions = Int(0, config=True,
                         help="Decisions of one room asked of the workers at once (one per table at most; "
                              "the others wait their turn). 0: as many as there are workers.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rooms: engine.Classrooms | None = None
        self.sockets: dict[str, set[RoomSocket]] = {}
        """The sockets that said hello, by room code."""
        self.open_sockets: set[RoomSocket] = set()
        """Every room socket open on this server, hello said or not (the cap counts them)."""
        self._ticking: PeriodicCallback | None = None
        self._stale: dict[RoomSocket, None] = {}
        """Sockets whose view changed since they were last sent one, in order: drawn once each."""
        self._drawing = False
        self._misses = -1
        """The server's misses the teachers' pages were last told."""
        self._pool: ProcessPoolExecutor | None = None
        self._asked: dict[str, set[int]] = {}
        """By room code, the tables whose computer's decision the workers are making (0: the
        expert's choice for the poll)."""
        self._pictures: list[tuple[tuple[TableScene, str, str], str]] = []
        """The latest pictures of shown tables and polls, by scene, theme and language."""

    @property
    def socket_cap(self) -> int:
        return self.most_sockets or max(64, open_files() // 2)

    @property
    def rooms(self) -> engine.Classrooms:
        if self._rooms is None:
            store = Path(self.path)
            store.parent.mkdir(parents=True, exist_ok=True)
            self._rooms = engine.Classrooms(ClassroomStore(store, log=self.log), engine.Limits(
                away_after=self.away_after, rooms=self.most_rooms, rooms_per_teacher=self.rooms_per_teacher),
                computers_wait=True)     # the computer's cards are decided by the workers (:meth:`play`)
            self._ticking = PeriodicCallback(self.tick, self.tick_seconds * 1000)
            self._ticking.start()
        return self._rooms

    @property
    def limits(self) -> engine.Limits:
        return self.rooms.limits

    def tick(self) -> None:
        """Hand the seats of learners away too long to the computer, and show the tables; tell the
        teachers' pages the server's count of wrong codes when it changed."""
        now = time.time()
        for sockets in list(self.sockets.values()):
            room = next(iter(sockets)).room if sockets else None
            if room is None:
                continue
            if room.tick(now):
                self.push(room)
        self.rooms.retry_saves()  # a room whose pages have all closed is saved again too, once the disk has room
        for room in list(self.rooms.rooms.values()):     # a room nobody has open plays on too
            self.play(room)
        self.ended(self.rooms.close_idle(now), IDLE_CLOSED)
        misses = self.rooms.misses(now)
        if misses != self._misses:
            self._misses = misses
            for sockets in list(self.sockets.values()):
                for socket in list(sockets):
                    if socket.teacher and socket.room is not None:
                        with i18n.speaking(socket.room.lang):
                            socket._send({"misses": misses_sentence(misses)})

    def joined(self, socket: RoomSocket, room: engine.Classroom) -> list[RoomSocket]:
        """``socket`` said hello in ``room``; returns the older sockets of the same link past the
        link's pages (one for a learner's seat), now out of the room, the oldest first."""
        held = self.sockets.setdefault(room.code, set())
        same = sorted((other for other in held if other.token == socket.token), key=lambda other: other.since)
        held.add(socket)
        most = max(1, self.teacher_pages) if socket.teacher else 1
        older = same[:max(0, len(same) + 1 - most)]
        for other in older:
            self.left(other, room)
        return older

    def left(self, socket: RoomSocket, room: engine.Classroom) -> None:
        held = self.sockets.get(room.code, set())
        held.discard(socket)
        self._stale.pop(socket, None)
        if not held:
            self.sockets.pop(room.code, None)

    def ended(self, codes: Sequence[str], sentence: str) -> None:
        """Rooms ``codes`` are closed: each of their pages is told ``sentence`` (marked English, said
        in the room's language) and its socket closed."""
        for code in codes:
            for socket in list(self.sockets.pop(code, ())):
                room, socket.room, socket.turned_away = socket.room, None, True
                self._stale.pop(socket, None)
                with i18n.speaking(room.lang if room is not None else "en"):
                    socket._send({"closed": _(sentence)})
                socket.close(1000, "room closed")

    def push_teachers(self, room: engine.Classroom) -> None:
        """The teacher's pages of ``room`` their new view (a poll's counts)."""
        for socket in list(self.sockets.get(room.code, ())):
            if socket.teacher:
                self.redraw(socket)

    def push(self, room: engine.Classroom, tables: set[int] | None = None) -> None:
        """Every browser of ``room`` its new view (only those at ``tables``, and the teacher): each
        drawn once, once the changes of this turn of the loop are made, however many there were."""
        for socket in list(self.sockets.get(room.code, ())):
            if tables is None or socket.table is None or socket.table in tables:
                self.redraw(socket)
        self.play(room)

    # ----- the computer's decisions, made by the workers, never on the loop --------------------
    @property
    def pool(self) -> ProcessPoolExecutor:
        """The worker processes (one per core), started at the first decision, each with the
        players loaded; a pool broken by a worker's death is replaced by a new one."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.worker_count, mp_context=get_context("spawn"),
                                             initializer=ready_worker)
        return self._pool

    @property
    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1

    @property
    def room_cap(self) -> int:
        """Decisions of one room asked at once: one room cannot fill the workers' queue."""
        return self.room_decisions or self.worker_count

    def shutdown(self) -> None:
        """Stop the workers (the server is stopping); a decision being made is dropped."""
        if self._ticking is not None:
            self._ticking.stop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _current(self, room: engine.Classroom) -> bool:
        return self._rooms is not None and self._rooms.rooms.get(room.code) is room

    def play(self, room: engine.Classroom) -> None:
        """Ask the workers for the computer's decisions ``room``'s tables wait for: one per table,
        at most :attr:`room_cap` of the room at once (the others are asked as these come back)."""
        if not self._current(room):
            self._asked.pop(room.code, None)
            return
        busy = self._asked.setdefault(room.code, set())
        for asked in room.waiting():
            if len(busy) >= self.room_cap:
                break
            if asked.table in busy:
                continue
            waiting = asked.waiting
            future = self.pool.submit(decide, waiting.level, waiting.rules, waiting.view, asked.lang)
            busy.add(asked.table)
            IOLoop.current().add_future(future, functools.partial(self.decided, room, asked))

    def decided(self, room: engine.Classroom, asked: engine.Asked, future: Future) -> None:
        """A worker's decision, made at its table if the table is still where it was asked (else
        dropped and asked again); each room's tables change on the loop only, one change at a time."""
        self._asked.get(room.code, set()).discard(asked.table)
        decision = self._result(future)
        if decision is None or not self._current(room):
            return                                       # asked again at the next tick
        applied = room.decided(asked, decision)
        if applied:
            self.push(room, {asked.table})               # which asks for the next decision
        elif asked not in room.waiting():                # the table moved on: ask for where it is now
            self.play(room)

    def _result(self, future: Future) -> Any:
        try:
            return future.result()
        except BrokenProcessPool as error:
            self.log.error("The room's worker processes stopped (%s): new ones are started", error)
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
        except Exception as error:   # a decision that failed: logged, asked again at the next tick
            self.log.error("A computer's decision failed in a worker (%s: %s)", type(error).__name__, error)
        return None

    def reveal(self, socket: RoomSocket, room: engine.Classroom, teacher: str) -> None:
        """The expert's choice for the poll, made by a worker, then shown to the class; asked once
        while it is being made (a second reveal meanwhile waits for the same)."""
        poll = room.to_reveal(teacher)
        if poll is None:
            room.reveal(teacher)
            self.push(room)
            return
        busy = self._asked.setdefault(room.code, set())
        if 0 in busy:
            return
        busy.add(0)
        future = self.pool.submit(decide, EXPERT, poll.rules, poll.view(), room.lang)

        def revealed(future: Any) -> None:
            self._asked.get(room.code, set()).discard(0)
            decision = self._result(future)
            if decision is None or not self._current(room) or room.poll is not poll or poll.revealed is not None:
                return
            try:
                room.reveal(teacher, decision)
            except engine.ClassroomError as refusal:
                if socket.room is room:
                    with i18n.speaking(room.lang):
                        socket.refuse(str(refusal))
                return
            self.push(room)
        IOLoop.current().add_future(future, revealed)

    def picture(self, scene: TableScene, theme: str) -> str:
        """The picture of ``scene`` (a shown table, a poll's) in ``theme``: drawn once for every
        page that shows it."""
        key = (scene, theme, i18n.language())
        for held, svg in self._pictures:
            if held == key:
                return svg
        svg = plain_ids(table_svg(scene, theme=theme))
        self._pictures = [(key, svg), *self._pictures[:PICTURES - 1]]
        return svg

    def redraw(self, socket: RoomSocket) -> None:
        """``socket`` is sent its view once the changes of this turn of the loop are made."""
        self._stale[socket] = None
        if not self._drawing:
            self._drawing = True
            IOLoop.current().add_callback(self.draw)

    def draw(self) -> None:
        """Every stale socket its view, drawn once; a teacher's pages with the same screen and
        opened table share one drawing."""
        self._drawing = False
        stale, self._stale = list(self._stale), {}
        drawn: dict[tuple, dict] = {}
        for socket in stale:
            if socket.room is not None and socket in self.sockets.get(socket.room.code, ()):
                socket.send_view(drawn)


# ----- the HTTP server: idle connections closed, a cap on connections ---------------------------

class Connections(LoggingConfigurable):
    """The HTTP server's bounds (``"Connections"`` in ``voila.json``), for the app server and the
    hub's service: a request not finished in time is closed, and past ``most`` open connections a
    newcomer is answered 503 with a sentence rather than the process running out of files."""

    idle_seconds = Float(60.0, config=True,
                         help="Seconds a connection may wait for a request's headers (a new connection, "
                              "or a kept-alive one between requests); then it is closed.")
    body_seconds = Float(60.0, config=True,
                         help="Seconds a request's body may take to arrive; then the connection is closed.")
    most = Int(0, config=True,
               help="HTTP connections open at once (websockets, once open, are not counted here: "
                    "Classrooms.most_sockets caps the rooms'). 0: a quarter of the open files the "
                    "process may have.")

    def server(self, app: tornado.web.Application, trusted: Sequence[str] | None = None) -> BoundedHTTPServer:
        """The HTTP server of ``app`` with these bounds; ``trusted``: the proxies whose
        ``X-Forwarded-For`` and ``X-Forwarded-Proto`` it believes (None: no header is read)."""
        return BoundedHTTPServer(app, idle_connection_timeout=self.idle_seconds, body_timeout=self.body_seconds,
                                 most=self.most or max(64, open_files() // 4), trusted=trusted)


TURNED_AWAY_SECONDS = 5.0
"""How long a connection past the cap is read before it is closed."""


async def _drained(stream: tornado.iostream.IOStream) -> None:
    """Read and forget what ``stream`` sends until its client closes it."""
    while True:
        await stream.read_bytes(65536, partial=True)


class BoundedHTTPServer(HTTPServer):
    """Tornado's HTTP server with a cap on open connections (one past it is answered 503 with a
    sentence and closed) and forwarded headers believed only from ``trusted`` proxies."""

    def initialize(self, *args: Any, most: int = 0, trusted: Sequence[str] | None = None,
                   **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.most = most
        self.held = 0
        self.trusted = [ipaddress.ip_network(network, strict=False) for network in trusted or ()]

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple) -> None:
        if self.most and self.held >= self.most:
            IOLoop.current().spawn_callback(self.turn_away, stream)
            return
        self.held += 1
        super().handle_stream(stream, address)

    @staticmethod
    async def turn_away(stream: tornado.iostream.IOStream) -> None:
        """A connection past the cap: 503 and a sentence, then what the client sent is read for a
        few seconds before closing (closing with it unread would reset the connection, losing the
        sentence)."""
        sentence = _(TOO_MANY_CONNECTIONS).encode("utf-8")
        head = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                b"Retry-After: 60\r\nConnection: close\r\nContent-Length: %d\r\n\r\n" % len(sentence))
        try:
            await stream.write(head + sentence)
            if stream.socket is not None:
                stream.socket.shutdown(SHUT_WR)
            await asyncio.wait_for(_drained(stream), TURNED_AWAY_SECONDS)
        except (OSError, tornado.iostream.StreamClosedError, asyncio.TimeoutError):
            pass
        finally:
            stream.close()

    def on_close(self, server_conn: object) -> None:
        self.held -= 1
        super().on_close(server_conn)

    def start_request(self, server_conn: object,
                      request_conn: tornado.httputil.HTTPConnection) -> tornado.httputil.HTTPMessageDelegate:
        """Forwarded headers are read for a request whose connection comes from a trusted proxy only."""
        address = getattr(getattr(request_conn, "context", None), "address", None)
        self.xheaders = self.from_trusted(address)
        return super().start_request(server_conn, request_conn)

    def from_trusted(self, address: object) -> bool:
        if not self.trusted or not isinstance(address, tuple) or not address:
            return False
        try:
            peer = ipaddress.ip_address(str(address[0]).split("%", 1)[0])
        except ValueError:
            return False
        if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped is not None:
            peer = peer.ipv4_mapped
        return any(peer in network for network in self.trusted)


# ----- pages ------------------------------------------------------------------------------------

class RoomPage(tornado.web.RequestHandler):
    """A room page: HTML from the page files, never cached, sending no Referer, in the page's
    language (:func:`cardlab.widgets.room_words.page_language`)."""

    before_room = True
    """A page before any room is known: it may speak the browser's ``Accept-Language``."""

    @property
    def lang(self) -> str:
        accept = self.request.headers.get("Accept-Language") if self.before_room else None
        return room_words.page_language(self.get_query_argument("lang", None), accept)

    @property
    def service(self) -> Classrooms:
        service: Classrooms = self.settings[SETTING]
        return service

    @property
    def base(self) -> str:
        return str(self.settings.get("base_url", "/"))

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Security-Policy",
                        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; "
                        "base-uri 'none'; form-action 'self'")

    def prepare(self) -> None:
        """A form is accepted only from this server's own page (the ``_xsrf`` field it gave): Voilà
        leaves Tornado's check off, and another site must not open rooms or seat people."""
        i18n.use(self.lang)     # this request's own context (Tornado runs each request as a task)
        if self.request.method == "POST":
            self.check_xsrf_cookie()

    def url(self, *parts: str) -> str:
        return url_path_join(self.base, "cardlab", *parts)

    def show(self, title: str, kind: str, content: str, code: str = "", status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page(self.base, title, kind, content, code))

    def said(self, heading: str, sentence: str, status: int = 400) -> None:
        """A page of one sentence; ``heading`` and ``sentence`` are marked English, said here."""
        with i18n.speaking(self.lang):
            self.show(_(heading), "said", body("said", heading=html.escape(_(heading)),
                                               base=html.escape(self.base.rstrip("/")),
                                               query=html.escape(room_words.in_address(self.lang)),
                                               message=html.refusal(_(sentence))), status=status)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """No traceback for a person: one sentence."""
        self.said(N_("Something went wrong"), N_("The room could not answer that: go back and try again."),
                  status=status_code)


class OpenRoomPage(RoomPage):
    """``/cardlab/rooms``: the teacher's form, and opening the room it describes."""

    key = ""
    """The teacher's key once this request gave it (the form carries it on)."""

    def may_open(self) -> bool:
        """Whether this request may see the form and open rooms: where no key is asked (a hub: its
        group decides) always; else with the server's teacher's key in the form's field, the
        address or the cookie.  A key accepted is kept in the cookie (HttpOnly, SameSite=Strict,
        only for this address), so the teacher's next visits need it no more.  A wrong one is told
        :data:`NEEDS_KEY` and changes nothing: with 256 bits, guessing it is hopeless."""
        key = str(self.settings.get(teacher_key.SETTING) or "")
        if not key:
            return True
        if teacher_key.is_key(self.get_argument("key", None), key):
            self.set_cookie(teacher_key.COOKIE, key, path=self.url("rooms"), httponly=True, samesite="Strict",
                            secure=self.request.protocol == "https", expires_days=365)
        elif not teacher_key.is_key(self.get_cookie(teacher_key.COOKIE), key):
            self.said(N_("The teacher's key"), NEEDS_KEY, 403)
            return False
        self.key = key
        return True

    def owner(self) -> str:
        """Who opens the room, by whom rooms are counted: the hub login, else the holder of the key."""
        user = self.current_user
        if isinstance(user, dict) and user.get("name"):
            return f"hub {user['name']}"
        return "teacher's key"

    def get(self) -> None:
        if self.may_open():
            self.form()

    def form(self, message: str = "", game: str = "tressette", status: int = 200, lang: str = "") -> None:
        games = _select_options([(key, game_title(key)) for key in GAMES], game)
        levels = _select_options([(level, level) for level in LEVELS], "club")
        key_field = f'<input type="hidden" name="key" value="{html.escape(self.key)}">' if self.key else ""
        content = body("open", base=html.escape(self.base.rstrip("/")), xsrf=self.xsrf_form_html() + key_field,
                       message=html.refusal(message), games=games, levels=levels,
                       languages=room_words.language_options(lang or self.lang),
                       query=html.escape(room_words.in_address(self.lang)),
                       options="".join(option_fields(key) for key in GAMES))
        self.show(_("Open a card room"), "open", content, status=status)

    def post(self) -> None:
        if not self.may_open():
            return
        game = self.get_body_argument("game", "")
        level = self.get_body_argument("level", "club")
        lang = room_words.page_language(self.get_body_argument("lang", None))
        if game not in GAMES:
            self.form(_("Choose one of the games in the list."), status=400, lang=lang)
            return
        try:
            options = chosen_options(game, lambda name: self.get_body_argument(name, None))
            room = self.service.rooms.open(game, options, level, time.time(), lang=lang, owner=self.owner())
        except (ValueError, engine.ClassroomError) as refusal:     # NotSaved: the store cannot write now
            self.form(str(refusal), game, status=503 if isinstance(refusal, engine.NotSaved) else 400, lang=lang)
            return
        self.redirect(self.url("room", room.shown_code, "teacher") + room_words.in_address(room.lang)
                      + "#" + room.teacher)


class CodePage(RoomPage):
    """``/cardlab/room``: a learner types the code (``?code=`` leads on to the name form)."""

    def get(self) -> None:
        typed = self.get_query_argument("code", "")
        code = engine.read_code(typed)
        if code is not None:
            self.redirect(self.url("room", engine.shown_code(code)) + room_words.in_address(self.lang))
            return
        message = html.refusal(_(NOT_A_CODE)) if typed else ""
        field = (f'<input type="hidden" name="lang" value="{html.escape(self.lang)}">'
                 if room_words.in_address(self.lang) else "")
        self.show(_("Join a card room"), "code", body("code", base=html.escape(self.base.rstrip("/")),
                                                       message=message, lang_field=field),
                  status=400 if typed else 200)


class JoinPage(RoomPage):
    """``/cardlab/room/<CODE>``: the name form, and seating the learner.  Only the seating looks
    the code up, so the form tells nobody whether a code is in use.  A miss slows down the browser
    that made it, known by a cookie of its own (:meth:`client`), never by its address: a class
    behind one school address is never slowed by one of them, nor by thirty typos."""

    def get(self, code: str) -> None:
        read = engine.read_code(code)
        if read is None:
            self.said(N_("No such room"), NOT_A_CODE, 404)
            return
        self.client()
        self.form(engine.shown_code(read))

    def client(self) -> str:
        """Who tries codes here, for the count of misses: the browser's own random cookie (set
        when it has none).  A client that drops it is new each time: the code's 40 bits make
        guessing hopeless anyway."""
        given = self.get_cookie(CLIENT_COOKIE, "")
        if not CLIENT_ID.fullmatch(given):
            given = secrets.token_urlsafe(18)
            self.set_cookie(CLIENT_COOKIE, given, path=self.url("room"), httponly=True, samesite="Lax",
                            secure=self.request.protocol == "https")
        return f"page {given}"

    def form(self, code: str, message: str = "", status: int = 200, name: str = "") -> None:
        heading = html.escape(_("Join room {code}")).format(
            code=f'<span class="room-code-inline">{html.escape(code)}</span>')
        content = body("join", base=html.escape(self.base.rstrip("/")), xsrf=self.xsrf_form_html(),
                       code=html.escape(code), message=html.refusal(message), name=html.escape(name),
                       name_length=str(self.service.limits.name_length), heading=heading,
                       query=html.escape(room_words.in_address(self.lang)))
        self.show(_("Join room {code}").format(code=code), "join", content, code, status)

    def post(self, code: str) -> None:
        name = self.get_body_argument("name", "")
        try:
            room = self.service.rooms.find(code, self.client(), time.time())
            learner = room.join(name, time.time())
        except engine.ClassroomError as refusal:     # NotSaved: the store cannot write now, nobody was seated
            read = engine.read_code(code)
            self.form(engine.shown_code(read) if read else code, str(refusal),
                      503 if isinstance(refusal, engine.NotSaved) else 400, name)
            return
        self.service.push(room)
        self.redirect(self.url("room", room.shown_code, "play") + room_words.in_address(room.lang)
                      + "#" + learner.token)


class PlayPage(RoomPage):
    """``/cardlab/room/<CODE>/play``: a learner's table, the seat token in the fragment.  The page
    is the same for every code (the websocket's hello finds the room), so it tells nobody whether
    a code is in use."""

    kind = "play"
    before_room = False

    def get(self, code: str) -> None:
        read = engine.read_code(code)
        if read is None:
            self.said(N_("No such room"), NOT_A_CODE, 404)
            return
        shown = engine.shown_code(read)
        self.show(self.title(shown), self.kind, self.content(shown), shown)

    def title(self, code: str) -> str:
        return _("Card room {code}").format(code=code)

    def content(self, code: str) -> str:
        return body("play")


class TeacherPage(PlayPage):
    """``/cardlab/room/<CODE>/teacher``: the join code, the link, its QR code and every table."""

    kind = "teacher"

    def title(self, code: str) -> str:
        return _("Teacher: room {code}").format(code=code)

    def content(self, code: str) -> str:
        link = (f"{self.request.protocol}://{self.request.host}{self.url('room', code)}"
                + room_words.in_address(self.lang))
        anchor = f'<a id="room-link" href="{html.escape(link)}">{html.escape(link.split("://", 1)[-1])}</a>'
        join_at = room_words.page_words("teacher")["join_at"].format(link=anchor)
        close = self.url("room", code, "teacher") + room_words.in_address(self.lang)
        return body("teacher", code=html.escape(code), title=html.escape(self.title(code)), qr=qr_svg(link),
                    join_at=join_at, xsrf=self.xsrf_form_html(), close_action=html.escape(close))

    def post(self, code: str) -> None:
        """"Close the room": the form sends the teacher's token (``room.js`` copies it from the
        fragment); the room is closed, and every page of it told so."""
        room = self.service.rooms.by_teacher(self.get_body_argument("token", ""))
        if room is None or room.code != engine.read_code(code):
            self.said(N_("Nothing was closed"), NOT_THE_TEACHER, 403)
            return
        try:
            self.service.rooms.close(room.code)
        except engine.NotSaved:
            self.said(N_("Nothing was closed"), engine.CANNOT_SAVE, 503)
            return
        self.service.ended([room.code], TEACHER_CLOSED)
        self.said(N_("Room closed"), ROOM_CLOSED, 200)


class AssetHandler(tornado.web.RequestHandler):
    """``room.js`` (with the board module inlined) and ``room.css`` (with the panels' style)."""

    def get(self, name: str) -> None:
        if name == "room.js":
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.finish(esm("room.js"))
        else:
            self.set_header("Content-Type", "text/css; charset=utf-8")
            self.finish((FRONT / "room.css").read_text(encoding="utf-8") + PANEL_CSS)


# ----- the websocket ----------------------------------------------------------------------------

@dataclass
class Bucket:
    """A token bucket: ``rate`` actions a second, ``burst`` at once."""

    rate: float
    burst: float
    level: float = 0.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.level = self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def message_kind(message: object, teacher: bool) -> str | None:
    """The kind of a browser's message (``hello``, ``screen``, then the learner's or the teacher's
    kinds), or None when its shape is not one the room knows."""
    if not isinstance(message, dict) or not message:
        return None
    keys = set(message)
    kinds = {"hello": HELLO, "screen": SCREEN, **(TEACHER_KEYS if teacher else LEARNER_KEYS)}
    return next((kind for kind, allowed in kinds.items()
                 if keys <= allowed and (kind in keys or kind == "screen")), None)


def _retrieved(written: Any) -> None:
    """A message's write is done: its error, if the connection closed meanwhile, is looked at (an
    error nobody looks at is logged as "Task exception was never retrieved")."""
    if not written.cancelled():
        written.exception()


class RoomSocket(tornado.websocket.WebSocketHandler):
    """One browser's connection to a room: a learner's seat or the teacher."""

    code = ""
    token: str | None = None
    teacher = False
    room: engine.Classroom | None = None
    width = 0
    presenter = False
    opened: int | None = None
    """The table the teacher looks at, face up."""
    page_lang = "en"
    """The language of the page that opened this socket, for the sentences before its hello."""
    opening = itertools.count()
    """Numbers the sockets in the order they open: of one link's pages, the newest wins."""
    drawn_theme = ""
    """The theme of the view this page was last sent."""
    turned_away = False
    """The room is closing this socket (no hello in time, the server busy, a newer page of its link)."""
    patches = False
    """The page said it applies patches: after its whole view, it is sent what changed."""

    def initialize(self) -> None:
        self.bucket: Bucket | None = None
        self.sent: dict | None = None
        """The view this page holds, when it applies patches: the next is sent as a patch of it."""
        self.drawing: tuple[tuple[TableScene, str, str], str] | None = None
        """The board's last picture, by its scene, theme and language: drawn again only when one changed."""
        self.shown: tuple[int, int, int] | None = None
        """The table, hand and step this learner's browser last drew: the frames start there."""
        self.since = next(self.opening)
        self.timers: dict[str, object] = {}
        """The calls waiting on the loop for this socket: its hello's deadline, its screen's drawing."""

    @property
    def service(self) -> Classrooms:
        service: Classrooms = self.settings[SETTING]
        return service

    @property
    def max_message_size(self) -> int:
        """Tornado closes the connection on a message longer than this (reading it whole first);
        one longer than ``Limits.message_bytes`` but shorter is refused with a sentence."""
        return 16 * self.service.limits.message_bytes

    @property
    def table(self) -> int | None:
        """The learner's table now (None for the teacher)."""
        if self.teacher or self.room is None or self.token is None:
            return None
        learner = self.room.learner(self.token)
        return learner.table if learner else None

    def open(self, code: str) -> None:
        self.code = code
        self.page_lang = room_words.page_language(self.get_query_argument("lang", None))
        self.set_nodelay(True)
        service = self.service
        limits = service.limits
        self.bucket = Bucket(limits.actions_per_second, 2 * limits.actions_per_second)
        if len(service.open_sockets) >= service.socket_cap:
            with i18n.speaking(self.page_lang):
                self.refuse(_(TOO_MANY_SOCKETS))
            self.turned_away = True
            self.close(1013, "busy")
            return
        service.open_sockets.add(self)
        loop = IOLoop.current()
        self.timers["hello"] = loop.call_later(service.hello_seconds, self.no_hello)

    def no_hello(self) -> None:
        """A socket that has not said hello in ``hello_seconds`` (a room page says it at once)."""
        self.timers.pop("hello", None)
        if self.token is None:
            with i18n.speaking(self.page_lang):
                self.refuse(_(NO_HELLO))
            self.turned_away = True
            self.close(1008, "no hello")

    def refuse(self, sentence: str) -> None:
        self._send({"refused": sentence})

    def _send(self, message: dict | str) -> None:
        """``message`` (or its JSON) to the browser; a connection closing meanwhile is no error."""
        try:
            written = self.write_message(message if isinstance(message, str) else json.dumps(message))
        except tornado.websocket.WebSocketClosedError:
            return
        written.add_done_callback(_retrieved)

    def on_message(self, message: str | bytes) -> None:
        """Every sentence in the room's language (before the hello, the page's); a socket being
        closed by the room reads no more."""
        if self.turned_away:
            return
        with i18n.speaking(self.room.lang if self.room is not None else self.page_lang):
            self.answer(message)

    def answer(self, message: str | bytes) -> None:
        size = len(message) if isinstance(message, bytes) else len(message.encode("utf-8", "surrogatepass"))
        if size > self.service.limits.message_bytes:
            self.refuse(_(TOO_BIG))
            return
        try:
            parsed = json.loads(message)
        except (ValueError, UnicodeDecodeError, RecursionError):
            parsed = None
        kind = message_kind(parsed, self.teacher)
        assert self.bucket is not None
        if not (kind == "screen" and self.token is not None) and not self.bucket.take():
            self.refuse(_(engine.TOO_FAST))     # a screen size is no move: it is drawn at most once a moment
            return
        if kind is None:
            self.refuse(_(BAD_SHAPE))
            return
        try:
            if kind == "hello":
                self.hello(parsed)
            elif self.room is None or self.token is None:
                self.refuse(_(NOT_SEATED))
            elif kind == "screen":
                self.resized(parsed)
            elif kind == "full":
                self.full(parsed["full"])
            elif self.teacher:
                self.teach(kind, parsed[kind])
            else:
                self.learn(kind, parsed[kind])
        except engine.ClassroomError as refusal:
            self.refuse(str(refusal))

    def screen(self, message: dict) -> None:
        width, presenter = message.get("width", self.width), message.get("presenter", self.presenter)
        if not isinstance(width, int) or isinstance(width, bool) or not isinstance(presenter, bool):
            raise engine.ClassroomError(_(BAD_SHAPE))
        self.width, self.presenter = max(0, min(width, 10_000)), presenter

    def resized(self, message: dict) -> None:
        """A new screen size: the view is drawn again only when its theme changes, once the sizes
        have stopped coming for a moment (a window being resized, or a flood, is drawn once)."""
        self.screen(message)
        if "screen" not in self.timers:
            self.timers["screen"] = IOLoop.current().call_later(SCREEN_SECONDS, self.screen_settled)

    def screen_settled(self) -> None:
        self.timers.pop("screen", None)
        if self.theme() != self.drawn_theme:
            self.service.redraw(self)

    def full(self, value: object) -> None:
        """The page asks for its whole view (it could not apply a patch)."""
        if value is not True:
            raise engine.ClassroomError(_(BAD_SHAPE))
        self.sent = None
        self.send_view()

    def hello(self, message: dict) -> None:
        token = message["hello"]
        if self.token is not None:
            raise engine.ClassroomError(_("This page has already said hello."))
        if not isinstance(message.get("patches", False), bool):
            raise engine.ClassroomError(_(BAD_SHAPE))
        rooms = self.service.rooms
        valid = isinstance(token, str) and 0 < len(token) <= 200
        taught = rooms.by_teacher(token) if valid else None
        seated = rooms.by_learner(token) if valid and taught is None else None
        room = taught or (seated[0] if seated else None)
        if room is None or engine.read_code(self.code) != room.code:
            raise engine.ClassroomError(_(BAD_TOKEN))
        self.screen(message)
        self.room, self.token, self.teacher = room, token, taught is not None
        self.patches = message.get("patches", False)
        hello = self.timers.pop("hello", None)
        if hello is not None:
            IOLoop.current().remove_timeout(hello)
        learner = None if self.teacher else room.learner(token)
        was_here = learner is not None and learner.connected
        older = self.service.joined(self, room)
        if not self.teacher:
            room.connected(token, time.time())
        for page in older:                  # the newest page of a link wins; the older are told why
            page.replaced()
        if self.teacher or was_here:        # nothing the others see has changed
            self.send_view()
        else:
            self.service.push(room, {learner.table} if learner is not None and learner.table else None)

    def replaced(self) -> None:
        """A newer page of this link said hello: this one is told why, leaves the room and closes."""
        room, token = self.room, self.token
        if room is None or token is None:
            return
        self.room, self.turned_away = None, True
        with i18n.speaking(room.lang):
            self._send({"closed": _(NEWER_PAGE)})
        if not self.teacher:
            room.disconnected(token, time.time())
        self.close(1000, "newer page")

    def learn(self, kind: str, value: object) -> None:
        assert self.room is not None and self.token is not None
        room, now, table = self.room, time.time(), self.table
        if kind == "play" and isinstance(value, str):
            change = room.act(self.token, value, now)
        elif kind == "call" and isinstance(value, int) and not isinstance(value, bool):
            change = room.call(self.token, value, now)
        elif kind == "next" and value is True and table is not None:
            change = room.next_hand(self.token, table, now)
        elif kind == "answer" and isinstance(value, str):
            room.answer(self.token, value, now)
            self.send_view()
            self.service.push_teachers(room)
            return
        else:
            raise engine.ClassroomError(_(BAD_SHAPE))
        if change.refused:
            self.refuse(change.message)
            return
        self.service.push(room, {table} if table is not None else None)

    def teach(self, kind: str, value: object) -> None:
        assert self.room is not None and self.token is not None
        room, teacher = self.room, self.token
        number = value if isinstance(value, int) and not isinstance(value, bool) else None
        if kind == "pause" and value is True:
            room.pause(teacher)
        elif kind == "resume" and value is True:
            room.resume(teacher)
        elif kind == "take_back" and number is not None:
            room.take_back(teacher, number)
        elif kind == "next" and number is not None:
            change = room.next_hand(teacher, number, time.time())
            if change.refused:
                self.refuse(change.message)
                return
        elif kind == "open" and number is not None:
            room.table_view(teacher, number)     # a table that is not there is refused here
            self.opened = number
            self.send_view()
            return
        elif kind == "move" and isinstance(value, dict) and set(value) == {"who", "table", "seat"} \
                and isinstance(value["who"], str) and isinstance(value["table"], int) \
                and isinstance(value["seat"], str):
            room.move(teacher, value["who"], value["table"], value["seat"])
        elif kind == "show" and isinstance(value, dict):
            self.show(value)
        elif kind == "step" and number is not None:
            room.step_shown(teacher, number)
        elif kind == "hide" and value is True:
            room.hide_shown(teacher)
        elif kind == "ask" and value is True:
            room.ask_shown(teacher)
        elif kind == "reveal" and value is True:
            self.service.reveal(self, room, teacher)     # shown once the worker has decided
            return
        elif kind == "close_poll" and value is True:
            room.close_poll(teacher)
        elif kind == "duplicate":
            if number is None or number not in ROUND_DEALS:
                raise engine.ClassroomError(_(ROUND_SHAPE).format(least=ROUND_DEALS.start,
                                                                  most=ROUND_DEALS.stop - 1))
            room.start_duplicate(teacher, [secrets.randbits(engine.SEED_BITS) for _ in range(number)], time.time())
        elif kind == "computers" and value is True:
            room.add_computers(teacher)
        else:
            raise engine.ClassroomError(_(BAD_SHAPE))
        self.service.push(room)

    def show(self, value: dict) -> None:
        """``{"table": n, "seat": s}`` a room table, or ``{"scenario": text, "seat": s, "open": b}``."""
        assert self.room is not None and self.token is not None
        seat = value.get("seat")
        if set(value) == {"table", "seat"} and isinstance(value["table"], int) and isinstance(seat, str):
            self.room.show_table(self.token, value["table"], seat)
            return
        if not (set(value) == {"scenario", "seat", "open"} and isinstance(value["scenario"], str)
                and isinstance(seat, str) and isinstance(value["open"], bool)):
            raise engine.ClassroomError(_(SHOW_SHAPE))
        try:
            scenario, step = read_shown(value["scenario"], self.room.game)
        except ScenarioError as error:
            raise engine.ClassroomError(str(error)) from None
        self.room.show_scenario(self.token, scenario, step, seat, value["open"])

    def on_close(self) -> None:
        loop = IOLoop.current()
        for timer in self.timers.values():
            loop.remove_timeout(timer)
        self.timers.clear()
        self.service.open_sockets.discard(self)
        room, token = self.room, self.token
        if room is None or token is None:     # no hello said, or a newer page took its place
            return
        self.room = None
        self.service.left(self, room)
        if not self.teacher:
            table = room.disconnected(token, time.time())
            learner = room.learner(token)
            if learner is not None and not learner.connected:     # the seat's people see it away
                self.service.push(room, {table} if table else None)

    # ----- views ----------------------------------------------------------------------------
    def theme(self) -> str:
        if self.presenter:
            return "presenter"
        return "narrow" if 0 < self.width < NARROW else "normal"

    def send_view(self, drawn: dict[tuple, dict] | None = None) -> None:
        """This page's view (or what changed in it); ``drawn`` holds the teachers' views drawn in
        this turn of the loop, which another page of the same teacher with the same screen and table
        is sent as they are."""
        if self.room is None or self.token is None:
            return
        theme, self.drawn_theme = self.drawn_theme, self.theme()
        if theme != self.drawn_theme:
            self.sent = None                 # every picture is drawn anew: the whole view
        with i18n.speaking(self.room.lang):
            try:
                if not self.teacher:
                    self.send_changes("view", self.seat_view())
                    return
                key = (self.token, self.drawn_theme, self.opened)
                data = drawn.get(key) if drawn is not None else None
                if data is None:
                    data = self.teacher_view()
                    if drawn is not None:
                        drawn[key] = data
                self.send_changes("teacher", data, "open")
            except engine.ClassroomError as refusal:     # a learner moved out of every seat
                self.refuse(str(refusal))

    def send_changes(self, kind: str, view: dict, board: str | None = None) -> None:
        """``{kind: view}``, or to a page that applies patches and holds a view, only what changed
        in it (nothing when nothing did)."""
        if self.patches and self.sent is not None:
            changes = view_patch(self.sent, view, board)
            self.sent = view
            if changes:
                self._send({"patch": changes})
            return
        self.sent = view if self.patches else None
        self._send({kind: view})

    def seat_view(self) -> dict:
        """This learner's seat only: their hand, the others face down, the frames since last time."""
        assert self.room is not None and self.token is not None
        room, learner = self.room, self.room.learner(self.token)
        assert learner is not None and learner.table is not None and learner.seat is not None
        table = room.tables[learner.table - 1]
        last = self.shown
        since = last[2] + 1 if last is not None and last[:2] == (table.number, table.hands) else None
        change = room.catch_up(self.token, since) if since is not None else None
        view = change.view if change is not None else room.view(self.token)
        self.shown = (table.number, table.hands, view.frame.step)
        data = self.board(view, change.frames if change is not None else (), table.session.rules.target)
        data.update(game=game_title(room.game), seats=self.sitters(table, learner.seat), paused=room.paused,
                    table=table.number,
                    seat=learner.seat, next=view.over and view.at_end,
                    where=_("Table {number}, seat {seat}: {name}").format(
                        number=table.number, seat=learner.seat, name=learner.name),
                    shown=self.shown_data(room.shown_view(self.token)), poll=self.poll_data(),
                    duplicate=duplicate_html(room.duplicate_view(self.token)) if room.duplicate else "")
        data["where"] = html.escape(data["where"])
        return data

    def shown_data(self, view: engine.ShownView | None) -> dict | None:
        """The table shown to the class, drawn in this browser's theme (or the sentence saying
        why this learner does not see it)."""
        if view is None:
            return None
        assert self.room is not None
        title = i18n.written(self.room.game, view.title)     # a shipped scenario's title, said in the room's language
        data: dict = {"title": html.escape(title), "seat": view.seat, "note": html.note(view.note),
                      "steps": view.steps, "open_hands": view.open_hands}
        if view.frame is not None:
            data.update(svg=self.service.picture(view.frame.scene, self.theme()), alt=view.frame.words,
                        at=view.frame.step, step=html.step_line(view.frame.step, view.steps, view.frame.status))
        return data

    def poll_data(self) -> dict | None:
        """The open question as this learner sees it: the seat's cards to click (their answer
        marked), then the expert's card and reason once revealed.  A learner at the asked table at
        another seat (``hidden``) gets neither the hand nor, until it is played there, the card."""
        assert self.room is not None and self.token is not None
        poll, asked = self.room.poll_view(self.token), self.room.poll
        if poll is None or asked is None:
            return None
        data: dict = {"question": html.escape(poll.question), "cards": list(poll.cards),
                      "answer": html.escape(_("Your answer: {card}.").format(card=asked.card_name(poll.answer)))
                      if poll.answer else "",
                      "revealed": self.revealed(poll.revealed), "hidden": poll.frame is None}
        if poll.frame is not None:
            revealed = poll.revealed
            scene = replace(poll.frame.scene, selected=frozenset({poll.answer} if poll.answer else ()),
                            legal=frozenset() if revealed else poll.frame.scene.legal,
                            hint=revealed.card if revealed else "")
            data.update(svg=self.service.picture(scene, self.theme()), alt=poll.frame.words)
        return data

    @staticmethod
    def revealed(reveal: engine.Reveal | None) -> str:
        if reveal is None:
            return ""
        plays = html.escape(_("The expert plays {card}").format(card=reveal.name))
        return f'<p class="room-expert"><b>{plays}</b> ({html.escape(reveal.card)}).</p>{html.note(reveal.reason)}'

    def board(self, view: SeatView, frames: Sequence[Frame], target: int | None) -> dict:
        """The board's pictures in this browser's theme, and the words and panels around it."""
        theme = self.theme()
        return {
            "svg": self.picture(view.frame.scene), "alt": view.frame.words,
            "frames": [{"svg": plain_ids(table_svg(shot.scene, theme=theme)), "alt": shot.words,
                        "line": html.step_line(shot.step, view.steps, shot.status)} for shot in frames],
            "step": html.step_line(view.frame.step, view.steps, view.frame.status),
            "caption": html.note(view.caption),
            "message": html.refusal(view.message),
            "calls": [{"label": option.label, "title": option.title, "index": index, "disabled": option.disabled}
                      for index, option in enumerate(view.calls)],
            "points": points_html(view.points) if view.points is not None else "",
            "match": (breakdown_html(view.result) if view.result is not None else "")
            + match_html(view.match, target, counting=view.counting),
            "over": view.over,
        }

    def picture(self, scene: TableScene) -> str:
        """The board's picture of ``scene`` in this page's theme, drawn only when the scene, the
        theme or the language changed since the last."""
        key = (scene, self.theme(), i18n.language())
        if self.drawing is None or self.drawing[0] != key:
            self.drawing = (key, plain_ids(table_svg(scene, theme=key[1])))
        return self.drawing[1]

    def sitters(self, table: engine.ClassTable, viewer: str | None) -> list[dict]:
        """Who sits where at ``table``: each name escaped, whether the person is connected."""
        assert self.room is not None
        by_key = {member.key: member for member in self.room.members.values()}
        rows = []
        for seat, key in table.seats.items():
            member = by_key.get(key or "")
            rows.append({"seat": seat, "name": html.escape(member.name if member else _(engine.COMPUTER)),
                         "person": member is not None, "connected": bool(member and member.connections),
                         "computer": member is None or member.replaced, "you": seat == viewer})
        return rows

    def teacher_view(self) -> dict:
        """Every table at a glance, and the table the teacher opened with every hand face up."""
        assert self.room is not None and self.token is not None
        room = self.room
        tables = []
        for row in room.overview(self.token):
            seats = [{"seat": seat.seat, "name": html.escape(seat.name), "key": seat.key,
                      "person": seat.key is not None, "connected": seat.connected,
                      "computer": seat.computer, "you": False} for seat in row.seats]
            totals = ", ".join(f"{side} {total}" for side, total in row.totals.items())
            tables.append({"number": row.number, "seats": seats, "over": row.over,
                           "step": html.escape(_("{step} of {steps}: {status}").format(
                               step=row.step, steps=row.steps, status=row.status)),
                           "points": html.escape(_("hand {number}; {totals}").format(number=row.hands, totals=totals))})
        data: dict = {"code": room.shown_code, "game": html.escape(game_title(room.game)), "paused": room.paused,
                      "tables": tables, "seats": list(room.seats),
                      "scenarios": [{"name": name, "title": html.escape(i18n.written(room.game, title))}
                                    for name, title in scenario_choices(room.game)],
                      "shown": self.shown_data(room.shown_view(self.token)), "poll": self.tally_data(),
                      "deals": list(ROUND_DEALS), "round": bool(room.duplicate and not room.duplicate.over),
                      "duplicate": duplicate_html(room.duplicate_view(self.token)) if room.duplicate else "",
                      "misses": misses_sentence(self.service.rooms.misses(time.time()))}
        if self.opened is not None and self.opened <= len(room.tables):
            view = room.table_view(self.token, self.opened)
            target = room.tables[self.opened - 1].session.rules.target
            data["open"] = {**self.board(view, (), target), "number": self.opened}
        return data

    def tally_data(self) -> dict | None:
        """The open question for the projector: how many chose each card, then the expert's card."""
        assert self.room is not None and self.token is not None
        poll = self.room.poll
        if poll is None:
            return None
        tally = self.room.tally(self.token)
        answers = sum(tally.values())
        return {"question": html.escape(_("Which card would {seat} play?").format(seat=poll.seat)), "seat": poll.seat,
                "answers": answers,
                "counted": html.escape(ngettext("{count} answer", "{count} answers", answers).format(count=answers)),
                "tally": [{"card": card, "name": html.escape(poll.card_name(card)), "count": count,
                           "expert": poll.revealed is not None and poll.revealed.card == card}
                          for card, count in tally.items()],
                "revealed": self.revealed(poll.revealed)}


def handlers(base_url: str) -> list[tuple[str, type, dict]]:
    """The classroom's routes under ``base_url``, for Tornado."""
    def route(pattern: str) -> str:
        return url_path_join(base_url, "cardlab", pattern)
    return [
        (route("rooms"), OpenRoomPage, {}),
        (route("room"), CodePage, {}),
        (route(r"(room\.(?:js|css))"), AssetHandler, {}),
        (route(f"room/{CODE}"), JoinPage, {}),
        (route(f"room/{CODE}/play"), PlayPage, {}),
        (route(f"room/{CODE}/teacher"), TeacherPage, {}),
        (route(f"room/{CODE}/ws"), RoomSocket, {}),
    ]
