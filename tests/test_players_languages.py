"""The computer players speak French and Italian (issue 24): every reason the beginner, the club
player and the expert give, whole and as the others hear it, and every sentence of a hand's review,
comes from the catalogs with nothing missed, differs from the English, names the card played in the
language's words, and still names no card the learner cannot see."""
from __future__ import annotations

import random
import re

import pytest

from cardlab import Hand, get_rules
from cardlab.actions import Play
from cardlab.i18n import speaking
from cardlab.players.beginner import Beginner
from cardlab.players.club import Club
from cardlab.players.expert import Expert
from cardlab.review import moment_sentence, review, summary
from cardlab.rules import TrickGame
from cardlab.state import State
from tests.i18n_misses import missed
from tests.test_players import CONFIGS, IDS
from tests.test_secret_reasons import LEARNER, seen_by

LANGUAGES = ("fr", "it")


def players(level: str):
    return Expert(seed=3, samples=2, budget=None) if level == "expert" else {"beginner": Beginner,
                                                                              "club": Club}[level]()


def named_cards(rules: TrickGame, state: State, text: str) -> set:
    """The cards ``text`` names in the current language, by name or title."""
    found = set()
    for card in rules.pack.cards:
        for name in {rules.card_name(card), rules.card_label(state, card)}:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                found.add(card)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_every_reason_is_said_in_the_language_and_keeps_its_secrets(game, options, level, lang):
    rules = get_rules(game, **options)
    player = players(level)
    said = 0
    for seed in range(1 if level == "expert" else 2):
        rng = random.Random(seed)
        state = rules.initial(rules.seats[seed % len(rules.seats)])
        step = 0
        while not state.over:
            if state.phase == "deal":
                state = rules.apply(state, rules.deal(state.dealer, rng))
                continue
            seat, step = state.to_act, step + 1
            view = rules.view(state, seat)
            if level == "expert" and step % 3:
                state = rules.apply(state, Club().decide(rules, view).action)
                continue
            english = player.decide(rules, view)
            with missed(lang) as lost:
                decision = player.decide(rules, view)
                after = rules.apply(state, decision.action)
                hidden = named_cards(rules, after, decision.public) - seen_by(rules, after, LEARNER)
                name = rules.card_name(decision.action.card) if isinstance(decision.action, Play) else None
            assert not lost, (lang, decision.reason, lost)
            assert decision.action == english.action
            assert decision.reason != english.reason and decision.public != english.public, decision.reason
            assert name is None or name in decision.reason or decision.reason.startswith(("Expert", "Esperto"))
            assert seat == LEARNER or not hidden, f"{seat}: {decision.public!r} names {sorted(map(str, hidden))}"
            said += 1
            state = after
    assert said >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["tressette", "sixty_six", "aluette", "vache", "quadrille", "quatre_sept"])
def test_a_hands_review_is_said_in_the_language(game, lang):
    rules, club = get_rules(game), Club()
    rng = random.Random(3)
    hand = Hand.start(rules, rules.seats[0])
    while not hand.state.over:
        state = hand.state
        if state.phase == "deal":
            hand = hand.then(rules.deal(state.dealer, rng))
            continue
        hand = hand.then(club.decide(rules, rules.view(state, state.to_act)).action)
    moments = review(rules, hand, LEARNER, deals=2, moves=400)
    with missed(lang) as lost:
        sentences = [moment_sentence(rules, moment) for moment in moments] + [summary(moments), summary([])]
    with speaking("en"):
        english = [moment_sentence(rules, moment) for moment in moments] + [summary(moments), summary([])]
    assert not lost, lost
    assert moments and all(said != words for said, words in zip(sentences, english)), sentences
