"""A hand as its log: every action from the deal on, and the state after each prefix.

``Hand.states[k]`` is the state after the first ``k`` actions; ``states[0]`` is the table before
the deal.  Stepping back is reading an earlier state; playing from an earlier step branches the log.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from .actions import Action, Deal, parse_action
from .rules import TrickGame
from .state import State


@dataclass(frozen=True)
class Hand:
    rules: TrickGame
    log: tuple[Action, ...]
    states: tuple[State, ...]

    @classmethod
    def start(cls, rules: TrickGame, dealer: str) -> Hand:
        return cls(rules, (), (rules.initial(dealer),))

    @classmethod
    def dealt(cls, rules: TrickGame, dealer: str, seed: int | random.Random | None = None) -> Hand:
        """A fresh hand, shuffled from ``seed`` and dealt: :meth:`start` then :meth:`then` in one
        step, the deal unchecked, as the rules' own deal is one they accept (every random hand is
        dealt here)."""
        table = rules.initial(dealer)
        deal = rules.deal(dealer, seed)
        return cls(rules, (deal,), (table, rules.apply(table, deal, check=False)))

    @classmethod
    def replay(cls, rules: TrickGame, dealer: str, actions: Iterable[Action | str]) -> Hand:
        hand = cls.start(rules, dealer)
        for action in actions:
            hand = hand.then(action)
        return hand

    @property
    def state(self) -> State:
        return self.states[-1]

    def then(self, action: Action | str, *, check: bool = True) -> Hand:
        """The hand with one more action; an illegal one raises IllegalAction, a misspelt one
        ActionError.  ``check=False`` is for an action already checked by its caller (a table
        session checks each action once, in one place)."""
        if isinstance(action, str):
            action = parse_action(action, self.rules.seats)
        state = self.rules.apply(self.state, action, check=check)
        return Hand(self.rules, self.log + (action,), self.states + (state,))

    def upto(self, steps: int) -> Hand:
        """The hand as it was after its first ``steps`` actions."""
        return Hand(self.rules, self.log[:steps], self.states[:steps + 1])

    @property
    def deal(self) -> Deal | None:
        return self.state.deal

    def text(self) -> str:
        """The log, one action a line: the golden-file form."""
        return "\n".join(map(str, self.log))

    def _repr_svg_(self) -> str:
        from .render.table import table_svg
        return table_svg(self.rules.scene(self.state, "S", open_hands=True))
