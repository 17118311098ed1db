"""Choice by cards for declarations: a click on any card of a combination the seat may declare
stands for that declaration (``calls_naming``), in Tressette's declarations made by hand and Quatre
Sept's politaine, with tiny explicit deals."""
from __future__ import annotations

from cardlab import Call, Card
from tests.tiny import make_deal, start

TRESSETTE = make_deal(
    "W",                                   # South, at the dealer's right, leads
    N="AS 3S 4S 5S 6S 7S JS KnS KS AH",
    E="3H 4H 5H 6H 7H JH KnH KH 4D 5D",
    S="3D 2D AD 2S 2H 2C 4C 5C 6C 7C",
    W="6D 7D JD KnD KD AC 3C JC KnC KC")
POLITAINE = make_deal(
    "E",                                   # South, at the dealer's left, leads
    N="7S 8S 9S 10S JS QS KS AS",
    E="7H 8H JH QH KH 7D 8D 9D",
    S="10H 9H AH 10D JD QD KD AD",
    W="7C 8C 9C 10C JC QC KC AC")


def named(rules, state, codes: str) -> dict[str, list[str]]:
    return {code: [str(call) for call in rules.calls_naming(state, Card.parse(code))] for code in codes.split()}


def test_a_card_of_a_combination_declared_by_hand_names_its_declaration():
    hand = start("tressette", TRESSETTE, declarations=True, declare="by hand")
    state = hand.state
    assert state.to_act == "S"
    found = named(hand.rules, state, "3D AD 2D 2S 4C")
    assert found == {"3D": ["S declares napoletana D"], "AD": ["S declares napoletana D"],
                     "2D": ["S declares napoletana D", "S declares four 2s"],
                     "2S": ["S declares four 2s"], "4C": []}
    declared = hand.then("S declares four 2s").state
    assert named(hand.rules, declared, "2S 2D") == {"2S": [], "2D": ["S declares napoletana D"]}


def test_without_declarations_no_card_names_a_call():
    hand = start("tressette", TRESSETTE)
    assert named(hand.rules, hand.state, "3D 2S") == {"3D": [], "2S": []}


def test_a_politaine_card_names_the_politaine_while_it_may_be_declared():
    hand = start("quatre_sept", POLITAINE)
    state = hand.state
    assert state.to_act == "S"
    assert named(hand.rules, state, "10H 9H AH 10D AD KD") == {
        "10H": ["S declares politaine H"], "9H": ["S declares politaine H"], "AH": ["S declares politaine H"],
        "10D": [], "AD": [], "KD": []}
    after = hand.then(Call("S", "declares politaine H")).state
    assert named(hand.rules, after, "10H") == {"10H": []}
