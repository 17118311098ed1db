"""A guided step names a button by the words the page shows in the reader's language (issue 34, item 1):
every guided-hand step of every game, in French and Italian, quotes only labels of the buttons the
table shows at that step, never their English words, and a step that asks for a button names it."""
from __future__ import annotations

import re

import pytest

from cardlab import i18n
from cardlab.actions import Call, Play
from cardlab.tutorial import AGAIN, TUTORIALS, Guide, TutorialError, builtin, learner_steps, parse
from tests.i18n_misses import missed
from tests.test_tutorial_file_words import shipped

QUOTED = re.compile(r"«\s*([^»]*?)\s*»|“([^”]*)”")
NAME_WORDS = 6
"""A quotation this short names a control; a longer one is the player's reason ("Why: « … »")."""


def names(text: str) -> list[str]:
    """The short quotations of ``text``: the controls it names."""
    return [quoted for match in QUOTED.finditer(text)
            if len((quoted := match.group(1) or match.group(2)).split()) <= NAME_WORDS]


def walk(game: str, lang: str) -> list[tuple[Guide, Call | None, list[str], list[str], list[str]]]:
    """Each step of ``game``'s guided hand in ``lang``: the guide (before the move), the step's call
    (None for a card), its three sentences, the labels of the buttons shown, and their English words."""
    seen = []
    guide = Guide(builtin(game))
    with i18n.speaking(lang):
        guide.start()
    while not guide.done:
        step = guide.step
        assert step is not None
        action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        with i18n.speaking(lang):
            texts = [guide.words, guide.said(step.otherwise), guide.said(step.hint)]
            shown = [option.label for option in guide.session.view(guide.seat).calls]
        with i18n.speaking("en"):
            english = [option.label for option in guide.session.view(guide.seat).calls]
        seen.append((guide, action if isinstance(action, Call) else None, texts, shown, english))
        assert guide.move(str(action.card) if isinstance(action, Play) else action).taken
    return seen


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("game", TUTORIALS)
def test_every_step_names_the_buttons_as_the_table_shows_them(game: str, lang: str) -> None:
    for guide, call, texts, shown, english in walk(game, lang):
        where = f"{game}/{lang} step {guide.number}"
        for text in texts:
            assert set(names(text)) <= set(shown), f"{where} names {names(text)}; the buttons read {shown}"
            foreign = [word for word, label in zip(english, shown) if word != label and word in text]
            assert not foreign, f"{where} names the English {foreign}"
        if call is not None:
            with i18n.speaking(lang):
                label = guide.session.rules.describe(call)
            assert label in shown and all(label in text for text in texts if text), (where, label, texts)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_end_names_the_start_button_as_it_reads(lang: str) -> None:
    guide = Guide(builtin("tressette"))
    with i18n.speaking(lang):
        guide.start()
        while not guide.done:
            action = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
            guide.move(str(action.card) if isinstance(action, Play) else action)
        refused = guide.move("S plays 3D").sentence
        assert names(refused) == [i18n._(AGAIN)], refused


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_button_named_by_a_step_that_lets_the_learner_choose_is_refused(lang: str) -> None:
    data = shipped()
    data["steps"][0].update(do="any card", hint="Press “{button}”.")
    with missed(lang) as lost, pytest.raises(TutorialError) as refused:
        parse(data)
    assert lost == [] and "{button}" in str(refused.value) and "any card" in str(refused.value)
