"""The command line's words for a person (issue 34, items 3, 17 and 19): ``puzzle`` speaks the
``--lang`` language, a banked puzzle included; a refutation line is said in words, not action codes;
a theme is named in the page's language; ``puzzle --help`` is text; a sentence refusing an unknown
scenario or theme names a few and says how to list them all.  The commands run in this process
(:mod:`tests.cli`)."""
from __future__ import annotations

import json
import re

import pytest

from cardlab import i18n
from cardlab.games import GAMES, get_rules
from cardlab.puzzles.bank import bank_puzzles
from cardlab.puzzles.mine import said_again
from cardlab.puzzles.themes import LAST_TRICK_THEMES, theme_names, theme_title
from cardlab.scenario import builtin_names
from tests.cli import run

CODES = re.compile(r"\b[NESWR]\d? plays (10|[2-9AJQK]|Kn)[SHDC]\b")
"""An action as the log writes it ("W plays 3S"), not as a sentence says it."""
MOST_CHARS = 260  # a refusal naming a few themes or scenarios and the command that lists them all


def answer(*argv: str) -> tuple[int, dict]:
    ran = run(*argv)
    assert ran.err == "" and len(ran.out.splitlines()) == 1, ran.out[:500]
    return ran.code, json.loads(ran.out)


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_banked_puzzle_is_printed_in_the_language(game: str, lang: str) -> None:
    code, english = answer("puzzle", game, "--seed", "3")
    assert code == 0
    code, spoken = answer("--lang", lang, "puzzle", game, "--seed", "3")
    assert code == 0
    for key in ("question", "explanation"):
        assert spoken[key] and spoken[key] != english[key], spoken[key]
    assert spoken["scenario"]["title"] != english["scenario"]["title"]
    assert {key: spoken[key] for key in ("answer", "values", "line", "theme", "rating")} == \
        {key: english[key] for key in ("answer", "values", "line", "theme", "rating")}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_refutation_is_said_in_words(game: str, lang: str) -> None:
    banked = [made for made in bank_puzzles(game) if made["line"]][:5]
    assert banked, "no banked puzzle of this game has a refutation line"
    assert not any(CODES.search(made["explanation"]) for made in bank_puzzles(game))   # the bank as built
    with i18n.speaking(lang):
        said = [said_again(made)["explanation"] for made in banked]
    for explanation in said:
        assert not CODES.search(explanation), explanation
    with i18n.speaking(lang):
        rules = get_rules(game)
        names = [rules.seat_name(seat) for seat in rules.seats]
    assert any(name in explanation for explanation in said for name in names)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_english_page_names_every_theme_in_english(game: str) -> None:
    with i18n.speaking("en"):
        shown = [theme_title(name) for name in theme_names(get_rules(game))]
    for french in ("dernière", "levée", "dernier pli"):
        assert not any(french in title for title in shown), shown
        assert {theme_title(name) for name in LAST_TRICK_THEMES} == {"win the last trick"}


def test_puzzle_help_is_text() -> None:
    ran = run("puzzle", "--help")
    assert ran.code == 0 and ran.err == ""
    assert ran.out.startswith("usage: python -m cardlab puzzle") and "\\n" not in ran.out
    assert "--themes" in ran.out and not ran.out.lstrip().startswith("{")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_unknown_theme_names_a_few_and_how_to_list_them(lang: str) -> None:
    for game in GAMES:
        code, said = answer("--lang", lang, "puzzle", game, "--theme", "no such theme")
        sentence = said["error"]
        assert code == 2 and len(sentence) <= MOST_CHARS, sentence
        assert f"python -m cardlab puzzle {game} --themes" in sentence
        listed = run("puzzle", game, "--themes")
        assert listed.code == 0 and listed.out.splitlines() == theme_names(get_rules(game))


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("name", ["no-such-scenario", "tressette-no-such", "quadrille-vol"])
def test_an_unknown_scenario_names_a_few_and_how_to_list_them(name: str, lang: str) -> None:
    code, said = answer("--lang", lang, "replay", f"builtin:{name}")
    sentence = said["error"]["message"]
    assert code == 2 and len(sentence) <= MOST_CHARS, sentence
    assert "python -m cardlab scenarios" in sentence
    named = [known for known in builtin_names() if known in sentence]
    assert 1 <= len(named) <= 3
    game = name.split("-")[0]
    if game in GAMES:
        assert all(known.startswith(game) for known in named)
