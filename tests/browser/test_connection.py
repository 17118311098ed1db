"""A lesson page whose kernel or server goes away says so in a sentence and offers Reload
(``widgets/connection.js``, put in the page by ``cardlab.widgets.server.LessonPageHandler``).

The banner is the same on every page the app serves, so a killed kernel and a restarted server are
shown on the smallest lesson page (playing together on one device: one widget); a kernel restarted
under a table is shown on the Tressette lesson, whose table comes back from the page's address."""
from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.preview import play_this
from tests.servers import LOOPBACK, Server, free_port, voila_command

pytestmark = pytest.mark.slow
SMALL_PAGE = "pass_and_play.ipynb"
SMALL_WIDGET = ".cardlab-together-sit"
"""The small lesson page and its widget, shown once the page's kernel has run its cells."""
BANNER = ".cardlab-connection[role=alert]"

# DELETE /api/kernels/<id>: what an administrator or a culler does to the page's kernel.
KILL_KERNEL_JS = """async () => {
    const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
    const xsrf = (document.cookie.match(/\\b_xsrf=([^;]*)/) || [])[1] || '';
    const reply = await fetch(`${config.baseUrl}api/kernels/${config.kernelId}`,
                              {method: 'DELETE', headers: {'X-XSRFToken': xsrf}});
    return reply.status;
}"""


def test_killed_kernel_is_announced_with_reload(page, voila_url):
    page.goto(f"{voila_url}/voila/render/{SMALL_PAGE}")
    page.locator(SMALL_WIDGET).first.wait_for(state="visible", timeout=60_000)
    expect(page.locator(BANNER)).to_have_count(0)
    assert page.evaluate(KILL_KERNEL_JS) == 204
    banner = page.locator(BANNER)
    expect(banner).to_contain_text("kernel", timeout=20_000)
    expect(banner).to_contain_text("no longer answer")
    assert banner.get_attribute("data-reason") == "stopped"
    reload = banner.get_by_role("button", name="Reload")
    expect(reload).to_be_focused()
    reload.click()
    page.locator(SMALL_WIDGET).first.wait_for(state="visible", timeout=60_000)
    expect(page.locator(BANNER)).to_have_count(0)


def kernel_pids(kernel_id: str) -> list[int]:
    """The processes running the kernel ``kernel_id`` (its connection file names it)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and kernel_id.encode() in (entry / "cmdline").read_bytes():
                pids.append(int(entry.name))
        except OSError:       # a process that ended while we looked
            continue
    return pids


def test_restarted_kernel_is_announced_and_reload_restores_the_table(page, voila_url):
    # a kernel that dies (out of memory, a crash) is restarted by the server, empty
    page.goto(f"{voila_url}/voila/render/tressette.ipynb")
    table = play_this(page, "tressette-thirds")
    table.locator(".cardlab-forward").click()
    table.locator(".cardlab-forward").click()
    expect(table.locator(".cardlab-step")).to_contain_text("Step 3 of")
    page.wait_for_function("() => /[#&]tressette\\d+=/.test(location.hash)")
    link = page.url
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    pids = kernel_pids(kernel_id)
    assert len(pids) == 1, f"one process for kernel {kernel_id}, found {pids}"
    expect(page.locator(BANNER)).to_have_count(0)
    os.kill(pids[0], signal.SIGKILL)

    banner = page.locator(BANNER)
    expect(banner).to_contain_text("restarted", timeout=20_000)
    expect(banner).to_contain_text("no longer answer")
    assert banner.get_attribute("data-reason") == "restarted"
    reload = banner.get_by_role("button", name="Reload")
    expect(reload).to_be_focused()
    reload.click()
    expect(page.locator(BANNER)).to_have_count(0, timeout=60_000)
    assert page.url == link
    restored = page.locator(".cardlab-preview-box .cardlab-table")
    expect(restored.locator(".cardlab-step")).to_contain_text("Step 3 of", timeout=60_000)


def test_server_restart_is_announced_and_reload_brings_the_lesson_back(page):
    port = free_port()
    url = f"http://{LOOPBACK}:{port}"
    # the lesson's own kernel only: no preheated pools to wait for on this short-lived server
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False"]
    server = Server("voila-restart-1", argv, url, ready_path="/voila/tree")
    try:
        page.goto(f"{url}/voila/render/{SMALL_PAGE}")
        page.locator(SMALL_WIDGET).first.wait_for(state="visible", timeout=60_000)
    finally:
        server.stop()
    banner = page.locator(BANNER)
    expect(banner).to_contain_text("no longer answer", timeout=20_000)
    assert re.search(r"connection to the server was lost|server restarted", banner.text_content())
    server = Server("voila-restart-2", argv, url, ready_path="/voila/tree")
    try:
        banner.get_by_role("button", name="Reload").click()
        page.locator(SMALL_WIDGET).first.wait_for(state="visible", timeout=60_000)
        expect(page.locator(BANNER)).to_have_count(0)
    finally:
        page.goto("about:blank")
        server.stop()
