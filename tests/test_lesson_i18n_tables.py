"""The lesson tables (cardlab.lesson) speak French and Italian: every heading, caption and line of
every table the lessons show is found in the catalogs, and the words are the language's own."""
from __future__ import annotations

import pytest

from cardlab import lesson
from tests.i18n_misses import missed

TABLES = [
    lambda: lesson.pack("tressette"), lambda: lesson.pack("quadrille"),
    lambda: lesson.ranking("quatre_sept"),
    lambda: lesson.points("tressette"), lambda: lesson.points("quatre_sept"), lambda: lesson.points("sixty_six"),
    lambda: lesson.rounding("tressette"), lambda: lesson.ties("quatre_sept"),
    lambda: lesson.declarations("tressette"), lambda: lesson.dealer_draw("quatre_sept", seed=325),
    lambda: lesson.refusals("sixty_six-over-trump"), lambda: lesson.game_points("sixty_six"),
    lambda: lesson.quadrille_orders("H"), lambda: lesson.quadrille_settlements(),
    lambda: lesson.classes("aluette"), lambda: lesson.gestures(),
]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_lesson_table_is_found_in_the_catalog(lang: str) -> None:
    with missed(lang) as lost:
        for table in TABLES:
            table()
    assert lost == []


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["Ce que comptent les cartes", "Chacune", "cavalier : ⅓ chacune, 1\xa0⅓ en tout", "dernier pli",
            "total : 11\xa0⅔"]),
    ("it", ["Quanto valgono le carte", "Ciascuna", "cavallo: ⅓ ciascuna, 1\xa0⅓ in tutto", "ultima presa",
            "totale: 11\xa0⅔"]),
])
def test_the_points_table_speaks_the_language(lang: str, words: list[str]) -> None:
    with missed(lang):
        shown = lesson.points("tressette")
    said = shown.html + shown.text
    for word in words:
        assert word in said
    assert "each" not in shown.text and "What the cards count" not in shown.html


def test_the_quadrille_tables_say_the_french_words() -> None:
    with missed("fr"):
        orders = lesson.quadrille_orders("H")
        settled = lesson.quadrille_settlements()
    assert orders.text.splitlines()[0].startswith("atout cœur : AS (Spadille) 7H (Manille) AC (Baste) AH (Ponte)")
    assert "<b>Atout : cœur</b> (12 cartes)" in orders.html
    assert "Codille (4 levées), jeu seul : " in settled.text and "pot" in settled.html
