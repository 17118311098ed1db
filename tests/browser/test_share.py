"""The ShareBar in a real Chromium: the page address follows the table, a fresh page opened at that
address sends it back to the kernel once, "Download scenario" saves a file the engine reads,
"Open scenario…" reaches the table (or says why not), and "Copy link" copies the address or, when
the clipboard is refused, shows it selected in a field.

The page is ``tests/browser/notebooks/share.ipynb`` (a ShareBar with key ``demo`` standing in for
a table), rendered by Voilà's server extension inside the ``lab_url`` server, which serves the
repository (the app's own server serves ``notebooks/`` only)."""
from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from cardlab.scenario import builtin, loads
from cardlab.widgets.address import encode

pytestmark = pytest.mark.slow

SCENARIO = builtin("tressette-thirds")
PAGE = "/voila/render/tests/browser/notebooks/share.ipynb"


@pytest.fixture
def share_url(lab_url: str) -> str:
    return lab_url + PAGE


def open_share(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_selector(".cardlab-copy-link", state="visible", timeout=60_000)
    return page


def fragment(page: Page) -> str:
    return urlsplit(page.url).fragment


def leave(page: Page) -> None:
    """Navigate away so Voilà shuts the page's kernel down (its beforeunload beacon), then close the page's context."""
    page.goto("about:blank")
    page.context.close()


def settled(page: Page) -> None:
    """Wait for a round trip through the kernel: whatever the kernel sent before it has reached the page."""
    pings = page.locator(".share-line", has_text=re.compile("^ping$"))
    before = pings.count()
    page.click(".share-ping")
    expect(pings).to_have_count(before + 1)


def test_the_address_follows_the_table_and_restores_it_in_a_fresh_page(page, fresh_page, share_url):
    open_share(page, share_url)
    expect(page).to_have_url(f"{share_url}#demo={encode(SCENARIO, 0)}")
    page.click(".share-step")
    step3 = encode(SCENARIO, 3)
    expect(page).to_have_url(f"{share_url}#demo={step3}")
    expect(page.locator(".share-line")).to_have_count(0)     # writing is not restoring

    fresh = fresh_page()
    try:
        open_share(fresh, f"{share_url}#other=kept&demo={step3}")
        lines = fresh.locator(".share-line")
        expect(lines).to_have_text([f"restore tressette step 3 {step3}"])
        settled(fresh)
        expect(lines).to_have_text([f"restore tressette step 3 {step3}", "ping"])  # sent back once
        assert fragment(fresh) == f"other=kept&demo={step3}"  # the other table's key is kept

        step5 = encode(SCENARIO, 5)                           # a link pasted over this page's own
        fresh.evaluate(f"location.hash = 'other=kept&demo={step5}'")
        expect(lines).to_have_text([f"restore tressette step 3 {step3}", "ping", f"restore tressette step 5 {step5}"])
        fresh.evaluate(f"location.hash = 'other=kept&demo={step3}'")
        expect(lines).to_have_count(4)
        expect(lines.last).to_have_text(f"restore tressette step 3 {step3}")
    finally:
        leave(fresh)


def test_a_link_pasted_while_the_kernel_answers_is_restored_next_not_overwritten(page, share_url):
    open_share(page, share_url)
    step5, step0 = encode(SCENARIO, 5), encode(SCENARIO, 0)
    # the page's own link is pasted back just after the first one's hashchange, before the kernel
    # answers: it matches the table the browser knows, but not the one the answer brings
    page.evaluate("""([first, second]) => {
        addEventListener("hashchange", () => setTimeout(() => { location.hash = second; }, 0), {once: true});
        location.hash = first;
    }""", [f"demo={step5}", f"demo={step0}"])
    lines = page.locator(".share-line")
    expect(lines).to_have_text([f"restore tressette step 5 {step5}", f"restore tressette step 0 {step0}"])
    expect(page).to_have_url(f"{share_url}#demo={step0}")
    settled(page)
    expect(lines).to_have_count(3)
    assert fragment(page) == f"demo={step0}"


def test_a_bad_address_is_refused_with_a_sentence_and_replaced(page, share_url):
    open_share(page, f"{share_url}#demo=zBROKEN")
    sentence = ("The table in this page's address could not be restored. "
                "This link is damaged: it was cut or changed.")
    expect(page.locator(".share-line")).to_have_text([f"error {sentence}"])
    expect(page.locator(".cardlab-share-message")).to_have_text(sentence)
    expect(page).to_have_url(f"{share_url}#demo={encode(SCENARIO, 0)}")


def test_a_fragment_that_is_not_ours_is_left_alone(page, share_url):
    open_share(page, f"{share_url}#Heading-1")
    page.click(".share-step")
    settled(page)
    assert fragment(page) == "Heading-1"


def test_download_saves_a_scenario_file_the_engine_reads(page, share_url):
    open_share(page, share_url)
    with page.expect_download() as info:
        page.click(".cardlab-download")
    download = info.value
    assert download.suggested_filename == "tressette-deal.json"
    with open(download.path(), encoding="utf-8") as saved:
        assert loads(saved.read()) == SCENARIO


def choose_file(page: Page, name: str, content: bytes) -> None:
    with page.expect_file_chooser() as chooser:
        page.click(".cardlab-open")
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": content})


def test_an_uploaded_scenario_reaches_the_table(page, share_url):
    open_share(page, share_url)
    expect(page.get_by_role("button", name="Open scenario…", exact=True)).to_have_count(1)
    other = builtin("quadrille-vole")
    choose_file(page, "vole.json", json.dumps(other.to_json()).encode("utf-8"))
    expect(page.locator(".share-line")).to_have_text([f"open quadrille {encode(other, len(other.actions))}"])
    expect(page.locator(".cardlab-share-message")).to_have_text("Opened vole.json.")


def test_a_bad_file_shows_a_sentence_as_text(page, share_url):
    open_share(page, share_url)
    choose_file(page, "<b>bad</b>.json", b"{not json")
    message = page.locator(".cardlab-share-message")
    expect(message).to_contain_text("<b>bad</b>.json was not opened. The scenario is not valid JSON")
    expect(message.locator("b")).to_have_count(0)
    expect(page.locator(".share-line")).to_have_count(1)
    expect(page.locator(".share-line").first).to_contain_text("error <b>bad</b>.json was not opened.")


def test_copy_link_puts_the_address_on_the_clipboard(page, share_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_share(page, share_url)
    page.click(".share-step")
    expect(page).to_have_url(f"{share_url}#demo={encode(SCENARIO, 3)}")
    page.click(".cardlab-copy-link")
    expect(page.locator(".cardlab-share-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    expect(page.locator(".cardlab-link-field")).to_be_hidden()


REFUSED_CLIPBOARD = {
    # the browser says no (permission refused, page not focused)
    "refused": "if (navigator.clipboard) navigator.clipboard.writeText = () => Promise.reject(new Error('no'));",
    # http on a host other than localhost: no navigator.clipboard at all
    "absent": "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });",
}


@pytest.mark.parametrize("how", sorted(REFUSED_CLIPBOARD))
def test_a_refused_clipboard_shows_the_link_selected(page, share_url, how):
    page.add_init_script(REFUSED_CLIPBOARD[how])
    open_share(page, share_url)
    page.click(".cardlab-copy-link")
    field = page.locator(".cardlab-link-field")
    expect(field).to_be_visible()
    expect(field).to_have_value(page.url)
    expect(field).to_be_focused()
    assert field.evaluate("f => [f.selectionStart, f.selectionEnd]") == [0, len(page.url)]
    expect(page.locator(".cardlab-share-status")).to_have_text("Press Ctrl+C (⌘C on a Mac) to copy this link:")


def test_in_jupyterlab_the_address_is_written_and_the_lab_keeps_working(open_lab, lab_url):
    # open_lab opens notebooks/<name>; the browser resolves the ".." to this test's notebook
    page = open_lab("../tests/browser/notebooks/share", wait_for=".cardlab-copy-link")
    lab_page = f"{lab_url}/lab/tree/tests/browser/notebooks/share.ipynb"
    expect(page).to_have_url(f"{lab_page}#demo={encode(SCENARIO, 0)}")
    page.click(".share-step")
    expect(page).to_have_url(f"{lab_page}#demo={encode(SCENARIO, 3)}")
    page.locator("#jp-MainMenu .lm-MenuBar-item", has_text="File").first.click()   # the lab still answers
    expect(page.get_by_role("menuitem", name="Rename Notebook…", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")).to_be_visible()
