"""The ceremony stepper and the tables of Aluette and La Vache, driven through their traits."""
from __future__ import annotations

from cardlab import lesson
from cardlab.widgets import Stepper, Table


def test_the_ceremony_stepper_steps_card_by_card_to_the_seating():
    steps = lesson.ceremony_steps(seed=68)
    stepper = Stepper(steps)
    assert stepper.index == 0 and stepper.back_button.disabled
    stepper.forward_button.click()
    assert stepper.index == 1 and "receives" in stepper.caption.value
    assert stepper.board.svg == steps[1].html
    stepper.index = len(steps) - 1
    assert stepper.forward_button.disabled and "deals first" in stepper.caption.value


def test_singing_calls_are_buttons_for_the_learner():
    table = Table("aluette", seed=1)                 # East sings, so South is asked
    assert table.state.phase == "sing" and table.state.to_act == "S"
    labels = [button.description for button in table.calls_box.children]
    assert [button.tooltip for button in table.calls_box.children] == ["S sings", "S does not sing"]
    assert labels == [table.rules.describe(call) for call in table.rules.legal(table.state)]
    assert not any(label.startswith("S ") for label in labels)       # words, not action text
    table.calls_box.children[1].click()
    assert table.state.phase == "play"


def test_la_vache_tables_seat_three_and_five_players_with_the_learner_south():
    for players in (3, 5):
        table = Table("vache", players=players)
        assert not table.message and table.state.to_act == "S" and len(table.state.seats) == players
