// The share bar's browser side (widgets/share.py): the page address, "Copy link", "Download
// scenario" and the guard on "Open scenario…".
import { saveText } from "./download.js";
import { addressWith, fragmentParts } from "./fragment.js";

function writeAddress(model) {
  const parts = fragmentParts();
  if (parts === null) return;
  const key = model.get("key"), address = model.get("address");
  if ((parts.get(key) || "") === address) return;
  history.replaceState(history.state, "", addressWith(parts, key, address));
}

// Send the fragment's table back to the kernel, if it differs from the kernel's own.
function ask(model) {
  const held = (fragmentParts() || new Map()).get(model.get("key"));
  if (!held || held === model.get("address")) return false;
  model.set({ restore: held, restore_asked: true });
  model.save_changes();
  return true;
}

function button(text, klass) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = "jupyter-button widget-button " + klass;
  return b;
}

// "Open scenario…" is ipywidgets' FileUpload, whose file field is in no page element: a capturing
// listener on the field of each of its views stops a file larger than a scenario may be before it
// is read, and tells the kernel its name and size, for the sentence.
async function guardUpload(model) {
  if (!model.widget_manager || !model.get("upload_id")) return;
  const upload = await model.widget_manager.get_model(model.get("upload_id"));
  const guarded = new WeakSet();
  const refuse = (event) => {
    const input = event.currentTarget;
    const big = [...(input.files || [])].find((file) => file.size > model.get("max_bytes"));
    if (!big) return;
    event.stopImmediatePropagation();
    input.value = "";
    model.set("too_large", { name: big.name, size: big.size, at: Date.now() });
    model.save_changes();
  };
  const guard = async () => {
    for (const pending of Object.values(upload.views || {})) {
      const input = (await pending).fileInput;
      if (input && !guarded.has(input)) {
        guarded.add(input);
        input.addEventListener("change", refuse, true);
      }
    }
  };
  for (let frame = 0; frame < 300 && !Object.keys(upload.views || {}).length; frame++) {
    await new Promise(requestAnimationFrame);    // the button is drawn after this view
  }
  await guard();
}

// One question at a time: while the kernel answers (``restore`` not yet emptied) the fragment is
// neither written nor asked about; the answer then settles it.  A link pasted during the wait
// (neither the text asked nor the table's new address) is asked about next, not overwritten.
function render({ model, el }) {
  el.classList.add("cardlab-share-address");
  if (model.get("restore_asked") || !ask(model)) writeAddress(model);
  const waiting = () => Boolean(model.get("restore"));
  let question = model.get("restore");
  const onAddress = () => { if (!waiting()) writeAddress(model); };
  const onAnswered = () => {
    if (waiting()) { question = model.get("restore"); return; }
    const held = (fragmentParts() || new Map()).get(model.get("key"));
    if (held === question || !ask(model)) writeAddress(model);
  };
  const onHashChange = () => { if (!waiting()) ask(model); };
  model.on("change:address", onAddress);
  model.on("change:restore", onAnswered);
  window.addEventListener("hashchange", onHashChange);

  const words = model.get("words");
  const copy = button(words.copy, "cardlab-copy-link");
  const download = button(words.download, "cardlab-download");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.hidden = true;
  field.className = "cardlab-link-field";
  field.setAttribute("aria-label", words.field);
  const status = document.createElement("span");
  status.className = "cardlab-share-status";
  status.setAttribute("role", "status");

  copy.addEventListener("click", async () => {
    const link = addressWith(fragmentParts() || new Map(), model.get("key"), model.get("address"));
    field.hidden = true;
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = words.copied;
    } catch (refused) {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      status.textContent = words.by_hand;
    }
  });

  const syncDownload = () => { download.disabled = !model.get("download_text"); };
  syncDownload();
  model.on("change:download_text", syncDownload);
  download.addEventListener("click", () => {
    saveText(model.get("download_text"), model.get("download_name"));
  });

  el.append(copy, download, status, field);
  // ipywidgets' FileUpload has its file count in its button's text ("Open scenario… (0)"), which
  // screen readers would read out: the button is named by its description alone, once it is drawn
  let frames = 0;
  const nameOpen = () => {
    const open = el.closest(".cardlab-share")?.querySelector(".cardlab-open");
    if (!open) {
      if (++frames < 300) requestAnimationFrame(nameOpen);
      return;
    }
    const label = open.textContent.replace(/\s*\(\d+\)\s*$/, "").trim();
    open.setAttribute("aria-label", label);
    open.dataset.label = label;     // drawn by share.css in place of the text with the count
  };
  requestAnimationFrame(nameOpen);
  guardUpload(model);
  return () => {
    model.off("change:address", onAddress);
    model.off("change:restore", onAnswered);
    window.removeEventListener("hashchange", onHashChange);
    model.off("change:download_text", syncDownload);
  };
}
export default { render };
