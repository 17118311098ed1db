"""The words a screen reader hears name the trick the board shows: the trick just won (still on the
felt until the next lead, or at the end of the hand) is read with its own number, never the next
one's; a trick being played is read with its number.  Every game, a whole hand each, the engine's
own count of tricks as the truth (the frames on the wire: tests/test_front_end_files.py)."""
from __future__ import annotations

import re

import pytest

from cardlab import GAMES, Hand, get_rules
from cardlab.bots import SimpleBot, next_action
from cardlab.render.text import board_description


def hand_played_out(game: str, seed: int = 3):
    """Every state of a hand the simple bot plays out in every seat."""
    rules = get_rules(game)
    state = Hand.dealt(rules, rules.seats[0], seed).state
    states = [state]
    while not state.over:
        state = rules.apply(state, next_action(rules, state, SimpleBot(), None))
        states.append(state)
    return rules, states


def spoken_trick(text: str) -> int | None:
    found = re.search(r"\bTrick (\d+)\.", text)
    return int(found.group(1)) if found else None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_last_trick_of_the_hand_is_read_with_its_own_number(game: str) -> None:
    rules, states = hand_played_out(game)
    final = states[-1]
    text = board_description(rules.scene(final, "S"))
    assert "wins the trick" in text
    assert spoken_trick(text) == len(final.tricks), text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_trick_is_read_with_the_number_of_the_trick_on_the_felt(game: str) -> None:
    rules, states = hand_played_out(game)
    checked = 0
    for state in states:
        if state.phase != "play" and not state.over:
            continue
        scene = rules.scene(state, "S")
        text = board_description(scene)
        if scene.trick:
            assert spoken_trick(text) == len(state.tricks) + 1, text
        elif scene.last_trick:
            assert spoken_trick(text) == len(state.tricks), text     # the trick just won
            checked += 1
    assert checked >= 2
