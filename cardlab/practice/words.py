"""Sentences about tricks and card strength, built from what the rules answer (``strength``,
``suit_of``, ``trump``, ``trick_winner``) and the pack's names, for the quizzes' explanations.

The rules have no sentence of their own for "why this card wins" or "which card is stronger";
these are worded from the same facts the engine decides with, never from a second copy of a
game's ranking.
"""
from __future__ import annotations

from ..cards import Card
from ..rules import TrickGame
from ..state import State, Trick


def suitless(rules: TrickGame) -> bool:
    """Games whose cards rank across suits in classes (Aluette, La Vache): any card may win."""
    return rules.class_name(rules.pack.cards[0]) is not None


def card_words(rules: TrickGame, state: State, card: Card) -> str:
    """A card's name, with its title where the game gives one (Quadrille's "Spadille (the ace of spades)")."""
    return rules.card_label(state, card)


def trump_words(rules: TrickGame, state: State) -> str:
    """The trump suit in words ("hearts"), or "the black aces" when only they are trumps."""
    trump = rules.trump(state)
    return rules.pack.suit_names.get(trump, "the black aces") if trump else ""


def is_trump(rules: TrickGame, state: State, card: Card) -> bool:
    trump = rules.trump(state)
    return trump is not None and rules.suit_of(state, card) == trump


def class_rank(rules: TrickGame, state: State, card: Card) -> tuple[int, int]:
    """(the card's place counting classes from the top, how many classes there are)."""
    levels = sorted({rules.strength(state, c) for c in rules.pack.cards}, reverse=True)
    return levels.index(rules.strength(state, card)) + 1, len(levels)


def class_words(rules: TrickGame, state: State, card: Card) -> str:
    place, count = class_rank(rules, state, card)
    return f"{rules.class_name(card)}, class {place} of {count}"


def comparable(rules: TrickGame, state: State, a: Card, b: Card) -> bool:
    """Two cards whose strength can be compared in a trick: any two in a game ranking across suits,
    else two of one suit or a trump against anything."""
    if suitless(rules):
        return True
    return rules.suit_of(state, a) == rules.suit_of(state, b) or is_trump(rules, state, a) or is_trump(rules, state, b)


def stronger(rules: TrickGame, state: State, a: Card, b: Card) -> Card | None:
    """The stronger of two comparable cards, None when they tie."""
    if not suitless(rules) and is_trump(rules, state, a) != is_trump(rules, state, b):
        return a if is_trump(rules, state, a) else b
    first, second = rules.strength(state, a), rules.strength(state, b)
    if first == second:
        return None
    return a if first > second else b


def suit_order(rules: TrickGame, state: State, suit: str) -> str:
    """The cards of ``suit`` (as the game groups them for following), strongest first, short names."""
    cards = sorted((c for c in rules.pack.cards if rules.suit_of(state, c) == suit),
                   key=lambda c: rules.strength(state, c), reverse=True)
    named = []
    for card in cards:
        words = card_words(rules, state, card)
        named.append(words if words != rules.pack.name(card) else rules.pack.rank_names[card.rank])
    return ", ".join(named)


def why_stronger(rules: TrickGame, state: State, a: Card, b: Card) -> str:
    """Why one of two comparable cards beats the other, or why they tie."""
    best = stronger(rules, state, a, b)
    if best is None:
        return (f"They tie: {card_words(rules, state, a)} and {card_words(rules, state, b)} are both "
                f"{rules.class_name(a)}, and cards of one class are equal in {rules.title}, so a trick whose "
                "best cards they are is won by nobody.")
    worse = b if best == a else a
    win, lose = card_words(rules, state, best), card_words(rules, state, worse)
    if suitless(rules):
        return (f"{rules.title} ranks the cards across suits: {win} is {class_words(rules, state, best)}, "
                f"{lose} is {class_words(rules, state, worse)}, counting from the top.")
    if is_trump(rules, state, best) and not is_trump(rules, state, worse):
        return (f"{trump_words(rules, state).capitalize()} are trumps, and a trump beats any card of another "
                f"suit: {win} beats {lose}.")
    suit = rules.suit_of(state, best)
    name = "trumps" if is_trump(rules, state, best) else rules.pack.suit_names[suit]
    return (f"In {rules.title} the {name} rank {suit_order(rules, state, suit)}, strongest first: "
            f"{win} beats {lose}.")


def winning_card(trick: Trick) -> Card:
    """The card that won ``trick``, a trick someone won."""
    card = trick.card_of(trick.winner) if trick.winner is not None else None
    if card is None:
        raise ValueError("Nobody won this trick with a card of his.")
    return card


def why_winner(rules: TrickGame, state: State, trick: Trick) -> str:
    """Why the seat that won ``trick`` won it, or why nobody did."""
    if trick.winner is None:
        best = max(rules.strength(state, card) for card in trick.cards())
        tied = [card for card in trick.cards() if rules.strength(state, card) == best]
        names = " and ".join(card_words(rules, state, card) for card in tied)
        text = (f"Nobody: {names} tie for the best card ({rules.class_name(tied[0])}), and a trick whose "
                "best cards tie is won by nobody.")
        return f"{text} {rules.after_tied_trick(state, trick)}"
    card = winning_card(trick)
    win = card_words(rules, state, card)
    led = rules.suit_of(state, trick.plays[0][1])
    if suitless(rules):
        return (f"{trick.winner} wins with {win}, the best card in the trick ({class_words(rules, state, card)}): "
                f"suits do not matter in {rules.title}.")
    if is_trump(rules, state, card) and led != rules.suit_of(state, card):
        return (f"{trick.winner} wins with {win}: {trump_words(rules, state)} are trumps, and the highest "
                "trump played takes the trick.")
    if is_trump(rules, state, card):
        return f"{trick.winner} wins with {win}, the highest trump played ({trump_words(rules, state)} are trumps)."
    suit = rules.pack.suit_names[led]
    nobody = " and nobody trumped" if rules.trump(state) else ""
    return (f"{trick.winner} wins with {win}, the highest of the {suit} played: {suit} were led{nobody}, "
            "and a card of another suit cannot win.")
