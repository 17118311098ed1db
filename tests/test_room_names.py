"""Display names in a room (issue 33, item 10): a name must show something, and must not be the
word the room's pages show for the computer, the teacher or a free seat (in any case, in any
language cardlab speaks); each refusal is one sentence and seats nobody.  Through
:mod:`cardlab.classroom`, as the server calls it."""
from __future__ import annotations

import pytest

from cardlab.classroom import Classroom, ClassroomError, Classrooms

INVISIBLE = {
    "zero-width space": "\u200b",
    "word joiner": "\u2060",
    "Hangul filler": "\u3164",
    "blank Braille pattern": "\u2800",
    "soft hyphen": "\u00ad",
    "tag characters": "\U000e0041\U000e0042\U000e007f",
    "Hangul choseong filler": "\u115f",
    "Hangul jungseong filler": "\u1160",
    "halfwidth Hangul filler": "\uffa0",
    "byte order mark": "\ufeff",
    "zero-width joiners": "\u200d\u200c\u200d",
    "a combining accent alone": "\u0301\u0308",
    "a variation selector": "\ufe0f",
    "spaces between zero-width spaces": "\u200b \u3000 \u200b",
    "fillers and a no-break space": "\u3164\u00a0\u2800",
}
TAKEN = ("computer", "Computer", "COMPUTER", " computer ", "Teacher", "teacher", "TEACHER", "tEaChEr",
         "Tea\u200bcher", "\uff23\uff4f\uff4d\uff50\uff55\uff54\uff45\uff52", "free seat", "Free  Seat",
         "Computer\u3164")
"""The page's words for the computer and the teacher (and a free seat), as a learner might dress them."""
KEPT = ("Ann", "Zoë", "Teacher's pet", "Computer Club", "Ann\u200b", "\u00e9\u0301", "ㅎ",
        "Zoë \U0001F468\u200d\U0001F469\u200d\U0001F467", "李", "<b>Bo</b>", "⠁⠃", "Ms. Teacherson")
"""Names that show something of their own: kept as typed."""


def room_in(lang: str = "en") -> Classroom:
    return Classrooms(None).open("tressette", {}, "club", now=0.0, lang=lang)


@pytest.mark.parametrize("what", sorted(INVISIBLE))
def test_a_name_that_shows_nothing_is_refused_with_a_sentence(what: str) -> None:
    room = room_in()
    with pytest.raises(ClassroomError) as refusal:
        room.join(INVISIBLE[what], now=0.0)
    sentence = str(refusal.value)
    assert sentence and len(sentence) < 120 and "\n" not in sentence, sentence
    assert "Give a display name" in sentence or "see" in sentence, (what, sentence)
    assert not room.members and not room.tables


@pytest.mark.parametrize("name", TAKEN)
def test_the_room_s_words_for_the_computer_and_the_teacher_are_no_name(name: str) -> None:
    room = room_in()
    with pytest.raises(ClassroomError, match="computer or the teacher"):
        room.join(name, now=0.0)
    assert not room.members


def test_a_room_refuses_those_words_in_its_own_language_and_in_the_others() -> None:
    for lang in ("en", "fr", "it"):
        room = room_in(lang)
        for name in ("Ordinateur", "ORDINATEUR", "place libre", "posto libero", "Computer", "Teacher"):
            with pytest.raises(ClassroomError) as refusal:
                room.join(name, now=0.0)
            assert "Traceback" not in str(refusal.value) and len(str(refusal.value)) < 160
        assert not room.members, lang


@pytest.mark.parametrize("name", KEPT)
def test_a_name_that_shows_something_of_its_own_is_kept_as_typed(name: str) -> None:
    room = room_in()
    learner = room.join(name, now=0.0)
    assert learner.name == name
    assert room.overview(room.teacher)[0].seats[0].name == name
