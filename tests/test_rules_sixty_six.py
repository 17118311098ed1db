"""Sixty-Six's rule register at work: each refusal names the rule that refuses it, and the rules no
other test names (sides, turns, no calls) checked on the small deals of ``tests/test_sixty_six.py``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlab import Deal, get_rules, parse_action
from cardlab.actions import Call
from cardlab.cards import Card
from cardlab.puzzles.bank import bank_puzzles
from cardlab.scenario import loads, run
from tests.test_sixty_six import FOLLOW, TRUMPING, UNDER, start
from tests.tiny import play


def refused_by(hand, action: str) -> str:
    """The id of the rule that refuses ``action`` now."""
    refusal = hand.rules.why_illegal(hand.state, parse_action(action, hand.rules.seats))
    assert refusal is not None, action
    return refusal.rule


@pytest.mark.rule("sixty_six.follow-suit", "sixty_six.must-win", "sixty_six.must-trump", "sixty_six.over-trump",
                  "sixty_six.undertrump")
def test_each_duty_of_play_refuses_with_its_own_rule():
    assert refused_by(play(start(FOLLOW), "E plays KH", "S plays AH"), "W plays AD") == "sixty_six.follow-suit"
    won = play(start(FOLLOW), "E plays KH")
    assert refused_by(won, "S plays 7H") == "sixty_six.must-win"
    assert refused_by(won, "S plays 8D") == "sixty_six.must-win"
    assert refused_by(play(start(TRUMPING), "E plays KH"), "S plays KD") == "sixty_six.must-trump"
    assert refused_by(play(start(TRUMPING), "E plays KH", "S plays 9S"), "W plays 8S") == "sixty_six.over-trump"
    strict = play(start(UNDER, must_undertrump=True), "E plays KH", "S plays 9S")
    assert refused_by(strict, "W plays AD") == "sixty_six.undertrump"


@pytest.mark.rule("sixty_six.turned-trump", "sixty_six.deal")
def test_a_deal_without_the_dealers_turned_card_is_refused_by_the_turned_trump_rule():
    rules = get_rules("sixty_six")
    state = rules.initial("N")
    assert rules.why_illegal(state, Deal("N", FOLLOW.hands)).rule == "sixty_six.turned-trump"
    short = Deal("N", ((FOLLOW.hands[0][0], FOLLOW.hands[0][1][:7]),) + FOLLOW.hands[1:], FOLLOW.extras)
    assert rules.why_illegal(state, short).rule == "sixty_six.deal"


@pytest.mark.rule("sixty_six.partners")
def test_partners_sit_opposite_and_share_their_tricks():
    hand = start(FOLLOW)
    rules = hand.rules
    assert {seat: rules.side_of(hand.state, seat) for seat in "NESW"} == {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}
    hand = play(hand, "E plays KH", "S plays AH", "W plays 8H", "N plays 7S")   # N trumps: NS take 15
    assert rules.running_points(hand.state)["NS"]["cards"] == 15
    assert rules.running_points(hand.state)["EW"]["cards"] == 0


@pytest.mark.rule("sixty_six.turn")
def test_play_turns_clockwise_and_the_winner_of_a_trick_leads_the_next():
    hand = play(start(FOLLOW), "E plays KH")
    assert hand.state.to_act == "S"
    assert refused_by(hand, "W plays 8H") == "sixty_six.turn"
    hand = play(hand, "S plays AH", "W plays 8H", "N plays 7S")                 # N's trump wins
    assert hand.state.to_act == "N"
    assert hand.state.trick.leader == "N"


@pytest.mark.rule("sixty_six.calls")
def test_nothing_is_said_no_stock_no_closing_no_marriage():
    hand = start(FOLLOW)
    assert [action for action in hand.rules.legal(hand.state) if isinstance(action, Call)] == []
    for words in ("closes", "exchanges 9S", "declares marriage", "announces 66"):
        refusal = hand.rules.why_illegal(hand.state, Call("E", words))
        assert refusal is not None and refusal.rule == "sixty_six.calls"
    assert sum(len(cards) for _, cards in FOLLOW.hands) == 32                   # all dealt: no stock


def lesson_section(heading: str) -> str:
    """The English lesson's markdown cell that starts with ``heading``."""
    cells = json.loads((Path(__file__).parent.parent / "notebooks" / "soixante_six.ipynb").read_text())["cells"]
    return next("".join(cell["source"]) for cell in cells
                if cell["cell_type"] == "markdown" and "".join(cell["source"]).startswith(heading))


@pytest.mark.rule("sixty_six.must-trump", "sixty_six.must-win")
def test_a_master_led_in_the_puzzles_loses_only_to_a_trump_from_a_player_out_of_its_suit():
    """ "Playing well" says a master led is a sure trick only while everyone can follow: over the
    "lead the master" puzzles, the master led either takes its trick or is trumped by a player
    who had no card of its suit — and the lesson says so."""
    rules = get_rules("sixty_six")
    led = trumped = 0
    for puzzle in bank_puzzles("sixty_six"):
        if puzzle["theme"] != "lead the master":
            continue
        hand = run(loads(json.dumps(puzzle["scenario"]))).hand
        if hand.state.trick is not None and hand.state.trick.plays:
            continue                                                     # the master is not led here
        seat, master = puzzle["seat"], Card.parse(puzzle["answer"])
        hand = hand.then(f"{seat} plays {master}")
        for action in puzzle["line"][:3]:
            before = hand.state
            hand = hand.then(action)
            played = parse_action(action, rules.seats)
            if played.card.suit != master.suit:
                void = all(card.suit != master.suit for card in before.hand(played.seat) if card is not None)
                assert void, (puzzle["scenario"]["seed"], action)          # follow suit first
        trick = hand.state.tricks[-1]
        led += 1
        if trick.winner != seat:
            trumped += 1
            winning = trick.card_of(trick.winner)
            assert winning.suit == rules.trump(hand.state) != master.suit, puzzle["scenario"]["seed"]
    assert led >= 10 and trumped < led
    words = lesson_section("### Lead the master")
    assert "must trump" in words and "only while" in words
