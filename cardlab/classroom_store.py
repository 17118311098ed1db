"""The classrooms of one server, kept in SQLite so that a restart loses no table.

Why: the server is the one authority over every table of a class; if it stops mid-hand, the
class must find every table where it was.  A table is kept as its scenario (the log is the truth:
:meth:`cardlab.session.TableSession.scenario`), a learner by the SHA-256 digest of their token (a
copy of the file gives nobody a seat), the teacher likewise.  The store holds plain records;
:mod:`cardlab.classroom` turns them into classrooms and back.

One damaged room never takes the others down: a room whose rows cannot be read back (JSON that
does not parse or has the wrong shape, an empty or missing column, a value of the wrong type, a
table that no longer replays) is set aside: its rows move to the table ``damaged`` of the same
file, with what was wrong, and a line in the log names it.  A file that is no database at all (or
whose pages cannot be read) is moved aside, renamed with the time beside it, and a new store
started.  A save that fails (a full disk) raises :class:`StoreError` and leaves the file as it was.
"""
from __future__ import annotations

import json
import logging
import math
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

SCHEMA = """
CREATE TABLE IF NOT EXISTS classrooms (
    code TEXT PRIMARY KEY, teacher TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
    level TEXT NOT NULL, paused INTEGER NOT NULL, touched REAL NOT NULL, poll TEXT,
    lang TEXT NOT NULL DEFAULT 'en', owner TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS learners (
    digest TEXT PRIMARY KEY, code TEXT NOT NULL, joined INTEGER NOT NULL, name TEXT NOT NULL,
    table_number INTEGER, seat TEXT, away_since REAL, replaced INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT NOT NULL, number INTEGER NOT NULL, scenario TEXT NOT NULL, hands INTEGER NOT NULL,
    PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS duplicates (code TEXT PRIMARY KEY, round TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shown (code TEXT PRIMARY KEY, shown TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS damaged (
    code TEXT NOT NULL, found REAL NOT NULL, reason TEXT NOT NULL, rows TEXT NOT NULL);
"""
ROOM_TABLES = ("classrooms", "learners", "tables", "duplicates", "shown")
"""The tables that hold a room's rows (each by its ``code``)."""
COLUMNS = {
    "classrooms": {"code": "TEXT", "teacher": "TEXT", "game": "TEXT", "options": "TEXT", "level": "TEXT",
                   "paused": "INTEGER", "touched": "REAL", "poll": "TEXT", "lang": "TEXT NOT NULL DEFAULT 'en'",
                   "owner": "TEXT NOT NULL DEFAULT ''"},
    "learners": {"digest": "TEXT", "code": "TEXT", "joined": "INTEGER", "name": "TEXT", "table_number": "INTEGER",
                 "seat": "TEXT", "away_since": "REAL", "replaced": "INTEGER"},
    "tables": {"code": "TEXT", "number": "INTEGER", "scenario": "TEXT", "hands": "INTEGER"},
    "duplicates": {"code": "TEXT", "round": "TEXT"},
    "shown": {"code": "TEXT", "shown": "TEXT"},
}
"""Every column the store reads, with the type it is added with to a file that lacks it: a store
kept before rooms had a language gets ``lang`` 'en', one kept before rooms were counted by teacher
``owner`` '' (one teacher nobody is); any other column missing comes back empty,
so the rooms that needed it are set aside (never read with a value made up)."""
UNREADABLE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
"""SQLite's words for a file that is not a database, or whose pages do not hold together."""

LOG = logging.getLogger("cardlab.classrooms")
Value = TypeVar("Value")


class StoreError(Exception):
    """The store could not keep a change (a full disk, a file it may not write): nothing changed in it."""


class Damaged(ValueError):
    """A room's rows cannot be read back: the text says what is wrong, for the log."""


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
    owner: str = ""
    """The digest of who opened the room (its teacher's key or hub login), by which rooms are counted."""


def _unreadable(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.DatabaseError) and getattr(error, "sqlite_errorname", "") in UNREADABLE


# ----- reading a room's rows back, each value checked --------------------------------------------

def _text(where: str, value: object, *, ascii_only: bool = False) -> str:
    if not isinstance(value, str):
        raise Damaged(f"{where} is {_kind(value)}, not text")
    if ascii_only and not value.isascii():
        raise Damaged(f"{where} is not plain ASCII text")
    return value


def _whole(where: str, value: object, least: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Damaged(f"{where} is {_kind(value)}, not a whole number")
    if least is not None and value < least:
        raise Damaged(f"{where} is {value}, less than {least}")
    return value


def _flag(where: str, value: object) -> bool:
    if _whole(where, value) not in (0, 1):
        raise Damaged(f"{where} is {value}, not 0 or 1")
    return bool(value)


def _time(where: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Damaged(f"{where} is {_kind(value)}, not a time")
    return float(value)


def _optional(read: Callable[[str, object], Value], where: str, value: object) -> Value | None:
    return None if value is None else read(where, value)


def _object(where: str, value: object) -> dict[str, Any]:
    """A JSON object kept as text."""
    text = _text(where, value)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise Damaged(f"{where} is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise Damaged(f"{where} is JSON {type(data).__name__}, not an object")
    return data


def _kind(value: object) -> str:
    if value is None:
        return "empty (NULL)"
    if isinstance(value, bytes):
        return "a blob of bytes"
    return f"{type(value).__name__} {str(value)[:40]!r}"


def _plain(value: object) -> object:
    """A column's value as JSON can hold it (a blob as its hex digits)."""
    return {"blob": value.hex()} if isinstance(value, bytes) else value


class ClassroomStore:
    """``ClassroomStore(path)``: a SQLite file of classrooms (created with its folder if missing);
    ``log`` is told of every room set aside and of a file moved aside."""

    def __init__(self, path: str | Path, log: logging.Logger | None = None) -> None:
        self.path = Path(path)
        self.log = log or LOG
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.connection = self._open()
        except sqlite3.DatabaseError as error:
            if not _unreadable(error):
                raise
            self._move_aside(error)
            self.connection = self._open()

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.executescript(SCHEMA)
            with connection:
                for table, columns in COLUMNS.items():
                    there = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
                    for column, kind in columns.items():
                        if column not in there:
                            connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        except sqlite3.Error:
            connection.close()
            raise
        return connection

    def _move_aside(self, error: sqlite3.Error) -> None:
        """The unreadable file (and its write-ahead log) renamed with the time beside it."""
        aside = self.path.with_name(f"{self.path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
        while aside.exists():
            aside = aside.with_name(aside.name + "-1")
        for suffix in ("", "-wal", "-shm"):
            kept = Path(f"{self.path}{suffix}")
            if kept.exists():
                kept.rename(f"{aside}{suffix}")
        self.log.error("Classroom store %s cannot be read (%s): moved aside to %s; a new store is started",
                       self.path, error, aside)

    def save(self, room: RoomRecord) -> None:
        """Replace everything kept of ``room`` by ``room``, in one transaction; StoreError (and the
        file as it was) if it cannot be written."""
        try:
            with self.connection:
                self._delete(room.code)
                self.connection.execute(
                    "INSERT INTO classrooms (code, teacher, game, options, level, paused, touched, poll, lang, owner) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (room.code, room.teacher, room.game, json.dumps(room.options), room.level, int(room.paused),
                     room.touched, None if room.poll is None else json.dumps(room.poll), room.lang, room.owner))
                self.connection.executemany(
                    "INSERT INTO learners (digest, code, joined, name, table_number, seat, away_since, replaced) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(learner.digest, room.code, order, learner.name, learner.table, learner.seat,
                      learner.away_since, int(learner.replaced)) for order, learner in enumerate(room.learners)])
                self.connection.executemany(
                    "INSERT INTO tables (code, number, scenario, hands) VALUES (?, ?, ?, ?)",
                    [(room.code, table.number, json.dumps(table.scenario), table.hands) for table in room.tables])
                if room.duplicate is not None:
                    self.connection.execute("INSERT INTO duplicates (code, round) VALUES (?, ?)",
                                            (room.code, json.dumps(room.duplicate)))
                if room.shown is not None:
                    self.connection.execute("INSERT INTO shown (code, shown) VALUES (?, ?)",
                                            (room.code, json.dumps(room.shown)))
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error

    def _delete(self, code: str) -> None:
        for name in ROOM_TABLES:
            self.connection.execute(f"DELETE FROM {name} WHERE code = ?", (code,))

    def delete(self, code: str) -> None:
        """Forget room ``code``; StoreError (and the file as it was) if it cannot be written."""
        try:
            with self.connection:
                self._delete(code)
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error

    def load(self) -> list[RoomRecord]:
        """Every classroom kept, with its learners in the order they joined and its tables by
        number; a room whose rows cannot be read is set aside (:meth:`set_aside`), and a file whose
        pages cannot be read is moved aside for a new one."""
        try:
            codes = [code for (code,) in self.connection.execute("SELECT code FROM classrooms ORDER BY touched, rowid")]
            rooms = []
            for code in codes:
                try:
                    rooms.append(self._room(code))
                except Damaged as damage:
                    self.set_aside(code, str(damage))
            return rooms
        except sqlite3.DatabaseError as error:
            if not _unreadable(error):
                raise
            self.connection.close()
            self._move_aside(error)
            self.connection = self._open()
            return []

    def _room(self, code: object) -> RoomRecord:
        """Room ``code``'s rows, every value checked, or Damaged saying the first one wrong."""
        code = _text("its code", code, ascii_only=True)
        (teacher, game, options, level, paused, touched, poll, lang, owner), = self.connection.execute(
            "SELECT teacher, game, options, level, paused, touched, poll, lang, owner FROM classrooms WHERE code = ?",
            (code,))
        learners = tuple(
            LearnerRecord(_text(f"learner {order}'s digest", digest), _text(f"learner {order}'s name", name),
                          _optional(_whole, f"learner {order}'s table_number", table),
                          _optional(_text, f"learner {order}'s seat", seat),
                          _optional(_time, f"learner {order}'s away_since", away_since),
                          _flag(f"learner {order}'s replaced", replaced))
            for order, (digest, name, table, seat, away_since, replaced) in enumerate(self.connection.execute(
                "SELECT digest, name, table_number, seat, away_since, replaced FROM learners "
                "WHERE code = ? ORDER BY joined, rowid", (code,)), start=1))
        tables = tuple(
            TableRecord(_whole("a table's number", number, 1), _object(f"table {number}'s scenario", scenario),
                        _whole(f"table {number}'s hands", hands, 1))
            for number, scenario, hands in self.connection.execute(
                "SELECT number, scenario, hands FROM tables WHERE code = ? ORDER BY number", (code,)))
        if [table.number for table in tables] != list(range(1, len(tables) + 1)):
            raise Damaged(f"its tables are numbered {[table.number for table in tables]}, not 1 to {len(tables)}")
        for order, learner in enumerate(learners, start=1):
            if learner.table is not None and learner.table > len(tables):
                raise Damaged(f"learner {order} sits at table {learner.table}, which it does not have")
        duplicate = self.connection.execute("SELECT round FROM duplicates WHERE code = ?", (code,)).fetchone()
        shown = self.connection.execute("SELECT shown FROM shown WHERE code = ?", (code,)).fetchone()
        return RoomRecord(code, _text("its teacher", teacher, ascii_only=True), _text("its game", game),
                          _object("its column 'options'", options), _text("its level", level),
                          _flag("its paused", paused),
                          _time("its touched", touched), _optional(_object, "its poll", poll), learners, tables,
                          None if duplicate is None else _object("its duplicate round", duplicate[0]),
                          None if shown is None else _object("its shown table", shown[0]),
                          _text("its lang", lang), _optional(_text, "its owner", owner or None) or "")

    def set_aside(self, code: str, reason: str) -> None:
        """Room ``code``'s rows move to the table ``damaged`` (with ``reason`` and the time), never
        to be loaded again, and the log says so; if even that cannot be written, they stay where
        they are (this start does not load them; the next tries again)."""
        rows: dict[str, list[dict[str, object]]] = {}
        try:
            with self.connection:
                for name in ROOM_TABLES:
                    cursor = self.connection.execute(f"SELECT * FROM {name} WHERE code = ?", (code,))
                    columns = [column[0] for column in cursor.description]
                    rows[name] = [{column: _plain(value) for column, value in zip(columns, row)} for row in cursor]
                self.connection.execute("INSERT INTO damaged (code, found, reason, rows) VALUES (?, ?, ?, ?)",
                                        (code, time.time(), reason, json.dumps(rows)))
                self._delete(code)
        except sqlite3.Error as error:
            self.log.error("Classroom store %s: room %s cannot be read (%s), and could not be set aside (%s): "
                           "not opened", self.path, code, reason, error)
            return
        self.log.error("Classroom store %s: room %s set aside in its table 'damaged', not opened: %s",
                       self.path, code, reason)

    def close(self) -> None:
        self.connection.close()
