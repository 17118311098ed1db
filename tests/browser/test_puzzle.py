"""The puzzle trainer on notebooks/puzzles.ipynb in a real Chromium: a wrong card plays the other
side's punishment out on the board, card by card, and the position comes back for a second try; the
right card then plays the winning line out.  The same trainer built here (same game and seed) says
which puzzle the page shows and what each line is.  Screenshots at laptop, projector, presenter and
phone sizes go to ``test-artifacts/puzzle-*.png`` to be looked at.

The lesson page is the trainer and a progress panel, no more: the test visits it once."""
from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from cardlab.actions import Play
from cardlab.puzzles.trainer import PuzzleTrainer
from tests.servers import shot

BOARD = ".cardlab-board"  # inside the trainer
LOAD_MS = 90_000  # the page's first load on a busy machine
VIEWPORT = {"width": 1280, "height": 900}  # the page fixture's


def open_trainer(page: Page, open_voila) -> tuple[Page, Locator]:
    page.set_default_timeout(LOAD_MS)
    page = open_voila("puzzles", wait_for=f".cardlab-puzzle {BOARD} svg", timeout_ms=LOAD_MS)
    puzzle = page.locator(".cardlab-puzzle").first
    puzzle.scroll_into_view_if_needed()
    return page, puzzle


def step_through(puzzle: Locator, trainer: PuzzleTrainer, line: tuple, frames: int) -> None:
    """The first ``frames`` cards of ``line`` in turn (the pace waits for "Next card"): each one's
    picture says whose turn follows, and the card just played has left every hand."""
    hands = trainer.hands(line)
    board = puzzle.locator(f"{BOARD} .cardlab-svg-board > svg")
    for action, hand in list(zip(line, hands))[:frames]:
        expect(board).to_contain_text(trainer.rules.status(hand.state))
        assert isinstance(action, Play)
        expect(puzzle.locator(f'{BOARD} g.hand [data-card="{action.card}"]')).to_have_count(0)
        puzzle.get_by_role("button", name="Next card ▶").click()


def test_a_wrong_card_is_punished_the_right_one_wins_and_the_trainer_fits_every_screen(page: Page,
                                                                                      open_voila) -> None:
    mirror = PuzzleTrainer("tressette")
    puzzle_shown = mirror.puzzle
    page, puzzle = open_trainer(page, open_voila)
    expect(puzzle.locator(".cardlab-caption")).to_have_text(puzzle_shown.question)
    # the trainer at laptop, projector and phone sizes, then back at the test's size to play
    drawn = puzzle.locator(f"{BOARD} svg").first.get_attribute("width")
    for width, height in [(1366, 768), (1024, 768), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        board = puzzle.locator(f"{BOARD} svg").first
        if width < 600:
            expect(board).to_have_attribute("width", "360")     # the phone's portrait board
        puzzle.scroll_into_view_if_needed()
        shot(page, f"puzzle-{width}")
        box = board.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    page.set_viewport_size(VIEWPORT)
    expect(puzzle.locator(f"{BOARD} svg").first).to_have_attribute("width", drawn or "")   # drawn for it again

    puzzle.locator(".cardlab-pace select").select_option(label="Next card (click)")
    wrong = next(str(action.card) for action in mirror.rules.legal(puzzle_shown.position)
                 if isinstance(action, Play) and action.card != puzzle_shown.answer)

    puzzle.locator(f'{BOARD} g.hand.viewer [data-card="{wrong}"]').click()
    reply = mirror.try_card(wrong)
    message = puzzle.locator(".cardlab-message")
    expect(message).to_contain_text("Not the best")
    expect(message).to_contain_text("second try")
    expect(puzzle.get_by_role("button", name="Next card ▶")).to_be_visible()
    shot(page, "puzzle-punished")
    step_through(puzzle, mirror, reply.punishment, len(reply.punishment))
    # the position is back, the wrong card in the hand again, waiting for the second try
    expect(puzzle.locator(".cardlab-step")).to_have_text(mirror.prompt())
    expect(puzzle.get_by_role("button", name="Next card ▶")).to_be_hidden()
    expect(puzzle.locator(f'{BOARD} g.hand.viewer [data-card="{wrong}"]')).to_be_visible()
    expect(puzzle.locator(".cardlab-puzzle-rating")).to_contain_text(mirror.rating_text())

    answer = str(puzzle_shown.answer)
    puzzle.locator(f'{BOARD} g.hand.viewer [data-card="{answer}"]').click()
    reply = mirror.try_card(answer)
    expect(message).to_contain_text("Right, on the second try.")
    # the line's last card is the picture the board stays on
    step_through(puzzle, mirror, reply.winning, len(reply.winning) - 1)
    expect(puzzle.locator(".cardlab-step")).to_have_text(mirror.prompt())
    expect(puzzle.locator(f"{BOARD} g.hand [data-card]")).to_have_count(0)     # played to the end
    shot(page, "puzzle-solved")

    # the presenter's layout
    page.set_viewport_size({"width": 1024, "height": 768})
    puzzle.get_by_role("button", name="Presenter").click()
    expect(page.locator(".cardlab-puzzle.cardlab-presenter")).to_have_count(1)
    puzzle.scroll_into_view_if_needed()
    shot(page, "puzzle-presenter-1024")
    assert not page.page_errors     # type: ignore[attr-defined]
