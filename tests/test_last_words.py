"""The engine's and pages' last English sentences, in French and Italian (issue 24): the landing
table of the games, the share bar's and the progress panel's refusals and the panel's sentence, the
rules menus' choices, La Vache's ranks in the plural and Aluette's gestures -- each said with nothing
missed from the catalog and nothing left as the English."""
from __future__ import annotations

import json
from dataclasses import fields
from datetime import datetime, timezone

import pytest

from cardlab import i18n, lesson
from cardlab.actions import Call
from cardlab.cards import Card
from cardlab.games import GAMES, get_rules
from cardlab.progress import EMPTY, ProgressError, parse
from cardlab.scenario import MAX_BYTES
from cardlab.widgets.share import ShareBar
from cardlab.widgets.table import option_menus, rules_summary
from tests.i18n_misses import missed

LANGS = ("fr", "it")
NOW = 1_800_000_000.0


@pytest.mark.parametrize("lang", LANGS)
def test_the_landing_table_of_the_games_is_said_in_the_language(lang: str) -> None:
    english = lesson.games()
    with missed(lang) as lost:
        shown = lesson.games()
    assert lost == []
    for words in ("The games", ">Game<", ">Where<", ">Pack<", "Italy", "western France", "Germany and America",
                  "48-card pack", "32-card pack"):
        assert words in english.html and words not in shown.html, words
    for game in GAMES.values():
        assert game.title in shown.text
    assert len(shown.text.splitlines()) == len(english.text.splitlines()) == len(GAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_of_another_pack_is_refused_naming_the_pack_in_the_language(lang: str) -> None:
    tressette = get_rules("tressette")
    with missed(lang) as lost:
        with pytest.raises(ValueError) as refused:
            tressette.pack.parse("QH")
    assert lost == [] and "Italian 40-card pack" not in str(refused.value)


def _upload(bar: ShareBar, name: str, content: bytes, size: int | None = None) -> None:
    bar.upload.value = ({"name": name, "type": "application/json", "size": len(content) if size is None else size,
                         "content": memoryview(content), "last_modified": datetime.now(timezone.utc)},)


@pytest.mark.parametrize("lang", LANGS)
def test_the_share_bar_refuses_in_the_language(lang: str) -> None:
    with i18n.speaking(lang):
        bar = ShareBar("table")
    english = ShareBar("table")
    said: list[str] = []
    with missed(lang) as lost:
        for shown in (bar, english):
            shown.view.restore = "zAAAA"
            said.append(shown.message)
            _upload(shown, "notes.json", b"not json at all")
            said.append(shown.message)
            _upload(shown, "big.json", b"{}", size=MAX_BYTES + 1)
            said.append(shown.message)
            shown.view.too_large = {"name": "huge.json", "size": MAX_BYTES + 5}
            said.append(shown.message)
    # the English bar was made outside the block: it keeps English words, but the sentences are said
    # when the refusal happens, in the language spoken then
    assert lost == []
    assert all(said[:4]) and said[:4] == said[4:]
    assert "could not be restored" not in said[0]
    assert "was not opened" not in said[1]
    assert "more than a scenario may" not in said[2] and "notes.json" in said[1] and "big.json" in said[2]
    assert "huge.json" in said[3]
    english = ShareBar("table")
    english.view.restore = "zAAAA"
    assert english.message.startswith("The table in this page's address could not be restored.")
    _upload(english, "good.json", json.dumps({"format": "cardlab-scenario/1", "game": "tressette",
                                              "seed": 3}).encode())
    with i18n.speaking(lang):
        bar = ShareBar("table")
        with missed(lang) as lost:
            _upload(bar, "good.json", json.dumps({"format": "cardlab-scenario/1", "game": "tressette",
                                                  "seed": 3}).encode())
    assert lost == [] and bar.message and not bar.message.startswith("Opened")


@pytest.mark.parametrize("lang", LANGS)
def test_the_progress_sentence_is_said_in_the_language(lang: str) -> None:
    progress = EMPTY.record("tressette", "thirds", True, NOW).record("tressette", "follow-suit", False, NOW)
    cases = [EMPTY.summary("vache", NOW), progress.summary("tressette", NOW),
             progress.summary("tressette", NOW + 10 ** 9)]
    english = [summary.sentence() for summary in cases]
    with missed(lang) as lost:
        said = [summary.sentence() for summary in cases]
    assert lost == []
    assert all(a != b for a, b in zip(said, english)), said
    assert all(word not in " ".join(said) for word in ("concepts", "review", "tried"))


HOSTILE = ["[1, 2]", "{", '{"format": "chess", "marks": {}}', '{"format": "cardlab.progress/1", "marks": {}, "x": 1}',
           '{"format": "cardlab.progress/1", "marks": {"chess/mate": {}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/flying": {}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/thirds": {}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/thirds": {"box": 9, "right": 0, "wrong": 0, '
           '"seen": 1, "due": 1}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/thirds": {"box": 1, "right": -1, "wrong": 0, '
           '"seen": 1, "due": 1}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/thirds": {"box": 1, "right": 0, "wrong": 0, '
           '"seen": NaN, "due": 1}}}',
           '{"format": "cardlab.progress/1", "marks": {"tressette/thirds": {"box": 1, "right": 0, "wrong": 0, '
           '"seen": -5, "due": 1}}}',
           "[" * 100 + "]" * 100, " " * (2 ** 20)]


def _refusal(text: str) -> str:
    with pytest.raises(ProgressError) as refused:
        parse(text)
    return str(refused.value)


@pytest.mark.parametrize("lang", LANGS)
def test_a_progress_file_is_refused_in_the_language(lang: str) -> None:
    english = [_refusal(text) for text in HOSTILE]
    with missed(lang) as lost:
        said = [_refusal(text) for text in HOSTILE]
        with pytest.raises(ProgressError) as bad_game:
            EMPTY.record("chess", "mate", True, NOW)
    assert lost == []
    assert [a for a, b in zip(said, english) if a == b] == []
    assert "is not a game here" not in str(bad_game.value)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_menus_say_their_choices_in_the_language(lang: str, game: str) -> None:
    rules = get_rules(game)
    english = {name: [label for label, _ in menu.options] for name, menu in option_menus(rules).items()}
    with missed(lang) as lost:
        said = {name: [label for label, _ in menu.options] for name, menu in option_menus(rules).items()}
    assert lost == []
    for field in fields(rules.Options):
        for choice, word, shown in zip(field.metadata["choices"], english[field.name], said[field.name]):
            if isinstance(choice, str) and any(c.isalpha() for c in choice):
                assert "_" not in word and word != shown, (field.name, choice, word)
                assert word in field.metadata["choice_words"].values()


def test_the_rules_summary_names_a_changed_choice_in_the_language() -> None:
    rules = get_rules("aluette", match="first_to_5", chant_recipients="partner_and_left")
    assert "first side to 5" in rules_summary(rules) and "partner" in rules_summary(rules)
    with missed("fr") as lost:
        said = rules_summary(rules)
    assert lost == [] and "first" not in said and "partner" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_la_vache_names_its_ranks_in_the_plural_of_the_language(lang: str) -> None:
    vache = get_rules("vache")
    ranks = sorted({card.rank for card in vache.pack.cards})
    english = {rank: vache.class_name(Card(rank, "S")) for rank in ranks}
    assert english["K"] == "kings" and english["Kn"] == "knights" and english["7"] == "sevens"
    with missed(lang) as lost:
        said = {rank: vache.class_name(Card(rank, "S")) for rank in ranks}
        table = lesson.classes("vache")
    assert lost == []
    for rank in ("A", "K", "Kn", "J"):
        assert said[rank] != english[rank] and not said[rank].endswith("s" if lang == "it" else "xx"), said
    assert "kings" not in table.text and "knights" not in table.html


@pytest.mark.parametrize("lang", LANGS)
def test_aluettes_gestures_are_said_in_the_language(lang: str) -> None:
    english = lesson.gestures()
    with missed(lang) as lost:
        said = lesson.gestures()
        rules = get_rules("aluette", signals="open")
        described = rules.describe(Call("S", "signals borgne"))
    assert lost == [] and described != get_rules("aluette", signals="open").describe(Call("S", "signals borgne"))
    for words in ("a wink", "the thumb", "an ace", "mouth open"):
        assert words in english.text and words not in said.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_book_and_the_progress_panel_speak_the_language(lang: str) -> None:
    from cardlab.widgets import ProgressPanel, Stepper
    from cardlab.widgets.progress import Keeper
    keeper = Keeper(clock=lambda: NOW + 10 ** 8)
    keeper.found(EMPTY.record("tressette", "follow-suit", False, NOW).to_json())
    with missed(lang) as lost:
        book = Stepper(lesson.ceremony_steps(seed=68))
        panel = ProgressPanel("tressette", keeper=keeper)
    assert lost == []
    assert "Back" not in book.back_button.description and "Forward" not in book.forward_button.description
    assert "Step" not in book.step_label.value
    row = panel.view.shown[0]
    assert row["due_concepts"] and row["due_concepts"][0]["title"] != "Follow suit"
    assert "concepts learnt" not in panel.view.words["learnt"]
