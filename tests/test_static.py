"""The static site (scripts/build-static.sh): what the build writes, read from a site built once
per test session. The browser side is tests/browser/test_static_site.py.

``built_site()`` runs the script as users do, into a temporary folder (the repository's own
`site/` is left alone), once for the whole run; the first run creates `.venv-static` and fetches
from PyPI and npm.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from html import escape
from pathlib import Path

import pytest

from tests.servers import REPO

pytestmark = pytest.mark.slow


@functools.cache
def built_site() -> Path:
    """Build the site once per test run, shared by the run's workers (pytest-xdist): the first to ask
    builds it under a file lock while the others wait for it; fail with the script's own words if it fails."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"{os.getpid()}-{time.time_ns()}"
    folder = Path(tempfile.gettempdir()) / f"cardlab-static-{run}"
    folder.mkdir(exist_ok=True)
    out, built = folder / "site", folder / "built"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            shutil.rmtree(out, ignore_errors=True)
            done = subprocess.run(["bash", "scripts/build-static.sh", str(out)], cwd=REPO,
                                  capture_output=True, text=True)
            if done.returncode:
                pytest.fail(f"build-static.sh exited {done.returncode}:\n{done.stdout[-3000:]}\n"
                            f"{done.stderr[-3000:]}", pytrace=False)
            built.touch()
    return out


def _helper(name: str):
    spec = importlib.util.spec_from_file_location(f"static_{name}", REPO / "static" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


@pytest.fixture(scope="module")
def lock(site) -> dict:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())


def kernel_settings(site: Path) -> dict:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]


def test_pyodide_is_bundled_and_pypi_is_off(site):
    settings = kernel_settings(site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert (site / "static" / "pyodide" / "pyodide.js").is_file()
    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").stat().st_size > 1_000_000
    assert settings["disablePyPIFallback"] is True
    for url in settings["pipliteUrls"]:
        assert url.startswith("./"), url


def test_every_locked_wheel_is_in_the_site_with_its_sha256(site, lock):
    folder = site / "static" / "pyodide"
    for name, package in lock["packages"].items():
        wheel = folder / package["file_name"]
        assert wheel.is_file(), f"{name}: {wheel.name} is not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == package["sha256"], name
    shipped = {p.name for p in folder.glob("*.whl")}
    assert shipped == {p["file_name"] for p in lock["packages"].values()}, "a wheel in the folder is not locked"


def test_the_lock_is_closed(lock):
    packages = lock["packages"]
    for name, package in packages.items():
        missing = [dep for dep in package["depends"] if dep not in packages]
        assert not missing, f"{name} depends on {missing}, which the site does not have"
    # what the kernel loads at start-up is there, so nothing is asked of PyPI
    for name in ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"):
        assert name in packages, name


def test_kernel_start_up_packages_are_loaded_with_pyodide(site, lock):
    wanted = kernel_settings(site)["loadPyodideOptions"]["packages"]
    canonical = {re.sub(r"[-_.]+", "-", name).lower() for name in wanted}
    assert canonical <= set(lock["packages"])


def wheel_names(site: Path, lock: dict, package: str) -> list[str]:
    return zipfile.ZipFile(site / "static" / "pyodide" / lock["packages"][package]["file_name"]).namelist()


def test_one_wheel_carries_the_code_and_the_lock_keeps_the_kernels_names(site, lock):
    packages = kernel_settings(site)["loadPyodideOptions"]["packages"]
    start_up = {re.sub(r"[-_.]+", "-", name).lower() for name in packages}
    assert set(lock["packages"]) == start_up     # nothing else is fetched when a page opens
    names = wheel_names(site, lock, "cardlab")
    for module in ("cardlab", "ipywidgets", "anywidget", "IPython", "micropip", "pyodide_kernel", "traitlets"):
        assert f"{module}/__init__.pyc" in names, module
    assert {"cardlab", "ipywidgets", "anywidget", "IPython"} <= set(lock["packages"]["cardlab"]["imports"])
    assert not any(name.split("/")[0].endswith(".data") for name in names)   # front-end files stay out
    assert [n for n in names if n.split("/")[0].endswith(".dist-info")] == \
        [n for n in names if n.startswith(f"cardlab-{lock['packages']['cardlab']['version']}.dist-info/")]
    for name, package in lock["packages"].items():
        if name != "cardlab":   # metadata only, the code is in cardlab's wheel
            assert all(n.split("/")[0].endswith(".dist-info") for n in wheel_names(site, lock, name)), name
            assert package["depends"] in ([], ["cardlab"]), name


def test_the_site_wheel_carries_the_engine_and_the_widgets(site, lock):
    names = wheel_names(site, lock, "cardlab")
    assert "cardlab/rules.pyc" in names and "cardlab/widgets/table.pyc" in names
    assert "cardlab/widgets/board.js" in names and not any(n.startswith("widgets/") for n in names)
    assert any(n.startswith("cardlab/scenarios/") and n.endswith(".json") for n in names)


def test_the_browser_python_matches_the_shipped_front_ends(site, lock):
    pins = dict(re.findall(r"^([A-Za-z0-9._-]+)==(\S+)", (REPO / "static/requirements.txt").read_text(), re.M))
    wheel = zipfile.ZipFile(site / "static" / "pyodide" / lock["packages"]["cardlab"]["file_name"])
    for name in ("ipywidgets", "anywidget"):
        metadata = wheel.read(f"{name}-{pins[name]}.egg-info/METADATA").decode()
        assert f"\nVersion: {pins[name]}\n" in metadata, name


def test_no_import_looks_in_the_lessons_folder_on_the_drive(site, monkeypatch):
    assert "sitecustomize.pyc" in zipfile.ZipFile(site / "static" / "pyodide" / "python_stdlib.zip").namelist()
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    hook = _helper("sitecustomize").drive_folders
    assert sys.path_hooks[0] is hook
    for folder in ("/drive", "/drive/fr"):
        assert hook(folder).find_spec("cardlab") is None
    for folder in ("/lib/python3.13/site-packages", "/drives", "/home/pyodide"):
        with pytest.raises(ImportError):
            hook(folder)


def test_the_python_the_browser_imports_is_compiled(site, lock):
    folder = site / "static" / "pyodide"
    for name in ["python_stdlib.zip", *(p["file_name"] for p in lock["packages"].values())]:
        names = zipfile.ZipFile(folder / name).namelist()
        sources = [n for n in names if n.endswith(".py")]
        assert len(sources) <= 5, f"{name} still carries sources: {sources[:5]}"
    assert "asyncio/__init__.pyc" in zipfile.ZipFile(folder / "python_stdlib.zip").namelist()


def test_compiled_zip_imports_without_its_sources(tmp_path, monkeypatch):
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("tinypkg/__init__.py", "from .deal import lead\n")
        zf.writestr("tinypkg/deal.py", "def lead():\n    return 'S leads'\n")
        zf.writestr("tinypkg/old.py", "print 'python 2'\n")
    assert _helper("pyc").compiled_zip(str(archive)) == (2, 1)
    names = zipfile.ZipFile(archive).namelist()
    assert sorted(names) == ["tinypkg/__init__.pyc", "tinypkg/deal.pyc", "tinypkg/old.py"]
    monkeypatch.syspath_prepend(str(archive))
    import tinypkg
    monkeypatch.delitem(sys.modules, "tinypkg")
    monkeypatch.delitem(sys.modules, "tinypkg.deal")
    assert tinypkg.lead() == "S leads" and tinypkg.__file__.endswith(".pyc")


def test_repository_pyproject_keeps_the_engine_dependency_free(site):
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []


def test_the_root_forwards_to_the_landing_lesson(site):
    page = (site / "index.html").read_text()
    assert 'url=voici/render/index.html"' in page
    assert (site / "voici" / "render" / "index.html").is_file()


def test_every_lesson_link_of_a_cell_output_reaches_the_lesson(site):
    notebooks = _helper("site").lessons(REPO / "notebooks")
    assert {"tressette.ipynb", "fr/tressette.ipynb", "it/tressette.ipynb"} <= {p.as_posix() for p in notebooks}
    for name in notebooks:
        forward = (site / "voici" / "render" / name / "index.html").read_text()
        assert f'url=../{name.stem}.html"' in forward
        assert (site / "voici" / "render" / name.with_suffix(".html")).is_file()


def test_every_lesson_page_says_its_language_and_title(site):
    for name in _helper("site").lessons(REPO / "notebooks"):
        metadata = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))["metadata"]
        lang = metadata.get("cardlab", {}).get("lang", "en")
        assert lang == (name.parts[0] if len(name.parts) > 1 else "en"), name
        page = (site / "voici" / "render" / name.with_suffix(".html")).read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page and "<html lang=" not in page.replace(f'<html lang="{lang}">', ""), name
        assert f"<title>{escape(metadata['title'], quote=False)}</title>" in page, name
        assert f'<html lang="{lang}">' in (site / "voici" / "render" / name / "index.html").read_text(), name


def fake_voici_site(tmp_path: Path, lessons: dict[str, dict]) -> tuple[Path, Path]:
    """A site folder holding what Voici writes for ``lessons`` (path: metadata), and their notebooks."""
    site, notebooks = tmp_path / "site", tmp_path / "notebooks"
    for name, metadata in lessons.items():
        notebook = notebooks / name
        notebook.parent.mkdir(parents=True, exist_ok=True)
        notebook.write_text(json.dumps({"cells": [], "metadata": metadata}), encoding="utf-8")
        page = site / "voici" / "render" / Path(name).with_suffix(".html")
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text('<!DOCTYPE html>\n<html lang="en">\n<head></head></html>\n', encoding="utf-8")
    return site, notebooks


def test_site_finisher_gives_each_translated_page_its_language_and_forward(tmp_path):
    site_helper = _helper("site")
    site, notebooks = fake_voici_site(tmp_path, {
        "tressette.ipynb": {}, "fr/tressette.ipynb": {"cardlab": {"lang": "fr"}},
        "it/tressette.ipynb": {"cardlab": {"lang": "it"}},
        ".ipynb_checkpoints/tressette-checkpoint.ipynb": {}})    # JupyterLab's copy: no lesson
    assert site_helper.forward_lesson_links(site, notebooks) == ["fr/tressette.ipynb", "it/tressette.ipynb",
                                                                 "tressette.ipynb"]
    assert site_helper.set_page_languages(site, notebooks) == ["fr/tressette.ipynb", "it/tressette.ipynb"]
    render = site / "voici" / "render"
    for lang, page in [("en", "tressette"), ("fr", "fr/tressette"), ("it", "it/tressette")]:
        assert f'<html lang="{lang}">' in (render / f"{page}.html").read_text()
        forward = (render / f"{page}.ipynb" / "index.html").read_text()
        assert f'<html lang="{lang}">' in forward and 'url=../tressette.html"' in forward


def test_site_finisher_refuses_a_language_that_is_no_code(tmp_path):
    site, notebooks = fake_voici_site(tmp_path, {"fr/tressette.ipynb": {"cardlab": {"lang": '"><script>'}}})
    with pytest.raises(SystemExit, match="is not a language code like 'fr'"):
        _helper("site").set_page_languages(site, notebooks)
    assert '<html lang="en">' in (site / "voici" / "render" / "fr" / "tressette.html").read_text()


def test_no_page_links_a_stylesheet_on_another_host(site):
    for page in site.rglob("*.html"):
        assert not re.search(r'<link\b[^>]*href="https?://', page.read_text(encoding="utf-8")), page


def test_patched_pyproject_refuses_a_file_it_cannot_patch():
    lock = _helper("lock")
    text = '[project]\nname = "x"\nversion = "1"\ndependencies = []\n'
    patched = tomllib.loads(lock._patched_pyproject(text, "1+site.ab", ["ipywidgets==8.1.9"]))["project"]
    assert patched["version"] == "1+site.ab" and patched["dependencies"] == ["ipywidgets==8.1.9"]
    with pytest.raises(SystemExit, match="cannot set version and dependencies"):
        lock._patched_pyproject('[project]\nname = "x"\nversion = "1"\n', "2", [])


def test_stub_wheel_installs_nothing_importable(tmp_path):
    wheel = _helper("lock").stub_wheel("jupyterlab-widgets", "3.0.17", tmp_path)
    assert wheel.name == "jupyterlab_widgets-3.0.17-py3-none-any.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if not n.startswith("jupyterlab_widgets-3.0.17.dist-info/")]
    metadata = zipfile.ZipFile(wheel).read("jupyterlab_widgets-3.0.17.dist-info/METADATA").decode()
    assert "Name: jupyterlab-widgets\n" in metadata and "Version: 3.0.17\n" in metadata


def test_site_finisher_refuses_a_folder_voici_did_not_build(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "static" / "site.py"), str(tmp_path), str(REPO / "notebooks")],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "has no voici/render/index.html" in done.stderr and "Traceback" not in done.stderr


def test_pages_workflow_publishes_what_the_script_builds():
    workflow = (REPO / ".github" / "workflows" / "pages.yml").read_text()
    assert "run: bash scripts/build-static.sh site" in workflow
    assert re.search(r"upload-pages-artifact@v\d+\n\s+with:\n\s+path: site\n", workflow)


def test_build_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path):
    (tmp_path / "lesson-notes.txt").write_text("a teacher's notes")
    done = subprocess.run(["bash", "scripts/build-static.sh", str(tmp_path)], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 1
    assert "is not a site built by this script" in done.stderr
    assert (tmp_path / "lesson-notes.txt").read_text() == "a teacher's notes"


def test_the_service_worker_precaches_every_page_file_and_keeps_jupyterlites(site):
    worker = (site / "service-worker.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker).group(1))
    served = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    assert {"./" + name for name in served if not name.startswith("build/")} - set(listed) \
        == {"./service-worker.js", "./jupyterlite-service-worker.js"}
    assert all(name[2:] in served for name in listed)
    assert {"./index.html", "./voici/render/tressette.html", "./static/pyodide/pyodide.asm.wasm",
            "./voici/render/tressette.ipynb/index.html", "./api/contents/all.json"} <= set(listed)
    assert re.search(r'const VERSION = "[0-9a-f]{16}";', worker) and "__CARDLAB" not in worker
    assert "/sw-api.v1" in (site / "jupyterlite-service-worker.js").read_text(encoding="utf-8")
    assert worker.rstrip().endswith('importScripts("./jupyterlite-service-worker.js");')


def test_site_finisher_refuses_to_replace_a_service_worker_it_does_not_know(tmp_path):
    (tmp_path / "service-worker.js").write_text("self.addEventListener('fetch', () => {});\n")
    with pytest.raises(SystemExit, match="not JupyterLite's service worker"):
        _helper("site").install_offline_cache(tmp_path)
    assert not (tmp_path / "jupyterlite-service-worker.js").exists()


def test_site_finisher_moves_a_theme_every_page_repeats_into_one_file(tmp_path):
    theme = "body { background: url(data:image/png;base64,AAAA); }\n" + "/* theme */\n" * 600
    relative = ".icon { background: url(icons/card.png); }\n" + "/* theme */\n" * 600
    pages = {"voici/render/tressette.html": "", "voici/render/fr/tressette.html": ""}
    for name in pages:
        page = tmp_path / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"<html><head><style>{theme}</style><style>{relative}</style>"
                        "<style>.small {}</style></head></html>", encoding="utf-8")
    files = _helper("site").share_stylesheets(tmp_path)
    assert len(files) == 1 and (tmp_path / "static" / "styles" / files[0]).read_text() == theme
    for name, prefix in [("voici/render/tressette.html", "../.."), ("voici/render/fr/tressette.html", "../../..")]:
        text = (tmp_path / name).read_text()
        assert f'<link rel="stylesheet" href="{prefix}/static/styles/{files[0]}">' in text
        assert theme not in text and relative in text and ".small {}" in text   # kept where moving would change it


def test_lesson_pages_link_the_shared_theme(site):
    styles = sorted((site / "static" / "styles").glob("*.css"))
    assert styles and sum(p.stat().st_size for p in styles) > 200_000
    for page in [site / "voici" / "render" / "tressette.html", site / "voici" / "render" / "it" / "tressette.html"]:
        text = page.read_text(encoding="utf-8")
        for style in styles:
            assert style.name in text and style.read_text(encoding="utf-8") not in text, (page, style.name)
