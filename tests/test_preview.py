"""The scenario preview in Python: two widget models, the opening picture and its words, the
table's address key kept in cell order, and one sentence for a bad scenario or option."""
from __future__ import annotations

from dataclasses import replace

import pytest
from ipywidgets.widgets.widget import _instances

from cardlab.render.table import table_svg
from cardlab.render.text import board_description
from cardlab.rules import OptionError
from cardlab.scenario import builtin, run
from cardlab.widgets import Preview, Table
from cardlab.widgets.table import _KEYS


def opening(name: str):
    scenario = builtin(name)
    return scenario.rules().scene(run(scenario).hand.states[1], "S", open_hands=False)


def test_a_preview_is_two_widget_models_and_a_table_many_more():
    Preview("tressette", scenario="tressette-thirds")   # the first may make the shared layout
    before = len(_instances)
    Preview("tressette", scenario="tressette-thirds")
    preview = len(_instances) - before
    Table("tressette", scenario="tressette-thirds")
    assert preview == 2
    assert len(_instances) - before - preview > 20 * preview


def test_the_picture_is_the_tables_first_step_with_its_words():
    preview = Preview("tressette", scenario="tressette-thirds")
    scene, scenario = opening("tressette-thirds"), builtin("tressette-thirds")
    view = preview.view
    assert view.svg == table_svg(replace(scene, buttons=False), theme="normal")
    assert 'role="button"' not in view.svg and "tabindex" not in view.svg     # a picture, nothing to press
    assert view.alt == board_description(scene)
    assert view.title == scenario.title
    assert view.caption == [scenario.description, scenario.notes[0]]
    view.narrow = True                              # the browser found a phone's width
    assert view.svg == table_svg(replace(scene, buttons=False), theme="narrow")


def test_preview_takes_a_tables_key_and_the_woken_table_keeps_it():
    count = _KEYS.get("quatre_sept", 0)
    first = Preview("quatre_sept", scenario="quatre_sept-politaine")
    after = Table("quatre_sept")
    assert first.key == f"quatre-sept{count + 1}"
    assert after.share.view.key == f"quatre-sept{count + 2}"
    first.view.woken = True                         # "Play this" pressed
    table = first.children[0]
    assert isinstance(table, Table) and table is first.table
    assert table.share.view.key == first.key
    assert table.scenario_pick.value == "quatre_sept-politaine"
    assert _KEYS["quatre_sept"] == count + 2        # waking handed out no new key
    assert first.play() is table                    # built once


def test_bad_scenario_is_one_sentence_and_bad_option_is_refused_as_the_table_does():
    wrong_game = Preview("tressette", scenario="quadrille-vole")
    assert wrong_game.view.message == "The scenario is for another game (quadrille), not Tressette."
    assert wrong_game.view.svg == ""
    missing = Preview("tressette", scenario="no-such-scenario")
    assert missing.view.message.startswith("There is no scenario called 'no-such-scenario'")
    with pytest.raises(OptionError, match="Tressette has no option 'bogus'"):
        Preview("tressette", scenario="tressette-thirds", bogus=True)
