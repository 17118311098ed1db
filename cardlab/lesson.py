"""One-line pictures and tables for the lessons: each function returns an object that shows
itself in a notebook (HTML with inline SVG) and prints as plain text, so the same call teaches in
Voilà and is checked by nbval.  Every heading, caption and sentence is said in the current
language (:mod:`cardlab.i18n`); the cards' short codes (``3D``) stay as they are.

The big pictures (a whole pack, a suit's order, a deal, classes of cards) come drawn later: a placeholder of the
picture's size and name that holds the drawing, which the page draws when it comes near the screen
(``widgets/board.js``, ``drawLaterPictures``).  A lesson holds up to a dozen of them, tens of
thousands of elements once the cards' faces are counted; drawn all at once they made the page slow
to play.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Protocol, runtime_checkable

from .actions import Call
from .card_words import CONTEXTS, suit_name
from .cards import SUITS, Card, Pack
from .games import GAMES, get_rules, traits
from .i18n import _, mark, ngettext, pgettext
from .points import pretty
from .record import Hand
from .render import hand_svg
from .render.panels import PANEL_CSS, html_table


@dataclass(frozen=True)
class Shown:
    """Something a notebook cell shows: HTML for people, text for tests and screen readers."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


@runtime_checkable
class GamePoints(Protocol):
    """Rules whose score sheet counts game points won by a side's card points (Sixty-Six)."""

    def game_points(self, points: Fraction, all_tricks: bool) -> int: ...


# a lesson table's caption is a sentence, longer in French than in English: it wraps within its table
# (the score panels' captions are short labels, kept on one line)
_LESSON_CSS = ".cardlab-lesson .cardlab-panel caption { white-space: normal; }"


_SVG_HEAD = re.compile(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)"[^>]*?aria-label="([^"]*)"')


def later(svg: str) -> str:
    """``svg`` (one drawing of :mod:`cardlab.render`, sized in pixels and named by its
    ``aria-label``) as an empty placeholder of its size and name that holds the drawing until the
    page draws it, near the screen."""
    found = _SVG_HEAD.match(svg)
    if not found:
        raise ValueError("later() takes a drawing with a width, a height and a name.")
    width, height, name = found.groups()
    return (f'<span class="cardlab-later" role="img" aria-label="{name}" data-picture="{escape(svg)}" '
            f'style="display:inline-block;width:{width}px;max-width:100%;aspect-ratio:{width} / {height}"></span>')


def _styled(html: str) -> str:
    """Tables carry their own style: a lesson page may show them before any table widget."""
    return f'<style>{PANEL_CSS}{_LESSON_CSS}</style><div class="cardlab-lesson">{html}</div>'


# a rank's bare name in a table's "Card" column (the numbers need no words)
_RANK_WORDS: dict[str, dict[str, str]] = {
    "french": {"A": mark("french pack", "ace"), "K": mark("french pack", "king"),
               "Q": mark("french pack", "queen"), "J": mark("french pack", "jack")},
    "italian": {"A": mark("italian pack", "ace"), "K": mark("italian pack", "king"),
                "Kn": mark("italian pack", "knight"), "J": mark("italian pack", "jack")},
}
_LANGUAGE_WORDS = {"French": mark("language", "French"), "Italian": mark("language", "Italian"),
                   "Spanish": mark("language", "Spanish")}


def _rank_name(pack: Pack, rank: str) -> str:
    word = _RANK_WORDS.get(pack.family, {}).get(rank)
    return pgettext(CONTEXTS[pack.family], word) if word else pack.rank_names[rank]


def _line(label: str, value: str) -> str:
    """One line of a table's text: French puts a space before the colon."""
    return _("{label}: {value}").format(label=label, value=value)


def _ranked(game: str, suit: str) -> list[Card]:
    rules = get_rules(game)
    cards = [c for c in rules.pack.cards if c.suit == suit]
    return sorted(cards, key=lambda c: rules.strength(None, c), reverse=True)


def games() -> Shown:
    """The games of the kit, each linked to its lesson."""
    rows, lines = [], []
    for key, game in GAMES.items():
        title = escape(game.title)
        declared = traits(get_rules(key))
        link = f'<a href="{escape(declared.lesson)}">{title}</a>'
        where, pack = _(declared.where), _(game.pack.title)
        rows.append([link, escape(where), escape(pack)])
        lines.append(_line(game.title, f"{where}, {pack}"))
    return Shown(_styled(html_table("cardlab-games", _("The games"), [_("Game"), _("Where"), _("Pack")], rows)),
                 "\n".join(lines))


def pack(game: str) -> Shown:
    """Every card of the game's pack, one row a suit, strongest first."""
    rules = get_rules(game)
    rows, lines = [], []
    for suit in SUITS:
        cards = _ranked(game, suit)
        name = suit_name(rules.pack, suit)
        svg = later(hand_svg(cards, rules.pack.family, width=56, gap=6))
        rows.append(f'<div class="cardlab-row"><b>{escape(name.capitalize())}</b> '
                    f"({escape(rules.pack.local_suit_names[suit])})<br>{svg}</div>")
        lines.append(_line(name, " ".join(map(str, cards))))
    return Shown("".join(rows), "\n".join(lines))


def ranking(game: str, suit: str = "D") -> Shown:
    """One suit from strongest to weakest, each card labelled with what it is worth."""
    rules = get_rules(game)
    cards = _ranked(game, suit)
    labels = [pretty(rules.card_points(card)) for card in cards]
    svg = hand_svg(cards, rules.pack.family, labels=labels, width=72, gap=8)
    text = " > ".join(f"{card} ({label})" for card, label in zip(cards, labels))
    caption = escape(_("Strongest on the left; the number under each card is what it counts."))
    return Shown(f'<div class="cardlab-ranking"><p>{caption}</p>{later(svg)}</div>', text)


def points(game: str) -> Shown:
    """What each rank counts, and the total in play."""
    rules = get_rules(game)
    cards = _ranked(game, "D")
    named = [(_rank_name(rules.pack, c.rank), rules.pack.local_rank_names.get(c.rank, c.rank),
              pretty(rules.card_points(c)), pretty(4 * rules.card_points(c))) for c in cards]
    named.append((_("last trick"), rules.last_trick_local_name, pretty(rules.last_trick_bonus),
                  pretty(rules.last_trick_bonus)))
    rows = [[escape(name), escape(local), each, four] for name, local, each, four in named]
    total = 4 * sum((rules.card_points(c) for c in cards), Fraction(0)) + rules.last_trick_bonus
    language = pgettext("language", _LANGUAGE_WORDS[rules.pack.language])
    table = html_table("cardlab-points-table", _("What the cards count"),
                       [_("Card"), language, _("Each"), _("All four")],
                       rows, [_("In all"), "", "", pretty(total)])
    text = "\n".join(_("{card}: {each} each, {all} in all").format(card=name, each=each, all=four)
                     for name, _local, each, four in named)
    text += "\n" + _("total: {total}").format(total=pretty(total))
    return Shown(_styled(table), text)


def rounding(game: str) -> Shown:
    """Why the fractions are dropped: every split of the counters, scored both ways."""
    rules = get_rules(game)
    counters = sum(1 for c in rules.pack.cards if 0 < rules.card_points(c) < 1)
    whole = sum(rules.card_points(c) for c in rules.pack.cards if rules.card_points(c) >= 1) + rules.last_trick_bonus
    rows, lines = [], []
    for mine in range(counters + 1):
        ours, theirs = Fraction(mine, 3), Fraction(counters - mine, 3)
        dropped = int(ours) + int(theirs) + whole
        nearest = round(ours) + round(theirs) + whole
        flag = " ✗" if nearest != dropped else ""
        rows.append([str(mine), pretty(ours), pretty(theirs), str(dropped), f"{nearest}{flag}"])
        lines.append(_("{won} counters: dropped {dropped}, nearest {nearest}").format(
            won=mine, dropped=dropped, nearest=nearest))
    caption = _("Every way the {counters} counters can split (aces and last trick add {whole} whole points): "
                "dropping the thirds always makes 11; rounding to the nearest point sometimes makes 12.").format(
        counters=counters, whole=whole)
    return Shown(_styled(html_table("cardlab-rounding", caption,
                                    [_("Counters won"), _("Thirds"), _("Opponents' thirds"),
                                     _("Total, thirds dropped"), _("Total, rounded")], rows)),
                 "\n".join(lines))


def ties(game: str) -> Shown:
    """Which level totals a match can reach: every hand adds the same whole number of points to
    the two totals together, so only some level scores exist; the first at or past the target."""
    rules = get_rules(game)
    target = rules.target
    if target is None:
        raise ValueError(f"{rules.title} is not played to a target score.")
    per_hand = int(sum((rules.card_points(c) for c in rules.pack.cards), Fraction(0)) + rules.last_trick_bonus)
    first = next(level for level in range(per_hand, 10 * target, per_hand) if level >= target)
    rows, lines = [], []
    for combined in range(per_hand, 2 * first + 1, per_hand):
        level = Fraction(combined, 2)
        possible = level.denominator == 1
        verdict = (_("impossible") if not possible
                   else _("below {target}: play on").format(target=target) if level < target
                   else _("the first tie past the target: deal again"))
        rows.append([str(combined), pretty(level), escape(verdict)])
        lines.append(_("together {combined}: level at {level}, {verdict}").format(
            combined=combined, level=pretty(level), verdict=verdict))
    caption = _("Every hand adds {per_hand} points to the two totals together, so level totals are halves of "
                "a multiple of {per_hand}; the first whole one at or past {target} is {first}–{first}.").format(
        per_hand=per_hand, target=target, first=first)
    return Shown(_styled(html_table("cardlab-ties", caption,
                                    [_("Both totals together"), _("Each, if level"), _("A tie?")], rows)),
                 "\n".join(lines))


def declarations(game: str) -> Shown:
    """The combinations that may be declared, and what they score."""
    said = [(_("Napoletana"), _("3, 2 and ace of one suit"), "3"),
            (_("Three of a kind"), _("three 3s, three 2s or three aces"), "3"),
            (_("Four of a kind"), _("all four 3s, 2s or aces"), "4")]
    rows = [[escape(name), escape(what), value] for name, what, value in said]
    text = "\n".join(_line(name, f"{what} = {value}") for name, what, value in said)
    caption = _("{game} declarations").format(game=get_rules(game).title)
    return Shown(_styled(html_table("cardlab-declarations", caption, [_("Declaration"), _("Cards"), _("Points")],
                                    rows)), text)


def deal(game: str, seed: int = 7, dealer: str = "N") -> Shown:
    """A whole deal, all hands face up, before the first lead."""
    from .render.table import table_svg
    from .render.text import table_text
    rules = get_rules(game)
    scene = rules.scene(Hand.dealt(rules, dealer, seed).state, "S", open_hands=True)
    return Shown(later(table_svg(scene)), table_text(scene))


_PICTURE_CSS = (".cardlab-pictures { display: flex; flex-wrap: wrap; gap: 12px; }"
                ".cardlab-pictures a { display: block; width: 264px; max-width: 100%; color: inherit; }"
                ".cardlab-pictures figcaption { margin-top: 4px; }"
                ".cardlab-picture { max-width: 360px; margin: 0; }"
                # on a phone the lesson's picture leaves room for the guided hand's Start button below it
                "@media (max-width: 600px) { .cardlab-lesson-picture { max-width: 240px; } }")
PICTURE_SEED = 7
"""The first game's picture shows this deal, the next game's the next seed: no two games that share a pack
show the same hand."""


def _picture_svg(game: str) -> tuple[str, str]:
    """The game's dealt table as a small SVG, and the sentence that names it (its text alternative)."""
    from .render.picture import table_picture
    rules = get_rules(game)
    scene = rules.scene(Hand.dealt(rules, "N", PICTURE_SEED + list(GAMES).index(game)).state, "S")
    mine = " ".join(str(card) for card in scene.seats[0].hand if card is not None)
    label = _("{game} in its own pack, dealt: three hands face down round the table, South's face up: {cards}").format(
        game=rules.title, cards=mine)
    return table_picture(scene, label), label


def picture(game: str) -> Shown:
    """The game's table as dealt, South's hand face up: the first thing its lesson shows."""
    svg, label = _picture_svg(game)
    return Shown(f'<style>{_PICTURE_CSS}</style><figure class="cardlab-picture cardlab-lesson-picture">{svg}</figure>',
                 label)


def pictures() -> Shown:
    """Every game as a picture of its dealt table, each linking to its lesson, named under it."""
    figures, lines = [], []
    for key, game in GAMES.items():
        declared = traits(get_rules(key))
        svg, label = _picture_svg(key)
        where, pack = _(declared.where), _(game.pack.title)
        figures.append(f'<a href="{escape(declared.lesson)}"><figure class="cardlab-picture">{svg}<figcaption>'
                       f"<b>{escape(game.title)}</b> · {escape(where)} · {escape(pack)}</figcaption></figure></a>")
        lines.append(_line(game.title, f"{where}, {pack} ({declared.lesson})"))
    return Shown(f'<style>{_PICTURE_CSS}</style><nav class="cardlab-pictures" aria-label="{escape(_("The games"))}">'
                 f'{"".join(figures)}</nav>', "\n".join(lines))


def dealer_draw(game: str, seed: int = 7) -> Shown:
    """The draw for a match's first dealer (Quatre Sept, La Vache): each round's cards under the
    seats that drew them, then the rules' own sentence saying who deals."""
    rules = get_rules(game)
    draw = rules.dealer_draw(seed)
    if draw is None:
        raise ValueError(f"{rules.title} does not draw cards for the first dealer.")
    rounds = []
    for number, drawn in enumerate(draw.rounds):
        heading = escape(_("Each seat draws") if number == 0 else _("The tied seats draw again"))
        cards = later(hand_svg([card for _, card in drawn], rules.pack.family, labels=[seat for seat, _ in drawn],
                               width=56, gap=6))
        rounds.append(f'<div class="cardlab-row"><b>{heading}</b><br>{cards}</div>')
    sentence = draw.sentence(rules.pack)
    return Shown(f'<div class="cardlab-draw">{"".join(rounds)}<p>{escape(sentence)}</p></div>', sentence)


def refusals(scenario: str) -> Shown:
    """Where a teaching scenario stops: every card of the seat to act, playable or the sentence
    that refuses it."""
    from .actions import Play
    from .scenario import builtin, run
    played = run(builtin(scenario))
    if played.hand is None:
        raise ValueError(f"The scenario {scenario!r} does not play: {played.error}")
    rules, state = played.hand.rules, played.hand.state
    seat = state.seat_to_act
    rows, lines = [], []
    for card in rules.sorted_cards(state, state.cards_in_sight(seat)):
        why = rules.why_illegal(state, Play(seat, card)) or _("playable")
        rows.append([escape(rules.pack.name(card)), escape(why)])
        lines.append(_line(str(card), why))
    caption = _("{seat}'s cards, and what the table answers to each").format(seat=seat)
    return Shown(_styled(html_table("cardlab-refusals", caption, [_("Card"), _("Answer")], rows)),
                 "\n".join(lines))


def game_points(game: str) -> Shown:
    """What a side's count of card points is worth on the score sheet (Sixty-Six)."""
    rules = get_rules(game)
    if not isinstance(rules, GamePoints):
        raise ValueError(f"{rules.title} does not turn card points into game points.")
    examples = [(_("all eight tricks"), 130, True), (_("130 without every trick"), 130, False),
                (_("100 to 129"), 100, False), (_("66 to 99"), 66, False), (_("64 or fewer"), 64, False)]
    rows, lines = [], []
    for what, count, all_tricks in examples:
        awarded = rules.game_points(Fraction(count), all_tricks)
        rows.append([escape(what), str(awarded)])
        lines.append(_line(what, str(awarded)))
    rows.append([escape(_("65–65: one point carried to the winner of the next hand")), escape(_("0 now"))])
    lines.append(_("65–65: 0 now, 1 carried to the winner of the next hand"))
    return Shown(_styled(html_table("cardlab-game-points", _("Card points → game points"),
                                    [_("A side's card points"), _("Game points")], rows)), "\n".join(lines))


def quadrille_orders(trumps: str) -> Shown:
    """Quadrille's four suits when ``trumps`` is trumps, strongest first: the trump suit (Spadille
    and Basto in it, the named trumps labelled) and the three plain suits."""
    from .games.quadrille.rules import Quadrille, titles, trump_order
    rules = Quadrille()
    state = rules.initial("N").evolve(trumps=trumps)
    named = {card: pgettext(rules.key, title) for card, title in titles(trumps).items()}
    order = trump_order(trumps)
    trump_suit = suit_name(rules.pack, trumps)
    heading = _("Trumps: {suit}").format(suit=trump_suit)
    rows = [f'<div class="cardlab-row"><b>{escape(heading)}</b> '
            f"({escape(_cards(len(order)))})<br>"
            f"{later(hand_svg(order, 'french', labels=[named.get(c, '') for c in order], width=52, gap=5))}</div>"]
    lines = [_("trumps {suit}: {cards}").format(
        suit=trump_suit, cards=" ".join(f"{c}" + (f" ({named[c]})" if c in named else "") for c in order))]
    for suit in SUITS:
        if suit == trumps:
            continue
        cards = sorted((c for c in rules.pack.cards if rules.suit_of(state, c) == suit),
                       key=lambda c: rules.strength(state, c), reverse=True)
        name = suit_name(rules.pack, suit)
        rows.append(f'<div class="cardlab-row"><b>{escape(name.capitalize())}</b> '
                    f"({escape(_cards(len(cards)))})<br>{later(hand_svg(cards, 'french', width=44, gap=4))}</div>")
        lines.append(_line(name, " ".join(map(str, cards))))
    return Shown("".join(rows), "\n".join(lines))


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def quadrille_settlements(carried: int = 0) -> Shown:
    """What each player and the pot gain or lose in Quadrille's typical results, W the Ombre
    (E his partner in an alliance), the pot holding ``carried`` chips before the four stakes."""
    from .games.quadrille.rules import Outcome, Quadrille
    rules = Quadrille()
    stakes = tuple((seat, 1) for seat in rules.seats)
    cases = [(_("Solo won (6 tricks)"), "solo", None, 6, 0, False, ""),
             (_("Solo won with the three matadors and premiers"), "solo", None, 6, 1, True, ""),
             (_("Solo won: premiers, then the vole made"), "solo", None, 10, 0, True, "made"),
             (_("Solo won: premiers, then the vole failed"), "solo", None, 8, 0, True, "failed"),
             (_("Alliance won (W and E)"), "alliance", "E", 7, 0, False, ""),
             (_("Alliance: premiers, then the vole failed (shared)"), "alliance", "E", 9, 0,
              True, "failed"),
             (_("Remise (5 tricks), solo"), "solo", None, 5, 0, False, ""),
             (_("Codille (4 tricks), solo"), "solo", None, 4, 0, False, ""),
             (_("Codille, alliance: the caller pays alone"), "alliance", "E", 3, 0, False, ""),
             (_("Remise, forced Spadille: the loss is shared"), "forced Spadille", "E", 5, 0,
              False, "")]
    sides = list(rules.seats) + ["pot"]
    said = {side: side for side in rules.seats} | {"pot": pgettext("score part", "pot")}
    rows, lines = [], []
    for name, contract, partner, tricks, units, premiers, vole in cases:
        score = rules.settlement(Outcome(contract, "W", partner, tricks, units, premiers, vole, stakes), carried).score
        rows.append([escape(name)] + [pretty(score[side]) for side in sides])
        lines.append(_line(name, ", ".join(f"{said[side]} {pretty(score[side])}" for side in sides)))
    caption = _("Chips won (+) or lost (−) in one deal, stakes included; the pot holds {chips} at the deal, "
                "so a unit is {unit}").format(chips=carried + 4, unit=pretty(Fraction(carried + 4, 4)))
    return Shown(_styled(html_table("cardlab-settlements", caption, [_("Result")] + [said[side] for side in sides],
                                    rows)), "\n".join(lines))


def classes(game: str) -> Shown:
    """A ranking across suits (Aluette, La Vache): every class of tying cards, strongest first."""
    rules = get_rules(game)
    by_strength: dict[int, list[Card]] = {}
    for card in rules.pack.cards:
        by_strength.setdefault(rules.strength(None, card), []).append(card)
    blocks, lines = [], []
    for number, strength in enumerate(sorted(by_strength, reverse=True), 1):
        cards = by_strength[strength]
        name = rules.class_name(cards[0])
        if name is None:
            raise ValueError(f"{rules.title} does not rank its cards in classes.")
        blocks.append(f'<div class="cardlab-class" style="display:inline-block;margin:4px 10px 8px 0;'
                      f'vertical-align:top"><b>{number}. {escape(name)}</b><br>'
                      f"{later(hand_svg(cards, rules.pack.family, width=44, gap=4))}</div>")
        lines.append(f"{number:2}. " + _line(name, " ".join(map(str, cards))))
    intro = "<p>{}</p>".format(escape(_("Strongest first. Suits do not matter: cards in the same box tie, and "
                                       "when they tie for the best card of a trick, nobody wins it.")))
    return Shown(f'<div class="cardlab-classes">{intro}{"".join(blocks)}</div>', "\n".join(lines))


def gestures() -> Shown:
    """Aluette's signals: the card each gesture shows, and the table's button that makes it."""
    from .games.aluette.rules import CLASSES, GESTURES, Aluette
    rules = Aluette(signals="open")
    rows, lines = [], []
    for word, (name, gesture) in GESTURES.items():
        card = next(cards[0] for class_name, cards in CLASSES if class_name in (name, "aces"))
        button = rules.describe(Call("S", f"signals {word}"))
        said, shown = pgettext(rules.key, name), pgettext(rules.key, gesture)
        rows.append([later(hand_svg([card], "spanish", width=40)), escape(said), escape(shown), escape(button)])
        lines.append(_("{name}: {gesture} — button “{button}”").format(name=said, gesture=shown, button=button))
    table = html_table("cardlab-gestures", _("Aluette's signals"),
                       [_("Card"), _("Name"), _("Gesture"), _("Button at the table")], rows)
    return Shown(_styled(table), "\n".join(lines))


def ceremony_steps(seed: int = 1, shuffler: str = "N") -> list[Shown]:
    """Aluette's partnership ceremony, one picture per face-up card and one for the seating."""
    import random

    from .games.aluette.rules import Aluette, ceremony
    from .render.table import table_svg
    cards = list(Aluette.pack.cards)
    random.Random(seed).shuffle(cards)
    done = ceremony(cards, shuffler)
    return [Shown(table_svg(done.scene(step)), done.caption(step)) for step in range(done.steps + 1)]
