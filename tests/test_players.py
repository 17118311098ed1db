"""The computer players (issue 10): honest by test, one reason sentence per choice, legal play in
every game and level, memory of voids, the expert's sampling and reproducibility."""
from __future__ import annotations

import random
import re

import pytest

from cardlab.actions import Play
from cardlab.games import get_rules
from cardlab.players import LEVELS, Decision, LevelError, get_player
from cardlab.players.club import Club
from cardlab.players.expert import Expert, sample
from cardlab.players.memory import remember
from cardlab.record import Hand
from cardlab.state import State

CONFIGS = [
    ("tressette", {}),
    ("tressette", {"declarations": True, "declare": "by hand", "signals": True}),
    ("quatre_sept", {}),
    ("quatre_sept", {"politaine_announce": "before_first_lead", "redeal_no_high_cards": True,
                     "low_lead_rule": True}),
    ("sixty_six", {}),
    ("aluette", {}),
    ("aluette", {"surrender": True, "signals": "partner", "chant_recipients": "partner_and_left"}),
    ("vache", {}),
    ("vache", {"players": 5}),
    ("quadrille", {}),
    ("quadrille", {"mediator": True, "devole": True, "grandissimo": True, "vole_announced": True,
                   "preference": "H", "casco": True}),
    ("quadrille", {"players": 5}),
]
IDS = [f"{game}-{i}" for i, (game, _) in enumerate(CONFIGS)]
CODE = re.compile(r"\b(A|[2-9]|10|J|Kn|Q|K)[SHDC]\b")


def player(level: str):
    """The expert bounded by a sample count only, so that its choice is reproducible."""
    return Expert(seed=5, samples=2, budget=None) if level == "expert" else get_player(level)


def positions(rules, seed: int, every: int):
    """Every ``every``-th decision point of a hand played by the club player (redeals included)."""
    rng = random.Random(seed)
    state = rules.initial(rules.seats[0])
    club, step = Club(), 0
    while not state.over:
        if state.phase == "deal":
            state = rules.apply(state, rules.deal(state.dealer, rng))
            continue
        if step % every == 0:
            yield state
        step += 1
        state = rules.apply(state, club.choose(rules, rules.view(state, state.to_act)))


def swapped(state: State, rng: random.Random) -> State:
    """The same state with the cards of every hand but the actor's shuffled among those hands,
    each keeping its number of cards."""
    others = [i for i, seat in enumerate(state.seats) if seat != state.to_act]
    pool = [card for i in others for card in state.hands[i]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for i in others:
        hands[i], pool = tuple(pool[:len(hands[i])]), pool[len(hands[i]):]
    return state.evolve(hands=tuple(hands))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_choice_does_not_change_when_unseen_cards_are_swapped(game, options, level):
    rules = get_rules(game, **options)
    rng = random.Random(11)
    compared = changed = 0
    for seed in (1, 2):
        for state in positions(rules, seed, every=9 if level == "expert" else 4):
            moved = swapped(state, rng)
            changed += moved.hands != state.hands
            seat = state.to_act
            first = player(level).decide(rules, rules.view(state, seat))
            second = player(level).decide(rules, rules.view(moved, seat))
            assert first == second, f"{seat} at {state.status}"
            compared += 1
    assert compared >= 5 and changed >= 3


def test_the_swap_reaches_the_hidden_hands():
    rules = get_rules("tressette")
    state = next(positions(rules, 1, every=1))
    moved = swapped(state, random.Random(0))
    actor = state.seats.index(state.to_act)
    assert moved.hands[actor] == state.hands[actor] and moved.hands != state.hands
    assert rules.view(moved, state.to_act).hands == rules.view(state, state.to_act).hands


def check_reason(rules, decision: Decision) -> None:
    reason = decision.reason
    assert isinstance(reason, str) and reason.strip() == reason and reason
    assert reason.endswith("."), reason
    assert "\n" not in reason and CODE.search(reason) is None, reason
    assert re.search(r"[.!?] +[A-Z]", reason[:-1]) is None, f"more than one sentence: {reason}"
    if isinstance(decision.action, Play):
        assert rules.pack.name(decision.action.card) in reason or reason.startswith("Expert:"), reason


def club_decides(hand: Hand) -> Decision:
    """The club player's choice for the seat to act in ``hand``: legal, with one reason sentence."""
    rules = hand.rules
    decision = Club().decide(rules, rules.view(hand.state, hand.state.to_act))
    check_reason(rules, decision)
    assert rules.why_illegal(hand.state, decision.action) is None
    return decision


@pytest.mark.parametrize("level", ["beginner", "club"])
@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_every_choice_is_legal_and_has_one_reason(game, options, level):
    rules = get_rules(game, **options)
    bot = player(level)
    for seed in range(2):
        rng = random.Random(seed)
        hand = Hand.start(rules, rules.seats[seed % len(rules.seats)])
        while not hand.state.over:
            state = hand.state
            if state.phase == "deal":
                hand = hand.then(rules.deal(state.dealer, rng))
                continue
            decision = bot.decide(rules, rules.view(state, state.to_act))
            check_reason(rules, decision)
            assert rules.why_illegal(state, decision.action) is None
            assert bot.choose(rules, rules.view(state, state.to_act)) == decision.action
            hand = hand.then(decision.action)
        assert rules.score(hand.state) is not None


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_expert_choices_are_legal_and_have_one_reason(game, options):
    rules = get_rules(game, **options)
    expert = player("expert")
    searched = 0
    for state in positions(rules, 4, every=8):
        decision = expert.decide(rules, rules.view(state, state.to_act))
        check_reason(rules, decision)
        assert rules.why_illegal(state, decision.action) is None
        searched += decision.reason.startswith("Expert:")
    assert searched >= 1


def test_expert_names_the_deals_it_sampled_and_is_reproducible():
    rules = get_rules("tressette")
    state = next(s for s in positions(rules, 3, every=1) if len(rules.legal(s)) >= 4)
    view = rules.view(state, state.to_act)
    first = Expert(seed=1, samples=4, budget=None).decide(rules, view)
    assert first == Expert(seed=1, samples=4, budget=None).decide(rules, view)
    assert "over 4 deals like this one" in first.reason


def test_expert_out_of_time_plays_as_the_club_player_and_says_so():
    rules = get_rules("sixty_six")
    state = next(s for s in positions(rules, 2, every=1) if len(rules.legal(s)) >= 3)
    view = rules.view(state, state.to_act)
    decision = Expert(seed=0, samples=50, budget=0.0).decide(rules, view)
    plain = Club().decide(rules, view)
    assert decision.action == plain.action
    assert decision.reason == f"Out of time for a search, the expert plays as the club player: {plain.reason}"


def test_memory_reads_a_void_and_the_sampler_respects_it():
    rules = get_rules("tressette")
    hand = Hand.start(rules, "N")
    deal = {
        "W": "3C 2C AC KC KnC JD 7D 6D 5D 4D", "S": "JC 7C 6C 5C 4C 3D 2D AD KD KnD",
        "E": "AH 3H KH 6H 4H 3S KS JS JH 5S", "N": "AS 2H 7H 5H 7S 2S KnS KnH 6S 4S"}
    from cardlab.actions import Deal
    from cardlab.cards import parse_cards
    hand = hand.then(Deal("N", tuple((seat, parse_cards(deal[seat])) for seat in rules.seats)))
    for text in ("W plays 4D", "S plays 3D", "E plays AH", "N plays AS"):
        hand = hand.then(text)
    view = rules.view(hand.state, "S")
    memory = remember(rules, view)
    assert memory.voids["E"] == {"D"} and memory.voids["N"] == {"D"}
    rng = random.Random(0)
    for _ in range(30):
        world = sample(rules, view, memory, rng)
        assert not any(card.suit == "D" for seat in ("E", "N") for card in world.hand(seat))
        assert world.hand("S") == hand.state.hand("S")
        assert sorted(map(str, (c for s in rules.seats for c in world.hand(s)))) == \
            sorted(map(str, (c for s in rules.seats for c in hand.state.hand(s))))


def test_sixty_six_turned_card_stays_with_the_dealer_in_every_sample():
    rules = get_rules("sixty_six")
    state = next(s for s in positions(rules, 5, every=1) if s.to_act != s.dealer)
    turned = state.turned
    assert turned in state.hand(state.dealer)
    view = rules.view(state, state.to_act)
    memory = remember(rules, view)
    for seed in range(10):
        assert turned in sample(rules, view, memory, random.Random(seed)).hand(state.dealer)


def test_unknown_level_is_refused_with_a_sentence():
    with pytest.raises(LevelError, match="is not a level: the computer plays beginner, club, expert"):
        get_player("grandmaster")


def test_beginner_plays_exactly_as_simple_bot():
    from cardlab.bots import SimpleBot
    rules = get_rules("sixty_six")
    beginner, bot = get_player("beginner"), SimpleBot()
    for state in positions(rules, 7, every=1):
        view = rules.view(state, state.to_act)
        assert beginner.choose(rules, view) == bot.choose(rules, view)


def test_club_leading_with_a_politaine_declares_it_and_wins_it():
    rules = get_rules("quatre_sept")
    club = Club()
    for seed in range(200):
        state = Hand.dealt(rules, "N", seed).state
        leader = state.to_act
        if state.over or not rules.politaines(state.hand(leader)):
            continue
        while not state.over:
            state = rules.apply(state, club.choose(rules, rules.view(state, state.to_act)))
        mine = [suit for seat, suit in rules.declared(state) if seat == leader]
        assert mine and all(rules.politaine_won(state, leader, suit) for suit in mine)
        return
    pytest.fail("no first leader was dealt a politaine in 200 seeds")


@pytest.mark.parametrize("game", ["tressette", "sixty_six"])
def test_review_loss_is_zero_for_the_experts_choice_and_never_negative(game):
    rules = get_rules(game)
    state = next(s for s in positions(rules, 6, every=1) if s.phase == "play" and len(rules.legal(s)) >= 4)
    view = rules.view(state, state.to_act)
    expert = Expert(seed=2, samples=3, budget=None)
    chosen = expert.decide(rules, view).action
    assert expert.loss(rules, view, chosen).amount == 0
    losses = [expert.loss(rules, view, action) for action in rules.legal(state)[:4]]
    assert all(loss.amount >= 0 and loss.deals == 3 for loss in losses)
    assert all(rules.why_illegal(state, loss.best) is None for loss in losses)
    assert {loss.units for loss in losses} == {"points" if game == "tressette" else "game points"}


def test_quadrille_called_king_is_placed_where_the_auction_says():
    rules, club = get_rules("quadrille", mediator=True), Club()
    checked = set()
    for seed in range(300):
        state = rules.apply(rules.initial("N"), rules.deal("N", seed))
        while not state.over and state.phase != "play":
            state = rules.apply(state, club.choose(rules, rules.view(state, state.to_act)))
        if state.over or state.called is None:
            continue
        for seat in rules.seats:
            if seat in (state.ombre, state.partner):
                continue
            view = rules.view(state, seat)
            world = sample(rules, view, remember(rules, view), random.Random(seed))
            holder = next(s for s in rules.seats if state.called in world.hand(s))
            if state.contract == "médiator":
                assert holder == state.ombre
            else:
                assert holder not in (state.ombre, seat)
            checked.add(state.contract)
        if {"médiator", "alliance"} <= checked:
            return
    pytest.fail(f"only {checked} contracts with a called card were dealt")
