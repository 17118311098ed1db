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
"""
from __future__ import annotations

import json
import re
import shutil
import sys
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
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


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: python static/site.py SITE_DIR NOTEBOOKS_DIR")
    site, notebooks = Path(sys.argv[1]), Path(sys.argv[2])
    if not (site / "voici" / "render" / "index.html").exists():
        sys.exit(f"site.py: {site} has no voici/render/index.html: the landing lesson was not built")
    shutil.copy2(HERE / "index.html", site / "index.html")
    forwarded = forward_lesson_links(site, notebooks)
    removed = strip_remote_stylesheets(site)
    print(f"site.py: landing page linked, {len(forwarded)} lesson links forwarded, "
          f"{removed} remote stylesheet links removed")


if __name__ == "__main__":
    main()
