"""The practice trainers of a French lesson in a real Chromium (issue 24): the Aluette lesson's
signals trainer asks its drill in French and judges a wrong answer in French, and its first scenario
picture offers "Play this" in French and wakes into the table when pressed.  Expected words are the
catalog's, said through ``i18n.speaking``, never typed in.

The page is ``tests/browser/notebooks/pages_fr_aluette_practice.ipynb``: the French lesson's own first
cell, first picture and signals trainer (``tests/test_pages_harness.py`` holds it to them) in the
app's page template, rendered by Voilà's server extension inside the ``lab_url`` server.  The same
words, asked of the widgets without a browser, are in ``tests/test_pages_words.py``."""
from __future__ import annotations

from playwright.sync_api import expect

from cardlab import i18n
from cardlab.practice.quiz_run import ONCE_MORE
from cardlab.practice.signals import gesture_drill

PAGE = "/voila/render/tests/browser/notebooks/pages_fr_aluette_practice.ipynb"
KERNEL_MS = 120_000  # a page's kernel starts and runs its cells when opened, on a busy machine


def test_the_french_aluette_lesson_drills_gestures_and_plays_a_picture_in_french(page, lab_url):
    page.set_default_timeout(KERNEL_MS)
    page.goto(lab_url + PAGE)
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=KERNEL_MS)   # the app's template
    with i18n.speaking("fr"):
        drill = gesture_drill(0)
        drill_name, once_more, play_this = i18n._("Read a gesture"), i18n._(ONCE_MORE), i18n._("Play this")
    trainer = page.locator(".cardlab-signals").first
    expect(trainer).to_be_attached(timeout=KERNEL_MS)
    trainer.scroll_into_view_if_needed(timeout=KERNEL_MS)
    expect(trainer.locator(".cardlab-signals-drill select option:checked")).to_have_text(drill_name,
                                                                                          timeout=KERNEL_MS)
    expect(trainer.locator(".cardlab-signals-question")).to_have_text(drill.question, timeout=KERNEL_MS)
    wrong = next(label for label, value in drill.choices if not set(value.split(",")) & set(drill.answer))
    trainer.get_by_role("button", name=wrong, exact=True).click()
    expect(trainer.locator(".cardlab-signals-feedback")).to_have_text(once_more, timeout=KERNEL_MS)

    box = page.locator(".cardlab-preview-box").first
    button = box.get_by_role("button", name=play_this, exact=True)
    button.scroll_into_view_if_needed(timeout=KERNEL_MS)
    button.click()
    expect(box.locator(".cardlab-table .cardlab-board")).to_be_visible(timeout=KERNEL_MS)
