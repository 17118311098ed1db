"""The page address and the ShareBar, without a browser: ``encode``/``decode`` round trips, a
seeded fuzz of hostile addresses (each must be refused with a ScenarioError sentence and nothing
else), and the bar driven through its traits as the browser and the file picker would."""
from __future__ import annotations

import base64
import json
import random
import re
import zlib
from dataclasses import replace
from datetime import datetime, timezone

import pytest

from cardlab import GAMES, Hand, get_rules
from cardlab.bots import RandomBot, next_action
from cardlab.scenario import Scenario, ScenarioError, builtin, builtin_names, loads
from cardlab.scenario import MAX_BYTES
from cardlab.widgets.address import MAX_TEXT, decode, encode
from cardlab.widgets.share import ShareBar, file_name


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def z(data: bytes) -> str:
    """An address as ``encode`` writes it, around any bytes."""
    return "z" + b64(zlib.compress(data))


def packed(value: object) -> str:
    """An address as ``encode`` writes it, around any JSON value."""
    return z(json.dumps(value, separators=(",", ":")).encode("utf-8"))


def refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        decode(text)
    return str(caught.value)


# ----- round trips ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_scenario_round_trips_at_every_step(name):
    scenario = builtin(name)
    for step in range(len(scenario.actions) + 1):
        text = encode(scenario, step)
        assert re.fullmatch(r"z[A-Za-z0-9_-]+", text), "URL-safe, no padding"
        assert decode(text) == (scenario, step)


def random_hand(key: str, seed: int) -> Hand:
    rules = get_rules(key)
    hand = Hand.dealt(rules, rules.seats[seed % len(rules.seats)], seed)
    bot, rng = RandomBot(seed), random.Random(seed)
    while not hand.state.over:
        hand = hand.then(next_action(rules, hand.state, bot, rng))
    return hand


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 11])
def test_random_hands_of_every_game_round_trip_at_every_step(key, seed):
    hand = random_hand(key, seed)
    deal = hand.log[0]
    actions = tuple(str(action) for action in hand.log[1:])
    seeded = Scenario(game=key, dealer=deal.dealer, seed=seed, actions=actions)
    written = Scenario(game=key, dealer=deal.dealer, actions=actions,
                       deal={seat: [str(c) for c in cards] for seat, cards in deal.hands + deal.extras})
    for scenario in (seeded, written):
        for step in range(len(actions) + 1):
            assert decode(encode(scenario, step)) == (scenario, step)


def test_the_address_is_compressed():
    scenario = builtin("tressette-thirds")
    assert len(encode(scenario, 0)) < len(json.dumps(scenario.to_json(), separators=(",", ":"))) * 2 / 3


# ----- refusals ---------------------------------------------------------------------------------

def test_step_outside_the_scenario_is_refused():
    scenario = builtin("tressette-follow-suit")
    last = len(scenario.actions)
    for step in (-1, last + 1, True, "2", 1.5, None):
        sentence = refusal(packed({"scenario": scenario.to_json(), "step": step}))
        assert sentence == (f"This link asks for a step the scenario does not have: the steps go "
                            f"from 0 to {last}.")


def test_an_action_the_rules_refuse_is_named_with_its_number():
    data = builtin("tressette-follow-suit").to_json()
    data["actions"] = data["actions"][:1] + ["N plays 7D"] + data["actions"][1:]
    sentence = refusal(packed({"scenario": data, "step": 0}))
    assert sentence.startswith('Action 2, "N plays 7D", cannot be played: ')


def test_an_unknown_game_is_named():
    sentence = refusal(packed({"scenario": {"format": "cardlab.scenario/1", "game": "bridge"}, "step": 0}))
    assert "'bridge' is not a game here" in sentence


def test_a_zip_bomb_is_refused_after_at_most_the_size_limit():
    bomb = "z" + b64(zlib.compress(b" " * (50 * MAX_BYTES), 9))
    assert len(bomb) < MAX_TEXT  # short enough to be read, 50 times the limit once inflated
    assert refusal(bomb) == f"This link holds more than {MAX_BYTES:,} bytes: no scenario is that large."


def test_deep_json_and_huge_numbers_are_refused_with_sentences():
    assert refusal(z(b"[" * 100_000)) == "This link nests more deeply than any scenario does."
    deep_in_options = {"scenario": {"format": "cardlab.scenario/1", "game": "tressette",
                                    "options": {"declarations": json.loads("[" * 500 + "]" * 500)}}, "step": 0}
    assert "is not a choice for Tressette's option 'declarations'" in refusal(packed(deep_in_options))
    huge = b'{"scenario":{"format":"cardlab.scenario/1","game":"tressette","seed":' + b"9" * 5000 + b'},"step":0}'
    assert refusal(z(huge)) == "This link holds a number far too long for a scenario."


def test_damaged_text_is_refused():
    good = encode(builtin("tressette-thirds"), 3)
    assert refusal("") == "This link does not hold a table: it was cut or changed."
    assert refusal("j" + good[1:]) == "This link does not hold a table: it was cut or changed."
    assert refusal("z" + b64(b"[]")) == "This link is damaged: it was cut or changed."
    assert refusal(good[:-40]) == "This link is damaged: it was cut or changed."
    for changed in (good + "=", good[:20] + "+/" + good[22:], good[:9] + " " + good[9:], good[:5] + "é" + good[5:]):
        assert refusal(changed) == "This link is damaged: it was cut or changed."  # outside base64url
    assert refusal(z(b"\xff\xfe")) == "This link is not text: a scenario is JSON written in UTF-8."
    assert refusal("z" + "A" * (MAX_BYTES * 2 + 1)) == "This link is too long to hold a table: it was cut or changed."
    assert refusal(z(b'{"scenario": 1')).startswith("This link is not valid JSON: ")


def junk(rng: random.Random, depth: int = 0) -> object:
    """A random JSON value, hostile more often than not."""
    makers = [
        lambda: None, lambda: rng.random() < 0.5, lambda: rng.randrange(-10**6, 10**6),
        lambda: rng.choice([1e308, -0.0, 2.5, float("inf"), float("nan")]),
        lambda: "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(8))),
        lambda: rng.choice(["N", "E", "S", "W", "7D", "KnC", "W plays 7D", "tressette", "NS", "<b>"]),
        lambda: 10 ** rng.randrange(1, 300),
        lambda: [rng.choice(["3D", "7H", "AS", "KnC", "ZZ", ""]) for _ in range(rng.randrange(12))],
        lambda: [junk(rng, depth + 1) for _ in range(rng.randrange(4))],
        lambda: {rng.choice(["N", "E", "S", "W", "turned", "rest", "x", "0", "NS", "declarations"]):
                 junk(rng, depth + 1) for _ in range(rng.randrange(4))},
    ]
    return makers[rng.randrange(len(makers) if depth < 3 else 8)]()


def hostile_addresses(count: int, seed: int = 9) -> list[str]:
    """Broken base64, broken zlib, random bytes, mangled real addresses, and real scenarios with
    fields replaced by random values of the wrong (or right) type."""
    rng = random.Random(seed)
    real = [builtin(name) for name in builtin_names()]
    texts = []
    for index in range(count):
        scenario = rng.choice(real)
        good = encode(scenario, rng.randrange(len(scenario.actions) + 1))
        kind = index % 6
        if kind == 0:
            texts.append("".join(rng.choice("jz#%=+/&?A-_0\u00e9\U0001f0a1 ") for _ in range(rng.randrange(60))))
        elif kind == 1:
            texts.append(rng.choice("jz") + b64(rng.randbytes(rng.randrange(200))))
        elif kind == 2:
            texts.append("z" + b64(zlib.compress(rng.randbytes(rng.randrange(300)))[: rng.randrange(1, 40)]))
        elif kind == 3:
            at = rng.randrange(1, len(good))
            texts.append(good[:at] + rng.choice("AZaz09-_") + good[at + 1:])
        else:
            data = {"scenario": scenario.to_json(), "step": rng.randrange(len(scenario.actions) + 1)}
            data["scenario"] = json.loads(json.dumps(data["scenario"]))
            for _ in range(rng.randrange(1, 3)):
                field = rng.choice(["game", "options", "dealer", "seed", "deal", "actions", "match",
                                    "notes", "title", "format", "step", "deal.", "actions.", "options."])
                if field == "step":
                    data["step"] = junk(rng)
                elif field.endswith("."):
                    inner = data["scenario"].setdefault(field[:-1], {})
                    if isinstance(inner, list) and inner:
                        inner[rng.randrange(len(inner))] = junk(rng)
                    elif isinstance(inner, dict):
                        inner[rng.choice(list(inner) + ["x", "N", "turned", "rest"])] = junk(rng)
                else:
                    data["scenario"][field] = junk(rng)
            texts.append(packed(data))
    return texts


def test_hostile_addresses_get_a_sentence_and_nothing_else():
    refused = 0
    for text in hostile_addresses(600):
        try:
            scenario, step = decode(text)
        except ScenarioError as error:
            assert str(error).strip(), text
            refused += 1
        else:  # a mutation may leave a playable scenario: then it must be whole again
            assert decode(encode(scenario, step)) == (scenario, step)
    assert refused > 500


# ----- the bar ----------------------------------------------------------------------------------

class Calls:
    def __init__(self, bar: ShareBar) -> None:
        self.restored, self.opened, self.errors = [], [], []
        bar.on_restore(lambda scenario, step: self.restored.append((scenario, step)))
        bar.on_open(self.opened.append)
        bar.on_error(self.errors.append)


def upload(bar: ShareBar, name: str, content: bytes, size: int | None = None) -> None:
    bar.upload.value = ({"name": name, "type": "application/json", "size": len(content) if size is None else size,
                         "content": memoryview(content), "last_modified": datetime.now(timezone.utc)},)


def test_key_must_be_safe_in_an_address():
    assert ShareBar("table-1_b").key == "table-1_b"
    for key in ("", "a=b", "a&b", "tr ès", "#x"):
        with pytest.raises(ValueError):
            ShareBar(key)


def test_address_and_scenario_reach_the_browser_side():
    bar = ShareBar("t")
    scenario = builtin("sixty_six-over-trump")
    bar.scenario = scenario
    bar.address = encode(scenario, 2)
    assert bar.view.address == encode(scenario, 2)
    assert loads(bar.view.download_text) == scenario
    assert bar.view.download_name == "sixty_six-deal.json"
    bar.scenario = Scenario(game="tressette", seed=7, actions=("W plays 7D",))
    assert bar.view.download_name == "tressette-7.json"
    assert json.loads(bar.view.download_text)["format"] == "cardlab.scenario/1"
    bar.scenario = None
    assert (bar.view.download_text, bar.view.download_name) == ("", "")


def test_file_name_says_seed_or_deal():
    assert file_name(Scenario(game="quadrille", seed=0)) == "quadrille-0.json"
    assert file_name(Scenario(game="aluette")) == "aluette-deal.json"
    assert file_name(replace(builtin("tressette-thirds"), seed=5)) == "tressette-deal.json"


def test_restore_from_the_page_address_calls_back_once():
    bar = ShareBar("t")
    calls = Calls(bar)
    scenario = builtin("quadrille-called-king")
    bar.view.restore = encode(scenario, 4)
    assert calls.restored == [(scenario, 4)]
    assert calls.errors == [] and bar.message == ""
    assert bar.view.restore == "", "answered: the browser may ask again after a hashchange"


def test_a_bad_address_gives_a_sentence_and_restores_nothing():
    bar = ShareBar("t")
    calls = Calls(bar)
    bar.view.restore = "zAAAA"
    assert calls.restored == []
    assert calls.errors == [bar.message]
    assert bar.message == ("The table in this page's address could not be restored. "
                           "This link is damaged: it was cut or changed.")
    assert bar.view.restore == ""


def test_opening_a_scenario_file_calls_back_with_it():
    bar = ShareBar("t")
    calls = Calls(bar)
    scenario = builtin("aluette-singing")
    text = json.dumps(scenario.to_json()).encode("utf-8")
    upload(bar, "singing.json", text)
    assert calls.opened == [scenario]
    assert bar.message == "Opened singing.json."
    assert bar.upload.value == ()
    upload(bar, "singing.json", text)               # the same file again
    assert calls.opened == [scenario, scenario]


def engine_sentence(content: bytes) -> str:
    """What cardlab.scenario says about a file's content."""
    with pytest.raises(ScenarioError) as caught:
        loads(content, "The file")
    return str(caught.value)


@pytest.mark.parametrize("content", [
    b'{"format": "cardlab.scenario/1", "game": "tressette", "colour": 1}',
    b"\x89PNG\r\n",
    b"{'game': 'tressette'}",
    b'{"format": "cardlab.scenario/1", "game": "tressette", "seed": 1e400}',
])
def test_a_bad_file_gives_the_scenario_error_and_opens_nothing(content):
    bar = ShareBar("t")
    calls = Calls(bar)
    upload(bar, "notes.json", content)
    assert calls.opened == []
    assert bar.message == f"notes.json was not opened. {engine_sentence(content)}"
    assert calls.errors == [bar.message]


def test_a_file_with_an_unplayable_action_names_it():
    bar = ShareBar("t")
    calls = Calls(bar)
    data = builtin("tressette-follow-suit").to_json()
    data["actions"].append("S plays KnS")
    upload(bar, "lesson.json", json.dumps(data).encode("utf-8"))
    assert calls.opened == []
    assert bar.message.startswith(f'lesson.json was not opened. Action {len(data["actions"])}, '
                                  f'"S plays KnS", cannot be played: ')


def test_a_file_over_the_limit_is_refused_before_it_is_read():
    bar = ShareBar("t")
    calls = Calls(bar)
    content = b"not json at all " * (MAX_BYTES // 16 + 1)
    upload(bar, "big.json", content)
    assert bar.message == (f"big.json holds {len(content):,} bytes, more than a scenario may "
                           f"({MAX_BYTES:,}): it was not opened.")
    upload(bar, "claims-big.json", b"{}", size=MAX_BYTES + 1)
    assert bar.message.startswith("claims-big.json holds ")
    assert calls.opened == [] and len(calls.errors) == 2


def test_file_names_and_contents_are_escaped_before_they_become_html():
    bar = ShareBar("t")
    upload(bar, "<img src=x onerror=alert(1)>.json", b'{"format": "<script>alert(2)</script>"}')
    shown = bar.message_box.value
    assert "<img" not in shown and "<script" not in shown
    assert "&lt;img src=x onerror=alert(1)&gt;.json was not opened." in shown
    assert "&lt;script&gt;" in shown


def test_a_very_long_sentence_is_cut():
    bar = ShareBar("t")
    upload(bar, "a" * 1000 + ".json", b"[]")
    assert len(bar.message) == 300 and bar.message.endswith("…")
