"""Simple computer players.  A bot is given a view (its own hand, the public table), never the
full state, so it cannot cheat by construction.

:class:`SimpleBot` plays like a sensible beginner in any follow-suit game: it makes every
declaration it may, never signals, leads a card nobody can beat when it has one, wins a trick that
is worth something as cheaply as it can, and throws points to a partner who is already winning.
Each choice comes with the name of the rule that made it (:data:`Why`), so the beginner
(:mod:`cardlab.players.beginner`) words the reason from the branch taken, never guessing it again.
"""
from __future__ import annotations

import random
from typing import Literal

from .actions import Action, Play
from .cards import Card
from .playout import steps
from .rules import TrickGame
from .state import State

Why = Literal["call", "declared", "master", "longest", "partner", "win", "cheapest"]
"""The rule behind a :class:`SimpleBot` choice: the plain call; the card that goes on with what it
declared; a master card led; the lowest card of its longest suit led; its card worth most given
to a partner who holds the trick; the cheapest card that wins the trick; its cheapest card."""


class RandomBot:
    """Any legal action, chosen by a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.bits = self.rng.getrandbits

    def choose(self, rules: TrickGame, view: State) -> Action:
        """``self.rng.choice(rules.legal(view))``, the same choice from the same draws, without
        its two calls: the contract test and the benches play millions of random cards."""
        actions = rules.legal(view)
        count = len(actions)
        if not count:
            raise IndexError("Cannot choose from an empty sequence")
        width = count.bit_length()
        drawn = self.bits(width)
        while drawn >= count:
            drawn = self.bits(width)
        return actions[drawn]


class SimpleBot:
    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.pick(rules, view)[0]

    def pick(self, rules: TrickGame, view: State) -> tuple[Action, Why]:
        """The choice and the rule that made it."""
        actions = rules.legal(view)
        suggested = rules.suggested_call(view)
        if suggested is not None:
            return suggested, "call"
        for action in actions:
            if not isinstance(action, Play) and str(action).split()[1] == "declares":
                return action, "call"
        cards = [action.card for action in actions if isinstance(action, Play)]
        if not cards:
            return actions[0], "call"
        declared = rules.suggested_card(view)
        if declared is not None:
            return Play(view.seat_to_act, declared), "declared"
        card, why = self.card(rules, view, cards)
        return Play(view.seat_to_act, card), why

    def card(self, rules: TrickGame, view: State, cards: list[Card]) -> tuple[Card, Why]:
        seat = view.seat_to_act
        trick = view.trick_on_table
        cheap = lambda c: (rules.card_points(c), rules.strength(view, c))  # noqa: E731
        if not trick.plays:
            masters = [c for c in cards if self.is_master(rules, view, c)]
            if masters:
                return max(masters, key=cheap), "master"
            longest = max(cards, key=lambda c: sum(x.suit == c.suit for x in cards))
            return min((c for c in cards if c.suit == longest.suit), key=cheap), "longest"
        winner = rules.trick_winner(view, trick)
        mine = rules.side_of(view, seat)
        last_to_play = len(trick.plays) == rules.players_in_trick(view) - 1
        if winner is not None and rules.side_of(view, winner) == mine and winner != seat:
            partner_card = trick.card_of(winner)
            if last_to_play or partner_card is not None and self.is_master(rules, view, partner_card):
                return max(cards, key=lambda c: (rules.card_points(c), -rules.strength(view, c))), "partner"
        winning = [c for c in cards if rules.trick_winner(view, trick.with_play(seat, c)) == seat]
        worth = rules.trick_points(trick) > 0
        if winning and (last_to_play or worth or any(self.is_master(rules, view, c) for c in winning)):
            return min(winning, key=lambda c: rules.strength(view, c)), "win"
        return min(cards, key=cheap), "cheapest"

    @staticmethod
    def is_master(rules: TrickGame, view: State, card: Card) -> bool:
        """No card still out of sight can beat ``card`` in its suit."""
        seen = {c for t in view.tricks for c in t.cards()}
        if view.trick is not None:
            seen.update(view.trick.cards())
        seen.update(c for c in view.hand(view.viewer or view.seat_to_act) if c is not None)
        strength = rules.strength(view, card)
        return all(c in seen or c.suit != card.suit or rules.strength(view, c) < strength
                   for c in rules.pack.cards)


def next_action(rules: TrickGame, state: State, bot: RandomBot | SimpleBot,
                rng: random.Random | None = None) -> Action:
    """What happens next when nobody is waiting for the learner: a fresh deal when the hand is
    back in its deal phase (a redeal), else the bot's choice from its own view; one step of
    :func:`cardlab.playout.steps`."""
    for step in steps(rules, state, bot, chance=rng if rng is not None else random.Random(), stop=1):
        return step.action
    raise ValueError("The hand is over: nothing happens next.")


def play_out(rules: TrickGame, state: State, bot: RandomBot | SimpleBot, *, until: str | None = None,
             rng: random.Random | None = None) -> list[Action]:
    """The actions taken from ``state`` until ``until`` is to act or the hand is over, ``bot``
    playing every seat (:func:`cardlab.playout.steps`).  ``rng`` shuffles any redeal, so a seeded
    table stays reproducible."""
    return [step.action for step in steps(rules, state, bot, chance=rng if rng is not None else random.Random(),
                                          stop=until)]
