"""Binder: a clean environment built from binder/requirements.txt alone serves the landing page.

repo2docker runs ``pip install -r binder/requirements.txt`` from the repository root, then
Binder starts a Jupyter server; the launch link opens ``/voila/render/notebooks/index.ipynb``
through Voila's server extension. This test does the same on loopback (with ``uv pip``, much
faster than pip, which resolves the same requirement file the same way).
"""

import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.servers import LOOPBACK, REPO, Server, free_port, landing_title

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("binder") / "venv"
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    if Path(uv).exists():
        subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)], check=True)
        install = [uv, "pip", "install", "-q", "--python", str(venv / "bin" / "python")]
    else:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        install = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run(install + ["-r", "binder/requirements.txt"], cwd=REPO, check=True)
    return venv


def test_binder_env_imports_the_kit(binder_env, tmp_path):
    # from outside the repository, so the installed copies are what gets imported
    out = subprocess.run(
        [str(binder_env / "bin" / "python"), "-c",
         "import cardlab, widgets, ipykernel, voila; print(cardlab.__path__[0])"],
        cwd=tmp_path, check=True, capture_output=True, text=True).stdout
    assert str(binder_env) in out, out


def test_binder_serves_landing_page(binder_env):
    port = free_port()
    argv = [str(binder_env / "bin" / "jupyter"), "server", "--allow-root", "--no-browser",
            f"--ServerApp.ip={LOOPBACK}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", f"--ServerApp.root_dir={REPO}"]
    server = Server("binder-jupyter-server", argv, f"http://{LOOPBACK}:{port}",
                    ready_path="/api/status")
    try:
        url = f"{server.url}/voila/render/notebooks/index.ipynb"
        with urllib.request.urlopen(url, timeout=120) as resp:
            assert resp.status == 200
            html = resp.read().decode()
    finally:
        server.stop()
    assert landing_title() in html
    for bad in ("ModuleNotFoundError", "No Jupyter kernel", "Traceback"):
        assert bad not in html, f"{bad} in the rendered landing page"
