"""The GitHub workflows (issue 20, item 20): every action on its current major (the node24
releases; the node20 ones are being retired), a test workflow that runs the README's test
command, and a Pages deploy that waits for it."""
from __future__ import annotations

from pathlib import Path

import yaml

WORKFLOWS = Path(__file__).resolve().parents[1] / ".github" / "workflows"
CURRENT = {"actions/checkout": 6, "actions/setup-python": 6, "actions/setup-node": 6,
           "actions/upload-pages-artifact": 5, "actions/deploy-pages": 5, "actions/upload-artifact": 7}


def workflow(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def steps(flow: dict) -> list[dict]:
    return [step for job in flow["jobs"].values() for step in job.get("steps", [])]


def test_every_action_is_on_its_current_major():
    used = [step["uses"] for path in sorted(WORKFLOWS.glob("*.yml")) for step in steps(workflow(path.name))
            if "uses" in step]
    assert {use.split("@")[0] for use in used} >= set(CURRENT) - {"actions/upload-artifact"}
    for use in used:
        action, version = use.split("@")
        assert action in CURRENT, use
        assert version == f"v{CURRENT[action]}", use


def test_the_test_workflow_runs_the_readme_test_command():
    flow = workflow("test.yml")
    assert "bash scripts/test.sh" in (WORKFLOWS.parents[1] / "README.md").read_text(encoding="utf-8")
    assert [step["run"] for step in steps(flow) if "run" in step] == ["bash scripts/test.sh"]
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as true
    assert {"pull_request", "workflow_call"} <= set(triggers)


def test_the_pages_deploy_waits_for_the_tests():
    jobs = workflow("pages.yml")["jobs"]
    assert jobs["test"]["uses"] == "./.github/workflows/test.yml"
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    assert "bash scripts/build-static.sh site" in [step.get("run") for step in jobs["build"]["steps"]]
