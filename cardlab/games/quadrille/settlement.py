"""Quadrille's chip settlement: a pure function from the facts of a finished hand to the chips
each player and the pot gain or lose (rules.md §2.5, §5b), kept apart from the auction and play.

The facts are an :class:`Outcome`; :func:`settle_chips` turns one into a :class:`QuadrilleResult`
given the seats, the game's options, the chips the pot carries and the doubling multiplier.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any

from ... import i18n
from ...points import fraction_text
from ...rules import HandResult, MatchError

POT = "pot"


def whole(value: Fraction | int) -> Fraction | int:
    """Chips as an int when whole, else the exact fraction."""
    return int(value) if Fraction(value).denominator == 1 else Fraction(value)


def halves(amount: Fraction) -> tuple[Fraction, Fraction]:
    """A sum split between two allies: whole chips with the odd one first, else exactly."""
    if amount.denominator == 1:
        smaller = Fraction(floor(amount / 2))
        return amount - smaller, smaller
    return amount / 2, amount / 2


@dataclass(frozen=True)
class Outcome:
    """The facts of a finished hand that the settlement needs."""

    contract: str
    ombre: str
    partner: str | None
    tricks: int
    matador_units: int
    premiers: bool
    vole: str
    stakes: tuple[tuple[str, int], ...]
    trumps: str = ""
    need: int = 6
    preferred: bool = False  # bid in the preference suit: won or lost double

    @property
    def result(self) -> str:
        if self.contract == "devole":
            return "win" if self.tricks == 0 else "codille"
        if self.vole == "announced failed":
            return "codille"  # an announced vole lost loses the whole game
        return "win" if self.tricks >= self.need else "remise" if self.tricks == self.need - 1 else "codille"


@dataclass(frozen=True)
class QuadrilleResult(HandResult):
    """A hand's chips per player and for the pot, with the facts it was settled from."""

    outcome: Outcome | None = None


PARTS = ("stake", "pot", "double", "matadors", "premiers", "vole", "loss")
POINT_PARTS = ("game", "premiers", "vole", "loss")
GAME, PREMIERS, VOLE = 4, 1, 2  # the point-score values: a fresh pot of four, a unit of one
MOST_CHIPS = 10**45  # a saved match sheet holds no more chips than this, either way (doubling grows the pot fast)
CHIPS_TEXT = re.compile(r"([-−])?(?:(\d{1,45}) )?(\d{1,45})(?:/(\d{1,45}))?")  # "-38", "38 1/2", "1/2"
MULTIPLES = {2: i18n.mark("quadrille", "double"), 3: i18n.mark("quadrille", "treble"),
             4: i18n.mark("quadrille", "quadruple")}
# the contracts and bids as the table names them (the log keeps the English words)
CONTRACT_WORDS = {"alliance": i18n.mark("quadrille", "alliance"), "solo": i18n.mark("quadrille", "solo"),
                  "médiator": i18n.mark("quadrille", "médiator"), "devole": i18n.mark("quadrille", "devole"),
                  "grandissimo": i18n.mark("quadrille", "grandissimo"),
                  "forced Spadille": i18n.mark("quadrille", "forced Spadille"),
                  "ask leave": i18n.mark("quadrille", "ask leave"), "the vole": i18n.mark("quadrille", "the vole")}
RESULT_WORDS = {"win": i18n.mark("quadrille", "won"), "remise": i18n.mark("quadrille", "lost by remise"),
                "codille": i18n.mark("quadrille", "lost by codille")}
VOLE_WORDS = {"made": i18n.mark("quadrille", "vole made"), "failed": i18n.mark("quadrille", "vole failed"),
              "announced made": i18n.mark("quadrille", "vole announced made"),
              "announced failed": i18n.mark("quadrille", "vole announced failed")}


def chips_from_json(key: str, value: Any) -> Fraction | int:
    """A player's chips (or the pot) as a scenario writes them: a whole number, or an exact
    fraction as text, "38 1/2", "-1/4" (the typographic minus "−" also read)."""
    if isinstance(value, str):
        found = CHIPS_TEXT.fullmatch(value) if len(value) <= 140 else None
        if found is None:
            raise not_chips(key, quoted(value))
        sign, units, top, bottom = found.groups()
        if bottom is None and units is not None:  # "38 1"
            raise not_chips(key, repr(value))
        if bottom is not None and not 0 < int(top) < int(bottom):
            raise MatchError(i18n._("\"match\" writes chips as whole numbers or exact fractions such as \"38 1/2\"; "
                                    "{key}'s {value} is not one: the fraction, such as 1/2, is more than 0 and less "
                                    "than 1.").format(key=key, value=repr(value)))
        magnitude = int(top) if bottom is None else int(units or 0) + Fraction(int(top), int(bottom))
        value = -magnitude if sign else magnitude
    elif isinstance(value, bool) or not isinstance(value, int):
        raise not_chips(key, quoted(value))
    if abs(value) > MOST_CHIPS:
        raise MatchError(i18n._("\"match\" gives {key} too many chips: at most {most} either way.").format(
            key=key, most=MOST_CHIPS))
    return whole(value)


def not_chips(key: str, shown: str) -> MatchError:
    """The refusal of ``key``'s value ``shown``, which is not a number of chips."""
    return MatchError(i18n._("\"match\" writes chips as whole numbers or exact fractions such as \"38 1/2\"; "
                             "{key}'s {value} is not one.").format(key=key, value=shown))


def quoted(value: Any) -> str:
    """A value read from a file, short enough for a sentence (never the whole of a huge one)."""
    if isinstance(value, str):
        return repr(value if len(value) <= 20 else value[:20] + "…")
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        return str(value) if abs(value) < 10**20 else "a very long number"
    if isinstance(value, float):
        return repr(value)
    return "a list" if isinstance(value, list) else "an object"


def chips_to_json(value: Fraction | int) -> int | str:
    """The inverse of :func:`chips_from_json`: whole chips as a number, else "a b/c"."""
    return int(value) if Fraction(value).denominator == 1 else fraction_text(value)


def unit(pot: Fraction | int, rounding: str = "exact") -> Fraction:
    """A quarter of the pot (seed), exact or rounded down."""
    return Fraction(Fraction(pot) // 4) if rounding == "floor" else Fraction(pot) / 4


def settle_chips(outcome: Outcome, seats: tuple[str, ...], options: Any, carried: Fraction | int,
                 times: int = 1) -> QuadrilleResult:
    """Chips for each player and the pot, the pot holding ``carried`` before the stakes.

    ``times`` is the doubling variant's multiplier (2 after one lost game, 3 after two …); a bid
    made in the preference suit doubles it again.  "Won or lost double" (rules.md §5b): every chip
    that changes hands is multiplied — the unit bonuses, the losses paid into the pot, and on a win
    or a codille, besides the pot itself, as many chips again from the losers (``times - 1`` pots,
    in equal shares).  The stakes are never multiplied.

    On a codille the opponents share P equally; only three of them sharing a whole P leave its
    remainder in the pot (seed 001: "unless there are three and the stake is not exactly
    divisible").  Two (against an alliance) or four (against a five-handed solo) take all of P,
    in exact fractions when it does not divide.
    """
    parts = {seat: {name: Fraction(0) for name in PARTS} for seat in seats + (POT,)}
    if outcome.preferred:
        times *= 2

    def pay(payer: str, payee: str, amount: Fraction, part: str) -> None:
        if part not in ("stake", "pot", "double"):
            amount *= times
        parts[payer][part] -= amount
        parts[payee][part] += amount

    for seat, chips in outcome.stakes:
        pay(seat, POT, Fraction(chips), "stake")
    pot = Fraction(carried) + sum(chips for _, chips in outcome.stakes)
    u = unit(pot, options.unit_rounding)
    ombre, partner = outcome.ombre, outcome.partner
    allies = (ombre,) if partner is None else (ombre, partner)
    opponents = [seat for seat in seats if seat not in allies]
    shared = outcome.contract == "forced Spadille" and partner is not None

    def win(payer: str, amount: Fraction, part: str) -> None:
        """The contracting side receives: the Ombre alone, or both allies sharing (odd chip to him)."""
        if partner is None:
            pay(payer, ombre, amount, part)
            return
        larger, smaller = halves(amount)
        pay(payer, ombre, larger, part)
        pay(payer, partner, smaller, part)

    def lose(payee: str, amount: Fraction, part: str) -> None:
        """The contracting side pays: the caller alone, or both in forced Spadille."""
        if not shared or partner is None:
            pay(ombre, payee, amount, part)
            return
        larger, smaller = halves(amount)
        pay(ombre, payee, larger, part)
        pay(partner, payee, smaller, part)

    matador = outcome.matador_units * u
    if outcome.result == "win":
        win(POT, pot, "pot")
        for opponent in opponents:
            if times > 1:
                win(opponent, (times - 1) * pot / len(opponents), "double")
        bonus = {"matadors": matador, "premiers": u if outcome.premiers else Fraction(0),
                 "vole": {"made": 2 * u, "announced made": 4 * u}.get(outcome.vole, Fraction(0))}
        for ally in allies:
            for opponent in opponents:
                for part, amount in bonus.items():
                    if amount:
                        pay(opponent, ally, amount, part)
                if outcome.vole == "failed":  # the side pays 2u to each opponent, shared by allies
                    pay(ally, opponent, 2 * u / len(allies), "vole")
    else:
        if outcome.result == "remise":
            lose(POT, pot, "loss")
        else:
            each = pot / len(opponents)
            if len(opponents) == 3 and pot.denominator == 1:
                each = Fraction(floor(each))  # the seed's one exception: the remainder stays in the pot
            for opponent in opponents:
                pay(POT, opponent, each, "pot")
                if times > 1:
                    lose(opponent, (times - 1) * each, "double")
            lose(POT, options.codille_pays * pot, "loss")
        if matador and (outcome.result == "remise" or options.matadors_on_codille):
            for opponent in opponents:
                lose(opponent, matador, "matadors")
    points = {seat: sum(part.values(), Fraction(0)) for seat, part in parts.items()}
    shown = [name for name in PARTS if name == "stake" or any(part[name] for part in parts.values())]
    parts = {seat: {name: part[name] for name in shown} for seat, part in parts.items()}
    score = {seat: whole(value) for seat, value in points.items()}
    return QuadrilleResult(points=points, score=score,  # type: ignore[arg-type]  # rules.py types chips int
                           parts=parts, outcome=outcome,
                           summary=lambda: i18n._("{story}; pot {pot} at stake{doubled}.").format(
                               story=story(outcome), pot=i18n.number(pot), doubled=doubled(times)))


def settle_points(outcome: Outcome, seats: tuple[str, ...], options: Any, times: int = 1) -> QuadrilleResult:
    """The point-score variant (seed; rules.md §5b): no chips and no pot, matadors ignored.

    A win credits each member of the contracting side the full winning score — the game (4),
    premiers (1), a vole made (2, announced 4), less 2 for a vole failed; a loss deducts the
    remise (4) or the codille (4 × the codille option) from the caller alone, or from both
    allies in forced Spadille.  The values are a solo's chips from a fresh pot of four with a
    unit of one; ``times`` (doubling, preference) multiplies them.
    """
    if outcome.preferred:
        times *= 2
    parts = {seat: {name: Fraction(0) for name in POINT_PARTS} for seat in seats}
    allies = [seat for seat in (outcome.ombre, outcome.partner) if seat is not None]
    if outcome.result == "win":
        gained = {"game": GAME, "premiers": PREMIERS if outcome.premiers else 0,
                  "vole": {"made": VOLE, "announced made": 2 * VOLE, "failed": -VOLE}.get(outcome.vole, 0)}
        for ally in allies:
            for part, value in gained.items():
                parts[ally][part] += times * value
    else:
        lost = GAME * (1 if outcome.result == "remise" else options.codille_pays)
        for seat in allies if outcome.contract == "forced Spadille" else allies[:1]:
            parts[seat]["loss"] -= times * lost
    points = {seat: sum(part.values(), Fraction(0)) for seat, part in parts.items()}
    shown = [name for name in POINT_PARTS if any(part[name] for part in parts.values())] or ["game"]
    parts = {seat: {name: part[name] for name in shown} for seat, part in parts.items()}
    score = {seat: whole(v) for seat, v in points.items()}
    return QuadrilleResult(points=points, score=score,  # type: ignore[arg-type]  # rules.py types chips int
                           parts=parts, outcome=outcome,
                           summary=lambda: i18n._("{story}; points: {points}{doubled}.").format(
                               story=story(outcome), doubled=doubled(times),
                               points=", ".join(f"{seat} {signed(value)}" for seat, value in points.items() if value)))


def story(outcome: Outcome) -> str:
    """The hand in one clause: "Solo: W took 6 tricks and won — premiers"."""
    side = i18n.listed([outcome.ombre, outcome.partner]) if outcome.partner else outcome.ombre
    units = outcome.matador_units
    extras = [text for text, flag in (
        (i18n.pgettext("quadrille", "premiers"), outcome.premiers),
        (i18n.pgettext("quadrille", VOLE_WORDS[outcome.vole]) if outcome.vole else "", outcome.vole),
        (i18n.ngettext("{count} unit of matadors", "{count} units of matadors", units).format(
            count=i18n.number(units)), units)) if flag]
    told = i18n.ngettext("{contract}: {side} took {count} trick and {result}",
                         "{contract}: {side} took {count} tricks and {result}", outcome.tricks).format(
        contract=i18n.pgettext("quadrille", CONTRACT_WORDS[outcome.contract]).capitalize(), side=side,
        count=i18n.number(outcome.tricks), result=i18n.pgettext("quadrille", RESULT_WORDS[outcome.result]))
    return f"{told} — {', '.join(extras)}" if extras else told


def doubled(times: int) -> str:
    if times < 2:
        return ""
    multiple = (i18n.pgettext("quadrille", MULTIPLES[times]) if times in MULTIPLES else
                i18n.pgettext("quadrille", "{times} times over").format(times=i18n.number(times)))
    return i18n.pgettext("quadrille", "; won or lost {multiple}").format(multiple=multiple)


def signed(value: Fraction) -> str:
    """+5, −8: the sign always shown, with the typographic minus."""
    return f"+{i18n.number(value)}" if value > 0 else i18n.number(value)

