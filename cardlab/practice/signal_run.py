"""The signals trainer as a run of drills: the drill shown, its seed, the first answers scored,
the second try and every sentence the learner reads.

Why: :class:`cardlab.widgets.practice.SignalsTrainer` only maps these values to buttons; what it
asks and how it judges is tested here without a browser.  As in the quiz, a wrong first answer
leaves a second try (the choice tried is refused again) before the answer and the rule show, and
only the first answer to a drill is scored.
"""
from __future__ import annotations

from typing import Callable

from ..cards import Card
from ..i18n import _
from ..scenario import parse, run
from .common import Said
from .quiz_run import ONCE_MORE
from .signals import DRILLS, SignalDrill


class SignalRun:
    """``SignalRun("aluette")``, ``SignalRun("tressette", seed=3)``: the game's signal drills
    (:data:`cardlab.practice.signals.DRILLS`), the first one asked from ``seed``."""

    def __init__(self, game: str, *, seed: int = 0) -> None:
        self.game = game
        self.drills: dict[str, Callable[[int], SignalDrill]] = DRILLS.get(game, {})
        self.seed = seed
        self.name = next(iter(self.drills), "")
        self.right = self.asked = self.missed = 0
        self.answered = False
        self.tried: list[list[str]] = []
        self.drill: SignalDrill | None = None
        self.said: Said | None = None
        if self.drills:
            self.ask()

    @property
    def refusal(self) -> str:
        """The sentence saying the game has no drills, or ""."""
        if self.drills:
            return ""
        return _("{game} has no signals in cardlab's rules: the games with signal drills are {games}.").format(
            game=repr(self.game), games=", ".join(DRILLS))

    @property
    def score(self) -> str:
        """"2 right of 3", or "" before the first answer."""
        return _("{right} right of {asked}").format(right=self.right, asked=self.asked) if self.asked else ""

    def names(self) -> list[tuple[str, str]]:
        """The game's drills as a menu shows them: (the name in the current language, the drill's key)."""
        return [(_(name), name) for name in self.drills]

    def ask(self, name: str | None = None, seed: int | None = None) -> SignalDrill | None:
        """A new question of the drill ``name`` (the current one if None) from ``seed`` (likewise)."""
        if name is not None and name in self.drills:
            self.name = name
        if seed is not None:
            self.seed = seed
        if self.name not in self.drills:
            return None
        self.drill = self.drills[self.name](self.seed)
        self.answered, self.missed, self.tried, self.said = False, 0, [], None
        return self.drill

    def hand(self) -> tuple[str, str, list[Card]] | None:
        """For a drill about a dealt hand: the words above it, the pack's family and the cards."""
        drill = self.drill
        if drill is None or drill.scenario is None or drill.seat is None:
            return None
        hand = run(parse(drill.scenario)).hand
        assert hand is not None  # the drill's scenario comes from a deal the engine has played
        cards = hand.rules.sorted_cards(hand.state, hand.state.cards_in_sight(drill.seat))
        return _("{seat}'s hand:").format(seat=drill.seat), hand.rules.pack.family, cards

    def tried_already(self, value: str) -> bool:
        """Whether the one choice ``value`` was the answer missed at the first try."""
        return [value] in self.tried

    def answer(self, values: list[str]) -> Said | None:
        """Judge the learner's choice: one value for a "read" drill, several for "make" (each
        value may hold several codes joined by commas).  Only the first answer is scored; the
        answer shows once it is right or after a second miss."""
        if self.drill is None:
            return None
        verdict = self.drill.check([part for value in values for part in value.split(",")])
        if not self.answered:
            self.asked += 1
            self.right += verdict.right
            self.answered = True
        if verdict.right or self.missed:
            self.said = Said("right" if verdict.right else "wrong", verdict.sentence, closed=True)
        else:
            self.missed += 1
            self.tried.append(list(values))
            self.said = Said("wrong", _(ONCE_MORE))
        return self.said
