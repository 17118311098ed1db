"""A duplicate round for a class: every table plays the same deals, each from another side.

Why: at one table a good result may be only good cards.  In a duplicate round every table plays
the same N deals, and a table's result on a deal is compared only with the results of the others
who held the same cards, so the class ranking measures the play, not the luck of the deal.

* **The deals.** Each is chosen when the round starts: a seed, or an explicit deal in a
  scenario's ``"deal"`` form; either is kept as the explicit deal its first seat deals.
* **The rotation.** The deal turns, not the people, so a learner keeps their seat: the table at
  place ``p`` of the round (0 for the first) plays every deal turned ``p`` seats on in the direction
  of play (each hand and the dealer's button move together).  In the partnership games the second
  table's East-West thus hold the cards the first table's North-South held.  La Vache (each for
  himself) turns through all its seats, so with as many tables as seats every hand is played from
  every seat; Quadrille turns by one seat too: the ombre is decided in the auction, so the hand
  that was the first table's North's is the second table's East's, whoever bids with it.
* **One deal, one hand.** Each deal starts a fresh match sheet at every table, so that nothing
  carried from an earlier hand (Sixty-Six's carried point, Quadrille's pot) makes the same cards
  a different problem at two tables.
* **The result** of a side on a deal is the hand's score as the rules give it (``rules.score``,
  what ``settle`` puts on the sheet, in the units the game declares in
  :mod:`cardlab.games.traits`); results are compared by the side's *net*: its score less the
  other sides' (duplicate bridge compares the North-South score, which is net of East-West's).
* **Matchpoints.** On each deal, each side's net is compared with every other net made with the
  same cards: 2 for each one beaten, 1 for each tied, 0 for each better, summed over the deals
  and shown as a percentage of the most it could have had.  This is the Laws of Duplicate Bridge
  (WBF, 2017), Law 78A: "In matchpoint scoring each contestant is awarded, for scores made by
  different contestants who have played the same board and whose scores are compared with his, 2
  scoring units (matchpoints or half-matchpoints) for each score inferior to his, 1 scoring unit
  for each score equal to his, and zero scoring units for each score superior to his."

Everything here is values; :mod:`cardlab.classroom` deals the tables and records the results, and
the views escape the names.  Every sentence of the round is in this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from . import i18n
from .cards import CardError
from .games.traits import traits
from .i18n import N_, _, ngettext
from .rules import TrickGame
from .scenario import Scenario, ScenarioError, run

MOST_DEALS = 32
SEED_LIMIT = 2 ** 62

UNDER_WAY = N_("A duplicate round is under way: wait until every table has played its deals.")
NO_ROUND = N_("No duplicate round has been played in this classroom yet.")
DEALS_SHAPE = N_("A duplicate round is 1 to {most} deals, each a seed (a whole number) or a deal naming each "
                 "seat's cards.")
NOT_A_DEAL = N_("its cards are not a deal of this game.")


class DuplicateError(Exception):
    """A round that cannot be started: the text is one short sentence."""


@dataclass(frozen=True)
class TableResult:
    """How one table did on one deal: its turn of the deal, the score of each side, each side's
    matchpoints (None until the deal has been played there)."""

    table: int
    turn: int
    """Seats the deal is turned on at this table (0: as dealt)."""
    held: Mapping[str, str]
    """For each side, the side of the deal as dealt whose cards it holds here."""
    score: Mapping[str, int] | None
    matchpoints: Mapping[str, int] | None


@dataclass(frozen=True)
class DealRow:
    """One deal of the round, table by table."""

    number: int
    tables: tuple[TableResult, ...]


@dataclass(frozen=True)
class Standing:
    """One side of one table in the class ranking."""

    place: int
    """Sides with the same percentage share a place."""
    table: int
    side: str
    names: tuple[str, ...]
    """Who sits at the side's seats ("computer" for a seat the computer plays)."""
    matchpoints: int
    top: int
    """The most matchpoints the side could have had on the deals compared so far."""
    sentence: str = field(init=False)
    """The standing said in the language spoken where it was made (the room's)."""

    def __post_init__(self) -> None:
        said = ngettext("{place}. Table {table} {side} ({names}): {matchpoints} of {top} matchpoint, {percent}%",
                        "{place}. Table {table} {side} ({names}): {matchpoints} of {top} matchpoints, {percent}%",
                        self.top)
        object.__setattr__(self, "sentence", said.format(
            place=self.place, table=self.table, side=self.side, names=", ".join(self.names),
            matchpoints=self.matchpoints, top=self.top, percent=i18n.number(round(float(self.percent), 2))))

    @property
    def percent(self) -> Fraction:
        return Fraction(100 * self.matchpoints, self.top) if self.top else Fraction(0)


@dataclass(frozen=True)
class DuplicateView:
    """The round as one person may see it: the deals, how each table did, and the ranking."""

    deals: int
    units: str
    over: bool
    status: str
    rows: tuple[DealRow, ...]
    ranking: tuple[Standing, ...]


@dataclass
class DuplicateRound:
    """The round: its deals (scenario ``"deal"`` objects, dealt by the first seat), the tables
    that play it in turn order, which deal each table is on, and each result recorded."""

    deals: tuple[dict[str, Any], ...]
    tables: tuple[int, ...]
    started: float
    dealt: dict[int, int] = field(default_factory=dict)
    """For each table, the index of the deal it has on the table."""
    results: dict[tuple[int, int], dict[str, int]] = field(default_factory=dict)
    """(table, deal index): the score of each side of that hand."""

    @classmethod
    def started_with(cls, rules: TrickGame, game: str, options: dict[str, Any], deals: object,
                     tables: Sequence[int], now: float) -> DuplicateRound:
        """A new round of ``deals`` for ``tables``, or DuplicateError with a sentence."""
        if len(tables) < 2:
            raise DuplicateError(_("A duplicate round needs at least two tables."))
        if not isinstance(deals, (list, tuple)) or not 1 <= len(deals) <= MOST_DEALS:
            raise DuplicateError(_(DEALS_SHAPE).format(most=MOST_DEALS))
        read = tuple(read_deal(rules, game, options, deal, number) for number, deal in enumerate(deals, 1))
        return cls(read, tuple(tables), now, {table: 0 for table in tables})

    @property
    def over(self) -> bool:
        return len(self.results) == len(self.deals) * len(self.tables)

    def turn(self, table: int) -> int:
        """Seats the deals are turned on at ``table``."""
        return self.tables.index(table)

    def scenario(self, rules: TrickGame, game: str, options: dict[str, Any], table: int, index: int,
                 seed: int) -> Scenario:
        """Deal ``index`` as ``table`` plays it: turned, with a fresh match sheet.  ``seed`` is the
        table's own, kept for the hands after the round (the explicit deal wins over it)."""
        steps = self.turn(table)
        deal = self.deals[index]
        dealer = rules.next_seat(rules.seats[0], steps)
        turned = {(rules.next_seat(name, steps) if name in rules.seats else name): codes
                  for name, codes in deal.items()}
        return Scenario(game, dict(options), dealer=dealer, seed=seed, deal=turned)

    def next_deal(self, table: int) -> int | None:
        """The index of the deal ``table`` plays next, None when it has played them all (or is
        not in the round)."""
        if table not in self.dealt or self.dealt[table] + 1 >= len(self.deals):
            return None
        return self.dealt[table] + 1

    def note(self, table: int, score: Mapping[str, int] | None) -> None:
        """The hand of the round's deal at ``table`` is over with ``score`` (None: not over,
        perhaps taken back)."""
        if table not in self.dealt:
            return
        key = (table, self.dealt[table])
        if score is None:
            self.results.pop(key, None)
        else:
            self.results[key] = dict(score)

    # ----- the comparison -----------------------------------------------------------------
    def held(self, rules: TrickGame, table: int) -> dict[str, str]:
        """For each side with seats, the side of the deal as dealt whose cards it holds at ``table``."""
        steps = self.turn(table)
        return {side: rules.side_of_seat[rules.next_seat(seats[0], -steps)]
                for side, seats in rules.sides.items() if seats}

    def matchpoints(self, rules: TrickGame, index: int) -> dict[int, dict[str, int]]:
        """On deal ``index``, each played table's matchpoints by side (Law 78A)."""
        nets = {}
        for table in self.tables:
            score = self.results.get((table, index))
            if score is not None:
                for side, origin in self.held(rules, table).items():
                    nets[table, side] = (origin, net(score, side))
        points: dict[int, dict[str, int]] = {}
        for (table, side), (origin, mine) in nets.items():
            points.setdefault(table, {})[side] = sum(
                2 if mine > theirs else 1 if mine == theirs else 0
                for (other, other_side), (other_origin, theirs) in nets.items()
                if other_origin == origin and other != table)
        return points

    def compared(self, index: int) -> int:
        """How many other results each side's result on deal ``index`` is compared with."""
        return sum(1 for table in self.tables if (table, index) in self.results) - 1

    def rows(self, rules: TrickGame, shown: Sequence[int] | None = None) -> tuple[DealRow, ...]:
        """Every deal, table by table; given ``shown`` tables, only theirs, without matchpoints
        (they would tell how the other tables did)."""
        rows = []
        for index in range(len(self.deals)):
            points = self.matchpoints(rules, index) if shown is None else {}
            rows.append(DealRow(index + 1, tuple(
                TableResult(table, self.turn(table), self.held(rules, table),
                            self.results.get((table, index)), points.get(table))
                for table in self.tables if shown is None or table in shown)))
        return tuple(rows)

    def ranking(self, rules: TrickGame, names: Mapping[tuple[int, str], str]) -> tuple[Standing, ...]:
        """Every side of every table by its matchpoint percentage over the deals compared so far
        (none before a deal has been played at two tables: a side's result alone ranks nobody);
        ``names`` gives who sits at each (table, seat)."""
        totals: dict[tuple[int, str], list[int]] = {}
        for index in range(len(self.deals)):
            others = self.compared(index)
            if others < 1:
                continue
            for table, by_side in self.matchpoints(rules, index).items():
                for side, points in by_side.items():
                    kept = totals.setdefault((table, side), [0, 0])
                    kept[0] += points
                    kept[1] += 2 * others
        unplaced = sorted(((Fraction(mp, top) if top else Fraction(0), table, side, mp, top)
                           for (table, side), (mp, top) in totals.items()),
                          key=lambda row: (-row[0], row[1], row[2]))
        standings: list[Standing] = []
        for order, (share, table, side, mp, top) in enumerate(unplaced):
            place = standings[-1].place if standings and standings[-1].percent == 100 * share else order + 1
            seats = rules.sides[side]
            seated = tuple(names.get((table, seat), _("computer")) for seat in seats)
            standings.append(Standing(place, table, side, seated, mp, top))
        return tuple(standings)

    def view(self, rules: TrickGame, names: Mapping[tuple[int, str], str], table: int | None = None,
             teacher: bool = True) -> DuplicateView:
        """The teacher's view (everything so far), or a learner's at ``table``: only their own
        table's finished deals, and the rest of the class once the round is over."""
        units = _(traits(rules).units)  # marked with the other units in cardlab/puzzles/themes.py
        over = self.over
        if not teacher and not over:
            if table not in self.tables:
                return DuplicateView(len(self.deals), units, over, _("Your table does not play the duplicate round."),
                                     (), ())
            rows = self.rows(rules, (table,))
            played = sum(1 for row in rows if row.tables[0].score is not None)
            status = ngettext("Your table has played {played} of the round's {deals} deal; "
                              "the comparison comes when every table has played it.",
                              "Your table has played {played} of the round's {deals} deals; "
                              "the comparison comes when every table has played them all.",
                              len(self.deals)).format(played=played, deals=len(self.deals))
            return DuplicateView(len(self.deals), units, over, status,
                                 tuple(row for row in rows if row.tables[0].score is not None), ())
        if over:
            status = ngettext("The duplicate round is over: {deals} deal at {tables} tables, ranked by matchpoints.",
                              "The duplicate round is over: {deals} deals at {tables} tables, ranked by matchpoints.",
                              len(self.deals)).format(deals=len(self.deals), tables=len(self.tables))
        else:
            hands = len(self.deals) * len(self.tables)
            status = ngettext("Duplicate round: {played} of {hands} hand played.",
                              "Duplicate round: {played} of {hands} hands played.",
                              hands).format(played=len(self.results), hands=hands)
        return DuplicateView(len(self.deals), units, over, status, self.rows(rules), self.ranking(rules, names))

    # ----- kept in the store --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"deals": list(self.deals), "tables": list(self.tables), "started": self.started,
                "dealt": {str(table): index for table, index in self.dealt.items()},
                "results": [[table, index, score] for (table, index), score in self.results.items()]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DuplicateRound:
        return cls(tuple(data["deals"]), tuple(data["tables"]), data["started"],
                   {int(table): index for table, index in data["dealt"].items()},
                   {(table, index): dict(score) for table, index, score in data["results"]})


def net(score: Mapping[str, int], side: str) -> int:
    """The side's score less every other side's: what duplicate compares."""
    return score.get(side, 0) - sum(value for other, value in score.items() if other != side)


def read_deal(rules: TrickGame, game: str, options: dict[str, Any], deal: object, number: int) -> dict[str, Any]:
    """Deal ``number`` of a round as the explicit deal its first seat deals, or DuplicateError."""
    dealer = rules.seats[0]
    if isinstance(deal, int) and not isinstance(deal, bool) and 0 <= deal < SEED_LIMIT:
        dealt = rules.deal(dealer, deal)
        codes: dict[str, Any] = {seat: [str(card) for card in cards] for seat, cards in dealt.hands}
        codes.update({name: [str(card) for card in cards] for name, cards in dealt.extras})
        return codes
    if not isinstance(deal, dict) or not all(isinstance(name, str) and isinstance(cards, list)
                                             and all(isinstance(code, str) and len(code) < 8 for code in cards)
                                             for name, cards in deal.items()):
        raise DuplicateError(_(DEALS_SHAPE).format(most=MOST_DEALS))
    try:
        outcome = run(Scenario(game, dict(options), dealer=dealer, deal=deal))
        error = outcome.error if outcome.hand is None else None
    except (ScenarioError, CardError):
        error = _(NOT_A_DEAL)
    if error is not None:
        raise DuplicateError(_("Deal {number}: {error}").format(number=number, error=error or _(NOT_A_DEAL)))
    return {name: list(cards) for name, cards in deal.items()}
