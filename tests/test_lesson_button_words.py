"""A French or Italian lesson names the table's buttons, menus and choices as the reader sees them
("**Vérifier**"), never by the English words the page no longer shows ("**Check**")."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SHOWN_BY = ("widgets/", "cardlab/games/", "cardlab/rules.py", "cardlab/puzzles/themes.py")
"""Where the words a page shows as buttons, menus, options and themes are marked."""
EXPLAINED = {"spades", "hearts", "diamonds", "clubs", "West", "points", "Puzzles", "ask leave"}
"""English words a lesson quotes on purpose: what the codes' letters stand for (``AS``, ``W``), the
log's own words (``asks leave``), a word the same in French, another site's menu (lichess)."""


def labels(lang: str) -> set[str]:
    """The short English words (a label, not a sentence) that the language's catalog translates."""
    with (ROOT / f"cardlab/locale/{lang}/LC_MESSAGES/cardlab.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    return {message.id for message in catalog
            if isinstance(message.id, str) and message.string and message.string != message.id
            and any(path.startswith(SHOWN_BY) for path, _ in message.locations)
            and "{" not in message.id and len(message.id.split()) <= 4 and not message.id.endswith(".")
            and len(message.id) > 3}


def prose(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_lesson_names_no_control_by_its_english_words(lang: str) -> None:
    english = labels(lang)
    assert {"Check", "Play this", "Forward ▶", "one hand"} <= english
    named = []
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        for label in re.findall(r"\*\*?([^*\n]{2,40}?)\*\*?", prose(path)):
            if label.strip(" «»") in english - EXPLAINED:
                named.append(f"{path.name}: {label}")
    assert named == []
