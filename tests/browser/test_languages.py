"""The kit in French and Italian in the served app (issue 24): the language is in the address.

A learner opens the landing page, switches to French on its language line, opens the Tressette
lesson and has a card refused, in French. A learner on the Italian lesson copies the table's link;
opened in a new browser, the link is still the Italian page and the refusal comes in Italian. Each
page says its language in ``<html lang>`` and has its own title. JupyterLab runs a French lesson in
French too. The sentences expected are the
engine's own, said in that language (``i18n.speaking``); the titles are the notebooks' metadata.
"""
from __future__ import annotations

import json

from playwright.sync_api import Locator, Page, expect

from cardlab import Play, i18n
from cardlab.players import LEVELS
from tests.browser.test_tressette import SEED, engine_after
from tests.servers import REPO

KERNEL_MS = 180_000  # a translated page runs its cells when opened (no preheated kernel), on a busy machine
FREE_GAME = ".cardlab-table"   # the lesson's last table: the free game
# Scroll to the end of the lesson, as a learner does, until its free-game table is drawn there.
TO_THE_FREE_GAME = """(selector) => {
    const cells = document.querySelector("#rendered_cells");
    if (cells) cells.scrollTop = cells.scrollHeight;
    const tables = document.querySelectorAll(selector);
    return tables.length > 0 && tables[tables.length - 1].getBoundingClientRect().height > 0;
}"""


def title(notebook: str) -> str:
    return json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))["metadata"]["title"]


def expect_page_in(page: Page, lang: str, notebook: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page).to_have_title(title(notebook))


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


def refused_in(table: Locator, lang: str) -> None:
    """Click a card South may not play; the table's message is the engine's refusal in ``lang``."""
    rules, state = engine_after()
    led = state.trick.plays[0][1]
    expect(table.locator(f".cardlab-board g.trick [data-card='{led}']")).to_be_attached(timeout=KERNEL_MS)
    refused = next(card for card in state.hand("S") if card not in rules.legal_cards(state, "S"))
    table.locator(f".cardlab-board g.hand.viewer [data-card='{refused}']").click()
    with i18n.speaking(lang):
        sentence = rules.why_illegal(state, Play("S", refused))
    with i18n.speaking("en"):
        assert sentence != rules.why_illegal(state, Play("S", refused)), f"the catalog has no {lang} refusal"
    expect(table.locator(".cardlab-message")).to_have_text(sentence, timeout=KERNEL_MS)


def test_landing_page_switches_to_french_and_the_lesson_refuses_in_french(page, voila_url):
    page.set_default_timeout(KERNEL_MS)
    page.goto(voila_url + "/")
    expect(page).to_have_url(voila_url + "/voila/render/index.ipynb")
    expect_page_in(page, "en", "index.ipynb")

    language_link(page, "français").click()
    expect(page).to_have_url(voila_url + "/voila/render/fr/index.ipynb")
    expect_page_in(page, "fr", "fr/index.ipynb")

    page.locator("#rendered_cells .jp-RenderedMarkdown a[href='tressette.ipynb']").first.click()
    expect(page).to_have_url(voila_url + "/voila/render/fr/tressette.ipynb")
    expect_page_in(page, "fr", "fr/tressette.ipynb")
    refused_in(deal_the_free_game(page), "fr")


def test_a_shared_link_from_an_italian_lesson_opens_in_italian(page, fresh_page, voila_url):
    page.set_default_timeout(KERNEL_MS)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(voila_url + "/voila/render/tressette.ipynb")
    language_link(page, "italiano").click()
    expect(page).to_have_url(voila_url + "/voila/render/it/tressette.ipynb")
    expect_page_in(page, "it", "it/tressette.ipynb")
    table = deal_the_free_game(page)
    refused_in(table, "it")

    table.locator(".cardlab-copy-link").click()
    expect(table.locator(".cardlab-share-status")).not_to_be_empty(timeout=KERNEL_MS)
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(voila_url + "/voila/render/it/tressette.ipynb#"), link

    shared = fresh_page()      # another learner: a browser of their own
    shared.set_default_timeout(KERNEL_MS)
    shared.goto(link)
    expect_page_in(shared, "it", "it/tressette.ipynb")
    refused_in(shared.locator(FREE_GAME).last, "it")
    shared.goto("about:blank")  # Voilà shuts the page's kernel down when the page is left


def test_jupyterlab_runs_a_french_lesson_in_french(open_lab):
    page = open_lab("fr/tressette", wait_for=FREE_GAME)
    table = page.locator(FREE_GAME).last
    table.scroll_into_view_if_needed()
    refused_in(dealt(table), "fr")
