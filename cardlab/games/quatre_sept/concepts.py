"""The concepts Le Quatre Sept teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import COUNT, TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("card-order", N_("The 10 and the 9 jump over the ace"), ("stronger",)),
    Taught("follow-suit", N_("Follow suit"), ("legal",)),
    Taught("trick-winner", N_("The highest card of the suit led wins"), ("trick-winner",), TAKE_OR_DUCK),
    Taught("points", N_("What the cards are worth"), ("points",)),
    Taught("last-trick", N_("The last trick's point"), ("points",)),
    Taught("thirds", N_("Thirds, and the fraction dropped"), ("points",)),
    Taught("deal", N_("The deal: who deals, how many cards, who leads first"), ("deal",)),
    Taught("politaine", N_("The politaine: announce it when its first card is played"), ("call",), ("the call",)),
    Taught("match", N_("The match sheet: what a hand adds, and who wins the match"),
           ("match/over", "match/on", "settle")),
    Taught("variants", N_("The variants of the other descriptions"),
           ("variant/target", "variant/politaine_announce", "variant/redeal_no_high_cards", "variant/signals",
            "variant/low_lead_rule", "variant/low_lead_only_first_trick")),
    Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
    Taught("lead-the-master", N_("Cash the master when its time comes"), themes=("lead the master",)),
    Taught("play-for-politaine", N_("Play for the politaine"),
           themes=("the politaine", "lead the ace before the ten to keep the politaine")),
    Taught("points-on-partner", N_("Points on your partner's trick"), themes=("points on partner's trick",)),
    Taught("win-last-trick", N_("Keep the card that takes the last trick"), themes=("win the dernière levée",)),
    COUNT,
)
