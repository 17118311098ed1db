"""The Quadrille club player's own skills (issue 10): the auction judged by the tricks the hand
takes alone, and the master trump led to draw trumps.  Correctness only; strength is bench/duel.py."""
from __future__ import annotations

from cardlab.actions import Call, Deal, Play
from cardlab.cards import Card
from cardlab.games import get_rules
from cardlab.players.beginner import Beginner
from cardlab.players.club import Club

RULES = get_rules("quadrille")
REST = ["AH", "2S", "3S", "4S", "5S", "6S", "7S", "JS", "QS", "2C", "3C", "4C", "5C", "6C", "7C", "JC", "QC", "KC",
        "2D", "3D", "4D", "5D", "6D", "7D", "AD", "JD", "QD", "KD", "7H", "4H", "5H", "6H", "KH", "QH", "JH",
        "2H", "3H", "AS", "AC", "KS"]


def dealt(west: list[str]):
    """N deals, so W is eldest: W holds ``west``; the other cards go round N, E, S."""
    mine = [Card.parse(code) for code in west]
    rest = [Card.parse(code) for code in REST if Card.parse(code) not in mine]
    hands = {"W": tuple(mine), "N": tuple(rest[:10]), "E": tuple(rest[10:20]), "S": tuple(rest[20:30])}
    deal = Deal("N", tuple((seat, hands[seat]) for seat in RULES.seats))
    return RULES.apply(RULES.initial("N"), deal)


def test_low_trumps_and_one_king_pass_where_the_plain_count_asks_leave():
    state = dealt(["KH", "QH", "JH", "2H", "3H", "KS", "2S", "3C", "4C", "5D"])
    assert state.to_act == "W" and state.phase == "auction"
    view = RULES.view(state, "W")
    assert Beginner().choose(RULES, view) == Call("W", "asks leave")
    decision = Club().decide(RULES, view)
    assert decision.action == Call("W", "passes")
    assert "hearts as trumps" in decision.reason and "0 matadors" in decision.reason
    assert "too few" in decision.reason


def test_two_matadors_in_six_trumps_ask_leave_and_three_matadors_go_solo():
    view = RULES.view(dealt(["AS", "AC", "KH", "QH", "2H", "3H", "KS", "3S", "4C", "6D"]), "W")
    decision = Club().decide(RULES, view)
    assert decision.action == Call("W", "asks leave")
    assert "hearts as trumps" in decision.reason and "6 trumps, 2 matadors, 1 king outside" in decision.reason
    view = RULES.view(dealt(["AS", "7H", "AC", "KH", "2H", "KS", "3S", "4C", "5C", "KD"]), "W")
    decision = Club().decide(RULES, view)
    assert decision.action == Call("W", "bids solo")
    assert "3 matadors" in decision.reason and "enough to play alone" in decision.reason


def test_names_the_suit_where_its_matadors_make_the_most_tricks():
    state = dealt(["AS", "AC", "7D", "6D", "5D", "KH", "QH", "JH", "KS", "KC"])
    state = RULES.apply(state, Call("W", "bids solo"))
    assert state.phase == "trumps" and state.to_act == "W"
    decision = Club().decide(RULES, RULES.view(state, "W"))
    assert decision.action == Call("W", "names trumps D")
    assert "diamonds as trumps" in decision.reason and "3 matadors" in decision.reason


def test_the_soloist_draws_trumps_with_the_master_trump_before_cashing_a_king():
    state = dealt(["AS", "7H", "AC", "KH", "2H", "KS", "3S", "4C", "5C", "KD"])
    state = RULES.apply(state, Call("W", "bids solo"))
    state = RULES.apply(state, Call("W", "names trumps H"))
    assert state.phase == "play" and state.to_act == "W"
    decision = Club().decide(RULES, RULES.view(state, "W"))
    assert decision.action == Play("W", Card("A", "S"))
    assert "Spadille" in decision.reason and "master trump" in decision.reason
    assert "draw some of the 7 trumps still out" in decision.reason


def played(hands: dict[str, str], calls: list[str], plays: list[str]):
    """N deals ``hands``; the auction and the calls are said in turn, then ``plays`` are played."""
    deal = Deal("N", tuple((seat, tuple(Card.parse(code) for code in hands[seat].split())) for seat in RULES.seats))
    state = RULES.apply(RULES.initial("N"), deal)
    for words in calls:
        state = RULES.apply(state, Call(state.to_act, words))
    for code in plays:
        state = RULES.apply(state, Play(state.to_act, Card.parse(code)))
    return state


def test_a_defender_leads_the_suit_the_ombre_has_shown_out_of():
    hands = {"S": "AS 7H AC KH QH JH 2H KS KD QD", "W": "KC 4C 5C 3S 4S 5S 3D 4D 5D 6D",
             "E": "2C 6C AH 3H 4H 5H 6H 2S 6S 7S", "N": "3C 7C JC QC JS QS 2D 7D AD JD"}
    state = played(hands, ["passes", "bids solo", "names trumps H"], ["KC", "QD", "2C", "3C"])
    assert state.to_act == "W" and state.ombre == "S"
    decision = Club().decide(RULES, RULES.view(state, "W"))
    assert decision.action == Play("W", Card("4", "C"))
    assert "the Ombre has shown out of clubs" in decision.reason


def test_the_called_partner_leads_a_low_trump_for_the_ombre():
    hands = {"S": "AS 7H AC KH QH JH 2H KS KD QD", "W": "KC 4C 5C 3H 4H 3S 4S 3D 4D 5D",
             "E": "2C 6C AH 5H 6H 2S 6S 7S 5S 6D", "N": "3C 7C JC QC JS QS 2D 7D AD JD"}
    state = played(hands, ["passes", "asks leave", "passes", "passes", "names trumps H", "calls KC"],
                   ["KC", "QD", "2C", "3C"])
    assert state.to_act == "W" and state.partner == "W"
    decision = Club().decide(RULES, RULES.view(state, "W"))
    assert decision.action == Play("W", Card("4", "H"))
    assert "low trump" in decision.reason and "my partner the Ombre" in decision.reason
