"""The distribution (issue 20, item 19): the sdist and the wheel build with the pinned setuptools
(the test set's own, ``--no-isolation``: nothing is downloaded while the tests run),
the metadata carries the SPDX licence expression and the licence file (PEP 639), the wheel
installs a ``cardlab`` console script, and ``--version`` answers the distribution's version.
Builds from a copy of the packaged files, so the working tree gets no build/ or dist/."""
from __future__ import annotations

import email
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "cardlab", "widgets"]


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in PACKAGED:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name, **({"ignore": shutil.ignore_patterns("__pycache__")}
                                            if (ROOT / name).is_dir() else {}))
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


@pytest.mark.slow
def test_the_wheel_metadata_names_the_licences_and_the_console_script(dist):
    wheel = next(dist.glob("cardlab-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name for name in names if name.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(archive.read(info))
        scripts = archive.read(info.replace("METADATA", "entry_points.txt")).decode()
    assert metadata["License-Expression"] == "MIT AND CC-BY-SA-4.0"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert metadata["License"] is None  # the table form, which setuptools drops in 2027, is gone
    assert "Intended Audience :: Education" in metadata.get_all("Classifier")
    assert "[console_scripts]\ncardlab = cardlab.__main__:main" in scripts
    assert "cardlab/scenarios/tressette-thirds.json" in names
    assert {f"cardlab/games/{game}/{data}" for game in ("tressette", "quadrille", "aluette")
            for data in ("puzzles.json", "tutorial.json", "glossary/fr.json")} <= set(names)


@pytest.mark.slow
def test_the_wheel_installs_one_package_with_the_views_inside(dist):
    wheel = next(dist.glob("cardlab-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        top_level = archive.read(next(n for n in names if n.endswith(".dist-info/top_level.txt"))).decode()
    assert top_level.split() == ["cardlab"]
    assert not any(name.startswith("widgets/") for name in names)
    assert {"cardlab/widgets/__init__.py", "cardlab/widgets/table.py", "cardlab/widgets/server.py",
            "cardlab/widgets/connection.js", "cardlab/widgets/svgview.js", "cardlab/widgets/svgview.css"} <= names
    template = "cardlab-0.1.0.data/data/share/jupyter/voila/templates/cardlab/"
    assert {template + "conf.json", template + "index.html.j2"} <= names


@pytest.mark.slow
def test_the_sdist_holds_the_package_and_leaves_the_tests_out(dist):
    sdist = next(dist.glob("cardlab-*.tar.gz"))
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"pyproject.toml", "README.md", "LICENSE", "cardlab/__main__.py", "cardlab/scenarios/tressette-thirds.json",
            "widgets/table.py"} <= names
    assert not any(name.startswith("tests/") for name in names)


def test_version_from_the_module_and_the_console_script():
    from importlib.metadata import version
    expected = {"version": version("cardlab")}
    module = subprocess.run([sys.executable, "-m", "cardlab", "--version"], capture_output=True, text=True, timeout=60)
    assert module.returncode == 0 and json.loads(module.stdout) == expected
    script = Path(sys.executable).with_name("cardlab")  # installed by `pip install -e .` (scripts/setup.sh)
    console = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert console.returncode == 0 and json.loads(console.stdout) == expected
