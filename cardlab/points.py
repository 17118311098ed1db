"""How points are written: exact text for files (``5 2/3``) and friendly text for people (``5⅔``).

People read ``pretty`` (and the score sheet's ``signed``), whose negative numbers carry the minus
sign U+2212 (``−⅔``).  Files and the replay command's JSON read ``fraction_text``, which keeps the
ASCII hyphen-minus (``-2/3``) so that programs parse it (``Fraction("-2/3")``, ``int("-1")``).
"""
from __future__ import annotations

from fractions import Fraction

from .i18n import number



def fraction_text(value: Fraction | int) -> str:
    """``Fraction(17, 3)`` → ``"5 2/3"``; whole numbers without a fraction."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"


def pretty(value: Fraction | int) -> str:
    """``Fraction(17, 3)`` → ``"5⅔"``, ``Fraction(-2, 3)`` → ``"−⅔"``: thirds as the table says them, in
    the current language's way (``"5 ⅔"`` in French, :func:`cardlab.i18n.number`)."""
    return number(Fraction(value))
