// The board's browser side: paints the table's SVG, paces the computer's frames, reports clicks
// and keys, keeps focus on the hand and fits the board to the screen (see svgview.py).
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

  // the words go after the picture: they never hold up the board they describe
  const say = (text) => requestAnimationFrame(() => { if (live.textContent !== text) live.textContent = text; });

  // While frames play, the table's step line (another widget) gives way to the frame's own line,
  // so that it never runs ahead of the board; the table's line shows again after the last frame.
  let frameLine = null;
  const showLine = (line) => {
    const step = el.closest(".cardlab-table")?.querySelector(".cardlab-step");
    const own = step?.querySelector(".widget-html-content:not(.cardlab-frame-step)");
    if (line === null || !own) {
      frameLine?.remove();
      frameLine = null;
      if (own) own.style.removeProperty("display");
      return;
    }
    if (!frameLine) {
      frameLine = document.createElement("div");
      frameLine.className = "widget-html-content cardlab-frame-step";
    }
    frameLine.innerHTML = line;       // the table's own step line, escaped in Python (widgets/html.py)
    if (frameLine.parentNode !== step) step.append(frameLine);
    own.style.display = "none";
  };

  // each item: a picture, its words, and its step line (null: the table's own)
  const advance = () => {
    clearTimeout(timer);
    const { svg, alt, line } = queue.shift();
    paint(svg);
    say(alt);
    showLine(line);
    const pace = model.get("pace");
    next.hidden = !(queue.length && pace < 0);
    el.classList.toggle("cardlab-playing", queue.length > 0);
    if (queue.length && pace >= 0) timer = setTimeout(advance, pace);
  };

  const last = () => ({ svg: model.get("svg"), alt: model.get("alt"), line: null });

  const finish = () => {
    queue = [last()];
    advance();
  };

  const show = () => {
    const frames = unpack(model.get("frames") || [], model.get("svg"));
    if (!frames.length || model.get("pace") === 0) { finish(); return; }
    const alts = model.get("alts") || [], lines = model.get("lines") || [];
    queue = frames.map((svg, i) => ({ svg, alt: alts[i] ?? model.get("alt"), line: lines[i] ?? null }))
      .concat([last()]);
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

  const speak = () => { if (!queue.length) say(model.get("alt")); };   // else the last frame says it
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
  model.on("change:svg", show);
  model.on("change:alt", () => requestAnimationFrame(speak));    // once show() has queued this update's frames
  return () => {
    observer.disconnect();
    window.removeEventListener("resize", fit);
    clearTimeout(timer);
    showLine(null);
  };
}
export default { render };
