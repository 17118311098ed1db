"""The app server's plumbing, over plain HTTP: what voila.json and widgets.voila_app promise."""

import json
import urllib.error
import urllib.request
from unittest import mock

from tests.servers import REPO, landing_title


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_root_redirects_to_landing_notebook(voila_url):
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        opener.open(voila_url + "/", timeout=30)
        raise AssertionError("expected a redirect")
    except urllib.error.HTTPError as e:
        assert e.code == 302
        assert e.headers["Location"].endswith("/voila/render/index.ipynb")


def test_landing_notebook_renders(voila_url):
    with urllib.request.urlopen(voila_url + "/voila/render/index.ipynb", timeout=60) as resp:
        assert resp.status == 200
        assert landing_title() in resp.read().decode()


def test_tree_still_reachable(voila_url):
    with urllib.request.urlopen(voila_url + "/voila/tree", timeout=30) as resp:
        assert resp.status == 200


def test_shutdown_beacon_is_not_refused_for_missing_xsrf(voila_url):
    # Voila's beforeunload beacon carries no _xsrf: with xsrf checks on, every closed tab
    # leaked its kernel (403). An unknown kernel id must fail as "not found", not 403.
    req = urllib.request.Request(voila_url + "/voila/api/shutdown/00000000-0000-0000-0000-000000000000",
                                 data=b"", method="POST")
    try:
        urllib.request.urlopen(req, timeout=30)
    except urllib.error.HTTPError as e:
        assert e.code != 403, "shutdown beacon refused: xsrf check is on"


def test_voila_json_settings():
    cfg = json.loads((REPO / "voila.json").read_text())
    assert cfg["Voila"]["ip"] == "127.0.0.1" and cfg["Voila"]["port"] == 8866
    assert cfg["VoilaConfiguration"]["preheat_kernel"] is True
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert cfg["Voila"]["kernel_websocket_connection_class"] == \
        "widgets.voila_app.NoDelayChannelsConnection"


def test_kernel_websocket_sets_tcp_nodelay():
    from widgets.voila_app import NoDelayChannelsConnection

    conn = NoDelayChannelsConnection.__new__(NoDelayChannelsConnection)
    handler = mock.Mock()
    with mock.patch.object(NoDelayChannelsConnection.__mro__[1], "connect", return_value="ok") as base, \
         mock.patch.object(NoDelayChannelsConnection, "websocket_handler", handler, create=True):
        assert conn.connect() == "ok"
    handler.set_nodelay.assert_called_once_with(True)
    base.assert_called_once()
