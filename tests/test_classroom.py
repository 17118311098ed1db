"""The classroom core (issue 22): learners joining with a code, seated at tables, playing whole
hands each from their own seat, seeing only their own cards; away and back; limits and hostile
input; the teacher's operations; the class poll.  Everything through :mod:`cardlab.classroom`,
with ``now`` passed in (no sleeps)."""
from __future__ import annotations

import random
import re

import pytest

from cardlab.actions import Play
from cardlab.render.table import table_svg
from cardlab.classroom import (CODE_SYMBOLS, PAUSED, TOO_FAST, WRONG_LEARNER, WRONG_TEACHER, Classroom,
                               ClassroomError, Classrooms, Learner, Limits, read_code)
from cardlab.render.scene import TableScene
from cardlab.session import Computer, Frame, Person, SeatView, TableSession

GAMES = [("tressette", {}), ("quatre_sept", {}), ("sixty_six", {}), ("aluette", {}),
         ("vache", {"players": 5}), ("quadrille", {})]


def room_of(game: str = "tressette", options: dict | None = None, people: int = 4, level: str = "club",
            limits: Limits = Limits()) -> tuple[Classroom, list[Learner]]:
    room = Classrooms(None, limits).open(game, options or {}, level, now=0.0)
    return room, [room.join(f"Learner {n}", now=0.0) for n in range(people)]


def seen_codes(scene: TableScene) -> set[str]:
    """Every card code a picture shows face up or names."""
    codes = set(scene.legal) | set(scene.selected) | ({scene.hint} - {""})
    codes |= {str(card) for _, card in scene.trick + scene.last_trick + scene.public}
    codes |= {str(card) for seat in scene.seats for card in seat.hand if card is not None}
    return codes


def assert_only_own_cards(room: Classroom, learner: Learner, frame: Frame, *texts: str) -> None:
    """No card still hidden in another seat's hand at the frame's step (one the rules make public
    aside) shows in the picture or its words."""
    assert learner.table is not None and learner.seat is not None
    session = room.tables[learner.table - 1].session
    state = session.hand.states[frame.step]
    public = {card for _, card in session.rules.public_cards(state)}   # Sixty-Six's turned card
    hidden = {card for other in state.seats if other != learner.seat
              for card in state.hand(other) if card is not None} - public
    assert not {str(card) for card in hidden} & seen_codes(frame.scene), (learner.seat, frame.step)
    for seat in frame.scene.seats:
        if seat.seat != learner.seat and not state.over:
            assert all(card is None or card in public for card in seat.hand)
    words = " ".join((frame.words, frame.status) + texts)
    assert not [card for card in hidden if session.rules.pack.name(card) in words]


def seat_texts(view: SeatView) -> tuple[str, ...]:
    """The words of a view besides the board's (not the caption: it tells the public draw for the
    first dealer, cards drawn from a pack shuffled apart from the deal)."""
    return (view.message, view.coach) + tuple(f"{c.label} {c.title}" for c in view.calls)


def play_hand(room: Classroom, learners: list[Learner], table: int, rng: random.Random, *, check: bool = True,
              now: float = 0.0) -> int:
    """Each learner at ``table`` plays their own seat to the end of the hand; after every action
    every learner's view and the frames they catch up on are checked.  Returns the actions made."""
    session = room.tables[table - 1].session
    at_table = {learner.seat: learner for learner in learners if learner.table == table}
    seen = {learner.token: session.index for learner in at_table.values()}
    moves = 0
    while not session.state.over:
        seat = session.state.to_act
        assert seat in at_table, "every seat is a learner's: the computer plays none"
        action = rng.choice(session.rules.legal(session.state))
        move = str(action.card) if isinstance(action, Play) else str(action)
        now += 0.5
        change = room.act(at_table[seat].token, move, now)
        assert not change.refused, change.message
        moves += 1
        if check:
            for frame in change.frames:
                assert_only_own_cards(room, at_table[seat], frame, *seat_texts(change.view))
            for learner in at_table.values():
                caught = room.catch_up(learner.token, seen[learner.token])
                for frame in caught.frames + (caught.view.frame,):
                    assert_only_own_cards(room, learner, frame, *seat_texts(caught.view))
                seen[learner.token] = caught.view.frame.step
    return moves


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_whole_hand_at_one_table_of_people_shows_each_seat_only_its_own_cards(game: str, options: dict) -> None:
    room, _ = room_of(game, options, people=0)
    seats = room.seats
    learners = [room.join(f"Learner {n}", now=0.0) for n in range(len(seats))]
    assert [(learner.table, learner.seat) for learner in learners] == [(1, seat) for seat in seats]
    session = room.tables[0].session
    assert all(isinstance(session.sitter(seat), Person) for seat in seats)
    while session.state.over:                   # Quatre Sept's four sevens end a hand at the deal
        assert not room.next_hand(learners[0].token, 1, now=0.0).refused
    assert play_hand(room, learners, 1, random.Random(game)) > 0
    view = room.view(learners[0].token)
    assert view.over and view.result is not None, "a finished hand shows its breakdown at once"
    assert view.seed == 0 != session.now.seed, "the seed would replay the deal: no learner is given it"
    assert len(room.tables) == 1


def test_two_tables_play_their_hands_apart_and_deal_again() -> None:
    room, learners = room_of("tressette", people=6)
    assert [learner.table for learner in learners] == [1, 1, 1, 1, 2, 2]
    assert len(room.tables[1].session.hand.log) == 1, "a new table waits for its learners: only the deal"
    room.tick(now=31.0)                                      # table 2's free seats go to the computer
    second = room.tables[1].session
    assert [isinstance(second.sitter(seat), Computer) for seat in room.seats] == [False, False, True, True]
    assert play_hand(room, learners, 1, random.Random(1), check=False, now=40.0) > 0
    rng = random.Random(2)
    while not second.state.over:
        seat = second.state.to_act
        learner = next(learner for learner in learners if learner.table == 2 and learner.seat == seat)
        card = rng.choice(second.rules.legal_cards(second.state, seat))
        assert not room.act(learner.token, str(card), now=40.0 + len(second.hand.log)).refused
    first = room.tables[0].session
    assert first.hand is not second.hand and first.state.over and second.state.over
    with pytest.raises(ClassroomError, match="own table"):
        room.next_hand(learners[4].token, 1, now=500.0)
    dealt = room.next_hand(learners[0].token, 1, now=500.0)
    assert not dealt.refused and not dealt.over and room.tables[0].hands == 2
    again = room.next_hand(learners[1].token, 1, now=501.0)     # a second press, meant for the old hand
    assert again.refused and again.message == "The hand is not over yet: play it to its end first."
    assert room.tables[0].hands == 2 and room.tables[1].hands == 1


def test_a_join_code_is_eight_crockford_symbols_read_any_way_a_person_types_it() -> None:
    rooms = Classrooms(None)
    room = rooms.open("tressette", {}, "club", now=0.0)
    assert len(room.code) == 8 and set(room.code) <= set(CODE_SYMBOLS)
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", room.shown_code)
    assert room.code not in room.teacher and len(room.teacher) >= 32
    for typed in (room.shown_code, room.code.lower(), f" {room.shown_code.lower()} "):
        assert rooms.find(typed, "cookie 1", now=1.0) is room
    assert read_code("0O1IL-") is None and read_code("OOOO-IIII") == "00001111"
    assert read_code("K7QF-2M9U") is None and read_code("x" * 10_000) is None
    with pytest.raises(ClassroomError, match="No classroom has this code"):
        rooms.find("ZZZZ-ZZZZ" if room.code != "ZZZZZZZZ" else "YYYY-YYYY", "cookie 1", now=1.0)
    assert rooms.by_teacher(room.teacher) is room and rooms.by_teacher(room.code) is None
    learner = room.join("Ada", now=2.0)
    found = rooms.by_learner(learner.token)
    assert found is not None and found[0] is room and found[1].name == "Ada"
    assert rooms.by_learner("forged") is None and rooms.by_learner(None) is None


def test_opening_a_classroom_refuses_bad_games_options_levels_and_too_many_rooms() -> None:
    rooms = Classrooms(None, Limits(rooms=2))
    with pytest.raises(ClassroomError, match="not a game"):
        rooms.open("bridge", {}, "club", now=0.0)
    with pytest.raises(ClassroomError, match="levels"):
        rooms.open("tressette", {}, "grandmaster", now=0.0)
    with pytest.raises(ClassroomError):
        rooms.open("vache", {"players": 9}, "club", now=0.0)
    with pytest.raises(ClassroomError):
        rooms.open("vache", {"colour": "red"}, "club", now=0.0)
    with pytest.raises(ClassroomError, match="plain values"):
        rooms.open("vache", {"players": [3]}, "club", now=0.0)
    rooms.open("vache", {"players": 3}, "club", now=0.0)
    rooms.open("quadrille", {"players": 5}, "beginner", now=0.0)
    with pytest.raises(ClassroomError, match="2 classrooms already"):
        rooms.open("tressette", {}, "club", now=10.0)
    assert rooms.open("tressette", {}, "club", now=10.0 + Limits().kept_for).game == "tressette"
    assert len(rooms.rooms) == 1, "rooms nobody touched for a day are closed to make room"


def test_tables_follow_the_game_size_la_vache_three_and_quadrille_five() -> None:
    room, learners = room_of("vache", {"players": 3}, people=4)
    assert [(learner.table, learner.seat) for learner in learners] == [(1, "E"), (1, "S"), (1, "W"), (2, "E")]
    room, learners = room_of("quadrille", {"players": 5}, people=5)
    assert {learner.seat for learner in learners} == {"NE", "E", "S", "W", "NW"}
    assert {learner.table for learner in learners} == {1}


def test_the_computer_takes_a_seat_after_thirty_seconds_away_and_gives_it_back() -> None:
    room, learners = room_of("tressette", people=4)
    for learner in learners:
        room.connected(learner.token, now=1.0)
    session = room.tables[0].session
    seat = session.state.to_act
    away = next(learner for learner in learners if learner.seat == seat)
    room.disconnected(away.token, now=10.0)
    assert room.learner(away.token) == Learner(away.token, away.name, 1, seat, False, 10.0, away.key)
    assert room.tick(now=39.9) == [] and isinstance(session.sitter(seat), Person)
    steps = len(session.hand.log)
    assert room.tick(now=40.0) == [1]
    assert isinstance(session.sitter(seat), Computer)
    assert len(session.hand.log) > steps, "the computer played the card the table waited for"
    assert session.state.to_act != seat or session.state.over
    overview = room.overview(room.teacher)[0]
    row = next(row for row in overview.seats if row.seat == seat)
    assert (row.name, row.connected, row.computer) == (away.name, False, True)
    assert room.tick(now=80.0) == []
    assert room.connected(away.token, now=81.0) == 1
    assert isinstance(session.sitter(seat), Person) and session.sitter(seat) == Person(away.name)
    assert room.learner(away.token) == Learner(away.token, away.name, 1, seat, True, None, away.key)


def test_two_pages_of_one_learner_keep_the_seat_until_both_close() -> None:
    room, learners = room_of("tressette", people=1)
    token = learners[0].token
    room.connected(token, now=0.0)
    room.connected(token, now=0.0)
    room.disconnected(token, now=1.0)
    assert room.tick(now=100.0) == [1]                      # the free seats, not the learner's
    learner = room.learner(token)
    assert learner is not None and learner.connected and not learner.replaced


def test_a_join_never_connected_and_a_free_seat_both_go_to_the_computer_in_time() -> None:
    room, learners = room_of("tressette", people=1)
    session = room.tables[0].session
    assert all(isinstance(session.sitter(seat), Person) for seat in room.seats), "free seats wait"
    assert room.tick(now=5.0) == []                         # the clock starts for the learner not yet here
    assert room.tick(now=30.0) == [1]
    assert [isinstance(session.sitter(seat), Computer) for seat in room.seats] == [False, True, True, True]
    assert room.tick(now=35.0) == [1]
    assert isinstance(session.sitter("N"), Computer)
    assert room.overview(room.teacher)[0].seats[0].computer


def test_forged_tokens_and_another_learners_seat_are_refused_and_change_nothing() -> None:
    room, learners = room_of("tressette", people=4)
    session = room.tables[0].session
    before = session.hand
    for forged in ("", "x" * 5000, learners[0].token + "x", room.teacher, room.code, None, 7):
        with pytest.raises(ClassroomError, match=re.escape(WRONG_LEARNER)):
            room.act(forged, "7D", now=1.0)  # type: ignore[arg-type]
        with pytest.raises(ClassroomError):
            room.view(forged)  # type: ignore[arg-type]
    seat = session.state.to_act
    on_turn = next(learner for learner in learners if learner.seat == seat)
    other = next(learner for learner in learners if learner.seat != seat)
    card = session.rules.legal_cards(session.state, seat)[0]
    for move in (str(card), str(Play(seat, card)), f"{other.seat} plays {card}"):
        change = room.act(other.token, move, now=1.0)
        assert change.refused and change.message and session.hand is before
    assert room.view(on_turn.token).message == "", "one seat's refusal is said to that seat only"
    for move in (5, ["7D"], "x" * 300, "<script>", "S plays"):
        change = room.act(other.token, move, now=2.0)  # type: ignore[arg-type]
        assert change.refused and change.message and session.hand is before
    for index in (-1, 99, True, "0", None):
        change = room.call(on_turn.token, index, now=3.0)  # type: ignore[arg-type]
        assert change.refused and change.message == "That call is not one you may make now."
    assert session.hand is before


def test_a_flood_of_moves_is_refused_past_the_rate_and_the_room_goes_on() -> None:
    room, learners = room_of("tressette", people=4)
    session = room.tables[0].session
    seat = session.state.to_act
    learner = next(learner for learner in learners if learner.seat == seat)
    before = session.hand
    answers = [room.act(learner.token, "not a card", now=5.0) for _ in range(20)]
    assert [a.message == TOO_FAST for a in answers] == [False] * 5 + [True] * 15
    assert session.hand is before
    assert room.act(learner.token, "not a card", now=5.1).message == TOO_FAST
    card = session.rules.legal_cards(session.state, seat)[0]
    assert not room.act(learner.token, str(card), now=5.3).refused, "a second later the learner plays"
    assert len(session.hand.log) > len(before.log)


def test_guessing_codes_is_slowed_per_client_not_per_address() -> None:
    limits = Limits(free_misses=30, first_wait=60.0)
    rooms = Classrooms(None, limits)
    room = rooms.open("tressette", {}, "club", now=0.0)
    for n in range(31):
        with pytest.raises(ClassroomError, match="No classroom"):
            rooms.find(f"{n:08d}" if f"{n:08d}" != room.code else "ZZZZZZZZ", "cookie 9", now=1.0 + n)
    with pytest.raises(ClassroomError, match="Too many wrong codes"):
        rooms.find(room.code, "cookie 9", now=40.0)             # even the right code, for a minute
    assert rooms.find(room.code, "cookie 10", now=40.0) is room  # another client is not slowed
    assert rooms.find(room.code, "cookie 9", now=92.0) is room


def test_a_whole_class_behind_one_school_address_finds_its_code() -> None:
    rooms = Classrooms(None, Limits(free_misses=30))
    room = rooms.open("tressette", {}, "club", now=0.0)
    assert all(rooms.find(room.code, f"cookie {n}", now=1.0 + n / 10) is room for n in range(40))
    assert all(rooms.find(room.code, "one page", now=5.0 + n / 10) is room for n in range(40))


def test_names_are_kept_as_typed_and_bad_ones_refused_with_a_sentence() -> None:
    room, _ = room_of("tressette", people=0, limits=Limits(name_length=40, people=2))
    markup = "<b onclick=alert(1)>Zoë & co</b>"
    learner = room.join(markup, now=0.0)
    assert learner.name == markup
    assert room.overview(room.teacher)[0].seats[0].name == markup
    for name, sentence in (("", "Give a display name"), ("   ", "Give a display name"),
                           ("x" * 41, "at most 40 characters"), ("a\nb", "one line"), ("a\x00b", "one line"),
                           ("evil\u202etxt.exe", "one line"), ("a\u2028b", "one line"),
                           (None, "Give a display name")):
        with pytest.raises(ClassroomError, match=sentence):
            room.join(name, now=0.0)  # type: ignore[arg-type]
    assert len(room.members) == 1
    family = "Zoë \U0001F468\u200d\U0001F469\u200d\U0001F467"   # an emoji joined by zero-width joiners
    assert room.join(family, now=0.0).name == family
    with pytest.raises(ClassroomError, match="full"):
        room.join("third", now=0.0)


def test_tables_stop_at_the_limit() -> None:
    room, _ = room_of("tressette", people=8, limits=Limits(tables=2))
    with pytest.raises(ClassroomError, match="at most 2 tables"):
        room.join("ninth", now=0.0)
    assert len(room.tables) == 2 and len(room.members) == 8


def test_every_teacher_operation_refuses_a_wrong_teacher_token() -> None:
    room, learners = room_of("tressette", people=4)
    for wrong in ("", learners[0].token, room.code, room.teacher + "x", None):
        for operation in (lambda: room.overview(wrong), lambda: room.table_view(wrong, 1),
                          lambda: room.pause(wrong), lambda: room.resume(wrong), lambda: room.take_back(wrong, 1),
                          lambda: room.move(wrong, learners[0].key, 1, "S"), lambda: room.ask(wrong, 1, "N"),
                          lambda: room.tally(wrong), lambda: room.reveal(wrong)):
            with pytest.raises(ClassroomError, match=WRONG_TEACHER):
                operation()
    assert not room.paused


def test_the_teacher_sees_every_hand_face_up_and_learners_do_not() -> None:
    room, learners = room_of("tressette", people=4)
    view = room.table_view(room.teacher, 1)
    assert all(card is not None for seat in view.frame.scene.seats for card in seat.hand)
    assert sum(len(seat.hand) for seat in view.frame.scene.seats) >= 37
    assert view.calls == () and view.actor is None
    assert "(you)" not in view.frame.words and "(you)" not in table_svg(view.frame.scene), \
        "the teacher watches: no seat is theirs"
    assert "(you)" in table_svg(room.view(learners[0].token).frame.scene)
    with pytest.raises(ClassroomError, match="no table 3"):
        room.table_view(room.teacher, 3)
    learner_view = room.view(learners[0].token)
    assert sum(card is not None for seat in learner_view.frame.scene.seats for card in seat.hand) == 10


def test_pause_refuses_every_move_and_resume_lets_play_on() -> None:
    room, learners = room_of("tressette", people=4)
    session = room.tables[0].session
    seat = session.state.to_act
    learner = next(learner for learner in learners if learner.seat == seat)
    card = str(session.rules.legal_cards(session.state, seat)[0])
    room.pause(room.teacher)
    before = session.hand
    change = room.act(learner.token, card, now=1.0)
    assert change.refused and change.message == PAUSED and session.hand is before
    assert room.call(learner.token, 0, now=1.0).message == PAUSED
    # the pause is said once, by the page's banner (issue 34.10): not again under every board
    assert room.view(learners[1].token).message == "" and room.table_view(room.teacher, 1).message == ""
    room.disconnected(learner.token, now=1.0)
    assert room.tick(now=100.0) == [] and isinstance(session.sitter(seat), Person)
    room.resume(room.teacher)
    room.connected(learner.token, now=101.0)
    assert not room.act(learner.token, card, now=102.0).refused
    assert room.view(learners[1].token).message == ""


def test_take_back_returns_the_last_card_a_learner_played_to_that_learner() -> None:
    room, learners = room_of("tressette", people=1)
    room.connected(learners[0].token, now=0.0)
    room.tick(now=30.0)                                       # three computers, one learner at N
    session = room.tables[0].session
    with pytest.raises(ClassroomError, match="No card or call of a person"):
        room.take_back(room.teacher, 1)
    assert session.state.to_act == "N"
    card = session.rules.legal_cards(session.state, "N")[0]
    assert not room.act(learners[0].token, str(card), now=31.0).refused
    assert session.state.to_act == "N" and card not in session.state.hand("N")
    room.take_back(room.teacher, 1)
    assert card in session.state.hand("N") and session.state.to_act == "N"
    assert str(session.hand.log[-1]).split()[0] != "N"
    assert card in session.rules.legal_cards(session.state, "N")


def test_the_teacher_moves_learners_swapping_seats_or_to_a_new_table() -> None:
    room, learners = room_of("tressette", people=4)
    first, second = learners[0], learners[2]
    session = room.tables[0].session
    before = session.hand
    room.move(room.teacher, first.key, 1, second.seat)
    moved, swapped = room.learner(first.token), room.learner(second.token)
    assert moved is not None and swapped is not None
    assert (moved.seat, swapped.seat) == (second.seat, first.seat)
    assert session.hand is before, "a swap lets no computer play in between"
    assert session.sitter(second.seat) == Person(first.name)
    room.move(room.teacher, first.token, 2, "S")             # one past the last table opens one
    moved = room.learner(first.token)
    assert moved is not None and (moved.table, moved.seat) == (2, "S")
    assert room.tables[0].seats[second.seat] is None and isinstance(session.sitter(second.seat), Computer)
    assert sum(isinstance(room.tables[1].session.sitter(seat), Computer) for seat in room.seats) == 3
    for table, seat, sentence in ((9, "S", "no table 9"), (1, "X", "The seats are")):
        with pytest.raises(ClassroomError, match=sentence):
            room.move(room.teacher, first.key, table, seat)
    with pytest.raises(ClassroomError, match="no such learner"):
        room.move(room.teacher, "nobody", 1, "S")


def test_the_class_poll_asks_tallies_and_reveals_the_experts_choice() -> None:
    room, learners = room_of("tressette", people=8)
    asked = room.tables[0].session
    seat = asked.state.to_act
    with pytest.raises(ClassroomError, match="not .*'s turn"):
        room.ask(room.teacher, 1, next(s for s in room.seats if s != seat))
    room.ask(room.teacher, 1, seat)
    cards = tuple(str(c) for c in asked.rules.sorted_cards(asked.state, asked.rules.legal_cards(asked.state, seat)))
    hand = {str(card) for card in asked.state.hand(seat)}
    for learner in learners:
        poll = room.poll_view(learner.token)
        assert poll is not None and poll.seat == seat and poll.table == 1
        if learner.table == 1 and learner.seat != seat:
            assert poll.frame is None and poll.cards == () and "your table" in poll.question
            with pytest.raises(ClassroomError, match="rest of the class"):
                room.answer(learner.token, cards[0], now=1.0)
        else:
            assert poll.frame is not None and poll.cards == cards
            assert {str(c) for s in poll.frame.scene.seats for c in s.hand if c is not None} == hand
    outside = [learner for learner in learners if learner.table == 2]
    with pytest.raises(ClassroomError, match=f"card {seat} may play"):
        room.answer(outside[0].token, "QQ", now=1.0)
    room.answer(outside[0].token, cards[0], now=1.0)
    room.answer(outside[1].token, cards[0].lower() if cards[0].isalpha() else cards[0], now=1.0)
    room.answer(outside[2].token, cards[-1], now=1.0)
    room.answer(outside[0].token, cards[-1], now=2.0)           # a second answer replaces the first
    assert room.poll_view(outside[0].token).answer == cards[-1]  # type: ignore[union-attr]
    tally = room.tally(room.teacher)
    assert list(tally) == list(cards) and sum(tally.values()) == 3
    assert tally[cards[-1]] == 2 + (cards[0] == cards[-1]) or len(cards) == 1
    reveal = room.reveal(room.teacher)
    assert reveal.card in cards and reveal.reason and reveal.name == asked.rules.pack.name(
        next(card for card in asked.state.hand(seat) if str(card) == reveal.card))
    assert room.poll_view(outside[3].token).revealed == reveal  # type: ignore[union-attr]
    with pytest.raises(ClassroomError, match="no question open"):
        room.answer(outside[3].token, cards[0], now=3.0)
    room.close_poll(room.teacher)
    assert room.poll_view(outside[3].token) is None


def test_the_session_hands_a_seat_to_the_computer_and_back() -> None:
    session = TableSession("tressette", seed=4, people=("N", "E", "S", "W"))
    seat = session.state.to_act
    assert seat is not None
    steps = len(session.hand.log)
    session.sit(seat, Computer("beginner"))
    assert len(session.hand.log) > steps and session.state.to_act != seat
    assert session.sit("X", Person()).refused


def test_a_new_table_seats_learners_before_the_computer_plays() -> None:
    room, learners = room_of("tressette", people=4)
    session = room.tables[0].session
    assert len(session.hand.log) == 1, "only the deal: nobody has played yet"
    assert not any(isinstance(session.sitter(seat), Computer) for seat in room.seats)
    assert {learner.seat for learner in learners} == set(room.seats)


def test_take_back_returns_a_call_too_and_the_teacher_deals_the_next_hand() -> None:
    room, learners = room_of("quadrille", people=4)
    session = room.tables[0].session
    assert session.state.phase != "play"
    seat = session.state.to_act
    learner = next(learner for learner in learners if learner.seat == seat)
    steps = len(session.hand.log)
    view = room.view(learner.token)
    assert view.calls, "the auction is in words: the seat's calls"
    assert not room.call(learner.token, 0, now=1.0).refused
    assert len(session.hand.log) == steps + 1
    room.take_back(room.teacher, 1)
    assert len(session.hand.log) == steps and session.state.to_act == seat
    assert room.view(learner.token).calls == view.calls
    refused = room.next_hand(room.teacher, 1, now=2.0)
    assert refused.refused and refused.message == "The hand is not over yet: play it to its end first."
    assert refused.view.open_hands and all(None not in seat.hand for seat in refused.view.frame.scene.seats)
    assert room.view(learner.token).message == "", "the teacher's refusal is not said to a learner"
    room.move(room.teacher, learner.key, 2, "N")               # the rest of table 1 goes to the computer
    for other in learners:
        if other is not learner:
            room.move(room.teacher, other.key, 2, next(s for s in room.seats if room.tables[1].seats[s] is None))
    assert session.state.over and all(holder is None for holder in room.tables[0].seats.values())
    dealt = room.next_hand(room.teacher, 1, now=3.0)
    assert not dealt.refused and room.tables[0].hands == 2
