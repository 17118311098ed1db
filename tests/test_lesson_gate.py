"""The opening page a lesson URL answers to a request without the visitor cookie (issue 33, item 8):
its words in the lesson's language, the cookie its script sets (``widgets/opening.js``) escaped in
its meta tag, and no other script. The real server's side (a loop of plain GETs holds no kernel, one
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


def test_the_cookie_is_an_attribute_escaped_and_the_page_has_one_script() -> None:
    page = opening_page("en", f'{VISITOR_COOKIE}=x"><script>alert(1)//; path=/')
    assert page.count("<script") == 1 and "alert(1)" not in page.split("</head>")[1]
    meta = re.search(r'<meta name="cardlab-visitor" content="([^"]*)">', page)
    assert meta is not None and meta.group(1) == f"{VISITOR_COOKIE}=x&quot;&gt;&lt;script&gt;alert(1)//; path=/"
