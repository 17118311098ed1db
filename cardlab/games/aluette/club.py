"""Aluette's club style: singing judged by who would receive the cards, trick play that spends
each card where it wins cheaply, and discards, surrender and signals to the partner.

What wins in Aluette: suits do not matter and the single best card takes the trick, so a card is
worth only the tricks it can still win.  The club player therefore takes a trick with the
cheapest card that beats it (not with a sure but costly one), leaves a trick its partner holds
to him (the point goes to the side of the player with most tricks, so splitting them helps
nobody), ties an opponent's card it cannot beat to spoil his trick, and leads a good card but
not its best, so that an opponent must spend a better one to take it while its best waits.
Singing helps the two players who receive the twelve cards, one on each side: a receiver sings
unless his hand is already good, the others only with a very poor one.  Each rule was kept
because it measurably beat the beginner over thousands of duplicate deals (``bench/duel.py``).
"""
from __future__ import annotations

from ...actions import Action, Call, Play
from ...cards import Card
from .rules import CLASS_OF, GESTURES, Aluette, AluetteState
from ..traits import traits
from ...i18n import _, ngettext, pgettext
from ...rules import TrickGame
from ...state import State
from ...players.decision import Decision
from ...players.club import Style as Base, Table, bare, signalled, spoiled, thrown
from ...players.club_calls import Plan, offered, said
from ...players.memory import Memory

RECEIVER_SINGS = 3
"""A receiver of the sung cards sings with at most this many cards above the kings."""
OTHERS_SING = 1
"""A player who would receive none of them sings with at most this many."""
LEAD_AT = 0.75
"""Where in the hand, from the weakest (0) to the best (1), the card led without a master lies."""
GOOD_CLASS = 12
"""The weakest class the club player calls "a good card" when it leads one: a jack or better, any
card above the bigailles (rules.md §4.1)."""


def above_kings(hand: list[Card]) -> int:
    return sum(CLASS_OF[c] <= 9 for c in hand)


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        seat = view.seat_to_act
        strong = above_kings(memory.hand)
        count = ngettext("{count} card above the kings", "{count} cards above the kings", strong).format(count=strong)
        if view.phase == "sing":
            return self.sing(rules, view, seat, strong, count)
        if view.phase == "discard":
            card = min(memory.hand, key=lambda c: rules.strength(view, c))
            return said(rules, Call(seat, f"discards {card}"), _("it is my weakest card, and I must come down to nine"),
                        _("I must come down to nine cards"))
        if view.phase == "surrender":
            mordienne = _("a sure point for my side, where refusing would oblige us to a mordienne")
            for words, why, public in (("accepts surrender", mordienne, mordienne),
                                       ("agrees to surrender", _("my hand is weak too, with {count}").format(
                                           count=count), _("my hand is weak too")),
                                       ("offers surrender", _("my hand holds {count}, too weak to hope for most "
                                                              "tricks").format(count=count),
                                        _("my hand is too weak to hope for most tricks"))):
                call = offered(legal, words)
                if call is None:
                    continue
                if words == "accepts surrender" or strong <= (1 if words == "agrees to surrender" else 0):
                    return said(rules, call, why, public)
            for words in ("does not offer", "does not agree", "refuses surrender"):
                call = offered(legal, words)
                if call is not None:
                    return said(rules, call, _("my hand holds {count}: we play it out").format(count=count),
                                _("we play the hand out"))
            return None
        if view.phase == "play" and getattr(rules.options, "signals", "off") == "partner":
            signals = [a for a in legal if isinstance(a, Call) and a.words.startswith("signals ")]
            if signals:
                order = list(traits(rules).signal_classes)
                call = min(signals, key=lambda a: order.index(a.words[len("signals "):]))
                name = pgettext(rules.key, GESTURES[call.words[len("signals "):]][0])
                return said(rules, call, _("my partner, and only he, learns I hold {card}, so he can leave me the "
                                           "tricks it wins").format(card=name),
                            _("my partner, and only he, learns my best card, so he can leave me the tricks it wins"),
                            _("Signal to my partner"))
        return None

    def sing(self, rules: TrickGame, view: State, seat: str, strong: int, count: str) -> Decision:
        """A receiver of the sung cards keeps his best nine of fifteen, so he sings unless his hand is
        already good; the others' hands do not change, so they sing only with a very poor one."""
        if not isinstance(rules, Aluette) or not isinstance(view, AluetteState):
            raise TypeError(f"Aluette's club style does not play {rules.title}.")
        receivers = rules.recipients(view)
        if seat in receivers:
            if strong <= RECEIVER_SINGS:
                return said(rules, Call(seat, "sings"), _("I would receive six of the twelve cards and keep my best "
                                                          "nine, and my hand holds only {count}").format(count=count),
                            _("I would receive six of the twelve cards and keep my best nine"))
            why = _("singing would let an opponent pick his best nine from fifteen too")
            return said(rules, Call(seat, "does not sing"), _("my hand already holds {count}, and {why}").format(
                count=count, why=why), _("my hand is good enough, and {why}").format(why=why))
        partner = next(s for s in receivers if rules.side_of(view, s) == rules.side_of(view, seat))
        if strong <= OTHERS_SING:
            return said(rules, Call(seat, "sings"), _("with only {count} my hand will not carry our side, and my "
                                                      "partner {partner} would pick his best nine from fifteen "
                                                      "cards").format(count=count, partner=partner),
                        _("my hand will not carry our side, and my partner {partner} would pick his best nine from "
                          "fifteen cards").format(partner=partner))
        why = _("the twelve cards would go to my partner and an opponent alike")
        return said(rules, Call(seat, "does not sing"), _("my hand holds {count}, and {why}").format(
            count=count, why=why), _("my hand is good enough, and {why}").format(why=why))

    # ----- trick play ---------------------------------------------------------------------
    def lead(self, t: Table) -> Decision:
        """Lead from the upper part of the hand, saying truly what the card is: a good card (a jack
        or better) or a small one, a bigaille, when the hand holds nothing better below its best."""
        from .rules import CLASS_OF
        ordered = sorted(t.cards, key=t.power)
        card = ordered[int(LEAD_AT * (len(ordered) - 1))]
        return self.lead_placed(t, LEAD_AT, _("a good card but not my best") if CLASS_OF[card] <= GOOD_CLASS
                                else _("a small card but not my best"))

    def follow(self, t: Table) -> Decision:
        rules, view, seat = t.rules, t.view, t.seat
        trick = view.trick_on_table
        winner = rules.trick_winner(view, trick)
        low = min(t.cards, key=t.power)
        if winner is not None and t.partner_of(winner):
            words = {"card": t.name(low), "held": bare(t.played_by(trick, winner))}
            taken = rules.trick_winner(view, trick.with_play(seat, low))
            if taken == winner:
                why = _("I play {card} low: my partner's {held} holds the trick, and his tricks and mine are not "
                        "added up, so I leave it to him.")
            elif taken == seat:
                why = _("I play {card}, my weakest card: every card I hold beats my partner's {held}, so I take the "
                        "trick as cheaply as I can.")
            else:
                why = _("I play {card}, my weakest card: it ties my partner's {held}, and I hold nothing lower.")
            return Decision.open(Play(seat, low), why.format(**words))
        coming = self.partner_master_to_come(t)
        if coming is not None:
            partner, master = coming
            return Decision(Play(seat, low), signalled(t, low, partner, master),
                            _("I play {card} low: I leave this trick to my partner {partner}.").format(
                                card=t.name(low), partner=partner))
        best = max((c for _, c in trick.plays), key=t.power)
        beating = [c for c in t.cards if t.power(c) > t.power(best)]
        if beating:
            card = min(beating, key=t.power)
            after = trick.with_play(seat, card)
            if not t.still_to_play(after):
                why = _("I play last")
            else:
                dangers = len(t.beaters(after))
                why = (_("nobody still to play can beat it") if not dangers else ngettext(
                    "{count} card still out could beat or tie it, but I keep my better cards for tricks they win for "
                    "sure", "{count} cards still out could beat or tie it, but I keep my better cards for tricks they "
                    "win for sure", dangers).format(count=dangers))
            words = {"card": t.name(card), "best": t.name(best), "why": why}
            return Decision(Play(seat, card), _("I take the trick with {card}, the cheapest card that beats {best}: "
                                                "{why}.").format(**words),
                            _("I take the trick with {card}, which beats {best}.").format(**words))
        if winner is not None:
            ties = [c for c in t.cards if t.power(c) == t.power(best)]
            if ties:
                card = ties[0]
                return Decision.open(Play(seat, card), spoiled(t, card, t.name(best), winner))
        return Decision(Play(seat, low), beats_nothing(t, low, best), thrown(t, low))


def beats_nothing(t: Table, low: Card, best: Card) -> str:
    """Why the weakest card is thrown when no card in hand beats the best one on the trick."""
    return _("I throw {card}, my weakest card: nothing I hold beats {best}.").format(card=t.name(low),
                                                                                     best=t.name(best))
