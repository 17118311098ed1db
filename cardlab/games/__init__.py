"""The registry of games: one rules class per game, found by key, each declaring its
:class:`GameTraits` (what the players, practice and lessons need to know of it).

A game is a folder, ``cardlab/games/<key>/``: its rules, concepts, club style, guided hand, puzzles and
glossaries (see its ``__init__``); adding a game is a folder and a line in :data:`GAMES`."""
from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from .. import i18n
from ..render import reprs
from ..rules import OptionError, TrickGame
from .aluette.rules import Aluette
from .quadrille.rules import Quadrille
from .quatre_sept.rules import QuatreSept
from .sixty_six.rules import SixtySix
from .traits import GameTraits, traits
from .tressette.rules import Tressette
from .vache.rules import Vache

__all__ = ["GAMES", "GameTraits", "folder", "get_rules", "traits"]

GAMES: dict[str, type[TrickGame]] = {game.key: game for game in (Tressette, QuatreSept, SixtySix, Aluette,
                                                                  Vache, Quadrille)}

reprs.attach()  # whoever plays a game (a notebook importing cardlab.games alone too) sees cards and results drawn


def get_rules(key: str, **options: Any) -> TrickGame:
    """The rules of game ``key`` with the given options; an unknown key raises OptionError."""
    try:
        game = GAMES[key]
    except KeyError:
        raise OptionError(i18n._("{game} is not a game here: the games are {games}.").format(
            game=repr(key), games=", ".join(GAMES))) from None
    return game(**options)


def folder(key: str) -> Traversable:
    """The folder of game ``key``, where its data files are (read with ``read_text``, also from a wheel)."""
    if key not in GAMES:
        raise OptionError(i18n._("{game} is not a game here: the games are {games}.").format(
            game=repr(key), games=", ".join(GAMES)))
    return resources.files(__name__) / key
