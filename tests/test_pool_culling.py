"""A lesson page served from a preheated kernel gets a living kernel, however long that kernel
waited in its pool.  Voilà spares the kernels still in a pool from the idle culler; one that had
waited longer than ``cull_idle_timeout`` was culled between leaving its pool and its page
connecting, so the visitor read a page whose widgets never came (the kernel's address answered
404).  The real server, with the culler looking every second at kernels idle for 3 s."""
from __future__ import annotations

import json
import re
import time
import urllib.request
from datetime import datetime, timezone

import pytest

from tests.servers import LOOPBACK, Server, free_port, lesson_page, voila_command

IDLE = 3


def kernel(url: str, kernel_id: str) -> dict:
    with urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=30) as resp:
        return json.load(resp)


def pooled(server: Server) -> list[dict]:
    """The preheated kernels, once every lesson's pool is filled (Voilà lists no kernels)."""
    log = server.log.read_text(errors="replace")
    if "pass_and_play.ipynb is filled" not in log:
        return []
    return [kernel(server.url, found) for found in re.findall(r"Kernel started: ([0-9a-f-]{36})", log)]


def idle_for(kernel: dict) -> float:
    return (datetime.now(timezone.utc) - datetime.fromisoformat(kernel["last_activity"])).total_seconds()


@pytest.fixture(scope="module")
def culling_server():
    port = free_port()
    argv = voila_command(port) + [f"--MappingKernelManager.cull_idle_timeout={IDLE}",
                                  "--MappingKernelManager.cull_interval=1"]
    server = Server("voila-pool-culling", argv, f"http://{LOOPBACK}:{port}", ready_path="/voila/tree")
    yield server
    server.stop()


def test_a_page_from_a_long_idle_pool_keeps_its_kernel(culling_server):
    url = culling_server.url
    deadline = time.monotonic() + 600
    # every lesson's pool is filled and its kernel has waited there past the culler's timeout
    while not ((waiting := pooled(culling_server)) and all(idle_for(k) > IDLE + 1 for k in waiting)):
        assert time.monotonic() < deadline, "the pools were never filled and idle"
        time.sleep(0.5)
    asked = datetime.now(timezone.utc)
    _, _, page = lesson_page(f"{url}/voila/render/pass_and_play.ipynb")
    taken = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page).group(1)
    assert taken in {k["id"] for k in waiting}  # the page took the preheated kernel
    assert datetime.fromisoformat(kernel(url, taken)["last_activity"]) >= asked
