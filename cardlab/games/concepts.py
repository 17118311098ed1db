"""The concepts each game teaches, declared in one place per game: the rules of its lesson and the
skills of its "Playing well", each a key, a title in the lesson's words, and what exercises it.

Why: progress (:mod:`cardlab.progress`) counts what a learner has learnt per concept, and every
tutorial step, quiz question and puzzle names the concepts it exercises.  Declaring them here, with
the quiz questions and puzzle themes that exercise each, lets a tutorial, a quiz and the puzzle
trainer name only declared concepts, and ``tests/test_concepts.py`` check that each concept is
exercised by at least one of them.

A quiz tag is a quiz kind ("legal": every question of the kind) or a kind and the situation it
asks about ("legal/void"); the situations are those the quiz makers of :mod:`cardlab.practice.quiz` find:
``trick-winner/`` nobody, trumped, plain; ``legal/`` lead, follow, void, renege, any;
``stronger/`` trump, tie, plain; ``call/`` the call's first word ("passes", "names"; "does not
announce" is "announce").
A theme is a puzzle theme of :mod:`cardlab.puzzles.themes`, spelt as that game names it.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from ..i18n import N_


@dataclass(frozen=True)
class Taught:
    """One concept as a game declares it: ``quiz`` the quiz tags and ``themes`` the puzzle themes
    that exercise it (tutorial steps name their concepts themselves)."""

    key: str
    title: str
    quiz: tuple[str, ...] = ()
    themes: tuple[str, ...] = ()


TAKE_OR_DUCK = ("take the trick", "duck")
COUNT = Taught("count", N_("Count the cards still out, to the end of the hand"),
               themes=("the right lead", "count to the end"))
FOLLOWING = ("legal/lead", "legal/follow", "legal/void")

CONCEPTS: Mapping[str, tuple[Taught, ...]] = MappingProxyType({
    "tressette": (
        Taught("card-order", N_("The 3 is the strongest card, then the 2 and the ace"), ("stronger",)),
        Taught("follow-suit", N_("Follow suit"), ("legal",)),
        Taught("trick-winner", N_("The highest card of the suit led wins"), ("trick-winner",), TAKE_OR_DUCK),
        Taught("points", N_("What the cards are worth"), ("points",)),
        Taught("last-trick", N_("The last trick's point"), ("points",)),
        Taught("thirds", N_("Thirds, and the fraction dropped"), ("points",)),
        Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
        Taught("lead-the-master", N_("Cash the master when its time comes"),
               themes=("lead the master", "draw the master out with the three")),
        Taught("points-on-partner", N_("Points on your partner's trick"), themes=("points on partner's trick",)),
        Taught("win-last-trick", N_("Keep the card that takes the last trick"), themes=("win the ultima",)),
        COUNT,
    ),
    "quatre_sept": (
        Taught("card-order", N_("The 10 and the 9 jump over the ace"), ("stronger",)),
        Taught("follow-suit", N_("Follow suit"), ("legal",)),
        Taught("trick-winner", N_("The highest card of the suit led wins"), ("trick-winner",), TAKE_OR_DUCK),
        Taught("points", N_("What the cards are worth"), ("points",)),
        Taught("last-trick", N_("The last trick's point"), ("points",)),
        Taught("thirds", N_("Thirds, and the fraction dropped"), ("points",)),
        Taught("politaine", N_("The politaine: announce it when its first card is played"), ("call",), ("the call",)),
        Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
        Taught("lead-the-master", N_("Cash the master when its time comes"), themes=("lead the master",)),
        Taught("play-for-politaine", N_("Play for the politaine"),
               themes=("the politaine", "lead the ace before the ten to keep the politaine")),
        Taught("points-on-partner", N_("Points on your partner's trick"), themes=("points on partner's trick",)),
        Taught("win-last-trick", N_("Keep the card that takes the last trick"), themes=("win the dernière levée",)),
        COUNT,
    ),
    "sixty_six": (
        Taught("card-order", N_("The 10 sits just below the ace"), ("stronger",)),
        Taught("must-win", N_("Follow suit and win if you can"), ("legal/lead", "legal/follow")),
        Taught("must-trump", N_("Trump when you cannot follow"), ("legal/void",)),
        Taught("trick-winner", N_("The highest trump wins, else the highest card of the suit led"),
               ("trick-winner",), TAKE_OR_DUCK),
        Taught("points", N_("What the cards count"), ("points",)),
        Taught("last-trick", N_("The last trick's ten"), ("points",)),
        Taught("sixty-six", N_("66 out of 130"), ("points",)),
        Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
        Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
        Taught("trump-in-time", N_("Trump at the right moment"), themes=("trump the trick", "over-trump")),
        Taught("points-on-partner", N_("Points on your partner's trick"), themes=("points on partner's trick",)),
        Taught("win-last-trick", N_("Keep the card that takes the last trick"), themes=("win the dernier pli",)),
        COUNT,
    ),
    "aluette": (
        Taught("singing", N_("Singing"), ("call",), ("the call",)),
        Taught("classes", N_("The classes, not the suits"), ("legal", "stronger", "trick-winner/plain")),
        Taught("spoiled-trick", N_("A spoiled trick"), ("trick-winner/nobody", "stronger/tie"), ("spoil the trick",)),
        Taught("most-tricks", N_("Most tricks wins, player by player"), ("points",)),
        Taught("mordienne", N_("The mordienne"), themes=("the mordienne",)),
        Taught("most-tricks-skill", N_("Most tricks for the right player"),
               themes=("win most tricks", "keep the master", "lead the master", "the right lead",
                       "count to the end")),
        Taught("play-mordienne", N_("Play for the mordienne, or stop it"), themes=("the mordienne",)),
        Taught("take-cheaply", N_("Take a trick with the cheapest card that beats it"), themes=TAKE_OR_DUCK),
        Taught("spoil", N_("Tie a card you cannot beat to spoil the trick"), themes=("spoil the trick",)),
    ),
    "vache": (
        Taught("card-order", N_("Ace high, king low: the king is the lowest card"), ("stronger",)),
        Taught("classes", N_("The classes, not the suits"), ("legal", "trick-winner/plain")),
        Taught("tied-trick", N_("A tied trick waits"), ("trick-winner/nobody",), ("spoil the trick",)),
        Taught("most-tricks", N_("Most tricks wins"), ("points",)),
        Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
        Taught("tie-the-trick", N_("Tie the trick"), themes=("spoil the trick",)),
        Taught("take-cheaply", N_("Take a trick with a cheaper card when one does"), themes=TAKE_OR_DUCK),
        Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
        COUNT,
    ),
    "quadrille": (
        Taught("trump-order", N_("Spadille, Manille, Basto: trumps turn everything upside down"), ("stronger",)),
        Taught("auction", N_("The auction"), ("call/passes", "call/asks", "call/bids", "call/holds")),
        Taught("trumps", N_("Naming trumps"), ("call/names", "call/lets")),
        Taught("king-call", N_("Calling a king"), ("call/calls", "call/takes", "call/gives")),
        Taught("follow-suit", N_("Follow suit if you can; you never have to trump"), FOLLOWING),
        Taught("matador-renege", N_("A matador may renege"), ("legal/renege",), ("the matador that may renege",)),
        Taught("trick-winner", N_("The highest trump wins, else the highest card of the suit led"),
               ("trick-winner",), TAKE_OR_DUCK),
        Taught("six-tricks", N_("Six tricks to win"), ("points",)),
        Taught("premiers", N_("Premiers: stop, or play on for the vole"),
               ("call/stops", "call/plays", "call/announces", "call/announce"), ("the call",)),
        Taught("settling", N_("Settling up: the pot and the chips"), ("points",)),
        Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
        Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
        Taught("trump-the-trick", N_("Trump the trick"), themes=("trump the trick",)),
        Taught("over-trump", N_("Over-trump"), themes=("over-trump",)),
        COUNT,
    ),
})
"""Every game's concepts, in its lesson's order: the rules, then the skills of "Playing well"."""


def declared(game: str) -> tuple[Taught, ...]:
    """The game's concepts; () for a game that declares none."""
    return CONCEPTS.get(game, ())


def quiz_concepts(game: str, kind: str, situation: str) -> tuple[str, ...]:
    """The concepts a quiz question of ``kind`` about ``situation`` exercises."""
    tags = {kind, f"{kind}/{situation}"}
    return tuple(taught.key for taught in declared(game) if tags & set(taught.quiz))


def theme_concepts(game: str, theme: str) -> tuple[str, ...]:
    """The concepts a puzzle of ``theme`` exercises."""
    return tuple(taught.key for taught in declared(game) if theme in taught.themes)
