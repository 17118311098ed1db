"""Quatre Sept's club style: the politaine declared and played out, the redeal, the lead sought
while a politaine waits in the hand (its 11 points are lost if the lead never comes), and a 10 or
9 kept back to catch an ace still out (the aces carry most of a hand's points)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...actions import Action, Call, Play
from ...cards import Card
from .rules import POLITAINE, QuatreSept
from ...i18n import _
from ...rules import TrickGame
from ...state import State
from ...players.decision import Decision
from ...players.club import Style as Base
from ...players.club import Table, suit_words
from ...players.club_calls import Plan, offered, said
from ...players.memory import Memory

TRICKS = 8


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        for action in legal:
            if isinstance(action, Call) and action.words.startswith("declares politaine"):
                why = _("its 10, 9 and ace are the three best cards of the suit, so led one after the other they "
                        "win three tricks in a row for 11 points")
                return said(rules, action, why, why)
        redeal = offered(legal, "demands a redeal")
        if redeal is not None:
            return said(rules, redeal, _("I hold no 10, no 9 and no ace, so this hand can win almost nothing"),
                        _("this hand can win almost nothing"))
        passes = offered(legal, "passes")
        if passes is not None:
            why = _("I have nothing to declare before the first lead")
            return said(rules, passes, why, why)
        return None

    def follow(self, t: Table) -> Decision:
        return self.seek_lead(t) or self.keep_catcher(t) or super().follow(t)

    def seek_lead(self, t: Table) -> Decision | None:
        """With a politaine still to start and time for its three tricks, take this trick if any
        card can: the lead is what the politaine needs."""
        if not politaine_cards(t):
            return None
        trick = t.view.trick_on_table
        winning = [c for c in t.cards if t.rules.trick_winner(t.view, trick.with_play(t.seat, c)) == t.seat]
        if not winning:
            return None
        dangers = {c: t.holds(trick.with_play(t.seat, c))[1] for c in winning}
        card = min(winning, key=lambda c: (dangers[c], t.power(c) if dangers[c] == 0 else -t.power(c)))
        suit = suit_words(t.rules, quatre_sept(t).undeclared(t.view, t.seat)[0])
        return Decision(Play(t.seat, card), _("I take the trick with {card}: with the lead I can start my politaine "
                                              "of {suit}, worth 11 points.").format(card=t.name(card), suit=suit),
                        _("I take the trick with {card}: I want the lead.").format(card=t.name(card)))

    def keep_catcher(self, t: Table) -> Decision | None:
        """Second in hand on an opponent's lead worth nothing, when my only sure winners are a 10
        or 9 whose ace is still out: keep it to catch that ace later, and play low."""
        rules, view, seat = t.rules, t.view, t.seat
        trick = view.trick_on_table
        if len(trick.plays) != 1 or t.partner_of(trick.leader) or rules.trick_points(trick):
            return None
        secure = [c for c in t.cards if rules.trick_winner(view, trick.with_play(seat, c)) == seat
                  and t.holds(trick.with_play(seat, c))[0]]
        unseen = set(t.memory.unseen)
        if not secure or any(c.rank not in ("10", "9") or Card("A", c.suit) not in unseen for c in secure):
            return None
        thrown = super().throw(self.sparing(t), trick.leader).action
        if not isinstance(thrown, Play) or thrown.card in secure:
            return None
        card = thrown.card
        catcher = max(secure, key=t.power)
        return Decision(Play(seat, card), _("I play {card} and keep {catcher} back: the trick carries no points, and "
                                            "{catcher} can catch {ace}, still out.").format(
            card=t.name(card), catcher=t.name(catcher), ace=rules.card_name(Card("A", catcher.suit))),
            _("I play {card}: the trick carries no points, so I keep my strong cards for the tricks that "
              "do.").format(card=t.name(card)))

    def feed(self, t: Table, winner: str, worth: Fraction) -> Decision:
        return super().feed(self.sparing(t), winner, worth)

    def throw(self, t: Table, winner: str | None) -> Decision:
        return super().throw(self.sparing(t), winner)

    def sparing(self, t: Table) -> Table:
        """The table without the cards of a politaine still to start, while another card can go."""
        kept = politaine_cards(t)
        others = [c for c in t.cards if c not in kept]
        return replace(t, cards=others) if kept and others else t


def politaine_cards(t: Table) -> set[Card]:
    """The 10, 9 and ace of every politaine in hand that still has time for its three tricks."""
    if len(t.view.tricks) + 4 > TRICKS:
        return set()
    return {Card(rank, suit) for suit in quatre_sept(t).undeclared(t.view, t.seat) for rank in POLITAINE}


def quatre_sept(t: Table) -> QuatreSept:
    """The table's rules, which are Quatre Sept's: no other game declares this style."""
    if not isinstance(t.rules, QuatreSept):
        raise TypeError(f"Quatre Sept's club style does not play {t.rules.title}.")
    return t.rules
