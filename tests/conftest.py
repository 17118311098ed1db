"""Shared test plumbing: repository paths, free ports, and servers started as users start them.

Session fixtures (each starts its server once, on a free loopback port, and SIGTERMs it at the end):

- ``voila_url``  the app exactly as ``scripts/serve.sh`` runs it (``python -m cardlab.widgets.server``
  from the repository root, so the same ``voila.json``), only with ``--port`` and a longer wait for a
  page to connect (a loaded machine). Yields
  ``"http://127.0.0.1:PORT"`` whose ``/`` redirects to ``notebooks/index.ipynb``.
- ``lab_url``    ``jupyter lab`` over the repository (token off, loopback, no browser).

The browser fixtures (``browser``, ``page``, ``open_voila``, ``open_lab``) are in
``tests/browser/conftest.py``. Server logs go to ``test-artifacts/<name>.log``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest

from tests.servers import LOOPBACK, REPO, Server, free_port, voila_command


@pytest.fixture(scope="session")
def voila_server():
    port = free_port()
    # A page not connected after Room.unconnected_timeout (45 s) gives its kernel up: on a loaded machine a
    # long page can take that long to draw, so the tests' server waits 5 minutes (tests/browser/test_room_cap.py
    # checks the timeout itself on a server of its own).
    server = Server("voila", voila_command(port) + ["--Room.unconnected_timeout=300"], f"http://{LOOPBACK}:{port}",
                    ready_path="/voila/tree")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server) -> str:
    """Base URL of the served app, e.g. ``http://127.0.0.1:40123`` (no trailing slash)."""
    return voila_server.url


@pytest.fixture(scope="session")
def lab_url():
    """Base URL of a JupyterLab over the repository (open ``/lab/tree/notebooks/x.ipynb``)."""
    port = free_port()
    state = Path(tempfile.mkdtemp(prefix="cardlab-lab-"))  # fresh workspace and settings
    argv = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", "--allow-root",
        f"--ServerApp.ip={LOOPBACK}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={REPO}",
        f"--LabApp.workspaces_dir={state / 'workspaces'}",
        f"--LabApp.user_settings_dir={state / 'settings'}",
        # no "get Jupyter news?" toast, no update check (closed network)
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    server = Server("jupyterlab", argv, f"http://{LOOPBACK}:{port}", ready_path="/api/status",
                    env={"JUPYTER_CONFIG_DIR": str(state / "config")})
    yield server.url
    server.stop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files marked ``slow`` first, each file's tests still together and in order.

    scripts/test.sh hands whole files to the workers in this order (``--dist loadfile
    --no-loadscope-reorder``), so the long files start early and the many short ones fill the end:
    pytest-xdist's own order (most tests first) left files of one long test (the hub, the static site)
    to the end, one worker running them while the other had nothing left.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
