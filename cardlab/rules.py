"""The shared trick-taking walk, and the hooks each game overrides.

:class:`TrickGame` validates an action, routes it (deal, call, play), closes a trick, passes the
lead, ends the hand, scores it and settles the match.  A game is one subclass that overrides only
the hooks where it differs; the base holds no game flags.

How the five games plug in
--------------------------
* **Tressette, Quatre Sept** — follow suit, no trumps: the default :meth:`legal_cards` and
  :meth:`trick_winner`; their own :meth:`strength`, :meth:`card_points`, :meth:`score`.
  Quatre Sept's four sevens end the match at the deal: :meth:`after_deal` moves straight to
  ``"over"`` and :meth:`score` returns a result with ``match_winner`` set; the politaine and the
  redeal demand are :meth:`legal_calls` (a redeal logs a fresh :class:`Deal`); the low-lead rule
  is an override of :meth:`legal_cards` + :meth:`refusal`; :meth:`suggested_card` lets a bot go
  on with a declared politaine.
* **Sixty-Six** — the deal's ``turned`` extra fixes trumps (:meth:`after_deal` keeps it in the
  state) and stays face up in the dealer's hand (:meth:`public_cards`); must-win and
  must-overtrump are :meth:`legal_cards` + :meth:`refusal`; the 65–65 carried point lives in the
  match (:meth:`settle`).
* **Aluette, La Vache** — :meth:`strength` ranks across suits; two cards tying for best make
  :meth:`trick_winner` return ``None`` (spoiled; :meth:`next_leader` gives the lead back to the
  same leader); tricks are counted per player in :meth:`score`.  Singing, discards and surrender
  are phases before play (``phase`` names them, :meth:`legal_calls` lists their calls).
  La Vache seats 3 to 5 players through ``seats`` and ``sides``.
* **Quadrille** — the auction, trump naming and the called king are phases and calls; the state
  subclass holds the contract and the called card; :meth:`mask` hides the partner from views;
  :meth:`side_of` answers from the contract; matador reneging is :meth:`legal_cards`;
  :meth:`after_trick` asks the winner of six straight tricks to stop or go for the vole (forced
  Spadille stops there); :meth:`suggested_call` gives a bot its bids; the chip ledger
  and the pot are the match totals and :meth:`settle`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar, cast

from .actions import Action, Call, Deal, Play
from . import i18n
from .card_words import card_name, suit_name
from .cards import Card, Pack
from .render.scene import SeatScene, TableScene
from .state import State, Trick

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1
SEAT_NAMES = {"N": i18n.N_("North"), "E": i18n.N_("East"), "S": i18n.N_("South"), "W": i18n.N_("West")}
SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}  # how hands are grouped; a game's own suits come after

StateT = TypeVar("StateT", bound=State)  # a game's own state: State, or a subclass with its extra facts


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``: the same order from the same draws, so that a seed deals what it
    always dealt, without a Python call per card (every random hand is dealt)."""
    if type(rng) is not random.Random:  # a generator of its own kind draws its own way
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for last in range(len(cards) - 1, 0, -1):
        count = last + 1
        width = count.bit_length()
        drawn = bits(width)
        while drawn >= count:
            drawn = bits(width)
        cards[last], cards[drawn] = cards[drawn], cards[last]


class PointsMade(dict[int, Fraction]):
    """Whole units of ``1/scale`` as points, each Fraction made when first asked for and kept."""

    def __init__(self, scale: int) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, units: int) -> Fraction:
        made = self[units] = Fraction(units, self.scale)
        return made


@dataclass(frozen=True)
class CardTable:
    """What the hooks :meth:`TrickGame.suit_of` and :meth:`TrickGame.strength` say of every card of
    the pack under one trump suit, looked up instead of asked card by card on the hot path."""

    trump: str | None
    suit: dict[Card, str]
    strength: dict[Card, int]
    sort_key: dict[Card, tuple[int, int]]  # the order of :meth:`TrickGame.sorted_cards`
    power: dict[Card, int]  # the strength, every trump lifted above every other card
    order: dict[Card, int]  # ``sort_key`` as one number (equal keys, equal numbers): a cheaper sort
    following: dict[Card, frozenset[Card]]  # the cards of each card's suit (as :meth:`TrickGame.suit_of` says)
    distinct_order: bool  # no two cards share a place in ``order``: any set of cards sorts to one list
    # for each suit that can be led, ``power`` of the cards that can win the trick (that suit's and
    # trumps), every other card below them all: a trick is judged on one number per card
    power_under: dict[str, dict[Card, int]]

    @cached_property
    def hand_order(self) -> Callable[[Card], int]:
        """The sort key of :meth:`TrickGame.sorted_cards`, bound once."""
        return self.order.__getitem__


class Refusal(str):
    """Why the rules refuse an action: the sentence a learner reads (the string itself) and ``rule``,
    the id of the rule that refuses it in the game's register (:mod:`cardlab.games.register`) or
    one of its ``TABLE_RULES``.  Practice, quizzes, the coach and rooms read the id, never the words."""

    rule: str

    def __new__(cls, rule: str, sentence: str) -> Refusal:
        made = super().__new__(cls, sentence)
        made.rule = rule
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return self.rule, str(self)


class IllegalAction(ValueError):
    """An action the rules refuse; its text is the ``why_illegal`` sentence (a :class:`Refusal`, or
    words alone for what is no action of a hand, such as a dealer who is no seat)."""


class OptionError(ValueError):
    """An option name or value the game does not know."""


class MatchError(ValueError):
    """A saved match sheet (a scenario's ``match``) that does not fit the game; the text says why."""


MOST_MATCH_TOTAL = 10**6  # a saved match sheet's totals, either way: far past any match's end


@dataclass(frozen=True)
class DealerDraw:
    """How the first dealer of a match was chosen by drawing cards: each round every seat still
    in the draw takes one card; the highest deals, equal highest draw again."""

    rounds: tuple[tuple[tuple[str, Card], ...], ...]
    dealer: str

    def sentence(self, pack: Pack) -> str:
        """The draw as the table tells it: "N draws the 7 of hearts, E the king of spades, …;
        E and W tie and draw again: …; E deals." """
        told = []
        for number, drawn in enumerate(self.rounds):
            cards = ", ".join(f"{seat} {card_name(pack, card)}" for seat, card in drawn)
            told.append((i18n._("Each seat draws a card: {cards}") if number == 0 else
                         i18n._("they draw again: {cards}")).format(cards=cards))
            if number + 1 < len(self.rounds):
                tied = [seat for seat, _ in self.rounds[number + 1]]
                told[-1] = i18n._("{drawn}; {seats} tie for highest").format(drawn=told[-1],
                                                                           seats=i18n.listed(tied))
        return i18n._("{draws}. {seat} deals first.").format(draws="; ".join(told), seat=self.dealer)


def option(default: Any, label: str, *, choices: Sequence[Any] = (), source: str = "",
           words: Mapping[Any, str] | None = None) -> Any:
    """A game option: a dataclass field with what the widget and docs need to present it.  ``words``
    names a choice in the menus where its value is not already words of every language (a number, a
    yes or no): ``i18n.mark("option", ...)`` each, the value itself staying language-free."""
    return field(default=default, metadata={"label": label, "choices": tuple(choices), "source": source,
                                            "choice_words": dict(words or {})})


@dataclass(frozen=True)
class NoOptions:
    """A game without options."""


class Summary:
    """A hand result's summary sentence, given as text or as the function that words it, which
    is called when the sentence is first read and kept: the engine scores every hand (a random
    playout, the expert's samples), a person reads few of them."""

    def __get__(self, result: object, owner: type | None = None) -> str:
        if result is None:
            return ""
        told: str | Callable[[], str] = result.__dict__["summary"]
        if isinstance(told, str):
            return told
        text = result.__dict__["summary"] = told()
        return text

    def __set__(self, result: object, told: str | Callable[[], str]) -> None:
        result.__dict__["summary"] = told


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand.

    ``points`` exact (Fractions), ``score`` what goes on the score sheet, ``parts`` the story of
    each side's points (card points, last trick, declarations, fraction dropped …) in order.
    ``match_winner`` is set when the hand itself decides the match (Quatre Sept's four sevens).
    ``summary`` is the hand in one sentence; a game may give the function that words it
    (:class:`Summary`), so that the words are made only when read, in the language then in use.
    """

    points: dict[str, Fraction]
    score: dict[str, int]
    parts: dict[str, dict[str, Fraction]]
    last_trick: str | None = None
    match_winner: str | None = None
    summary: Summary = Summary()

    def __getstate__(self) -> dict[str, Any]:
        """The result as pickled (to and from a room's worker process): the summary as words."""
        return {**self.__dict__, "summary": self.summary}


@dataclass(frozen=True)
class MatchState:
    """The score sheet between hands: totals, every hand's result, the next dealer, and a
    ``note`` the game adds under the sheet (Sixty-Six's carried point)."""

    totals: dict[str, int]
    dealer: str
    results: tuple[HandResult, ...] = ()
    over: bool = False
    winner: str | None = None
    note: str = ""


class TrickGame(Generic[StateT]):
    """Base of every game's rules.  Subclasses set the class attributes and override hooks.

    A game names the state it keeps, ``TrickGame[QuadrilleState]``, and sets :attr:`state_class`
    to it; its hooks are then given and return that state."""

    key: ClassVar[str]
    title: ClassVar[str]
    pack: ClassVar[Pack]
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    sides: dict[str, tuple[str, ...]] = {"NS": ("N", "S"), "EW": ("E", "W")}
    direction: ClassVar[int] = CLOCKWISE
    deal_packets: tuple[int, ...]
    # the default fits the games of plain State only, which a default cannot say
    state_class: type[StateT] = State  # type: ignore[assignment]
    Options: ClassVar[type] = NoOptions

    # Hooks a game leaves at their default, which the hot path (every card of every hand) then
    # answers without a call: set for each game class as it is defined.
    sorts_by_table: ClassVar[bool] = True  # :meth:`sorted_cards`: the card table's order
    has_trumps: ClassVar[bool] = False  # :meth:`trump` overridden: the table may change with it
    all_play: ClassVar[bool] = True  # :meth:`players_in_trick`: every seat plays to each trick
    # :meth:`legal_calls` may offer a call during the play; a game whose calls depend on its
    # options (Tressette's declarations and signals) sets it on the instance
    calls_in_play: bool = False
    forces_calls: bool = False  # :meth:`forced_calls` may name a call; set like ``calls_in_play``
    # :meth:`legal_cards`, :meth:`sorted_cards` and :meth:`trump` all default: :meth:`legal` answers
    # the legal cards itself, from the one card table
    plain_cards: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.sorts_by_table = cls.sorted_cards is TrickGame.sorted_cards
        cls.plain_cards = (cls.sorts_by_table and cls.legal_cards is TrickGame.legal_cards
                           and cls.trump is TrickGame.trump)
        cls.has_trumps = cls.trump is not TrickGame.trump
        cls.all_play = cls.players_in_trick is TrickGame.players_in_trick
        cls.calls_in_play = cls.legal_calls is not TrickGame.legal_calls
        cls.forces_calls = cls.forced_calls is not TrickGame.forced_calls

    def __init__(self, **options: Any) -> None:
        known = {f.name: f for f in fields(self.Options)}
        for name, value in options.items():
            if name not in known:
                told = (i18n._("{game} has no option {name}; its options are: {options}.") if known else
                        i18n._("{game} has no option {name}; its options are: none."))
                raise OptionError(told.format(game=self.title, name=repr(name), options=", ".join(known)))
            choices = known[name].metadata.get("choices", ())
            if choices and not any(value == c and type(value) is type(c) for c in choices):
                raise OptionError(i18n._("{value} is not a choice for {game}'s option {name}: choose one of "
                                         "{choices}.").format(value=repr(value), game=self.title, name=repr(name),
                                                              choices=", ".join(map(repr, choices))))
        self.options = self.Options(**options)

    def __repr__(self) -> str:
        changed = {f.name: getattr(self.options, f.name) for f in fields(self.options)
                   if getattr(self.options, f.name) != f.default}
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in changed.items())})"

    @property
    def target(self) -> int | None:
        """Hook: the score that wins the match, if the game plays to one."""
        return None

    # ----- seats and sides ----------------------------------------------------------------
    def next_seat(self, seat: str, steps: int = 1) -> str:
        """The seat ``steps`` places on in the direction of play."""
        return self.seats[(self.seats.index(seat) + steps * self.direction) % len(self.seats)]

    @cached_property
    def seat_index(self) -> dict[str, int]:
        """Each seat's place in :attr:`seats` (and so in a state's ``hands``)."""
        return {seat: index for index, seat in enumerate(self.seats)}

    @cached_property
    def seat_after(self) -> dict[str, str]:
        """:meth:`next_seat` one step on, for every seat: the lead passes at every card."""
        return {seat: self.next_seat(seat) for seat in self.seats}

    def play_order(self, first: str) -> tuple[str, ...]:
        return tuple(self.next_seat(first, k) for k in range(len(self.seats)))

    def side_of(self, state: StateT, seat: str) -> str:
        return self.side_of_seat.get(seat, seat)

    def side_words(self, side: str) -> str:
        """A side as the board names it to a person: its key (NS, a seat) unless the game words it."""
        return side

    @cached_property
    def side_of_seat(self) -> dict[str, str]:
        """The first side in :attr:`sides` that holds each seat: players ask at every card."""
        table: dict[str, str] = {}
        for side, members in self.sides.items():
            for seat in members:
                table.setdefault(seat, side)
        return table

    def seat_name(self, seat: str) -> str:
        return i18n._(SEAT_NAMES[seat]) if seat in SEAT_NAMES else seat


    # ----- the deal ------------------------------------------------------------------------
    def initial(self, dealer: str) -> StateT:
        if dealer not in self.seats:
            raise IllegalAction(f"{dealer!r} is not a seat: the seats are {', '.join(self.seats)}.")
        made = self.initial_states.get(dealer)
        if made is None:
            made = self.initial_states[dealer] = self.state_class(seats=self.seats, dealer=dealer, to_act=dealer,
                                                                  hands=tuple(() for _ in self.seats))
        return made

    @cached_property
    def initial_states(self) -> dict[str, StateT]:
        """The table before the deal, by dealer: made once, as states never change."""
        return {}

    def first_to_receive(self, dealer: str) -> str:
        return self.next_seat(dealer)

    def deal(self, dealer: str, rng: random.Random | int | None = None) -> Deal:
        """Shuffle the pack and deal it in the game's packets; the result is a loggable action."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        cards = list(self.pack.cards)
        shuffle(rng, cards)
        return self.deal_from(dealer, cards)

    def deal_from(self, dealer: str, cards: Sequence[Card]) -> Deal:
        """Deal an ordered pack in the game's packets, first packet to :meth:`first_to_receive`."""
        order = self.receiving_order.get(dealer)
        if order is None:
            order = self.receiving_order[dealer] = self.play_order(self.first_to_receive(dealer))
        hands: dict[str, list[Card]] = {seat: [] for seat in order}
        position = 0
        for size in self.deal_packets:
            for seat in order:
                hands[seat].extend(cards[position:position + size])
                position += size
        return Deal(dealer, tuple([(seat, tuple(hands[seat])) for seat in self.seats]),
                    self.deal_extras(dealer, hands, cards[position:]))

    @cached_property
    def receiving_order(self) -> dict[str, tuple[str, ...]]:
        """The seats in the order they receive their packets, by dealer, kept once known."""
        return {}

    def deal_extras(self, dealer: str, hands: dict[str, list[Card]], rest: Sequence[Card]) -> tuple:
        """Hook: cards the deal sets aside or turns up, as ``((name, cards), …)``."""
        return (("rest", tuple(rest)),) if rest else ()

    def hand_size(self) -> int:
        return sum(self.deal_packets)

    def rule(self, name: str) -> str:
        """The id of this game's rule ``name`` in its register (``tressette.follow-suit``)."""
        return f"{self.key}.{name}"

    def deal_problem(self, state: StateT, deal: Deal) -> str | None:
        """Hook: why a given deal cannot be this game's deal, or None (a :class:`Refusal`, or words
        that :meth:`why_illegal` gives the rule ``deal``)."""
        if deal.dealer != state.dealer:
            return Refusal(self.rule("deal"), i18n._("The dealer is {dealer}, not {seat}.").format(
                dealer=state.dealer, seat=deal.dealer))
        if sorted([seat for seat, _ in deal.hands]) != self.sorted_seats:
            return Refusal(self.rule("deal"), i18n._("A deal gives cards to each of {seats} exactly once.").format(
                seats=", ".join(self.seats)))
        size = self.hand_size()
        for seat, cards in deal.hands:
            if len(cards) != size:
                return Refusal(self.rule("deal"), i18n.ngettext(
                    "{seat} was dealt {count} card; each seat receives {size}.",
                    "{seat} was dealt {count} cards; each seat receives {size}.",
                    len(cards)).format(seat=seat, count=i18n.number(len(cards)), size=i18n.number(size)))
        dealt: list[Card] = []
        for _, cards in deal.hands + deal.extras:
            dealt += cards
        pack = self.pack_cards
        try:
            if pack.issuperset(dealt) and len(set(dealt)) == len(dealt):  # every deal of a hand played
                return None
        except TypeError:  # something unhashable dealt: named below
            pass
        for card in dealt:
            if not isinstance(card, Card) or card not in pack:
                return Refusal(self.rule("deal"), i18n._("{card} is not in the {pack}.").format(
                    card=card, pack=i18n._(self.pack.title)))
        seen: set[Card] = set()
        for card in dealt:
            if card in seen:
                return Refusal(self.rule("deal"), i18n._("{card} was dealt twice.").format(card=card))
            seen.add(card)
        return None

    @cached_property
    def sorted_seats(self) -> list[str]:
        return sorted(self.seats)

    @cached_property
    def pack_cards(self) -> frozenset[Card]:
        return frozenset(self.pack.cards)

    def after_deal(self, state: StateT) -> StateT:
        """Hook: the state once the cards are out.  Default: straight to play."""
        leader = self.first_leader(state)
        return state.evolve(phase="play", to_act=leader, trick=tuple.__new__(Trick, (leader, (), None)))

    def first_leader(self, state: StateT) -> str:
        return self.seat_after[state.dealer]

    # ----- legality ------------------------------------------------------------------------
    def legal(self, state: StateT) -> list[Action]:
        """Every action the seat to act may take now: calls first, then cards."""
        seat, phase = state.to_act, state.phase
        if phase == "play" and seat is not None:
            plain = self.plain_legal
            if plain is not None and state.viewer is None:
                # :meth:`legal_cards` inlined for a full state (every random card): the led suit's
                # cards held, else the whole hand, in the hand order
                following, order, by_seat = plain
                index, play = by_seat[seat]
                held: Iterable[Card | None] = state.hands[index]  # no None: a full state
                trick = state.trick
                if trick is not None and trick.plays:
                    held = following[trick.plays[0][1]].intersection(held) or held
                return list(map(play, sorted(held, key=order)))  # type: ignore[arg-type]
            cards: list[Action] = list(map(self.plays[seat].__getitem__, self.legal_cards(state, seat)))
            if not self.calls_in_play:
                return cards
            calls = self.legal_calls(state)
            return [*calls, *cards] if calls else cards
        if seat is None or phase == "deal" or phase == "over":
            return []
        return list(self.legal_calls(state))

    @cached_property
    def plain_legal(self) -> tuple[dict[Card, frozenset[Card]], Callable[[Card], int],
                                   dict[str, tuple[int, Callable[[Card], Play]]]] | None:
        """What :meth:`legal` needs to answer by itself for a game whose :meth:`legal_cards` is the
        default rule, with no trumps, no call in play or forced, and cards that all sort apart:
        the cards of each card's suit, the hand order, and each seat's hand index and plays.
        None for any other game."""
        if not self.plain_cards or self.calls_in_play or self.forces_calls:
            return None
        table = self.card_table(self.initial(self.seats[0]))
        if not table.distinct_order:
            return None
        return table.following, table.hand_order, {seat: (index, self.plays[seat].__getitem__)
                                                   for seat, index in self.seat_index.items()}

    @cached_property
    def plays(self) -> dict[str, dict[Card, Play]]:
        """Every :class:`Play` there can be, by seat and card, made once: actions are values."""
        return {seat: {card: Play(seat, card) for card in self.pack.cards} for seat in self.seats}

    def legal_calls(self, state: StateT) -> list[Call]:
        """Hook: the calls the seat to act may make now (declarations, signals, bids …)."""
        return []

    def forced_calls(self, state: StateT) -> list[Call]:
        """Hook: calls the seat to act must make before anything else, which the table and the
        computer players make at once (Tressette's automatic declarations): until they are made,
        :meth:`legal_cards` gives that seat no card.  Default: none."""
        return []

    def suggested_call(self, view: StateT) -> Call | None:
        """Hook: the call a plain player would make from ``view`` (bids, naming trumps), for
        :class:`cardlab.bots.SimpleBot`.  Default None: the bot chooses by itself."""
        return None

    def suggested_card(self, view: StateT) -> Card | None:
        """Hook: a legal card a plain player would surely play now (Quatre Sept: go on with a
        declared politaine), for :class:`cardlab.bots.SimpleBot`.  Default None."""
        return None

    def legal_cards(self, state: StateT, seat: str) -> list[Card]:
        """Hook: the cards ``seat`` may play.  Default: follow suit if you can, no need to beat.
        Asked at every card: the cards of the led suit are one set intersection, sorted on one
        number per card, without rebuilding the hand."""
        if self.forces_calls and seat == state.to_act and self.forced_calls(state):
            return []
        held: Sequence[Card] = cast(tuple[Card, ...], state.hands[self.seat_index[seat]])
        if state.viewer is not None and None in held:  # a hand face down in a view
            held = [card for card in held if card is not None]
        table = self.card_tables.get(self.trump(state) if self.has_trumps else None) or self.card_table(state)
        trick = state.trick
        if trick is not None and trick.plays:
            led = table.following[trick.plays[0][1]]
            if self.sorts_by_table and table.distinct_order:  # a set: its order comes from the sort
                held = led.intersection(held) or held  # type: ignore[assignment]
            else:
                held = [card for card in held if card in led] or held
        if self.sorts_by_table:
            return sorted(held, key=table.hand_order)
        return self.sorted_cards(state, held)

    def refusal(self, state: StateT, seat: str, card: Card) -> str:
        """Hook: the refusal of a held card that :meth:`legal_cards` excludes (words alone are given
        the rule ``follow-suit``)."""
        led = state.trick_on_table.plays[0][1]
        suit = self.suit_of(state, led)
        held = [c for c in state.hand(seat) if c is not None and self.suit_of(state, c) == suit]
        return Refusal(self.rule("follow-suit"), i18n._(
            "You must follow suit: {suit} were led and you hold {cards}.").format(
            suit=suit_name(self.pack, suit), cards=self.names(held)))

    def call_refusal(self, state: StateT, call: Call) -> str:
        """Hook: the refusal of a call not in :meth:`legal_calls` (words alone are given the rule
        ``calls``)."""
        return Refusal(self.rule("calls"), i18n._("\"{call}\" is not something {seat} can say now.").format(
            call=call, seat=call.seat))

    def why_illegal(self, state: StateT, action: Action) -> Refusal | None:
        """None for a legal action, else the refusal: one sentence a learner can read, and its rule."""
        if isinstance(action, Deal):
            if state.phase != "deal":
                return Refusal(self.rule("deal"), i18n._("The cards have already been dealt."))
            return self.refused("deal", self.deal_problem(state, action))
        if state.phase == "over":
            return Refusal("table.hand-over", i18n._("The hand is over."))
        if state.phase == "deal":
            return Refusal(self.rule("deal"), i18n._("The cards have not been dealt yet."))
        if action.seat not in self.seats:
            return Refusal("table.seat", i18n._("{seat} is not a seat: the seats are {seats}.").format(
                seat=repr(action.seat), seats=", ".join(self.seats)))
        if action.seat != state.to_act:
            return Refusal(self.rule("turn"), i18n._("It is {to_act}'s turn, not {seat}'s.").format(
                to_act=state.to_act, seat=action.seat))
        if isinstance(action, Call):
            wanted = action.words.casefold()
            if any(call.words.casefold() == wanted for call in self.legal_calls(state)):
                return None
            return self.refused("calls", self.call_refusal(state, action))
        if state.phase != "play":
            return self.refused("phases", self.phase_refusal(state, action))
        if action.card not in self.pack:
            return Refusal("table.pack", i18n._("{card} is not a card of this pack: its ranks are {ranks}.").format(
                card=action.card, ranks=" ".join(self.pack.ranks)))
        if action.card not in state.hand(action.seat):
            return Refusal("table.held", i18n._("{seat} does not hold {card}.").format(
                seat=action.seat, card=self.card_name(action.card)))
        if action.card in self.legal_cards(state, action.seat):
            return None
        return self.refused("follow-suit", self.refusal(state, action.seat, action.card))

    def refused(self, name: str, sentence: str | None) -> Refusal | None:
        """A hook's answer as a refusal: a :class:`Refusal` as it is, words alone with this game's rule
        ``name``."""
        if sentence is None or isinstance(sentence, Refusal):
            return sentence
        return Refusal(self.rule(name), sentence)

    def phase_refusal(self, state: StateT, action: Action) -> str:
        """Hook: why a card cannot be played during a phase before play (words alone are given the
        rule ``phases``)."""
        return Refusal(self.rule("phases"),
                       i18n._("No card is played yet: this is the {phase}.").format(phase=state.phase))

    # ----- applying actions ----------------------------------------------------------------
    def apply(self, state: StateT, action: Action, *, check: bool = True) -> StateT:
        """The state after ``action``; an illegal action raises :class:`IllegalAction`."""
        if check:
            problem = self.why_illegal(state, action)
            if problem is not None:
                raise IllegalAction(problem)
        if isinstance(action, Play):
            return self.apply_play(state, action.seat, action.card)
        if isinstance(action, Deal):
            hands = dict(action.hands)
            return self.after_deal(state.evolve(deal=action, hands=tuple(map(hands.__getitem__, self.seats))))
        canonical = next((c for c in self.legal_calls(state)
                          if c.words.casefold() == action.words.casefold()), action)
        return self.apply_call(state, canonical)

    def apply_call(self, state: StateT, call: Call) -> StateT:
        """Hook: the state after a legal call.  Default: log it; the same seat acts again."""
        return state.evolve(calls=state.calls + ((len(state.tricks), call),))

    def apply_play(self, state: StateT, seat: str, card: Card) -> StateT:
        """The state after a legal card: every card of every hand comes through here, so the
        trick grows by one tuple, one hand loses one card, and only a completed trick is judged
        and handed on (in one new state where the game keeps the default hooks of a trick's end).
        Tricks are made with ``tuple.__new__``, which skips the named tuple's Python ``__new__``."""
        trick = state.trick
        if trick is None:
            raise IllegalAction(i18n._("No card is played now: this is the {phase}.").format(phase=state.phase))
        hands = state.hands
        index = self.seat_index[seat]
        hand = hands[index]
        at = hand.index(card)
        changed = list(hands)
        changed[index] = hand[:at] + hand[at + 1:]
        plays = trick.plays + ((seat, card),)
        size = self.trick_size
        if len(plays) < (size or self.players_in_trick(state)):
            fields = state.__dict__.copy()  # :meth:`State.after_card` inlined: most cards end no trick
            fields["hands"] = tuple(changed)
            fields["trick"] = tuple.__new__(Trick, (trick.leader, plays, None))
            fields["to_act"] = self.seat_after[seat]
            made = object.__new__(type(state))
            object.__setattr__(made, "__dict__", fields)
            return made
        leader = trick.leader
        plain = self.plain_tricks
        if plain is None:
            done = tuple.__new__(Trick, (leader, plays, self.trick_winner(state, tuple.__new__(
                Trick, (leader, plays, None)))))
            return self.after_trick(state.after_card(tuple(changed), None, state.to_act, state.tricks + (done,)), done)
        suit, power_under = plain
        first, led = plays[0]
        power = power_under[suit[led]]
        winner: str | None = first
        best = power[led]
        for other, played in plays[1:]:  # :meth:`trick_winner`
            if power[played] > best:
                winner, best = other, power[played]
            elif power[played] == best:
                winner = None
        fields = state.__dict__.copy()
        fields["hands"] = left = tuple(changed)
        fields["tricks"] = state.tricks + (tuple.__new__(Trick, (leader, plays, winner)),)
        if any(left):
            if winner is not None:  # :meth:`next_leader`
                leader = winner
            fields["trick"] = tuple.__new__(Trick, (leader, (), None))
            fields["to_act"] = leader
        else:  # :meth:`after_trick`: the hand is over
            fields["trick"] = fields["to_act"] = None
            fields["phase"] = "over"
            fields["over"] = True
        made = object.__new__(type(state))
        object.__setattr__(made, "__dict__", fields)
        return made

    @cached_property
    def trick_size(self) -> int | None:
        """The cards of every trick, where every seat plays to each (:attr:`all_play`)."""
        return len(self.seats) if self.all_play else None

    @cached_property
    def plain_tricks(self) -> tuple[dict[Card, str], dict[str, dict[Card, int]]] | None:
        """What :meth:`apply_play` needs to end a trick by itself, for a game with no trumps that
        keeps the default :meth:`trick_winner`, :meth:`after_trick`, :meth:`next_leader` and
        :meth:`is_hand_over`: each card's suit and the powers under each led suit.  None for any other."""
        kind = type(self)
        if (self.has_trumps or kind.trick_winner is not TrickGame.trick_winner
                or kind.after_trick is not TrickGame.after_trick or kind.next_leader is not TrickGame.next_leader
                or kind.is_hand_over is not TrickGame.is_hand_over):
            return None
        table = self.card_table(self.initial(self.seats[0]))
        return table.suit, table.power_under

    def players_in_trick(self, state: StateT) -> int:
        return len(self.seats)

    def after_trick(self, state: StateT, done: Trick) -> StateT:
        """Hook: after a completed trick.  Default: end the hand or give the lead on."""
        if self.is_hand_over(state):
            return state.evolve(phase="over", to_act=None)
        leader = self.next_leader(state, done)
        return state.after_card(state.hands, tuple.__new__(Trick, (leader, (), None)), leader)

    def next_leader(self, state: StateT, done: Trick) -> str:
        """Hook: the winner leads; after a trick won by nobody the same leader leads again."""
        return done.winner if done.winner is not None else done.leader

    def is_hand_over(self, state: StateT) -> bool:
        return not any(state.hands)

    # ----- strength and winners ------------------------------------------------------------
    def suit_of(self, state: StateT, card: Card) -> str:
        """Hook: the suit a card belongs to for following (Quadrille's black aces are trumps).
        It may depend on the state only through :meth:`trump` (see :meth:`card_table`)."""
        return card.suit

    def strength(self, state: StateT, card: Card) -> int:
        """Hook: how strong a card is within its suit (higher wins).  It may depend on the state
        only through :meth:`trump` (see :meth:`card_table`)."""
        raise NotImplementedError

    def card_table(self, state: StateT) -> CardTable:
        """:meth:`suit_of`, :meth:`strength` and the hand order of every card under the state's
        trump suit, built once per trump suit and kept."""
        trump = self.trump(state) if self.has_trumps else None
        table = self.card_tables.get(trump)
        if table is None:
            cards = self.pack.cards
            suit = {card: self.suit_of(state, card) for card in cards}
            strength = {card: self.strength(state, card) for card in cards}
            lift = max(strength.values()) - min(strength.values()) + 1
            sort_key = {card: (SUIT_ORDER.get(suit[card], len(SUIT_ORDER)), strength[card]) for card in cards}
            numbers = {key: number for number, key in enumerate(sorted(set(sort_key.values())))}
            power = {card: strength[card] + (lift if suit[card] == trump else 0) for card in cards}
            below = min(power.values()) - 1
            cards_of = {name: frozenset(card for card in cards if suit[card] == name) for name in set(suit.values())}
            table = self.card_tables[trump] = CardTable(
                trump, suit, strength, sort_key, power,
                {card: numbers[key] for card, key in sort_key.items()},
                {card: cards_of[suit[card]] for card in cards},
                len(set(sort_key.values())) == len(cards),
                {led: {card: power[card] if suit[card] in (led, trump) else below for card in cards}
                 for led in set(suit.values())})
        return table

    @cached_property
    def card_tables(self) -> dict[str | None, CardTable]:
        return {}

    def trump(self, state: StateT) -> str | None:
        """Hook: the trump suit, if any."""
        return None

    def trick_winner(self, state: StateT, trick: Trick) -> str | None:
        """The seat whose card wins (so far); None when the best cards tie (a spoiled trick)."""
        table = self.card_tables.get(self.trump(state) if self.has_trumps else None) or self.card_table(state)
        plays = trick.plays
        first, led = plays[0]
        power = table.power_under[table.suit[led]]
        winner: str | None = first
        best = power[led]
        for seat, card in plays[1:]:
            if power[card] > best:
                winner, best = seat, power[card]
            elif power[card] == best:  # a tie for the best card: nobody wins yet
                winner = None
        return winner

    def sorted_cards(self, state: StateT, cards: Iterable[Card]) -> list[Card]:
        """Cards grouped by suit (S H D C), weakest first within a suit."""
        return sorted(cards, key=self.card_table(state).hand_order)

    # ----- points and results --------------------------------------------------------------
    def card_points(self, card: Card) -> Fraction:
        """Hook: what a card is worth in the count."""
        return Fraction(0)

    last_trick_bonus: ClassVar[Fraction] = Fraction(0)
    last_trick_local_name: ClassVar[str] = ""  # what players call the last trick ("ultima")

    @cached_property
    def scaled_points(self) -> tuple[dict[Card, int], int]:
        """Every card's :meth:`card_points` as a whole number of ``1/scale``, ``scale`` being the
        pack's common denominator: a count adds integers and makes one Fraction at the end
        (Fraction arithmetic was most of the time spent scoring a hand)."""
        points = {card: Fraction(self.card_points(card)) for card in self.pack.cards}
        scale = lcm(*(value.denominator for value in points.values()))
        return {card: value.numerator * (scale // value.denominator) for card, value in points.items()}, scale

    def trick_points(self, trick: Trick) -> Fraction:
        scaled, scale = self.scaled_points
        return Fraction(sum(scaled[card] for _, card in trick.plays), scale)

    def card_points_by_side(self, state: StateT) -> dict[str, Fraction]:
        if type(self).trick_points is not TrickGame.trick_points:  # the game counts its own way
            points = {side: Fraction(0) for side in self.sides}
            for trick in state.tricks:
                if trick.winner is not None:
                    points[self.side_of(state, trick.winner)] += self.trick_points(trick)
            return points
        return {side: self.in_points(units) for side, units in self.card_units_by_side(state).items()}

    def card_units_by_side(self, state: StateT) -> dict[str, int]:
        """Each side's card points in whole units of ``1/scale`` (:attr:`scaled_points`), for a
        game that counts with the default :meth:`trick_points`."""
        scaled = self.scaled_points[0]
        totals = dict.fromkeys(self.sides, 0)
        sides = self.side_of_seat if type(self).side_of is TrickGame.side_of else None  # fixed by seat
        for trick in state.tricks:
            winner = trick.winner
            if winner is not None:
                units = 0
                for _, card in trick.plays:
                    units += scaled[card]
                totals[sides.get(winner, winner) if sides is not None else self.side_of(state, winner)] += units
        return totals

    def in_points(self, units: int) -> Fraction:
        """``units`` whole units of ``1/scale`` as points.  Each value is made once and kept: a
        hand's score shows a dozen of them, and looking one up costs far less than a Fraction."""
        return self.points_made[units]

    @cached_property
    def points_made(self) -> PointsMade:
        """:meth:`in_points` as a dict, for a count that looks up many."""
        return PointsMade(self.scaled_points[1])

    def takers(self, state: StateT) -> list[str | None]:
        """Hook: who takes each completed trick.  Default: its winner (None for a spoiled trick);
        La Vache carries a tied trick to the next clear winner."""
        return [trick.winner for trick in state.tricks]

    def last_trick_side(self, state: StateT) -> str | None:
        if state.phase != "over" or not state.tricks or state.tricks[-1].winner is None:
            return None
        return self.side_of(state, state.tricks[-1].winner)

    def running_points(self, state: StateT) -> dict[str, dict[str, Fraction]]:
        """Hook: the points each side has so far, by part, for the live panel."""
        parts = {side: {"cards": value} for side, value in self.card_points_by_side(state).items()}
        last = self.last_trick_side(state)
        for side in parts:
            parts[side]["last trick"] = self.last_trick_bonus if side == last else Fraction(0)
        return parts

    def score(self, state: StateT) -> HandResult:
        """Hook: the result of a finished hand."""
        raise NotImplementedError

    # ----- matches -------------------------------------------------------------------------
    def new_match(self, dealer: str = "N", totals: dict[str, int] | None = None) -> MatchState:
        totals = dict(totals) if totals else {side: 0 for side in self.sides}
        return MatchState(totals=totals, dealer=dealer)

    def dealer_draw(self, rng: random.Random | int | None = None) -> DealerDraw | None:
        """Hook: how the first dealer of a match is chosen.  None (the default): the first seat
        deals; games whose sources draw cards for it return the draw."""
        return None

    def match_from_json(self, dealer: str, saved: dict[str, Any] | None) -> MatchState:
        """Hook: the match sheet before a hand, from a scenario's ``match`` object: a total for
        each side, plus whatever else the game keeps between hands.  A wrong object raises
        :class:`MatchError` with a sentence.  Default: whole-number side totals only, of a match
        not yet won -- so whatever :meth:`match_to_json` writes after a hand that leaves the match
        open reads back, and a won match (which has no next hand) is refused, never carried on
        past the bound of a million."""
        if saved is None:
            return self.new_match(dealer)
        if not isinstance(saved, dict) or set(saved) != set(self.sides):
            raise MatchError(i18n._("\"match\" must give a total for each of {sides}.").format(
                sides=", ".join(self.sides)))
        for side, total in saved.items():
            if not isinstance(total, int) or isinstance(total, bool) or abs(total) > MOST_MATCH_TOTAL:
                told = (i18n._("\"match\" holds whole-number totals from -{most} to {most}, such as "
                               "{{\"{side}\": 16}}; {total} is not one.")
                        if isinstance(total, int) and abs(total) < 10**30 else
                        i18n._("\"match\" holds whole-number totals from -{most} to {most}, such as "
                               "{{\"{side}\": 16}}; that is not one."))
                raise MatchError(told.format(most=i18n.number(MOST_MATCH_TOTAL), side=side, total=total))
        winner = self.match_winner(dict(saved), HandResult(points={}, score={}, parts={}))
        if winner is not None:
            first, *others = self.sides
            score = str(saved[first])
            for side in others:
                score = i18n.pgettext("score", "{first} to {second}").format(first=score, second=saved[side])
            raise MatchError(i18n._("The \"match\" is already over: {winner} has won it, {score}. A new match "
                                    "starts with no \"match\".").format(winner=winner, score=score))
        return self.new_match(dealer, saved)

    def match_to_json(self, match: MatchState) -> dict[str, Any]:
        """Hook: the inverse of :meth:`match_from_json`: the object a scenario of the next hand
        would carry as its ``match``.  Default: the side totals."""
        return dict(match.totals)

    def next_dealer(self, dealer: str) -> str:
        """Hook: the deal passes in the direction of play."""
        return self.next_seat(dealer)

    def settle(self, match: MatchState, result: HandResult) -> MatchState:
        """Hook: the score sheet after a hand."""
        totals = {side: match.totals.get(side, 0) + result.score.get(side, 0) for side in match.totals}
        winner = result.match_winner or self.match_winner(totals, result)
        return MatchState(totals=totals, dealer=self.next_dealer(match.dealer),
                          results=match.results + (result,), over=winner is not None, winner=winner)

    def match_winner(self, totals: dict[str, int], result: HandResult) -> str | None:
        """Hook: who has won the match after this hand, if anyone."""
        return None

    # ----- what a seat may see -------------------------------------------------------------
    def view(self, state: StateT, seat: str) -> StateT:
        """The state as ``seat`` sees it: other hands face down."""
        hands = tuple(hand if other == seat else (None,) * len(hand)
                      for other, hand in zip(state.seats, state.hands))
        return self.mask(state.evolve(hands=hands, viewer=seat, deal=None), seat)

    def mask(self, view: StateT, seat: str) -> StateT:
        """Hook: hide any further private fact from ``seat`` (Quadrille's called partner)."""
        return view

    def unmask(self, world: StateT, unseen: list[Card], rng: random.Random) -> StateT:
        """Hook: a sampled world (every hand dealt) with the cards :meth:`mask` hid and play may
        still bring into a hand drawn from ``unseen``, the cards no hand holds (Aluette's rest,
        sung into two hands).  Default: nothing hidden matters to play."""
        return world

    def set_aside(self, state: StateT) -> tuple[Card | None, ...]:
        """Hook: dealt cards now in no hand and no trick (left over, discarded).  Default: none."""
        return ()

    def public_cards(self, state: StateT) -> tuple[tuple[str, Card], ...]:
        """Hook: cards in a hand that everyone may see (Sixty-Six's turned trump)."""
        return ()

    def badges(self, state: StateT, seat: str) -> tuple[str, ...]:
        """Hook: short public facts shown by a seat (declarations, signals, bids)."""
        return ()

    # ----- words for the learner -------------------------------------------------------------
    def describe(self, action: Action) -> str:
        """The action as a learner reads it on a button or in a list: "Play the 3 of coins".
        The log keeps the action's own text; this wording is for people only."""
        if isinstance(action, Play):
            return i18n._("Play {card}").format(card=self.card_name(action.card))
        if isinstance(action, Deal):
            return i18n._("{seat} deals").format(seat=self.seat_name(action.dealer))
        return self.describe_call(action)

    def describe_call(self, call: Call) -> str:
        """Hook: a call in plain words, naming cards and suits in full ("Call the king of
        hearts", "Name trumps: ♠ spades").  Default: the call's own words, capitalised."""
        return call.words[:1].upper() + call.words[1:]

    def cards_to_pick(self, state: StateT) -> int:
        """Hook: how many of its cards the seat to act picks on the board before confirming them
        together, one call per card (Aluette's discards).  Default 0: cards go one at a time."""
        return 0

    def describe_pick(self, state: StateT, picked: Sequence[Card]) -> str:
        """Hook: the button that confirms the cards picked on the board (see ``cards_to_pick``),
        naming them, or telling what to pick while none is.  Default: "Confirm" and the cards."""
        if not picked:
            count = self.cards_to_pick(state)
            return i18n.ngettext("Pick {count} card on the board", "Pick {count} cards on the board",
                                 count).format(count=i18n.number(count))
        return i18n._("Confirm {cards}").format(cards=self.names(picked))

    def calls_naming(self, state: StateT, card: Card) -> list[Call]:
        """The legal calls whose words name ``card`` (a discard, a called king, an exchange), so
        a click on that card can stand for the call."""
        code = str(card).casefold()
        return [call for call in self.legal_calls(state)
                if code in (word.casefold() for word in call.words.split())]

    def class_name(self, card: Card) -> str | None:
        """Hook: the class a card ranks in, for games whose cards rank across suits in classes
        (Aluette's "Monsieur", "plain threes").  Default None: cards rank within their suit."""
        return None

    def after_tied_trick(self, state: StateT, trick: Trick) -> str:
        """Hook: what becomes of a trick nobody wins (its best cards tie), as a sentence for the
        learner.  Default: it stays untaken and the next leader leads."""
        return i18n._("{seat} leads again.").format(seat=self.next_leader(state, trick))

    def card_label(self, state: StateT | None, card: Card) -> str:
        """Hook: a card's name for the learner, with any title the game gives it (Quadrille's
        "Spadille (the ace of spades)").  Default: the pack's name."""
        return self.card_name(card)

    def card_name(self, card: Card) -> str:
        """The card's name in the current language: ``"the knight of coins"``, ``"il cavallo di denari"``."""
        return card_name(self.pack, card)

    def names(self, cards: Sequence[Card]) -> str:
        """The cards' names as one list in the current language: ``"the 7 and the ace of hearts"``."""
        return i18n.listed([self.card_name(card) for card in cards])

    def status(self, state: StateT) -> str:
        if state.phase == "deal":
            return i18n._("{seat} to deal.").format(seat=state.dealer)
        if state.phase == "over":
            return i18n._("The hand is over.")
        if state.phase == "play":
            leading = state.trick is not None and not state.trick.plays
            return (i18n._("Trick {number}: {seat} to lead.") if leading else
                    i18n._("Trick {number}: {seat} to play.")).format(number=i18n.number(state.trick_number),
                                                                      seat=state.to_act)
        return i18n._("{seat} to speak.").format(seat=state.to_act)

    def scene(self, state: StateT, viewer: str = "S", *, open_hands: bool = False) -> TableScene:
        """The picture of ``state`` from ``viewer``'s chair (all hands face up when open)."""
        seen = state if open_hands or state.phase == "over" else self.view(state, viewer)
        actor = state.to_act
        legal: frozenset[str] = frozenset()
        if state.phase == "play" and actor is not None and (actor == viewer or open_hands):
            legal = frozenset(str(card) for card in self.legal_cards(state, actor))
        seats = []
        for seat in self.play_order(viewer):
            hand = seen.hand(seat)
            shown = (tuple(self.sorted_cards(state, [card for card in hand if card is not None]))
                     if hand and hand[0] is not None else hand)
            label = i18n._("{seat} · dealer").format(seat=seat) if seat == state.dealer else seat

            seats.append(SeatScene(seat=seat, label=label, hand=shown, side=self.side_words(self.side_of(seen, seat)),
                                   badges=self.badges(seen, seat),
                                   tricks_won=sum(t.winner == seat for t in state.tricks)))
        last = state.tricks[-1] if state.tricks else None
        trick = state.trick
        return TableScene(
            family=self.pack.family, seats=tuple(seats), viewer=viewer, to_act=actor,
            direction="clockwise" if self.direction == CLOCKWISE else "counter-clockwise",
            trick=trick.plays if trick else (), trick_leader=trick.leader if trick else None,
            last_trick=last.plays if last else (), last_winner=(last.winner or "") if last else "",
            legal=legal, public=self.public_cards(state), title=self.title, status=self.status(state),
            trick_number=state.trick_number)
