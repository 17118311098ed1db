"""How many widget models each lesson page creates, and how much state they carry.

Every widget model is a comm the browser opens, a view it builds and state it parses: a lesson
page's weight in the browser grows with them (issue 12 §2, "lessons cheap to open").  This runs
each lesson's code cells in order in one fresh process per lesson, the way Voilà does before the
page is sent, and counts ipywidgets' live instances and the JSON size of their state::

    .venv/bin/python bench/widget_models.py [notebooks/tressette.ipynb ...]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

_COUNT = """
import json, sys
from ipywidgets.widgets.widget import _instances
nb = json.load(open(sys.argv[1], encoding="utf-8"))
for cell in nb["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), globals())
size = sum(len(json.dumps(w.get_state(), default=str)) for w in list(_instances.values()))
print(json.dumps({"models": len(_instances), "state_bytes": size}))
"""


def count(notebook: Path) -> dict:
    """The widget models and state bytes once every code cell of ``notebook`` has run."""
    out = subprocess.run([sys.executable, "-c", _COUNT, str(notebook)], cwd=REPO / "notebooks",
                         env={"PYTHONPATH": str(REPO)}, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="lessons to count (default: every notebook)")
    notebooks = [n.resolve() for n in parser.parse_args().notebooks] or sorted((REPO / "notebooks").glob("*.ipynb"))
    print(f"{'lesson':<24}{'models':>8}{'state kB':>10}")
    for notebook in notebooks:
        result = count(notebook)
        print(f"{notebook.stem:<24}{result['models']:>8}{result['state_bytes'] / 1000:>10.0f}")


if __name__ == "__main__":
    main()
