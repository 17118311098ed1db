"""The concepts La Vache teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import COUNT, TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("card-order", N_("Ace high, king low: the king is the lowest card"), ("stronger",)),
    Taught("classes", N_("The classes, not the suits"), ("legal", "trick-winner/plain")),
    Taught("tied-trick", N_("A tied trick waits"), ("trick-winner/nobody",), ("spoil the trick",)),
    Taught("most-tricks", N_("Most tricks wins"), ("points",)),
    Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
    Taught("tie-the-trick", N_("Tie the trick"), themes=("spoil the trick",)),
    Taught("take-cheaply", N_("Take a trick with a cheaper card when one does"), themes=TAKE_OR_DUCK),
    Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
    COUNT,
)
