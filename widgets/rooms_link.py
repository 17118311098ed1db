"""The landing page's way into the teacher's rooms, right wherever the lesson runs.

A link written into the notebook's text cannot be: the rooms are served under the server's own
base address (``/`` on our app, ``/user/<name>/`` on Binder), at a school's JupyterHub by the
hub's managed service (``CARDLAB_ROOMS_URL``, its prefix, set for every user's server by
``deploy/hub``), and the static site has no server at all.  The kernel knows which it is in, and
the language its lesson installed: a French lesson's links open the rooms' pages in French.

The teacher's key (:mod:`cardlab.widgets.teacher_key`) is in the link to the teachers' form only
where the server is the visitor's own (Binder: the server extension says so in its environment,
which the kernel inherits) and the rooms are its own: never on the shared app server, where
learners open the same lessons, and never on a hub, whose group decides.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from urllib.parse import quote

from cardlab import i18n
from cardlab.i18n import N_, _

from .html import escape
from .room_words import in_address
from .teacher_key import KEY_ENV, PERSONAL_ENV

NO_SERVER = N_("Rooms need a server: this site runs in your browser alone. Start the app with the "
               "README's serve command, use a school's JupyterHub, or open the kit on Binder.")


def rooms_base(environ: Mapping[str, str] | None = None) -> str | None:
    """The address under which the rooms' pages live (ending in ``cardlab/``), or None where no
    server can hold a room."""
    if sys.platform == "emscripten":
        return None
    env = os.environ if environ is None else environ
    base = (env.get("CARDLAB_ROOMS_URL") or env.get("VOILA_BASE_URL")
            or env.get("JUPYTERHUB_SERVICE_PREFIX") or "/")
    return base.rstrip("/") + "/cardlab/"


def personal_key(environ: Mapping[str, str] | None = None) -> str:
    """The teacher's key where the server is the visitor's own and serves the rooms itself, else ""."""
    env = os.environ if environ is None else environ
    if env.get(PERSONAL_ENV) != "1" or env.get("CARDLAB_ROOMS_URL"):
        return ""
    return env.get(KEY_ENV, "").strip()


class RoomsLinks:
    """Shows itself in a notebook: where a teacher opens a room and a learner joins one, or why
    there are no rooms here."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.base = rooms_base(environ)
        self.key = personal_key(environ) if self.base is not None else ""

    def _teach_query(self, query: str) -> str:
        if not self.key:
            return query
        return f"{query}{'&' if query else '?'}key={quote(self.key, safe='')}"

    def _repr_html_(self) -> str:
        if self.base is None:
            return f"<p>{escape(_(NO_SERVER))}</p>"
        teach, join = escape(_("Teach a class: open a room")), escape(_("Join a room"))
        query = in_address(i18n.language())
        return (f'<p><a class="cardlab-rooms-open" href="{escape(self.base)}rooms{escape(self._teach_query(query))}">'
                f"<strong>{teach}</strong></a> · "
                f'<a class="cardlab-rooms-join" href="{escape(self.base)}room{query}">{join}</a></p>')

    def __repr__(self) -> str:
        if self.base is None:
            return _(NO_SERVER)
        query = in_address(i18n.language())
        return (_("Teach a class: open a room") + f" ({self.base}rooms{self._teach_query(query)}) · "
                + _("Join a room") + f" ({self.base}room{query})")
