"""The table's end of hand, its widget models, and files or links it refuses (issue 20, items 5, 8,
12, 15), driven through traits and buttons as the browser drives them."""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone

import pytest
from ipywidgets.widgets.widget import _instances

from cardlab.points import pretty
from cardlab.scenario import builtin
from cardlab.widgets import Table

HANDS = 20


def play_to_the_end(table: Table) -> None:
    """The coach makes each of the learner's decisions until the hand is over."""
    for _ in range(500):
        if table.hand.state.over:
            return
        before = len(table.hand.log)
        table.coach.play_button.click()
        if len(table.hand.log) == before:
            table.forward_button.click()
    raise AssertionError("the hand did not end")


def upload(table: Table, name: str, content: bytes) -> None:
    table.share.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                                 "content": memoryview(content), "last_modified": datetime.now(timezone.utc)},)


# ----- item 8: widget models stay as many, hand after hand -----------------------------------
@pytest.mark.parametrize("game", ["quadrille", "aluette", "tressette"])
def test_twenty_hands_leave_as_many_widget_models_as_two(game: str) -> None:
    table = Table(game, seed=3, level="beginner")
    counts = []
    for _ in range(HANDS):
        play_to_the_end(table)
        table.counting.skip_button.click()
        table.next_button.click()
        counts.append(len(_instances))
    assert counts[-1] - counts[1] <= 12, counts


def test_reused_call_buttons_carry_the_calls_offered_now() -> None:
    table = Table("quatre_sept", scenario="quatre_sept-politaine")
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()
    table.play("AH")                                 # declare the politaine, or just play it
    first = list(table.calls_box.children)
    assert [b.tooltip for b in first] == ["S declares politaine H", "S plays AH"]
    assert all("cardlab-call" in b._dom_classes for b in first)
    table.calls_box.children[1].click()              # just play it: no call is offered now
    played = [str(action) for action in table.hand.log]
    assert table.calls_box.children == () and "S plays AH" in played
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()
    table.play("AH")
    assert list(table.calls_box.children) == first   # the same buttons, not new ones
    table.calls_box.children[0].click()
    assert "S declares politaine H" in [str(action) for action in table.hand.log]


# ----- item 5: the end of the hand keeps the count until the learner has counted ---------------
def test_the_match_sheet_keeps_the_hands_score_until_the_count() -> None:
    table = Table("tressette", scenario="tressette-thirds")
    table.last_button.click()
    assert table.state.over and table.counting.layout.display == ""
    assert "→ 5" not in table.match_box.value and "+5" not in table.match_box.value
    assert "hand 1" in table.match_box.value                    # its row is there, its numbers not
    table.counting.skip_button.click()
    assert "+5 → 5" in table.match_box.value


def test_a_wrong_check_does_not_tell_the_count_and_the_learner_tries_again() -> None:
    table = Table("tressette", scenario="tressette-thirds")
    table.last_button.click()
    trainer = table.counting
    parts = table.rules.running_points(table.state)[trainer.side]
    right = pretty(parts["cards"] + parts["last trick"])
    counting = [b for b, card in trainer.buttons.items() if table.rules.card_points(card)]
    for button in counting[1:]:
        button.value = True
    trainer.total_box.value = "1"
    trainer.check_button.click()
    assert "Not yet: you left out 1 card that counts" in trainer.feedback.value
    assert f"count {right}" not in trainer.feedback.value and "Skip" in trainer.feedback.value
    assert not trainer.done and table.breakdown_box.value == ""
    counting[0].value = True                          # the cards are right, the total is not
    trainer.check_button.click()
    assert "the cards are right but the total is not" in trainer.feedback.value
    assert right not in trainer.feedback.value and not trainer.done
    trainer.total_box.value = right.replace("⅔", " 2/3").replace("⅓", " 1/3")
    trainer.check_button.click()
    assert trainer.done and f"Right: {trainer.side} count {right}" in trainer.feedback.value
    assert "End of hand" in table.breakdown_box.value
    # only the sentence stays, so the breakdown comes up where the tricks were
    assert trainer.rows.layout.display == "none" and trainer.layout.display == ""


def test_skip_puts_the_trainer_away_and_the_breakdown_in_its_place() -> None:
    table = Table("tressette", scenario="tressette-thirds")
    table.last_button.click()
    table.counting.skip_button.click()
    assert table.counting.layout.display == "none" and "End of hand" in table.breakdown_box.value
    table.back_button.click()
    table.last_button.click()
    assert table.counting.layout.display == "" and table.counting.rows.layout.display != "none"


def test_only_the_last_picture_of_a_hand_says_the_hand_is_over() -> None:
    """The trainer waits in the browser until the board shows this picture (see the browser test)."""
    table = Table("tressette", scenario="tressette-last-trick-tie")
    table.last_button.click()
    for _ in range(4):
        table.back_button.click()
    assert table.state.to_act == "S"
    table.play("3C")                                  # E, N and W follow: three frames
    assert table.state.over and len(table.board.frames) == 3
    assert "data-hand-over" in table.board.svg.partition(">")[0]
    assert not any("data-hand-over" in frame for frame in table.board.frames)


# ----- items 12 and 15: a file or link the table refuses leaves it working ---------------------
def test_a_title_with_a_lone_surrogate_is_refused_and_the_table_still_steps() -> None:
    table = Table("tressette", seed=3)
    before = (table.hand.log, table.index)
    text = json.dumps(replace(builtin("tressette-thirds"), title="\ud800").to_json())
    upload(table, "odd.json", text.encode("utf-8"))
    assert (table.hand.log, table.index) == before
    assert table.message and "Opened" not in table.share.message
    assert not table.message.startswith("Something went wrong")
    table.back_button.click()
    assert table.index == before[1] - 1 and table.message == ""


def test_the_five_player_quadrille_opens_in_the_four_player_table() -> None:
    table = Table("quadrille", seed=3)
    text = json.dumps(builtin("quadrille-five-players").to_json())
    upload(table, "five.json", text.encode("utf-8"))
    assert table.message == "" and table.share.message == "Opened five.json."
    assert table.rules.options.players == 5 and table.option_boxes["players"].value == 1
    assert len(table.state.seats) == 5
    table.last_button.click()
    table.back_button.click()
    assert table.index == len(table.hand.log) - 1
    table.first_button.click()
    assert table.index == 0 and table.message == ""


def test_a_scenario_of_another_game_is_not_said_to_be_opened() -> None:
    table = Table("tressette", seed=3)
    before = table.hand.log
    upload(table, "other.json", json.dumps(builtin("quadrille-vole").to_json()).encode("utf-8"))
    assert table.hand.log == before
    assert "for another game" in table.share.message and "Opened" not in table.share.message
    assert "for another game" in table.message


def test_a_scenario_file_the_board_cannot_show_leaves_the_table_as_it_was(tmp_path) -> None:
    table = Table("tressette", seed=3)
    table.play(str(table.rules.legal_cards(table.state, "S")[0]))
    before = (table.hand.log, table.index, table.board.svg, table.share.address)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(replace(builtin("tressette-thirds"), title="\ud800").to_json()), encoding="utf-8")
    table.load_scenario(str(path))                    # its title cannot go into the page address
    assert (table.hand.log, table.index, table.board.svg, table.share.address) == before
    assert table.message.endswith("the table is unchanged.")
    table.back_button.click()
    assert table.index == before[1] - 1 and table.message == ""
    table.forward_button.click()
    assert table.index == before[1]
