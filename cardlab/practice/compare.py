"""One deal, sibling rules: the same cards played out under two rule sets by the same computer
player, as data a widget can draw side by side.

The pack is shuffled once from the seed and dealt by the first game; the second game receives
the very same hands (and its own extras: Sixty-Six turns up the dealer's last card, Aluette and
La Vache set the rest aside).  So Quatre Sept and Sixty-Six share the French 32, Aluette and La
Vache for four the Spanish 48, and any game may be compared with itself under other options.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, TypeVar

from ..actions import Deal, Play
from ..i18n import _
from ..players import get_player
from ..rules import TrickGame
from ..scenario import result_json
from ..state import State
from .common import Played, PracticeError, check_seed, play

T = TypeVar("T")

LEVELS = ("beginner", "club")
"""The computer levels a comparison may use: those that play the same cards every time (the expert
samples within a time budget, so two runs may differ)."""


@dataclass(frozen=True)
class Difference:
    """A card played differently: trick ``trick`` (1 for the first), ``seat``, the card under each
    rule set (None when that trick or seat never came), ``same`` whether both tables showed the seat
    the same hand and trick just before, and, where they did, the sentence with which each side's
    rules would refuse the other side's card (None when they would allow it): where the rules, not
    an earlier difference, made this one."""

    trick: int
    seat: str
    cards: tuple[str | None, str | None]
    refusals: tuple[str | None, str | None]
    same: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "cards": list(self.cards), "refusals": list(self.refusals),
                "same": self.same}


@dataclass(frozen=True)
class Comparison:
    """Both hands: their scenarios (each replays alone), logs, results and summaries, and every
    card played differently, in the order of play."""

    seed: int
    titles: tuple[str, str]
    scenarios: tuple[dict[str, Any], dict[str, Any]]
    logs: tuple[tuple[str, ...], tuple[str, ...]]
    results: tuple[dict[str, Any] | None, dict[str, Any] | None]
    summaries: tuple[str, str]
    differences: tuple[Difference, ...]

    @property
    def first(self) -> Difference | None:
        return self.differences[0] if self.differences else None

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "titles": list(self.titles), "scenarios": list(self.scenarios),
                "logs": [list(log) for log in self.logs], "results": list(self.results),
                "summaries": list(self.summaries), "differences": [d.to_json() for d in self.differences]}


def same_cards(rules_a: TrickGame, rules_b: TrickGame, seed: int, dealer: str) -> tuple[Deal, Deal]:
    """One shuffle, dealt by ``rules_a``; ``rules_b`` receives the same hands and its own extras."""
    if rules_a.pack != rules_b.pack:
        raise PracticeError(_("{first} and {second} are not played with one pack ({first_pack}, {second_pack}): "
                              "they cannot share a deal.").format(first=rules_a.title, second=rules_b.title,
                                                                  first_pack=rules_a.pack.title,
                                                                  second_pack=rules_b.pack.title))
    if rules_a.seats != rules_b.seats or rules_a.hand_size() != rules_b.hand_size():
        raise PracticeError(_("{first} and {second} do not deal the same hands to the same seats: they cannot "
                              "share a deal.").format(first=rules_a.title, second=rules_b.title))
    cards = list(rules_a.pack.cards)
    random.Random(seed).shuffle(cards)
    deal_a = rules_a.deal_from(dealer, cards)
    held = {seat: list(hand) for seat, hand in deal_a.hands}
    dealt = {card for hand in held.values() for card in hand}
    rest = [card for card in cards if card not in dealt]
    return deal_a, Deal(dealer, deal_a.hands, rules_b.deal_extras(dealer, held, rest))


def before_plays(hand: Played) -> dict[tuple[int, str], State]:
    """The state just before each card: (trick index, seat) → state."""
    found = {}
    for state, action in zip(hand.states, hand.actions):
        if isinstance(action, Play):
            found[(len(state.tricks), action.seat)] = state
    return found


def cards_played(hand: Played) -> dict[tuple[int, str], str]:
    return {(len(state.tricks), action.seat): str(action.card)
            for state, action in zip(hand.states, hand.actions) if isinstance(action, Play)}


def compare(deal_seed: int, rules_a: TrickGame, rules_b: TrickGame, level: str = "beginner",
            dealer: str | None = None) -> Comparison:
    """Play the deal of ``deal_seed`` under both rule sets with the computer at ``level``."""
    if level not in LEVELS:
        raise PracticeError(_("{level} is not a computer level here: choose {levels}.").format(
            level=repr(level), levels=", ".join(LEVELS)))
    check_seed(deal_seed)
    dealer = dealer or rules_a.seats[0]
    if dealer not in rules_a.seats:
        raise PracticeError(_("{seat} is not a seat: the seats are {seats}.").format(
            seat=repr(dealer), seats=", ".join(rules_a.seats)))
    deals = same_cards(rules_a, rules_b, deal_seed, dealer)
    hands = [play(rules, rules.key, options_of(rules), dealer, deal_seed, deal=deal, player=get_player(level))
             for rules, deal in zip((rules_a, rules_b), deals)]
    played = [cards_played(hand) for hand in hands]
    before = [before_plays(hand) for hand in hands]
    differences = []
    for key in sorted(set(played[0]) | set(played[1]), key=lambda k: (k[0], order(hands, k))):
        cards = (played[0].get(key), played[1].get(key))
        if cards[0] == cards[1]:
            continue
        refusals: tuple[str | None, str | None] = (None, None)
        same = same_position(before[0].get(key), before[1].get(key), key[1])
        if same:
            refusals = both([refusal(hands[side], before[side][key], key[1], cards[1 - side]) for side in (0, 1)])
        differences.append(Difference(key[0] + 1, key[1], cards, refusals, same))
    results: list[dict[str, Any] | None] = []
    summaries: list[str] = []
    for hand in hands:
        final = hand.states[-1]
        if final.over:
            result = hand.rules.settle(hand.rules.match_from_json(dealer, None), hand.rules.score(final)).results[-1]
            results.append(result_json(result))
            summaries.append(result.summary)
        else:
            results.append(None)
            summaries.append("")
    return Comparison(deal_seed, (rules_a.title, rules_b.title),
                      both([hand.scenario(len(hand.actions)) for hand in hands]),
                      both([tuple(map(str, hand.actions)) for hand in hands]),
                      both(results), both(summaries), tuple(differences))


def both(values: list[T]) -> tuple[T, T]:
    """The two rule sets' values as a pair."""
    first, second = values
    return first, second


def order(hands: list[Played], key: tuple[int, str]) -> int:
    """Where ``key``'s seat plays in its trick (under the first rule set that played it)."""
    for hand in hands:
        if key[0] < len(hand.states[-1].tricks):
            trick = hand.states[-1].tricks[key[0]]
            seats = [seat for seat, _ in trick.plays]
            if key[1] in seats:
                return seats.index(key[1])
    return len(hands[0].rules.seats)


def same_position(first: State | None, second: State | None, seat: str) -> bool:
    """Both tables show ``seat`` the same hand and the same cards on the trick."""
    return (first is not None and second is not None and first.trick_on_table.plays == second.trick_on_table.plays
            and sorted(map(str, first.hand(seat))) == sorted(map(str, second.hand(seat))))


def refusal(hand: Played, state: State | None, seat: str, card: str | None) -> str | None:
    """The sentence with which ``hand``'s rules refuse ``card`` from ``seat`` there, if they do."""
    if state is None or card is None:
        return None
    play_it = Play(seat, hand.rules.pack.parse(card))
    if play_it.card not in state.hand(seat):
        return None
    return hand.rules.why_illegal(state, play_it)


def options_of(rules: TrickGame) -> dict[str, Any]:
    """The options that differ from the game's defaults, as a scenario writes them."""
    defaults = type(rules)().options
    return {name: value for name, value in vars(rules.options).items() if getattr(defaults, name) != value}
