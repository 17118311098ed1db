"""One way to play a hand on: the players given per seat, seeded chance for every deal, and a
stop condition.  The duel, the expert's sampled deals, practice, the simple bots and the table
session all play through :func:`steps` (or :func:`play_out` on top of it).

* **Players**: a mapping from seat to a player (anything with ``choose(rules, view)``; with
  ``reasons=True``, ``decide(rules, view)`` too), or one player for every seat.  A player is only
  ever given its own seat's view.  A seat with no player is a decision nobody here may make
  (the learner's, say): the play-out stops there.
* **Chance** shuffles every deal the play-out makes (the first deal from a table in its deal
  phase, and any redeal): a ``random.Random`` or a seed (an ``int``, made into one) is one stream
  every deal draws from in turn; a function of the number of actions played so far gives the
  shuffle for a deal made at that point (a table that seeds each deal by its step); ``None``
  means no deal is made here, and the play-out stops where one is due.
* **Stop**, checked before every action: ``None`` plays to the end of the hand; a seat's name
  stops when that seat is to decide (a deal or a forced call made at its turn is not its
  decision); an ``int`` stops after that many actions; a function stops when it returns true for
  the table about to act.  The end of the hand always stops it.
* ``forced=True`` makes every forced call (:meth:`cardlab.rules.TrickGame.forced_calls`) at once
  for whoever is to act, without asking a player (the table's way, for the learner's seat too).
* ``check=True`` has the rules check every action (an illegal one raises); by default the
  players are trusted, as they choose from :meth:`~cardlab.rules.TrickGame.legal`.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .actions import Action
from .players.decision import Decision
from .rules import TrickGame
from .state import State


class Chooser(Protocol):
    """A player as the play-out uses it: an action from its own seat's view."""

    def choose(self, rules: TrickGame, view: State) -> Action: ...


@runtime_checkable
class Decider(Protocol):
    """A player that also says why (every level of :mod:`cardlab.players`)."""

    def decide(self, rules: TrickGame, view: State) -> Decision: ...


Players = Mapping[str, Chooser] | Chooser
Chance = random.Random | int | Callable[[int], random.Random] | None
Stop = str | int | Callable[[State], bool] | None


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a play-out: the table ``before`` it and ``after`` it; ``seat`` is the seat whose
    player chose it (None for a deal or a forced call), ``decision`` that player's reason (with
    ``reasons=True``) and ``seconds`` the time its view and choice took."""

    before: State
    action: Action
    after: State
    seat: str | None = None
    decision: Decision | None = None
    seconds: float = 0.0


def steps(rules: TrickGame, state: State, players: Players, *, chance: Chance, stop: Stop = None,
          forced: bool = False, check: bool = False, reasons: bool = False) -> Iterator[Step]:
    """The actions from ``state`` on, one :class:`Step` at a time, until ``stop`` or the end of
    the hand (see the module's docstring for each argument)."""
    shuffle = shuffler(chance)
    done = 0
    while not state.over and state.to_act is not None:
        if isinstance(stop, int) and done >= stop or callable(stop) and stop(state):
            return
        seat: str | None = None
        decision: Decision | None = None
        seconds = 0.0
        action: Action
        calls = rules.forced_calls(state) if forced and state.phase != "deal" else []
        if state.phase == "deal":
            if shuffle is None:
                return
            action = rules.deal(state.dealer, shuffle(done))
        elif calls:
            action = calls[0]
        else:
            seat = state.to_act
            player = players.get(seat) if isinstance(players, Mapping) else players
            if seat == stop or player is None:
                return
            began = time.perf_counter()
            view = rules.view(state, seat)
            if reasons:
                decision = explaining(player, seat).decide(rules, view)
                action = decision.action
            else:
                action = player.choose(rules, view)
            seconds = time.perf_counter() - began
        after = rules.apply(state, action, check=check)
        yield Step(state, action, after, seat, decision, seconds)
        state = after
        done += 1


def play_out(rules: TrickGame, state: State, players: Players, *, chance: Chance, stop: Stop = None,
             forced: bool = False, check: bool = False) -> State:
    """The table where :func:`steps` stops."""
    for step in steps(rules, state, players, chance=chance, stop=stop, forced=forced, check=check):
        state = step.after
    return state


def explaining(player: Chooser, seat: str) -> Decider:
    """``player`` as one that says why; asked for reasons, a player without them is a mistake."""
    if not isinstance(player, Decider):
        raise TypeError(f"The player at {seat} gives no reasons: it has no decide().")
    return player


def shuffler(chance: Chance) -> Callable[[int], random.Random] | None:
    """The shuffle for a deal made after a number of actions, from any form of ``chance``."""
    if chance is None or callable(chance):
        return chance
    stream = chance if isinstance(chance, random.Random) else random.Random(chance)
    return lambda done: stream
