"""What the browser tests of the French and Italian pages see, asked of the widgets without a
browser: the words the kernel gives the buttons the browser draws (the share bar, the progress panel,
the open-scenario button), the French signals trainer's drill, question and judgement of a wrong
answer and the French picture's "Play this" waking into a table, and a hostile scenario file's text
reaching a preview as text for the browser to show (``preview.js`` sets it as ``textContent``; the
table's captions are escaped in Python: ``tests/test_widgets.py``).  The browser cases that show the
page draws them are ``tests/browser/test_languages.py``, ``test_practice_languages.py`` and
``test_escaping.py``."""
from __future__ import annotations

import json
from html import escape
from pathlib import Path

from cardlab import i18n
from cardlab.practice.quiz_run import ONCE_MORE
from cardlab.practice.signals import gesture_drill
from cardlab.widgets import Preview, Table
from cardlab.widgets.practice import SignalsTrainer
from cardlab.widgets.progress import ProgressView
from cardlab.widgets.share import ShareBar

HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'


def test_a_french_lesson_gives_its_share_and_progress_buttons_french_words() -> None:
    with i18n.speaking("fr"):
        bar, progress = ShareBar("table"), ProgressView()
    assert (progress.words["save"], progress.words["load"]) == ("Enregistrer la progression", "Charger une progression…")
    assert (bar.view.words["copy"], bar.view.words["download"]) == ("Copier le lien", "Télécharger le scénario")


def test_an_italian_lesson_gives_its_open_scenario_button_italian_words() -> None:
    with i18n.speaking("it"):
        bar = ShareBar("table")
    assert bar.upload.description == "Apri uno scenario…"
    assert "cardlab-open" in bar.upload._dom_classes


def test_the_french_signals_trainer_asks_and_judges_in_french() -> None:
    with i18n.speaking("fr"):
        trainer = SignalsTrainer("aluette")
        drill = gesture_drill(0)
        drill_name, once_more = i18n._("Read a gesture"), i18n._(ONCE_MORE)
        assert trainer.drill_pick.label == drill_name
        assert trainer.question.value == f"<b>{escape(drill.question, quote=False)}</b>"
        wrong = next(label for label, value in drill.choices if not set(value.split(",")) & set(drill.answer))
        next(button for button in trainer.choices.children if button.description == wrong).click()
    assert escape(once_more, quote=False) in trainer.feedback.value


def test_a_french_picture_offers_play_this_in_french_and_wakes_into_a_table() -> None:
    with i18n.speaking("fr"):
        preview = Preview("aluette", scenario="aluette-spoiled-trick")
        play_this = i18n._("Play this")
        assert preview.view.words["play"] == play_this != "Play this"
        preview.view.woken = True
    assert any(isinstance(child, Table) for child in preview.children), preview.children


def test_hostile_scenario_text_reaches_a_preview_as_text(tmp_path: Path) -> None:
    path = tmp_path / "hostile-scenario.json"
    path.write_text(json.dumps({
        "format": "cardlab.scenario/1", "game": "tressette", "dealer": "N", "seed": 0,
        "actions": [f"W plays {HOSTILE}"], "notes": {"1": HOSTILE},
        "title": HOSTILE, "description": HOSTILE}), encoding="utf-8")
    preview = Preview("tressette", scenario=str(path))
    assert preview.view.title == HOSTILE
    assert list(preview.view.caption) == [HOSTILE]     # the description and the first note: one line
    assert preview.view.message == ""
