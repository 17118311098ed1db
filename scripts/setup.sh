#!/usr/bin/env bash
# Set up cardlab in ./.venv.   Usage: bash scripts/setup.sh [app|test]   (default: app)
#
#   app   what scripts/serve.sh needs: the engine, Voila, ipywidgets, anywidget, ipykernel
#   test  app + pytest, nbval, Playwright, JupyterLab, pyflakes, JupyterHub, Debian's chromium, Node.js
#         and JupyterHub's proxy (npm ci in deploy/hub)
#
# Versions come from the lock files requirements/<app|test>.lock (the same pins Binder installs).
# Idempotent: a second run with unchanged pyproject.toml and lock files only checks and returns.
# Installs what is missing by itself (python3-venv, chromium and nodejs via apt-get, as root);
# never asks Playwright to download a browser of its own (it drives /usr/bin/chromium).
set -euo pipefail

extra="${1:-app}"
case "$extra" in app|test) ;; *) echo "usage: $0 [app|test]" >&2; exit 2 ;; esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="$root/.venv"
py="${PYTHON:-python3}"
t0=$SECONDS
say() { printf 'setup: %s\n' "$*"; }

apt_updated=""
apt_install() {
    if [ "$(id -u)" != 0 ]; then
        echo "setup: need root to apt-get install $*; install it yourself and re-run" >&2
        exit 1
    fi
    if [ -z "$apt_updated" ]; then
        say "apt-get update"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        apt_updated=1
    fi
    say "apt-get install $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# 1. A Python that can make venvs.
command -v "$py" >/dev/null || { echo "setup: $py not found" >&2; exit 1; }
"$py" -c 'import sys; assert sys.version_info >= (3, 11), sys.version' \
    || { echo "setup: cardlab needs Python >= 3.11 (ipykernel 7.4 does); set PYTHON=python3.11" >&2; exit 1; }

# 2. The venv (recreated if broken, e.g. its python moved).
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' 2>/dev/null; then
    rm -rf "$venv"
    if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
        pyver="$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        apt_install python3-venv "python${pyver}-venv" || apt_install python3-venv
    fi
    say "creating .venv with $("$py" --version)"
    "$py" -m venv "$venv"
fi

# 3. Packages: `uv pip` (about 10x faster than pip), falling back to pip if uv can't be had.
stamp="$venv/.cardlab-$extra.stamp"
lock="requirements/$extra.lock"
want_for() { cat pyproject.toml "requirements/$1.lock" scripts/setup.sh | sha256sum | cut -c1-16; }
want="$(want_for "$extra")"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say ".venv is up to date for [$extra]"
else
    if [ ! -x "$venv/bin/uv" ]; then
        "$venv/bin/python" -m pip install -q --disable-pip-version-check uv 2>/dev/null \
            || say "uv unavailable, using pip"
    fi
    say "installing $lock and -e .[$extra]"
    if [ -x "$venv/bin/uv" ]; then
        "$venv/bin/uv" pip install -q --python "$venv/bin/python" -r "$lock" -e ".[$extra]"
    else
        "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$lock" -e ".[$extra]"
    fi
    # the test set includes the app set, so a test install also satisfies `app`
    echo "$want" > "$stamp"
    [ "$extra" = test ] && want_for app > "$venv/.cardlab-app.stamp"
fi

# The cardlab page template (Voilà's page with nothing from outside hosts) in .venv/share/jupyter, where
# every Voilà looks (the app, the preview inside JupyterLab). An editable install leaves out the wheel's
# data files, so the repository's folder is linked there: like the code, it is never a stale copy.
templates="$venv/share/jupyter/voila/templates"
mkdir -p "$templates"
[ -L "$templates/cardlab" ] || rm -rf "$templates/cardlab"
ln -sfn "$root/widgets/jupyter_data/voila/templates/cardlab" "$templates/cardlab"

# The message catalogs: each language's .mo from its .po (scripts/catalogs.sh), read in place by the editable
# install. The repository keeps them compiled too (the wheel and the static site ship those), so this only
# matters after a .po changed; Babel comes with both lock files.
if [ -x "$venv/bin/pybabel" ]; then
    PYBABEL="$venv/bin/pybabel" bash scripts/catalogs.sh compile >/dev/null 2>&1 \
        || { echo "setup: compiling the catalogs failed: run bash scripts/catalogs.sh compile" >&2; exit 1; }
fi

# 4. The browser for the browser tests: Debian's chromium; and Node.js.
if [ "$extra" = test ]; then
    if [ ! -x /usr/bin/chromium ]; then
        apt_install chromium
    fi
    [ -x /usr/bin/chromium ] || { echo "setup: /usr/bin/chromium still missing" >&2; exit 1; }
    # Node.js loads each view's built module in tests/test_front_end_files.py
    command -v node >/dev/null || apt_install nodejs
    # JupyterHub's proxy for tests/browser/test_hub.py: configurable-http-proxy at the versions
    # deploy/hub/package-lock.json pins (npm ci: nothing resolved anew), again only when it changes
    command -v npm >/dev/null || apt_install npm
    hub="$root/deploy/hub"
    hub_want="$(sha256sum "$hub/package-lock.json" | cut -c1-16)"
    if [ ! -x "$hub/node_modules/.bin/configurable-http-proxy" ] \
        || [ "$(cat "$hub/node_modules/.cardlab.stamp" 2>/dev/null)" != "$hub_want" ]; then
        say "npm ci in deploy/hub (configurable-http-proxy)"
        (cd "$hub" && npm ci --no-audit --no-fund --loglevel=error)
        echo "$hub_want" > "$hub/node_modules/.cardlab.stamp"
    fi
fi

say "ready ($extra) in $((SECONDS - t0)) s"
