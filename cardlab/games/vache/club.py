"""La Vache's club style: trick play that spends a card only on a trick it is sure to take.

What wins in La Vache: each plays for himself, the single best rank takes the trick (a tie is
carried to the next clear winner, so tying an opponent denies him nothing), and only the player
with most tricks, alone, wins the hand.  The club player takes a trick with the cheapest card that
beats it when that card more likely than not holds (none of the cards out of sight that beat or tie
it sits in a hand still to play), else throws its weakest; it leads a card
nobody can beat when it has one, else one from the middle of its hand, so that the others must
spend a good card to take the trick while its best waits.  Each rule was kept because it
measurably beat the beginner over thousands of duplicate deals (``bench/duel.py``).
"""
from __future__ import annotations

from ...actions import Play
from ...i18n import _, ngettext
from ...state import Trick
from ...players.decision import Decision
from ...players.club import Style as Base, Table, thrown
from ...players.words import percent
from ..aluette.club import beats_nothing

LEAD_AT = 0.5
"""Where in the hand, from the weakest (0) to the best (1), the card led without a master lies."""
TAKE_AT = 0.5
"""The least chance that a card holds the trick for the club player to take it with that card."""


class Style(Base):
    def lead(self, t: Table) -> Decision:
        return self.lead_placed(t, LEAD_AT, _("from the middle of my hand"))

    def follow(self, t: Table) -> Decision:
        trick = t.view.trick_on_table
        best = max((c for _, c in trick.plays), key=t.power)
        low = min(t.cards, key=t.power)
        beating = [c for c in t.cards if t.power(c) > t.power(best)]
        if not beating:
            return Decision(Play(t.seat, low), beats_nothing(t, low, best), thrown(t, low))
        card = min(beating, key=t.power)
        words: dict[str, object] = {"card": t.name(card), "low": t.name(low), "best": t.name(best)}
        if not t.still_to_play(trick.with_play(t.seat, card)):
            return Decision(Play(t.seat, card), _("I take the trick with {card}, the cheapest card that beats {best}: "
                                                  "I play last.").format(**words),
                            _("I take the trick with {card}, which beats {best}: I play last.").format(**words))
        dangers = sum(t.power(c) >= t.power(card) for c in t.memory.unseen)
        chance = holds_chance(t, trick.with_play(t.seat, card), dangers)
        words.update(count=dangers, percent=percent(chance))
        if chance >= TAKE_AT:
            why = (_("no card out of sight can beat or tie it") if not dangers else ngettext(
                "of the {count} card out of sight that could beat or tie it, likely none is held after me ({percent})",
                "of the {count} cards out of sight that could beat or tie it, likely none is held after me "
                "({percent})", dangers).format(**words))
            return Decision(Play(t.seat, card), _("I take the trick with {card}, the cheapest card that beats {best}: "
                                                  "{why}.").format(why=why, **words),
                            _("I take the trick with {card}, which beats {best}: it likely holds.").format(**words))
        if card == low:
            return Decision(Play(t.seat, low), ngettext(
                "I play {low}, my weakest card, which beats {best}: it may hold, though {count} card out of sight "
                "could beat or tie it.", "I play {low}, my weakest card, which beats {best}: it may hold, though "
                "{count} cards out of sight could beat or tie it.", dangers).format(**words),
                _("I play {low}, which beats {best}: it may hold.").format(**words))
        return Decision(Play(t.seat, low), ngettext(
            "I throw {low}, my weakest card: {card} would beat {best}, but with {count} card out of sight that could "
            "beat or tie it, it would hold only {percent} of the time.", "I throw {low}, my weakest card: {card} "
            "would beat {best}, but with {count} cards out of sight that could beat or tie it, it would hold only "
            "{percent} of the time.", dangers).format(**words), thrown(t, low))


def holds_chance(t: Table, after: Trick, dangers: int) -> float:
    """The chance that none of ``dangers`` cards out of sight sits in a hand still to play, each
    card as likely to be in any of the cards out of sight (the twelve set aside among them)."""
    held = sum(len(t.view.hand(other)) for other in t.still_to_play(after))
    return (1 - held / len(t.memory.unseen)) ** dangers
