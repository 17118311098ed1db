"""bench/voila_bench.py serves copies of the repository (the commit before a change, a committed
tree): a folder it cannot serve as itself gets one sentence saying why and what to do."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))  # voila_bench imports its neighbour playable
_spec = importlib.util.spec_from_file_location("voila_bench", REPO / "bench" / "voila_bench.py")
voila_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(voila_bench)


def write_voila_json(folder: Path, connection: str) -> None:
    folder.joinpath("voila.json").write_text(json.dumps({"Voila": {"kernel_websocket_connection_class": connection}}))


def test_this_tree_is_served_as_itself():
    assert voila_bench.copy_problem(REPO) is None


def test_a_folder_without_voila_json_is_refused(tmp_path: Path):
    assert voila_bench.copy_problem(tmp_path) == f"{tmp_path} is not a copy of this repository (no voila.json in it)."


def test_a_copy_importing_the_installed_widgets_is_told_to_link_its_own(tmp_path: Path):
    write_voila_json(tmp_path, "cardlab.widgets.server.NoDelayChannelsConnection")
    (tmp_path / "cardlab").mkdir()
    (tmp_path / "widgets").mkdir()
    assert f"ln -s ../widgets {tmp_path}/cardlab/widgets" in voila_bench.copy_problem(tmp_path)
    (tmp_path / "cardlab" / "widgets").symlink_to("../widgets")
    assert voila_bench.copy_problem(tmp_path) is None


def test_a_copy_from_before_the_one_package_needs_no_link(tmp_path: Path):
    write_voila_json(tmp_path, "widgets.voila_app.NoDelayChannelsConnection")
    assert voila_bench.copy_problem(tmp_path) is None
    assert voila_bench.server_command(tmp_path, 8000)[1:] == ["-m", "widgets.voila_app", "--port=8000"]
