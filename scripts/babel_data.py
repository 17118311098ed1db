"""Babel extractors for the sentences kept in cardlab's data files (scripts/catalogs.sh, babel.cfg).

The shipped guided hands (``cardlab/games/*/tutorial.json``) and scenarios (``cardlab/scenarios/*.json``) are
written in English, as data a teacher can copy; what a person reads of them -- a tutorial's title, intro
and each step's words, a scenario's title, description and step captions -- is said through the
catalogs, the English text being the message id and the game its context (a sentence about "the 9 of
clubs" is Italian *fiori* at Quatre Sept and *bastoni* at La Vache).  Each extractor yields Babel's
``(line, "pgettext", (game, message), comments)`` for those fields; the line is the field's own line
when the file is laid out one field a line, as ours are, so a translator can find it.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

Extracted = Iterator[tuple[int, str, tuple[str, str], list[str]]]


def _lines(text: str) -> dict[str, int]:
    """Each JSON string value's first line in ``text`` (the first line it appears on)."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        for value in _strings(line):
            found.setdefault(value, number)
    return found


def _strings(line: str) -> list[str]:
    key, colon, rest = line.strip().partition(":")
    if not colon:
        return []
    try:
        value = json.loads(rest.strip().rstrip(","))
    except ValueError:
        return []
    return [value] if isinstance(value, str) else []


def _said(game: str, messages: list[str], text: str) -> Extracted:
    lines = _lines(text)
    for message in messages:
        if message:
            yield lines.get(message, 1), "pgettext", (game, message), []


def extract_tutorial(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """A guided hand's title, intro, every step's ``say``, ``otherwise`` and ``hint``, and its end."""
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    messages = [data.get("title", ""), data.get("intro", "")]
    for step in data.get("steps", []):
        messages += [step.get("say", ""), step.get("otherwise", ""), step.get("hint", "")]
    messages.append(data.get("end", {}).get("say", ""))
    yield from _said(data["game"], messages, text)


def extract_scenario(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """A shipped scenario's title, description and step captions (``notes``)."""
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    messages = [data.get("title", ""), data.get("description", ""), *data.get("notes", {}).values()]
    yield from _said(data["game"], messages, text)
