"""The words of the room's pages, in the language a page is served in.

The page files (``room.html``, ``room-*.html``) hold no sentence: each slot is filled from
:data:`PAGE_WORDS`, translated and escaped when the page is made, and the sentences ``room.js`` shows
(statuses, button labels, the seat and poll words) travel in the page as one JSON block of
:data:`SCRIPT_WORDS`, each escaped here so that ``room.js`` sets them as HTML.  Babel finds these
sentences through :func:`~cardlab.i18n.N_`; they are said with :func:`~cardlab.i18n._`.

Which language: a room's pages speak the room's language, which the server puts in their address
(``?lang=fr``, left out for English); a page before any room (the teacher's form, the code page, the
name form) takes ``?lang=`` when it is one of cardlab's languages, else the browser's best
``Accept-Language`` among them, else English.  A bad value is no error: it is ignored.
"""
from __future__ import annotations

import json
from dataclasses import Field
from typing import Any

from cardlab import i18n
from cardlab.i18n import N_, _
from cardlab.practice.side_by_side import words

from . import html

PAGE_WORDS: dict[str, dict[str, str]] = {
    "open": {
        "heading": N_("Teach a class: open a room"),
        "lead": N_("Your learners join from their own browsers with the room's code or link and a name. "
                   "They are seated four to a table (the computer fills the empty seats), each sees only "
                   "their own cards, and you see every table."),
        "game_label": N_("Game"), "level_label": N_("The computer plays"),
        "lang_label": N_("Language of the room"), "submit": N_("Open the room"),
    },
    "code": {
        "heading": N_("Join a card room"), "code_label": N_("The room's code, as your teacher shows it"),
        "submit": N_("Next"),
    },
    "join": {"name_label": N_("Your name at the table"), "submit": N_("Sit down")},
    "said": {"again": N_("Type a room's code")},
    "play": {
        "heading": N_("Card room"), "connecting": N_("Connecting…"), "seats_label": N_("Who sits where"),
        "own_table": N_("Your table"), "calls_label": N_("Calls"), "next_hand": N_("Next hand"),
        "round": N_("Duplicate round"),
    },
    "teacher": {
        "join_at": N_("Join at {link} with the code"), "connecting": N_("Connecting…"),
        "qr_label": N_("QR code of the room's link"), "pause": N_("Pause every table"),
        "resume": N_("Resume play"), "tables": N_("Tables"),
        "nobody": N_("Nobody has joined yet: show the class the code, the link or the QR code."),
        "tables_caption": N_("Every table of the room"), "table": N_("Table"),
        "seats": N_("Who sits where"), "step": N_("Step"), "points": N_("Points"), "look": N_("Look at the table"),
        "move": N_("Move"), "move_to": N_("to"), "take_back": N_("Take back the last card"),
        "next_hand": N_("Next hand"), "show_heading": N_("Show the class one table"), "show": N_("Show"),
        "from_seat": N_("from the seat"), "face_up": N_("every hand face up (prepared tables only)"),
        "paste": N_("A scenario's JSON or a table link"), "show_submit": N_("Show the class"),
        "shown_label": N_("The shown table"), "deal": N_("◀◀ Deal"), "back": N_("◀ Back"),
        "forward": N_("Forward ▶"), "end": N_("End ▶▶"), "ask": N_("Ask the class: which card?"),
        "reveal": N_("Reveal the expert's card"), "close_poll": N_("Close the question"),
        "hide": N_("Stop showing"), "projector": N_("Projector"), "round": N_("Duplicate round"),
        "deals": N_("Deals"), "start_round": N_("Start a duplicate round"),
        "computers": N_("Add a table of computers"), "close_room": N_("Close the room"),
        "close_sure": N_("Yes: close it for everyone (its tables end)"),
    },
}
"""Each page file's words by slot name."""

SCRIPT_WORDS: dict[str, str] = {
    "connected": N_("Connected"), "not_connected": N_("Not connected"),
    "lost": N_("Connection lost: trying again…"),
    "no_seat": N_("This page's link has no seat in it: join again from the room's code."),
    "paused": N_("Your teacher has paused the room: wait a moment."),
    "paused_teacher": N_("Every table is paused: the class waits until you resume play."),
    "present": N_("here"), "absent_computer": N_("away: the computer plays"), "absent": N_("away"),
    "looks_at": N_("The class looks at {title}"), "question": N_("A question for the class"),
    "click_card": N_("Click a card of the hand: you may change your mind until the answer is shown."),
    "answer_when_played": N_("The expert's card is shown here once it is played at your table."),
    "look": N_("Look"), "looking": N_("Looking"), "table": N_("Table {number}"),
    "open_table": N_("Table {number}, every hand face up"),
    "shown": N_("{title}, seen from {seat}"), "shown_open": N_("{title}, seen from {seat}, every hand face up"),
    "source_table": N_("table {number}"), "source_prepared": N_("prepared: {title}"),
    "source_paste": N_("a pasted scenario or table link…"), "seat_to_play": N_("the seat to play"),
    "deals": N_("{count} deals"),
    "move_who": N_("{name} (table {number}, {seat})"), "move_to": N_("table {number}, {seat} ({name})"),
    "move_new": N_("a new table {number}, {seat}"),
}
"""The sentences ``room.js`` shows, by key; ``{name}`` slots are filled in the browser."""


def best_language(accept: str | None) -> str | None:
    """The language of cardlab a browser's ``Accept-Language`` header prefers, or None."""
    ranked = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _semi, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        primary = tag.strip().lower().split("-")[0]
        if primary in i18n.LANGUAGES and weight > 0:
            ranked.append((-weight, order, primary))
    return min(ranked)[2] if ranked else None


def page_language(asked: str | None, accept: str | None = None) -> str:
    """The language of a page: ``asked`` (``?lang=``) when cardlab speaks it, else the best of
    ``accept`` (None for a room's own pages, which speak the room's language or English), else English."""
    if asked in i18n.LANGUAGES:
        return str(asked)
    return best_language(accept) or "en"


def in_address(lang: str) -> str:
    """The query that keeps a page's language in a link: ``?lang=fr``, nothing for English."""
    return "" if lang == "en" else f"?lang={lang}"


def page_words(kind: str) -> dict[str, str]:
    """The slots of page file ``kind``: each word in the current language, escaped."""
    return {slot: html.escape(_(word)) for slot, word in PAGE_WORDS.get(kind, {}).items()}


def script_words() -> str:
    """The JSON of ``room.js``'s sentences in the current language, each escaped as HTML (so the
    page's ``room-text`` block holds no ``<`` and cannot end its script element)."""
    words = {key: html.escape(_(word)) for key, word in SCRIPT_WORDS.items()}
    return json.dumps(words, ensure_ascii=False, sort_keys=True)


def language_options(chosen: str) -> str:
    """The options of the teacher's "Language of the room" menu, each language named in itself."""
    return "".join(f'<option value="{code}" lang="{code}"{" selected" if code == chosen else ""}>'
                   f"{html.escape(name)}</option>" for code, name in i18n.LANGUAGES.items())


def choice_label(option: Field, choice: Any) -> str:
    """A rule option's choice in the teacher's form, in the current language: the game's words for
    it ("the holder of the 4 of coins"), on, off or usual, else the value itself (a number)."""
    if choice is None:
        return _("usual")
    return words(option.metadata["choice_words"], choice)
