"""Find the deals of the guided first hands and write ``cardlab/tutorials/<game>.json``.

Why: a guided hand must bring each rule of its lesson up once, in the lesson's order, with the
computer's cards scripted.  Writing such a deal by hand is slow; this script deals seed after seed,
lets the club player play every seat (South too: its choices become the learner's steps and its
reasons the steps' "why"), and keeps the first deal where each concept of the game first comes up
at a step of South's in the lesson's order.  The words are then written from the position and
checked by :func:`cardlab.tutorial.parse`.  Run: ``python scripts/tutorial_deals.py [game ...]``.
"""
from __future__ import annotations

import json
import sys
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
OUT = Path(__file__).resolve().parent.parent / "cardlab" / "tutorials"


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


def quadrille(rules: TrickGame, hand: Hand, k: int) -> list[str]:
    state, action = hand.states[k], hand.log[k]
    found = []
    if isinstance(action, Call):
        found.append("auction")
    said = [a for a in hand.log[1:k] if isinstance(a, Call)]
    if any(a.words.startswith("names trumps") for a in said):
        found.append("trumps")
    if any(a.words.startswith("calls") for a in said):
        found.append("king-call")
    if isinstance(action, Play):
        trump, led = rules.trump(state), led_suit(rules, state)
        if led == trump and holding(rules, state, trump) and rules.suit_of(state, action.card) != trump:
            found.append("matador-renege")
    return found


GAMES: dict[str, tuple[tuple[str, ...], Detect, tuple[str, ...]]] = {
    "tressette": (("follow-suit", "trick-winner", "points", "last-trick", "thirds"), tressette_like, ("thirds",)),
    "quatre_sept": (("follow-suit", "trick-winner", "points", "last-trick", "thirds"), tressette_like, ("thirds",)),
    "sixty_six": (("must-win", "must-trump", "points", "last-trick", "sixty-six"), sixty_six, ("sixty-six",)),
    "aluette": (("singing", "classes", "spoiled-trick", "mordienne"), aluette, ("mordienne",)),
    "vache": (("classes", "tied-trick", "most-tricks"), aluette, ("most-tricks",)),
    "quadrille": (("auction", "trumps", "king-call", "matador-renege", "six-tricks"), quadrille, ("six-tricks",)),
}
"""Per game: the declared concepts (:mod:`cardlab.games.concepts`) its guided hand brings up, in the
lesson's order; what finds them at a step; and those named only when the hand is over."""


def play(rules: TrickGame, seed: int) -> tuple[Hand, dict[int, str]]:
    player = get_player("club")
    hand = Hand.dealt(rules, rules.seats[0], seed)
    reasons: dict[int, str] = {}
    for step in steps(rules, hand.state, player, forced=True, reasons=True, chance=seed):
        hand = hand.then(step.action, check=False)
        if step.decision is not None:
            reasons[len(hand.log) - 1] = step.decision.reason
    return hand, reasons


def first_steps(game: str, rules: TrickGame, hand: Hand) -> dict[str, int] | None:
    """Each concept of the game at the first step of South's where it comes up, if all come up in
    order; None otherwise."""
    concepts, detect, at_end = GAMES[game]
    first: dict[str, int] = {}
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
    return True


def words(game: str, rules: TrickGame, hand: Hand, k: int, reason: str, concepts: list[str]) -> dict:
    state, action = hand.states[k], hand.log[k]
    pack = rules.pack
    parts = []
    previous = [j for j in range(1, k) if hand.log[j].seat == SEAT and isinstance(hand.log[j], Play)]
    if previous and isinstance(action, Play):
        done = trick_of(hand, previous[-1])
        if done is not None:
            if done.winner is None:
                parts.append("Nobody took the last trick: the best card was tied.")
            else:
                best = dict(done.plays)[done.winner]
                who = "You" if done.winner == SEAT else rules.seat_name(done.winner)
                parts.append(f"{who} took the last trick with {pack.name(best)}.")
    if isinstance(action, Call):
        parts.append("It is your turn to speak.")
        name = rules.describe(action)
        todo, look = f"Choose “{name}”.", "calls"
    elif isinstance(action, Play):
        led = led_suit(rules, state)
        name = pack.name(action.card)
        look = str(action.card)
        legal, mine, suit = legal_cards(rules, state), holding(rules, state, led), pack.suit_names.get(led or "", "")
        if led is None:
            parts.append("You lead this trick: any card may start it.")
        elif len(legal) == len([c for c in state.hand(SEAT) if c is not None]):
            parts.append(f"You hold no {suit}: any card may go." if rules.traits.follows_suit and not mine
                         else "Any card of yours may go here.")
        elif set(legal) <= set(mine):
            parts.append(f"{suit.capitalize()} were led and you hold some: follow suit.")
        else:
            parts.append(f"You hold no {suit}.")
        todo = f"Play {name}."
    parts += [SAYS[game][c](rules, hand, k) for c in concepts]
    parts.append(todo)
    text = " ".join(parts) + f" A good player's reason: “{reason}”"
    return {"say": text, "look": look, "do": str(action),
            "otherwise": f"That is legal too, but this guided hand is scripted around {name if isinstance(action, Play) else '“' + name + '”'}: choose it.",
            "hint": f"Look for {name} ({'your cards' if isinstance(action, Play) else 'the buttons'}).",
            "concepts": concepts}


def _trick_points(rules: TrickGame, hand: Hand, k: int) -> str:
    trick = trick_of(hand, k)
    total = sum((rules.card_points(c) for _, c in trick.plays), start=0) if trick else 0
    return fraction_text(total) if hasattr(total, "denominator") else str(total)


def _said(rules: TrickGame, hand: Hand, k: int, start: str, sentence: str) -> str:
    call = next(a for a in hand.log[1:k] if isinstance(a, Call) and a.words.startswith(start))
    what = call.words[len(start):].strip()
    named = f"{rules.pack.suit_names[what]} trumps" if len(what) == 1 else rules.pack.name(Card.parse(what))
    return sentence.format(who=rules.seat_name(call.seat), what=named)


SAYS: dict[str, dict[str, Callable[[TrickGame, Hand, int], str]]] = {
    "tressette": {
        "follow-suit": lambda r, h, k: "Any card of the suit led is legal: you need not beat the card on the table.",
        "trick-winner": lambda r, h, k: "The highest card of the suit led wins the trick, and the order is 3 · 2 · A · K · Kn · J · 7 · 6 · 5 · 4: this card takes it.",
        "points": lambda r, h, k: f"Aces count 1 point; 3s, 2s and court cards a third each. This trick is worth {_trick_points(r, h, k)} to your side.",
        "last-trick": lambda r, h, k: "This is the last trick: it brings one extra point to the side that takes it.",
    },
    "quatre_sept": {
        "follow-suit": lambda r, h, k: "Any card of the suit led is legal: you need not beat the card on the table.",
        "trick-winner": lambda r, h, k: "The highest card of the suit led wins the trick, and the order is 10 · 9 · A · K · Q · J · 8 · 7: this card takes it.",
        "points": lambda r, h, k: f"Aces count 1 point; 10s, 9s and court cards a third each. This trick is worth {_trick_points(r, h, k)} to your side.",
        "last-trick": lambda r, h, k: "This is the last trick: it brings one extra point to the side that takes it.",
    },
    "sixty_six": {
        "must-win": lambda r, h, k: "You must also win the trick if you can, even from your partner: only the cards that beat the best card so far may go.",
        "must-trump": lambda r, h, k: "When you cannot follow, you must trump, and over-trump a trump already played if you can: only those trumps may go.",
        "points": lambda r, h, k: f"Aces count 11, 10s 10, kings 4, queens 3 and jacks 2. This trick is worth {_trick_points(r, h, k)} to your camp.",
        "last-trick": lambda r, h, k: "This is the last trick: its winners add 10 to their cards.",
    },
    "aluette": {
        "singing": lambda r, h, k: "Singing means agreeing to share out the twelve cards left over; only those who sing receive them.",
        "classes": lambda r, h, k: "Suits do not matter in Aluette: the card of the higher class wins, whatever its suit.",
        "spoiled-trick": lambda r, h, k: "Watch this trick: if the best card is tied, the trick is spoiled, nobody wins it and the same player leads again.",
    },
    "vache": {
        "classes": lambda r, h, k: "Suits do not matter: the card of the higher class wins, whatever its suit.",
        "tied-trick": lambda r, h, k: "Watch this trick: if the best card is tied, the trick waits and goes to the next player to win one outright.",
    },
    "quadrille": {
        "auction": lambda r, h, k: "In the auction each player speaks once: pass, ask leave (name trumps and call a partner) or play solo.",
        "trumps": lambda r, h, k: _said(r, h, k, "names trumps", "{who} took the game and named {what}: Spadille (the ace of spades), Manille and Basto are now the top trumps."),
        "king-call": lambda r, h, k: _said(r, h, k, "calls", "{who} called {what}: its holder is his secret partner, unknown until that king is played."),
        "matador-renege": lambda r, h, k: "A trump was led, but your only trumps are matadors: a matador need not follow a lower trump, so you may keep it back.",
    },
}


def build(game: str, seeds: range) -> dict:
    rules = get_rules(game)
    at_end = GAMES[game][2]
    for seed in seeds:
        hand, reasons = play(rules, seed)
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
    "tressette": "Each side adds its thirds, and the fraction is simply dropped: that is why a hand scores 11 in all.",
    "quatre_sept": "Each side adds its thirds, and the fraction is dropped: 11 points in all, never 12.",
    "sixty_six": "A camp needs 66 of the 130 points to score: 1 game point, 2 with 100, 3 with every trick.",
    "aluette": "A player who wins none of the first six tricks and all of the last three makes a mordienne: it beats everything and scores 2.",
    "vache": "Everyone plays for himself: whoever takes the most tricks wins the hand.",
    "quadrille": "The side that took the auction needs six tricks to win the pot.",
}


FOUND = {"tressette": 10, "quatre_sept": 1, "sixty_six": 132, "aluette": 904, "vache": 2, "quadrille": 109}
"""The first seed that gives each game's deal (the search starts there)."""


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name in sys.argv[1:] or TUTORIALS:
        built = build(name, range(FOUND.get(name, 1), 4000))
        (OUT / f"{name}.json").write_text(json.dumps(built, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
