"""Page-open time, click round trip and kernel memory of the Tressette page, each next to a bare
one-button Voilà page measured in the same run.  Numbers to reach, not test assertions.

Usage (from the repository root, in the test venv)::

    .venv/bin/python bench/voila_bench.py [--runs 5] [--clicks 20] [--clicks-only | --opens-only]
                                          [--before DIR] [--after DIR]
    .venv/bin/python bench/voila_bench.py --lessons tressette,quadrille [--runs 5]

``--lessons`` weighs lesson pages against the bare page instead (issue 36, item 2), the bare page
served as a lesson is (by our app server with its preheated kernel and page template, not stock
Voilà: the page the lessons are built on), the pages
opened in turn, ``--runs`` rounds, the order turning, every pool refilled and idle before each
open: per open, ms from navigation start to *playable* (bench/playable.py; bare: its button shown,
clicked and its label changed), the renderer's work until then (Chrome DevTools Protocol
``Performance.getMetrics``: ``TaskDuration``, of it ``ScriptDuration``, ``LayoutDuration`` and
``RecalcStyleDuration``), and the DOM nodes 2 s later with nothing scrolled (``Nodes`` after a
garbage collection: every node of the page, those of the ``<use>`` copies of card faces too).

``--before DIR`` serves another copy of the repository (say ``git archive <commit>`` unpacked in
DIR) the same way and measures it in the same run, so a change is compared with what it
replaced under the same load: its clicks, and instead of the open times and memory below, the
time to *playable* (bench/playable.py: nav start -> the first legal card of South visible ->
that card clicked and answered) of ours, the copy and the bare page (its button visible), the
three opened in turn, ``--runs`` rounds, each round in another order, every server's kernel pool
refilled and idle before each open. ``--after DIR`` serves a copy as *ours* instead of this
working tree (say ``git archive HEAD``, so other people's unfinished edits are not measured); a
copy whose app is ``cardlab.widgets`` needs ``ln -s ../widgets DIR/cardlab/widgets``, else its
kernels would import the installed ``cardlab.widgets``. ``--clicks-only`` leaves out the page
opens and the memory, ``--opens-only`` the clicks.

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
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import playable  # noqa: E402  (bench/, this script's folder)
from tests.servers import ARTIFACTS, LOOPBACK, REPO, Server, free_port  # noqa: E402

if TYPE_CHECKING:  # psutil and Playwright are imported where used, so that --help starts nothing heavy
    import psutil

TABLE_CARD = ".cardlab-table .card.legal"
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")
# The bare page's "playable": its button shown, clicked, and its label changed.
BARE_PLAYABLE_JS = """(() => {
  const check = () => {
    if (window.__benchAnswered !== undefined) return true;
    const button = document.querySelector(".bare-button"), label = document.querySelector(".bare-label");
    if (window.__benchVisible === undefined) {
      if (!button || !label || button.getBoundingClientRect().width === 0) return false;
      window.__benchVisible = performance.now();
      window.__benchClicks = 1;
      button.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
      return false;
    }
    if (label.textContent.trim() !== "0") { window.__benchAnswered = performance.now(); return true; }
    return false;
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true, attributes: true, characterData: true});
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""
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
LESSON = "/voila/render/tressette.ipynb"
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


def bare_app_server() -> Server:
    """The bare page served as the lessons are: our app server (``cardlab.widgets.server``, its page
    template, a preheated kernel, the opening page) run in a temp dir whose ``notebooks/`` holds only
    the bare notebook, with this repository's ``voila.json``: the page a lesson is built on."""
    folder = Path(tempfile.mkdtemp(prefix="cardlab-bench-app-"))
    (folder / "notebooks").mkdir()
    bare_notebook(folder / "notebooks")
    (folder / "voila.json").write_text((REPO / "voila.json").read_text())
    port = free_port()
    return Server("bench-bare-app", [sys.executable, "-m", "cardlab.widgets.server", f"--port={port}"],
                  f"http://{LOOPBACK}:{port}", "/voila/tree", cwd=folder,
                  env={"PYTHONPATH": str(REPO), "JUPYTER_PATH": str(REPO / "widgets" / "jupyter_data")})


def copy_problem(copy: Path) -> str | None:
    """Why ``copy`` cannot be served as itself, in a sentence, or None."""
    if not (copy / "voila.json").is_file():
        return f"{copy} is not a copy of this repository (no voila.json in it)."
    if (server_command(copy, 0)[2].startswith("cardlab.widgets.") and copy.resolve() != REPO
            and not (copy / "cardlab" / "widgets").exists()):
        return (f"{copy} would import the installed cardlab.widgets, not its own widgets/: "
                f"link it first (ln -s ../widgets {copy}/cardlab/widgets).")
    return None


def copy_server(name: str, copy: Path) -> Server:
    """The app of a copy of the repository, served from its root: its kernels import its own
    `cardlab` (and `widgets`), its pages use its own page template."""
    port = free_port()
    copy = copy.resolve()
    return Server(name, server_command(copy, port), f"http://{LOOPBACK}:{port}", "/voila/tree", cwd=copy,
                  env={"PYTHONPATH": str(copy), "JUPYTER_PATH": str(copy / "widgets" / "jupyter_data")})


def kernels(server: Server) -> dict[str, psutil.Process]:
    """The server's kernel processes by kernel id (from their connection file name)."""
    import psutil
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
    import psutil
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


def playable_opens(browser, sides: list[tuple[str, Server, str, int | None]],
                   runs: int, timeout_s: int = 90) -> dict[str, list[dict]]:
    """``runs`` rounds, each opening every side's page once (the order turning each round): per
    side, one record per open of ms to playable (``bare``: its button visible), with the 1-min
    load average at the open. Before each open every server's pool is back and idle. A page not
    playable within ``timeout_s`` is recorded as such (None) and left, with a screenshot."""
    out: dict[str, list[dict]] = {name: [] for name, *_ in sides}
    for round_ in range(runs):
        for name, _, url, _ in sides[round_ % len(sides):] + sides[:round_ % len(sides)]:
            for _, server, _, pool in sides:
                wait_pool_ready(server, pool)
            load = os.getloadavg()[0]
            if name == "bare":
                page, context, ms = open_page(browser, url, BARE_BUTTON)
                record = {"visible": ms}
            else:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.add_init_script(playable.init_script())
                page.goto(url, wait_until="commit")
                record = playable.read(page, timeout_s * 1000)
                if record["answered"] is None:
                    shot = ARTIFACTS / f"bench-unplayable-{name}-{round_ + 1}.png"
                    page.screenshot(path=str(shot), full_page=True)
                    print(f"warning: {name}, round {round_ + 1}: not playable within {timeout_s} s "
                          f"(card visible: {record['visible']}); {shot}", file=sys.stderr)
            out[name].append({**record, "load": load})
            close_page(page, context)
    return out


def weigh_open(browser, url: str, script: str, timeout_s: int = 90) -> dict:
    """One open of ``url`` in a fresh context, ``script`` (an init script setting ``__benchAnswered``)
    timing it: ms to playable, the renderer's seconds of work until then (``METRICS``), and the
    page's DOM nodes 2 s later, nothing scrolled, after a garbage collection."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.add_init_script(script)
    page.goto(url, wait_until="commit")
    record = playable.read(page, timeout_s * 1000)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    record.update({name: metrics[name] for name in METRICS})
    page.wait_for_timeout(2000)
    for _ in range(3):      # one collection leaves some of the nodes of the pictures replaced
        cdp.send("HeapProfiler.collectGarbage")
    record["Nodes"] = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}["Nodes"]
    if record["answered"] is None:
        shot = ARTIFACTS / f"bench-unplayable-{url.rsplit('/', 1)[-1]}.png"
        page.screenshot(path=str(shot), full_page=True)
        print(f"warning: {url}: not playable within {timeout_s} s; {shot}", file=sys.stderr)
    close_page(page, context)
    return record


def lesson_weights(browser, bare: Server, served: list[tuple[str, Server, int]], lessons: list[str],
                   runs: int) -> dict[str, list[dict]]:
    """``runs`` rounds of the bare page (on ``bare``, which ``served`` holds too) and each lesson of
    each other server in ``served`` (a name for its pages, the server, its pool), the order turning
    each round."""
    sides = [("bare", bare.url + "/voila/render/bare.ipynb", BARE_PLAYABLE_JS)] + [
        (f"{name} {who}".strip(), f"{server.url}/voila/render/{name}.ipynb", playable.init_script())
        for name in lessons for who, server, _ in served if server is not bare]
    out: dict[str, list[dict]] = {name: [] for name, *_ in sides}
    for round_ in range(runs):
        for name, url, script in sides[round_ % len(sides):] + sides[:round_ % len(sides)]:
            for _, server, pool in served:
                wait_pool_ready(server, pool)
            load = os.getloadavg()[0]
            out[name].append({**weigh_open(browser, url, script), "load": load})
    return out


def print_weights(weights: dict[str, list[dict]]) -> None:
    """Medians per page and each lesson's ratios to the bare page (goals of issue 36, item 2)."""
    def median(records: list[dict], key: str) -> float | None:
        xs = [r[key] for r in records if r[key] is not None]
        return statistics.median(xs) if xs else None
    bare = weights["bare"]
    print("\npage open -> playable and the renderer's work until then, median of each page's opens")
    print(f"{'page':<14} {'playable ms':>12} {'task s':>7} {'script s':>8} {'layout s':>8} {'style s':>8} "
          f"{'nodes':>7}  {'playable':>8} {'task':>6}  goals: playable <= 1.2x bare, task <= 1.3x, nodes <= 5000")
    for name, records in weights.items():
        row_ = [median(records, key) for key in ("answered", *METRICS, "Nodes")]
        cells = [f"{'never' if row_[0] is None else f'{row_[0]:.0f}':>12}"] + [
            f"{x:>{w}.2f}" for x, w in zip(row_[1:5], (7, 8, 8, 8))] + [f"{row_[5]:>7.0f}"]
        ratios = ""
        if name != "bare" and row_[0] is not None:
            ratio_open = row_[0] / median(bare, "answered")
            ratio_task = row_[1] / median(bare, "TaskDuration")
            met = "yes" if ratio_open <= 1.2 and ratio_task <= 1.3 and row_[5] <= 5000 else "NO"
            ratios = f"  {ratio_open:>8.2f} {ratio_task:>6.2f}  {met}"
        print(f"{name:<14} {' '.join(cells)}{ratios}")
    for name, records in weights.items():
        print(f"{name} playable ms: " + " ".join("-" if r["answered"] is None else f"{r['answered']:.0f}" for r in records)
              + "   task s: " + " ".join(f"{r['TaskDuration']:.2f}" for r in records)
              + "   nodes: " + " ".join(f"{r['Nodes']:.0f}" for r in records)
              + "   1-min load: " + " ".join(f"{r['load']:.1f}" for r in records))


def report_weights(weights: dict[str, list[dict]], load0: tuple[float, ...], served: Path) -> None:
    load1 = os.getloadavg()
    print(f"\ncardlab lesson pages against the bare page  {time.strftime('%Y-%m-%d %H:%M')}  cores={os.cpu_count()}  "
          f"load avg (1/5/15 min) before {load0[0]:.2f}/{load0[1]:.2f}/{load0[2]:.2f}, "
          f"after {load1[0]:.2f}/{load1[1]:.2f}/{load1[2]:.2f}")
    print(f"ours: {served.resolve()}")
    print_weights(weights)


def spread(records: list[dict], key: str) -> str:
    """Median [min-max] of ``key`` over the opens that reached it, and how many did not."""
    xs = [r[key] for r in records if r[key] is not None]
    missed = f", {len(records) - len(xs)} never" if len(xs) < len(records) else ""
    return f"{statistics.median(xs):.0f} [{min(xs):.0f}-{max(xs):.0f}{missed}]" if xs else f"never ({len(records)})"


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
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--clicks-only", action="store_true", help="time the clicks only (no opens, no memory)")
    only.add_argument("--opens-only", action="store_true", help="time the page opens only (no clicks)")
    ap.add_argument("--before", type=Path, help="another copy of the repository, measured in the same run")
    ap.add_argument("--after", type=Path, help="a copy of the repository served as ours (default: this tree)")
    ap.add_argument("--lessons", help="weigh these lesson pages (comma-separated names) against the bare page, "
                                      "and nothing else")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    for copy in (args.before, args.after):
        if copy and (problem := copy_problem(copy)):
            sys.exit(problem)
    load0 = os.getloadavg()

    stock, ours = stock_server(), copy_server("bench-cardlab-voila", args.after or REPO)
    before = None
    try:
        if args.before:
            before = copy_server("bench-before-voila", args.before)
            _, before_pool = wait_pool_ready(before, quiet=3.0)
        _, pool = wait_pool_ready(ours, quiet=3.0)  # preheated at start-up: one kernel per notebook
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            if args.lessons:
                bare_app = bare_app_server()
                try:
                    served = [("", ours, pool), ("bare", bare_app, wait_pool_ready(bare_app, quiet=3.0)[1])]
                    served += [("before", before, before_pool)] if before else []
                    weights = lesson_weights(browser, bare_app, served, args.lessons.split(","), args.runs)
                finally:
                    bare_app.stop()
                browser.close()
                return report_weights(weights, load0, args.after or REPO)
            bare_url = stock.url + "/voila/render/bare.ipynb"
            ours_url = ours.url + LESSON
            pages = [("bare", bare_clicks, bare_url), ("ours", table_clicks, ours_url)]
            if before:
                pages.append(("before", table_clicks, before.url + LESSON))
            if before and not args.clicks_only:
                opens = playable_opens(browser, [("ours", ours, ours_url, pool),
                                                 ("before", before, before.url + LESSON, before_pool),
                                                 ("bare", stock, bare_url, None)], args.runs)
            elif not args.clicks_only:
                bare_open, bare_mem, _ = measure_opens(browser, stock, bare_url, BARE_BUTTON, args.runs, None)
                our_open, our_mem, refills = measure_opens(browser, ours, ours_url, TABLE_CARD, args.runs, pool)
            clicks = {} if args.opens_only else {(who, pause): fn(browser, url, args.clicks, pause)
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
    print(f"ours: {(args.after or REPO).resolve()}" + (f"   before: {args.before.resolve()}" if before else ""))
    if before and not args.clicks_only:
        print(f"\npage open -> playable, {args.runs} rounds interleaved: median [min-max] ms since navigation start")
        print(f"{'':<8} {'card visible':>20} {'click answered':>20}  clicks sent  1-min load at the opens")
        for name, records in opens.items():
            answered = spread(records, "answered") if name != "bare" else ""
            clicks_sent = fmt([r["clicks"] for r in records]) if name != "bare" else "(its button)"
            loads = " ".join(f"{r['load']:.1f}" for r in records)
            print(f"{name:<8} {spread(records, 'visible'):>20} {answered:>20}  {clicks_sent:<11}  {loads}")
        ratios = [o["answered"] / b["answered"] for o, b in zip(opens["ours"], opens["before"])
                  if o["answered"] is not None and b["answered"] is not None]
        if ratios:
            print(f"ours/before, click answered, round by round: {' '.join(f'{r:.2f}' for r in ratios)}; "
                  f"median {statistics.median(ratios):.2f}")
        for name, records in opens.items():
            for key in ("visible", "answered") if name != "bare" else ("visible",):
                print(f"{name} {key} ms: " + " ".join("-" if r[key] is None else f"{r[key]:.0f}" for r in records))
    pauses = () if args.opens_only else PAUSES
    old_opens = not args.clicks_only and not before
    if old_opens or pauses:
        print(f"\n{'measure':<40} {'ours':>9} {'bare':>9}     {'ratio':>6} {'target':>7}  met?")
    if old_opens:
        print(row("page open -> table, median", med(our_open), med(bare_open), 0.6, "ms"))
        print(row("page open -> table, min", min(our_open), min(bare_open), 0.6, "ms"))
    for pause in pauses:
        print(row(f"click -> redrawn, median, {pause} ms apart", med(clicks["ours", pause]),
                  med(clicks["bare", pause]), 0.5, "ms"))
        if before:
            print(row(f"  the --before copy, {pause} ms apart", med(clicks["before", pause]),
                      med(clicks["bare", pause]), 0.5, "ms"))
    if old_opens:
        print(row("kernel RSS of open page, median", med(our_mem), med(bare_mem), 1.3, "MB"))
        print(f"\nopen ms   ours: {fmt(our_open)}   bare: {fmt(bare_open)}")
    for pause in pauses:
        print(f"click ms, {pause:>3} ms apart  ours: {fmt(clicks['ours', pause])}")
        if before:
            print(f"                   before: {fmt(clicks['before', pause])}")
        print(f"                     bare: {fmt(clicks['bare', pause])}")
    if old_opens:
        print(f"RSS MB    ours: {fmt(our_mem)}   bare: {fmt(bare_mem)}")
        print(f"pool of {pool} kernels; refill waits (s, incl. 2 s idle): {' '.join(f'{r:.1f}' for r in refills)}")


if __name__ == "__main__":
    main()
