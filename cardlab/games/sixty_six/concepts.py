"""The concepts Quatre Mains Soixante-Six teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import COUNT, TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("card-order", N_("The 10 sits just below the ace"), ("stronger",)),
    Taught("deal", N_("The deal, the turned trump and the first lead"), ("deal/dealer", "deal/lead", "deal/cards")),
    Taught("must-win", N_("Follow suit and win if you can"), ("legal/lead", "legal/follow")),
    Taught("must-trump", N_("Trump when you cannot follow"), ("legal/void",)),
    Taught("trick-winner", N_("The highest trump wins, else the highest card of the suit led"),
           ("trick-winner",), TAKE_OR_DUCK),
    Taught("points", N_("What the cards count"), ("points",)),
    Taught("last-trick", N_("The last trick's ten"), ("points",)),
    Taught("sixty-six", N_("66 out of 130"), ("points",)),
    Taught("settle", N_("Game points for a hand: 1, 2 or 3"), ("settle",)),
    Taught("match", N_("Seven game points win the match"), ("match/over", "match/on")),
    Taught("variants", N_("The table's two variants"), ("variant/must_undertrump", "variant/ten_of_trumps_bonus")),
    Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
    Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
    Taught("trump-in-time", N_("Trump at the right moment"), themes=("trump the trick", "over-trump")),
    Taught("points-on-partner", N_("Points on your partner's trick"), themes=("points on partner's trick",)),
    Taught("win-last-trick", N_("Keep the card that takes the last trick"), themes=("win the dernier pli",)),
    COUNT,
)
