"""A class playing together: a teacher's classroom of tables, each a :class:`TableSession` whose
seats are held by learners or by the computer.

Why: the lessons seat one learner with the computer; a teacher wants four learners at one table,
several tables at once, and to see them all.  The engine is the one authority: every move comes
with the learner's seat token and is checked here for that seat only, and each learner is given
their seat's view only, never a card of another hand.  The server and pages
(``widgets/classroom.py``) only carry messages; :mod:`cardlab.classroom_store` keeps every
classroom across a restart, holding digests of the tokens, never the tokens.

* Time is passed in as ``now`` (seconds of the wall clock: a classroom outlives the process), so
  the away timeout and the rate limits are tested without waiting.
* A refusal is a :class:`ClassroomError` whose text is one short sentence (a wrong token, a full
  classroom), or a refused :class:`Change` (a move the table or the limits refuse), and changes
  nothing.
* When the store cannot keep a change (a full disk), a join or a change of the teacher's is undone
  and refused (:class:`NotSaved`, :data:`CANNOT_SAVE`); play (cards, calls, the next hand, poll
  answers, pages coming and going, the away clock) goes on in memory and is saved with the next
  change or tick.  A room the store cannot read back is set aside there, the others open.
* A learner is known to the classroom by the digest of their token and shown to the teacher by a
  short ``key``; names are kept as typed: the views escape them.
* The teacher shows the class one table (:mod:`cardlab.classroom_show`): a copy of a room table
  from one seat's view, hidden from the others seated at that table, or a prepared scenario.
* The class poll asks every learner "which card would you play?" for one seat of the shown table
  (or of a room table), then tallies the answers (a learner may change theirs until the reveal)
  and reveals the expert's choice with its public reason.
* A duplicate round (:mod:`cardlab.classroom_duplicate`) deals every table the same deals, turned
  a seat on from one table to the next, and ranks the class by matchpoints once all are played.
* A room speaks one language (``lang``, chosen when it is opened and kept in the store): every
  public method says its answer, the sentences it keeps and its refusals in it, whoever calls it
  (:func:`speaks_its_language`); codes, actions, logs and scenarios stay language-free.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import inspect
import math
import secrets
import unicodedata
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Mapping, TypeVar

from . import i18n
from .actions import ActionError
from .cards import Card, CardError
from .classroom_duplicate import NO_ROUND, UNDER_WAY, DuplicateError, DuplicateRound, DuplicateView
from .classroom_poll import Poll, PollView, Reveal
from .classroom_show import Shown, ShownView
from .classroom_store import ClassroomStore, Damaged, LearnerRecord, RoomRecord, StoreError, TableRecord
from .games import get_rules
from .i18n import N_, _, ngettext
from .players import LEVELS, Decision
from .render.text import board_description
from .rules import OptionError, TrickGame
from .scenario import Scenario, ScenarioError, parse
from .session import LEARNER, Change, Computer, Frame, Person, SeatView, Sitting, TableSession, Waiting, read_move

__all__ = ["ClassTable", "Classroom", "ClassroomError", "ClassroomStore", "Classrooms", "Learner", "Limits",
           "NotSaved", "PollView", "Reveal", "SeatRow", "ShownView", "TableRow", "read_code", "shown_code"]

CODE_SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread."""
CODE_LENGTH = 8  # 40 bits
MISREAD = str.maketrans({"I": "1", "L": "1", "O": "0"})
SEED_BITS = 62
"""A table's seed is never shown to a learner, and too large to find from the cards seen."""
KEY_LENGTH = 12
"""Hex digits of a token's digest shown to the teacher as the learner's key."""
UNSEEN = {"Cc", "Cs", "Zl", "Zp"}
"""Control characters, lone surrogates and line breaks: never part of a display name."""
TURNING = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional overrides and isolates, which would turn the text after a name around."""
BLANK = {"Cf", "Zs", "Mn", "Me", "Cn"}
"""Formats (zero-width spaces, joiners, soft hyphens, tags), spaces, marks with no letter to sit on
and unassigned code points: none shows anything by itself."""
FILLERS = set("\u115f\u1160\u3164\uffa0\u2800")
"""The Hangul fillers and the blank Braille pattern: letters and symbols that show nothing."""
COMPUTER = N_("computer")
FREE = N_("free seat")
TEACHER = N_("teacher")
"""The word for the teacher: no learner's name, like the room's words for the computer and a free seat."""
TAKEN_NAME = N_("That name is the room's word for the computer or the teacher: choose your own name.")
PAUSED = N_("The teacher has paused the class: wait for the game to resume.")
NO_QUESTION = N_("There is no question open now.")
WRONG_TEACHER = N_("This link does not open this classroom as its teacher.")
WRONG_LEARNER = N_("This link is not a seat in this classroom: join again with the code.")
TOO_FAST = N_("Too many moves at once: wait a moment and try again.")
NOTHING_SHOWN = N_("No table is shown to the class now: show one first.")
AT_YOUR_TABLE = N_("The class is looking at your table from another seat: play on at your own table.")
ROUND_SECRET = N_("A duplicate round is under way: every table holds the same cards, so show a room table "
                  "once the round is over, or show a prepared scenario.")


class ClassroomError(Exception):
    """A refusal: its text is one short sentence for the person."""


@dataclass(frozen=True)
class Asked:
    """A computer's decision a room table waits for: at ``table``, its ``hands``-th hand, what
    :meth:`cardlab.session.TableSession.waiting` said, its reason to be said in ``lang``."""

    table: int
    hands: int
    waiting: Waiting
    lang: str


CANNOT_SAVE = N_("The server cannot save the room just now (its disk may be full): nothing was changed, "
                 "try again in a moment.")


class NotSaved(ClassroomError):
    """The store could not keep the change (a full disk): the room is as it was before it."""


@dataclass(frozen=True)
class Limits:
    """Every limit of the classroom service, each refused with a sentence."""

    rooms: int = 40
    """Open classrooms per server: past it a teacher who holds one already is refused (a teacher who
    holds none still opens one, so a full server never locks a teacher out)."""
    rooms_per_teacher: int = 12
    """Open classrooms one teacher (one owner: the app server's key, a hub login) may hold."""
    tables: int = 12
    """Tables per classroom."""
    people: int = 64
    """Learners per classroom."""
    name_length: int = 40
    message_bytes: int = 4096
    """The largest websocket message accepted (the server checks it)."""
    actions_per_second: float = 5
    """Per token, with a burst of as many at once."""
    free_misses: int = 5
    """Wrong codes a client (its browser's cookie, or its hub login) may type before it waits."""
    first_wait: float = 2.0
    """Seconds the client waits after its first miss past ``free_misses``; each further miss doubles it."""
    longest_wait: float = 300.0
    """The longest wait: a client keeping its cookie tries about one code in five minutes."""
    misses_kept: float = 3600.0
    """Seconds a client's misses are remembered, and the span of the teacher's count of misses."""
    away_after: float = 30.0
    """Seconds disconnected before the computer plays the seat."""
    kept_for: float = 24 * 3600.0
    """Seconds a classroom nobody touches is kept; older ones are closed by the server's clock
    (:meth:`Classrooms.close_idle`) and when a room is opened."""


def digest(token: str) -> str:
    """The SHA-256 of a token, hex: what the classroom and the store keep instead of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_code() -> str:
    """A fresh join code: 8 symbols of Crockford's base32 (40 bits of chance)."""
    return "".join(secrets.choice(CODE_SYMBOLS) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str | None:
    """A join code as typed (any case, with or without the dash, O for 0 and I or L for 1) in its
    canonical form, or None when it cannot be one."""
    if not isinstance(text, str) or len(text) > 4 * CODE_LENGTH:
        return None
    code = "".join(text.split()).replace("-", "").upper().translate(MISREAD)
    if len(code) != CODE_LENGTH or any(symbol not in CODE_SYMBOLS for symbol in code):
        return None
    return code


def shown_code(code: str) -> str:
    """A join code as the room shows it: ``K7QF-2M9X``."""
    return f"{code[:4]}-{code[4:]}"


def name_problem(name: object, limits: Limits) -> str | None:
    """Why ``name`` cannot be a display name (None: it can).  Markup is allowed: views escape it."""
    if not isinstance(name, str) or not name.strip():
        return _("Give a display name to join.")
    if len(name) > limits.name_length:
        return ngettext("A display name has at most {count} character.",
                        "A display name has at most {count} characters.", limits.name_length).format(
            count=limits.name_length)
    if any(unicodedata.category(character) in UNSEEN or character in TURNING for character in name):
        return _("A display name is one line of letters, digits and signs.")
    if all(unicodedata.category(character) in BLANK or character in FILLERS for character in name):
        return _("A display name needs letters, digits or signs that others can see.")
    if plain_name(name) in taken_names():
        return _(TAKEN_NAME)
    return None


def plain_name(name: str) -> str:
    """``name`` as a reader takes it in: compatibility forms folded (full-width letters), what
    shows nothing left out, spaces single, case folded."""
    folded = unicodedata.normalize("NFKC", name)
    shown = "".join(" " if unicodedata.category(character) == "Zs" or character in FILLERS else character
                    for character in folded if unicodedata.category(character) not in BLANK - {"Zs"})
    return " ".join(shown.split()).casefold()


@functools.cache
def taken_names() -> frozenset[str]:
    """The words the room's pages show for the computer, the teacher and a free seat, in every
    language of cardlab: a learner so named would pass for them on every page of any room."""
    return frozenset(plain_name(i18n.catalog(lang).gettext(word))
                     for lang in i18n.LANGUAGES for word in (COMPUTER, TEACHER, FREE))


@dataclass(frozen=True)
class Learner:
    """A learner as the server sees them: ``key`` names them to the teacher (a few digits of their
    token's digest); ``token`` is the one the caller gave (the classroom keeps only its digest)."""

    token: str
    name: str
    table: int | None
    seat: str | None
    connected: bool
    away_since: float | None
    key: str = ""
    replaced: bool = False
    """The computer plays the seat until the learner is back."""


@dataclass
class Member:
    """A learner as the classroom keeps them: by their token's digest."""

    digest: str
    name: str
    table: int | None
    seat: str | None
    connections: int = 0
    away_since: float | None = None
    """When the last connection closed; None while connected, or before the clock starts (a join,
    a restart): the next tick starts it."""
    replaced: bool = False

    @property
    def key(self) -> str:
        return self.digest[:KEY_LENGTH]

    def learner(self, token: str) -> Learner:
        return Learner(token, self.name, self.table, self.seat, self.connections > 0, self.away_since,
                       self.key, self.replaced)


@dataclass(frozen=True)
class Glance:
    """What the teacher's overview shows of a table's score: the running points of the hand (None
    while they are being counted) and the match's totals."""

    points: Mapping[str, Mapping[str, Fraction]] | None
    totals: Mapping[str, int]


@dataclass
class ClassTable:
    """One table of the classroom: its session and who holds each seat (a learner's key, or None
    for the computer); ``hands`` counts the hands dealt, so a view can tell a new hand's steps
    from the last one's; ``said`` is each seat's own last sentence, shown to that seat only."""

    number: int
    session: TableSession
    seats: dict[str, str | None]
    hands: int = 1
    said: dict[str, str] = field(default_factory=dict)
    waiting_since: float | None = None
    """When the table opened: its free seats wait for learners for ``away_after`` seconds before
    the computer takes them (None once it has)."""
    glance: tuple[Sitting, Glance] | None = field(default=None, repr=False, compare=False)
    """What the teacher's overview last read of the table, with the sitting it read it from: read
    again only once the table changed (not when a card is played at another table)."""
    kept: tuple[Sitting, dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    """The table's scenario as the store last kept it, with the sitting it was made of."""

    def glanced(self) -> Glance:
        """The table's running points and match totals, for the teacher's overview."""
        now = self.session.now
        if self.glance is None or self.glance[0] is not now:
            view = self.session.view(now.rules.seats[0])
            self.glance = (now, Glance(view.points, dict(view.match.totals)))
        return self.glance[1]

    def scenario_json(self) -> dict[str, Any]:
        """The table's scenario as the store keeps it (made again only once the table changed)."""
        now = self.session.now
        if self.kept is None or self.kept[0] is not now:
            self.kept = (now, self.session.scenario().to_json())
        return self.kept[1]


@dataclass(frozen=True)
class SeatRow:
    """One seat on the teacher's overview."""

    seat: str
    name: str
    """The learner's name, or "computer"."""
    key: str | None
    connected: bool
    computer: bool
    """The computer plays the seat (no learner, or the learner away)."""


@dataclass(frozen=True)
class TableRow:
    """One table on the teacher's overview: who sits where, the step, the points, the match."""

    number: int
    seats: tuple[SeatRow, ...]
    step: int
    steps: int
    status: str
    points: Mapping[str, Mapping[str, Fraction]] | None
    totals: Mapping[str, int]
    over: bool
    hands: int


class Bucket:
    """A token bucket: ``rate`` actions a second, as many at once."""

    def __init__(self, rate: float, now: float) -> None:
        self.rate = rate
        self.level = rate
        self.time = now

    def take(self, now: float) -> bool:
        """One action at ``now``: True if the bucket holds one."""
        self.level = min(self.rate, self.level + max(0.0, now - self.time) * self.rate)
        self.time = max(self.time, now)
        if self.level < 1:
            return False
        self.level -= 1
        return True


def checked_options(game: str, options: object, level: object) -> TrickGame:
    """The rules of ``game`` with ``options`` (plain JSON values), or ClassroomError."""
    if not isinstance(options, dict) or not all(isinstance(value, (bool, int, str)) or value is None
                                                for value in options.values()):
        raise ClassroomError(_("The rule options are names with plain values."))
    if level not in LEVELS:
        raise ClassroomError(_("The computer plays at one of these levels: {levels}.").format(
            levels=", ".join(LEVELS)))
    try:
        return get_rules(game, **options)
    except (OptionError, TypeError) as error:
        raise ClassroomError(str(error) if isinstance(error, OptionError)
                             else _("Those rule options are not options of this game.")) from None


def checked_language(lang: object) -> str:
    """``lang`` when it is a language of cardlab, else ClassroomError."""
    if not isinstance(lang, str) or lang not in i18n.LANGUAGES:
        raise ClassroomError(_("A classroom speaks one of these languages: {languages}.").format(
            languages=", ".join(i18n.LANGUAGES)))
    return lang


Kind = TypeVar("Kind", bound=type)


def speaks_its_language(kind: Kind) -> Kind:
    """Every public method of ``kind`` runs in ``self.lang``: whoever calls it (a page in another
    language, the server's clock), its answer, the sentences it keeps and its refusals are the room's."""
    for name, method in list(vars(kind).items()):
        if not name.startswith("_") and inspect.isfunction(method):
            setattr(kind, name, _spoken(method))
    return kind


def _spoken(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def spoken(self: Any, *args: Any, **kwargs: Any) -> Any:
        with i18n.speaking(self.lang):
            return method(self, *args, **kwargs)
    return spoken


Method = TypeVar("Method", bound=Callable[..., Any])


def all_or_nothing(method: Method) -> Method:
    """``method`` changes the room only if the store keeps the change: when its save fails (a full
    disk), the room is put back as it was before the call and the caller refused with
    :data:`CANNOT_SAVE` (:class:`NotSaved`).  For a join (its link would seat nobody after a
    restart) and every change of the teacher's, who is told and may try again."""
    @functools.wraps(method)
    def kept(self: Classroom, *args: Any, **kwargs: Any) -> Any:
        before = self._kept()
        self._strict += 1
        try:
            return method(self, *args, **kwargs)
        except StoreError:
            self._put_back(before)
            raise NotSaved(_(CANNOT_SAVE)) from None
        finally:
            self._strict -= 1
    return kept  # type: ignore[return-value]


@dataclass(frozen=True)
class Kept:
    """A room's state in memory, to put back when the store refuses a change (:func:`all_or_nothing`):
    each table with its session's sitting (one value: :class:`cardlab.session.Sitting`) and its
    seats, each member with their fields, the poll, round and shown table copied."""

    tables: tuple[tuple[ClassTable, Any, dict[str, str | None], int, dict[str, str], float | None], ...]
    members: tuple[tuple[Member, dict[str, Any]], ...]
    paused: bool
    touched: float
    unsaved: bool
    poll: Poll | None
    duplicate: DuplicateRound | None
    shown: Shown | None


@speaks_its_language
class Classroom:
    """One teacher's class: tables of learners and the computer, a join code, a teacher token; it
    speaks its language ``lang`` (:func:`speaks_its_language`)."""

    def __init__(self, code: str, teacher: str, game: str, options: dict[str, Any], level: str,
                 limits: Limits, now: float, *, saved: Callable[[Classroom], None] | None = None,
                 lang: str = "en") -> None:
        self.lang = checked_language(lang)
        """The language every sentence of the room is said in, whoever asks."""
        self.code = code
        self.teacher = teacher
        """The teacher's token when the room was opened here; "" once restored (only its digest is kept)."""
        self.teacher_digest = digest(teacher) if teacher else ""
        self.owner = ""
        """The digest of who opened the room (:meth:`Classrooms.open`'s ``owner``): the rooms a teacher
        holds are counted by it."""
        self.game = game
        self.options = dict(options)
        self.level = level
        self.limits = limits
        self.tables: list[ClassTable] = []
        self.members: dict[str, Member] = {}
        self.paused = False
        self.touched = now
        self.poll: Poll | None = None
        self.duplicate: DuplicateRound | None = None
        self.shown: Shown | None = None
        """The table shown to the whole class, if any."""
        self._saved = saved
        self._buckets: dict[str, Bucket] = {}
        self.seats = checked_options(game, options, level).seats
        self.unsaved = False
        """Changes the store could not take yet (a full disk): kept in memory, saved with the next
        change or tick (:meth:`retry_save`)."""
        self._strict = 0
        """Inside :func:`all_or_nothing`: a failed save puts the room back and refuses the change."""
        self.computers_wait = False
        """The computer's decisions are asked for (:meth:`waiting`) and brought back
        (:meth:`decided`) instead of made at once: the room server decides them in worker processes."""

    def wait_for_computers(self) -> None:
        """From now on the computer's decisions at every table wait to be brought back (:meth:`decided`)."""
        self.computers_wait = True
        for table in self.tables:
            table.session.computers_wait = True

    def waiting(self) -> list[Asked]:
        """The computer's decisions the tables wait for, one per table at most, in table order."""
        asked = []
        for table in self.tables:
            waiting = table.session.waiting()
            if waiting is not None:
                asked.append(Asked(table.number, table.hands, waiting, self.lang))
        return asked

    def decided(self, asked: Asked, decision: Decision) -> bool:
        """The computer's ``decision`` for ``asked`` made at its table and played on; False, and
        nothing changed, when the table has moved on since it was asked (ask again)."""
        if not 1 <= asked.table <= len(self.tables):
            return False
        table = self.tables[asked.table - 1]
        if table.hands != asked.hands or table.session.computer_acts(asked.waiting, decision) is None:
            return False
        table.said = {}
        self._save()
        return True

    @property
    def shown_code(self) -> str:
        """The join code as shown: ``K7QF-2M9X``."""
        return shown_code(self.code)

    def _save(self, now: float | None = None) -> None:
        """After every change: a finished hand shows its breakdown, and the store keeps the room.
        When the store cannot (a full disk), a change made :func:`all_or_nothing` is undone and
        refused; any other (a card played, a call, the next hand, a poll answer, a page connected
        or gone, the away clock) stays in memory, so the class plays on, and is saved with the next change or
        tick: a server stopped before then loses only those."""
        if now is not None:
            self.touched = max(self.touched, now)
        self._show_results()
        if self._saved is None:
            return
        try:
            self._saved(self)
        except StoreError:
            if self._strict:
                raise
            self.unsaved = True
        else:
            self.unsaved = False

    def retry_save(self) -> bool:
        """Save the changes the store could not take before, if any; True once none is left."""
        if self.unsaved:
            self._save()
        return not self.unsaved

    def _kept(self) -> Kept:
        """The room as it is now, to put back (:meth:`_put_back`)."""
        poll, duplicate = self.poll, self.duplicate
        return Kept(
            tuple((table, table.session.now, dict(table.seats), table.hands, dict(table.said), table.waiting_since)
                  for table in self.tables),
            tuple((member, dict(vars(member))) for member in self.members.values()),
            self.paused, self.touched, self.unsaved,
            None if poll is None else replace(poll, answers=dict(poll.answers)),
            None if duplicate is None else replace(
                duplicate, dealt=dict(duplicate.dealt),
                results={key: dict(score) for key, score in duplicate.results.items()}),
            None if self.shown is None else replace(self.shown))

    def _put_back(self, kept: Kept) -> None:
        """The room exactly as it was when ``kept`` was taken (the same table and member objects)."""
        self.tables = [table for table, *_ in kept.tables]
        for table, sitting, seats, hands, said, waiting_since in kept.tables:
            table.session.now = sitting
            table.seats, table.hands, table.said, table.waiting_since = seats, hands, said, waiting_since
        self.members = {member.digest: member for member, _fields in kept.members}
        for member, values in kept.members:
            vars(member).update(values)
        self.paused, self.touched, self.unsaved = kept.paused, kept.touched, kept.unsaved
        self.poll, self.duplicate, self.shown = kept.poll, kept.duplicate, kept.shown

    def _show_results(self) -> None:
        """A finished hand shows its breakdown at once: the class does not count it card by card;
        a hand of the duplicate round is recorded there (and forgotten if taken back).  A table
        the computer plays alone deals itself the round's next deal: nobody is there to ask."""
        for table in self.tables:
            self._note(table)
            duplicate = self.duplicate
            while duplicate is not None and table.session.state.over and self._computers_only(table):
                index = duplicate.next_deal(table.number)
                if index is None:
                    break
                self._deal_round(table, index)
                table.hands += 1
                self._note(table)

    def _note(self, table: ClassTable) -> None:
        session = table.session
        if session.state.over and not session.now.counted:
            session.skip_count(self.seats[0])
        if self.duplicate is not None and table.number in self.duplicate.dealt:
            self.duplicate.note(table.number, session.rules.score(session.state).score if session.state.over else None)

    def _computers_only(self, table: ClassTable) -> bool:
        return all(isinstance(table.session.sitter(seat), Computer) for seat in self.seats)

    def record(self) -> RoomRecord:
        """The classroom as the store keeps it."""
        return RoomRecord(
            self.code, self.teacher_digest, self.game, self.options, self.level, self.paused, self.touched,
            None if self.poll is None else self.poll.to_json(),
            tuple(LearnerRecord(m.digest, m.name, m.table, m.seat, m.away_since, m.replaced)
                  for m in self.members.values()),
            tuple(TableRecord(t.number, t.scenario_json(), t.hands) for t in self.tables),
            None if self.duplicate is None else self.duplicate.to_json(),
            None if self.shown is None else self.shown.to_json(), self.lang, self.owner)

    @classmethod
    def restored(cls, record: RoomRecord, limits: Limits, saved: Callable[[Classroom], None], *,
                 computers_wait: bool = False) -> Classroom:
        """A classroom back from the store, every table at the step it was, every learner
        disconnected (the away clock starts at the next tick); :class:`Damaged` saying what is
        wrong when ``record`` cannot be this room (a code, game, level, language or option cardlab
        does not have, a seat the game does not have or held twice, a table that does not replay
        every action of its log, a poll, round or shown table that cannot be read)."""
        if read_code(record.code) != record.code:
            raise Damaged(f"its code {record.code[:40]!r} is not a room's code")
        try:
            room = cls(record.code, "", record.game, record.options, record.level, limits, record.touched,
                       lang=record.lang)
        except (ClassroomError, KeyError, ValueError) as error:
            raise Damaged(f"it cannot be a room of game {record.game[:40]!r} at level {record.level[:40]!r} "
                          f"in language {record.lang[:8]!r} with options {str(record.options)[:200]} "
                          f"({type(error).__name__}: {error})") from None
        room.computers_wait = computers_wait
        with i18n.speaking(room.lang):  # the restored tables' sentences are the room's too
            room._refill(record)
        room.owner = record.owner
        room._saved = saved
        return room

    def _refill(self, record: RoomRecord) -> None:
        """The learners, tables, poll, round and shown table of ``record``, or Damaged."""
        self.teacher_digest, self.paused = record.teacher, record.paused
        held: set[tuple[int, str]] = set()
        for order, kept in enumerate(record.learners, start=1):
            if (kept.table is None) != (kept.seat is None) or (kept.seat is not None and kept.seat not in self.seats):
                raise Damaged(f"learner {order} sits at table {kept.table}, seat {str(kept.seat)[:8]!r}: "
                              f"the seats are {', '.join(self.seats)}")
            if kept.table is not None and kept.seat is not None:
                if (kept.table, kept.seat) in held:
                    raise Damaged(f"learner {order} sits at table {kept.table}, seat {kept.seat}, held by another")
                held.add((kept.table, kept.seat))
            self.members[kept.digest] = Member(kept.digest, kept.name, kept.table, kept.seat,
                                               away_since=kept.away_since, replaced=kept.replaced)
        by_key = {member.key: member for member in self.members.values()}
        for kept_table in record.tables:
            try:
                scenario = parse(kept_table.scenario)
            except ScenarioError as error:
                raise Damaged(f"table {kept_table.number}'s scenario cannot be read: {error}") from None
            session = TableSession(self.game, seed=1 if scenario.seed is None else scenario.seed, level=self.level,
                                   people=self.seats,
                                   **self.options)
            session.computers_wait = self.computers_wait
            loaded = session.load(self.seats[0], scenario, step=len(scenario.actions) + 1)
            if loaded.refused or len(session.hand.log) - 1 != len(scenario.actions):
                raise Damaged(f"table {kept_table.number}'s log does not replay: "
                              f"{session.now.message or loaded.message or 'its deal cannot be played'}")
            seats: dict[str, str | None] = {seat: None for seat in self.seats}
            for member in self.members.values():
                if member.table == kept_table.number and member.seat in seats:
                    seats[member.seat] = member.key
            table = ClassTable(kept_table.number, session, seats, kept_table.hands)
            self.tables.append(table)
            for seat, key in seats.items():
                holder = by_key.get(key or "")
                session.sit(seat, Person(holder.name) if holder is not None and not holder.replaced
                            else Computer(self.level))
        try:
            self.poll = Poll.from_json(record.poll) if record.poll is not None else None
        except Exception as error:  # any shape of JSON the poll does not expect
            raise Damaged(f"its poll cannot be read ({type(error).__name__}: {error})") from None
        try:
            self.duplicate = DuplicateRound.from_json(record.duplicate) if record.duplicate is not None else None
        except Exception as error:
            raise Damaged(f"its duplicate round cannot be read ({type(error).__name__}: {error})") from None
        try:
            self.shown = Shown.from_json(record.shown) if record.shown is not None else None
        except Exception as error:
            raise Damaged(f"its shown table cannot be read ({type(error).__name__}: {error})") from None
        self._show_results()

    # ----- who is who -------------------------------------------------------------------------
    def _member(self, token: object) -> Member:
        member = self.members.get(digest(token)) if isinstance(token, str) else None
        if member is None:
            raise ClassroomError(_(WRONG_LEARNER))
        return member

    def _seated(self, token: object) -> tuple[Member, ClassTable, str]:
        member = self._member(token)
        if member.table is None or member.seat is None:
            raise ClassroomError(_("You have no seat yet: the teacher will seat you."))
        return member, self.tables[member.table - 1], member.seat

    def is_teacher(self, token: object) -> bool:
        """``token`` is this classroom's teacher's (compared by digest, in constant time)."""
        return isinstance(token, str) and bool(self.teacher_digest) and hmac.compare_digest(
            digest(token), self.teacher_digest)

    def _check_teacher(self, teacher: object) -> None:
        if not self.is_teacher(teacher):
            raise ClassroomError(_(WRONG_TEACHER))

    def learner(self, token: str) -> Learner | None:
        """The learner whose token this is, None for a token of nobody here."""
        member = self.members.get(digest(token)) if isinstance(token, str) else None
        return member.learner(token) if member is not None else None

    def _table(self, number: object) -> ClassTable:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.tables):
            raise ClassroomError(_("There is no table {number} in this classroom.").format(number=str(number)[:12]))
        return self.tables[number - 1]

    def _by_key(self, who: object) -> Member:
        if isinstance(who, str):
            found: Member | None = self.members.get(digest(who)) or next(
                (member for member in self.members.values() if member.key == who), None)
            if found is not None:
                return found
        raise ClassroomError(_("There is no such learner in this classroom."))

    # ----- joining ----------------------------------------------------------------------------
    @all_or_nothing
    def join(self, name: str, now: float) -> Learner:
        """A new learner, seated at the first free seat (a new table when every table is full)."""
        problem = name_problem(name, self.limits)
        if problem:
            raise ClassroomError(problem)
        if len(self.members) >= self.limits.people:
            raise ClassroomError(ngettext("This classroom is full: it holds {count} learner.",
                                          "This classroom is full: it holds {count} learners.",
                                          self.limits.people).format(count=self.limits.people))
        table, seat = self._free_seat(now)
        token = secrets.token_urlsafe(24)
        member = Member(digest(token), name, table.number, seat)
        self.members[member.digest] = member
        self._seat(member, table, seat)
        self._save(now)
        return member.learner(token)

    def _free_seat(self, now: float) -> tuple[ClassTable, str]:
        for table in self.tables:
            seat = next((seat for seat in self.seats if table.seats[seat] is None), None)
            if seat is not None:
                return table, seat
        return self._new_table(now), self.seats[0]

    def _new_table(self, now: float | None) -> ClassTable:
        """A new table, every seat waiting for a learner (until ``now`` + ``away_after``; None: the
        computer takes the seats left free as soon as one learner sits)."""
        if len(self.tables) >= self.limits.tables:
            raise ClassroomError(ngettext("Every table is full: a classroom has at most {count} table.",
                                          "Every table is full: a classroom has at most {count} tables.",
                                          self.limits.tables).format(count=self.limits.tables))
        session = TableSession(self.game, seed=secrets.randbits(SEED_BITS), level=self.level, people=self.seats,
                               **self.options)
        session.computers_wait = self.computers_wait
        table = ClassTable(len(self.tables) + 1, session, {seat: None for seat in self.seats}, waiting_since=now)
        self.tables.append(table)
        return table

    def _seat(self, member: Member, table: ClassTable, seat: str) -> None:
        """``member`` sits at ``seat`` (the seat's computer, if any, leaves)."""
        table.seats[seat] = member.key
        member.table, member.seat, member.replaced = table.number, seat, False
        table.session.sit(seat, Person(member.name))
        if None not in table.seats.values():
            table.waiting_since = None

    def _fill(self, table: ClassTable) -> None:
        """The computer takes the free seats of a table that waited for learners."""
        table.waiting_since = None
        for seat, holder in table.seats.items():
            if holder is None:
                table.session.sit(seat, Computer(self.level))

    def _unseat(self, table: ClassTable, seat: str) -> None:
        """The learner at ``seat`` leaves it: to the computer, or free while the table waits."""
        table.seats[seat] = None
        table.said.pop(seat, None)
        if table.waiting_since is None:
            table.session.sit(seat, Computer(self.level))

    # ----- playing ----------------------------------------------------------------------------
    def _refused(self, table: ClassTable, seat: str, sentence: str) -> Change:
        view = self._seat_view(table, seat)
        return Change((), replace(view, message=sentence), refused=True)

    def _bucket(self, member: Member, now: float) -> bool:
        """``member`` is within ``actions_per_second`` (this action counted)."""
        return self._buckets.setdefault(member.digest, Bucket(self.limits.actions_per_second, now)).take(now)

    def _may_act(self, member: Member, now: float) -> str | None:
        """Why ``member`` may not act now (the pause, a flood), None if they may."""
        if self.paused:
            return _(PAUSED)
        return None if self._bucket(member, now) else _(TOO_FAST)

    def _answered(self, table: ClassTable, seat: str, before: tuple[int, int], change: Change) -> Change:
        """The actor's change, refused when the table did not move and said why (to that seat only)."""
        moved = (len(table.session.hand.log), table.hands) != before
        table.said = {seat: change.message} if change.message else {}
        return replace(change, view=self._seat_view(table, seat),
                       refused=change.refused or (bool(change.message) and not moved))

    def act(self, token: str, move: str, now: float) -> Change:
        """The seat's move (a card code or an action's text), checked by the table for that seat."""
        member, table, seat = self._seated(token)
        problem = self._may_act(member, now)
        if problem is None:
            problem = self._move_problem(table, seat, move)
        if problem is not None:
            return self._refused(table, seat, problem)
        self._back(member, table)
        before = (len(table.session.hand.log), table.hands)
        change = self._answered(table, seat, before, table.session.act(seat, move))
        self._save(now)
        return change

    @staticmethod
    def _move_problem(table: ClassTable, seat: str, move: object) -> str | None:
        """A move that is no text, or a card that is not in the seat's own hand."""
        if not isinstance(move, str) or len(move) > 200:
            return _("A move is a card code such as 7D, or an action such as \"S plays 7D\".")
        try:
            read = read_move(move, table.session.rules.seats)
        except ActionError as error:
            return str(error)
        if isinstance(read, Card) and read not in table.session.state.hand(seat):
            return _("Play a card from your own hand.")
        return None

    def call(self, token: str, index: int, now: float) -> Change:
        """The seat's call option, by its index in the view's ``calls``."""
        member, table, seat = self._seated(token)
        problem = self._may_act(member, now)
        calls = table.session.view(seat).calls
        if problem is None and (isinstance(index, bool) or not isinstance(index, int)
                                or not 0 <= index < len(calls) or calls[index].disabled):
            problem = _("That call is not one you may make now.")
        if problem is not None:
            return self._refused(table, seat, problem)
        self._back(member, table)
        before = (len(table.session.hand.log), table.hands)
        change = self._answered(table, seat, before, table.session.call(seat, calls[index]))
        self._save(now)
        return change

    def next_hand(self, token_or_teacher: str, table: int, now: float) -> Change:
        """Deal the next hand at ``table`` once this one is over: asked by a learner seated there
        (the answer is their view) or by the teacher (every hand face up)."""
        chosen = self._table(table)
        if self.is_teacher(token_or_teacher):
            if self.paused:
                return Change((), replace(self._face_up(chosen), message=_(PAUSED)), refused=True)
            change = self._next_deal(chosen, self.seats[0])
            if not change.message:
                chosen.hands += 1
                self._save(now)
            return Change((), replace(self._face_up(chosen), message=change.message), refused=bool(change.message))
        member, at, seat = self._seated(token_or_teacher)
        if at is not chosen:
            raise ClassroomError(_("You may deal the next hand only at your own table."))
        problem = self._may_act(member, now)
        if problem is not None:
            return self._refused(chosen, seat, problem)
        before = (len(chosen.session.hand.log), chosen.hands)
        change = self._next_deal(chosen, seat)
        if not change.message:
            chosen.hands += 1
        answer = self._answered(chosen, seat, before, change)
        self._save(now)
        return answer

    def _next_deal(self, table: ClassTable, seat: str) -> Change:
        """The next hand at ``table``: the duplicate round's next deal while the table plays it,
        else the session's next hand (which also refuses while this hand is not over)."""
        session, duplicate = table.session, self.duplicate
        index = duplicate.next_deal(table.number) if duplicate is not None else None
        if duplicate is None or index is None or not session.state.over:
            change = session.next_hand(seat)
            if duplicate is not None and not change.message:
                duplicate.dealt.pop(table.number, None)
            return change
        self._deal_round(table, index)
        return session.change(seat, 1)

    def _deal_round(self, table: ClassTable, index: int) -> None:
        """Deal ``index`` of the duplicate round at ``table``, turned for it; the computer plays on."""
        assert self.duplicate is not None
        session = table.session
        scenario = self.duplicate.scenario(session.rules, self.game, self.options, table.number, index,
                                           session.now.seed)
        session.load(self.seats[0], scenario)
        self.duplicate.dealt[table.number] = index
        table.said = {}
        sitter = session.sitter(self.seats[0])
        if sitter is not None:
            session.sit(self.seats[0], sitter)

    def _back(self, member: Member, table: ClassTable) -> None:
        """A learner replaced by the computer takes their seat back."""
        if member.replaced and member.seat is not None:
            member.replaced = False
            table.session.sit(member.seat, Person(member.name))

    # ----- views ------------------------------------------------------------------------------
    def _seat_view(self, table: ClassTable, seat: str, view: SeatView | None = None) -> SeatView:
        """The seat's view (``view``: the session's, just taken) with its own sentence only (a pause
        is said once, by the page's banner); no seed (it would replay every hand's deal)."""
        view = table.session.view(seat) if view is None else view
        return replace(view, message=table.said.get(seat, ""), coach="", seed=0)

    def view(self, token: str) -> SeatView:
        """The learner's seat's view only: their own hand, the rest face down."""
        _, table, seat = self._seated(token)
        return self._seat_view(table, seat)

    def catch_up(self, token: str, since: int) -> Change:
        """The learner's view with the frames from step ``since`` to now (the cards others played
        since their page last drew the table), to be paced as the lesson table paces them."""
        _, table, seat = self._seated(token)
        session = table.session
        start = max(0, min(since, session.index)) if isinstance(since, int) else session.index
        change = session.change(seat, start)
        return replace(change, view=self._seat_view(table, seat, change.view))

    def _face_up(self, table: ClassTable) -> SeatView:
        """The table with every hand face up and nothing to click: the teacher's view."""
        session = table.session
        viewer = LEARNER if LEARNER in self.seats else self.seats[0]
        view = session.view(viewer)
        scene = replace(session.rules.scene(session.state, viewer, open_hands=True), watching=True)
        frame = Frame(view.frame.step, replace(scene, legal=frozenset(), buttons=False),
                      board_description(scene), view.frame.status)
        return replace(view, frame=frame, actor=None, calls=(), coach="", message="", open_hands=True)

    # ----- away and back ----------------------------------------------------------------------
    def connected(self, token: str, now: float) -> int | None:
        """A page of the learner's is connected: they take back a seat the computer was playing.
        Returns the number of the table whose seats changed."""
        member = self._member(token)
        member.connections += 1
        member.away_since = None
        if member.table is None:
            return None
        self._back(member, self.tables[member.table - 1])
        self._save(now)
        return member.table

    def disconnected(self, token: str, now: float) -> int | None:
        """A page of the learner's closed: when none is left, the away clock starts."""
        member = self._member(token)
        if member.connections > 0:
            member.connections -= 1
            if member.connections == 0:
                member.away_since = now
        self._save(now)
        return member.table

    def tick(self, now: float) -> list[int]:
        """Seats whose learner has been away longer than ``away_after`` go to the computer (the
        learner remembered); returns the tables changed.  Nothing moves while the class is paused."""
        changed: set[int] = set()
        started = False
        for member in self.members.values():
            if member.connections or member.replaced or member.table is None or member.seat is None:
                continue
            if member.away_since is None:
                member.away_since, started = now, True
            elif not self.paused and now - member.away_since >= self.limits.away_after:
                member.replaced = True
                self.tables[member.table - 1].session.sit(member.seat, Computer(self.level))
                changed.add(member.table)
        for table in self.tables:
            if table.waiting_since is not None and not self.paused \
                    and now - table.waiting_since >= self.limits.away_after:
                self._fill(table)
                changed.add(table.number)
        self._buckets = {key: bucket for key, bucket in self._buckets.items() if now - bucket.time < 60}
        if changed or started or self.unsaved:     # the store may take now what it could not before
            self._save()
        return sorted(changed)

    # ----- the teacher ------------------------------------------------------------------------
    def overview(self, teacher: str) -> list[TableRow]:
        """Every table at a glance: who sits where and is connected, the step, the points, the match."""
        self._check_teacher(teacher)
        by_key = {member.key: member for member in self.members.values()}
        rows = []
        for table in self.tables:
            session = table.session
            seats = []
            for seat in self.seats:
                member = by_key.get(table.seats[seat] or "")
                if member is None:
                    computer = isinstance(session.sitter(seat), Computer)
                    seats.append(SeatRow(seat, _(COMPUTER) if computer else _(FREE), None, False, computer))
                else:
                    seats.append(SeatRow(seat, member.name, member.key, member.connections > 0, member.replaced))
            glance = table.glanced()
            rows.append(TableRow(table.number, tuple(seats), session.index, len(session.hand.log),
                                 session.rules.status(session.state), glance.points, glance.totals,
                                 session.state.over, table.hands))
        return rows

    def table_view(self, teacher: str, table: int) -> SeatView:
        """One table with every hand face up, for the teacher only."""
        self._check_teacher(teacher)
        return self._face_up(self._table(table))

    @all_or_nothing
    def pause(self, teacher: str) -> None:
        """Every move is refused with a sentence, and no seat goes to the computer, until resumed."""
        self._check_teacher(teacher)
        self.paused = True
        self._save()

    @all_or_nothing
    def resume(self, teacher: str) -> None:
        """Play goes on where it was paused."""
        self._check_teacher(teacher)
        self.paused = False
        self._save()

    @all_or_nothing
    def take_back(self, teacher: str, table: int) -> None:
        """The last card (or call) a learner made at ``table``, back in their hand to decide again."""
        self._check_teacher(teacher)
        chosen = self._table(table)
        change = chosen.session.take_back()
        if change.message:
            raise ClassroomError(change.message)
        chosen.said = {}
        self._save()

    @all_or_nothing
    def move(self, teacher: str, token: str, table: int, seat: str) -> None:
        """Seat a learner (by the key the overview shows, or their token) at ``table`` and ``seat``;
        one sitting there swaps places with them.  ``table`` one past the last opens a new table."""
        self._check_teacher(teacher)
        member = self._by_key(token)
        if seat not in self.seats:
            raise ClassroomError(_("The seats are {seats}.").format(seats=", ".join(self.seats)))
        opened = isinstance(table, int) and not isinstance(table, bool) and table == len(self.tables) + 1
        if opened:
            self._new_table(None)
        chosen = self._table(table)
        if (member.table, member.seat) == (chosen.number, seat):
            return
        holder = next((other for other in self.members.values() if other.key == chosen.seats[seat]), None)
        origin, place = (self.tables[member.table - 1] if member.table else None), member.seat
        self._seat(member, chosen, seat)
        if origin is not None and place is not None:
            if holder is not None:
                self._seat(holder, origin, place)
            else:
                self._unseat(origin, place)
        if opened:
            self._fill(chosen)
        self._save()

    @all_or_nothing
    def add_computers(self, teacher: str) -> int:
        """A new table of four computers (a duplicate round needs two tables, a class of four has
        one); returns its number."""
        self._check_teacher(teacher)
        table = self._new_table(None)
        self._fill(table)
        self._save()
        return table.number

    # ----- one table shown to the class ------------------------------------------------------
    @all_or_nothing
    def show_table(self, teacher: str, table: int, seat: str) -> None:
        """Show the class a copy of room table ``table`` at its step, from ``seat``'s view."""
        self._check_teacher(teacher)
        chosen = self._table(table)
        if self.duplicate is not None and not self.duplicate.over:
            raise ClassroomError(_(ROUND_SECRET))
        session = chosen.session
        self._show(_("Table {number}").format(number=chosen.number), session.scenario(), seat, session.index,
                   chosen.number, False)

    @all_or_nothing
    def show_scenario(self, teacher: str, scenario: Scenario, step: int, seat: str, open_hands: bool) -> None:
        """Show the class a prepared scenario at ``step``, from ``seat``'s view or every hand face up."""
        self._check_teacher(teacher)
        if scenario.game != self.game:
            raise ClassroomError(_("That scenario is for another game ({game}), not this room's.").format(
                game=scenario.game[:24]))
        title = scenario.title[:80] or _("A prepared table")
        self._show(title, scenario, seat, step, None, open_hands is True)

    def _show(self, title: str, scenario: Scenario, seat: str, step: int, table: int | None,
              open_hands: bool) -> None:
        try:
            self.shown = Shown.of(title, scenario, seat, step, table, open_hands)
        except ScenarioError as error:
            raise ClassroomError(str(error)) from None
        self.poll = None
        self._save()

    def _shown(self) -> Shown:
        if self.shown is None:
            raise ClassroomError(_(NOTHING_SHOWN))
        return self.shown

    @all_or_nothing
    def step_shown(self, teacher: str, step: object) -> None:
        """The shown table at ``step`` (within the copy); a question asked about another step closes."""
        self._check_teacher(teacher)
        shown = self._shown()
        if isinstance(step, bool) or not isinstance(step, int):
            raise ClassroomError(_("A step is a whole number from 1 to {steps}.").format(steps=shown.steps))
        shown.at(step)
        if self.poll is not None and self.poll.shown and self.poll.step != shown.step:
            self.poll = None
        self._save()

    @all_or_nothing
    def hide_shown(self, teacher: str) -> None:
        """The shown table, and a question about it, leave every learner's screen."""
        self._check_teacher(teacher)
        self.shown = None
        if self.poll is not None and self.poll.shown:
            self.poll = None
        self._save()

    def shown_view(self, token: str) -> ShownView | None:
        """The shown table for the teacher or a learner; a learner seated at the copied table at
        another seat than the one shown gets a sentence instead (it would show them a hidden hand)."""
        shown = self.shown
        if not self.is_teacher(token):
            member = self._member(token)
            if shown is not None and shown.table is not None and member.table == shown.table \
                    and member.seat != shown.seat:
                return ShownView(shown.title, shown.seat, None, shown.steps, False, _(AT_YOUR_TABLE))
        return None if shown is None else shown.view()

    @all_or_nothing
    def ask_shown(self, teacher: str) -> None:
        """Ask the class which card the seat to play at the shown table's step would play: the
        seat shown (or, every hand face up, whoever is to play)."""
        self._check_teacher(teacher)
        shown = self._shown()
        state = shown.hand.states[shown.step]
        seat = state.to_act
        if state.phase != "play" or seat is None or state.over:
            raise ClassroomError(_("Ask when a card is to be played: step to a trick with a seat to play."))
        if seat != shown.seat and not shown.open_hands:
            raise ClassroomError(_("The class sees {shown}'s hand and {seat} is to play: "
                                   "step to a card {shown} plays.").format(shown=shown.seat, seat=seat))
        shown.seat = seat
        self.poll = Poll(shown.table or 0, seat, shown.position(), shown.hand.rules, state,
                         open_hands=shown.open_hands, shown=True)
        self._save()

    # ----- the duplicate round ---------------------------------------------------------------
    @all_or_nothing
    def start_duplicate(self, teacher: str, deals: object, now: float) -> None:
        """Every table now plays ``deals`` (seeds, or deals naming each seat's cards) in turn, each
        turned a seat on from one table to the next; a round under way is not replaced."""
        self._check_teacher(teacher)
        if self.duplicate is not None and not self.duplicate.over:
            raise ClassroomError(_(UNDER_WAY))
        rules = checked_options(self.game, self.options, self.level)
        try:
            self.duplicate = DuplicateRound.started_with(rules, self.game, self.options, deals,
                                                         [table.number for table in self.tables], now)
        except DuplicateError as error:
            raise ClassroomError(str(error)) from None
        for table in self.tables:
            self._deal_round(table, 0)
            table.hands += 1
        self._save(now)

    def duplicate_view(self, token: str) -> DuplicateView:
        """The round for the teacher (every table, the ranking so far) or for a learner (their own
        table's finished deals only, until every table has played every deal)."""
        duplicate = self.duplicate
        teacher = self.is_teacher(token)
        member = None if teacher else self._member(token)
        if duplicate is None:
            raise ClassroomError(_(NO_ROUND))
        rules = checked_options(self.game, self.options, self.level)
        by_key = {m.key: m for m in self.members.values()}
        names = {(table.number, seat): holder.name for table in self.tables for seat, key in table.seats.items()
                 if (holder := by_key.get(key or "")) is not None and not holder.replaced}
        return duplicate.view(rules, names, None if member is None else member.table, teacher)

    # ----- the class poll ---------------------------------------------------------------------
    @all_or_nothing
    def ask(self, teacher: str, table: int, seat: str) -> None:
        """Ask the class which card ``seat`` at ``table`` would play now (a new question replaces
        the last)."""
        self._check_teacher(teacher)
        chosen = self._table(table)
        if self.duplicate is not None and not self.duplicate.over:
            raise ClassroomError(_(ROUND_SECRET))
        state = chosen.session.state
        if state.phase != "play" or state.to_act != seat:
            raise ClassroomError(_("Ask when {seat} is to play a card: it is not {seat}'s turn to play now.").format(
                seat=str(seat)[:8]))
        self.poll = Poll.asked(chosen.number, chosen.session, seat)
        self._save()

    def _open_poll(self) -> Poll:
        if self.poll is None:
            raise ClassroomError(_(NO_QUESTION))
        return self.poll

    @staticmethod
    def _poll_hidden(member: Member, poll: Poll) -> bool:
        """``member`` sits at the asked table at another seat: that hand is hidden from them."""
        return member.table == poll.table and member.seat != poll.seat

    def poll_view(self, token: str) -> PollView | None:
        """The open poll as this learner sees it (None when there is none)."""
        member = self._member(token)
        poll = self.poll
        if poll is None:
            return None
        if self._poll_hidden(member, poll):
            # the seat's hand is hidden from them: the expert's choice only once public at their table
            question = _("The class is asked which card {seat} would play at your table: wait for the answer.")
            public = 0 < poll.table <= len(self.tables) and poll.public_at(self.tables[poll.table - 1].session)
            return PollView(poll.table, poll.seat, question.format(seat=poll.seat), None, (), None,
                            poll.revealed if public else None)
        question = (_("Which card would you play as {seat} at table {table}?") if poll.table
                    else _("Which card would you play as {seat}?"))
        return PollView(poll.table, poll.seat, question.format(seat=poll.seat, table=poll.table),
                        poll.picture(), poll.cards, poll.answers.get(member.digest), poll.revealed)

    def answer(self, token: str, card: str, now: float) -> None:
        """A learner's answer to the poll: one card the seat may play; a second answer replaces
        the first until the reveal (allowed while paused)."""
        member = self._member(token)
        poll = self._open_poll()
        if poll.revealed is not None:
            raise ClassroomError(_(NO_QUESTION))
        if self._poll_hidden(member, poll):
            raise ClassroomError(_("You sit at this table: this question is for the rest of the class."))
        if not self._bucket(member, now):
            raise ClassroomError(_(TOO_FAST))
        try:
            chosen = str(Card.parse(card)) if isinstance(card, str) and len(card) < 8 else ""
        except CardError:
            chosen = ""
        if chosen not in poll.cards:
            raise ClassroomError(_("Answer with a card {seat} may play now.").format(seat=poll.seat))
        poll.answers[member.digest] = chosen
        self._save(now)

    def tally(self, teacher: str) -> dict[str, int]:
        """How many learners chose each card the seat may play, in the order of the hand."""
        self._check_teacher(teacher)
        return self._open_poll().tally()

    @all_or_nothing
    def reveal(self, teacher: str, decision: Decision | None = None) -> Reveal:
        """The expert's choice for the seat and its public reason, shown to the class; answers
        close.  ``decision``: the expert's, made elsewhere from the view :meth:`to_reveal` gave."""
        self._check_teacher(teacher)
        revealed = self._open_poll().reveal(decision)
        self._save()
        return revealed

    def to_reveal(self, teacher: str) -> Poll | None:
        """The open poll whose expert's choice is still to be made (from its :meth:`Poll.view`,
        then given to :meth:`reveal`), None when it is revealed already."""
        self._check_teacher(teacher)
        poll = self._open_poll()
        return poll if poll.revealed is None else None

    @all_or_nothing
    def close_poll(self, teacher: str) -> None:
        """The question leaves every learner's screen."""
        self._check_teacher(teacher)
        self.poll = None
        self._save()


MISSES_HELD = 10_000
"""Clients whose misses are remembered at most (a client dropping its cookie is a new one each time)."""


@dataclass
class Misses:
    """One client's wrong codes: how many, the last one's time, and when it may try again."""

    count: int = 0
    last: float = 0.0
    until: float = 0.0


class Classrooms:
    """Every classroom of one server, with the limits, each client's misses at codes and the store."""

    def __init__(self, store: ClassroomStore | None, limits: Limits = Limits(), *,
                 computers_wait: bool = False) -> None:
        self.store = store
        self.limits = limits
        self.computers_wait = computers_wait
        """Every room's computer decisions wait to be brought back (:meth:`Classroom.decided`)."""
        self.rooms: dict[str, Classroom] = {}
        self._misses: dict[str, Misses] = {}
        """Each client's misses (by the id its browser's cookie or hub login gives it)."""
        self._missed: dict[int, int] = {}
        """Misses on this server by minute (seconds // 60), for the teacher's count."""
        self._swept = 0.0
        self._unsaved: set[str] = set()
        """The rooms whose last save failed (logged once, until one succeeds)."""
        if store is not None:
            for record in store.load():
                try:
                    room = Classroom.restored(record, limits, self.save, computers_wait=computers_wait)
                except Exception as error:  # whatever a damaged row makes the rebuilding raise: that room only
                    store.set_aside(record.code, str(error) if isinstance(error, Damaged)
                                    else f"{type(error).__name__}: {error}")
                    continue
                self.rooms[room.code] = room

    def open(self, game: str, options: dict[str, Any], level: str, now: float, lang: str = "en",
             owner: str = "") -> Classroom:
        """A new classroom for ``game`` with ``options`` and the computer at ``level``, speaking
        ``lang`` (its refusals too), held by ``owner`` (who opened it: the rooms are counted by
        teacher, :attr:`Limits.rooms_per_teacher`)."""
        with i18n.speaking(checked_language(lang)):
            return self._opened(game, options, level, now, lang, owner)

    def held_by(self, owner: str) -> int:
        """The open classrooms ``owner`` holds."""
        key = digest(owner)
        return sum(1 for room in self.rooms.values() if room.owner == key)

    def _opened(self, game: str, options: dict[str, Any], level: str, now: float, lang: str,
                owner: str = "") -> Classroom:
        checked_options(game, options, level)
        self.close_idle(now)
        held = self.held_by(owner)
        if held >= self.limits.rooms_per_teacher:
            raise ClassroomError(ngettext(
                "You hold {count} open classroom already: close one on its teacher's page, then open another.",
                "You hold {count} open classrooms already: close one on its teacher's page, then open another.",
                held).format(count=held))
        if held and len(self.rooms) >= self.limits.rooms:
            raise ClassroomError(ngettext("This server holds {count} classroom already: try again later.",
                                          "This server holds {count} classrooms already: try again later.",
                                          self.limits.rooms).format(count=self.limits.rooms))
        code = new_code()
        while code in self.rooms:
            code = new_code()
        room = Classroom(code, secrets.token_urlsafe(24), game, options, level, self.limits, now, saved=self.save,
                         lang=lang)
        room.owner = digest(owner)
        try:
            self.save(room)     # kept first: a teacher's link to a room the store lacks dies with the server
        except StoreError:
            self._unsaved.discard(code)
            raise NotSaved(_(CANNOT_SAVE)) from None
        if self.computers_wait:
            room.wait_for_computers()
        self.rooms[code] = room
        return room

    def close(self, code: str) -> None:
        """Forget a classroom, in the store and then here (NotSaved, and nothing forgotten, if the
        store cannot write)."""
        if self.store is not None:
            try:
                self.store.delete(code)
            except StoreError:
                raise NotSaved(_(CANNOT_SAVE)) from None
        self.rooms.pop(code, None)
        self._unsaved.discard(code)

    def close_idle(self, now: float) -> list[str]:
        """Close every classroom nobody has touched for :attr:`Limits.kept_for` seconds by ``now``
        (the server's clock calls this); the codes closed.  A room the store cannot forget yet
        stays open, to be closed at a later look."""
        closed = []
        for code in [code for code, room in self.rooms.items() if now - room.touched > self.limits.kept_for]:
            try:
                self.close(code)
            except NotSaved:
                continue
            closed.append(code)
        return closed

    def find(self, code: str, client: str, now: float) -> Classroom:
        """The classroom of a join code, looked up for ``client`` (its browser's cookie or its hub
        login: never an address, which a whole class may share).  After ``free_misses`` misses the
        client waits before each try, twice as long after each further miss (up to
        ``longest_wait``), even for the right code: so guessing is slow for a client that keeps
        its cookie, and hopeless anyway with 40 bits of code (``new_code``), while a classmate
        at the same address is never slowed."""
        self._forget(now)
        missed = self._misses.get(client)
        if missed is not None and now - missed.last >= self.limits.misses_kept and now >= missed.until:
            del self._misses[client]                 # forgiven (the minute's sweep had not come yet)
            missed = None
        if missed is not None and now < missed.until:
            wait = max(1, math.ceil(missed.until - now))
            raise ClassroomError(ngettext("Too many wrong codes from this page: wait {count} second, then try again.",
                                          "Too many wrong codes from this page: wait {count} seconds, then try again.",
                                          wait).format(count=wait))
        read = read_code(code)
        room = self.rooms.get(read) if read is not None else None
        if room is None:
            if read is not None:       # a code that could be one: a try at a code, counted
                self._miss(client, now)
            raise ClassroomError(_("No classroom has this code: check it with your teacher."))
        return room

    def _miss(self, client: str, now: float) -> None:
        missed = self._misses.setdefault(client, Misses())
        missed.count, missed.last = missed.count + 1, now
        past = missed.count - self.limits.free_misses
        if past > 0:
            missed.until = now + min(self.limits.longest_wait, self.limits.first_wait * 2 ** min(past - 1, 30))
        minute = int(now // 60)
        self._missed[minute] = self._missed.get(minute, 0) + 1
        if len(self._misses) > MISSES_HELD:     # clients that drop their cookie: the oldest are forgotten
            kept = sorted(self._misses.items(), key=lambda item: item[1].last)[len(self._misses) // 2:]
            self._misses = dict(kept)

    def _forget(self, now: float) -> None:
        """Misses older than ``misses_kept``: a client's are forgiven, the server's no longer counted."""
        kept = self.limits.misses_kept
        if not 0 <= now - self._swept < 60:           # a look at every client at most once a minute
            self._swept = now
            self._misses = {client: missed for client, missed in self._misses.items()
                            if now - missed.last < kept or now < missed.until}
        oldest = int((now - kept) // 60)
        for minute in [minute for minute in self._missed if minute <= oldest]:
            del self._missed[minute]

    def misses(self, now: float) -> int:
        """Wrong codes tried on this server in the last ``misses_kept`` seconds (about: by the
        minute), for the teachers' pages."""
        self._forget(now)
        return sum(self._missed.values())

    def by_teacher(self, token: str) -> Classroom | None:
        """The classroom this teacher token opens, if any."""
        return next((room for room in self.rooms.values() if room.is_teacher(token)), None)

    def by_learner(self, token: object) -> tuple[Classroom, Learner] | None:
        """The classroom and the learner of a seat token, if any."""
        if not isinstance(token, str):
            return None
        key = digest(token)
        room = next((room for room in self.rooms.values() if key in room.members), None)
        return (room, room.members[key].learner(token)) if room is not None else None

    def save(self, room: Classroom) -> None:
        """Keep ``room`` in the store (every change-making operation calls this itself);
        StoreError if it cannot, said once in the log until a save of the room succeeds again."""
        if self.store is None:
            return
        try:
            self.store.save(room.record())
        except StoreError as error:
            if room.code not in self._unsaved:
                self._unsaved.add(room.code)
                self.store.log.error("Classroom store %s cannot save room %s (%s): its play goes on in memory "
                                     "and is saved when the store can; joins and the teacher's changes are "
                                     "refused until then", self.store.path, room.code, error)
            raise
        if room.code in self._unsaved:
            self._unsaved.discard(room.code)
            self.store.log.warning("Classroom store %s saves room %s again", self.store.path, room.code)

    def retry_saves(self) -> None:
        """Every room with changes the store could not take before tries again (the server's clock)."""
        for room in list(self.rooms.values()):
            room.retry_save()

