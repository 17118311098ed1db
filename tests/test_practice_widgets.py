"""The practice widgets driven as a learner would, through their buttons and boxes: the counting
trainer names the card missed, the deal made to order shows a deal that holds the feature, the
signals trainer judges answers, the compare view marks the engine's first difference; text from
the engine or the learner reaches the page escaped."""
from __future__ import annotations

from cardlab import get_rules
from cardlab.points import fraction_text
from cardlab.practice.common import play
from widgets.counting import CountingTrainer, card_text


def finished(game: str, seed: int = 3):
    rules = get_rules(game)
    state = play(rules, game, {}, rules.seats[0], seed).states[-1]
    assert state.over
    return rules, state


def press(trainer: CountingTrainer, cards) -> None:
    for button, card in trainer.buttons.items():
        button.value = card in cards


def test_a_count_missing_one_card_names_that_card() -> None:
    rules, state = finished("tressette")
    trainer = CountingTrainer()
    trainer.start(rules, state, "S")
    assert trainer.layout.display == "" and trainer.side == "NS"
    counting = [card for card in trainer.buttons.values() if rules.card_points(card)]
    missed = counting[0]
    press(trainer, counting[1:])
    trainer.total_box.value = "1"
    trainer.check_button.click()
    assert trainer.done
    assert trainer.result.missed == (missed,) and not trainer.result.right
    assert f"you missed {rules.pack.name(missed)}" in trainer.feedback.value
    assert "cardlab-count-wrong" in trainer.feedback.value


def test_a_right_count_is_right_and_only_the_sides_tricks_are_offered() -> None:
    rules, state = finished("quatre_sept")
    trainer = CountingTrainer()
    trainer.start(rules, state, "E")
    taken = [card for trick in state.tricks if rules.side_of(state, trick.winner) == "EW" for card in trick.cards()]
    assert sorted(map(str, trainer.buttons.values())) == sorted(map(str, taken))
    press(trainer, [card for card in taken if rules.card_points(card)])
    parts = rules.running_points(state)["EW"]
    trainer.total_box.value = fraction_text(parts["cards"] + parts["last trick"])
    trainer.check()
    assert trainer.result.right, trainer.result.sentence
    assert trainer.feedback.value.startswith('<div class="cardlab-count-right"')


def test_tricks_are_counted_per_player_in_aluette() -> None:
    rules, state = finished("aluette")
    trainer = CountingTrainer()
    trainer.start(rules, state, "S")
    assert "scored by tricks" in trainer.heading.value and trainer.side == "S"
    assert len(trainer.buttons) == len(state.tricks)
    mine = [trick.card_of("S") for trick, taker in zip(state.tricks, rules.takers(state)) if taker == "S"]
    wrong = next(card for card in trainer.buttons.values() if card not in mine)
    press(trainer, mine + [wrong])
    trainer.check()
    assert trainer.result.wrong == (wrong,)
    assert f"S did not take the trick with {rules.pack.name(wrong)}" in trainer.feedback.value
    press(trainer, mine)
    trainer.total_box.value = str(len(mine))
    assert trainer.check().right


def test_a_typed_total_is_shown_escaped_and_skip_and_reset_work() -> None:
    rules, state = finished("sixty_six")
    trainer = CountingTrainer()
    assert trainer.layout.display == "none"
    trainer.start(rules, state, "S")
    trainer.total_box.value = "<img src=x onerror=alert(1)>"
    assert trainer.check() is None and not trainer.done
    assert "<img" not in trainer.feedback.value and "&lt;img src=x" in trainer.feedback.value
    trainer.skip_button.click()
    assert trainer.done
    trainer.reset()
    assert not trainer.done and trainer.layout.display == "none" and not trainer.buttons
    assert trainer.feedback.value == ""


def test_card_names_on_buttons_and_quadrille_titles() -> None:
    rules, state = finished("quadrille")
    trainer = CountingTrainer()
    trainer.start(rules, state, "N")
    names = [button.description for button in trainer.buttons]
    card = trainer.buttons[next(iter(trainer.buttons))]
    assert names[0] == f"N: {card_text(rules, state, card)}" and not names[0].startswith("N: the ")


def test_an_unfinished_hand_is_refused_in_a_sentence() -> None:
    rules = get_rules("tressette")
    state = play(rules, "tressette", {}, "N", 3, until=4).states[-1]
    trainer = CountingTrainer()
    trainer.start(rules, state, "S")
    assert "not over yet" in trainer.feedback.value and not trainer.buttons
    assert trainer.check() is None and not trainer.done
