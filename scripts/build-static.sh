#!/usr/bin/env bash
# Build site/: the lessons as a static site (Voici + the Pyodide kernel) that works with no server
# and no network. Serve the folder with any static server, e.g.
#   bash scripts/build-static.sh && python3 -m http.server -d site -b 127.0.0.1 8000
# then open http://127.0.0.1:8000/ (it forwards to the landing lesson).
#
# Usage: bash scripts/build-static.sh [OUTPUT_DIR]     (default: site)
#
# What it does, and why:
# 1. .venv-static/ from static/requirements.txt (every package pinned): voici-core 0.10.0 with
#    jupyterlite-pyodide-kernel 0.7.0, ipywidgets and anywidget (whose front ends Voici copies
#    into the site), pyodide-lock and build. Its own venv, so .venv (app and tests) is untouched.
# 2. static/node_modules/pyodide from static/package-lock.json: the Pyodide core (0.29.0, the
#    version the kernel expects). By default the kernel would load Pyodide from a CDN at page open.
# 3. The pure-Python wheels the browser's Python needs, from PyPI, pinned with their sha256 in
#    static/pyodide-requirements.txt.
# 4. static/lock.py puts the core, those wheels, the kernel's own wheels, empty stand-ins
#    (sqlite3, jedi, jupyterlab-widgets) and cardlab's wheel in the lite dir's static/pyodide/,
#    with a pyodide-lock.json listing exactly them, every .py compiled to bytecode by Pyodide
#    itself (static/pyc.mjs: IPython's import in the page fell from 13.8 s to 2.5 s). The site's
#    cardlab wheel is built from a copy of the tree (its packages as pyproject.toml lists them)
#    whose pyproject.toml declares ipywidgets and anywidget; then every package's code goes into
#    that one wheel, and the packages the kernel names at start keep a metadata-only wheel each:
#    a page fetches and unpacks 9 wheels instead of 26. The standard library's zip gets
#    static/sitecustomize.py, so no import looks in the lesson's folder on JupyterLite's drive
#    (each look was a round trip through the service worker to the page). The repository's
#    pyproject.toml is not changed: a normal install of the engine keeps no dependencies.
# 5. `voici build` with static/jupyter-lite.json: the local Pyodide, `disablePyPIFallback`, and
#    the kernel's packages and cardlab loaded together with Pyodide.
# 6. static/site.py: index.html forwarding to the landing lesson, a forward for each lesson's
#    `.ipynb` link (the French and Italian lessons of notebooks/fr/ and notebooks/it/ too, each
#    page's `<html lang>` its lesson's language), no stylesheet fetched from a CDN, the theme every
#    page repeated inline (256 kB a page) in shared files of static/styles/, and our service worker
#    (static/service-worker.js) in JupyterLite's place: the first visit stores the site's files
#    in the browser, so a loaded site keeps working when the server is gone.
# The build needs the package registries (PyPI, npm) only; nothing is fetched when a page opens.
# The new site replaces OUTPUT_DIR only when every step succeeded.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:-site}
case $out in /*) ;; *) out=$repo/$out ;; esac
venv=.venv-static

say() { printf 'build-static: %s\n' "$*"; }
die() { printf 'build-static: %s\n' "$*" >&2; exit 1; }

py=${PYTHON:-python3}
command -v "$py" >/dev/null || die "no $py on PATH: Python 3.11 or newer is needed"
"$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "$("$py" --version) is too old: the build needs Python 3.11 or newer (set PYTHON=…)"
command -v npm >/dev/null && command -v node >/dev/null \
  || die "npm or node is missing: install Node.js 18 or newer (it fetches the Pyodide core and runs it to compile)"
[ -d notebooks ] || die "no notebooks/ folder in $repo"
# the output is replaced at the end: never a folder that holds something else
if [ -e "$out" ] && [ ! -f "$out/jupyter-lite.json" ] && [ -n "$(ls -A "$out" 2>/dev/null || echo file)" ]; then
  die "$out exists and is not a site built by this script: choose another OUTPUT_DIR (it would be replaced)"
fi

# 1. the build venv, reinstalled when static/requirements.txt changes
stamp=$venv/.requirements.sha256
want=$(sha256sum static/requirements.txt | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "creating $venv from static/requirements.txt"
  rm -rf "$venv"
  "$py" -m venv "$venv"
  uv=$(command -v uv || true)
  [ -n "$uv" ] || { [ -x .venv/bin/uv ] && uv=.venv/bin/uv; } || true
  if [ -n "$uv" ]; then
    "$uv" pip install -q --python "$venv/bin/python" -r static/requirements.txt
  else
    "$venv/bin/python" -m pip install -q -r static/requirements.txt
  fi
  echo "$want" > "$stamp"
fi

# 2. the Pyodide core
if [ ! -f static/node_modules/pyodide/pyodide.asm.wasm ] || [ static/package-lock.json -nt static/node_modules/.package-lock.json ]; then
  say "installing the npm package pyodide (static/package-lock.json)"
  npm ci --prefix static --no-audit --no-fund --loglevel=error
fi

# a scratch lite dir; the site is built next to the output and swapped in at the end
lite=$(mktemp -d "${TMPDIR:-/tmp}/cardlab-lite-XXXXXX")
new="$out.new"
trap 'rm -rf "$lite" "$new"' EXIT
cp static/jupyter-lite.json static/jupyter_lite_config.json "$lite/"

# 3. the browser's wheels, checked against their pinned sha256 (pip's cache makes a rebuild quick);
#    not in the lite dir's pypi/, which Voici would publish a second time
"$venv/bin/python" -m pip download -q --no-deps --require-hashes --only-binary=:all: \
  --python-version 3.13 --implementation py --abi none --platform any \
  -r static/pyodide-requirements.txt -d "$lite/downloads" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2) \
  || die "downloading the wheels of static/pyodide-requirements.txt failed (PyPI unreachable, or a sha256 differs)"

# 4. the Pyodide folder and its lock
"$venv/bin/python" static/lock.py --pypi "$lite/downloads" --out "$lite/static/pyodide"
# 5. Voici
rm -rf "$new"
say "voici build (notebooks/ -> $out)"
(cd "$lite" && "$repo/$venv/bin/voici" build --contents "$repo/notebooks" --output-dir "$new" \
   --no-sourcemaps >"$lite/voici.log" 2>&1) || { tail -30 "$lite/voici.log" >&2; die "voici build failed"; }
# 6. landing page, lesson links, no CDN
"$venv/bin/python" static/site.py "$new" notebooks
rm -rf "$out"
mv "$new" "$out"
say "done: $out ($(du -sh "$out" | cut -f1)); serve it with: python3 -m http.server -d $out -b 127.0.0.1 8000"
