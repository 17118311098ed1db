"""What a person reads of the shipped guided hands and scenarios -- titles, intros, each step's words,
hints and captions -- is said in French and Italian from the catalogs, with the game as context, and a
teacher's own words come out as written."""
from __future__ import annotations

import pytest

from cardlab import i18n
from cardlab.practice.opening import opening
from cardlab.scenario import builtin, builtin_names
from cardlab.session import TableSession
from cardlab.tutorial import TUTORIALS, Guide, builtin as tutorial, learner_steps
from tests.i18n_misses import missed

TRANSLATED = ("fr", "it")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_shipped_scenario_is_captioned_in_each_language(lang):
    for name in builtin_names():
        scenario = builtin(name)
        english = [scenario.title or "", scenario.description, *scenario.notes.values()]
        with missed(lang) as lost:
            said = [i18n.written(scenario.game, text) for text in english]
        assert lost == [], (name, lost)
        assert all(text != words for text, words in zip(english, said) if text), name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_table_shows_a_scenario_caption_in_its_language(lang):
    scenario = builtin("aluette-mordienne")
    session = TableSession(scenario.game)
    session.load("S", scenario, 1)
    english = session.view("S").caption
    with missed(lang) as lost:
        caption = session.view("S").caption
        title = opening(scenario.game, "aluette-mordienne").title
    assert english and caption and caption != english and lost == []
    assert title and title != scenario.title


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", TUTORIALS)
def test_every_guided_hand_speaks_each_language_to_its_end(game, lang):
    shown = tutorial(game)
    guide = Guide(shown)
    guide.start()
    with missed(lang) as lost:
        words = [guide.words]
        while not guide.done:
            wrong = guide.move("S plays 2Z")
            assert not wrong.taken and wrong.sentence
            guide.move(guide.line[learner_steps(shown, guide.line)[guide.number]])
            words.append(guide.words)
    assert lost == []
    assert len(words) == len(shown.steps) + 1
    assert all(text for text in words)
    with i18n.speaking(lang):
        assert i18n.written(game, shown.steps[0].say) != shown.steps[0].say


def test_a_teachers_own_words_come_out_as_written():
    with i18n.speaking("fr"):
        assert i18n.written("tressette", "Giocate il tre di coppe.") == "Giocate il tre di coppe."
        assert i18n.written("tressette", "") == ""
