"""What a proved puzzle is about, how hard it is, and the sentence that explains it.

A theme is recognised from the position and the answer over the rules API and the game's declared
traits (trumps, matadors, following suit, the last trick's own name), in the lessons' words: the
scoring part the answer wins (the mordienne, the politaine, the last trick), then what the card
does in its trick (over-trump, the matador that may renege, spoil the trick, keep the master …).
A theme about a trick is named only when the trick, as the proved line completes it, shows it: a
trump or an over-trump that a later card beats, a tie that a later card breaks, points given to a
partner who then loses the trick, or a card that takes the trick only until a later one beats it
are not those themes.
Quatre Sept's politaine comes first: its ace played while its 10 is in the hand, when the ace makes
the politaine and the 10 loses it (under the low-lead rule), is "lead the ace before the ten to
keep the politaine".  Theme names stay English in puzzles and banks; :func:`theme_title` says one
in the learner's language (an English page says the last trick in English, whatever the game's own
word in the theme's name).

The rating grows with what makes a position hard to see: more legal actions, more tricks still
to play, more actions nearly as good as the answer, and an answer the club player (who follows
the lesson's principles) does not find.  A plain two-card choice on the last tricks rates about
1000; the hardest positions mined rate about 2000.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..actions import Action, Call, Play
from ..cards import Card
from ..games.traits import traits
from ..i18n import N_, _, language
from ..players import get_player
from ..points import fraction_text
from ..practice.common import play
from ..rules import TrickGame
from ..search import Proof
from ..state import State, Trick

NEAR = Fraction(2)  # an action within two units of the best is "nearly as good"
LOWEST_RATING, HIGHEST_RATING = 600, 2500
# The themes' names, marked for the catalogs: a puzzle and a bank keep them in English, the learner
# reads them through theme_title.
PART_THEMES = {"mordienne": N_("the mordienne"), "politaine": N_("the politaine"), "most tricks": N_("win most tricks")}
CARD_THEMES = (N_("the matador that may renege"), N_("over-trump"), N_("trump the trick"), N_("spoil the trick"),
               N_("keep the master"), N_("lead the master"), N_("points on partner's trick"))
LAST_THEMES = (N_("take the trick"), N_("duck"), N_("the right lead"), N_("count to the end"))
DRAW_WITH_THE_THREE = N_("draw the master out with the three")
ACE_BEFORE_TEN = N_("lead the ace before the ten to keep the politaine")
THE_CALL = N_("the call")
LAST_TRICK_THEMES = (N_("win the last trick"), N_("win the ultima"), N_("win the dernière levée"),
                     N_("win the dernier pli"))  # last_trick_theme of each game, marked here for the catalogs


UNITS = (N_("points"), N_("game points"), N_("chips"), N_("hands won"))  # a game's units, said with _()


LAST_TRICK_IN_ENGLISH = {theme: N_("win the last trick") for theme in LAST_TRICK_THEMES}


def theme_title(name: str) -> str:
    """A theme as the learner reads it, in the language spoken (the theme itself, in puzzles and
    banks, stays the English name, which may carry the game's own word for the last trick)."""
    if language() == "en":
        return LAST_TRICK_IN_ENGLISH.get(name, name)
    return _(name)


def last_trick_theme(rules: TrickGame) -> str:
    return f"win the {rules.last_trick_local_name or 'last trick'}"


def theme_names(rules: TrickGame) -> list[str]:
    """Every theme a puzzle of this game may have; the concepts each exercises are declared by the
    game (:mod:`cardlab.games.concepts`)."""
    declared = traits(rules)
    names = [theme for part, theme in PART_THEMES.items() if part in parts_of(rules)]
    if "politaine" in parts_of(rules):
        names.insert(names.index(PART_THEMES["politaine"]), ACE_BEFORE_TEN)
    if three_is_top(rules):
        names.append(DRAW_WITH_THE_THREE)
    for name in CARD_THEMES:
        if name == "the matador that may renege" and not declared.matadors:
            continue
        if name in ("over-trump", "trump the trick") and not rules.has_trumps:
            continue
        if name == "spoil the trick" and declared.follows_suit:
            continue
        if name == "points on partner's trick" and not any(map(rules.card_points, rules.pack.cards)):
            continue
        names.append(name)
    if rules.last_trick_bonus:
        names.append(last_trick_theme(rules))
    names.extend([THE_CALL] + list(LAST_THEMES))
    return names


@cache
def parts_of(rules: TrickGame) -> frozenset[str]:
    """The names of the parts a hand's result is made of in this game (from a hand played out)."""
    played = play(rules, rules.key, {}, rules.seats[0], 0)
    result = rules.score(played.states[-1])
    return frozenset(name for part in result.parts.values() for name in part)


@cache
def three_is_top(rules: TrickGame) -> bool:
    """Whether suits must be followed and the 3 is the strongest card of every suit (Tressette)."""
    if not traits(rules).follows_suit:
        return False
    table = rules.card_table(rules.initial(rules.seats[0]))
    suits = {card.suit for card in rules.pack.cards}
    return all(max((c for c in rules.pack.cards if c.suit == suit), key=table.power.__getitem__).rank == "3"
               for suit in suits)


def first_trick(rules: TrickGame, state: State, answer: Action, line: tuple[Action, ...]) -> Trick:
    """The trick the answer is played to, completed by the proved line."""
    state = rules.apply(state, answer, check=False)
    for action in line:
        if state.trick is None or not state.trick.plays:
            break
        state = rules.apply(state, action, check=False)
    return state.tricks[-1]


def draws_the_master(rules: TrickGame, state: State, proof: Proof, answer: Play) -> bool:
    """A 3 led, the strongest card of its suit, under which the best line brings down the card of
    another side that becomes the master once the 3 is gone (the lesson's "draw the master out
    with the three")."""
    seat, card = proof.seat, answer.card
    if card.rank != "3" or not three_is_top(rules) or (state.trick is not None and state.trick.plays):
        return False
    table = rules.card_table(state)
    side = rules.side_of(state, seat)
    theirs = [(table.power[c], c) for other in rules.seats if rules.side_of(state, other) != side
              for c in state.hand(other) if c is not None and table.suit[c] == table.suit[card]]
    ours = [table.power[c] for other in rules.seats if rules.side_of(state, other) == side
            for c in state.hand(other) if c is not None and c != card and table.suit[c] == table.suit[card]]
    if not theirs or (ours and max(ours) > max(theirs)[0]):
        return False
    master = max(theirs)[1]
    return master in first_trick(rules, state, answer, proof.lines[answer]).cards()


def masters(rules: TrickGame, state: State) -> set[Card]:
    """The strongest card still in a hand of each suit (of the whole pack, where suits do not
    have to be followed); cards tying for it are all masters."""
    table = rules.card_table(state)
    held = [card for hand in state.hands for card in hand if card is not None]
    groups: dict[str, list[Card]] = {}
    for card in held:
        groups.setdefault(table.suit[card] if traits(rules).follows_suit else "", []).append(card)
    found: set[Card] = set()
    for cards in groups.values():
        top = max(table.power[card] for card in cards)
        found.update(card for card in cards if table.power[card] == top)
    return found


def takes_the_trick(rules: TrickGame, state: State, proof: Proof, answer: Play) -> bool:
    """The answer's card wins its trick as the best line completes it (no later card beats it)."""
    return first_trick(rules, state, answer, proof.lines[answer]).winner == proof.seat


def spoils(rules: TrickGame, state: State, proof: Proof, answer: Play) -> bool:
    """The answer ties the card of another side that holds the trick, and the trick ends tied: no
    later card wins it outright (the lesson's "spoil the trick", or La Vache's "tie the trick")."""
    trick = state.trick
    assert trick is not None
    holder = rules.trick_winner(state, trick)
    if holder is None or rules.side_of(state, holder) == rules.side_of(state, proof.seat):
        return False
    if rules.trick_winner(state, trick.with_play(proof.seat, answer.card)) is not None:
        return False
    return first_trick(rules, state, answer, proof.lines[answer]).winner is None


def keeps_the_politaine(rules: TrickGame, state: State, proof: Proof, answer: Play) -> bool:
    """The answer is a politaine's ace, played while its 10 is still in the hand, and the politaine
    is made after it but lost after the 10 (the lesson's "lead the ace before the ten to keep the
    politaine": under the low-lead rule a trick of the 10 may be worth less than a point and send
    its winner to his lowest card, the ace's is always worth one).

    Led or played to a trick of its suit alike: the ace starts the politaine's three tricks either
    way, and the politaine's value, not the word, tells them apart.  Only the politaine part of the
    side's result counts: the ace being better for other points is another theme."""
    card, seat = answer.card, proof.seat
    ten = Play(seat, Card("10", card.suit))
    if card.rank != "A" or "politaine" not in parts_of(rules) or ten not in proof.values:
        return False
    side = rules.side_of(state, seat)
    made = final_parts(rules, rules.apply(state, answer, check=False), proof.lines[answer])
    instead = final_parts(rules, rules.apply(state, ten, check=False), proof.lines[ten])
    return made.get(side, {}).get("politaine", 0) > instead.get(side, {}).get("politaine", 0)


def may_have(rules: TrickGame, state: State, name: str) -> bool:
    """Whether a position may have the theme ``name`` at all, from the cards alone (mining toward
    a theme proves only these)."""
    if name != ACE_BEFORE_TEN:
        return True
    legal = {action.card for action in rules.legal(state) if isinstance(action, Play)}
    return any(card.rank == "A" and Card("10", card.suit) in legal for card in legal)


def final_parts(rules: TrickGame, state: State, line: tuple[Action, ...]) -> dict[str, dict[str, Fraction]]:
    for action in line:
        state = rules.apply(state, action, check=False)
    return rules.score(state).parts


def theme(rules: TrickGame, state: State, proof: Proof, answer: Action) -> str:
    """The theme of a proved position and its answer."""
    if not isinstance(answer, Play):
        return THE_CALL
    seat, card = proof.seat, answer.card
    runner_up = proof.ranked()[1]
    side = rules.side_of(state, seat)
    after = rules.apply(state, answer, check=False)
    other = rules.apply(state, runner_up, check=False)
    won = final_parts(rules, after, proof.lines[answer])
    lost = final_parts(rules, other, proof.lines[runner_up])
    trick = state.trick
    if keeps_the_politaine(rules, state, proof, answer):
        return ACE_BEFORE_TEN
    for part, name in PART_THEMES.items():
        if won.get(side, {}).get(part, 0) > lost.get(side, {}).get(part, 0):
            return name
    table = rules.card_table(state)
    trump, suit = table.trump, table.suit
    legal = [action.card for action in proof.values if isinstance(action, Play)]
    if trick is not None and trick.plays:
        plays = trick.plays
        led = suit[plays[0][1]]
        if traits(rules).matadors and led == trump and suit[card] != trump and any(suit[c] == trump for c in legal):
            return "the matador that may renege"
        if trump is not None and suit[card] == trump and led != trump and takes_the_trick(rules, state, proof, answer):
            trumped = any(suit[c] == trump and rules.side_of(state, who) != side for who, c in plays)
            return "over-trump" if trumped else "trump the trick"
        if not traits(rules).follows_suit and spoils(rules, state, proof, answer):
            return "spoil the trick"
    if draws_the_master(rules, state, proof, answer):
        return DRAW_WITH_THE_THREE
    top = masters(rules, state)
    if card not in top and any(c in top for c in legal):
        return "keep the master"
    if card in top and (trick is None or not trick.plays):
        return "lead the master"
    if trick is not None and trick.plays:
        winning = rules.trick_winner(state, trick)
        if (winning is not None and winning != seat and rules.side_of(state, winning) == side
                and rules.card_points(card) > 0 and rules.card_points(card) == max(map(rules.card_points, legal))
                and first_trick(rules, state, answer, proof.lines[answer]).winner == winning):
            return "points on partner's trick"
    if rules.last_trick_bonus:
        name = rules.last_trick_local_name or "last trick"
        if won.get(side, {}).get("last trick", 0) > lost.get(side, {}).get("last trick", 0):
            return f"win the {name}"
    if trick is not None and trick.plays:
        could = [c for c in legal if rules.trick_winner(state, trick.with_play(seat, c)) == seat]
        if card in could and len(could) < len(legal) and takes_the_trick(rules, state, proof, answer):
            return "take the trick"
        if card not in could and could:
            return "duck"
        return "count to the end"
    return "the right lead"


def rating(rules: TrickGame, state: State, proof: Proof, answer: Action) -> int:
    """How hard the puzzle is, on a chess-like scale (see the module's docstring)."""
    best = proof.values[answer]
    near = sum(1 for action, value in proof.values.items() if action != answer and best - value <= NEAR)
    seat = proof.seat
    tricks_left = len(state.hand(seat)) - 1
    club = get_player("club").choose(rules, rules.view(state, seat))
    score = 1000 + 100 * (len(proof.values) - 2) + 60 * tricks_left + 150 * near + 200 * (club != answer)
    return max(LOWEST_RATING, min(HIGHEST_RATING, score))


def named(rules: TrickGame, state: State, action: Action) -> str:
    if isinstance(action, Play):
        return rules.card_label(state, action.card)
    assert isinstance(action, Call)
    return f"“{action.words}”"


def line_words(rules: TrickGame, state: State, line: tuple[Action, ...]) -> str:
    """A line of play from ``state`` as a sentence says it: "West plays the 3 of swords, South
    plays …" (a call in its words), never the actions' codes."""
    said = []
    for action in line:
        if isinstance(action, Play):
            said.append(_("{seat} plays {card}").format(seat=rules.seat_name(action.seat),
                                                        card=rules.card_label(state, action.card)))
        else:
            said.append(_("{seat}: {call}").format(seat=rules.seat_name(action.seat),
                                                   call=rules.describe(action)))
        state = rules.apply(state, action, check=False)
    return ", ".join(said)


# What a seat scored alone is valued against (cardlab.players.expert.margin): the mean of the other
# players' results, by how many they are (La Vache seats three to five, Quadrille four or five).
AGAINST_THE_OTHERS = {2: N_("{units}: {who}'s result less the mean of the other two players'"),
                      3: N_("{units}: {who}'s result less the mean of the other three players'"),
                      4: N_("{units}: {who}'s result less the mean of the other four players'")}


def what_is_counted(rules: TrickGame, state: State, seat: str) -> tuple[str, str]:
    """Who the value is for, as the explanation names them ("West (Ombre)", "NS"), and what the value
    is, as :func:`cardlab.players.expert.margin` counts it: a seat scored alone less the mean of the
    other players, a side less the other side."""
    units = _(traits(rules).units)
    side = rules.side_of(state, seat)
    if seat not in rules.sides:
        who = rules.side_words(side)
        return who, _("{units}: {who}'s result less the other side's").format(units=units, who=who)
    name = rules.seat_name(seat)
    others = sum(1 for other, members in rules.sides.items() if members and other != seat)
    counted = _(AGAINST_THE_OTHERS[others]).format(units=units, who=name)
    return (name if side == seat else f"{name} ({rules.side_words(side)})"), counted


def explanation(rules: TrickGame, state: State, proof: Proof, answer: Action) -> str:
    """The answer, its value and what the value counts, and what the best other action comes to, in
    one or two sentences, in the language spoken."""
    runner_up = proof.ranked()[1]
    best, second = proof.values[answer], proof.values[runner_up]
    name = named(rules, state, answer)
    who, counted = what_is_counted(rules, state, proof.seat)
    first = _("{name} brings {who} {value} ({counted}) by the end of the hand, with best play on every side.").format(
        name=f"{name[:1].upper()}{name[1:]}", who=who, value=fraction_text(best), counted=counted)
    refutation = line_words(rules, rules.apply(state, runner_up, check=False), proof.lines[runner_up][:4])
    if refutation:
        then = _("Every other choice does worse: the best of them, {other}, brings {value}, {less} less (it goes "
                 "on {line} …).")
    else:
        then = _("Every other choice does worse: the best of them, {other}, brings {value}, {less} less.")
    return f"{first} " + then.format(other=named(rules, state, runner_up), value=fraction_text(second),
                                     less=fraction_text(best - second), line=refutation)
