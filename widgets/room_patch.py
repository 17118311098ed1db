"""What changed in a room page's view since the last one its socket was sent (issue 36 §4).

Why: a learner's view is some 24 kB of JSON, the board's SVG most of it, and a card played changes a
few of its elements.  A page that says ``"patches": true`` in its hello is sent its whole view once
(on connecting, when its screen's theme changes, and whenever it asks with ``{"full": true}``), then
only what changed: the keys whose values differ, and each picture as a few pieces of the new SVG
with references to runs of pieces of the picture before it on the same board (:func:`svg_patch`).

Nothing here can show a card the seat may not see: a patch is made from the seat's own new view
only; what it takes from the page's previous picture is held by the page already.  The pictures'
ids are given one fixed prefix (:func:`plain_ids`; ``room.js`` renames it for the page, as it
renames the digest), else every id would change with every drawing.
"""
from __future__ import annotations

import re
from typing import Any, Union

Ops = list[Union[str, list[int]]]
"""A picture as a patch: a string is new pieces of the SVG, joined by ``<``; ``[start, count]``
is a run of ``count`` pieces of the previous picture from piece ``start``."""

_DIGEST = re.compile(r' id="(cl[0-9a-f]+)-')
PLAIN = "cl"
"""The prefix of every id of a picture sent to a room page."""
REFERENCE = 9
"""About the length of a ``[start, count],`` in a message, to weigh a patch against the whole."""


def plain_ids(svg: str) -> str:
    """``svg`` with the digest of its ids (:func:`cardlab.render.pips.unique_ids`) made :data:`PLAIN`:
    the same drawing reads the same whatever else changed in the picture."""
    named = _DIGEST.search(svg)
    if named is None or named.group(1) == PLAIN:
        return svg
    return svg.replace(f'"{named.group(1)}-', f'"{PLAIN}-').replace(f'"#{named.group(1)}-', f'"#{PLAIN}-')


def svg_patch(before: str, after: str) -> Ops | str:
    """``after`` as pieces of ``before`` and new text (split at each ``<``), or ``after`` itself
    when that would be about as long."""
    old: list[str | None] = list(before.split("<"))
    where = dict(zip(reversed(old), range(len(old) - 1, -1, -1)))     # a piece's first place
    old.append(None)                   # a run reaching the end stops there
    ops: Ops = []
    text: list[str] = []
    start = count = sent = 0
    for piece in after.split("<"):
        if count and old[start + count] == piece:
            count += 1
            continue
        found = where.get(piece)
        if found is None or len(piece) < REFERENCE:
            if count:
                ops.append([start, count])
                count = 0
            text.append(piece)
            continue
        if count:
            ops.append([start, count])
        elif text:
            ops.append("<".join(text))
            sent += len(ops[-1]) + 2
            text = []
        start, count = found, 1
    if count:
        ops.append([start, count])
    elif text:
        ops.append("<".join(text))
        sent += len(ops[-1]) + 2
    sent += REFERENCE * sum(1 for op in ops if isinstance(op, list))
    return after if sent >= 0.8 * len(after) else ops


def patched(before: str, ops: Ops | str) -> str:
    """The picture ``ops`` makes of ``before`` (what ``room.js`` does, for the tests and the bench)."""
    if isinstance(ops, str):
        return ops
    old, pieces = before.split("<"), []
    for op in ops:
        if isinstance(op, str):
            pieces.extend(op.split("<"))
        else:
            start, count = op
            if start < 0 or count < 1 or start + count > len(old):
                raise ValueError("a run of pieces the picture before does not have")
            pieces.extend(old[start:start + count])
    return "<".join(pieces)


def board_patch(before: dict, after: dict) -> dict:
    """The keys of the board ``after`` that differ from ``before``; its frames (the pictures of the
    cards played since, shown one by one) and its picture each patched against the picture before
    it: the last one ``before`` showed, then each frame."""
    changed = {key: value for key, value in after.items() if key != "frames" and before.get(key) != value}
    frames, shown = [], before.get("svg", "")
    for frame in after.get("frames", ()):
        frames.append({**frame, "svg": svg_patch(shown, frame["svg"])})
        shown = frame["svg"]
    if frames:
        changed["frames"] = frames
    if frames or "svg" in changed:
        changed["svg"] = svg_patch(shown, after["svg"])
    return changed


def view_patch(before: dict, after: dict, board: str | None = None) -> dict:
    """The keys of the view ``after`` that differ from ``before``: the whole view is a board (a
    learner's: ``board`` None) or holds one at key ``board`` (the teacher's open table, None when
    none is open), patched by :func:`board_patch`; any other value is sent whole."""
    if board is None:
        return board_patch(before, after)
    changed: dict[str, Any] = {key: value for key, value in after.items()
                               if key != board and before.get(key) != value}
    old, new = before.get(board), after.get(board)
    if old != new:
        changed[board] = board_patch(old, new) if isinstance(old, dict) and isinstance(new, dict) else new
    return changed


def board_patched(before: dict, changes: dict) -> dict:
    """The board :func:`board_patch` made ``changes`` of (what ``room.js`` does: for the tests and
    the bench); its frames are those of ``changes`` only."""
    board = {**before, **changes, "frames": []}
    shown = before.get("svg", "")
    for frame in changes.get("frames", ()):
        shown = patched(shown, frame["svg"])
        board["frames"].append({**frame, "svg": shown})
    if "svg" in changes:
        board["svg"] = patched(shown, changes["svg"])
    return board


def view_patched(before: dict, changes: dict, board: str | None = None) -> dict:
    """The view :func:`view_patch` made ``changes`` of."""
    if board is None:
        return board_patched(before, changes)
    view = {**before, **changes}
    if isinstance(changes.get(board), dict):
        view[board] = board_patched(before.get(board) or {}, changes[board])
    return view
