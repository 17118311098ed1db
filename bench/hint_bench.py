"""A hint in the served app (issue 10): click on Hint to the hint's sentence on screen, at each
computer level, next to the round trip of a bare one-button Voilà page measured in the same run.
Numbers to read, not test assertions; the issue asks for the hint within 0.5 s.

    .venv/bin/python bench/hint_bench.py [--hints 15] [--levels beginner club expert]

One server of the repository (``python -m cardlab.widgets.server``) and one stock Voilà serving the
bare page, both on loopback.  In the Tressette lesson's free-game table (the last one on the
page, dealt from seed 0, computer at instant pace), at each of South's turns: Hint is clicked and
the time is taken inside the page until the message slot reads "Hint (", then South plays a legal
card and the table plays on to South's next turn (a new deal when the hand is over).  The
beginner's hint has no search in it: the difference to the expert's is the search.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from tests.servers import REPO  # noqa: E402
from voila_bench import (BARE_BUTTON, SOUTH_LEGAL, TABLE_CARD, TABLE_READY_JS, bare_clicks, close_page,  # noqa: E402
                         copy_server, open_page, stock_server, wait_pool_ready)

# Clicks the last table's Hint; resolves with the ms until its message slot shows a hint.
HINT_JS = """() => {
  const table = [...document.querySelectorAll(".cardlab-table")].pop();
  const button = table.querySelector(".cardlab-hint");
  const slot = table.querySelector(".cardlab-message");
  return new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (slot.textContent.includes("Hint (")) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(slot, {childList: true, subtree: true, characterData: true});
    const t0 = performance.now();
    button.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  });
}"""


def hint_times(browser, url: str, level: str, hints: int) -> list[float]:
    page, context, _ = open_page(browser, url, TABLE_CARD)
    table = page.locator(".cardlab-table").last
    table.locator(".cardlab-pace select").select_option(label="instant")
    table.locator(".cardlab-level select").select_option(level)
    table.locator(".cardlab-seed input").fill("0")
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    out: list[float] = []
    while len(out) < hints:
        if page.wait_for_function(TABLE_READY_JS, polling=50).json_value() == "over":
            table.locator(".cardlab-deal").click()
            page.wait_for_timeout(300)
            continue
        out.append(page.evaluate(HINT_JS))
        before = table.locator(".cardlab-step").inner_text()
        table.locator(".cardlab-board " + SOUTH_LEGAL).first.click()
        page.wait_for_function("(before) => [...document.querySelectorAll('.cardlab-table')].pop()"
                               ".querySelector('.cardlab-step').innerText !== before", arg=before, polling=50)
    close_page(page, context)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hints", type=int, default=15, help="timed hints per level")
    parser.add_argument("--levels", nargs="+", default=["beginner", "club", "expert"])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    load0 = os.getloadavg()
    stock, ours = stock_server(), copy_server("bench-cardlab-voila", REPO)
    try:
        wait_pool_ready(ours, quiet=3.0)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            bare = bare_clicks(browser, stock.url + "/voila/render/bare.ipynb", args.hints, 150)
            times = {level: hint_times(browser, ours.url + "/voila/render/tressette.ipynb", level, args.hints)
                     for level in args.levels}
            browser.close()
    finally:
        ours.stop()
        stock.stop()
    load1 = os.getloadavg()
    print(f"hint bench {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load {load0[0]:.2f} before, "
          f"{load1[0]:.2f} after; {BARE_BUTTON} round trip of the bare page in the same run")
    print(f"{'':12} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'within 500 ms':>14}")
    for label, values in [("bare click", bare), *times.items()]:
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        within = sum(v <= 500 for v in values)
        print(f"{label:12} {statistics.median(values):10.0f} {p95:8.0f} {max(values):8.0f} "
              f"{f'{within}/{len(values)}':>14}")


if __name__ == "__main__":
    main()
