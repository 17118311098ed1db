"""One deal under sibling rules: the same hands reach both games, both scenarios replay to the
logs and results the comparison reports, the differences are exactly the cards the two replays
played differently, and a refusal is the other rule set's own sentence."""
from __future__ import annotations

import pytest

from cardlab import Play, get_rules
from cardlab.practice import PracticeError, compare
from cardlab.scenario import parse, report, run

PAIRS = [(("quatre_sept", {}), ("sixty_six", {})),
         (("aluette", {}), ("vache", {})),
         (("quatre_sept", {}), ("quatre_sept", {"low_lead_rule": True})),
         (("sixty_six", {}), ("sixty_six", {"must_undertrump": True}))]


def plays_by_trick(outcome) -> dict[tuple[int, str], str]:
    return {(number, seat): str(card) for number, trick in enumerate(outcome.hand.state.tricks, 1)
            for seat, card in trick.plays}


@pytest.mark.parametrize("first,second", PAIRS, ids=[f"{a[0]}-{b[0]}{'-options' if b[1] else ''}" for a, b in PAIRS])
def test_the_same_hands_play_out_under_both_rule_sets(first, second) -> None:
    rules = [get_rules(game, **options) for game, options in (first, second)]
    for seed in (1, 2, 3):
        comparison = compare(seed, *rules)
        data = comparison.to_json()
        outcomes = [run(parse(scenario)) for scenario in data["scenarios"]]
        assert all(outcome.error is None for outcome in outcomes)
        assert [scenario["options"] for scenario in data["scenarios"]] == [first[1], second[1]]
        for seat in rules[0].seats:
            assert sorted(data["scenarios"][0]["deal"][seat]) == sorted(data["scenarios"][1]["deal"][seat])
        for outcome, log, result in zip(outcomes, data["logs"], data["results"]):
            assert [str(action) for action in outcome.hand.log[1:]] == log
            assert report(outcome)["result"] == result
        played = [plays_by_trick(outcome) for outcome in outcomes]
        differing = {key for key in set(played[0]) | set(played[1]) if played[0].get(key) != played[1].get(key)}
        assert {(d["trick"], d["seat"]) for d in data["differences"]} == differing
        for difference in data["differences"]:
            key = (difference["trick"], difference["seat"])
            assert difference["cards"] == [played[0].get(key), played[1].get(key)]
        assert data["titles"] == [r.title for r in rules]


def test_sixty_six_turns_up_the_dealers_last_card_of_the_shared_deal() -> None:
    comparison = compare(7, get_rules("quatre_sept"), get_rules("sixty_six"))
    deal = comparison.scenarios[1]["deal"]
    assert deal["turned"] == deal["N"][-1]
    assert "turned" not in comparison.scenarios[0]["deal"]


def test_aluette_and_la_vache_set_the_same_twelve_cards_aside() -> None:
    comparison = compare(4, get_rules("aluette"), get_rules("vache"))
    rests = [scenario["deal"]["rest"] for scenario in comparison.scenarios]
    assert len(rests[0]) == 12 and sorted(rests[0]) == sorted(rests[1])


def test_where_the_rules_made_the_difference_the_refusing_sentence_is_given() -> None:
    plain, low = get_rules("quatre_sept"), get_rules("quatre_sept", low_lead_rule=True)
    found = []
    for seed in range(30):
        comparison = compare(seed, plain, low)
        first = comparison.first
        if first is not None and first.refusals[1]:
            found.append((seed, first))
    assert found, "the low-lead rule changes a lead in some deal"
    seed, first = found[0]
    assert "lowest rank" in first.refusals[1]
    outcome = run(parse(compare(seed, plain, low).scenarios[1]))
    before = next(state for state, action in zip(outcome.hand.states, outcome.hand.log)
                  if isinstance(action, Play) and len(state.tricks) == first.trick - 1 and action.seat == first.seat)
    assert low.why_illegal(before, Play(first.seat, low.pack.parse(first.cards[0]))) == first.refusals[1]


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_a_rule_set_compared_with_itself_plays_the_same(level: str) -> None:
    comparison = compare(9, get_rules("tressette"), get_rules("tressette"), level=level)
    assert comparison.differences == () and comparison.first is None
    assert comparison.logs[0] == comparison.logs[1] and comparison.results[0] == comparison.results[1]
    assert all(run(parse(scenario)).error is None for scenario in comparison.scenarios)


def test_the_computer_level_is_the_same_on_both_sides_and_changes_the_play() -> None:
    rules = get_rules("quatre_sept"), get_rules("sixty_six")
    logs = {level: compare(2, *rules, level=level).logs for level in ("beginner", "club")}
    assert logs["beginner"] != logs["club"]
    assert compare(2, *rules, level="club").logs == logs["club"]


@pytest.mark.parametrize("pair,level,seed,sentence", [
    (("tressette", "quatre_sept"), "beginner", 1, "are not played with one pack"),
    (("aluette", "quadrille"), "beginner", 1, "are not played with one pack"),
    (("quatre_sept", "sixty_six"), "grandmaster", 1, "'grandmaster' is not a computer level here"),
    (("quatre_sept", "sixty_six"), "beginner", -1, "The seed is a whole number"),
])
def test_pairs_that_cannot_share_a_deal_are_refused(pair, level, seed, sentence) -> None:
    with pytest.raises(PracticeError, match=sentence):
        compare(seed, get_rules(pair[0]), get_rules(pair[1]), level=level)


def test_la_vache_for_three_cannot_share_aluettes_deal() -> None:
    with pytest.raises(PracticeError, match="do not deal the same hands to the same seats"):
        compare(1, get_rules("aluette"), get_rules("vache", players=3))


def test_same_says_whether_both_tables_were_alike_before_the_card() -> None:
    comparison = compare(1, get_rules("quatre_sept"), get_rules("sixty_six"))
    first, second = comparison.differences[:2]
    assert (first.trick, first.seat, first.same) == (1, "E", True)      # the same hand leads to an empty trick
    assert (second.trick, second.same) == (1, False)                     # the trick already differs
    assert all(d.same for d in comparison.differences if any(d.refusals))
    assert comparison.to_json()["differences"][0]["same"] is True
