"""The one small anywidget every table shares: it paints an SVG and reports which card was chosen.

Traits are the whole contract (no custom messages):

- ``svg``: the picture to show; ``frames``: pictures to show first, one by one, ``pace``
  milliseconds apart (0: at once; -1: each waits for a click on "Next card").  Python sends the
  computer's turns as frames and the learner's next decision as ``svg`` in one update, so the
  pacing lives in the browser and a click costs one round trip.  On the wire each frame travels
  as its difference from the picture after it (:func:`frames_to_json`): a third of the bytes.
  Set the two together (``hold_sync``), as the table does; frames sent against another ``svg``
  are skipped, never shown wrong.
- ``clicked``: set by the browser to ``"<card code>#<counter>"`` for a click on any element
  carrying ``data-card`` (legal or not, so a refused card can be explained), or for Enter or
  Space on the focused card of the hand.
- ``width``: the painted width in pixels, so Python can draw the narrow layout on a phone.
- ``alt``: the board in words, read out by screen readers from a visually hidden live region.

Keyboard: the cards of the hand to play (``[data-hand]``, else the viewer's hand) form one tab
stop; the arrow keys move between them and the focus stays on the same card across redraws.

Painting: a new picture replaces only the children of the drawing's root that changed (after a
click, the trick and the hand that played; the other hands stay), which leaves the browser far
less to parse and lay out than the whole board.  For that the board renames the drawing's ids
(``<digest>-<name>``, :func:`cardlab.render.pips.unique_ids`) to a prefix of its own, random and
so unique on the page, under which unchanged parts read the same from one picture to the next.
"""
from __future__ import annotations

import anywidget
import traitlets

from cardlab.render.panels import PANEL_CSS

_ESM = """
const HAND = "[data-hand]";
const VIEWER = "g.hand.viewer [data-card]";

// A drawing as the root's opening tag and the markup of each of the root's children (the drawings
// have no text between elements, and every "<" or ">" inside a value or a text is escaped).
// The frames as pictures again: each came as the pieces (cut before every "<g ") of the picture
// after it that it shares, by number, and the pieces of its own, as text; the first item names the
// last picture they were cut against (its ids' digest), else they are not shown.
const digest = (svg) => (svg.match(/ id="([^"-]+)-/) || [])[1];
function unpack(packed, last) {
  const frames = [];
  if (!packed.length || packed[0] !== digest(last)) return frames;
  let after = last;
  for (const pieces of packed.slice(1).reverse()) {
    const shared = after.split("<g ");
    after = pieces.map((piece) => (typeof piece === "number" ? shared[piece] : piece)).join("<g ");
    frames.push(after);
  }
  return frames.reverse();
}

function split(svg) {
  const open = svg.indexOf(">") + 1, end = svg.lastIndexOf("</svg>");
  const children = [];
  let depth = 0, start = open, at = open;
  while ((at = svg.indexOf("<", at)) !== -1 && at < end) {
    const close = svg.indexOf(">", at);
    if (svg[at + 1] === "/") depth--;
    else if (svg[close - 1] !== "/") depth++;
    at = close + 1;
    if (depth === 0) {
      children.push(svg.slice(start, at));
      start = at;
    }
  }
  return { head: svg.slice(0, open), children };
}

function render({ model, el }) {
  el.classList.add("cardlab-svg");
  const board = document.createElement("div");
  board.className = "cardlab-svg-board";
  const next = document.createElement("button");
  next.className = "cardlab-next-card";
  next.textContent = "Next card ▶";
  next.hidden = true;
  const live = document.createElement("div");
  live.className = "cardlab-sr";
  live.setAttribute("aria-live", "polite");
  el.append(board, next, live);

  let queue = [];
  let timer = null;
  let focusCode = null;

  // Each drawing names its ids after a digest of itself; this board renames them to a prefix of its
  // own, unique on the page, so that an unchanged seat or hand reads the same in the next drawing.
  const prefix = "cl" + [...crypto.getRandomValues(new Uint8Array(5))].map((n) => n.toString(16).padStart(2, "0")).join("");
  let shown = null;
  const draw = (svg) => {   // replaces only the root's children that changed: far less to lay out
    const named = svg.match(/ id="([^"-]+)-/);
    if (named) svg = svg.replaceAll(` id="${named[1]}-`, ` id="${prefix}-`).replaceAll(`#${named[1]}-`, `#${prefix}-`);
    const next = split(svg);
    const root = board.firstElementChild;
    if (!shown || !root || !next.children.length || root.childNodes.length !== shown.children.length) {
      board.innerHTML = svg;
      shown = next;
      return;
    }
    if (next.head !== shown.head) {
      const holder = document.createElement("template");
      holder.innerHTML = next.head + "</svg>";
      const fresh = holder.content.firstElementChild;
      for (const { name } of [...root.attributes]) if (!fresh.hasAttribute(name)) root.removeAttribute(name);
      for (const { name, value } of fresh.attributes) if (root.getAttribute(name) !== value) root.setAttribute(name, value);
    }
    const spare = new Map();
    shown.children.forEach((markup, i) => {
      if (!spare.has(markup)) spare.set(markup, []);
      spare.get(markup).push(root.childNodes[i]);
    });
    const kept = next.children.map((markup) => (spare.get(markup) || []).shift() || null);
    for (const nodes of spare.values()) for (const node of nodes) node.remove();
    const range = document.createRange();
    range.selectNodeContents(root);
    const made = [...range.createContextualFragment(next.children.filter((_, i) => !kept[i]).join("")).childNodes];
    let cursor = root.firstChild;
    for (const node of kept.map((node) => node || made.shift())) {
      if (node === cursor) cursor = cursor.nextSibling;
      else root.insertBefore(node, cursor);
    }
    shown = next;
  };

  const handCards = () => {
    const marked = [...board.querySelectorAll(HAND)];
    return marked.length ? marked : [...board.querySelectorAll(VIEWER)];
  };

  // fresh: a new picture, where a card kept from before that may not be played gives way to one
  // that may (the learner's turn came while the focus sat on the hand)
  const rove = (refocus, fresh = false) => {
    const cards = handCards();
    if (!cards.length) return;
    const legal = cards.find((c) => c.classList.contains("legal"));
    const kept = cards.find((c) => c.getAttribute("data-card") === focusCode);
    const active = (kept && !(fresh && legal && !kept.classList.contains("legal")) ? kept : null)
      || legal || cards[0];
    for (const card of cards) {      // the drawing has them all but the active card's tabindex
      const index = card === active ? "0" : "-1";
      if (card.getAttribute("tabindex") !== index) card.setAttribute("tabindex", index);
      if (!card.hasAttribute("role")) card.setAttribute("role", "button");
      if (!card.hasAttribute("aria-label")) card.setAttribute("aria-label", card.getAttribute("data-card"));
    }
    if (refocus) active.focus();
  };

  let watched = null;
  let room = "";
  const fit = () => {      // the board never taller than the screen below the table's top
    const table = el.closest(".cardlab-table");
    if (!table) return;
    if (watched !== table) {     // a caption growing above the board leaves it less room
      watched = table;
      observer.observe(table);
    }
    const above = el.getBoundingClientRect().top - table.getBoundingClientRect().top;
    const now = Math.max(240, window.innerHeight - above - 12) + "px";
    if (now !== room) {      // an unchanged room must not make the browser lay the page out again
      room = now;
      el.style.setProperty("--cardlab-room", room);
    }
  };

  const paint = (svg) => {
    const hadFocus = board.contains(document.activeElement);
    draw(svg);
    // after the browser has taken the new picture: measuring the page here would force a layout
    // of the whole lesson before the card shows
    requestAnimationFrame(() => { fit(); rove(hadFocus, true); });
  };

  const advance = () => {
    clearTimeout(timer);
    paint(queue.shift());
    const pace = model.get("pace");
    next.hidden = !(queue.length && pace < 0);
    if (queue.length && pace >= 0) timer = setTimeout(advance, pace);
  };

  const finish = () => {
    clearTimeout(timer);
    queue = [];
    next.hidden = true;
    paint(model.get("svg"));
  };

  const show = () => {
    const frames = unpack(model.get("frames") || [], model.get("svg"));
    if (!frames.length || model.get("pace") === 0) { finish(); return; }
    queue = frames.concat([model.get("svg")]);
    advance();
  };

  const choose = (card) => {
    focusCode = card.getAttribute("data-card");
    model.set("clicked", focusCode + "#" + Date.now() + "-" + Math.random().toString(36).slice(2, 7));
    model.save_changes();
  };

  board.addEventListener("click", (event) => {
    const card = event.target.closest("[data-card]");
    const code = card && card.getAttribute("data-card");
    if (queue.length) finish();          // a click while the computer plays shows the end at once
    const now = code && board.querySelector(`[data-card="${CSS.escape(code)}"]`);
    if (now) choose(now);
  });
  board.addEventListener("keydown", (event) => {
    const cards = handCards();
    const at = cards.indexOf(event.target.closest("[data-card]"));
    if (at < 0) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves || event.key === "Home" || event.key === "End") {
      const to = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1
        : (at + moves[event.key] + cards.length) % cards.length;
      focusCode = cards[to].getAttribute("data-card");
      rove(true);
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      focusCode = cards[at].getAttribute("data-card");
      if (queue.length) finish();
      const now = handCards().find((c) => c.getAttribute("data-card") === focusCode);
      if (now) choose(now);
      event.preventDefault();
    }
  });
  board.addEventListener("focusin", (event) => {
    const card = event.target.closest("[data-card]");
    if (card && handCards().includes(card)) focusCode = card.getAttribute("data-card");
  });
  next.addEventListener("click", () => { if (queue.length) advance(); });

  // after the picture: the words never hold up the board they describe
  const speak = () => requestAnimationFrame(() => { live.textContent = model.get("alt"); });
  let sent = 0;
  const measure = () => {
    fit();
    const width = Math.round(el.getBoundingClientRect().width);
    if (width && Math.abs(width - sent) >= 8) {
      sent = width;
      model.set("width", width);
      model.save_changes();
    }
  };
  const observer = new ResizeObserver(measure);
  observer.observe(el);
  window.addEventListener("resize", fit);

  show();
  speak();
  model.on("change:svg", show);
  model.on("change:alt", speak);
  return () => { observer.disconnect(); window.removeEventListener("resize", fit); clearTimeout(timer); };
}
export default { render };
"""

_CSS = """
.cardlab-svg { position: relative; }
/* the tables that hold a board: one compact row, the Rules panel, the board beside its column */
.cardlab-svg svg { width: 100%; height: auto; max-height: var(--cardlab-room, 100vh); display: block; margin: 0 auto; }
.cardlab-svg [data-card] { cursor: pointer; }
.cardlab-svg .card.legal:hover { filter: brightness(1.08); }
.cardlab-svg [data-card]:focus { outline: 3px solid #ffd21f; outline-offset: 2px; }
.cardlab-svg [data-card]:focus:not(:focus-visible) { outline: none; }
.cardlab-next-card { position: absolute; right: 12px; top: 48px; font-size: 18px; padding: 8px 16px;
                     border-radius: 8px; border: 2px solid #1b1b1b; background: #ffd21f; cursor: pointer; }
.cardlab-table .widget-hbox { gap: 4px 10px; }
.cardlab-table .cardlab-setup, .cardlab-table .cardlab-steps, .cardlab-table .cardlab-calls {
  flex-flow: row wrap; align-items: center; }
.cardlab-table .cardlab-play { flex-flow: row wrap; align-items: flex-start; gap: 8px 16px; }
.cardlab-table .cardlab-board { flex: 3 1 520px; min-width: 0; }
.cardlab-table .cardlab-side { flex: 1 1 300px; min-width: 0; max-width: 460px; }
.cardlab-table .cardlab-message { min-height: 5.2em; max-height: 5.2em; overflow-y: auto; }
.cardlab-table .cardlab-message .cardlab-refusal { font-size: 15px; margin: 0; }
.cardlab-table .cardlab-caption .cardlab-note { font-size: 15px; }
.cardlab-table .cardlab-match { overflow-x: auto; }
.cardlab-table .cardlab-panel td, .cardlab-table .cardlab-panel th { white-space: nowrap; }
.cardlab-table .cardlab-rules .jupyter-widget-Collapse-header {
  padding: 4px 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cardlab-table .cardlab-rules .jupyter-widget-Collapse-contents { padding: 6px; }
.cardlab-table .widget-checkbox { width: auto; height: auto; }
.cardlab-table .widget-checkbox label { display: flex; align-items: center; gap: 4px; white-space: nowrap; }
/* presenter: the steps, caption, calls and message in a band above a board as wide as the page */
.cardlab-table.cardlab-presenter .cardlab-side { display: contents; }
.cardlab-presenter .cardlab-side > * { order: 3; }
.cardlab-presenter .cardlab-side > .cardlab-steps, .cardlab-presenter .cardlab-side > .cardlab-step,
.cardlab-presenter .cardlab-side > .cardlab-calls { order: 1; }
.cardlab-presenter .cardlab-side > .cardlab-caption, .cardlab-presenter .cardlab-side > .cardlab-message {
  order: 1; flex: 1 1 100%; }
.cardlab-presenter .cardlab-play > .cardlab-board { order: 2; flex: 1 1 100%; }
.cardlab-presenter .cardlab-message { min-height: 1.7em; max-height: 3.4em; }
.cardlab-presenter .widget-button, .cardlab-presenter .widget-toggle-button, .cardlab-presenter select,
.cardlab-presenter input, .cardlab-presenter .widget-label, .cardlab-presenter .cardlab-step {
  font-size: 20px; height: auto; min-height: 40px; }
.cardlab-presenter .cardlab-caption .cardlab-note, .cardlab-presenter .cardlab-message .cardlab-refusal {
  font-size: 20px; }
@media (max-width: 600px) {
  .cardlab-svg svg { max-height: none; }
  .cardlab-table .cardlab-side { max-width: none; }
  .cardlab-table .widget-button, .cardlab-table select, .cardlab-table input { font-size: 16px; min-height: 40px; }
}
.cardlab-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
              clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
"""


_CUT = "<g "


def _prefix(svg: str) -> str:
    """The digest a drawing's ids begin with (:func:`cardlab.render.pips.unique_ids`), or ""."""
    at = svg.find(' id="')
    return svg[at + 5:svg.find("-", at)] if at >= 0 else ""


def frames_to_json(frames: list[str], widget: SvgView) -> list[str | list[int | str]]:
    """Each frame as the pieces of the picture after it (the next frame, the last one's ``svg``):
    the number of a piece they share, the text of one of its own; first, the ``svg``'s digest.
    One play apart, two pictures share all but a few pieces: a Tressette trick's frames weigh
    about 30 kB, not 75-105 kB."""
    if not frames:
        return []
    coded = []
    after = widget.svg
    for frame in reversed(frames):
        own, theirs = _prefix(frame), _prefix(after)
        same_ids = frame.replace(f' id="{own}-', f' id="{theirs}-').replace(f'#{own}-', f'#{theirs}-') \
            if own and theirs else frame
        shared = {piece: i for i, piece in enumerate(after.split(_CUT))}
        coded.append([shared.get(piece, piece) for piece in same_ids.split(_CUT)])
        after = frame
    return [_prefix(widget.svg), *coded[::-1]]


class SvgView(anywidget.AnyWidget):
    _esm = _ESM
    _css = _CSS + PANEL_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True, to_json=frames_to_json)
    pace = traitlets.Int(0).tag(sync=True)
    # no echo of these back to the browser (it never reads them): one message less before a click is acted on
    clicked = traitlets.Unicode("").tag(sync=True, echo_update=False)
    width = traitlets.Int(0).tag(sync=True, echo_update=False)
    alt = traitlets.Unicode("").tag(sync=True)
