"""The app server in its own module (issue 21, item 6): what it takes from Voilà, and where.

Voilà has no setting for its page handler class, so the server swaps Voilà's render handler for
``LessonPageHandler`` in two places (the app's handler list, the server extension's Tornado rule);
these tests fail if Voilà stops routing its pages the way that swap relies on. The page template is
found where every Voilà looks (the Jupyter data folders), never through a changed JUPYTER_PATH."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from jupyter_core.paths import jupyter_path

ROOT = Path(__file__).resolve().parents[1]


def test_the_app_serves_lesson_pages_with_the_lesson_handler(tmp_path):
    from cardlab.widgets.server import CardlabVoila, LessonPageHandler, RENDER_ROUTE

    app = CardlabVoila()
    # no preheated kernels: this app is never started, so a pool filling itself later would fail
    app.initialize([f"--Voila.root_dir={ROOT / 'notebooks'}", "--Voila.connection_dir_root=" + str(tmp_path),
                    "--VoilaConfiguration.preheat_kernel=False"])
    app.init_settings()
    routes = [route for route in app.init_handlers() if isinstance(route, tuple)]
    assert [route[1] for route in routes if route[0].endswith(RENDER_ROUTE)] == [LessonPageHandler]


def test_the_server_extension_serves_lesson_pages_with_the_lesson_handler(tmp_path):
    # a real Jupyter server with both extensions, as binder/postBuild configures it (in a subprocess:
    # a ServerApp is a process-wide singleton)
    code = """
import json, sys
from jupyter_server.serverapp import ServerApp
from voila.tornado.handler import TornadoVoilaHandler
from cardlab.widgets.server import LessonPageHandler
app = ServerApp()
app.initialize(["--ServerApp.root_dir=" + sys.argv[1]], new_httpserver=False)
found = [(rule.matcher.regex.pattern, rule.target.__name__)
         for host in app.web_app.default_router.rules for rule in getattr(host.target, "rules", [])
         if rule.target in (LessonPageHandler, TornadoVoilaHandler)]
print(json.dumps(found))
"""
    extensions = {"voila": True, "cardlab.widgets.server": True}
    (tmp_path / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"jpserver_extensions": extensions}}))
    done = subprocess.run([sys.executable, "-c", code, str(ROOT)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={"JUPYTER_CONFIG_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-3000:]
    # Tornado serves the first matching rule (Voilà, enabled under its own names too, adds more after it)
    assert json.loads(done.stdout.splitlines()[-1])[0] == ["/voila/render/(.*)$", "LessonPageHandler"]


def test_the_server_extension_config_names_this_module():
    from cardlab.widgets.server import jupyter_server_config

    config = jupyter_server_config(json.loads((ROOT / "voila.json").read_text()))
    assert config["ServerApp"]["jpserver_extensions"] == {"voila": True, "cardlab.widgets.server": True}
    assert config["ServerApp"]["kernel_websocket_connection_class"] == \
        "cardlab.widgets.server.NoDelayChannelsConnection"


def test_the_page_template_is_the_repository_folder_where_voila_looks():
    # scripts/setup.sh links it into the venv: an edit of the template is served without a reinstall
    found = [Path(d) for d in jupyter_path("voila", "templates", "cardlab") if Path(d).is_dir()]
    assert found and found[0].resolve() == ROOT / "widgets" / "jupyter_data" / "voila" / "templates" / "cardlab"


def test_the_server_leaves_jupyter_path_alone():
    from cardlab.widgets import server

    assert "JUPYTER_PATH" not in Path(server.__file__).read_text()
    assert server.template_missing("cardlab") is None and server.template_missing("lab") is None


def test_setup_links_the_template_and_postbuild_relies_on_the_install():
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    assert 'ln -sfn "$root/widgets/jupyter_data/voila/templates/cardlab"' in setup
    assert "install_voila_template" not in (ROOT / "binder" / "postBuild").read_text()
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert ".[app]" in requirements and "-e" not in requirements  # the wheel's data files: the template
