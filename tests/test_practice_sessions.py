"""The practice sessions the widgets show, driven without ipywidgets (issue 21, item 2): the quiz
run's score, streak, level, second try, controls, picture and piles; the signals run; the desk of
deals to order; the count of a finished hand; the side-by-side comparison; a scenario's opening
picture.  Every decision and sentence is here, so the widgets only map these values."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from cardlab import GAMES, get_rules
from cardlab.cards import Card
from cardlab.practice import CountRun, OrderDesk, QuizRun, SignalRun, compare, side_by_side
from cardlab.practice.common import play
from cardlab.practice.opening import opening, rule_options, theme
from cardlab.practice.quiz_run import AGAIN, LEVEL_2_AT, LEVEL_3_AT, ONCE_MORE, level_for, piles
from cardlab.practice.side_by_side import menu
from cardlab.practice.words import suitless
from cardlab.scenario import builtin, run


def test_the_sessions_need_no_widget_library() -> None:
    code = ("import sys, cardlab.practice, cardlab.practice.opening; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'traitlets')))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


# ----- the quiz run ---------------------------------------------------------------------------------
def wrong(quiz: QuizRun):
    """A wrong answer to the question, given as one of its own buttons would give it, else by value."""
    question = quiz.question
    buttons = [choice.given for choice in quiz.choices() if choice.control == "button"]
    misses = [given for given in buttons if not question.check(given).right]
    if misses:
        return misses[0]
    if question.kind == "legal":
        return question.answer[1:] if len(question.answer) > 1 else []
    return {side: 999 for side in question.answer}


def right_with_the_choices(quiz: QuizRun):
    """The rules' answer, built from the controls the run offers."""
    question, choices = quiz.question, quiz.choices()
    if question.kind == "legal":
        for choice in choices:
            quiz.select(choice.key, choice.key in question.answer)
        return sorted(quiz.picked)
    if question.kind == "points":
        return {choice.key: str(question.answer[choice.key]) for choice in choices}
    return next(choice.given for choice in choices if question.check(choice.given).right)


def test_a_right_first_answer_closes_the_question_and_carries_the_streak() -> None:
    quiz = QuizRun("quadrille", kinds=["call"], seed=4)
    said = quiz.submit(quiz.question.answer)
    assert said is not None and said.mark == "right" and said.closed and said.sentence.startswith("Right. ")
    assert (quiz.asked, quiz.right, quiz.streak, quiz.answered) == (1, 1, 1, True)
    assert quiz.score == "1 of 1 right · streak 1"
    assert quiz.submit(not quiz.question.answer) is None and quiz.asked == 1     # answered: nothing changes
    first = quiz.number
    quiz.next()
    assert quiz.number > first and not quiz.answered and quiz.said is None and quiz.shown == 2


def test_a_wrong_first_answer_leaves_a_second_try_that_tells_nothing() -> None:
    quiz = QuizRun("tressette", kinds=["trick-winner"], seed=2)
    loser, other = [seat for seat in [*quiz.rules.seats, None] if seat != quiz.question.answer][:2]
    said = quiz.submit(loser)
    assert (said.mark, said.sentence, said.closed) == ("wrong", ONCE_MORE, False)
    assert quiz.question.explanation not in said.sentence and (quiz.asked, quiz.missed) == (0, 1)
    assert quiz.tried_already(loser) and not quiz.tried_already(other)
    assert quiz.submit(loser).sentence == AGAIN and quiz.missed == 1
    said = quiz.submit(other)
    assert said.closed and said.sentence.startswith("Not quite: the answer is")
    assert quiz.question.explanation in said.sentence and (quiz.asked, quiz.right, quiz.streak) == (1, 0, 0)


def test_a_right_second_try_is_said_but_not_counted() -> None:
    quiz = QuizRun("vache", kinds=["stronger"], seed=5)
    quiz.submit(wrong(quiz))
    said = quiz.submit(quiz.question.answer)
    assert said.mark == "right" and said.sentence == f"Right, at the second try. {quiz.question.explanation}"
    assert (quiz.asked, quiz.right, quiz.streak) == (1, 0, 0)


def test_the_level_follows_the_streak_and_a_miss_brings_it_back() -> None:
    assert [level_for(streak) for streak in range(8)] == [1, 1, 1, 2, 2, 2, 3, 3]
    quiz = QuizRun("sixty_six", kinds=["trick-winner"], seed=9)
    levels = []
    for _ in range(LEVEL_3_AT):
        levels.append(quiz.question.level)
        quiz.submit(quiz.question.answer)
        quiz.next()
    assert levels == [1] * LEVEL_2_AT + [2] * (LEVEL_3_AT - LEVEL_2_AT)
    assert quiz.level == quiz.question.level == 3 and quiz.heading.endswith("· level 3")
    quiz.submit(wrong(quiz))
    quiz.submit(quiz.question.answer)
    quiz.next()
    assert quiz.streak == 0 and quiz.question.level == 1


@pytest.mark.parametrize("arguments,sentence", [
    ((("chess",), {}), "'chess' is not a game here"),
    ((([],), {}), "The quiz needs at least one game."),
    ((("tressette",), {"kinds": ["guess"]}), "'guess' is not a kind of quiz"),
    ((("tressette",), {"seed": True}), "The seed is a whole number"),
    ((("tressette",), {"options": ["declarations"]}), "The options are a dict"),
    ((("vache",), {"kinds": ["call"]}), "La Vache has no calls to ask about"),
])
def test_arguments_the_quiz_cannot_use_are_one_sentence(arguments, sentence) -> None:
    args, kwargs = arguments
    quiz = QuizRun(*args, **kwargs)
    assert quiz.question is None and quiz.said.mark == "refused" and sentence in quiz.said.sentence
    assert quiz.choices() == () and quiz.scene() is None and quiz.heading == ""
    assert quiz.submit("N") is None and quiz.click("@N") is None and quiz.asked == 0


def test_a_points_answer_with_an_empty_box_is_refused_and_counts_nothing() -> None:
    quiz = QuizRun("tressette", kinds=["points"], seed=3)
    sides = [choice.key for choice in quiz.choices()]
    assert [choice.control for choice in quiz.choices()] == ["box"] * len(sides) == ["box"] * len(quiz.question.answer)
    said = quiz.submit({side: " " if n else "4" for n, side in enumerate(sides)})
    assert said.mark == "refused" and said.sentence == f"Write a number for {', '.join(sides[1:])} first."
    assert (quiz.asked, quiz.missed, quiz.tried, quiz.answered) == (0, 0, [], False)
    assert quiz.submit({side: f" {value} " for side, value in quiz.question.answer.items()}).mark == "right"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_answer_can_be_given_with_the_controls_the_run_offers(game) -> None:
    quiz = QuizRun(game, seed=20)
    for _ in range(12):
        question, choices = quiz.question, quiz.choices()
        if question.kind == "trick-winner":
            assert [choice.given for choice in choices] == [*quiz.rules.seats, None]
        elif question.kind == "stronger":
            assert [choice.label for choice in choices][-1:] == (["They tie"] if suitless(quiz.rules) else
                                                                 [choices[-1].label])
            assert len(choices) == 2 + suitless(quiz.rules)
        elif question.kind == "legal":
            held = quiz.state.cards_in_sight(question.seat)
            assert sorted(choice.key for choice in choices) == sorted(map(str, held))
        elif question.kind == "call":
            assert [(choice.label, choice.given) for choice in choices] == [("Yes", True), ("No", False)]
        said = quiz.submit(right_with_the_choices(quiz))
        assert said.mark == "right" and said.closed, (question, said)
        quiz.next()
    assert quiz.right == quiz.streak == 12


def test_clicks_on_the_picture_answer_or_pick_and_the_picture_hides_the_answer() -> None:
    quiz = QuizRun("quatre_sept", kinds=["legal"], seed=7)
    scene = quiz.scene()
    assert scene.legal == frozenset() and scene.hint == "" and scene.selected == frozenset()
    code = quiz.question.answer[0]
    assert quiz.click(code) is None and quiz.picked == {code} and quiz.scene().selected == {code}
    quiz.click(code)
    assert quiz.picked == frozenset()
    winner = QuizRun("aluette", kinds=["trick-winner"], seed=1)
    scene = winner.scene()
    assert scene.to_act is None and scene.trick == winner.state.tricks[-1].plays
    seat = winner.question.answer or winner.rules.seats[0]
    card = winner.state.tricks[-1].card_of(seat)
    said = winner.click(str(card))                     # a card a seat played names that seat
    assert winner.missed + winner.asked == 1 and said.mark == ("right" if winner.question.answer else "wrong")
    assert winner.click("no-such-card") is None


def test_the_piles_hold_every_card_taken_once_partners_together() -> None:
    quiz = QuizRun("tressette", kinds=["points"], seed=3)
    assert quiz.scene() is None
    found, last = quiz.piles()
    taken = [card for trick in quiz.state.tricks for card in trick.cards()]
    assert sorted(str(card) for pile in found for card in pile.cards) == sorted(map(str, taken))
    sides = [pile.words.split()[1] for pile in found if pile.words[0] in "NESW"]
    assert set(sides) <= {"(NS)", "(EW)"} and sides == sorted(sides, key=sides.index)     # partners together
    winner = quiz.state.tricks[-1].winner
    assert last == f"The last trick went to {quiz.rules.seat_name(winner)}."
    rules = get_rules("vache")                              # each player for himself: no side named
    state = play(rules, "vache", {}, "N", 3).states[-1]
    assert all("(" not in pile.words for pile in piles(rules, state)[0])


def test_the_same_seed_gives_the_same_series() -> None:
    def series(quiz: QuizRun) -> list[str]:
        seen = []
        for _ in range(6):
            seen.append(quiz.question.question)
            quiz.submit(None)
            quiz.next()
        return seen

    games = ["tressette", "quatre_sept", "aluette"]
    assert series(QuizRun(games, seed=11)) == series(QuizRun(games, seed=11)) != series(QuizRun(games, seed=12))


def test_an_edited_question_is_the_one_checked() -> None:
    quiz = QuizRun("aluette", kinds=["call"], seed=1)
    quiz.question = replace(quiz.question, explanation="Because.")
    quiz.submit(not quiz.question.answer)
    assert quiz.submit(quiz.question.answer).sentence == "Right, at the second try. Because."


# ----- the signals run --------------------------------------------------------------------------------
def test_a_signal_drill_scores_the_first_answer_and_refuses_the_same_miss() -> None:
    drills = SignalRun("aluette", seed=3)
    drill = drills.drill
    right = next(value for _, value in drill.choices if set(value.split(",")) <= set(drill.answer))
    miss = next(value for _, value in drill.choices if value != right)
    assert drills.score == "" and drills.refusal == ""
    said = drills.answer([miss])
    assert (said.mark, said.sentence) == ("wrong", ONCE_MORE) and drills.tried_already(miss)
    assert drills.score == "0 right of 1"
    said = drills.answer([right])
    assert said.mark == "right" and said.closed and drills.score == "0 right of 1"
    drills.ask(seed=4)
    assert drills.seed == 4 and drills.said is None and not drills.tried_already(miss)


def test_a_hand_drill_shows_the_hand_and_a_game_without_signals_says_so() -> None:
    drills = SignalRun("aluette")
    drills.ask("Gestures for a hand")
    words, family, cards = drills.hand()
    assert words == f"{drills.drill.seat}'s hand:" and family == "spanish" and len(cards) == 9
    assert drills.answer(list(drills.drill.answer)).mark == "right"
    assert drills.ask("No such drill") is not None and drills.name == "Gestures for a hand"
    none = SignalRun("sixty_six")
    assert none.drill is None and none.answer(["x"]) is None
    assert none.refusal.startswith("'sixty_six' has no signals in cardlab's rules")


# ----- deals to order ---------------------------------------------------------------------------------
def test_the_desk_finds_the_feature_asked_for_and_names_the_file() -> None:
    desk = OrderDesk("quatre_sept")
    assert desk.seated("politaine") and desk.said is None and desk.scene() is None
    said = desk.deal("politaine", "E", 0)
    hand = desk.state.hand("E")
    assert said.mark == "told" and said.sentence.startswith("E was dealt the 10, 9 and ace of")
    assert any({Card(rank, suit) for rank in ("10", "9", "A")} <= set(hand) for suit in "SHDC")
    seed = desk.scenario["seed"]
    assert desk.details.startswith(f"Seed {seed}, dealt by ") and desk.details.endswith("every hand open.")
    assert desk.file_name == f"quatre_sept-politaine-{seed}.json"
    assert desk.scene() == desk.rules.scene(desk.state, "S", open_hands=True)
    assert not OrderDesk("aluette").seated("spoiled trick in the first three")


def test_the_desk_refuses_in_a_sentence_and_forgets_the_last_deal() -> None:
    desk = OrderDesk("quatre_sept")
    desk.deal("politaine", None, 0)
    said = desk.deal("no such feature", None, 0)
    assert said.mark == "refused" and desk.scenario is None and desk.details == "" and desk.scene() is None
    none = OrderDesk("chess")
    assert none.said.mark == "refused" and none.said.sentence.startswith("There are no deals to order for 'chess'")
    assert none.seats == () and not none.seated(None)


# ----- the count of a finished hand ---------------------------------------------------------------------
def finished(game: str, seed: int = 3):
    rules = get_rules(game)
    state = play(rules, game, {}, rules.seats[0], seed).states[-1]
    assert state.over
    return rules, state


def test_a_wrong_count_names_the_fault_but_never_the_total() -> None:
    rules, state = finished("tressette")
    count = CountRun(rules, state, "S")
    assert count.side == "NS" and count.lead.startswith("Count your side's points")
    offered = [card for row in count.rows for _, card in row.cards]
    counting = [card for card in offered if rules.card_points(card)]
    result = count.check(counting[1:], "1")
    assert not result.right and count.said.mark == "wrong"
    assert "you left out 1 card that counts" in count.said.sentence      # the first miss: how far off
    assert rules.pack.name(counting[0]) not in count.said.sentence
    count.check(counting[1:], "1")                                        # the second: the card
    assert f"you missed {rules.pack.name(counting[0])}" in count.said.sentence
    assert "NS count" not in count.said.sentence and count.said.sentence.endswith("Skip to see the breakdown.")
    total = count.check(counting, None).total
    wrong_total = count.check(counting, str(total + 1))
    assert not wrong_total.right and "the cards are right but the total is not" in count.said.sentence
    assert count.check(counting, str(total)).right and count.said.mark == "right" and count.said.closed


def test_tricks_are_counted_per_player_and_a_bad_total_is_a_sentence() -> None:
    rules, state = finished("aluette")
    count = CountRun(rules, state, "S")
    assert count.side == "S" and len(count.rows) == len(state.tricks) and "scored by tricks" in count.heading
    assert all(row.cards[0][0].startswith("S: ") and row.after.startswith("(") for row in count.rows)
    assert count.check([], "a lot") is None and "is not a count" in count.said.sentence
    unfinished = CountRun(rules, play(rules, "aluette", {}, "N", 3, until=4).states[-1], "S")
    assert unfinished.rows == () and unfinished.said.sentence.startswith("The hand is not over yet")
    assert unfinished.check([], None) is None


def test_a_table_gives_its_own_check_of_the_count() -> None:
    rules, state = finished("sixty_six")
    asked = []
    count = CountRun(rules, state, "S", lambda cards, total: asked.append((cards, total)))
    assert count.check([], "3") is None and asked == [([], "3")] and count.said is None


# ----- the side-by-side comparison ------------------------------------------------------------------------
def test_side_by_side_marks_the_engines_differences_and_says_where_they_parted() -> None:
    first, second = ("quatre_sept", {}), ("quatre_sept", {"low_lead_rule": True})
    laid = side_by_side(first, second, 4)
    expected = compare(4, get_rules("quatre_sept"), get_rules("quatre_sept", low_lead_rule=True))
    assert laid.comparison == expected and laid.said.mark == "told"
    assert laid.said.sentence.startswith(f"First difference: trick {expected.first.trick}, {expected.first.seat}")
    assert expected.first.refusals[1] in laid.said.sentence
    assert laid.sides[1].title == "Le Quatre Sept (Low lead after a trick worth less than a point: on)"
    for number, side in enumerate(laid.sides):
        diffs = [card for line in side.tricks for card in line.cards if card.diff]
        assert len(diffs) == sum(d.cards[number] is not None for d in expected.differences)
        assert [card.seat for line in side.tricks for card in line.cards if card.first] == [expected.first.seat]
        assert side.score == expected.summaries[number]


def test_side_by_side_refuses_a_pair_without_one_pack_and_names_a_new_pair() -> None:
    laid = side_by_side(("tressette", {}), ("sixty_six", {}), 1)
    assert laid.comparison is None and laid.sides == () and laid.said.mark == "refused"
    assert "are not played with one pack" in laid.said.sentence
    assert side_by_side(("chess", {}), ("tressette", {}), 1).said.mark == "refused"
    same = side_by_side(("tressette", {}), ("tressette", {}), 9)
    assert same.said.sentence == "Every card was played the same under both rule sets."
    offered = {"Aluette ↔ La Vache": (("aluette", {}), ("vache", {}))}
    pairs, label = menu(offered, ("tressette", {}), ("tressette", {"declarations": True}))
    assert label == "tressette ↔ tressette"
    assert pairs[label] == (("tressette", {}), ("tressette", {"declarations": True}))
    assert menu(offered, ("aluette", {}), ("vache", {})) == (offered, "Aluette ↔ La Vache")


# ----- a scenario's opening picture -----------------------------------------------------------------------
def test_the_opening_is_the_tables_first_step_with_its_words() -> None:
    scenario = builtin("tressette-thirds")
    shown = opening("tressette", "tressette-thirds")
    assert shown.scene == scenario.rules().scene(run(scenario).hand.states[1], "S", open_hands=False)
    assert shown.title == scenario.title and shown.caption == (scenario.description, scenario.notes[0])
    assert shown.alt and shown.message == ""
    assert opening("tressette", "tressette-thirds", open_hands=True).scene != shown.scene
    wrong_game = opening("tressette", "quadrille-vole")
    assert wrong_game.scene is None
    assert wrong_game.message == "The scenario is for another game (quadrille), not Tressette."
    assert rule_options({"seed": 3, "presenter": True, "declarations": True}) == {"declarations": True}
    assert [theme(True, True), theme(False, True), theme(False, False)] == ["narrow", "presenter", "normal"]
