"""La Vache: one test per rule statement (shared/rules.md §4.6), each on a small explicit deal.

Four players sit N E S W (clockwise).  Play goes counter-clockwise: with N dealing, the dealer's
right is W, and play runs W → S → E → N.  Ranking, high to low: A 2 3 4 5 6 7 8 9 J Kn K.
"""
from __future__ import annotations

import pytest

from cardlab import Call, Deal, Hand, Play, get_rules, parse_cards
from cardlab.cards import SPANISH_48
from cardlab.rules import MatchError
from cardlab.scenario import builtin, builtin_names, run
from tests import tiny
from tests.tiny import play


def make_deal(dealer="N", rest=None, **hands) -> Deal:
    extras = (("rest", parse_cards(rest)),) if rest else ()
    return Deal(dealer, tuple((seat, parse_cards(cards)) for seat, cards in hands.items()), extras)


def start(deal: Deal, **options) -> Hand:
    return tiny.start("vache", deal, **options)


# Each player holds one suit from the ace to the 9; the jacks, knights and kings are left over.
SUITS = make_deal(W="AS 2S 3S 4S 5S 6S 7S 8S 9S", S="AH 2H 3H 4H 5H 6H 7H 8H 9H",
                  E="AD 2D 3D 4D 5D 6D 7D 8D 9D", N="AC 2C 3C 4C 5C 6C 7C 8C 9C",
                  rest="JS KnS KS JH KnH KH JD KnD KD JC KnC KC")


@pytest.mark.rule("vache.ranking")
def test_ranking_ace_two_three_down_to_nine_then_jack_knight_king():
    rules = get_rules("vache")
    order = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S JS KnS KS")
    strengths = [rules.strength(None, card) for card in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 12
    assert rules.strength(None, parse_cards("KD")[0]) == rules.strength(None, parse_cards("KS")[0])


@pytest.mark.rule("vache.players")
def test_three_to_five_players_each_for_himself_with_named_seats():
    for players, seats in ((3, ("E", "S", "W")), (4, ("N", "E", "S", "W")), (5, ("NE", "E", "S", "W", "NW"))):
        rules = get_rules("vache", players=players)
        assert rules.seats == seats
        assert rules.sides == {seat: (seat,) for seat in seats}


@pytest.mark.rule("vache.deal")
def test_deal_one_at_a_time_counter_clockwise_from_the_dealers_right_nine_each_rest_aside():
    rules = get_rules("vache")
    cards = list(SPANISH_48.cards)
    deal = rules.deal_from("N", cards)
    assert deal.hand("W") == tuple(cards[0:36:4])         # W, at N's right, receives first
    assert deal.hand("S") == tuple(cards[1:36:4])
    assert deal.hand("N") == tuple(cards[3:36:4])
    assert deal.extra("rest") == tuple(cards[36:])
    five = get_rules("vache", players=5).deal_from("S", cards)
    assert all(len(hand) == 9 for _, hand in five.hands) and len(five.extra("rest")) == 3


@pytest.mark.rule("vache.first-lead", "vache.turn", "vache.next-dealer")
def test_the_dealers_right_leads_and_play_goes_counter_clockwise():
    hand = start(SUITS)
    assert hand.state.to_act == "W"
    hand = play(hand, "W plays 9S")
    assert hand.state.to_act == "S"
    assert hand.rules.next_dealer("N") == "W"


@pytest.mark.rule("vache.any-card")
def test_any_card_may_be_played():
    hand = play(start(SUITS), "W plays 9S")
    assert {str(a.card) for a in hand.rules.legal(hand.state) if isinstance(a, Play)} == \
        set("AH 2H 3H 4H 5H 6H 7H 8H 9H".split())


@pytest.mark.rule("vache.trick-winner")
def test_the_highest_rank_wins_the_trick_whatever_its_suit():
    hand = play(start(SUITS), "W plays 9S", "S plays 5H", "E plays 2D", "N plays 7C")
    assert hand.state.tricks[0].winner == "E" and hand.state.to_act == "E"


@pytest.mark.rule("vache.tied-trick")
def test_a_tied_trick_is_carried_and_taken_with_the_next_trick_by_its_winner():
    hand = play(start(SUITS), "W plays 5S", "S plays 5H", "E plays 6D", "N plays 7C")
    assert hand.state.tricks[0].winner is None and hand.state.to_act == "W"   # same leader again
    hand = play(hand, "W plays 4S", "S plays 4H", "E plays 7D", "N plays 8C")  # tied again
    hand = play(hand, "W plays 9S", "S plays 8H", "E plays 9D", "N plays 6C")  # N wins
    assert hand.rules.tricks_taken(hand.state)["N"] == 3


@pytest.mark.rule("vache.last-tied")
def test_a_tied_last_trick_goes_to_the_player_who_took_the_first_trick():
    hand = start(SUITS)
    plays = [("9S", "9H", "AD", "9C")]                                # E takes trick 1, then leads
    for rank in "8 7 6 5 4 3 2".split():
        plays.append((f"{rank}S", f"{rank}H", f"{rank}D", f"{rank}C"))  # ties all the way
    plays.append(("AS", "AH", "9D", "AC"))                            # W, S and N tie with aces
    hand = play(hand, "W plays 9S", "S plays 9H", "E plays AD", "N plays 9C")
    for w, s, e, n in plays[1:]:
        hand = play(hand, f"E plays {e}", f"N plays {n}", f"W plays {w}", f"S plays {s}")
    assert hand.state.over and hand.state.tricks[-1].winner is None
    assert hand.rules.tricks_taken(hand.state) == {"N": 0, "E": 9, "S": 0, "W": 0}


@pytest.mark.rule("vache.most-tricks")
def test_most_tricks_wins_the_hand():
    hand = play(start(SUITS), "W plays AS", "S plays 2H", "E plays 3D", "N plays 4C",
                "W plays 2S", "S plays 3H", "E plays 4D", "N plays 5C",
                "W plays 3S", "S plays 4H", "E plays 5D", "N plays 6C",
                "W plays 4S", "S plays 5H", "E plays 6D", "N plays 7C",
                "W plays 5S", "S plays 6H", "E plays 7D", "N plays 8C",
                "W plays 6S", "S plays 7H", "E plays 8D", "N plays 9C",
                "W plays 7S", "S plays 8H", "E plays AD", "N plays 2C",
                "E plays 2D", "N plays AC", "W plays 8S", "S plays 9H",
                "N plays 3C", "W plays 9S", "S plays AH", "E plays 9D")
    result = hand.rules.score(hand.state)
    assert hand.rules.tricks_taken(hand.state) == {"N": 1, "E": 1, "S": 1, "W": 6}
    assert result.score == {"N": 0, "E": 0, "S": 0, "W": 1}


@pytest.mark.rule("vache.most-tricks")
def test_a_tie_for_most_tricks_is_a_tie():
    hand = start(SUITS)
    # W and S alternate winning with their aces-to-nines, then E and N share the rest: 3 3 2 1.
    hand = play(hand, "W plays AS", "S plays 9H", "E plays 9D", "N plays 8C",   # W
                "W plays 9S", "S plays AH", "E plays 8D", "N plays 9C",         # S
                "S plays 2H", "E plays 7D", "N plays 7C", "W plays 8S",         # S
                "S plays 8H", "E plays 6D", "N plays 6C", "W plays 2S",         # W
                "W plays 3S", "S plays 7H", "E plays 5D", "N plays 5C",         # W
                "W plays 7S", "S plays 3H", "E plays 4D", "N plays 4C",         # S
                "S plays 6H", "E plays AD", "N plays 3C", "W plays 6S",         # E
                "E plays 3D", "N plays 2C", "W plays 5S", "S plays 5H",         # N
                "N plays AC", "W plays 4S", "S plays 4H", "E plays 2D")         # N
    taken = hand.rules.tricks_taken(hand.state)
    assert taken == {"N": 2, "E": 1, "S": 3, "W": 3}
    result = hand.rules.score(hand.state)
    assert result.score == {"N": 0, "E": 0, "S": 0, "W": 0} and "tie" in result.summary


def test_teaching_scenarios_replay():
    names = builtin_names("vache")
    assert names
    for name in names:
        outcome = run(builtin(name))
        assert outcome.error is None, outcome.error


def test_the_scenario_captions_say_what_the_table_shows():
    hand = run(builtin("vache-tied-tricks")).hand
    rules = hand.rules
    assert hand.states[5].tricks[0].winner == "E"             # states[k + 1]: after k actions
    assert hand.states[9].tricks[1].winner is None and hand.states[9].to_act == "E"
    assert all(t.winner is None for t in hand.states[33].tricks[1:])
    assert rules.tricks_taken(hand.state) == {"N": 0, "E": 9, "S": 0, "W": 0}
    assert rules.score(hand.state).score["E"] == 1


def test_the_table_counts_the_tied_tricks_a_player_has_taken():
    hand = run(builtin("vache-tied-tricks")).hand
    seats = {seat.seat: seat.tricks_won for seat in hand.rules.scene(hand.state, "S").seats}
    assert seats == {"N": 0, "E": 9, "S": 0, "W": 0}


# ----- the match: a session where each player deals once (issue 9, seed 003) ---------------------
def won_by(rules, seat):
    """A hand's result won by ``seat`` (None: a tied hand)."""
    from cardlab.rules import HandResult
    score = {s: int(s == seat) for s in rules.seats}
    return HandResult(points=dict(score), score=score, parts={s: {} for s in rules.seats})


@pytest.mark.rule("vache.match", "vache.match-level")
def test_a_match_is_a_session_where_each_player_deals_once_and_most_hands_won_wins():
    for players in (3, 4, 5):
        rules = get_rules("vache", players=players)
        first, second, third = rules.seats[1:4] if players > 3 else (*rules.seats[1:3], None)
        # three players: the first wins two hands of three; four or five: two players level on two
        winners = [first, first, second] if players == 3 else [first, first, second, second] + [third] * (players - 4)
        match, dealers = rules.new_match(rules.seats[0]), set()
        for seat in winners:
            assert not match.over
            dealers.add(match.dealer)
            match = rules.settle(match, won_by(rules, seat))
        assert dealers == set(rules.seats)                      # each player dealt once
        if players == 3:
            assert match.over and match.winner == first
            continue
        assert not match.over and match.note == "Level at the top: another hand."
        match = rules.settle(match, won_by(rules, second))
        assert match.over and match.winner == second


@pytest.mark.rule("vache.settle")
def test_a_tied_hand_counts_as_played_but_won_by_nobody():
    rules = get_rules("vache")
    match = rules.new_match("N")
    for seat in ("E", None, "E", None):
        match = rules.settle(match, won_by(rules, seat))
    assert match.over and match.winner == "E" and match.totals == {"N": 0, "E": 2, "S": 0, "W": 0}


@pytest.mark.rule("vache.one-hand")
def test_option_one_hand_each_hand_is_a_game():
    rules = get_rules("vache", match="one hand")
    match = rules.settle(rules.new_match("N"), won_by(rules, None))   # a tied hand: deal again
    assert not match.over
    match = rules.settle(match, won_by(rules, "S"))
    assert match.over and match.winner == "S"


@pytest.mark.rule("vache.settle")
def test_a_played_hand_settles_into_the_match():
    hand = run(builtin("vache-tied-tricks")).hand
    rules = hand.rules
    match = rules.match_from_json(hand.state.dealer, {"N": 1, "E": 1, "S": 0, "W": 1, "hands": 3})
    match = rules.settle(match, rules.score(hand.state))     # E takes all nine: E 2
    assert match.over and match.winner == "E"
    assert rules.match_to_json(match) == {"N": 1, "E": 2, "S": 0, "W": 1, "hands": 4}


@pytest.mark.parametrize("saved", [
    {"N": 1, "E": 1, "S": 1, "W": 1, "hands": 3},           # more hands won than played
    {"N": 3, "E": 0, "S": 0, "W": 0, "hands": 4},           # already over
    {"N": 0, "E": 0, "S": 0, "W": -1},
    {"N": 0, "E": 0, "S": 0, "NS": 0},
    {"N": 0, "E": 0, "S": 0, "W": False},
])
def test_a_wrong_scenario_match_is_refused_with_a_sentence(saved):
    with pytest.raises(MatchError) as caught:
        get_rules("vache").match_from_json("N", saved)
    assert str(caught.value).endswith(".")


# ----- the seats and the first dealer, drawn by cards (seed 003, rules.md §5b) --------------------------
@pytest.mark.rule("vache.draw", "vache.draw-ties", "vache.seating", "vache.first-dealer")
def test_the_draw_seats_the_players_in_the_order_of_their_cards_and_the_highest_deals():
    for players in (3, 4, 5):
        rules = get_rules("vache", players=players)
        for seed in range(40):
            draw = rules.dealer_draw(seed)
            assert draw == rules.dealer_draw(seed)
            assert [seat for seat, _ in draw.rounds[0]] == list(rules.seats)    # everyone draws
            last = {seat: card for drawn in draw.rounds for seat, card in drawn}  # each player's last card
            strengths = [rules.strength(None, last[seat]) for seat in draw.order]
            assert len(set(strengths)) == players and strengths == sorted(strengths, reverse=True)
            assert draw.order == rules.play_order(draw.dealer)                  # highest deals, the rest at his right
            for before, after in zip(draw.rounds, draw.rounds[1:]):             # every tied rank draws again
                held = {seat: card for drawn in draw.rounds[:draw.rounds.index(before) + 1] for seat, card in drawn}
                ranks = [rules.strength(None, card) for card in held.values()]
                assert [s for s in rules.seats if ranks.count(rules.strength(None, held[s])) > 1] == \
                    [s for s, _ in after]
            drawn = [card for round_ in draw.rounds for _, card in round_]
            assert len(set(drawn)) == len(drawn)                                # set-aside cards are not drawn again
    rules = get_rules("vache")
    assert rules.strength(None, parse_cards("AC")[0]) > rules.strength(None, parse_cards("KC")[0])
    assert any(len(rules.dealer_draw(seed).rounds) > 2 for seed in range(60))
    draw = rules.dealer_draw(2)                                                  # E and S draw knights
    assert [seat for seat, _ in draw.rounds[1]] == ["E", "S"]
    assert draw.sentence(rules.pack).endswith("at the right of the one before: E, N, W, S. E deals first.")


# ----- no calls --------------------------------------------------------------------------------
@pytest.mark.rule("vache.calls")
def test_an_empty_or_any_call_is_refused_with_a_sentence():
    hand = start(SUITS)
    for words in ("", "sings"):
        assert hand.rules.why_illegal(hand.state, Call("W", words)) == (
            "La Vache has no calls: every action is a card played, such as \"W plays 9S\".")


@pytest.mark.parametrize("name, fate", [("vache-tied-tricks", "It goes with the next trick that has a clear winner."),
                                        ("aluette-spoiled-trick", "leads again.")])
def test_a_tied_trick_says_where_it_goes_and_the_cards_name_their_class(name, fate):
    hand = run(builtin(name)).hand
    rules, state = hand.rules, hand.state
    tied = next(trick for trick in state.tricks if trick.winner is None)
    assert rules.after_tied_trick(state, tied).endswith(fate)
    assert rules.class_name(tied.plays[0][1]) and get_rules("tressette").class_name(tied.plays[0][1]) is None
