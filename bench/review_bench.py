"""A hand's review in the served app (issue 20): click on Review to the review shown, for every
game's free table.  Numbers to read, not test assertions; the issue asks for every review within 5 s.

    .venv/bin/python bench/review_bench.py [--hands 2] [--games tressette quadrille ...]

One server of the repository (``python -m cardlab.widgets.server``) on loopback, its kernel pool settled
before each page opens.  In each lesson's free-game table (instant pace, the computer at club
level), a hand dealt from seed ``k`` is played out by pressing "Coach plays" at each of South's
decisions (the auction's calls included where the game has them); then Review is clicked and the
time is taken inside the page until the table says the review is done.  Each hand prints its time,
the decisions listed (the ones that clearly cost something: :mod:`cardlab.review`), the machine's
load and the review's first line; then a table per game.
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
from voila_bench import close_page, copy_server, open_page, wait_pool_ready  # noqa: E402

TABLES = {  # game: (lesson, the free table's position among the page's tables, from the end)
    "tressette": ("tressette", 1),
    "quatre_sept": ("quatre_sept", 1),
    "sixty_six": ("soixante_six", 1),
    "aluette": ("aluette", 2),
    "vache": ("aluette", 1),
    "quadrille": ("quadrille", 1),
}
LIMIT_MS = 5000

# Clicks the table's Review; resolves with the ms until the table says the review is done (its
# sentence, "Review: ..." or "Review done.", in the message slot after the "Reviewing your
# decision k of n…" lines; the rows under the coach filled by then), rejects after two minutes
# rather than waiting forever.
REVIEW_JS = """(position) => {
  const tables = [...document.querySelectorAll(".cardlab-table")];
  const table = tables[tables.length - position];
  const message = table.querySelector(".cardlab-message");
  return new Promise((resolve, reject) => {
    const before = message.innerText;
    const done = () => message.innerText !== before && /^Review(:| done)/.test(message.innerText.trim());
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); clearTimeout(late); resolve(performance.now() - t0); }
    });
    const late = setTimeout(() => { obs.disconnect(); reject(new Error("no review in 120 s")); }, 120000);
    obs.observe(table, {childList: true, subtree: true, characterData: true});
    const t0 = performance.now();
    table.querySelector(".cardlab-review").dispatchEvent(
      new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  });
}"""


def review_times(browser, url: str, position: int, hands: int) -> list[tuple[float, int]]:
    """(ms, decisions reviewed) for ``hands`` hands of one free table."""
    page, context, _ = open_page(browser, url, ".cardlab-table .cardlab-review")
    page.set_default_timeout(300_000)
    table = page.locator(".cardlab-table").nth(-position)
    table.locator(".cardlab-pace select").select_option(label="instant")
    table.locator(".cardlab-level select").select_option("club")
    out: list[tuple[float, int]] = []
    for seed in range(hands):
        table.locator(".cardlab-seed input").fill(str(seed))
        table.locator(".cardlab-seed input").press("Enter")
        step = table.locator(".cardlab-step")
        board = table.locator(".cardlab-svg-board")
        before = board.inner_html()
        table.locator(".cardlab-deal").click()
        page.wait_for_function("([el, before]) => el.innerHTML !== before", arg=[board.element_handle(), before],
                               polling=50)
        page.wait_for_function("(el) => !el.innerText.includes('over')", arg=step.element_handle(), polling=50)
        presses = 0
        while "over" not in step.inner_text():
            before = step.inner_text()
            table.locator(".cardlab-coach-plays").click()
            page.wait_for_function("([el, before]) => el.innerText !== before",
                                   arg=[step.element_handle(), before], polling=50)
            presses += 1
        review = table.locator(".cardlab-review")
        review.wait_for(state="visible")
        page.wait_for_function("(button) => !button.disabled", arg=review.element_handle(), polling=50)
        ms = page.evaluate(REVIEW_JS, position)
        rows = table.locator(".cardlab-review-rows")
        page.wait_for_function("(el) => el.innerText.trim() !== ''", arg=rows.element_handle(), polling=50)
        listed = table.locator(".cardlab-review-row").count()
        print(f"  seed {seed}: {presses} presses of Coach plays, review {ms:.0f} ms, {listed} decisions listed, "
              f"load {os.getloadavg()[0]:.1f}; {rows.inner_text().splitlines()[0][:160]}", flush=True)
        out.append((ms, presses))
    close_page(page, context)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2, help="hands reviewed per game")
    parser.add_argument("--games", nargs="+", default=list(TABLES), choices=list(TABLES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    load0 = os.getloadavg()
    ours = copy_server("bench-cardlab-voila", REPO)
    times: dict[str, list[tuple[float, int]]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            for game in args.games:
                lesson, position = TABLES[game]
                wait_pool_ready(ours, quiet=3.0, timeout=300.0)
                print(f"{game}:", flush=True)
                times[game] = review_times(browser, f"{ours.url}/voila/render/{lesson}.ipynb", position,
                                           args.hands)
            browser.close()
    finally:
        ours.stop()
    load1 = os.getloadavg()
    print(f"review bench {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load {load0[0]:.2f} "
          f"before, {load1[0]:.2f} after")
    print(f"{'':12} {'median ms':>10} {'max ms':>8} {'decisions':>10} {'within 5 s':>11}")
    for game, values in times.items():
        ms = [m for m, _ in values]
        within = sum(m <= LIMIT_MS for m in ms)
        print(f"{game:12} {statistics.median(ms):10.0f} {max(ms):8.0f} "
              f"{'/'.join(str(n) for _, n in values):>10} {f'{within}/{len(ms)}':>11}")


if __name__ == "__main__":
    main()
