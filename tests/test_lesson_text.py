"""The lessons' prose says what the page does and what the sources say (issue 20, item 11).

Read from the notebooks' markdown as committed: a learner in Voilà runs no cell and sees a
preview's "Play this" button, a card list belongs next to the example it lists, and every claim
is either the rule document's, another cited source's, or stated as our own reading — the same
reading the tables and drills use (the striscio meaning is taken from the engine, not retyped).

Every page, English or translated (``notebooks/fr/``, ``notebooks/it/``), opens with the language
line (``**English** · [français](fr/tressette.ipynb) · [italiano](it/tressette.ipynb)``): each link
opens the same lesson in that language, and the links between lessons stay in the page's language.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlab import get_rules
from cardlab.games.tressette.rules import SIGNAL_MEANINGS
from cardlab.i18n import LANGUAGES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb"))


def folder(lang: str) -> Path:
    """Where the lessons in ``lang`` live: notebooks/ for English, notebooks/<lang>/ for the others."""
    return NOTEBOOKS if lang == "en" else NOTEBOOKS / lang


PAGES = [pytest.param(lang, path, id=f"{lang}-{path.stem}")
         for lang in LANGUAGES for path in sorted(folder(lang).glob("*.ipynb"))]
TRANSLATED_PAGES = [page for page in PAGES if page.values[0] != "en"]
# a cell and the key that runs it, as a French or Italian page would say them
CELL_WORDS = {"fr": r"\bcellules?\b|maj\s*\+\s*entrée", "it": r"\bcell[ae]\b|maiusc\s*\+\s*invio"}
LESSON_LINK = re.compile(r"\]\(([^)\s]*\.ipynb)(#[^)]*)?\)")


def cells(lesson: str) -> list[tuple[str, str]]:
    notebook = json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


def prose(lesson: str) -> str:
    """The lesson's markdown as one text, line breaks folded to spaces."""
    return " ".join(" ".join(source.split()) for kind, source in cells(lesson) if kind == "markdown")


def section(lesson: str, heading: str) -> str:
    """The markdown from the heading to the next heading of the same or a higher level."""
    text = "\n".join(source for kind, source in cells(lesson) if kind == "markdown")
    level = len(heading) - len(heading.lstrip("#"))
    start = text.index(heading + "\n")
    after = re.search(rf"^#{{1,{level}}} ", text[start + len(heading):], flags=re.MULTILINE)
    body = text[start:] if after is None else text[start:start + len(heading) + after.start()]
    return " ".join(body.split())


def markdown(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"]


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_learner_is_never_told_to_run_a_cell(lesson):
    text = prose(lesson).lower()
    for phrase in ("run it again", "run the cell", "re-run", "rerun", "shift+enter", "shift-enter"):
        assert phrase not in text, f"{lesson}: {phrase!r} — a Voilà page runs nothing for the learner"


@pytest.mark.parametrize("lang, path", TRANSLATED_PAGES)
def test_a_translated_page_never_speaks_of_cells(lang, path):
    text = " ".join(markdown(path)).lower()
    for said in re.findall(CELL_WORDS[lang], text):
        pytest.fail(f"{lang}/{path.name}: {said!r} — a Voilà page runs nothing for the learner")


@pytest.mark.parametrize("lang, path", PAGES)
def test_the_first_line_offers_the_three_languages_each_opening_the_same_lesson(lang, path):
    line = markdown(path)[0].splitlines()[0]
    said = line.split(" · ")
    assert len(said) == len(LANGUAGES), f"{lang}/{path.name}: the first line is not the language line: {line!r}"
    for (other, word), part in zip(LANGUAGES.items(), said):
        if other == lang:
            assert part == f"**{word}**", f"{lang}/{path.name}: its own language is not {word!r} in bold: {line!r}"
            continue
        link = re.fullmatch(rf"\[{word}\]\(([^)\s]+)\)", part)
        assert link, f"{lang}/{path.name}: no link [{word}](…) in {line!r}"
        target = (path.parent / link[1]).resolve()
        assert target == (folder(other) / path.name).resolve(), f"{lang}/{path.name}: {link[1]} is another lesson"
        assert target.is_file(), f"{lang}/{path.name}: {link[1]} does not exist (not written yet?)"


@pytest.mark.parametrize("lang, path", PAGES)
def test_links_between_lessons_stay_in_the_page_language(lang, path):
    text = "\n".join(markdown(path)).split("\n", 1)[1]        # after the language line
    for link, _fragment in LESSON_LINK.findall(text):
        target = (path.parent / link).resolve()
        assert target.parent == folder(lang).resolve(), f"{lang}/{path.name}: {link} leaves the {lang} lessons"
        assert target.is_file(), f"{lang}/{path.name}: {link} does not exist"


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_text_before_a_preview_names_its_play_this_button_not_a_step_button(lesson):
    found = cells(lesson)
    for index, (kind, source) in enumerate(found):
        if kind == "code" and source.lstrip().startswith("Preview("):
            told = " ".join(found[index - 1][1].split())
            assert "Press ▶" not in told, f"{lesson}: a preview has a Play this button, no ▶: {told[:120]}"


def test_the_landing_lesson_explains_the_play_this_button():
    assert re.search(r"\*\*Play this\*\*.{0,200}becomes (a|the) (live )?table", prose("index")), \
        "index: the how-to list never explains an example's Play this button"


def test_seeded_deal_is_explained_without_running_anything():
    text = prose("tressette")
    assert "exactly the same deal" not in text
    assert re.search(r"seed 7 (always )?gives this (very )?deal", text)


def test_tressette_follow_suit_example_shows_the_lead_already():
    text = section("tressette", "## Playing a trick")
    assert "to see West's lead" not in text
    assert "**Play this**" in text


def test_quadrille_card_list_sits_with_the_example_it_lists():
    found = cells("quadrille")
    for index, (kind, source) in enumerate(found):
        listed = re.search(r'lesson\.refusals\("([^"]+)"\)', source) if kind == "code" else None
        if listed is None:
            continue
        before = [src for k, src in found[:index] if k == "code" and src.lstrip().startswith("Preview(")]
        after = [src for k, src in found[index + 1:] if k == "code" and src.lstrip().startswith("Preview(")]
        assert after and f'scenario="{listed[1]}"' in after[0], \
            f"the card list of {listed[1]} is not just before that example"
        assert not before or f'scenario="{listed[1]}"' not in before[-1]
        intro = " ".join(found[index - 1][1].split()) if found[index - 1][0] == "markdown" else ""
        assert "Below" in intro and "this deal" in intro, intro


def test_quadrille_law_24_is_about_the_tricks():
    row = next(line for line in "\n".join(s for _, s in cells("quadrille")).splitlines() if line.startswith("| 24 |"))
    said = row.split("|")[2]
    assert "the tricks" in said and "last trick" not in said, row


def test_quadrille_codille_shares_the_whole_pot_except_three_ways():
    text = section("quadrille", "## Settling up: the pot, units and bonuses")
    codille = text[text.index("**Codille**"):]
    assert "three" in codille and re.search(r"two (opponents|of them).{0,80}(whole|all of the) pot", codille), codille


def test_quadrille_five_handed_says_remise_codille_and_the_deal():
    rules = get_rules("quadrille", players=5)
    words = {3: "three", 4: "four", 5: "five", 8: "eight"}
    text = section("quadrille", "## Variants and laws")
    five = text[text.index("**Five players**"):text.index("**Point-score**")]
    hand = len(rules.deal(rules.seats[0], 1).hand(rules.seats[0]))
    assert f"{words[hand].capitalize()} cards each" in five
    assert f"{words[rules.need - 1]} tricks are a **remise**" in five
    assert f"{words[rules.need - 2]} or fewer a **codille**" in five
    assert re.search(r"two packets of four", five) and "our reading" in five, five
    assert "four opponents" in five  # who shares a codille's pot against a solo


def test_tressette_match_ends_when_a_side_reaches_the_target():
    text = prose("tressette")
    assert "past 21" not in text and "First side to 21 wins" not in text
    assert "both sides have reached 21" in text


def test_striscio_has_one_reading_the_one_the_drills_mark_right():
    text = section("tressette", "## Signals (an option)")
    assert "not confirmed" not in text
    assert f"**\"{SIGNAL_MEANINGS['striscio']}\"**" in text and "our reading" in text.lower(), text


def test_aluette_ceremony_direction_is_stated_as_our_choice():
    text = section("aluette", "## Who plays with whom: the ceremony")
    assert "clockwise" in text and "at his right" in text and "our choice" in text, text


@pytest.mark.parametrize("lesson, claim", [
    ("aluette", "gave the game its other name"),      # no source says the card named the game
    ("tressette", "Venice"),                           # not in the cited sources
    ("quatre_sept", "the blog advises"),               # the ace advice is pagat's, not JdCI's
])
def test_unsourced_claims_are_gone(lesson, claim):
    assert claim not in prose(lesson)


def test_the_politaine_ace_advice_is_pagats():
    text = prose("quatre_sept")
    assert re.search(r"pagat advises starting with the \*\*ace\*\*.{0,120}\[Quatre Sept document\]", text)
