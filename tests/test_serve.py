"""Starting the server: it prints the address it really listens on, and a taken port gets a
sentence saying how to choose another (it printed 8866 whatever --port said, and a bare CRITICAL).
The command is the one ``scripts/serve.sh`` execs once the venv is set up."""
from __future__ import annotations

import re
import socket
import subprocess

from tests.servers import LOOPBACK, REPO, TEACHER_KEY, voila_command


def free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((LOOPBACK, port))
            return True
        except OSError:
            return False


def test_the_server_prints_the_address_it_listens_on(voila_server):
    # voila_server: the app started as serve.sh starts it, on a free port other than 8866
    port = int(voila_server.url.rsplit(":", 1)[1])
    log = voila_server.log.read_text(errors="replace")  # the server may be writing meanwhile
    said = [line for line in log.splitlines() if line.startswith("serve:")]
    assert said == [f"serve: http://{LOOPBACK}:{port}/ (landing page notebooks/index.ipynb; Ctrl-C stops)",
                    "serve: the teacher's link, which opens rooms (keep it to yourself, never on the projector): "
                    f"http://{LOOPBACK}:{port}/cardlab/rooms?key={TEACHER_KEY}"]


def test_serve_sh_leaves_the_address_to_the_server():
    script = (REPO / "scripts" / "serve.sh").read_text()
    commands = [line for line in script.splitlines() if line and not line.startswith("#")]
    assert not any("echo" in line or "8866" in line for line in commands), commands
    assert commands[-1] == 'exec .venv/bin/python -m cardlab.widgets.server "$@"'


def test_a_taken_port_says_how_to_choose_another():
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(voila_command(port), cwd=REPO, capture_output=True, text=True,
                             timeout=120)
    assert out.returncode == 1
    assert f"serve: cannot serve on {LOOPBACK} port {port}: another program is using that port" \
        in out.stderr
    suggested = re.search(r"bash scripts/serve\.sh --port=(\d+)", out.stderr)
    assert suggested, out.stderr
    assert int(suggested.group(1)) != port and free(int(suggested.group(1)))
    assert "CRITICAL" not in out.stderr and "Traceback" not in out.stderr
    assert "serve: http" not in out.stdout
