"""Simple computer players.  A bot is given a view (its own hand, the public table), never the
full state, so it cannot cheat by construction.

:class:`SimpleBot` plays like a sensible beginner in any follow-suit game: it makes every
declaration it may, never signals, leads a card nobody can beat when it has one, wins a trick that
is worth something as cheaply as it can, and throws points to a partner who is already winning.
"""
from __future__ import annotations

import random

from .actions import Action, Play
from .cards import Card
from .rules import TrickGame
from .state import State


class RandomBot:
    """Any legal action, chosen by a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.rng.choice(rules.legal(view))


class SimpleBot:
    def choose(self, rules: TrickGame, view: State) -> Action:
        actions = rules.legal(view)
        suggested = rules.suggested_call(view)
        if suggested is not None:
            return suggested
        for action in actions:
            if not isinstance(action, Play) and str(action).split()[1] == "declares":
                return action
        cards = [action.card for action in actions if isinstance(action, Play)]
        if not cards:
            return actions[0]
        return Play(view.to_act, rules.suggested_card(view) or self.card(rules, view, cards))

    def card(self, rules: TrickGame, view: State, cards: list[Card]) -> Card:
        seat = view.to_act
        trick = view.trick
        cheap = lambda c: (rules.card_points(c), rules.strength(view, c))  # noqa: E731
        if not trick.plays:
            masters = [c for c in cards if self.is_master(rules, view, c)]
            if masters:
                return max(masters, key=cheap)
            longest = max(cards, key=lambda c: sum(x.suit == c.suit for x in cards))
            return min((c for c in cards if c.suit == longest.suit), key=cheap)
        winner = rules.trick_winner(view, trick)
        mine = rules.side_of(view, seat)
        last_to_play = len(trick.plays) == rules.players_in_trick(view) - 1
        if winner is not None and rules.side_of(view, winner) == mine and winner != seat:
            partner_card = trick.card_of(winner)
            if last_to_play or self.is_master(rules, view, partner_card):
                return max(cards, key=lambda c: (rules.card_points(c), -rules.strength(view, c)))
        winning = [c for c in cards if rules.trick_winner(view, trick.with_play(seat, c)) == seat]
        worth = rules.trick_points(trick) > 0
        if winning and (last_to_play or worth or any(self.is_master(rules, view, c) for c in winning)):
            return min(winning, key=lambda c: rules.strength(view, c))
        return min(cards, key=cheap)

    @staticmethod
    def is_master(rules: TrickGame, view: State, card: Card) -> bool:
        """No card still out of sight can beat ``card`` in its suit."""
        seen = {c for t in view.tricks for c in t.cards()}
        if view.trick is not None:
            seen.update(view.trick.cards())
        seen.update(c for c in view.hand(view.viewer or view.to_act) if c is not None)
        strength = rules.strength(view, card)
        return all(c in seen or c.suit != card.suit or rules.strength(view, c) < strength
                   for c in rules.pack.cards)


def next_action(rules: TrickGame, state: State, bot: RandomBot | SimpleBot,
                rng: random.Random | None = None) -> Action:
    """What happens next when nobody is waiting for the learner: a fresh deal when the hand is
    back in its deal phase (a redeal), else the bot's choice from its own view."""
    if state.phase == "deal":
        return rules.deal(state.dealer, rng if rng is not None else random.Random())
    return bot.choose(rules, rules.view(state, state.to_act))


def play_out(rules: TrickGame, state: State, bot: RandomBot | SimpleBot, *, until: str | None = None,
             rng: random.Random | None = None) -> list[Action]:
    """The actions taken from ``state`` until ``until`` is to act or the hand is over.
    ``rng`` shuffles any redeal, so a seeded table stays reproducible."""
    actions = []
    while not state.over and state.to_act is not None and (state.to_act != until or state.phase == "deal"):
        action = next_action(rules, state, bot, rng)
        actions.append(action)
        state = rules.apply(state, action, check=False)
    return actions
