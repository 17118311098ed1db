"""A lesson names each control by the words the page shows in its language (issue 34, item 1).

Where the English lesson quotes a control — a game option's menu, one of its choices, or a button
of the table, the guided hand, the preview or the pass-and-play form — in bold or italics, the
French and Italian lessons quote that control's label exactly as their catalog says it (the words
are taken from the catalog here, not typed twice), and never the English one.
"""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from cardlab import i18n
from cardlab.games import GAMES, get_rules
from tests.test_lesson_button_words import prose

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
BUTTONS = ("Open scenario…", "Sit down and deal", "Open hands", "Start the guided hand", "Play this",
           "Download scenario")
"""Buttons the lessons quote, each said by ``_`` where the widget makes it."""


def controls() -> list[tuple[str, str]]:
    """(English label, context) of every game option's menu and named choice of more than one word, and of
    the buttons."""
    found = {(label, "") for label in BUTTONS}
    for game in GAMES:
        for field in fields(get_rules(game).Options):
            if field.metadata.get("label"):
                found.add((field.metadata["label"], "option"))
                found.update((word, "option") for word in field.metadata["choice_words"].values()
                             if " " in word)  # "points", "chips": words of the prose as much as choices
    return sorted(found)


def said(label: str, context: str) -> str:
    """The label as the page shows it; French's narrow and no-break spaces read as spaces in prose."""
    return (i18n.pgettext(context, label) if context else i18n._(label)).replace("\xa0", " ").replace("\u202f", " ")


def quoted(text: str, label: str) -> bool:
    """``label`` stands in ``text`` in bold or italics, alone or followed by a colon or full stop."""
    return re.search(rf"(?<![*\w])\*\*?{re.escape(label)}[:.]?\*\*?(?![*\w])", text) is not None


def unfolded(path: Path) -> str:
    return " ".join(prose(path).split())


LESSONS = sorted(path for path in NOTEBOOKS.glob("*.ipynb"))


def test_the_controls_and_the_lessons_are_found():
    labels = {label for label, _ in controls()}
    assert {"Match target", "Who receives the sung cards", "Open scenario…", "seen by all"} <= labels
    quotes = {label for label, _ in controls() for path in LESSONS if quoted(unfolded(path), label)}
    assert {"Match target", "Open scenario…", "Surrender offers before play", "Sit down and deal",
            "Void and unable to over-trump: must still trump"} <= quotes


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_a_translated_lesson_quotes_each_control_as_its_page_shows_it(lang: str, path: Path) -> None:
    english = unfolded(path)
    theirs = unfolded(NOTEBOOKS / lang / path.name)
    wrong = []
    with i18n.speaking(lang):
        for label, context in controls():
            if not quoted(english, label):
                continue
            translated = said(label, context)
            if translated == label:
                continue  # a word the same in both languages ("normal", "Casco")
            if translated not in theirs:
                wrong.append(f"{label!r} is not quoted as {translated!r}")
            if len(label.split()) > 1 and label in theirs:
                wrong.append(f"{label!r} is quoted in English")
    assert wrong == [], "\n".join(wrong)
