"""JupyterLab opens the landing page in a real Chromium and runs its cells.

The served app's side is checked where its pages are visited anyway: the app's root leads to the
landing page and shows its title in ``test_languages.py``'s first visit, and ``open_voila`` renders
the landing page with its title in ``test_lesson_pages.py``."""

from playwright.sync_api import expect

from tests.servers import landing_title


def test_landing_page_in_jupyterlab(open_lab):
    page = open_lab("index", wait_for=".jp-RenderedMarkdown h1")
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title())
    # open_lab returned, so every code cell has run: its prompt shows an execution count
    expect(page.locator(".jp-CodeCell .jp-InputPrompt").first).to_contain_text("[1]")
