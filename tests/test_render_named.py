"""The named cards of the Aluette pack are drawn recognisably (checked by SVG content, never pixels)."""
from __future__ import annotations

import re

import pytest

from cardlab import get_rules
from cardlab.cards import Card
from cardlab.render import card_svg
from cardlab.render.table import table_svg
from cardlab.record import Hand


@pytest.mark.parametrize("code,art", [("2H", "la-vache"), ("2D", "le-borgne"), ("3D", "monsieur"),
                                      ("3H", "madame")])
def test_named_spanish_cards_have_their_own_drawing_and_keep_their_pips(code, art):
    svg = card_svg(Card.parse(code), "spanish")
    assert f'class="named {art}"' in svg
    assert len(re.findall(f'href="#cl[0-9a-f]+-es-{code[1]}"', svg)) == int(code[0]) + 2   # pips + two corners


def test_other_cards_and_other_families_have_no_named_drawing():
    assert "named" not in card_svg(Card.parse("2S"), "spanish")
    assert "named" not in card_svg(Card.parse("2H"), "italian")
    assert "named" not in card_svg(Card.parse("3D"), "french")


def test_the_aluette_table_names_the_special_cards_on_ribbons():
    rules = get_rules("aluette")
    hand = Hand.dealt(rules, "N", 3)
    svg = table_svg(rules.scene(hand.state, "S", open_hands=True))
    for name in ("Monsieur", "Madame", "le Borgne", "la Vache"):
        assert name in svg
