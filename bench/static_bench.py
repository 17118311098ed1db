"""The static site (scripts/build-static.sh) in a real Chromium: time to the first playable card,
cold and warm, bytes downloaded per visit, and the site's size. Numbers, not tests.

    .venv/bin/python bench/static_bench.py [--site site] [--lesson tressette] [--runs 3]

Serves the built site with the standard library's `http.server` on a free loopback port, in this
process, counting the bytes of every response body it sends (a `304 Not Modified` sends none):
that is what a visit downloads, whoever asked (page, Web Worker or service worker). Each run is a
browser with a fresh profile on disk, as a learner's browser has (an off-the-record context keeps
its cache in memory and does not keep the 8.6 MB `pyodide.asm.wasm`): its first visit is cold
(empty cache), the next ones warm (HTTP cache filled; Pyodide and every lesson cell still run
again, in a new page). The clock is
the page's own (`performance.now()`, from navigation start) read when the first card of South's
hand marked legal (`.cardlab-board [data-hand="S"].legal`) is in the page. Every request URL is
recorded; any request to another host is reported. Build the site first.
"""
from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.servers import LOOPBACK  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
PLAYABLE = ".cardlab-table .cardlab-board [data-hand='S'].legal"
# milestones of a lesson's start-up, read from the page as it loads
MILESTONES = """() => {
  const t = performance.now();
  const m = window.__cardlabMilestones = window.__cardlabMilestones || {};
  const seen = (name, test) => { if (!(name in m) && test()) m[name] = t; };
  seen("first cell output", () => document.querySelector(".jp-OutputArea-output"));
  seen("first table", () => document.querySelector(".cardlab-table"));
  seen("first playable card", () => document.querySelector("%s"));
  return "first playable card" in m ? m : null;
}""" % PLAYABLE.replace("'", "\\'")


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
        start = time.monotonic()
        page.goto(url)
        handle = page.wait_for_function(MILESTONES, timeout=timeout_ms, polling=50)
        self.milestones = {name: round(ms) for name, ms in handle.json_value().items()}
        self.wall = time.monotonic() - start
        page.wait_for_timeout(500)  # late requests (the rest of the lesson's cells) are counted too
        self.foreign = sorted({u for u in self.urls if urlparse(u).hostname not in (LOOPBACK, None)
                               and not u.startswith(("data:", "blob:"))})
        page.close()
        context.remove_listener("request", self._record)
        self.bytes = CountingHandler.sent - sent_before

    def _record(self, request) -> None:
        self.urls.append(request.url)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--lesson", default="tressette")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", type=int, default=2, help="warm visits after each cold one")
    parser.add_argument("--timeout", type=int, default=180, help="seconds for one visit")
    args = parser.parse_args()
    site: Path = args.site
    if not (site / "voici" / "render" / f"{args.lesson}.html").exists():
        sys.exit(f"{site} has no lesson {args.lesson!r}: run `bash scripts/build-static.sh` first")

    server = ThreadingHTTPServer((LOOPBACK, 0), functools.partial(CountingHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://{LOOPBACK}:{server.server_address[1]}/voici/render/{args.lesson}.html"
    try:
        print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print(f"site: {folder_bytes(site) / 1e6:.1f} MB in {site} "
              f"(Pyodide folder {folder_bytes(site / 'static' / 'pyodide') / 1e6:.1f} MB, "
              f"build/ {folder_bytes(site / 'build') / 1e6:.1f} MB)")
        cold, warm = [], []
        with sync_playwright() as pw:
            for run in range(args.runs):
                profile = tempfile.TemporaryDirectory(prefix="cardlab-bench-profile-")
                context = pw.chromium.launch_persistent_context(
                    profile.name, executable_path=CHROMIUM, headless=True, args=ARGS,
                    viewport={"width": 1280, "height": 900})
                for kind, into in [("cold", cold)] + [("warm", warm)] * args.warm:
                    visit = Visit(context, url, args.timeout * 1000)
                    into.append(visit)
                    print(f"run {run + 1} {kind}: first playable card {visit.milestones['first playable card']} ms "
                          f"(first output {visit.milestones.get('first cell output')} ms, first table "
                          f"{visit.milestones.get('first table')} ms); {len(visit.urls)} requests, "
                          f"{visit.bytes / 1e6:.1f} MB downloaded"
                          + (f"; OFF-HOST: {visit.foreign}" if visit.foreign else ""))
                context.close()
                profile.cleanup()
        for kind, visits in (("cold", cold), ("warm", warm)):
            times = [v.milestones["first playable card"] for v in visits]
            print(f"{kind}: first playable card median {statistics.median(times):.0f} ms, min {min(times)} ms; "
                  f"downloaded median {statistics.median(v.bytes for v in visits) / 1e6:.1f} MB")
        off_host = sorted({u for v in cold + warm for u in v.foreign})
        print("requests to other hosts: " + (", ".join(off_host) if off_host else "none"))
        print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
