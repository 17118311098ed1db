"""The cards' names in sentences, in the current language: ``the knight of coins``, ``il cavallo di
denari``, ``le valet de cœur``.

The words belong to the pack (an Italian pack's *coppe* are not a French pack's *cœur*), so each
family of packs is a context in the catalogs; a game's own titles for cards (Quadrille's Spadille)
are messages of the game's context, said by the game.  A rank is named with its article because the
article depends on the word (*l'asso*, *il re*, *la dame*), and a suit after a rank with its
preposition because French elides it (*l'as d'épée*, *l'as de cœur*).
"""
from __future__ import annotations

from .cards import Card, Pack
from .i18n import mark, pgettext

CONTEXTS = {"french": "french pack", "italian": "italian pack", "spanish": "spanish pack"}

RANK_WORDS: dict[str, dict[str, str]] = {
    "french": {"A": mark("french pack", "the ace"), "2": mark("french pack", "the 2"),
               "3": mark("french pack", "the 3"), "4": mark("french pack", "the 4"),
               "5": mark("french pack", "the 5"), "6": mark("french pack", "the 6"),
               "7": mark("french pack", "the 7"), "8": mark("french pack", "the 8"),
               "9": mark("french pack", "the 9"), "10": mark("french pack", "the 10"),
               "J": mark("french pack", "the jack"), "Q": mark("french pack", "the queen"),
               "K": mark("french pack", "the king")},
    "italian": {"A": mark("italian pack", "the ace"), "2": mark("italian pack", "the 2"),
                "3": mark("italian pack", "the 3"), "4": mark("italian pack", "the 4"),
                "5": mark("italian pack", "the 5"), "6": mark("italian pack", "the 6"),
                "7": mark("italian pack", "the 7"), "J": mark("italian pack", "the jack"),
                "Kn": mark("italian pack", "the knight"), "K": mark("italian pack", "the king")},
    "spanish": {"A": mark("spanish pack", "the ace"), "2": mark("spanish pack", "the 2"),
                "3": mark("spanish pack", "the 3"), "4": mark("spanish pack", "the 4"),
                "5": mark("spanish pack", "the 5"), "6": mark("spanish pack", "the 6"),
                "7": mark("spanish pack", "the 7"), "8": mark("spanish pack", "the 8"),
                "9": mark("spanish pack", "the 9"), "J": mark("spanish pack", "the jack"),
                "Kn": mark("spanish pack", "the knight"), "K": mark("spanish pack", "the king")},
}
SUIT_WORDS: dict[str, dict[str, str]] = {
    "french": {"S": mark("french pack", "spades"), "H": mark("french pack", "hearts"),
               "D": mark("french pack", "diamonds"), "C": mark("french pack", "clubs")},
    "italian": {"S": mark("italian pack", "swords"), "H": mark("italian pack", "cups"),
                "D": mark("italian pack", "coins"), "C": mark("italian pack", "batons")},
    "spanish": {"S": mark("spanish pack", "swords"), "H": mark("spanish pack", "cups"),
                "D": mark("spanish pack", "coins"), "C": mark("spanish pack", "clubs")},
}
# a suit after a card's rank: French elides before a vowel (*l'as d'épée*), so the words come whole
OF_SUIT_WORDS: dict[str, dict[str, str]] = {
    "french": {"S": mark("french pack", "of spades"), "H": mark("french pack", "of hearts"),
               "D": mark("french pack", "of diamonds"), "C": mark("french pack", "of clubs")},
    "italian": {"S": mark("italian pack", "of swords"), "H": mark("italian pack", "of cups"),
                "D": mark("italian pack", "of coins"), "C": mark("italian pack", "of batons")},
    "spanish": {"S": mark("spanish pack", "of swords"), "H": mark("spanish pack", "of cups"),
                "D": mark("spanish pack", "of coins"), "C": mark("spanish pack", "of clubs")},
}


def suit_name(pack: Pack, suit: str) -> str:
    """The suit's name in the current language: ``"cups"``, ``"coppe"``, ``"coupe"``."""
    return pgettext(CONTEXTS[pack.family], SUIT_WORDS[pack.family][suit])


def of_suit(pack: Pack, suit: str) -> str:
    """The suit after a name in the current language: ``"of cups"``, ``"di coppe"``, ``"d'épée"``."""
    return pgettext(CONTEXTS[pack.family], OF_SUIT_WORDS[pack.family][suit])


def card_name(pack: Pack, card: Card) -> str:
    """The card's name with its article in the current language (English: :meth:`Pack.name`); a rank
    the family lacks (a knight drawn in French art) keeps the pack's English name."""
    words = RANK_WORDS[pack.family]
    if card.rank not in words or card.suit not in OF_SUIT_WORDS[pack.family]:
        return pack.name(card)
    rank = pgettext(CONTEXTS[pack.family], words[card.rank])

    return f"{rank} {of_suit(pack, card.suit)}"
