"""The buttons the browser draws for the share bar and the progress panel get their words from the
kernel, in the language spoken when the view is made (issue 24)."""
from __future__ import annotations

from cardlab import i18n
from cardlab.widgets.progress import ProgressView
from cardlab.widgets.share import ShareBar


def test_the_share_bar_speaks_french() -> None:
    with i18n.speaking("fr"):
        bar = ShareBar("table")
    assert bar.view.words["copy"] == "Copier le lien"
    assert bar.view.words["download"] == "Télécharger le scénario"
    assert bar.upload.description == "Ouvrir un scénario…"


def test_the_progress_panel_speaks_italian() -> None:
    with i18n.speaking("it"):
        view = ProgressView()
    assert view.words["save"] == "Salva i progressi"
    assert view.words["load"] == "Carica i progressi…"
    assert view.words["review"] == "Ripassa"


def test_english_words_stay_as_they_were() -> None:
    assert ShareBar("table").view.words["copy"] == "Copy link"
    assert ProgressView().words["save"] == "Save progress"


def test_the_guided_hand_speaks_french() -> None:
    from cardlab.tutorial import builtin
    from cardlab.widgets.tutorial import Tutorial
    with i18n.speaking("fr"):
        guided = Tutorial("tressette")
        assert guided.start_button.description == "Commencer la donne guidée"
        assert builtin("tressette").intro not in guided.words.value
        assert i18n.written("tressette", builtin("tressette").intro)[:40] in guided.words.value
        guided.start()
    assert guided.start_button.description == "Recommencer"
    assert "à vous" in guided.step_line.value
    assert guided.look.value == "" or "Regardez" in guided.look.value
