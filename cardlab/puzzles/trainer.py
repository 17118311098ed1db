"""The puzzle trainer: the learner's rating, the next puzzle near it, and the answer to each card tried.

A learner solves the proved puzzles of a game's bank (:mod:`cardlab.puzzles.bank`), optionally of one
theme.  Each card tried gets a :class:`Reply`:

* the right card: the line that wins (the proved best play after it, to the end of the hand);
* a wrong card: the line that punishes it (the other seats' best replies after that card to the end,
  a principal variation found again by :class:`cardlab.search.Solver`, with the value it gets), and
  the position back for a second try; a second wrong card is punished the same way, then the answer
  is shown with its winning line;
* a card that cannot be played there: one sentence, and nothing changes (it is no try).

The rating is Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", Boston University,
2012; the method of "Dynamic paired comparison models with stochastic variances", Journal of Applied
Statistics 28, 2001), as lichess rates its puzzle solvers: each puzzle is one game of a rating period
against an opponent of the puzzle's rating, won when the first card tried is the right one.  Only
the first try counts, so a second try teaches without changing the rating.  The next puzzle is one
not yet seen among the :data:`~cardlab.puzzles.bank.CLOSEST` rated nearest to the learner.

Puzzles whose legal actions include calls (a declaration in Quatre Sept, say) are left out: the
trainer is solved by playing a card on the board.  Every sentence the trainer says is written in
the section "What the trainer says" below, and nowhere else.

``concepts`` keeps to the puzzles whose theme exercises one of those concepts of the game (a review
of the concepts due, :func:`cardlab.progress.review_items`); each puzzle names its concepts for the
learner's progress.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal, Sequence

from ..actions import Action, Play
from ..cards import Card, CardError
from ..games import GAMES, get_rules, traits
from ..i18n import N_, _
from ..points import fraction_text
from ..record import Hand
from ..rules import TrickGame
from ..scenario import ScenarioError, parse, run, shown
from ..search import Solver
from ..state import State
from .bank import CLOSEST, bank_puzzles, puzzle_concepts
from .mine import said_again
from .themes import explanation, theme_title

SCALE = 173.7178  # Glicko-2's step between the Glicko scale and its own (Glickman 2012, step 2)
TAU = 0.5  # the system constant: how fast the volatility may change (Glickman suggests 0.3 to 1.2)
CONVERGED = 0.000001  # the volatility iteration's tolerance (Glickman 2012, step 5)
PUZZLE_DEVIATION = 80.0  # a bank puzzle's rating is set from its difficulty, known to about this much


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: the rating, its deviation (the uncertainty) and the
    volatility.  A new learner starts where Glickman's paper starts an unrated player."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def after(self, games: Sequence[tuple[float, float, float]]) -> Rating:
        """The rating after one rating period of ``games``, each (opponent's rating, opponent's
        deviation, score: 1 won, 0 lost); Glickman 2012, steps 2 to 8."""
        mu, phi = (self.rating - 1500) / SCALE, self.deviation / SCALE
        if not games:
            return replace(self, deviation=SCALE * math.sqrt(phi ** 2 + self.volatility ** 2))
        faced = [(_g(deviation / SCALE), (rating - 1500) / SCALE, score) for rating, deviation, score in games]
        expected = [1 / (1 + math.exp(-g * (mu - mu_j))) for g, mu_j, _ in faced]
        v = 1 / sum(g ** 2 * e * (1 - e) for (g, _, _), e in zip(faced, expected))
        gain = sum(g * (score - e) for (g, _, score), e in zip(faced, expected))
        sigma = _volatility(phi, v, v * gain, self.volatility)
        phi_star = math.sqrt(phi ** 2 + sigma ** 2)
        new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
        return Rating(SCALE * (mu + new_phi ** 2 * gain) + 1500, SCALE * new_phi, sigma)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi ** 2 / math.pi ** 2)


def _volatility(phi: float, v: float, delta: float, sigma: float) -> float:
    """The new volatility by the Illinois algorithm (Glickman 2012, step 5)."""
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / TAU ** 2

    low = a
    if delta ** 2 > phi ** 2 + v:
        high = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGED:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


@dataclass(frozen=True)
class Puzzle:
    """One bank puzzle, read: the position (``hand``: the deal and the play so far), the seat to
    play, the one right card, the proved line after it, and the bank's words."""

    number: int  # its place in the game's bank
    hand: Hand
    seat: str
    question: str
    answer: Card
    line: tuple[str, ...]
    theme: str
    rating: int
    explanation: str
    concepts: tuple[str, ...]  # the game's concepts its theme exercises

    @property
    def position(self) -> State:
        return self.hand.state


@dataclass(frozen=True)
class Reply:
    """The trainer's answer to a card tried.

    The lines to show are played from the puzzle's position to the end of the hand: ``punishment``
    (a wrong card and the other seats' best answer to it) and ``winning`` (the right card and the
    best play after it: shown when the right card is found and after a second wrong card).
    ``value`` is the proved value of the card tried, in the game's units, for the puzzle's seat."""

    verdict: Literal["right", "wrong", "refused"]
    sentence: str
    card: str
    value: Fraction | None = None
    again: bool = False  # a second try is offered
    done: bool = False  # the puzzle is over: the winning line has been shown
    punishment: tuple[Action, ...] = ()  # a wrong card and the other side's best answer to it
    winning: tuple[Action, ...] = ()  # the right card and the best play after it


class TrainerError(ValueError):
    """A trainer asked for something it cannot do (an unknown game or theme); one sentence."""


# ----- What the trainer says -------------------------------------------------------------------

PUNISHMENT = N_("the other side's answer")  # the step line over a wrong card's punishment on the board
WINNING = N_("the winning line")  # over the right card's line
BACK = N_("back to the puzzle")  # over the position shown again before the winning line


def _prompt(seat_name: str, tries: int, done: bool) -> str:
    if done:
        return _("Done: press “Next puzzle” for another near your rating.")
    if tries:
        return _("Second try: {seat} to play.").format(seat=seat_name)
    return _("{seat} to play: find the one best card.").format(seat=seat_name)


def _unknown_game(game: object) -> str:
    return _("{game} is not a game here: the games are {games}.").format(game=shown(game), games=", ".join(GAMES))


def _unknown_theme(theme: object, themes: Sequence[str]) -> str:
    return _("{theme} is not a theme of these puzzles: the themes are {themes}.").format(
        theme=shown(theme), themes=", ".join(themes))


def _no_puzzles(title: str, concepts: bool) -> str:
    if concepts:
        return _("No puzzle of {game} exercises these concepts yet: try the quiz instead.").format(game=title)
    return _("There are no puzzles for {game} yet.").format(game=title)


def _not_a_card(code: str, rules: TrickGame, seat: str) -> str:
    return _("{code} is not a card: choose one of {seat}'s cards.").format(code=shown(code),
                                                                          seat=rules.seat_name(seat))


def _puzzle_over() -> str:
    return _("This puzzle is over: press “Next puzzle” for another.")


def _value(value: Fraction, units: str) -> str:
    return _("{value} ({units})").format(value=fraction_text(value), units=_(units))


def _right(first: bool, explanation: str) -> str:
    right = _("Right!") if first else _("Right, on the second try.")
    return _("{right} {explanation} Watch the winning line.").format(right=right, explanation=explanation)


def _wrong(name: str, value: Fraction, best: Fraction, units: str) -> str:
    return _("Not the best: {card} gets {value} against best play, {less} less than the right card. Watch how the "
             "other side punishes it; then the position comes back for a second try.").format(
        card=name, value=_value(value, units), less=fraction_text(best - value))


def _wrong_again(name: str, value: Fraction, answer: str, best: Fraction, units: str) -> str:
    return _("Not this one either: {card} gets {value}. Watch it punished, then the answer: {answer}, which gets "
             "{best}.").format(card=name, value=_value(value, units), answer=answer, best=_value(best, units))


def rating_sentence(before: Rating | None, after: Rating) -> str:
    """The learner's rating, with the change the last puzzle made (none before the first)."""
    now = round(after.rating)
    if before is None:
        return _("Your puzzle rating: {rating} (new: it settles as you solve).").format(rating=now)
    change = now - round(before.rating)
    return _("Your puzzle rating: {rating} ({change}).").format(rating=now, change=f"{change:+d}")


def puzzle_heading(puzzle: Puzzle, title: str) -> str:
    """The line over a puzzle: its game, theme and rating."""
    return _("{game} — {theme} — puzzle rated {rating}").format(game=title, theme=theme_title(puzzle.theme),
                                                                rating=puzzle.rating)


# ----- The trainer ------------------------------------------------------------------------------

def card_puzzle(data: dict[str, Any]) -> bool:
    """Whether every legal action of a bank puzzle is a card (no call to choose)."""
    try:
        for code in data["values"]:
            Card.parse(code)
    except CardError:
        return False
    return True


def read_puzzle(number: int, data: dict[str, Any]) -> Puzzle:
    """A bank puzzle read into the position it asks about, its words in the language spoken."""
    data = said_again(data)
    outcome = run(parse(data["scenario"]))
    if outcome.hand is None or outcome.error:
        raise ScenarioError(outcome.error or "The puzzle's position cannot be replayed.")
    return Puzzle(number, outcome.hand, data["seat"], data["question"], Card.parse(data["answer"]),
                  tuple(data["line"]), data["theme"], int(data["rating"]), data["explanation"],
                  puzzle_concepts(data))


class PuzzleTrainer:
    """``PuzzleTrainer("tressette")``, ``PuzzleTrainer("tressette", theme="keep the master")``: the
    learner's rating and the puzzle in hand; :meth:`try_card` answers each card tried and
    :meth:`next_puzzle` brings the next one near the rating.  ``puzzles`` replaces the game's bank
    (a list of bank puzzles); ``seed`` makes the choice among equally near puzzles repeatable;
    ``PuzzleTrainer("tressette", concepts=["keep-the-master"])`` keeps to puzzles exercising them."""

    def __init__(self, game: str, theme: str | None = None, *, rating: Rating | None = None, seed: int = 0,
                 puzzles: Sequence[dict[str, Any]] | None = None, concepts: Sequence[str] = ()) -> None:
        if game not in GAMES:
            raise TrainerError(_unknown_game(game))
        self.game = game
        self.rules = get_rules(game)
        self.units = traits(self.rules).units
        every = list(bank_puzzles(game) if puzzles is None else puzzles)
        asked = set(concepts)
        self.bank = [(number, data) for number, data in enumerate(every)
                     if card_puzzle(data) and (not asked or asked & set(puzzle_concepts(data)))]
        if not self.bank:
            raise TrainerError(_no_puzzles(self.rules.title, bool(asked)))
        self.themes = sorted({data["theme"] for _, data in self.bank})
        self.rating = rating or Rating()
        self.previous: Rating | None = None  # the rating before the last puzzle counted
        self.draw = random.Random(seed)
        self.seen: set[int] = set()
        self.theme: str | None = None
        self.set_theme(theme)

    # ----- choosing ---------------------------------------------------------------------------
    def set_theme(self, theme: str | None) -> Puzzle:
        """Keep to ``theme`` (None: every theme) and bring its first puzzle; an unknown theme
        raises :class:`TrainerError` and changes nothing."""
        if theme is not None and theme not in self.themes:
            raise TrainerError(_unknown_theme(theme, self.themes))
        self.theme = theme
        return self.next_puzzle()

    def next_puzzle(self) -> Puzzle:
        """A puzzle of the theme not yet seen (all again once every one has been), chosen among the
        ones rated nearest to the learner."""
        kept = [(number, data) for number, data in self.bank if self.theme is None or data["theme"] == self.theme]
        fresh = [entry for entry in kept if entry[0] not in self.seen]
        if not fresh:
            self.seen -= {number for number, _ in kept}
            fresh = kept
        near = sorted(fresh, key=lambda entry: (abs(entry[1]["rating"] - self.rating.rating), entry[0]))[:CLOSEST]
        number, data = near[self.draw.randrange(len(near))]
        self.seen.add(number)
        self.puzzle = read_puzzle(number, data)
        self.rules = self.puzzle.hand.rules  # with the options the puzzle was mined under (the low-lead rule, say)
        self.solver = Solver(self.rules, self.puzzle.seat)
        self.tries = 0
        self.done = False
        return self.puzzle

    # ----- answering --------------------------------------------------------------------------
    def best_value(self) -> Fraction:
        after = self.rules.apply(self.puzzle.position, Play(self.puzzle.seat, self.puzzle.answer), check=False)
        return self.solver.value(after)

    def refusal(self, code: str) -> str | None:
        """Why ``code`` cannot be tried now, or None."""
        if self.done:
            return _puzzle_over()
        try:
            card = Card.parse(code)
        except CardError:
            return _not_a_card(code, self.rules, self.puzzle.seat)
        return self.rules.why_illegal(self.puzzle.position, Play(self.puzzle.seat, card))

    def try_card(self, code: str) -> Reply:
        """The answer to playing ``code`` (a card's code, "AS") for the puzzle's seat."""
        code = code.strip() if isinstance(code, str) else code
        problem = self.refusal(code)
        if problem is not None:
            return Reply("refused", problem, str(code))
        puzzle, rules = self.puzzle, self.rules
        card = Card.parse(code)
        played = Play(puzzle.seat, card)
        first = self.tries == 0
        self.tries += 1
        if first:
            self._count(card == puzzle.answer)
        winning = self.winning_line()
        best = self.best_value()
        if card == puzzle.answer:
            self.done = True
            said = explanation(rules, puzzle.position, self.solver.prove(puzzle.position), played)
            return Reply("right", _right(first, said), str(card), best, done=True, winning=winning)
        after = rules.apply(puzzle.position, played)
        value = self.solver.value(after)
        punishment = (played,) + self.solver.line(after)
        name = rules.card_label(puzzle.position, card)
        if first:
            return Reply("wrong", _wrong(name, value, best, self.units), str(card), value, again=True,
                         punishment=punishment)
        self.done = True
        answer = rules.card_label(puzzle.position, puzzle.answer)
        return Reply("wrong", _wrong_again(name, value, answer, best, self.units), str(card), value, done=True,
                     punishment=punishment, winning=winning)

    def winning_line(self) -> tuple[Action, ...]:
        """The right card and the bank's proved line after it, as actions."""
        hand = self.puzzle.hand.then(Play(self.puzzle.seat, self.puzzle.answer))
        for text in self.puzzle.line:
            hand = hand.then(text)
        return hand.log[len(self.puzzle.hand.log):]

    def hands(self, line: Sequence[Action]) -> list[Hand]:
        """The hand after each action of ``line``, played from the puzzle's position."""
        hand, after = self.puzzle.hand, []
        for action in line:
            hand = hand.then(action, check=False)
            after.append(hand)
        return after

    def _count(self, solved: bool) -> None:
        self.previous = self.rating
        self.rating = self.rating.after([(float(self.puzzle.rating), PUZZLE_DEVIATION, 1.0 if solved else 0.0)])

    def rating_text(self) -> str:
        return rating_sentence(self.previous, self.rating)

    def prompt(self) -> str:
        """What the learner is to do now."""
        return _prompt(self.rules.seat_name(self.puzzle.seat), self.tries, self.done)

    def heading(self) -> str:
        return puzzle_heading(self.puzzle, self.rules.title)
