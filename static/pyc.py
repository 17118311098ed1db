"""Compile the site's Python to bytecode, run inside Pyodide by static/pyc.mjs at build time.

Measured in Pyodide: `import IPython` spent 9.5 of its 13.8 s in `compile`, because the npm
package's `python_stdlib.zip` and PyPI's wheels carry sources only, and nothing can write a
bytecode cache that outlives the page. So every `.py` in the standard-library zip and in the
wheels is replaced by its `.pyc` (unchecked hash-based: valid without the source), compiled by
the same Pyodide that will import it, so the bytecode always matches the interpreter. A file
that does not compile (a test fixture in Python 2) keeps its source. Wheel names keep their
`py3-none-any` tag: they are only read by this site's Pyodide.
"""
from __future__ import annotations

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def compiled_zip(path: str) -> tuple[int, int]:
    """Rewrite the zip at ``path`` with bytecode for its sources: (compiled, kept as source)."""
    done = kept = 0
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    kept += 1
                else:
                    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                    out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), pyc,
                                 zipfile.ZIP_DEFLATED)
                    done += 1
                    continue
            out.writestr(info, data, zipfile.ZIP_DEFLATED)
    return done, kept


def main(paths: list[str]) -> None:
    for path in paths:
        done, kept = compiled_zip(path)
        print(f"pyc: {path.rsplit('/', 1)[-1]}: {done} modules compiled" + (f", {kept} kept as source" if kept else ""))


if __name__ == "__main__":  # pyodide.runPython runs in __main__
    main(sys.argv[1:])
