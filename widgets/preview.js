// A scenario's opening picture with "Play this" (widgets/preview.py): the picture drawn once near
// the screen, the words set as text, the button (or the page address holding this table) waking
// the real table, the width choosing the phone's layout.
import { fragmentParts } from "./fragment.js";
import { drawLaterPictures, lazyPicture, watchWidth } from "./board.js";

// The page address holds this table (a shared link or a reload).
const inAddress = (key) => Boolean((fragmentParts() || new Map()).get(key));

function render({ model, el }) {
  el.classList.add("cardlab-preview");
  const picture = document.createElement("div");
  picture.className = "cardlab-preview-picture";
  picture.setAttribute("role", "img");
  const side = document.createElement("div");
  side.className = "cardlab-preview-side";
  const title = document.createElement("div");
  title.className = "cardlab-preview-title";
  const caption = document.createElement("div");
  caption.className = "cardlab-preview-caption";
  const play = document.createElement("button");
  play.type = "button";
  play.className = "jupyter-button widget-button mod-primary cardlab-play-this";
  const words = model.get("words");
  play.textContent = words.play;
  play.title = words.play_tip;
  const status = document.createElement("div");
  status.className = "cardlab-preview-status";
  status.setAttribute("role", "status");
  side.append(title, caption, play, status);
  el.append(picture, side);

  const draw = () => {
    picture.setAttribute("aria-label", model.get("alt"));
    title.textContent = model.get("title");
    caption.replaceChildren(...model.get("caption").map((line) => {
      const p = document.createElement("p");
      p.textContent = line;
      return p;
    }));
    status.textContent = model.get("message");
  };
  const wake = () => {
    if (model.get("woken")) return;
    play.disabled = true;
    status.textContent = words.setting;
    model.set("woken", true);
    model.save_changes();
  };
  // The button goes with the picture: the learner's focus moves to the new table's hand.
  const focusTable = () => {
    const box = el.closest(".cardlab-preview-box");
    if (!box) return;
    const seek = new MutationObserver(() => {
      const card = box.querySelector(".cardlab-board [data-card][tabindex='0']");
      if (card) { seek.disconnect(); card.focus(); }
    });
    seek.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["tabindex"] });
    setTimeout(() => seek.disconnect(), 60000);
  };
  play.addEventListener("click", () => { focusTable(); wake(); });
  const onHash = () => { if (inAddress(model.get("key"))) wake(); };
  window.addEventListener("hashchange", onHash);

  const stopWidth = watchWidth(el, (width) => {
    const narrow = width < model.get("narrow_below");
    if (narrow !== model.get("narrow")) {
      model.set("narrow", narrow);
      model.save_changes();
    }
  });

  draw();
  const stopPicture = lazyPicture(model, picture, () => {});
  model.on("change:message", draw);
  onHash();
  return () => { stopWidth(); stopPicture(); window.removeEventListener("hashchange", onHash); };
}
// the lesson's big pictures are drawn as they come near, once any view's model is made (board.js)
export default { initialize() { drawLaterPictures(); }, render };
