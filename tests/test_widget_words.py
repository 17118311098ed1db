"""The coach's row and the progress panel speak the page's language (issue 24): every label, button
and tooltip of :class:`CoachPanel`, and what the progress panel says of a file, come from the
catalogs, in French and Italian, with nothing missed."""
from __future__ import annotations

import pytest

from cardlab import i18n
from cardlab.progress import EMPTY
from cardlab.session import ReviewRow
from cardlab.widgets.coach import CoachPanel
from cardlab.widgets.progress import Keeper
from tests.i18n_misses import missed


def words(panel: CoachPanel) -> list[str]:
    buttons = [panel.hint_button, panel.play_button, panel.review_button]
    return [panel.level_pick.description, panel.level_pick.tooltip,
            *(b.description for b in buttons), *(b.tooltip for b in buttons)]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_coach_row_is_said_in_the_page_language(lang):
    english = CoachPanel()
    with missed(lang) as lost, i18n.speaking(lang):
        panel = CoachPanel()
        panel.show_review((ReviewRow(sentence="—", step=3),), lambda step: None)
    assert not lost, f"not in the {lang} catalog: {lost}"
    for said, theirs in zip(words(panel), words(english)):
        assert said != theirs or said == "Computer", f"{lang}: {said!r} is still English"  # "Computer" is Italian too
    go = panel.rows.children[0].children[1]
    assert "3" in go.description and go.description != "Go to step 3"


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_progress_panel_says_what_became_of_a_file_in_the_page_language(lang):
    keeper = Keeper()
    with missed(lang) as lost, i18n.speaking(lang):
        too_large = keeper.load(" ", None, 2_000_000)
        loaded = keeper.load("mine.json", EMPTY.to_json(), 10)
    assert not lost, f"not in the {lang} catalog: {lost}"
    with i18n.speaking(lang):
        assert too_large.startswith(i18n._("The file")) and i18n.number(2_000_000) in too_large, too_large
    assert loaded.startswith("mine.json") and "merged" not in loaded, loaded
