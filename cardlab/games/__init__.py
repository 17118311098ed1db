"""The registry of games: one rules class per game, found by key, each declaring its
:class:`GameTraits` (what the players, practice and lessons need to know of it)."""
from __future__ import annotations

from typing import Any

from .. import i18n
from ..render import reprs
from ..rules import OptionError, TrickGame
from .aluette import Aluette
from .quadrille import Quadrille
from .quatre_sept import QuatreSept
from .sixty_six import SixtySix
from .traits import GameTraits, traits
from .tressette import Tressette
from .vache import Vache

__all__ = ["GAMES", "GameTraits", "get_rules", "traits"]

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
