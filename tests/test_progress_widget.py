"""The progress panel's kernel side (widgets/progress.py), by its traits: what the browser's store
hands over is merged in (a damaged store: a sentence, nothing changed), the Quiz, the guided first
hand and the puzzle trainer report each first answer with its concepts, the panels show it and
ask the browser to write it, a file loaded is merged (a hostile one refused with a sentence), and a
due concept's Review opens a quiz on that concept."""
from __future__ import annotations

import json

import pytest

from cardlab.actions import Play
from cardlab.games import GAMES
from cardlab.progress import DAY, EMPTY, MAX_BYTES, concepts, parse
from cardlab.tutorial import learner_steps
from cardlab.widgets import ProgressPanel, PuzzleTrainer, Quiz, Tutorial
from cardlab.widgets.progress import STORE_KEY, Keeper

START = 1_800_000_000.0


class Clock:
    """The keeper's time, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def keeper(clock: Clock) -> Keeper:
    return Keeper(clock)


def row(panel: ProgressPanel, game: str) -> dict:
    return next(shown for shown in panel.view.shown if shown["game"] == game)


def found(panel: ProgressPanel, text: str | None, at: int = 1) -> None:
    panel.view.found = {"text": text, "at": at}


def test_a_fresh_panel_shows_every_concept_unseen_and_writes_nothing(keeper: Keeper) -> None:
    panel = ProgressPanel("tressette", keeper=keeper)
    shown = row(panel, "tressette")
    assert (shown["learnt"], shown["seen"], shown["total"], shown["due"]) == (0, 0, len(concepts("tressette")), 0)
    assert shown["title"] == "Tressette" and shown["sentence"] and shown["due_concepts"] == []
    assert panel.view.key == STORE_KEY and panel.view.detail and panel.view.written == 0
    assert parse(panel.view.stored) == EMPTY
    found(panel, None)
    assert panel.view.written == 0 and panel.view.message == ""
    landing = ProgressPanel(reviews=False, keeper=keeper)
    assert not landing.view.detail and [shown["game"] for shown in landing.view.shown] == list(GAMES)


def test_the_browsers_store_is_merged_in_and_a_damaged_one_gives_a_sentence(keeper: Keeper, clock: Clock) -> None:
    kept = EMPTY.record("tressette", "follow-suit", True, START - DAY)
    panel = ProgressPanel("tressette", keeper=keeper)
    found(panel, kept.to_json())
    assert keeper.progress == kept and row(panel, "tressette")["seen"] == 1
    assert panel.view.written == 0, "the store already holds exactly this"
    for damaged in ("{not json", json.dumps({"format": "cardlab.progress/9", "marks": {}}), "[" * 10_000):
        found(panel, damaged, at=2)
        assert "could not be read" in panel.view.message and "Traceback" not in panel.view.message
        assert len(panel.view.message) < 300
        assert keeper.progress == kept and panel.view.written == 0


def test_a_quiz_answer_is_reported_once_right_only_at_the_first_try(keeper: Keeper) -> None:
    panel = ProgressPanel("tressette", keeper=keeper)
    quiz = Quiz("tressette", progress=keeper)
    question = quiz.question
    assert question is not None and question.concepts
    quiz.submit(question.answer)
    marks = keeper.progress.marks
    assert {key for key in marks} == {f"tressette/{key}" for key in question.concepts}
    assert all((mark.right, mark.wrong) == (1, 0) for mark in marks.values())
    assert panel.view.written == 1 and parse(panel.view.stored) == keeper.progress
    assert row(panel, "tressette")["seen"] == len(question.concepts)
    quiz.submit(question.answer)                      # answered already: nothing more counted
    assert keeper.progress.marks == marks and panel.view.written == 1

    quiz.next_question()
    second = quiz.question
    assert second is not None
    wrong_twice = [given for given in _wrong_answers(quiz)][:2]
    for given in wrong_twice:
        quiz.submit(given)
    assert quiz.answered
    for key in second.concepts:
        assert keeper.progress.marks[f"tressette/{key}"].wrong == 1


def _wrong_answers(quiz: Quiz) -> list:
    question = quiz.question
    assert question is not None and quiz.rules is not None
    if question.kind == "trick-winner":
        return [seat for seat in [*quiz.rules.seats, None] if seat != question.answer]
    if question.kind in ("legal", "stronger"):
        held = [choice.key for choice in quiz.run.choices() if choice.role == "card"]
        return [[code] for code in held if [code] != list(question.answer)][:1] + [[]]
    if question.kind == "points":
        return [{**question.answer, side: 999} for side in question.answer]
    return [not question.answer, not question.answer]


def test_the_guided_hand_reports_each_steps_first_move(keeper: Keeper) -> None:
    view = Tutorial("sixty_six", progress=keeper)
    view.start()
    guide = view.guide
    assert guide is not None
    refused_once = False
    while not guide.done:
        step, before = guide.step, keeper.progress
        assert step is not None
        state, rules = guide.session.state, guide.session.rules
        wrong = next((card for card in state.hand("S") if Play("S", card) not in rules.legal(state)), None)
        refused = bool(step.concepts) and not refused_once and wrong is not None
        if refused:
            view.board.clicked = f"{wrong}#1"              # the step's first move: refused
            refused_once = True
        expected = guide.line[learner_steps(guide.tutorial, guide.line)[guide.number]]
        view.move(str(expected.card) if isinstance(expected, Play) else expected)   # then the right one
        for key in step.concepts:
            old = before.marks.get(f"sixty_six/{key}")
            new = keeper.progress.marks[f"sixty_six/{key}"]
            right, wrong_count = (old.right, old.wrong) if old else (0, 0)
            assert (new.right, new.wrong) == ((right, wrong_count + 1) if refused else (right + 1, wrong_count))
    assert refused_once, "a step with concepts and an illegal card was refused once"
    assert keeper.progress.marks and {key.partition("/")[0] for key in keeper.progress.marks} == {"sixty_six"}


def test_a_puzzles_first_card_is_reported_with_its_themes_concepts(keeper: Keeper) -> None:
    view = PuzzleTrainer("tressette", progress=keeper)
    puzzle = view.trainer.puzzle
    assert puzzle.concepts
    view.try_card(str(puzzle.answer))
    assert {key for key in keeper.progress.marks} == {f"tressette/{key}" for key in puzzle.concepts}
    assert all(mark.right == 1 for mark in keeper.progress.marks.values())
    view.try_card(str(puzzle.answer))                 # the puzzle is over: nothing more counted
    assert all(mark.right == 1 for mark in keeper.progress.marks.values())


def test_a_file_is_merged_and_a_hostile_one_refused_with_a_sentence(keeper: Keeper) -> None:
    panel = ProgressPanel("tressette", keeper=keeper)
    saved = EMPTY.record("tressette", "points", False, START)
    panel.view.upload = {"name": "cardlab-progress.json", "size": len(saved.to_json()), "text": saved.to_json(),
                         "at": 1}
    assert keeper.progress == saved and panel.view.written == 1
    assert panel.view.message.startswith("Loaded cardlab-progress.json")
    hostile = [
        {"name": "big.json", "size": MAX_BYTES + 1, "text": None},          # refused in the browser
        {"name": "big.json", "size": MAX_BYTES * 4, "text": "x" * (MAX_BYTES * 4)},
        {"name": "<b>x</b>.json", "size": 9, "text": "{\"a\": 1}"},
        {"name": "deep.json", "size": 20_000, "text": "[" * 20_000},
        {"name": "nan.json", "size": 60, "text": json.dumps({"format": "cardlab.progress/1", "marks": {
            "tressette/points": {"box": 1, "right": 0, "wrong": 1, "seen": float("nan"), "due": 0}}})},
        {"name": "x" * 500, "size": 2, "text": "{}"},
    ]
    for at, file in enumerate(hostile, 2):
        panel.view.upload = {**file, "at": at}
        message = panel.view.message
        assert "not loaded" in message and "Traceback" not in message and len(message) < 400, message
        assert keeper.progress == saved and panel.view.written == 1
    panel.view.upload = {"name": 5, "size": "x", "text": [], "at": 99}    # not what the script sends
    assert keeper.progress == saved


def test_two_panels_on_one_page_follow_one_keeper(keeper: Keeper) -> None:
    lesson, landing = ProgressPanel("tressette", keeper=keeper), ProgressPanel(reviews=False, keeper=keeper)
    keeper.record("tressette", ["follow-suit"], True)
    assert row(lesson, "tressette")["seen"] == row(landing, "tressette")["seen"] == 1
    assert lesson.view.written == landing.view.written == 1


def test_a_due_concept_has_a_review_that_asks_about_it(keeper: Keeper, clock: Clock) -> None:
    panel = ProgressPanel("tressette", keeper=keeper)
    keeper.record("tressette", ["follow-suit"], False)
    assert row(panel, "tressette")["due_concepts"] == []          # box 1 comes back later, not at once
    clock.now += DAY
    found(panel, None)                                              # the page opened a day later
    due = row(panel, "tressette")["due_concepts"]
    assert [concept["key"] for concept in due] == ["follow-suit"]
    panel.view.review = {"game": "tressette", "concept": "follow-suit", "at": 1}
    heading, reviewer, close = panel.review
    assert isinstance(reviewer, Quiz) and "follow-suit" in (reviewer.question.concepts if reviewer.question else ())
    assert "Review: Follow suit" in heading.value
    panel.view.review = {"game": "tressette", "concept": "<script>", "at": 2}   # not a concept: nothing
    assert panel.review[1] is reviewer
    close.click()
    assert panel.review == () and list(panel.children) == [panel.view]
