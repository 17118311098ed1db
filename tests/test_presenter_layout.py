"""The presenter board's geometry, read from the SVG (never pixels): with every hand open, in every
game and at every phase, each hand lies inside the board, no two hands overlap, no card on the felt
covers a hand, and the other seats' cards are drawn large (at 1024 px wide, 64 units are 47 px)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardlab.render.table import PRESENTER, table_svg
from tests.test_render_themes import GAMES, SVG, scenes_of

Rect = tuple[float, float, float, float]
OPEN = [scene for key, options in GAMES for _, scene in scenes_of(key, options, seed=3)
        if any(card is not None for seat in scene.seats[1:] for card in seat.hand)]


def card_rects(group: ET.Element) -> list[Rect]:
    """Each card's box in the group: its place, and 100 x 150 units times its scale."""
    rects = []
    for card in group.iter(SVG + "g"):
        if "card" not in card.get("class", "").split():
            continue
        x, y = map(float, re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", card.get("transform")).groups())
        scale = float(re.search(r"scale\(([\d.]+)\)", ET.tostring(card, encoding="unicode")).group(1))
        rects.append((x, y, x + 100 * scale, y + 150 * scale))
    return rects


def hull(rects: list[Rect]) -> Rect:
    return min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects)


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_there_are_open_scenes_of_every_game() -> None:
    assert {scene.title for scene in OPEN} == {scene.title for key, options in GAMES
                                               for _, scene in scenes_of(key, options, seed=3)}


@pytest.mark.parametrize("scene", OPEN, ids=lambda scene: f"{scene.title}-{scene.status}"[:60])
def test_open_hands_fit_apart_and_large_on_the_presenter_board(scene) -> None:
    root = ET.fromstring(table_svg(scene, theme="presenter"))
    width, height = PRESENTER.box
    hands = {g.get("data-seat"): card_rects(g) for g in root.iter(SVG + "g")
             if "hand" in g.get("class", "").split() and card_rects(g)}
    felt = [rect for g in root.iter(SVG + "g") if "trick" in g.get("class", "").split() for rect in card_rects(g)]
    boxes = {seat: hull(rects) for seat, rects in hands.items()}
    for seat, (left, top, right, bottom) in boxes.items():
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (seat, boxes[seat])
    seats = list(boxes)
    for i, one in enumerate(seats):
        for other in seats[i + 1:]:
            assert not overlap(boxes[one], boxes[other]), (one, other, boxes)
        assert not any(overlap(boxes[one], card) for card in felt), (one, boxes[one], felt)
    face_up = {seat.seat for seat in scene.seats[1:] if any(card is not None for card in seat.hand)}
    for seat in face_up & set(hands):
        assert min(r[2] - r[0] for r in hands[seat]) >= 63.9, seat
