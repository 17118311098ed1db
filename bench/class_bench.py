"""A class arriving at once: the Tressette lesson on our server, next to a bare one-button page
on Voilà's defaults, in the same run.  Numbers to read, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/class_bench.py [--class-size 30] [--skip-browsers] [--lesson quadrille.ipynb]
        [--root DIR]      # lessons from another folder: a variant of a lesson, measured the same way

For each server (free loopback port, log in ``test-artifacts/bench-class-*.log``):

(a) the server alone: ``class-size`` concurrent GETs of the lesson page, each timed until the page
    has arrived complete (Voilà streams it: its kernel started and its cells executed); the 1st,
    middle and last arrivals, errors (any status but 200, or a timeout), then the live kernels
    and the RSS of the server plus its kernels, and the seconds until the room has shut down the
    kernels of these pages, which never connect (``Room.unconnected_timeout`` in ``voila.json``;
    plain Voilà keeps them until its cull, if any);
(b) ``class-size`` browser contexts in one headless Chromium open the page at once and each plays
    one card (bare: clicks its button): time to the first playable card (bare: the button
    visible) for the 1st, middle and last, and how many played; on a lesson with scenario
    previews, also when the first "Play this" button appeared. The browsers share the machine's
    cores with the server, so read (b) as a ratio against the bare page.

Servers:
- *class*: ``python -m cardlab.widgets.server`` with the repository's ``voila.json`` and the class
  settings of the README: the lesson's pool preheats ``class-size`` kernels, ``Room.max_kernels``
  is ``class-size + 10``, the other lessons' pools are empty, and the pool refills 30 s after a
  kernel is taken (``fill_delay``), after the rush rather than during it. The bench waits until the pool is
  filled and the CPU is calm before the class arrives, as a teacher starts the server before class.
- *bare*: plain ``voila`` on a temp dir holding the bare notebook: Voilà's defaults (no preheat).
The server is restarted between (a) and (b), so each starts from a full pool.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.voila_bench import BARE_BUTTON, bare_notebook  # noqa: E402
from bench.widget_models import count as widget_models  # noqa: E402
from tests.servers import LOOPBACK, REPO, Server, browser_cookie, free_port  # noqa: E402

if TYPE_CHECKING:  # psutil and Playwright are imported where used, so that --help starts nothing heavy
    import psutil

LESSON = "tressette.ipynb"
"""The lesson the class opens unless ``--lesson`` names another; its first playable card is the
first table's (scenario previews hold no table until "Play this")."""
FREED_WITHIN = 120  # seconds (a) waits for the never-connected pages' kernels to go; None: longer
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
SOUTH_LEGAL = ".cardlab-table g.hand.viewer .card.legal[data-card]"
# the wall-clock time (ms) the page first shows a preview's "Play this" button
PLAY_THIS_SEEN_JS = """new MutationObserver((_, seen) => {
  if (document.querySelector(".cardlab-play-this")) {
    window.__cardlabPlayThis = performance.timeOrigin + performance.now();
    seen.disconnect();
  }
}).observe(document, {childList: true, subtree: true});"""


def class_server(folder: Path, size: int, name: str, lesson: str = LESSON,
                 root: Path = REPO / "notebooks") -> Server:
    """Our app, from a folder holding voila.json with the class settings (notebooks from the repo)."""
    cfg = json.loads((REPO / "voila.json").read_text())
    cfg["Voila"]["root_dir"] = str(root)
    cfg["VoilaKernelManager"]["kernel_pools_config"] = {
        lesson: {"pool_size": size}, "default": {"pool_size": 0}}
    cfg["Room"]["max_kernels"] = size + 10
    cfg["VoilaKernelManager"]["fill_delay"] = 30  # refill the pool after the rush, not during it
    (folder / "voila.json").write_text(json.dumps(cfg))
    port = free_port()
    argv = [sys.executable, "-m", "cardlab.widgets.server", f"--port={port}"]
    return Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/voila/tree", cwd=folder,
                  env={"PYTHONPATH": str(REPO)}, timeout=180)


def bare_server(folder: Path, name: str) -> Server:
    port = free_port()
    argv = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
            f"--Voila.ip={LOOPBACK}", str(folder)]
    return Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/voila/tree", cwd=folder)


def kernel_procs(server: Server) -> list[psutil.Process]:
    import psutil
    found = []
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                found.append(p)
        except psutil.NoSuchProcess:  # a child that exited meanwhile
            pass
    return found


def wait_until_settled(server: Server, kernels: int, limit: float = 600) -> float:
    """Wait until ``kernels`` kernels run and the server and kernels are idle for 3 s; seconds waited."""
    import psutil
    t0 = time.monotonic()
    calm_since = None
    watched: dict[int, psutil.Process] = {}  # cpu_percent needs the same object between calls
    while time.monotonic() - t0 < limit:
        procs = kernel_procs(server) + [psutil.Process(server.proc.pid)]
        for p in procs:
            watched.setdefault(p.pid, p)
        busy = 0.0
        for p in procs:
            try:
                busy += watched[p.pid].cpu_percent(interval=None)
            except psutil.NoSuchProcess:
                pass
        # a kernel may die while the pool fills (ports chosen by several starting kernels at
        # once can collide); after 2 minutes settle for the kernels there are
        enough = len(procs) - 1 >= kernels or time.monotonic() - t0 > 120
        if enough and busy < 10:
            calm_since = calm_since or time.monotonic()
            if time.monotonic() - calm_since > 3:
                break
        else:
            calm_since = None
        time.sleep(0.5)
    return time.monotonic() - t0


def memory_mb(server: Server) -> float:
    import psutil
    total = 0
    for p in [psutil.Process(server.proc.pid)] + kernel_procs(server):
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def rank(times: list[float], n: int) -> dict:
    times = sorted(times)
    pick = lambda k: round(times[k - 1], 2) if len(times) >= k else None  # noqa: E731
    return {"1st": pick(1), "middle": pick((n + 1) // 2), "last": pick(n)}


def fetch_complete(url: str, t0: float) -> tuple[float, str | None, str | None]:
    """Seconds until the page arrived complete (its opening page and then the lesson, as a new browser
    loads it), an error (or None), the page's kernel id (or None)."""
    try:
        cookie = browser_cookie(url)
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Cookie": cookie}), timeout=300) as resp:
            body = resp.read().decode()
        if "Traceback" in body or "The room is full" in body:
            return time.monotonic() - t0, "error page", None
        kernel = KERNEL_ID.search(body)
        return time.monotonic() - t0, None, kernel and kernel.group(1)
    except (urllib.error.URLError, OSError) as e:
        return time.monotonic() - t0, str(e)[:80], None


def kernel_alive(server: Server, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=30):
            return True
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def server_alone(server: Server, path: str, n: int) -> dict:
    """(a); then, as these pages never connect, the seconds until the room has freed their kernels."""
    url = f"{server.url}/voila/render/{path}"
    t0 = time.monotonic()
    with ThreadPoolExecutor(n) as pool:
        results = list(pool.map(lambda _: fetch_complete(url, t0), range(n)))
    ok = [t for t, err, _ in results if err is None]
    row = {**rank(ok, n), "errors": sum(err is not None for _, err, _ in results),
           "kernels after": len(kernel_procs(server)), "server+kernels MB": round(memory_mb(server))}
    seated = {kernel for _, _, kernel in results if kernel}
    sent = time.monotonic()
    while seated and time.monotonic() - sent < FREED_WITHIN:
        seated = {kernel for kernel in seated if kernel_alive(server, kernel)}
        time.sleep(0.5)
    row["unconnected kernels freed after s"] = None if seated else round(time.monotonic() - sent)
    return row


async def one_learner(browser, url: str, ready: str, t0: float,
                      wall0: float) -> tuple[float | None, bool, float | None]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(PLAY_THIS_SEEN_JS)
    page = await context.new_page()
    try:
        await page.goto(url, timeout=300_000)
        target = page.locator(ready).first
        await target.wait_for(state="visible", timeout=300_000)
        seen = time.monotonic() - t0
        play_this = await page.evaluate("() => window.__cardlabPlayThis || null")
        play_this = None if play_this is None else play_this / 1000 - wall0
        if ready == SOUTH_LEGAL:
            code = await target.get_attribute("data-card")
            await target.click()
            played = page.locator(f".cardlab-table g.trick [data-card='{code}'], "
                                  f".cardlab-table g.last-trick [data-card='{code}']").first
            await played.wait_for(state="attached", timeout=120_000)
        else:
            await target.click()
            await page.locator(".bare-label", has_text="1").wait_for(timeout=120_000)
        return seen, True, play_this
    except Exception as e:  # a learner who never got a card is counted, not fatal
        print(f"  learner failed after {time.monotonic() - t0:.0f} s: {str(e).splitlines()[0][:100]}")
        return None, False, None
    finally:
        await context.close()


async def browsers(url: str, ready: str, n: int) -> dict:
    from playwright.async_api import async_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                           args=CHROMIUM_ARGS)
        t0, wall0 = time.monotonic(), time.time()
        results = await asyncio.gather(*(one_learner(browser, url, ready, t0, wall0) for _ in range(n)))
        await browser.close()
    seen = [t for t, _, _ in results if t is not None]
    row = {**rank(seen, n), "played": sum(ok for _, ok, _ in results)}
    play_this = [t for _, _, t in results if t is not None]
    if play_this:
        row["first 'Play this'"] = rank(play_this, n)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--skip-browsers", action="store_true", help="measure (a) only")
    ap.add_argument("--lesson", default=LESSON, help="the notebook the class opens (in --root)")
    ap.add_argument("--root", type=Path, default=REPO / "notebooks", help="the folder of lessons served")
    args = ap.parse_args()
    n, lesson, root = args.class_size, args.lesson, args.root.resolve()
    models = widget_models(root / lesson)
    print(f"class of {n}; {lesson}: {models['models']} widget models, {models['state_bytes'] / 1000:.0f} kB "
          f"of widget state; load average before: {os.getloadavg()}; cores: {os.cpu_count()}")
    tmp = Path(tempfile.mkdtemp(prefix="cardlab-class-"))
    bare_dir = tmp / "bare"
    bare_dir.mkdir()
    bare_notebook(bare_dir)
    rows = {}
    try:
        for label, start, path, ready, kernels in (
                ("ours", lambda name: class_server(tmp, n, name, lesson, root), lesson, SOUTH_LEGAL, n),
                ("bare", lambda name: bare_server(bare_dir, name), "bare.ipynb", BARE_BUTTON, 0)):
            server = start(f"bench-class-{label}-a")
            try:
                waited = wait_until_settled(server, kernels)
                print(f"{label}: {len(kernel_procs(server))} kernels ready after {waited:.0f} s; "
                      f"(a) {n} requests ...", flush=True)
                rows[(label, "a")] = server_alone(server, path, n)
            finally:
                server.stop()
            print(f"  {rows[(label, 'a')]}", flush=True)
            if args.skip_browsers:
                continue
            server = start(f"bench-class-{label}-b")
            try:
                wait_until_settled(server, kernels)
                print(f"{label}: {len(kernel_procs(server))} kernels ready; (b) {n} browser contexts ...",
                      flush=True)
                rows[(label, "b")] = asyncio.run(
                    browsers(f"{server.url}/voila/render/{path}", ready, n))
            finally:
                server.stop()
            print(f"  {rows[(label, 'b')]}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"load average after: {os.getloadavg()}")
    print(json.dumps({f"{k[0]} ({k[1]})": v for k, v in rows.items()}, indent=1))


if __name__ == "__main__":
    main()
