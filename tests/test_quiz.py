"""Quizzes made by the engine: for every game and kind, generated quizzes whose scenarios replay
and whose answers this test recomputes from the replayed position by another road than the
generator's (``why_illegal`` for every held card, a two-card trick for strength, card values
counted here for points); the feedback sentences; the same seed giving the same quiz.

How many quizzes per game and kind (a third at each level): :func:`tests.soak.seeds` gives every run
the first 150 seeds of each case plus the later ones (RARE) that reach a line of ``cardlab/`` the first
150 miss, found with coverage's per-seed contexts over seeds 0-999: every run reaches the same lines as
the thousand the issue names, which ``bash scripts/soak.sh`` (``CARDLAB_SOAK=1``) generates.
"""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from math import floor

import pytest

from cardlab import GAMES, Card, Play, Trick, get_rules, parse_action
from cardlab.practice import KINDS, PracticeError, make_quiz
from cardlab.games.aluette.rules import GESTURES
from cardlab.practice.cli import quiz_main
from cardlab.practice.quiz import CHOICE_KINDS
from cardlab.practice.signals import gesture_drill, hand_drill
from cardlab.scenario import parse, report, run
from tests.soak import seeds

EVERY_RUN, SOAKED = 150, 1000
RARE = {("quadrille", "legal"): (227,), ("quadrille", "call"): (282, 309), ("quadrille", "points"): (721,),
        ("quatre_sept", "call"): (337, 524), ("quatre_sept", "points"): (883,)}
"""Seeds past the first 150 whose quiz reaches a line of the rules or the quiz maker that no earlier seed
of its case reaches."""
NO_CALLS = ("sixty_six", "vache")
PLAY_KINDS = tuple(kind for kind in KINDS if kind not in CHOICE_KINDS)
"""The kinds on the play checked here; the kinds on the rules around it: tests/test_quiz_rules.py."""
CASES = [(game, kind) for kind in PLAY_KINDS for game in GAMES if not (kind == "call" and game in NO_CALLS)]
CALLS_ON = {"tressette": {"declarations": True, "declare": "by hand", "signals": True},
            "quatre_sept": {"signals": True}, "aluette": {"signals": "open", "surrender": True}}
"""The options call quizzes are made with here, so that every kind of call is asked about
(Tressette's defaults make no call at all)."""


def options_for(game: str, kind: str) -> dict | None:
    return CALLS_ON.get(game) if kind == "call" else None


def replayed(quiz):
    outcome = run(parse(quiz.scenario))
    assert outcome.error is None, outcome.error
    return outcome


def expected_winner(rules, state, trick: Trick) -> str | None:
    """The trick's winner worked out here: games ranking across suits by class alone (a tie wins
    nothing), the others by the highest trump, else the highest card of the suit led."""
    if rules.class_name(trick.plays[0][1]) is not None:
        best = max(rules.strength(state, card) for card in trick.cards())
        top = [seat for seat, card in trick.plays if rules.strength(state, card) == best]
        return top[0] if len(top) == 1 else None
    trump = rules.trump(state)
    trumps = [(seat, card) for seat, card in trick.plays if trump is not None and rules.suit_of(state, card) == trump]
    led = rules.suit_of(state, trick.plays[0][1])
    pool = trumps or [(seat, card) for seat, card in trick.plays if rules.suit_of(state, card) == led]
    return max(pool, key=lambda play: rules.strength(state, play[1]))[0]


def check_trick_winner(quiz, outcome) -> None:
    states = outcome.hand.states
    assert len(states[-1].tricks) == len(states[-2].tricks) + 1, "the last action completes a trick"
    rules, state = outcome.hand.rules, states[-1]
    trick = state.tricks[-1]
    assert quiz.answer == expected_winner(rules, state, trick) == trick.winner
    assert report(outcome)["tricks"][-1]["winner"] == quiz.answer
    if quiz.answer is None:
        assert quiz.explanation.startswith("Nobody")
    else:
        assert quiz.explanation.startswith(f"{quiz.answer} wins with")


def check_legal(quiz, outcome) -> None:
    rules, state = outcome.hand.rules, outcome.hand.state
    seat = quiz.seat
    assert state.phase == "play" and state.to_act == seat
    reasons = {card: rules.why_illegal(state, Play(seat, card)) for card in state.hand(seat)}
    assert set(quiz.answer) == {str(card) for card, why in reasons.items() if why is None}
    assert len(quiz.answer) == len(set(quiz.answer))
    refused = [why for why in reasons.values() if why is not None]
    assert not refused or any(why in quiz.explanation for why in refused)


def counted(rules, state, side: str) -> Fraction:
    """Card points of the side's tricks and the last trick, counted here from the card values."""
    points = sum((rules.card_points(card) for trick in state.tricks
                  if rules.side_of(state, trick.winner) == side for card in trick.cards()), Fraction(0))
    return points + (rules.last_trick_bonus if rules.side_of(state, state.tricks[-1].winner) == side else 0)


def check_points(quiz, outcome) -> None:
    rules, state = outcome.hand.rules, outcome.hand.state
    assert state.over
    assert report(outcome)["result"]["score"] == quiz.answer
    if quiz.game in ("tressette", "quatre_sept"):
        result = rules.score(state)
        for side in rules.sides:
            extra = result.parts[side].get("declarations", 0) + result.parts[side].get("politaine", 0)
            assert quiz.answer[side] == floor(counted(rules, state, side)) + extra
    if quiz.game == "sixty_six":
        for side in rules.sides:
            points = counted(rules, state, side)
            swept = all(rules.side_of(state, t.winner) == side for t in state.tricks)
            assert quiz.answer[side] == (3 if swept else 2 if points >= 100 else 1 if points >= 66 else 0)
    assert quiz.explanation.startswith(rules.score(state).summary)


def check_stronger(quiz, outcome) -> None:
    rules, state = outcome.hand.rules, outcome.hand.state
    first, second = map(Card.parse, quiz.cards)
    assert first in state.hand(quiz.seat) and second in state.hand(quiz.seat)
    seats = rules.seats
    for a, b in ((first, second), (second, first)):  # the rules' own trick winner, either card led
        winner = rules.trick_winner(state, Trick(seats[0], ((seats[0], a), (seats[1], b))))
        expected = [str(a if winner == seats[0] else b)] if winner else sorted(map(str, (a, b)))
        assert sorted(quiz.answer) == expected


def check_call(quiz, outcome) -> None:
    rules, state = outcome.hand.rules, outcome.hand.state
    call = parse_action(quiz.call, rules.seats)
    assert call.seat == quiz.seat == state.to_act
    why = rules.why_illegal(state, call)
    assert quiz.answer is (why is None)
    said = rules.describe(call)
    assert quiz.question == f"Is “{said}” allowed for {quiz.seat} now?"
    assert quiz.explanation == (f"No: {why}" if why else f"Yes: “{said}” is allowed for {quiz.seat} now.")
    if quiz.answer:
        outcome.hand.then(call)  # the call really applies


CHECKS = {"trick-winner": check_trick_winner, "legal": check_legal, "points": check_points,
          "stronger": check_stronger, "call": check_call}


@pytest.mark.parametrize("game,kind", CASES)
def test_generated_quizzes_replay_and_their_answers_hold(game: str, kind: str) -> None:
    levels_seen = set()
    for seed in seeds(EVERY_RUN, SOAKED, RARE.get((game, kind), ())):
        quiz = make_quiz(game, kind, seed=seed, options=options_for(game, kind), level=1 + seed % 3)
        levels_seen.add(quiz.level)
        assert "?" in quiz.question
        assert quiz.explanation
        CHECKS[kind](quiz, replayed(quiz))
    assert levels_seen == {1, 2, 3}


@pytest.mark.parametrize("game,kind", CASES)
def test_the_same_seed_gives_the_same_quiz(game: str, kind: str) -> None:
    options = options_for(game, kind)
    assert make_quiz(game, kind, seed=41, options=options, level=2) == \
        make_quiz(game, kind, seed=41, options=options, level=2)
    assert make_quiz(game, kind, seed=41, options=options).to_json() != \
        make_quiz(game, kind, seed=42, options=options).to_json()


def wrong(quiz):
    """An answer of the right shape that is not the right one."""
    if quiz.kind == "trick-winner":
        return next(seat for seat in get_rules(quiz.game, **quiz.scenario["options"]).seats if seat != quiz.answer)
    if quiz.kind == "legal":
        return quiz.answer[1:] if len(quiz.answer) > 1 else quiz.answer + ["2S"]
    if quiz.kind == "points":
        return {**quiz.answer, next(iter(quiz.answer)): 999}
    if quiz.kind == "stronger":
        return [code for code in quiz.cards if code not in quiz.answer] or list(quiz.cards[:1])
    return not quiz.answer


@pytest.mark.parametrize("game,kind", CASES)
def test_feedback_names_the_rule_on_a_wrong_answer_and_agrees_on_the_right_one(game: str, kind: str) -> None:
    quiz = make_quiz(game, kind, seed=5, options=options_for(game, kind), level=3)
    right = quiz.check(quiz.answer)
    assert right.right and right.sentence == f"Right. {quiz.explanation}"
    feedback = quiz.check(wrong(quiz))
    assert not feedback.right
    assert feedback.sentence.startswith("Not quite: the answer is ")
    assert feedback.sentence.endswith(quiz.explanation)
    if kind in ("legal", "stronger"):
        rules = get_rules(game, **quiz.scenario["options"])
        assert f"the answer is {rules.names([Card.parse(code) for code in quiz.answer])}." in feedback.sentence


def test_answers_are_read_in_the_learners_forms() -> None:
    legal = make_quiz("tressette", "legal", seed=2)
    assert legal.check([code.lower() for code in reversed(legal.answer)]).right
    assert legal.check(" ".join(legal.answer)).right
    assert not legal.check(["not a card"]).right
    winner = make_quiz("aluette", "trick-winner", seed=3)
    assert winner.check(winner.answer.lower() if winner.answer else "nobody").right
    points = make_quiz("tressette", "points", seed=1)
    assert points.check({side: str(value) for side, value in points.answer.items()}).right
    assert not points.check("eleven").right
    call = make_quiz("quadrille", "call", seed=4)
    assert call.check("yes" if call.answer else "no").right


def test_explanations_use_the_engines_sentences() -> None:
    quiz = make_quiz("sixty_six", "legal", seed=0, level=3)
    assert "You must" in quiz.explanation
    tie = next(q for q in (make_quiz("aluette", "stronger", seed=s, level=3) for s in range(30)) if len(q.answer) == 2)
    assert tie.explanation.startswith("They tie:")
    spoiled = next(q for q in (make_quiz("aluette", "trick-winner", seed=s, level=3) for s in range(40))
                   if q.answer is None)
    assert "won by nobody" in spoiled.explanation and "leads again" in spoiled.explanation
    trumped = next(q for q in (make_quiz("sixty_six", "stronger", seed=s, level=2) for s in range(30))
                   if "a trump beats any card of another suit" in q.explanation)
    assert trumped.answer[0] in trumped.cards


@pytest.mark.parametrize("game", NO_CALLS)
def test_a_game_without_calls_says_so(game: str) -> None:
    with pytest.raises(PracticeError, match="has no calls to ask about"):
        make_quiz(game, "call")


@pytest.mark.parametrize("arguments,sentence", [
    (("chess", "legal"), "'chess' is not a game here"),
    (("tressette", "who"), "'who' is not a kind of quiz"),
    (("tressette", "legal", -1), "The seed is a whole number"),
    (("tressette", "legal", 0, {"bogus": 1}), "Tressette has no option 'bogus'"),
    (("tressette", "legal", 0, [1]), "The options are a JSON object"),
    (("tressette", "legal", 0, None, 4), "The level is 1, 2 or 3"),
])
def test_bad_requests_are_refused_with_a_sentence(arguments, sentence) -> None:
    with pytest.raises(PracticeError, match=sentence):
        make_quiz(*arguments)


def test_quiz_main_prints_the_contract_object(capsys) -> None:
    assert quiz_main(["quatre_sept", "--kind", "legal", "--seed", "7", "--level", "2"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["game", "kind", "level", "scenario", "question", "seat", "situation", "answer",
                             "explanation"]
    assert printed == make_quiz("quatre_sept", "legal", seed=7, level=2).to_json()
    assert printed["scenario"]["format"] == "cardlab.scenario/1" and run(parse(printed["scenario"])).error is None
    assert quiz_main(["sixty_six", "--kind", "points", "--options", '{"ten_of_trumps_bonus": true}']) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["scenario"]["options"] == {"ten_of_trumps_bonus": True} and set(printed["answer"]) == {"NS", "EW"}
    assert "seat" not in printed
    assert quiz_main(["tressette", "--kind", "call", "--seed", "3", "--options", '{"signals": true}']) == 0
    printed = json.loads(capsys.readouterr().out)
    assert isinstance(printed["answer"], bool) and printed["call"].startswith(printed["seat"] + " ")


@pytest.mark.parametrize("argv,sentence", [
    ([], "The following arguments are required: game, --kind"),
    (["tressette"], "The following arguments are required: --kind"),
    (["tressette", "--kind", "guess"], "'guess' is not a kind of quiz: the kinds are trick-winner, legal"),
    (["poker", "--kind", "legal"], "'poker' is not a game here"),
    (["tressette", "--kind", "legal", "--seed", "x"], "invalid int value: 'x'"),
    (["tressette", "--kind", "legal", "--level", "0"], "--level is 1, 2 or 3, not 0."),
    (["tressette", "--kind", "legal", "--options", "[]"], "--options takes a JSON object"),
    (["tressette", "--kind", "legal", "--options", '{"target": 5}'], "5 is not a choice for Tressette's option"),
    (["vache", "--kind", "call"], "La Vache has no calls to ask about"),
])
def test_quiz_main_refuses_bad_arguments_with_exit_2_and_a_sentence(capsys, argv, sentence) -> None:
    assert quiz_main(argv) == 2
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["error"] and sentence in printed["error"]


def test_quiz_in_a_process_exits_2_with_a_sentence_and_no_traceback() -> None:
    code = "import sys; from cardlab.practice.cli import quiz_main; sys.exit(quiz_main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, "quadrille", "--kind", "nothing"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stderr == ""
    assert "the kinds are" in json.loads(done.stdout)["error"]
    done = subprocess.run([sys.executable, "-c", code, "quadrille", "--kind", "trick-winner", "--seed", "9"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == make_quiz("quadrille", "trick-winner", seed=9).to_json()


def test_the_level_brings_more_cards_and_rarer_rules() -> None:
    def held(quiz) -> int:
        return len(run(parse(quiz.scenario)).hand.state.hand(quiz.seat))

    easy = [make_quiz("quatre_sept", "legal", seed=seed, level=1) for seed in range(20)]
    low_lead = {"low_lead_rule": True}
    hard = [make_quiz("quatre_sept", "legal", seed=seed, options=low_lead, level=3) for seed in range(20)]
    assert all(held(quiz) <= 4 for quiz in easy)
    assert sum(map(held, hard)) > sum(map(held, easy))
    assert all(quiz.scenario["options"] == low_lead for quiz in hard)
    assert any("lowest rank" in quiz.explanation for quiz in hard)
    assert not any("lowest rank" in quiz.explanation for quiz in easy)
    trumped = [make_quiz("sixty_six", "trick-winner", seed=seed, level=3) for seed in range(10)]
    assert all("trumps" in quiz.explanation for quiz in trumped)


SIGNAL_TABLE = {"monsieur": ["3D"], "madame": ["3H"], "borgne": ["2D"], "vache": ["2H"], "grand neuf": ["9H"],
                "petit neuf": ["9D"], "deux de chene": ["2C"], "deux d'ecrit": ["2S"],
                "ace": ["AD", "AH", "AS", "AC"]}
"""Aluette's gestures and the cards they show (rules.md §4.4), written out here."""


def test_reading_a_gesture_names_its_cards() -> None:
    seen = set()
    for seed in range(60):
        drill = gesture_drill(seed)
        word = next(w for w, (_, gesture) in GESTURES.items() if f"gesture: {gesture}." in drill.question)
        seen.add(word)
        assert sorted(drill.answer) == sorted(SIGNAL_TABLE[word])
        assert drill.check(drill.answer[:1]).right
        wrong = drill.check(["KnS"])
        assert not wrong.right and wrong.sentence.endswith(drill.explanation)
    assert seen == set(SIGNAL_TABLE)


def test_a_dealt_hand_makes_the_gestures_of_the_cards_it_holds() -> None:
    for seed in range(40):
        drill = hand_drill(seed)
        outcome = run(parse(drill.scenario))
        assert outcome.error is None
        rules, state = outcome.hand.rules, outcome.hand.state
        assert state.phase == "play" and state.to_act == drill.seat and not state.tricks
        held = {str(card) for card in state.hand(drill.seat)}
        expected = [word for word, cards in SIGNAL_TABLE.items() if held & set(cards)]
        assert sorted(drill.answer) == sorted(expected)
        assert sorted(drill.answer) == sorted(w for w in SIGNAL_TABLE
                                              if rules.why_illegal(state, parse_action(f"{drill.seat} signals {w}",
                                                                                       rules.seats)) is None)
        assert drill.check([w.upper() for w in reversed(drill.answer)]).right
        missing = [word for word in SIGNAL_TABLE if word not in drill.answer]
        assert not drill.check(list(drill.answer) + missing[:1]).right
        if drill.answer:
            assert drill.explanation.startswith(f"{drill.seat} may make {len(drill.answer)} gesture")
        else:
            assert drill.explanation.endswith("no gesture to make.") and drill.check([]).right
