"""Quadrille's club style: the auction judged by the tricks the hand can take alone, trumps named
where those tricks are most, the call, the exchange and the vole.

The count of tricks (:func:`own_tricks`) weighs what wins in Quadrille: each trump, the matadors
above all, the fourth trump, kings outside with their queens, and short plain suits that let the
trumps ruff.  Its weights were fitted to club play over thousands of deals; a club player asks
leave or bids only when that count makes the six tricks safe, because a lost game costs the Ombre
the pot (a remise) or twice it (a codille) while a won one brings him only his share.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...actions import Action, Call, Play
from ...cards import Card
from .rules import (ACES, BASTO, BLACK_ACES, SPADILLE, SUIT_LETTERS, Quadrille, QuadrilleState, manille,
                                trump_order)
from ...i18n import _, ngettext, number
from ...rules import TrickGame
from ...state import State
from ...players.decision import Decision
from ...players.club import Style as Base, Table, suit_words, sure_tricks
from ...players.club_calls import Plan, offered, said
from ...players.memory import Memory

ASK = -1.0  # own tricks, against the tricks needed, to ask leave: a partner adds the rest
SOLO = 0.0  # own tricks, against the tricks needed, to play alone
MEDIATOR = 0.25  # tricks a Médiator may lack for a solo: the king he takes brings about ⅞, less the card he gives


@dataclass(frozen=True)
class Count:
    """The tricks a hand may take by itself with ``trumps`` as trumps, and what they come from."""

    trumps: str
    tricks: float
    held: int
    matadors: int
    kings: int

    def words(self, rules: TrickGame) -> str:
        kings = ngettext(", {count} king outside", ", {count} kings outside", self.kings).format(
            count=self.kings) if self.kings else ""
        return _("with {suit} as trumps I count about {tricks} tricks of my own ({trumps}, {matadors}{kings})").format(
            suit=suit_words(rules, self.trumps), tricks=halves(self.tricks),
            trumps=ngettext("{count} trump", "{count} trumps", self.held).format(count=self.held),
            matadors=ngettext("{count} matador", "{count} matadors", self.matadors).format(count=self.matadors),
            kings=kings)


def halves(value: float) -> str:
    """A count of tricks to the nearest half, written the current language's way ("5½", "5 ½")."""
    return number(Fraction(round(value * 2), 2))


def own_tricks(hand: tuple[Card, ...], trumps: str) -> Count:
    """About how many tricks ``hand`` takes alone with ``trumps``: ¾ a trump, a matador a trick
    more (Basto ¾), the fourth trump ½ and the fifth ¼ more, a king outside ⅞ (½ more with its
    queen), a guarded queen ¼, a void ½ and a singleton ¼; less 2 for the tricks the defence
    takes even against a strong hand."""
    order = trump_order(trumps)
    held = [c for c in hand if c in order]
    tricks = 0.75 * len(held) + (SPADILLE in hand) + (manille(trumps) in hand) + 0.75 * (BASTO in hand)
    tricks += 0.5 * (order[3] in hand) + 0.25 * (order[4] in hand)
    kings = 0
    for suit in SUIT_LETTERS:
        if suit == trumps:
            continue
        plain = [c for c in hand if c.suit == suit and c not in order]
        king, queen = Card("K", suit) in plain, Card("Q", suit) in plain
        kings += king
        tricks += 0.875 * king + 0.5 * (king and queen) + 0.25 * (queen and not king and len(plain) >= 2)
        tricks += 0.5 if not plain else 0.25 if len(plain) == 1 else 0
    tricks -= 2
    mats = sum(c in (SPADILLE, manille(trumps), BASTO) for c in held)
    return Count(trumps, tricks, len(held), mats, kings)


def best_count(hand: tuple[Card, ...], suits: tuple[str, ...] = SUIT_LETTERS) -> Count:
    return max((own_tricks(hand, suit) for suit in suits), key=lambda c: c.tricks)


class Style(Base):
    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        if not isinstance(rules, Quadrille) or not isinstance(view, QuadrilleState):
            raise TypeError(f"Quadrille's club style does not play {rules.title}.")
        seat = view.seat_to_act
        hand = tuple(memory.hand)
        need = rules.need
        if view.phase == "auction":
            preference = rules.options.preference
            count = best_count(hand)
            strength = count.words(rules)
            solo, ask = need + SOLO, need + ASK
            if view.solo is not None:
                if count.tricks >= solo:
                    return said(rules, Call(seat, "holds solo"), _("{count}, enough to play alone").format(
                        count=strength), _("my hand is strong enough to play alone"))
                return said(rules, Call(seat, "passes"), _("{count}, too few to play alone").format(count=strength),
                            _("my hand is too weak to play alone"))
            kings = sum(c.rank == "K" for c in hand)
            high = sum(c.rank in ("K", "Q", "J") or c in BLACK_ACES for c in hand)
            pref = own_tricks(hand, preference) if preference in ("S", "H", "D", "C") else None
            pref_name = rules.pack.suit_names.get(preference, "")
            pref_words = pref.words(rules) if pref else ""
            choices = (("bids grandissimo", all(a in hand for a in BLACK_ACES) and kings >= 3,
                        _("I hold Spadille, Basto and {count} kings, and with only the black aces for trumps my kings "
                          "are masters").format(count=kings),
                        _("with only the black aces for trumps my hand takes the tricks")),
                       ("bids devole", high == 0,
                        _("I hold no king, queen, jack or black ace: I can hope to take no trick"),
                        _("I can hope to take no trick")),
                       (f"bids solo in {pref_name}", pref is not None and pref.tricks >= solo,
                        _("{count}, enough to play alone in the preference suit").format(count=pref_words),
                        _("my hand is strong enough to play alone in the preference suit")),
                       ("bids solo", count.tricks >= solo, _("{count}, enough to play alone").format(count=strength),
                        _("my hand is strong enough to play alone")),
                       (f"asks leave in {pref_name}", pref is not None and pref.tricks >= ask,
                        _("{count}, and the preference suit pays double").format(count=pref_words),
                        _("with a partner my hand can take the tricks, and the preference suit pays double")),
                       ("bids médiator", solo - MEDIATOR <= count.tricks < solo,
                        _("{count}: with the called king taken I can play alone").format(count=strength),
                        _("with the called king taken my hand can play alone")),
                       ("asks leave", count.tricks >= ask,
                        _("{count}, and a partner's king or two makes the {need} tricks safe").format(
                            count=strength, need=need),
                        _("with a partner's king or two my hand can make the {need} tricks").format(need=need)))
            for words, good, why, public in choices:
                call = offered(legal, words)
                if call is not None and good:
                    return said(rules, call, why, public)
            return said(rules, Call(seat, "passes"), _("{count}, too few to risk the pot on").format(count=strength),
                        _("my hand is too weak to risk the pot on"))
        if view.phase == "trumps":
            names = [a.words.split()[-1] for a in legal if isinstance(a, Call) and a.words.startswith("names trumps")]
            count = best_count(hand, tuple(names))
            chosen = Call(seat, f"names trumps {count.trumps}")
            return said(rules, chosen, _("it is my strongest suit: {count}").format(count=count.words(rules)),
                        _("it is my strongest suit"))
        if view.phase == "call":
            suggested = rules.suggested_call(view)
            if suggested is None:
                return None
            card = Card.parse(suggested.words.split()[-1])
            return said(rules, suggested, call_words(rules, view, hand, card),
                        _("of the kings I may call, it is the one that helps my hand most"))
        if view.phase == "exchange":
            suggested = rules.suggested_call(view)
            if suggested is None:
                return None
            return said(rules, suggested, _("it is my weakest card"), _("I keep my better cards"))
        if view.phase == "announce":
            sure = sure_tricks(rules, view, memory)
            if sure == len(hand):
                return said(rules, Call(seat, "announces the vole"), _("every card I hold is master"),
                            _("I expect to take every trick"))
            return said(rules, Call(seat, "does not announce"), ngettext(
                "only {sure} of my {count} cards is sure to win, and an announced vole lost is the whole game lost",
                "only {sure} of my {count} cards are sure to win, and an announced vole lost is the whole game lost",
                sure).format(sure=sure, count=len(hand)), _("an announced vole lost is the whole game lost"))
        if view.phase == "play" and offered(legal, "stops") is not None:
            sure = sure_tricks(rules, view, memory)
            left = len(hand)
            if sure == left:
                return said(rules, Call(seat, "plays for the vole"), ngettext(
                    "the {count} card I hold is master, so every trick left is ours",
                    "all {count} cards I hold are masters, so every trick left is ours", left).format(count=left),
                    _("I expect to take every trick left"))
            return said(rules, Call(seat, "stops"), ngettext(
                "only {sure} of my {count} cards is sure to win, and a failed vole costs more than premiers gain",
                "only {sure} of my {count} cards are sure to win, and a failed vole costs more than premiers gain",
                sure).format(sure=sure, count=left), _("a failed vole costs more than premiers gain"))
        return None

    def lead(self, t: Table) -> Decision:
        for skill in (self.draw_trumps, self.force_the_ombre, self.trump_to_the_ombre):
            found = skill(t)
            if found is not None:
                return found
        return super().lead(t)

    def draw_trumps(self, t: Table) -> Decision | None:
        """The contracting side leads its master trump while the defence may still hold trumps,
        before cashing kings they could ruff."""
        trump = t.rules.trump(t.view)
        if trump is None or trump == ACES or t.side(t.seat) != "Ombre":
            return None
        mine = [c for c in t.cards if t.suit(c) == trump]
        out = [c for c in t.memory.unseen if t.suit(c) == trump]
        if not mine or not out:
            return None
        top = max(mine, key=t.power)
        if any(t.power(c) > t.power(top) for c in out):
            return None
        return Decision(Play(t.seat, top), ngettext(
            "I lead {card}, the master trump, to draw the last trump still out before it can ruff our winners.",
            "I lead {card}, the master trump, to draw some of the {count} trumps still out before they can ruff our "
            "winners.", len(out)).format(card=t.name(top), count=len(out)),
            _("I lead {card}, the master trump, to draw the trumps still out before they can ruff our "
              "winners.").format(card=t.name(top)))

    def force_the_ombre(self, t: Table) -> Decision | None:
        """A defender with no master card leads a plain suit the Ombre has shown out of: he must
        ruff or let the trick go, and every trump he spends is one fewer against the defence."""
        trump = t.rules.trump(t.view)
        if trump in (None, ACES) or t.side(t.seat) == "Ombre" or any(t.keep_value(c) for c in t.cards):
            return None
        ombre = quadrille_view(t).ombre_seat
        if not any(t.suit(c) == trump for c in t.memory.out_of_sight(ombre)):
            return None
        voids = t.memory.voids.get(ombre, set()) - {trump}
        cards = [c for c in t.cards if t.suit(c) in voids]
        if not cards:
            return None
        card = min(cards, key=t.power)
        return Decision.open(Play(t.seat, card), _("I lead {card}: the Ombre has shown out of {suit}, so he must "
                                                   "spend a trump on it or let the trick go.").format(
            card=t.name(card), suit=suit_words(t.rules, card.suit)))

    def trump_to_the_ombre(self, t: Table) -> Decision | None:
        """The called partner with no master card leads a low trump for the Ombre, who named
        trumps for their strength, to draw the defence's trumps."""
        trump = t.rules.trump(t.view)
        view = quadrille_view(t)
        if trump in (None, ACES) or t.seat != view.partner or t.seat == view.ombre or view.invited:
            return None
        if any(t.keep_value(c) for c in t.cards) or not any(t.suit(c) == trump for c in t.memory.unseen):
            return None
        cards = [c for c in t.cards if t.suit(c) == trump]
        if not cards:
            return None
        card = min(cards, key=t.power)
        return Decision(Play(t.seat, card), _("I lead {card}, a low trump, for my partner the Ombre: he named trumps "
                                              "for their strength, so the defence's trumps fall under his.").format(
            card=t.name(card)), _("I lead {card}, a low trump, to draw out the trumps still out.").format(
            card=t.name(card)))


def call_words(rules: Quadrille, view: QuadrilleState, hand: tuple[Card, ...], card: Card) -> str:
    """Why the Ombre calls ``card``, counting his cards of its suit as the rules do: a matador is a
    trump, whatever suit it shows (Basto is not a club when clubs are not trumps)."""
    held = {c.suit: sum(rules.suit_of(view, h) == c.suit for h in hand) for c in rules.callable(view)}
    mine, suit = held.get(card.suit, 0), suit_words(rules, card.suit)
    if not mine:
        return _("I hold no {suit}, so the partner's card can win a trick in a suit where I have nothing").format(
            suit=suit)
    if mine == max(held.values()):
        return ngettext("I hold {count} card of {suit}, the longest of the suits I may call, and the partner's card "
                        "will guard it", "I hold {count} {suit}, the longest of the suits I may call, and the "
                        "partner's card will guard them", mine).format(count=mine, suit=suit)
    return ngettext("I hold {count} card of {suit}, and the partner's card will guard it",
                    "I hold {count} {suit}, and the partner's card will guard them", mine).format(count=mine, suit=suit)


def quadrille_view(t: Table) -> QuadrilleState:
    """The table's view, which is a Quadrille hand's: no other game declares this style."""
    if not isinstance(t.view, QuadrilleState):
        raise TypeError(f"Quadrille's club style does not play {t.rules.title}.")
    return t.view
