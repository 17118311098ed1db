"""The static site (scripts/build-static.sh) in a real Chromium: time to the first playable card,
cold and warm, bytes downloaded per visit, and the site's size. Numbers, not tests.

    .venv/bin/python bench/static_bench.py [--site site] [--lesson tressette] [--runs 3]

Serves the built site with `python -m http.server` on a free loopback port. A cold visit is a
fresh browser context (empty cache); a warm visit opens the same lesson again in that context
(HTTP cache filled; Pyodide and every lesson cell still run again, in a new page). The clock is
the page's own (`performance.now()`, from navigation start) read when the first card of South's
hand marked legal (`.cardlab-board [data-hand="S"].legal`) is in the page. Every request URL is
recorded; any request to another host is reported. Build the site first.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.servers import LOOPBACK, free_port, wait_for_http  # noqa: E402

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


class Visit:
    """One page open: its requests, its bytes, its milestones."""

    def __init__(self, context, url: str, timeout_ms: int):
        self.urls: list[str] = []
        self.bytes = 0
        # context-wide: Pyodide and the wheels are fetched by the kernel's Web Worker, not the page
        context.on("request", self._record)
        context.on("requestfinished", self._count)
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
        context.remove_listener("requestfinished", self._count)

    def _record(self, request) -> None:
        self.urls.append(request.url)

    def _count(self, request) -> None:
        try:
            self.bytes += max(request.sizes()["responseBodySize"], 0)
        except Exception:
            pass  # the page may be closing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--lesson", default="tressette")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=180, help="seconds for one visit")
    args = parser.parse_args()
    site: Path = args.site
    if not (site / "voici" / "render" / f"{args.lesson}.html").exists():
        sys.exit(f"{site} has no lesson {args.lesson!r}: run `bash scripts/build-static.sh` first")

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", LOOPBACK, "--directory", str(site),
                               str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://{LOOPBACK}:{port}"
    url = f"{base}/voici/render/{args.lesson}.html"
    try:
        wait_for_http(base + "/", server)
        print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print(f"site: {folder_bytes(site) / 1e6:.1f} MB in {site} "
              f"(Pyodide folder {folder_bytes(site / 'static' / 'pyodide') / 1e6:.1f} MB, "
              f"build/ {folder_bytes(site / 'build') / 1e6:.1f} MB)")
        cold, warm = [], []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                for kind, into in (("cold", cold), ("warm", warm)):
                    visit = Visit(context, url, args.timeout * 1000)
                    into.append(visit)
                    print(f"run {run + 1} {kind}: first playable card {visit.milestones['first playable card']} ms "
                          f"(first output {visit.milestones.get('first cell output')} ms, first table "
                          f"{visit.milestones.get('first table')} ms); {len(visit.urls)} requests, "
                          f"{visit.bytes / 1e6:.1f} MB downloaded"
                          + (f"; OFF-HOST: {visit.foreign}" if visit.foreign else ""))
                context.close()
            browser.close()
        for kind, visits in (("cold", cold), ("warm", warm)):
            times = [v.milestones["first playable card"] for v in visits]
            print(f"{kind}: first playable card median {statistics.median(times):.0f} ms, min {min(times)} ms; "
                  f"downloaded median {statistics.median(v.bytes for v in visits) / 1e6:.1f} MB")
        off_host = sorted({u for v in cold + warm for u in v.foreign})
        print("requests to other hosts: " + (", ".join(off_host) if off_host else "none"))
        print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
