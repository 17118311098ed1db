"""The quiz kinds on the rules around the play (issue 35, item 2): the deal and the first lead, the
match's end, what a hand is worth and what an option changes.  For every game each situation is
found, the scenario replays, and the answer is worked out here from the replayed position by the
rules API (the dealt hands counted, the scenario's own report of the settled hand, the other rule
set asked about the same position); the choices hold the answer; the same seed gives the same quiz;
bad requests get a sentence.  Few seeds: each question plays at most a short match."""
from __future__ import annotations

import json
from dataclasses import fields

import pytest

from cardlab import GAMES, get_rules
from cardlab.cards import Card
from cardlab.games.concepts import declared
from cardlab.practice import PracticeError, make_quiz
from cardlab.practice.cli import quiz_main
from cardlab.practice.quiz_rules import register
from cardlab.practice.quiz_run import QuizRun
from cardlab.record import Hand
from cardlab.rules import IllegalAction, MatchError
from cardlab.scenario import parse, report, run

SEEDS = range(3)


def variant_tags() -> list[tuple[str, str]]:
    """Every (game, option) a concept of a game declares it practises by a ``variant/<option>`` tag."""
    return sorted({(game, tag.partition("/")[2]) for game in GAMES for taught in declared(game)
                   for tag in taught.quiz if tag.startswith("variant/")})


def replayed(quiz):
    outcome = run(parse(quiz.scenario))
    assert outcome.error is None, outcome.error
    assert quiz.answer in dict(quiz.choices) and len(dict(quiz.choices)) == len(quiz.choices) >= 2
    assert "?" in quiz.question and quiz.explanation
    return outcome


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_questions_answer_as_the_deal_was_made(game: str) -> None:
    for seed in SEEDS:
        dealer = make_quiz(game, "deal", seed=seed, situation="dealer")
        outcome = replayed(dealer)
        rules = outcome.hand.rules
        if "Who deals first?" in dealer.question:  # the draw for the first deal
            assert f"{dealer.answer} deals first." in dealer.explanation
        else:
            assert dealer.answer == rules.next_dealer(dealer.scenario["dealer"])
        lead = make_quiz(game, "deal", seed=seed, situation="lead")
        state = replayed(lead).hand.state
        assert state.phase == "play" and not state.tricks and state.to_act == lead.answer
        cards = make_quiz(game, "deal", seed=seed, situation="cards")
        deal = replayed(cards).hand.state.deal
        sizes = {len(held) for _seat, held in deal.hands}
        held = {card for _seat, hand in deal.hands for card in hand}
        extra = [card for _name, extras in deal.extras for card in extras]
        assert len(sizes) == 1
        assert cards.answer == f"{sizes.pop()}/{len(rules.pack.cards) - len(held)}/{sum(c in held for c in extra)}"
        assert {dealer.situation, lead.situation, cards.situation} == {"dealer", "lead", "cards"}


def test_a_game_that_draws_for_the_first_deal_is_asked_the_draw() -> None:
    drawn = [quiz for quiz in (make_quiz("quatre_sept", "deal", seed=seed, situation="dealer") for seed in range(8))
             if "draws a card" in quiz.question]
    assert drawn and all(quiz.question.endswith("Who deals first?") for quiz in drawn)
    assert not any("draws a card" in make_quiz("tressette", "deal", seed=seed, situation="dealer").question
                   for seed in range(8))


def test_the_four_of_coins_lead_is_the_holder_of_the_four() -> None:
    for seed in SEEDS:
        quiz = make_quiz("tressette", "deal", seed=seed, options={"first_lead": "four_of_coins"}, situation="lead")
        state = replayed(quiz).hand.state
        assert Card("4", "D") in state.deal.hand(quiz.answer)


@pytest.mark.parametrize("game", GAMES)
def test_the_match_questions_answer_as_the_sheet_settles(game: str) -> None:
    for situation in ("over", "on"):
        for seed in SEEDS[:2]:
            quiz = make_quiz(game, "match", seed=seed, situation=situation)
            outcome = replayed(quiz)
            rules, state = outcome.hand.rules, outcome.hand.state
            assert state.over and quiz.situation == situation
            after = rules.settle(outcome.match, rules.score(state))
            settled = report(outcome)["match"]
            assert (settled["over"], settled["winner"]) == (after.over, after.winner)
            assert quiz.answer == ((after.winner or "nobody") if situation == "over" else "on")
            assert after.over is (situation == "over")
            if after.over and rules.target is not None and rules.score(state).match_winner is None:
                assert after.totals[after.winner] >= rules.target


@pytest.mark.parametrize("game", GAMES)
def test_the_settle_questions_answer_in_the_games_units(game: str) -> None:
    for seed in SEEDS:
        quiz = make_quiz(game, "settle", seed=seed)
        outcome = replayed(quiz)
        side = next(side for side in outcome.hand.rules.sides if f"worth to {side}," in quiz.question)
        assert str(report(outcome)["result"]["score"][side]) == quiz.answer
        assert quiz.check(quiz.answer).right and not quiz.check(next(
            key for key, _words in quiz.choices if key != quiz.answer)).right


def other_rules(game: str, options: dict, option: str) -> list:
    field = next(field for field in fields(get_rules(game, **options).Options) if field.name == option)
    return [get_rules(game, **{**options, option: value}) for value in field.metadata["choices"]
            if value != getattr(get_rules(game, **options).options, option)]


def dealt(outcome):
    """The replayed hand just after its deal."""
    return next(state for state in outcome.hand.states if state.phase != "deal")


def settled(rules, scenario: dict, state) -> dict | None:
    """The hand's score as ``rules`` settle it on the scenario's sheet (None where they read that sheet as
    a match already over)."""
    try:
        sheet = rules.match_from_json(scenario["dealer"], scenario.get("match"))
    except MatchError:
        return None
    return rules.settle(sheet, rules.score(state)).results[-1].score


def ending(rules, scenario: dict, state) -> str:
    """How the match stands after the hand under ``rules``: "on", the winner or "nobody" ("" where
    these rules read the sheet before it as a match already over)."""
    try:
        sheet = rules.match_from_json(scenario["dealer"], scenario.get("match"))
    except MatchError:
        return ""
    after = rules.settle(sheet, rules.score(state))
    return (after.winner or "nobody") if after.over else "on"


def allowed(rules, state) -> set:
    """What the seat to act may do: ("card", code) and ("call", words)."""
    return {("card", str(action.card)) if hasattr(action, "card") else ("call", action.words)
            for action in rules.legal(state)}


def replayed_under(rules, quiz, outcome):
    """The scenario's table reached by its actions under ``rules`` (None where one is not allowed)."""
    try:
        return Hand.replay(rules, quiz.scenario["dealer"], outcome.hand.log).state
    except IllegalAction:
        return None


def check_variant(quiz) -> None:
    """The change the answer names is one another value of the option makes at the position: the other
    rule set allows otherwise at the same table, or at the one the scenario's actions reach under it;
    the deal or the table differs, or the hand is settled or the match ends otherwise."""
    outcome = replayed(quiz)
    rules, state = outcome.hand.rules, outcome.hand.state
    assert quiz.answer != "nothing"
    others = other_rules(quiz.game, quiz.scenario["options"], quiz.situation)
    verb, _, what = quiz.answer.partition(" ")
    if verb in ("allow", "refuse", "say", "unsay"):
        claimed = ("card" if verb in ("allow", "refuse") else "call", what)
        theirs = [allowed(alt, there) for alt in others for there in (state, replayed_under(alt, quiz, outcome))
                  if there is not None]
        assert (claimed in allowed(rules, state)) is (verb in ("refuse", "unsay"))
        assert any((claimed in there) is (verb in ("allow", "say")) for there in theirs)
    elif verb == "lead":
        assert state.to_act != what and any(alt.first_leader(dealt(outcome)) == what for alt in others)
    elif verb == "packets":
        assert "-".join(map(str, rules.deal_packets)) != what
        assert any("-".join(map(str, alt.deal_packets)) == what for alt in others)
    elif verb == "table":
        players, each = map(int, what.split("/")[:2])
        assert (len(rules.seats), rules.hand_size()) != (players, each)
        assert any((len(alt.seats), alt.hand_size()) == (players, each) for alt in others)
    elif verb == "sheet":
        def start(table):
            totals = table.new_match(quiz.scenario["dealer"]).totals
            return " ".join(f"{side}:{total}" for side, total in totals.items())
        assert start(rules) != what and any(start(alt) == what for alt in others)
    elif verb == "score":
        here = settled(rules, quiz.scenario, state)
        match = quiz.scenario.get("match") or {}
        sheets = [quiz.scenario] + [{**quiz.scenario, "match": {**match, "lost": lost}}  # doubling's games lost
                                    for lost in range(1, match.get("deals", 0) + 1)]
        assert any(settled(alt, sheet, state) not in (None, here) for alt in others for sheet in sheets)
    else:
        assert verb == "match"
        assert ending(rules, quiz.scenario, state) != what
        assert any(ending(alt, quiz.scenario, state) == what for alt in others)
    assert any(rule.option == quiz.situation for rule in register(rules)) or not register(rules)


@pytest.mark.parametrize("game,option", variant_tags())
def test_every_declared_variant_tag_is_asked(game: str, option: str) -> None:
    """No concept claims a practice that does not exist: each option a concept's variant tag names is an
    option of the game and gets a question about what it changes."""
    assert option in {field.name for field in fields(get_rules(game).Options)}
    quiz = make_quiz(game, "variant", seed=1, situation=option)
    assert quiz.situation == option and f"variant/{option}" in {
        tag for taught in declared(game) if taught.key in quiz.concepts for tag in taught.quiz}
    check_variant(quiz)


def test_every_option_of_every_game_is_practised_by_a_concept() -> None:
    assert [(game, field.name) for game in GAMES for field in fields(get_rules(game).Options)
            if (game, field.name) not in variant_tags()] == []


@pytest.mark.parametrize("game", GAMES)
def test_a_variant_question_about_any_option(game: str) -> None:
    for seed in SEEDS:
        check_variant(make_quiz(game, "variant", seed=seed))


@pytest.mark.parametrize("kind", ["deal", "match", "settle", "variant"])
def test_the_same_seed_gives_the_same_quiz(kind: str) -> None:
    assert make_quiz("sixty_six", kind, seed=4) == make_quiz("sixty_six", kind, seed=4)
    assert any(make_quiz("sixty_six", kind, seed=4).to_json() != make_quiz("sixty_six", kind, seed=seed).to_json()
               for seed in (5, 6))


@pytest.mark.parametrize("arguments,sentence", [
    (("tressette", "deal", 0, None, 1, "trump"), "'trump' is not a situation of deal questions about Tressette: "
                                                 "ask for dealer, lead, cards."),
    (("tressette", "settle", 0, None, 1, "over"), "settle questions about Tressette have no situations"),
    (("sixty_six", "variant", 0, None, 1, "stock"), "ask for must_undertrump, ten_of_trumps_bonus."),
    (("tressette", "legal", 0, None, 1, "trumped"), "ask for lead, follow, void, renege, any."),
])
def test_a_bad_situation_is_refused_with_a_sentence(arguments, sentence) -> None:
    with pytest.raises(PracticeError, match=sentence):
        make_quiz(*arguments)


def test_a_play_kind_keeps_to_the_situation_asked_for() -> None:
    quiz = make_quiz("tressette", "legal", seed=0, situation="void")
    assert quiz.situation == "void" and quiz.to_json()["situation"] == "void"


def test_the_command_line_asks_for_a_situation(capsys) -> None:
    assert quiz_main(["aluette", "--kind", "deal", "--situation", "cards", "--seed", "2"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == make_quiz("aluette", "deal", seed=2, situation="cards").to_json()
    assert printed["answer"] in printed["choices"] and printed["situation"] == "cards"
    assert quiz_main(["aluette", "--kind", "deal", "--situation", "x" * 41]) == 2
    assert "--situation" in json.loads(capsys.readouterr().out)["error"]


def test_the_run_offers_one_button_per_choice_and_hides_what_answers() -> None:
    run_ = QuizRun("tressette", kinds=["deal"], seed=3)
    seen = set()
    for _ in range(12):
        question = run_.question
        seen.add(question.situation)
        assert [(choice.key, choice.label, choice.given) for choice in run_.choices()] == \
            [(key, words, key) for key, words in question.choices]
        scene = run_.scene()
        if question.situation == "lead":
            assert scene is not None and scene.to_act is None and not scene.status and scene.trick_leader is None
            assert all(None not in seat.hand for seat in scene.seats)  # the lead may hang on who holds a card
        else:
            assert scene is None
        said = run_.submit(question.answer)
        assert said is not None and said.mark == "right"
        run_.next()
    assert seen == {"dealer", "lead", "cards"}
    settle = QuizRun("quadrille", kinds=["settle"], seed=1)
    assert settle.scene() is None and settle.piles() is not None
