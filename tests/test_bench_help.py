"""Every file in bench/ answers cheaply (issue 36): a bench script prints its ``--help``, a module shared
by the benches imports, in a fresh interpreter, without starting a process or opening a socket and
without importing the browser, server or notebook stacks. So a bench whose imports rot fails here,
not on the day someone measures; a new bench is covered by being in bench/.

The stacks are the third-party packages a bench needs only once it runs. pytest is not among them:
``tests/servers.py``, which every server-starting bench shares, imports it for its failure messages.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers import REPO

BENCH = REPO / "bench"
HEAVY = ["anywidget", "ipykernel", "ipywidgets", "jupyter_client", "jupyter_server", "playwright", "pyspiel",
         "voila"]
"""The stacks that cost a bench's start seconds (small clients such as tornado, websockets and psutil
import in a few milliseconds and may be imported where the module starts)."""

# Runs bench/<file> as `python bench/<file> ARGS...` would (its folder first on sys.path) under an
# audit hook that refuses to start a process or open a socket; a stderr line "heavy: [...]" lists the
# heavy packages imported by then.
PROBE = """
import json, runpy, sys
REFUSED = {"subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.fork", "os.forkpty",
           "socket.bind", "socket.connect"}
def refuse(event, args):
    if event in REFUSED:
        raise RuntimeError(f"started something: {event} {args!r:.300}")
sys.addaudithook(refuse)
path, heavy, *argv = sys.argv[1:]
sys.argv, sys.path[0] = [path, *argv], path.rsplit("/", 1)[0]
try:
    runpy.run_path(path, run_name="__main__" if argv else "bench_module")
finally:
    loaded = {name.partition(".")[0] for name in sys.modules}
    print("heavy: " + json.dumps(sorted(loaded & set(json.loads(heavy)))), file=sys.stderr)
"""


def is_script(path: Path) -> bool:
    return 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", sorted(BENCH.glob("*.py")), ids=lambda path: path.name)
def test_bench_answers_help_cheaply(path: Path) -> None:
    argv = ["--help"] if is_script(path) else []
    done = subprocess.run([sys.executable, "-c", PROBE, str(path), json.dumps(HEAVY), *argv], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    heavy = next(json.loads(line[len("heavy: "):]) for line in done.stderr.splitlines() if line.startswith("heavy: "))
    assert done.returncode == 0, done.stderr[-2000:]
    if argv:
        assert done.stdout.startswith("usage: "), done.stdout[:500]
    assert heavy == [], f"{path.name} imports {heavy} before it needs them"
