"""Every lesson opens in the served app with its own browser tab title, not the notebook's file
name: Voilà's page template takes ``<title>`` from the notebook's ``metadata.title``."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
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


@pytest.mark.parametrize("name", sorted(TITLES))
def test_lesson_page_has_its_title(open_voila, name):
    page = open_voila(name)
    expect(page).to_have_title(TITLES[name])
