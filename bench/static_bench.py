"""The static site (scripts/build-static.sh) in a real Chromium: time to a playable table (the first
card shown, clicked and answered), cold and warm, bytes downloaded per visit, and the site's size. Numbers, not tests.

    .venv/bin/python bench/static_bench.py [--site site] [--before SITE] [--lesson tressette] [--runs 3]

Serves the built site with the standard library's `http.server` on a free loopback port, in this
process, counting the bytes of every response body it sends (a `304 Not Modified` sends none):
that is what a visit downloads, whoever asked (page, Web Worker or service worker). Each run is a
browser with a fresh profile on disk, as a learner's browser has (an off-the-record context keeps
its cache in memory and does not keep the 8.6 MB `pyodide.asm.wasm`): its first visit is cold
(empty cache), the next ones warm (HTTP cache filled; Pyodide and every lesson cell still run
again, in a new page). The clock is the page's own (`performance.now()`, from navigation start):
the first legal card of South in a table's board visible, that card clicked and the click
answered (bench/playable.py), with the first cell output and the first table as milestones.
Every request URL is recorded; any request to another host is reported. Build the site first.

``--before SITE`` serves a second site (say one built from the commit before a change, each by
scripts/build-static.sh into its own folder) on a port of its own and measures it in the same
run: each run does one browser per site, the order turning each run, so the noise of a shared
machine hits both. The 1-min load average is printed with every visit.
"""
from __future__ import annotations

import argparse
import functools
import os
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


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


class CountingHandler(SimpleHTTPRequestHandler):
    """A static file server that adds the size of every body it sends to ``sent``."""

    sent = 0

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        CountingHandler.sent += source.tell() - start

    def log_message(self, format, *args) -> None:
        pass


class Visit:
    """One page open: its requests, its bytes, its milestones."""

    def __init__(self, context, url: str, timeout_ms: int):
        self.urls: list[str] = []
        sent_before = CountingHandler.sent
        # context-wide: Pyodide and the wheels are fetched by the kernel's Web Worker, not the page
        context.on("request", self._record)
        page = context.new_page()
        page.add_init_script(playable.init_script())
        self.load = os.getloadavg()[0]
        page.goto(url)
        handle = page.wait_for_function(MILESTONES, timeout=timeout_ms, polling=50)
        self.milestones = {name: round(ms) for name, ms in handle.json_value().items()}
        page.wait_for_timeout(500)  # late requests (the rest of the lesson's cells) are counted too
        self.foreign = sorted({u for u in self.urls if urlparse(u).hostname not in (LOOPBACK, None)
                               and not u.startswith(("data:", "blob:"))})
        page.close()
        context.remove_listener("request", self._record)
        self.bytes = CountingHandler.sent - sent_before

    def _record(self, request) -> None:
        self.urls.append(request.url)

    def line(self) -> str:
        m = self.milestones
        return (f"first playable card {m['first playable card']} ms, click answered {m['click answered']} ms "
                f"({m['clicks sent']} click(s); first output {m.get('first cell output')} ms, first table "
                f"{m.get('first table')} ms); {len(self.urls)} requests, {self.bytes / 1e6:.1f} MB downloaded; "
                f"load {self.load:.1f}" + (f"; OFF-HOST: {self.foreign}" if self.foreign else ""))


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--before", type=Path, help="a second site, measured in the same run")
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
    visits: dict[tuple[str, str], list[Visit]] = {(name, kind): [] for name in sites for kind in ("cold", "warm")}
    try:
        print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        for name, site in sites.items():
            print(describe(name, site))
        names = list(sites)
        with sync_playwright() as pw:
            for run in range(args.runs):
                for name in names[run % len(names):] + names[:run % len(names)]:
                    url = f"{servers[name][1]}/voici/render/{args.lesson}.html"
                    profile = tempfile.TemporaryDirectory(prefix="cardlab-bench-profile-")
                    context = pw.chromium.launch_persistent_context(
                        profile.name, executable_path=CHROMIUM, headless=True, args=ARGS,
                        viewport={"width": 1280, "height": 900})
                    for kind in ["cold"] + ["warm"] * args.warm:
                        visit = Visit(context, url, args.timeout * 1000)
                        visits[name, kind].append(visit)
                        print(f"run {run + 1} {name} {kind}: {visit.line()}")
                    context.close()
                    profile.cleanup()
        print("\nmedian [min-max] ms since navigation start")
        print(f"{'':<12} {'first playable card':>22} {'click answered':>22}  downloaded (median)  1-min load")
        for (name, kind), done in ((key, done) for key, done in visits.items() if done):
            loads = " ".join(f"{v.load:.1f}" for v in done)
            print(f"{name + ' ' + kind:<12} {summary(done, 'first playable card'):>22} "
                  f"{summary(done, 'click answered'):>22}  {statistics.median(v.bytes for v in done) / 1e6:>8.1f} MB"
                  f"{'':>10}  {loads}")
        if args.before:
            for kind in ("cold", "warm") if args.warm else ("cold",):
                ratios = [a.milestones["click answered"] / b.milestones["click answered"]
                          for a, b in zip(visits["now", kind], visits["before", kind])]
                print(f"now/before, {kind}, click answered, visit by visit: {' '.join(f'{r:.2f}' for r in ratios)}; "
                      f"median {statistics.median(ratios):.2f}")
        off_host = sorted({u for done in visits.values() for v in done for u in v.foreign})
        print("requests to other hosts: " + (", ".join(off_host) if off_host else "none"))
        print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    finally:
        for server, _ in servers.values():
            server.shutdown()

if __name__ == "__main__":
    main()
