"""Finish the site Voici built so that it opens on the landing lesson, its lesson links work and
no page asks another host for anything. Run by scripts/build-static.sh:

    python static/site.py SITE_DIR NOTEBOOKS_DIR

- `index.html` at the root sends the visitor to the landing lesson (Voici's own root page is a
  file tree).
- Voici serves `notebooks/X.ipynb` as `voici/render/X.html`. It rewrites `.ipynb` links in
  markdown cells, but not the ones a cell's output carries (`cardlab.lesson.games()` links
  `X.ipynb`). A folder `voici/render/X.ipynb/` whose `index.html` forwards to `../X.html` makes
  those links work: a static server answers `X.ipynb` with a redirect to `X.ipynb/`, GitHub
  Pages too. The page's fragment (the table's address) is carried along.
- Voici's page templates link Font Awesome from a CDN; the lessons use no icon font, and offline
  the request only fails, so those stylesheet links are taken out.
- The site keeps working once loaded, with no server: JupyterLite registers `service-worker.js`;
  ours (static/service-worker.js) takes that name, imports JupyterLite's (renamed
  `jupyterlite-service-worker.js`) and keeps every file a lesson needs in the browser's cache.
  Its precache list is every file of the site but JupyterLite's own application in `build/`,
  which no Voici page loads; its version is a hash of those files, so each new build replaces
  the cache.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER, JUPYTERLITE_WORKER = "service-worker.js", "jupyterlite-service-worker.js"
JUPYTERLITE_MARK = "/sw-api.v1"  # the broadcast channel only JupyterLite's worker opens
REMOTE_STYLESHEET = re.compile(r'<link\b[^>]*\bhref="https?://[^"]*"[^>]*>\s*', re.IGNORECASE)
FORWARD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta http-equiv="refresh" content="0; url=../{target}">
<script>location.replace({target_js} + location.hash);</script>
</head>
<body>
<p><a href="../{target}">{title}</a></p>
</body>
</html>
"""


def strip_remote_stylesheets(site: Path) -> int:
    """Remove every `<link href="http(s)://…">` from the site's pages; the number removed."""
    removed = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        cleaned, count = REMOTE_STYLESHEET.subn("", text)
        if count:
            page.write_text(cleaned, encoding="utf-8")
            removed += count
    return removed


def forward_lesson_links(site: Path, notebooks: Path) -> list[str]:
    """A `voici/render/X.ipynb/index.html` for each lesson, forwarding to `X.html`."""
    render = site / "voici" / "render"
    names = []
    for notebook in sorted(notebooks.glob("*.ipynb")):
        target = f"{notebook.stem}.html"
        if not (render / target).exists():
            sys.exit(f"site.py: Voici did not build {target} for {notebook.name}; the forward would lead nowhere")
        folder = render / notebook.name
        folder.mkdir(exist_ok=True)
        target_js = json.dumps(f"../{target}").replace("<", "\\u003c")
        page = FORWARD.format(title=escape(notebook.stem), target=escape(target), target_js=target_js)
        (folder / "index.html").write_text(page, encoding="utf-8")
        names.append(notebook.name)
    return names


def precache_list(site: Path) -> list[str]:
    """The site's files, relative and sorted, that the service worker stores on install."""
    names = (path.relative_to(site) for path in site.rglob("*") if path.is_file())
    return sorted(name.as_posix() for name in names
                  if name.parts[0] != "build" and name.as_posix() not in (WORKER, JUPYTERLITE_WORKER))


def install_offline_cache(site: Path) -> list[str]:
    """Put our service worker in JupyterLite's place; the list of files it precaches."""
    theirs = site / WORKER
    if not theirs.is_file() or JUPYTERLITE_MARK not in theirs.read_text(encoding="utf-8"):
        sys.exit(f"site.py: {theirs} is not JupyterLite's service worker; the offline cache would replace it")
    theirs.rename(site / JUPYTERLITE_WORKER)
    files = precache_list(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    worker = (HERE / WORKER).read_text(encoding="utf-8")
    worker = worker.replace('"__CARDLAB_VERSION__"', json.dumps(digest.hexdigest()[:16]))
    worker = worker.replace("__CARDLAB_PRECACHE__", json.dumps(["./" + name for name in files]))
    (site / WORKER).write_text(worker, encoding="utf-8")
    return files


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: python static/site.py SITE_DIR NOTEBOOKS_DIR")
    site, notebooks = Path(sys.argv[1]), Path(sys.argv[2])
    if not (site / "voici" / "render" / "index.html").exists():
        sys.exit(f"site.py: {site} has no voici/render/index.html: the landing lesson was not built")
    shutil.copy2(HERE / "index.html", site / "index.html")
    forwarded = forward_lesson_links(site, notebooks)
    removed = strip_remote_stylesheets(site)
    cached = install_offline_cache(site)
    print(f"site.py: landing page linked, {len(forwarded)} lesson links forwarded, "
          f"{removed} remote stylesheet links removed, {len(cached)} files cached for offline use")


if __name__ == "__main__":
    main()
