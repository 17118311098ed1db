"""The club player's judgement of each game's calls, and of the cards a call asks for.

One function per game that has calls: Tressette (declarations made by hand, busso and volo given
and answered), Quatre Sept (the politaine, the redeal), Aluette (singing, discards, surrender,
signals to the partner), Quadrille (the auction with the variant contracts switched on, trumps,
the call, the exchange, the vole).  Each returns a :class:`Decision`, or None to let the club's
trick play choose a card.  ``plan`` is the card the club would play now, for a signal that goes
with it.
"""
from __future__ import annotations

from typing import Callable

from ..actions import Action, Call, Play
from ..cards import Card
from ..rules import TrickGame
from ..state import State, Trick
from . import Decision
from .memory import Memory

Plan = Callable[[], Decision]


def decide_call(rules: TrickGame, view: State, memory: Memory, legal: list[Action],
                plan: Plan) -> Decision | None:
    judge = JUDGES.get(rules.key)
    return judge(rules, view, memory, legal, plan) if judge is not None else None


def offered(legal: list[Action], words: str) -> Call | None:
    return next((a for a in legal if isinstance(a, Call) and a.words == words), None)


def said(rules: TrickGame, call: Call, why: str) -> Decision:
    return Decision(call, f"{rules.describe(call)}: {why}.")


# ----- Tressette ---------------------------------------------------------------------------
def tressette(rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
    seat = view.to_act
    for action in legal:
        if isinstance(action, Call) and action.words.startswith("declares"):
            return said(rules, action, "a declaration scores for my side at once")
    trick = view.trick
    if view.phase != "play" or trick is None:
        return None
    if trick.plays:
        return answer_busso(rules, view, memory, legal)
    if offered(legal, "signals volo") is None:
        return None
    card = plan().action.card
    suit = card.suit
    mine = [c for c in memory.hand if c.suit == suit]
    suit_name = rules.pack.suit_names[suit]
    if len(mine) == 1:
        return said(rules, Call(seat, "signals volo"),
                    f"{rules.pack.name(card)} is my last {suit_name[:-1] if suit_name.endswith('s') else suit_name}, "
                    "so my partner knows I am now out of the suit")
    three, two = Card("3", suit), Card("2", suit)
    if two in mine and card != two and three in memory.unseen:
        return said(rules, Call(seat, "signals busso"),
                    f"I hold the 2 of {suit_name}; if my partner has the 3 he takes this trick with it "
                    "and my 2 becomes master")
    return None


def answer_busso(rules: TrickGame, view: State, memory: Memory, legal: list[Action]) -> Decision | None:
    """Partner led with *busso*: play my best card of the suit."""
    trick = view.trick
    leader = trick.leader
    if rules.side_of(view, leader) != rules.side_of(view, view.to_act):
        return None
    asked = any(call.seat == leader and call.words == "signals busso" and number == len(view.tricks)
                for number, call in view.calls)
    suit = trick.plays[0][1].suit
    cards = [a.card for a in legal if isinstance(a, Play) and a.card.suit == suit]
    if not asked or not cards:
        return None
    card = max(cards, key=lambda c: rules.strength(view, c))
    return Decision(Play(view.to_act, card), f"My partner signalled busso (play your best in this suit): "
                    f"I play {rules.pack.name(card)}, my best {rules.pack.suit_names[suit]}.")


# ----- Quatre Sept -------------------------------------------------------------------------
def quatre_sept(rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
    for action in legal:
        if isinstance(action, Call) and action.words.startswith("declares politaine"):
            return said(rules, action, "its 10, 9 and ace are the three best cards of the suit, so led one "
                        "after the other they win three tricks in a row for 11 points")
    redeal = offered(legal, "demands a redeal")
    if redeal is not None:
        return said(rules, redeal, "I hold no 10, no 9 and no ace, so this hand can win almost nothing")
    passes = offered(legal, "passes")
    if passes is not None:
        return said(rules, passes, "I have nothing to declare before the first lead")
    return None


# ----- Aluette -----------------------------------------------------------------------------
def aluette(rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
    from ..games.aluette import CLASS_OF, GESTURES, _SIGNAL_CLASS
    seat = view.to_act
    strong = [c for c in memory.hand if CLASS_OF[c] <= 9]
    count = f"{len(strong)} card{'s' if len(strong) != 1 else ''} above the kings"
    if view.phase == "sing":
        if len(strong) <= 2:
            return said(rules, Call(seat, "sings"), f"my hand holds only {count}, and the 12 cards left may mend it")
        return said(rules, Call(seat, "does not sing"), f"my hand holds {count}: I keep it as it is")
    if view.phase == "discard":
        card = min(memory.hand, key=lambda c: rules.strength(view, c))
        return said(rules, Call(seat, f"discards {card}"), "it is my weakest card, and I must come down to nine")
    if view.phase == "surrender":
        for words, why in (("accepts surrender", "a sure point for my side, where refusing would oblige us to a "
                            "mordienne"),
                           ("agrees to surrender", f"my hand is weak too, with {count}"),
                           ("offers surrender", f"my hand holds {count}, too weak to hope for most tricks")):
            call = offered(legal, words)
            if call is None:
                continue
            if words == "accepts surrender" or len(strong) <= (1 if words == "agrees to surrender" else 0):
                return said(rules, call, why)
        for words in ("does not offer", "does not agree", "refuses surrender"):
            call = offered(legal, words)
            if call is not None:
                return said(rules, call, f"my hand holds {count}: we play it out")
        return None
    if view.phase == "play" and getattr(rules.options, "signals", "off") == "partner":
        signals = [a for a in legal if isinstance(a, Call) and a.words.startswith("signals ")]
        if signals:
            call = min(signals, key=lambda a: _SIGNAL_CLASS[a.words[len("signals "):]])
            name = GESTURES[call.words[len("signals "):]][0]
            return said(rules, call, f"my partner, and only he, learns I hold {name}, so he can leave me the "
                        "tricks it wins")
    return None


# ----- Quadrille ---------------------------------------------------------------------------
def quadrille(rules: TrickGame, view: State, memory: Memory, legal: list[Action], plan: Plan) -> Decision | None:
    from ..games.quadrille import BLACK_ACES
    seat = view.to_act
    hand = tuple(memory.hand)
    need = rules.need
    if view.phase == "auction":
        suit, value = rules.best_suit(hand)
        suit_name = rules.pack.suit_names[suit]
        strength = f"my best suit, {suit_name}, promises about {value} tricks with my kings"
        if view.solo is None:
            kings = sum(c.rank == "K" for c in hand)
            high = sum(c.rank in ("K", "Q", "J") or c in BLACK_ACES for c in hand)
            choices = (("bids grandissimo", all(a in hand for a in BLACK_ACES) and kings >= 3,
                        f"I hold Spadille, Basto and {kings} kings, and with only the black aces for trumps "
                        "my kings are masters"),
                       ("bids devole", high == 0,
                        "I hold no king, queen, jack or black ace: I can hope to take no trick"),
                       (f"bids solo in {rules.pack.suit_names.get(rules.options.preference, '')}",
                        suit == rules.options.preference and value >= need + 3,
                        f"{strength}, and it is the preference suit"),
                       (f"asks leave in {rules.pack.suit_names.get(rules.options.preference, '')}",
                        suit == rules.options.preference and value >= need,
                        f"{strength}, and it is the preference suit"),
                       ("bids médiator", need + 2 <= value < need + 3,
                        f"{strength}: with the called king taken I can play alone"))
            for words, good, why in choices:
                call = offered(legal, words)
                if call is not None and good:
                    return said(rules, call, why)
        suggested = rules.suggested_call(view)
        if suggested is None:
            return None
        if suggested.words == "passes":
            return said(rules, suggested, f"{strength}, short of the {need} I need")
        return said(rules, suggested, strength)
    if view.phase == "trumps":
        suggested = rules.suggested_call(view)
        trumps, matadors = rules.hand_value(hand, suggested.words.split()[-1])
        return said(rules, suggested, f"it is my strongest suit, with {trumps} trumps, {matadors} of them matadors")
    if view.phase == "call":
        suggested = rules.suggested_call(view)
        card = Card.parse(suggested.words.split()[-1])
        mine = sum(c.suit == card.suit for c in hand)
        return said(rules, suggested, f"I hold {mine} {rules.pack.suit_names[card.suit]}, the longest of the "
                    "suits I may call, and the partner's card will guard them")
    if view.phase == "exchange":
        suggested = rules.suggested_call(view)
        return said(rules, suggested, "it is my weakest card")
    if view.phase == "announce":
        sure = sure_tricks(rules, view, memory)
        if sure == len(hand):
            return said(rules, Call(seat, "announces the vole"), "every card I hold is master")
        return said(rules, Call(seat, "does not announce"), f"only {sure} of my {len(hand)} cards are sure "
                    "to win, and an announced vole lost is the whole game lost")
    if view.phase == "play" and offered(legal, "stops") is not None:
        sure = sure_tricks(rules, view, memory)
        left = len(hand)
        if sure == left:
            return said(rules, Call(seat, "plays for the vole"), f"all {left} cards I hold are masters, so "
                        "every trick left is ours")
        return said(rules, Call(seat, "stops"), f"only {sure} of my {left} cards are sure to win, and a failed "
                    "vole costs more than premiers gain")
    return None


def sure_tricks(rules: TrickGame, view: State, memory: Memory) -> int:
    """How many of my cards no card out of sight can beat when led."""
    from .club import Table
    table = Table(rules, view, memory, view.to_act, list(memory.hand))
    return sum(table.holds(Trick(view.to_act, ((view.to_act, c),)))[0] for c in memory.hand)


JUDGES = {"tressette": tressette, "quatre_sept": quatre_sept, "aluette": aluette, "quadrille": quadrille}
