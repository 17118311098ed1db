"""The concepts La Vache teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import COUNT, TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("card-order", N_("Ace high, king low: the king is the lowest card"), ("stronger",)),
    Taught("the-draw", N_("The draw: seats and the first dealer"), ("deal/dealer",)),
    Taught("the-deal", N_("The deal and the first lead, to the right"), ("deal/cards", "deal/lead", "deal/dealer")),
    Taught("classes", N_("The classes, not the suits"), ("legal", "trick-winner/plain")),
    Taught("tied-trick", N_("A tied trick waits"), ("trick-winner/nobody",), ("spoil the trick",)),
    Taught("most-tricks", N_("Most tricks wins"), ("points",)),
    Taught("hand-worth", N_("What a hand is worth"), ("settle",)),
    Taught("the-match", N_("A session: each player deals once"), ("match/over", "match/on")),
    Taught("option-match", N_("Option: each hand a game"), ("variant/match",)),
    Taught("option-players", N_("Option: three, four or five players"), ("variant/players",)),
    Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
    Taught("tie-the-trick", N_("Tie the trick"), themes=("spoil the trick",)),
    Taught("take-cheaply", N_("Take a trick with a cheaper card when one does"), themes=TAKE_OR_DUCK),
    Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
    COUNT,
)
