"""The duplicate round (issue 22, item 5): every table plays the same deals, turned a seat on from
one table to the next; the results are compared deal by deal and the class ranked by matchpoints.
Everything through :mod:`cardlab.classroom` with ``now`` passed in; the comparison is checked
against numbers worked out by hand here."""
from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardlab.actions import Play
from cardlab.classroom import (WRONG_LEARNER, WRONG_TEACHER, Classroom, ClassroomError, Classrooms, ClassroomStore,
                               Learner)
from cardlab.classroom_duplicate import DuplicateRound, DuplicateView
from cardlab.games import get_rules
from tests.test_classroom import GAMES, assert_only_own_cards, seat_texts


def class_of_eight(rooms: Classrooms) -> tuple[Classroom, list[Learner]]:
    room = rooms.open("tressette", {}, "club", now=0.0)
    return room, [room.join(f"Learner {n}", now=0.0) for n in range(8)]


def play_to_end(room: Classroom, learners: list[Learner], table: int, rng: random.Random, now: float) -> float:
    """The learners at ``table`` play its hand to the end, each from their own seat; every frame
    a learner is sent shows only their own cards."""
    session = room.tables[table - 1].session
    at_table = {learner.seat: learner for learner in learners if learner.table == table}
    while not session.state.over:
        action = rng.choice(session.rules.legal(session.state))
        now += 1.0
        learner = at_table[session.state.to_act]
        change = room.act(learner.token, str(action.card) if isinstance(action, Play) else str(action), now)
        assert not change.refused, change.message
        for frame in change.frames:
            assert_only_own_cards(room, learner, frame, *seat_texts(change.view))
    return now


def dealt_hands(room: Classroom, table: int) -> dict[str, tuple[str, ...]]:
    deal = room.tables[table - 1].session.hand.log[0]
    return {seat: tuple(map(str, cards)) for seat, cards in deal.hands}


def hidden_codes(room: Classroom, learner: Learner) -> set[str]:
    """The cards another seat at the learner's table holds now, as codes."""
    state = room.tables[learner.table - 1].session.state
    return {str(card) for seat in state.seats if seat != learner.seat for card in state.hand(seat)}


def assert_names_no_hidden_card(room: Classroom, learner: Learner, view: DuplicateView) -> None:
    words = set(re.findall(r"[0-9A-Za-z]+", repr(view)))
    assert not words & hidden_codes(room, learner)


def hand_matchpoints(scores: dict[tuple[int, int], dict[str, int]]) -> dict[tuple[int, str], int]:
    """Two tables: on each deal table 1's NS held the cards table 2's EW held, and the other way
    round; the better net of the two gets 2, a tie 1 each."""
    totals = {(table, side): 0 for table in (1, 2) for side in ("NS", "EW")}
    for deal in (0, 1):
        first, second = scores[1, deal], scores[2, deal]
        for side, other in (("NS", "EW"), ("EW", "NS")):
            mine = first[side] - first[other]
            theirs = second[other] - second[side]
            totals[1, side] += 2 if mine > theirs else 1 if mine == theirs else 0
            totals[2, other] += 2 if theirs > mine else 1 if mine == theirs else 0
    return totals


def test_a_round_of_two_deals_at_two_tables_is_played_compared_and_ranked(tmp_path: Path) -> None:
    rooms = Classrooms(None)
    room, learners = class_of_eight(rooms)
    assert [learner.table for learner in learners] == [1] * 4 + [2] * 4
    room.start_duplicate(room.teacher, [11, 12], now=1.0)
    rules = room.tables[0].session.rules
    first, second = dealt_hands(room, 1), dealt_hands(room, 2)
    assert first == {seat: tuple(map(str, cards)) for seat, cards in rules.deal("N", 11).hands}
    assert second == {rules.next_seat(seat): cards for seat, cards in first.items()}, "the deal turned one seat on"
    assert room.tables[1].session.hand.log[0].dealer == rules.next_seat("N")
    assert room.tables[0].hands == room.tables[1].hands == 2

    scores: dict[tuple[int, int], dict[str, int]] = {}
    rng, now = random.Random(22), 2.0
    for deal in (0, 1):
        for table in (1, 2):
            now = play_to_end(room, learners, table, rng, now)
            shown = room.table_view(room.teacher, table)
            assert shown.result is not None
            scores[table, deal] = dict(shown.result.score)
            mine = learners[4 * (table - 1)]
            view = room.duplicate_view(mine.token)
            assert_names_no_hidden_card(room, mine, view)
            if (deal, table) == (1, 2):
                break
            assert not view.over and view.ranking == ()
            assert [row.number for row in view.rows] == list(range(1, deal + 2))
            assert {result.table for row in view.rows for result in row.tables} == {table}, "only their own table"
            assert all(result.matchpoints is None for row in view.rows for result in row.tables)
        if deal == 0:
            assert room.duplicate_view(room.teacher).rows[0].tables[0].score == scores[1, 0]
            for table in (1, 2):
                assert not room.next_hand(learners[4 * table - 1].token, table, now=now).refused
            assert dealt_hands(room, 1) == {s: tuple(map(str, c)) for s, c in rules.deal("N", 12).hands}
            assert dealt_hands(room, 2) == {rules.next_seat(s): c for s, c in dealt_hands(room, 1).items()}

    expected = hand_matchpoints(scores)
    for who in (room.teacher, learners[0].token, learners[7].token):
        view = room.duplicate_view(who)
        assert view.over and view.units == "points" and len(view.rows) == 2
        for row in view.rows:
            for result in row.tables:
                assert result.score == scores[result.table, row.number - 1]
        got = {(standing.table, standing.side): standing.matchpoints for standing in view.ranking}
        assert got == expected
        assert all(standing.top == 4 for standing in view.ranking)
        percents = [standing.percent for standing in view.ranking]
        assert percents == sorted(percents, reverse=True)
        assert percents[0] == Fraction(100 * max(expected.values()), 4)
        best = view.ranking[0]
        seated = (0, 2) if best.side == "NS" else (1, 3)
        assert best.names == tuple(f"Learner {n + 4 * (best.table - 1)}" for n in seated)
    # NS of table 1 and EW of table 2 held the same cards: their matchpoints make the top between them
    assert expected[1, "NS"] + expected[2, "EW"] == 4 and expected[1, "EW"] + expected[2, "NS"] == 4

    assert not room.next_hand(learners[0].token, 1, now=now + 10).refused
    assert dealt_hands(room, 1) != {s: tuple(map(str, c)) for s, c in rules.deal("N", 12).hands}
    assert room.duplicate_view(room.teacher).over, "a hand after the round changes nothing in it"


def test_matchpoints_and_the_ranking_match_a_count_made_by_hand() -> None:
    rules = get_rules("tressette")
    duplicate = DuplicateRound(({}, {}), (1, 2, 3), 0.0, {1: 1, 2: 1, 3: 0})
    # table 2's NS hold the cards dealt to EW (turned one seat), table 3's NS hold NS's (turned two)
    assert duplicate.held(rules, 2) == {"NS": "EW", "EW": "NS"} and duplicate.held(rules, 3) == {"NS": "NS", "EW": "EW"}
    duplicate.results = {(1, 0): {"NS": 7, "EW": 4}, (2, 0): {"NS": 5, "EW": 6}, (3, 0): {"NS": 7, "EW": 4},
                         (1, 1): {"NS": 2, "EW": 9}, (2, 1): {"NS": 9, "EW": 2}}
    # deal 1, NS's cards: table 1 NS +3, table 2 EW +1, table 3 NS +3 -> 3, 0, 3
    #          EW's cards: table 1 EW -3, table 2 NS -1, table 3 EW -3 -> 1, 4, 1
    # deal 2 (tables 1 and 2 only): NS's cards -7 and -7, EW's cards +7 and +7 -> 1 each
    assert duplicate.matchpoints(rules, 0) == {1: {"NS": 3, "EW": 1}, 2: {"NS": 4, "EW": 0}, 3: {"NS": 3, "EW": 1}}
    assert duplicate.matchpoints(rules, 1) == {1: {"NS": 1, "EW": 1}, 2: {"NS": 1, "EW": 1}}
    ranking = duplicate.ranking(rules, {(2, "N"): "Ada", (2, "S"): "<b>Bo</b>"})
    assert [(s.place, s.table, s.side, s.matchpoints, s.top) for s in ranking] == [
        (1, 2, "NS", 5, 6), (2, 3, "NS", 3, 4), (3, 1, "NS", 4, 6), (4, 1, "EW", 2, 6), (5, 3, "EW", 1, 4),
        (6, 2, "EW", 1, 6)]
    assert ranking[0].names == ("Ada", "<b>Bo</b>") and ranking[1].names == ("computer", "computer")
    assert ranking[0].sentence.endswith("5 of 6 matchpoints, 83.33%")
    duplicate.results[3, 1] = {"NS": 2, "EW": 9}
    tied = duplicate.ranking(rules, {})
    assert [(s.place, s.table, s.side) for s in tied][:3] == [(1, 2, "NS"), (2, 1, "NS"), (2, 3, "NS")]


def test_the_ranking_says_nothing_until_a_deal_is_compared() -> None:
    """Issue 34.10: a deal played at one table only is compared with nothing: no "0 of 0
    matchpoints, 0 %" line for anyone, in the ranking nor in the teacher's sheet."""
    rules = get_rules("tressette")
    duplicate = DuplicateRound(({}, {}), (1, 2), 0.0, {1: 1, 2: 0}, {(1, 0): {"NS": 7, "EW": 4}})
    assert duplicate.ranking(rules, {}) == ()
    assert duplicate.view(rules, {}).ranking == ()
    duplicate.results[2, 0] = {"NS": 5, "EW": 6}
    # table 1's NS (+3) beat table 2's EW (+1) with the same cards, and so on for the others
    assert [(s.table, s.side, s.matchpoints, s.top) for s in duplicate.ranking(rules, {})] == [
        (1, "NS", 2, 2), (2, "NS", 2, 2), (1, "EW", 0, 2), (2, "EW", 0, 2)]
    duplicate.results[1, 1] = {"NS": 2, "EW": 9}         # the second deal, at one table: not counted yet
    assert {s.top for s in duplicate.ranking(rules, {})} == {2}


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_game_turns_the_deal_a_seat_on_and_compares_the_hands_held(game: str, options: dict) -> None:
    rules = get_rules(game, **options)
    duplicate = DuplicateRound.started_with(rules, game, options, [5], [1, 2], 0.0)
    first, second = (duplicate.scenario(rules, game, options, table, 0, 1) for table in (1, 2))
    assert first.dealer == rules.seats[0] and second.dealer == rules.next_seat(rules.seats[0])
    assert {rules.next_seat(seat): cards for seat, cards in first.deal.items() if seat in rules.seats} == {
        seat: cards for seat, cards in second.deal.items() if seat in rules.seats}
    held = duplicate.held(rules, 2)
    played = {side for side, seats in rules.sides.items() if seats}
    assert set(held) == played and set(held.values()) == played, "each hand of the deal is played once a table"
    duplicate.results = {(1, 0): {side: 0 for side in rules.sides}, (2, 0): {side: 0 for side in rules.sides}}
    assert all(points == 1 for by_side in duplicate.matchpoints(rules, 0).values() for points in by_side.values())


def test_a_round_survives_a_restart_mid_round(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite"
    rooms = Classrooms(ClassroomStore(path))
    room, learners = class_of_eight(rooms)
    room.start_duplicate(room.teacher, [3, 4], now=1.0)
    now = play_to_end(room, learners, 1, random.Random(1), 2.0)
    before = room.duplicate_view(room.teacher)
    teacher = room.teacher
    rooms.store.close()

    back = Classrooms(ClassroomStore(path)).rooms[room.code]
    assert back.duplicate_view(teacher) == before and not before.over
    turned = back.tables[0].session.rules.next_seat
    assert dealt_hands(back, 2) == {turned(s): c for s, c in dealt_hands(back, 1).items()}
    with pytest.raises(ClassroomError, match="under way"):
        back.start_duplicate(teacher, [9], now=now)
    rng = random.Random(2)
    now = play_to_end(back, learners, 2, rng, now)
    for table in (1, 2):
        assert not back.next_hand(teacher, table, now=now).refused
        now = play_to_end(back, learners, table, rng, now)
    view = back.duplicate_view(learners[3].token)
    assert view.over and len(view.ranking) == 4 and sum(s.matchpoints for s in view.ranking) == 8
    again = Classrooms(ClassroomStore(path)).rooms[room.code]
    assert again.duplicate_view(teacher) == back.duplicate_view(teacher)


def test_a_wrong_token_or_a_wrong_round_is_refused_with_a_sentence_and_changes_nothing() -> None:
    rooms = Classrooms(None)
    room, learners = class_of_eight(rooms)
    hands = [dealt_hands(room, table) for table in (1, 2)]
    for token in ("", "forged", learners[0].token):
        with pytest.raises(ClassroomError) as refused:
            room.start_duplicate(token, [1, 2], now=1.0)
        assert str(refused.value) == WRONG_TEACHER
    with pytest.raises(ClassroomError) as refused:
        room.duplicate_view("forged")
    assert str(refused.value) == WRONG_LEARNER
    with pytest.raises(ClassroomError, match="No duplicate round"):
        room.duplicate_view(room.teacher)
    deal = {seat: list(cards) for seat, cards in hands[0].items()}
    for wrong, said in (([], "1 to 32 deals"), ("12", "1 to 32 deals"), ([True], "1 to 32 deals"),
                        ([-1], "1 to 32 deals"), ([{"N": "7D"}], "1 to 32 deals"),
                        ([{**deal, "N": deal["E"]}], "Deal 1: "), ([1, {"X": ["7D"]}], "Deal 2: ")):
        with pytest.raises(ClassroomError, match=said) as refused:
            room.start_duplicate(room.teacher, wrong, now=1.0)
        assert "\n" not in str(refused.value) and len(str(refused.value)) < 200
    assert room.duplicate is None and [dealt_hands(room, table) for table in (1, 2)] == hands
    alone = rooms.open("tressette", {}, "club", now=0.0)
    alone.join("Solo", now=0.0)
    with pytest.raises(ClassroomError, match="at least two tables"):
        alone.start_duplicate(alone.teacher, [1], now=1.0)

    room.start_duplicate(room.teacher, [deal, 7], now=1.0)
    assert dealt_hands(room, 1) == hands[0], "an explicit deal is dealt as given"
    for learner in learners:
        assert_only_own_cards(room, learner, room.view(learner.token).frame)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_game_plays_a_round_of_one_deal_at_two_tables_to_its_ranking(game: str, options: dict) -> None:
    room = Classrooms(None).open(game, options, "club", now=0.0)
    learners = [room.join(f"Learner {n}", now=0.0) for n in range(2 * len(room.seats))]
    room.start_duplicate(room.teacher, [8], now=1.0)
    rng, now = random.Random(game), 2.0
    for table in (1, 2):
        now = play_to_end(room, learners, table, rng, now)
    view = room.duplicate_view(learners[-1].token)
    rules = room.tables[0].session.rules
    played = [side for side, seats in rules.sides.items() if seats]
    assert view.over and len(view.ranking) == 2 * len(played)
    assert sum(standing.matchpoints for standing in view.ranking) == 2 * len(played)
    for result in view.rows[0].tables:
        session = room.tables[result.table - 1].session
        assert result.score == rules.score(session.state).score
