"""A refusal at every game's free table, through the traits a browser sets: a click on a card the
rules refuse puts the rules' own sentence, whole, in the table's message slot (as an alert for
screen readers), changes nothing else (log, step, picture), and a step clears it; a second click on
the same card is answered again.  Every game refuses a card out of turn at open hands; a card in the
learner's own hand is refused where the game's rules ever refuse one (La Vache's never do: any card
may be played there).  ``tests/browser/test_layout.py`` shows in Chromium that such a
sentence is read whole and moves no board, on two tables."""
from __future__ import annotations

import pytest

from cardlab import Play
from cardlab.games import GAMES
from cardlab.widgets import Table, html

SEEDS = range(1, 6)


def held_refusal(game: str) -> tuple[Table, str, str] | None:
    """A free table of ``game`` (beginner level) at South's turn with a card of South's the rules
    refuse: the table, the card and the rules' sentence; None when South may play every card at
    every turn of the first deals.  The learner plays the first legal card (or the first call)."""
    for seed in SEEDS:
        table = Table(game, seed=seed, level="beginner")
        while not table.state.over:
            state, rules = table.state, table.rules
            if state.to_act == "S":
                for card in state.hand("S"):
                    why = card is not None and rules.why_illegal(state, Play("S", card))
                    if why:
                        return table, str(card), why
            legal = rules.legal_cards(state, "S") if state.to_act == "S" else []
            before = len(table.hand.log)
            if legal:
                table.board.clicked = f"{legal[0]}#{before}"
            else:
                calls = [button for button in table.calls_box.children if not button.disabled]
                assert calls, f"{game} at seed {seed}: the learner can do nothing"
                calls[0].click()
            assert len(table.hand.log) > before and not table.message
        table.close()
    return None


def out_of_turn(game: str) -> tuple[Table, str, str]:
    """A free table of ``game`` at open hands, a card of a seat that is not to play, and the rules'
    sentence for it."""
    table = Table(game, open_hands=True, level="beginner")
    state = table.state
    seat = next(seat for seat in table.rules.seats if seat != state.to_act and any(state.hand(seat)))
    card = next(card for card in state.hand(seat) if card is not None)
    sentence = table.rules.why_illegal(state, Play(seat, card))
    assert sentence
    return table, str(card), sentence


def refused_alone(table: Table, card: str, sentence: str) -> None:
    """A click on ``card`` says ``sentence`` in the message slot and changes nothing else."""
    before = (table.hand.log, table.index, table.board.svg, table.step_label.value, table.caption.value)
    table.board.clicked = f"{card}#refused-1"
    assert table.message == sentence
    assert table.message_box.value == html.refusal(sentence)
    assert 'role="alert"' in table.message_box.value
    assert (table.hand.log, table.index, table.board.svg, table.step_label.value, table.caption.value) == before
    table.back_button.click()                           # a step clears the message slot
    assert table.message == "" and "cardlab-refusal" not in table.message_box.value
    table.last_button.click()
    table.board.clicked = f"{card}#refused-2"
    table.message = ""
    table.board.clicked = f"{card}#refused-3"           # the same card again is answered again
    assert table.message == sentence


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_card_puts_the_rules_sentence_in_the_message_slot_and_changes_nothing(game: str) -> None:
    refused_alone(*out_of_turn(game))
    held = held_refusal(game)
    if held is not None:            # None: South may play any card at every turn (La Vache)
        refused_alone(*held)
