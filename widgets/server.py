"""The cardlab app server: Voilà plus the few things a classroom needs that it lacks.

Run it from the repository root (``scripts/serve.sh`` does)::

    python -m cardlab.widgets.server

All settings (port, root folder, preheated kernels per lesson, the room's size, culling) live in
``voila.json`` at the repository root, which Voilà reads from the working directory; the test
fixtures start the very same command, only with ``--port`` added. Under a plain Jupyter server
(Binder's path) the same settings apply through :func:`jupyter_server_config`, which derives the
server's config from ``voila.json`` (``binder/postBuild`` writes it), and this module is then
loaded as a Jupyter server extension.

What this adds to plain Voilà:

1. ``/`` redirects to the landing notebook (``notebooks/index.ipynb``) instead of showing
   Voilà's file tree. Voilà has no setting for this (voila-dashboards/voila#540). The tree is
   still at ``/voila/tree``.
2. :class:`NoDelayChannelsConnection` sets TCP_NODELAY on each kernel websocket. Neither
   jupyter_server nor Voilà does, and Nagle's algorithm plus delayed ACKs added about 40 ms
   to every widget round trip (click -> output).
3. :class:`LessonPageHandler` serves ``/voila/render/…`` in place of Voilà's handler:
   - it sets the ``_xsrf`` cookie, which Voilà's tab-close beacon sends back: without it every
     closed tab's shutdown was refused (403) and its kernel leaked, so the xsrf check stays on;
   - only a browser gets a kernel: a request without the signed visitor cookie is answered by a
     small page whose script sets it and loads the page again, so a plain GET (a script's loop,
     a link preview, a bot) starts nothing and cannot hold the room full;
   - each page takes a seat in the :class:`Room` before it gets a kernel; past
     :attr:`Room.max_kernels` seats it answers 503 with a small "the room is full" page and a
     ``Retry-After``; a seat whose kernel has no page connected for
     :attr:`Room.unconnected_timeout` seconds (a page closed before it connected, a tab closed
     without its shutdown reaching us) is freed and its kernel shut down, and one browser holds
     at most :attr:`Room.per_visitor` pages (its newest wins);
   - it puts ``connection.js`` in the page's head: when the connection is lost or the
     kernel stops or restarts, the page says so in a sentence and offers Reload.
4. The ``cardlab`` page template (``widgets/jupyter_data``, ``VoilaConfiguration.template``):
   Voilà's lab page without its links to a CDN, so a page asks nothing of any other host. Voilà
   finds templates in the Jupyter data folders only: the wheel installs it there (its data files),
   ``scripts/setup.sh`` links the repository's folder there for the editable install.
5. The address it serves is printed once it listens; a port already taken gets a sentence
   saying how to choose another, not a bare CRITICAL.
6. The classroom (:mod:`cardlab.widgets.classroom`): ``/cardlab/rooms`` and ``/cardlab/room/…``,
   pages and a websocket where learners play together, served by this process with no kernel;
   its store is :attr:`Classrooms.path` (``"Classrooms"`` in ``voila.json``).  Opening rooms needs
   the teacher's key (:mod:`cardlab.widgets.teacher_key`); the teacher's link that carries it is
   printed with the address.  As a server extension (Binder: the visitor's own server) the key is
   made too, and put in the server's environment for the landing page's rooms link.

Voilà has no setting for the page handler class: :func:`_with_lesson_handler` (the app) and
:func:`_render_rule` (the server extension) are the two places that rely on how Voilà routes its
pages; tests/test_server.py fails if Voilà changes it.

Only the server process imports this module; notebooks never do.
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import re
import secrets
import shutil
import socket
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote
from typing import Any

import tornado.web
from jupyter_core.paths import jupyter_path
from jupyter_core.utils import ensure_async
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.routing import Rule
from tornado.web import RedirectHandler
from traitlets import Float, Int, Unicode
from traitlets.config import LoggingConfigurable
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from cardlab import i18n
from cardlab.i18n import N_, _

from . import classroom, room_words, teacher_key
from .html import escape

RENDER_ROUTE = "/voila/render/(.*)"
ROOM_SETTING = "cardlab_room"
WATCH_SCRIPT = Path(__file__).with_name("connection.js").read_text(encoding="utf-8")
TEMPLATE = "cardlab"
EXTENSION = "cardlab.widgets.server"
"""This module's name as a Jupyter server extension (also when run as ``__main__``)."""
_HEAD_TAG = re.compile(r"<head[^>]*>", re.IGNORECASE)

ROOM_FULL_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{retry_after}">
<title>{heading}</title>
<style>body{{font:18px/1.5 sans-serif;max-width:34em;margin:4em auto;padding:0 1em;color:#222}}</style>
</head><body>
<h1>{heading}</h1>
<p>{sentence}</p>
</body></html>
"""
OPENING_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="cardlab-visitor" content="{cookie}">
<title>{heading}</title>
<style>body{{font:18px/1.5 sans-serif;max-width:34em;margin:4em auto;padding:0 1em;color:#222}}</style>
<script>{script}</script>
</head><body>
<h1>{heading}</h1>
<p id="cardlab-opening">{sentence}</p>
<p id="cardlab-no-cookie" hidden>{no_cookie}</p>
<noscript><p>{no_script}</p></noscript>
</body></html>
"""
OPENING_SCRIPT = Path(__file__).with_name("opening.js").read_text(encoding="utf-8")
OPENING = N_("Opening the lesson…")
OPENING_SENTENCE = N_("The lesson is starting.")
NO_SCRIPT = N_("This lesson needs JavaScript: turn it on in your browser, then load the page again.")
NO_COOKIE = N_("This lesson needs cookies from this site: allow them in your browser, then load the page again.")
VISITOR_COOKIE = "cardlab_visitor"
VISITOR_DAYS = 30

ROOM_FULL = N_("The room is full")
ROOM_FULL_SENTENCE = N_("Every seat at the card tables is taken right now. Try again in a minute: "
                        "this page tries again by itself.")


class NoDelayChannelsConnection(ZMQChannelsWebsocketConnection):
    """Kernel websocket connection that disables Nagle's algorithm on its TCP stream."""

    # jupyter_server's own ZMQ connection returns this, where its base class says a coroutine
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        try:
            self.websocket_handler.set_nodelay(True)
        except Exception:  # a closed or odd stream must never break the kernel connection
            self.log.debug("could not set TCP_NODELAY on kernel websocket", exc_info=True)
        return super().connect()


@dataclass(eq=False)
class Seat:
    """One visitor's place in the room, from the page request until its kernel is gone."""

    visitor: str = ""  # the browser's id (its visitor cookie)
    kernel_id: str | None = None
    rendering: bool = True  # the page is still being sent (its cells executed)
    alone_since: float | None = None  # monotonic time its kernel was first seen with no page connected


class Room(LoggingConfigurable):
    """The seats of the room (``"Room"`` in ``voila.json``): how many visitors, and for how long.

    Only a browser takes a seat: a request without the visitor cookie, which the page's script sets
    (:class:`LessonPageHandler`), is answered by that script and starts no kernel, so a loop of plain
    GETs holds nothing. A page takes a seat at once, before any await, so requests arriving together
    can never take more seats than there are. The seat holds the kernel the page starts or takes from
    a pool, and is freed when that kernel is gone: shut down by the tab's beacon, culled, shut down
    here once no page has been connected to it for :attr:`unconnected_timeout` seconds, or given up
    for the same browser's newer page past :attr:`per_visitor`.
    """

    max_kernels = Int(
        0,
        config=True,
        help="Most visitors' kernels at once; one more visitor reads 'the room is full' "
             "(HTTP 503). Preheated kernels waiting in Voilà's pools are not counted (their number "
             "is the pool sizes). 0: no limit.",
    )
    retry_after = Int(60, config=True, help="Seconds a refused visitor is asked to wait.")
    unconnected_timeout = Float(
        45,
        config=True,
        help="Seconds a visitor's kernel may go with no page connected to it, once its page is "
             "sent; then it is shut down and its seat freed. This frees the kernels of pages that "
             "never connect (a plain GET, a link preview, a bot) and of tabs closed without their "
             "shutdown reaching the server; a page that reconnects in time keeps its kernel. "
             "0: never.",
    )
    check_interval = Float(5, config=True,
                           help="Seconds between two looks at whether the seats' pages are connected.")
    per_visitor = Int(
        6,
        config=True,
        help="Lesson pages one browser may hold at once: its next page frees the seat of its oldest "
             "(that kernel is shut down), so one client loading pages in a loop never holds more. "
             "0: no limit.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seats: list[Seat] = []
        self._rounds: PeriodicCallback | None = None

    def take_seat(self, kernel_manager: MappingKernelManager, visitor: str) -> Seat | None:
        """A seat for a new page of ``visitor``, or None when the room is full (or that visitor's
        pages are all still being sent)."""
        self._drop_gone(kernel_manager)
        if self.per_visitor > 0:
            own = [seat for seat in self.seats if seat.visitor == visitor]
            for seat in own[: max(0, len(own) - self.per_visitor + 1)]:
                if seat.rendering:
                    return None
                self.log.warning("room: a browser's page %d past %d: its oldest kernel %s shut down",
                                 len(own) + 1, self.per_visitor, seat.kernel_id)
                self.seats.remove(seat)
                if seat.kernel_id is not None:
                    IOLoop.current().spawn_callback(self._shut_down, kernel_manager, seat.kernel_id)
        if 0 < self.max_kernels <= len(self.seats):
            return None
        seat = Seat(visitor=visitor)
        self.seats.append(seat)
        if self._rounds is None and self.unconnected_timeout > 0:
            self._rounds = PeriodicCallback(lambda: self.free_unconnected(kernel_manager),
                                            self.check_interval * 1000)
            self._rounds.start()
        return seat

    def page_sent(self, seat: Seat) -> None:
        """The page is sent (or failed): from now on its kernel needs the page connected."""
        seat.rendering = False
        seat.alone_since = time.monotonic()
        if seat.kernel_id is None and seat in self.seats:  # no kernel was started: nothing to hold
            self.seats.remove(seat)

    def _drop_gone(self, kernel_manager: MappingKernelManager) -> None:
        self.seats = [s for s in self.seats if s.kernel_id is None or s.kernel_id in kernel_manager]

    async def free_unconnected(self, kernel_manager: MappingKernelManager) -> None:
        """Shut down the kernels no page has been connected to for ``unconnected_timeout`` s."""
        self._drop_gone(kernel_manager)
        now = time.monotonic()
        for seat in list(self.seats):
            if seat.rendering or seat.kernel_id is None or seat.kernel_id not in kernel_manager:
                continue
            if kernel_manager.kernel_model(seat.kernel_id)["connections"] > 0:
                seat.alone_since = None
                continue
            seat.alone_since = seat.alone_since or now
            if now - seat.alone_since < self.unconnected_timeout:
                continue
            self.log.warning("room: kernel %s had no page connected for %.0f s: shut down, seat freed",
                             seat.kernel_id, now - seat.alone_since)
            await self._shut_down(kernel_manager, seat.kernel_id)
            if seat in self.seats:
                self.seats.remove(seat)

    async def _shut_down(self, kernel_manager: MappingKernelManager, kernel_id: str) -> None:
        try:
            await ensure_async(kernel_manager.shutdown_kernel(kernel_id))
        except Exception:  # shut down meanwhile by its beacon or the culler
            self.log.debug("room: kernel %s was already gone", kernel_id, exc_info=True)


class SeatedKernelManager:
    """The kernel manager as one lesson page uses it: the kernel it starts or takes sits in its seat.

    Voilà's page handler starts a kernel (``start_kernel``) or takes a preheated one
    (``get_rendered_notebook``) and keeps its id to itself; this hands the id to the seat the
    moment the kernel is the page's. Everything else goes to the kernel manager itself.
    """

    def __init__(self, manager: MappingKernelManager, seat: Seat) -> None:
        # Any: Voilà makes its kernel manager's class at run time (voila_kernel_manager_factory),
        # and only that class has get_rendered_notebook; voila ships no types.
        self._manager: Any = manager
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._seat.kernel_id = kernel_id
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> tuple[Any, Any, str]:
        render_task, rendered, kernel_id = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._seat.kernel_id = kernel_id
        # A preheated kernel has been idle since its pool was filled, and Voilà spares only the
        # kernels still in a pool from the idle culler: one idle longer than cull_idle_timeout was
        # culled between leaving its pool and its page connecting, leaving the visitor a dead page.
        self._manager.get_kernel(kernel_id).last_activity = datetime.now(timezone.utc)
        return render_task, rendered, kernel_id


def with_watch_script(html: str) -> str:
    """The page's first chunk with the connection watcher as the first thing in its head."""
    script = f"<script>{WATCH_SCRIPT}</script>"
    head = _HEAD_TAG.search(html)
    if head is None:
        return script + html
    return html[: head.end()] + script + html[head.end():]


class LessonPageHandler(TornadoVoilaHandler):
    """Voilà's notebook page with the ``_xsrf`` cookie, a seat in the room and the watcher.

    A request without a valid visitor cookie gets :data:`OPENING_PAGE` instead: its script sets the
    cookie (signed here, so it cannot be made up) and loads the page again. A browser sees the lesson
    a moment later; a plain GET (a script's loop, a link preview, a bot) starts no kernel.
    """

    seat: Seat | None = None

    @property
    def kernel_manager(self) -> MappingKernelManager | SeatedKernelManager:
        manager = self.settings["kernel_manager"]
        return manager if self.seat is None else SeatedKernelManager(manager, self.seat)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        room: Room | None = self.settings.get(ROOM_SETTING)
        if room is not None:
            visitor = self.get_signed_cookie(VISITOR_COOKIE, max_age_days=VISITOR_DAYS)
            if visitor is None:
                self.opening_page(path or "")
                return
            self.seat = room.take_seat(self.settings["kernel_manager"], visitor.decode("ascii", "replace"))
            if self.seat is None:
                self.log.warning("room full: %s refused", self.request.path)
                self.set_status(503)
                self.set_header("Retry-After", str(room.retry_after))
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(room_full_page(lesson_language(path or "", self.request.headers.get("Accept-Language")),
                                           room.retry_after))
                return
        self.xsrf_token  # reading it sets the _xsrf cookie that the tab-close beacon sends back
        try:
            first = True
            async for html in self.get_generator(path=path):
                if first:
                    html, first = with_watch_script(html), False
                self.write(html)
                self.flush()
        finally:
            if room is not None and self.seat is not None:
                room.page_sent(self.seat)


    def opening_page(self, path: str) -> None:
        """The page whose script proves a browser: it sets a new visitor cookie and loads the page again."""
        value = self.create_signed_value(VISITOR_COOKIE, secrets.token_urlsafe(16)).decode("ascii")
        cookie = (f"{VISITOR_COOKIE}={value}; path={self.base_url}; max-age={VISITOR_DAYS * 86400}; "
                  "samesite=lax")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(opening_page(lesson_language(path, self.request.headers.get("Accept-Language")), cookie))


def opening_page(lang: str, cookie: str) -> str:
    """The opening page in ``lang``, its script setting ``cookie``."""
    with i18n.speaking(lang):
        return OPENING_PAGE.format(lang=lang, cookie=escape(cookie), script=OPENING_SCRIPT,
                                   heading=escape(_(OPENING)), sentence=escape(_(OPENING_SENTENCE)),
                                   no_cookie=escape(_(NO_COOKIE)), no_script=escape(_(NO_SCRIPT)))


def lesson_language(path: str, accept: str | None) -> str:
    """The language of the lesson at ``path`` (``fr/tressette.ipynb``: its folder), else the browser's."""
    folder = path.split("/", 1)[0] if "/" in path else None
    return room_words.page_language(folder, accept)


def room_full_page(lang: str, retry_after: int) -> str:
    """The page saying the room is full, in ``lang``; it asks again after ``retry_after`` seconds."""
    with i18n.speaking(lang):
        return ROOM_FULL_PAGE.format(lang=lang, retry_after=retry_after, heading=escape(_(ROOM_FULL)),
                                     sentence=escape(_(ROOM_FULL_SENTENCE)))


def _with_lesson_handler(handlers: list) -> list:
    """Voilà's handler list with :class:`LessonPageHandler` on the render route."""
    out = []
    for route in handlers:
        if isinstance(route, tuple) and route[0].endswith(RENDER_ROUTE) and route[1] is TornadoVoilaHandler:
            route = (route[0], LessonPageHandler, *route[2:])
        out.append(route)
    if not any(isinstance(route, tuple) and route[1] is LessonPageHandler for route in out):
        raise RuntimeError(f"Voilà no longer serves {RENDER_ROUTE} with TornadoVoilaHandler")
    return out


class CardlabVoila(Voila):
    """Voilà serving a folder, whose ``/`` opens :attr:`landing_notebook`."""

    name = "voila"  # keep reading voila.json / voila.py config files

    landing_notebook = Unicode(
        "index.ipynb",
        config=True,
        help="Notebook (relative to root_dir) that the bare URL / redirects to.",
    )

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        missing = template_missing(self.voila_configuration.template)
        if missing:
            print(missing, file=sys.stderr, flush=True)
            self.exit(1)

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings[ROOM_SETTING] = Room(parent=self)
        settings[classroom.SETTING] = classroom.Classrooms(parent=self)
        settings[teacher_key.SETTING] = teacher_key.teacher_key(Path.cwd())
        return settings

    def stop(self) -> None:
        """The rooms' worker processes stop with the server, then Voilà shuts its kernels down."""
        self.app.settings[classroom.SETTING].shutdown()
        super().stop()

    def listen(self) -> None:
        why = port_problem(self.ip, self.port) if self.port_retries == 0 else None
        if why:
            print(cannot_serve(self.ip, self.port, why), file=sys.stderr, flush=True)
            shutil.rmtree(self.connection_dir, ignore_errors=True)
            self.exit(1)
        IOLoop.current().add_callback(self._say_where)  # runs once listening, as the loop starts
        # Voilà listens with app.listen(port, ip): the server it makes is ours, with its bounds
        # (a request not finished in time closed, a cap on connections; "Connections" in voila.json).
        connections = classroom.Connections(parent=self)
        app = self.app
        app.listen = lambda port, address=None, **_: _listening(connections.server(app), port, address)
        super().listen()

    def _say_where(self) -> None:
        landing = ""
        if not self.notebook_path:
            page = Path(self.root_dir, self.landing_notebook).resolve()
            if page.is_relative_to(Path.cwd()):
                page = page.relative_to(Path.cwd())
            landing = f"landing page {page}; "
        print(f"serve: {self.display_url} ({landing}Ctrl-C stops)", flush=True)
        key = self.app.settings.get(teacher_key.SETTING)
        if key:
            print(f"serve: the teacher's link, which opens rooms (keep it to yourself, never on the projector): "
                  f"{teachers_link(self.display_url, str(key))}", flush=True)

    def init_handlers(self) -> list[Any]:
        handlers = classroom.handlers(self.base_url) + _with_lesson_handler(super().init_handlers())
        if self.notebook_path:  # single-notebook mode already renders it at /
            return handlers
        target = url_path_join(self.base_url, "voila/render", self.landing_notebook)
        # Tornado takes the first matching route, so this one wins over the tree page.
        return [(self.server_url, RedirectHandler, {"url": target, "permanent": False})] + handlers


def teachers_link(display_url: str, key: str) -> str:
    """The address of the teachers' form with the teacher's key, under the server's address."""
    first = display_url.strip().splitlines()[0] if display_url.strip() else display_url
    return first.split("?", 1)[0].rstrip("/") + "/cardlab/rooms?key=" + quote(key, safe="")


def _listening(server: HTTPServer, port: int, address: str | None) -> HTTPServer:
    server.listen(port, address)
    return server


def template_missing(name: str | None) -> str | None:
    """What to tell a teacher whose environment lacks the cardlab page template, or None."""
    if name != TEMPLATE or any(Path(d).is_dir() for d in jupyter_path("voila", "templates", TEMPLATE)):
        return None
    return (f"serve: the cardlab page template is not installed in {sys.prefix}; "
            f"run bash scripts/setup.sh (or pip install the cardlab package) and start again.")


def port_problem(ip: str, port: int) -> str | None:
    """Why the server could not listen on ``ip:port`` right now, or None if it could."""
    try:
        addresses = socket.getaddrinfo(ip or None, port, socket.AF_UNSPEC, socket.SOCK_STREAM,
                                       0, socket.AI_PASSIVE)
    except socket.gaierror:
        return None  # Voilà reports an address it cannot use
    for family, kind, proto, _name, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado binds
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    return "another program is using that port (another server, perhaps an " \
                           "earlier serve.sh still running)"
                if e.errno == errno.EACCES:
                    return "this user may not use that port (ports below 1024 need root)"
    return None


def cannot_serve(ip: str, port: int, why: str) -> str:
    """What to tell a teacher whose port is taken: why, and how to choose another."""
    free = next((p for p in range(port + 1, min(port + 100, 65536)) if port_problem(ip, p) is None),
                port + 1)
    return (f"serve: cannot serve on {ip or 'all addresses'} port {port}: {why}.\n"
            f"Stop that program, or choose another port with --port, e.g.\n"
            f"    bash scripts/serve.sh --port={free}\n"
            f"(or change \"port\" under \"Voila\" in voila.json).")


# --- the same settings under a plain Jupyter server (Binder, JupyterHub) ---------------------

def _jupyter_server_extension_points() -> list[dict[str, str]]:
    # A Jupyter server loads extensions in the alphabetical order of their names, "cardlab…" before
    # "voila": Voilà's own point comes first here, so its render route exists when ours is loaded.
    return [{"module": "voila.server_extension"}, {"module": EXTENSION}]


def _load_jupyter_server_extension(server_app: ServerApp) -> None:
    """Serve the Voilà extension's render route with :class:`LessonPageHandler`.

    Tornado takes the first matching rule: Voilà's extension, loaded again later under its own name,
    adds rules after this one, which are never reached."""
    web_app = server_app.web_app
    web_app.settings[ROOM_SETTING] = Room(parent=server_app)
    _render_rule(web_app).target = LessonPageHandler
    web_app.settings[classroom.SETTING] = classroom.Classrooms(parent=server_app)
    # The visitor's own server (Binder): the key is made as on the app server, and put in this
    # server's environment, which its kernels inherit, for the landing page's rooms link.
    try:
        key = teacher_key.teacher_key(Path.cwd())
    except OSError as error:     # a folder it may not write: a key for this run only
        server_app.log.warning("cardlab: cannot keep the teacher's key in %s (%s): a new one each start",
                               Path.cwd() / teacher_key.KEY_FILE, error)
        key = secrets.token_urlsafe(32)
    web_app.settings[teacher_key.SETTING] = key
    os.environ[teacher_key.KEY_ENV] = key
    os.environ[teacher_key.PERSONAL_ENV] = "1"
    web_app.add_handlers(".*$", classroom.handlers(web_app.settings.get("base_url", "/")))


def _render_rule(web_app: tornado.web.Application) -> Rule:
    """The Tornado rule by which the Voilà server extension serves ``/voila/render/…``.

    Voilà offers no setting for its page handler class, and the handler's arguments (the
    template paths, the VoilaConfiguration) are made inside its own extension loader; so the
    rule it added is found here and given our handler, arguments kept.
    """
    for host_rule in web_app.default_router.rules:
        rules: list[Rule] = getattr(host_rule.target, "rules", [])
        for rule in rules:
            if rule.target is TornadoVoilaHandler:
                return rule
    raise RuntimeError(f"{EXTENSION} needs the voila server extension, loaded before it")


def jupyter_server_config(voila_settings: dict) -> dict:
    """The Jupyter server config (``jupyter_server_config.d``) equivalent to ``voila.json``."""
    config: dict = {
        "ServerApp": {
            "jpserver_extensions": {"voila": True, EXTENSION: True},
            "kernel_websocket_connection_class":
                voila_settings["Voila"]["kernel_websocket_connection_class"],
        },
    }
    for section in ("MappingKernelManager", "Room", "Classrooms", "VoilaConfiguration"):
        if section in voila_settings:
            config[section] = dict(voila_settings[section])
    return config


def write_jupyter_server_config(voila_json: Path, prefix: Path = Path(sys.prefix)) -> Path:
    """Merge :func:`jupyter_server_config` into the config file a server in ``prefix`` reads.

    That is ``<prefix>/etc/jupyter/jupyter_server_config.json`` (the ``.d`` folder beside it only
    enables extensions; the other sections are read from this file). Returns its path.
    """
    target = prefix / "etc" / "jupyter" / "jupyter_server_config.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    config = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    ours = jupyter_server_config(json.loads(voila_json.read_text(encoding="utf-8")))
    for section, values in ours.items():
        merged = {**config.get(section, {}), **values}
        if "jpserver_extensions" in values:
            merged["jpserver_extensions"] = {**config.get(section, {}).get("jpserver_extensions", {}),
                                             **values["jpserver_extensions"]}
        config[section] = merged
    target.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return target


main = CardlabVoila.launch_instance

if __name__ == "__main__":
    main()
