"""A teacher's broken scenario -- a bad "match" sheet, an unknown game, option or choice -- is refused
in the reader's language: every refusal in French and Italian, with no sentence missing from the
catalogs and none left in English; the English sentences stay as they were."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cardlab import i18n
from cardlab.games import get_rules
from cardlab.games.tressette.rules import Tressette
from cardlab.rules import MatchError, OptionError
from cardlab.scenario import FORMAT, ScenarioError, loads
from tests.i18n_misses import missed


@dataclass(frozen=True)
class NoOptions:
    pass


class Bare(Tressette):
    """Tressette with no options at all: the refusal that names none."""
    Options = NoOptions  # type: ignore[assignment]


def sheet(game: str, saved: Any, dealer: str = "N", **options: Any) -> Callable[[], object]:
    return lambda: get_rules(game, **options).match_from_json(dealer, saved)


FOURS = {"N": 40, "E": 40, "S": 40, "W": 40}
REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: get_rules("bridge"),
     "'bridge' is not a game here: the games are tressette, quatre_sept, sixty_six, aluette, vache, quadrille."),
    (lambda: get_rules("sixty_six", trumps="hearts"),
     "Quatre Mains Soixante-Six has no option 'trumps'; its options are: must_undertrump, ten_of_trumps_bonus."),
    (lambda: Bare(target=21), "Tressette has no option 'target'; its options are: none."),
    (lambda: get_rules("quadrille", chips=50),
     "50 is not a choice for Quadrille's option 'chips': choose one of 40, 60, 100."),
    (sheet("tressette", {"NS": 3}), "\"match\" must give a total for each of NS, EW."),
    (sheet("tressette", {"NS": 3, "EW": 10**7}),
     "\"match\" holds whole-number totals from -1,000,000 to 1,000,000, such as {\"EW\": 16}; 10000000 is not one."),
    (sheet("tressette", {"NS": 3, "EW": 10**40}),
     "\"match\" holds whole-number totals from -1,000,000 to 1,000,000, such as {\"EW\": 16}; that is not one."),
    (sheet("quatre_sept", {"NS": 31, "EW": 12}),
     "The \"match\" is already over: NS has won it, 31 to 12. A new match starts with no \"match\"."),
    (sheet("sixty_six", {"NS": 2, "EW": 3, "carried": -1}),
     "\"carried\" counts the game points waiting from 65–65 hands: a whole number from 0 to 1,000,000, such as "
     "{\"NS\": 2, \"EW\": 3, \"carried\": 1}."),
    (sheet("aluette", {"NS": 1}),
     "\"match\" gives a total for each of NS, EW and, if you like, the hands already played: "
     "{\"NS\": 2, \"EW\": 2, \"hands\": 4}."),
    (sheet("aluette", {"NS": 1, "EW": -1}),
     "\"match\" holds whole numbers from 0 to 1000000, as in {\"NS\": 2, \"EW\": 2, \"hands\": 4}; EW: -1 is not one."),
    (sheet("aluette", {"NS": 2, "EW": 1, "hands": 1}),
     "\"match\" cannot hold 3 points after 1 hand: a hand scores at most 2."),
    (sheet("aluette", {"NS": 5, "EW": 1, "hands": 2}),
     "\"match\" cannot hold 6 points after 2 hands: a hand scores at most 2."),
    (sheet("aluette", {"NS": 5, "EW": 1}, match="first_to_5"),
     "The \"match\" is already over at 5 to 1: NS has won it."),
    (sheet("aluette", {"NS": 1, "EW": 5, "hands": 6}, match="first_to_5"),
     "The \"match\" is already over at 1 to 5 after 6 hands: EW has won it."),
    (sheet("vache", {"N": 0, "E": 1, "S": 0, "W": 0, "hands": 1}, match="one hand"),
     "The \"match\" is already over after 1 hand: E has won it."),
    (sheet("vache", {"N": 3, "E": 0, "S": 1, "W": 0, "hands": 4}),
     "The \"match\" is already over after 4 hands: N has won it."),
    (sheet("quadrille", None, dealer="X"), "'X' is not a seat: the seats are N, E, S, W."),
    (sheet("quadrille", [1]), "\"match\" is an object such as {\"N\": 40, \"E\": 40, …}."),
    (sheet("quadrille", {"N": 40, "zz": 1}),
     "\"match\" gives the chips of N, E, S, W, pot (unknown 'zz'; missing 'E', 'S', 'W', 'pot')."),
    (sheet("quadrille", {"N": 40}, scoring="points"),
     "\"match\" gives the points of N, E, S, W (missing 'E', 'S', 'W')."),
    (sheet("quadrille", {**FOURS, "pot": -1}), "The pot cannot hold fewer than 0 chips (−1)."),
    (sheet("quadrille", {**FOURS, "pot": "lots"}),
     "\"match\" writes chips as whole numbers or exact fractions such as \"38 1/2\"; pot's 'lots' is not one."),
    (sheet("quadrille", {**FOURS, "pot": "3/2"}),
     "\"match\" writes chips as whole numbers or exact fractions such as \"38 1/2\"; pot's '3/2' is not one: the "
     "fraction, such as 1/2, is more than 0 and less than 1."),
    (sheet("quadrille", {**FOURS, "pot": 10**46}),
     f"\"match\" gives pot too many chips: at most {10**45} either way."),
    (sheet("quadrille", {**FOURS, "pot": 0, "deals": "two"}),
     "\"deals\" is the number of deals already played: a whole number from 0 to 7, not 'two'."),
    (sheet("quadrille", {**FOURS, "pot": 0, "lost": 1}),
     "\"lost\" counts the games lost in a row for the doubling variant, which is off."),
    (sheet("quadrille", {**FOURS, "pot": 0, "lost": 9}, doubling=True),
     "\"lost\" is the number of games lost in a row just before: a whole number from 0 to 7, not 9."),
    (sheet("quadrille", {**FOURS, "pot": 0, "lost": 2, "deals": 1}, doubling=True),
     "\"lost\" counts games lost in a row among the deals already played, so it is at most \"deals\" (1), not 2."),
]


def refusal(attempt: Callable[[], object]) -> str:
    with pytest.raises((MatchError, OptionError)) as refused:
        attempt()
    return str(refused.value)


@pytest.mark.parametrize("attempt, english", REFUSALS)
def test_refusals_keep_their_english(attempt: Callable[[], object], english: str) -> None:
    with i18n.speaking("en"):
        assert refusal(attempt) == english


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("attempt, english", REFUSALS)
def test_refusals_are_said_in_french_and_italian(lang: str, attempt: Callable[[], object], english: str) -> None:
    with missed(lang) as lost:
        said = refusal(attempt)
    assert not lost, lost
    assert said != english
    assert "{" not in said.replace('{"', "")  # every placeholder filled


@pytest.mark.parametrize("lang, said", [("fr", "Le \"match\" est déjà terminé"), ("it", "Il \"match\" è già finito")])
def test_a_scenario_file_with_a_won_match_is_refused_in_the_readers_language(lang: str, said: str) -> None:
    scenario = loads(json.dumps({"format": FORMAT, "game": "aluette", "options": {"match": "first_to_5"},
                                 "match": {"NS": 5, "EW": 1, "hands": 4}}))
    with missed(lang) as lost, pytest.raises(ScenarioError) as refused:
        scenario.match_state(scenario.rules())
    assert not lost, lost
    assert str(refused.value).startswith(said)
