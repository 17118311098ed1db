"""The concepts Quadrille teaches, in its lesson's order: the rules, then the skills of "Playing
well" (see :mod:`cardlab.games.concepts` for what a concept declares)."""
from __future__ import annotations

from ...i18n import N_
from ..taught import COUNT, FOLLOWING, TAKE_OR_DUCK, Taught

CONCEPTS: tuple[Taught, ...] = (
    Taught("trump-order", N_("Spadille, Manille, Basto: trumps turn everything upside down"), ("stronger",)),
    Taught("deal", N_("The deal, eldest hand and the first lead"), ("deal/dealer", "deal/lead", "deal/cards")),
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
    Taught("settling", N_("Settling up: the pot and the chips"), ("points", "settle")),
    Taught("match", N_("A game of whole rounds: the most chips win"), ("match/over", "match/on")),
    Taught("variants", N_("The variants of the document"), tuple(f"variant/{name}" for name in (
        "deal_pattern", "asker_may_hold_solo", "stakes", "codille_pays", "matadors_on_codille",
        "fourth_matador_black_king", "unit_rounding", "chips", "rounds", "scoring", "players", "doubling",
        "preference", "vole_announced", "mediator", "casco", "forced_invitation", "grandissimo", "devole"))),
    Taught("keep-the-master", N_("Keep the master"), themes=("keep the master",)),
    Taught("lead-the-master", N_("Lead the master"), themes=("lead the master",)),
    Taught("trump-the-trick", N_("Trump the trick"), themes=("trump the trick",)),
    Taught("over-trump", N_("Over-trump"), themes=("over-trump",)),
    COUNT,
)
