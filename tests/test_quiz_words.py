"""The quiz speaks the learner's words and asks about the rules in force (issue 20, item 9).

Questions and explanations never quote an action as the log writes it ("signals volo", "passes",
"N discards 4S"): a call is named as ``rules.describe`` names it on the table's buttons.  A quiz
with no options plays the game's defaults, as a lesson's table does, so a call question is about
a call those rules can make (no signal or declaration that is off).  Aluette's gesture table names
each signal in words, not by its log text.
"""
from __future__ import annotations

import re
from html import escape

import pytest

from cardlab import GAMES, get_rules, parse_action
from cardlab.actions import Call
from cardlab.games.aluette.rules import GESTURES
from cardlab.lesson import gestures
from cardlab.practice import KINDS, PracticeError, make_quiz
from cardlab.practice.common import play
from cardlab.scenario import parse

CALL_VERBS = ("passes", "asks", "bids", "holds", "lets", "gives", "announces", "does", "stops", "plays", "calls",
              "takes", "names", "declares", "signals", "sings", "discards", "offers", "agrees", "accepts",
              "refuses", "demands", "taps", "slides")
"""The first words of the games' calls and plays as the log writes them."""
RAW = re.compile(r"""["“'‘]\s*(?:[NESW] )?(?:%s)\b|\bsays\s*["“'‘]|\b(?:[2-9]|10|[AKQJ]|Kn)[SHDC]\b"""
                 % "|".join(CALL_VERBS))
"""Log text in a sentence: a quoted call ("“signals volo”", "'passes'", "\\"E discards 4S\\""), a
quoted saying, or a card code."""
CALLS_ON = {"tressette": {"declarations": True, "declare": "by hand", "signals": True},
            "quatre_sept": {"signals": True, "redeal_no_high_cards": True},
            "aluette": {"signals": "open", "surrender": True}}
"""Options that give a game more calls to ask about."""
SEEDS = range(8)


def raw_text(quiz) -> list[str]:
    """The pieces of log text in the quiz's question and explanation."""
    found = [match.group(0) for text in (quiz.question, quiz.explanation) for match in RAW.finditer(text)]
    if quiz.call:
        words = quiz.call.split(" ", 1)[1]
        found += [words for text in (quiz.question, quiz.explanation) if words in text]
    return found


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("with_calls", [False, True], ids=["defaults", "calls on"])
def test_no_question_or_explanation_quotes_log_text(game: str, with_calls: bool) -> None:
    options = CALLS_ON.get(game, {}) if with_calls else None
    asked = 0
    for kind in KINDS:
        for level in (1, 2, 3):
            for seed in SEEDS:
                try:
                    quiz = make_quiz(game, kind, seed=seed, options=options, level=level)
                except PracticeError:
                    continue
                asked += 1
                assert raw_text(quiz) == [], (quiz.question, quiz.explanation)
    assert asked >= 4 * 3 * len(SEEDS)


@pytest.mark.parametrize("game", ["tressette", "quatre_sept", "aluette", "quadrille"])
def test_a_call_question_names_the_call_as_the_tables_button_does(game: str) -> None:
    for seed in SEEDS:
        quiz = make_quiz(game, "call", seed=seed, options=CALLS_ON.get(game, {}), level=1 + seed % 3)
        rules = get_rules(game, **quiz.scenario["options"])
        said = rules.describe(parse_action(quiz.call, rules.seats))
        assert quiz.question == f"Is “{said}” allowed for {quiz.seat} now?"
        if quiz.answer:
            assert quiz.explanation == f"Yes: “{said}” is allowed for {quiz.seat} now."


@pytest.mark.parametrize("game,options", [(game, None) for game in ("quatre_sept", "aluette", "quadrille")]
                         + [("quatre_sept", {"signals": True}), ("tressette", {"declarations": True})])
def test_a_call_question_is_about_a_call_the_rules_in_force_make(game: str, options: dict | None) -> None:
    """Replayed under the options the quiz was given (a lesson gives none: the defaults), the same
    deal played by the same computer player makes the call asked about somewhere."""
    in_force = options or {}
    rules = get_rules(game, **in_force)
    made = 0
    for level in (1, 2, 3):
        for seed in SEEDS:
            try:
                quiz = make_quiz(game, "call", seed=seed, options=options, level=level)
            except PracticeError:
                continue
            made += 1
            assert quiz.scenario["options"] == in_force
            scenario = parse(quiz.scenario)
            hand = play(rules, game, in_force, scenario.dealer, scenario.seed or 0, tricks=3,
                        deal=scenario.deal_action(rules))
            producible = {call.words for state in hand.states for call in rules.legal_calls(state)}
            assert quiz.call.split(" ", 1)[1] in producible, quiz.question
    assert made >= len(SEEDS)


@pytest.mark.parametrize("game", ["tressette", "sixty_six", "vache"])
def test_a_game_whose_defaults_make_no_call_is_not_asked_one(game: str) -> None:
    with pytest.raises(PracticeError, match="has no calls to ask about"):
        make_quiz(game, "call")


def test_a_rule_that_is_off_is_not_asked_about_at_the_hardest_level() -> None:
    hard = [make_quiz("quatre_sept", "legal", seed=seed, level=3) for seed in range(12)]
    assert all(quiz.scenario["options"] == {} for quiz in hard)
    assert not any("lowest rank" in quiz.explanation for quiz in hard)


def test_the_gesture_table_names_the_signals_in_words() -> None:
    rules = get_rules("aluette", signals="open")
    shown = gestures()
    assert "signals " not in shown.text and "signals " not in shown.html
    for word, (name, gesture) in GESTURES.items():
        said = rules.describe(Call("S", f"signals {word}"))
        assert said in shown.text and escape(said) in shown.html
        assert f"{name}: {gesture}" in shown.text
