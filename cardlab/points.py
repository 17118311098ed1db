"""How points are written: exact text for files (``5 2/3``) and friendly text for people (``5⅔``).

People read ``pretty`` (and the score sheet's ``signed``), whose negative numbers carry the minus
sign U+2212 (``−⅔``).  Files and the replay command's JSON read ``fraction_text``, which keeps the
ASCII hyphen-minus (``-2/3``) so that programs parse it (``Fraction("-2/3")``, ``int("-1")``).
"""
from __future__ import annotations

from fractions import Fraction

_VULGAR = {Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 2): "½", Fraction(1, 4): "¼",
           Fraction(3, 4): "¾"}


def fraction_text(value: Fraction | int) -> str:
    """``Fraction(17, 3)`` → ``"5 2/3"``; whole numbers without a fraction."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"


def pretty(value: Fraction | int) -> str:
    """``Fraction(17, 3)`` → ``"5⅔"``, ``Fraction(-2, 3)`` → ``"−⅔"``: thirds as the table says them."""
    value = Fraction(value)
    sign = "−" if value < 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    tail = _VULGAR.get(rest, f" {rest.numerator}/{rest.denominator}")
    return f"{sign}{whole if whole else ''}{tail}"
