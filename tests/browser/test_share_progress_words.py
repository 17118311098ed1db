"""A French lesson page draws its share bar's and progress panel's buttons in French (issue 24)."""
from __future__ import annotations

from playwright.sync_api import expect

KERNEL_MS = 180_000  # a translated page runs its cells when opened, on a busy machine


def test_a_french_lesson_draws_its_buttons_in_french(page, voila_url):
    page.set_default_timeout(KERNEL_MS)
    page.goto(voila_url + "/voila/render/fr/tressette.ipynb")
    expect(page.locator(".cardlab-progress-save").first).to_have_text("Enregistrer la progression")
    expect(page.locator(".cardlab-progress-load").first).to_have_text("Charger une progression…")
    expect(page.locator(".cardlab-copy-link").first).to_have_text("Copier le lien")
    expect(page.locator(".cardlab-download").first).to_have_text("Télécharger le scénario")
    page.screenshot(path="/tmp/L_fr_tressette.png")
    page.goto("about:blank")  # Voilà shuts the page's kernel down when the page is left
