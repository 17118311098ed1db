// The board module: what every view showing a drawing shares (widgets/front.py puts it into each
// view's module, as anywidget loads one module per widget and it cannot import a sibling file).
// Pictures (unique ids, painting, painting when near the screen), clicks (one click string), the
// width, the hand's keys and focus, and the pacing of the computer's frames.

// ----- pictures ---------------------------------------------------------------------------------

// Each drawing names its ids after a digest of itself (cardlab.render.pips.unique_ids); a board
// renames them to a prefix of its own, random and so unique on the page, even where two boards
// show the same drawing.
export function pagePrefix() {
  return "cl" + [...crypto.getRandomValues(new Uint8Array(5))].map((n) => n.toString(16).padStart(2, "0")).join("");
}

// The drawing as a whole picture under `prefix`, put into `holder` (drawn by cardlab.render, which
// escapes its text).
// A board inside a `.cardlab-into-view` element (the guided hand's) is brought whole into the view
// after each picture, so that the trick and the hand show together without the learner scrolling.
export function paintPicture(holder, svg, prefix) {
  const named = svg.match(/ id="([^"-]+)-/);
  if (named) svg = svg.replaceAll(` id="${named[1]}-`, ` id="${prefix}-`).replaceAll(`#${named[1]}-`, `#${prefix}-`);
  holder.innerHTML = svg;
  const asks = holder.closest(".cardlab-into-view");
  if (asks) requestAnimationFrame(() => bringIntoView(asks));
}

// Scrolls as little as brings `el` whole into the view (its top, if it is taller than the view).
function bringIntoView(el) {
  const box = el.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  el.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest" });
}

// "width / height" of a drawing from its opening tag (viewBox, else width and height), or "".
export function svgAspect(svg) {
  const head = svg.slice(0, svg.indexOf(">") + 1);
  const box = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(head);
  const width = box ? Number(box[1]) : Number((/\swidth="([\d.]+)"/.exec(head) || [])[1]);
  const height = box ? Number(box[2]) : Number((/\sheight="([\d.]+)"/.exec(head) || [])[1]);
  return width > 0 && height > 0 ? `${width} / ${height}` : "";
}

// Runs `draw` once `el` has come within half a screen of view and the browser is idle (at most a
// second later) with `el` still that near: while Voilà builds the page an element can be near for
// a moment, until the widgets above it are drawn and push it down.  Voilà scrolls inside
// #rendered_cells, not the document, so the look-ahead is a scrollMargin as well as a rootMargin.
// A picture is drawn in the frames after it comes that near, long before a learner scrolling at a
// reading pace reaches it.  Returns the function that stops watching.
export function whenNear(el, draw) {
  const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 100));
  const notIdle = window.cancelIdleCallback ?? clearTimeout;
  let due = null;
  const watch = new IntersectionObserver((entries) => {
    const near = entries[entries.length - 1].isIntersecting;
    if (near && due === null) {
      due = idle(() => { due = null; watch.disconnect(); draw(); }, { timeout: 1000 });
    } else if (!near && due !== null) {
      notIdle(due);
      due = null;
    }
  }, { rootMargin: "50% 0px", scrollMargin: "50% 0px" });
  watch.observe(el);
  return () => { watch.disconnect(); if (due !== null) notIdle(due); };
}

// Puts the model's "svg" into `holder` once it is near (whenNear), and every later drawing at
// once; `painted` runs after each.  Until then a placeholder of the drawing's shape keeps the
// page from jumping: a lesson holds several pictures, and a class opening it at once would pay for
// laying out all of them before anything is playable.  Returns the function that stops watching.
export function lazyPicture(model, holder, painted) {
  const prefix = pagePrefix();
  let near = false;
  const paint = () => {
    const svg = model.get("svg");
    if (near || !svg) {
      paintPicture(holder, svg, prefix);
      painted();
      return;
    }
    const pending = document.createElement("div");
    pending.className = "cardlab-pending";
    pending.style.cssText = "width: 100%; display: block;";
    pending.style.aspectRatio = svgAspect(svg);
    holder.replaceChildren(pending);
  };
  const stop = whenNear(holder, () => { near = true; paint(); });
  paint();
  model.on("change:svg", paint);
  return () => { stop(); model.off("change:svg", paint); };
}

// The lesson's own big pictures (cardlab/lesson.py, later()) come as empty placeholders of their
// size and name holding the drawing in `data-picture` (escaped there, drawn by cardlab.render);
// each is drawn in its place when it comes near (whenNear; the first screen of a laptop's lesson
// stays clear of the pack two screens down); one already on the screen when it comes (a quiz's
// next question) is drawn at once.  The views' modules start this once per page; Voilà draws the
// cells' outputs one by one, so new placeholders are looked for once a frame while the page changes.
export function drawLaterPictures() {
  if (window.cardlabDrawsLater) return;
  window.cardlabDrawsLater = true;
  const waiting = document.getElementsByClassName("cardlab-later");
  const watched = new WeakSet();
  const shown = [];
  let asked = false;
  const look = () => {
    asked = false;
    for (const el of waiting) {
      if (watched.has(el) || !el.dataset.picture) continue;
      watched.add(el);
      const box = el.getBoundingClientRect();
      if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) shown.push(el);
      else whenNear(el, () => { if (el.isConnected) el.outerHTML = el.dataset.picture; });
    }
    for (const el of shown.splice(0)) el.outerHTML = el.dataset.picture;
  };
  new MutationObserver(() => {
    if (!asked) { asked = true; requestAnimationFrame(look); }
  }).observe(document.body, { childList: true, subtree: true });
  look();
}

// ----- clicks and the width ---------------------------------------------------------------------

// The one click string: "<target>#<counter>", the target a card's code, or "@<seat>" for a seat's
// part of the drawing where a board asks for seats; the counter makes every click a change.
export function sendClick(model, target) {
  model.set("clicked", `${target}#${Date.now()}-${Math.random().toString(36).slice(2, 7)}`);
  model.save_changes();
}

// The target of a click on the board: the card clicked (legal or not, so that a refusal can be
// explained), else with `seats` the seat whose part of the drawing it was, else null.
export function clickTarget(event, { seats = false } = {}) {
  const card = event.target.closest("[data-card]");
  if (card) return card.getAttribute("data-card");
  const seat = seats ? event.target.closest("[data-seat]") : null;
  return seat ? "@" + seat.getAttribute("data-seat") : null;
}

// Calls `send(width)` with the element's width in pixels whenever it has changed by 8 or more
// (Python draws the phone's layout below a width); `resized` runs on every change of size.
// Returns the function that stops watching.
export function watchWidth(el, send, resized = () => {}) {
  let sent = 0;
  const observer = new ResizeObserver(() => {
    resized();
    const width = Math.round(el.getBoundingClientRect().width);
    if (width && Math.abs(width - sent) >= 8) {
      sent = width;
      send(width);
    }
  });
  observer.observe(el);
  return () => observer.disconnect();
}

// ----- the hand: keys and focus -----------------------------------------------------------------

const HAND = "[data-hand]";
const VIEWER = "g.hand.viewer [data-card]";

// The cards of the hand to play (else the viewer's hand) as one tab stop: the arrow keys, Home and
// End move between them, Enter and Space choose one, and the focus stays on the same card across
// pictures.  `choose(code)` is called for Enter or Space.
export function rovingHand(board, choose) {
  let focusCode = null;
  const cards = () => {
    const marked = [...board.querySelectorAll(HAND)];
    return marked.length ? marked : [...board.querySelectorAll(VIEWER)];
  };
  // fresh: a new picture, where a card kept from before that may not be played gives way to one
  // that may (the learner's turn came while the focus sat on the hand)
  const rove = (refocus, fresh = false) => {
    const hand = cards();
    if (!hand.length) return;
    const legal = hand.find((c) => c.classList.contains("legal"));
    const kept = hand.find((c) => c.getAttribute("data-card") === focusCode);
    const active = (kept && !(fresh && legal && !kept.classList.contains("legal")) ? kept : null)
      || legal || hand[0];
    for (const card of hand) {      // the drawing has them all but the active card's tabindex
      const index = card === active ? "0" : "-1";
      if (card.getAttribute("tabindex") !== index) card.setAttribute("tabindex", index);
      if (!card.hasAttribute("role")) card.setAttribute("role", "button");
      if (!card.hasAttribute("aria-label")) card.setAttribute("aria-label", card.getAttribute("data-card"));
    }
    if (refocus) active.focus();
  };
  board.addEventListener("keydown", (event) => {
    const hand = cards();
    const at = hand.indexOf(event.target.closest("[data-card]"));
    if (at < 0) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves || event.key === "Home" || event.key === "End") {
      const to = event.key === "Home" ? 0 : event.key === "End" ? hand.length - 1
        : (at + moves[event.key] + hand.length) % hand.length;
      focusCode = hand[to].getAttribute("data-card");
      rove(true);
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      focusCode = hand[at].getAttribute("data-card");
      choose(focusCode);
      event.preventDefault();
    }
  });
  board.addEventListener("focusin", (event) => {
    const card = event.target.closest("[data-card]");
    if (card && cards().includes(card)) focusCode = card.getAttribute("data-card");
  });
  return { rove, chosen: (code) => { focusCode = code; } };
}

// ----- pacing -----------------------------------------------------------------------------------

// Shows items ({ svg, alt, line }) one by one, `pace()` milliseconds apart (0: only the last;
// -1: each waits for next()), through `show(item)`; `playing(bool)` says whether more are to come
// and whether they wait for a click.
export function pacer(show, pace, playing) {
  let queue = [];
  let timer = null;
  const advance = () => {
    clearTimeout(timer);
    show(queue.shift());
    const ms = pace();
    playing(queue.length > 0, queue.length > 0 && ms < 0);
    if (queue.length && ms >= 0) timer = setTimeout(advance, ms);
  };
  return {
    play: (items) => {
      queue = pace() === 0 ? items.slice(-1) : items;
      advance();
    },
    // the end at once: a click while the computer plays shows where it stops
    finish: () => {
      if (!queue.length) return;
      queue = queue.slice(-1);
      advance();
    },
    next: () => { if (queue.length) advance(); },
    busy: () => queue.length > 0,
    stop: () => clearTimeout(timer),
  };
}
