"""The table anywhere it opens: a copied address restores the same table in a fresh page of the
served app, and in JupyterLab, where every drawing shares one document, face-down cards find
their own back pattern (every ``url(#id)`` and ``href="#id"`` resolves inside its own SVG)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.servers import ARTIFACTS

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


def test_a_copied_address_restores_the_same_table_in_a_fresh_page(open_voila, fresh_page, voila_url):
    page = open_voila("tressette", wait_for=".cardlab-table")
    table = page.locator(".cardlab-table").last
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    table.locator(".cardlab-board g.hand.viewer .card.legal").first.click()
    expect(table.locator(".cardlab-step")).not_to_contain_text("Step 2 of 2")
    page.wait_for_function("() => location.hash.includes('tressette')")
    before = page.evaluate("() => location.hash")
    last = int(table.locator(".cardlab-step").inner_text().split(" of ")[1].split()[0])
    table.locator(".cardlab-back").click()
    expect(table.locator(".cardlab-step")).to_contain_text(f"Step {last - 1} of {last}")
    step = table.locator(".cardlab-step").inner_text()
    page.wait_for_function("before => location.hash !== before", arg=before)
    address = page.url
    trick = sorted(table.locator(".cardlab-board g.trick [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('data-card'))"))

    fresh = fresh_page({"width": 1366, "height": 768})
    try:
        fresh.goto(address)
        again = fresh.locator(".cardlab-table").last
        expect(again.locator(".cardlab-step")).to_have_text(step, timeout=60_000)
        again.evaluate("el => el.scrollIntoView({block: 'start'})")
        ARTIFACTS.mkdir(exist_ok=True)
        fresh.screenshot(path=str(ARTIFACTS / "anywhere-restored.png"))
        assert sorted(again.locator(".cardlab-board g.trick [data-card]").evaluate_all(
            "cards => cards.map(c => c.getAttribute('data-card'))")) == trick
    finally:
        fresh.goto("about:blank")
        fresh.context.close()


def test_face_down_cards_find_their_pattern_in_jupyterlab(open_lab):
    page = open_lab("tressette", wait_for=".cardlab-table")
    expect(page.locator(".cardlab-board svg").first).to_be_attached()
    found = page.evaluate(RESOLVES_JS)
    assert found["backs"] > 0 and found["broken"] == [] and found["duplicated"] == 0, found
