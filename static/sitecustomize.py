"""The static site's Python never looks for a module in the lesson's folder; static/lock.py puts this
file in the site's `python_stdlib.zip`, where `site` imports it when Pyodide starts.

JupyterLite mounts the site's files at /drive, and the kernel runs from there (`os.chdir`). Python
looks for every module it imports in the current folder first (`''` in `sys.path`), and each look
is a `stat` of that folder, which the kernel's Web Worker asks the page for through the service
worker: about 100 round trips while IPython and a lesson's modules are imported, each one waiting
for the page's busy main thread. A lesson imports only the installed packages, never a file beside
the notebook, so a folder under /drive gets a finder that finds nothing (reading and writing files
there is unchanged).
"""
from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec

DRIVE = "/drive"


class NothingHere:
    """The path entry finder of a folder under the drive: it finds no module, and asks nothing."""

    def find_spec(self, fullname: str, target: object = None) -> ModuleSpec | None:
        return None

    def invalidate_caches(self) -> None:
        pass


def drive_folders(path: str) -> NothingHere:
    """The path hook: a NothingHere for /drive and its folders; ImportError (not mine) for the rest."""
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return NothingHere()
    raise ImportError(path)


sys.path_hooks.insert(0, drive_folders)
