"""Quadrille's rule register at work: each refusal names the rule that refuses it, and the rules no
other test names (turns, the next dealer, one's own king, the result, the stakes, the match's end)
checked on small explicit deals."""
from __future__ import annotations

import pytest

from cardlab import Hand, Play, get_rules, parse_action
from cardlab.bots import SimpleBot, play_out
from cardlab.cards import Card
from cardlab.games.quadrille.rules import Outcome
from cardlab.rules import HandResult
from tests.test_quadrille import SIX_STRAIGHT, STRONG_W, alliance_w, start, state_with
from tests.tiny import make_deal, play

# W holds the three black matadors with spades trumps, and the king of spades below them.
BLACK_W = make_deal(
    W="AS 2S AC KS QS JS 7S 6S KH KD",
    S="5S 4S 3S AH QH JH 2H 3H 4H 5H",
    E="6H 7H AD QD JD 2D 3D 4D 5D 6D",
    N="7D KC QC JC 7C 6C 5C 4C 3C 2C",
)
# W holds every plain king and queen once diamonds are trumps.
KINGS_W = make_deal(
    W="KS QS KH QH KC QC AS AC 2D 3D",
    S="2S 3S 4S 5S 6S 7S JS AH 2H 3H",
    E="4H 5H 6H 7H JH AD KD QD JD 4D",
    N="5D 6D 7D 2C 3C 4C 5C 6C 7C JC",
)


def refused_by(hand: Hand, action: str) -> str:
    """The id of the rule that refuses ``action`` now."""
    refusal = hand.rules.why_illegal(hand.state, parse_action(action, hand.rules.seats))
    assert refusal is not None, action
    return refusal.rule


def card_refused_by(trumps: str, led: list[tuple[str, str]], hand: str, card: str) -> str:
    """The id of the rule that refuses S's ``card`` on a trick ``led``, S holding ``hand``."""
    rules, state = state_with(trumps, led, "S", hand)
    refusal = rules.why_illegal(state, Play("S", Card.parse(card)))
    assert refusal is not None, card
    return refusal.rule


@pytest.mark.rule("quadrille.auction", "quadrille.asker-holds", "quadrille.turn", "quadrille.name-trumps",
                  "quadrille.king-call", "quadrille.calls")
def test_the_auction_and_the_call_refuse_with_their_own_rules():
    hand = start(STRONG_W)
    assert refused_by(hand, "W plays AS") == "quadrille.auction"          # no card during the auction
    assert refused_by(hand, "S passes") == "quadrille.turn"               # W, eldest, speaks first
    asked = play(hand, "W asks leave")
    assert refused_by(asked, "S asks leave") == "quadrille.auction"        # only one may ask leave
    over = play(asked, "S bids solo")
    assert refused_by(over, "W bids solo") == "quadrille.asker-holds"       # W may only hold or pass
    alliance = play(asked, "S passes", "E passes", "N passes")
    assert refused_by(alliance, "W calls KD") == "quadrille.name-trumps"
    assert refused_by(alliance, "W plays AS") == "quadrille.name-trumps"
    trumps = play(alliance, "W names trumps H")
    assert refused_by(trumps, "W calls KS") == "quadrille.king-call"        # W holds that king
    assert refused_by(trumps, "W plays AS") == "quadrille.king-call"
    playing = play(trumps, "W calls KD")
    assert refused_by(playing, "W passes") == "quadrille.auction"          # the auction is over
    assert refused_by(playing, "W sings") == "quadrille.calls"
    assert refused_by(playing, "W stops") == "quadrille.premiers"          # not after six straight tricks


@pytest.mark.rule("quadrille.black-aces", "quadrille.matador-renege", "quadrille.follow-suit", "quadrille.ask-ally",
                  "quadrille.mediator", "quadrille.vole-announced")
def test_card_play_refuses_with_its_own_rules():
    assert card_refused_by("H", [("W", "KS")], "AS 2S 3H", "3H") == "quadrille.black-aces"
    assert card_refused_by("H", [("W", "AS")], "AC 2S 3S", "2S") == "quadrille.matador-renege"
    assert card_refused_by("H", [("W", "5H")], "AS 2H 3S", "3S") == "quadrille.follow-suit"
    assert card_refused_by("H", [("W", "KD")], "2D 3S", "3S") == "quadrille.follow-suit"
    asked = play(alliance_w(), *SIX_STRAIGHT, "W asks")
    assert refused_by(asked, "E plays KD") == "quadrille.ask-ally"
    assert refused_by(asked, "E asks") == "quadrille.ask-ally"
    exchange = play(start(STRONG_W, mediator=True), "W bids médiator", "S passes", "E passes", "N passes",
                    "W names trumps H", "W takes KD")
    assert refused_by(exchange, "W gives KD") == "quadrille.mediator"
    announce = play(start(STRONG_W, vole_announced=True), "W bids solo", "S passes", "E passes", "N passes",
                    "W names trumps H")
    assert refused_by(announce, "W plays AS") == "quadrille.vole-announced"


@pytest.mark.rule("quadrille.next-dealer")
def test_the_deal_passes_to_the_right_to_this_deals_eldest():
    rules = get_rules("quadrille")
    assert [rules.next_dealer(seat) for seat in "NWSE"] == ["W", "S", "E", "N"]
    assert rules.next_dealer("N") == start(STRONG_W).state.to_act          # eldest of N's deal


@pytest.mark.rule("quadrille.own-king")
def test_holding_every_plain_king_and_queen_the_ombre_calls_his_own_king_and_plays_alone():
    hand = play(start(KINGS_W), "W asks leave", "S passes", "E passes", "N passes", "W names trumps D")
    assert sorted(str(action) for action in hand.rules.legal(hand.state)) == ["W calls KC", "W calls KH",
                                                                             "W calls KS"]
    hand = play(hand, "W calls KS")
    assert hand.state.partner is None and hand.state.phase == "play"


@pytest.mark.rule("quadrille.result")
def test_six_tricks_win_five_are_a_remise_four_or_fewer_a_codille():
    stakes = tuple((seat, 1) for seat in "NESW")
    results = [Outcome("solo", "W", None, tricks, 0, False, "", stakes, "H").result for tricks in range(11)]
    assert results == ["codille"] * 5 + ["remise"] + ["win"] * 5


@pytest.mark.rule("quadrille.play-out")
def test_without_six_straight_tricks_all_ten_are_played():
    rules = get_rules("quadrille")
    played = []
    for seed in range(6):
        hand = Hand.dealt(rules, "N", seed)
        for action in play_out(rules, hand.state, SimpleBot()):
            hand = hand.then(action)
        if hand.state.vole != "stopped":
            played.append(len(hand.state.tricks))
    assert played and set(played) == {10}


@pytest.mark.rule("quadrille.stakes", "quadrille.dealer-stakes")
def test_every_player_stakes_one_chip_or_the_dealer_stakes_for_all():
    hand = play(start(STRONG_W), "W bids solo", "W names trumps H")
    assert dict(hand.rules.outcome(hand.state).stakes) == {"N": 1, "E": 1, "S": 1, "W": 1}
    dealer = get_rules("quadrille", stakes="dealer_four")
    assert dict(dealer.outcome(hand.state).stakes) == {"N": 4, "E": 0, "S": 0, "W": 0}


@pytest.mark.rule("quadrille.chips", "quadrille.more-chips", "quadrille.rounds", "quadrille.game-length")
def test_equal_chips_never_fewer_than_forty_and_whole_rounds_of_deals():
    assert get_rules("quadrille").new_match("N").totals == {"N": 40, "E": 40, "S": 40, "W": 40, "pot": 0}
    assert set(get_rules("quadrille", chips=100).new_match("N").totals.values()) == {100, 0}
    assert min(get_rules("quadrille").Options.__dataclass_fields__["chips"].metadata["choices"]) == 40
    assert [get_rules("quadrille", rounds=rounds).deals() for rounds in (1, 2, 3, 4)] == [4, 8, 12, 16]


@pytest.mark.rule("quadrille.match-winner")
def test_the_richest_player_wins_the_game_and_equal_players_share_it():
    rules = get_rules("quadrille", rounds=1)
    last = rules.match_from_json("N", {"N": 45, "E": 40, "S": 38, "W": 37, "pot": 0, "deals": 3})
    nothing = HandResult(points={}, score={"N": 0, "E": 0, "S": 0, "W": 0, "pot": 0}, parts={})
    assert rules.settle(last, nothing).over and rules.settle(last, nothing).winner == "N"
    tied = rules.match_from_json("N", {"N": 45, "E": 45, "S": 35, "W": 35, "pot": 0, "deals": 3})
    assert rules.settle(tied, nothing).winner == "N and E"
    early = rules.match_from_json("N", {"N": 45, "E": 40, "S": 38, "W": 37, "pot": 0, "deals": 2})
    assert not rules.settle(early, nothing).over


@pytest.mark.rule("quadrille.matador-bonus", "quadrille.fourth-matador")
def test_three_black_matadors_are_one_unit_and_the_black_king_a_fourth_only_with_the_option():
    hand = play(start(BLACK_W), "W bids solo", "W names trumps S")
    assert hand.rules.outcome(hand.state).matador_units == 1
    fourth = get_rules("quadrille", fourth_matador_black_king=True)
    assert fourth.outcome(hand.state).matador_units == 2
