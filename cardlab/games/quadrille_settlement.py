"""Quadrille's chip settlement: a pure function from the facts of a finished hand to the chips
each player and the pot gain or lose (rules.md §2.5, §5b), kept apart from the auction and play.

The facts are an :class:`Outcome`; :func:`settle_chips` turns one into a :class:`QuadrilleResult`
given the seats, the game's options, the chips the pot carries and the doubling multiplier.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any

from ..rules import HandResult

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


PARTS = ("stake", "pot", "matadors", "premiers", "vole", "loss")


def unit(pot: Fraction | int, rounding: str = "exact") -> Fraction:
    """A quarter of the pot (seed), exact or rounded down."""
    return Fraction(Fraction(pot) // 4) if rounding == "floor" else Fraction(pot) / 4


def settle_chips(outcome: Outcome, seats: tuple[str, ...], options: Any, carried: Fraction | int,
                 times: int = 1) -> QuadrilleResult:
    """Chips for each player and the pot, the pot holding ``carried`` before the stakes.
    ``times`` multiplies every payment but the stakes and the pot itself (the doubling
    variant); a contract in the preference suit doubles it again."""
    parts = {seat: {name: Fraction(0) for name in PARTS} for seat in seats + (POT,)}
    if outcome.trumps and outcome.trumps == options.preference:
        times *= 2

    def pay(payer: str, payee: str, amount: Fraction, part: str) -> None:
        if part not in ("stake", "pot"):
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

    def lose(payee: str, amount: Fraction, part: str) -> None:
        """The contracting side pays: the caller alone, or both in forced Spadille."""
        if not shared:
            pay(ombre, payee, amount, part)
            return
        larger, smaller = halves(amount)
        pay(ombre, payee, larger, part)
        pay(partner, payee, smaller, part)

    matador = outcome.matador_units * u
    if outcome.result == "win":
        if partner is None:
            pay(POT, ombre, pot, "pot")
        else:
            larger, smaller = halves(pot)
            pay(POT, ombre, larger, "pot")
            pay(POT, partner, smaller, "pot")
        bonus = {"matadors": matador, "premiers": u if outcome.premiers else Fraction(0),
                 "vole": {"made": 2 * u, "announced made": 4 * u}.get(outcome.vole, Fraction(0))}
        for ally in allies:
            for opponent in opponents:
                for part, amount in bonus.items():
                    if amount:
                        pay(opponent, ally, amount, part)
                if outcome.vole == "failed":
                    pay(ally, opponent, 2 * u, "vole")
    else:
        if outcome.result == "remise":
            lose(POT, pot, "loss")
        else:
            each = Fraction(floor(pot / len(opponents))) if pot.denominator == 1 else pot / len(opponents)
            for opponent in opponents:
                pay(POT, opponent, each, "pot")
            lose(POT, options.codille_pays * pot, "loss")
        if matador and (outcome.result == "remise" or options.matadors_on_codille):
            for opponent in opponents:
                lose(opponent, matador, "matadors")
    points = {seat: sum(part.values(), Fraction(0)) for seat, part in parts.items()}
    shown = [name for name in PARTS if name == "stake" or any(part[name] for part in parts.values())]
    parts = {seat: {name: part[name] for name in shown} for seat, part in parts.items()}
    score = {seat: whole(value) for seat, value in points.items()}
    side = f"{ombre} and {partner}" if partner else ombre
    story = {"win": "won", "remise": "lost by remise", "codille": "lost by codille"}[outcome.result]
    extras = [text for text, flag in (("premiers", outcome.premiers), (f"vole {outcome.vole}", outcome.vole),
                                      (f"{outcome.matador_units} unit(s) of matadors", outcome.matador_units))
              if flag]
    doubled = f"; payments ×{times}" if times > 1 else ""
    summary = (f"{outcome.contract.capitalize()}: {side} took {outcome.tricks} tricks and "
               f"{story}{' — ' + ', '.join(extras) if extras else ''}; pot {pot} at stake{doubled}.")
    return QuadrilleResult(points=points, score=score, parts=parts, summary=summary, outcome=outcome)
