"""Deals made to order: every feature of every game's table is found, its scenario replays (from
its seed alone too), and the feature is really there — checked here from the replayed cards and
tricks, not with the finder's own code; the ``deal`` command-line contract, bad input included."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from cardlab import Card, Play, get_rules
from cardlab.practice import FEATURES, PracticeError, deal_to_order
from cardlab.practice import order
from cardlab.practice.cli import deal_main
from cardlab.scenario import parse, run

THIRD = Fraction(1, 3)


def held(state, seat: str) -> set[Card]:
    return set(state.deal.hand(seat))


def holds_ranks(cards: set[Card], ranks: tuple[str, ...]) -> bool:
    return any(all(Card(rank, suit) in cards for rank in ranks) for suit in "SHDC")


def count_of_a_kind(cards: set[Card]) -> int:
    return max(sum(card.rank == rank for card in cards) for rank in ("3", "2", "A"))


def refused_with(rules, state, seat: str, start: str) -> bool:
    return state.to_act == seat and any(
        (rules.why_illegal(state, Play(seat, card)) or "").startswith(start) for card in state.hand(seat))


def tie_for_best(rules, state, trick) -> bool:
    best = max(rules.strength(state, card) for card in trick.cards())
    return trick.winner is None and sum(rules.strength(state, card) == best for card in trick.cards()) >= 2


def quatre_sept_value(card: Card) -> Fraction:
    return Fraction(1) if card.rank == "A" else THIRD if card.rank in ("10", "9", "K", "Q", "J") else Fraction(0)


def manille(trumps: str) -> Card:
    return Card("7" if trumps in "HD" else "2", trumps)


def holds_feature(game: str, feature: str, rules, hand) -> bool:
    state = hand.state
    if feature == "napoletana":
        return holds_ranks(held(state, "S"), ("3", "2", "A"))
    if feature == "three of a kind":
        return count_of_a_kind(held(state, "S")) >= 3
    if feature == "four of a kind":
        return count_of_a_kind(held(state, "S")) == 4
    if feature == "politaine":
        return holds_ranks(held(state, "S"), ("10", "9", "A"))
    if feature == "four sevens":
        return sum(card.rank == "7" for card in held(state, "S")) == 4 and state.over and not state.tricks
    if feature == "low lead bites":
        last = state.tricks[-1]
        return (state.trick.plays == () and last.winner == "S"
                and sum(map(quatre_sept_value, last.cards())) < 1 and refused_with(rules, state, "S", ""))
    if feature == "politaine made":
        return state.over and rules.score(state).parts["NS"]["politaine"] == 11
    if feature in ("must win", "must trump", "must over-trump"):
        start = {"must win": "You must win the trick", "must trump": "You must trump",
                 "must over-trump": "You must over-trump"}[feature]
        return refused_with(rules, state, "S", start)
    if feature == "65-65":
        taken = {side: sum((rules.card_points(c) for t in state.tricks if rules.side_of(state, t.winner) == side
                            for c in t.cards()), Fraction(0)) for side in rules.sides}
        taken[rules.side_of(state, state.tricks[-1].winner)] += 10
        return state.over and taken == {"NS": 65, "EW": 65}
    if feature == "monsieur and madame":
        return {Card("3", "D"), Card("3", "H")} <= held(state, "S")
    if feature == "spoiled trick in the first three":
        return any(tie_for_best(rules, state, trick) for trick in state.tricks[:3]) and len(state.tricks) <= 3
    if feature == "mordienne":
        winners = [trick.winner for trick in state.tricks]
        return state.over and "S" not in winners[:6] and winners[6:9] == ["S", "S", "S"]
    if feature == "tied trick":
        return tie_for_best(rules, state, state.tricks[-1])
    if feature == "spadille and manille":
        return state.trumps in ("S", "H", "D", "C") and {Card("A", "S"), manille(state.trumps)} <= held(state, "S")
    if feature == "matador renege":
        led = state.trick.plays[0][1]
        matadors = (Card("A", "S"), manille(state.trumps), Card("A", "C"))
        return (state.to_act == "S" and rules.suit_of(state, led) == state.trumps
                and any(card in matadors and rules.strength(state, card) > rules.strength(state, led)
                        for card in state.hand("S")))
    raise AssertionError(f"no check written for {feature!r}")


CASES = [(game, feature) for game, features in FEATURES.items() for feature in features]


@pytest.mark.parametrize("game,feature", CASES, ids=[f"{g}-{f.name}" for g, f in CASES])
def test_a_deal_made_to_order_holds_the_feature_and_replays(game: str, feature) -> None:
    seat = "S" if feature.seated else None
    scenario = deal_to_order(game, feature.name, seat=seat, seed=0)
    outcome = run(parse(scenario))
    assert outcome.error is None, outcome.error
    assert holds_feature(game, feature.name, outcome.hand.rules, outcome.hand)
    assert scenario["title"] and scenario["description"]
    from_seed = {key: value for key, value in scenario.items() if key != "deal"}
    assert outcome.hand.log == run(parse(from_seed)).hand.log  # the seed alone deals the same cards
    assert deal_to_order(game, feature.name, seat=seat, seed=0) == scenario


def test_the_seat_asked_for_holds_it_and_a_later_seed_gives_another_deal() -> None:
    for seat in ("N", "E", "W"):
        scenario = deal_to_order("quatre_sept", "politaine", seat=seat, seed=3)
        assert holds_ranks(set(map(Card.parse, scenario["deal"][seat])), ("10", "9", "A"))
    first = deal_to_order("quatre_sept", "Politaine", seed=0)
    assert first["seed"] >= 0 and deal_to_order("quatre_sept", "politaine", seed=first["seed"] + 1) != first


@pytest.mark.parametrize("arguments,sentence", [
    (("quatre_sept", "bogus"), "'bogus' is not a feature .* 'politaine', 'four sevens', 'low lead bites'"),
    (("chess", "politaine"), "'chess' is not a game here"),
    (("aluette", "spoiled trick in the first three", "S"), "is about the play, not one seat's cards"),
    (("aluette", "mordienne", "X"), "'X' is not a seat"),
    (("tressette", "napoletana", None, -3), "The seed is a whole number"),
])
def test_bad_requests_are_refused_with_a_sentence(arguments, sentence) -> None:
    with pytest.raises(PracticeError, match=sentence):
        deal_to_order(*arguments)


def test_a_search_that_finds_nothing_ends_with_a_sentence(monkeypatch) -> None:
    monkeypatch.setattr(order, "DEAL_TRIES", 1)
    with pytest.raises(PracticeError, match="No deal with four sevens for S among the 1 seeds from 0: try another seed"):
        deal_to_order("quatre_sept", "four sevens", seat="S", seed=0)


def test_deal_main_prints_a_scenario_and_refuses_bad_input(capsys) -> None:
    assert deal_main(["quatre_sept", "--with", "four sevens", "--seat", "E", "--seed", "5"]) == 0
    scenario = json.loads(capsys.readouterr().out)
    outcome = run(parse(scenario))
    assert outcome.error is None and outcome.hand.state.over
    assert sum(card.rank == "7" for card in outcome.hand.state.deal.hand("E")) == 4
    for argv, sentence in ((["sixty_six"], "Name the feature with --with: sixty_six knows 'must win'"),
                           (["sixty_six", "--with", "politaine"], "is not a feature"),
                           (["vache", "--with", "tied trick", "--seed", "many"], "invalid int value"),
                           (["tressette", "--with", "napoletana", "--options", "{"], "--options takes a JSON object")):
        assert deal_main(argv) == 2
        answer = json.loads(capsys.readouterr().out)
        assert list(answer) == ["error"] and sentence in answer["error"]


def test_deal_in_a_process_exits_2_with_a_sentence_and_no_traceback() -> None:
    code = "import sys; from cardlab.practice.cli import deal_main; sys.exit(deal_main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, "aluette", "--with", "nothing"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stderr == ""
    assert "'mordienne'" in json.loads(done.stdout)["error"]
    done = subprocess.run([sys.executable, "-c", code, "aluette", "--with", "monsieur and madame", "--seat", "W"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert {"3D", "3H"} <= set(json.loads(done.stdout)["deal"]["W"])


def test_features_are_named_per_game_for_a_known_rules_object() -> None:
    assert [f.name for f in FEATURES["aluette"]] == ["monsieur and madame", "spoiled trick in the first three",
                                                     "mordienne"]
    assert set(FEATURES) == {"tressette", "quatre_sept", "sixty_six", "aluette", "vache", "quadrille"}
    assert get_rules("quatre_sept", **FEATURES["quatre_sept"][2].options).options.low_lead_rule


def test_the_checks_above_can_fail() -> None:
    plain = run(parse({"format": "cardlab.scenario/1", "game": "quatre_sept", "seed": 1, "actions": []}))
    rules = plain.hand.rules
    assert not holds_feature("quatre_sept", "four sevens", rules, plain.hand)
    assert not holds_feature("quatre_sept", "politaine", rules, plain.hand)
    spoiled = deal_to_order("aluette", "spoiled trick in the first three")
    outcome = run(parse({**spoiled, "actions": spoiled["actions"][:-4]}))
    assert not holds_feature("aluette", "spoiled trick in the first three", outcome.hand.rules, outcome.hand)
