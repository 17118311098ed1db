"""Every control of the pass-and-play form, the practice views and the board speaks French and
Italian (issue 34, item 2): each description, menu choice, button label, placeholder and tooltip
differs from what the same view shows in English, over every game -- so no word was left out of
the catalogs, nor typed in English past them.  And the cards are lettered in the page's language:
a court card's caption, and a French pack's indices on a French page.  No browser: the widgets'
state is what the page receives.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import fields

import ipywidgets as ipw
import pytest

from cardlab import i18n
from cardlab.actions import Call
from cardlab.cards import Card, CardError
from cardlab.games import GAMES, get_rules, traits
from cardlab.render.cards import card_svg
from cardlab.widgets.front import FRONT
from cardlab.widgets.practice import DealToOrder, SignalsTrainer
from cardlab.widgets.svgview import SvgView
from cardlab.widgets.together import PlayTogether

LANGUAGES = ("fr", "it")
NAMES = {rules.title for rules in GAMES.values()}
"""Proper names a menu shows alike in every language: the games' titles."""
SOURCES = {option.metadata["source"] for rules in GAMES.values() for option in fields(rules.Options)}
"""Each option's source, its menu's tooltip: the rule books it comes from, cited as written."""


def controls(widget: ipw.Widget) -> Iterator[tuple[str, str]]:
    """(where, text) for every word a person reads on the controls of ``widget`` and inside it."""
    seen: set[str] = set()

    def walk(node: ipw.Widget, path: str) -> Iterator[tuple[str, str]]:
        if node.model_id in seen:
            return
        seen.add(node.model_id)
        here = f"{path}/{type(node).__name__}"
        for trait in ("description", "placeholder", "tooltip", "next_label"):
            text = getattr(node, trait, None)
            if isinstance(text, str) and text:
                yield f"{here}.{trait}", text
        if isinstance(node, (ipw.Dropdown, ipw.Select, ipw.ToggleButtons)):
            for number, label in enumerate(node._options_labels):
                yield f"{here}.option{number}", label
        for number, child in enumerate(getattr(node, "children", ())):
            yield from walk(child, f"{here}[{number}]")
    yield from walk(widget, "")


def said_alike(lang: str) -> set[str]:
    """The words the catalog of ``lang`` says the same as English (« expert », «Computer», Quadrille's
    *Casco*): a control showing one of them was translated, to the same word."""
    messages = i18n.catalog(lang)._catalog  # type: ignore[attr-defined]
    return {text for key, text in messages.items() if (key[0] if isinstance(key, tuple) else key).split("\x04")[-1]
            == text}


def untranslated(make: Callable[[], ipw.Widget], lang: str) -> list[str]:
    """The controls of the view ``make`` builds that read the same in ``lang`` as in English, save
    the games' titles, the words without letters and those the catalog says alike.  An option's
    tooltip is its source (the rule books it comes from, cited as written) and is left out."""
    with i18n.speaking("en"):
        english = dict(controls(make()))
    with i18n.speaking(lang):
        spoken = dict(controls(make()))
    assert spoken.keys() == english.keys()
    alike = said_alike(lang) | NAMES
    return [f"{where}: {text!r}" for where, text in spoken.items()
            if text == english[where] and re.search(r"[A-Za-z]{2}", text) and text not in alike
            and not (where.endswith(".tooltip") and text in SOURCES)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_pass_and_play_form_speaks_the_language(game: str, lang: str) -> None:
    assert untranslated(lambda: PlayTogether(game), lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_seating_is_said_in_the_language(lang: str) -> None:
    with i18n.speaking(lang):
        form = PlayTogether("tressette")
        for box in form.name_boxes.values():
            box.value = ""
        assert form.sit_down() is None
    with i18n.speaking("en"):
        english = PlayTogether("tressette")
        for box in english.name_boxes.values():
            box.value = ""
        english.sit_down()
    assert form.message_box.value and form.message_box.value != english.message_box.value


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_practice_views_speak_the_language(game: str, lang: str) -> None:
    assert untranslated(lambda: DealToOrder(game), lang) == []
    if traits(get_rules(game)).signal_drills:
        trainer = SignalsTrainer(game)
        for name in trainer.drills:      # every drill's choices, each built in both languages
            assert untranslated(lambda: _trainer_at(game, name), lang) == [], name


def _trainer_at(game: str, drill: str) -> SignalsTrainer:
    trainer = SignalsTrainer(game)
    trainer.ask(name=drill)
    return trainer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_next_card_button_speaks_the_language(lang: str) -> None:
    with i18n.speaking("en"):
        english = SvgView().next_label
    with i18n.speaking(lang):
        spoken = SvgView().next_label
    assert english == "Next card ▶" and spoken.endswith("▶") and spoken != english
    assert "Next card" not in (FRONT / "svgview.js").read_text(encoding="utf-8")  # the label comes from Python


def _letters(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_court_cards_are_captioned_in_the_language(lang: str) -> None:
    for family, code in (("french", "KH"), ("french", "QS"), ("french", "JD"), ("italian", "KnD"),
                         ("italian", "KD"), ("italian", "JS")):
        with i18n.speaking(lang):
            said = _letters(card_svg(Card.parse(code), family))
        assert not {"KING", "QUEEN", "JACK", "KNIGHT"} & set(said), (lang, code, said)
        assert len(said) == len(set(said)) + 1, (lang, code, said)  # no caption repeating the pack's name


def test_a_french_pack_prints_its_own_indices_on_a_french_page() -> None:
    for code, english, french in (("KH", "K", "R"), ("QS", "Q", "D"), ("JD", "J", "V"), ("AC", "A", "A")):
        for mini in (False, True):
            card = Card.parse(code)
            with i18n.speaking("en"):
                assert _letters(card_svg(card, "french", mini=mini))[-1] == english
            with i18n.speaking("fr"):
                assert _letters(card_svg(card, "french", mini=mini))[-1] == french
            with i18n.speaking("it"):
                assert _letters(card_svg(card, "french", mini=mini))[-1] == english


def test_one_drawing_process_serves_two_languages() -> None:
    """The faces and the cards' words are cached: the language is part of what is cached."""
    card = Card.parse("KH")
    with i18n.speaking("fr"):
        french = card_svg(card, "italian", legal=True, hand="S", hint=14)
    with i18n.speaking("it"):
        italian = card_svg(card, "italian", legal=True, hand="S", hint=14)
    assert "ROI" in french and "conseillée" in french and "il re di coppe" in italian and "ROI" not in italian


@pytest.mark.parametrize("code", ["kNd", "KND", "knd", "KnD", " Knd "])
def test_card_codes_are_read_in_any_case(code: str) -> None:
    assert Card.parse(code) is Card("Kn", "D")


@pytest.mark.parametrize("code", ["kn", "KnX", "K", "1D", "KnKD"])
def test_a_wrong_code_is_refused_in_any_case(code: str) -> None:
    with pytest.raises(CardError):
        Card.parse(code)


@pytest.mark.parametrize("lang, words", [("fr", ("Taper", "Glisser")), ("it", ("Bussa", "Striscia"))])
def test_the_quatre_sept_signal_buttons_say_the_games_own_words(lang: str, words: tuple[str, str]) -> None:
    """The buttons read « Taper » / « Glisser », «Bussa» / «Striscia» (corrections, row 9), not "tap"."""
    rules = get_rules("quatre_sept", signals=True)
    with i18n.speaking(lang):
        said = [rules.describe(Call("S", f"signals {signal}")) for signal in ("tap", "slide")]
    assert [text.split()[0] for text in said] == list(words), said
    assert not any(re.search(r"\b(tap|slide)\b", text) for text in said), said
