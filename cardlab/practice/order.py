"""Deals made to order for teachers: "deal S a politaine", "a spoiled trick in the first three".

Each game has one table of features (:data:`FEATURES`).  A feature of the deal is found by
searching deal seeds; a feature that only play can bring about (a low lead that bites, a
mordienne) by letting the computer play those deals out.  The answer is a ``cardlab.scenario/1``
object with its seed, ending at the moment the feature shows, so it can be shared and replayed.
Its title and description are in the current language; which deal is found is not (a refusal is
recognised by the id of its rule, never by its words).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..actions import Play
from ..card_words import suit_name
from ..cards import Card
from ..games import GAMES, get_rules, traits
from ..games.aluette.rules import Aluette, AluetteState
from ..games.quadrille.rules import SPADILLE, Quadrille, QuadrilleState, manille
from ..games.quatre_sept.rules import QuatreSept
from ..games.tressette.rules import Tressette
from ..i18n import N_, _, pgettext
from ..rules import TrickGame
from .common import MAX_SEED, Played, PracticeError, check_seed, play, rules_for

DEAL_TRIES = 20_000  # deal seeds searched for a feature of the deal
PLAY_TRIES = 600     # deals played out for a feature of play

Found = tuple[int, str | None, str]
"""A feature found in a hand: (the step to show, the seat holding it or None, a sentence)."""


@dataclass(frozen=True)
class Feature:
    """One thing a teacher may ask for: ``name`` the key a command line asks with, ``title`` the
    English words a menu says through ``_()``.  ``find`` lists where a hand holds it; ``played`` says
    whether the hand must be played out; ``seated`` whether it belongs to a seat (``--seat``)."""

    name: str
    title: str
    find: Callable[[Played], list[Found]]
    options: dict[str, Any]
    played: bool = False
    seated: bool = True


def dealt(hand: Played, test: Callable[[TrickGame, str, tuple[Card, ...]], str | None]) -> list[Found]:
    """Every seat whose dealt cards pass ``test`` (which returns the sentence, or None)."""
    found: list[Found] = []
    for seat, cards in hand.deal.hands:
        sentence = test(hand.rules, seat, cards)
        if sentence is not None:
            found.append((0, seat, sentence))
    return found


def refused(hand: Played, rule: str) -> list[Found]:
    """Positions where a card the seat to act holds is refused by the game's rule ``rule`` (the name
    part of the rule's id, as in ``sixty_six.must-win``)."""
    rules = hand.rules
    found: list[Found] = []
    for steps, state in enumerate(hand.states):
        seat = state.to_act
        if state.phase != "play" or seat is None:
            continue
        legal = rules.legal_cards(state, seat)
        for card in state.cards_in_sight(seat):
            if card not in legal:
                refusal = rules.why_illegal(state, Play(seat, card))
                if refusal is not None and refusal.rule == rules.rule(rule):
                    found.append((steps, seat, _("{seat} to play, {card} is refused: {reason}").format(
                        seat=seat, card=rules.card_name(card), reason=refusal)))
                    break
    return found


# ----- Tressette ---------------------------------------------------------------------------------
def combination(kind: str) -> Callable[[Played], list[Found]]:
    def test(rules: TrickGame, seat: str, cards: tuple[Card, ...]) -> str | None:
        if not isinstance(rules, Tressette):
            return None
        held = [words[len("declares "):] for words in rules.combinations(cards) if words.split()[1] == kind]
        return pgettext("tressette", "{seat} was dealt {declaration}.").format(
            seat=seat, declaration=rules.declaration_phrase(held[0])) if held else None
    return lambda hand: dealt(hand, test)


# ----- Le Quatre Sept ----------------------------------------------------------------------------
def politaine(rules: TrickGame, seat: str, cards: tuple[Card, ...]) -> str | None:
    if not isinstance(rules, QuatreSept):
        return None
    suits = rules.politaines(cards)
    if not suits:
        return None
    return pgettext("quatre_sept", "{seat} was dealt the 10, 9 and ace of {suit}: a politaine, worth 11 when "
                                   "declared and its three cards win three tricks running.").format(
        seat=seat, suit=suit_name(rules.pack, suits[0]))


def four_sevens(rules: TrickGame, seat: str, cards: tuple[Card, ...]) -> str | None:
    if sum(card.rank == "7" for card in cards) < 4:
        return None
    return pgettext("quatre_sept", "{seat} was dealt all four sevens: his side wins the match at once.").format(
        seat=seat)


def politaine_made(hand: Played) -> list[Found]:
    rules, final = hand.rules, hand.states[-1]
    if not final.over or not isinstance(rules, QuatreSept):
        return []
    return [(len(hand.actions), seat, pgettext("quatre_sept", "{seat}'s politaine of {suit} won three tricks "
                                                              "running. {score}").format(
                 seat=seat, suit=suit_name(rules.pack, suit), score=rules.score(final).summary))
            for seat, suit in rules.declared(final) if rules.politaine_won(final, seat, suit)]


# ----- Sixty-Six ---------------------------------------------------------------------------------
def sixty_five_all(hand: Played) -> list[Found]:
    final = hand.states[-1]
    if not final.over or any(points != 65 for points in hand.rules.score(final).points.values()):
        return []
    return [(len(hand.actions), None, hand.rules.score(final).summary)]


# ----- Aluette and La Vache ----------------------------------------------------------------------
def luettes(rules: TrickGame, seat: str, cards: tuple[Card, ...]) -> str | None:
    if Card("3", "D") in cards and Card("3", "H") in cards:
        return pgettext("aluette", "{seat} was dealt Monsieur and Madame, the two best cards ({cards}).").format(
            seat=seat, cards=rules.names([Card("3", "D"), Card("3", "H")]))
    return None


def tied_trick(within: int) -> Callable[[Played], list[Found]]:
    def find(hand: Played) -> list[Found]:
        for steps, state in enumerate(hand.states):
            if len(state.tricks) > within:
                return []
            if state.tricks and state.tricks[-1].winner is None and len(hand.states[steps - 1].tricks) < len(state.tricks):
                return [(steps, None, pgettext("aluette", "Trick {number} ({cards}) is won by nobody: its best "
                                                          "cards tie.").format(
                    number=len(state.tricks), cards=hand.rules.names(state.tricks[-1].cards())))]
        return []
    return find


def mordienne(hand: Played) -> list[Found]:
    rules, final = hand.rules, hand.states[-1]
    if not isinstance(rules, Aluette) or not isinstance(final, AluetteState):
        return []
    maker = rules.mordienne(final) if final.over else None
    if maker is None:
        return []
    return [(len(hand.actions), maker, rules.score(final).summary)]


# ----- Quadrille ---------------------------------------------------------------------------------
def spadille_and_manille(hand: Played) -> list[Found]:
    for steps, state in enumerate(hand.states):
        if not isinstance(state, QuadrilleState) or state.trumps is None or state.trumps not in "SHDC":
            continue
        best = manille(state.trumps)
        holder = next(seat for seat in hand.rules.seats if SPADILLE in hand.deal.hand(seat))
        if best not in hand.deal.hand(holder):
            return []
        return [(steps, holder, pgettext("quadrille", "{seat} holds Spadille ({spadille}) and Manille ({manille}), "
                                                      "the two best trumps, with {suit} trumps.").format(
            seat=holder, spadille=hand.rules.card_name(SPADILLE), manille=hand.rules.card_name(best),
            suit=suit_name(hand.rules.pack, state.trumps)))]
    return []


def matador_renege(hand: Played) -> list[Found]:
    rules = hand.rules
    found: list[Found] = []
    if not isinstance(rules, Quadrille):
        return found
    for steps, state in enumerate(hand.states):
        seat = state.to_act
        if (not isinstance(state, QuadrilleState) or state.phase != "play" or seat is None or not state.trick
                or not state.trick.plays):
            continue
        led = state.trick.plays[0][1]
        if rules.suit_of(state, led) != state.trumps:
            continue
        exempt = [card for card in state.cards_in_sight(seat) if rules.exempt(state, card, led)]
        if exempt:
            found.append((steps, seat, pgettext("quadrille", "Trumps are led with {led} and {seat} holds {matador}: "
                                                             "a matador higher than the card led need not follow "
                                                             "(law 7).").format(
                led=rules.card_label(state, led), seat=seat, matador=rules.card_label(state, exempt[0]))))
    return found


CATALOGUE: dict[str, Feature] = {feature.name: feature for feature in (
    Feature("napoletana", N_("A napoletana (3, 2 and ace of one suit)"), combination("napoletana"),
            {"declarations": True}),
    Feature("three of a kind", N_("Three 3s, 2s or aces"), combination("three"), {"declarations": True}),
    Feature("four of a kind", N_("Four 3s, 2s or aces"), combination("four"), {"declarations": True}),
    Feature("politaine", N_("A politaine (10, 9 and ace of one suit)"), lambda h: dealt(h, politaine), {}),
    Feature("four sevens", N_("Four sevens in one hand"), lambda h: dealt(h, four_sevens), {}),
    Feature("low lead bites", N_("The low-lead rule binds a lead"), lambda h: refused(h, "low-lead"),
            {"low_lead_rule": True}, played=True),
    Feature("politaine made", N_("A politaine that wins its 11"), politaine_made, {}, played=True),
    Feature("must win", N_("A player must head the trick"), lambda h: refused(h, "must-win"), {},
            played=True),
    Feature("must trump", N_("A player void in the suit led must trump"), lambda h: refused(h, "must-trump"),
            {}, played=True),
    Feature("must over-trump", N_("A player must over-trump"), lambda h: refused(h, "over-trump"), {},
            played=True),
    Feature("65-65", N_("A hand drawn at 65–65"), sixty_five_all, {}, played=True, seated=False),
    Feature("monsieur and madame", N_("Monsieur and Madame in one hand"), lambda h: dealt(h, luettes), {}),
    Feature("spoiled trick in the first three", N_("A spoiled trick among the first three"), tied_trick(3), {},
            played=True, seated=False),
    Feature("mordienne", N_("A mordienne (none of tricks 1–6, all of 7, 8 and 9)"), mordienne, {}, played=True),
    Feature("tied trick", N_("A tied trick carried to the next winner"), tied_trick(9), {}, played=True,
            seated=False),
    Feature("spadille and manille", N_("Spadille and Manille in one hand"), spadille_and_manille, {}, played=True),
    Feature("matador renege", N_("A matador that need not follow a trump lead"), matador_renege, {}, played=True),
)}
"""Every deal feature practice can search for, by name; a game names its own in
:attr:`cardlab.games.GameTraits.deal_features`."""

FEATURES: dict[str, tuple[Feature, ...]] = {
    key: tuple(CATALOGUE[name] for name in names)
    for key, names in ((key, traits(get_rules(key)).deal_features) for key in GAMES) if names}
"""The features of each game that has some, in the order the game declares them."""


def spelled(name: str) -> str:
    return " ".join(str(name).casefold().replace("_", " ").replace("-", " ").split())


def feature_names(game: str) -> list[str]:
    return [feature.name for feature in FEATURES.get(game, ())]


def deal_to_order(game: str, feature: str, seat: str | None = None, seed: int = 0,
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A scenario of ``game`` holding ``feature`` (for ``seat`` when given), searched from ``seed``;
    a request that cannot be met raises :class:`PracticeError` naming what can be asked."""
    rules_for(game, {})  # an unknown game is named first
    wanted = next((f for f in FEATURES.get(game, ()) if spelled(f.name) == spelled(feature)), None)
    if wanted is None:
        raise PracticeError(_("{feature} is not a feature deals can be made to order with in {game}: ask for "
                              "{features}.").format(feature=repr(feature), game=game,
                                                    features=", ".join(map(repr, feature_names(game)))))
    settings = {**wanted.options, **(options or {})}
    rules = rules_for(game, settings)
    if seat is not None and not wanted.seated:
        raise PracticeError(_("\"{feature}\" is about the play, not one seat's cards: leave out the seat.").format(
            feature=wanted.name))
    if seat is not None and seat not in rules.seats:
        raise PracticeError(_("{seat} is not a seat: the seats are {seats}.").format(
            seat=repr(seat), seats=", ".join(rules.seats)))
    check_seed(seed)
    tries = PLAY_TRIES if wanted.played else DEAL_TRIES
    dealer = rules.seats[0]
    for tried in range(seed, min(seed + tries, MAX_SEED)):
        hand = play(rules, game, settings, dealer, tried, until=None if wanted.played else 0)
        for steps, holder, sentence in wanted.find(hand):
            if seat is None or holder == seat:
                return hand.scenario(steps, title=_(wanted.title), description=sentence)
    raise PracticeError((_("No deal with {feature} for {seat} among the {tries} seeds from {seed}: try another seed.")
                         if seat else
                         _("No deal with {feature} among the {tries} seeds from {seed}: try another seed.")).format(
        feature=wanted.name, seat=seat, tries=tries, seed=seed))
