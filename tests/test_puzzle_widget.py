"""The puzzle trainer's widget without a browser: a click's answer as the board's traits (frames of
the punishment, then the position again as a new picture; the winning line), the choosers, the
narrow and presenter pictures, and refusals in one escaped sentence."""
from __future__ import annotations

from cardlab.actions import Play
from cardlab.widgets.puzzle import PuzzleButton, PuzzleTrainer


def legal_codes(widget: PuzzleTrainer) -> list[str]:
    trainer = widget.trainer
    return [str(action.card) for action in trainer.rules.legal(trainer.puzzle.position) if isinstance(action, Play)]


def click(widget: PuzzleTrainer, code: str, counter: int = 1) -> None:
    widget.board.clicked = f"{code}#{counter}"


def test_a_wrong_card_plays_its_punishment_then_shows_the_position_again() -> None:
    widget = PuzzleTrainer("sixty_six")
    puzzle = widget.trainer.puzzle
    before = widget.board.svg
    wrong = next(code for code in legal_codes(widget) if code != str(puzzle.answer))
    click(widget, wrong)
    assert len(widget.board.frames) == len(widget.board.lines) == len(widget.board.alts) > 1
    assert all("the other side's answer" in line for line in widget.board.lines)
    assert widget.board.svg != before  # a new picture, so the browser plays the frames before it
    assert widget.board.svg.replace('data-try="1"', 'data-try="0"') == before
    assert "wrong" in widget.message_box._dom_classes and "Not the best" in widget.message_box.value
    assert "Second try" in widget.step_label.value
    click(widget, str(puzzle.answer), 2)
    assert "right" in widget.message_box._dom_classes and "Right, on the second try." in widget.message_box.value
    assert widget.board.lines and all("the winning line" in line for line in widget.board.lines)
    assert widget.shown.over and widget.board.svg.startswith('<svg data-try="2" ')


def test_what_cannot_be_played_is_refused_escaped_and_changes_nothing() -> None:
    widget = PuzzleTrainer("tressette")
    svg, rating = widget.board.svg, widget.rating_box.value
    click(widget, "<b>x</b>")
    assert "&lt;b&gt;" in widget.message_box.value and "<b>x" not in widget.message_box.value
    assert (widget.board.svg, widget.rating_box.value, widget.trainer.tries) == (svg, rating, 0)


def test_the_choosers_change_game_and_theme_and_keep_each_games_rating() -> None:
    widget = PuzzleTrainer("tressette", choosers=True)
    click(widget, str(widget.trainer.puzzle.answer))
    rated = widget.trainer.rating
    widget.game_pick.value = "quadrille"
    assert widget.trainer.game == "quadrille" and "Quadrille" in widget.heading.value
    widget.theme_pick.value = "over-trump"
    assert widget.trainer.puzzle.theme == "over-trump" and "over-trump" in widget.heading.value
    widget.game_pick.value = "tressette"
    assert widget.trainer.rating == rated and widget.theme_pick.value == ""


def test_a_theme_without_puzzles_says_so_and_trains_on_every_theme() -> None:
    widget = PuzzleTrainer("vache", theme="the politaine")
    assert widget.trainer.theme is None and "not a theme of these puzzles" in widget.message_box.value


def test_narrow_and_presenter_pictures() -> None:
    widget = PuzzleTrainer("aluette")
    widget.board.width = 380
    assert 'width="360"' in widget.board.svg
    widget.board.width = 900
    widget.presenter_box.value = True
    assert "cardlab-presenter" in widget._dom_classes and 'width="360"' not in widget.board.svg


def test_a_lesson_s_puzzle_button_becomes_the_trainer_on_its_theme_when_pressed() -> None:
    folded = PuzzleButton("tressette", theme="keep the master")
    assert folded.trainer is None and folded.children == (folded.open_button,)
    assert "keep the master" in folded.open_button.description
    folded.open_button.click()
    trainer = folded.trainer
    assert trainer is not None and folded.children == (trainer,)
    assert trainer.trainer.puzzle.theme == "keep the master"
    assert folded.unfold() is trainer, "pressed again, the same trainer stays"
