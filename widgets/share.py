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
from typing import Any, Callable

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab.i18n import _, number
from cardlab.scenario import MAX_BYTES, Scenario, ScenarioError, loads

from .address import decode, playable
from .front import FRONT, esm
from .html import escape

KEY = re.compile(r"[A-Za-z0-9_-]+")
LONGEST_MESSAGE = 300


class AddressView(anywidget.AnyWidget):
    """The browser side of a ShareBar: the page fragment, the clipboard and the download."""

    _esm = esm("share.js")
    _css = FRONT / "share.css"
    key = traitlets.Unicode("").tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)
    restore = traitlets.Unicode("").tag(sync=True)
    restore_asked = traitlets.Bool(False).tag(sync=True)
    download_text = traitlets.Unicode("").tag(sync=True)
    download_name = traitlets.Unicode("").tag(sync=True)
    upload_id = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    too_large = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    @traitlets.default("words")
    def _words(self) -> dict[str, str]:
        """The buttons' and status lines' words, in the language spoken when the view is made."""
        return {"copy": _("Copy link"), "download": _("Download scenario"), "field": _("Link to this table"),
                "copied": _("Link copied."), "by_hand": _("Press Ctrl+C (⌘C on a Mac) to copy this link:")}


class ShareBar(ipw.HBox):
    """Copy link, Download scenario and Open scenario… for the table known as ``key`` in the
    page address (letters, digits, ``-`` and ``_``; one key per table on a page)."""

    address = traitlets.Unicode("")
    scenario = traitlets.Instance(Scenario, allow_none=True)
    message = traitlets.Unicode("")

    def __init__(self, key: str, **kwargs: Any) -> None:
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise ValueError(f"A ShareBar key is made of letters, digits, '-' and '_', not {key!r}.")
        self.upload = ipw.FileUpload(accept=".json", multiple=False, description=_("Open scenario…"),
                                     icon="", tooltip=_("Open a scenario file (.json) from this computer"))
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
            self._fail(_("The table in this page's address could not be restored. {error}").format(error=error))
        finally:
            self.view.restore = ""

    def _uploaded(self, change: dict) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        self.upload.value = ()  # the same file may be opened again
        name = str(upload.get("name") or _("The file"))
        content = upload.get("content", b"")
        size = max(int(upload.get("size") or 0), len(content))
        if size > MAX_BYTES:
            self._fail(too_large(name, size))
            return
        try:
            scenario = loads(bytes(content), _("The file"))
            playable(scenario)
            sendable(scenario)
            for callback in self._open_callbacks:
                callback(scenario)
        except ScenarioError as error:
            self._fail(_("{name} was not opened. {error}").format(name=name, error=error))
            return
        self.message = _("Opened {name}.").format(name=name)

    def _refused_in_browser(self, change: dict) -> None:
        file = change["new"]
        if not file:
            return
        self.view.too_large = {}
        name, size = file.get("name"), file.get("size")
        if isinstance(name, str) and isinstance(size, int) and size > MAX_BYTES:
            self._fail(too_large(name or _("The file"), size))

    def _fail(self, sentence: str) -> None:
        if len(sentence) > LONGEST_MESSAGE:
            sentence = sentence[:LONGEST_MESSAGE - 1] + "…"
        self.message = sentence
        for callback in self._error_callbacks:
            callback(sentence)


def too_large(name: str, size: int) -> str:
    """The sentence refusing a file of ``size`` bytes, too large to be a scenario."""
    return _("{name} holds {size} bytes, more than a scenario may ({limit}): it was not opened.").format(
        name=name, size=number(size), limit=number(MAX_BYTES))


def sendable(scenario: Scenario) -> None:
    """Every text of a scenario goes to the page; one that is not Unicode (a lone surrogate, which
    JSON's ``\\u`` escapes can write) could not, and is refused."""
    try:
        json.dumps(scenario.to_json(), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ScenarioError(_("It holds text that is not valid Unicode (a lone surrogate).")) from None


def file_name(scenario: Scenario) -> str:
    """``tressette-7.json`` for a seeded deal, ``tressette-deal.json`` for a deal written out."""
    seed = scenario.seed if scenario.deal is None and scenario.seed is not None else "deal"
    return f"{scenario.game}-{seed}.json"
