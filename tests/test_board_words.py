"""The words a screen reader hears name the trick the board shows: the trick just won (still on the
felt until the next lead, or at the end of the hand) is read with its own number, never the next
one's; a trick being played is read with its number.  Every game, a whole hand each, the engine's
own count of tricks as the truth; and the frames of one update on the wire rebuild, in the
browser's way, into whole pictures whose every reference resolves."""
from __future__ import annotations

import re

import pytest

from cardlab import GAMES, Hand, get_rules
from cardlab.bots import SimpleBot, next_action
from cardlab.render.text import board_description
from widgets.svgview import frames_to_json
from widgets.table import Table


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


def unpack(packed: list, last: str) -> list[str]:
    """The frames rebuilt exactly as widgets/svgview.js does (``unpack``)."""
    digest = re.search(r' id="([^"-]+)-', last)
    if not packed or packed[0] != (digest.group(1) if digest else None):
        return []
    frames, after = [], last
    for pieces in reversed(packed[1:]):
        shared = after.split("<g ")
        after = "<g ".join(shared[piece] if isinstance(piece, int) else piece for piece in pieces)
        frames.append(after)
    return frames[::-1]


def dangling(svg: str) -> set[str]:
    """The references of a picture that name no element of it."""
    ids = set(re.findall(r' id="([^"]+)"', svg))
    refs = set(re.findall(r'href="#([^"]+)"', svg)) | set(re.findall(r'url\(#([^)]+)\)', svg))
    return refs - ids


@pytest.mark.parametrize("game", ["tressette", "quatre_sept", "sixty_six", "aluette", "quadrille"])
def test_frames_on_the_wire_rebuild_into_whole_pictures(game: str) -> None:
    table = Table(game, seed=3, level="beginner")
    updates = 0
    for _ in range(12):
        if table.state.over or table._actor() is None:
            break
        table._act(table.rules.legal(table.state)[-1])
        table._redraw()
        if table.board.frames:
            updates += 1
            packed = frames_to_json(table.board.frames, table.board)
            rebuilt = unpack(packed, table.board.svg)
            assert len(rebuilt) == len(table.board.frames)
            for frame, original in zip(rebuilt, table.board.frames):
                assert not dangling(frame), "a frame shown with references to nothing"
                assert re.sub(r"cl[0-9a-f]{10}-", "", frame) == re.sub(r"cl[0-9a-f]{10}-", "", original)
    assert updates >= 2
