"""Computer players of three strengths that say why: ``beginner``, ``club`` and ``expert``.

Every player is a small class behind one interface: ``decide(rules, view) -> Decision(action,
reason)``, and ``choose(rules, view) -> action`` so it drops in wherever
:class:`cardlab.bots.SimpleBot` is used.  A player is given a view (``rules.view(state, seat)``),
never the state, so it cannot look at cards it is not allowed to see; the reason is one sentence
in the game's words and the current language (:mod:`cardlab.i18n`; amounts by :mod:`.words`), built
from what the player computed, in two forms: the whole reason, which
may speak of the player's own hidden cards, and the one it may say at the table while the hand is
on (:class:`~cardlab.players.decision.Decision`).  For a hand's review, the expert also
says what any choice gives up against its best (:meth:`cardlab.players.expert.Expert.loss`).
Duplicate duels between levels are :mod:`cardlab.players.duel`.
"""
from __future__ import annotations

from typing import Any

from .. import i18n
from .decision import Decision, Player

__all__ = ["LEVELS", "Decision", "LevelError", "Player", "get_player", "level_name"]

LEVELS = ("beginner", "club", "expert")
LEVEL_WORDS = {"beginner": i18n.mark("computer level", "beginner"), "club": i18n.mark("computer level", "club"),
               "expert": i18n.mark("computer level", "expert")}
"""Each level as a person reads it (the level's own name stays the value in files and menus)."""


def level_name(level: str) -> str:
    """The level ``level`` in the current language ("débutant", "da circolo", ...)."""
    return i18n.pgettext("computer level", LEVEL_WORDS[level])


class LevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


def get_player(level: str, **settings: Any) -> Player:
    """A computer player by level name; ``settings`` go to the expert (``seed``, ``samples``,
    ``budget``: see :class:`cardlab.players.expert.Expert`).  An unknown name raises
    :class:`LevelError` with a sentence."""
    if level == "beginner":
        from .beginner import Beginner
        return Beginner()
    if level == "club":
        from .club import Club
        return Club()
    if level == "expert":
        from .expert import Expert
        return Expert(**settings)
    raise LevelError(f"{str(level)[:30]!r} is not a level: the computer plays {', '.join(LEVELS)}.")
