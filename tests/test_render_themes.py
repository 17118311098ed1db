"""The classroom table's three themes, read as SVG text and XML (never pixels).

Every game's seeded hands are drawn at every phase (before the deal, the calls, play, the end),
with closed and open hands, in each theme; the tests check what a learner and a screen reader
rely on: card codes, buttons with accessible names that match the rules' legal cards, ids unique
per drawing, readable sizes on a phone, and the completed trick left on the felt with its winner.
"""
from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction

import pytest

from cardlab import Hand, get_rules
from cardlab.cards import Card, parse_cards
from cardlab.render import back_svg, card_svg, hand_svg
from cardlab.render.cards import PACK_OF_FAMILY
from cardlab.render.panels import PANEL_CSS, breakdown_html, html_table, match_html, points_html, signed
from cardlab.render.scene import SeatScene, TableScene
from cardlab.render.table import THEMES, table_svg
from cardlab.render.text import board_description
from cardlab.rules import HandResult, MatchState

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [("tressette", {"declarations": True, "signals": True}), ("quatre_sept", {}), ("sixty_six", {}),
         ("aluette", {}), ("vache", {"players": 3}), ("vache", {"players": 5}), ("quadrille", {}),
         ("quadrille", {"players": 5})]


def scenes_of(key: str, options: dict, seed: int) -> list[tuple[str, TableScene]]:
    """Scenes of one seeded hand from South: before the deal, then at every step where the phase
    changes, every fourth step of play, and the end; closed and open hands alike."""
    rules = get_rules(key, **options)
    hand = Hand.dealt(rules, dealer=rules.seats[0], seed=seed)
    rng = random.Random(seed)
    states = [Hand.start(rules, rules.seats[0]).state]
    while not hand.state.over:
        hand = hand.then(rng.choice(rules.legal(hand.state)))
    for step, (before, state) in enumerate(zip(hand.states, hand.states[1:])):
        if state.phase != before.phase or step % 4 == 0 or state.over:
            states.append(state)
    return [(state.phase, dataclasses.replace(rules.scene(state, "S", open_hands=open_hands),
                                              trick_number=state.trick_number))
            for state in states for open_hands in (False, True)]


PHASED = [pair for key, options in GAMES for pair in scenes_of(key, options, seed=2)]
SCENES = [scene for _, scene in PHASED]


def groups(root: ET.Element, klass: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if klass in g.get("class", "").split()]


def cards_in(root: ET.Element) -> list[ET.Element]:
    return groups(root, "card")


def visible(scene: TableScene) -> Counter:
    """How many times each face-up card code must appear: hands, the felt, the last-trick box, public."""
    shown = Counter(str(card) for seat in scene.seats for card in seat.hand if card is not None)
    felt = scene.trick or scene.last_trick
    shown.update(str(card) for _, card in felt)
    if scene.trick:
        shown.update(str(card) for _, card in scene.last_trick)
    shown.update(str(card) for _, card in scene.public)
    return shown


def test_the_scenes_cover_every_phase_of_every_game() -> None:
    assert {"deal", "auction", "trumps", "call", "sing", "play", "over"} <= {phase for phase, _ in PHASED}
    assert any(any(card is not None for card in scene.seats[1].hand) for scene in SCENES)   # open hands
    phases = {(scene.title, scene.to_act is None, bool(scene.legal), bool(scene.trick), bool(scene.last_trick))
              for scene in SCENES}
    titles = {scene.title for scene in SCENES}
    assert len(titles) == 6
    for title in titles:
        mine = {phase[1:] for phase in phases if phase[0] == title}
        assert (False, True, False, False) in mine or (False, True, True, False) in mine   # someone leads
        assert any(legal for _, legal, _, _ in mine)                                         # play
        assert any(not trick and last for _, _, trick, last in mine)                          # a trick just won
        assert any(over for over, *_ in mine)                                                 # over


@pytest.mark.parametrize("theme", THEMES)
def test_every_face_up_card_carries_its_code_and_backs_none(theme: str) -> None:
    for scene in SCENES:
        root = ET.fromstring(table_svg(scene, theme=theme))
        codes = Counter(g.get("data-card") for g in cards_in(root) if "back" not in g.get("class"))
        assert codes == visible(scene), scene.status
        backs = [g for g in cards_in(root) if "back" in g.get("class")]
        assert all(g.get("data-card") is None for g in backs)


def spoken(code: str, scene: TableScene) -> str:
    name = PACK_OF_FAMILY[scene.family].name(Card.parse(code)).removeprefix("the ")
    special = scene.special_names.get(code)
    return f"{name} ({special})" if special else name


@pytest.mark.parametrize("theme", THEMES)
def test_the_learners_cards_are_buttons_named_playable_exactly_when_legal(theme: str) -> None:
    checked = 0
    for scene in SCENES:
        root = ET.fromstring(table_svg(scene, theme=theme))
        mine = [g for g in cards_in(root) if g.get("data-hand") == "S"]
        held = [str(card) for card in scene.seats[0].hand if card is not None]
        assert [g.get("data-card") for g in mine] == held
        for g in mine:
            code = g.get("data-card")
            assert g.get("role") == "button" and g.get("tabindex") == "-1"
            state = "playable" if code in scene.legal else "not playable"
            assert g.get("aria-label") == f"{spoken(code, scene)}, {state}"
            if scene.legal and scene.to_act == "S":
                assert ("legal" in g.get("class").split()) == (code in scene.legal)
            checked += 1
        others = [g for g in cards_in(root) if g.get("data-hand") not in (None, "S")]
        assert all(g.get("data-hand") == scene.to_act and g.get("aria-label").endswith("playable")
                   for g in others)
    assert checked > 200


def lift(g: ET.Element) -> float:
    return float(re.match(r"translate\([-\d.]+ ([-\d.]+)\)", g.get("transform")).group(1))


def learner_scene(**changes) -> TableScene:
    seats = (SeatScene("S", "S · dealer", parse_cards("3D 2D AD KnD 7S 3H"), side="NS"),
             SeatScene("E", "E", (None,) * 6, side="EW"), SeatScene("N", "N", (None,) * 6, side="NS"),
             SeatScene("W", "W", (None,) * 6, side="EW"))
    base = dict(family="italian", seats=seats, viewer="S", to_act="S", direction="counter-clockwise",
                trick=(("W", Card.parse("7D")), ("N", Card.parse("AD"))), trick_leader="W",
                legal=frozenset({"3D", "2D", "KnD"}), title="Tressette", trick_number=3)
    base.update(changes)
    return TableScene(**base)


@pytest.mark.parametrize("theme", THEMES)
def test_legal_cards_stand_up_with_a_ring_and_selected_ones_higher_with_a_tick(theme: str) -> None:
    scene = learner_scene(selected=frozenset({"KnD"}), hint="2D")
    root = ET.fromstring(table_svg(scene, theme=theme))
    by_code = {g.get("data-card"): g for g in cards_in(root) if g.get("data-hand")}
    rows = {}
    for code in ("3D", "AD"):   # same row in every theme
        rows[code] = lift(by_code[code])
    assert rows["3D"] < rows["AD"]                                     # shape, not colour alone
    assert any(r.get("stroke-width") for r in by_code["3D"].iter(SVG + "rect") if r.get("fill") == "none")
    selected = by_code["KnD"]
    assert selected.get("class").split() == ["card", "legal", "selected"]
    assert groups(selected, "tick") and selected.get("aria-label").endswith("playable, selected")
    hint = by_code["2D"]
    assert "hint" in hint.get("class").split() and "".join(groups(hint, "hint-marker")[0].itertext()) == "suggested"
    assert hint.get("aria-label") == "2 of coins, playable, suggested"
    same_row = [code for code in by_code if abs(lift(by_code[code]) - rows["AD"]) < 40]
    if "KnD" in same_row:
        assert lift(selected) < rows["3D"]


def ids(svg: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', svg)


@pytest.mark.parametrize("theme", THEMES)
def test_ids_are_unique_within_a_drawing_and_across_drawings(theme: str) -> None:
    pictures = [table_svg(scene, theme=theme) for scene in SCENES[:40]]
    every = [i for svg in set(pictures) for i in ids(svg)]
    assert every and len(every) == len(set(every))
    for svg in pictures:
        for ref in re.findall(r'(?:href="#|url\(#)([^")]+)', svg):
            assert ref in ids(svg)


def test_single_cards_and_hands_have_ids_of_their_own_too() -> None:
    pictures = [card_svg(Card.parse("7H")), card_svg(Card.parse("8H")), back_svg(), hand_svg(parse_cards("AS 2S"))]
    every = [i for svg in pictures for i in ids(svg)]
    assert len(every) == len(set(every)) == 4 * 5 + 4     # four pips and the back each, and the 4 faces shown
    assert card_svg(Card.parse("7H")) == pictures[0]          # still a pure function of the card


def effective_sizes(svg: str) -> list[float]:
    root = ET.fromstring(svg)
    unit = float(root.get("width")) / float(root.get("viewBox").split()[2])
    sizes = []

    def walk(node: ET.Element, scale: float) -> None:
        found = re.search(r"scale\(([\d.]+)\)", node.get("transform", ""))
        scale *= float(found.group(1)) if found else 1
        if node.tag == SVG + "text" and (node.text or "").strip():
            sizes.append(float(node.get("font-size")) * scale)
        for child in node:
            walk(child, scale)

    walk(root, unit)
    return sizes


def test_narrow_theme_is_360_px_wide_with_no_text_under_12_px_and_wide_cards() -> None:
    for scene in SCENES:
        svg = table_svg(scene, theme="narrow")
        root = ET.fromstring(svg)
        assert root.get("width") == "360"
        assert min(effective_sizes(svg)) >= 12, scene.status
        for g in cards_in(root):
            if g.get("data-hand"):
                scale = float(re.search(r"scale\(([\d.]+)\)", ET.tostring(g, encoding="unicode")).group(1))
                assert 100 * scale >= 44


def test_narrow_hand_wraps_into_rows_without_overlap() -> None:
    many = parse_cards("AS 2S 3S 4S 5S 6S 7S JS KnS KS AH 2H")
    scene = learner_scene(seats=(SeatScene("S", "S", many),) + learner_scene().seats[1:], legal=frozenset())
    root = ET.fromstring(table_svg(scene, theme="narrow"))
    spots = sorted((lift(g), float(re.match(r"translate\(([-\d.]+)", g.get("transform")).group(1)))
                   for g in cards_in(root) if g.get("data-hand"))
    rows = Counter(round(y) for y, _ in spots)
    assert len(rows) == 2 and set(rows.values()) == {6}
    for y in rows:
        xs = sorted(x for top, x in spots if round(top) == y)
        assert all(b - a >= 52 for a, b in zip(xs, xs[1:]))


def test_normal_fits_a_laptop_and_presenter_draws_larger() -> None:
    scene = learner_scene()
    normal, presenter = (ET.fromstring(table_svg(scene, theme=t)) for t in ("normal", "presenter"))
    assert normal.get("viewBox") == "0 0 900 540" and normal.get("width") == "900"
    assert table_svg(scene, width=600).startswith('<svg xmlns="http://www.w3.org/2000/svg" class="cardlab table" '
                                                  'width="600" height="360"')

    def trick_width(root: ET.Element) -> float:
        card = cards_in(groups(root, "trick")[0])[0]
        return 100 * float(re.search(r"scale\(([\d.]+)\)", ET.tostring(card, encoding="unicode")).group(1))

    assert trick_width(presenter) > trick_width(normal) * 1.2
    assert max(effective_sizes(table_svg(scene, theme="presenter"))) > max(effective_sizes(table_svg(scene)))
    hand = groups(normal, "viewer")[0]
    assert all(lift(g) + 1.5 * 76 <= 540 for g in cards_in(hand))   # the hand is inside the board


def test_an_unknown_theme_is_explained() -> None:
    with pytest.raises(ValueError, match="'poster' is not a table theme: use one of normal, presenter, narrow"):
        table_svg(learner_scene(), theme="poster")


@pytest.mark.parametrize("theme", THEMES)
def test_the_completed_trick_stays_on_the_felt_with_its_winner_until_the_next_lead(theme: str) -> None:
    won = (("W", Card.parse("7D")), ("N", Card.parse("AD")), ("E", Card.parse("4D")), ("S", Card.parse("3D")))
    scene = learner_scene(trick=(), trick_leader="S", last_trick=won, last_winner="S")
    root = ET.fromstring(table_svg(scene, theme=theme))
    (felt,) = groups(root, "trick")
    assert "completed" in felt.get("class").split()
    assert [g.get("data-card") for g in cards_in(felt)] == ["7D", "AD", "4D", "3D"]
    (winner,) = groups(felt, "winner")
    assert winner.get("data-seat") == "S" and cards_in(winner)[0].get("data-card") == "3D"
    assert "S wins the trick" in "".join(felt.itertext())
    assert len(groups(root, "last-trick")) == 1          # not drawn a second time in the box
    spoiled = ET.fromstring(table_svg(dataclasses.replace(scene, last_winner=""), theme=theme))
    assert not groups(spoiled, "winner") and "Trick spoiled — won by nobody" in "".join(spoiled.itertext())
    led = ET.fromstring(table_svg(dataclasses.replace(scene, trick=(("S", Card.parse("2D")),)), theme=theme))
    assert [g.get("data-card") for g in cards_in(groups(led, "trick")[0])] == ["2D"]
    assert not groups(led, "winner") and "wins the trick" not in "".join(led.itertext())
    assert {g.get("data-card") for g in cards_in(groups(led, "last-trick")[0])} == {"7D", "AD", "4D", "3D"}


def test_board_description_says_the_trick_the_turn_and_the_playable_cards() -> None:
    text = board_description(learner_scene())
    assert text == ("Tressette. Trick 3. On the table: West the 7 of coins, North the ace of coins. "
                    "Your turn, South. Playable: the 3 of coins, the 2 of coins, the knight of coins.")
    waiting = board_description(learner_scene(to_act="E", legal=frozenset(), trick=()))
    assert waiting.endswith("No cards on the table. East to play.")
    won = board_description(learner_scene(trick=(), last_trick=(("W", Card.parse("7D")), ("S", Card.parse("3D"))),
                                          last_winner="S", to_act=None, legal=frozenset()))
    assert "South wins the trick: West the 7 of coins, South the 3 of coins. Nobody to play." in won
    named = learner_scene(family="spanish", special_names={"2D": "le Borgne"}, trick=(("W", Card.parse("2D")),))
    assert "West the 2 of coins (le Borgne)" in board_description(named)
    assert ET.fromstring(table_svg(learner_scene())).get("aria-label") == text


def test_text_from_outside_is_escaped_in_the_drawing() -> None:
    scene = learner_scene(title='<script>alert("x")</script>', status="a & b <i>",
                          seats=(SeatScene("S", "S <b>", parse_cards("3D")),) + learner_scene().seats[1:],
                          public=(("<u>turned</u>", Card.parse("4C")),))
    for theme in THEMES:
        svg = table_svg(scene, theme=theme)
        ET.fromstring(svg)
        assert "<script>" not in svg and "<b>" not in svg and "<u>" not in svg and "<i>" not in svg
        assert "&lt;script&gt;" in svg and "a &amp; b &lt;i&gt;" in svg


def result(score: dict[str, int], parts: dict[str, dict[str, Fraction]], summary: str = "") -> HandResult:
    return HandResult(points={side: sum(p.values(), Fraction(0)) for side, p in parts.items()}, score=score,
                      parts=parts, summary=summary)


def test_every_negative_number_on_the_panels_has_the_minus_sign() -> None:
    hand = result({"N": -1, "E": 2, "S": -5, "W": 0, "pot": 4},
                  {side: {"stake": Fraction(-1), "pot": Fraction(-2, 3)} for side in ("N", "E", "S", "W", "pot")},
                  summary="N lost <everything>")
    match = MatchState(totals={"N": -1, "E": 2, "S": -5, "W": 0, "pot": 4}, dealer="N", results=(hand,),
                       note="carried & kept")
    for html in (breakdown_html(hand), match_html(match, 8), points_html(hand.parts)):
        text = re.sub(r"<[^>]+>", "", html)
        assert not re.search(r"-\d|-⅔", text), text
        assert "−" in text
    assert signed(-2) == "−2" and signed(3) == "+3" and signed(0) == "+0" and signed(Fraction(-2, 3)) == "−⅔"
    assert "−1 → −1" in match_html(match)
    assert "N lost &lt;everything&gt;" in breakdown_html(hand) and "carried &amp; kept" in match_html(match)


def test_the_match_sheet_scrolls_in_its_own_box_and_never_wraps() -> None:
    match = MatchState(totals={seat: 0 for seat in ("NE", "E", "S", "W", "NW", "pot")}, dealer="NE")
    html = match_html(match, 8)
    assert html.startswith('<div class="cardlab-scroll" role="region" tabindex="0" aria-label="')
    assert '<table class="cardlab-panel panel-match">' in html
    scroll = re.search(r"\.cardlab-scroll \{([^}]*)\}", PANEL_CSS).group(1)
    cells = re.search(r"\.cardlab-panel th, \.cardlab-panel td \{([^}]*)\}", PANEL_CSS).group(1)
    assert "overflow-x: auto" in scroll and "white-space: nowrap" in cells
    assert "<th>pot</th>" in html
    assert "&lt;i&gt;" in html_table("t", "<i>caption</i>", ["<i>"], [["<b>ours</b>"]])
