"""The classrooms of one server, kept in SQLite so that a restart loses no table.

Why: the server is the one authority over every table of a class; if it stops mid-hand, the
class must find every table where it was.  A table is kept as its scenario (the log is the truth:
:meth:`cardlab.session.TableSession.scenario`), a learner by the SHA-256 digest of their token (a
copy of the file gives nobody a seat), the teacher likewise.  The store holds plain records;
:mod:`cardlab.classroom` turns them into classrooms and back.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS classrooms (
    code TEXT PRIMARY KEY, teacher TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
    level TEXT NOT NULL, paused INTEGER NOT NULL, touched REAL NOT NULL, poll TEXT,
    lang TEXT NOT NULL DEFAULT 'en');
CREATE TABLE IF NOT EXISTS learners (
    digest TEXT PRIMARY KEY, code TEXT NOT NULL, joined INTEGER NOT NULL, name TEXT NOT NULL,
    table_number INTEGER, seat TEXT, away_since REAL, replaced INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT NOT NULL, number INTEGER NOT NULL, scenario TEXT NOT NULL, hands INTEGER NOT NULL,
    PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS duplicates (code TEXT PRIMARY KEY, round TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shown (code TEXT PRIMARY KEY, shown TEXT NOT NULL);
"""


@dataclass(frozen=True)
class LearnerRecord:
    digest: str
    name: str
    table: int | None
    seat: str | None
    away_since: float | None
    replaced: bool


@dataclass(frozen=True)
class TableRecord:
    number: int
    scenario: dict[str, Any]
    """The table's scenario JSON: how the hand began, its actions so far, the match sheet."""
    hands: int


@dataclass(frozen=True)
class RoomRecord:
    code: str
    teacher: str
    """The digest of the teacher's token."""
    game: str
    options: dict[str, Any]
    level: str
    paused: bool
    touched: float
    poll: dict[str, Any] | None
    learners: tuple[LearnerRecord, ...]
    tables: tuple[TableRecord, ...]
    duplicate: dict[str, Any] | None = None
    """The duplicate round (:mod:`cardlab.classroom_duplicate`), if one was started."""
    shown: dict[str, Any] | None = None
    """The table shown to the class (:mod:`cardlab.classroom_show`), if any."""
    lang: str = "en"
    """The language the room speaks (a code of :data:`cardlab.i18n.LANGUAGES`)."""


class ClassroomStore:
    """``ClassroomStore(path)``: a SQLite file of classrooms (created with its folder if missing)."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.connection = sqlite3.connect(path)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")
        self.connection.executescript(SCHEMA)
        columns = {row[1] for row in self.connection.execute("PRAGMA table_info(classrooms)")}
        if "lang" not in columns:  # a store kept before rooms had a language: its rooms speak English
            with self.connection:
                self.connection.execute("ALTER TABLE classrooms ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'")

    def save(self, room: RoomRecord) -> None:
        """Replace everything kept of ``room`` by ``room``, in one transaction."""
        with self.connection:
            self._delete(room.code)
            self.connection.execute(
                "INSERT INTO classrooms (code, teacher, game, options, level, paused, touched, poll, lang) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (room.code, room.teacher, room.game, json.dumps(room.options), room.level, int(room.paused),
                 room.touched, None if room.poll is None else json.dumps(room.poll), room.lang))
            self.connection.executemany(
                "INSERT INTO learners VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(learner.digest, room.code, order, learner.name, learner.table, learner.seat,
                  learner.away_since, int(learner.replaced)) for order, learner in enumerate(room.learners)])
            self.connection.executemany(
                "INSERT INTO tables VALUES (?, ?, ?, ?)",
                [(room.code, table.number, json.dumps(table.scenario), table.hands) for table in room.tables])
            if room.duplicate is not None:
                self.connection.execute("INSERT INTO duplicates VALUES (?, ?)", (room.code, json.dumps(room.duplicate)))
            if room.shown is not None:
                self.connection.execute("INSERT INTO shown VALUES (?, ?)", (room.code, json.dumps(room.shown)))

    def _delete(self, code: str) -> None:
        for name in ("classrooms", "learners", "tables", "duplicates", "shown"):
            self.connection.execute(f"DELETE FROM {name} WHERE code = ?", (code,))

    def delete(self, code: str) -> None:
        with self.connection:
            self._delete(code)

    def load(self) -> list[RoomRecord]:
        """Every classroom kept, with its learners in the order they joined and its tables by number."""
        rooms = []
        for code, teacher, game, options, level, paused, touched, poll, lang in self.connection.execute(
                "SELECT code, teacher, game, options, level, paused, touched, poll, lang FROM classrooms "
                "ORDER BY touched"):
            learners = tuple(
                LearnerRecord(digest, name, table, seat, away_since, bool(replaced))
                for digest, name, table, seat, away_since, replaced in self.connection.execute(
                    "SELECT digest, name, table_number, seat, away_since, replaced FROM learners "
                    "WHERE code = ? ORDER BY joined", (code,)))
            tables = tuple(
                TableRecord(number, json.loads(scenario), hands)
                for number, scenario, hands in self.connection.execute(
                    "SELECT number, scenario, hands FROM tables WHERE code = ? ORDER BY number", (code,)))
            duplicate = self.connection.execute("SELECT round FROM duplicates WHERE code = ?", (code,)).fetchone()
            shown = self.connection.execute("SELECT shown FROM shown WHERE code = ?", (code,)).fetchone()
            rooms.append(RoomRecord(code, teacher, game, json.loads(options), level, bool(paused), touched,
                                    None if poll is None else json.loads(poll), learners, tables,
                                    None if duplicate is None else json.loads(duplicate[0]),
                                    None if shown is None else json.loads(shown[0]), lang))
        return rooms

    def close(self) -> None:
        self.connection.close()
