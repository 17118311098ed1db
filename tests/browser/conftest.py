"""Real-browser fixtures on pytest-playwright's: its ``browser``/``context``/``page`` drive Debian's
/usr/bin/chromium, headless, so the tests use the fixtures the field knows and keep a trace of each
failing test (``test-artifacts/playwright/<test>/trace.zip``; open it with
``.venv/bin/python -m playwright show-trace``).

Every test in tests/browser/ is marked ``browser``. Nothing here skips: a missing chromium
is a failure (``bash scripts/setup.sh test`` installs it). Playwright never downloads a browser of its
own here: ``browser_type_launch_args`` gives it ``executable_path``. Unless the command line says
otherwise, ``pytest_configure`` sets the plugin's ``--tracing retain-on-failure`` and
``--output test-artifacts/playwright`` (the plugin empties that folder when a run starts).

Fixtures (besides the plugin's ``playwright``, ``browser``, ``new_context``, ``context``)
- ``page``        the plugin's page, 1280 x 900 (``browser_context_args``), 30 s default timeout (expect() too). The
                  test fails on any uncaught page error (``pageerror``); console warnings and errors
                  are kept. A failing test leaves ``test-artifacts/<test name>.png`` and
                  ``<test name>.console.txt``; a passing one leaves its picture only for
                  ``bash scripts/screenshots.sh`` (``CARDLAB_SCREENSHOTS=1``).
- ``fresh_page``  ``fresh_page(viewport=None) -> page`` in a context of its own (a new visitor: no
                  storage shared with ``page``), traced like the others and closed by the plugin.
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.servers import ARTIFACTS, shot

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
DEFAULT_TIMEOUT_MS = 30_000
# Voilà: the rendered notebook's cells are in the page once the kernel has run them.
VOILA_RENDERED = ".jp-Notebook .jp-Cell"
# pytest-playwright's options and the values our runs use unless the command line gives them
PLAYWRIGHT_DEFAULTS = {"tracing": "retain-on-failure", "output": str(ARTIFACTS / "playwright")}


def pytest_configure(config: pytest.Config) -> None:
    # every expect() waits as long as a locator does (its own default, 5 s, is short on a loaded machine)
    expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    given = config.invocation_params.args
    for option, value in PLAYWRIGHT_DEFAULTS.items():
        if not any(str(arg).startswith(f"--{option}") for arg in given):
            setattr(config.option, option, value)
    # pytest-playwright 0.10's own base_url fallback is a session fixture on an instance (pytest 9 warns)
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods"
                            ":pytest.PytestRemovedIn10Warning")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def failed(item: pytest.Item) -> bool:
    """Whether the test's set-up or body failed (read in a fixture's teardown)."""
    return any(report.failed for report in item.stash.get(_REPORTS, {}).values())


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/setup.sh test` (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": VIEWPORT}


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext]) -> Callable[..., BrowserContext]:
    def _new_context(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        return context
    return _new_context


@pytest.fixture
def fresh_page(new_context: Callable[..., BrowserContext]) -> Callable[..., Page]:
    def _fresh_page(viewport: ViewportSize | None = None) -> Page:
        page = new_context().new_page()
        if viewport:
            page.set_viewport_size(viewport)
        return page
    return _fresh_page


def _artifact_name(nodeid: str) -> str:
    test = re.sub(r"\[chromium\]|(?<=\[)chromium-|-chromium(?=\])", "", nodeid.split("::", 1)[-1])
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", test)[:120]


@pytest.fixture
def page(page: Page, request: pytest.FixtureRequest) -> Iterator[Page]:
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    page.page_errors = errors  # type: ignore[attr-defined]  # tests may look: assert not page.page_errors
    yield page
    name = _artifact_name(request.node.nodeid)
    if failed(request.node):
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # a crashed page must not hide the real failure
            print(f"screenshot failed: {exc}")
        (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(console))
    else:
        shot(page, name, full_page=True)
    # Navigating away fires Voilà's beforeunload beacon, which shuts the page's kernel down
    # (closing the page alone does not reliably send it; the browser delivers a beacon after unload).
    try:
        page.goto("about:blank", wait_until="load")
    except Exception:
        pass
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
def open_voila(page: Page, voila_url: str) -> Callable[..., Page]:
    def _open(name: str = "index", wait_for: str | None = None,
              timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Page:
        page.goto(f"{voila_url}/voila/render/{_notebook_path(name)}")
        page.wait_for_selector(VOILA_RENDERED, timeout=timeout_ms)
        if wait_for:
            page.wait_for_selector(wait_for, state="visible", timeout=timeout_ms)
        return page
    return _open


@pytest.fixture
def open_lab(page: Page, lab_url: str) -> Callable[..., Page]:
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
