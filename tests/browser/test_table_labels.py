"""Every control of the lesson table shows its label whole (issue 34 §7): « Télécharger le scén… »,
« Ouvrir un scénario… (0) », « Apri uno scenario… (0) » were cut.  One page visit per language, the
viewport resized in the page to 1366, 1024 and 390 px, then presenter mode at 1024; each button, label and menu of a free
Quadrille table (the game with the longest menus) has room for its words: a text box's
``scrollWidth`` within its ``clientWidth``, a menu's chosen option within the menu's inner width,
and nothing drawn over a button's or menu's lower edge (§18: the Pace menu under the Rules bar at
390 px)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from cardlab.tutorial import builtin
from tests.browser.table_page import open_tables, settle, tables_url

SIZES = ((1366, 768), (1024, 768), (390, 844))
SLOW_MS = 180_000

CUT_JS = """table => {
    const canvas = document.createElement('canvas').getContext('2d');
    const cut = [];
    const shown = el => el.offsetParent !== null && el.getClientRects().length > 0;
    for (const el of table.querySelectorAll('button, label, .widget-label, .widget-label-basic, .lm-TabBar-tabLabel, .jupyter-widget-Collapse-header, .p-Collapse-header')) {
        if (!shown(el) || !el.textContent.trim() || el.closest('.cardlab-svg-board')) continue;
        if (el.scrollWidth > el.clientWidth + 1) cut.push(`${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    for (const el of table.querySelectorAll('select')) {
        if (!shown(el) || el.multiple) continue;
        const style = getComputedStyle(el);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = el.selectedOptions.length ? el.selectedOptions[0].text : '';
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const need = canvas.measureText(text).width;
        if (need > room + 1) cut.push(`${text} (${Math.round(need)} > ${Math.round(room)})`);
    }
    for (const el of table.querySelectorAll('select, button')) {     // nothing drawn over a control's lower edge
        const box = el.getBoundingClientRect();
        if (!shown(el) || box.bottom > innerHeight || box.top < 0) continue;
        const top = document.elementFromPoint(box.x + box.width / 2, box.bottom - 2);
        if (top && !el.contains(top)) cut.push(`${el.tagName === 'SELECT' ? el.selectedOptions[0]?.text : el.textContent.trim()} under ${top.className || top.tagName}`);
    }
    return cut;
}"""


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_table_control_shows_its_whole_label(page: Page, lab_url: str, lang: str) -> None:
    page.set_default_timeout(SLOW_MS)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    table, = open_tables(page, lab_url, "quadrille", lang=lang, timeout_ms=SLOW_MS)
    cut = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(table)
        found = table.evaluate(CUT_JS)
        if found:
            cut[width] = found
    page.set_viewport_size({"width": 1024, "height": 768})       # a projector's, in presenter mode
    table.locator(".cardlab-presenter-toggle").click()
    expect(table).to_have_class(re.compile("cardlab-presenter"))
    settle(table)
    found = table.evaluate(CUT_JS)
    if found:
        cut["presenter"] = found
    assert not cut, f"{lang}: labels cut, by page width: {cut}"


IN_VIEW_JS = """() => {
    const board = document.querySelector('.cardlab-tutorial .cardlab-svg-board svg');
    if (!board) return false;
    const box = board.getBoundingClientRect();
    return box.height > 100 && box.top >= -1 && box.bottom <= innerHeight + 1;
}"""


def test_the_guided_hand_brings_its_whole_board_into_view(page: Page, lab_url: str) -> None:
    """§13: Start (below the fold, as in a lesson) brings the board, trick and hand, into view at
    1366 x 768; at 390 x 844, after a card the board is whole in view again (no scrolling to see
    the trick and back to play)."""
    page.set_default_timeout(SLOW_MS)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(tables_url(lab_url, tutorial="tressette"), timeout=SLOW_MS)
    start = page.locator(".cardlab-tutorial-start")
    start.click()
    page.wait_for_function(IN_VIEW_JS, polling=150, timeout=SLOW_MS)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('.cardlab-tutorial .cardlab-svg-board svg')"
                           ".getBoundingClientRect().width < 400", polling=150)
    page.locator(".cardlab-tutorial .cardlab-tutorial-words").scroll_into_view_if_needed()
    page.locator(f".cardlab-tutorial g.hand.viewer [data-card='{builtin('tressette').steps[0].look}']").click()
    page.wait_for_function(IN_VIEW_JS, polling=150, timeout=SLOW_MS)
