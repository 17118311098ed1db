"""Binder: a clean environment built from the ``binder/`` files alone serves the lessons with our settings.

repo2docker picks a Python from ``binder/runtime.txt``, runs ``pip install -r
binder/requirements.txt`` from the repository root, then ``binder/postBuild``; Binder then starts a
plain Jupyter server, and the launch link opens ``/voila/render/notebooks/index.ipynb`` through
Voilà's server extension. This does the same on loopback (with ``uv``, much faster than pip, which
reads the same files the same way). The browser half is ``tests/browser/test_binder_page.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

from tests.servers import LOOPBACK, REPO, Server, browser_cookie, free_port, landing_title

pytestmark = pytest.mark.slow


def runtime_python() -> str:
    """The Python version binder/runtime.txt asks repo2docker for, e.g. ``"3.11"``."""
    text = (REPO / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(3\.\d+)", text)
    assert match, f"binder/runtime.txt should read python-3.X, not {text!r}"
    return match.group(1)


def build_binder_env(root: Path) -> Path:
    """A venv under ``root`` made as repo2docker makes Binder's: runtime.txt, requirements, postBuild."""
    venv = root / "venv"
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    subprocess.run([uv, "venv", "-q", "--python", runtime_python(), str(venv)], check=True)
    # cardlab built from the tree as it is now (uv would reuse a wheel cached for an older tree whose
    # pyproject.toml was the same; repo2docker builds afresh)
    subprocess.run([uv, "pip", "install", "-q", "--python", str(venv / "bin" / "python"),
                    "--reinstall-package", "cardlab", "-r", "binder/requirements.txt"], cwd=REPO, check=True)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run([str(REPO / "binder" / "postBuild")], cwd=REPO, env=env, check=True)
    return venv


def start_binder_server(venv: Path, config_dir: Path) -> Server:
    """Binder's plain ``jupyter server`` over the repository (token off, loopback)."""
    port = free_port()
    argv = [str(venv / "bin" / "jupyter"), "server", "--allow-root", "--no-browser",
            f"--ServerApp.ip={LOOPBACK}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", f"--ServerApp.root_dir={REPO}"]
    return Server("binder-jupyter-server", argv, f"http://{LOOPBACK}:{port}",
                  ready_path="/api/status", env={"JUPYTER_CONFIG_DIR": str(config_dir)})


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory) -> Path:
    return build_binder_env(tmp_path_factory.mktemp("binder"))


@pytest.fixture(scope="module")
def binder_server(binder_env, tmp_path_factory):
    server = start_binder_server(binder_env, tmp_path_factory.mktemp("jupyter-config"))
    yield server
    server.stop()


def test_runtime_python_is_the_floor_of_requires_python():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == f">={runtime_python()}"


def test_binder_env_runs_the_pinned_python_and_imports_the_kit(binder_env, tmp_path):
    # from outside the repository, so the installed copies are what gets imported
    out = subprocess.run(
        [str(binder_env / "bin" / "python"), "-c",
         "import sys, importlib.util, cardlab, cardlab.widgets.table, ipykernel, voila; "
         "print(f'{sys.version_info[0]}.{sys.version_info[1]}', cardlab.__path__[0], "
         "importlib.util.find_spec('widgets'))"],
        cwd=tmp_path, check=True, capture_output=True, text=True).stdout.split()
    assert out[0] == runtime_python()
    assert str(binder_env) in out[1]
    assert out[2] == "None"  # one installed package: no top-level `widgets`


def test_binder_env_has_the_locked_versions(binder_env):
    locked = dict(line.split(" ")[0].split("==") for line in
                  (REPO / "requirements" / "app.lock").read_text().splitlines()
                  if "==" in line and not line.startswith("#") and ";" not in line)
    out = subprocess.run([shutil.which("uv") or str(Path(sys.executable).with_name("uv")), "pip",
                          "freeze", "--python", str(binder_env / "bin" / "python")],
                         check=True, capture_output=True, text=True).stdout
    installed = dict(line.split("==") for line in out.splitlines() if "==" in line)
    for name in ("voila", "ipywidgets", "anywidget", "ipykernel", "jupyter-server"):
        assert installed[name] == locked[name], name


def test_postbuild_writes_the_server_config_derived_from_voila_json(binder_env):
    written = binder_env / "etc" / "jupyter" / "jupyter_server_config.json"
    config = json.loads(written.read_text())
    voila = json.loads((REPO / "voila.json").read_text())
    assert config["MappingKernelManager"] == voila["MappingKernelManager"]
    assert config["Room"] == voila["Room"]
    assert config["ServerApp"]["kernel_websocket_connection_class"] == \
        voila["Voila"]["kernel_websocket_connection_class"]
    assert config["ServerApp"]["jpserver_extensions"]["cardlab.widgets.server"] is True
    assert "disable_check_xsrf" not in json.dumps(config)


def test_binder_server_loads_our_settings(binder_server):
    log = binder_server.log.read_text()
    assert "cardlab.widgets.server | extension was successfully loaded" in log, log[-3000:]


def test_binder_serves_landing_page_with_our_settings(binder_server):
    page = f"{binder_server.url}/voila/render/notebooks/index.ipynb"
    request = urllib.request.Request(page, headers={"Cookie": browser_cookie(page)})
    with urllib.request.urlopen(request, timeout=120) as resp:
        assert resp.status == 200
        cookies = resp.headers.get_all("Set-Cookie") or []
        html = resp.read().decode()
    assert landing_title() in html
    assert any(c.startswith("_xsrf=") for c in cookies), cookies
    assert "cardlab-connection" in html  # the connection watcher is in the page
    assert "/voila/templates/cardlab/static/" in html  # the page template the package installed
    for bad in ("ModuleNotFoundError", "No Jupyter kernel", "Traceback"):
        assert bad not in html, f"{bad} in the rendered landing page"
    # the kernel culler starts with the first kernel, with voila.json's timeout and connected tabs too
    cull = json.loads((REPO / "voila.json").read_text())["MappingKernelManager"]
    log = binder_server.log.read_text()
    assert f"idle durations > {cull['cull_idle_timeout']} seconds" in log, log[-3000:]
    assert ("Culling kernels even with connected clients" in log) == cull["cull_connected"]
