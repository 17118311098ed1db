"""The opening page a lesson URL answers to a request without the visitor cookie (issue 33, item 8):
its words in the lesson's language, the cookie set by its script as a string that cannot close the
script, and nothing else in it. The real server's side (a loop of plain GETs holds no kernel, one
browser holds one seat, a real browser passes through it) is ``tests/browser/test_room_cap.py``."""
from __future__ import annotations

import re

import pytest

from cardlab.widgets.server import VISITOR_COOKIE, opening_page

WORDS = {"en": ("Opening the lesson", "needs JavaScript", "needs cookies"),
         "fr": ("Ouverture de la leçon", "besoin de JavaScript", "besoin des cookies"),
         "it": ("Apertura della lezione", "bisogno di JavaScript", "bisogno dei cookie")}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_opening_page_speaks_the_lessons_language(lang: str) -> None:
    page = opening_page(lang, f"{VISITOR_COOKIE}=abc|1; path=/")
    assert f'<html lang="{lang}">' in page
    for words in WORDS[lang]:
        assert words in page
    assert "kernelId" not in page


def test_the_cookie_is_a_script_string_that_cannot_close_the_script() -> None:
    page = opening_page("en", f'{VISITOR_COOKIE}=x</script><script>alert(1)//"; path=/')
    script = re.search(r"<script>(.*?)</script>", page, re.DOTALL)
    assert script is not None and "alert(1)" in script.group(1)
    assert page.count("<script>") == 1 and "\\u003c/script>" in script.group(1)
