"""JupyterHub config: cardlab's card rooms as the hub's managed service (issue 22).

One process (``python -m cardlab.widgets.hub_service``) holds every room of the hub, at
``/services/cardlab-rooms/``; the hub starts it, stops it with itself and logs every user in to it.
Who may do what, by hub scopes:

- every hub user reaches the service (``access:services!service=cardlab-rooms``, added to the
  default ``user`` role) and may join a room with its code;
- members of the hub group ``teachers`` also hold ``custom:cardlab-rooms:teach``, which the
  service's login asks for: only they see the form that opens a room and the teacher's pages.
  Add teachers in ``TEACHERS`` below, or later in the hub's admin page (Groups → teachers); a
  teacher added while logged in to the rooms logs in again (log out of the hub, log in).

Use it from the folder the hub runs in: ``jupyterhub -f /path/to/cardlab/deploy/hub/jupyterhub_config.py``,
in a Python environment with ``cardlab[app]`` and ``jupyterhub`` installed, and Node.js's
``configurable-http-proxy`` (``npm ci`` in this folder puts it in ``node_modules/.bin``).
Load it from the school's own config with ``load_subconfig(path)`` and set the authenticator
and spawner there. Links for learners: ``/services/cardlab-rooms/`` (a teacher lands on the room
form, a learner on the code page); the hub's Services menu lists it too. Every user's own server
gets ``CARDLAB_ROOMS_URL``, so the landing page's rooms links (``RoomsLinks``) lead to this
service rather than to the user's server.
"""
import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (given by JupyterHub when it reads the file)

SERVICE = "cardlab-rooms"
TEACH = "custom:cardlab-rooms:teach"
TEACHERS: list[str] = []
"""Hub usernames put in the ``teachers`` group at start (members added in the admin page stay)."""
ROOMS_DIR = Path(os.environ.get("CARDLAB_ROOMS_DIR", "cardlab-rooms")).resolve()
"""The service's working directory: its rooms are kept in ``.cardlab/classrooms.sqlite3`` there."""
ROOMS_PORT = int(os.environ.get("CARDLAB_ROOMS_PORT", "10101"))
"""The service listens on 127.0.0.1 at this port; the hub's proxy routes the prefix to it."""

ROOMS_DIR.mkdir(parents=True, exist_ok=True)
proxy = Path(__file__).resolve().parent / "node_modules" / ".bin" / "configurable-http-proxy"
if proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(proxy)]

c.JupyterHub.services = [
    {
        "name": SERVICE,
        "display": True,
        "info": {"description": "Card rooms: four learners at a table, the teacher's room view"},
        "url": f"http://127.0.0.1:{ROOMS_PORT}",
        "command": [sys.executable, "-m", "cardlab.widgets.hub_service"],
        "cwd": str(ROOMS_DIR),
        # the hub's own service: no "authorize this application?" page for each user
        "oauth_no_confirm": True,
        # the most a user's login to the service may carry: the teacher's scope, for those who hold it
        "oauth_client_allowed_scopes": [TEACH],
    }
]
c.JupyterHub.custom_scopes = {
    TEACH: {"description": "Open card rooms and see their teacher's pages (cardlab's card rooms)."},
}
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]},
    {"name": "cardlab-teacher", "description": "Opens card rooms", "scopes": [TEACH], "groups": ["teachers"]},
]
c.JupyterHub.load_groups = {"teachers": {"users": TEACHERS}}


def rooms_url(spawner: object) -> str:
    """The service's address on this hub (under the hub's own ``base_url``, if it has one)."""
    return f"{spawner.hub.base_url.removesuffix('hub/')}services/{SERVICE}/"  # type: ignore[attr-defined]


c.Spawner.environment = {"CARDLAB_ROOMS_URL": rooms_url}
