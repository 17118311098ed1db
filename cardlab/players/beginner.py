"""The beginner: :class:`cardlab.bots.SimpleBot`'s choices, unchanged, with the reason for each.

The choice is SimpleBot's own (so the table and the beginner play alike), and so is the rule
behind it (:data:`cardlab.bots.Why`): the usual call, the card that goes on with a declaration,
a master card led, the longest suit led, points given to a partner who holds the trick, a trick
won as cheaply as possible, or the cheapest card played.  This module only words that rule.
"""
from __future__ import annotations

from ..actions import Action, Play
from ..bots import SimpleBot, Why
from ..rules import TrickGame
from ..state import State
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
        return Decision(action, f"{rules.describe(action)}: it is the plain call with this hand.",
                        f"{heard(rules, action)}: it is the plain call with this hand.")
    name = rules.pack.name(action.card)
    if why == "declared":
        return Decision.open(action, f"I play {name}: it goes on with what I declared.")
    if why == "master":
        return Decision.open(action, f"I lead {name}: nobody can beat it in its suit.")
    if why == "longest":
        return Decision(action, f"I lead {name}, the lowest card of my longest suit.", f"I lead {name}, a low card.")
    if why == "win":
        return Decision(action, f"I win the trick with {name}, the cheapest card that takes it.",
                        f"I win the trick with {name}.")
    trick, seat = view.trick_on_table, view.seat_to_act
    winner = rules.trick_winner(view, trick)
    held_by = trick.card_of(winner) if winner is not None else None
    holder = rules.pack.name(held_by) if held_by is not None else ""
    with_card = rules.trick_winner(view, trick.with_play(seat, action.card))
    if why == "partner" and with_card != winner:
        return Decision(action, f"I play {name}, my card worth the most, on the trick my partner holds with {holder}.",
                        f"I play {name} on the trick my partner holds with {holder}.")
    if (winner is not None and with_card == winner and winner != seat
            and rules.side_of(view, winner) == rules.side_of(view, seat)):
        return Decision.open(action, f"I give {name} to my partner's trick: {holder} holds it.")
    if with_card == seat:  # the cheapest card happens to take the trick
        return Decision(action, f"I win the trick with {name}, the cheapest card that takes it.",
                        f"I win the trick with {name}.")
    return Decision(action, f"I throw {name}: it is my cheapest card and I do not try for this trick.",
                    f"I throw {name}: I do not try for this trick.")
