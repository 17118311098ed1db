"""The learner's progress on the page: kept in the browser, counted by :mod:`cardlab.progress`.

``ProgressPanel("tressette")`` sits near the top of a lesson: the game's progress (concepts
learnt, seen, declared, a bar) and the concepts due for review, each with a "Review" button that
opens a short quiz (or, where no quiz question exercises the concept, puzzles) on that concept.
``ProgressPanel(reviews=False)`` is the landing page's: every game, one line each.  Both offer
"Save progress" (a file, ``cardlab-progress.json``) and "Load progress…" (a file merged in).

Why the parts sit where they sit:

* The progress lives **in the browser** (``localStorage``, one key): no account and no server, so
  it works on our Voilà server, on Binder and on the static site.  The view's script reads the key
  when it is drawn and whenever another tab writes it (a ``storage`` event), and hands the text
  to the kernel (``found``); it writes the key only when the kernel asks (``written`` moves), with
  the kernel's JSON (``stored``).  Two tabs: each merges what the other wrote (per concept the
  later answer wins), so the last write holds both.
* The kernel holds one :class:`Keeper` (:func:`here`): the Quiz, the guided first hand and the
  puzzle trainer report each answer to it (right at the first try, with the concepts it
  exercises), and every panel on the page shows it.  Parsing, the Leitner schedule and the words
  are the engine's; a damaged store or a refused file gives one sentence and changes nothing.
* "Save progress" is a button of the view (a download needs the click itself); "Load progress…"
  reads the file in the browser after checking its size, so too large a file is never sent.
* The panel is its box and one view until a Review is pressed (a lesson's first playable card must
  not wait for it); the review's quiz or trainer is built on the press.

Every text is put into the page by the script with ``textContent``: the panel makes no markup of
its own but the review's heading, which goes through :mod:`cardlab.widgets.html`.
"""
from __future__ import annotations

import functools
import time
from typing import Any, Callable, Sequence

import anywidget
import ipywidgets as ipw
import traitlets

from cardlab.games import GAMES, get_rules
from cardlab.i18n import _, number, pgettext
from cardlab.progress import EMPTY, MAX_BYTES, Progress, ProgressError, concepts, parse, review_items
from cardlab.puzzles.trainer import TrainerError

from . import html
from .front import FRONT, esm

STORE_KEY = "cardlab.progress/1"
"""The browser's ``localStorage`` key (the format's name: a later format gets a key of its own)."""
FILE_NAME = "cardlab-progress.json"
LONGEST_NAME = 60
"""Characters of a file's name quoted in a sentence."""


class Keeper:
    """The kernel's progress: one value, told to every panel whenever it changes.

    ``clock`` gives the time in epoch seconds (the Leitner schedule's ``now``)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.progress: Progress = EMPTY
        self.clock = clock
        self._listeners: list[Callable[[bool], None]] = []

    def listen(self, callback: Callable[[bool], None]) -> None:
        """Call ``callback(write)`` after every change; ``write``: the browser's store is to be written."""
        self._listeners.append(callback)

    def record(self, game: str, keys: Sequence[str], right: bool) -> None:
        """One answer that exercised the concepts ``keys`` of ``game``."""
        progress, now = self.progress, self.clock()
        for key in keys:
            progress = progress.record(game, key, right, now)
        if keys:
            self._set(progress, write=True)

    def found(self, text: str | None) -> str:
        """What the browser's store holds (None: nothing) merged in; "" or the sentence saying why
        the store could not be read (the progress is then left as it is)."""
        try:
            kept = parse(text) if text else EMPTY
        except ProgressError as error:
            return _("Your progress kept in this browser could not be read, so it starts empty. {error}").format(
                error=error)
        merged = self.progress.merged(kept)
        self._set(merged, write=merged != EMPTY and merged.to_json() != text)
        return ""

    def load(self, name: str, text: str | None, size: int) -> str:
        """A file the learner chose (``text`` None: refused in the browser as too large) merged in:
        the sentence saying what happened."""
        name = _short(name)
        if text is None or size > MAX_BYTES:
            return _("{name} holds {size} bytes, more than a progress file may ({limit}): it was not loaded.").format(
                name=name, size=number(size), limit=number(MAX_BYTES))
        try:
            loaded = parse(text)
        except ProgressError as error:
            return _("{name} was not loaded. {error}").format(name=name, error=error)
        self._set(self.progress.merged(loaded), write=True)
        return _("Loaded {name}: its progress is merged with this browser's.").format(name=name)

    def _set(self, progress: Progress, write: bool) -> None:
        self.progress = progress
        for callback in self._listeners:
            callback(write)


def _short(name: str) -> str:
    name = name.strip() or _("The file")
    return name if len(name) <= LONGEST_NAME else name[:LONGEST_NAME - 1] + "…"


@functools.cache
def here() -> Keeper:
    """This kernel's keeper (one per kernel: one per learner's page in Voilà)."""
    return Keeper()


class ProgressView(anywidget.AnyWidget):
    """The browser side of a panel: the store, the games drawn, the file buttons."""

    _esm = esm("progress.js")
    _css = FRONT / "progress.css"
    key = traitlets.Unicode(STORE_KEY).tag(sync=True)
    detail = traitlets.Bool(True).tag(sync=True)
    shown = traitlets.List(traitlets.Dict()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    written = traitlets.Int(0).tag(sync=True)
    found = traitlets.Dict().tag(sync=True)
    upload = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    @traitlets.default("words")
    def _words(self) -> dict[str, str]:
        """The panel's buttons and labels, in the language spoken when the view is made."""
        return {"save": _("Save progress"), "load": _("Load progress…"), "region": _("Your progress"),
                "file": _("Progress file to load"), "due": _("Due for review"),
                "review": pgettext("progress", "Review"),
                "review_of": _("Review: {concept}"), "learnt": _("{game}: concepts learnt"),
                "no_store": _("This browser does not let the page keep your progress: save it to a file.")}
    download_name = traitlets.Unicode(FILE_NAME).tag(sync=True)


class ProgressPanel(ipw.VBox):
    """``ProgressPanel("tressette")``, ``ProgressPanel(["aluette", "vache"])``: a lesson's games with
    their due concepts and Review buttons; ``ProgressPanel(reviews=False)``: every game, one line each.
    ``keeper``: this kernel's :func:`here` unless given."""

    def __init__(self, games: str | Sequence[str] | None = None, *, reviews: bool = True,
                 keeper: Keeper | None = None) -> None:
        self.games = list(GAMES) if games is None else [games] if isinstance(games, str) else list(games)
        unknown = [game for game in self.games if game not in GAMES]
        if unknown or not self.games:
            raise ValueError(f"{(unknown or [''])[0]!r} is not a game here: the games are {', '.join(GAMES)}.")
        self.keeper = keeper or here()
        self.view = ProgressView(detail=reviews)
        super().__init__([self.view])
        self.add_class("cardlab-progress")
        self.view.observe(self._found, "found")
        self.view.observe(self._uploaded, "upload")
        self.view.observe(self._review, "review")
        self.keeper.listen(self._changed)
        self._changed(False)

    def rows(self) -> list[dict[str, Any]]:
        """Each game as the page draws it: counts, the sentence and the concepts due."""
        progress, now, rows = self.keeper.progress, self.keeper.clock(), []
        for game in self.games:
            summary = progress.summary(game, now)
            rows.append({"game": game, "title": get_rules(game).title, "learnt": summary.learnt,
                         "seen": summary.seen, "total": summary.total, "due": len(summary.due),
                         "sentence": summary.sentence(),
                         "due_concepts": [{"key": concept.key, "title": _(concept.title)} for concept in summary.due]})
        return rows

    def _changed(self, write: bool) -> None:
        self.view.stored = self.keeper.progress.to_json()
        self.view.shown = self.rows()
        if write:
            self.view.written += 1

    def _found(self, change: dict[str, Any]) -> None:
        text = change["new"].get("text")
        if text is None or isinstance(text, str):
            self.view.message = self.keeper.found(text)

    def _uploaded(self, change: dict[str, Any]) -> None:
        file = change["new"]
        name, text, size = file.get("name"), file.get("text"), file.get("size")
        if isinstance(name, str) and (text is None or isinstance(text, str)) and isinstance(size, int):
            self.view.message = self.keeper.load(name, text, size)

    def _review(self, change: dict[str, Any]) -> None:
        game, key = change["new"].get("game"), change["new"].get("concept")
        if game in self.games and any(concept.key == key for concept in concepts(game)):
            self.start_review(game, key)

    def start_review(self, game: str, key: str) -> ipw.Widget | None:
        """A short review of the concept ``key`` in place of the last one, as its Review button does:
        the quiz's questions on it, or its puzzles where no question exercises it (None, and the
        sentence saying so, where neither does)."""
        # imported on a Review press: they report to this module's keeper, and a lesson opens without them
        from .puzzle import PuzzleTrainer
        from .quiz import Quiz

        items = review_items(game, [key])
        title = next(_(concept.title) for concept in concepts(game) if concept.key == key)
        if not items.quiz_kinds and not items.themes:
            said = _("Nothing here asks about “{title}” yet: read its part of the lesson again.")
            self.view.message = said.format(title=title)
            return None
        seed = int(self.keeper.clock()) % 100_000
        reviewer: ipw.Widget
        if items.quiz_kinds:
            reviewer = Quiz(game, kinds=items.quiz_kinds, concepts=items.concepts, seed=seed, progress=self.keeper)
        else:
            try:
                reviewer = PuzzleTrainer(game, concepts=items.concepts, seed=seed, progress=self.keeper)
            except TrainerError as error:     # the bank's puzzles of those themes are all calls, not cards
                self.view.message = str(error)
                return None
        heading = ipw.HTML(html.note(_("Review: {title}").format(title=title)))
        heading.add_class("cardlab-progress-review-heading")
        close = ipw.Button(description=_("Close the review"), layout=ipw.Layout(width="auto"))
        close.add_class("cardlab-progress-close")
        close.on_click(lambda _: self.close_review())
        self.close_review()
        self.view.message = ""
        self.children = [self.view, heading, reviewer, close]
        return reviewer

    @property
    def review(self) -> tuple[ipw.Widget, ...]:
        """The review shown under the panel: its heading, its quiz or trainer and its Close button."""
        return tuple(self.children[1:])

    def close_review(self) -> None:
        """Take the review away (its widget models with it)."""
        old = self.review
        self.children = [self.view]
        for widget in old:
            _close(widget)


def _close(widget: ipw.Widget) -> None:
    """Close ``widget`` and every widget inside it: a long session must not pile up models in the page."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()
