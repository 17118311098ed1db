"""The beginner: :class:`cardlab.bots.SimpleBot`'s choices, unchanged, with the reason for each.

The choice is SimpleBot's own (so the table and the beginner play alike); the reason retraces the
branch SimpleBot took: the usual call, a master card led, the longest suit led, points thrown to
a partner who holds the trick, a trick won as cheaply as possible, or the cheapest card thrown.
"""
from __future__ import annotations

from ..actions import Action, Play
from ..bots import SimpleBot
from ..rules import TrickGame
from ..state import State
from . import Decision
from .club_calls import heard


class Beginner:
    level = "beginner"

    def __init__(self) -> None:
        self.bot = SimpleBot()

    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.bot.choose(rules, view)

    def decide(self, rules: TrickGame, view: State) -> Decision:
        return self.explained(rules, view, self.bot.choose(rules, view))

    def explained(self, rules: TrickGame, view: State, action: Action) -> Decision:
        """SimpleBot's ``action`` with the reason for it."""
        if not isinstance(action, Play):
            return Decision(action, f"{rules.describe(action)}: it is the plain call with this hand.",
                            f"{heard(rules, action)}: it is the plain call with this hand.")
        card, name = action.card, rules.pack.name(action.card)
        if rules.suggested_card(view) == card:
            return Decision.open(action, f"I play {name}: it goes on with what I declared.")
        trick = view.trick
        is_master = SimpleBot.is_master(rules, view, card)
        if not trick.plays:
            if is_master:
                return Decision.open(action, f"I lead {name}: nobody can beat it in its suit.")
            return Decision(action, f"I lead {name}, the lowest card of my longest suit.",
                            f"I lead {name}, a low card.")
        seat = view.to_act
        winner = rules.trick_winner(view, trick)
        with_card = rules.trick_winner(view, trick.with_play(seat, card))
        if (winner is not None and winner != seat and rules.side_of(view, winner) == rules.side_of(view, seat)
                and with_card == winner):
            return Decision.open(action, f"I give {name} to my partner's trick: "
                                 f"{rules.pack.name(trick.card_of(winner))} holds it.")
        if with_card == seat:
            return Decision(action, f"I win the trick with {name}, the cheapest card that takes it.",
                            f"I win the trick with {name}.")
        return Decision(action, f"I throw {name}: it is my cheapest card and I do not try for this trick.",
                        f"I throw {name}: I do not try for this trick.")

