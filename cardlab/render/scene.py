"""What a picture of the table shows, as plain data.

The rules build a :class:`TableScene` from a state and a viewpoint; the drawing functions turn it
into SVG.  Drawing never decides legality, winners or points: every such fact arrives here
already decided, as text or as a set of card codes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card


@dataclass(frozen=True)
class SeatScene:
    """One seat as the viewer may see it.

    ``hand`` holds a ``Card`` for each card the viewer may see and ``None`` for each card shown
    face down.  ``label`` is the seat's caption ("N · dealer"), ``side`` its partnership or role
    ("NS", "Ombre", ""), ``badges`` short public facts ("declared three 3s", "busso").
    """

    seat: str
    label: str
    hand: tuple[Card | None, ...]
    side: str = ""
    badges: tuple[str, ...] = ()
    tricks_won: int = 0


@dataclass(frozen=True)
class TableScene:
    """Everything one picture of the table shows.

    ``seats`` are in play order starting at the viewer, who is drawn at the bottom; the next seats
    go round in the game's direction of play (for a counter-clockwise game the second seat sits at
    the viewer's right).  ``trick`` is the trick on the table as (seat, card) in the order played;
    ``last_trick`` the previous completed trick with its ``last_winner`` ("" when won by nobody).
    ``legal`` holds the codes of the cards the viewer may play now (highlighted, clickable);
    ``public`` cards face up for all to see (a turned trump card), with a caption.
    ``selected`` holds the codes of cards the learner has picked for a call (Aluette's discards),
    ``hint`` the code of the card a computer player suggests ("" for none), ``trick_number`` the
    number of the trick being played (0 when the rules do not say).  ``buttons`` False draws a
    picture nobody plays on (a preview): no card is a button, so none is focusable or announced as one.
    ``watching`` True draws it for someone who does not sit at the table (a teacher's view of a
    classroom table): the seat at the bottom is not called "you".
    """

    family: str
    seats: tuple[SeatScene, ...]
    viewer: str
    to_act: str | None
    direction: str
    trick: tuple[tuple[str, Card], ...] = ()
    trick_leader: str | None = None
    last_trick: tuple[tuple[str, Card], ...] = ()
    last_winner: str = ""
    legal: frozenset[str] = frozenset()
    public: tuple[tuple[str, Card], ...] = ()
    title: str = ""
    status: str = ""
    special_names: dict[str, str] = field(default_factory=dict)
    selected: frozenset[str] = frozenset()
    hint: str = ""
    trick_number: int = 0
    buttons: bool = True
    watching: bool = False
