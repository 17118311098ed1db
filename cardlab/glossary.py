"""Each game's own words, one per thing, in English, French and Italian: the glossary the lessons show.

A game is taught in its own vocabulary (Tressette's *asso* and *busso*, Aluette's *Monsieur* and *la
Vache*, Quadrille's *Spadille* and *codille*), and the lesson, the table and the coach must call a thing
by the same word.  The words live beside the catalogs, one file per game and language:
``cardlab/games/<game>/glossary/<lang>.json``, a list of entries, each a thing of the game (``thing``,
the same key in every language), the ``word`` that language uses, its one-line ``meaning``, and
optionally the variants to ``avoid``.  The English file is the reference: an entry there may name the
catalog message that says the same thing (``context`` and ``msgid``), which tests/test_glossary.py holds
to the glossary's word.  :func:`glossary` shows a game's words as a lesson block, in the installed
language.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from html import escape

from .games import GAMES as RULES, folder, get_rules
from .i18n import _, language
from .lesson import Shown
from .render.panels import PANEL_CSS, html_table

# a meaning is a sentence: it reads from the left and wraps on a phone (the panels' numbers do neither)
# (two classes: a page's own table style, loaded after the output, must not win)
_CSS = (".cardlab-panel.cardlab-glossary th, .cardlab-panel.cardlab-glossary td { text-align: left;"
        " white-space: normal; vertical-align: top; }"
        " .cardlab-panel.cardlab-glossary td:first-child { white-space: nowrap; }")


@dataclass(frozen=True)
class Entry:
    """One thing of a game, as one language names it."""

    thing: str
    word: str
    meaning: str
    avoid: tuple[str, ...] = ()
    context: str | None = None
    msgid: str | None = None


# every game of the kit has its glossary in every language (tests/test_glossary.py)
GAMES = tuple(RULES)


@cache
def entries(game: str, lang: str) -> tuple[Entry, ...]:
    """The glossary of ``game`` in ``lang``, in the file's order."""
    if game not in GAMES:
        raise ValueError(f"{game!r} has no glossary: the games with one are {', '.join(GAMES)}.")
    raw = json.loads((folder(game) / "glossary" / f"{lang}.json").read_text(encoding="utf-8"))
    return tuple(Entry(thing=item["thing"], word=item["word"], meaning=item["meaning"],
                       avoid=tuple(item.get("avoid", ())), context=item.get("context"), msgid=item.get("msgid"))
                 for item in raw)


def glossary(game: str) -> Shown:
    """The words of ``game`` in the current language: a table captioned with the game's name (the lesson's
    heading above it says "Words of the game"), and lines for text."""
    words = entries(game, language())
    rows = [[f"<b>{escape(entry.word)}</b>", escape(entry.meaning)] for entry in words]
    table = html_table("cardlab-glossary", get_rules(game).title, [_("Word"), _("What it means")], rows)
    text = "\n".join(_("{label}: {value}").format(label=entry.word, value=entry.meaning) for entry in words)
    return Shown(f"<style>{PANEL_CSS}{_CSS}</style>{table}", text)
