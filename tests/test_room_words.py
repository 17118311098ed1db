"""The room's words in the room's language where the engine and the views make them (issue 34.2):
the open-room form's rule choices, the class poll's cards on the teacher's tally, in the learner's
answer and in the expert's reveal, and the "suggested" label on the revealed poll picture.  At the
engine and view level, over every game; the pages themselves are in tests/test_room_pages_language.py."""
from __future__ import annotations

import re
from dataclasses import fields, replace

import pytest

from cardlab import i18n
from cardlab.classroom import Classrooms
from cardlab.games import GAMES
from cardlab.render.table import table_svg
from cardlab.widgets import classroom, room_words

LANGUAGES = ("fr", "it")


def english(option, choice) -> str:
    with i18n.speaking("en"):
        return room_words.choice_label(option, choice)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_choice_of_the_form_is_in_the_page_s_language(lang: str) -> None:
    for game, rules in GAMES.items():
        with i18n.speaking(lang):
            form = classroom.option_fields(game)
        for option in fields(rules.Options):
            for choice in option.metadata["choices"]:
                if not (choice is None or isinstance(choice, bool) or re.search("[a-z]{2}", str(choice))):
                    continue                               # a number or a deal pattern ("3-3-4") is no word
                with i18n.speaking(lang):
                    said = room_words.choice_label(option, choice)
                assert "_" not in said and said != english(option, choice), (game, option.name, choice, said)
                assert f">{said}<" in form.replace("&#x27;", "'"), (game, option.name, said)
        assert "dealer right" not in form and "four of coins" not in form


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["tressette", "sixty_six", "vache"])  # the italian, french and spanish packs
def test_the_poll_names_its_cards_in_the_room_s_language(game: str, lang: str) -> None:
    room = Classrooms(None).open(game, {}, "club", now=0.0, lang=lang)
    learners = [room.join(f"Learner {n}", now=0.0) for n in range(len(room.seats) + 1)]
    seat = room.tables[0].session.state.to_act
    room.ask(room.teacher, 1, seat)
    poll = room.poll
    assert poll is not None
    with i18n.speaking("en"):
        in_english = {card: poll.card_name(card) for card in poll.cards}
    outside = learners[-1]
    room.answer(outside.token, poll.cards[0], now=1.0)
    revealed = room.reveal(room.teacher)
    with i18n.speaking(lang):                               # the views are made in the room's language
        names = {card: poll.card_name(card) for card in room.tally(room.teacher)}
        view = room.poll_view(outside.token)
        assert view is not None and view.frame is not None
        picture = table_svg(replace(view.frame.scene, hint=revealed.card))
    assert all(names[card] != in_english[card] for card in names), names
    assert revealed.name == names[revealed.card]
    marker = re.search(r'class="hint-marker">.*?<text[^>]*>([^<]+)</text>', picture)
    assert marker is not None and marker.group(1) != "suggested"
