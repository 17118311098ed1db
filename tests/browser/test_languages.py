"""The kit in French and Italian in the served app (issue 24): the language is in the address.

A learner opens the landing page (the app's root leads there), switches to French on its language
line, opens the Tressette lesson and has a card refused, in French; that lesson's share bar and
progress panel draw their buttons in French, and in presenter mode at 1024 x 768 its control row
shows every control whole.  A learner on the Italian lesson reads its open-scenario button in
Italian, has a card refused in Italian, plays a card, steps back and copies the table's link: the
page's address is that link, and opened in a new browser it is still the Italian page, at the same
step with the same trick, and the refusal comes in Italian.  Each page says its language in
``<html lang>`` and has its own title.  JupyterLab runs a French lesson in French, and there, where
every drawing shares one document, face-down cards find their own back pattern.  The sentences
expected are the engine's own, said in that language (``i18n.speaking``); the titles are the
notebooks' metadata.  The words the kernel gives these buttons are checked without a browser in
``tests/test_pages_words.py``.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from cardlab import Play, i18n
from cardlab.players import LEVELS
from tests.browser.test_tressette import SEED, engine_after
from tests.servers import REPO, landing_title, shot

pytestmark = pytest.mark.slow

KERNEL_MS = 180_000  # a translated page runs its cells when opened (no preheated kernel), on a busy machine
FREE_GAME = ".cardlab-table"   # the lesson's last table: the free game
# Scroll to the end of the lesson, as a learner does, until its free-game table is drawn there.
TO_THE_FREE_GAME = """(selector) => {
    const cells = document.querySelector("#rendered_cells");
    if (cells) cells.scrollTop = cells.scrollHeight;
    const tables = document.querySelectorAll(selector);
    return tables.length > 0 && tables[tables.length - 1].getBoundingClientRect().height > 0;
}"""
# Every url(#id) and href="#id" of a board resolves inside its own SVG, and no id is used twice.
RESOLVES_JS = """() => {
    const broken = [], ids = new Map();
    for (const svg of document.querySelectorAll('.cardlab-board svg')) {
        for (const node of svg.querySelectorAll('[id]')) ids.set(node.id, (ids.get(node.id) || 0) + 1);
        for (const node of svg.querySelectorAll('[fill^="url(#"], [href^="#"]')) {
            const ref = (node.getAttribute('fill') || '').match(/^url\\(#(.+)\\)$/)?.[1]
                || node.getAttribute('href').slice(1);
            const target = document.getElementById(ref);
            if (!target || !svg.contains(target)) broken.push(ref);
        }
    }
    return {broken: broken.slice(0, 5), duplicated: [...ids].filter(([, n]) => n > 1).length,
            backs: document.querySelectorAll('.cardlab-board .card.back').length};
}"""
CARDS_JS = "cards => cards.map(c => c.getAttribute('data-card')).sort()"


def title(notebook: str) -> str:
    return json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))["metadata"]["title"]


def expect_page_in(page: Page, lang: str, notebook: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=KERNEL_MS)
    expect(page).to_have_title(title(notebook), timeout=KERNEL_MS)


def language_link(page: Page, word: str) -> Locator:
    """The language line's link to ``word`` ("français"): the first link of the page's text."""
    return page.locator("#rendered_cells .jp-RenderedMarkdown a", has_text=word).first


def deal_the_free_game(page: Page) -> Locator:
    """The lesson's last table, dealt (see :func:`dealt`)."""
    page.wait_for_function(TO_THE_FREE_GAME, arg=FREE_GAME, timeout=KERNEL_MS, polling=500)
    return dealt(page.locator(FREE_GAME).last)


def dealt(table: Locator) -> Locator:
    """Deal seed 0 against the beginner computer at ``table``; the computer plays round to South."""
    table.locator(".cardlab-level select").select_option(index=list(LEVELS).index("beginner"))
    table.locator(".cardlab-seed input").fill(str(SEED))
    table.locator(".cardlab-seed input").press("Enter")
    table.locator(".cardlab-deal").click()
    return table


def refused_in(table: Locator, lang: str, *plays: str) -> None:
    """Click a card South may not play after the deal and South's ``plays``; the table's message
    is the engine's refusal in ``lang``."""
    rules, state = engine_after(*plays)
    led = state.trick.plays[0][1]
    expect(table.locator(f".cardlab-board g.trick [data-card='{led}']")).to_be_attached(timeout=KERNEL_MS)
    refused = next(card for card in state.hand("S") if card not in rules.legal_cards(state, "S"))
    table.locator(f".cardlab-board g.hand.viewer [data-card='{refused}']").click()
    with i18n.speaking(lang):
        sentence = rules.why_illegal(state, Play("S", refused))
    with i18n.speaking("en"):
        assert sentence != rules.why_illegal(state, Play("S", refused)), f"the catalog has no {lang} refusal"
    expect(table.locator(".cardlab-message")).to_have_text(sentence, timeout=KERNEL_MS)


def step_of(lang: str) -> re.Pattern[str]:
    """The table's step line, "Passo 3 di 9", in ``lang``: the step and the count as groups."""
    with i18n.speaking(lang):
        words = i18n._("Step {number} of {count}")
    return re.compile(re.escape(words).replace(re.escape("{number}"), r"(\d+)").replace(re.escape("{count}"), r"(\d+)"))


def test_landing_page_switches_to_french_and_the_french_lesson_speaks_and_fits(page, voila_url):
    page.set_default_timeout(KERNEL_MS)
    page.goto(voila_url + "/")
    expect(page).to_have_url(voila_url + "/voila/render/index.ipynb")
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title(), timeout=KERNEL_MS)
    expect_page_in(page, "en", "index.ipynb")

    language_link(page, "français").click()
    expect(page).to_have_url(voila_url + "/voila/render/fr/index.ipynb")
    expect_page_in(page, "fr", "fr/index.ipynb")

    page.locator("#rendered_cells .jp-RenderedMarkdown a[href='tressette.ipynb']").first.click()
    expect(page).to_have_url(voila_url + "/voila/render/fr/tressette.ipynb")
    expect_page_in(page, "fr", "fr/tressette.ipynb")
    # the share bar's and the progress panel's buttons are drawn in French
    expect(page.locator(".cardlab-progress-save").first).to_have_text("Enregistrer la progression", timeout=KERNEL_MS)
    expect(page.locator(".cardlab-progress-load").first).to_have_text("Charger une progression…", timeout=KERNEL_MS)
    expect(page.locator(".cardlab-copy-link").first).to_have_text("Copier le lien", timeout=KERNEL_MS)
    expect(page.locator(".cardlab-download").first).to_have_text("Télécharger le scénario", timeout=KERNEL_MS)
    table = deal_the_free_game(page)
    refused_in(table, "fr")

    # presenter mode at 1024 x 768: the control row may wrap in French, where English keeps one
    # line (test_layout.py), but shows every control whole and stays above the Rules bar
    page.set_viewport_size({"width": 1024, "height": 768})
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile(r"\bcardlab-presenter\b"), timeout=KERNEL_MS)
    expect(table.locator(".cardlab-pace select")).to_be_visible(timeout=KERNEL_MS)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    shot(page, "last-words-presenter-fr-1024")
    controls = table.locator(".cardlab-setup").evaluate("""row => [...row.querySelectorAll('button, select, input')]
        .map(c => [c.closest('.widget-inline-hbox, .jupyter-button')?.className.match(/cardlab-[a-z-]+/)?.[0]
                   || c.tagName, c.getBoundingClientRect().left, c.getBoundingClientRect().right])""")
    assert len(controls) >= 5
    off = [(name, left, right) for name, left, right in controls if left < 0 or right > 1024 + 1]
    assert off == [], f"controls past the edge at 1024 px: {off}"
    setup, rules = table.locator(".cardlab-setup").bounding_box(), table.locator(".cardlab-rules").bounding_box()
    assert setup and rules and setup["y"] + setup["height"] <= rules["y"] + 1, "the row runs into the Rules bar"


def test_a_shared_link_from_an_italian_lesson_opens_in_italian_at_the_same_step(page, fresh_page, voila_url):
    page.set_default_timeout(KERNEL_MS)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(voila_url + "/voila/render/tressette.ipynb")
    language_link(page, "italiano").click()
    expect(page).to_have_url(voila_url + "/voila/render/it/tressette.ipynb")
    expect_page_in(page, "it", "it/tressette.ipynb")

    # the open-scenario button's text is drawn by share.css over ipywidgets' own (which carries a
    # file count): it must be the kernel's description, not an English word in the style sheet
    button = page.locator(".cardlab-share .cardlab-open").last
    expect(button).to_have_attribute("data-label", "Apri uno scenario…", timeout=KERNEL_MS)
    drawn = button.evaluate("b => getComputedStyle(b, '::before').content")
    assert "Apri uno scenario…" in drawn and "Open" not in drawn, drawn

    table = deal_the_free_game(page)
    refused_in(table, "it")

    # a card played, then one step back: the address now holds that step
    steps, step = step_of("it"), table.locator(".cardlab-step")
    before = step.inner_text()
    legal = table.locator(".cardlab-board g.hand.viewer [data-card].legal").first
    played = legal.get_attribute("data-card")
    legal.click()
    expect(step).not_to_have_text(before, timeout=KERNEL_MS)
    found = steps.search(step.inner_text())
    assert found, step.inner_text()
    last = int(found.group(2))
    table.locator(".cardlab-back").click()
    with i18n.speaking("it"):
        expect(step).to_contain_text(i18n._("Step {number} of {count}").format(
            number=i18n.number(last - 1), count=i18n.number(last)), timeout=KERNEL_MS)
    shown = step.inner_text()
    trick = table.locator(".cardlab-board g.trick [data-card]").evaluate_all(CARDS_JS)

    table.locator(".cardlab-copy-link").click()
    expect(table.locator(".cardlab-share-status")).not_to_be_empty(timeout=KERNEL_MS)
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(voila_url + "/voila/render/it/tressette.ipynb#"), link
    page.wait_for_function("link => location.href === link", arg=link, timeout=KERNEL_MS)  # the address bar's

    shared = fresh_page({"width": 1366, "height": 768})      # another learner: a browser of their own
    shared.set_default_timeout(KERNEL_MS)
    try:
        shared.goto(link)
        expect_page_in(shared, "it", "it/tressette.ipynb")
        again = shared.locator(FREE_GAME).last
        expect(again.locator(".cardlab-step")).to_have_text(shown, timeout=KERNEL_MS)
        again.evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(shared, "anywhere-restored")
        assert again.locator(".cardlab-board g.trick [data-card]").evaluate_all(CARDS_JS) == trick
        again.locator(".cardlab-forward").click()
        refused_in(again, "it", played)
    finally:
        shared.goto("about:blank")  # Voilà shuts the page's kernel down when the page is left


def test_jupyterlab_runs_a_french_lesson_in_french_and_face_down_cards_find_their_pattern(open_lab):
    page = open_lab("fr/tressette", wait_for=FREE_GAME)
    expect(page.locator(".cardlab-board svg").first).to_be_attached(timeout=KERNEL_MS)
    found = page.evaluate(RESOLVES_JS)
    assert found["backs"] > 0 and found["broken"] == [] and found["duplicated"] == 0, found
    table = page.locator(FREE_GAME).last
    table.scroll_into_view_if_needed()
    refused_in(dealt(table), "fr")
