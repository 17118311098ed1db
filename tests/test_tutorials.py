"""The guided first hands: each shipped tutorial played through with its expected moves, a wrong
move refused at every step (the rules' sentence for an illegal one, the step's own for a legal one
the step does not ask), the loader's refusals, and a step that lets the learner choose."""
from __future__ import annotations

import copy
import importlib.util
import json
from importlib import resources
from pathlib import Path

import pytest

from cardlab.actions import Play
from cardlab.cards import Card
from cardlab.tutorial import TUTORIALS, Guide, TutorialError, builtin, learner_steps, loads, parse


ROOT = Path(__file__).resolve().parent.parent


def raw(game: str) -> dict:
    return json.loads((resources.files("cardlab.games") / game / "tutorial.json").read_text(encoding="utf-8"))


def wrong_moves(guide: Guide) -> tuple[Play | None, object]:
    """An illegal card of the learner's, and a legal action the step does not ask for (None each
    where there is none)."""
    session, seat = guide.session, guide.seat
    state = session.state
    legal = session.rules.legal(state)
    illegal = next((Play(seat, card) for card in state.hand(seat)
                    if card is not None and Play(seat, card) not in legal), None)
    k = learner_steps(guide.tutorial, guide.line)[guide.number]
    other = next((action for action in legal if action != guide.line[k] and action.seat == seat), None)
    return illegal, other


@pytest.mark.parametrize("game", TUTORIALS)
def test_tutorial_played_through_with_a_wrong_move_at_every_step(game: str) -> None:
    guide = Guide(builtin(game))
    guide.start()
    rules = guide.session.rules
    while not guide.done:
        number, index = guide.number, guide.session.index
        assert guide.session.state.to_act == guide.seat
        illegal, other = wrong_moves(guide)
        if illegal is not None:
            expected = rules.why_illegal(guide.session.state, illegal)
            answer = guide.move(str(illegal.card))
            assert not answer.taken and answer.sentence.startswith(expected)
            assert guide.step is not None and guide.said(guide.step.hint) in answer.sentence
            assert (guide.number, guide.session.index) == (number, index)
        if other is not None:
            answer = guide.move(other)
            assert not answer.taken and guide.step is not None and answer.sentence == guide.said(guide.step.otherwise)
            assert (guide.number, guide.session.index) == (number, index)
        expected_move = guide.line[learner_steps(guide.tutorial, guide.line)[number]]
        answer = guide.move(str(expected_move.card) if isinstance(expected_move, Play) else expected_move)
        assert answer.taken, answer.sentence
        assert guide.number == number + 1
    assert guide.session.state.over and guide.session.index == len(guide.session.hand.log)
    assert guide.words == guide.tutorial.end
    assert not guide.move("S plays 3D").taken


@pytest.mark.parametrize("game", TUTORIALS)
def test_each_concept_comes_up_once_in_the_lesson_order(game: str) -> None:
    """In the lesson's order, but for what only the hand's end brings: the last trick's rule at its
    last step, and the count (thirds, 66, the mordienne …) when it is over."""
    tutorial = builtin(game)
    during = [c for step in tutorial.steps for c in step.concepts if c != "last-trick"]
    named = during + list(tutorial.end_concepts)
    assert len(named) == len(set(named))
    assert set(named) | {c for c in tutorial.concepts if c == "last-trick"} == set(tutorial.concepts)
    assert during == [c for c in tutorial.concepts if c in during]
    assert list(tutorial.end_concepts) == [c for c in tutorial.concepts if c in tutorial.end_concepts]
    assert all("last-trick" not in step.concepts for step in tutorial.steps[:-1])
    assert all(step.say and step.otherwise for step in tutorial.steps)


@pytest.mark.parametrize("game", TUTORIALS)
def test_only_the_last_tricks_words_say_the_last_trick(game: str) -> None:
    """The trick before is "the previous trick": "the last trick" is the rule of the hand's last."""
    tutorial = builtin(game)
    for step in tutorial.steps:
        assert ("the last trick" in step.say) == ("last-trick" in step.concepts), step.say


def test_the_learner_takes_the_quadrille_game_names_trumps_calls_a_king_and_reneges_a_matador() -> None:
    tutorial = builtin("quadrille")
    asked = {c: step.do for step in tutorial.steps for c in step.concepts}
    assert asked["auction"] == "S asks leave"
    assert asked["trumps"].startswith("S names trumps ")
    assert asked["king-call"].startswith("S calls K")
    assert asked["matador-renege"].startswith("S plays ")
    guide = Guide(tutorial)
    guide.start()
    rules = guide.session.rules
    while guide.step is not None and "matador-renege" not in guide.step.concepts:
        guide.move(guide.line[learner_steps(tutorial, guide.line)[guide.number]])
    state, step = guide.session.state, guide.step
    assert step is not None and state.trick is not None
    trump, kept_back = rules.trump(state), Card.parse(step.do.split()[-1])
    held = [card for card in state.hand("S") if card is not None and rules.suit_of(state, card) == trump]
    assert rules.suit_of(state, state.trick.plays[0][1]) == trump and held
    assert rules.suit_of(state, kept_back) != trump and Play("S", kept_back) in rules.legal(state)
    while not guide.done:
        guide.move(guide.line[learner_steps(tutorial, guide.line)[guide.number]])
    assert guide.session.state.ombre == "S" and rules.score(guide.session.state).score["S"] > 0


def test_the_quatre_sept_learner_declares_and_wins_a_politaine_and_hears_of_the_four_sevens() -> None:
    tutorial = builtin("quatre_sept")
    declaring = [step for step in tutorial.steps if step.do.startswith("S declares politaine")]
    assert len(declaring) == 1 and declaring[0].concepts == ("politaine",)
    guide = Guide(tutorial)
    guide.start()
    while not guide.done:
        guide.move(guide.line[learner_steps(tutorial, guide.line)[guide.number]])
    rules = guide.session.rules
    assert rules.politaine_points(guide.session.state)[rules.side_of(guide.session.state, "S")] == 11
    assert "four sevens" in tutorial.end


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_script_writes_the_shipped_tutorial_again(game: str) -> None:
    """``scripts/tutorial_deals.py`` finds each shipped deal at its recorded seed, word for word."""
    spec = importlib.util.spec_from_file_location("tutorial_deals", ROOT / "scripts" / "tutorial_deals.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    seed = script.FOUND[game]
    assert script.build(game, range(seed, seed + 1)) == raw(game)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="cardlab.tutorial/9"), "\"format\" must be"),
    (lambda d: d.update(extra=1), "Unknown key 'extra'"),
    (lambda d: d["steps"][0].update(concepts=["flying"]), "the concept 'flying' is not listed"),
    (lambda d: d["steps"].pop(), "there must be one step per action"),
    (lambda d: d["steps"][0].update(look="the moon"), "\"look\" must be a card code"),
    (lambda d: d["steps"][0].update(say=""), "\"say\" must be a sentence"),
    (lambda d: d["steps"][0].update(do="S plays 3X"), "Step 1 asks"),
    (lambda d: d["scenario"].pop("deal"), "explicit \"deal\""),
    (lambda d: d["scenario"]["actions"].reverse(), "is not legal"),
    (lambda d: d["scenario"]["actions"].pop(), "must play the hand to its end"),
    (lambda d: d.update(game="quadrille"), "\"game\" must be the scenario's game"),
    (lambda d: d["scenario"].update(format="x"), "In the tutorial's scenario"),
])
def test_a_malformed_tutorial_is_refused_with_a_sentence(change, words: str) -> None:
    data = copy.deepcopy(raw("tressette"))
    change(data)
    with pytest.raises(TutorialError, match=words.replace("(", r"\(")):
        parse(data)


def test_text_that_is_not_a_tutorial_is_refused() -> None:
    for text in ("[1, 2", "[]", "\"tressette\""):
        with pytest.raises(TutorialError):
            loads(text)
    with pytest.raises(TutorialError, match="no guided hand"):
        builtin("chess")


def test_a_step_of_a_kind_takes_any_card_of_it_and_the_line_follows() -> None:
    """A step asking "any card" takes another legal card: the scripted card takes its place in the
    learner's later plays, and the hand still plays to its end."""
    data = raw("tressette")
    tutorial = None
    for number in range(len(data["steps"]) - 1, -1, -1):
        trial = copy.deepcopy(data)
        trial["steps"][number]["do"] = "any card"
        try:
            tutorial = parse(trial)
        except TutorialError:
            continue
        guide = Guide(tutorial)
        guide.start()
        while guide.number < number:
            guide.move(guide.line[learner_steps(tutorial, guide.line)[guide.number]])
        scripted = guide.line[learner_steps(tutorial, guide.line)[number]]
        others = [a for a in guide.session.rules.legal(guide.session.state) if a != scripted]
        if others:
            break
    else:
        pytest.fail("no step of the Tressette tutorial can take any card")
    assert guide.move(others[0]).taken
    assert scripted in guide.line[learner_steps(tutorial, guide.line)[number] + 1:] or guide.done
    while not guide.done:
        assert guide.move(guide.line[learner_steps(tutorial, guide.line)[guide.number]]).taken
    assert guide.session.state.over


def test_the_view_opens_folded_then_waits_for_the_learners_click() -> None:
    from cardlab.widgets.tutorial import Tutorial

    view = Tutorial("sixty_six")
    assert view.guide is None and view.board not in view.play.children
    view.start()
    guide = view.guide
    assert guide is not None and view.board in view.play.children
    assert "Step 1 of" in view.step_line.value and 'data-card="' in view.board.svg
    state, rules = guide.session.state, guide.session.rules
    wrong = next(card for card in state.hand("S") if Play("S", card) not in rules.legal(state))
    view.board.clicked = f"{wrong}#1"
    assert rules.why_illegal(state, Play("S", wrong)).split(":")[0] in view.message.value
    assert guide.number == 0
    scripted = guide.line[learner_steps(guide.tutorial, guide.line)[0]]
    view.board.clicked = f"{scripted.card}#2"
    assert guide.number == 1 and view.message.value == "" and "Step 2 of" in view.step_line.value
    assert view.board.frames, "the computer's cards since the learner's are shown one by one"


def test_a_move_that_is_not_a_move_gets_a_sentence_and_changes_nothing() -> None:
    from cardlab.widgets.tutorial import Tutorial

    view = Tutorial("tressette")
    view.start()
    guide = view.guide
    assert guide is not None
    before = (guide.number, guide.session.index)
    for move in ("<b>7Z</b>", "N plays 3D", "S plays 9D"):
        answer = view.move(move)
        assert answer is not None and not answer.taken and answer.sentence
        assert "<b>" not in view.message.value and (guide.number, guide.session.index) == before
