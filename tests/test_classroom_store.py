"""Classrooms kept in a real SQLite file: closed and reopened, every classroom is back at the same
step with the same tokens, and the file holds digests of the tokens, never the tokens."""
from __future__ import annotations

import random
from pathlib import Path

from cardlab.classroom import Classrooms, digest
from cardlab.classroom_store import ClassroomStore
from cardlab.session import Computer, Person


def play(room, learners, moves: int, rng: random.Random, now: float) -> None:
    """``moves`` legal moves at table 1, each by the learner whose seat is to act."""
    session = room.tables[0].session
    for _ in range(moves):
        seat = session.state.to_act
        learner = next(learner for learner in learners if learner.table == 1 and learner.seat == seat)
        card = rng.choice(session.rules.legal_cards(session.state, seat))
        assert not room.act(learner.token, str(card), now).refused
        now += 1.0


def test_closed_and_reopened_every_classroom_is_back_at_the_same_step_with_the_same_tokens(tmp_path: Path) -> None:
    path = tmp_path / "rooms" / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    room = rooms.open("tressette", {"declarations": True}, "club", now=100.0)
    learners = [room.join(f"<i>Learner {n}</i>", now=100.0) for n in range(6)]
    for learner in learners:
        room.connected(learner.token, now=100.0)
    play(room, learners, 9, random.Random(5), now=101.0)
    away = next(learner for learner in learners if learner.table == 1
                and learner.seat != room.tables[0].session.state.to_act)
    room.disconnected(away.token, now=120.0)
    assert room.tick(now=151.0) == [1, 2]                  # the away seat, and table 2's free seats
    poll_seat = room.tables[0].session.state.to_act
    room.ask(room.teacher, 1, poll_seat)
    card = room.poll_view(learners[4].token).cards[0]     # type: ignore[union-attr]
    room.answer(learners[4].token, card, now=152.0)
    room.pause(room.teacher)
    other = rooms.open("vache", {"players": 3}, "beginner", now=160.0)
    vache = other.join("Solo", now=160.0)
    before = {learner.token: room.view(learner.token) for learner in learners}
    logs = [[str(action) for action in table.session.hand.log] for table in room.tables]
    rooms.store.close()                                    # type: ignore[union-attr]

    text = path.read_bytes().decode("latin-1")
    for token in [room.teacher, other.teacher, vache.token] + [learner.token for learner in learners]:
        assert token not in text
    assert digest(learners[0].token) in text and digest(room.teacher) in text

    again = Classrooms(ClassroomStore(path))
    assert set(again.rooms) == {room.code, other.code}
    back = again.by_teacher(room.teacher)
    assert back is not None and back.code == room.code and back.teacher == ""
    assert again.by_teacher(other.teacher) is again.rooms[other.code]
    assert back.paused and (back.game, back.options, back.level) == ("tressette", {"declarations": True}, "club")
    assert [[str(action) for action in table.session.hand.log] for table in back.tables] == logs
    for learner in learners:
        found = again.by_learner(learner.token)
        assert found is not None and found[0] is back
        assert (found[1].name, found[1].table, found[1].seat) == (learner.name, learner.table, learner.seat)
        view = back.view(learner.token)
        assert view.frame == before[learner.token].frame and view.steps == before[learner.token].steps
        assert view.calls == before[learner.token].calls and view.message == before[learner.token].message
    session = back.tables[0].session
    assert session.sitter(away.seat) == Computer("club")   # type: ignore[arg-type]
    assert back.tally(room.teacher)[card] == 1 and back.poll is not None and back.poll.seat == poll_seat
    assert again.by_learner(vache.token) is not None

    back.resume(room.teacher)
    assert back.connected(away.token, now=200.0) == 1
    assert session.sitter(away.seat) == Person(away.name)  # type: ignore[arg-type]
    learners_back = [again.by_learner(learner.token)[1] for learner in learners]  # type: ignore[index]
    while not session.state.over:
        play(back, learners_back, 1, random.Random(len(session.hand.log)), now=300.0 + len(session.hand.log))
    assert not back.next_hand(learners[0].token, 1, now=900.0).refused
    again.store.close()                                    # type: ignore[union-attr]

    third = Classrooms(ClassroomStore(path))
    kept = third.rooms[room.code]
    assert kept.tables[0].hands == 2 and not kept.paused
    assert [str(a) for a in kept.tables[0].session.hand.log] == [str(a) for a in session.hand.log]
    restored, played = kept.tables[0].session.match, session.match
    assert (restored.totals, restored.dealer) == (played.totals, played.dealer) and sum(played.totals.values()) > 0


def test_after_a_restart_every_learner_has_away_after_seconds_to_come_back(tmp_path: Path) -> None:
    path = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    room = rooms.open("tressette", {}, "club", now=0.0)
    learners = [room.join(f"L{n}", now=0.0) for n in range(4)]
    for learner in learners:
        room.connected(learner.token, now=0.0)
    rooms.store.close()                                    # type: ignore[union-attr]
    back = Classrooms(ClassroomStore(path)).rooms[room.code]
    assert all(not back.learner(learner.token).connected for learner in learners)  # type: ignore[union-attr]
    assert back.tick(now=5000.0) == []                     # the clock starts at the first tick
    back.connected(learners[0].token, now=5010.0)
    assert back.tick(now=5030.0) == [1]
    session = back.tables[0].session
    assert [type(session.sitter(learner.seat)) for learner in learners] == [Person, Computer, Computer, Computer]  # type: ignore[arg-type]


def test_a_closed_classroom_is_gone_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "classrooms.sqlite3"
    rooms = Classrooms(ClassroomStore(path))
    first = rooms.open("tressette", {}, "club", now=0.0)
    first.join("A", now=0.0)
    second = rooms.open("sixty_six", {}, "club", now=0.0)
    rooms.close(first.code)
    rooms.store.close()                                    # type: ignore[union-attr]
    assert set(Classrooms(ClassroomStore(path)).rooms) == {second.code}
