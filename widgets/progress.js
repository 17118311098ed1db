// The learner's progress (widgets/progress.py): kept in this browser's localStorage under one key,
// handed to the kernel at render and whenever another tab writes it, written back when the kernel
// says so; drawn per game with a bar; "Save progress" downloads it, "Load progress…" reads a file
// (its size checked here, before any byte is sent) for the kernel to merge.  Every text is put in
// with textContent: nothing here is markup.
import { saveText } from "./download.js";

function readStore(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (refused) {          // storage turned off by the browser's settings
    return null;
  }
}

function writeStore(key, text) {
  try {
    if (window.localStorage.getItem(key) !== text) window.localStorage.setItem(key, text);
    return true;
  } catch (refused) {
    return false;
  }
}

function make(tag, klass, text) {
  const node = document.createElement(tag);
  if (klass) node.className = klass;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, klass) {
  const b = make("button", "jupyter-button widget-button " + klass, text);
  b.type = "button";
  return b;
}

let asked = 0;       // one counter per page: each message to the kernel is a new value

function send(model, name, value) {
  model.set(name, { ...value, at: ++asked });
  model.save_changes();
}

// One game: its title, a bar of the concepts learnt, the sentence, and (in a lesson) the concepts
// due, each with its Review button.
function gameRow(model, game, detail) {
  const words = model.get("words");
  const row = make("div", "cardlab-progress-game");
  row.dataset.game = game.game;
  const head = make("div", "cardlab-progress-head");
  head.append(make("span", "cardlab-progress-title", game.title));
  const bar = make("div", "cardlab-progress-bar");
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", words.learnt.replace("{game}", () => game.title));
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", String(game.total));
  bar.setAttribute("aria-valuenow", String(game.learnt));
  const share = (count) => (game.total ? (100 * count) / game.total : 0) + "%";
  const seen = make("span", "cardlab-progress-seen");
  seen.style.width = share(game.seen);
  const learnt = make("span", "cardlab-progress-learnt");
  learnt.style.width = share(game.learnt);
  bar.append(seen, learnt);
  head.append(bar);
  row.append(head, make("div", "cardlab-progress-sentence", game.sentence));
  if (detail && game.due_concepts.length) {
    const list = make("ul", "cardlab-progress-due");
    list.setAttribute("aria-label", words.due);
    for (const concept of game.due_concepts) {
      const item = make("li", "", "");
      item.dataset.concept = concept.key;
      item.append(make("span", "cardlab-progress-concept", concept.title));
      const review = button(words.review, "cardlab-progress-review");
      review.setAttribute("aria-label", words.review_of.replace("{concept}", () => concept.title));
      review.addEventListener("click", () => send(model, "review", { game: game.game, concept: concept.key }));
      item.append(review);
      list.append(item);
    }
    row.append(list);
  }
  return row;
}

function render({ model, el }) {
  el.classList.add("cardlab-progress-view");
  el.setAttribute("role", "region");
  const words = model.get("words");
  el.setAttribute("aria-label", words.region);
  const key = model.get("key");
  const games = make("div", "cardlab-progress-games");
  const status = make("div", "cardlab-progress-status");
  status.setAttribute("role", "status");
  const save = button(words.save, "cardlab-progress-save");
  const load = button(words.load, "cardlab-progress-load");
  const field = make("input", "cardlab-progress-file");
  field.type = "file";
  field.accept = ".json,application/json";
  field.hidden = true;
  field.setAttribute("aria-label", words.file);
  const tools = make("div", "cardlab-progress-tools");
  tools.append(save, load, field);
  el.append(games, tools, status);

  const draw = () => {
    games.replaceChildren(...model.get("shown").map((game) => gameRow(model, game, model.get("detail"))));
    status.textContent = model.get("message");
  };
  const write = () => {
    const text = model.get("stored");
    if (text && !writeStore(key, text)) {
      status.textContent = words.no_store;
    }
  };
  const onStorage = (event) => {
    if (event.key === key && event.storageArea === window.localStorage) {
      send(model, "found", { text: event.newValue });
    }
  };

  save.addEventListener("click", () => {
    saveText(model.get("stored"), model.get("download_name"));
  });
  load.addEventListener("click", () => field.click());
  field.addEventListener("change", async () => {
    const file = (field.files || [])[0];
    field.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      send(model, "upload", { name: file.name, size: file.size, text: null });
      return;
    }
    send(model, "upload", { name: file.name, size: file.size, text: await file.text() });
  });

  model.on("change:shown", draw);
  model.on("change:message", draw);
  model.on("change:written", write);
  window.addEventListener("storage", onStorage);
  draw();
  send(model, "found", { text: readStore(key) });
  return () => {
    model.off("change:shown", draw);
    model.off("change:message", draw);
    model.off("change:written", write);
    window.removeEventListener("storage", onStorage);
  };
}
export default { render };
