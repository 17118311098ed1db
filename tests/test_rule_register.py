"""Every game's rule register (cardlab/games/<game>/register.py) is whole: each rule has its source, the
code that enforces it, a test that names it, the lesson section that teaches it in every language and
concepts the learner practises it by; every option of the game is a rule; every refusal met in play
names a rule of the register; and the rule map shows them all (issue 35, items 1 and 2)."""
from __future__ import annotations

import json
import random
import re
from dataclasses import fields
from functools import cache
from pathlib import Path

import pytest

from cardlab import Call, Hand, Play, get_rules
from cardlab.__main__ import main
from cardlab.bots import RandomBot, next_action
from cardlab.games import GAMES, traits
from cardlab.games.concepts import declared
from cardlab.games.register import OUR_READING, SEED, TABLE_RULES, Rule, enforcer
from cardlab.games.rule_map import marked_tests, register, rule_map, rows
from cardlab.i18n import LANGUAGES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOURCE_KEY = re.compile(r"[A-Za-z][\w.-]*")


@cache
def lesson_cells(lesson: str, lang: str) -> str:
    path = NOTEBOOKS / lesson if lang == "en" else NOTEBOOKS / lang / lesson
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_has_an_id_words_and_a_source(game: str) -> None:
    rules = register(game)
    ids = [rule.id for rule in rules]
    assert len(rules) >= 10 and len(set(ids)) == len(ids)
    for rule in rules:
        assert re.fullmatch(rf"{game}\.[a-z0-9]+(-[a-z0-9]+)*", rule.id), rule.id
        assert rule.words.strip() and rule.words[0].isupper() and rule.words.endswith("."), rule.id
        assert rule.source in (SEED, OUR_READING) or SOURCE_KEY.fullmatch(rule.source), rule.id
        assert len(rule.passage.strip()) >= 5, rule.id


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_names_the_code_that_enforces_it(game: str) -> None:
    for rule in register(game):
        assert callable(enforcer(rule)) or isinstance(enforcer(rule), property), rule.id


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_is_checked_by_a_test_that_names_it(game: str) -> None:
    named = marked_tests()
    assert [rule.id for rule in register(game) if not named.get(rule.id)] == []


def test_every_rule_a_test_names_is_in_a_register() -> None:
    known = {rule.id for game in GAMES for rule in register(game)}
    assert sorted(set(marked_tests()) - known) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_is_taught_in_a_section_of_the_lesson_in_every_language(game: str) -> None:
    lesson = traits(get_rules(game)).lesson
    for lang in LANGUAGES:
        text = lesson_cells(lesson, lang)
        missing = sorted({rule.lesson for rule in register(game) if f'<a id="{rule.lesson}"></a>' not in text})
        assert missing == [], (lang, missing)


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_is_practised_through_declared_concepts(game: str) -> None:
    keys = {concept.key for concept in declared(game)}
    for rule in register(game):
        assert rule.concepts and set(rule.concepts) <= keys, rule.id


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_game_is_a_rule_of_its_register(game: str) -> None:
    options = {field.name for field in fields(get_rules(game).options)}
    registered = {rule.option for rule in register(game) if rule.option}
    assert registered <= options and options <= registered, (options, registered)


def refusals_in_play(game: str, hands: int = 12) -> set[str]:
    """The rule ids of every refusal met while random hands are played: each held card that is not
    legal, a card played out of turn, a call nobody can make and a card played when calls are due."""
    rules = get_rules(game)
    met: set[str] = set()
    for seed in range(hands):
        hand = Hand.dealt(rules, rules.seats[seed % len(rules.seats)], seed)
        bot = RandomBot(seed)
        for step in range(1000):
            state = hand.state
            if state.over:
                break
            seat = state.to_act
            held = [card for card in state.hand(seat) if card is not None]
            met.add(rules.why_illegal(state, Call(seat, "whistles")).rule)
            if state.phase == "play":
                legal = set(rules.legal_cards(state, seat))
                met |= {rules.why_illegal(state, Play(seat, card)).rule for card in held if card not in legal}
            elif held:
                met.add(rules.why_illegal(state, Play(seat, held[0])).rule)
            other = next(s for s in rules.seats if s != seat)
            if held:
                met.add(rules.why_illegal(state, Play(other, held[0])).rule)
            hand = hand.then(next_action(rules, state, bot, random.Random(f"{seed}/{step}")))
    return met


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_met_in_play_names_a_rule_of_the_register(game: str) -> None:
    known = {rule.id for rule in register(game)} | set(TABLE_RULES)
    met = refusals_in_play(game)
    assert f"{game}.turn" in met or any(rule.startswith(f"{game}.") for rule in met)
    assert sorted(met - known) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_rule_map_shows_every_rule_with_its_code_and_tests(game: str) -> None:
    made = rows(game)
    assert [row["rule"] for row in made] == [rule.id for rule in register(game)]
    assert all(re.fullmatch(r"cardlab/[\w/]+\.py:\d+", row["code"]) for row in made), made
    assert all(row["tests"] and row["practice"] and row["source"] for row in made)
    shown = rule_map(game)
    assert shown.html.startswith('<details class="cardlab-rule-map">') and shown.html.count("<tr>") == len(made) + 1
    assert all(rule.id in shown.text for rule in register(game))


def test_the_rules_command_prints_the_map_and_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "tressette"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "tressette" and len(printed["rules"]) == len(register("tressette"))
    assert main(["rules", "../whist", "--lang", "fr"]) == 2
    assert "n'est pas un jeu" in json.loads(capsys.readouterr().out)["error"]
    assert main(["rules", "x" * 1_000_000]) == 2     # a name a megabyte long is not said back whole
    assert len(json.loads(capsys.readouterr().out)["error"]) < 300


def test_a_rule_without_code_is_found_out() -> None:
    ghost = Rule("tressette.ghost", "A ghost rule.", OUR_READING, "none at all", "cardlab.rules.TrickGame.ghost",
                 "tressette-ghost", ("follow-suit",))
    with pytest.raises(LookupError, match="does not exist"):
        enforcer(ghost)
