"""Each claim a lesson's "Playing well" section makes, checked over the banked puzzles of its theme
(issue 35, item 3).

Every banked puzzle of a card theme is replayed from its scenario, its answer and its proved line,
and what a card does in its trick is read through the rules API alone: who takes the trick, and
with what.  The bank is read as a file and nothing is taken from ``cardlab.puzzles``, so the theme
finder cannot vouch for its own themes.

A master (the best card left of its suit, of the whole pack where suits need not be followed) is
not always a sure trick: a player void in its suit may trump it (Sixty-Six, where he must if he
can; Quadrille, where he may), and in La Vache a card of its rank ties it.  Where the puzzles of
"keep the master" or "lead the master" show such an exception, the game's Playing well section
must say so, in the words of :data:`EXCEPTION_WORDS`; a master taken by an opponent's card of its
own suit would be no master, and fails.  A kept master that best play later throws on a trick of
another suit is no exception: its holder chose to.
"""
from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from cardlab.actions import Play, parse_action
from cardlab.cards import Card
from cardlab.games import GAMES, folder, get_rules, traits
from cardlab.games.quadrille.rules import matadors
from cardlab.rules import TrickGame
from cardlab.scenario import parse, run
from cardlab.state import State, Trick

LESSONS = Path(__file__).resolve().parent.parent / "notebooks"
LAST_TRICK_THEMES = ("win the ultima", "win the dernière levée", "win the dernier pli", "win the last trick")
# What each lesson says of the ways its masters fail to take their trick (a fate of master_fates).
EXCEPTION_WORDS = {
    "sixty_six": {"trumped": "must trump it if he can"},
    "quadrille": {"trumped": "while the others still follow suit"},
    "vache": {"tied": "a card of its rank may still tie it"},
}


class Replayed(NamedTuple):
    """A banked puzzle played out: its position, the answer's card, and every state of its line."""

    rules: TrickGame
    state: State
    seat: str
    card: Card
    final: State

    def trick_of(self, card: Card, seat: str | None = None) -> Trick:
        """The completed trick ``card`` is played to in the proved line."""
        return next(trick for trick in self.final.tricks if (seat or self.seat, card) in trick.plays)

    def same_side(self, other: str | None) -> bool:
        return other is not None and self.rules.side_of(self.state, other) == self.rules.side_of(self.state, self.seat)


@cache
def replayed(game: str) -> tuple[tuple[str, Replayed], ...]:
    """Every banked puzzle of the game whose answer is a card, as (theme, replayed)."""
    bank: list[dict[str, Any]] = json.loads((folder(game) / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]
    found = []
    for made in bank:
        hand = run(parse(made["scenario"])).hand
        assert hand is not None
        rules, state, seat = hand.rules, hand.state, made["seat"]
        card = next((c for c in state.hand(seat) if c is not None and str(c) == made["answer"]), None)
        if card is None:
            continue
        after = rules.apply(state, Play(seat, card))
        for text in made["line"]:
            after = rules.apply(after, parse_action(text, rules.seats))
        found.append((made["theme"], Replayed(rules, state, seat, card, after)))
    return tuple(found)


def of_theme(game: str, *themes: str) -> list[Replayed]:
    return [one for theme, one in replayed(game) if theme in themes]


@cache
def playing_well(game: str) -> str:
    """The English text of the game's lesson's Playing well section."""
    notebook = json.loads((LESSONS / traits(get_rules(game)).lesson).read_text(encoding="utf-8"))
    text, inside = [], False
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            inside = source.startswith("## Playing well")
        if inside and cell["cell_type"] == "markdown":
            text.append(source)
    assert text, f"{game}: no Playing well section"
    return "\n".join(text)


def masters(rules: TrickGame, state: State) -> set[Card]:
    """The best card still in a hand of each suit (of the whole pack where suits are not followed)."""
    table = rules.card_table(state)
    groups: dict[str, list[Card]] = {}
    for hand in state.hands:
        for card in hand:
            if card is not None:
                groups.setdefault(table.suit[card] if traits(rules).follows_suit else "", []).append(card)
    return {card for cards in groups.values() for card in cards
            if table.power[card] == max(table.power[other] for other in cards)}


def fate(one: Replayed, card: Card) -> str:
    """What became of the seat's ``card`` in the proved line: its side took its trick ("side"), the
    trick stayed tied ("tied"), it was thrown on a trick of another suit ("under"), an opponent's
    trump took it ("trumped"), or an opponent's card of its suit did ("beaten")."""
    table = one.rules.card_table(one.state)
    trick = one.trick_of(card)
    if trick.winner is None:
        return "tied"
    if one.same_side(trick.winner):
        return "side"
    if table.suit[card] not in (table.suit[trick.plays[0][1]], table.trump):
        return "under"
    taker = trick.card_of(trick.winner)
    assert taker is not None
    return "trumped" if table.suit[taker] == table.trump != table.suit[card] else "beaten"


def master_fates(game: str) -> Counter[str]:
    """The fates of the masters the puzzles of "lead the master" lead and those of "keep the master" keep."""
    fates: Counter[str] = Counter()
    for theme, one in replayed(game):
        if theme == "lead the master":
            assert one.state.trick is None or not one.state.trick.plays
            assert one.card in masters(one.rules, one.state)
            fates[fate(one, one.card)] += 1
        elif theme == "keep the master":
            legal = {action.card for action in one.rules.legal(one.state) if isinstance(action, Play)}
            kept = legal & masters(one.rules, one.state) - {one.card}
            assert kept and one.card not in masters(one.rules, one.state)
            fates.update(fate(one, card) for card in kept)
    return fates


@pytest.mark.parametrize("game", list(GAMES))
def test_a_master_is_a_sure_trick_or_the_lesson_says_why_not(game: str) -> None:
    fates = master_fates(game)
    assert fates["beaten"] == 0, f"{game}: a master taken by a card of its own suit"
    said = EXCEPTION_WORDS.get(game, {})
    for kind in ("trumped", "tied"):
        if fates[kind]:
            assert kind in said and said[kind] in playing_well(game), (
                f"{game}: {fates[kind]} masters {kind}, and the Playing well section does not say it can happen")


def test_the_exceptions_the_lessons_name_happen() -> None:
    """The words of EXCEPTION_WORDS stand for exceptions the banks really show (counted in the report
    of issue 35: Sixty-Six's masters trumped, La Vache's kept masters tied)."""
    for game, said in EXCEPTION_WORDS.items():
        fates = master_fates(game)
        assert all(fates[kind] for kind in said), (game, fates)


@pytest.mark.parametrize("game", [game for game in GAMES if not traits(get_rules(game)).follows_suit])
def test_a_spoiled_trick_stays_tied(game: str) -> None:
    """"Tie the trick" / "spoil the trick": the answer ties the card of another side that holds the
    trick, and no later card of the trick wins it outright."""
    spoiled = of_theme(game, "spoil the trick")
    for one in spoiled:
        trick = one.state.trick
        assert trick is not None
        holder = one.rules.trick_winner(one.state, trick)
        assert holder is not None and not one.same_side(holder)
        assert one.rules.trick_winner(one.state, trick.with_play(one.seat, one.card)) is None
        assert one.trick_of(one.card).winner is None
    assert spoiled


@pytest.mark.parametrize("game", [game for game in GAMES if get_rules(game).has_trumps])
def test_a_trump_takes_the_trick_and_an_over_trump_is_the_cheapest(game: str) -> None:
    """"Void in the suit led, a trump takes the trick"; "an opponent has trumped: beat his trump with
    a higher one, as cheaply as it can be done" (Quadrille; Sixty-Six alike)."""
    trumped = [(theme, one) for theme, one in replayed(game) if theme in ("trump the trick", "over-trump")]
    for theme, one in trumped:
        table, trick = one.rules.card_table(one.state), one.state.trick
        assert trick is not None
        led = table.suit[trick.plays[0][1]]
        assert table.suit[one.card] == table.trump != led
        assert not any(table.suit[card] == led for card in one.state.hand(one.seat) if card is not None)
        assert one.trick_of(one.card).winner == one.seat
        theirs = any(table.suit[card] == table.trump and not one.same_side(who) for who, card in trick.plays)
        assert theirs == (theme == "over-trump")
        if theirs:
            beating = [action.card for action in one.rules.legal(one.state) if isinstance(action, Play)
                       and one.rules.trick_winner(one.state, trick.with_play(one.seat, action.card)) == one.seat]
            assert table.power[one.card] == min(table.power[card] for card in beating)
    assert trumped


def test_the_matador_reneges_only_with_matadors_above_the_trump_led() -> None:
    """Law 7: a trump led, a matador above it need not be played; a player whose trumps are all such
    matadors may throw another card."""
    reneged = of_theme("quadrille", "the matador that may renege")
    for one in reneged:
        table, trick = one.rules.card_table(one.state), one.state.trick
        assert trick is not None and table.trump is not None
        led = trick.plays[0][1]
        held = [card for card in one.state.hand(one.seat) if card is not None and table.suit[card] == table.trump]
        assert table.suit[led] == table.trump != table.suit[one.card] and held
        trumps = one.rules.trump(one.state)
        assert trumps is not None
        assert all(card in matadors(trumps) and table.power[card] > table.power[led] for card in held)
    assert reneged


@pytest.mark.parametrize("game", [game for game in GAMES if any(map(get_rules(game).card_points, get_rules(game).pack.cards))])
def test_points_go_on_a_trick_the_partner_keeps(game: str) -> None:
    """"When your partner's card holds the trick and nobody still to play can beat it, give him a card
    that counts": the partner holds the trick, the answer counts most of the cards it could be,
    and the partner takes the trick."""
    fed = of_theme(game, "points on partner's trick")
    for one in fed:
        trick = one.state.trick
        assert trick is not None
        partner = one.rules.trick_winner(one.state, trick)
        assert partner is not None and partner != one.seat and one.same_side(partner)
        legal = [action.card for action in one.rules.legal(one.state) if isinstance(action, Play)]
        assert one.rules.card_points(one.card) == max(map(one.rules.card_points, legal)) > 0
        assert one.trick_of(one.card).winner == partner
    assert fed


@pytest.mark.parametrize("game", [game for game in GAMES if get_rules(game).last_trick_bonus])
def test_the_last_trick_puzzles_win_the_last_trick(game: str) -> None:
    """"Count the cards still out and keep the one that takes it": the side takes the last trick."""
    last = of_theme(game, *LAST_TRICK_THEMES)
    assert last and all(one.same_side(one.final.tricks[-1].winner) for one in last)
