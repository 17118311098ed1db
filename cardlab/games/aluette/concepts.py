"""The concepts Aluette teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("the-deal", N_("The deal: nine cards each, twelve left over"), ("deal/cards",)),
    Taught("dealer-and-lead", N_("Who deals next, and who leads first"), ("deal/dealer", "deal/lead")),
    Taught("singing", N_("Singing"), ("call",), ("the call",)),
    Taught("classes", N_("The classes, not the suits"), ("legal", "stronger", "trick-winner/plain")),
    Taught("spoiled-trick", N_("A spoiled trick"), ("trick-winner/nobody", "stronger/tie"), ("spoil the trick",)),
    Taught("most-tricks", N_("Most tricks wins, player by player"), ("points",)),
    Taught("mordienne", N_("The mordienne"), themes=("the mordienne",)),
    Taught("hand-worth", N_("What a hand is worth"), ("settle",)),
    Taught("the-match", N_("Five hands make a match"), ("match/over", "match/on")),
    Taught("option-chant", N_("Option: who receives the sung cards"), ("variant/chant_recipients",)),
    Taught("option-match", N_("Option: first side to 5 points"), ("variant/match",)),
    Taught("option-signals", N_("Option: signals"), ("variant/signals",)),
    Taught("option-surrender", N_("Option: a side may surrender the hand"), ("variant/surrender",)),
    Taught("most-tricks-skill", N_("Most tricks for the right player"),
           themes=("win most tricks", "keep the master", "lead the master", "the right lead",
                   "count to the end")),
    Taught("play-mordienne", N_("Play for the mordienne, or stop it"), themes=("the mordienne",)),
    Taught("take-cheaply", N_("Take a trick with the cheapest card that beats it"), themes=TAKE_OR_DUCK),
    Taught("spoil", N_("Tie a card you cannot beat to spoil the trick"), themes=("spoil the trick",)),
)
