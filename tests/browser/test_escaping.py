"""Hostile text from a teacher's scenario file reaches the page as text, never as markup: a
notebook in JupyterLab loads a file whose captions, title and action carry ``<img onerror>`` and
``<script>``; nothing runs and the words show literally, on the table and on its preview."""
from __future__ import annotations

import json

import nbformat
from playwright.sync_api import expect

from tests.servers import ARTIFACTS

HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'


def test_hostile_scenario_text_shows_literally_and_runs_nothing(open_lab):
    ARTIFACTS.mkdir(exist_ok=True)
    scenario = ARTIFACTS / "hostile-scenario.json"
    scenario.write_text(json.dumps({
        "format": "cardlab.scenario/1", "game": "tressette", "dealer": "N", "seed": 0,
        "actions": [f"W plays {HOSTILE}"], "notes": {"1": HOSTILE},
        "title": HOSTILE, "description": HOSTILE}), encoding="utf-8")
    notebook = nbformat.v4.new_notebook(metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    notebook.cells = [nbformat.v4.new_code_cell(
        f"from cardlab.widgets import Preview, Table\nTable('tressette', scenario={str(scenario)!r})"),
        nbformat.v4.new_code_cell(f"Preview('tressette', scenario={str(scenario)!r})")]
    nbformat.write(notebook, ARTIFACTS / "hostile.ipynb")

    page = open_lab("../test-artifacts/hostile", wait_for=".cardlab-table")
    table = page.locator(".cardlab-table").first
    expect(table.locator(".cardlab-caption")).to_have_text(HOSTILE)        # the description
    expect(table.locator(".cardlab-message")).to_contain_text(f"W plays {HOSTILE}")
    table.locator(".cardlab-forward").click()                               # step 2: the note
    expect(table.locator(".cardlab-step")).to_contain_text("Step 2 of 2")
    expect(table.locator(".cardlab-caption")).to_have_text(HOSTILE)
    assert table.locator(".cardlab-caption img, .cardlab-message img, .cardlab-caption script").count() == 0
    preview = page.locator(".cardlab-preview").first           # the scenario as a picture
    expect(preview.locator(".cardlab-preview-title")).to_have_text(HOSTILE)
    expect(preview.locator(".cardlab-preview-caption p")).to_have_text([HOSTILE])  # one line for both
    assert preview.locator("img, script").count() == 0
    assert page.evaluate("() => window.__pwned") is None
