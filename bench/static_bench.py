"""The static site (scripts/build-static.sh) in a real Chromium: time to a playable table (the first
card shown, clicked and answered), cold and warm, bytes downloaded per visit, and the site's size. Numbers, not tests.

    .venv/bin/python bench/static_bench.py [--site site] [--before SITE] [--no-voila] [--lesson tressette] [--runs 3]

Serves the built site with the standard library's `http.server` on a free loopback port, in this
process, counting the bytes of every response body it sends (a `304 Not Modified` sends none):
that is what a visit downloads, whoever asked (page, Web Worker or service worker). Each run is a
browser with a fresh profile on disk, as a learner's browser has (an off-the-record context keeps
its cache in memory and does not keep the 8.6 MB `pyodide.asm.wasm`): its first visit is cold
(empty cache), the next ones warm (HTTP cache filled; Pyodide and every lesson cell still run
again, in a new page); a visit ends when the service worker's offline copy of the site is complete,
so a cold visit's bytes include it. The clock is the page's own (`performance.now()`, from navigation start):
the first legal card of South in a table's board visible, that card clicked and the click
answered (bench/playable.py), with the first cell output and the first table as milestones.
Every request URL is recorded; any request to another host is reported. Build the site first.

``--before SITE`` serves a second site (say one built from the commit before a change, each by
scripts/build-static.sh into its own folder) on a port of its own and measures it in the same
run: each run does one browser per site, the order turning each run, so the noise of a shared
machine hits both. The 1-min load average is printed with every visit.

The anchor is the served app: each run also opens the same lesson in the Voilà app of this tree
(``python -m cardlab.widgets.server``, the README's serve command, on a free loopback port, its
kernel pool refilled and idle before each open), in a browser of its own, cold then warm the same
way, so the static site's time is read as a ratio to the app's in the same run (goal: warm ≤ 2×).
``--no-voila`` leaves it out. Requests are counted twice: those the browser made (page and Web
Worker; the service worker's own fetches are not reported to Playwright) and those the static
server answered (everything, the service worker's precache included).
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import re
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
import playable  # noqa: E402  (bench/, this script's folder)
from voila_bench import wait_pool_ready  # noqa: E402
from tests.servers import LOOPBACK  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
# milestones of a lesson's start-up, read from the page as it loads, until the first click is answered
MILESTONES = """() => {
  const t = performance.now();
  const m = window.__cardlabMilestones = window.__cardlabMilestones || {};
  const seen = (name, test) => { if (!(name in m) && test()) m[name] = t; };
  seen("first cell output", () => document.querySelector(".jp-OutputArea-output"));
  seen("first table", () => document.querySelector(".cardlab-table"));
  if (window.__benchAnswered === undefined) return null;
  return {...m, "first playable card": window.__benchVisible, "click answered": window.__benchAnswered,
          "clicks sent": window.__benchClicks};
}"""


# In the page: wait until every file of the service worker's list is in the browser's cache (the
# offline copy; the worker stores it once the site has been quiet); ms since navigation start,
# null if not within the deadline.
ALL_STORED = """async ([paths, deadline]) => {
  const addresses = paths.map((path) => new URL(path, location.origin + "/").href);
  for (const end = Date.now() + deadline; Date.now() < end;) {
    const found = await Promise.all(addresses.map((address) => caches.match(address)));
    if (found.every(Boolean)) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}"""


def precached(site: Path) -> list[str]:
    """The files the site's service worker stores, as its build listed them."""
    worker = (site / "service-worker.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker).group(1))


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


class CountingHandler(SimpleHTTPRequestHandler):
    """A static file server that adds the size of every body it sends to ``sent`` and counts the
    requests it answers in ``answered``."""

    sent = 0
    answered = 0

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        CountingHandler.sent += source.tell() - start

    def log_request(self, code="-", size="-") -> None:
        CountingHandler.answered += 1

    def log_message(self, format, *args) -> None:
        pass


class Visit:
    """One page open: its requests, its bytes, its milestones."""

    def __init__(self, context, url: str, timeout_ms: int, profile: str, precache: list[str] | None = None):
        self.urls: list[str] = []
        self.static = precache is not None
        sent_before, answered_before = CountingHandler.sent, CountingHandler.answered
        # context-wide: Pyodide and the wheels are fetched by the kernel's Web Worker, not the page
        context.on("request", self._record)
        page = context.new_page()
        page.add_init_script(playable.init_script())
        self.load = os.getloadavg()[0]
        cpu_before = browser_cpu(profile)
        page.goto(url)
        handle = page.wait_for_function(MILESTONES, timeout=timeout_ms, polling=50)
        self.milestones = {name: round(ms) for name, ms in handle.json_value().items()}
        self.cpu = browser_cpu(profile) - cpu_before
        page.wait_for_timeout(500)  # late requests (the rest of the lesson's cells) are counted too
        # a static visit ends when the offline copy is complete: what it downloads includes it
        stored = page.evaluate(ALL_STORED, [precache, timeout_ms]) if self.static else None
        self.stored = round(stored) if stored is not None else None
        self.foreign = sorted({u for u in self.urls if urlparse(u).hostname not in (LOOPBACK, None)
                               and not u.startswith(("data:", "blob:"))})
        if not self.static:
            page.goto("about:blank")  # Voilà's page sends its kernel's shutdown as it leaves
        page.close()
        context.remove_listener("request", self._record)
        self.bytes = CountingHandler.sent - sent_before
        self.answered = CountingHandler.answered - answered_before
        # the kernel's file look-ups, each a synchronous round trip through the service worker to the page
        self.drive = sum("/api/drive" in url for url in self.urls)

    def _record(self, request) -> None:
        self.urls.append(request.url)

    def line(self) -> str:
        m = self.milestones
        return (f"first playable card {m['first playable card']} ms, click answered {m['click answered']} ms "
                f"({m['clicks sent']} click(s); first output {m.get('first cell output')} ms, first table "
                f"{m.get('first table')} ms); {len(self.urls)} requests"
                + (f" ({self.answered} answered by the server; {self.drive} to JupyterLite's drive), "
                   f"{self.bytes / 1e6:.1f} MB downloaded" if self.static else "")
                + (f"; offline copy complete at {self.stored} ms" if self.static else "")
                + f"; browser CPU to the answer {self.cpu:.1f} s; load {self.load:.1f}"
                + (f"; OFF-HOST: {self.foreign}" if self.foreign else ""))


def browser_cpu(profile: str) -> float:
    """CPU seconds (user + system) used so far by the Chromium started on ``profile`` and its
    processes (renderers, the kernel's Web Worker, the service worker): work done, which the
    machine's load stretches far less than the wall clock."""
    import psutil
    total = 0.0
    for proc in psutil.process_iter(["cmdline"]):
        if f"--user-data-dir={profile}" in (proc.info["cmdline"] or []):
            for member in [proc, *proc.children(recursive=True)]:
                try:
                    times = member.cpu_times()
                    total += times.user + times.system
                except psutil.Error:
                    pass
    return total


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer((LOOPBACK, 0), functools.partial(CountingHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{LOOPBACK}:{server.server_address[1]}"


def describe(name: str, site: Path) -> str:
    return (f"{name}: {folder_bytes(site) / 1e6:.1f} MB in {site} "
            f"(Pyodide folder {folder_bytes(site / 'static' / 'pyodide') / 1e6:.1f} MB, "
            f"build/ {folder_bytes(site / 'build') / 1e6:.1f} MB)")


def summary(visits: list[Visit], milestone: str) -> str:
    times = [v.milestones[milestone] for v in visits]
    return f"{statistics.median(times):.0f} [{min(times)}-{max(times)}]"


def voila_app():
    """The served app of this tree on a free loopback port, as scripts/serve.sh starts it."""
    from tests.servers import Server, free_port, voila_command
    port = free_port()
    return Server("bench-static-voila", voila_command(port), f"http://{LOOPBACK}:{port}", "/voila/tree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--before", type=Path, help="a second site, measured in the same run")
    parser.add_argument("--no-voila", action="store_true", help="leave out the served app (the anchor)")
    parser.add_argument("--lesson", default="tressette")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", type=int, default=2, help="warm visits after each cold one")
    parser.add_argument("--timeout", type=int, default=180, help="seconds for one visit")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    sites = {"now": args.site, **({"before": args.before} if args.before else {})}
    for site in sites.values():
        if not (site / "voici" / "render" / f"{args.lesson}.html").exists():
            sys.exit(f"{site} has no lesson {args.lesson!r}: run `bash scripts/build-static.sh {site}` first")

    servers = {name: serve(site) for name, site in sites.items()}
    precache = {name: precached(site) for name, site in sites.items()}
    urls = {name: f"{base}/voici/render/{args.lesson}.html" for name, (_, base) in servers.items()}
    app = None
    names = list(sites)
    kinds = ["cold"] + ["warm"] * args.warm
    try:
        if not args.no_voila:
            app = voila_app()
            urls["voila"] = f"{app.url}/voila/render/{args.lesson}.ipynb"
            names.append("voila")
        visits: dict[tuple[str, str], list[Visit]] = {(name, kind): [] for name in names for kind in ("cold", "warm")}
        print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        for name, site in sites.items():
            print(describe(name, site))
        with sync_playwright() as pw:
            for run in range(args.runs):
                for name in names[run % len(names):] + names[:run % len(names)]:
                    profile = tempfile.TemporaryDirectory(prefix="cardlab-bench-profile-")
                    context = pw.chromium.launch_persistent_context(
                        profile.name, executable_path=CHROMIUM, headless=True, args=ARGS,
                        viewport={"width": 1280, "height": 900})
                    for kind in kinds:
                        if name == "voila":
                            wait_pool_ready(app)  # the pool refilled and idle, as voila_bench.py opens
                        visit = Visit(context, urls[name], args.timeout * 1000, profile.name,
                                      None if name == "voila" else precache[name])
                        visits[name, kind].append(visit)
                        print(f"run {run + 1} {name} {kind}: {visit.line()}")
                    context.close()
                    profile.cleanup()
        print("\nmedian [min-max] ms since navigation start")
        print(f"{'':<12} {'first playable card':>22} {'click answered':>22}  browser CPU s"
              "  downloaded (median)  1-min load")
        for (name, kind), done in ((key, done) for key, done in visits.items() if done):
            loads = " ".join(f"{v.load:.1f}" for v in done)
            downloaded = (f"{statistics.median(v.bytes for v in done) / 1e6:>8.1f} MB" if done[0].static
                          else f"{'-':>11}")
            cpu = statistics.median(v.cpu for v in done)
            print(f"{name + ' ' + kind:<12} {summary(done, 'first playable card'):>22} "
                  f"{summary(done, 'click answered'):>22}  {cpu:>12.1f}  {downloaded}{'':>10}  {loads}")
        for anchor in ("before", "voila"):
            if anchor not in names:
                continue
            for kind in ("cold", "warm") if args.warm else ("cold",):
                ratios = [a.milestones["click answered"] / b.milestones["click answered"]
                          for a, b in zip(visits["now", kind], visits[anchor, kind])]
                cpu = statistics.median(v.cpu for v in visits["now", kind]) / statistics.median(
                    v.cpu for v in visits[anchor, kind])
                print(f"now/{anchor}, {kind}, click answered, visit by visit: {' '.join(f'{r:.2f}' for r in ratios)}; "
                      f"median {statistics.median(ratios):.2f}; browser CPU, medians: {cpu:.2f}")
        off_host = sorted({u for (name, _), done in visits.items() if name != "voila" for v in done for u in v.foreign})
        print("static site's requests to other hosts: " + (", ".join(off_host) if off_host else "none"))
        print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    finally:
        for server, _ in servers.values():
            server.shutdown()
        if app is not None:
            app.stop()


if __name__ == "__main__":
    main()
