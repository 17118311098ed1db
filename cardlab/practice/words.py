"""Sentences about tricks and card strength, built from what the rules answer (``strength``,
``suit_of``, ``trump``, ``trick_winner``) and the pack's names, for the quizzes' explanations.

The rules have no sentence of their own for "why this card wins" or "which card is stronger";
these are worded from the same facts the engine decides with, never from a second copy of a
game's ranking.  A game's name is said with the preposition and article its language gives that game
(French *à l'Aluette*, *au tressette*; Italian *nell'Aluette*, *nella Vache*): a message in the game's
own context, never a name joined to a word.
"""
from __future__ import annotations

from functools import reduce

from ..card_words import CONTEXTS, RANK_WORDS, suit_name
from ..cards import Card
from ..i18n import _, language, mark, pgettext
from ..rules import TrickGame
from ..state import State, Trick


SAID_IN = (mark("tressette", "in Tressette"), mark("quatre_sept", "in Le Quatre Sept"),
           mark("sixty_six", "in Quatre Mains Soixante-Six"), mark("aluette", "in Aluette"),
           mark("vache", "in La Vache"), mark("quadrille", "in Quadrille"))
"""Each game's "in <title>", marked for extraction in the game's context (babel reads literal words only)."""


def in_game(rules: TrickGame) -> str:
    """"in Aluette" as the game's context words it: *à l'Aluette*, *nella Vache*."""
    return pgettext(rules.key, f"in {rules.title}")


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def suitless(rules: TrickGame) -> bool:
    """Games whose cards rank across suits in classes (Aluette, La Vache): any card may win."""
    return rules.class_name(rules.pack.cards[0]) is not None


def card_words(rules: TrickGame, state: State, card: Card) -> str:
    """A card's name, with its title where the game gives one (Quadrille's "Spadille (the ace of spades)")."""
    return rules.card_label(state, card)


def trump_words(rules: TrickGame, state: State) -> str:
    """The trump suit in words ("hearts"), or "the black aces" when only they are trumps."""
    trump = rules.trump(state)
    if not trump:
        return ""
    return suit_name(rules.pack, trump) if trump in rules.pack.suit_names else _("the black aces")


def is_trump(rules: TrickGame, state: State, card: Card) -> bool:
    trump = rules.trump(state)
    return trump is not None and rules.suit_of(state, card) == trump


def class_rank(rules: TrickGame, state: State, card: Card) -> tuple[int, int]:
    """(the card's place counting classes from the top, how many classes there are)."""
    levels = sorted({rules.strength(state, c) for c in rules.pack.cards}, reverse=True)
    return levels.index(rules.strength(state, card)) + 1, len(levels)


def class_words(rules: TrickGame, state: State, card: Card) -> str:
    """"the aces, class 9 of 19": the card's class and its place, for a parenthesis."""
    place, count = class_rank(rules, state, card)
    return _("{name}, class {place} of {count}").format(name=rules.class_name(card), place=place, count=count)


def ranked_words(rules: TrickGame, state: State, card: Card) -> str:
    """"the ace of cups is in class 9 of 19 (aces)": a card, its place and its class, in one clause
    whose verb agrees with the card whatever the class's name and number."""
    place, count = class_rank(rules, state, card)
    return _("{card} is in class {place} of {count} ({name})").format(
        card=card_words(rules, state, card), place=place, count=count, name=rules.class_name(card))


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
        named.append(words if words != rules.card_name(card) else rank_words(rules, card))
    return ", ".join(named)


def rank_words(rules: TrickGame, card: Card) -> str:
    """A card's rank alone, in a list of one suit's ranks: "ace" in English, with its article in
    French and Italian, where the article depends on the word ("l'as", "il re")."""
    family = rules.pack.family
    if language() == "en" or card.rank not in RANK_WORDS[family]:
        return rules.pack.rank_names[card.rank]
    return pgettext(CONTEXTS[family], RANK_WORDS[family][card.rank])


def why_stronger(rules: TrickGame, state: State, a: Card, b: Card) -> str:
    """Why one of two comparable cards beats the other, or why they tie."""
    best = stronger(rules, state, a, b)
    if best is None:
        return _("They tie: {first} and {second} are both of one class ({name}), and cards of one class are "
                 "equal {in_game}, so a trick whose best cards they are is won by nobody.").format(
            first=card_words(rules, state, a), second=card_words(rules, state, b), name=rules.class_name(a),
            in_game=in_game(rules))
    worse = b if best == a else a
    win, lose = card_words(rules, state, best), card_words(rules, state, worse)
    if suitless(rules):
        return capitalised(_("{in_game} the cards rank across suits, counting from the top: {winner}; "
                             "{loser}.").format(in_game=in_game(rules), winner=ranked_words(rules, state, best),
                                                loser=ranked_words(rules, state, worse)))
    if is_trump(rules, state, best) and not is_trump(rules, state, worse):
        return capitalised(_("{suit} are trumps, and a trump beats any card of another suit: {winner} beats "
                             "{loser}.").format(suit=trump_words(rules, state), winner=win, loser=lose))
    suit = rules.suit_of(state, best)
    name = _("trumps") if is_trump(rules, state, best) else suit_name(rules.pack, suit)
    return capitalised(_("{in_game} the {suit} rank {order}, strongest first: {winner} beats {loser}.").format(
        in_game=in_game(rules), suit=name, order=suit_order(rules, state, suit), winner=win, loser=lose))


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
        names = reduce(lambda first, last: pgettext("list", "{first} and {last}").format(first=first, last=last),
                       [card_words(rules, state, card) for card in tied])
        text = _("Nobody: {cards} tie for the best card ({name}), and a trick whose best cards tie is won by "
                 "nobody.").format(cards=names, name=rules.class_name(tied[0]))
        return f"{text} {rules.after_tied_trick(state, trick)}"
    card = winning_card(trick)
    win = card_words(rules, state, card)
    led = rules.suit_of(state, trick.plays[0][1])
    if suitless(rules):
        return _("{seat} wins with {card}, the best card in the trick ({card_class}): suits do not matter "
                 "{in_game}.").format(seat=trick.winner, card=win, card_class=class_words(rules, state, card),
                                      in_game=in_game(rules))
    if is_trump(rules, state, card) and led != rules.suit_of(state, card):
        return _("{seat} wins with {card}: {suit} are trumps, and the highest trump played takes the "
                 "trick.").format(seat=trick.winner, card=win, suit=trump_words(rules, state))
    if is_trump(rules, state, card):
        return _("{seat} wins with {card}, the highest trump played ({suit} are trumps).").format(
            seat=trick.winner, card=win, suit=trump_words(rules, state))
    said = (_("{seat} wins with {card}, the highest of the {suit} played: {suit} were led and nobody trumped, "
              "and a card of another suit cannot win.") if rules.trump(state) else
            _("{seat} wins with {card}, the highest of the {suit} played: {suit} were led, and a card of another "
              "suit cannot win."))
    return said.format(seat=trick.winner, card=win, suit=suit_name(rules.pack, led))
