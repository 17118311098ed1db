"""Page-open time, click round trip and kernel memory of the Tressette page, each next to a bare
one-button Voilà page measured in the same run.  Numbers to reach, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/voila_bench.py [--runs 5] [--clicks 20] [--clicks-only] [--before DIR]

``--before DIR`` serves another copy of the repository (say ``git archive <commit>`` unpacked in
DIR) the same way and times its clicks in the same run, so a change is compared with what it
replaced under the same load; ``--clicks-only`` leaves out the page opens and the memory.

Servers (free loopback ports, logs in test-artifacts/bench-*.log):
- *stock*: plain ``voila`` with default settings (no preheat, Nagle on), run in a temp dir holding
  the generated bare notebook, so the repository's voila.json is not read;
- *ours*: ``python -m cardlab.widgets.server`` from the repository root (voila.json: preheated kernels,
  TCP_NODELAY on kernel websockets).

Measures (in /usr/bin/chromium, a fresh browser context, hence a cold cache, per page open):
1. open: navigation start -> first ``.cardlab-table .card.legal`` visible (bare: its button),
   timed with performance.now() inside the page; before each open of ours, the kernel pool has
   refilled (kernel count back to the baseline and every kernel idle for 2 s);
2. click: click -> DOM changed, timed inside the page (bare: button -> label text; ours: a legal
   card of South in the free-game table -> the board's SVG), played through whole hands;
3. memory: RSS of the page's own kernel (found by the kernelId in the page) once loaded.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.servers import LOOPBACK, REPO, Server, free_port, voila_command  # noqa: E402

TABLE_CARD = ".cardlab-table .card.legal"
BARE_BUTTON = ".bare-button"
BARE_CELL = """import ipywidgets as w
button, label = w.Button(description="Click me"), w.Label("0")
button.add_class("bare-button"); label.add_class("bare-label")
button.on_click(lambda _: setattr(label, "value", str(int(label.value) + 1)))
w.VBox([button, label])"""

# Records, in the page, when the first element matching SELECTOR is visible (ms since navigation start).
WATCH_JS = """(() => {
  const sel = SELECTOR;
  const check = () => {
    if (window.__benchVisible) return true;
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden") {
        window.__benchVisible = performance.now();
        return true;
      }
    }
    return false;
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true, attributes: true});
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""

# Clicks (a JS click event, no input pipeline) the first `target[1]` in the last `target[0]`;
# resolves with the ms until the last `watched` element's content changes (null if missing).
CLICK_JS = """async ([target, watched]) => {
  const within = [...document.querySelectorAll(target[0])].pop();
  const el = within && within.querySelector(target[1]);
  const box = [...document.querySelectorAll(watched)].pop();
  if (!el || !box) return null;
  const before = box.innerHTML;
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (box.innerHTML !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(box, {childList: true, subtree: true, characterData: true, attributes: true});
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  });
}"""


# Pause between timed clicks: a person's pace, and back to back (the next click as soon as the
# DOM changed). Nagle's algorithm on stock Voilà only shows in the second.
PAUSES = (150, 0)
SOUTH_LEGAL = "g.hand.viewer .card.legal[data-card]"
# In the last table: "play" when South has a legal card, "over" when the hand is over.
TABLE_READY_JS = """() => {
  const table = [...document.querySelectorAll(".cardlab-table")].pop();
  if (table.querySelector(".cardlab-board SOUTH_LEGAL")) return "play";
  const next = table.querySelector(".cardlab-next-hand");
  return next && next.offsetParent !== null ? "over" : false;
}""".replace("SOUTH_LEGAL", SOUTH_LEGAL)


def bare_notebook(folder: Path) -> Path:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": BARE_CELL}
    nb = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
    path = folder / "bare.ipynb"
    path.write_text(json.dumps(nb))
    return path


def server_command(copy: Path, port: int) -> list[str]:
    """The app server command of another copy: its module is the one its voila.json names
    (``widgets.voila_app`` before issue 21, ``cardlab.widgets.server`` since)."""
    connection = json.loads((copy / "voila.json").read_text())["Voila"]["kernel_websocket_connection_class"]
    return [sys.executable, "-m", connection.rsplit(".", 1)[0], f"--port={port}"]


def stock_server() -> Server:
    """Plain ``voila`` serving the bare page from a temp dir of its own (no repository settings)."""
    folder = Path(tempfile.mkdtemp(prefix="cardlab-bench-"))
    bare_notebook(folder)
    port = free_port()
    return Server("bench-stock-voila", [
        sys.executable, "-m", "voila", "--no-browser", f"--Voila.ip={LOOPBACK}", f"--port={port}",
        "--Voila.port_retries=0", str(folder)], f"http://{LOOPBACK}:{port}", "/voila/tree", cwd=folder,
        env={"JUPYTER_CONFIG_DIR": str(folder / "config")})


def our_server() -> Server:
    """The repository's app; its kernels import this copy, not whatever `cardlab` is installed from."""
    port = free_port()
    return Server("bench-cardlab-voila", voila_command(port), f"http://{LOOPBACK}:{port}", "/voila/tree",
                  env={"PYTHONPATH": str(REPO)})


def kernels(server: Server) -> dict[str, psutil.Process]:
    """The server's kernel processes by kernel id (from their connection file name)."""
    found = {}
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            for arg in proc.cmdline():
                name = os.path.basename(arg)
                if name.startswith("kernel-") and name.endswith(".json"):
                    found[name[len("kernel-"):-len(".json")]] = proc
        except psutil.Error:
            pass
    return found


def wait_pool_ready(server: Server, count: int | None = None, quiet: float = 2.0,
                    timeout: float = 120.0) -> tuple[float, int]:
    """Wait until the server has ``count`` kernels (None: any steady number), all idle (< 2 % CPU)
    for ``quiet`` seconds.  Returns the seconds waited and the number of kernels."""
    start = time.monotonic()
    idle_since, seen, last = None, {}, -1  # psutil measures CPU between two calls on one Process
    while time.monotonic() - start < timeout:
        procs = [seen.setdefault(p.pid, p) for p in kernels(server).values()]
        try:
            busy = len(procs) != (last if count is None else count) or any(
                p.cpu_percent(interval=None) > 2 for p in procs)
        except psutil.Error:
            busy = True
        now, last = time.monotonic(), len(procs)
        if busy:
            idle_since = None
        elif idle_since is None:
            idle_since = now
        elif now - idle_since >= quiet:
            return now - start, last
        time.sleep(0.25)
    print(f"warning: {server.name}: pool not settled after {timeout:.0f} s ({len(procs)} kernels, "
          f"want {count}); measuring anyway", file=sys.stderr)
    return timeout, len(procs)


def open_page(browser, url: str, selector: str):
    """Open ``url`` in a fresh context; return (page, context, ms to ``selector`` visible)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(90_000)
    page = context.new_page()
    page.add_init_script(WATCH_JS.replace("SELECTOR", json.dumps(selector)))
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__benchVisible !== undefined", polling=100)
    return page, context, page.evaluate("window.__benchVisible")


def close_page(page, context) -> None:
    page.goto("about:blank")  # fires Voilà's shutdown beacon for the page's kernel
    page.wait_for_timeout(300)
    context.close()


def page_kernel_mb(page, server: Server) -> float:
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return kernels(server)[kernel_id].memory_info().rss / 2**20


def measure_opens(browser, server: Server, url: str, selector: str, runs: int,
                  pool: int | None) -> tuple[list[float], list[float], list[float]]:
    times, mems, refills = [], [], []
    for _ in range(runs):
        if pool is not None:
            refills.append(wait_pool_ready(server, pool)[0])
        page, context, ms = open_page(browser, url, selector)
        times.append(ms)
        page.wait_for_timeout(2000)  # let the rest of the page render before weighing the kernel
        mems.append(page_kernel_mb(page, server))
        close_page(page, context)
    return times, mems, refills


def bare_clicks(browser, url: str, clicks: int, pause_ms: int) -> list[float]:
    page, context, _ = open_page(browser, url, BARE_BUTTON)
    out = []
    for _ in range(clicks):
        out.append(page.evaluate(CLICK_JS, [["body", BARE_BUTTON], ".bare-label"]))
        if pause_ms:
            page.wait_for_timeout(pause_ms)
    close_page(page, context)
    return out


def table_clicks(browser, url: str, clicks: int, pause_ms: int) -> list[float]:
    """Play South's legal cards in the free-game table (the last one), dealing again at hand end."""
    page, context, _ = open_page(browser, url, TABLE_CARD)
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-seed input").fill("0")
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    page.wait_for_timeout(500)
    out = []
    while len(out) < clicks:
        ms = page.evaluate(CLICK_JS, [[".cardlab-table", ".cardlab-board " + SOUTH_LEGAL],
                                      ".cardlab-table .cardlab-board"])
        if ms is not None:
            out.append(ms)
            if pause_ms:
                page.wait_for_timeout(pause_ms)
        elif page.wait_for_function(TABLE_READY_JS, polling=50).json_value() == "over":
            table.locator(".cardlab-deal").click()  # the hand is over: deal the next one
            page.wait_for_timeout(500)
    close_page(page, context)
    return out


def row(measure: str, ours: float, bare: float, target: float, unit: str) -> str:
    ratio = ours / bare
    met = "yes" if ratio <= target else "NO"
    return f"{measure:<40} {ours:>9.1f} {bare:>9.1f} {unit:<3} {ratio:>6.2f} {'≤ ' + str(target):>7}  {met}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="page opens per server")
    ap.add_argument("--clicks", type=int, default=20, help="timed clicks per page")
    ap.add_argument("--clicks-only", action="store_true", help="time the clicks only (no opens, no memory)")
    ap.add_argument("--before", type=Path, help="another copy of the repository whose clicks are timed too")
    args = ap.parse_args()
    if args.before and not (args.before / "voila.json").is_file():
        sys.exit(f"{args.before} is not a copy of this repository (no voila.json in it).")
    load0 = os.getloadavg()

    stock, ours = stock_server(), our_server()
    before = None
    try:
        if args.before:
            port = free_port()
            before = Server("bench-before-voila", server_command(args.before, port), f"http://{LOOPBACK}:{port}", "/voila/tree",
                            cwd=args.before, env={"PYTHONPATH": str(args.before.resolve())})
            wait_pool_ready(before, quiet=3.0)
        _, pool = wait_pool_ready(ours, quiet=3.0)  # preheated at start-up: one kernel per notebook
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            bare_url = stock.url + "/voila/render/bare.ipynb"
            ours_url = ours.url + "/voila/render/tressette.ipynb"
            pages = [("bare", bare_clicks, bare_url), ("ours", table_clicks, ours_url)]
            if before:
                pages.append(("before", table_clicks, before.url + "/voila/render/tressette.ipynb"))
            if not args.clicks_only:
                bare_open, bare_mem, _ = measure_opens(browser, stock, bare_url, BARE_BUTTON, args.runs, None)
                our_open, our_mem, refills = measure_opens(browser, ours, ours_url, TABLE_CARD, args.runs, pool)
            clicks = {(who, pause): fn(browser, url, args.clicks, pause)
                      for pause in PAUSES for who, fn, url in pages}
            browser.close()
    finally:
        for server in (before, ours, stock):
            if server:
                server.stop()
    load1 = os.getloadavg()

    med, fmt = statistics.median, lambda xs: " ".join(f"{x:.0f}" for x in xs)
    print(f"\ncardlab Voilà bench  {time.strftime('%Y-%m-%d %H:%M')}  cores={os.cpu_count()}  "
          f"load avg (1/5/15 min) before {load0[0]:.2f}/{load0[1]:.2f}/{load0[2]:.2f}, "
          f"after {load1[0]:.2f}/{load1[1]:.2f}/{load1[2]:.2f}")
    print(f"{'measure':<40} {'ours':>9} {'bare':>9}     {'ratio':>6} {'target':>7}  met?")
    if not args.clicks_only:
        print(row("page open -> table, median", med(our_open), med(bare_open), 0.6, "ms"))
        print(row("page open -> table, min", min(our_open), min(bare_open), 0.6, "ms"))
    for pause in PAUSES:
        print(row(f"click -> redrawn, median, {pause} ms apart", med(clicks["ours", pause]),
                  med(clicks["bare", pause]), 0.5, "ms"))
        if before:
            print(row(f"  the --before copy, {pause} ms apart", med(clicks["before", pause]),
                      med(clicks["bare", pause]), 0.5, "ms"))
    if not args.clicks_only:
        print(row("kernel RSS of open page, median", med(our_mem), med(bare_mem), 1.3, "MB"))
        print(f"\nopen ms   ours: {fmt(our_open)}   bare: {fmt(bare_open)}")
    for pause in PAUSES:
        print(f"click ms, {pause:>3} ms apart  ours: {fmt(clicks['ours', pause])}")
        if before:
            print(f"                   before: {fmt(clicks['before', pause])}")
        print(f"                     bare: {fmt(clicks['bare', pause])}")
    if not args.clicks_only:
        print(f"RSS MB    ours: {fmt(our_mem)}   bare: {fmt(bare_mem)}")
        print(f"pool of {pool} kernels; refill waits (s, incl. 2 s idle): {' '.join(f'{r:.1f}' for r in refills)}")


if __name__ == "__main__":
    main()
