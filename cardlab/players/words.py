"""Amounts in the players' reasons and the hand's review, in the current language: "a third",
"1⅓ points", "10 card points", "0.4 chips", "45%"; and a play said from what every player sees
(:func:`public_play`), for a reason whose why would tell the others what the player holds.

A game names its units in English (:class:`cardlab.games.GameTraits` ``units`` and ``card_point``,
keys that stay language-free in logs and JSON); this module says each of them with the plural form
and the number the language writes, so every reason and review counts alike.
"""
from __future__ import annotations

from fractions import Fraction

from ..cards import Card
from ..i18n import _, ngettext, number
from ..rules import TrickGame
from ..state import State


def plural_count(value: int | float | Fraction) -> int:
    """The count that picks the plural form: a whole amount itself, any other 2 ("1.5 points")."""
    return int(value) if value == int(value) else 2


def amount(unit: str, value: int | float | Fraction) -> str:
    """``value`` of ``unit`` (a game's ``units`` or ``card_point``) said in the current language."""
    n, shown = plural_count(-value if value < 0 else value), number(value)
    if unit == "point" or unit == "points":
        return ngettext("{number} point", "{number} points", n).format(number=shown)
    if unit == "card point" or unit == "card points":
        return ngettext("{number} card point", "{number} card points", n).format(number=shown)
    if unit == "game points":
        return ngettext("{number} game point", "{number} game points", n).format(number=shown)
    if unit == "chips":
        return ngettext("{number} chip", "{number} chips", n).format(number=shown)
    if unit == "hands won":
        return ngettext("{number} hand won", "{number} hands won", n).format(number=shown)
    raise ValueError(f"{unit!r} is not a unit the players can say.")


def card_points(card_point: str, value: Fraction) -> str:
    """Card points as the table says them: "a third", "two thirds", "1⅓ points", "21 card points"."""
    if value == Fraction(1, 3):
        return _("a third")
    if value == Fraction(2, 3):
        return _("two thirds")
    return amount(card_point, value)


def percent(chance: float) -> str:
    """A chance as a whole percentage: "45%", "45 %"."""
    return _("{percent}%").format(percent=number(round(chance * 100)))


def public_play(rules: TrickGame, view: State, seat: str, card: Card) -> str:
    """``seat``'s play of ``card`` in ``view`` said from what the table sees (the trick, the number
    of cards each holds), never why it was the card to play: "it is my only legal card" would
    tell the others that no other card of the suit led is left in that hand."""
    name = rules.card_name(card)
    trick = view.trick
    if len(view.hand(seat)) == 1:
        return _("I play {card}, my last card.").format(card=name)
    if trick is None or not trick.plays:
        return _("I lead {card}.").format(card=name)
    led = trick.plays[0][1]
    winner = rules.trick_winner(view, trick.with_play(seat, card))
    if winner == seat:
        return _("I play {card}, which takes the trick for now.").format(card=name)
    if winner is None:
        return _("I play {card}, which ties the best card of the trick.").format(card=name)
    if rules.suit_of(view, card) == rules.suit_of(view, led):
        return _("I follow the suit led with {card}; {seat} holds the trick.").format(card=name, seat=winner)
    return _("I play {card}, not of the suit led; {seat} holds the trick.").format(card=name, seat=winner)
