"""Assemble the Pyodide folder of the static site: the core from npm, every wheel the lessons
import, and a `pyodide-lock.json` listing exactly those wheels with their real sha256.

Run by scripts/build-static.sh inside `.venv-static` (it needs `pyodide-lock` and `build`):

    python static/lock.py --pypi DIR --out LITE_DIR/static/pyodide

Why each part is here:
- The npm package `pyodide` carries the interpreter and the standard library but no packages; its
  lock lists hundreds of wheels that live on a CDN. The site must work with no network, so the
  lock is rewritten to list only the wheels copied next to it (`--pypi` holds the pure-Python
  wheels downloaded from PyPI by the build script, pinned in static/pyodide-requirements.txt).
- The kernel's own wheels (piplite, pyodide-kernel, the ipykernel and widgetsnbextension shims)
  come with jupyterlite-pyodide-kernel; they go in the lock too, so the kernel loads them with
  Pyodide in one batch (`loadPyodideOptions.packages` in static/jupyter-lite.json).
- Empty wheels stand in for three requirements the lessons never use: `sqlite3` (built by
  Pyodide, no registry carries it; IPython runs without history), `jedi` (IPython imports it
  only if present, for tab completion, which a Voici page never asks for: 1.8 MB of jedi and
  parso saved per visit) and `jupyterlab-widgets` (only the JupyterLab front end, which the
  site already has). The kernel asks for sqlite3 and jedi by name, so they stay in the lock.
- cardlab's wheel for the site is built from a copy of the tree whose pyproject.toml declares
  ipywidgets and anywidget (at the versions whose front end the site ships). Pyodide loads a
  package, and what it depends on, when a cell imports one of its import names (only
  `cardlab`: the widgets folder is installed as `cardlab.widgets`), so a lesson's
  `from cardlab.widgets import Table` brings the widget stack by itself. Loading is only
  unpacking: the landing page, which imports the engine alone, never imports ipywidgets. The repository's pyproject.toml is not changed, so
  a normal install of the engine keeps no dependencies.
- Every `.py` of the standard library and the wheels becomes a `.pyc` compiled by Pyodide itself
  (static/pyc.py): without it, the browser spent most of IPython's import compiling sources.
- Then the wheels become one: cardlab's wheel carries the code of every package (their `.dist-info`
  as `.egg-info`, which `importlib.metadata` reads the same; the `.data` front-end files, which the
  browser's Python never reads, left out), and the packages static/jupyter-lite.json names for the
  kernel keep a wheel each holding only their metadata, depending on cardlab. The kernel needs those
  names in the lock and in `loadPyodideOptions.packages` (else it installs them one by one with
  piplite), and Pyodide accepts one `.dist-info` per wheel. So a page fetches and unpacks 9 wheels,
  not 26 (`bundle_wheels`).
- The standard library's zip also carries static/sitecustomize.py: no import looks in the
  lesson's folder on JupyterLite's drive (each look was a round trip to the page).
Every wheel's requirements must be met inside the lock (the build fails otherwise), and the
Python side of ipywidgets and anywidget must be the version whose front end this venv installed.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only the build venv has pyodide-lock
    from pyodide_lock import PyodideLockSpec

REPO = Path(__file__).resolve().parent.parent
NPM_PYODIDE = REPO / "static" / "node_modules" / "pyodide"
SITECUSTOMIZE = REPO / "static" / "sitecustomize.py"
LITE_CONFIG = REPO / "static" / "jupyter-lite.json"
BUNDLE = "cardlab"  # the package whose wheel carries every package's code
CORE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_WHEELS = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
# the kernel's shims: ipywidgets 8 wants widgetsnbextension 4, so the 3.6 shim stays out
KERNEL_WHEEL_NAMES = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4.")
# requirements met by empty wheels (None: the build venv's version)
STUBS = {"sqlite3": "1.0.0", "jedi": "0.19.2", "jupyterlab-widgets": None}
# front ends copied into the site from this venv: the browser's Python must match them
FRONT_ENDS = ("ipywidgets", "anywidget")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _dist_info(name: str, version: str, requires: Sequence[str] = ()) -> dict[str, str]:
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    metadata = "".join([f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                        *(f"Requires-Dist: {r}\n" for r in requires)])
    wheel = "Wheel-Version: 1.0\nGenerator: cardlab static/lock.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return {f"{info}/METADATA": metadata, f"{info}/WHEEL": wheel}


def stub_wheel(name: str, version: str, out: Path) -> Path:
    """An empty wheel named ``name``: it meets a requirement and installs nothing importable."""
    files = _dist_info(name, version)
    info = next(iter(files)).split("/")[0]
    record = "".join(f"{path},sha256={_record_hash(text.encode())},{len(text.encode())}\n"
                     for path, text in files.items()) + f"{info}/RECORD,,\n"
    path = out / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for member, text in [*files.items(), (f"{info}/RECORD", record)]:
            whl.writestr(zipfile.ZipInfo(member, (1980, 1, 1, 0, 0, 0)), text)
    return path


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _tree_hash(packages: list[Path]) -> str:
    """Eight hex digits over the sources, so a changed wheel gets a new file name (no stale cache)."""
    digest = hashlib.sha256()
    for package in packages:
        for path in sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:8]


def _patched_pyproject(text: str, version: str, requires: list[str]) -> str:
    """pyproject.toml with another version and dependencies; checked by reading it back."""
    text, versions = re.subn(r'^version = "[^"]*"', f'version = "{version}"', text, count=1, flags=re.M)
    text, deps = re.subn(r"^dependencies = \[[^\]]*\]", f"dependencies = {json.dumps(requires)}", text,
                         count=1, flags=re.M)
    project = tomllib.loads(text)["project"]
    if (versions, deps) != (1, 1) or project["version"] != version or project["dependencies"] != requires:
        sys.exit("lock.py: cannot set version and dependencies in a copy of pyproject.toml "
                 "(expected one `version = \"…\"` and one `dependencies = […]` line in [project])")
    return text


def site_wheel(out: Path) -> Path:
    """cardlab's wheel for the browser, declaring the widget stack; built from a copy of the tree."""
    pyproject = (REPO / "pyproject.toml").read_text()
    project = tomllib.loads(pyproject)
    setuptools = project["tool"]["setuptools"]
    folders = setuptools.get("package-dir", {})  # cardlab.widgets is the widgets/ folder
    packages = sorted({REPO / folders.get(name, name).split(".")[0] for name in setuptools["packages"]})
    version = f"{project['project']['version']}+site.{_tree_hash(packages)}"
    requires = [*project["project"].get("dependencies", []),
                *(f"{name}=={importlib.metadata.version(name)}" for name in FRONT_ENDS)]
    with tempfile.TemporaryDirectory(prefix="cardlab-wheel-") as tmp:
        src = Path(tmp)
        for package in packages:
            shutil.copytree(package, src / package.name, ignore=shutil.ignore_patterns("__pycache__"))
        for extra in [REPO / "README.md", *REPO.glob("LICENSE*")]:
            if extra.is_file():
                shutil.copy2(extra, src / extra.name)
        (src / "pyproject.toml").write_text(_patched_pyproject(pyproject, version, requires))
        built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), "."],
                               cwd=src, capture_output=True, text=True)
        if built.returncode:
            sys.exit(f"lock.py: building cardlab's wheel failed:\n{built.stdout[-3000:]}{built.stderr[-3000:]}")
    return next(out.glob(f"cardlab-{version}-*.whl"))


def check_front_ends(wheels: list[Path]) -> None:
    for name in FRONT_ENDS:
        wanted = importlib.metadata.version(name)
        found = [w.name for w in wheels if w.name.startswith(f"{name}-")]
        if found != [f"{name}-{wanted}-py3-none-any.whl"]:
            sys.exit(f"lock.py: the site's front end is {name} {wanted}, but the browser wheels are {found}; "
                     "pin the same version in static/pyodide-requirements.txt")


def build_lock(wheels: list[Path], stubs: list[tuple[str, str, Path]], out: Path) -> PyodideLockSpec:
    """The lock over exactly ``wheels`` and ``stubs`` (all in ``out``), from npm's lock info, as a
    ``PyodideLockSpec`` (imported here: only the build venv has pyodide-lock)."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.spec import PackageSpec
    from pyodide_lock.utils import add_wheels_to_spec

    npm_lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text())
    spec = PyodideLockSpec(info=npm_lock["info"], packages={
        name: PackageSpec(name=name, version=version, file_name=path.name, install_dir="site",
                          sha256=sha256(path), imports=[], depends=[])
        for name, version, path in stubs})
    # raises when a requirement is not among the wheels: the lock is closed or the build stops
    return add_wheels_to_spec(spec, wheels, base_path=out)


def compile_to_bytecode(folder: Path, names: list[str]) -> None:
    """Sources to bytecode in the standard library and the wheels (static/pyc.py says why)."""
    done = subprocess.run(["node", str(REPO / "static" / "pyc.mjs"), str(folder), *names],
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"lock.py: compiling to bytecode in Pyodide failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    compiled = [line for line in done.stdout.splitlines() if line.startswith("pyc: ")]
    print(f"lock.py: {len(compiled)} zips compiled to bytecode")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def start_up_packages() -> set[str]:
    """The packages static/jupyter-lite.json has Pyodide load with itself, canonical names."""
    config = json.loads(LITE_CONFIG.read_text())["jupyter-config-data"]["litePluginSettings"]
    return {canonical(name) for name in
            config["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]}


def _write_wheel(path: Path, entries: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for info, data in entries:
            whl.writestr(zipfile.ZipInfo(info.filename, info.date_time), data, zipfile.ZIP_DEFLATED)


def bundle_wheels(lock: PyodideLockSpec, out: Path) -> None:
    """Every package's code into BUNDLE's wheel; the start-up packages keep a metadata-only wheel
    that depends on BUNDLE; the other packages leave the lock (the module docstring says why)."""
    named = start_up_packages()
    if BUNDLE not in named:
        sys.exit(f"lock.py: {LITE_CONFIG.name} does not load {BUNDLE!r} at start; the bundle would not be loaded")
    merged: dict[str, tuple[zipfile.ZipInfo, bytes]] = {}
    own: list[tuple[zipfile.ZipInfo, bytes]] = []
    imports = set()
    for name, package in sorted(lock.packages.items()):
        path = out / package.file_name
        with zipfile.ZipFile(path) as whl:
            entries = [(info, whl.read(info)) for info in whl.infolist() if not info.is_dir()]
        metadata: list[tuple[zipfile.ZipInfo, bytes]] = []
        code: list[tuple[zipfile.ZipInfo, bytes]] = []
        for info, data in entries:
            top, _, rest = info.filename.partition("/")
            if top.endswith(".data"):
                continue
            (metadata if top.endswith(".dist-info") else code).append((info, data))
        if name == BUNDLE:
            own = metadata
        elif name not in named:  # its metadata travels in the bundle, as an .egg-info
            code += [(zipfile.ZipInfo(info.filename.split("/", 1)[0].removesuffix(".dist-info") + ".egg-info/"
                                      + info.filename.split("/", 1)[1], info.date_time), data)
                     for info, data in metadata]
        for info, data in code:
            if info.filename in merged and merged[info.filename][1] != data:
                sys.exit(f"lock.py: two wheels write {info.filename} differently; they cannot share one wheel")
            merged[info.filename] = (info, data)
        imports.update(package.imports)
        if name == BUNDLE:
            continue
        path.unlink()
        if name in named:
            _write_wheel(path, metadata)
            package.imports, package.depends = [], [BUNDLE] if code else []
        else:
            del lock.packages[name]
    bundle = lock.packages[BUNDLE]
    _write_wheel(out / bundle.file_name, own + sorted(merged.values(), key=lambda entry: entry[0].filename))
    bundle.imports, bundle.depends = sorted(imports), []


def add_sitecustomize(stdlib: Path) -> None:
    """static/sitecustomize.py into the standard library's zip, where `site` imports it at start."""
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED) as zf:
        if "sitecustomize.py" in zf.namelist():
            sys.exit(f"lock.py: {stdlib.name} already has a sitecustomize.py; ours would hide it")
        zf.write(SITECUSTOMIZE, "sitecustomize.py")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pypi", type=Path, required=True, help="the pure-Python wheels downloaded from PyPI")
    parser.add_argument("--out", type=Path, required=True, help="the lite dir's static/pyodide (emptied first)")
    args = parser.parse_args()
    out: Path = args.out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(NPM_PYODIDE / name, out / name)
    add_sitecustomize(out / "python_stdlib.zip")
    pypi = sorted(args.pypi.glob("*.whl"))
    check_front_ends(pypi)
    kernel = sorted(w for w in KERNEL_WHEELS.glob("*.whl") if w.name.startswith(KERNEL_WHEEL_NAMES))
    if len(kernel) != len(KERNEL_WHEEL_NAMES):
        sys.exit(f"lock.py: expected the kernel's wheels {KERNEL_WHEEL_NAMES} in {KERNEL_WHEELS}, found "
                 f"{[w.name for w in kernel]}")
    wheels = [Path(shutil.copy2(w, out / w.name)) for w in pypi + kernel] + [site_wheel(out)]
    stubs = []
    for name, version in STUBS.items():
        version = version or importlib.metadata.version(name)
        stubs.append((name, version, stub_wheel(name, version, out)))
    lock = build_lock(wheels, stubs, out)
    compile_to_bytecode(out, ["python_stdlib.zip", *(package.file_name for package in lock.packages.values())])
    bundle_wheels(lock, out)
    for package in lock.packages.values():  # PyPI's sha256 were checked at download; these are of what is served
        package.sha256 = sha256(out / package.file_name)
    lock.to_json(out / "pyodide-lock.json", indent=1)
    size = sum(p.stat().st_size for p in out.iterdir())
    print(f"lock.py: {len(lock.packages)} packages, {size / 1e6:.1f} MB in {out}")


if __name__ == "__main__":
    main()
