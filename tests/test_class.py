"""A whole class on one server: past the room's limit a visitor reads "the room is full" (503,
Retry-After) at once, never a hang, and gets in again once a seat is free; and the Binder link
is printed for wherever the repository lives."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.servers import LOOPBACK, REPO, Server, free_port, lesson_page, voila_command

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def small_room():
    """The app with a room of one kernel and no preheated pools."""
    port = free_port()
    argv = voila_command(port) + ["--Room.max_kernels=1", "--Room.retry_after=45",
                                  "--VoilaConfiguration.preheat_kernel=False"]
    server = Server("voila-small-room", argv, f"http://{LOOPBACK}:{port}", ready_path="/voila/tree")
    yield server.url
    server.stop()


def test_past_the_limit_the_room_is_full_page_answers_at_once(small_room):
    status, _, first = lesson_page(f"{small_room}/voila/render/index.ipynb")
    assert status == 200
    status, headers, page = lesson_page(f"{small_room}/voila/render/tressette.ipynb", timeout=10)
    assert status == 503
    assert headers["Retry-After"] == "45"
    assert headers["Content-Type"].startswith("text/html")
    assert "The room is full" in page and "Try again in a minute" in page
    assert "Traceback" not in page
    # the first visitor leaves (its kernel is shut down): the next one gets in
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', first).group(1)
    req = urllib.request.Request(f"{small_room}/api/kernels/{kernel}", method="DELETE")
    xsrf = "cardlab-test"
    req.add_header("Cookie", f"_xsrf={xsrf}")
    req.add_header("X-XSRFToken", xsrf)
    with urllib.request.urlopen(req, timeout=30) as resp:
        assert resp.status == 204
    status, _, page = lesson_page(f"{small_room}/voila/render/tressette.ipynb")
    assert status == 200 and "The room is full" not in page


def binder_url(tmp_path: Path, remote: str | None) -> subprocess.CompletedProcess:
    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "binder-url.sh", tmp_path / "scripts")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote], check=True)
    return subprocess.run(["bash", str(tmp_path / "scripts" / "binder-url.sh")],
                          capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("remote", [
    "https://github.com/ludo-school/card-lab.git",
    "https://github.com/ludo-school/card-lab",
    "git@github.com:ludo-school/card-lab.git",
    "ssh://git@github.com/ludo-school/card-lab.git",
])
def test_binder_url_follows_the_origin_remote(tmp_path, remote):
    out = binder_url(tmp_path, remote)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("https://mybinder.org/v2/gh/ludo-school/card-lab/HEAD"
                                  "?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb")


@pytest.mark.parametrize("remote, says", [
    (None, "has no remote named 'origin'"),
    ("https://gitlab.com/ludo-school/card-lab.git", "is not a GitHub repository"),
])
def test_binder_url_without_a_github_origin_says_why(tmp_path, remote, says):
    out = binder_url(tmp_path, remote)
    assert out.returncode == 1
    assert says in out.stderr and out.stdout == ""
    assert "Traceback" not in out.stderr


def test_voila_json_sizes_the_room_above_the_pools():
    cfg = json.loads((REPO / "voila.json").read_text())
    pools = cfg["VoilaKernelManager"]["kernel_pools_config"]
    assert "default" in pools  # an English page without its own entry still gets a preheated kernel
    assert cfg["Room"]["max_kernels"] >= max(p["pool_size"] for p in pools.values())
