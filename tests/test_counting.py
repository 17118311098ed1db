"""The point-counting check: a right count is right; a card missed, counted twice, worth nothing
or taken by the other side is named; tricks are counted per player in Aluette, La Vache and
Quadrille, with La Vache's tied tricks going to their taker."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlab import GAMES, get_rules
from cardlab.practice import PracticeError, check_count
from cardlab.practice.common import play
from cardlab.points import fraction_text, pretty

CARD_GAMES = ("tressette", "quatre_sept", "sixty_six")
TRICK_GAMES = ("aluette", "vache", "quadrille")


def finished(game: str, seed: int = 3):
    rules = get_rules(game)
    for tried in range(seed, seed + 20):
        state = play(rules, game, {}, rules.seats[0], tried).states[-1]
        if state.over and state.tricks:
            return rules, state
    raise AssertionError("no finished hand")


def point_cards(rules, state, side: str) -> list:
    return [card for trick in state.tricks if rules.side_of(state, trick.winner) == side
            for card in trick.cards() if rules.card_points(card)]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_a_right_count_of_cards_is_right(game: str) -> None:
    rules, state = finished(game)
    for side in rules.sides:
        cards = point_cards(rules, state, side)
        parts = rules.running_points(state)[side]
        total = parts["cards"] + parts["last trick"]
        check = check_count(rules, state, side, [str(c) for c in reversed(cards)], str(total))
        assert check.right and check.total == total
        assert check.sentence.startswith(f"Right: {side} count {pretty(total)}")
        assert not (check.missed or check.twice or check.wrong)


@pytest.mark.parametrize("game", CARD_GAMES)
def test_missed_twice_worthless_and_foreign_cards_are_named(game: str) -> None:
    rules, state = finished(game)
    cards = point_cards(rules, state, "NS")
    theirs = point_cards(rules, state, "EW")
    blank = next(c for t in state.tricks if rules.side_of(state, t.winner) == "NS" for c in t.cards()
                 if not rules.card_points(c))
    claimed = cards[1:] + cards[1:2] + [blank, theirs[0]]
    check = check_count(rules, state, "NS", claimed, 5)
    assert not check.right
    assert check.missed == (cards[0],) and check.twice == (cards[1],)
    assert set(check.wrong) == {blank, theirs[0]}
    name = rules.pack.name
    assert f"you missed {name(cards[0])}" in check.sentence
    assert f"you counted {name(cards[1])} twice" in check.sentence
    assert f"{name(blank)} counts nothing" in check.sentence
    assert f"NS did not take {name(theirs[0])}" in check.sentence
    data = check.to_json()
    assert data["missed"] == [str(cards[0])] and data["twice"] == [str(cards[1])] and data["right"] is False
    assert data["total"] == fraction_text(check.total)


def test_the_right_cards_with_a_wrong_total_are_told_the_sum() -> None:
    rules, state = finished("tressette")
    cards = point_cards(rules, state, "NS")
    right = check_count(rules, state, "NS", cards, None).total
    check = check_count(rules, state, "NS", cards, right + Fraction(1, 3))
    assert not check.right and "the cards are right but they add up to" in check.sentence


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_tricks_are_counted_per_player_by_the_players_own_cards(game: str) -> None:
    rules, state = finished(game, seed=11)
    takers = getattr(rules, "takers", lambda s: [t.winner for t in s.tricks])(state)
    for seat in rules.seats:
        mine = [trick.card_of(seat) for trick, taker in zip(state.tricks, takers) if taker == seat]
        check = check_count(rules, state, seat, mine, len(mine))
        assert check.right and check.total == len(mine)
        other = [trick.card_of(seat) for trick, taker in zip(state.tricks, takers) if taker != seat]
        if mine and other:
            wrong = check_count(rules, state, seat, mine[1:] + other[:1], len(mine))
            assert not wrong.right and wrong.missed == (mine[0],) and wrong.wrong == (other[0],)
            assert f"did not take the trick with {rules.pack.name(other[0])}" in wrong.sentence


def test_la_vache_gives_tied_tricks_to_their_taker() -> None:
    rules = get_rules("vache")
    state = next(s for s in (play(rules, "vache", {}, "N", seed).states[-1] for seed in range(50))
                 if any(t.winner is None for t in s.tricks[:-1]))
    tied = next(n for n, t in enumerate(state.tricks[:-1]) if t.winner is None)
    taker = rules.takers(state)[tied]
    check = check_count(rules, state, taker, [], None)
    assert state.tricks[tied].card_of(taker) in check.missed


@pytest.mark.parametrize("arguments,sentence", [
    (("tressette", "N", [], None), "'N' is not a side: Tressette counts points for NS, EW"),
    (("aluette", "NS", [], None), "'NS' is not a player: Aluette counts tricks for each of N, E, S, W"),
    (("tressette", "NS", ["ZZ"], None), "ZZ"),
    (("tressette", "NS", [], "a lot"), "is not a count"),
])
def test_bad_counts_are_refused_with_a_sentence(arguments, sentence) -> None:
    game, side, cards, total = arguments
    rules, state = finished(game)
    with pytest.raises(PracticeError, match=sentence):
        check_count(rules, state, side, cards, total)


def test_every_game_can_be_checked() -> None:
    assert set(CARD_GAMES + TRICK_GAMES) == set(GAMES)
