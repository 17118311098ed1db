"""Puzzles mined from computer-against-computer play and proved by search.

A hand is dealt from a seed and the club player plays every seat (:func:`cardlab.practice.common.play`).
Each position of its play where the seat to act holds at most :data:`MOST_CARDS` cards and has a
choice is searched exhaustively with every hand open (:mod:`cardlab.search`); it becomes a puzzle
when exactly one legal action gives the seat's side its best result and every other action does
worse by at least :data:`MARGIN` of the game's units.  A hand gives at most :data:`PER_HAND`
puzzles, the first found (the most cards left), so a bank holds many different deals.

Mining for the bank proves every position fully and drops those over :data:`MOST_POSITIONS`, as
the bank was built (so it is made again from its seed).  Mining on demand (``quick``) is the same
but for two things that make it several times faster: positions of at most :data:`QUICK_CARDS`
cards, and :meth:`~cardlab.search.Solver.prove_unique`, which gives up on a position as soon as
no action can be the one best; it finds other puzzles than the bank's, as well proved.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Iterator

from ..actions import Action, Call, Play
from ..games.traits import traits
from ..i18n import _
from ..players import get_player
from ..points import fraction_text
from ..practice.common import Played, play
from ..rules import TrickGame
from ..scenario import parse, run
from ..search import Proof, Solver, TooDeep
from ..state import State
from .themes import explanation, may_have, rating, theme

MARGIN = Fraction(1)  # every other action does worse by at least one unit (point, game point, chip, hand)
MOST_CARDS = 4  # "a few cards left": the seat to act holds at most this many
MOST_POSITIONS = 3_000  # a proof searching more is dropped (under a second): the next position is smaller
PER_HAND = 2
QUICK_CARDS = 3  # on demand: the largest positions cost the most and are the most often too deep


@dataclass(frozen=True)
class Found:
    """A proved puzzle position: the hand it comes from, the step, and the proof."""

    played: Played
    step: int
    proof: Proof

    @property
    def state(self) -> State:
        return self.played.states[self.step]


def answer_text(action: Action) -> str:
    """An action as a puzzle names it: a card's code ("3D"), a call's words ("stops")."""
    if isinstance(action, Play):
        return str(action.card)
    assert isinstance(action, Call)
    return action.words


def unique_best(proof: Proof, margin: Fraction = MARGIN) -> Action | None:
    """The one best action, when every other does worse by at least ``margin``; else None."""
    ranked = proof.ranked()
    if len(ranked) < 2 or proof.values[ranked[0]] - proof.values[ranked[1]] < margin:
        return None
    return ranked[0]


def deal_seeds(seed: int) -> Iterator[tuple[int, int]]:
    """The mined deals as (number, deal seed), the same for a seed wherever the mining starts."""
    draw = random.Random(seed)
    number = 0
    while True:
        yield number, draw.randrange(2**32)
        number += 1


def positions(rules: TrickGame, played: Played, quick: bool = False, wanted: str | None = None) -> Iterator[Found]:
    """The puzzles of one played hand, most cards left first (see the module's docstring for
    ``quick``); with ``wanted``, only those of that theme."""
    solvers: dict[str, Solver] = {}
    kept = 0
    most = QUICK_CARDS if quick else MOST_CARDS
    for step, state in enumerate(played.states[:-1]):
        seat = state.to_act
        if state.phase != "play" or seat is None or len(state.hand(seat)) > most:
            continue
        if len(rules.legal(state)) < 2 or (wanted is not None and not may_have(rules, state, wanted)):
            continue
        solver = solvers.get(seat)
        if solver is None:
            solver = solvers[seat] = Solver(rules, seat, MOST_POSITIONS)
        try:
            proof = solver.prove_unique(state, MARGIN) if quick else solver.prove(state)
        except TooDeep:
            continue
        if proof is None:
            continue
        answer = unique_best(proof)
        if answer is not None and (wanted is None or theme(rules, state, proof, answer) == wanted):
            yield Found(played, step, proof)
            kept += 1
            if kept == PER_HAND:
                return


def mine(rules: TrickGame, seed: int, first: int = 0, quick: bool = False) -> Iterator[tuple[int, list[Found]]]:
    """The deals of ``seed`` from deal number ``first`` on, each with its number and its puzzles
    (mined on demand when ``quick``)."""
    club = get_player("club")
    for number, deal_seed in deal_seeds(seed):
        if number < first:
            continue
        dealer = rules.seats[number % len(rules.seats)]
        played = play(rules, rules.key, {}, dealer, deal_seed, player=club)
        yield number, list(positions(rules, played, quick))


def to_json(rules: TrickGame, found: Found) -> dict[str, Any]:
    """The puzzle as the ``puzzle`` command prints it."""
    state, proof = found.state, found.proof
    answer = unique_best(proof)
    assert answer is not None
    said = words(rules, state, proof, answer)
    scenario = found.played.scenario(found.step, title=said["title"], description=said["description"])
    return {
        "game": rules.key,
        "scenario": scenario,
        "seat": proof.seat,
        "question": said["question"],
        "answer": answer_text(answer),
        "values": {answer_text(action): value_json(value) for action, value in proof.values.items()},
        "units": traits(rules).units,
        "line": [str(action) for action in proof.lines[answer]],
        "theme": theme(rules, state, proof, answer),
        "rating": rating(rules, state, proof, answer),
        "explanation": explanation(rules, state, proof, answer),
    }


def words(rules: TrickGame, state: State, proof: Proof, answer: Action) -> dict[str, str]:
    """A puzzle's sentences in the language spoken: its scenario's title and description, its
    question and its explanation."""
    seat = proof.seat
    side = rules.side_of(state, seat)
    played_with = "".join(f" {sentence}" for sentence in rules_played(rules))
    name = rules.seat_name(seat)
    cards_only = all(isinstance(action, Play) for action in proof.values)
    if side == seat:
        question = (_("{seat} ({letter}) to play, every hand open: which card gives {seat} the best result to the "
                      "end of the hand?") if cards_only else
                    _("{seat} ({letter}) to play, every hand open: which action gives {seat} the best result to the "
                      "end of the hand?"))
    else:
        question = (_("{seat} ({letter}) to play, every hand open: which card gives {seat}'s side ({side}) the best "
                      "result to the end of the hand?") if cards_only else
                    _("{seat} ({letter}) to play, every hand open: which action gives {seat}'s side ({side}) the best "
                      "result to the end of the hand?"))
    return {"title": _("{game}: a puzzle").format(game=rules.title),
            "description": _("Every hand is open. {seat} to play.").format(seat=name) + played_with,
            "question": question.format(seat=name, letter=seat, side=rules.side_words(side)) + played_with,
            "explanation": explanation(rules, state, proof, answer)}


def said_again(puzzle: dict[str, Any]) -> dict[str, Any]:
    """A banked puzzle with its sentences said again in the language spoken (a bank keeps the
    English words of the day it was built): its position is proved again, a second at most."""
    hand = run(parse(puzzle["scenario"])).hand
    if hand is None:
        return puzzle
    proof = Solver(hand.rules, puzzle["seat"]).prove(hand.state)
    answer = next((action for action in proof.values if answer_text(action) == puzzle["answer"]), None)
    if answer is None:
        return puzzle
    said = words(hand.rules, hand.state, proof, answer)
    scenario = {**puzzle["scenario"], "title": said["title"], "description": said["description"]}
    return {**puzzle, "scenario": scenario, "question": said["question"], "explanation": said["explanation"]}


def rules_played(rules: TrickGame) -> list[str]:
    """A sentence for each option of the rules not at its default ("Played with the rule: Low lead
    after a trick worth less than a point."): a puzzle under a variant says so."""
    sentences = []
    for option in fields(rules.options):
        value = getattr(rules.options, option.name)
        if value != option.default:
            label = option.metadata["label"]
            if value is True:
                sentences.append(_("Played with the rule: {rule}.").format(rule=_(label)))
            else:
                sentences.append(_("{rule}: {value}.").format(rule=_(label), value=value))
    return sentences


def value_json(value: Fraction) -> int | str:
    """A value as JSON: a whole number as itself, a fraction written "5 2/3" as the replay does."""
    return value.numerator if value.denominator == 1 else fraction_text(value)
