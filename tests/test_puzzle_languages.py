"""A puzzle's sentences in French and Italian (issue 24): its question, its explanation, its theme
as shown and the trainer's every sentence come from the catalogs, with not one message missed; the
bank's own puzzles keep the English of the day they were built, and are said again when shown."""
from __future__ import annotations

import pytest

from cardlab.actions import Play
from cardlab.cards import Card
from cardlab.games import GAMES, get_rules, traits
from cardlab.puzzles.bank import bank_puzzles
from cardlab.puzzles.mine import mine, said_again, to_json
from cardlab.puzzles.themes import (ACE_BEFORE_TEN, LAST_TRICK_THEMES, UNITS, explanation, last_trick_theme,
                                    theme_names, theme_title)
from cardlab.puzzles.trainer import PuzzleTrainer, TrainerError
from cardlab.scenario import parse, run
from cardlab.search import Solver
from tests.i18n_misses import missed

LANGUAGES = ("fr", "it")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mined_puzzle_is_asked_and_explained_in_the_language(game: str, lang: str) -> None:
    rules = get_rules(game)
    found = next(found[0] for _, found in mine(rules, 5, quick=True) if found)
    english = to_json(rules, found)
    with missed(lang) as lost:
        made = to_json(rules, found)
        shown = [theme_title(name) for name in theme_names(rules)]
    assert lost == []
    assert made["question"] != english["question"] and made["explanation"] != english["explanation"]
    assert made["theme"] == english["theme"] and made["answer"] == english["answer"]  # the JSON stays the same
    assert "win the" not in " ".join(shown)
    assert last_trick_theme(rules) in LAST_TRICK_THEMES and traits(rules).units in UNITS  # marked for the catalogs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ace_before_the_ten_is_explained_and_trained_in_the_language(lang: str) -> None:
    made = next(made for made in bank_puzzles("quatre_sept") if made["theme"] == ACE_BEFORE_TEN)
    hand = run(parse(made["scenario"])).hand
    assert hand is not None
    proof = Solver(hand.rules, made["seat"]).prove(hand.state)
    answer = Play(made["seat"], Card.parse(made["answer"]))
    assert explanation(hand.rules, hand.state, proof, answer) == said_again(made)["explanation"]  # said again
    trainer = PuzzleTrainer("quatre_sept", theme=ACE_BEFORE_TEN)
    ten = f"10{trainer.puzzle.answer.suit}"
    with missed(lang) as lost:
        said = [explanation(hand.rules, hand.state, proof, answer), theme_title(ACE_BEFORE_TEN),
                trainer.heading(), trainer.prompt(), trainer.try_card(ten).sentence, trainer.prompt(),
                trainer.try_card("ZZ").sentence, trainer.try_card(str(trainer.puzzle.answer)).sentence,
                trainer.rating_text(), trainer.prompt(), trainer.try_card(ten).sentence]
        with pytest.raises(TrainerError) as refused:
            trainer.set_theme("no such theme")
    assert lost == []
    assert all(said) and str(refused.value)
    assert ACE_BEFORE_TEN not in said[1]
    assert " brings " not in said[7] and " plays " not in said[7]  # the right card's explanation, not the bank's English


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_puzzle_request_is_refused_in_the_language(lang: str) -> None:
    from cardlab.puzzles.cli import Refused, puzzle
    asks = [dict(game="whist"), dict(game="tressette", seed=-1), dict(game="tressette", rating=5000),
            dict(game="tressette", theme="no such theme")]
    said = []
    for ask in asks:
        with pytest.raises(Refused) as english:
            puzzle(**ask)
        with missed(lang) as lost, pytest.raises(Refused) as spoken:
            puzzle(**ask)
        assert not lost and str(spoken.value) != str(english.value), str(spoken.value)
        said.append(str(spoken.value))
    assert len(set(said)) == len(asks)
