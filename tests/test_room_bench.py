"""bench/room_bench.py's own parts (no timing asserted here): a simulated learner plays only a
card its seat may play, as read from the real board the room sends; the quantiles and the /proc
readings the bench reports."""
from __future__ import annotations

import importlib.util
import os
import random
import sys
import time

from cardlab import classroom as engine
from cardlab.render.table import table_svg
from tests.servers import REPO

_spec = importlib.util.spec_from_file_location("room_bench", REPO / "bench" / "room_bench.py")
room_bench = importlib.util.module_from_spec(_spec)
sys.modules["room_bench"] = room_bench  # its dataclasses look their module up there
_spec.loader.exec_module(room_bench)


def test_a_learner_plays_only_a_legal_card_of_its_own_seat():
    rooms = engine.Classrooms(None)
    room = rooms.open("tressette", {}, "club", time.time())
    learners = [room.join(f"learner {n}", time.time()) for n in range(4)]
    moves = {}
    for learner in learners:
        view = room.view(learner.token)
        moves[learner.seat] = (room_bench.next_move({"svg": table_svg(view.frame.scene), "calls": []},
                                                    random.Random(1)), {str(card) for card in view.frame.scene.legal})
    movers = {seat: move for seat, (move, _) in moves.items() if move is not None}
    assert len(movers) == 1
    (seat, move), = movers.items()
    assert move["play"] in moves[seat][1]


def test_a_call_when_no_card_may_be_played():
    calls = [{"index": 0, "disabled": True}, {"index": 1, "disabled": False}]
    assert room_bench.next_move({"svg": "<svg/>", "calls": calls}, random.Random(1)) == {"call": 1}
    assert room_bench.next_move({"svg": "<svg/>", "calls": calls[:1]}, random.Random(1)) is None


def test_quantiles_by_nearest_rank():
    assert room_bench.quantiles([float(n) for n in range(1, 101)]) == {"n": 100, "p50": 50.5, "p95": 95.0,
                                                                     "max": 100.0}
    assert room_bench.quantiles([]) == {"n": 0, "p50": None, "p95": None, "max": None}


def test_think_time_range():
    assert room_bench.think_range("1,3") == (1.0, 3.0)
    assert room_bench.think_range("0.5") == (0.5, 0.5)


def test_proc_readings_of_this_process():
    before = room_bench.cpu_seconds(os.getpid())
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    assert room_bench.cpu_seconds(os.getpid()) > before
    assert room_bench.run_queue_seconds(os.getpid()) >= 0
    assert room_bench.rss_mb(os.getpid()) > 10
