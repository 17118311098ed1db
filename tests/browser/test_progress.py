"""The learner's progress in a real Chromium: a quiz answer and a guided step are
kept in the browser across a reload and shown on the landing page of another tab; saved to a file,
the store cleared, the file loaded: the progress is back; a hostile or too large file is refused
with one sentence and changes nothing.  What the page must show is asked of the engine (a mirror
quiz and guide built here), never typed in.  Screenshots of the panel at the project's sizes go to
``test-artifacts/progress-*.png`` to be looked at.  The last test does it on the static site (slow:
it builds the site once, as tests/browser/test_static_site.py does).

The panels, the quiz and the guided hand are on ``tests/browser/notebooks/games_progress_*.ipynb``,
built as the lessons build them (Tressette's panel and quiz; Quadrille's panel and guided hand; the
landing page's panel of every game; ``tests/test_games_harness.py`` holds them to the same calls),
rendered by Voilà's server extension inside the ``lab_url`` server (one origin, one store)."""
from __future__ import annotations

import json
import sys

import pytest
from playwright.sync_api import Page, expect

from cardlab.actions import Play
from cardlab.progress import DAY, EMPTY, MAX_BYTES, parse
from cardlab.tutorial import Guide, builtin, learner_steps
from cardlab.widgets import Quiz
from cardlab.widgets.progress import Keeper, STORE_KEY
from tests.browser.test_quiz import answer
from tests.servers import LOOPBACK, Server, free_port, shot
from tests.test_static import built_site

WAIT = 60_000
"""Milliseconds to wait for a state: the machine running the tests may be busy."""
PANEL = ".cardlab-progress-view"
KERNEL_MS = 240_000
"""Milliseconds for the static site's Pyodide, IPython and lesson cells to come up in the page."""


def stored(page: Page) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", STORE_KEY)


def wait_stored(page: Page, key: str) -> dict:
    """The store once it holds a mark for ``key`` ("game/concept")."""
    page.wait_for_function("([store, key]) => (localStorage.getItem(store) || '').includes(key)",
                           arg=[STORE_KEY, key], timeout=WAIT)
    return json.loads(stored(page) or "{}")


def seen(page: Page, game: str) -> str:
    return f'{PANEL} [data-game="{game}"] .cardlab-progress-bar'


def open_games(page: Page, lab_url: str, name: str) -> None:
    """``tests/browser/notebooks/games_progress_<name>.ipynb``, once its panel is drawn."""
    page.goto(f"{lab_url}/voila/render/tests/browser/notebooks/games_progress_{name}.ipynb", timeout=180_000)
    page.wait_for_selector(f"{PANEL} .cardlab-progress-game", timeout=180_000)


def test_a_quiz_answer_is_kept_across_a_reload_and_restored_from_a_saved_file(page, lab_url: str,
                                                                             tmp_path) -> None:
    mirror = Quiz("tressette", progress=Keeper())
    question = mirror.question
    assert question is not None and question.concepts
    open_games(page, lab_url, "quiz")
    bar = page.locator(seen(page, "tressette"))
    expect(bar).to_have_attribute("aria-valuenow", "0", timeout=WAIT)
    quiz = page.locator(".cardlab-quiz").first
    quiz.wait_for(timeout=180_000)               # the page's cells run in order, the panel's first
    quiz.scroll_into_view_if_needed()
    answer(quiz, mirror, question.answer)
    expect(quiz.locator(".cardlab-quiz-feedback .right")).to_be_visible(timeout=WAIT)
    mirror.submit(question.answer)
    kept = wait_stored(page, f"tressette/{question.concepts[0]}")
    assert parse(json.dumps(kept)).marks.keys() == mirror.progress.progress.marks.keys()
    sentence = mirror.progress.progress.summary("tressette", mirror.progress.clock()).sentence()
    expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(sentence)

    page.reload(timeout=180_000)
    expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(
        sentence, timeout=WAIT)

    with page.expect_download(timeout=WAIT) as saving:
        page.locator(PANEL).get_by_role("button", name="Save progress").click()
    assert saving.value.suggested_filename == "cardlab-progress.json"
    saved = tmp_path / "cardlab-progress.json"
    saving.value.save_as(saved)
    assert parse(saved.read_text(encoding="utf-8")).marks.keys() == mirror.progress.progress.marks.keys()

    page.evaluate("() => localStorage.clear()")
    page.reload(timeout=180_000)
    empty = EMPTY.summary("tressette", 0).sentence()
    expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(
        empty, timeout=WAIT)
    assert stored(page) is None

    field = page.locator(f"{PANEL} .cardlab-progress-file")
    field.set_input_files(str(saved))
    expect(page.locator(f"{PANEL} .cardlab-progress-status")).to_contain_text("Loaded cardlab-progress.json",
                                                                             timeout=WAIT)
    expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(sentence)
    wait_stored(page, f"tressette/{question.concepts[0]}")

    before = stored(page)
    status = page.locator(f"{PANEL} .cardlab-progress-status")
    field.set_input_files({"name": "<b>evil</b>.json", "mimeType": "application/json",
                           "buffer": b"[" * 5_000})
    expect(status).to_contain_text("<b>evil</b>.json was not loaded", timeout=WAIT)
    assert status.locator("b").count() == 0
    field.set_input_files({"name": "huge.json", "mimeType": "application/json",
                           "buffer": b" " * (MAX_BYTES + 1)})
    expect(status).to_contain_text("more than a progress file may", timeout=WAIT)
    expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(sentence)
    assert stored(page) == before


def test_a_guided_step_shows_on_the_landing_page_of_another_tab_and_after_a_reload(page, lab_url: str) -> None:
    landing = page.context.new_page()
    open_games(landing, lab_url, "landing")
    expect(landing.locator(f'{PANEL} [data-game="quadrille"] .cardlab-progress-bar')).to_have_attribute(
        "aria-valuemax", str(EMPTY.summary("quadrille", 0).total), timeout=WAIT)

    guide = Guide(builtin("quadrille"))
    guide.start()
    step = guide.step
    assert step is not None and step.concepts
    open_games(page, lab_url, "guide")
    box = page.locator(".cardlab-tutorial").first
    box.wait_for(timeout=180_000)
    box.scroll_into_view_if_needed()
    box.get_by_role("button", name="Start the guided hand").click()
    expect(box.locator(".cardlab-tutorial-step")).to_contain_text("Step 1 of", timeout=WAIT)
    action = guide.line[learner_steps(guide.tutorial, guide.line)[0]]
    rules = guide.session.rules
    if isinstance(action, Play):
        box.locator(f".cardlab-board g.hand.viewer [data-card='{action.card}']").click()
    else:
        box.locator(".cardlab-calls").get_by_role("button", name=rules.describe(action), exact=True).click()
    expect(box.locator(".cardlab-tutorial-step")).to_contain_text("Step 2 of", timeout=WAIT)
    keeper = Keeper()
    keeper.record("quadrille", step.concepts, True)
    sentence = keeper.progress.summary("quadrille", keeper.clock()).sentence()
    wait_stored(page, f"quadrille/{step.concepts[0]}")
    expect(page.locator(f'{PANEL} [data-game="quadrille"] .cardlab-progress-sentence')).to_have_text(sentence)
    # the other tab hears of it by the storage event, and draws it
    expect(landing.locator(f'{PANEL} [data-game="quadrille"] .cardlab-progress-sentence')).to_have_text(
        sentence, timeout=WAIT)
    landing.goto("about:blank")      # Voilà's beacon shuts the tab's kernel down
    landing.close()

    page.reload(timeout=180_000)
    expect(page.locator(f'{PANEL} [data-game="quadrille"] .cardlab-progress-sentence')).to_have_text(
        sentence, timeout=WAIT)
    shot(page.locator(PANEL), "progress-quadrille-panel")


@pytest.mark.slow
def test_the_static_site_keeps_progress_in_the_browser_too(page) -> None:
    """In the site built by Voici (Pyodide, no server behind the page): a kept store is read, and a
    quiz answer is written back to it."""
    site = built_site()
    port = free_port()
    server = Server("static-progress", [sys.executable, "-m", "http.server", "--bind", LOOPBACK,
                                        "--directory", str(site), str(port)], f"http://{LOOPBACK}:{port}")
    try:
        # a store kept by an earlier visit to the site: written from a blank page of the same origin
        # (one Pyodide page load the less than writing it from the lesson and reloading)
        earlier = server.url + "/an-earlier-visit"
        page.route(earlier, lambda route: route.fulfill(body="<!doctype html><title>earlier</title>",
                                                        content_type="text/html"))
        page.goto(earlier)
        kept = EMPTY.record("tressette", "points", False, 1_700_000_000)
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORE_KEY, kept.to_json()])
        page.goto(server.url + "/voici/render/tressette.html")
        page.wait_for_selector(f"{PANEL} .cardlab-progress-game", timeout=KERNEL_MS)
        expect(page.locator(f'{PANEL} [data-game="tressette"] .cardlab-progress-sentence')).to_have_text(
            kept.summary("tressette", 1_700_000_000 + DAY).sentence(), timeout=KERNEL_MS)

        mirror = Quiz("tressette", progress=Keeper())
        question = mirror.question
        assert question is not None and question.concepts
        quiz = page.locator(".cardlab-quiz").first
        quiz.scroll_into_view_if_needed()
        expect(quiz.locator(".cardlab-quiz-question")).to_have_text(question.question, timeout=KERNEL_MS)
        answer(quiz, mirror, question.answer)
        expect(quiz.locator(".cardlab-quiz-feedback .right")).to_be_visible(timeout=KERNEL_MS)
        marks = wait_stored(page, f"tressette/{question.concepts[0]}")["marks"]
        assert "tressette/points" in marks
    finally:
        page.goto("about:blank")
        server.stop()
