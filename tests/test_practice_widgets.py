"""The practice widgets driven as a learner would, through their buttons and boxes: the counting
trainer names the card missed, the deal made to order shows a deal that holds the feature, the
signals trainer judges answers, the compare view marks the engine's first difference; text from
the engine or the learner reaches the page escaped."""
from __future__ import annotations

import json
import re
from html import escape, unescape
from urllib.parse import unquote

import pytest

from cardlab import get_rules
from cardlab.cards import Card
from cardlab.points import fraction_text
from cardlab.practice import compare, order
from cardlab.practice.common import play
from cardlab.render.table import table_svg
from cardlab.scenario import loads, parse
from cardlab.widgets.compare import CompareView, short
from cardlab.widgets.counting import CountingTrainer, card_text
from cardlab.widgets.practice import DealToOrder, SignalsTrainer, download_link


def finished(game: str, seed: int = 3):
    rules = get_rules(game)
    state = play(rules, game, {}, rules.seats[0], seed).states[-1]
    assert state.over
    return rules, state


def press(trainer: CountingTrainer, cards) -> None:
    for button, card in trainer.buttons.items():
        button.value = card in cards


def test_a_count_missing_one_card_says_how_far_off_then_names_that_card() -> None:
    rules, state = finished("tressette")
    trainer = CountingTrainer()
    trainer.start(rules, state, "S")
    assert trainer.layout.display == "" and trainer.side == "NS"
    counting = [card for card in trainer.buttons.values() if rules.card_points(card)]
    missed = counting[0]
    press(trainer, counting[1:])
    trainer.total_box.value = "1"
    trainer.check_button.click()
    assert not trainer.done  # a wrong count keeps the trainer open: the breakdown would give the answer
    assert trainer.result.missed == (missed,) and not trainer.result.right
    assert "you left out 1 card that counts" in trainer.feedback.value       # the first miss: how far off
    assert rules.pack.name(missed) not in trainer.feedback.value and "Look again at trick" in trainer.feedback.value
    assert "cardlab-count-wrong" in trainer.feedback.value
    trainer.check_button.click()                                              # the second: the answer
    assert f"you missed {rules.pack.name(missed)}" in trainer.feedback.value


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
    assert "1 trick you clicked was not taken by S" in trainer.feedback.value
    trainer.check()
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


# ----- the compare view ---------------------------------------------------------------------------
def spans(html: str, klass: str) -> list[str]:
    """The text of every span carrying ``klass``."""
    return re.findall(rf'<span class="[^"]*\b{klass}\b[^"]*"[^>]*>([^<]*)</span>', html)


@pytest.mark.parametrize("first,second,options,seed", [
    ("quatre_sept", "sixty_six", {}, 1), ("aluette", "vache", {}, 2),
    ("quatre_sept", "quatre_sept", {"low_lead_rule": True}, 4)])
def test_the_compare_view_marks_the_engines_first_difference(first, second, options, seed) -> None:
    view = CompareView(first, second, second_options=options, seed=seed)
    rules = get_rules(first), get_rules(second, **options)
    expected = compare(seed, *rules)
    engine_first = expected.first
    assert view.comparison.differences == expected.differences
    columns = view.columns.value.split('<section class="cardlab-compare-side"')[1:]
    assert len(columns) == 2
    for side, column in enumerate(columns):
        card = rules[side].pack.parse(engine_first.cards[side])
        assert spans(column, "cardlab-compare-first") == [f"{engine_first.seat} {short(rules[side], card)}"]
        assert len(spans(column, "cardlab-compare-diff")) == sum(d.cards[side] is not None for d in expected.differences)
        assert escape(expected.summaries[side], quote=False) in column
    assert f"First difference: trick {engine_first.trick}, {engine_first.seat} plays" in view.summary.value


def test_the_refusing_rule_is_quoted_where_the_rules_made_the_difference() -> None:
    view = CompareView("quatre_sept", "quatre_sept", second_options={"low_lead_rule": True}, seed=4)
    refusal = view.comparison.first.refusals[1]
    assert refusal and escape(refusal, quote=False) in view.summary.value
    assert "(Low lead after a trick worth less than a point: on) refuses" in view.summary.value


def test_a_new_seed_deals_again_and_a_pair_without_one_pack_is_one_sentence() -> None:
    view = CompareView("aluette", "vache", seed=1)
    before = view.comparison.logs
    view.seed_box.value = 2
    view.deal_button.click()
    assert view.comparison.seed == 2 and view.comparison.logs != before
    odd = CompareView("tressette", "sixty_six")
    assert odd.comparison is None and odd.columns.value == ""
    assert "are not played with one pack" in odd.summary.value and "Traceback" not in odd.summary.value


def test_engine_text_is_escaped_in_the_compare_view() -> None:
    view = CompareView("<b>x</b>", "tressette")
    assert "<b>x" not in view.summary.value and "&lt;b&gt;x&lt;/b&gt;" in view.summary.value
    assert view.pair_pick.value == "<b>x</b> ↔ tressette"        # a dropdown label is plain text


# ----- deals made to order ------------------------------------------------------------------------
def test_the_deal_shown_holds_the_politaine_asked_for() -> None:
    widget = DealToOrder("quatre_sept")
    widget.feature_pick.value = "politaine"
    widget.seat_pick.value = "E"
    widget.deal_button.click()
    hand = widget.state.hand("E")
    suits = [suit for suit in "SHDC" if {Card(rank, suit) for rank in ("10", "9", "A")} <= set(hand)]
    assert suits, f"E holds no politaine: {hand}"
    assert widget.message.value.startswith('<div role="status">E was dealt the 10, 9 and ace of')
    assert all(f'data-card="{card}"' in widget.board.svg for card in hand)     # every hand open
    assert widget.board.layout.display == "" and f"Seed {widget.scenario['seed']}" in widget.details.value
    link = re.search(r'href="data:application/json;charset=utf-8,([^"]*)"', widget.details.value).group(1)
    assert loads(unquote(unescape(link))).to_json() == parse(widget.scenario).to_json()


def test_a_feature_of_play_is_shown_where_it_happens_and_takes_no_seat() -> None:
    widget = DealToOrder("aluette")
    widget.feature_pick.value = "spoiled trick in the first three"
    assert widget.seat_pick.disabled and widget.seat_pick.value == ""
    widget.deal()
    spoiled = [trick for trick, taker in zip(widget.state.tricks, widget.rules.takers(widget.state)) if taker is None]
    assert spoiled and len(widget.state.tricks) <= 3
    scene = widget.rules.scene(widget.state, "S", open_hands=True)
    assert widget.board.svg == table_svg(scene)
    widget.board.width = 390                                  # a phone: the portrait layout
    assert widget.board.svg == table_svg(scene, theme="narrow")


def test_a_feature_not_found_gives_the_engines_sentence(monkeypatch) -> None:
    monkeypatch.setattr(order, "DEAL_TRIES", 1)
    widget = DealToOrder("quatre_sept")
    widget.feature_pick.value = "four sevens"
    widget.deal()
    assert "No deal with four sevens among the 1 seeds from 0: try another seed." in widget.message.value
    assert 'role="alert"' in widget.message.value and widget.board.layout.display == "none"
    assert widget.details.value == "" and widget.scenario is None


def test_the_download_link_is_escaped_and_its_name_made_safe() -> None:
    link = download_link({"title": "<script>alert(1)</script>\"'"}, 'a"b<c>.json')
    assert "<script" not in link and "\"'" not in link.split('href="', 1)[1].split('"')[0]
    assert 'download="a-b-c-.json"' in link
    assert json.loads(unquote(re.search(r"utf-8,([^\"]*)", link).group(1)))["title"] == "<script>alert(1)</script>\"'"


# ----- the signals trainer ------------------------------------------------------------------------
def test_reading_a_gesture_right_and_wrong_moves_the_score() -> None:
    trainer = SignalsTrainer("aluette", seed=3)
    drill = trainer.drill
    buttons = dict(zip((value for _, value in drill.choices), trainer.choices.children))
    right = next(value for value in buttons if set(value.split(",")) <= set(drill.answer))
    wrong = next(value for value in buttons if value != right)
    buttons[wrong].click()
    assert "try once more" in trainer.feedback.value and trainer.score.value == "0 right of 1"
    assert "the answer is" not in trainer.feedback.value and drill.explanation not in trainer.feedback.value
    assert buttons[wrong].disabled
    buttons[right].click()                                   # a second try is judged, not scored
    assert trainer.feedback.value.startswith('<div class="cardlab-practice-right"')
    assert trainer.score.value == "0 right of 1"
    trainer.next_button.click()
    assert trainer.seed == 4 and trainer.feedback.value == ""


def test_choosing_gestures_for_a_hand_and_the_tressette_lead() -> None:
    trainer = SignalsTrainer("aluette")
    trainer.drill_pick.value = "Gestures for a hand"
    assert "<svg" in trainer.hand.value and trainer.check_button.layout.display == ""
    for button, value in trainer.toggles:
        button.value = value in trainer.drill.answer
    trainer.check_button.click()
    assert trainer.feedback.value.startswith('<div class="cardlab-practice-right"'), trainer.feedback.value
    tressette = SignalsTrainer("tressette")
    tressette.drill_pick.value = "Signal a lead"
    for button, value in tressette.toggles:
        button.value = value not in tressette.drill.answer
    tressette.check_button.click()
    assert "cardlab-practice-wrong" in tressette.feedback.value and tressette.score.value == "0 right of 1"
    assert "the answer is" not in tressette.feedback.value
    tressette.check_button.click()                          # the second miss shows the answer and the rule
    assert "Not quite: the answer is" in tressette.feedback.value and tressette.score.value == "0 right of 1"


def test_games_without_signals_say_so() -> None:
    trainer = SignalsTrainer("sixty_six")
    assert "'sixty_six' has no signals in cardlab's rules" in trainer.question.value
    assert trainer.drill is None and trainer.next_button.disabled
