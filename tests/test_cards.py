"""Cards, packs and the text of actions: anything printed can be parsed back."""
from __future__ import annotations

import pytest

from cardlab import (PACKS, ActionError, Call, Card, CardError, Deal, Play, get_rules, parse_action,
                     parse_cards)

SEATS = ("N", "E", "S", "W")


@pytest.mark.parametrize("key,size,ranks", [
    ("french32", 32, {"7", "8", "9", "10", "J", "Q", "K", "A"}),
    ("french40", 40, {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}),
    ("italian40", 40, {"A", "2", "3", "4", "5", "6", "7", "J", "Kn", "K"}),
    ("spanish48", 48, {"A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Kn", "K"}),
])
def test_pack_sizes_and_ranks(key, size, ranks):
    pack = PACKS[key]
    assert len(pack) == size == len(pack.cards) == len(set(pack.cards))
    assert {card.rank for card in pack.cards} == ranks
    assert {card.suit for card in pack.cards} == {"S", "H", "D", "C"}
    assert all(card in pack for card in pack.cards)


def test_french_forty_has_no_eight_nine_ten():
    pack = PACKS["french40"]
    for rank in ("8", "9", "10"):
        for suit in "SHDC":
            assert Card(rank, suit) not in pack
            with pytest.raises(CardError):
                pack.parse(f"{rank}{suit}")


def test_local_names():
    assert PACKS["italian40"].local_name(Card("Kn", "D")) == "Cavallo di Denari"
    assert PACKS["italian40"].local_name(Card("J", "C")) == "Fante di Bastoni"
    assert PACKS["spanish48"].local_name(Card("J", "H")) == "Sota de Copas"
    assert PACKS["spanish48"].local_name(Card("K", "D")) == "Rey de Oros"
    assert PACKS["french32"].local_name(Card("Q", "H")) == "Dame de cœur"
    assert PACKS["italian40"].name(Card("Kn", "D")) == "the knight of coins"
    assert PACKS["french32"].name(Card("10", "H")) == "the 10 of hearts"


ALL_CARDS = sorted({card for pack in PACKS.values() for card in pack.cards}, key=str)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_parse_and_str_round_trip(card):
    assert Card.parse(str(card)) == card
    assert str(Card.parse(str(card))) == str(card)
    assert eval(repr(card), {"Card": Card}) == card


def test_parse_examples():
    assert Card.parse("KnD") == Card("Kn", "D")
    assert Card.parse("10H") == Card("10", "H")
    assert parse_cards("3D 2D AD") == (Card("3", "D"), Card("2", "D"), Card("A", "D"))
    assert parse_cards(["7C"]) == (Card("7", "C"),)


@pytest.mark.parametrize("code", ["1X", "11H", "", "Z", "1H", "KnX", "H3", "10", "D", "0S", "Kn"])
def test_wrong_codes_raise_card_error_with_a_sentence(code):
    with pytest.raises(CardError) as caught:
        Card.parse(code)
    message = str(caught.value)
    assert message.endswith(".") and len(message.split()) > 4


def test_non_string_code_raises_card_error():
    with pytest.raises(CardError):
        Card.parse(7)


def test_card_constructor_refuses_unknown_rank_or_suit():
    with pytest.raises(CardError):
        Card("11", "H")
    with pytest.raises(CardError):
        Card("A", "X")


def test_pack_parse_refuses_a_card_of_another_pack():
    with pytest.raises(CardError) as caught:
        PACKS["italian40"].parse("QH")
    assert "Italian 40-card pack" in str(caught.value)


def actions_to_round_trip():
    rules = get_rules("tressette")
    yield rules.deal("N", 3)
    yield Deal("W", (("N", (Card("A", "S"),)), ("E", ()), ("S", (Card("10", "H"),)), ("W", ())),
               (("rest", (Card("Kn", "D"), Card("7", "C"))),))
    yield Play("W", Card("7", "D"))
    yield Play("S", Card("10", "H"))
    yield Play("E", Card("Kn", "C"))
    yield Call("S", "declares napoletana D")
    yield Call("N", "signals busso")
    yield Call("E", "declares four 3s")


@pytest.mark.parametrize("action", list(actions_to_round_trip()), ids=lambda a: str(a)[:30])
def test_parse_action_round_trips(action):
    assert parse_action(str(action), SEATS) == action
    assert str(parse_action(str(action), SEATS)) == str(action)


def test_a_call_may_start_with_plays_when_no_card_follows():
    assert parse_action("S plays for the vole", SEATS) == Call("S", "plays for the vole")


def test_parse_action_forgives_spacing_and_case():
    assert parse_action("  w   plays   7d ", SEATS) == Play("W", Card("7", "D"))


@pytest.mark.parametrize("text", [
    "", "   ", "X plays 7D", "W", "W plays", "W plays 7X", "W plays 11H", "plays 7D",
    "N deals", "N deals N[3D 2D] junk", "N deals N[3D ZZ]",
])
def test_misspelt_actions_raise_action_error(text):
    with pytest.raises(ActionError) as caught:
        parse_action(text, SEATS)
    assert str(caught.value).strip()
