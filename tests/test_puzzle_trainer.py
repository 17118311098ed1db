"""The puzzle trainer without any widget: Glicko-2 as published, the right card and its winning line,
a wrong card punished by the other side's best play (checked by replaying it to the end of the hand)
then a second try, refusals that change nothing, and the next puzzle near the rating."""
from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from cardlab.actions import Play
from cardlab.cards import Card
from cardlab.games import GAMES
from cardlab.puzzles.bank import CLOSEST, bank_puzzles
from cardlab.puzzles.trainer import PuzzleTrainer, Rating, TrainerError, card_puzzle
from tests.test_search import hand_value


def bank_value(text: int | str) -> Fraction:
    """A value as the bank writes it: 5, "-1/3", "-4 1/3"."""
    if isinstance(text, int):
        return Fraction(text)
    sign = -1 if text.startswith("-") else 1
    return sign * sum((Fraction(part) for part in text.lstrip("-").split()), Fraction(0))


def wrong_card(trainer: PuzzleTrainer) -> str:
    puzzle = trainer.puzzle
    return next(str(action.card) for action in trainer.rules.legal(puzzle.position)
                if isinstance(action, Play) and action.card != puzzle.answer)


def replayed_value(trainer: PuzzleTrainer, line: tuple) -> Fraction:
    """The line played out (each action checked by the rules) and the hand's end valued for the seat."""
    hand = trainer.puzzle.hand
    for action in line:
        hand = hand.then(action)
    assert hand.state.over
    return hand_value(trainer.rules, hand.state, trainer.puzzle.seat)


def test_glicko2_gives_the_papers_example() -> None:
    """Glickman 2012: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    after = Rating(1500, 200, 0.06).after([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert abs(after.rating - 1464.06) < 0.02  # the paper rounds its steps
    assert round(after.deviation, 2) == 151.52
    assert abs(after.volatility - 0.05999) < 0.00001


@pytest.mark.parametrize("game", list(GAMES))
def test_the_right_card_first_shows_the_winning_line_and_raises_the_rating(game: str) -> None:
    trainer = PuzzleTrainer(game)
    puzzle = trainer.puzzle
    before = trainer.rating.rating
    reply = trainer.try_card(str(puzzle.answer))
    assert reply.verdict == "right" and reply.done and not reply.again
    assert reply.sentence.startswith("Right!") and puzzle.explanation in reply.sentence
    assert reply.winning[0] == Play(puzzle.seat, puzzle.answer)
    assert [str(action) for action in reply.winning[1:]] == list(puzzle.line)
    data = bank_puzzles(game)[puzzle.number]
    assert reply.value == bank_value(data["values"][data["answer"]]) == replayed_value(trainer, reply.winning)
    assert trainer.rating.rating > before and "(+" in trainer.rating_text()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_wrong_card_is_punished_then_tried_again(game: str) -> None:
    trainer = PuzzleTrainer(game, seed=3)
    puzzle = trainer.puzzle
    wrong = wrong_card(trainer)
    reply = trainer.try_card(wrong)
    assert reply.verdict == "wrong" and reply.again and not reply.done and not reply.winning
    assert reply.punishment[0] == Play(puzzle.seat, Card.parse(wrong))
    data = bank_puzzles(game)[puzzle.number]
    assert reply.value == bank_value(data["values"][wrong]) == replayed_value(trainer, reply.punishment)
    assert reply.value < bank_value(data["values"][data["answer"]])
    assert "second try" in reply.sentence
    rated = trainer.rating
    assert rated.rating < 1500 and "(-" in trainer.rating_text()
    again = trainer.try_card(str(puzzle.answer))
    assert again.verdict == "right" and again.done and again.sentence.startswith("Right, on the second try.")
    assert replayed_value(trainer, again.winning) == again.value
    assert trainer.rating == rated  # only the first try counts


def test_two_wrong_cards_end_with_the_answer_and_its_line() -> None:
    trainer = next(t for t in (PuzzleTrainer("quadrille", seed=s) for s in range(40))
                   if len(trainer_legal(t)) >= 3)
    first, second = [card for card in trainer_legal(trainer) if card != str(trainer.puzzle.answer)][:2]
    trainer.try_card(first)
    rated = trainer.rating
    reply = trainer.try_card(second)
    assert reply.verdict == "wrong" and reply.done and not reply.again
    assert reply.punishment[0] == Play(trainer.puzzle.seat, Card.parse(second))
    assert reply.winning[0] == Play(trainer.puzzle.seat, trainer.puzzle.answer)
    assert trainer.rules.card_label(trainer.puzzle.position, trainer.puzzle.answer) in reply.sentence
    assert trainer.rating == rated
    assert trainer.try_card(str(trainer.puzzle.answer)).verdict == "refused"


def trainer_legal(trainer: PuzzleTrainer) -> list[str]:
    return [str(action.card) for action in trainer.rules.legal(trainer.puzzle.position) if isinstance(action, Play)]


@pytest.mark.parametrize("code", ["zz", "<b>AS</b>", "", "  ", "X" * 500, "1S"])
def test_what_is_not_a_card_gets_one_sentence_and_changes_nothing(code: str) -> None:
    trainer = PuzzleTrainer("tressette")
    rating, puzzle = trainer.rating, trainer.puzzle
    reply = trainer.try_card(code)
    assert reply.verdict == "refused" and reply.sentence.endswith(".") and len(reply.sentence) < 200
    assert "\n" not in reply.sentence and "Traceback" not in reply.sentence
    assert (trainer.rating, trainer.puzzle, trainer.tries) == (rating, puzzle, 0)


def test_a_card_that_may_not_be_played_says_the_rule_and_is_no_try() -> None:
    for seed in range(60):
        trainer = PuzzleTrainer("quatre_sept", seed=seed)
        position, seat = trainer.puzzle.position, trainer.puzzle.seat
        legal = set(trainer_legal(trainer))
        held = [card for card in position.hand(seat) if str(card) not in legal]
        if held:
            break
    assert held, "a puzzle where a held card must not be played"
    reply = trainer.try_card(str(held[0]))
    assert reply.verdict == "refused"
    assert reply.sentence == trainer.rules.why_illegal(position, Play(seat, held[0]))
    assert trainer.tries == 0 and trainer.previous is None
    elsewhere = next(card for card in trainer.rules.pack.cards if card not in position.hand(seat))
    assert trainer.try_card(str(elsewhere)).verdict == "refused" and trainer.tries == 0


def test_the_next_puzzle_is_new_near_the_rating_and_of_the_theme() -> None:
    trainer = PuzzleTrainer("tressette", theme="keep the master", rating=Rating(1800, 100, 0.06))
    kept = [data for data in bank_puzzles("tressette") if data["theme"] == "keep the master" and card_puzzle(data)]
    nearest = sorted(abs(data["rating"] - 1800) for data in kept)[CLOSEST - 1]
    numbers = []
    for _ in range(len(kept)):
        puzzle = trainer.puzzle
        assert puzzle.theme == "keep the master"
        numbers.append(puzzle.number)
        trainer.rating = Rating(1800, 100, 0.06)
        trainer.next_puzzle()
    assert len(set(numbers)) == len(kept)  # none twice before every one has come
    assert abs(PuzzleTrainer("tressette", theme="keep the master", rating=Rating(1800, 100, 0.06)).puzzle.rating
               - 1800) <= nearest


def test_the_rating_moves_the_next_puzzle() -> None:
    low = PuzzleTrainer("sixty_six", rating=Rating(1000, 60, 0.06)).puzzle.rating
    high = PuzzleTrainer("sixty_six", rating=Rating(2000, 60, 0.06)).puzzle.rating
    assert low < high


def test_an_unknown_game_or_theme_is_refused_in_a_sentence() -> None:
    with pytest.raises(TrainerError, match="not a game here"):
        PuzzleTrainer("bridge")
    trainer = PuzzleTrainer("aluette", theme="the mordienne")
    puzzle = trainer.puzzle
    with pytest.raises(TrainerError, match="not a theme of these puzzles"):
        trainer.set_theme("<script>")
    assert trainer.theme == "the mordienne" and trainer.puzzle is puzzle


def test_puzzles_with_a_call_to_choose_are_left_out() -> None:
    calls = [data for data in bank_puzzles("quatre_sept") if not card_puzzle(data)]
    assert calls  # the bank has some
    trainer = PuzzleTrainer("quatre_sept")
    assert all(card_puzzle(data) for _, data in trainer.bank)


def test_the_trainer_needs_no_widgets() -> None:
    code = ("import sys; from cardlab.puzzles.trainer import PuzzleTrainer; PuzzleTrainer('vache');"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'widgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
