"""The practice trainers in French and Italian (issue 24): the signal drills, the deals made to order,
the side-by-side comparison and the words of their widgets, the preview's button and the quiz's and
counting trainer's Check and Skip, all from the catalogs with nothing missed and none left in English;
the language changes the words only, never which question is asked, which deal is found or how the
hands are played."""
from __future__ import annotations

import pytest

from cardlab import i18n
from cardlab.games.aluette.rules import GESTURES
from cardlab.practice.order import FEATURES, deal_to_order
from cardlab.practice.order_run import OrderDesk
from cardlab.practice.side_by_side import side_by_side
from cardlab.practice.signal_run import SignalRun
from cardlab.practice.signals import DRILLS, SignalDrill
from cardlab.widgets.compare import PAIRS, CompareView
from cardlab.widgets.counting import CountingTrainer
from cardlab.widgets.practice import DealToOrder, SignalsTrainer
from cardlab.widgets.preview import Preview
from cardlab.widgets.quiz import Quiz

from .i18n_misses import missed

LANGS = ("fr", "it")
SEEDS = range(6)
DRILL_CASES = [(game, name) for game, drills in DRILLS.items() for name in drills]
GESTURE_WORDS = [gesture for _name, gesture in GESTURES.values()]
"""The gestures' English descriptions ("a wink"), none of which a French or Italian drill says."""


def english(make, *args, **kwargs):
    with i18n.speaking("en"):
        return make(*args, **kwargs)


def labels(drill: SignalDrill) -> list[str]:
    return [label for label, _value in drill.choices]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "name"), DRILL_CASES)
def test_every_signal_drill_speaks_the_language_and_asks_the_same_question(lang: str, game: str, name: str) -> None:
    for seed in SEEDS:
        first = english(DRILLS[game][name], seed)
        with missed(lang) as lost:
            drill = DRILLS[game][name](seed)
            right = drill.check(list(drill.answer)).sentence
            wrong = drill.check(["nonsense"]).sentence
            labels(drill)
        assert lost == [], (game, name, seed)
        assert (drill.kind, drill.answer, drill.seat, drill.scenario) == (first.kind, first.answer, first.seat,
                                                                           first.scenario)
        assert [value for _label, value in drill.choices] == [value for _label, value in first.choices]
        assert drill.question != first.question and drill.explanation != first.explanation
        assert labels(drill) != labels(first)
        with i18n.speaking("en"):
            assert right != first.check(list(first.answer)).sentence
            assert wrong != first.check(["nonsense"]).sentence
        said = " ".join([drill.question, drill.explanation, right, wrong, *labels(drill)])
        assert not [word for word in GESTURE_WORDS if word in said], said
        assert "Your partner" not in said and "Not quite" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_signal_run_says_its_drills_score_and_hand_in_the_language(lang: str) -> None:
    with missed(lang) as lost:
        run = SignalRun("aluette", seed=2)
        names = run.names()
        run.ask(name="Gestures for a hand")
        heading = run.hand()[0]
        run.answer(["nonsense"])
        once_more = run.said.sentence
        run.answer(["nonsense"])
        score = run.score
        refusal = SignalRun("sixty_six").refusal
    assert lost == []
    assert [key for _label, key in names] == ["Read a gesture", "Gestures for a hand"]
    assert all(label != key for label, key in names), names
    assert "'s hand" not in heading and " right of " not in score and "0" in score and "1" in score
    assert not once_more.startswith("Not quite") and "'sixty_six'" in refusal and "has no signals" not in refusal


FEATURE_CASES = [(game, feature.name) for game, features in FEATURES.items() for feature in features]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "feature"), FEATURE_CASES)
def test_a_deal_to_order_finds_the_same_deal_and_says_it_in_the_language(lang: str, game: str, feature: str) -> None:
    first = english(deal_to_order, game, feature)
    with missed(lang) as lost:
        found = deal_to_order(game, feature)
    assert lost == [], (game, feature)
    assert {key: value for key, value in found.items() if key not in ("title", "description")} == \
        {key: value for key, value in first.items() if key not in ("title", "description")}
    assert found["title"] != first["title"] and found["description"] != first["description"]
    assert not [word for word in (" was dealt ", " is refused", " holds ", "Trick ", " won three tricks")
                if word in found["description"]], found["description"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_order_desk_and_its_refusals_speak_the_language(lang: str) -> None:
    with missed(lang) as lost:
        desk = OrderDesk("quatre_sept")
        titles = desk.titles()
        desk.deal("politaine", None, 0)
        details = desk.details
        refusals = [desk.deal("no such thing", None, 0).sentence,
                    desk.deal("low lead bites", "nowhere", 0).sentence,
                    OrderDesk("sixty_six").deal("65-65", "N", 0).sentence,
                    OrderDesk("tressette").deal("four of a kind", "N", 2**63 - 1).sentence,
                    OrderDesk("nothing").said.sentence]
    assert lost == []
    assert [key for _title, key in titles] == [feature.name for feature in FEATURES["quatre_sept"]]
    with i18n.speaking("en"):
        assert [title for title, _key in titles] != [title for title, _key in OrderDesk("quatre_sept").titles()]
    assert "Seed" not in details and "dealt by" not in details and "2" in details
    for sentence in refusals:
        assert not [word for word in ("is not a", "ask for", "No deal", "leave out", "There are no")
                    if word in sentence], sentence


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("label", list(PAIRS))
def test_side_by_side_plays_the_same_hands_and_says_why_in_the_language(lang: str, label: str) -> None:
    first_rules, second_rules = PAIRS[label]
    for seed in (1, 2, 4):
        first = english(side_by_side, first_rules, second_rules, seed)
        with missed(lang) as lost:
            laid = side_by_side(first_rules, second_rules, seed)
        assert lost == [], (label, seed)
        assert laid.comparison is not None and first.comparison is not None
        assert [(d.trick, d.seat, d.cards, d.same, [r is None for r in d.refusals]) for d in laid.comparison.differences] \
            == [(d.trick, d.seat, d.cards, d.same, [r is None for r in d.refusals]) for d in first.comparison.differences]
        assert laid.comparison.logs == first.comparison.logs
        assert laid.said.sentence != first.said.sentence
        assert not [word for word in ("First difference", "refuses", "Both rule sets", "played differently",
                                      "Every card") if word in laid.said.sentence], laid.said.sentence
        for side, theirs in zip(laid.sides, first.sides):
            assert side.score != theirs.score
            if side.title != side.title.split(" (")[0]:
                assert side.title != theirs.title


@pytest.mark.parametrize("lang", LANGS)
def test_a_pair_that_cannot_share_a_deal_is_refused_in_the_language(lang: str) -> None:
    with missed(lang) as lost:
        laid = side_by_side(("quatre_sept", {}), ("aluette", {}), 1)
        level = side_by_side(("quatre_sept", {}), ("sixty_six", {}), 1, level="expert")
    assert lost == []
    assert laid.comparison is None and "cannot share a deal" not in laid.said.sentence
    assert level.comparison is None and "is not a computer level" not in level.said.sentence


def texts(*widgets) -> list[str]:
    """Each widget's label, tooltip and placeholder, and a menu's words for its chosen value."""
    found = []
    for widget in widgets:
        found += [getattr(widget, name) for name in ("description", "tooltip", "placeholder")
                  if getattr(widget, name, "")]
        if getattr(widget, "label", None):
            found.append(widget.label)
    return found


def order_words(view: DealToOrder) -> list[str]:
    return texts(view.feature_pick, view.seat_pick, view.seed_box, view.deal_button) + [view.details.value]


def signals_words(view: SignalsTrainer) -> list[str]:
    return texts(view.drill_pick, view.next_button, view.check_button, *view.choices.children) + [
        view.question.value, view.hand.value, view.feedback.value, view.score.value]


def compare_words(view: CompareView) -> list[str]:
    return texts(view.pair_pick, view.seed_box, view.level_pick, view.deal_button) + [
        view.summary.value, view.columns.value]


def compared(english_words: list[str], said: list[str], same: tuple[str, ...] = ()) -> None:
    assert len(english_words) == len(said)
    for theirs, ours in zip(english_words, said):
        assert ours != theirs or ours in same, f"still English: {ours!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_practice_widgets_speak_the_language(lang: str) -> None:
    def made():
        order = DealToOrder("quatre_sept")
        order.deal()
        signals = SignalsTrainer("aluette")
        signals.ask(name="Gestures for a hand")
        signals.answer([])
        compare = CompareView("quatre_sept", "quatre_sept", second_options={"low_lead_rule": True}, seed=4)
        return order, signals, compare

    order_en, signals_en, compare_en = english(made)
    with missed(lang) as lost:
        order, signals, compare = made()
    assert lost == []
    compared(order_words(order_en), order_words(order))
    compared(signals_words(signals_en), signals_words(signals), same=("",))
    compared(compare_words(compare_en), compare_words(compare), same=("beginner", "Computer"))  # Italian too
    assert "Download scenario" not in order.details.value
    assert order.feature_pick.value == order_en.feature_pick.value == "politaine"
    assert compare.pair_pick.value == compare_en.pair_pick.value


@pytest.mark.parametrize("lang", LANGS)
def test_play_this_check_and_skip_are_said_in_the_language(lang: str) -> None:
    def made():
        preview = Preview("tressette", scenario="tressette-thirds")
        quiz = Quiz("tressette", kinds=["legal"], progress=None)
        counting = CountingTrainer()
        return preview, quiz, counting

    preview_en, quiz_en, counting_en = english(made)
    with missed(lang) as lost:
        preview, quiz, counting = made()
    assert lost == []
    assert preview.view.words.keys() == preview_en.view.words.keys()
    compared(list(preview_en.view.words.values()), list(preview.view.words.values()))
    check = [control for control in quiz.answers.children if "cardlab-quiz-check" in control._dom_classes]
    check_en = [control for control in quiz_en.answers.children if "cardlab-quiz-check" in control._dom_classes]
    assert check and check_en
    compared(texts(check_en[0], quiz_en.next_button), texts(check[0], quiz.next_button))
    compared(texts(counting_en.total_box, counting_en.check_button, counting_en.skip_button),
             texts(counting.total_box, counting.check_button, counting.skip_button), same=("Total",))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_bad_seed_or_options_are_refused_in_the_language(lang: str) -> None:
    from cardlab.practice.common import PracticeError, check_seed, rules_for
    for bad in (lambda: check_seed(-1), lambda: rules_for("tressette", [])):
        with pytest.raises(PracticeError) as english:
            bad()
        with missed(lang) as lost, pytest.raises(PracticeError) as spoken:
            bad()
        assert not lost and str(spoken.value) != str(english.value)
