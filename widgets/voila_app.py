"""The cardlab app server: Voilà plus the few things a classroom needs that it lacks.

Run it from the repository root (``scripts/serve.sh`` does)::

    python -m widgets.voila_app

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
   - past :attr:`Room.max_kernels` kernels in use it answers 503 with a small "the room is
     full" page and a ``Retry-After``, instead of starting one more kernel;
   - it puts ``widgets/voila_app.js`` in the page's head: when the connection is lost or the
     kernel stops or restarts, the page says so in a sentence and offers Reload.

Only the server process imports this module; notebooks never do.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import tornado.web
from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Int, Unicode
from traitlets.config import Configurable
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

RENDER_ROUTE = "/voila/render/(.*)"
ROOM_SETTING = "cardlab_room"
WATCH_SCRIPT = (Path(__file__).with_name("voila_app.js")).read_text(encoding="utf-8")
_HEAD_TAG = re.compile(r"<head[^>]*>", re.IGNORECASE)

ROOM_FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{retry_after}">
<title>The room is full</title>
<style>body{{font:18px/1.5 sans-serif;max-width:34em;margin:4em auto;padding:0 1em;color:#222}}</style>
</head><body>
<h1>The room is full</h1>
<p>Every seat at the card tables is taken right now. Try again in a minute:
this page tries again by itself.</p>
</body></html>
"""


class NoDelayChannelsConnection(ZMQChannelsWebsocketConnection):
    """Kernel websocket connection that disables Nagle's algorithm on its TCP stream."""

    def connect(self):
        try:
            self.websocket_handler.set_nodelay(True)
        except Exception:  # a closed or odd stream must never break the kernel connection
            self.log.debug("could not set TCP_NODELAY on kernel websocket", exc_info=True)
        return super().connect()


class Room(Configurable):
    """How many visitors the server seats at once (``"Room"`` in ``voila.json``)."""

    max_kernels = Int(
        0,
        config=True,
        help="Most kernels in use by visitors at once; one more visitor reads 'the room is full' "
             "(HTTP 503). Preheated kernels waiting in Voilà's pools are not counted (their number "
             "is the pool sizes). 0: no limit.",
    )
    retry_after = Int(60, config=True, help="Seconds a refused visitor is asked to wait.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.opening = 0  # pages admitted that are still starting a kernel of their own

    def is_full(self, kernel_manager) -> bool:
        if self.max_kernels <= 0:
            return False
        return kernels_in_use(kernel_manager) + self.opening >= self.max_kernels


def kernels_in_use(kernel_manager) -> int:
    """Live kernels, less the preheated ones still waiting in Voilà's pools for a visitor."""
    waiting = set()
    for pool in getattr(kernel_manager, "_pools", {}).values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                waiting.add(task.result()["kernel_id"])
    return len(set(kernel_manager.list_kernel_ids()) - waiting)


def with_watch_script(html: str) -> str:
    """The page's first chunk with the connection watcher as the first thing in its head."""
    script = f"<script>{WATCH_SCRIPT}</script>"
    head = _HEAD_TAG.search(html)
    if head is None:
        return script + html
    return html[: head.end()] + script + html[head.end():]


class LessonPageHandler(TornadoVoilaHandler):
    """Voilà's notebook page with the ``_xsrf`` cookie, the room's limit and the watcher."""

    @tornado.web.authenticated
    async def get(self, path=None):
        room: Room | None = self.settings.get(ROOM_SETTING)
        if room is not None and room.is_full(self.kernel_manager):
            self.log.warning("room full: %s refused", self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", str(room.retry_after))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(ROOM_FULL_PAGE.format(retry_after=room.retry_after))
            return
        self.xsrf_token  # reading it sets the _xsrf cookie that the tab-close beacon sends back
        opening = room is not None and not self._takes_preheated_kernel(path)
        if opening:
            room.opening += 1
        try:
            first = True
            async for html in self.get_generator(path=path):
                if first:
                    html, first = with_watch_script(html), False
                self.write(html)
                self.flush()
        finally:
            if opening:
                room.opening -= 1

    def _takes_preheated_kernel(self, path: str | None) -> bool:
        try:
            return self.kernel_manager.get_pool_size(self.notebook_path or path) > 0
        except AttributeError:  # a plain Jupyter server's kernel manager has no pools
            return False


def _with_lesson_handler(handlers: list) -> list:
    """Voilà's handler list with :class:`LessonPageHandler` on the render route."""
    out = []
    for route in handlers:
        if isinstance(route, tuple) and route[0].endswith(RENDER_ROUTE):
            route = (route[0], LessonPageHandler, *route[2:])
        out.append(route)
    return out


class CardlabVoila(Voila):
    """Voilà serving a folder, whose ``/`` opens :attr:`landing_notebook`."""

    name = "voila"  # keep reading voila.json / voila.py config files

    landing_notebook = Unicode(
        "index.ipynb",
        config=True,
        help="Notebook (relative to root_dir) that the bare URL / redirects to.",
    )

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings[ROOM_SETTING] = Room(parent=self)
        return settings

    def init_handlers(self):
        handlers = _with_lesson_handler(super().init_handlers())
        if self.notebook_path:  # single-notebook mode already renders it at /
            return handlers
        target = url_path_join(self.base_url, "voila/render", self.landing_notebook)
        # Tornado takes the first matching route, so this one wins over the tree page.
        return [(self.server_url, RedirectHandler, {"url": target, "permanent": False})] + handlers


# --- the same settings under a plain Jupyter server (Binder, JupyterHub) ---------------------

def _jupyter_server_extension_points():
    return [{"module": "widgets.voila_app"}]


def _load_jupyter_server_extension(server_app) -> None:
    """Put :class:`LessonPageHandler` in front of the Voilà extension's render route."""
    web_app = server_app.web_app
    web_app.settings[ROOM_SETTING] = Room(parent=server_app)
    route = url_path_join(web_app.settings["base_url"], RENDER_ROUTE)
    web_app.add_handlers(".*$", [(route, LessonPageHandler, _voila_render_kwargs(web_app))])
    # add_handlers appends after the Voilà extension's rules (loaded first, alphabetically);
    # Tornado takes the first match, so move ours to the front.
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))


def _voila_render_kwargs(web_app) -> dict:
    for host_rule in web_app.default_router.rules:
        for rule in getattr(host_rule.target, "rules", []):
            if rule.target is TornadoVoilaHandler:
                return rule.target_kwargs
    raise RuntimeError("widgets.voila_app needs the voila server extension, loaded before it")


def jupyter_server_config(voila_settings: dict) -> dict:
    """The Jupyter server config (``jupyter_server_config.d``) equivalent to ``voila.json``."""
    config: dict = {
        "ServerApp": {
            "jpserver_extensions": {"voila": True, "widgets.voila_app": True},
            "kernel_websocket_connection_class":
                voila_settings["Voila"]["kernel_websocket_connection_class"],
        },
    }
    for section in ("MappingKernelManager", "Room", "VoilaConfiguration"):
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
