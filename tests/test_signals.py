"""The Tressette and Quatre Sept signal drills: answers recomputed here from the hand and the
games' own tables, every drill offers its answer among its choices, and a wrong choice is told."""
from __future__ import annotations

import pytest

from cardlab import get_rules
from cardlab.practice import PracticeError
from cardlab.practice.signals import DRILLS, quatre_sept_read_drill, tressette_lead_drill, tressette_read_drill
from cardlab.scenario import parse, run

SUITS = {"swords": "S", "cups": "H", "coins": "D", "batons": "C", "spades": "S", "hearts": "H",
         "diamonds": "D", "clubs": "C"}


@pytest.mark.parametrize("game,name", [(game, name) for game, drills in DRILLS.items() for name in drills])
def test_every_drill_offers_its_answer_and_judges_a_wrong_choice(game: str, name: str) -> None:
    for seed in range(40):
        drill = DRILLS[game][name](seed)
        assert drill.game == game
        values = [value for _, value in drill.choices]
        if drill.kind == "read":
            right = next(value for value in values if set(value.split(",")) <= set(drill.answer))
            assert drill.check(right).right
            wrong = next(value for value in values if not set(value.split(",")) & set(drill.answer))
            verdict = drill.check(wrong)
            assert not verdict.right and verdict.sentence.startswith("Not quite: the answer is")
        else:
            assert set(drill.answer) <= set(values)
            assert drill.check(list(drill.answer)).right


def test_tressette_lead_says_volo_exactly_when_the_card_is_alone_in_its_suit() -> None:
    seen = set()
    for seed in range(60):
        drill = tressette_lead_drill(seed)
        hand = run(parse(drill.scenario)).hand.state.hand(drill.seat)
        suit = SUITS[drill.question.rsplit(" ", 1)[-1].rstrip("?")]
        alone = sum(card.suit == suit for card in hand) == 1
        assert drill.answer == (("volo",) if alone else ("striscio",))
        seen.add(drill.answer)
    assert seen == {("volo",), ("striscio",)}


def test_a_tap_asks_for_the_suit_played_and_a_slide_for_its_colour_twin() -> None:
    twins = {"S": "C", "C": "S", "H": "D", "D": "H"}
    rules = get_rules("quatre_sept")
    for seed in range(40):
        drill = quatre_sept_read_drill(seed)
        played = next(card for card in rules.pack.cards if f"plays {rules.pack.name(card)} with" in drill.question)
        expected = played.suit if "with a tap" in drill.question else twins[played.suit]
        assert drill.answer == (expected,)


def test_tressette_read_names_the_meaning_and_bad_seeds_are_refused() -> None:
    drill = tressette_read_drill(6)
    assert drill.answer == ("volo",) and "last card of this suit" in drill.explanation
    with pytest.raises(PracticeError, match="The seed is a whole number"):
        tressette_lead_drill(-1)
