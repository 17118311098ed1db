"""The in-page clock shared by the page-open benches (voila_bench.py, static_bench.py): when a
lesson page is *playable*, that is when its first card can be clicked and the click is answered.

A lesson is playable for a learner when a legal card of South's hand shows in a table's board
and clicking it plays it, or, in a game that opens with an auction (Quadrille), when South's first
call button shows and clicking it is answered on the board. The script below runs in the page from
navigation start (as a Playwright init script): the moment such a card or button is visible it
records ``__benchVisible`` and clicks it (a JS click event); when that card has left South's hand
(a call: when the table's board has changed) it records ``__benchAnswered``. Both are
``performance.now()``, ms since navigation start, so the bench's own polling adds nothing. A click the page cannot take yet (its handlers not attached, say) is
repeated every ``RETRY_MS``; ``__benchClicks`` counts the clicks sent, so a late first answer
shows as more than one click.
"""
from __future__ import annotations

import json

SOUTH_LEGAL = ".cardlab-board g.hand.viewer .card.legal[data-card]"
SOUTH_CALL = ".cardlab-call:not(:disabled)"
"""A call button of South, in a table whose board is drawn (``init_script`` puts the table first)."""
RETRY_MS = 1000

_SCRIPT = """(() => {
  const legal = SELECTOR;
  let table = null, name = null, call = null, redrawn = false;
  const inHand = () => call ? (redrawn ? null : call)
    : table.querySelector(`.cardlab-board g.hand.viewer .card[data-card="${CSS.escape(name)}"]`);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const click = () => {
    const el = inHand();
    if (!el || window.__benchAnswered !== undefined) return;
    window.__benchClicks = (window.__benchClicks || 0) + 1;
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  };
  const check = () => {
    if (window.__benchAnswered !== undefined) return true;
    if (table === null) {
      const card = [...document.querySelectorAll(legal)].find(shown);
      if (!card) return false;
      window.__benchVisible = performance.now();
      table = card.closest(".cardlab-table") || document;
      name = card.dataset.card;
      if (!name) {    // a call: answered when the board is drawn again
        call = card;
        new MutationObserver(() => { redrawn = true; check(); })
          .observe(table.querySelector(".cardlab-board"), {childList: true, subtree: true});
      }
      click();
      setInterval(click, RETRY_MS);
      return false;
    }
    if (!inHand()) {
      window.__benchAnswered = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true, attributes: true});
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""


def init_script(within: str = ".cardlab-table") -> str:
    """The init script watching for the first legal card of South in a board inside ``within``,
    or the first call button there."""
    found = f"{within} {SOUTH_LEGAL}, {within}:has(.cardlab-board svg) {SOUTH_CALL}"
    return (_SCRIPT.replace("SELECTOR", json.dumps(found))
            .replace("RETRY_MS", str(RETRY_MS)))


def read(page, timeout_ms: float) -> dict[str, float | None]:
    """Wait for the answer; return ms to the card visible and to the click answered (None: not
    within ``timeout_ms``) and the clicks sent."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # here: importing this module stays light
    try:
        page.wait_for_function("() => window.__benchAnswered !== undefined", polling=100, timeout=timeout_ms)
    except PlaywrightTimeout:
        pass
    return page.evaluate("({visible: window.__benchVisible ?? null, answered: window.__benchAnswered ?? null,"
                         " clicks: window.__benchClicks ?? 0})")
