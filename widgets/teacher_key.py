"""The teacher's key (issue 33): what opens rooms on a server that has no login of its own.

On the app server anyone who can reach it can open its pages, so opening a room, and the teachers'
form, need the key: ``CARDLAB_TEACHER_KEY`` from the environment, else one made at the first start
(``secrets.token_urlsafe``, 256 bits) and kept in ``.cardlab/teacher_key`` under the server's working
directory (mode 0600), so a restart keeps it.  The server prints the teacher's link
(``/cardlab/rooms?key=…``) once it listens; the form sends the key back in a hidden field, and once
accepted an HttpOnly, SameSite=Strict cookie scoped to the form's address lets the teacher in again
without it.  On a JupyterHub the hub's group ``teachers`` is the proof instead (no key).

On Binder (this kit loaded as a Jupyter server extension) the server is the visitor's own: the key is
made the same way and put in the server's environment with :data:`PERSONAL_ENV`, which the kernels
inherit, so the landing page's rooms link (:mod:`cardlab.widgets.rooms_link`) carries it there, and
only there: the app server never sets it, and its lessons never show the key.
"""
from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

KEY_ENV = "CARDLAB_TEACHER_KEY"
"""The environment variable whose value, when set and not empty, is the teacher's key."""
KEY_FILE = Path(".cardlab") / "teacher_key"
"""Where a key made by the server is kept, under its working directory."""
PERSONAL_ENV = "CARDLAB_ROOMS_PERSONAL"
"""Set to ``1`` by the Jupyter server extension (Binder: a server of one's own) in its environment:
there, and only there, the landing page's rooms link carries the key."""
SETTING = "cardlab_teacher_key"
"""The key in the Tornado application's settings (absent: no key asked, as on a hub)."""
COOKIE = "cardlab_teacher"
"""The cookie that holds the key once the form accepted it."""


def teacher_key(folder: Path | None = None, environ: dict[str, str] | None = None) -> str:
    """The server's teacher's key: the environment's, else the one kept in ``folder``'s
    ``.cardlab/teacher_key``, made (mode 0600) when there is none yet."""
    env = os.environ if environ is None else environ
    given = env.get(KEY_ENV, "").strip()
    if given:
        return given
    path = (Path.cwd() if folder is None else folder) / KEY_FILE
    try:
        kept = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        kept = ""
    if kept:
        return kept
    path.parent.mkdir(parents=True, exist_ok=True)
    made = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(made + "\n")
    os.chmod(path, 0o600)
    return made


def is_key(given: str | None, key: str) -> bool:
    """Whether ``given`` is the key (compared in constant time)."""
    return bool(given) and bool(key) and hmac.compare_digest(
        (given or "").encode("utf-8", "surrogatepass"), key.encode("utf-8", "surrogatepass"))
