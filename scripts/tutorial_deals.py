"""Find the deals of the guided first hands and write ``cardlab/games/<game>/tutorial.json``.

Why: a guided hand must bring each rule of its lesson up once, in the lesson's order, with the
computer's cards scripted.  Writing such a deal by hand is slow; this script deals seed after seed,
lets the club player play every seat (South too: its choices become the learner's steps and its
reasons the steps' "why"), and keeps the first deal where each concept of the game first comes up
at a step of South's in the lesson's order.  The words are then written from the position and
checked by :func:`cardlab.tutorial.parse`.  Run: ``python scripts/tutorial_deals.py [game ...]``.

Quadrille's learner must take the game himself and keep a matador back: the deal is turned round
the table so that its Ombre sits South, and the Ombre keeps his matador back the first time he may
(the club player seldom does), the club player playing on from there.  ``FOUND`` records each
game's seed, so the shipped files are written again exactly (``tests/test_tutorials.py`` checks it).
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable

from cardlab.actions import Call, Deal, Play
from cardlab.cards import Card
from cardlab.games import get_rules
from cardlab.players import get_player
from cardlab.playout import steps
from cardlab.points import fraction_text
from cardlab.record import Hand
from cardlab.rules import TrickGame
from cardlab.state import State, Trick
from cardlab.tutorial import FORMAT, TUTORIALS, parse

SEAT = "S"
GAMES_DIR = Path(__file__).resolve().parent.parent / "cardlab" / "games"


def trick_of(hand: Hand, k: int) -> Trick | None:
    """The completed trick holding the action at log index ``k`` (None while it is open)."""
    number = len(hand.states[k].tricks)
    tricks = hand.state.tricks
    return tricks[number] if number < len(tricks) else None


def led_suit(rules: TrickGame, state: State) -> str | None:
    trick = state.trick
    if trick is None or not trick.plays:
        return None
    return rules.suit_of(state, trick.plays[0][1])


def legal_cards(rules: TrickGame, state: State) -> list:
    return [a.card for a in rules.legal(state) if isinstance(a, Play)]


def holding(rules: TrickGame, state: State, suit: str | None) -> list:
    return [c for c in state.hand(SEAT) if c is not None and rules.suit_of(state, c) == suit]


Detect = Callable[[TrickGame, Hand, int], list[str]]


def tressette_like(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    state, action = hand.states[k], hand.log[k]
    found = []
    led = led_suit(rules, state)
    if led is not None and holding(rules, state, led) and len(holding(rules, state, led)) < len(state.hand(SEAT)):
        found.append("follow-suit")
    trick = trick_of(hand, k)
    if trick is not None and isinstance(action, Play):
        if trick.winner == SEAT and len(trick.plays) == len(rules.seats) and trick.plays[0][0] != SEAT:
            found.append("trick-winner")
        if rules.side_of(state, trick.winner or "") == rules.side_of(state, SEAT) and \
                any(rules.card_points(c) >= 1 for _, c in trick.plays):
            found.append("points")
        if len(state.tricks) == rules.hand_size() - 1 and rules.side_of(state, trick.winner or "") == rules.side_of(state, SEAT):
            found.append("last-trick")
    return found


def trumped_by_south(rules: TrickGame, hand: Hand, k: int) -> bool:
    """South's trump takes a trick of another suit."""
    state, action, trick = hand.states[k], hand.log[k], trick_of(hand, k)
    trump, led = rules.trump(state), led_suit(rules, state)
    return (trick is not None and isinstance(action, Play) and trick.winner == SEAT and led != trump
            and rules.suit_of(state, action.card) == trump)


def sixty_six(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    state = hand.states[k]
    found = []
    led = led_suit(rules, state)
    legal, trump = legal_cards(rules, state), rules.trump(state)
    if led is not None:
        mine = holding(rules, state, led)
        if mine and len(legal) < len(mine):
            found.append("must-win")
        if not mine and legal and all(rules.suit_of(state, c) == trump for c in legal) and led != trump:
            found.append("must-trump")
        if trumped_by_south(rules, hand, k):
            found.append("trick-winner")
    found += [c for c in tressette_like(rules, hand, k) if c in ("points", "last-trick")]
    return found


def aluette(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    action = hand.log[k]
    found = []
    if isinstance(action, Call) and "sing" in action.words:
        found.append("singing")
    trick = trick_of(hand, k)
    if trick is not None and isinstance(action, Play):
        if trick.winner is None and len(hand.states[k].tricks) < rules.hand_size() - 1:
            found.append("spoiled-trick" if rules.__class__.__name__.startswith("Aluette") else "tied-trick")
        elif trick.winner == SEAT:
            found.append("classes")
    return found


def quatre_sept(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    action = hand.log[k]
    if isinstance(action, Call) and action.words.startswith("declares politaine"):
        return ["politaine"]
    return tressette_like(rules, hand, k)


def quadrille(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    """South's own bid, trumps and king call, and a matador South keeps back from a trump lead."""
    state, action = hand.states[k], hand.log[k]
    if isinstance(action, Call):
        if action.words.startswith("names trumps"):
            return ["trumps"]
        if action.words.startswith("calls"):
            return ["king-call"]
        return ["auction"] if action.words.startswith(("asks leave", "bids")) else []
    trump, led = rules.trump(state), led_suit(rules, state)
    if led == trump and holding(rules, state, trump) and rules.suit_of(state, action.card) != trump:
        return ["matador-renege"]
    return ["follow-suit"] if led is not None and not holding(rules, state, led) else []


GAMES: dict[str, tuple[tuple[str, ...], Detect, tuple[str, ...]]] = {
    "tressette": (("card-order", "follow-suit", "trick-winner", "points", "last-trick", "thirds"), tressette_like, ("thirds",)),
    "quatre_sept": (("card-order", "follow-suit", "trick-winner", "points", "politaine", "last-trick", "thirds"), quatre_sept,
                    ("thirds",)),
    "sixty_six": (("card-order", "must-win", "must-trump", "trick-winner", "points", "last-trick", "sixty-six"), sixty_six, ("sixty-six",)),
    "aluette": (("singing", "classes", "spoiled-trick", "most-tricks", "mordienne"), aluette, ("most-tricks", "mordienne")),
    "vache": (("card-order", "classes", "tied-trick", "most-tricks"), aluette, ("most-tricks",)),
    "quadrille": (("trump-order", "auction", "trumps", "king-call", "follow-suit", "matador-renege", "six-tricks"), quadrille, ("six-tricks",)),
}
"""Per game: the declared concepts (:mod:`cardlab.games.concepts`) its guided hand brings up, in the
lesson's order; what finds them at a step; and those named only when the hand is over."""


def play(rules: TrickGame, seed: int) -> tuple[Hand, dict[int, str]]:
    return play_on(rules, Hand.dealt(rules, rules.seats[0], seed), {}, seed)


def play_on(rules: TrickGame, hand: Hand, reasons: dict[int, str], seed: int) -> tuple[Hand, dict[int, str]]:
    """``hand`` played to its end by the club player at every seat, its reasons added to ``reasons``."""
    player = get_player("club")
    reasons = dict(reasons)
    for step in steps(rules, hand.state, player, forced=True, reasons=True, chance=seed):
        hand = hand.then(step.action, check=False)
        if step.decision is not None:
            reasons[len(hand.log) - 1] = step.decision.reason
    return hand, reasons


RENEGE = "I keep my matador back: it need not follow a lower trump, and it can take a better trick later."


def reneged(rules: TrickGame, hand: Hand, reasons: dict[int, str], seed: int) -> tuple[Hand, dict[int, str]]:
    """The Quadrille hand with its Ombre keeping a matador back the first time he may (the club
    player follows with it more often than not), played on from there by the club player."""
    seat = ombre(hand)
    for k, action in enumerate(hand.log):
        state = hand.states[k]
        if k == 0 or action.seat != seat or not isinstance(action, Play):
            continue
        trump, led = rules.trump(state), led_suit(rules, state)
        others = [c for c in legal_cards(rules, state) if rules.suit_of(state, c) != trump]
        if led != trump or not holding(rules, state, trump) or not others:
            continue
        if rules.suit_of(state, action.card) != trump:
            return hand, reasons
        kept = min(others, key=lambda card: rules.strength(state, card))
        return play_on(rules, hand.upto(k).then(Play(seat, kept)), {**{j: r for j, r in reasons.items() if j < k},
                                                                    k: RENEGE}, seed)
    return hand, reasons


def turned(rules: TrickGame, hand: Hand, seat: str) -> Hand:
    """The same hand with every seat moved round the table so that ``seat`` sits South (the rules
    treat every seat alike, so the line stays legal): Quadrille's learner must take the game."""
    seats = rules.seats
    shift = seats.index(SEAT) - seats.index(seat)
    moved = {s: seats[(i + shift) % len(seats)] for i, s in enumerate(seats)}
    deal = hand.log[0]
    assert isinstance(deal, Deal)
    hands = sorted(((moved[s], cards) for s, cards in deal.hands), key=lambda pair: seats.index(pair[0]))
    turned_hand = Hand.start(rules, moved[deal.dealer]).then(replace(deal, dealer=moved[deal.dealer], hands=tuple(hands)))
    for action in hand.log[1:]:
        turned_hand = turned_hand.then(replace(action, seat=moved[action.seat]))
    return turned_hand


def ombre(hand: Hand) -> str | None:
    """The Quadrille player who asked leave and so names trumps and calls a king."""
    return next((a.seat for a in hand.log if isinstance(a, Call) and a.words.startswith("asks leave")), None)


ORDERS = {"card-order": Play, "trump-order": Call}
"""The order of the cards comes up at South's first card; Quadrille's matadors at his first call."""


def first_steps(game: str, rules: TrickGame, hand: Hand) -> dict[str, int] | None:
    """Each concept of the game at the first step of South's where it comes up, if all come up in
    order; None otherwise."""
    concepts, detect, at_end = GAMES[game]
    first: dict[str, int] = {}
    if concepts[0] in ORDERS:
        at = next((k for k, action in enumerate(hand.log)
                   if k and action.seat == SEAT and isinstance(action, ORDERS[concepts[0]])), None)
        if at is None:
            return None
        first[concepts[0]] = at
    for k, action in enumerate(hand.log):
        if k and action.seat == SEAT:
            for concept in detect(rules, hand, k):
                first.setdefault(concept, k)
    wanted = [c for c in concepts if c not in at_end]
    if any(c not in first for c in wanted):
        return None
    order = [first[c] for c in wanted]
    if order != sorted(order):
        return None
    return {c: first[c] for c in wanted}


def ends_well(game: str, rules: TrickGame, hand: Hand) -> bool:
    result = rules.score(hand.state)
    side = rules.side_of(hand.state, SEAT)
    if game == "aluette":
        return "Mordienne" in result.summary and result.score.get(side, 0) > 0
    if game == "quatre_sept":
        return rules.politaine_points(hand.state).get(side, 0) > 0
    if game == "quadrille":
        return result.score.get(SEAT, 0) > 0
    return True


TIED = {"aluette": "The previous trick was spoiled: its best card was tied, so nobody won it.",
        "vache": "The previous trick was tied: it waits on the table for the next player who wins a trick outright."}


def previous_trick(rules: TrickGame, hand: Hand, k: int, game: str) -> str:
    """Who won the trick of South's previous card, once South plays again."""
    previous = [j for j in range(1, k) if hand.log[j].seat == SEAT and isinstance(hand.log[j], Play)]
    done = trick_of(hand, previous[-1]) if previous else None
    if done is None:
        return ""
    if done.winner is None:
        return TIED[game]
    best = rules.pack.name(dict(done.plays)[done.winner])
    return f"You won the previous trick with {best}." if done.winner == SEAT else \
        f"{rules.seat_name(done.winner)} won the previous trick with {best}."


def duty(rules: TrickGame, state: State) -> str:
    """What the learner may play here, in a few words."""
    led = led_suit(rules, state)
    legal, mine, suit = legal_cards(rules, state), holding(rules, state, led), rules.pack.suit_names.get(led or "", "")
    if led is None:
        return "You lead: any card may start the trick." if len(legal) == len(state.hand(SEAT)) else \
            "You lead, and having just declared the politaine you must start with one of its cards."
    if not rules.traits.follows_suit:
        return "Any card may go here."
    if not mine:
        if len(legal) == len(state.hand(SEAT)):
            return f"You hold no {suit}, and your one card left must go." if len(legal) == 1 else \
                f"You hold no {suit}: any card may go."
        return f"You hold no {suit}."
    return f"{suit.capitalize()} were led and you hold some: follow suit."


def plain(reason: str) -> str:
    """The club player's reason in a learner's words: no odds, no one-card "longest suit", and
    nothing where the card was the only one allowed (the step has said so)."""
    if reason.endswith("it is my only legal card."):
        return ""
    reason = re.sub(r", it would hold only \d+% of the time", ", so it would seldom hold", reason)
    return re.sub(r"a low card of my longest suit \(1 \w+\)", "a low card", reason)


REASONS = {("sixty_six", "S plays KC"): "I trump with the king of clubs: it takes the trick and its points, "
                                        "and I keep the ace of clubs for later.",
           ("quadrille", "S plays AC"): "I trump with Basto (the ace of clubs): Spadille is gone and I hold "
                                        "Manille, so no card still out can beat it."}
"""Reasons written here where the club player's does not fit the position (reported to its owner)."""


def words(game: str, rules: TrickGame, hand: Hand, k: int, reason: str, concepts: list[str]) -> dict:
    state, action = hand.states[k], hand.log[k]
    parts = []
    if isinstance(action, Call):
        name = rules.describe(action)
        shown = f"“{name}”"
        todo, look = "Press “{button}”.", "calls"
        otherwise = "That is allowed, but this guided hand goes on with “{button}”: press that button."
        hint = "Look for the button “{button}”."
    elif isinstance(action, Play):
        shown = rules.pack.name(action.card)
        parts.append(previous_trick(rules, hand, k, game))
        if not {"must-win", "matador-renege"} & set(concepts):
            parts.append(duty(rules, state))
        todo, look = f"Play {shown}.", str(action.card)
        otherwise = f"That card may go too, but this guided hand goes on with {shown}: play that one."
        hint = f"Look for {shown} among your cards."
    parts += [SAYS[game][c](rules, hand, k) for c in concepts]
    parts.append(todo)
    why = REASONS.get((game, str(action)), plain(reason))
    if isinstance(action, Call) and why.startswith(f"{name}: "):
        why = why[len(name) + 2:]
        why = why[:1].upper() + why[1:]
    text = " ".join(part for part in parts if part) + (f" Why: “{why}”" if why else "")
    return {"say": text, "look": look, "do": str(action), "otherwise": otherwise, "hint": hint,
            "concepts": concepts}


def _trick_points(rules: TrickGame, hand: Hand, k: int) -> str:
    trick = trick_of(hand, k)
    total = sum((rules.card_points(c) for _, c in trick.plays), start=0) if trick else 0
    return fraction_text(total) if hasattr(total, "denominator") else str(total)


def _still_to_play(rules: TrickGame, state: State) -> list[str]:
    """The seats that play to the open trick after the learner."""
    trick = state.trick
    assert trick is not None
    return list(rules.play_order(trick.leader)[len(trick.plays) + 1:])


def _takes(rules: TrickGame, hand: Hand, k: int) -> str:
    """Whether the learner's card takes the trick, true for the cards he can see: certain when he plays
    last or no card still out can beat it, else the cards that could."""
    state, action = hand.states[k], hand.log[k]
    assert isinstance(action, Play)
    later = _still_to_play(rules, state)
    if not later:
        return "The highest card of the suit led wins: this card takes the trick."
    seen = {card for trick in state.tricks for _, card in trick.plays} | {c for _, c in state.trick_on_table.plays}
    seen |= {c for c in state.hand(SEAT) if c is not None}
    suit = rules.suit_of(state, action.card)
    above = [c for c in rules.pack.cards if c not in seen and rules.suit_of(state, c) == suit
             and rules.strength(state, c) > rules.strength(state, action.card)]
    name = rules.pack.name(action.card)
    if not above:
        return f"The highest card of the suit led wins: no card still out can beat {name}, so it takes the trick."
    beaters = " or ".join(rules.pack.name(c) for c in sorted(above, key=lambda c: -rules.strength(state, c)))
    seats = " or ".join(rules.seat_name(seat) for seat in later)
    return (f"The highest card of the suit led wins: {name} would be the highest so far, and only {beaters} "
            f"could still beat it, if {seats} {'holds it' if len(above) == 1 else 'holds one'}.")


def _brings(rules: TrickGame, hand: Hand, k: int, side: str) -> str:
    """What the trick brings: its whole value when the learner plays last, else what the table holds so far."""
    state = hand.states[k]
    later = _still_to_play(rules, state)
    if not later:
        return f"This trick brings {_trick_points(rules, hand, k)} to your {side}."
    shown = sum((rules.card_points(c) for _, c in state.trick_on_table.plays), start=0)
    seats = " and ".join(rules.seat_name(seat) for seat in later)
    return (f"The cards on the table so far are worth {fraction_text(shown)}, and {seats} "
            f"{'is' if len(later) == 1 else 'are'} still to play.")


def _said(rules: TrickGame, hand: Hand, k: int, start: str, sentence: str) -> str:
    call = next(a for a in hand.log[1:k] if isinstance(a, Call) and a.words.startswith(start))
    what = call.words[len(start):].strip()
    named = f"{rules.pack.suit_names[what]} trumps" if len(what) == 1 else rules.pack.name(Card.parse(what))
    return sentence.format(who=rules.seat_name(call.seat), what=named)


SAYS: dict[str, dict[str, Callable[[TrickGame, Hand, int], str]]] = {
    "tressette": {
        "follow-suit": lambda r, h, k: "Any card of that suit will do: you need not beat the card on the table.",
        "card-order": lambda r, h, k: "In every suit the cards rank 3 · 2 · A · K · Kn · J · 7 · 6 · 5 · 4: the 3 is the strongest.",
        "trick-winner": _takes,
        "points": lambda r, h, k: f"An ace counts 1 point; a 3, a 2 or a court card a third. {_brings(r, h, k, 'side')}",
        "last-trick": lambda r, h, k: "This is the last trick: whoever takes it gets one point more.",
    },
    "quatre_sept": {
        "follow-suit": lambda r, h, k: "Any card of that suit will do: you need not beat the card on the table.",
        "card-order": lambda r, h, k: "In every suit the cards rank 10 · 9 · A · K · Q · J · 8 · 7: the 10 and the 9 jump over the ace.",
        "trick-winner": _takes,
        "points": lambda r, h, k: f"An ace counts 1 point; a 10, a 9 or a court card a third. {_brings(r, h, k, 'side')}",
        "politaine": lambda r, h, k: _politaine(r, h, k),
        "last-trick": lambda r, h, k: "This is the last trick: whoever takes it gets one point more.",
    },
    "sixty_six": {
        "card-order": lambda r, h, k: "In every suit the cards rank A · 10 · K · Q · J · 9 · 8 · 7: the 10 sits just below the ace.",
        "must-win": lambda r, h, k: "You hold the suit led, so you must follow it, and also beat the best card so far if you can, even your partner's: only those cards may go.",
        "must-trump": lambda r, h, k: "When you cannot follow suit you must trump, and beat a trump already played if you can: only those trumps may go.",
        "trick-winner": lambda r, h, k: "A trump beats every card of another suit: the highest trump wins the trick, else the highest card of the suit led.",
        "points": lambda r, h, k: f"An ace counts 11, a 10 10, a king 4, a queen 3 and a jack 2. This trick brings {_trick_points(r, h, k)} to your camp.",
        "last-trick": lambda r, h, k: "This is the last trick: whoever takes it adds 10 to their cards.",
    },
    "aluette": {
        "singing": lambda r, h, k: "Singing means agreeing to deal out the twelve cards left over: if all four sing, two players get six each and throw six away; if anyone does not sing, they stay aside.",
        "classes": lambda r, h, k: "Suits do not matter in Aluette: the card of the higher class wins, whatever its suit.",
        "spoiled-trick": lambda r, h, k: "Watch this trick: if the best card is tied, the trick is spoiled, nobody wins it and the same player leads again.",
    },
    "vache": {
        "card-order": lambda r, h, k: "The cards rank ace, 2, 3 and so on to 9, then jack, knight and king: the ace is the strongest, the king the weakest.",
        "classes": lambda r, h, k: "Suits do not matter: the card of the higher class wins, whatever its suit.",
        "tied-trick": lambda r, h, k: "Watch this trick: if the best card is tied, nobody takes it yet; it goes to the next player who wins a trick outright.",
    },
    "quadrille": {
        "trump-order": lambda r, h, k: "Whatever suit is trumps, Spadille (the ace of spades), Manille (the lowest card of the trump suit in its usual order) and Basto (the ace of clubs) are its three top cards, the matadors.",
        "auction": lambda r, h, k: "In the auction each player may pass, ask leave (name trumps and call a king for a partner) or bid solo (play alone); the highest bid wins. Your hand is strong: ask leave.",
        "trumps": lambda r, h, k: f"Nobody bid higher: the game is yours, so you name trumps. Here name {_named(r, h, k)}, the suit where you are strong.",
        "king-call": lambda r, h, k: "Now call a king you do not hold: its holder becomes your partner, and nobody knows who it is until that king is played.",
        "follow-suit": lambda r, h, k: "In Quadrille you must follow suit if you can, but you never have to trump"
                                       + (": here you choose to." if _trumps(r, h, k) else "."),
        "matador-renege": lambda r, h, k: "Trumps were led, and your only trumps are matadors (Spadille, Manille, Basto): a matador need not follow a lower trump, so you may keep it and play another card.",
    },
}


def _trumps(rules: TrickGame, hand: Hand, k: int) -> bool:
    action = hand.log[k]
    return isinstance(action, Play) and rules.suit_of(hand.states[k], action.card) == rules.trump(hand.states[k])


def _named(rules: TrickGame, hand: Hand, k: int) -> str:
    action = hand.log[k]
    assert isinstance(action, Call)
    return rules.pack.suit_names[action.words.split()[-1]]


def _politaine(rules: TrickGame, hand: Hand, k: int) -> str:
    action = hand.log[k]
    assert isinstance(action, Call)
    suit = rules.pack.suit_names[action.words.split()[-1]]
    return (f"You hold the 10, 9 and ace of {suit}: a politaine. Declare it now, as you play its first card; "
            "if the three cards win three tricks in a row for you, your side scores 11 more.")


def build(game: str, seeds: range) -> dict:
    rules = get_rules(game)
    at_end = GAMES[game][2]
    for seed in seeds:
        hand, reasons = play(rules, seed)
        if game == "quadrille" and ombre(hand) is not None:
            hand, reasons = reneged(rules, hand, reasons, seed)
            hand = turned(rules, hand, ombre(hand) or SEAT)
        first = first_steps(game, rules, hand)
        if first is None or not ends_well(game, rules, hand):
            continue
        tags: dict[int, list[str]] = {}
        for concept, k in first.items():
            tags.setdefault(k, []).append(concept)
        learner = [k for k in range(1, len(hand.log)) if hand.log[k].seat == SEAT and k in reasons]
        deal = hand.log[0]
        assert isinstance(deal, Deal)
        result = rules.score(hand.state)
        data = {
            "format": FORMAT, "game": game, "title": f"Learn by playing: a first hand of {rules.title}",
            "intro": "You sit South. The table says what to do and why, and waits for you: click the card (or the button) it asks for.",
            "seat": SEAT,
            "scenario": {"format": "cardlab.scenario/1", "game": game, "options": {}, "dealer": deal.dealer,
                         "deal": {**{seat: [str(c) for c in cards] for seat, cards in deal.hands},
                                  **{name: [str(c) for c in cards] for name, cards in deal.extras}},
                         "actions": [str(a) for a in hand.log[1:]]},
            "steps": [words(game, rules, hand, k, reasons[k], tags.get(k, [])) for k in learner],
            "end": {"say": f"The hand is over. {result.summary} {END[game]}", "concepts": list(at_end)},
        }
        parse(data)
        print(game, "seed", seed, "steps", len(learner), file=sys.stderr)
        return data
    raise SystemExit(f"No deal found for {game} in seeds {seeds.start}–{seeds.stop - 1}.")


END = {
    "tressette": "Each side adds up its thirds and drops the fraction left over: that is why a hand makes 11 points in all.",
    "quatre_sept": "Each side adds up its thirds and drops the fraction left over: 11 points a hand, 11 more for a politaine won. "
                   "One rule never comes up in a played hand: a player dealt all four sevens wins the match for his side at once, before a card is played.",
    "sixty_six": "A camp needs 66 of the 130 points to score: 1 game point, 2 with 100 or more, 3 if it took every trick.",
    "aluette": "Tricks count player by player, not by side: usually the player with the most tricks wins the hand for his side. But a player who wins none of the first six tricks and then all of the last three makes a mordienne: it beats everything else and scores 2.",
    "vache": "In La Vache everyone plays for himself: the player who takes the most tricks wins the hand.",
    "quadrille": "You and your partner needed six of the ten tricks to win the pot.",
}


FOUND = {"tressette": 10, "quatre_sept": 1102, "sixty_six": 132, "aluette": 904, "vache": 24, "quadrille": 145}
"""The first seed that gives each game's deal (the search starts there)."""


if __name__ == "__main__":
    for name in sys.argv[1:] or TUTORIALS:
        built = build(name, range(FOUND.get(name, 1), 4000))
        (GAMES_DIR / name / "tutorial.json").write_text(json.dumps(built, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
