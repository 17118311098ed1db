"""A teacher's broken guided-hand file is refused in the reader's language: every kind of refusal
:mod:`cardlab.tutorial` can give, in French and Italian, with no sentence missing from the catalog."""
from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardlab import i18n
from cardlab.scenario import MAX_BYTES
from cardlab.tutorial import TutorialError, builtin, load, loads, parse

from tests.i18n_misses import missed


def shipped() -> dict[str, Any]:
    return json.loads((resources.files("cardlab.games") / "tressette" / "tutorial.json").read_text("utf-8"))


def broken(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    """Parsing the shipped Tressette guided hand after ``change``."""
    def attempt() -> object:
        data = shipped()
        change(data)
        return parse(data)
    return attempt


def step(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda d: d["steps"][0].update({key: value})


def actions(change: Callable[[list[str]], object]) -> Callable[[dict[str, Any]], object]:
    return lambda d: change(d["scenario"]["actions"])


REFUSALS: dict[str, Callable[[], object]] = {
    "not an object": lambda: parse([]),
    "unknown key": broken(lambda d: d.update(extra=1)),
    "format": broken(lambda d: d.update(format="cardlab.tutorial/9")),
    "scenario": broken(lambda d: d["scenario"].update(format="x")),
    "game": broken(lambda d: d.update(game="quadrille")),
    "no deal": broken(lambda d: d["scenario"].pop("deal")),
    "no steps": broken(lambda d: d.update(steps=[])),
    "end not an object": broken(lambda d: d.update(end="over")),
    "step not an object": broken(lambda d: d["steps"].__setitem__(0, "play")),
    "step key": broken(step("when", "now")),
    "look": broken(step("look", "the moon")),
    "say": broken(step("say", "")),
    "concepts not a list": broken(step("concepts", "follow-suit")),
    "unknown concept": broken(step("concepts", ["flying"])),
    "end concept": broken(lambda d: d["end"].update(concepts=["flying"])),
    "title": broken(lambda d: d.update(title=3)),
    "end words": broken(lambda d: d["end"].update(say=None)),
    "seat": broken(lambda d: d.update(seat="X")),
    "action text": broken(actions(lambda line: line.__setitem__(0, "dances"))),
    "step count": broken(lambda d: d["steps"].pop()),
    "illegal action": broken(actions(list.reverse)),
    "impossible deal": broken(lambda d: d["scenario"]["deal"]["S"].__setitem__(0, d["scenario"]["deal"]["W"][0])),
    "unfinished line": broken(actions(list.pop)),
    "step asks another action": broken(step("do", "S plays 3X")),
    "too large": lambda: loads(" " * (MAX_BYTES + 1)),
    "not JSON": lambda: loads("[1, 2"),
    "no such guided hand": lambda: builtin("chess"),
}


def refusal(attempt: Callable[[], object]) -> str:
    with pytest.raises(TutorialError) as refused:
        attempt()
    return str(refused.value)


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("kind", REFUSALS)
def test_a_broken_tutorial_is_refused_in_the_readers_language(kind: str, lang: str) -> None:
    with i18n.speaking("en"):
        english = refusal(REFUSALS[kind])
    with missed(lang) as lost:
        said = refusal(REFUSALS[kind])
    assert lost == []
    assert said.split()[0] != english.split()[0], (english, said)
    assert "\n" not in said and "Traceback" not in said


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_file_that_is_not_json_is_named_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "mine.json"
    path.write_text("{", "utf-8")
    with i18n.speaking("en"):
        english = refusal(lambda: load(str(path)))
    with missed(lang) as lost:
        said = refusal(lambda: load(str(path)))
    assert english.startswith("The file ")
    assert lost == [] and said.split()[0] != "The" and said != english


def test_the_english_refusals_keep_their_words() -> None:
    with i18n.speaking("en"):
        assert refusal(REFUSALS["too large"]) == "The tutorial is larger than 1,000,000 bytes, the limit for a tutorial."
        assert refusal(REFUSALS["step key"]) == ("Step 1: unknown key 'when'; a step has concepts, do, hint, look, "
                                                  "otherwise, say.")
