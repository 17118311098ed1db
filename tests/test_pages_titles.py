"""Every lesson has its own browser tab title, not the notebook's file name: Voilà's page template
takes ``<title>`` from the notebook's ``metadata.title``.  The titles expected are listed here; each
page's title is checked in the browser by ``tests/browser/test_lesson_pages.py``."""
from __future__ import annotations

from pathlib import Path

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
TITLES = {
    "index": "cardlab — learn five historical card games",
    "tressette": "Tressette — cardlab",
    "quatre_sept": "Le Quatre Sept — cardlab",
    "soixante_six": "Four-handed Sixty-Six — cardlab",
    "aluette": "Aluette and La Vache — cardlab",
    "quadrille": "Quadrille — cardlab",
    "puzzles": "Playing well — puzzles — cardlab",
    "pass_and_play": "Play together on one device — cardlab",
}


def test_every_notebook_has_an_expected_title():
    assert {path.stem for path in NOTEBOOKS} == set(TITLES)
