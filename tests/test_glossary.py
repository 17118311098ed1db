"""Each game in its own words (issue 24, item 3): a glossary per game and language beside the
catalogs (``cardlab/locale/<lang>/glossary/<game>.json``), one word per thing, shown by every game
lesson in its language; the catalog's game words equal the glossary's, and neither the lessons nor
the catalog's sentences about a thing use a variant the glossary says to avoid.
"""
from __future__ import annotations

import json
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardlab import get_rules, i18n
from cardlab.glossary import GAMES, entries, glossary
from cardlab.i18n import LOCALE_DIR
from tests.i18n_misses import missed

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LANGS = ("en", "fr", "it")
TRANSLATED = ("fr", "it")
# the lesson that teaches each game (La Vache is taught at the end of Aluette's)
LESSON = {"tressette": "tressette", "quatre_sept": "quatre_sept", "sixty_six": "soixante_six",
          "aluette": "aluette", "vache": "aluette", "quadrille": "quadrille"}
HEADING = {"en": "Words of the game", "fr": "Les mots du jeu", "it": "Le parole del gioco"}
ARTICLE = re.compile(r"^(the|le|la|les|l'|il|lo|i|gli)\s*", re.IGNORECASE)
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"|\{[^}]*\}")
CODE = re.compile(r"`[^`]*`")


def lesson_cells(lang: str, game: str) -> list[dict]:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    return json.loads((folder / f"{LESSON[game]}.ipynb").read_text(encoding="utf-8"))["cells"]


def markdown(lang: str, game: str) -> str:
    """The lesson's prose, without its inline code: action text (`plays for the vole`) stays English."""
    return CODE.sub("", " ".join(" ".join("".join(cell["source"]).split())
                    for cell in lesson_cells(lang, game) if cell["cell_type"] == "markdown"))


def bare(word: str) -> str:
    """A word without its article or case: the catalog says "la vole" where the glossary says "vole"."""
    return ARTICLE.sub("", word).casefold()


def uses(text: str, variant: str) -> bool:
    """``variant`` as a word of ``text``; a lower-case variant also when it starts a sentence, a capitalised
    one only as written (the Spanish *hombre* the Italian lesson derives the Ombre from is no Hombre)."""
    first = variant[0] if variant[0].isupper() else f"[{variant[0]}{variant[0].upper()}]"
    return re.search(rf"(?<![\w-]){first}{re.escape(variant[1:])}(?![\w-])", text) is not None


CASES = [pytest.param(game, lang, id=f"{game}-{lang}") for game in GAMES for lang in TRANSLATED]


@pytest.mark.parametrize("game", GAMES)
def test_every_language_names_the_same_things_in_the_same_order(game):
    things = [[entry.thing for entry in entries(game, lang)] for lang in LANGS]
    assert things[0] and things[1] == things[0] and things[2] == things[0]
    for lang in LANGS:
        for entry in entries(game, lang):
            assert entry.word.strip() and entry.meaning.strip(), f"{game}/{lang}: {entry.thing} is empty"
            assert entry.word not in entry.avoid


@pytest.mark.parametrize("game, lang", CASES)
def test_the_catalog_says_each_game_word_as_the_glossary_does(game, lang):
    words = {entry.thing: entry.word for entry in entries(game, lang)}
    linked = [entry for entry in entries(game, "en") if entry.msgid]
    assert linked or game in ("quatre_sept", "sixty_six", "vache"), f"{game}: no glossary word is in the catalog"
    with i18n.speaking(lang):
        said = {entry.thing: (i18n.pgettext(entry.context, entry.msgid) if entry.context else i18n._(entry.msgid))
                for entry in linked}
    wrong = {thing: (said[thing], words[thing]) for thing in said if bare(said[thing]) != bare(words[thing])}
    assert not wrong, f"{game}/{lang}: the catalog says (catalog, glossary): {wrong}"


@pytest.mark.parametrize("game, lang", CASES)
def test_the_catalog_sentences_about_a_thing_never_use_a_variant_to_avoid(game, lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "cardlab.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    found = []
    for english, entry in zip(entries(game, "en"), entries(game, lang)):
        for message in catalog:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and any(uses(text, english.word) for text in ids):
                said = QUOTED.sub("", " ".join(strings))  # quoted action text and placeholders stay English
                found += [(variant, " ".join(strings)) for variant in entry.avoid if uses(said, variant)]
    assert not found, f"{game}/{lang}: variants to avoid in the catalog: {found}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_never_uses_a_variant_to_avoid(game, lang):
    text = markdown(lang, game)
    found = [variant for entry in entries(game, lang) for variant in entry.avoid if uses(text, variant)]
    assert not found, f"{LESSON[game]} ({lang}) says {found}: the glossary says to avoid them"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_game_lesson_shows_its_glossary_under_its_heading(game, lang):
    cells = lesson_cells(lang, game)
    shown = [i for i, cell in enumerate(cells)
             if cell["cell_type"] == "code" and f'glossary("{game}")' in "".join(cell["source"])]
    assert shown, f"{LESSON[game]} ({lang}) does not show the glossary of {game}"
    before = [cell for cell in cells[:shown[0]] if cell["cell_type"] == "markdown"][-1]
    assert HEADING[lang] in "".join(before["source"]), \
        f"{LESSON[game]} ({lang}): the glossary of {game} is not under '{HEADING[lang]}'"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_block_speaks_the_lesson_language_with_nothing_missed(game, lang):
    with missed(lang) as lost:
        shown = glossary(game)
    assert not lost, f"{game}/{lang}: not in the catalog: {lost}"
    assert f"<caption>{get_rules(game).title}</caption>" in shown.html
    for entry in entries(game, lang):
        assert f"{entry.word}" in shown.text and entry.meaning in shown.text


def test_the_glossary_escapes_its_words_before_html():
    with i18n.speaking("fr"):
        shown = glossary("aluette")
    assert "<b>Deux d&#x27;Écrit</b>" in shown.html and "Deux d'Écrit" in shown.text


def test_a_game_without_a_glossary_is_refused_with_one_sentence():
    with pytest.raises(ValueError, match=r"^'whist' has no glossary: the games with one are tressette, "):
        glossary("whist")


def test_the_package_data_ships_every_glossary():
    pyproject = tomllib.loads((NOTEBOOKS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["cardlab.games"]
    games = NOTEBOOKS.parent / "cardlab" / "games"
    files = [path.relative_to(games).as_posix() for path in games.glob("*/glossary/*.json")]
    assert len(files) == len(GAMES) * len(LANGS)
    assert all(any(fnmatch(name, pattern) for pattern in patterns) for name in files)


def test_a_name_that_is_a_path_reads_no_file():
    with pytest.raises(ValueError, match="has no glossary"):
        glossary("../quadrille/glossary/fr")


# One word per thing across a language's catalog and glossaries (issue 34, item 6), beyond each
# glossary's own variants: a thing said with the wrong word anywhere fails here.
RULES = {
    "it": {
        "tu, never voi": re.compile(r"\b(?:premete|cliccate|scegliete|guardate|avete|potete|dovete|vostr[aoie]|"
                                    r"aprite|provate|scrivete|leggete|confrontate|cercate|vedete|siete|"
                                    r"sapete|volete)\b", re.IGNORECASE),
        "smazzata for a deal, presa for a trick: mano only for the cards held and in « essere di mano »":
            re.compile(r"\b(?:la|una|ogni|altra|nuova|prima|ultima|della|alla|dalla|questa|sulla|fine) mano\b(?! di )|"
                       r"\bman[oi] (?:guidat|seguent|vint|giocat|pari|intera)|\b(?:vince|vincere|vinto) la mano\b|"
                       r"\bmani (?:distribuite|vinte)\b|(?:^|[.:] )Mano\b"),
        "carta padrona, never franca": re.compile(r"\bcart[ae] franc(?:a|he)\b", re.IGNORECASE),
        "aula, never sala": re.compile(r"\bsal[ae]\b(?! (?:da|di) )", re.IGNORECASE),
        "bestia, never the English beasted": re.compile(r"\bbeasted\b", re.IGNORECASE),
        "presa nulla for a tied trick": re.compile(r"\bguastat", re.IGNORECASE),
        "grado, never the calque classe, for a card's rank": re.compile(r"\bclasse (?:\d|\{place\}|più)|\bdi classe\b"),
        "bussare and strisciare, never tap and slide": re.compile(r"\b(?:tap|slide)\b", re.IGNORECASE),
    },
    "fr": {
        "pli pourri for a tied trick": re.compile(r"\bgâché|\bpli nul\b", re.IGNORECASE),
        "rang, never the calque classe, for a card's rank": re.compile(r"\bclasse (?:\d|\{place\})|\bde classe\b"),
        "taper and glisser, never tap and slide": re.compile(r"\b(?:tap|slide)\b", re.IGNORECASE),
    },
}
ONE_WORD = {("fr", "sixty_six", "game_point"): "point de partie", ("fr", "aluette", "spoiled"): "pli pourri",
            ("it", "aluette", "spoiled"): "presa nulla", ("fr", "vache", "class"): "rang", ("it", "vache", "class"): "grado",
            ("fr", "quatre_sept", "tap"): "taper", ("fr", "quatre_sept", "slide"): "glisser",
            ("it", "quatre_sept", "tap"): "bussare", ("it", "quatre_sept", "slide"): "strisciare",
            ("it", "quadrille", "beast"): "bestia"}
"""The word each of these things has in the glossary (the catalog's sentences follow it)."""


def catalog_texts(lang: str) -> list[tuple[str, str]]:
    """(English message id, translation) for every form of every message of ``lang``'s catalog."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "cardlab.po").open("rb") as po:
        catalog = read_po(po, locale=lang)
    return [(message.id if isinstance(message.id, str) else message.id[0], text) for message in catalog if message.id
            for text in (message.string if isinstance(message.string, tuple) else (message.string,))]


def glossary_texts(lang: str) -> list[str]:
    return [f"{entry.word}. {entry.meaning}" for game in GAMES for entry in entries(game, lang)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_and_glossaries_keep_one_word_per_thing(lang):
    texts = [text for _, text in catalog_texts(lang)] + glossary_texts(lang)
    found = {rule: [text[max(0, match.start() - 40):match.end() + 20] for text in texts
                    for match in [pattern.search(text)] if match]
             for rule, pattern in RULES[lang].items()}
    assert not {rule: said for rule, said in found.items() if said}, found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_lessons_keep_one_word_per_thing(lang):
    lessons = sorted((NOTEBOOKS / lang).glob("*.ipynb"))
    found = {(lesson.name, rule): len(pattern.findall(text))
             for lesson in lessons for text in [CODE.sub("", " ".join(
                 "".join(cell["source"]) for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]
                 if cell["cell_type"] == "markdown"))]
             for rule, pattern in RULES[lang].items() if pattern.search(text)}
    assert lessons and not found, found


def test_the_glossary_says_the_players_word():
    said = {(lang, game, thing): entry.word for (lang, game, thing) in ONE_WORD
            for entry in entries(game, lang) if entry.thing == thing}
    assert said == ONE_WORD


def test_french_names_sixty_six_game_point_one_way():
    said = [text for english, text in catalog_texts("fr") if "game point" in english]
    assert said and all("de partie" in text and "de match" not in text for text in said), said
