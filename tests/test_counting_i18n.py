"""The point-counting trainer in French and Italian (issue 24): a right count, a count with every
fault (a card missed, one counted twice, one worth nothing, one the side did not take, a wrong sum)
and a bad request are all said from the catalog, with nothing falling back to English."""
from __future__ import annotations

import pytest

from cardlab.i18n import speaking
from cardlab.practice import PracticeError, check_count

from .i18n_misses import missed
from .test_counting import CARD_GAMES, TRICK_GAMES, finished

ENGLISH = ("Right:", "Not yet", " count ", "you missed", "you counted", "nothing", "did not take", " took ",
           " trick", "are right", "is not a")


def sentences(game: str, seed: int) -> list[str]:
    """What the trainer tells a learner about a right count, a faulty one and a bad request."""
    rules, state = finished(game, seed)
    said = []
    if game in CARD_GAMES:
        for side in rules.sides:
            taken = [card for trick in state.tricks if rules.side_of(state, trick.winner) == side
                     for card in trick.cards()]
            counting = [card for card in taken if rules.card_points(card)]
            blank = [card for card in taken if not rules.card_points(card)]
            foreign = [card for card in rules.pack.cards if card not in taken]
            said.append(check_count(rules, state, side, counting).sentence)
            said.append(check_count(rules, state, side, counting[1:] + counting[:1] * 2 + blank[:1] + foreign[:1],
                                    0).sentence)
            said.append(check_count(rules, state, side, counting, 1000).sentence)
    else:
        for seat in rules.seats:
            mine = [trick.card_of(seat) for trick, taker in zip(state.tricks, rules.takers(state)) if taker == seat]
            other = [trick.card_of(seat) for trick, taker in zip(state.tricks, rules.takers(state)) if taker != seat]
            said.append(check_count(rules, state, seat, mine, len(mine)).sentence)
            said.append(check_count(rules, state, seat, mine[1:] + mine[:1] * 2 + other[:2], 0).sentence)
            said.append(check_count(rules, state, seat, mine, 99).sentence)
    for side, total in (("nowhere", None), (rules.seats[0] if game in CARD_GAMES else "NS", None),
                        (rules.seats[0], "many")):
        with pytest.raises(PracticeError) as refused:
            check_count(rules, state, side, [], total)
        said.append(str(refused.value))
    return said


@pytest.mark.parametrize("seed", [3, 11])  # 11: a hand where a seat of Aluette takes no trick
@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("game", CARD_GAMES + TRICK_GAMES)
def test_counting_speaks_the_language_with_nothing_missed(lang: str, game: str, seed: int) -> None:
    with speaking("en"):
        english = sentences(game, seed)
    with missed(lang) as lost:
        said = sentences(game, seed)
    assert lost == []
    assert all(mine != theirs for mine, theirs in zip(said, english, strict=True))
    assert not [word for word in ENGLISH for text in said if word in text], said
