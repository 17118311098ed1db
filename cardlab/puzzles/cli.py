"""``python -m cardlab puzzle GAME [--theme T] [--seed S] [--rating R]``: one proved puzzle as JSON.

The puzzle comes from the game's bank (:mod:`cardlab.puzzles.bank`): of the theme asked for, the
seed choosing among those rated closest to ``--rating``, its sentences said in the ``--lang``
language.  When the bank holds none of that theme, the first of that theme is mined on demand
(``quick``, :mod:`cardlab.puzzles.mine`) from the deals of the seed (at most
:data:`DEALS_ON_DEMAND` of them, whatever its rating).  ``--themes`` lists the game's themes, one
a line.  Anything wrong on the command line: exit status 2 and ``{"error": "<a sentence>"}``, never
a traceback; ``--help`` prints the help as text, for the person who asked.
"""
from __future__ import annotations

from typing import Any

from ..games import GAMES, get_rules
from ..i18n import _
from ..output import Answered, Parser, UsageError, emit, emit_lines
from ..scenario import shown
from .bank import bank_puzzles, choose
from .mine import mine, said_again, to_json
from .themes import theme_names

USAGE = "python -m cardlab puzzle GAME [--theme T] [--seed S] [--rating R]"
MAX_SEED = 2**63
RATINGS = range(0, 4001)
DEALS_ON_DEMAND = 20
NAMED = 3  # a refusal names this many themes and says how to list them all


class Refused(ValueError):
    """A puzzle request that cannot be met; the text says why."""


def puzzle(game: str, theme: str | None = None, seed: int = 0, rating: int | None = None) -> dict[str, Any]:
    """The puzzle the command prints; a wrong request raises :class:`Refused`."""
    known = themes(game)
    if not 0 <= seed < MAX_SEED:
        raise Refused(_("--seed is a whole number from 0 to 2**63 - 1."))
    if rating is not None and rating not in RATINGS:
        raise Refused(_("--rating is a whole number from {least} to {most}, such as 1200.").format(
            least=RATINGS.start, most=RATINGS.stop - 1))
    rules = get_rules(game)
    if theme is not None and theme not in known:
        raise Refused(_("{theme} is not a theme of {game}: its themes include {themes}; {command} lists them "
                        "all.").format(theme=shown(theme), game=rules.title,
                                       themes=", ".join(map(repr, known[:NAMED])),
                                       command=f"python -m cardlab puzzle {game} --themes"))
    chosen = choose(bank_puzzles(game), theme, seed, rating)
    if chosen is not None:
        return said_again(chosen)
    for number, found in mine(rules, seed, quick=True):
        for made in (to_json(rules, one) for one in found):
            if theme is None or made["theme"] == theme:
                return made
        if number + 1 >= DEALS_ON_DEMAND:
            break
    raise Refused(_("No puzzle on the theme {theme} turned up in {deals} deals from seed {seed}: try another seed "
                    "or theme.").format(theme=shown(theme), deals=DEALS_ON_DEMAND, seed=seed))


def themes(game: str) -> list[str]:
    """The themes of ``game``'s puzzles, as ``--theme`` takes them; an unknown game is :class:`Refused`."""
    if game not in GAMES:
        raise Refused(_("{game} is not a game here: the games are {games}.").format(game=shown(game),
                                                                                     games=", ".join(GAMES)))
    return theme_names(get_rules(game))


def puzzle_main(argv: list[str]) -> int:
    """The ``puzzle`` command: 0 and the puzzle, or 2 and a sentence."""
    parser = Parser(prog="python -m cardlab puzzle",
                    description="A position with one right card, proved by exhaustive search, as JSON.")
    parser.add_argument("game", help=f"the game's key: {', '.join(GAMES)}")
    parser.add_argument("--theme", help="the puzzle's theme, such as 'keep the master'")
    parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same puzzle (default 0)")
    parser.add_argument("--rating", type=int, help="the difficulty wanted, about 1000 (easy) to 2000 (hard)")
    parser.add_argument("--themes", action="store_true", help="list the game's themes, one a line")
    try:
        args = parser.parse_args(argv)
        if args.themes:
            emit_lines(themes(args.game))
        else:
            emit(puzzle(args.game, args.theme, args.seed, args.rating))
    except Answered as asked:
        emit_lines([asked.answer["help"].rstrip("\n")])
    except UsageError as error:
        emit({"error": f"{str(error)[:1].upper()}{str(error)[1:]}. Usage: {USAGE}."})
        return 2
    except Refused as error:
        emit({"error": str(error)})
        return 2
    return 0
