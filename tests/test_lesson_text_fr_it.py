"""The French and Italian lessons as native readers corrected them (issue 34, items 6 and 8;
``../shared/corrections/fr-it.md``): each correction is held here by the words it removed and the
words it put in their place, so a later edit cannot bring the old sentence back.

One word per thing across a language (``tu``, *smazzata*, *presa*, *pli pourri*…) is
``tests/test_glossary.py``'s; what is here is the lessons' own sentences.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def prose(lang: str, lesson: str) -> str:
    """The lesson's markdown as one text, line breaks folded to spaces."""
    cells = json.loads((NOTEBOOKS / lang / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(cell["source"]).split()) for cell in cells if cell["cell_type"] == "markdown")


LESSONS = {lang: sorted(path.stem for path in (NOTEBOOKS / lang).glob("*.ipynb")) for lang in ("fr", "it")}
PROGRESS = {"aluette", "index", "quadrille", "quatre_sept", "soixante_six", "tressette"}
"""The pages whose progress section says what becomes of a rule missed."""


@pytest.mark.parametrize("lesson", sorted(PROGRESS))
def test_italian_a_rule_missed_is_a_rule_you_got_wrong_not_a_wrong_rule(lesson):
    text = prose("it", lesson)
    assert "regola sbagliata" not in text
    assert "regola su cui hai sbagliato" in text


VOI = re.compile(r"\b(?:\w+(?:ate|ete|ite)(?:lo|la|li|le|vi)|\w+atevi|\w+etevi|incassate|battete|chiedete|"
                 r"dite|fermate|spendete|togliete|prendete|tenete|giocatela|Distribuite|ottenete|riprovate|"
                 r"vi (?:dice|chiede|fanno|serve)|per voi|a voi|da voi|Voi)\b")


@pytest.mark.parametrize("lesson", LESSONS["it"])
def test_italian_lessons_say_tu_never_voi(lesson):
    text = re.sub(r"\*\*[^*]+\*\*", "", prose("it", lesson))  # a button's own label is the catalog's
    assert VOI.findall(text) == []


@pytest.mark.parametrize("lang, lesson, gone, said", [
    ("it", "quadrille", "voli falliti", "Confronta i due cappotti falliti"),
    ("it", "quadrille", "beasted", "si fa **bestia**"),
    ("it", "quadrille", "quante che siano", "quale che sia il numero di prese"),
    ("it", "aluette", "quante che siano", "qualunque sia il numero di prese"),
    ("it", "aluette", "C'è una figura che batte tutto", "C'è un colpo che batte tutto"),
    ("it", "aluette", "*Who receives the sung cards*", "*Chi riceve le carte cantate*"),
    ("it", "aluette", "*Surrender offers*", "*Proposte di resa prima del gioco*"),
    ("it", "aluette", "**open**", "**visti da tutti**"),
    ("it", "aluette", "Conta la **classe**", "Conta il **grado**"),
    ("it", "tressette", "**ai punti: 21**", "a **21 punti**"),
    ("it", "tressette", "costretta a finire sotto", "sacrificata in una presa degli avversari"),
    ("it", "quatre_sept", "Le Quatre Sept e il sessantasei", "Il Quatre Sept e il sessantasei"),
    ("it", "quatre_sept", "(inizia la smazzata guidata)", "**Comincia la smazzata guidata**"),
    ("it", "quadrille", "la costringe a uscire", "la obbliga a scendere in tavola"),
    ("it", "index", "(scarica lo scenario)", "**Scarica lo scenario**"),
    ("it", "index", "apre una sala", "apre un'aula"),
    ("it", "puzzles", "carta franca", "carta padrona"),
    ("it", "aluette", "il gioco si è separato", "dove le due partite prendono strade diverse"),
    ("it", "soixante_six", "il gioco si è separato", "dove le due partite prendono strade diverse"),
    ("it", "quatre_sept", "il gioco si è separato", "dove le due partite prendono strade diverse"),
    ("it", "tressette", "Ogni principio ha i suoi problemi", "Per ogni principio, alcuni problemi da risolvere"),
    ("fr", "index", "Whist à la solo", "solo whist"),
    ("fr", "index", "*napolitana*", "*napoletana*"),
    ("fr", "index", "*Next card*", "**Carte suivante (clic)**"),
    ("fr", "index", "instantanée, normale, lente", "immédiat, normal, lent"),
    ("fr", "tressette", "**Target**", "**Objectif de la partie**"),
    ("fr", "tressette", "**Signals**", "**Signaux de l'entameur (busso, volo, striscio)**"),
    ("fr", "tressette", "Les règles du jeu de la carte tiennent en quatre lignes", "Le jeu de la carte tient en quatre règles"),
    ("fr", "soixante_six", "**Void and unable to over-trump", "**Sans la couleur et sans pouvoir surcouper"),
    ("fr", "soixante_six", "se défaussent dessous", "fournissent dessous leurs petites cartes"),
    ("fr", "quatre_sept", "laissées tombées", "**abandonnées**"),
    ("fr", "quatre_sept", "un mot usé à partir de l'italien", "une déformation du mot italien"),
    ("fr", "quadrille", "un matador n'a pas à être fourni", "on n'est pas tenu de fournir un matador"),
    ("fr", "pass_and_play", "Sit down and deal", "**S'asseoir et donner**"),
    ("fr", "pass_and_play", "Pass the device to", "*Passez l'appareil à Ben (Nord).*"),
    ("fr", "aluette", "## Le pli gâché", "## Le pli pourri"),
    ("fr", "aluette", "les deux parties se sont séparées", "où les deux parties ont divergé pour la première fois, et pourquoi"),
    ("fr", "soixante_six", "les deux parties se sont séparées", "où les deux parties ont divergé pour la première fois, et pourquoi"),
    ("fr", "quatre_sept", "les deux parties se sont séparées", "où les deux parties ont divergé, et pourquoi"),
])
def test_the_corrections_hold(lang, lesson, gone, said):
    text = prose(lang, lesson)
    assert gone not in text and said in text


@pytest.mark.parametrize("lang, lesson", [(lang, lesson) for lang in LESSONS for lesson in LESSONS[lang]])
def test_a_translated_lesson_glosses_no_label_with_itself(lang, lesson):
    """« **Mains ouvertes**, mains ouvertes », «**Scarica lo scenario** (scarica lo scenario)»: a label the
    page shows in the reader's language needs no gloss, least of all a copy of itself."""
    text = prose(lang, lesson)
    doubled = [match.group(0) for match in re.finditer(r"\*\*([^*]+)\*\*,? [(«“]?\s*([^)»”,.;]+)", text)
               if match.group(1).strip().lower() == match.group(2).strip().lower() and not match.group(1).isdigit()]
    assert doubled == []
    assert "« jeux ouverts »" not in text and "(open)" not in text


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_lessons_open_scenario_button_is_named_as_the_page_shows_it(lang):
    button = {"fr": "**Ouvrir un scénario…**", "it": "**Apri uno scenario…**"}[lang]
    for lesson in ("aluette", "quadrille", "quatre_sept", "soixante_six", "tressette"):
        text = prose(lang, lesson)
        assert "Open scenario" not in text and button in text, lesson
