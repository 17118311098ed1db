"""One way to play a hand on (cardlab/playout.py): its stop conditions, its seeding, and the
callers that go through it (the duel, practice, the simple bots, the expert's sampled deals),
each checked by playing the same hand both ways.  The duel's output is pinned by a digest, and
the beginner's reason follows the branch SimpleBot took."""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from cardlab.actions import Call, Deal, Play
from cardlab.bots import RandomBot, SimpleBot, next_action, play_out as bot_play_out
from cardlab.games import get_rules
from cardlab.players import get_player
from cardlab.players.club import Club
from cardlab.players.duel import Tally, duel, play_hand, seatings
from cardlab.players.expert import MAX_ACTIONS, Expert, margin
from cardlab.playout import play_out, steps
from cardlab.practice.common import play
from cardlab.record import Hand

GAMES = ("tressette", "quatre_sept", "sixty_six", "aluette", "vache", "quadrille")
REDEAL = {"redeal_no_high_cards": True}   # Quatre Sept: a hand with no high card is dealt again
REDEAL_SEED = 29                          # ... which happens after one call


def dealt(game: str, seed: int = 1, **options):
    rules = get_rules(game, **options)
    return rules, Hand.dealt(rules, rules.seats[0], seed).state


# ----- stop conditions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_by_default_the_hand_is_played_to_its_end(game):
    rules, state = dealt(game)
    assert play_out(rules, state, SimpleBot(), chance=1).over


def test_a_seat_stops_the_play_out_at_its_own_decision():
    rules, state = dealt("tressette", 4)
    played = list(steps(rules, state, SimpleBot(), chance=4, stop="S"))
    assert played and all(step.seat != "S" for step in played)
    last = played[-1].after
    assert last.to_act == "S" and last.phase != "deal" and not last.over


def test_a_number_stops_after_that_many_actions_and_a_predicate_when_it_holds():
    rules, state = dealt("sixty_six", 2)
    assert len(list(steps(rules, state, SimpleBot(), chance=2, stop=5))) == 5
    played = list(steps(rules, state, SimpleBot(), chance=2, stop=lambda table: len(table.tricks) >= 2))
    assert len(played[-1].after.tricks) == 2 and len(played[-1].before.tricks) == 1


def test_a_seat_without_a_player_is_a_decision_nobody_here_makes():
    rules, state = dealt("vache", 3)
    others = {seat: SimpleBot() for seat in rules.seats if seat != "S"}
    last = play_out(rules, state, others, chance=3)
    assert last.to_act == "S" and not last.over


def test_without_chance_no_deal_is_made():
    rules = get_rules("quatre_sept", **REDEAL)
    assert list(steps(rules, rules.initial("N"), SimpleBot(), chance=None)) == []
    played = list(steps(rules, rules.initial("N"), SimpleBot(), chance=REDEAL_SEED))
    deals = [k for k, step in enumerate(played) if isinstance(step.action, Deal)]
    assert deals == [0, 2]                  # dealt, one call, dealt again
    short = list(steps(rules, played[0].after, SimpleBot(), chance=None))
    assert len(short) == 1 and short[-1].after.phase == "deal"


def test_forced_calls_are_made_for_any_seat_without_asking_a_player():
    rules = get_rules("tressette", declarations=True)   # declared automatically
    for seed in range(200):
        state = Hand.dealt(rules, "N", seed).state
        if rules.forced_calls(state):
            break
    forced = list(steps(rules, state, {}, chance=seed, forced=True))
    assert [step.action for step in forced] == rules.forced_calls(state)
    assert all(isinstance(step.action, Call) and step.seat is None for step in forced)
    assert not rules.forced_calls(forced[-1].after) and forced[-1].after.to_act == state.to_act
    assert list(steps(rules, state, {}, chance=seed)) == []       # without forced=True nobody makes them


def test_reasons_come_with_the_decision_that_made_the_action():
    rules, state = dealt("aluette", 5)
    for step in steps(rules, state, get_player("club"), chance=5, stop=12, reasons=True):
        assert step.decision is not None and step.decision.action == step.action
        assert step.decision.reason and step.seconds >= 0
    with pytest.raises(TypeError, match="gives no reasons"):
        list(steps(rules, state, RandomBot(1), chance=5, reasons=True))


# ----- seeding -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_hand(game):
    rules = get_rules(game)
    one = [step.action for step in steps(rules, rules.initial(rules.seats[0]), SimpleBot(), chance=11)]
    two = [step.action for step in steps(rules, rules.initial(rules.seats[0]), SimpleBot(), chance=random.Random(11))]
    other = [step.action for step in steps(rules, rules.initial(rules.seats[0]), SimpleBot(), chance=12)]
    assert one == two and one[0] == rules.deal(rules.seats[0], 11) and one != other


def test_every_deal_draws_from_one_stream_or_from_the_shuffle_given_for_its_step():
    rules = get_rules("quatre_sept", **REDEAL)
    stream = random.Random(REDEAL_SEED)
    played = list(steps(rules, rules.initial("N"), SimpleBot(), chance=REDEAL_SEED))
    assert played[0].action == rules.deal("N", stream) and played[2].action == rules.deal("N", stream)
    asked: list[int] = []

    def by_step(done: int) -> random.Random:
        asked.append(done)
        return random.Random(f"{REDEAL_SEED}/{done}")

    first = next(steps(rules, rules.initial("N"), SimpleBot(), chance=by_step))
    assert asked == [0] and first.action == rules.deal("N", random.Random(f"{REDEAL_SEED}/0"))


# ----- the callers go through it -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_duel_plays_the_hand_playout_plays(game):
    rules = get_rules(game)
    labels = {"A": get_player("beginner"), "B": get_player("club")}
    for seating in seatings(rules)[:2]:
        tally = Tally()
        state = play_hand(rules, rules.seats[1], 77, seating, labels, tally)
        at_seats = {seat: labels[label] for seat, label in seating.items()}
        assert state == play_out(rules, rules.initial(rules.seats[1]), at_seats, chance=77)
        assert len(tally.times["A"]) + len(tally.times["B"]) > 0


def test_the_duel_keeps_its_redeal_on_the_deal_s_own_stream():
    rules = get_rules("quatre_sept", **REDEAL)
    players = {"A": SimpleBot(), "B": SimpleBot()}
    state = play_hand(rules, "N", REDEAL_SEED, seatings(rules)[0], players, Tally())
    assert state.deal == [s.action for s in steps(rules, rules.initial("N"), SimpleBot(), chance=REDEAL_SEED)
                          if isinstance(s.action, Deal)][-1]


@pytest.mark.parametrize("game", GAMES)
def test_practice_plays_the_hand_playout_plays(game):
    rules = get_rules(game)
    for seed in (3, 8):
        hand = play(rules, game, {}, rules.seats[0], seed)
        played = list(steps(rules, hand.states[0], SimpleBot(), chance=seed))
        assert hand.actions == tuple(step.action for step in played)
        assert hand.states[1:] == tuple(step.after for step in played)
    hand = play(rules, game, {}, rules.seats[0], 3, until=6, tricks=1)
    assert len(hand.actions) <= 6 and len(hand.states[-1].tricks) <= 1


def test_practice_redeals_from_a_stream_seeded_like_its_deal():
    rules = get_rules("quatre_sept", **REDEAL)
    hand = play(rules, "quatre_sept", REDEAL, "N", REDEAL_SEED)
    redeal = next(action for action in hand.actions if isinstance(action, Deal))
    assert redeal == rules.deal("N", REDEAL_SEED)      # a fresh stream: the first redeal shuffles as the deal did


def test_the_simple_bots_play_out_and_next_action_are_playout_steps():
    rules, state = dealt("quadrille", 6)
    bot = SimpleBot()
    assert bot_play_out(rules, state, bot, until="S", rng=random.Random(6)) == \
        [step.action for step in steps(rules, state, bot, chance=6, stop="S")]
    assert next_action(rules, state, bot) == bot.choose(rules, rules.view(state, state.to_act))
    with pytest.raises(ValueError, match="The hand is over"):
        next_action(rules, play_out(rules, state, bot, chance=6), bot)


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_s_sampled_deals_are_played_out_by_the_club_player_through_playout(game):
    rules, state = dealt(game, 9)
    state = play_out(rules, state, SimpleBot(), chance=9, stop=lambda table: table.phase == "play")
    seat, expert = state.to_act, Expert(seed=1, samples=2, budget=None)
    action = Club().choose(rules, rules.view(state, seat))
    ended = play_out(rules, rules.apply(state, action), Club(), chance=None, stop=MAX_ACTIONS)
    assert ended.over
    assert expert.play_out(rules, state, action, seat) == margin(rules, ended, seat)
    assert expert.played == len(list(steps(rules, rules.apply(state, action), Club(), chance=None)))


# ----- the duel's output, pinned ---------------------------------------------------------------------------
DUEL_DIGESTS = {  # sha256 of the duel's JSON (timings left out), recorded before playout.py
    "tressette": "0646a089993bb0b8235c97bf286f10232bb5f113ce15c6cd35e793e85030a53c",
    "quatre_sept": "5ff69ac415cd726e8fac330a1045a84131ae273298130bd55a26ee5a8cd99752",
    "sixty_six": "dfe07555400fde440d184cdb818ff1cd42791c663ed7c136cc086ebbfdcbb365",
    "aluette": "3a807e19d4476ef2f2f0195e3b724bde0b0b76b5132bc8f9f6fe8f9c701d4963",
    "vache": "552ae71cd3c38c1003e13881453b816ced90685c63660e39923dd32a66863add",
    "quadrille": "e8077910cb9e249d20f7ecb43989a4e3b5c1cc10e911946eeafa12740f25ef86",
}


def duel_digest(game: str) -> str:
    result = duel(get_rules(game), ("beginner", "club"), 6, seed=4)
    del result["move_ms"]
    return hashlib.sha256(json.dumps(result, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("game", GAMES)
def test_duel_output_is_the_same_as_before_playout(game):
    assert duel_digest(game) == DUEL_DIGESTS[game]


def test_an_expert_duel_without_a_time_budget_is_reproducible():
    rules = get_rules("sixty_six")
    one, two = (duel(rules, ("club", "expert"), 2, seed=3, samples=3, budget=None) for _ in range(2))
    for result in (one, two):
        del result["move_ms"]
    assert one == two


# ----- the beginner's reason is the branch SimpleBot took ------------------------------------------------
def test_the_beginner_words_the_rule_simple_bot_played_by():
    """Giving its card worth the most to a partner who holds the trick, SimpleBot may take the
    trick itself: the reason says what it did, not "the cheapest card that takes it"."""
    rules = get_rules("tressette")
    beginner, seen = get_player("beginner"), 0
    for seed in range(60):
        for state in play(rules, "tressette", {}, "N", seed).states:
            if state.over or state.phase != "play":
                continue
            view = rules.view(state, state.to_act)
            action, why = SimpleBot().pick(rules, view)
            decision = beginner.decide(rules, view)
            assert decision.action == action
            if why == "partner" and isinstance(action, Play) and \
                    rules.trick_winner(view, view.trick.with_play(view.to_act, action.card)) == view.to_act:
                seen += 1
                assert "cheapest" not in decision.reason and "my card worth the most" in decision.reason
    assert seen



def test_the_beginner_does_not_call_the_card_it_gives_its_partner_the_cheapest():
    rules = get_rules("tressette")
    state = play(rules, "tressette", {}, "N", 1).states[11]   # N's partner holds the trick; N gives its ace
    decision = get_player("beginner").decide(rules, rules.view(state, "N"))
    assert str(decision.action) == "N plays AH"
    assert decision.reason == ("I take the trick with the ace of cups, my card worth the most, over my partner's "
                               "6 of cups: it stays with our side.")
    assert decision.public == "I take the trick with the ace of cups over my partner's 6 of cups: it stays with our side."
