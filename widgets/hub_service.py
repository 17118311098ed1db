"""The classroom as a JupyterHub managed service (issue 22, "A school's JupyterHub").

Why: on a school's hub every learner has a server of their own, so a room cannot live in one of
them; this process holds the rooms for the whole hub, as the hub's managed service
(``deploy/hub/jupyterhub_config.py`` starts it: ``python -m cardlab.widgets.hub_service``).

It serves the classroom's own routes (:func:`cardlab.widgets.classroom.handlers`) under the prefix
the hub gives it (``$JUPYTERHUB_SERVICE_PREFIX``, e.g. ``/services/cardlab-rooms/``), on the address
it gives (``$JUPYTERHUB_SERVICE_URL``), each behind the hub's login (OAuth with the hub,
:class:`jupyterhub.services.auth.HubOAuthenticated`):

- a visitor the hub does not know is sent to the hub's login, and comes back after it;
- every hub user the hub lets reach the service (scope ``access:services!service=<name>``) may
  join a room; only those whose login carries :data:`TEACH` (the config grants it to the hub group
  ``teachers``) see the teacher's form and pages.

The rooms are kept in the SQLite file ``--Classrooms.path`` (relative to the working directory
the hub starts the service in), as in the app's own process.
"""
from __future__ import annotations

import asyncio
import os
import secrets
import signal
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import tornado.web
import tornado.websocket
from jupyter_server.utils import url_path_join
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed
from traitlets import List, Unicode
from traitlets.config import Application

from cardlab.i18n import N_

from . import classroom

TEACH = "custom:cardlab-rooms:teach"
"""The hub scope of a teacher: opening rooms and the teacher's pages."""
NOT_ALLOWED = N_("Your hub account may not use the card rooms: ask the hub's administrator.")
NOT_A_TEACHER = N_("Only a teacher opens card rooms: ask the hub's administrator to add you to the "
                   "teachers group, or type your room's code to join one.")
TEACHERS_PAGES = (classroom.OpenRoomPage, classroom.TeacherPage)


class HubGate(HubOAuthenticated):
    """Checks the hub user before any classroom handler runs: no user, the hub's login; a user
    without the teacher's scope on a teacher's page, one sentence."""

    teachers_only = False

    async def prepare(self) -> None:
        model = await self.hub_auth.get_user(self, sync=False)
        try:
            self._hub_auth_user_cache = self.check_hub_user(model) if model else None
        except UserNotAllowed:
            self._hub_auth_user_cache = None
            self.refuse_page(NOT_ALLOWED)
            return
        if self._hub_auth_user_cache is None:
            if isinstance(self, tornado.websocket.WebSocketHandler) or self.request.method not in ("GET", "HEAD"):
                raise tornado.web.HTTPError(403)
            self.redirect(self.get_login_url())
            return
        if self.teachers_only and not is_teacher(self._hub_auth_user_cache):
            self.refuse_page(NOT_A_TEACHER)
            return
        super().prepare()

    def refuse_page(self, sentence: str) -> None:
        if isinstance(self, classroom.RoomPage):
            self.said(N_("Not for your account"), sentence, 403)
        else:
            raise tornado.web.HTTPError(403)


def is_teacher(user: dict[str, Any]) -> bool:
    """Whether the hub user's model carries the teacher's scope."""
    return TEACH in user.get("scopes", ())


class HubJoinPage(classroom.JoinPage):
    """The name form starts with the hub user's name (as long as a name may be), which the
    learner may change."""

    def form(self, code: str, message: str = "", status: int = 200, name: str = "") -> None:
        user = self.current_user
        hub_name = user["name"][:self.service.limits.name_length] if user else ""
        super().form(code, message, status, name or hub_name)

    def client(self) -> str:
        """On the hub, who tries codes is the hub user: a new browser or a dropped cookie does not
        make them a new one."""
        user = self.current_user
        return f"hub {user['name']}" if user else super().client()


class Landing(HubGate, tornado.web.RequestHandler):
    """The service's own address (the hub's Services menu links it): a teacher goes to the form
    that opens a room, a learner to the page asking the room's code."""

    def get(self) -> None:
        page = "rooms" if is_teacher(self.current_user) else "room"
        self.redirect(url_path_join(self.settings["base_url"], "cardlab", page))


def gated(handler: type) -> type:
    """``handler`` behind :class:`HubGate`, teachers only for the teacher's pages."""
    base = HubJoinPage if handler is classroom.JoinPage else handler
    return type(handler.__name__, (HubGate, base), {"teachers_only": handler in TEACHERS_PAGES})


def routes(prefix: str) -> list[tuple[str, type, dict]]:
    """The classroom's routes under ``prefix``, each behind the hub, with the landing and the
    hub's OAuth callback (``<prefix>oauth_callback``, the address the hub registered).

    ``room.js`` and ``room.css`` stay open: they hold no room and no card, and the browser fetches a
    module script in CORS mode, where the hub takes no login cookie without an XSRF token (behind
    the gate each fetch of ``room.js`` would log in anew, changing the login, and with it the XSRF
    token of the page's form)."""
    rooms = [(pattern, handler if handler is classroom.AssetHandler else gated(handler), kwargs)
             for pattern, handler, kwargs in classroom.handlers(prefix)]
    return [(prefix, Landing, {}), (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler, {}), *rooms]


class HubService(Application):
    """``python -m cardlab.widgets.hub_service``: started by the hub, which sets its environment
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``, the API token, the OAuth client)."""

    name = "cardlab-hub-service"
    description = "cardlab's card rooms as a JupyterHub managed service"
    classes = [classroom.Classrooms, classroom.Connections]
    trusted_proxies = List(Unicode(), ["127.0.0.0/8", "::1"], config=True,
                           help="The addresses (or networks, 10.0.0.0/8) of the hub's proxy: only a "
                                "connection from one of them may say, in X-Forwarded-For and "
                                "X-Forwarded-Proto, whose request it carries and over what. By default "
                                "loopback, where the hub's proxy runs beside the service; on Kubernetes "
                                "give the proxy pod's network, never one users' pods are in (a user's pod "
                                "reaching the service directly could say it is anyone).")
    ip = Unicode("", config=True,
                 help="The address to listen on (0.0.0.0 where the proxy runs elsewhere, as on "
                      "Kubernetes); by default the host of $JUPYTERHUB_SERVICE_URL.")
    cookie_secret_file = Unicode(".cardlab/hub-service-cookie-secret", config=True,
                                 help="The file of the key that signs the service's login cookies "
                                      "(made at the first start; relative to the working directory).")

    def start(self) -> None:
        asyncio.run(self.serve())

    async def serve(self) -> None:
        url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/cardlab-rooms/")
        service = classroom.Classrooms(parent=self)
        settings: dict[str, Any] = {"base_url": prefix, "cookie_secret": self.cookie_secret(),
                                    classroom.SETTING: service}
        app = tornado.web.Application(routes(prefix), **settings)
        # Behind the hub's proxy: the visitor's address and scheme come in its X-Forwarded-* headers,
        # believed from the proxy only (the address is no longer used to count wrong codes: the hub
        # login is, HubJoinPage.client; the scheme makes the teacher's link).
        server = classroom.Connections(parent=self).server(app, trusted=self.trusted_proxies)
        server.listen(url.port or 80, self.ip or url.hostname or "127.0.0.1")
        self.log.info("cardlab rooms at %s%s, kept in %s", url.geturl(), prefix, os.path.abspath(service.path))
        stopping = asyncio.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):     # the hub stops its services with SIGTERM
            asyncio.get_running_loop().add_signal_handler(signum, stopping.set)
        await stopping.wait()
        server.stop()
        service.shutdown()           # the rooms' worker processes stop with the service
        self.log.info("cardlab rooms stopped")

    def cookie_secret(self) -> bytes:
        """The key that signs the service's login cookies, kept in a file so that a restart of the
        service (its rooms resume from SQLite) does not log out the browsers at its tables."""
        path = Path(self.cookie_secret_file)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o600)
            path.write_bytes(secrets.token_bytes(32))
        return path.read_bytes()


main = HubService.launch_instance

if __name__ == "__main__":
    main()
