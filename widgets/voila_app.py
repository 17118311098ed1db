"""The cardlab app server: Voilà plus two small things it lacks.

Run it from the repository root (``scripts/serve.sh`` does)::

    python -m widgets.voila_app

All settings (port, root folder, preheated kernels, culling, xsrf) live in ``voila.json``
at the repository root, which Voilà reads from the working directory; the test fixtures start
the very same command, only with ``--port`` added.

What this adds to plain ``voila``:

1. ``/`` redirects to the landing notebook (``notebooks/index.ipynb``) instead of showing
   Voilà's file tree. Voilà has no setting for this (voila-dashboards/voila#540), so
   :class:`CardlabVoila` puts one route in front of Voilà's own. The tree is still at
   ``/voila/tree``.
2. :class:`NoDelayChannelsConnection` sets TCP_NODELAY on each kernel websocket. Neither
   jupyter_server nor Voilà does, and Nagle's algorithm plus delayed ACKs added about 40 ms
   to every widget round trip (click -> output). It is an ordinary
   ``kernel_websocket_connection_class``, so a Jupyter server can use it too
   (``--ServerApp.kernel_websocket_connection_class=widgets.voila_app.NoDelayChannelsConnection``).

Only the server process imports this module; notebooks never do.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Unicode
from voila.app import Voila


class NoDelayChannelsConnection(ZMQChannelsWebsocketConnection):
    """Kernel websocket connection that disables Nagle's algorithm on its TCP stream."""

    def connect(self):
        try:
            self.websocket_handler.set_nodelay(True)
        except Exception:  # a closed or odd stream must never break the kernel connection
            self.log.debug("could not set TCP_NODELAY on kernel websocket", exc_info=True)
        return super().connect()


class CardlabVoila(Voila):
    """Voilà serving a folder, whose ``/`` opens :attr:`landing_notebook`."""

    name = "voila"  # keep reading voila.json / voila.py config files

    landing_notebook = Unicode(
        "index.ipynb",
        config=True,
        help="Notebook (relative to root_dir) that the bare URL / redirects to.",
    )

    def init_handlers(self):
        handlers = super().init_handlers()
        if self.notebook_path:  # single-notebook mode already renders it at /
            return handlers
        target = url_path_join(self.base_url, "voila/render", self.landing_notebook)
        # Tornado takes the first matching route, so this one wins over the tree page.
        return [(self.server_url, RedirectHandler, {"url": target, "permanent": False})] + handlers


main = CardlabVoila.launch_instance

if __name__ == "__main__":
    main()
