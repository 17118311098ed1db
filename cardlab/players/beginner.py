"""The beginner: :class:`cardlab.bots.SimpleBot`'s choices, unchanged, with the reason for each.

The choice is SimpleBot's own (so the table and the beginner play alike), and so is the rule
behind it (:data:`cardlab.bots.Why`): the usual call, the card that goes on with a declaration,
a master card led, the longest suit led, points given to a partner who holds the trick, a trick
won as cheaply as possible, or the cheapest card played.  This module only words that rule.
"""
from __future__ import annotations

from ..actions import Action, Play
from ..bots import SimpleBot, Why
from ..i18n import _
from ..rules import TrickGame
from ..state import State
from .club import bare
from .club_calls import heard
from .decision import Decision


class Beginner:
    level = "beginner"

    def __init__(self) -> None:
        self.bot = SimpleBot()

    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.bot.choose(rules, view)

    def decide(self, rules: TrickGame, view: State) -> Decision:
        action, why = self.bot.pick(rules, view)
        return explained(rules, view, action, why)


def explained(rules: TrickGame, view: State, action: Action, why: Why) -> Decision:
    """SimpleBot's ``action``, chosen by the rule ``why``, with the reason in words."""
    if not isinstance(action, Play):
        plain = _("{call}: it is the plain call with this hand.")
        return Decision(action, plain.format(call=rules.describe(action)), plain.format(call=heard(rules, action)))
    name = rules.card_name(action.card)
    if why == "declared":
        return Decision.open(action, _("I play {card}: it goes on with what I declared.").format(card=name))
    if why == "master":
        return Decision.open(action, _("I lead {card}: nobody can beat it in its suit.").format(card=name))
    if why == "longest":
        return Decision(action, _("I lead {card}, the lowest card of my longest suit.").format(card=name),
                        _("I lead {card}, a low card.").format(card=name))
    if why == "win":
        return won(action, name)
    trick, seat = view.trick_on_table, view.seat_to_act
    winner = rules.trick_winner(view, trick)
    held_by = trick.card_of(winner) if winner is not None else None
    holder = rules.card_name(held_by) if held_by is not None else ""
    with_card = rules.trick_winner(view, trick.with_play(seat, action.card))
    if why == "partner" and with_card == seat:
        return Decision(action, _("I take the trick with {card}, my card worth the most, over my partner's {held}: it "
                                  "stays with our side.").format(card=name, held=bare(holder)),
                        _("I take the trick with {card} over my partner's {held}: it stays with our side.").format(
                            card=name, held=bare(holder)))
    if why == "partner" and with_card != winner:
        return Decision(action, _("I play {card}, my card worth the most, on the trick my partner held with "
                                  "{held}.").format(card=name, held=holder),
                        _("I play {card} on the trick my partner held with {held}.").format(card=name, held=holder))
    if (winner is not None and with_card == winner and winner != seat
            and rules.side_of(view, winner) == rules.side_of(view, seat)):
        return Decision.open(action, _("I give {card} to my partner's trick: {held} holds it.").format(
            card=name, held=holder))
    if with_card == seat:  # the cheapest card happens to take the trick
        return won(action, name)
    return Decision(action, _("I throw {card}: it is my cheapest card and I do not try for this trick.").format(
        card=name), _("I throw {card}: I do not try for this trick.").format(card=name))


def won(action: Play, name: str) -> Decision:
    """The trick won with ``action``'s card, called ``name``: the cheapest card that takes it."""
    return Decision(action, _("I win the trick with {card}, the cheapest card that takes it.").format(card=name),
                    _("I win the trick with {card}.").format(card=name))
