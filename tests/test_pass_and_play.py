"""Pass-and-play at one device (issue 22, the static site): ``Table(game, people=...)``.

While the hands are covered, nothing the table sends to the browser (every synced trait of every
widget in it: the board's picture, its frames and words, the calls, the messages) names a card
held in any hand, save the cards the rules make public; each person's turn comes in order; bad
input gets one sentence and changes nothing.  No browser: the widgets' state is what Voilà sends.
"""
from __future__ import annotations

import json

import ipywidgets as ipw
import pytest

from cardlab.actions import Call
from cardlab.cards import Card
from cardlab.widgets import Table
from cardlab.widgets.together import PlayTogether


def sent(widget: ipw.Widget) -> str:
    """Every synced trait of ``widget`` and the widgets inside it, as the page receives them."""
    parts = []
    seen: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, ipw.Widget) and node.model_id not in seen:
            seen.add(node.model_id)
            state = node.get_state()
            parts.append(json.dumps(state, default=str, ensure_ascii=False))
            for name in node.keys:
                value = getattr(node, name)
                for item in value if isinstance(value, (list, tuple)) else [value]:
                    walk(item)
    walk(widget)
    return "\n".join(parts)


def held(table: Table) -> set[Card]:
    """The cards in the hands at the step shown that the rules do not show to everyone (a turned
    card, a card named aloud in a call such as Quadrille's called king)."""
    state, rules = table.state, table.rules
    public = {card for _, card in rules.scene(state, table.seat).public}
    public |= {Card.parse(word) for action in table.hand.log[1:table.session.index] if isinstance(action, Call)
               for word in action.words.split() if word in {str(card) for card in rules.pack.cards}}
    return {card for seat in state.seats for card in state.hand(seat) if card is not None} - public


def traces(table: Table, card: Card) -> list[str]:
    """What would betray ``card`` in the page: its code on the board, its drawn face, its name."""
    name = table.rules.pack.name(card).removeprefix("the ")
    return [f'data-card=\\"{card}\\"', f"face-{card}\\\"", name]


def betrayed(table: Table) -> list[str]:
    page = sent(table)
    return [trace for card in held(table) for trace in traces(table, card) if trace in page]


def shown_cards(table: Table) -> list[str]:
    return sorted(table.session.view(table.seat).frame.scene.legal)


GAMES = [("tressette", ("S", "N")), ("sixty_six", ("S", "E")), ("aluette", ("S", "E", "N")),
         ("quadrille", ("S", "W"))]


@pytest.mark.parametrize("game, people", GAMES)
def test_a_covered_table_sends_no_card_of_any_hand(game, people):
    table = Table(game, people=people, seed=4)
    assert table.covered
    assert betrayed(table) == []
    table.show_hand()                       # the check finds the cards when they are shown
    assert betrayed(table)
    assert not table.covered


@pytest.mark.parametrize("game, people", GAMES)
def test_after_a_turn_the_frames_and_the_next_cover_send_no_card_of_any_hand(game, people):
    table = Table(game, people=people, seed=5)
    for _ in range(6):
        table.show_hand()
        before = table.seat
        table.coach.play_button.click()       # the coach decides for the person, as a click would
        if table.state.over:
            break
        if table.seat != before:
            assert table.covered
            assert table.board.frames or table.board.svg
            assert betrayed(table) == [], f"after {before}'s turn, waiting for {table.seat}"


def test_turns_pass_from_person_to_person_and_the_computer_plays_between():
    table = Table("tressette", people={"S": "Ann", "N": "Ben"}, seed=3)
    rules = table.rules
    assert table.session.sitter("S").name == "Ann" and table.session.sitter("E").__class__.__name__ == "Computer"
    first = table.seat
    assert table.pass_note.value.endswith(f"Pass the device to {'Ann (South)' if first == 'S' else 'Ben (North)'}.</div>")
    assert table.show_button.description.endswith(": show my hand")
    order = []
    for _ in range(4):
        table.show_hand()
        assert table.show_button.description == "Cover my hand"
        order.append(table.seat)
        table.play(shown_cards(table)[0])
        assert table.state.to_act == table.seat and table.covered != (table.seat == order[-1])
    assert set(order) == {"S", "N"}
    played = [action.seat for action in table.hand.log[1:]]
    assert {"E", "W"} <= set(played)                   # the computer played its seats between
    assert rules.seat_name("N") in table.pass_note.value or rules.seat_name("S") in table.pass_note.value


def test_the_same_person_deciding_again_is_not_covered():
    for seed in range(1, 30):
        table = Table("tressette", people=("S", "N"), seed=seed)
        table.show_hand()
        for _ in range(12):
            before = table.seat
            table.coach.play_button.click()
            if table.state.over:
                break
            if table.seat == before:                # the trick's winner leads again
                assert not table.covered
                assert shown_cards(table)
                return
            table.show_hand()
    pytest.fail("no seed gave a person two decisions in a row")


def test_cover_my_hand_covers_it_again_and_the_same_person_shows_it():
    table = Table("tressette", people=("S", "N"), seed=3)
    table.show_hand()
    seat = table.seat
    table.show_button.click()
    assert table.covered and table.seat == seat and betrayed(table) == []
    table.show_button.click()
    assert not table.covered and shown_cards(table)


def test_calls_are_made_by_each_person_in_turn_and_hidden_while_covered():
    table = Table("quadrille", people=("S", "E"), seed=2)
    callers = set()
    for _ in range(6):
        if table.state.phase != "auction" or table.state.to_act not in ("S", "E"):
            break
        assert table.covered and table.calls_box.children == ()
        table.show_hand()
        assert table.calls_box.children
        callers.add(table.seat)
        table.coach.play_button.click()
        assert isinstance(table.hand.log[-1], Call) or table.state.phase != "auction"
    assert callers == {"S", "E"}


def test_a_click_while_covered_is_refused_with_a_sentence_and_changes_nothing():
    table = Table("tressette", people={"S": "Ann", "N": "Ben"}, seed=3)
    log = table.hand.log
    mine = next(card for card in table.state.hand(table.seat))
    table.board.clicked = f"{mine}#1"                # a forged click on a card not drawn
    assert table.hand.log == log and table.covered
    assert "covered" in table.message and "Show my hand" in table.message
    assert "cardlab-refusal" in table.message_box.value
    change = table.play(str(mine))
    assert change.view.message == table.message and table.hand.log == log
    table.show_hand()
    assert table.message == ""


@pytest.mark.parametrize("people, sentence", [
    (("S",), "two people or more"),
    ((), "two people or more"),
    (("S", "X"), "There is no seat 'X'"),
    ({"S": "Ann", "N": "B" * 40}, "24 characters"),
])
def test_bad_people_are_refused_with_a_sentence(people, sentence):
    with pytest.raises(ValueError, match=sentence):
        Table("tressette", people=people)


def test_people_with_open_hands_or_a_session_are_refused():
    with pytest.raises(ValueError, match="face down"):
        Table("tressette", people=("S", "N"), open_hands=True)
    with pytest.raises(ValueError, match="face down"):
        Table(session=Table("tressette").session, people=("S", "N"))


def test_names_are_text_never_markup():
    table = Table("tressette", people={"S": "<img src=x>", "N": "<img src=y>"}, seed=1)
    assert "<img" not in table.pass_note.value and "&lt;img src=" in table.pass_note.value


def test_a_new_deal_covers_and_the_count_comes_at_the_end_of_the_hand():
    table = Table("tressette", people=("S", "N"), seed=6, level="beginner")
    for _ in range(40):
        if table.state.over:
            break
        table.show_hand()
        table.coach.play_button.click()
    assert table.state.over and not table.covered
    assert table.counting.state is table.state          # the last person counts, as at any table
    assert table.show_button.layout.display == "none"
    table.counting.skip_button.click()
    assert "End of hand" in table.breakdown_box.value
    table.next_button.click()
    assert table.covered and not table.state.over and betrayed(table) == []


def test_a_pass_and_play_table_writes_no_address_and_hides_open_hands():
    table = Table("tressette", people=("S", "N"))
    assert table.share.address == "" and table.share not in table.children[-1].children[1].children
    assert table.open_box not in table.children[0].children


def test_the_form_follows_the_rules_seats_and_refuses_one_person():
    form = PlayTogether("vache")
    form.option_boxes["players"].value = 2            # five players: NE and NW join
    assert set(form.name_boxes) == {"NE", "E", "S", "W", "NW"}
    form.name_boxes["NW"].value = "Zoé"
    table = form.sit_down()
    assert table is not None and table.people == ("S", "NW") and table.rules.options.players == 5
    assert form.table_box.children == (table,)
    for box in form.name_boxes.values():
        box.value = " "
    form.name_boxes["S"].value = "Ann"
    assert form.sit_down() is None
    assert "two people or more" in form.message_box.value and form.table is table


def test_a_covered_table_does_not_tell_the_called_kings_holder_his_side():
    """Quadrille, seed 1: W is Ombre and N holds the king W called, which only N knows."""
    table = Table("quadrille", people=("N", "E", "S", "W"), seed=1)
    for _ in range(40):
        if table.state.phase == "play" and table.seat == "N" and table.covered:
            break
        table.show_hand()
        table.coach.play_button.click()
    assert table.state.phase == "play" and table.seat == "N" and table.covered
    assert table.rules.scene(table.state, "N").seats[0].side == "Ombre"     # what N alone sees
    assert table.board.svg.count("side Ombre") == 1                          # W's, known to all
    table.show_hand()
    assert table.board.svg.count("side Ombre") == 2
