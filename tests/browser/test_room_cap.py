"""A student cannot fill the room: a plain GET (no browser) gets the opening page and no kernel, so
a loop of them beside a classmate leaves the classmate served every time; one browser loading
pages again and again holds one seat here (``Room.per_visitor``, its newest page wins); the cap on
visitors' kernels is exact, and a kernel whose page is not connected (pages of browsers that
never connect, a tab closed without its shutdown reaching the server) is shut down after
``Room.unconnected_timeout`` seconds, so its seat is free again.

Before: forty ``curl``s of a lesson URL took forty kernels that lived until the 900 s cull, and
requests arriving together were admitted one past the cap; later, one client re-sending plain GETs
every few seconds kept the room full (a classmate served 1 time in 15). The server here has a cap of
:data:`CAP`, a preheated pool of one kernel for the lesson (the pool is where the cap leaked), one
page per browser and a short timeout so the test runs in seconds; the real defaults are in
``voila.json`` and :class:`cardlab.widgets.server.Room`.
"""
from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import VOILA_RENDERED
from tests.servers import LOOPBACK, Server, browser_cookie, free_port, lesson_page, voila_command

pytestmark = pytest.mark.slow

CAP = 3
EXTRA = 2
POOL = 1  # preheated kernels waiting for the lesson; they take no seat
TIMEOUT = 10  # Room.unconnected_timeout of this server, seconds
INTERVAL = 0.5  # Room.check_interval
GRACE = 15  # seconds past TIMEOUT a busy machine may need to notice and shut a kernel down
LESSON = "index.ipynb"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def room_server(name: str) -> Server:
    """The app with a room of :data:`CAP` seats, one page per browser, a pool of :data:`POOL` and a short timeout."""
    port = free_port()
    pools = {LESSON: {"pool_size": POOL}, "default": {"pool_size": 0}}
    argv = voila_command(port) + [
        f"--Room.max_kernels={CAP}", f"--Room.unconnected_timeout={TIMEOUT}",
        f"--Room.check_interval={INTERVAL}", "--Room.per_visitor=1",
        f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
        "--VoilaKernelManager.fill_delay=0",
    ]
    server = Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/voila/tree")
    wait_until(lambda: len(kernel_pids(server)) == POOL, 120, "the pool to fill")
    return server


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    server = room_server("voila-room-cap")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def own_room() -> Iterator[Server]:
    """A room of its own for the test whose classmate must find every seat free (pytest runs this
    module's tests in an order of its own: the others leave seats to the unconnected timeout)."""
    server = room_server("voila-room-cap-loop")
    yield server
    server.stop()


def kernel_pids(server: Server) -> dict[int, str]:
    """The server's kernel processes: pid -> kernel id (from the connection file it was given)."""
    pids = {}
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            found = KERNEL_FILE.search(" ".join(proc.cmdline()))
        except psutil.NoSuchProcess:
            continue
        if found:
            pids[proc.pid] = found.group(1)
    return pids


def wait_until(condition, seconds: float, what: str) -> float:
    """Poll ``condition`` until true; the seconds it took (fails after ``seconds``)."""
    t0 = time.monotonic()
    while not condition():
        if time.monotonic() - t0 > seconds:
            pytest.fail(f"waited {seconds:.0f} s for {what}")
        time.sleep(0.1)
    return time.monotonic() - t0


def get(url: str) -> tuple[int, str]:
    """A plain GET, as a script or a bot sends it (no cookie kept)."""
    try:
        with urllib.request.urlopen(url, timeout=180) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def browsers_get(url: str) -> tuple[int, str]:
    """The page as a new browser loads it: the opening page's cookie, then the lesson (never connected)."""
    status, _, body = lesson_page(url)
    return status, body


def kernel(server: Server, kernel_id: str) -> dict | None:
    """The kernel's model (``connections``, …), or None once it is gone."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=30) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as e:
        assert e.code == 404, e
        return None


class KernelCount:
    """The kernels the server held, sampled every 50 ms in a thread: the most at once (a process
    counts while the server still lists its kernel), and when each was first and last seen."""

    def __init__(self, server: Server):
        self.server, self.most, self._stop = server, 0, threading.Event()
        self.seen: dict[int, list[float]] = {}
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        t0 = time.monotonic()
        while not self._stop.wait(0.05):
            # a kernel the server is done with is gone from its API before its process has exited
            pids = [pid for pid, kernel_id in kernel_pids(self.server).items()
                    if kernel(self.server, kernel_id) is not None]
            now = round(time.monotonic() - t0, 2)
            for pid in pids:
                self.seen.setdefault(pid, [now, now])[1] = now
            self.most = max(self.most, len(pids))

    def __enter__(self) -> KernelCount:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def open_lesson(page: Page, server: Server) -> str:
    """Open the lesson in the browser; its kernel id once the page's websocket is connected."""
    response = page.goto(f"{server.url}/voila/render/{LESSON}")
    assert response is not None and response.status == 200, response
    page.wait_for_selector(VOILA_RENDERED)
    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    wait_until(lambda: (kernel(server, kernel_id) or {}).get("connections", 0) > 0, 60,
               "the page to connect to its kernel")
    return kernel_id


def test_a_loop_of_plain_gets_holds_no_seat_and_a_classmate_is_served_every_time(own_room: Server):
    room = own_room
    url = f"{room.url}/voila/render/{LESSON}"
    done = threading.Event()
    plain: list[tuple[int, str]] = []

    def loop() -> None:
        while not done.is_set():
            plain.append(get(url))

    classmate = browser_cookie(url)
    kernels: list[str] = []
    with KernelCount(room) as count, ThreadPoolExecutor(1) as pool:
        looping = pool.submit(loop)
        try:
            for _ in range(CAP + 2):                  # the classmate loads the lesson again and again
                status, _, body = lesson_page(url, classmate)
                assert status == 200, (status, body[:300])
                kernels.append(KERNEL_ID.search(body).group(1))
        finally:
            done.set()
            looping.result()
    assert len(plain) >= CAP and all(status == 200 and "kernelId" not in body and "document.cookie" in body
                                     for status, body in plain), plain[:1]
    # one page per browser: each newer page gave the older one's kernel up
    wait_until(lambda: all(kernel(room, k) is None for k in kernels[:-1]), GRACE,
               "the classmate's older pages' kernels to be shut down")
    # the plain GETs started none: each of the classmate's pages took one kernel and the pool made one again
    assert len(count.seen) <= 2 * len(kernels) + POOL, count.seen
    requests_closed = urllib.request.Request(f"{room.url}/api/kernels/{kernels[-1]}", method="DELETE",
                                             headers={"Cookie": "_xsrf=t", "X-XSRFToken": "t"})
    with urllib.request.urlopen(requests_closed, timeout=30) as resp:   # the classmate closes the tab
        assert resp.status == 204


def test_pages_past_the_cap_take_exactly_the_seats_and_free_them(room: Server, page: Page):
    url = f"{room.url}/voila/render/{LESSON}"
    with KernelCount(room) as count, ThreadPoolExecutor(CAP + EXTRA) as pool:
        answers = list(pool.map(lambda _: browsers_get(url), range(CAP + EXTRA)))
        sent = time.monotonic()
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200] * CAP + [503] * EXTRA, statuses
        # the seated pages never connect: their kernels go within the timeout
        seated = [KERNEL_ID.search(body).group(1) for status, body in answers if status == 200]
        wait_until(lambda: all(kernel(room, k) is None for k in seated), TIMEOUT + GRACE,
                   "the kernels of pages that never connected to be shut down")
    assert time.monotonic() - sent >= TIMEOUT - 1  # not before the timeout: a page may connect late
    # never more visitors' kernels than the cap (plus the preheated one waiting for the next)
    assert count.most <= CAP + POOL, (count.most, count.seen)

    # the room has seats again: a real browser gets in (through the opening page), and keeps its
    # kernel while connected
    kept = open_lesson(page, room)
    status, body = browsers_get(url)  # one more page that never connects, to see the timeout pass by
    assert status == 200
    stray = KERNEL_ID.search(body).group(1)
    wait_until(lambda: kernel(room, stray) is None, TIMEOUT + GRACE, "the stray page's kernel to go")
    assert kernel(room, kept)["connections"] > 0
    assert page.locator(".cardlab-connection").count() == 0


def test_a_tab_closed_without_its_shutdown_frees_its_seat(room: Server, new_context: Callable[..., BrowserContext]):
    context = new_context()
    tab = context.new_page()
    # a closed laptop lid, a crashed tab, a lost network: the tab's shutdown beacon never arrives
    tab.route("**/voila/api/shutdown/**", lambda route: route.abort())
    kernel_id = open_lesson(tab, room)
    context.close()
    wait_until(lambda: kernel(room, kernel_id) is None, TIMEOUT + GRACE,
               "the closed tab's kernel to be shut down")
    # its seat is free: the whole room seats again
    url = f"{room.url}/voila/render/{LESSON}"
    with ThreadPoolExecutor(CAP) as pool:
        statuses = [status for status, _ in pool.map(lambda _: browsers_get(url), range(CAP))]
    assert statuses == [200] * CAP
