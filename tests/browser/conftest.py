"""Real-browser fixtures: Playwright (sync API) driving Debian's /usr/bin/chromium, headless.

Every test in tests/browser/ is marked ``browser``. Nothing here skips: a missing chromium
is a failure (``bash scripts/setup.sh test`` installs it). Playwright never downloads a browser of its own here.

Fixtures
- ``browser``     session-wide Playwright Browser.
- ``page``        a fresh page per test. The test fails on any uncaught page error
                  (``pageerror``); console warnings and errors are only logged. A screenshot
                  goes to ``test-artifacts/<test name>.png`` when the test ends.
- ``open_voila``  ``open_voila(name, wait_for=None) -> page``: opens
                  ``notebooks/<name>.ipynb`` in the served app and waits until Voilà has rendered
                  it (and, if given, until the CSS selector ``wait_for`` is visible: widgets
                  appear only after the kernel runs, so wait on your widget's class).
- ``open_lab``    ``open_lab(name, wait_for=None, run_all=True) -> page``: opens the notebook
                  in JupyterLab, runs all cells, waits for the kernel to be idle and for
                  ``wait_for``.

Example::

    def test_deal_shows_hand(open_voila):
        page = open_voila("tressette", wait_for=".cardlab-table")
        page.click(".cardlab-hand [data-card='3D']")
        expect(page.locator(".cardlab-trick")).to_contain_text("3")
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.servers import ARTIFACTS

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
DEFAULT_TIMEOUT_MS = 30_000
# Voilà: the rendered notebook's cells are in the page once the kernel has run them.
VOILA_RENDERED = ".jp-Notebook .jp-Cell"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Browser:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/setup.sh test` (apt-get install chromium)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _artifact_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1])[:120]


@pytest.fixture
def page(browser: Browser, request) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    pg = context.new_page()
    errors: list[str] = []
    console: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    pg.page_errors = errors  # tests may look, e.g. assert not page.page_errors
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    name = _artifact_name(request.node.nodeid)
    try:
        pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception as exc:  # a crashed page must not hide the real failure
        print(f"screenshot failed: {exc}")
    (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(console))
    # Navigating away fires Voilà's beforeunload beacon, which shuts the page's kernel down
    # (closing the page alone does not reliably send it).
    try:
        pg.goto("about:blank", wait_until="load")
        pg.wait_for_timeout(200)
    except Exception:
        pass
    context.close()
    if errors:
        pytest.fail("uncaught error(s) in the page:\n" + "\n".join(errors), pytrace=False)


_KERNEL_SETTLED_JS = """() => {
    const el = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    if (!el || el.dataset.status !== 'idle') { window.__cardlabIdleSince = null; return false; }
    window.__cardlabIdleSince = window.__cardlabIdleSince || performance.now();
    return performance.now() - window.__cardlabIdleSince > 1500;
}"""

_SOME_CELL_STARTED_JS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')
].some(p => /^\\[(\\*|\\d+)\\]:?$/.test(p.textContent.trim()))"""

_ALL_CELLS_RAN_JS = """() => {
    const prompts = [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:?$/.test(p.textContent.trim()));
}"""


def _notebook_path(name: str) -> str:
    return name if name.endswith(".ipynb") else f"{name}.ipynb"


@pytest.fixture
def open_voila(page: Page, voila_url: str):
    def _open(name: str = "index", wait_for: str | None = None,
              timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Page:
        page.goto(f"{voila_url}/voila/render/{_notebook_path(name)}")
        page.wait_for_selector(VOILA_RENDERED, timeout=timeout_ms)
        if wait_for:
            page.wait_for_selector(wait_for, state="visible", timeout=timeout_ms)
        return page
    return _open


@pytest.fixture
def open_lab(page: Page, lab_url: str):
    def _open(name: str = "index", wait_for: str | None = None, run_all: bool = True,
              timeout_ms: int = 60_000) -> Page:
        # ?reset: a workspace holding only this notebook (not the ones earlier tests opened)
        page.goto(f"{lab_url}/lab/tree/notebooks/{_notebook_path(name)}?reset")
        notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
        notebook.first.wait_for(timeout=timeout_ms)
        status = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-status='idle']")
        if run_all:
            # kernel up: JupyterLab may report "idle" for a moment before it (re)connects,
            # and a run request sent while connecting is lost, so wait for 1.5 s of idle
            page.wait_for_function(_KERNEL_SETTLED_JS, timeout=timeout_ms, polling=100)
            # Run > Run All Cells. Right after the kernel reports idle, JupyterLab sometimes
            # drops the request (no cell starts), so try again if nothing starts in 10 s.
            for attempt in range(3):
                page.locator("#jp-MainMenu .lm-MenuBar-item", has_text="Run").first.click()
                page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
                try:
                    page.wait_for_function(_SOME_CELL_STARTED_JS, timeout=10_000)
                    break
                except PlaywrightTimeoutError:
                    if attempt == 2:
                        raise
            # all cells ran once every code cell's prompt shows an execution count, "[3]:"
            # (not "[ ]:" = never run, nor "[*]:" = queued or running); textContent, because
            # JupyterLab may leave off-screen cells unpainted
            page.wait_for_function(_ALL_CELLS_RAN_JS, timeout=timeout_ms)
            expect(status.first).to_be_attached(timeout=timeout_ms)
        if wait_for:
            page.wait_for_selector(wait_for, state="visible", timeout=timeout_ms)
        return page
    return _open
