"""The app server's plumbing, over plain HTTP: what voila.json and cardlab.widgets.server promise."""

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from unittest import mock

import pytest

from tests.servers import REPO, browser_cookie, landing_title, lesson_page


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
    status, _, html = lesson_page(voila_url + "/voila/render/index.ipynb")
    assert status == 200
    assert landing_title() in html


def test_tree_still_reachable(voila_url):
    with urllib.request.urlopen(voila_url + "/voila/tree", timeout=30) as resp:
        assert resp.status == 200


def _post_shutdown(voila_url: str, kernel_id: str, xsrf: str | None) -> int:
    req = urllib.request.Request(f"{voila_url}/voila/api/shutdown/{kernel_id}",
                                 data=urllib.parse.urlencode({"_xsrf": xsrf}).encode() if xsrf else b"",
                                 method="POST")
    if xsrf:
        req.add_header("Cookie", f"_xsrf={xsrf}")
        req.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status
    except urllib.error.HTTPError as e:
        return e.code


def test_lesson_page_sets_the_xsrf_cookie_the_shutdown_beacon_needs(voila_url):
    # Voila's beforeunload beacon posts the page's _xsrf cookie back; without the cookie every
    # closed tab's shutdown was refused (403) and its kernel leaked. The check itself stays on.
    request = urllib.request.Request(voila_url + "/voila/render/index.ipynb",
                                     headers={"Cookie": browser_cookie(voila_url + "/voila/render/index.ipynb")})
    with urllib.request.urlopen(request, timeout=60) as resp:
        html = resp.read().decode()
        cookies = [c.split(";")[0] for c in resp.headers.get_all("Set-Cookie") or []]
    xsrf = dict(c.split("=", 1) for c in cookies).get("_xsrf")
    assert xsrf, cookies
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html).group(1)
    assert _post_shutdown(voila_url, kernel_id, None) == 403
    assert _post_shutdown(voila_url, kernel_id, xsrf) == 204
    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel_id}", timeout=30)
    assert gone.value.code == 404


def test_voila_json_settings():
    cfg = json.loads((REPO / "voila.json").read_text())
    assert cfg["Voila"]["ip"] == "127.0.0.1" and cfg["Voila"]["port"] == 8866
    assert cfg["VoilaConfiguration"]["preheat_kernel"] is True
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert cfg["Voila"]["kernel_websocket_connection_class"] == \
        "cardlab.widgets.server.NoDelayChannelsConnection"
    assert "tornado_settings" not in cfg["Voila"]  # the xsrf check stays on
    assert cfg["Room"]["max_kernels"] > 0
    assert cfg["MappingKernelManager"]["cull_connected"] is True  # a forgotten tab frees its seat
    # a page that never connects, or a tab closed without its shutdown, frees its seat in a minute
    room = cfg["Room"]
    assert 0 < room["unconnected_timeout"] and room["unconnected_timeout"] + 2 * room["check_interval"] <= 60
    assert cfg["VoilaConfiguration"]["template"] == "cardlab"  # Voilà's page, no CDN links


def test_jupyter_server_config_carries_voila_json_settings(tmp_path):
    from cardlab.widgets.server import write_jupyter_server_config

    target = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {"other": True}, "ip": "0.0.0.0"}}))
    assert write_jupyter_server_config(REPO / "voila.json", tmp_path) == target
    config = json.loads(target.read_text())
    voila = json.loads((REPO / "voila.json").read_text())
    assert config["ServerApp"]["ip"] == "0.0.0.0"  # what was there stays
    assert config["ServerApp"]["jpserver_extensions"] == {
        "other": True, "voila": True, "cardlab.widgets.server": True}
    assert config["ServerApp"]["kernel_websocket_connection_class"] == \
        voila["Voila"]["kernel_websocket_connection_class"]
    for section in ("MappingKernelManager", "Room", "VoilaConfiguration"):
        assert config[section] == voila[section]


def test_lesson_page_links_nothing_outside(voila_url):
    _, _, html = lesson_page(voila_url + "/voila/render/index.ipynb")
    assert "/voila/templates/cardlab/static/" in html  # our template served it
    assert not re.findall(r'<(?:link|script)[^>]+(?:href|src)="https?://', html)


def test_kernel_websocket_sets_tcp_nodelay():
    from cardlab.widgets.server import NoDelayChannelsConnection

    conn = NoDelayChannelsConnection.__new__(NoDelayChannelsConnection)
    handler = mock.Mock()
    with mock.patch.object(NoDelayChannelsConnection.__mro__[1], "connect", return_value="ok") as base, \
         mock.patch.object(NoDelayChannelsConnection, "websocket_handler", handler, create=True):
        assert conn.connect() == "ok"
    handler.set_nodelay.assert_called_once_with(True)
    base.assert_called_once()
