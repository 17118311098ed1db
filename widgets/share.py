"""Share and restore a table: the page address, "Copy link", "Download scenario", "Open scenario…".

``ShareBar(key)`` sits on a table.  The table sets ``bar.scenario`` and
``bar.address = widgets.address.encode(scenario, step)`` after every change, and registers
``bar.on_restore(callback(scenario, step))``, ``bar.on_open(callback(scenario))`` and
``bar.on_error(callback(sentence))``.

Why the parts sit where they sit:

* The page address lives in the browser, so a small anywidget (:class:`AddressView`) writes
  ``#<key>=<address>`` into the fragment with ``history.replaceState`` (other keys kept, no
  reload).  On its first render it reads the fragment and, if that holds its key with another
  table than the kernel's, sends the text back once in its ``restore`` trait (``restore_asked``
  keeps a second view or a reloaded JupyterLab page from asking again); a link pasted over the
  page's own address changes only the fragment, so a ``hashchange`` asks too.  The kernel empties
  ``restore`` once it has answered; until then the fragment is left as it is, and a link pasted
  meanwhile is asked about after the answer.  A fragment not made of such ``name=value`` pairs
  (JupyterLab's own) is never touched, and traits are the whole contract.
* "Copy link" and "Download scenario" are buttons of that anywidget, not ``ipywidgets.Button``:
  the clipboard and a download need the click itself (the browser's user activation), which a
  round trip to the kernel would spend.  The kernel keeps them ready: ``download_text`` and
  ``download_name`` follow ``bar.scenario``.  A refused clipboard (http on a non-local host)
  shows the link in a read-only field, selected, to copy by hand.
* "Open scenario…" is an ``ipywidgets.FileUpload``: a file's bytes must reach the kernel anyway.
  Too large a file is refused in the browser before it is read (past about 10 MB its bytes would
  close the kernel's connection): the AddressView's script watches the upload's file field and
  sends back only the file's name and size (``too_large``), for the kernel to say the sentence.
  Any bad file or address gives one sentence in ``bar.message`` (shown escaped) and to
  ``on_error``, and changes nothing; "Opened …" is said once the table has shown the file (a
  table refuses by raising :class:`ScenarioError`).
"""
from __future__ import annotations

import json
import re
from html import escape
from typing import Any, Callable

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab.scenario import MAX_BYTES, Scenario, ScenarioError, loads

from .address import decode, playable

KEY = re.compile(r"[A-Za-z0-9_-]+")
LONGEST_MESSAGE = 300

_ESM = """
const SAFE = /^[A-Za-z0-9_-]*$/;

// The fragment as name -> value pairs, or null when it is not ours to change.
function fragmentParts() {
  const raw = location.hash.replace(/^#/, "");
  const parts = new Map();
  if (raw === "") return parts;
  for (const part of raw.split("&")) {
    const eq = part.indexOf("=");
    if (eq < 1 || !SAFE.test(part.slice(0, eq)) || !SAFE.test(part.slice(eq + 1))) return null;
    parts.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return parts;
}

function addressWith(parts, key, address) {
  const next = new Map(parts);
  if (address) next.set(key, address); else next.delete(key);
  const fragment = [...next].map(([name, value]) => name + "=" + value).join("&");
  return location.href.split("#")[0] + (fragment ? "#" + fragment : "");
}

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

  const copy = button("Copy link", "cardlab-copy-link");
  const download = button("Download scenario", "cardlab-download");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.hidden = true;
  field.className = "cardlab-link-field";
  field.setAttribute("aria-label", "Link to this table");
  const status = document.createElement("span");
  status.className = "cardlab-share-status";
  status.setAttribute("role", "status");

  copy.addEventListener("click", async () => {
    const link = addressWith(fragmentParts() || new Map(), model.get("key"), model.get("address"));
    field.hidden = true;
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Link copied.";
    } catch (refused) {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      status.textContent = "Press Ctrl+C (⌘C on a Mac) to copy this link:";
    }
  });

  const syncDownload = () => { download.disabled = !model.get("download_text"); };
  syncDownload();
  model.on("change:download_text", syncDownload);
  download.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([model.get("download_text")], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = model.get("download_name");
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });

  el.append(copy, download, status, field);
  // ipywidgets' FileUpload has its file count in its button's text ("Open scenario… (0)"), which
  // screen readers would read out: the button is named by its description alone, once it is drawn
  let frames = 0;
  const nameOpen = () => {
    const open = el.closest(".cardlab-share")?.querySelector(".cardlab-open");
    if (open) open.setAttribute("aria-label", open.textContent.replace(/\\s*\\(\\d+\\)\\s*$/, "").trim());
    else if (++frames < 300) requestAnimationFrame(nameOpen);
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
"""

_CSS = """
.cardlab-share-address { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.cardlab-share-address .cardlab-link-field { width: min(40em, 90vw); font: inherit; }
.cardlab-share-address .cardlab-share-status:empty { display: none; }
.cardlab-share { flex-wrap: wrap; align-items: center; gap: 4px 8px; }
/* ipywidgets' FileUpload writes its file count after the description ("Open scenario… (0)") and
   nothing of the widget turns it off: that text stays (it sizes the button) but unseen, and the
   description alone is drawn over it; the script names the button by the description too */
.cardlab-share .cardlab-open { position: relative; color: transparent; }
.cardlab-share .cardlab-open::before { content: "Open scenario…" / ""; position: absolute; inset: 0; display: flex;
  align-items: center; justify-content: center; color: var(--jp-widgets-color, #000); }
@media (max-width: 600px) { .cardlab-share .cardlab-open { font-size: 16px; min-height: 40px; } }
"""


class AddressView(anywidget.AnyWidget):
    """The browser side of a ShareBar: the page fragment, the clipboard and the download."""

    _esm = _ESM
    _css = _CSS
    key = traitlets.Unicode("").tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)
    restore = traitlets.Unicode("").tag(sync=True)
    restore_asked = traitlets.Bool(False).tag(sync=True)
    download_text = traitlets.Unicode("").tag(sync=True)
    download_name = traitlets.Unicode("").tag(sync=True)
    upload_id = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    too_large = traitlets.Dict().tag(sync=True)


class ShareBar(ipw.HBox):
    """Copy link, Download scenario and Open scenario… for the table known as ``key`` in the
    page address (letters, digits, ``-`` and ``_``; one key per table on a page)."""

    address = traitlets.Unicode("")
    scenario = traitlets.Instance(Scenario, allow_none=True)
    message = traitlets.Unicode("")

    def __init__(self, key: str, **kwargs: Any) -> None:
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise ValueError(f"A ShareBar key is made of letters, digits, '-' and '_', not {key!r}.")
        self.upload = ipw.FileUpload(accept=".json", multiple=False, description="Open scenario…",
                                     icon="", tooltip="Open a scenario file (.json) from this computer")
        self.view = AddressView(key=key, upload_id=self.upload.model_id)
        self.upload.add_class("cardlab-open")
        self.message_box = ipw.HTML("")
        self.message_box.add_class("cardlab-share-message")
        super().__init__([self.view, self.upload, self.message_box], **kwargs)
        self.add_class("cardlab-share")
        self._restore_callbacks: list[Callable[[Scenario, int], None]] = []
        self._open_callbacks: list[Callable[[Scenario], None]] = []
        self._error_callbacks: list[Callable[[str], None]] = []
        self.view.observe(self._restored, "restore")
        self.view.observe(self._refused_in_browser, "too_large")
        self.upload.observe(self._uploaded, "value")

    @property
    def key(self) -> str:
        return self.view.key

    def on_restore(self, callback: Callable[[Scenario, int], None]) -> None:
        """Call ``callback(scenario, step)`` when the page was opened at an address of this table."""
        self._restore_callbacks.append(callback)

    def on_open(self, callback: Callable[[Scenario], None]) -> None:
        """Call ``callback(scenario)`` when a scenario file was opened."""
        self._open_callbacks.append(callback)

    def on_error(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(sentence)`` when an address or a file could not be used."""
        self._error_callbacks.append(callback)

    @traitlets.observe("address")
    def _address_changed(self, change: dict) -> None:
        self.view.address = change["new"]

    @traitlets.observe("scenario")
    def _scenario_changed(self, change: dict) -> None:
        scenario: Scenario | None = change["new"]
        if scenario is None:
            self.view.download_text = self.view.download_name = ""
            return
        self.view.download_text = json.dumps(scenario.to_json(), indent=1, ensure_ascii=False) + "\n"
        self.view.download_name = file_name(scenario)

    @traitlets.observe("message")
    def _message_changed(self, change: dict) -> None:
        text = change["new"]
        self.message_box.value = f'<span role="status">{escape(text)}</span>' if text else ""

    def _restored(self, change: dict) -> None:
        text = change["new"]
        if not text:
            return
        try:
            scenario, step = decode(text)
            sendable(scenario)
            for callback in self._restore_callbacks:
                callback(scenario, step)
        except ScenarioError as error:
            self._fail(f"The table in this page's address could not be restored. {error}")
        finally:
            self.view.restore = ""

    def _uploaded(self, change: dict) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        self.upload.value = ()  # the same file may be opened again
        name = str(upload.get("name") or "The file")
        content = upload.get("content", b"")
        size = max(int(upload.get("size") or 0), len(content))
        if size > MAX_BYTES:
            self._fail(too_large(name, size))
            return
        try:
            scenario = loads(bytes(content), "The file")
            playable(scenario)
            sendable(scenario)
            for callback in self._open_callbacks:
                callback(scenario)
        except ScenarioError as error:
            self._fail(f"{name} was not opened. {error}")
            return
        self.message = f"Opened {name}."

    def _refused_in_browser(self, change: dict) -> None:
        file = change["new"]
        if not file:
            return
        self.view.too_large = {}
        name, size = file.get("name"), file.get("size")
        if isinstance(name, str) and isinstance(size, int) and size > MAX_BYTES:
            self._fail(too_large(name or "The file", size))

    def _fail(self, sentence: str) -> None:
        if len(sentence) > LONGEST_MESSAGE:
            sentence = sentence[:LONGEST_MESSAGE - 1] + "…"
        self.message = sentence
        for callback in self._error_callbacks:
            callback(sentence)


def too_large(name: str, size: int) -> str:
    return f"{name} holds {size:,} bytes, more than a scenario may ({MAX_BYTES:,}): it was not opened."


def sendable(scenario: Scenario) -> None:
    """Every text of a scenario goes to the page; one that is not Unicode (a lone surrogate, which
    JSON's ``\\u`` escapes can write) could not, and is refused."""
    try:
        json.dumps(scenario.to_json(), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ScenarioError("It holds text that is not valid Unicode (a lone surrogate).") from None


def file_name(scenario: Scenario) -> str:
    """``tressette-7.json`` for a seeded deal, ``tressette-deal.json`` for a deal written out."""
    seed = scenario.seed if scenario.deal is None and scenario.seed is not None else "deal"
    return f"{scenario.game}-{seed}.json"
