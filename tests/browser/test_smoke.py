"""The served app and JupyterLab open the landing page in a real Chromium."""

from playwright.sync_api import expect

from tests.servers import landing_title


def test_root_opens_landing_page(page, voila_url):
    page.goto(voila_url + "/")
    expect(page).to_have_url(voila_url + "/voila/render/index.ipynb")
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title())


def test_open_voila_helper_renders_landing(open_voila):
    page = open_voila("index", wait_for=".jp-RenderedMarkdown h1")
    expect(page.locator("h1").first).to_contain_text(landing_title())


def test_landing_page_in_jupyterlab(open_lab):
    page = open_lab("index", wait_for=".jp-RenderedMarkdown h1")
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(landing_title())
    # open_lab returned, so every code cell has run: its prompt shows an execution count
    expect(page.locator(".jp-CodeCell .jp-InputPrompt").first).to_contain_text("[1]")
