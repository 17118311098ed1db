"""Cards and packs: who a card is, never how strong it is.

A card is a rank and a suit written as one code, rank first: ``KnD`` is the knight of coins,
``10H`` the ten of hearts.  Latin packs reuse the French suit letters (Swords = S, Cups = H,
Coins = D, Clubs/Batons = C), the mapping the Aluette document itself uses.  Strength and
points belong to each game's rules, because Tressette's 3 > 2 > A, Quadrille's trumps and
Aluette's suit-less classes all disagree.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Iterable

from . import i18n

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Kn", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")


class CardError(ValueError):
    """A card code that names no card, or a card that is not in the pack in use."""


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """One card: ``Card("Kn", "D")``; ``Card.parse("KnD")``; ``str(card) == "KnD"``.

    There is one object per card: ``Card("Kn", "D") is Card.parse("KnD")``, and copies are the
    card itself.  So equality and hashing are identity, done in C: cards are compared and looked
    up in tables at every step of every hand, and the generated ``__eq__``/``__hash__`` on
    ``(rank, suit)`` were the engine's largest single cost.
    """

    rank: str
    suit: str
    _made: ClassVar[dict[tuple[str, str], Card]] = {}

    def __new__(cls, rank: str, suit: str) -> Card:
        if rank not in RANKS or suit not in SUITS:
            raise CardError(i18n._("{code} is not a card code: write the rank ({ranks}) then the suit ({suits}), as in "
                                   "KnD or 10H.").format(code=f"{rank}{suit!s}", ranks=" ".join(RANKS),
                                                         suits=" ".join(SUITS)))
        card = cls._made.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            cls._made[rank, suit] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return Card, (self.rank, self.suit)

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a code such as ``"7D"``, ``"10H"`` or ``"KnC"``, its letters in any case (``"knc"``,
        ``"kNd"``); a wrong code raises CardError."""
        if not isinstance(code, str):
            raise CardError(i18n._("A {kind} is not a card code: card codes are strings such as \"7D\".").format(
                kind=type(code).__name__))
        text = code.strip()
        rank, suit = text[:-1].upper(), text[-1:].upper()
        rank = "Kn" if rank == "KN" else rank  # one rule for every code: letters in any case
        if rank not in RANKS or suit not in SUITS:
            shown = code if len(code) <= 12 else code[:12] + "…"  # a long text is quoted short
            raise CardError(i18n._("{code} is not a card code: write the rank ({ranks}) then the suit ({suits}), as in "
                                   "KnD or 10H.").format(code=repr(shown), ranks=" ".join(RANKS),
                                                         suits=" ".join(SUITS)))
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"


def parse_cards(codes: Iterable[str] | str) -> tuple[Card, ...]:
    """Read several codes, given as a list or as one space-separated string."""
    if isinstance(codes, str):
        codes = codes.split()
    return tuple(Card.parse(code) for code in codes)


@dataclass(frozen=True)
class Pack:
    """A named set of cards with the local names of its suits and ranks.

    ``family`` is ``"french"``, ``"italian"`` or ``"spanish"``: it chooses the art.
    """

    key: str
    title: str
    family: str
    ranks: tuple[str, ...]
    suit_names: dict[str, str]
    rank_names: dict[str, str]
    local_suit_names: dict[str, str]
    local_rank_names: dict[str, str]

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, suit by suit (built once: bots ask for it at every decision)."""
        return tuple(Card(rank, suit) for suit in SUITS for rank in self.ranks)

    def __len__(self) -> int:
        return len(self.ranks) * len(SUITS)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.rank in self.ranks

    def check(self, card: Card) -> Card:
        if card not in self:
            raise CardError(i18n._("{card} is not in the {pack}: its ranks are {ranks}.").format(
                card=card, pack=i18n._(self.title), ranks=" ".join(self.ranks)))
        return card

    def parse(self, code: str) -> Card:
        """Read a code and check that the card belongs to this pack."""
        return self.check(Card.parse(code))

    def name(self, card: Card) -> str:
        """English name with the article: ``"the knight of coins"``."""
        return f"the {self.rank_names[card.rank]} of {self.suit_names[card.suit]}"

    def local_name(self, card: Card) -> str:
        """Name in the pack's own language: ``"Cavallo di Denari"``."""
        rank = self.local_rank_names.get(card.rank, card.rank)
        return f"{rank} {self.local_of} {self.local_suit_names[card.suit]}"

    @property
    def local_of(self) -> str:
        return {"french": "de", "italian": "di", "spanish": "de"}[self.family]

    @property
    def language(self) -> str:
        """The language of the local names: ``"Italian"``."""
        return {"french": "French", "italian": "Italian", "spanish": "Spanish"}[self.family]


_FRENCH_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_LATIN_SUITS = {"S": "swords", "H": "cups", "D": "coins", "C": "clubs"}
_ITALIAN_SUITS = {"S": "swords", "H": "cups", "D": "coins", "C": "batons"}
_ENGLISH_RANKS = {"A": "ace", "J": "jack", "Kn": "knight", "Q": "queen", "K": "king",
                  **{str(n): str(n) for n in range(2, 11)}}

FRENCH_32 = Pack(
    key="french32", title=i18n.N_("French 32-card pack"), family="french",
    ranks=("7", "8", "9", "10", "J", "Q", "K", "A"),
    suit_names=_FRENCH_SUITS, rank_names=_ENGLISH_RANKS,
    local_suit_names={"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    local_rank_names={"A": "As", "K": "Roi", "Q": "Dame", "J": "Valet"},
)
FRENCH_40 = Pack(
    key="french40", title=i18n.N_("French 40-card pack (no 8, 9, 10)"), family="french",
    ranks=("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
    suit_names=_FRENCH_SUITS, rank_names=_ENGLISH_RANKS,
    local_suit_names=FRENCH_32.local_suit_names, local_rank_names=FRENCH_32.local_rank_names,
)
ITALIAN_40 = Pack(
    key="italian40", title=i18n.N_("Italian 40-card pack"), family="italian",
    ranks=("A", "2", "3", "4", "5", "6", "7", "J", "Kn", "K"),
    suit_names=_ITALIAN_SUITS, rank_names=_ENGLISH_RANKS,
    local_suit_names={"S": "Spade", "H": "Coppe", "D": "Denari", "C": "Bastoni"},
    local_rank_names={"A": "Asso", "J": "Fante", "Kn": "Cavallo", "K": "Re"},
)
SPANISH_48 = Pack(
    key="spanish48", title=i18n.N_("Spanish 48-card pack"), family="spanish",
    ranks=("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Kn", "K"),
    suit_names=_LATIN_SUITS, rank_names=_ENGLISH_RANKS,
    local_suit_names={"S": "Espadas", "H": "Copas", "D": "Oros", "C": "Bastos"},
    local_rank_names={"A": "As", "J": "Sota", "Kn": "Caballo", "K": "Rey"},
)

PACKS: dict[str, Pack] = {pack.key: pack for pack in (FRENCH_32, FRENCH_40, ITALIAN_40, SPANISH_48)}
