"""The practice commands through ``python -m cardlab``, as other tools call them (in this process,
:mod:`tests.cli`; the refusal also through a real process, for its exit status and stderr)."""
from __future__ import annotations

import json

from cardlab.scenario import parse, run
from tests import cli as command


def cardlab(*args: str, process: bool = False) -> tuple[int, dict, str]:
    ran = command.run(*args, process=process)
    return ran.code, json.loads(ran.out), ran.err


def test_quiz_prints_one_quiz_whose_scenario_replays():
    status, quiz, stderr = cardlab("quiz", "sixty_six", "--kind", "trick-winner", "--seed", "4")
    assert status == 0 and not stderr
    assert quiz["game"] == "sixty_six" and quiz["kind"] == "trick-winner"
    outcome = run(parse(quiz["scenario"]))
    assert outcome.error is None
    assert quiz["answer"] == outcome.hand.state.tricks[-1].winner


def test_deal_to_order_prints_a_scenario_and_refuses_an_unknown_feature_with_a_sentence():
    status, scenario, _ = cardlab("deal", "tressette", "--with", "napoletana", "--seed", "2")
    assert status == 0 and run(parse(scenario)).error is None
    status, answer, stderr = cardlab("deal", "tressette", "--with", "a unicorn", process=True)
    assert status == 2 and "napoletana" in answer["error"] and "Traceback" not in stderr
