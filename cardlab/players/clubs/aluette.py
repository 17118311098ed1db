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
from ...games.aluette import GESTURES, Aluette, AluetteState
from ...games.traits import traits
from ...rules import TrickGame
from ...state import State
from ..decision import Decision
from ..club import Style as Base, Table, thrown
from ..club_calls import Plan, offered, said
from ..memory import Memory

RECEIVER_SINGS = 3
"""A receiver of the sung cards sings with at most this many cards above the kings."""
OTHERS_SING = 1
"""A player who would receive none of them sings with at most this many."""
LEAD_AT = 0.75
"""Where in the hand, from the weakest (0) to the best (1), the card led without a master lies."""


def above_kings(hand: list[Card]) -> int:
    from ...games.aluette import CLASS_OF
    return sum(CLASS_OF[c] <= 9 for c in hand)


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        seat = view.seat_to_act
        strong = above_kings(memory.hand)
        count = f"{strong} card{'s' if strong != 1 else ''} above the kings"
        if view.phase == "sing":
            return self.sing(rules, view, seat, strong, count)
        if view.phase == "discard":
            card = min(memory.hand, key=lambda c: rules.strength(view, c))
            return said(rules, Call(seat, f"discards {card}"), "it is my weakest card, and I must come down to nine",
                        "I must come down to nine cards")
        if view.phase == "surrender":
            mordienne = "a sure point for my side, where refusing would oblige us to a mordienne"
            for words, why, public in (("accepts surrender", mordienne, mordienne),
                                       ("agrees to surrender", f"my hand is weak too, with {count}",
                                        "my hand is weak too"),
                                       ("offers surrender", f"my hand holds {count}, too weak to hope for most "
                                        "tricks", "my hand is too weak to hope for most tricks")):
                call = offered(legal, words)
                if call is None:
                    continue
                if words == "accepts surrender" or strong <= (1 if words == "agrees to surrender" else 0):
                    return said(rules, call, why, public)
            for words in ("does not offer", "does not agree", "refuses surrender"):
                call = offered(legal, words)
                if call is not None:
                    return said(rules, call, f"my hand holds {count}: we play it out", "we play the hand out")
            return None
        if view.phase == "play" and getattr(rules.options, "signals", "off") == "partner":
            signals = [a for a in legal if isinstance(a, Call) and a.words.startswith("signals ")]
            if signals:
                order = list(traits(rules).signal_classes)
                call = min(signals, key=lambda a: order.index(a.words[len("signals "):]))
                name = GESTURES[call.words[len("signals "):]][0]
                return said(rules, call, f"my partner, and only he, learns I hold {name}, so he can leave me the "
                            "tricks it wins", "my partner, and only he, learns my best card, so he can leave me "
                            "the tricks it wins", "Signal to my partner")
        return None

    def sing(self, rules: TrickGame, view: State, seat: str, strong: int, count: str) -> Decision:
        """A receiver of the sung cards keeps his best nine of fifteen, so he sings unless his hand is
        already good; the others' hands do not change, so they sing only with a very poor one."""
        if not isinstance(rules, Aluette) or not isinstance(view, AluetteState):
            raise TypeError(f"Aluette's club style does not play {rules.title}.")
        receivers = rules.recipients(view)
        if seat in receivers:
            if strong <= RECEIVER_SINGS:
                return said(rules, Call(seat, "sings"), f"I would receive six of the twelve cards and keep my best "
                            f"nine, and my hand holds only {count}",
                            "I would receive six of the twelve cards and keep my best nine")
            why = "singing would let an opponent pick his best nine from fifteen too"
            return said(rules, Call(seat, "does not sing"), f"my hand already holds {count}, and {why}",
                        f"my hand is good enough, and {why}")
        partner = next(s for s in receivers if rules.side_of(view, s) == rules.side_of(view, seat))
        if strong <= OTHERS_SING:
            return said(rules, Call(seat, "sings"), f"with only {count} my hand will not carry our side, and my "
                        f"partner {partner} would pick his best nine from fifteen cards",
                        f"my hand will not carry our side, and my partner {partner} would pick his best nine from "
                        "fifteen cards")
        why = "the twelve cards would go to my partner and an opponent alike"
        return said(rules, Call(seat, "does not sing"), f"my hand holds {count}, and {why}",
                    f"my hand is good enough, and {why}")

    # ----- trick play ---------------------------------------------------------------------
    def lead(self, t: Table) -> Decision:
        return self.lead_placed(t, LEAD_AT, "a good card but not my best")

    def follow(self, t: Table) -> Decision:
        rules, view, seat = t.rules, t.view, t.seat
        trick = view.trick_on_table
        winner = rules.trick_winner(view, trick)
        low = min(t.cards, key=t.power)
        if winner is not None and t.partner_of(winner):
            held = t.played_by(trick, winner)
            return Decision.open(Play(seat, low), f"I play {t.name(low)} low: my partner's {held.removeprefix('the ')} "
                            "holds the trick, and his tricks and mine are not added up, so I leave it to him.")
        coming = self.partner_master_to_come(t)
        if coming is not None:
            partner, master = coming
            return Decision(Play(seat, low), f"I play {t.name(low)} low: my partner {partner} signalled "
                            f"{t.name(master)}, which no card still out can beat.",
                            f"I play {t.name(low)} low: I leave this trick to my partner {partner}.")
        best = max((c for _, c in trick.plays), key=t.power)
        beating = [c for c in t.cards if t.power(c) > t.power(best)]
        if beating:
            card = min(beating, key=t.power)
            after = trick.with_play(seat, card)
            if not t.still_to_play(after):
                why = "I play last"
            else:
                safe, dangers = t.holds(after)
                why = ("nobody still to play can beat it" if safe else
                       f"{dangers} card{'s' if dangers != 1 else ''} still out could beat it, but I keep my better "
                       "cards for tricks they win for sure")
            return Decision(Play(seat, card), f"I take the trick with {t.name(card)}, the cheapest card that beats "
                            f"{t.name(best)}: {why}.", f"I take the trick with {t.name(card)}, which beats "
                            f"{t.name(best)}.")
        if winner is not None:
            ties = [c for c in t.cards if t.power(c) == t.power(best)]
            if ties:
                card = ties[0]
                return Decision.open(Play(seat, card), f"I spoil the trick with {t.name(card)}: it ties "
                                f"{t.name(best)}, so {winner} does not win it.")
        return Decision(Play(seat, low), f"I throw {t.name(low)}, my weakest card: nothing I hold beats "
                        f"{t.name(best)}.", thrown(t, low))
