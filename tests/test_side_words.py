"""The board names a Quadrille side in the reader's language ("camp partenaire inconnu"), where it
said the engine's key ("partner unknown") in French and Italian; the key stays what the players and
the rules compare."""
from __future__ import annotations

from contextlib import nullcontext

import pytest

from cardlab import i18n
from cardlab.render.table import table_svg
from cardlab.render.text import board_description

from .i18n_misses import missed
from .test_board_words import hand_played_out

WORDS = {"en": {"Ombre", "defence", "partner unknown"}, "fr": {"hombre", "défense", "partenaire inconnu"},
         "it": {"Ombre", "difesa", "compagno ignoto"}}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_quadrille_sides_are_named_in_the_language(lang: str) -> None:
    rules, states = hand_played_out("quadrille")
    said: set[str] = set()
    with (missed(lang) if lang != "en" else nullcontext([])) as lost, i18n.speaking(lang):
        for state in states:
            scene = rules.scene(state, "S")
            said |= {seat.side for seat in scene.seats if seat.side}
            board_description(scene)
            table_svg(scene)
    assert not lost
    assert said and said <= WORDS[lang], said
    assert {rules.side_of(states[-1], seat) for seat in rules.seats} <= WORDS["en"]
