"""Drawing tests: the SVG is read as text and as XML, never as pixels."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardlab.cards import PACKS, Card, parse_cards
from cardlab.render import back_svg, card_svg, defs_svg, hand_svg, table_svg, table_text
from cardlab.render.scene import SeatScene, TableScene
from cardlab.render.table import seat_anchors

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if "card" in g.get("class", "").split()]


def four_seats(direction: str = "counter-clockwise", **changes) -> TableScene:
    seats = (SeatScene("S", "S · dealer", parse_cards("3D 2D AD KnD 7S 3H"), side="NS", tricks_won=2),
             SeatScene("E", "E", (None,) * 5, side="EW", badges=("busso",)),
             SeatScene("N", "N", (None,) * 5, side="NS"),
             SeatScene("W", "W · eldest", (None,) * 6, side="EW"))
    if direction == "clockwise":
        seats = (seats[0], seats[3], seats[2], seats[1])
    base = dict(family="italian", seats=seats, viewer="S", to_act="S", direction=direction,
                trick=(("E", Card.parse("4D")), ("N", Card.parse("KD")), ("W", Card.parse("6D"))),
                trick_leader="E",
                last_trick=(("W", Card.parse("3C")), ("S", Card.parse("AC")), ("E", Card.parse("2C")),
                            ("N", Card.parse("7C"))),
                last_winner="W", legal=frozenset({"3D", "2D", "AD", "KnD"}), title="Tressette",
                status="You must follow suit")
    base.update(changes)
    return TableScene(**base)


@pytest.mark.parametrize("key", sorted(PACKS))
def test_every_card_of_every_pack_draws_with_its_code_and_name(key: str) -> None:
    pack = PACKS[key]
    for card in pack.cards:
        root = parse(card_svg(card, pack.family))
        (group,) = card_groups(root)
        assert group.get("data-card") == str(card)
        assert group.findtext(SVG + "title").startswith(pack.name(card))
        assert root.get("role") == "img" and pack.name(card) in root.get("aria-label")


def test_pips_are_defined_once_and_reused() -> None:
    for family in ("french", "italian", "spanish"):
        defs = defs_svg(family)
        ids = re.findall(r'<symbol id="([^"]+)"', defs)
        assert len(ids) == len(set(ids)) == 4
        svg = hand_svg(PACKS["spanish48" if family == "spanish" else "italian40"].cards[:10], family)
        pips = re.findall(r'<symbol id="cl[0-9a-f]+-(?!face-)', svg)
        faces = re.findall(r'<symbol id="[^"]+-face-[^"]+"', svg)
        assert len(pips) == 4 and len(faces) == 10                  # each face once, each pip once
        assert svg.count("<use ") > 10


def test_latin_court_cards_name_themselves_in_english_and_locally() -> None:
    knight = card_svg(Card.parse("KnD"), "italian")
    assert "the knight of coins" in knight and "Cavallo" in knight and "KNIGHT" in knight
    sota = card_svg(Card.parse("JH"), "spanish")
    assert "Sota" in sota and ">10<" in sota
    rey = card_svg(Card.parse("KS"), "spanish")
    assert "Rey" in rey and ">12<" in rey
    assert ">1<" in card_svg(Card.parse("AD"), "spanish")
    assert "Dame" in card_svg(Card.parse("QH"), "french")


def test_face_down_cards_carry_no_code() -> None:
    for svg in (back_svg(), card_svg(None), card_svg(Card.parse("KnD"), "italian", face_up=False)):
        (group,) = card_groups(parse(svg))
        assert group.get("class") == "card back"
        assert "data-card" not in svg and "KnD" not in svg and "knight" not in svg


def test_legal_cards_are_marked_by_class_and_position() -> None:
    legal = card_svg(Card.parse("7H"), legal=True, x=10, y=100)
    illegal = card_svg(Card.parse("7H"), legal=False, x=10, y=100)
    plain = card_svg(Card.parse("7H"), x=10, y=100)
    assert 'class="card legal"' in legal and 'class="card illegal"' in illegal and 'class="card"' in plain
    top = re.compile(r'translate\(10 ([\d.]+)\)')
    assert float(top.search(legal).group(1)) < float(top.search(illegal).group(1)) == 100


def test_embedded_card_is_a_group_without_defs() -> None:
    svg = card_svg(Card.parse("10H"), x=5, y=6, width=60)
    assert svg.startswith("<g ") and "<defs>" not in svg and "<svg" not in svg


def test_hand_svg_labels_and_legal() -> None:
    cards = parse_cards("3D 2D AD KD")
    svg = hand_svg(cards, "italian", labels=["1", "1/3", "1", "1/3"], legal={"3D"})
    root = parse(svg)
    assert [g.get("data-card") for g in card_groups(root)] == ["3D", "2D", "AD", "KD"]
    assert [g.get("class") for g in card_groups(root)] == ["card legal"] + ["card illegal"] * 3
    assert svg.count('class="card-label"') == 4 and ">1/3<" in svg


def test_unknown_family_is_explained() -> None:
    with pytest.raises(ValueError, match="not a card family"):
        card_svg(Card.parse("7H"), "german")


def test_table_shows_every_face_up_card_with_its_code() -> None:
    scene = four_seats()
    root = parse(table_svg(scene))
    codes = [g.get("data-card") for g in card_groups(root) if g.get("class") != "card back"]
    shown = {str(c) for c in scene.seats[0].hand} | {str(c) for _, c in scene.trick + scene.last_trick}
    assert set(codes) == shown
    assert len(codes) == len(scene.seats[0].hand) + len(scene.trick) + len(scene.last_trick)
    backs = [g for g in card_groups(root) if g.get("class") == "card back"]
    assert len(backs) == 5 + 5 + 6 and all(g.get("data-card") is None for g in backs)


def test_table_marks_legal_cards_in_the_viewers_hand_only() -> None:
    root = parse(table_svg(four_seats()))
    hand = next(g for g in root.iter(SVG + "g") if g.get("class") == "hand viewer")
    classes = {g.get("data-card"): g.get("class") for g in card_groups(hand)}
    assert classes == {"3D": "card legal", "2D": "card legal", "AD": "card legal", "KnD": "card legal",
                       "7S": "card illegal", "3H": "card illegal"}
    trick = next(g for g in root.iter(SVG + "g") if g.get("class") == "trick")
    assert all(g.get("class") == "card" for g in card_groups(trick))


def test_table_is_accessible_and_marks_the_turn() -> None:
    root = parse(table_svg(four_seats(to_act="N")))
    assert root.get("role") == "group"      # an img would hide the card buttons inside it
    label = root.get("aria-label")
    assert label.startswith("Tressette. On the table: East the 4 of coins, North the king of coins")
    assert "North to play." in label
    acting = [g for g in root.iter(SVG + "g") if "to-act" in g.get("class", "")]
    assert [g.get("data-seat") for g in acting] == ["N"]
    assert "to play" in "".join(acting[0].itertext())


def seat_positions(scene: TableScene) -> dict[str, tuple[float, float]]:
    root = parse(table_svg(scene))
    found = {}
    for g in root.iter(SVG + "g"):
        if g.get("class", "").split()[:1] == ["seat"]:
            x, y = map(float, re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform")).groups())
            found[g.get("data-seat")] = (x, y)
    return found


def test_clockwise_puts_the_next_seat_at_the_viewers_left() -> None:
    pos = seat_positions(four_seats("clockwise"))
    assert pos["W"][0] < pos["N"][0] < pos["E"][0] and pos["N"][0] == 450
    assert pos["N"][1] < pos["W"][1] < pos["S"][1] and pos["N"][1] < pos["E"][1] < pos["S"][1]


def test_counter_clockwise_puts_the_next_seat_at_the_viewers_right() -> None:
    scene = four_seats("counter-clockwise")
    assert [s.seat for s in scene.seats] == ["S", "E", "N", "W"]
    pos = seat_positions(scene)
    assert pos["E"][0] > pos["N"][0] == 450 > pos["W"][0]


@pytest.mark.parametrize("count", [2, 3, 5, 6])
def test_other_seat_counts_are_placed_apart(count: int) -> None:
    names = "SWNEXY"[:count]
    scene = TableScene(family="french", viewer="S", to_act="S", direction="clockwise",
                       seats=tuple(SeatScene(n, n, (None,) * 6) for n in names),
                       trick=tuple((n, Card.parse(f"{r}H")) for n, r in zip(names, "789")))
    pos = seat_positions(scene)
    assert len(set(pos.values())) == count
    others = [pos[n] for n in names[1:]]
    assert all(y < pos["S"][1] for _, y in others)
    assert others[0][0] <= others[-1][0]
    anchors = seat_anchors(count, "counter-clockwise")
    assert anchors[1:] == list(reversed(seat_anchors(count, "clockwise")[1:]))


def test_trick_numbers_follow_the_play_order() -> None:
    root = parse(table_svg(four_seats()))
    order = [(g.get("data-seat"), "".join(g.itertext())) for g in root.iter(SVG + "g")
             if g.get("class") == "play-order"]
    assert order == [("E", "1"), ("N", "2"), ("W", "3")]


def test_last_trick_winner_and_spoiled_trick() -> None:
    box = next(g for g in parse(table_svg(four_seats())).iter(SVG + "g") if g.get("class") == "last-trick")
    assert "Last trick" in "".join(box.itertext()) and "won by W" in "".join(box.itertext())
    spoiled = four_seats(last_winner="")
    assert "spoiled — won by nobody" in table_svg(spoiled)
    assert "spoiled — won by nobody" in table_text(spoiled)


def test_open_hands_and_public_cards_are_face_up_with_codes() -> None:
    scene = TableScene(family="french", viewer="S", to_act="N", direction="clockwise",
                       seats=(SeatScene("S", "S", parse_cards("AH 10H")), SeatScene("N", "N", parse_cards("KS 8S"))),
                       public=(("trump", Card.parse("7D")),), special_names={"KS": "le grand"})
    svg = table_svg(scene)
    codes = {g.get("data-card") for g in card_groups(parse(svg))}
    assert codes == {"AH", "10H", "KS", "8S", "7D"}
    assert ">trump<" in svg and "le grand" in svg


def test_table_text_lists_seats_in_play_order_with_what_is_visible() -> None:
    text = table_text(four_seats())
    lines = text.splitlines()
    seat_lines = [line for line in lines if line.startswith("  ")]
    assert [line.split()[0] for line in seat_lines] == ["S", "E", "N", "W"]
    assert "3D 2D AD KnD 7S 3H" in seat_lines[0] and "← to play" in seat_lines[0]
    assert "5 cards face down" in seat_lines[1] and "busso" in seat_lines[1]
    assert "Trick: E 4D, N KD, W 6D (led by E)" in lines
    assert "Last trick: W 3C, S AC, E 2C, N 7C — won by W" in lines
    assert "To play: S" in lines
    assert "Playable: 3D 2D AD KnD" in lines


def test_every_family_table_parses() -> None:
    for family, key in (("french", "french32"), ("italian", "italian40"), ("spanish", "spanish48")):
        cards = PACKS[key].cards
        scene = TableScene(family=family, viewer="S", to_act="S", direction="clockwise",
                           seats=tuple(SeatScene(s, s, cards[i * 8:(i + 1) * 8]) for i, s in enumerate("SWNE")),
                           trick=(("W", cards[-1]),), legal=frozenset({str(cards[0])}))
        assert len(card_groups(parse(table_svg(scene)))) == 33


def test_open_hands_mark_the_hand_of_the_seat_to_act() -> None:
    scene = TableScene(family="italian", viewer="S", to_act="W", direction="counter-clockwise",
                       seats=(SeatScene("S", "S", parse_cards("AH 2H")), SeatScene("E", "E", parse_cards("3C")),
                              SeatScene("N", "N", parse_cards("4C")), SeatScene("W", "W", parse_cards("5D 6S"))),
                       legal=frozenset({"6S"}))
    classes = {g.get("data-card"): g.get("class") for g in card_groups(parse(table_svg(scene)))}
    assert classes == {"AH": "card", "2H": "card", "3C": "card", "4C": "card",
                       "5D": "card illegal", "6S": "card legal"}
    assert "Playable: 6S" in table_text(scene)


def test_special_names_reach_the_title_and_the_text() -> None:
    svg = card_svg(Card.parse("2D"), "spanish", special="la Vache")
    assert "the 2 of coins (2 de Oros), la Vache" in svg
    scene = four_seats(special_names={"KD": "le Roi"})
    assert "N KD (le Roi)" in table_text(scene)


def test_cards_picked_in_an_open_hand_are_drawn_picked_for_the_seat_to_act():
    import dataclasses

    from cardlab import get_rules
    from cardlab.scenario import builtin, run
    hand = run(builtin("aluette-singing")).hand
    state = next(s for s in hand.states if s.phase == "discard" and s.to_act != "S")
    picked = str(state.hand(state.to_act)[0])
    scene = dataclasses.replace(get_rules("aluette").scene(state, "S", open_hands=True),
                                selected=frozenset({picked}))
    svg = table_svg(scene)
    card = re.search(rf'<g class="card[^"]*" data-card="{picked}"[^>]*>.*?</g></g>', svg)
    assert f'data-hand="{state.to_act}"' in svg
    assert svg.count('class="tick"') == 1
    closed = table_svg(dataclasses.replace(get_rules("aluette").scene(state, "S"), selected=frozenset({picked})))
    assert 'class="tick"' not in closed and card is not None
