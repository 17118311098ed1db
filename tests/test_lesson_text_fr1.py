"""The French lessons index, tressette, quatre_sept, puzzles and pass_and_play (issue 24) teach what
their English lessons teach: the same code, argument for argument (theme strings and scenario names
are data), the readings the engine uses said in the catalog's own French words, and links to
headings that exist. Read from the notebooks as committed, like tests/test_lesson_text.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlab import i18n
from cardlab.games.tressette.rules import SIGNAL_MEANINGS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FRENCH = ("index", "tressette", "quatre_sept", "puzzles", "pass_and_play")
INSTALL = ["from cardlab import i18n", 'i18n.install("fr")']
ANCHORED_LINK = re.compile(r"\]\(([^)\s#]+\.ipynb)#((?:[^()\s]|\([^()\s]*\))+)\)")  # balanced (…) allowed


def sources(path: Path, kind: str) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == kind]


def prose(lesson: str) -> str:
    """The French lesson's markdown as one text, line breaks folded to spaces."""
    return " ".join(" ".join(text.split()) for text in sources(NOTEBOOKS / "fr" / f"{lesson}.ipynb", "markdown"))


@pytest.mark.parametrize("lesson", FRENCH)
def test_the_french_lesson_runs_the_english_code_cell_for_cell(lesson):
    ours = sources(NOTEBOOKS / "fr" / f"{lesson}.ipynb", "code")
    theirs = sources(NOTEBOOKS / f"{lesson}.ipynb", "code")
    first = ours[0].splitlines()
    assert first[:2] == INSTALL, first[:2]
    assert ["\n".join(first[2:])] + ours[1:] == theirs


@pytest.mark.parametrize("lesson", FRENCH)
def test_a_link_to_a_heading_finds_that_heading(lesson):
    for target, anchor in ANCHORED_LINK.findall("\n".join(sources(NOTEBOOKS / "fr" / f"{lesson}.ipynb", "markdown"))):
        headings = [line.lstrip("#").strip().replace(" ", "-")
                    for text in sources(NOTEBOOKS / "fr" / target, "markdown")
                    for line in text.splitlines() if line.startswith("#")]
        assert anchor in headings, f"fr/{lesson}: #{anchor} is no heading of fr/{target}"


def test_the_tressette_signals_mean_what_the_table_and_drills_say_in_french():
    text = prose("tressette")
    with i18n.speaking("fr"):
        for signal, meaning in SIGNAL_MEANINGS.items():
            said = i18n.pgettext("tressette", meaning)
            assert f"**« {said} »**" in text, f"{signal}: the lesson does not say « {said} »"
    assert "notre lecture" in text


def test_the_french_tressette_keeps_the_english_teaching():
    text = prose("tressette")
    assert "la graine 7 donne toujours cette même donne" in text
    assert "les deux camps ont atteint 21" in text and "11⅔" in text and "5⅔ compte pour **5**" in text
    assert re.search(r"## Jouer une levée.{0,1500}\*\*Jouer cette donne\*\*", text)


def test_the_french_index_explains_the_jouer_cette_donne_button():
    assert re.search(r"\*\*Jouer cette donne\*\*.{0,200}l'image devient une table vivante", prose("index"))


def test_the_politaine_ace_advice_is_pagats_in_french_too():
    assert re.search(r"pagat conseille de commencer par \*\*l'as\*\*.{0,120}\[document Quatre Sept\]",
                     prose("quatre_sept"))
