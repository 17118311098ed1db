"""Tressette's club style: the trick play of the game of thirds, declarations made by hand, and
*busso* / *volo* given and answered.

What wins points in Tressette is the four aces (a point each), the twenty thirds and the last trick.
A 3 or a 2 is worth only a third, but it is the card that catches the aces and figures of the
other side. So this style plays the lead and the discard its own way:

* **Masters wait.** A master 3, 2 or ace is kept while point cards of its suit are still out.
  Led at once it takes little, because the others throw low cards under it; kept, it catches an
  ace or a figure later. Masters are cashed late in the hand, or as soon as nothing of value is
  left in their suit. A master that is none of these (the last cards of a long suit) is led at once.
* **A long suit is drawn out** with its master 3 (four cards or more), early too.
* **A cheap lead from a middling suit.** Otherwise it leads a figure or a low card from a suit of
  three or four. It does not lead an ace into a 3 or 2 still out, nor from a suit where it holds
  both the 3 and the 2. From a suit whose ace it holds without the 3, it leads the 2 (or, without
  the 2 either, a figure) to draw out the stronger cards before the ace has to fall to them.
* **What a card is worth later** (:meth:`Style.keep`) decides what it throws. A master wins a
  trick, a guarded figure may still be won, and a low card guards the ace and figures of its suit.
  Low cards with nothing to guard go first, from the shortest suit.

The weights come from duplicate duels (``bench/duel.py``) and from the expert's play-outs of
club leads. Each was kept only when it measurably helped.
"""
from __future__ import annotations

from fractions import Fraction

from ...actions import Action, Call, Play
from ...card_words import of_suit
from ...cards import Card
from .rules import STRENGTH
from ...i18n import _, ngettext
from ...rules import TrickGame
from ...state import State
from ...players.decision import Decision
from ...players.club import Style as Base
from ...players.club import Table, bare, points_words, suit_words, throw_reason, thrown
from ...players.club_calls import Plan, offered, said
from ...players.memory import Memory

THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Kn": 1, "J": 1}  # card points in thirds
FIGURES = ("K", "Kn", "J")
CONTROL = 1.5  # a sure trick later, in thirds
GUARD = 0.4  # a low card that must stay to guard a point card, per third guarded
EARLY, LATE = 3, 6  # tricks played: masters wait before LATE, strongly before EARLY
LONG = 4  # a suit this long is worth drawing out with its master 3


class Read:
    """One decision's facts in Tressette's terms: my cards and the cards out of sight, by suit
    (strongest first), and who is my partner."""

    def __init__(self, t: Table) -> None:
        self.partner = next(s for s in t.view.seats if t.partner_of(s))
        self.opponents = [s for s in t.view.seats if s not in (t.seat, self.partner)]
        self.voids = t.memory.voids
        self.out: dict[str, list[Card]] = {suit: [] for suit in "SHDC"}
        self.mine: dict[str, list[Card]] = {suit: [] for suit in "SHDC"}
        for card in t.memory.unseen:
            self.out[card.suit].append(card)
        for card in t.memory.hand:
            self.mine[card.suit].append(card)
        for cards in (*self.out.values(), *self.mine.values()):
            cards.sort(key=lambda c: -STRENGTH[c.rank])

    def stronger_out(self, card: Card) -> int:
        return sum(STRENGTH[c.rank] > STRENGTH[card.rank] for c in self.out[card.suit])

    def master(self, card: Card) -> bool:
        return self.stronger_out(card) == 0

    def points_out(self, suit: str) -> int:
        return sum(THIRDS.get(c.rank, 0) for c in self.out[suit])


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        seat = view.seat_to_act
        for action in legal:
            if isinstance(action, Call) and action.words.startswith("declares"):
                why = _("a declaration scores for my side at once")
                return said(rules, action, why, why)
        trick = view.trick
        if view.phase != "play" or trick is None:
            return None
        if trick.plays:
            return answer_busso(rules, view, memory, legal)
        if offered(legal, "signals volo") is None:
            return None
        planned = plan().action
        if not isinstance(planned, Play):
            return None
        card = planned.card
        suit = card.suit
        mine = [c for c in memory.hand if c.suit == suit]
        if len(mine) == 1:
            return said(rules, Call(seat, "signals volo"),
                        _("{card} is my last card {of_suit}, so my partner knows I am now out of the suit").format(
                            card=rules.card_name(card), of_suit=of_suit(rules.pack, suit)),
                        _("my partner learns that I have no more cards of the suit I lead"))
        three, two = Card("3", suit), Card("2", suit)
        if two in mine and card != two and three in memory.unseen:
            return said(rules, Call(seat, "signals busso"),
                        _("I hold {two}; if my partner has {three} he takes this trick with it and my 2 becomes "
                          "master").format(two=rules.card_name(two), three=rules.card_name(three)),
                        _("my partner should play his best card of the suit I lead"))
        return None

    # ----- leading ------------------------------------------------------------------------
    def lead(self, t: Table) -> Decision:
        r = Read(t)
        played = len(t.view.tricks)
        card = max(t.cards, key=lambda c: (self.lead_value(r, c, played), -STRENGTH[c.rank]))
        return Decision(Play(t.seat, card), self.lead_reason(t, r, card, played), self.lead_public(t, r, card))

    @staticmethod
    def lead_value(r: Read, card: Card, played: int) -> float:
        """How good ``card`` is to lead after ``played`` tricks, against an average cheap lead."""
        suit, rank = card.suit, card.rank
        mine = r.mine[suit]
        if r.master(card):
            if not r.points_out(suit) or rank not in ("3", "2", "A"):
                return 2.0
            if rank == "3":
                if len(mine) >= LONG and played < LATE:
                    return 0.5
                return -1.3 if played < EARLY else (-0.5 if played < LATE else 1.45)
            if rank == "2":
                return -0.4 if played < EARLY else 0.5
            return -0.3 if played < EARLY else 1.4
        ranks = {c.rank for c in mine}
        figure = rank in FIGURES
        value = {"A": -0.4, "2": -0.5}.get(rank, 0.08 if figure else 0.06)
        if rank == "2" and "A" in ranks and "3" not in ranks:
            value += 1.0
        if "3" in ranks and "2" in ranks:
            value -= 0.8
        elif "A" in ranks and figure and "3" not in ranks and "2" not in ranks:
            value += 0.3
        elif "3" in ranks and not THIRDS.get(rank):
            value += 0.15
        value += {2: -0.03, 3: 0.13, 4: 0.13}.get(len(mine), 0.0)
        power = STRENGTH[rank]
        if any(STRENGTH[c.rank] < power for c in mine) and any(
                STRENGTH[c.rank] > power and not r.master(c) for c in mine):
            value += 0.15
        if suit in r.voids.get(r.partner, ()):
            value -= 0.2
        if any(suit in r.voids.get(o, ()) for o in r.opponents):
            value += 0.1
        return value

    @staticmethod
    def lead_public(t: Table, r: Read, card: Card) -> str:
        """The lead's reason as the others may hear it: what the card led does, nothing of the rest."""
        name, suit = t.name(card), suit_words(t.rules, card.suit)
        if r.master(card):
            carry = t.rules.card_points(card)
            if carry:
                return _("I lead {card}: no card still out can beat it, and it carries {points} to my side.").format(
                    card=name, points=points_words(t.rules, carry))
            return _("I lead {card}: no card still out can beat it.").format(card=name)
        ranks = {c.rank for c in r.mine[card.suit]}
        if card.rank == "2" and "A" in ranks and "3" not in ranks or (
                card.rank in FIGURES and "A" in ranks and not ranks & {"3", "2"}):
            return _("I lead {card} to draw out the stronger cards of {suit}.").format(card=name, suit=suit)
        return _("I lead {card}, a cheap card: I keep my strong cards for later tricks.").format(card=name)

    def lead_reason(self, t: Table, r: Read, card: Card, played: int) -> str:
        rules, name = t.rules, t.name(card)
        suit = suit_words(rules, card.suit)
        count = len(r.mine[card.suit])
        words: dict[str, object] = {"card": name, "suit": suit, "count": count}
        if r.master(card):
            carry = rules.card_points(card)
            words["points"] = points_words(rules, carry)
            if not r.points_out(card.suit):
                return (_("I lead {card}: no card still out can beat it and carries {points} to my side, and no "
                          "point card of {suit} is left out for it to wait for.") if carry else
                        _("I lead {card}: no card still out can beat it, and no point card of {suit} is left out for "
                          "it to wait for.")).format(**words)
            if card.rank not in ("3", "2", "A"):
                return (_("I lead {card}: every stronger card of {suit} is gone, so it wins the trick and carries "
                          "{points} to my side.") if carry else
                        _("I lead {card}: every stronger card of {suit} is gone, so it wins the trick.")).format(**words)
            if card.rank == "3" and count >= LONG and played < LATE:
                return _("I lead {card}, the master card, from my {count} {suit}: it draws out the others' {suit}, so "
                         "that my long suit takes the later tricks.").format(**words)
            if self.lead_value(r, card, played) < 0:
                return (_("I lead {card}, the master card carrying {points} to my side: any other card I could lead "
                          "would cost my side more.") if carry else
                        _("I lead {card}, the master card: any other card I could lead would cost my side "
                          "more.")).format(**words)
            left = 10 - played
            return (ngettext("I lead {card}: it is the master card, and with {left} trick left it is time to cash it "
                             "and carries {points} to my side.", "I lead {card}: it is the master card, and with "
                             "{left} tricks left it is time to cash it and carries {points} to my side.", left)
                    if carry else
                    ngettext("I lead {card}: it is the master card, and with {left} trick left it is time to cash it.",
                             "I lead {card}: it is the master card, and with {left} tricks left it is time to cash "
                             "it.", left)).format(left=left, **words)
        kept = [c for c in t.cards if r.master(c) and c.rank in ("3", "2", "A") and r.points_out(c.suit)]
        if kept:
            held = max(kept, key=lambda c: (r.points_out(c.suit), STRENGTH[c.rank]))
            caught = points_words(rules, Fraction(r.points_out(held.suit), 3))
            return _("I lead {card} and keep {held}, the master card, to catch what is still out in {held_suit} "
                     "({points}) later.").format(card=name, held=t.name(held),
                                                 held_suit=suit_words(rules, held.suit), points=caught)
        ranks = {c.rank for c in r.mine[card.suit]}
        words.update(three=bare(rules.card_name(Card("3", card.suit))), ace=bare(rules.card_name(Card("A", card.suit))))
        if card.rank == "2" and "A" in ranks and "3" not in ranks:
            return _("I lead {card} to draw out the {three}: once it has fallen, my {ace} is the master "
                     "card.").format(**words)
        if card.rank in FIGURES and "A" in ranks and not ranks & {"3", "2"}:
            return _("I lead {card} to draw out the 3 and the 2 {of_suit} before my {ace} has to fall to "
                     "them.").format(of_suit=of_suit(rules.pack, card.suit), **words)
        if "3" in ranks and not THIRDS.get(card.rank):
            return _("I lead {card} low and keep my {three} behind it, to take the better tricks of {suit}.").format(
                **words)
        exposed = [c for c in t.cards if c.rank in ("A", "2") and not r.master(c)]
        if exposed and count == 1:
            return _("I lead {card}, my only card of {suit}: an ace or a 2 led now would fall to a stronger card "
                     "still out.").format(**words)
        if exposed:
            return _("I lead {card}, a cheap card of my {count} {suit}: an ace or a 2 led now would fall to a "
                     "stronger card still out.").format(**words)
        if count == 1:
            return _("I lead {card}, my only card of {suit}, and keep my strong cards for later tricks.").format(
                **words)
        return _("I lead {card}, a cheap card of my {count} {suit}, and keep my strong cards for later "
                 "tricks.").format(**words)

    # ----- following ----------------------------------------------------------------------
    def follow(self, t: Table) -> Decision:
        """The shared follow, except that early a master 3, 2 or ace is not spent on a trick that
        carries nothing while point cards of its suit are still out: a low card goes instead."""
        rules, view, seat = t.rules, t.view, t.seat
        trick = view.trick_on_table
        led = trick.plays[0][1].suit
        winner = rules.trick_winner(view, trick)
        worthless = not any(THIRDS.get(c.rank) for c in trick.cards())
        if (t.cards[0].suit != led or not worthless or len(view.tricks) >= LATE
                or winner is not None and t.partner_of(winner) and t.holds(trick)[0]):
            return super().follow(t)
        r = Read(t)
        if not r.points_out(led):
            return super().follow(t)
        secure = [c for c in t.cards if rules.trick_winner(view, trick.with_play(seat, c)) == seat
                  and t.holds(trick.with_play(seat, c))[0]]
        master = min(secure, key=lambda c: STRENGTH[c.rank]) if secure else None
        lows = [c for c in t.cards if c not in secure]
        if master is None or master.rank not in ("3", "2", "A") or not lows:
            return super().follow(t)
        card = self.cheapest(r, lows)
        words = {"card": t.name(card), "master": t.name(master), "suit": suit_words(rules, led),
                 "points": points_words(rules, Fraction(r.points_out(led), 3))}
        if THIRDS.get(card.rank):
            return Decision(Play(seat, card), _(
                "I play {card} and keep {master}, the master card: the others have put nothing of value on this "
                "trick, and {master} can catch what is still out in {suit} ({points}) later.").format(**words), _(
                "I play {card}: the others have put nothing of value on this trick, so I keep my strong cards for "
                "the tricks that carry more.").format(**words))
        return Decision(Play(seat, card), _("I play {card} and keep {master}, the master card: this trick carries "
                                            "nothing, and it can catch what is still out in {suit} ({points}) "
                                            "later.").format(**words),
                        _("I play {card}: this trick carries nothing, so I keep my strong cards for the tricks that "
                          "do.").format(**words))

    # ----- throwing -----------------------------------------------------------------------
    def cheapest(self, r: Read, cards: list[Card]) -> Card:
        """The card my side misses least: its points now and its worth later."""
        return min(cards, key=lambda c: (THIRDS.get(c.rank, 0) + self.keep(r, c), STRENGTH[c.rank]))

    @staticmethod
    def keep(r: Read, card: Card) -> float:
        """What keeping ``card`` is worth to my side later, in thirds."""
        suit, power = card.suit, STRENGTH[card.rank]
        mine = r.mine[suit]
        points = THIRDS.get(card.rank, 0)
        stronger = r.stronger_out(card)
        if stronger == 0:
            return CONTROL + points * 0.9
        if points:
            guards = sum(STRENGTH[c.rank] < power for c in mine)
            return points * (0.5 if guards >= stronger else 0.15)
        guarded = [c for c in mine if THIRDS.get(c.rank) and not r.master(c)]
        if not guarded:
            return 0.05 * len(mine)
        if guarded_by(r, card) is None:
            return 0.1
        return GUARD * sum(THIRDS[c.rank] for c in guarded)

    def throw(self, t: Table, winner: str | None) -> Decision:
        r = Read(t)
        card = self.cheapest(r, t.cards)
        why = self.why_not_take(t, winner)
        guard = next((c for c in t.cards if c != card and not THIRDS.get(c.rank) and not r.master(c)
                      and guarded_by(r, c) is not None), None)
        kept = ""
        if guard is not None and (THIRDS.get(card.rank) or STRENGTH[guard.rank] < STRENGTH[card.rank]):
            guarded = guarded_by(r, guard)
            if guarded is not None:
                kept = _("; {guard} stays to guard my {guarded}").format(guard=t.name(guard),
                                                                          guarded=bare(t.name(guarded)))
        return Decision(Play(t.seat, card), throw_reason(t, card, bool(THIRDS.get(card.rank)), why, kept),
                        thrown(t, card))


def guarded_by(r: Read, low: Card) -> Card | None:
    """The strongest point card of my hand that the low card ``low`` must stay to guard: a card of
    its suit that is not master, with no more low cards under it than stronger cards out."""
    guarded = [c for c in r.mine[low.suit] if THIRDS.get(c.rank) and not r.master(c)]
    if not guarded:
        return None
    top = guarded[0]
    lows = sum(STRENGTH[c.rank] < STRENGTH[top.rank] for c in r.mine[low.suit])
    return top if lows <= r.stronger_out(top) else None


def answer_busso(rules: TrickGame, view: State, memory: Memory, legal: list[Action]) -> Decision | None:
    """Partner led with *busso*: play my best card of the suit."""
    trick = view.trick_on_table
    leader = trick.leader
    if rules.side_of(view, leader) != rules.side_of(view, view.seat_to_act):
        return None
    asked = any(call.seat == leader and call.words == "signals busso" and number == len(view.tricks)
                for number, call in view.calls)
    suit = trick.plays[0][1].suit
    cards = [a.card for a in legal if isinstance(a, Play) and a.card.suit == suit]
    if not asked or not cards:
        return None
    card = max(cards, key=lambda c: rules.strength(view, c))
    return Decision.open(Play(view.seat_to_act, card), _(
        "My partner signalled busso (play your best in this suit): I play {card}, my best {suit}.").format(
        card=rules.card_name(card), suit=suit_words(rules, suit)))
