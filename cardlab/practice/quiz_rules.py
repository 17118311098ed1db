"""The quiz kinds on the rules around the play: the deal ("deal"), the end of the match ("match"),
what a hand is worth ("settle") and what an option changes ("variant").

Why: the kinds of :mod:`cardlab.practice.quiz` practise the play; the deal, the first lead, how a
match ends, settlement and every variant were only prose.  Each maker here asks the game's rules
through the rules API (``next_dealer``, ``dealer_draw``, the first lead as played, ``deal_packets``,
``set_aside``, ``public_cards``, ``score`` and ``settle`` over a match played out, the ``option``
fields and ``why_illegal``), so every game gets these questions without being named.

Every question is multiple choice: ``Asked.choices`` are (key, words) pairs and the answer is a key
(language-free).  The explanation is the engine's own sentences (a refusal, a hand's summary, the
score sheet's note, a draw for the deal) followed by the game's register rules that decide it
(:func:`deciding_rules`): those whose code is the hook that answered, else those practised by the
concepts the question exercises.

Situations (the quiz tag ``kind/situation``): ``deal/`` dealer, lead, cards; ``match/`` over, on;
``variant/`` the option's name; ``settle`` has none.

A variant question exists for every option of every game: the finders compare the two rule sets at
the same position, then along the hand's actions replayed under the other (a phase it adds, a call a
detour in the auction would meet, a deal it would redeal), then over the settlement and the match;
the deal's packets, the players seated and the starting sheet are compared from the start.  An option
that changes nothing alone is asked with another option set too (the one it refines), which the
question states.
"""
from __future__ import annotations

import importlib
import random
from dataclasses import Field, dataclass, fields, replace
from fractions import Fraction
from typing import Any, Callable, Sequence

from ..actions import Action, Call, Play
from ..games import get_rules, traits
from ..games.concepts import quiz_concepts
from ..games.register import Rule
from ..i18n import _, listed, ngettext, number
from ..points import pretty
from ..render.panels import part_name
from ..rules import HandResult, MatchError, MatchState, OptionError, TrickGame
from ..scenario import jsonable
from ..state import State
from .common import MAX_SEED, Played, play
from .side_by_side import label, words
from .words import capitalised, in_game

DEAL_SITUATIONS = ("dealer", "lead", "cards")
MATCH_SITUATIONS = ("over", "on")
MOST_HANDS = 60
"""Hands of a match played out, at most, looking for its end (Quatre Sept to 200 takes some 25)."""
CHANGE_HANDS = 12
"""Hands of a match played out, at most, looking for one whose end an option changes."""
SETTLE_HANDS = 3
"""A settle question asks about one of a match's first hands (later ones carry a pot or a point)."""
ON, NOBODY, NOTHING = "on", "nobody", "nothing"

Choices = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Asked:
    """One question of these kinds: the scenario of the position, the question, the answer (a key of
    ``choices``), the explanation, the situation asked about, the choices and the seat pointed at."""

    scenario: dict[str, Any]
    question: str
    answer: str
    explanation: str
    situation: str
    choices: Choices
    seat: str | None = None


def situations(rules: TrickGame, kind: str) -> tuple[str, ...]:
    """The situations a question of ``kind`` may ask about in this game."""
    if kind == "deal":
        return DEAL_SITUATIONS
    if kind == "match":
        return MATCH_SITUATIONS
    if kind == "variant":
        return tuple(option.name for option in fields(rules.Options))
    return ()


# ----- the rules that decide ---------------------------------------------------------------------
def register(rules: TrickGame) -> tuple[Rule, ...]:
    """The game's rule register (its folder's ``register.py``); () for a game that declares none."""
    try:
        module = importlib.import_module(f"{__package__.rpartition('.')[0]}.games.{rules.key}.register")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(module, "RULES", ()))


def deciding_rules(rules: TrickGame, kind: str, situation: str, hooks: Sequence[str] = (),
                   option: str | None = None) -> tuple[Rule, ...]:
    """The register's rules that answer the question: the option's own rules; else those practised by
    the question's concepts (the game's declaration) whose code is one of ``hooks`` as this game has
    it; else those practised by the concepts; else those whose code is a hook.  A rule of an option
    counts only where this table plays the option (or the question asks about it)."""
    game = type(rules)
    codes = {f"{owner.__module__}.{owner.__qualname__}.{hook}" for hook in hooks for owner in game.__mro__
             if hook in vars(owner) or owner is game}
    defaults = {field.name: field.default for field in fields(rules.Options)}
    known = tuple(rule for rule in register(rules) if rule.option is None or rule.option == option
                  or getattr(rules.options, rule.option, None) != defaults.get(rule.option))
    concepts = set(quiz_concepts(rules.key, kind, situation))
    practised = tuple(rule for rule in known if concepts & set(rule.concepts))
    coded = tuple(rule for rule in known if rule.code in codes)
    for found in (tuple(rule for rule in known if option is not None and rule.option == option),
                  tuple(rule for rule in practised if rule in coded), practised, coded):
        if found:
            return found
    return ()


def ruled(sentences: Sequence[str], deciding: Sequence[Rule], refusal_rule: str = "") -> str:
    """The explanation: the engine's sentences, then the rule that decides (its words and id) or the
    ids of the rules that do."""
    told = " ".join(sentence.strip() for sentence in sentences if sentence and sentence.strip())
    ids = list(dict.fromkeys([refusal_rule] * bool(refusal_rule) + [rule.id for rule in deciding]))
    if len(deciding) == 1 and ids == [deciding[0].id]:
        return f"{told} " + _("Rule {id}: {words}").format(id=deciding[0].id, words=_(deciding[0].words))
    if not ids:
        return told
    return f"{told} " + ngettext("Rule: {ids}.", "Rules: {ids}.", len(ids)).format(ids=", ".join(ids))


def seat_choices(rules: TrickGame) -> Choices:
    return tuple((seat, rules.seat_name(seat)) for seat in rules.seats)


# ----- the deal ------------------------------------------------------------------------------------
def deal_quiz(hand: Played, rng: random.Random, level: int, wanted: str | None) -> Asked | None:
    """Who deals next (or first, by the draw), who leads the first trick, how many cards are dealt."""
    situation = wanted or rng.choice(DEAL_SITUATIONS)
    return {"dealer": dealer_question, "lead": lead_question, "cards": cards_question}[situation](hand, rng)


def dealer_question(hand: Played, rng: random.Random) -> Asked:
    rules = hand.rules
    draw = rules.dealer_draw(rng.randrange(MAX_SEED)) if rng.random() < 0.5 else None
    if draw is not None and len(draw.rounds) == 1:
        cards = ", ".join(f"{seat} {rules.card_name(card)}" for seat, card in draw.rounds[0])
        return Asked(hand.scenario(0), _("Each seat draws a card: {cards}").format(cards=cards) + ". "
                     + _("Who deals first?"), draw.dealer,
                     ruled([draw.sentence(rules.pack)], deciding_rules(rules, "deal", "dealer", ("dealer_draw",))),
                     "dealer", seat_choices(rules))
    seat = rules.next_dealer(hand.dealer)
    return Asked(hand.scenario(0), _("{dealer} dealt this hand. Who deals the next one?").format(dealer=hand.dealer),
                 seat, ruled([_("The deal passes from {dealer} to {seat}.").format(dealer=hand.dealer, seat=seat)],
                             deciding_rules(rules, "deal", "dealer", ("next_dealer",))),
                 "dealer", seat_choices(rules))


def first_lead(hand: Played) -> int | None:
    """The step at which the first trick is to be led (None: the hand ended at the deal)."""
    return next((steps for steps, state in enumerate(hand.states) if state.phase == "play" and not state.tricks
                 and state.trick is not None and not state.trick.plays), None)


def lead_question(hand: Played, rng: random.Random) -> Asked | None:
    rules, steps = hand.rules, first_lead(hand)
    if steps is None:
        return None
    leader = hand.states[steps].trick_on_table.leader
    return Asked(hand.scenario(steps), _("{dealer} dealt this hand. Who leads the first trick?").format(
                     dealer=hand.dealer), leader,
                 ruled([_("{seat} leads the first trick.").format(seat=leader)],
                       deciding_rules(rules, "deal", "lead", ("first_leader", "start_play"))),
                 "lead", seat_choices(rules))


Dealt = tuple[int, int, int]
"""A way of dealing: cards to each seat, cards set aside, cards turned face up."""


def dealt_words(way: Dealt) -> str:
    each, aside, up = way
    parts = [ngettext("{count} card each", "{count} cards each", each).format(count=number(each))]
    if up:
        parts.append(ngettext("{count} card turned face up", "{count} cards turned face up", up).format(
            count=number(up)))
    parts.append(ngettext("{count} card set aside", "{count} cards set aside", aside).format(count=number(aside))
                 if aside else _("no card left over"))
    return listed(parts)


def dealing(rules: TrickGame, dealt: State) -> Dealt:
    """How ``dealt`` (a table just dealt) was dealt."""
    return rules.hand_size(), len(rules.set_aside(dealt)), len(rules.public_cards(dealt))


def cards_question(hand: Played, rng: random.Random) -> Asked:
    rules, dealt = hand.rules, hand.states[0]
    players, pack, size = len(rules.seats), len(rules.pack.cards), rules.hand_size()
    shown = rules.public_cards(dealt)
    right = dealing(rules, dealt)
    nearby = [(each, pack - players * each, right[2]) for each in (size - 2, size - 1, size + 1, size + 2)
              if each > 0 and pack - players * each >= 0]
    ways = sorted({right, (size, right[1], 1 - min(right[2], 1)), *rng.sample(nearby, min(2, len(nearby)))})
    packets = rules.deal_packets
    way = (ngettext("{count} card at a time", "{count} cards at a time", packets[0]).format(count=number(packets[0]))
           if len(set(packets)) == 1 else
           _("in packets of {packets}").format(packets=listed([number(packet) for packet in packets])))
    told = [_("{dealer} deals {way}, starting with {seat}: {count} cards each.").format(
        dealer=hand.dealer, way=way, seat=rules.first_to_receive(hand.dealer), count=number(size))]
    told += [_("{seat} holds {card} face up.").format(card=rules.card_name(card), seat=seat)
             for _label, card in shown for seat in rules.seats if card in dealt.hand(seat)]
    if right[1]:
        told.append(ngettext("{count} card is left over and set aside.", "{count} cards are left over and set aside.",
                             right[1]).format(count=number(right[1])))
    return Asked(hand.scenario(0), capitalised(_("How are the cards dealt {in_game}, to {count} players?").format(
                     in_game=in_game(rules), count=number(players))), key(right),
                 ruled(told, deciding_rules(rules, "deal", "cards", ("deal_problem", "deal_extras", "set_aside"))),
                 "cards", tuple((key(option), dealt_words(option)) for option in ways))


def key(way: Dealt) -> str:
    return "/".join(map(str, way))


# ----- the match -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchHand:
    """A hand of a match played out: its ``number`` (1 for the first), the sheet ``before`` and
    ``after`` it, and the hand itself."""

    number: int
    before: MatchState
    hand: Played
    after: MatchState

    def scenario(self) -> dict[str, Any]:
        rules = self.hand.rules
        return self.hand.scenario(len(self.hand.actions),
                                  match=rules.match_to_json(self.before) if self.number > 1 else None)


def match_hands(hand: Played, rng: random.Random, stop: int) -> MatchHand | None:
    """A match begun with ``hand``, played on by the computer until it is over or ``stop`` hands are
    settled; its last hand.  None when a hand is left unfinished."""
    rules = hand.rules
    before, current, count = rules.new_match(hand.dealer), hand, 1
    while current.states[-1].over:
        after = rules.settle(before, rules.score(current.states[-1]))
        if after.over or count >= stop:
            return MatchHand(count, before, current, after)
        before, count = after, count + 1
        current = play(rules, hand.game, hand.options, after.dealer, rng.randrange(MAX_SEED))
    return None


def sheet(rules: TrickGame, match: MatchState) -> str:
    return ", ".join(f"{rules.side_words(side)} {pretty(total)}" for side, total in match.totals.items())


def before_words(rules: TrickGame, played: MatchHand) -> str:
    """The score sheet before the hand, as the question gives it."""
    if played.number == 1:
        told = [_("This is the first hand of the match.")]
    else:
        told = [_("This is hand {number} of the match; before it the score was {totals}.").format(
            number=number(played.number), totals=sheet(rules, played.before)), played.before.note]
    if rules.target is not None:
        told.append(_("The match is played to {target}.").format(target=number(rules.target)))
    return " ".join(sentence for sentence in told if sentence)


def playing(rules: TrickGame) -> list[str]:
    """The sides that hold seats (not a pot)."""
    return [side for side, members in rules.sides.items() if members]


def match_quiz(hand: Played, rng: random.Random, level: int, wanted: str | None) -> Asked | None:
    """After a hand of a match, is the match over, and who has won it?"""
    rules = hand.rules
    going_on = wanted == ON if wanted else rng.random() < 0.5
    played = match_hands(hand, rng, rng.randint(1, 4) if going_on else MOST_HANDS)
    if played is None:
        return None
    after = played.after
    situation = "over" if after.over else ON
    if wanted and situation != wanted:
        return None
    answer = (after.winner or NOBODY) if after.over else ON
    choices = [(side, _("{side} wins the match").format(side=rules.side_words(side))) for side in playing(rules)]
    if answer not in (*playing(rules), NOBODY, ON):
        choices.append((answer, _("{side} win the match").format(side=answer)))
    choices += [(NOBODY, _("Nobody wins the match")), (ON, _("The match goes on"))]
    ending = (_("{side} wins the match.").format(side=after.winner) if after.winner else _("Nobody wins the match.")
              if after.over else _("Nobody has won the match yet: it goes on."))
    question = " ".join((before_words(rules, played), _("This hand: {result}").format(result=after.results[-1].summary),
                         _("Is the match over?")))
    return Asked(played.scenario(), question, answer,
                 ruled([_("After this hand: {totals}.").format(totals=sheet(rules, after)), after.note, ending],
                       deciding_rules(rules, "match", situation)),
                 situation, tuple(choices))


# ----- settlement ----------------------------------------------------------------------------------
def settle_quiz(hand: Played, rng: random.Random, level: int, wanted: str | None) -> Asked | None:
    """What one side gains or loses for a hand, in the game's units, as the match's sheet settles it."""
    rules = hand.rules
    played = match_hands(hand, rng, rng.randint(1, SETTLE_HANDS))
    if played is None:
        return None
    settled = played.after.results[-1]
    side = rng.choice(playing(rules))
    value = Fraction(settled.score[side])
    alone = Fraction(rules.score(played.hand.states[-1]).score[side])
    near = [value + step for step in (1, -1, 2, -2)]
    if value >= 0 and alone >= 0:
        near = [other for other in near if other >= 0]
    wrong = [other for other in dict.fromkeys([alone, *rng.sample(near, len(near))]) if other != value][:3]
    choices = tuple((str(jsonable(whole(option))), pretty(option)) for option in sorted([value, *wrong]))
    parts = ", ".join(f"{part_name(name)} {pretty(amount)}" for name, amount in settled.parts.get(side, {}).items()
                      if amount)
    told = [settled.summary, f"{rules.side_words(side)}: {parts or _('nothing')} → {pretty(value)}.",
            played.after.note]
    question = " ".join(sentence for sentence in (
        before_words(rules, played) if played.number > 1 else "",
        _("The hand is over. What is it worth to {side}, in {units}?").format(
            side=rules.side_words(side), units=_(traits(rules).units))) if sentence)
    return Asked(played.scenario(), question, str(jsonable(whole(value))),
                 ruled(told, deciding_rules(rules, "settle", "")), "", choices)


def whole(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


# ----- variants ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    """What an option changes at step ``steps`` of a hand: ``where`` sets the scene, ``key`` and
    ``words`` are the right choice, ``wrong`` the other choices, ``told`` the engine's sentences
    saying why and ``rule`` the rule of the refusal among them; ``scenario`` the position when it is
    not in the hand asked about but in a later hand of its match."""

    steps: int
    seat: str | None
    where: str
    key: str
    words: str
    wrong: Choices
    told: tuple[str, ...]
    rule: str = ""
    scenario: dict[str, Any] | None = None


Named = tuple[str, str]
"""The option's value at this table and the other value, in words."""


def card_claim(seat: str, card_name: str, code: str, allowed: bool) -> tuple[str, str]:
    if allowed:
        return f"allow {code}", _("{seat} may also play {card}").format(seat=seat, card=card_name)
    return f"refuse {code}", _("{seat} may no longer play {card}").format(seat=seat, card=card_name)


def card_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """Positions where a card one rule set allows the other refuses."""
    rules, found = hand.rules, []
    for steps, state in enumerate(hand.states):
        seat = state.to_act
        if state.phase != "play" or seat is None or rules.forced_calls(state) or alt.forced_calls(state):
            continue
        here, there = rules.legal_cards(state, seat), alt.legal_cards(state, seat)
        held = rules.sorted_cards(state, state.cards_in_sight(seat))
        changed = [card for card in held if (card in here) != (card in there)]
        if not changed or not here or not there:
            continue
        card, steady = rng.choice(changed), [card for card in held if card not in changed]
        allowed = card in there
        refusal = (rules if allowed else alt).why_illegal(state, Play(seat, card))
        wrong = [card_claim(seat, rules.card_name(other), str(other), other not in here) for other in steady[:1]]
        told = tuple(_("With “{choice}”, {seat} may play {cards}.").format(choice=choice, seat=seat,
                                                                            cards=table.names(cards))
                     for choice, table, cards in zip(named, (rules, alt), (here, there)))
        found.append(Change(steps, seat, _("{seat} to play.").format(seat=seat),
                            *card_claim(seat, rules.card_name(card), str(card), allowed), tuple(wrong),
                            (*told, refusal or ""), refusal.rule if refusal else ""))
    return found


def call_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """Positions where a call one rule set offers the other does not."""
    rules, found = hand.rules, []
    for steps, state in enumerate(hand.states):
        seat = state.to_act
        if seat is None or state.phase in ("deal", "over"):
            continue
        here = {call.words for call in rules.legal_calls(state)}
        there = {call.words for call in alt.legal_calls(state)}
        if here == there:
            continue
        said = rng.choice(sorted(here ^ there))
        allowed = said in there
        call = Call(seat, said)
        refusal = (rules if allowed else alt).why_illegal(state, call)
        words_ = (alt if allowed else rules).describe(call)
        steady = sorted(here & there)
        wrong = [(f"unsay {other}", _("{seat} may no longer say “{call}”").format(seat=seat, call=rules.describe(
            Call(seat, other)))) for other in steady[:1]]
        if state.phase == "play" and not rules.forced_calls(state) and not alt.forced_calls(state):
            both = [card for card in rules.legal_cards(state, seat) if card in alt.legal_cards(state, seat)]
            wrong += [card_claim(seat, rules.card_name(card), str(card), False) for card in both[:1]]
        key_, right = ((f"say {said}", _("{seat} may say “{call}”")) if allowed else
                       (f"unsay {said}", _("{seat} may no longer say “{call}”")))
        told = (_("With “{choice}”, “{call}” is allowed for {seat} now.").format(
            choice=named[1] if allowed else named[0], call=words_, seat=seat), refusal or "")
        found.append(Change(steps, seat, _("{seat} to speak or play.").format(seat=seat), key_,
                            right.format(seat=seat, call=words_), tuple(wrong), told,
                            refusal.rule if refusal else ""))
    return found


def lead_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The first lead, where the rules' ``first_leader`` chose it and the other rule set chooses another."""
    rules, steps = hand.rules, first_lead(hand)
    if steps is None:
        return []
    dealt, leader = hand.states[0], hand.states[steps].trick_on_table.leader
    other = alt.first_leader(dealt)
    if rules.first_leader(dealt) != leader or other == leader:
        return []
    claims = {seat: (f"lead {seat}", _("{seat} leads the first trick").format(seat=rules.seat_name(seat)))
              for seat in rules.seats if seat != leader}
    told = tuple(_("With “{choice}”, {seat} leads the first trick.").format(choice=choice, seat=seat)
                 for choice, seat in zip(named, (leader, other)))
    return [Change(steps, None, _("{dealer} dealt this hand and {seat} leads the first trick.").format(
        dealer=hand.dealer, seat=leader), *claims.pop(other), tuple(claims.values()), told)]


def score_words(rules: TrickGame, score: dict[str, Any]) -> str:
    return ", ".join(f"{rules.side_words(side)} {pretty(value)}" for side, value in score.items())


def score_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The finished hand, where the other rule set scores it otherwise."""
    rules, final = hand.rules, hand.states[-1]
    if not final.over:
        return []
    here, there = rules.score(final), alt.score(final)
    if here.score == there.score:
        return []
    return [score_change(rules, alt, named, (here, there), len(hand.actions), _(
        "The hand is over: it scores {scores}.").format(scores=score_words(rules, here.score)))]


def score_change(rules: TrickGame, alt: TrickGame, named: Named, results: tuple[HandResult, HandResult],
                 steps: int, where: str, scenario: dict[str, Any] | None = None) -> Change:
    """The hand scored otherwise: the other rule set's score is the answer, one a point off a wrong one."""
    here, there = results
    first = next(iter(there.score))
    off = {**there.score, first: there.score[first] + 1}
    return Change(steps, None, where, "score", _("It scores {scores}").format(scores=score_words(alt, there.score)),
                  (("score off", _("It scores {scores}").format(scores=score_words(alt, off))),),
                  tuple(_("With “{choice}”: {summary}").format(choice=choice, summary=result.summary)
                        for choice, result in zip(named, (here, there))), scenario=scenario)


def ending(rules: TrickGame, match: MatchState) -> tuple[str, str]:
    """A sheet's state after a hand as a choice: the match goes on, or who won it."""
    if not match.over:
        return f"match {ON}", _("The match goes on")
    if match.winner is None:
        return f"match {NOBODY}", _("Nobody wins the match")
    return f"match {match.winner}", _("{side} wins the match").format(side=rules.side_words(match.winner))


def match_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random,
                  most: int = CHANGE_HANDS) -> list[Change]:
    """The first hand of a match played on from ``hand`` (``most`` hands at most) that the other rule
    set, keeping its own sheet of the same hands, settles otherwise (a doubled game, a unit rounded, a
    pot carried) or after which it ends the match otherwise (a target, a number of hands)."""
    rules = hand.rules
    before, current, count = rules.new_match(hand.dealer), hand, 1
    other_before = alt.new_match(hand.dealer)
    while current.states[-1].over:
        final = current.states[-1]
        after = rules.settle(before, rules.score(final))
        try:
            other = alt.settle(other_before, alt.score(final))
        except MatchError:  # the sheet is a match the other rule set has already ended
            return []
        played = MatchHand(count, before, current, after)
        if (other.over, other.winner) != (after.over, after.winner):
            claims = dict([ending(rules, replace(after, over=True, winner=side)) for side in playing(rules)]
                          + [(f"match {ON}", _("The match goes on"))])
            right = ending(alt, other)
            claims.pop(right[0], None)
            claims.pop(ending(rules, after)[0], None)
            told = tuple(_("With “{choice}”: {ending}.").format(choice=choice, ending=ended[1])
                         for choice, ended in zip(named, (ending(rules, after), right)))
            return [Change(len(current.actions), None, " ".join((
                before_words(rules, played), _("This hand: {result}").format(result=after.results[-1].summary),
                ending(rules, after)[1] + ".")), *right, tuple(list(claims.items())[:2]), told,
                           scenario=played.scenario())]
        here, there = after.results[-1], other.results[-1]
        if here.score != there.score:
            last = [_("The hand before: {result}").format(result=before.results[-1].summary)] if before.results else []
            return [score_change(rules, alt, named, (here, there), len(current.actions), " ".join((
                before_words(rules, played), *last,
                _("The hand is over: it scores {scores}.").format(scores=score_words(rules, here.score)))),
                played.scenario())]
        if after.over or count >= most:
            return []
        before, other_before, count = after, other, count + 1
        current = play(rules, hand.game, hand.options, after.dealer, rng.randrange(MAX_SEED))
    return []


def settle_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The hand as the first of a match, where the other rule set settles it or ends the match otherwise."""
    return match_changes(hand, alt, named, rng, most=1)


def sheet_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The sheet a match starts from (each player's chips), where the other rule set starts another."""
    rules = hand.rules
    here, there = rules.new_match(hand.dealer), alt.new_match(hand.dealer)
    if here.totals == there.totals:
        return []
    off = {side: total + 10 for side, total in there.totals.items()}
    claims = [("sheet " + " ".join(f"{side}:{total}" for side, total in match.totals.items()),
               _("The match starts at {totals}").format(totals=sheet(alt, match)))
              for match in (there, replace(there, totals=off))]
    told = tuple(_("With “{choice}”, the match starts at {totals}.").format(choice=choice,
                                                                              totals=sheet(table, match))
                 for choice, table, match in zip(named, (rules, alt), (here, there)))
    return [Change(0, None, _("The match starts at {totals}.").format(totals=sheet(rules, here)), *claims[0],
                   tuple(claims[1:]), told)]


def packets_words(rules: TrickGame, dealer: str) -> str:
    return _("{dealer} deals in packets of {packets}").format(
        dealer=dealer, packets=listed([number(packet) for packet in rules.deal_packets]))


def table_words(way: tuple[int, int, int, int]) -> str:
    players, each, aside, up = way
    return _("{players}: {dealt}; {tricks}").format(
        players=ngettext("{count} player", "{count} players", players).format(count=number(players)),
        dealt=dealt_words((each, aside, up)),
        tricks=ngettext("{count} trick", "{count} tricks", each).format(count=number(each)))


def table_change(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The table itself, where the other rule set seats other players (or deals them other cards): how
    many play, how many cards each, set aside or turned up, and so how many tricks."""
    rules, dealer = hand.rules, hand.dealer if hand.dealer in alt.seats else alt.seats[0]
    dealt = alt.apply(alt.initial(dealer), alt.deal(dealer, hand.seed), check=False)
    here = (len(rules.seats), *dealing(rules, hand.states[0]))
    there = (len(alt.seats), *dealing(alt, dealt))
    if here == there:
        return []
    each = [there[1] + step for step in (1, -1) if 0 < there[1] + step and there[0] * (there[1] + step) <= len(
        alt.pack.cards)]
    wrong = [(there[0], each_, len(alt.pack.cards) - there[0] * each_, there[3]) for each_ in each[:1]]
    claims = [(f"table {'/'.join(map(str, way))}", table_words(way)) for way in (there, here, *wrong)]
    told = tuple(_("With “{choice}”: {table} ({seats}).").format(choice=choice, table=table_words(way),
                                                                 seats=listed(list(table.seats)))
                 for choice, way, table in zip(named, (here, there), (rules, alt)))
    return [Change(0, None, _("The cards are dealt."), *claims[0], tuple(claims[1:]), told)]


def deal_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The deal, where the other rule set deals the same cards in other packets."""
    rules = hand.rules
    if alt.deal_packets == rules.deal_packets or sorted(alt.deal_packets) != sorted(rules.deal_packets):
        return []
    told = tuple(_("With “{choice}”, {way}.").format(choice=choice, way=packets_words(table, hand.dealer))
                 for choice, table in zip(named, (rules, alt)))
    return [Change(0, None, _("{dealer} has dealt.").format(dealer=hand.dealer),
                   f"packets {'-'.join(map(str, alt.deal_packets))}", packets_words(alt, hand.dealer),
                   ((f"packets {'-'.join(map(str, rules.deal_packets))}", packets_words(rules, hand.dealer)),), told)]


def action_claim(rules: TrickGame, action: Action, allowed: bool) -> tuple[str, str]:
    """A claim about an action: now allowed, or no longer."""
    if isinstance(action, Play):
        return card_claim(action.seat, rules.card_name(action.card), str(action.card), allowed)
    assert isinstance(action, Call)
    if allowed:
        return f"say {action.words}", _("{seat} may say “{call}”").format(seat=action.seat,
                                                                           call=rules.describe(action))
    return f"unsay {action.words}", _("{seat} may no longer say “{call}”").format(seat=action.seat,
                                                                                  call=rules.describe(action))


DETOUR = 8
"""Actions played, at most, after a call the hand did not make, looking for what an option changes."""
FRESH_DEALS = 20
"""Other deals looked at, just dealt, for an option that changes only some deals (a redeal for a hand
without high cards)."""


def differing(rules: TrickGame, alt: TrickGame, here: State, there: State,
              chosen: Callable[[int, list[Action]], Action | None],
              most: int) -> tuple[list[Action], State, State] | None:
    """Play on from the same table under both rule sets (``chosen`` gives the k-th action from the
    actions allowed) until they allow different actions: those taken and the two tables then."""
    taken: list[Action] = []
    for _step in range(most):
        mine, theirs = rules.legal(here), alt.legal(there)
        if here.to_act != there.to_act or set(mine) != set(theirs):
            return taken, here, there
        action = chosen(len(taken), mine)
        if action is None:
            return None
        taken.append(action)
        here, there = rules.apply(here, action, check=False), alt.apply(there, action, check=False)
    return None


def course_change(rules: TrickGame, alt: TrickGame, named: Named, here: State, there: State, steps: int,
                  rng: random.Random, scenario: dict[str, Any] | None = None) -> list[Change]:
    """The change at two tables reached by the same actions where the rule sets allow different ones."""
    mine, theirs = rules.legal(here), alt.legal(there)
    new = [action for action in theirs if action not in mine]
    gone = [action for action in mine if action not in theirs]
    if new:
        right = action_claim(alt, rng.choice(new), True)
    elif gone:
        right = action_claim(rules, rng.choice(gone), False)
    else:
        return []
    wrong = [action_claim(rules, action, False) for action in mine if action in theirs][:1]
    told = tuple(_("With “{choice}”, {seat} is to act: {actions}.").format(
        choice=choice, seat=state.to_act, actions=listed([table.describe(action) for action in sorted(
            acts, key=lambda action: action in shared)[:4]]))
        for choice, table, state, acts, shared in zip(named, (rules, alt), (here, there), (mine, theirs),
                                                      (theirs, mine))
        if state.to_act is not None and acts)
    seat = here.to_act
    return [Change(steps, seat, _("{seat} to act.").format(seat=seat) if seat else "", *right, tuple(wrong), told,
                   scenario=scenario)]


def course_changes(hand: Played, alt: TrickGame, named: Named, rng: random.Random) -> list[Change]:
    """The first moment where the hand's own actions, replayed under the other rule set, meet other
    choices (another seat to act, another phase: a surrender offered, a redeal demanded); else where a
    call the hand did not make, and the first actions allowed after it, meet them (a solo bid over one
    who asked leave, everyone passing: before the play only); else a table just dealt from another deal
    where they differ."""
    rules, actions = hand.rules, hand.actions
    there = alt.apply(alt.initial(hand.dealer), hand.deal, check=False)
    found = differing(rules, alt, hand.states[0], there,
                      lambda steps, _mine: actions[steps] if steps < len(actions) else None, len(actions) + 1)
    if found is not None:
        taken, here, there = found
        return course_change(rules, alt, named, here, there, len(taken), rng)
    theirs = [there]
    for action in actions:
        theirs.append(alt.apply(theirs[-1], action, check=False))
    for steps, state in enumerate(hand.states[:-1]):
        for call in rules.legal_calls(state) if state.phase != "play" else ():
            if call == actions[steps]:
                continue
            found = differing(rules, alt, rules.apply(state, call, check=False),
                              alt.apply(theirs[steps], call, check=False),
                              lambda _steps, mine: mine[0] if mine else None, DETOUR)
            if found is not None:
                taken, here, there = found
                detour = (*actions[:steps], call, *taken)
                scenario = replace(hand, actions=detour).scenario(len(detour))  # the scenario reads actions only
                return course_change(rules, alt, named, here, there, len(detour), rng, scenario)
    for _deal in range(FRESH_DEALS):
        seed = rng.randrange(MAX_SEED)
        deal = rules.deal(hand.dealer, seed)
        here = rules.apply(rules.initial(hand.dealer), deal, check=False)
        there = alt.apply(alt.initial(hand.dealer), deal, check=False)
        if differing(rules, alt, here, there, lambda _steps, _mine: None, 1) is not None:
            fresh = Played(rules, hand.game, hand.options, hand.dealer, seed, deal, (), (here,))
            return course_change(rules, alt, named, here, there, 0, rng, fresh.scenario(0))
    return []


Finder = Callable[[Played, TrickGame, Named, random.Random], list[Change]]
FINDERS: tuple[tuple[Finder, ...], ...] = (
    (deal_changes, sheet_changes, card_changes, call_changes, lead_changes, score_changes), (course_changes,),
    (settle_changes,), (match_changes,))
"""What an option may change, cheapest first: within one hand at the same positions; the hand replayed
under the other rule set; the hand settled as a match's first; a match played on (not asked where
another option is set too: a companion must show the change within its hand)."""


def companions(hand: Played, option: str, rng: random.Random) -> list[tuple[Field[Any], Any]]:
    """Other options to set with this one, so that this one changes something, each chosen at random:
    one of the table's options that are off turned on (Tressette's ``declare`` needs declarations), one
    that seats other players (Quadrille's ``unit_rounding`` shows with five, whose pot is 5 chips), and
    any other."""
    rules = hand.rules
    others = [field for field in fields(rules.Options) if field.name != option]
    off = [(field, True) for field in others if getattr(rules.options, field.name) is False
           and True in field.metadata["choices"]]
    otherwise = [(field, value) for field in others for value in field.metadata["choices"]
                 if value != getattr(rules.options, field.name)]
    seating = [(field, value) for field, value in otherwise
               if get_rules(hand.game, **{**hand.options, field.name: value}).seats != rules.seats]
    return list(dict.fromkeys(rng.choice(pairs) for pairs in (off, seating, otherwise) if pairs))


def changes_of(hand: Played, option: Field[Any], other: Any, named: Named, rng: random.Random,
               stages: int = len(FINDERS)) -> list[Change]:
    """What setting ``option`` to ``other`` changes in ``hand`` (or its match), asking the first
    ``stages`` of :data:`FINDERS`."""
    alt = get_rules(hand.game, **{**hand.options, option.name: other})
    if alt.seats != hand.rules.seats or alt.pack != hand.rules.pack:
        return table_change(hand, alt, named, rng)
    for finders in FINDERS[:stages]:
        changes = [change for finder in finders for change in finder(hand, alt, named, rng)]
        if changes:
            return changes
    return []


def variant_quiz(hand: Played, rng: random.Random, level: int, wanted: str | None) -> Asked | None:
    """A position where one of the game's options, set the other way, changes what may be played or
    said, who leads, how the cards are dealt, what the hand scores or how the match ends: what changes?
    Where the option changes nothing at this table, the same deal is played again with another of the
    table's options set too (the option may refine it).  Unasked, it asks about an option a concept of
    the game practises (so that the answer counts for one), where the game declares any."""
    rules = hand.rules
    options = [option for option in fields(rules.Options) if wanted in (None, option.name)]
    taught = [option for option in options if quiz_concepts(rules.key, "variant", option.name)]
    if not options:
        return None
    option: Field[Any] = rng.choice(taught if wanted is None and taught else options)
    current = getattr(rules.options, option.name)
    others = [choice for choice in option.metadata["choices"] if choice != current]
    if not others:
        return None
    other = rng.choice(others)
    named = (words(option.metadata["choice_words"], current), words(option.metadata["choice_words"], other))
    try:
        changes = changes_of(hand, option, other, named, rng)
        setting = ""
        base = hand
        for companion, value in [] if changes else companions(hand, option.name, rng):
            given = {**base.options, companion.name: value}
            with_it = get_rules(base.game, **given)
            hand = (play(with_it, base.game, given, base.dealer, base.seed, deal=base.deal)
                    if with_it.seats == rules.seats else
                    play(with_it, base.game, given, with_it.seats[0], base.seed))
            changes = changes_of(hand, option, other, named, rng, stages=len(FINDERS) - 1)
            if changes:
                setting = _("{option}: {choice}").format(option=label(companion),
                                                         choice=words(companion.metadata["choice_words"], value))
                break
    except OptionError:
        return None
    if not changes:
        return None
    change = rng.choice(changes)
    choices = [(change.key, change.words), *change.wrong]
    rng.shuffle(choices)
    plays = _("{option}: {choice}").format(option=label(option), choice=named[0])
    question = " ".join((_("This table plays {settings}.").format(settings=listed([plays, setting] if setting
                                                                                  else [plays])),
                         change.where, _("What changes at this moment with {option}: {choice}?").format(
                             option=label(option), choice=named[1])))
    return Asked(change.scenario or hand.scenario(change.steps), question, change.key,
                 ruled(change.told, deciding_rules(hand.rules, "variant", option.name, option=option.name),
                       change.rule),
                 option.name, (*choices, (NOTHING, _("Nothing changes here"))), seat=change.seat)


MAKERS: dict[str, Callable[[Played, random.Random, int, str | None], Asked | None]] = {
    "deal": deal_quiz, "match": match_quiz, "settle": settle_quiz, "variant": variant_quiz}
"""The makers of these kinds: each is given the situation wanted, or None for any."""
