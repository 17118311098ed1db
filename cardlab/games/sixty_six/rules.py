"""Quatre Mains Soixante-Six: four-handed Sixty-Six, two partnerships with a turned-up trump.

Sources: the French rendering of Bicycle's "Four Hand Sixty-Six" page (seed 002, the *document*);
R. F. Foster, *Foster's Complete Hoyle*, "Four-handed Sixty-Six" [Foster]; the older Bicycle page
for the same game [Bicycle-old]; the decisions in ``shared/rules.md`` §3 for what the document
leaves out or gets wrong.

Decisions written down here:

* **Pack and count**: 32 cards, every suit (trumps too) ranked A 10 K Q J 9 8 7.  Ace 11, ten 10,
  king 4, queen 3, jack 2, 9 8 7 nothing, last trick 10: 120 + 10 = **130** in every hand.  The
  document's "pris sur des figures" for the aces is a mistranslation of "taken in tricks".
* **Deal**: clockwise, 3 then 2 then 3 cards from the dealer's left, all 32 dealt.  The dealer's
  last (8th) card is **turned up**: its suit is trumps and it belongs to the dealer, who plays it
  like any other card; it stays face up until then and is never exchanged [Foster].  The dealer's
  left leads; the winner of a trick leads the next; the deal passes to the left.
* **Legal play** (rules.md §3.3, the document and [Foster] [Bicycle-old]): follow suit and **win
  the trick if you can**, even when your partner is winning it; once the trick has been trumped, any
  card of the suit led will do.  Void in the suit led: **trump**, and **over-trump** a trump
  already played, if you can.  If you cannot over-trump you may play any card (option
  ``must_undertrump``: you must still play a trump).  Every refusal names the duty broken.
* **Game points per hand**: a side that takes all eight tricks scores 3; otherwise 100 card points
  or more score 2 (exactly 100 included: the sources say "66 but less than 100" and "more than
  100", leaving 100 itself out), 66 or more score 1.  130 points without every trick (the
  opponents took a trick of 9s, 8s and 7s) score 2, not 3.  At **65–65** nobody scores and one
  game point is carried to the side that wins the next hand; carried points accumulate over
  successive 65–65 hands.  The carry lives in the match sheet (:meth:`SixtySix.settle`), and a
  scenario's ``match`` carries it as ``"carried"`` (``{"NS": 2, "EW": 3, "carried": 1}``).
  First side to **7** game points wins the match.
* **Option** ``ten_of_trumps_bonus`` (off, a local rule from [Bicycle-old]; Foster calls it
  foreign to the game): the side that wins the 10 of trumps in a trick scores 1 extra game point,
  and a side already on 6 that wins it wins the match at once, whatever else that hand scores.
  The engine does not know the match during a hand, so the hand is played out and the match sheet
  gives the win.

Why the document's paragraphs on the **stock**, **closing**, **exchanging the 9 of trumps** and
**announcing 66** do not apply (rules.md §3.6): they belong to the two-handed parent game, where
six cards each are dealt and the rest form a stock to draw from.  Here all 32 cards are dealt, so
there is no stock to draw from, exhaust or close, and the turned card belongs to the dealer instead
of lying under a stock to be exchanged.  Announcing 66 to stop early cannot work either, because
the four-handed award (1, 2 or 3) depends on the final count: every hand is played to the last
trick.  The older Bicycle page for this game has none of those paragraphs and says that marriages
are not used [Bicycle-old]; Foster notes that without a stock there can be no closing [Foster].
Marriages are not scored.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Sequence

from ... import i18n
from ...actions import Deal
from ...card_words import suit_name
from ...cards import FRENCH_32, Card
from ...rules import CLOCKWISE, MOST_MATCH_TOTAL, HandResult, MatchError, MatchState, Refusal, TrickGame, option
from ...state import State, Trick
from ..traits import GameTraits
from .concepts import CONCEPTS

ORDER = ("7", "8", "9", "J", "Q", "K", "10", "A")
STRENGTH = {rank: index for index, rank in enumerate(ORDER)}
VALUES = {"A": Fraction(11), "10": Fraction(10), "K": Fraction(4), "Q": Fraction(3), "J": Fraction(2)}
HAND_TOTAL = 130
ONE_POINT, TWO_POINTS = 66, 100
TARGET = 7


@dataclass(frozen=True)
class SixtySixOptions:
    must_undertrump: bool = option(
        False, i18n.mark("option", "Void and unable to over-trump: must still trump"), choices=(False, True),
        source="the document and [Foster] oblige only \"if he can\"; rules.md §3.3 offers this as an option")
    ten_of_trumps_bonus: bool = option(
        False, i18n.mark("option", "10 of trumps: 1 game point (wins at once on 6)"), choices=(False, True),
        source="local rule on the older Bicycle page [Bicycle-old]; Foster calls it foreign to the game")


@dataclass(frozen=True, kw_only=True)
class SixtySixState(State):
    """A hand of Sixty-Six: the state plus the turned card, whose suit is trumps."""

    turned: Card | None = None


@dataclass(frozen=True)
class SixtySixMatch(MatchState):
    """The score sheet, with the game points carried from 65–65 hands to the next winner."""

    carried: int = 0


def game_points(count: int) -> str:
    """``"1 game point"``, ``"2 game points"`` in the current language."""
    return i18n.ngettext("{count} game point", "{count} game points", count).format(count=i18n.number(count))


def carried_game_points(count: int) -> str:
    """``"1 carried game point"``, ``"2 carried game points"`` in the current language."""
    return i18n.ngettext("{count} carried game point", "{count} carried game points", count).format(
        count=i18n.number(count))


class SixtySix(TrickGame[SixtySixState]):
    key = "sixty_six"
    title = "Quatre Mains Soixante-Six"
    traits = GameTraits(units="game points", follows_suit=True, proxy_weight=Fraction(1, 260),
                        club_style="cardlab.games.sixty_six.club", concepts=CONCEPTS, lesson="soixante_six.ipynb",
                        where=i18n.N_("Germany and America"), card_point="card point", must_trump=True,
                        deal_features=("must win", "must trump", "must over-trump", "65-65"))
    pack = FRENCH_32
    direction = CLOCKWISE
    deal_packets = (3, 2, 3)
    last_trick_bonus = Fraction(10)
    last_trick_local_name = "dernier pli"
    state_class = SixtySixState
    target = TARGET
    Options = SixtySixOptions
    options: SixtySixOptions

    # ----- the deal and the turned card ----------------------------------------------------
    def deal_extras(self, dealer: str, hands: dict[str, list[Card]], rest: Sequence[Card]) -> tuple:
        """The dealer's last card, the last card dealt, is turned up for trumps."""
        return (("turned", (hands[dealer][-1],)),)

    def deal_problem(self, state: SixtySixState, deal: Deal) -> str | None:
        """The turned card is one of the dealer's own eight: it is checked there, not counted twice."""
        others = tuple((name, cards) for name, cards in deal.extras if name != "turned")
        problem = super().deal_problem(state, replace(deal, extras=others))
        if problem is not None:
            return problem
        turned = deal.extra("turned")
        if len(turned) != 1:
            return Refusal(self.rule("turned-trump"), i18n._(
                "Sixty-Six turns up one card, the dealer's last, for trumps: give it as \"turned\", one of "
                "{dealer}'s cards.").format(dealer=deal.dealer))
        if turned[0] not in deal.hand(deal.dealer):
            return Refusal(self.rule("turned-trump"), i18n._(
                "The turned card {card} must be one of the dealer's cards: it is the last card dealt to "
                "{dealer}.").format(card=turned[0], dealer=deal.dealer))
        return None

    def after_deal(self, state: SixtySixState) -> SixtySixState:
        return super().after_deal(state.evolve(turned=state.dealt.extra("turned")[0]))

    def trump(self, state: SixtySixState) -> str | None:
        return state.turned.suit if state.turned is not None else None

    def turned_suit(self, state: SixtySixState) -> str:
        """The trump suit once the deal has turned its card (during the play)."""
        if state.turned is None:
            raise ValueError("No card is turned before the deal.")
        return state.turned.suit

    def public_cards(self, state: SixtySixState) -> tuple[tuple[str, Card], ...]:
        """The turned card, face up until the dealer plays it."""
        turned = state.turned
        played = {card for trick in state.tricks for card in trick.cards()}
        if state.trick is not None:
            played.update(state.trick.cards())
        if turned is None or turned in played:
            return ()
        return ((i18n._("Trumps · {dealer}'s turned card").format(dealer=state.dealer), turned),)

    def status(self, state: SixtySixState) -> str:
        trump = self.trump(state)
        text = super().status(state)
        return i18n._("{status} Trumps: {suit}.").format(status=text, suit=suit_name(self.pack, trump)) \
            if trump else text

    # ----- strength and points -------------------------------------------------------------
    def strength(self, state: SixtySixState, card: Card) -> int:
        return STRENGTH[card.rank]

    def card_points(self, card: Card) -> Fraction:
        return VALUES.get(card.rank, Fraction(0))

    # ----- legal play: follow, head the trick, trump, over-trump ---------------------------
    def heading(self, state: SixtySixState, trick: Trick) -> tuple[str, Card]:
        """The seat and the card heading a trick with cards in it: no two cards of Sixty-Six tie."""
        seat = self.trick_winner(state, trick)
        card = None if seat is None else trick.card_of(seat)
        if seat is None or card is None:
            raise ValueError("An empty trick has no card heading it.")
        return seat, card

    def winning_card(self, state: SixtySixState, trick: Trick) -> Card:
        return self.heading(state, trick)[1]

    def beats(self, state: SixtySixState, card: Card, best: Card) -> bool:
        """``card`` would take the trick from ``best``: higher in the same suit, or a trump on a plain card."""
        trump = self.trump(state)
        if card.suit == best.suit:
            return self.strength(state, card) > self.strength(state, best)
        return card.suit == trump

    def legal_cards(self, state: SixtySixState, seat: str) -> list[Card]:
        hand = [card for card in state.hand(seat) if card is not None]
        trick = state.trick
        if trick is None or not trick.plays:
            return self.sorted_cards(state, hand)
        led = trick.plays[0][1].suit
        trump = self.trump(state)
        best = self.winning_card(state, trick)
        following = [card for card in hand if card.suit == led]
        if following:
            if best.suit != led:                  # a trump has taken a plain suit: just follow
                return self.sorted_cards(state, following)
            higher = [card for card in following if self.beats(state, card, best)]
            return self.sorted_cards(state, higher or following)
        trumps = [card for card in hand if card.suit == trump]
        if not trumps:
            return self.sorted_cards(state, hand)
        if best.suit != trump:
            return self.sorted_cards(state, trumps)
        over = [card for card in trumps if self.beats(state, card, best)]
        if over:
            return self.sorted_cards(state, over)
        return self.sorted_cards(state, trumps if self.options.must_undertrump else hand)

    def refusal(self, state: SixtySixState, seat: str, card: Card) -> str:
        """One sentence naming the duty the card breaks, and the cards that keep it, with that duty's rule."""
        trick = state.trick_on_table
        led = trick.plays[0][1].suit
        trump = self.turned_suit(state)
        best = self.winning_card(state, trick)
        partner = self.side_of(state, self.heading(state, trick)[0]) == self.side_of(state, seat)
        even = i18n._(", even over your partner") if partner else ""
        legal = self.legal_cards(state, seat)
        cards, best_name = self.names(legal), self.card_name(best)
        beat = i18n.ngettext("{cards} beats {best}", "{cards} beat {best}", len(legal)).format(
            cards=cards, best=best_name)
        if legal[0].suit == led and card.suit != led:
            if best.suit == led and self.beats(state, legal[0], best):
                return Refusal(self.rule("must-win"), i18n._(
                    "You must follow suit and win the trick if you can{even}: {beat}.").format(even=even, beat=beat))
            return Refusal(self.rule("follow-suit"), i18n._(
                "You must follow suit: {suit} were led and you hold {cards}.").format(
                suit=suit_name(self.pack, led), cards=cards))
        if legal[0].suit == led:
            return Refusal(self.rule("must-win"), i18n._("You must win the trick if you can{even}: {beat}.").format(
                even=even, beat=beat))
        if best.suit != trump:
            return Refusal(self.rule("must-trump"), i18n._(
                "You must trump: you have no {suit}, and {trumps} are trumps — you hold {cards}.").format(
                suit=suit_name(self.pack, led), trumps=suit_name(self.pack, trump), cards=cards))
        if self.beats(state, legal[0], best):
            return Refusal(self.rule("over-trump"), i18n._("You must over-trump{even}: {beat}.").format(
                even=even, beat=beat))
        return Refusal(self.rule("undertrump"), i18n._(
            "You must still trump (the under-trump option is on): you cannot beat {best}, but you "
            "hold {cards}.").format(best=best_name, cards=cards))

    # ----- scoring -------------------------------------------------------------------------
    def game_points(self, points: Fraction, all_tricks: bool) -> int:
        """Game points for a side's count: all eight tricks 3, 100 or more 2, 66 or more 1."""
        if all_tricks:
            return 3
        if points >= TWO_POINTS:
            return 2
        return 1 if points >= ONE_POINT else 0

    def ten_of_trumps_side(self, state: SixtySixState) -> str | None:
        ten = Card("10", self.turned_suit(state))
        return next((self.side_of(state, trick.winner) for trick in state.tricks
                     if trick.winner is not None and ten in trick.cards()), None)

    def score(self, state: SixtySixState) -> HandResult:
        running = self.running_points(state)
        points = {side: part["cards"] + part["last trick"] for side, part in running.items()}
        won = {side: sum(t.winner is not None and self.side_of(state, t.winner) == side for t in state.tricks)
               for side in self.sides}
        score = {side: self.game_points(points[side], won[side] == len(state.tricks)) for side in self.sides}
        parts = {side: dict(part) for side, part in running.items()}
        ten_side = self.ten_of_trumps_side(state) if self.options.ten_of_trumps_bonus else None
        if self.options.ten_of_trumps_bonus:
            for side in self.sides:
                parts[side]["10 of trumps (game point)"] = Fraction(int(side == ten_side))
                score[side] += int(side == ten_side)
        winner = next((side for side in self.sides if points[side] >= ONE_POINT), None)
        if winner is None:
            summary = i18n._("65–65: nobody scores; 1 game point is carried to the winner of the next hand.")
        else:
            reason = (i18n._("all eight tricks") if won[winner] == len(state.tricks) else
                      i18n._("100 or more") if points[winner] >= TWO_POINTS else i18n._("66 or more"))
            gained = self.game_points(points[winner], won[winner] == len(state.tricks))
            summary = i18n._("{side} {points} card points against {against}: {gained} ({reason}).").format(
                side=winner, points=i18n.number(points[winner]), against=i18n.number(HAND_TOTAL - points[winner]),
                gained=game_points(gained), reason=reason)
        if ten_side is not None:
            summary += " " + i18n._("{side} won the 10 of trumps: 1 game point.").format(side=ten_side)
        return HandResult(points=points, score=score, parts=parts, last_trick=self.last_trick_side(state),
                          summary=summary)

    # ----- the match: first to 7, the carried point ----------------------------------------
    def new_match(self, dealer: str = "N", totals: dict[str, int] | None = None) -> SixtySixMatch:
        totals = dict(totals) if totals else {side: 0 for side in self.sides}
        return SixtySixMatch(totals=totals, dealer=dealer)

    def match_from_json(self, dealer: str, saved: dict[str, Any] | None) -> SixtySixMatch:
        """The side totals, and ``"carried"``: game points waiting from 65–65 hands (0 if left out)."""
        if not isinstance(saved, dict):  # None starts a match; anything else is refused there
            match = super().match_from_json(dealer, saved)
            return self.new_match(match.dealer, match.totals)
        totals = {key: value for key, value in saved.items() if key != "carried"}
        carried = saved.get("carried", 0)
        if not isinstance(carried, int) or isinstance(carried, bool) or not 0 <= carried <= MOST_MATCH_TOTAL:
            raise MatchError(i18n._("\"carried\" counts the game points waiting from 65–65 hands: a whole number "
                                    "from 0 to {most}, such as {{\"NS\": 2, \"EW\": 3, \"carried\": 1}}.").format(
                                        most=i18n.number(MOST_MATCH_TOTAL)))
        match = super().match_from_json(dealer, totals)
        return SixtySixMatch(totals=match.totals, dealer=match.dealer, carried=carried)

    def match_to_json(self, match: MatchState) -> dict[str, Any]:
        return {**match.totals, "carried": match.carried if isinstance(match, SixtySixMatch) else 0}

    def settle(self, match: MatchState, result: HandResult) -> SixtySixMatch:
        """The score sheet after a hand: a 65–65 hand adds one to the carry, the next hand's
        winner takes the whole carry; first to 7 wins (the 10-of-trumps side on 6 at once)."""
        carried = match.carried if isinstance(match, SixtySixMatch) else 0
        winner = next((side for side, points in result.points.items() if points >= ONE_POINT), None)
        if winner is None:
            carried += 1
            note = i18n._("{points} carried to the winner of the next hand.").format(points=game_points(carried))
        elif carried:
            score = dict(result.score)
            score[winner] += carried
            taken = carried_game_points(carried)
            result = replace(result, score=score, summary=i18n._("{summary} {side} also takes {points}.").format(
                summary=result.summary, side=winner, points=taken))
            note = i18n._("{side} won the hand and took {points}.").format(side=winner, points=taken)

            carried = 0
        else:
            note = ""
        totals = {side: match.totals.get(side, 0) + result.score.get(side, 0) for side in match.totals}
        champion = self.instant_winner(match, result) or self.match_winner(totals, result)
        return SixtySixMatch(totals=totals, dealer=self.next_dealer(match.dealer),
                             results=match.results + (result,), over=champion is not None,
                             winner=champion, note=note, carried=carried)

    def instant_winner(self, match: MatchState, result: HandResult) -> str | None:
        """With the bonus option: a side on 6 that wins the 10 of trumps wins at once."""
        if not self.options.ten_of_trumps_bonus:
            return None
        return next((side for side, part in result.parts.items()
                     if part.get("10 of trumps (game point)") and match.totals.get(side) == TARGET - 1), None)

    def match_winner(self, totals: dict[str, int], result: HandResult) -> str | None:
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        return leaders[0] if best >= TARGET and len(leaders) == 1 else None
