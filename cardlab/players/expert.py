"""The expert: perfect-information Monte Carlo sampling (determinization) over the club player.

Method: Ginsberg's GIB (M. L. Ginsberg, "GIB: Imperfect information in a computationally
challenging game", JAIR 14, 2001), as analysed by Long, Sturtevant, Buro and Furtak,
"Understanding the success of perfect information Monte Carlo sampling in game tree search",
AAAI 2010.  At each card to play, the hidden hands are dealt again at random many times,
consistently with what the view shows, and every legal card is played out on every such deal;
the card with the best mean result wins.

* **What a sample respects**: the cards seen (own hand, every trick, the trick on the table), the
  number of cards in each hand, the suits each seat has shown out of (and Tressette's *volo*),
  Sixty-Six's turned trump still in the dealer's hand, Aluette's signals of a single card, and
  Quadrille's called card (with the partner once known; else in a hand other than the Ombre's).
  **Not used**: inferences from how a seat bid, sang or signalled a class of several cards, and
  any reading of *why* a card was played — every consistent deal is equally likely.
* **The play-out** is the club player (:mod:`.club`) at every seat, each given its own view of
  the sampled deal through the same rules API (``rules.view``, ``rules.apply(..., check=False)``).
  A sampled deal is a private object of the expert: it exists only inside :meth:`Expert.estimate`.
* **The measure** is the hand's result in the game's own units for the player's side against the
  others (Tressette's exact points, Sixty-Six's game points with card points breaking ties,
  Aluette's game points, La Vache's hands won, Quadrille's chips), from :meth:`TrickGame.score`.
* **Caution**: the expert leaves the club player's choice only for a card that does better on the
  same sampled deals by more than ``caution`` standard errors of the mean difference (one, by
  default): with a few dozen deals a card often comes out ahead by chance alone, and following such
  noise plays worse than the club player it searches with.
* **Bounds**: at most ``samples`` deals and, when ``budget`` is set, no new round of play-outs
  once the next would end past ``budget`` seconds (default 0.15 s, so that a decision stays under
  0.3 s); a round the budget cuts short is dropped, and when not even one round fits, the club
  player's choice stands (its reason says so).  With ``budget=None`` the count alone bounds it,
  and the choice is reproducible: the sampling is seeded by ``seed`` and depends on nothing the
  view hides.

Calls (bids, declarations, signals) are the club player's; the expert also searches Quadrille's
vole decision.  Ties go to the club player's choice.
"""
from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..actions import Action, Call, Deal, Play
from ..cards import Card
from ..games.traits import traits
from ..i18n import N_, _, ngettext
from ..playout import steps
from ..rules import TrickGame
from ..state import State
from .club import Club
from .decision import Decision
from .memory import Memory, remember
from .words import amount

MAX_ACTIONS = 400  # a play-out longer than any hand means something went wrong: stop it
VOLE_WORDS = {"stops": (N_("stop"), N_("stopping")),
              "plays for the vole": (N_("play for the vole"), N_("playing for the vole"))}
"""Quadrille's vole decision as the expert's reason says it: (to do it, doing it)."""


@dataclass(frozen=True)
class Estimate:
    """The play-outs of one decision: each candidate's value (the measure the expert compares),
    its mean (score, points) against the other sides, the number of sampled deals and each
    candidate's value on each of them, in the order they were dealt."""

    values: dict[Action, Fraction]
    means: dict[Action, tuple[Fraction, Fraction]]
    rounds: int
    outcomes: dict[Action, list[Fraction]]
    kept: tuple[Action, ...]
    """The candidates weighed on every deal (the others were set aside early)."""


@dataclass(frozen=True)
class Loss:
    """What a choice gives up against the expert's best, in ``units``: ``amount`` on average over
    ``deals`` sampled deals, counted only when the paired differences' interval (``low`` to
    ``high``, :data:`CONFIDENCE`) lies above zero, else 0 (as when the choice is as good, or when no
    deal could be played out in time: ``deals`` is then 0); the ``best`` choice found, the
    ``club`` player's choice (the Hint's at club level) and ``gap``, the mean difference measured.
    ``layouts`` is set when the position was solved exactly instead (:mod:`cardlab.review`): the
    number of ways the unseen cards could lie, each searched to the end of the hand."""

    amount: float
    best: Action
    deals: int
    units: str
    low: float = 0.0
    high: float = 0.0
    club: Action | None = None
    gap: float = 0.0
    layouts: int = 0
    unbeaten: bool = False
    """No other choice had done better on average at a check of the race, so none was weighed further."""

    @property
    def exact(self) -> bool:
        return self.layouts > 0


class Expert:
    level = "expert"

    def __init__(self, seed: int = 0, samples: int = 200, budget: float | None = 0.15,
                 caution: float = 1.0, moves: int | None = None) -> None:
        self.seed = seed
        self.samples = samples
        self.budget = budget
        self.caution = caution
        self.moves = moves
        """When set, no new round of play-outs once the next would take the actions played out in
        this decision past ``moves``: a bound on work that, unlike time, keeps the result reproducible."""
        self.played = 0
        self.club = Club()

    def choose(self, rules: TrickGame, view: State) -> Action:
        return self.decide(rules, view).action

    def decide(self, rules: TrickGame, view: State) -> Decision:
        start = time.perf_counter()
        plain = self.club.decide(rules, view)
        memory = remember(rules, view)
        candidates = self.candidates(rules, view, memory, plain.action)
        if len(candidates) < 2:
            return plain
        found = self.estimate(rules, view, memory, candidates, start)
        if found is None:
            said = _("Out of time for a search, the expert plays as the club player: {reason}")
            return Decision(plain.action, said.format(reason=plain.reason), said.format(reason=plain.public))
        best, leader = self.choice(found, candidates, plain.action)
        return Decision(best, self.reason(rules, best, leader, candidates, found),
                        self.reason(rules, best, leader, candidates, found, public=True))

    def choice(self, found: Estimate, candidates: list[Action], plain: Action) -> tuple[Action, Action]:
        """The choice to make and the candidate with the best mean: the two differ when that
        candidate beats the club player's ``plain`` choice by too little to be more than chance."""
        best_value = max(found.values.values())
        ties = [a for a in candidates if found.values[a] == best_value]
        leader = plain if plain in ties else ties[0]
        if leader == plain:
            return plain, leader
        gains = [float(b - p) for b, p in zip(found.outcomes[leader], found.outcomes[plain])]
        if len(gains) < 2:
            return plain, leader
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        return (leader if statistics.fmean(gains) > self.caution * error else plain), leader

    def loss(self, rules: TrickGame, view: State, action: Action, race: int = 0, family: int = 1) -> Loss:
        """How much ``action`` (a learner's choice, say) gives up on average against the best
        choice the expert finds, in the game's units: the measure of a hand's review.  A call is
        weighed against every call the rules offer there, each played out to the end of the hand.
        With ``race``, a choice that has done no better than ``action`` on average, checked every
        ``race`` deals, is weighed no further (:meth:`estimate`): setting a choice aside can only
        cost the review a verdict, never make one (the interval is still widened for every choice).
        ``family``: the decisions judged together (a hand's review), whose intervals all hold
        together at :data:`CONFIDENCE` (each is widened for every choice of every decision)."""
        start = time.perf_counter()
        plain = self.club.decide(rules, view)
        memory = remember(rules, view)
        if isinstance(action, Play):
            candidates = self.candidates(rules, view, memory, plain.action)
        else:  # a call of the auction, trumps, the king called, singing, a discard: every call is weighed
            candidates = [plain.action] + [a for a in rules.legal(view) if isinstance(a, Call) and a != plain.action]
        same = next((c for c in candidates if c == action or isinstance(c, Play) and isinstance(action, Play)
                     and touching(rules, view, c.card, action.card, live_cards(rules, memory))), None)
        if same is None:
            same = action
            candidates.append(action)
        units = traits(rules).units
        if len(candidates) < 2:
            return Loss(0.0, action, 0, units, club=plain.action)
        found = self.estimate(rules, view, memory, candidates, start, same, race)
        if found is None:
            return Loss(0.0, action, 0, units, club=plain.action)
        top = max(found.values[a] for a in found.kept)
        best = next(a for a in [same, plain.action, *found.kept] if a in found.kept and found.values[a] == top)
        gains = [float(b - s) for b, s in zip(found.outcomes[best], found.outcomes[same])]
        gap = statistics.fmean(gains)
        low, high = interval(gains, (len(candidates) - 1) * family)
        return Loss(gap if low > 0 else 0.0, best, found.rounds, units, low, high, plain.action, gap,
                    unbeaten=found.kept == (same,))

    def estimate(self, rules: TrickGame, view: State, memory: Memory, candidates: list[Action],
                 start: float, keep: Action | None = None, race: int = 0) -> Estimate | None:
        """Play every candidate out on the same sampled deals, within the bounds; None when the
        time ran out before one deal was played out for every candidate.  With ``keep`` and
        ``race``, every ``race`` deals a candidate that has done no better than ``keep`` on
        average so far is set aside (its value is then over the deals it was played on), and the
        rounds stop when none is left but ``keep``."""
        rng = random.Random(self.seed)
        seat = view.seat_to_act
        totals = {action: [Fraction(0), Fraction(0)] for action in candidates}
        weight = traits(rules).proxy_weight
        outcomes: dict[Action, list[Fraction]] = {action: [] for action in candidates}
        rounds, last_round = 0, 0.0
        spent, last_spent = 0, 0
        while rounds < self.samples:
            if keep is not None and race and rounds and rounds % race == 0:
                candidates = [a for a in candidates if a == keep or sum(outcomes[a]) > sum(outcomes[keep])]
                if candidates == [keep]:
                    break
            began = time.perf_counter()
            if self.budget is not None and rounds and began - start + last_round > self.budget:
                break
            if self.moves is not None and rounds and spent + last_spent > self.moves:
                break
            self.played = 0
            world = sample(rules, view, memory, rng)
            results = []
            for action in candidates:
                if self.budget is not None and time.perf_counter() - start > self.budget:
                    break  # out of time inside a round: the round is dropped, so all have the same deals
                results.append(self.play_out(rules, world, action, seat))
            if len(results) < len(candidates):
                break
            for action, (score, points) in zip(candidates, results):
                totals[action][0] += score
                totals[action][1] += points
                outcomes[action].append(score + weight * (points - score))
            rounds += 1
            last_round = time.perf_counter() - began
            spent, last_spent = spent + self.played, self.played
        if rounds == 0:
            return None
        values = {a: (s + weight * (p - s)) / len(outcomes[a]) for a, (s, p) in totals.items()}
        means = {a: (s / len(outcomes[a]), p / len(outcomes[a])) for a, (s, p) in totals.items()}
        return Estimate(values, means, rounds, outcomes, tuple(candidates))

    @staticmethod
    def candidates(rules: TrickGame, view: State, memory: Memory, plain: Action) -> list[Action]:
        """The choices worth playing out: every legal card, less the cards that touch another
        (same suit, same points, no card left in play between them), which lead to the same
        result; or Quadrille's vole decision."""
        legal = rules.legal(view)
        if not isinstance(plain, Play):
            vole: list[Action] = [a for a in legal
                                  if isinstance(a, Call) and a.words in ("stops", "plays for the vole")]
            return vole if plain in vole else []
        plays = sorted((a for a in legal if isinstance(a, Play)),
                       key=lambda a: (a != plain, rules.strength(view, a.card)))
        live = live_cards(rules, memory)
        kept: list[Play] = []
        for play in plays:
            if not any(touching(rules, view, play.card, other.card, live) for other in kept):
                kept.append(play)
        return list(kept)

    def play_out(self, rules: TrickGame, world: State, action: Action, seat: str) -> tuple[Fraction, Fraction]:
        """``action`` on the sampled ``world``, then the club player at every seat to the end of
        the hand (:func:`cardlab.playout.steps`; a redeal, which no sample shuffles, or a hand
        longer than :data:`MAX_ACTIONS` scores nothing)."""
        state = rules.apply(world, action, check=False)
        for step in steps(rules, state, self.club, chance=None, stop=MAX_ACTIONS):
            state = step.after
            self.played += 1
        if not state.over:
            return Fraction(0), Fraction(0)
        return margin(rules, state, seat)

    def reason(self, rules: TrickGame, best: Action, leader: Action, candidates: list[Action],
               found: Estimate, public: bool = False) -> str:
        """The search's result in one sentence; ``public``: as the others may hear it, naming no card
        but the one played (another is "another card")."""
        units = traits(rules).units
        deals = found.rounds

        def named(action: Action) -> str:
            return _("another card") if public and isinstance(action, Play) and action != best else \
                self.words(rules, action, "playing")

        words = {"best": self.words(rules, best, "playing"), "do": self.words(rules, best), "deals": deals}
        if leader != best:
            gap = float(found.values[leader] - found.values[best])
            return ngettext("Expert: {leader} comes out {gap} ahead of {best} over {deals} deal like this one, too "
                            "little to be more than chance, so I {do} as a club player would.",
                            "Expert: {leader} comes out {gap} ahead of {best} over {deals} deals like this one, too "
                            "little to be more than chance, so I {do} as a club player would.", deals).format(
                leader=named(leader), gap=amount(units, round(gap, 1)), **words)
        second = max((a for a in candidates if a != best), key=lambda a: found.values[a])
        gap = float(found.values[best] - found.values[second])
        if gap == 0 and len(set(found.values.values())) == 1:
            return ngettext("Expert: every choice I have comes to the same result over {deals} deal like this one, "
                            "so I {do} as a club player would.", "Expert: every choice I have comes to the same "
                            "result over {deals} deals like this one, so I {do} as a club player would.",
                            deals).format(**words)
        if gap == 0:
            return ngettext("Expert: {best} and {second} come out best and level over {deals} deal like this one, so "
                            "I {do} as a club player would.", "Expert: {best} and {second} come out best and level "
                            "over {deals} deals like this one, so I {do} as a club player would.", deals).format(
                second=named(second), **words)
        if 0 < traits(rules).proxy_weight < 1:
            score_gap = float(found.means[best][0] - found.means[second][0])
            points_gap = float(found.means[best][1] - found.means[second][1])
            if abs(score_gap) < 0.05:
                return ngettext("Expert: {best} wins {gap} more on average than {second}, for the same score, over "
                                "{deals} deal like this one.", "Expert: {best} wins {gap} more on average than "
                                "{second}, for the same score, over {deals} deals like this one.", deals).format(
                    gap=amount(traits(rules).card_point, round(points_gap, 1)), second=named(second), **words)
        return ngettext("Expert: {best} wins {gap} more on average than {second} over {deals} deal like this one.",
                        "Expert: {best} wins {gap} more on average than {second} over {deals} deals like this one.",
                        deals).format(gap=amount(units, round(gap, 1)), second=named(second), **words)

    @staticmethod
    def words(rules: TrickGame, action: Action, form: str = "do") -> str:
        """"the 10 of hearts" (or "play the 10 of hearts") for a card; "stopping" / "stop" for a call."""
        if isinstance(action, Play):
            name = rules.card_name(action.card)
            return name if form == "playing" else _("play {card}").format(card=name)
        vole = VOLE_WORDS.get(action.words) if isinstance(action, Call) else None
        if vole is not None:
            return _(vole[1]) if form == "playing" else _(vole[0])
        return rules.describe(action).lower()


CONFIDENCE = 0.95
"""How sure a review's verdict is: the chance that its interval holds the true mean difference."""


def interval(gains: list[float], comparisons: int = 1, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The two-sided interval of the mean of paired differences (Student's t), widened for the
    ``comparisons`` made on the same deals (Bonferroni: the best of several candidates is the one
    tested, and the best of several comes out ahead by chance more often than one).  Unbounded
    for fewer than two differences."""
    if len(gains) < 2:
        return -math.inf, math.inf
    spread = statistics.stdev(gains) / math.sqrt(len(gains))
    half = student(1 - (1 - confidence) / (2 * max(1, comparisons)), len(gains) - 1) * spread
    mean = statistics.fmean(gains)
    return mean - half, mean + half


def student(p: float, df: int) -> float:
    """Student's t quantile, by the Cornish-Fisher expansion about the normal one (Abramowitz and
    Stegun 26.7.5): within 0.01 of the table from 5 degrees of freedom, too narrow below (a review
    asks for many more deals than that before it says anything)."""
    z = statistics.NormalDist().inv_cdf(p)
    terms = ((z**3 + z) / 4, (5 * z**5 + 16 * z**3 + 3 * z) / 96,
             (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
             (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(term / float(df) ** power for power, term in enumerate(terms, start=1))


def live_cards(rules: TrickGame, memory: Memory) -> list[Card]:
    """The cards still to be played by someone other than this seat."""
    return [c for c in rules.pack.cards if c not in memory.played and c not in memory.hand]


def touching(rules: TrickGame, view: State, one: Card, other: Card, live: list[Card]) -> bool:
    """Two cards that no card still in play separates: whichever is played, the trick and the
    count come out the same (Quadrille's trumps, privileged or not, are never merged)."""
    follows = traits(rules).follows_suit
    if follows and rules.suit_of(view, one) != rules.suit_of(view, other):
        return False
    if rules.card_points(one) != rules.card_points(other):
        return False
    if traits(rules).matadors and rules.suit_of(view, one) == rules.trump(view):
        return False
    low, high = sorted((rules.strength(view, one), rules.strength(view, other)))
    return not any(low <= rules.strength(view, c) <= high for c in live
                   if not follows or rules.suit_of(view, c) == rules.suit_of(view, one))


def margin(rules: TrickGame, state: State, seat: str) -> tuple[Fraction, Fraction]:
    """(score, points) of ``seat``'s side at the end of a hand, less the mean of the other sides'."""
    result = rules.score(state)
    key = seat if seat in result.score else rules.side_of(state, seat)
    others = [side for side, members in rules.sides.items() if members and side != key]
    if not others:
        return Fraction(result.score[key]), Fraction(result.points.get(key, 0))

    def against(table: Mapping[str, int | Fraction]) -> Fraction:
        rest = sum((Fraction(table.get(o, 0)) for o in others), Fraction(0))
        return Fraction(table.get(key, 0)) - rest / len(others)

    return against(result.score), against(result.points)


def known_hands(view: State, memory: Memory) -> tuple[dict[str, list[Card]], dict[str, int]]:
    """Each hidden hand with the cards known to sit in it, and the number of cards it holds."""
    room = {other: len(view.hand(other)) for other in view.seats if other != memory.seat}
    hands: dict[str, list[Card]] = {other: [] for other in room}
    for other, cards in memory.known.items():
        for card in sorted(cards, key=str):
            if len(hands[other]) < room[other]:
                hands[other].append(card)
    return hands, room


def sample(rules: TrickGame, view: State, memory: Memory, rng: random.Random) -> State:
    """One deal of the hidden cards consistent with ``memory``, as a full state (private)."""
    hands, room = known_hands(view, memory)
    pool = list(memory.unseen)
    for card, holders in memory.somewhere.items():
        open_seats = [h for h in holders if len(hands[h]) < room[h]]
        if open_seats and card in pool:
            pool.remove(card)
            hands[rng.choice(open_seats)].append(card)
    return full_state(rules, view, memory, fill(rules, view, memory, hands, room, pool, rng), rng)


def layouts(rules: TrickGame, view: State, memory: Memory, limit: int) -> list[State] | None:
    """Every deal of the hidden cards consistent with ``memory`` (each seat kept out of the suits
    it has shown out of, a card known to be in one of a few hands in one of them), as full
    states (private), when every card out of sight is in a hidden hand (no rest, talon or stock
    hides any) and there are at most ``limit`` of them; else None."""
    hands, room = known_hands(view, memory)
    pool = list(memory.unseen)
    if len(pool) != sum(room[other] - len(cards) for other, cards in hands.items()):
        return None
    seats = sorted(room)
    found: list[dict[str, list[Card]]] = []

    def fits(other: str, card: Card) -> bool:
        holders = memory.somewhere.get(card)
        return rules.suit_of(view, card) not in memory.voids.get(other, ()) and (holders is None or other in holders)

    def deal(index: int, left: list[Card], dealt: dict[str, list[Card]]) -> bool:
        if index == len(seats):
            found.append(dealt)
            return len(found) <= limit
        other = seats[index]
        for chosen in itertools.combinations([c for c in left if fits(other, c)], room[other] - len(hands[other])):
            rest = [c for c in left if c not in chosen]
            if not deal(index + 1, rest, {**dealt, other: hands[other] + list(chosen)}):
                return False
        return True

    if not deal(0, pool, {}) or not found:
        return None
    rng = random.Random(0)  # nothing is left to draw: every unseen card is in a hand
    return [full_state(rules, view, memory, dealt, rng) for dealt in found]


def full_state(rules: TrickGame, view: State, memory: Memory, dealt: dict[str, list[Card]],
               rng: random.Random) -> State:
    """The full state of ``view`` with the hidden hands ``dealt``."""
    seat = memory.seat
    dealt = {**dealt, seat: list(memory.hand)}
    played: dict[str, list[Card]] = {s: [] for s in view.seats}
    for trick in list(view.tricks) + ([view.trick] if view.trick is not None else []):
        for who, card in trick.plays:
            played[who].append(card)
    deal = Deal(view.dealer, tuple((s, tuple(dealt[s]) + tuple(played[s])) for s in view.seats))
    full = view.evolve(hands=tuple(tuple(dealt[s]) for s in view.seats), viewer=None, deal=deal)
    called = getattr(view, "called", None)
    if called is not None and getattr(view, "partner", None) is None and not getattr(view, "partner_known", True):
        holder = next((s for s in view.seats if called in dealt[s]), None)
        full = full.evolve(partner=holder if holder != getattr(view, "ombre", None) else None)
    held = {card for cards in dealt.values() for card in cards}
    unmasked: State = rules.unmask(full, [card for card in memory.unseen if card not in held], rng)
    return unmasked


def fill(rules: TrickGame, view: State, memory: Memory, hands: dict[str, list[Card]], room: dict[str, int],
         pool: list[Card], rng: random.Random) -> dict[str, list[Card]]:
    """Deal ``pool`` into the free room of each hand, keeping every seat out of the suits it has
    shown out of; the most constrained seats are served first.  When no such deal is found in a
    few tries (a seat's voids leave too few cards), voids are set aside."""
    order = sorted(room, key=lambda s: -len(memory.voids.get(s, ())))
    for attempt in range(12):
        shuffled = pool[:]
        rng.shuffle(shuffled)
        result = {s: list(cards) for s, cards in hands.items()}
        ok = True
        for other in order:
            voids = memory.voids.get(other, set()) if attempt < 11 else set()
            wanted = room[other] - len(result[other])
            chosen = [c for c in shuffled if rules.suit_of(view, c) not in voids][:wanted]
            if len(chosen) < wanted:
                ok = False
                break
            taken = set(chosen)
            shuffled = [c for c in shuffled if c not in taken]
            result[other] += chosen
        if ok:
            return result
    raise AssertionError("the unseen cards cannot fill the hidden hands")
