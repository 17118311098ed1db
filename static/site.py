"""Finish the site Voici built so that it opens on the landing lesson, its lesson links work and
no page asks another host for anything. Run by scripts/build-static.sh:

    python static/site.py SITE_DIR NOTEBOOKS_DIR

- `index.html` at the root sends the visitor to the landing lesson (Voici's own root page is a
  file tree).
- Voici serves `notebooks/X.ipynb` as `voici/render/X.html`, and the translated lessons
  `notebooks/fr/X.ipynb` as `voici/render/fr/X.html` (so a lesson's links stay in its language).
  It rewrites `.ipynb` links in markdown cells, but not the ones a cell's output carries
  (`cardlab.lesson.games()` links `X.ipynb`). A folder `voici/render/X.ipynb/` (or
  `voici/render/fr/X.ipynb/`) whose `index.html` forwards to `../X.html` makes those links work:
  a static server answers `X.ipynb` with a redirect to `X.ipynb/`, GitHub Pages too. The page's
  fragment (the table's address) is carried along.
- Voici writes `<html lang="en">` on every page; a lesson whose metadata says another language
  (`"cardlab": {"lang": "fr"}`) gets its own, as the served app's page template gives it.
- Voici's page templates link Font Awesome from a CDN; the lessons use no icon font, and offline
  the request only fails, so those stylesheet links are taken out.
- Voici writes JupyterLab's theme into every page as two `<style>` blocks (256 kB of the 350 kB of
  a lesson page); each big block that several pages repeat becomes one file in `static/styles/`
  (named by its hash) that the pages link in its place, so the browser fetches and keeps it once
  and a visit to a second lesson brings only its own page. Only a block whose `url(...)`s are all
  `data:` moves (a relative one would resolve against the new file's folder).
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
import os
import re
import shutil
import sys
from collections import Counter
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER, JUPYTERLITE_WORKER = "service-worker.js", "jupyterlite-service-worker.js"
JUPYTERLITE_MARK = "/sw-api.v1"  # the broadcast channel only JupyterLite's worker opens
REMOTE_STYLESHEET = re.compile(r'<link\b[^>]*\bhref="https?://[^"]*"[^>]*>\s*', re.IGNORECASE)
LANGUAGE = re.compile(r"[a-z]{2,3}")
VOICI_LANG = '<html lang="en">'
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style>", re.IGNORECASE | re.DOTALL)
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)
SHARED_STYLE_BYTES = 4096  # smaller blocks stay inline: a request costs more than they weigh
STYLES = Path("static") / "styles"
FORWARD = """<!DOCTYPE html>
<html lang="{lang}">
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


def movable(css: str) -> bool:
    """True if ``css`` reads the same from another folder: every `url(...)` is a `data:` one, no @import."""
    return "@import" not in css and all(url.startswith("data:") for url in CSS_URL.findall(css))


def share_stylesheets(site: Path) -> list[str]:
    """Each big `<style>` block that two or more pages repeat, moved to one file of
    `static/styles/` that those pages link in its place; the files written."""
    pages = {page: page.read_text(encoding="utf-8") for page in sorted(site.rglob("*.html"))}
    repeated = Counter(css for text in pages.values() for css in {m.group(1) for m in STYLE.finditer(text)})
    files = {css: f"{hashlib.sha256(css.encode()).hexdigest()[:16]}.css" for css, count in repeated.items()
             if count >= 2 and len(css.encode()) >= SHARED_STYLE_BYTES and movable(css)}
    if not files:
        return []
    (site / STYLES).mkdir(parents=True, exist_ok=True)
    for css, name in files.items():
        (site / STYLES / name).write_text(css, encoding="utf-8")
    for page, text in pages.items():
        folder = Path(os.path.relpath(site / STYLES, page.parent)).as_posix()

        def link(match: re.Match[str]) -> str:
            name = files.get(match.group(1))
            return f'<link rel="stylesheet" href="{folder}/{name}">' if name else match.group(0)

        shared = STYLE.sub(link, text)
        if shared != text:
            page.write_text(shared, encoding="utf-8")
    return sorted(files.values())


def lessons(notebooks: Path) -> list[Path]:
    """Every lesson notebook, English and translated, as a path relative to `notebooks`."""
    return sorted(path.relative_to(notebooks) for path in notebooks.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in path.parts)


def language(notebook: Path) -> str:
    """The lesson's language: its metadata's `cardlab.lang`, English if it says none."""
    metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
    lang = (metadata.get("cardlab") or {}).get("lang", "en")
    if not isinstance(lang, str) or not LANGUAGE.fullmatch(lang):
        sys.exit(f"site.py: {notebook} says its language is {lang!r}, which is not a language code like 'fr'")
    return lang


def forward_lesson_links(site: Path, notebooks: Path) -> list[str]:
    """A `voici/render/X.ipynb/index.html` for each lesson, forwarding to `X.html`."""
    render = site / "voici" / "render"
    names = []
    for lesson in lessons(notebooks):
        target = f"{lesson.stem}.html"
        if not (render / lesson.parent / target).exists():
            sys.exit(f"site.py: Voici did not build {target} for {lesson.as_posix()}; the forward would lead nowhere")
        folder = render / lesson
        folder.mkdir(exist_ok=True)
        target_js = json.dumps(f"../{target}").replace("<", "\\u003c")
        page = FORWARD.format(lang=language(notebooks / lesson), title=escape(lesson.stem),
                              target=escape(target), target_js=target_js)
        (folder / "index.html").write_text(page, encoding="utf-8")
        names.append(lesson.as_posix())
    return names


def set_page_languages(site: Path, notebooks: Path) -> list[str]:
    """Each translated lesson's page says its language in `<html lang>`; the pages changed."""
    changed = []
    for lesson in lessons(notebooks):
        lang = language(notebooks / lesson)
        if lang == "en":
            continue
        page = site / "voici" / "render" / lesson.with_suffix(".html")
        text = page.read_text(encoding="utf-8")
        if VOICI_LANG not in text:
            sys.exit(f"site.py: {page} has no {VOICI_LANG}; its language would stay unsaid")
        page.write_text(text.replace(VOICI_LANG, f'<html lang="{lang}">', 1), encoding="utf-8")
        changed.append(lesson.as_posix())
    return changed


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
    translated = set_page_languages(site, notebooks)
    removed = strip_remote_stylesheets(site)
    styles = share_stylesheets(site)
    cached = install_offline_cache(site)
    print(f"site.py: landing page linked, {len(forwarded)} lesson links forwarded, "
          f"{len(translated)} translated pages given their language, "
          f"{removed} remote stylesheet links removed, {len(styles)} stylesheets shared between pages, "
          f"{len(cached)} files cached for offline use")


if __name__ == "__main__":
    main()
