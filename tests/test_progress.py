"""Progress per concept: the Leitner boxes and their schedule, what is due, the counts per game, the
file format and hostile files refused with one short sentence, merging a file from another device,
and the review of due concepts through the real quiz and puzzle trainer."""
from __future__ import annotations

import json

import pytest

from cardlab.games import GAMES
from cardlab.practice.quiz_run import QuizRun
from cardlab.progress import (DAY, EMPTY, INTERVALS, MAX_BYTES, Mark, ProgressError, concepts, parse,
                              review_items)
from cardlab.puzzles.trainer import PuzzleTrainer, TrainerError

NOW = 1_800_000_000.0


def one_sentence(error: ProgressError) -> str:
    text = str(error)
    assert text.endswith(".") and "\n" not in text and len(text) <= 160, text
    assert "Traceback" not in text
    return text


def test_concepts_are_the_games_declaration_in_order() -> None:
    keys = [concept.key for concept in concepts("tressette")]
    assert keys[:6] == ["card-order", "follow-suit", "trick-winner", "points", "last-trick", "thirds"]
    assert "keep-the-master" in keys and all(concept.game == "tressette" for concept in concepts("tressette"))
    with pytest.raises(ProgressError, match="'chess' is not a game here"):
        concepts("chess")


def test_a_right_answer_moves_up_a_box_and_a_wrong_one_back_to_the_first() -> None:
    first = EMPTY.record("tressette", "follow-suit", True, NOW)
    assert first.mark("tressette", "follow-suit") == Mark(2, 1, 0, NOW, NOW + INTERVALS[2])
    later = NOW + INTERVALS[2]
    second = first.record("tressette", "follow-suit", True, later)
    assert second.mark("tressette", "follow-suit") == Mark(3, 2, 0, later, later + INTERVALS[3])
    missed = second.record("tressette", "follow-suit", False, later + 60)
    assert missed.mark("tressette", "follow-suit") == Mark(1, 2, 1, later + 60, later + 60 + INTERVALS[1])
    assert first.marks != EMPTY.marks and EMPTY.marks == {}  # values, never changed in place


def test_a_right_answer_before_the_concept_is_due_counts_but_does_not_promote() -> None:
    progress = EMPTY.record("tressette", "points", True, NOW)
    again = progress.record("tressette", "points", True, NOW + 600)
    assert again.mark("tressette", "points") == Mark(2, 2, 0, NOW + 600, NOW + INTERVALS[2])


def test_the_top_box_is_five() -> None:
    progress, now = EMPTY, NOW
    for _ in range(8):
        progress = progress.record("quadrille", "auction", True, now)
        now += 60 * DAY
    mark = progress.mark("quadrille", "auction")
    assert mark is not None and mark.box == 5 and mark.due == mark.seen + INTERVALS[5]


def test_due_concepts_come_most_overdue_first_and_the_summary_counts_them() -> None:
    progress = (EMPTY.record("tressette", "thirds", False, NOW)
                .record("tressette", "points", False, NOW + 100)
                .record("tressette", "follow-suit", True, NOW + 200)
                .record("sixty_six", "points", False, NOW))
    assert progress.due("tressette", NOW) == ()
    soon = NOW + INTERVALS[1] + 150
    assert [concept.key for concept in progress.due("tressette", soon)] == ["thirds", "points"]
    summary = progress.summary("tressette", soon)
    assert (summary.learnt, summary.seen, summary.total) == (0, 3, len(concepts("tressette")))
    assert summary.sentence() == f"0 of {summary.total} concepts learnt, 3 seen; 2 due for review."
    assert EMPTY.summary("vache", NOW).sentence() == f"None of the {len(concepts('vache'))} concepts tried yet."


def test_learnt_is_box_three_or_more() -> None:
    progress = EMPTY.record("aluette", "singing", True, NOW).record("aluette", "singing", True, NOW + DAY)
    assert progress.summary("aluette", NOW + DAY).learnt == 1


def test_the_json_round_trips_and_names_its_format() -> None:
    progress = EMPTY.record("tressette", "thirds", False, NOW).record("quadrille", "king-call", True, NOW)
    data = json.loads(progress.to_json())
    assert data["format"] == "cardlab.progress/1"
    assert data["marks"]["quadrille/king-call"] == {"box": 2, "right": 1, "wrong": 0, "seen": NOW,
                                                    "due": NOW + INTERVALS[2]}
    assert parse(progress.to_json()) == progress
    assert parse(EMPTY.to_json()) == EMPTY


def test_merging_keeps_the_later_seen_mark_of_each_concept() -> None:
    here = EMPTY.record("tressette", "thirds", False, NOW).record("tressette", "points", True, NOW + 50)
    there = EMPTY.record("tressette", "thirds", True, NOW + 10).record("tressette", "points", False, NOW)
    there = there.record("vache", "most-tricks", True, NOW)
    merged = here.merged(parse(there.to_json()))
    assert merged.mark("tressette", "thirds") == there.mark("tressette", "thirds")
    assert merged.mark("tressette", "points") == here.mark("tressette", "points")
    assert merged.mark("vache", "most-tricks") == there.mark("vache", "most-tricks")
    assert here.merged(here) == here


def good_file() -> dict:
    return json.loads(EMPTY.record("tressette", "thirds", True, NOW).to_json())


def changed(change) -> str:
    data = good_file()
    change(data)
    return json.dumps(data)


def raw(field: str, text: str) -> str:
    """The good file with the value of ``field`` written as ``text``, which JSON may not allow."""
    data = good_file()
    value = data["marks"]["tressette/thirds"][field]
    written = json.dumps(data)
    assert written.count(f"\"{field}\": {json.dumps(value)}") == 1
    return written.replace(f"\"{field}\": {json.dumps(value)}", f"\"{field}\": {text}")


@pytest.mark.parametrize("text, words", [
    ("x" * (MAX_BYTES + 1), "at most 256 KB"),
    ("[" * 100_000 + "]" * 100_000, "nests deeper"),
    ("{\"format\": ", "not JSON"),
    ("[]", "not a cardlab progress file"),
    (changed(lambda d: d.update(format="cardlab.progress/9")), "not a cardlab progress file"),
    (changed(lambda d: d.update(extra=1)), "\"format\" and \"marks\" only"),
    (changed(lambda d: d["marks"].update({"chess/" + "e4" * 200: d["marks"]["tressette/thirds"]})), "names no game"),
    (changed(lambda d: d["marks"].update({"tressette/flying": d["marks"]["tressette/thirds"]})),
     "'flying' is not a concept of Tressette"),
    (changed(lambda d: d["marks"]["tressette/thirds"].update(box=6)), "the box is 1 to 5"),
    (changed(lambda d: d["marks"]["tressette/thirds"].update(box=True)), "the box is 1 to 5"),
    (changed(lambda d: d["marks"]["tressette/thirds"].update(right=-1)), "whole number from 0"),
    (changed(lambda d: d["marks"]["tressette/thirds"].update(wrong="3")), "whole number from 0"),
    (changed(lambda d: d["marks"]["tressette/thirds"].pop("due")), "must hold box, right, wrong, seen and due"),
    (changed(lambda d: d["marks"].update({"tressette/thirds": [1, 2]})), "must hold box"),
    (raw("due", "1e999"), "times in seconds"),
    (raw("due", "NaN"), "holds no NaN"),
    (raw("seen", "-Infinity"), "holds no -Infinity"),
    (raw("right", "9" * 5000), "not JSON"),
])
def test_a_hostile_file_is_refused_with_one_short_sentence(text: str, words: str) -> None:
    with pytest.raises(ProgressError) as refused:
        parse(text)
    assert words in one_sentence(refused.value)


def test_a_bad_record_is_refused_and_changes_nothing() -> None:
    progress = EMPTY.record("tressette", "thirds", True, NOW)
    for game, concept, now in (("chess", "mate", NOW), ("tressette", "flying", NOW),
                               ("tressette", "thirds", float("nan")), ("tressette", "thirds", -1.0)):
        with pytest.raises(ProgressError) as refused:
            progress.record(game, concept, True, now)
        one_sentence(refused.value)
    assert parse(progress.to_json()) == progress


@pytest.mark.parametrize("game", GAMES)
def test_every_concept_can_be_reviewed_by_a_quiz_kind_or_a_puzzle_theme(game: str) -> None:
    for concept in concepts(game):
        items = review_items(game, [concept])
        assert items.concepts == (concept.key,) and (items.quiz_kinds or items.themes), concept


def test_a_review_asks_only_questions_and_puzzles_of_the_due_concepts() -> None:
    progress = EMPTY.record("sixty_six", "must-trump", False, NOW).record("sixty_six", "keep-the-master", False, NOW)
    due = progress.due("sixty_six", NOW + INTERVALS[1])
    items = review_items("sixty_six", due)
    assert items.quiz_kinds == ("legal",) and items.themes == ("keep the master",)
    quiz = QuizRun("sixty_six", kinds=items.quiz_kinds, concepts=items.concepts)
    for _ in range(3):
        assert quiz.question is not None and "must-trump" in quiz.question.concepts
        quiz.next()
    trainer = PuzzleTrainer("sixty_six", concepts=items.concepts)
    for _ in range(5):
        assert trainer.puzzle.theme == "keep the master" and "keep-the-master" in trainer.puzzle.concepts
        trainer.next_puzzle()


def test_a_review_of_nothing_it_can_ask_says_so_in_a_sentence() -> None:
    assert QuizRun("tressette", concepts=["flying"]).said.sentence == "'flying' is not a concept of Tressette."
    with pytest.raises(TrainerError, match="No puzzle of Tressette exercises these concepts"):
        PuzzleTrainer("tressette", concepts=["thirds"])
    with pytest.raises(ProgressError, match="'flying' is not a concept"):
        review_items("tressette", ["flying"])
