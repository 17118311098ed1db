"""The club player: plays each game as a good club player would, from the view alone.

It remembers every card played and who has shown out of a suit (:mod:`.memory`), and judges each
card by what the players still to come could hold: it leads a master card when it has one, feeds
a partner whose card holds the trick, wins a trick as cheaply as it can be won safely, spoils a
trick it cannot win in the games where a tie wins nothing, and otherwise throws its cheapest card.
Points are always the game's own (:meth:`TrickGame.card_points`, :meth:`TrickGame.trick_points`).
Each game's own judgement sits in a style of its own, :mod:`cardlab.players.clubs.<game>`: a
subclass of :class:`Style` that judges the calls the game needs (bids, declarations, singing,
surrender, signals, the vole) and overrides whatever trick play the game asks for.
:class:`Club` hands every decision to the game's style.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from fractions import Fraction

from ..actions import Action, Play
from ..card_words import suit_name
from ..cards import Card
from ..games.traits import traits
from ..i18n import _, ngettext
from ..rules import TrickGame
from ..state import State, Trick
from .decision import Decision
from .club_calls import Plan, heard
from .memory import Memory, remember
from .words import card_points, public_play


def points_words(rules: TrickGame, value: Fraction) -> str:
    """Card points as the table says them: "a third", "two thirds", "1⅓ points", "21 card points"."""
    return card_points(traits(rules).card_point, value)


def thrown(t: Table, card: Card) -> str:
    """Why a card is thrown, as the others may hear it: nothing of what the rest of the hand holds."""
    return _("I throw {card}: I do not try for this trick, and keep my other cards for later ones.").format(
        card=t.name(card))


def suit_words(rules: TrickGame, suit: str) -> str:
    """The suit's name in the current language ("cups", "coppe")."""
    return suit_name(rules.pack, suit)


@dataclass
class Table:
    """One decision's facts: the rules, the view, the memory, the seat and what it may play."""

    rules: TrickGame
    view: State
    memory: Memory
    seat: str
    cards: list[Card]
    _strongest: dict[str, dict[str, Card]] = field(default_factory=dict)
    _power: dict[Card, int] = field(default_factory=dict)
    _suit: dict[Card, str] = field(default_factory=dict)

    def power(self, card: Card) -> int:
        """The card's strength in this deal, remembered for the decision (it is asked often)."""
        found = self._power.get(card)
        if found is None:
            found = self._power[card] = self.rules.strength(self.view, card)
        return found

    def suit(self, card: Card) -> str:
        found = self._suit.get(card)
        if found is None:
            found = self._suit[card] = self.rules.suit_of(self.view, card)
        return found

    @property
    def follows_suit(self) -> bool:
        return traits(self.rules).follows_suit

    def name(self, card: Card) -> str:
        """The card's name, with its title where the game gives one (Quadrille's Spadille)."""
        return self.rules.card_label(self.view, card)

    def played_by(self, trick: Trick, seat: str) -> str:
        """The name of the card ``seat`` has played to ``trick``."""
        card = trick.card_of(seat)
        if card is None:
            raise ValueError(f"{seat} has not played to this trick.")
        return self.name(card)

    def side(self, seat: str) -> str:
        return self.rules.side_of(self.view, seat)

    def partner_of(self, seat: str) -> bool:
        """Known to play on this seat's side (an unknown Quadrille partner is not counted)."""
        return seat != self.seat and self.side(seat) == self.side(self.seat) and self.side(seat) != "partner unknown"

    @property
    def counts_points(self) -> bool:
        """Whether cards carry points here (Quadrille counts tricks, Aluette and La Vache too)."""
        return traits(self.rules).proxy_weight != 0

    def still_to_play(self, trick: Trick) -> list[str]:
        seats: list[str] = []
        seat = trick.plays[-1][0] if trick.plays else None
        for _place in range(self.rules.players_in_trick(self.view) - len(trick.plays)):
            seat = trick.leader if seat is None else self.rules.next_seat(seat)
            seats.append(seat)
        return seats

    def strongest(self, other: str) -> dict[str, Card]:
        """The strongest card ``other`` might hold in each suit ("" for all suits together)."""
        found = self._strongest.get(other)
        if found is None:
            found = {}
            for card in self.memory.out_of_sight(other):
                for key in (self.suit(card), ""):
                    best = found.get(key)
                    if best is None or self.power(card) > self.power(best):
                        found[key] = card
            self._strongest[other] = found
        return found

    def threats(self, other: str, trick: Trick) -> list[Card]:
        """The strongest cards ``other`` might play to ``trick``, as far as memory can tell: in the
        led suit while he may still hold it, else in any suit he has not shown out of."""
        strongest = self.strongest(other)
        if not self.follows_suit:
            return [strongest[""]] if "" in strongest else []
        voids = self.memory.voids.get(other, set())
        led = self.suit(trick.plays[0][1])
        if led not in voids:
            return [strongest[led]] if led in strongest else []
        return [card for suit, card in strongest.items() if suit and suit not in voids]

    def holds(self, trick: Trick) -> tuple[bool, int]:
        """Whether the side winning ``trick`` keeps it against every opponent still to play, each
        following suit while he may, and how many of their strongest cards could take it (what a
        reason counts is :meth:`beaters`)."""
        winner = self.rules.trick_winner(self.view, trick)
        if winner is None:
            return False, 0
        side = self.side(winner)
        dangers = 0
        for other in self.still_to_play(trick):
            if self.side(other) == side and self.side(other) != "partner unknown":
                continue
            for card in self.threats(other, trick):
                if self.rules.trick_winner(self.view, trick.with_play(other, card)) != winner:
                    dangers += 1
        return dangers == 0, dangers

    def may_play(self, other: str, card: Card, trick: Trick) -> bool:
        """Whether ``other`` might hold ``card`` and be allowed to play it to ``trick``, as far as
        this seat can tell: a card of the suit led while he has not shown out of it, any other card
        of a suit he has not shown out of while he may have none of the suit led (the rules then
        let him play it, or oblige him to trump)."""
        if card not in self.memory.out_of_sight(other):
            return False
        if not self.follows_suit:
            return True
        voids = self.memory.voids.get(other, set())
        suit, led = self.suit(card), self.suit(trick.plays[0][1])
        if suit in voids:
            return False
        return suit == led or led in voids or not any(self.suit(c) == led for c in self.memory.known.get(other, ()))

    def beaters(self, trick: Trick) -> set[Card]:
        """Every card out of sight that an opponent still to play might hold and play to ``trick``
        and that would take it from the side now winning it (or tie it, where a tie spoils it):
        what a reason may count as "could beat it".  Unlike :meth:`holds`, which judges the card
        to play, it also counts a trump from a hand that may have run out of the suit led."""
        winner = self.rules.trick_winner(self.view, trick)
        if winner is None:
            return set()
        side = self.side(winner)
        found: set[Card] = set()
        for other in self.still_to_play(trick):
            if self.side(other) == side and self.side(other) != "partner unknown":
                continue
            found |= {card for card in self.memory.out_of_sight(other) if self.may_play(other, card, trick)
                      and self.rules.trick_winner(self.view, trick.with_play(other, card)) != winner}
        return found

    def keep_value(self, card: Card) -> int:
        """How much a card is worth keeping: a master card of its suit wins a trick later."""
        return 1 if self.holds(Trick(self.seat, ((self.seat, card),)))[0] else 0


def sure_tricks(rules: TrickGame, view: State, memory: Memory) -> int:
    """How many of my cards no card out of sight can beat when led."""
    table = Table(rules, view, memory, view.seat_to_act, list(memory.hand))
    return sum(table.holds(Trick(view.seat_to_act, ((view.seat_to_act, c),)))[0] for c in memory.hand)


class Club:
    """The club player of every game: each decision goes to the game's :class:`Style`."""

    level = "club"

    def __init__(self) -> None:
        self.styles: dict[str, Style] = {}

    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.decide(rules, view).action

    def decide(self, rules: TrickGame, view: State) -> Decision:
        return self.style(rules).decide(rules, view)

    def style(self, rules: TrickGame) -> Style:
        """The style the game declares (:attr:`cardlab.games.GameTraits.club_style`)."""
        name = traits(rules).club_style
        found = self.styles.get(name)
        if found is None:
            found = self.styles[name] = importlib.import_module(name).Style()
        return found


class Style:
    """How a club player plays tricks in any game; a game's style overrides what it plays its own
    way, and :meth:`call` judges the game's calls."""

    def decide(self, rules: TrickGame, view: State) -> Decision:
        legal = rules.legal(view)
        if not legal:
            raise ValueError("There is nothing to decide: no seat is to act in this view.")
        forced = rules.forced_calls(view)
        if forced:
            return Decision.open(forced[0], _("{call}: the rules make this declaration at once.").format(
                call=rules.describe(forced[0])))
        cards = [action.card for action in legal if isinstance(action, Play)]
        if len(legal) == 1 and cards:
            name = rules.card_name(cards[0])
            return Decision(legal[0], _("I play {card}: it is my only legal card.").format(card=name),
                            public_play(rules, view, legal[0].seat, cards[0]))
        memory = remember(rules, view)
        called = self.call(rules, view, memory, legal, lambda: self.play(rules, view, memory, cards))
        if called is not None:
            return called
        if not cards:
            suggested = rules.suggested_call(view)
            action = suggested if suggested in legal else legal[0]
            sound = _("{call}: it is the sound call with this hand.")
            return Decision(action, sound.format(call=rules.describe(action)), sound.format(call=heard(rules, action)))
        return self.play(rules, view, memory, cards)

    def call(self, rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
        """A call the game's style makes now, or None to let trick play choose a card; ``plan`` is
        the card trick play would choose, for a signal that goes with it."""
        return None

    def play(self, rules: TrickGame, view: State, memory: Memory, cards: list[Card]) -> Decision:
        seat = view.seat_to_act
        suggested_card = rules.suggested_card(view)
        if suggested_card in cards:
            return Decision.open(Play(seat, suggested_card), _(
                "I play {card}: it goes on with what I declared, and it wins while I keep the lead.").format(
                card=rules.card_name(suggested_card)))
        table = Table(rules, view, memory, seat, cards)
        if not view.trick_on_table.plays:
            return self.lead(table)
        return self.follow(table)

    # ----- leading ------------------------------------------------------------------------
    def lead(self, t: Table) -> Decision:
        rules, seat = t.rules, t.seat
        masters = [c for c in t.cards if t.holds(Trick(seat, ((seat, c),)))[0]]
        if masters:
            card = max(masters, key=lambda c: (rules.card_points(c), -t.power(c)))
            points = rules.card_points(card)
            beaten = len(t.beaters(Trick(seat, ((seat, card),))))
            if beaten:
                return master_of_suit(t, card, points, beaten)
            if points:
                why = _("I lead {card}: it is the master card — no card still out can beat it and it carries "
                        "{points} to my side.").format(card=t.name(card), points=points_words(rules, points))
            else:
                why = _("I lead {card}: it is the master card — no card still out can beat it.").format(
                    card=t.name(card))
            return Decision.open(Play(seat, card), why)
        if t.follows_suit:
            fed = self.feed_void_partner(t)
            if fed is not None:
                return fed
            return self.lead_long_suit(t)
        card = min(t.cards, key=lambda c: (t.power(c), rules.card_points(c)))
        return Decision(Play(seat, card), _("I lead {card}, my weakest card: nothing I hold is sure to win, so I "
                                            "keep my strong cards for later tricks.").format(card=t.name(card)),
                        _("I lead {card}: I keep my strong cards for later tricks.").format(card=t.name(card)))

    def lead_placed(self, t: Table, at: float, where: str) -> Decision:
        """For the games where nobody follows suit: lead a card nobody can beat or tie, else the
        card ``at`` of the way up the hand (0 the weakest, 1 the best), keeping the best for a
        later trick; ``where`` says where that card lies ("from the middle of my hand")."""
        seat = t.seat
        masters = [c for c in t.cards if t.holds(Trick(seat, ((seat, c),)))[0]]
        if masters:
            card = min(masters, key=t.power)
            return Decision.open(Play(seat, card), _("I lead {card}: no card still out can beat or tie it, so the "
                                                     "trick is mine.").format(card=t.name(card)))
        ordered = sorted(t.cards, key=t.power)
        card, best = ordered[int(at * (len(ordered) - 1))], ordered[-1]
        name, best_name = t.name(card), t.name(best)
        if len(ordered) == 2:
            return Decision(Play(seat, card), _("I lead {card}, the weaker of my last two cards: {best} waits for the "
                                                "last trick.").format(card=name, best=best_name),
                            _("I lead {card}: my other card waits for the last trick.").format(card=name))
        public = _("I lead {card}: an opponent must spend a better card to take the trick, while my best card waits "
                   "for a later one.").format(card=name)
        if t.power(card) == t.power(best):
            return Decision(Play(seat, card), _("I lead {card}: an opponent must spend a better card to take the "
                                                "trick, while {best}, its equal, waits for a later one.").format(
                card=name, best=best_name), public)
        return Decision(Play(seat, card), _("I lead {card}, {where}: an opponent must spend a better card to take the "
                                            "trick, while {best} waits for a later one.").format(
            card=name, where=where, best=best_name), public)

    def feed_void_partner(self, t: Table) -> Decision | None:
        """In a trump game, lead a suit the partner has shown out of while he may still trump."""
        rules, view = t.rules, t.view
        trump = rules.trump(view)
        if trump is None or trump == "aces":
            return None
        for other in view.seats:
            if not t.partner_of(other):
                continue
            voids = t.memory.voids.get(other, set())
            for suit in sorted(voids - {trump}):
                mine = [c for c in t.cards if t.suit(c) == suit]
                if mine and trump not in voids:
                    card = min(mine, key=lambda c: (rules.card_points(c), t.power(c)))
                    return Decision.open(Play(t.seat, card), _(
                        "I lead {card}: my partner has shown out of {suit} and can trump it.").format(
                        card=t.name(card), suit=suit_words(rules, suit)))
        return None

    def lead_long_suit(self, t: Table) -> Decision:
        rules, view = t.rules, t.view
        trump = rules.trump(view)
        opponents_void: set[str] = set()
        for other in view.seats:
            if other != t.seat and not t.partner_of(other):
                opponents_void |= t.memory.voids.get(other, set())
        suits: dict[str, list[Card]] = {}
        for card in t.cards:
            suits.setdefault(t.suit(card), []).append(card)

        def preference(suit: str) -> tuple:
            ruffed = trump is not None and suit in opponents_void and suit != trump
            return (not ruffed, suit != trump, len(suits[suit]))

        suit = max(sorted(suits), key=preference)
        card = min(suits[suit], key=lambda c: (rules.card_points(c), t.power(c)))
        count = len(suits[suit])
        return Decision(Play(t.seat, card), ngettext(
            "I lead {card}, a low card of my longest suit ({count} {suit}): I keep my strong cards for later tricks.",
            "I lead {card}, a low card of my longest suit ({count} {suit}): I keep my strong cards for later tricks.",
            count).format(card=t.name(card), count=count, suit=suit_words(rules, suit)),
            _("I lead {card}, a low card: I keep my strong cards for later tricks.").format(card=t.name(card)))

    # ----- following ----------------------------------------------------------------------
    def follow(self, t: Table) -> Decision:
        rules, view, seat = t.rules, t.view, t.seat
        trick = view.trick_on_table
        winner = rules.trick_winner(view, trick)
        worth = rules.trick_points(trick)
        if winner is not None and t.partner_of(winner):
            if t.holds(trick)[0]:
                return self.feed(t, winner, worth)
        coming = self.partner_master_to_come(t)
        if coming is not None:
            partner, master = coming
            card = min(t.cards, key=lambda c: (t.power(c), rules.card_points(c)))
            return Decision(Play(seat, card), signalled(t, card, partner, master),
                            _("I play {card} low: I leave this trick to my partner {partner}.").format(
                                card=t.name(card), partner=partner))
        outcomes = [(c, trick.with_play(seat, c)) for c in t.cards]
        winning = [(c, after) for c, after in outcomes if rules.trick_winner(view, after) == seat]
        secure = [c for c, after in winning if t.holds(after)[0]]
        if secure:
            card = min(secure, key=lambda c: (t.power(c), -rules.card_points(c)))
            total = worth + rules.card_points(card)
            last = not t.still_to_play(trick.with_play(seat, card))
            beaten = len(t.beaters(trick.with_play(seat, card)))
            if beaten:
                return ruffable(t, card, total, beaten)
            if total and t.counts_points:
                why = (_("I take the trick with {card}: I play last and it carries {points}.") if last else
                       _("I take the trick with {card}: nobody still to play can beat it and it carries {points}."))
            else:
                why = (_("I take the trick with {card}: I play last.") if last else
                       _("I take the trick with {card}: nobody still to play can beat it."))
            return Decision.open(Play(seat, card), why.format(card=t.name(card), points=points_words(rules, total)))
        if winning and worth > 0:
            card = max((c for c, _ in winning), key=lambda c: t.power(c))
            dangers = len(t.beaters(trick.with_play(seat, card)))
            if t.counts_points:
                whole = ngettext("I try for the trick with {card}: it carries {points}, though {count} card still "
                                 "out could beat it.", "I try for the trick with {card}: it carries {points}, though "
                                 "{count} cards still out could beat it.", dangers)
                public = _("I try for the trick with {card}: it carries {points}, though a card still out could "
                           "beat it.")
            else:
                whole = ngettext("I try for the trick with {card}: every trick counts, though {count} card still out "
                                 "could beat it.", "I try for the trick with {card}: every trick counts, though "
                                 "{count} cards still out could beat it.", dangers)
                public = _("I try for the trick with {card}: every trick counts, though a card still out could beat "
                           "it.")
            words = {"card": t.name(card), "points": points_words(rules, worth), "count": dangers}
            return Decision(Play(seat, card), whole.format(**words), public.format(**words))
        if not t.follows_suit and winner is not None and not t.partner_of(winner):
            spoilers = [c for c, after in outcomes if rules.trick_winner(view, after) is None]
            if spoilers:
                card = min(spoilers, key=lambda c: t.power(c))
                return Decision.open(Play(seat, card), spoiled(t, card, t.played_by(trick, winner), winner))
        return self.throw(t, winner)

    def partner_master_to_come(self, t: Table) -> tuple[str, Card] | None:
        """A partner still to play who is known to hold a card that takes the trick against
        anything out of sight (Aluette's signals)."""
        if t.follows_suit:
            return None
        trick = t.view.trick_on_table
        for other in t.still_to_play(trick.with_play(t.seat, t.cards[0])):
            if not t.partner_of(other):
                continue
            for card in t.memory.known.get(other, ()):
                after = trick.with_play(other, card)
                beaten = any(t.power(c) >= t.power(card) for c in t.memory.unseen)
                if t.rules.trick_winner(t.view, after) == other and not beaten:
                    return other, card
        return None

    def feed(self, t: Table, winner: str, worth: Fraction) -> Decision:
        rules, view = t.rules, t.view
        trick = view.trick_on_table
        keep = {c: t.keep_value(c) for c in t.cards}
        ours = {winner, t.seat}
        card = max(t.cards, key=lambda c: (rules.trick_winner(view, trick.with_play(t.seat, c)) in ours,
                                           -keep[c], rules.card_points(c), -t.power(c)))
        held = bare(t.played_by(trick, winner))
        points = rules.card_points(card)
        words = {"card": t.name(card), "held": held, "points": points_words(rules, points)}
        if rules.trick_winner(view, trick.with_play(t.seat, card)) == t.seat:
            if points and t.counts_points:
                return Decision.open(Play(t.seat, card), _(
                    "I take the trick with {card} over my partner's {held}: it stays with our side, which gains "
                    "{points} more.").format(**words))
            return Decision.open(Play(t.seat, card), _(
                "I take the trick with {card} over my partner's {held}: it stays with our side.").format(**words))
        if points and t.counts_points:
            return Decision.open(Play(t.seat, card), _(
                "I give {card} to my partner: his {held} holds the trick, so our side gains {points} more.").format(
                **words))
        return Decision.open(Play(t.seat, card), _("I play {card} low: my partner's {held} already holds the "
                                                   "trick.").format(**words))

    @staticmethod
    def why_not_take(t: Table, winner: str | None) -> str:
        """Why a card is thrown to this trick rather than played to take it."""
        if winner is not None and t.partner_of(winner):
            return _("my partner's card may still be beaten and I risk nothing on it")
        if any(t.rules.trick_winner(t.view, t.view.trick_on_table.with_play(t.seat, c)) == t.seat for c in t.cards):
            return _("a card still out could beat any card I would take the trick with")
        return _("I cannot win this trick")

    def throw(self, t: Table, winner: str | None) -> Decision:
        rules = t.rules
        keep = {c: t.keep_value(c) for c in t.cards}
        card = min(t.cards, key=lambda c: (rules.card_points(c), keep[c], t.power(c)))
        return Decision(Play(t.seat, card), throw_reason(t, card, bool(rules.card_points(card)),
                                                         self.why_not_take(t, winner)), thrown(t, card))


def throw_reason(t: Table, card: Card, costly: bool, why: str, kept: str = "") -> str:
    """"I throw the 4 of cups, my cheapest card, because I cannot win this trick": ``costly`` when the
    card carries points, ``kept`` a clause on what stays in hand ("; the 5 of cups stays to guard …")."""
    if costly:
        text = _("I throw {card}, the cheapest card I can give up, because {why}{kept}.")
    else:
        text = _("I throw {card}, my cheapest card, because {why}{kept}.")
    return text.format(card=t.name(card), why=why, kept=kept)


def bare(name: str) -> str:
    """A card's name after a possessive ("my partner's 6 of cups"): English drops its article."""
    return name.removeprefix("the ")


def signalled(t: Table, card: Card, partner: str, master: Card) -> str:
    return _("I play {card} low: my partner {partner} signalled {master}, which no card still out can beat.").format(
        card=t.name(card), partner=partner, master=t.name(master))


def master_of_suit(t: Table, card: Card, points: Fraction, count: int) -> Decision:
    """Lead the master card of its suit while ``count`` cards out of sight could still beat it from
    an opponent who has run out of that suit (a count the others may not hear: it tells how many
    of them I hold)."""
    suit = suit_words(t.rules, t.suit(card))
    if points:
        text = ngettext("I lead {card}, the master card of {suit}, which carries {points} to my side: {count} card "
                        "still out could beat it, but only if an opponent has no {suit} left.",
                        "I lead {card}, the master card of {suit}, which carries {points} to my side: {count} cards "
                        "still out could beat it, but only if an opponent has no {suit} left.", count)
    else:
        text = ngettext("I lead {card}, the master card of {suit}: {count} card still out could beat it, but only if "
                        "an opponent has no {suit} left.",
                        "I lead {card}, the master card of {suit}: {count} cards still out could beat it, but only if "
                        "an opponent has no {suit} left.", count)
    return Decision(Play(t.seat, card), text.format(card=t.name(card), suit=suit, points=points_words(
        t.rules, points), count=count), _("I lead {card}, the master card of {suit}: it wins unless an opponent has "
                                          "no {suit} left.").format(card=t.name(card), suit=suit))


def ruffable(t: Table, card: Card, total: Fraction, count: int) -> Decision:
    """Take the trick with ``card`` when no card of the suit led can beat it, though ``count`` cards
    out of sight could from an opponent who has run out of that suit (a count the others may not
    hear)."""
    suit = suit_words(t.rules, t.suit(t.view.trick_on_table.plays[0][1]))
    if total and t.counts_points:
        text = ngettext("I take the trick with {card}, which carries {points}: {count} card still out could beat it, "
                        "but only if an opponent still to play has no {suit} left.",
                        "I take the trick with {card}, which carries {points}: {count} cards still out could beat it, "
                        "but only if an opponent still to play has no {suit} left.", count)
    else:
        text = ngettext("I take the trick with {card}: {count} card still out could beat it, but only if an opponent "
                        "still to play has no {suit} left.",
                        "I take the trick with {card}: {count} cards still out could beat it, but only if an "
                        "opponent still to play has no {suit} left.", count)
    return Decision(Play(t.seat, card), text.format(card=t.name(card), points=points_words(t.rules, total),
                                                    suit=suit, count=count),
                    _("I take the trick with {card}: it wins unless an opponent still to play has no {suit} "
                      "left.").format(card=t.name(card), suit=suit))


def spoiled(t: Table, card: Card, tied: str, winner: str) -> str:
    return _("I spoil the trick with {card}: it ties {tied}, so {winner} does not win it.").format(
        card=t.name(card), tied=tied, winner=winner)
