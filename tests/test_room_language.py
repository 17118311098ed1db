"""The room speaks its language (issue 24): a classroom opened in French or Italian says every
sentence in it -- its refusals, the table's refusals and status lines, the poll's question, the
duplicate round's status and ranking -- whatever language its caller speaks; the language is kept
in the store across a restart, and a store kept before rooms had a language opens them in English.
Everything through :mod:`cardlab.classroom` over a real SQLite store, ``now`` passed in."""
from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from cardlab import i18n
from cardlab.actions import Play
from cardlab.classroom import (ROUND_SECRET, WRONG_LEARNER, Classroom, ClassroomError, Classrooms, ClassroomStore,
                               Learner, Limits)
from cardlab.classroom_duplicate import UNDER_WAY
from cardlab.scenario import builtin
from tests.i18n_misses import missed
from tests.test_classroom_duplicate import play_to_end

LANGS = ("fr", "it")


def refusal(call: Callable[[], object]) -> str:
    """The sentence of the ClassroomError ``call`` raises."""
    with pytest.raises(ClassroomError) as refused:
        call()
    return str(refused.value)


def seated(rooms: Classrooms, lang: str, people: int = 4) -> tuple[Classroom, list[Learner]]:
    room = rooms.open("tressette", {}, "club", 0.0, lang=lang)
    return room, [room.join(f"Learner {n}", 0.0) for n in range(people)]


def illegal_card(room: Classroom, learners: list[Learner]) -> tuple[Learner, str]:
    """Play legal cards at table 1 until the seat to play holds a card it may not play; that seat's
    learner and the card."""
    session = room.tables[0].session
    by_seat = {learner.seat: learner for learner in learners if learner.table == 1}
    now = 1.0
    while True:
        seat = session.state.to_act
        legal = set(session.rules.legal_cards(session.state, seat))
        barred = [card for card in session.state.hand(seat) if card not in legal]
        if barred:
            return by_seat[seat], str(barred[0])
        action = session.rules.legal(session.state)[0]
        now += 1.0
        assert not room.act(by_seat[seat].token, str(action.card) if isinstance(action, Play) else str(action),
                            now).refused


def table_sentences(room: Classroom, learners: list[Learner]) -> list[str]:
    """What the room says at table 1 on a forged token, a refused card, a pause, a bad call."""
    learner, card = illegal_card(room, learners)
    refused = room.act(learner.token, card, 50.0)
    assert refused.refused and refused.view.frame.status
    room.pause(room.teacher)
    paused = room.act(learner.token, card, 51.0)
    room.resume(room.teacher)
    return [refusal(lambda: room.view("forged")), refusal(lambda: room.pause("forged")),
            refused.message, refused.view.frame.status, paused.message,
            room.call(learner.token, 99, 52.0).message, room.act(learner.token, "ZZ", 53.0).message,
            room.overview(room.teacher)[0].status,
            refusal(lambda: room.move(room.teacher, learner.key, 1, "Q"))]


@pytest.mark.parametrize("lang", LANGS)
def test_a_room_says_its_refusals_and_its_table_in_its_language_whoever_calls(lang: str, tmp_path: Path) -> None:
    said_in_english = table_sentences(*seated(Classrooms(ClassroomStore(tmp_path / "en.sqlite")), "en"))
    rooms = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite"))
    with missed(lang) as lost, i18n.speaking("en"):        # the caller speaks English, the room its own
        room, learners = seated(rooms, lang)
        said = table_sentences(room, learners)
    assert lost == []
    assert room.lang == lang and i18n.language() == "en"
    for ours, theirs in zip(said, said_in_english):
        assert ours and ours != theirs, (ours, theirs)


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_room_and_a_bad_name_are_refused_in_its_language(lang: str, tmp_path: Path) -> None:
    said: dict[str, list[str]] = {}
    for each in ("en", lang):
        rooms = Classrooms(ClassroomStore(tmp_path / f"{each}.sqlite"), Limits(people=2, tables=1))
        with missed(lang) as lost, i18n.speaking("it" if lang == "fr" else "fr"):
            room, _ = seated(rooms, each, people=2)
            said[each] = [refusal(lambda: room.join("One too many", 1.0)), refusal(lambda: room.join(" ", 1.0)),
                          refusal(lambda: room.join("x" * 99, 1.0)),
                          refusal(lambda: rooms.open("tressette", {}, "nobody", 1.0, lang=each))]
        assert lost == [] and len(room.members) == 2
    assert all(ours != theirs for ours, theirs in zip(said[lang], said["en"]))
    assert "2" in said[lang][0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_poll_the_shown_table_the_duplicate_round_and_the_away_clock_speak_the_rooms_language(
        lang: str, tmp_path: Path) -> None:
    """Two tables of learners (no computer plays a random deal: every sentence looked up comes from
    a fixed deal or a learner's move); the expert's reveal is on a prepared scenario."""
    rooms = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite"))
    with missed(lang) as lost, i18n.speaking("en"):
        room, learners = seated(rooms, lang, people=8)
        nothing = [refusal(lambda: room.tally(room.teacher)), refusal(lambda: room.duplicate_view(room.teacher)),
                   refusal(lambda: room.step_shown(room.teacher, 1))]
        seat = room.tables[0].session.state.to_act
        other = next(s for s in room.seats if s != seat)
        wrong_seat = refusal(lambda: room.ask(room.teacher, 1, other))
        room.ask(room.teacher, 1, seat)
        at_table = next(learner for learner in learners if learner.table == 1 and learner.seat != seat)
        outside = next(learner for learner in learners if learner.table == 2)
        hidden, asked = room.poll_view(at_table.token), room.poll_view(outside.token)
        assert hidden is not None and asked is not None
        bad_answer = refusal(lambda: room.answer(outside.token, "ZZ", 1.0))
        sitting = refusal(lambda: room.answer(at_table.token, asked.cards[0], 1.0))
        room.answer(outside.token, asked.cards[0], 1.0)
        room.close_poll(room.teacher)

        room.show_table(room.teacher, 1, seat)
        shown = room.shown_view(room.teacher)
        other_game = refusal(lambda: room.show_scenario(room.teacher, builtin("sixty_six-65-65"), 99, "S", False))
        room.show_scenario(room.teacher, builtin("tressette-follow-suit"), 99, "S", False)
        room.ask_shown(room.teacher)
        prepared = room.poll_view(learners[0].token)
        assert prepared is not None
        room.answer(learners[0].token, prepared.cards[0], 2.0)
        reveal = room.reveal(room.teacher)
        room.hide_shown(room.teacher)

        bad_deals = refusal(lambda: room.start_duplicate(room.teacher, "eleven", 3.0))
        room.start_duplicate(room.teacher, [11], 3.0)
        under_way = refusal(lambda: room.start_duplicate(room.teacher, [12], 4.0))
        secret = refusal(lambda: room.show_table(room.teacher, 1, seat))
        waiting = room.duplicate_view(learners[0].token)
        now = play_to_end(room, learners, 1, random.Random(24), 5.0)
        now = play_to_end(room, learners, 2, random.Random(25), now)
        over = room.duplicate_view(room.teacher)

        room.connected(learners[1].token, now)                # away: the computer takes the seat
        room.disconnected(learners[1].token, now)
        assert room.tick(now + 31.0) == [1]
        away = room.view(learners[0].token)
        face_up = room.table_view(room.teacher, 1)
    assert lost == []
    assert over.over and over.ranking and waiting.status and not waiting.over and reveal.reason
    assert [learner.replaced for learner in map(room.learner, (learners[0].token, learners[1].token))
            if learner is not None] == [False, True]
    english = [  # what an English room says in their place
        "There is no question open now.", "No duplicate round has been played in this classroom yet.",
        "No table is shown to the class now: show one first.",
        f"Ask when {other} is to play a card: it is not {other}'s turn to play now.",
        f"The class is asked which card {seat} would play at your table: wait for the answer.",
        f"Which card would you play as {seat} at table 1?", f"Answer with a card {seat} may play now.",
        "You sit at this table: this question is for the rest of the class.",
        "That scenario is for another game (sixty_six), not this room's.", "Which card would you play as S?",
        "A duplicate round is 1 to 32 deals, each a seed (a whole number) or a deal naming each seat's cards.",
        UNDER_WAY, ROUND_SECRET,
        "Your table has played 0 of the round's 1 deal; the comparison comes when every table has played it.",
        "The duplicate round is over: 1 deal at 2 tables, ranked by matchpoints."]
    ours = [*nothing, wrong_seat, hidden.question, asked.question, bad_answer, sitting, other_game,
            prepared.question, bad_deals, under_way, secret, waiting.status, over.status]
    for sentence, theirs in zip(ours, english, strict=True):
        assert sentence and sentence != theirs, sentence
    assert shown is not None and shown.title == {"fr": "Table 1", "it": "Tavolo 1"}[lang]
    assert over.units == {"fr": "points", "it": "punti"}[lang]
    assert not any("matchpoint" in standing.sentence for standing in over.ranking), "said in the room's language"
    assert away.frame.status and face_up.frame.status


def test_the_language_survives_a_restart_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite"
    store = ClassroomStore(path)
    rooms = Classrooms(store)
    with pytest.raises(ClassroomError, match="en, fr, it"):
        rooms.open("tressette", {}, "club", 0.0, lang="de")
    assert rooms.rooms == {}
    room, learners = seated(rooms, "it")
    learner, card = illegal_card(room, learners)
    store.close()

    again = Classrooms(ClassroomStore(path))
    back = again.rooms[room.code]
    assert back.lang == "it"
    with missed("it") as lost, i18n.speaking("fr"):
        refused = back.act(learner.token, card, 60.0)
        wrong = refusal(lambda: back.view("forged"))
        status = back.view(learner.token).frame.status
    assert lost == [] and refused.refused
    with i18n.speaking("it"):
        assert wrong == i18n._(WRONG_LEARNER) != WRONG_LEARNER
        assert status == back.tables[0].session.rules.status(back.tables[0].session.state)
    with pytest.raises(ClassroomError):
        Classroom("ABCDEFGH", "t", "tressette", {}, "club", Limits(), 0.0, lang=["fr"])  # type: ignore[arg-type]


def test_a_store_kept_before_rooms_had_a_language_opens_them_in_english(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:                   # the schema of the store before issue 24
        old.executescript("""
            CREATE TABLE classrooms (
                code TEXT PRIMARY KEY, teacher TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
                level TEXT NOT NULL, paused INTEGER NOT NULL, touched REAL NOT NULL, poll TEXT);
            INSERT INTO classrooms VALUES ('K7QF2M9X', 'digest', 'tressette', '{}', 'club', 0, 0.0, NULL);""")
    old.close()
    rooms = Classrooms(ClassroomStore(path))
    room = rooms.rooms["K7QF2M9X"]
    assert room.lang == "en"
    with i18n.speaking("fr"):
        assert refusal(lambda: room.view("forged")) == WRONG_LEARNER
        room.join("Ada", 1.0)
        assert rooms.open("tressette", {}, "club", 2.0, lang="fr").lang == "fr"
    kept = {record.code: record.lang for record in ClassroomStore(path).load()}
    assert kept["K7QF2M9X"] == "en" and sorted(kept.values()) == ["en", "fr"]
