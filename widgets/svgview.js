// The table's board (widgets/svgview.py): paints the table's SVG, paces the computer's frames,
// reports clicks and keys, keeps focus on the hand and fits the board to the screen.  Every
// picture shown is a whole one: each frame comes complete and replaces the one before.
import { drawLaterPictures, pacer, pagePrefix, paintPicture, rovingHand, sendClick, clickTarget, watchWidth } from "./board.js";

function render({ model, el }) {
  el.classList.add("cardlab-svg");
  const board = document.createElement("div");
  board.className = "cardlab-svg-board";
  const next = document.createElement("button");
  next.className = "cardlab-next-card";
  const label = () => { next.textContent = model.get("next_label"); };   // the page's words, from Python
  label();
  next.hidden = true;
  const live = document.createElement("div");
  live.className = "cardlab-sr";
  live.setAttribute("aria-live", "polite");
  el.append(board, next, live);

  const prefix = pagePrefix();

  let watched = null;
  let room = "";
  const tableResized = new ResizeObserver(() => fit());
  const fit = () => {      // the board never taller than the screen below the table's top
    const table = el.closest(".cardlab-table, .cardlab-puzzle");
    if (!table) return;
    if (watched !== table) {     // a caption growing above the board leaves it less room
      watched = table;
      tableResized.observe(table);
    }
    const above = el.getBoundingClientRect().top - table.getBoundingClientRect().top;
    const now = Math.max(240, window.innerHeight - above - 12) + "px";
    if (now !== room) {      // an unchanged room must not make the browser lay the page out again
      room = now;
      el.style.setProperty("--cardlab-room", room);
    }
  };

  const choose = (code) => {
    if (pace.busy()) pace.finish();
    if (!board.querySelector(`[data-card="${CSS.escape(code)}"]`)) return;     // gone with the frames
    hand.chosen(code);
    sendClick(model, code);
  };
  const hand = rovingHand(board, choose);

  const paint = (svg) => {
    const hadFocus = board.contains(document.activeElement);
    paintPicture(board, svg, prefix);
    // after the browser has taken the new picture: measuring the page here would force a layout
    // of the whole lesson before the card shows
    requestAnimationFrame(() => { fit(); hand.rove(hadFocus, true); });
  };

  // the words go after the picture: they never hold up the board they describe
  const say = (text) => requestAnimationFrame(() => { if (live.textContent !== text) live.textContent = text; });

  // While frames play, the table's step line (another widget) gives way to the frame's own line,
  // so that it never runs ahead of the board; the table's line shows again after the last frame.
  let frameLine = null;
  const showLine = (line) => {
    const step = el.closest(".cardlab-table, .cardlab-puzzle")?.querySelector(".cardlab-step");
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
  const pace = pacer(({ svg, alt, line }) => { paint(svg); say(alt); showLine(line); },
    () => model.get("pace"),
    (more, waits) => {
      next.hidden = !waits;
      el.classList.toggle("cardlab-playing", more);
    });

  const show = () => {
    const frames = model.get("frames") || [], alts = model.get("alts") || [], lines = model.get("lines") || [];
    pace.play(frames.map((svg, i) => ({ svg, alt: alts[i] ?? model.get("alt"), line: lines[i] ?? null }))
      .concat([{ svg: model.get("svg"), alt: model.get("alt"), line: null }]));
  };

  board.addEventListener("click", (event) => {
    const code = clickTarget(event);
    if (pace.busy()) pace.finish();
    if (code) choose(code);
  });
  next.addEventListener("click", pace.next);

  const speak = () => { if (!pace.busy()) say(model.get("alt")); };   // else the last frame says it
  const stopWidth = watchWidth(el, (width) => {
    model.set("width", width);
    model.save_changes();
  }, fit);
  window.addEventListener("resize", fit);

  show();
  model.on("change:svg", show);
  model.on("change:next_label", label);
  model.on("change:alt", () => requestAnimationFrame(speak));    // once show() has queued this update's frames
  return () => {
    stopWidth();
    tableResized.disconnect();
    window.removeEventListener("resize", fit);
    pace.stop();
    showLine(null);
  };
}
// the lesson's big pictures are drawn as they come near, once any view's model is made (board.js)
export default { initialize() { drawLaterPictures(); }, render };
