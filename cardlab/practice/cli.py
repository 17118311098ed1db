"""Command line of the practice tools, called by ``python -m cardlab quiz …`` and ``… deal …``.

``quiz_main`` and ``deal_main`` take the arguments after the command word and return the exit
status: 0 with one JSON object on standard output, or 2 with ``{"error": "<a sentence>"}`` for
anything wrong on the command line or a request the engine cannot meet (quoting at most a few
dozen characters of it); ``--help`` answers ``{"usage", "help"}``.  Never a traceback.

    python -m cardlab quiz GAME --kind KIND [--situation S] [--seed S] [--level 1|2|3] [--options JSON]
    python -m cardlab deal GAME --with FEATURE [--seat S] [--seed S] [--options JSON]
"""
from __future__ import annotations

import argparse
from typing import Any

from ..i18n import _
from ..output import Answered, Parser, UsageError, emit, read_options as options_object
from ..scenario import checked_rules, shown
from .common import MAX_SEED, PracticeError, rules_for
from .order import FEATURES, deal_to_order, feature_names
from .quiz import KINDS, LEVELS, make_quiz

QUIZ_USAGE = ("python -m cardlab quiz GAME --kind KIND [--situation S] [--seed S] [--level 1|2|3] "
              "[--options JSON]")
DEAL_USAGE = "python -m cardlab deal GAME --with FEATURE [--seat S] [--seed S] [--options JSON]"
MOST_WORD_CHARS = 40  # the longest game, kind, feature or seat name is under 35 characters
WORDS = {"game": "GAME", "kind": "--kind", "situation": "--situation", "feature": "--with", "seat": "--seat"}


def failed(sentence: str) -> int:
    emit({"error": sentence})
    return 2


def read_options(game: str, text: str | None) -> dict[str, Any] | None:
    """The ``--options`` object, checked against the game's options before anything is made."""
    if text is None:
        return None
    try:
        options = options_object(text)
        checked_rules(game, options)
    except ValueError as error:  # ScenarioError too
        raise PracticeError(str(error)) from None
    return options


def parse(parser: Parser, argv: list[str], usage: str) -> argparse.Namespace:
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        raise PracticeError(_("{problem}. Usage: {usage}.").format(
            problem=f"{str(error)[:1].upper()}{str(error)[1:]}", usage=usage)) from None
    if not 0 <= args.seed < MAX_SEED:
        raise PracticeError(_("--seed is a whole number from 0 to 2**63 - 1."))
    for name, flag in WORDS.items():
        value = getattr(args, name, None)
        if value is not None and len(value) > MOST_WORD_CHARS:
            raise PracticeError(_("{flag} {value} is longer than any there is: at most {count} characters.").format(
                flag=flag, value=shown(value), count=MOST_WORD_CHARS))
    return args


def quiz_main(argv: list[str]) -> int:
    """``python -m cardlab quiz``: print one quiz as JSON."""
    parser = Parser(prog="python -m cardlab quiz", description="A quiz made by the engine, as JSON.")
    parser.add_argument("game", help="the game's key, such as tressette")
    parser.add_argument("--kind", required=True, help=f"one of {', '.join(KINDS)}")
    parser.add_argument("--situation", help="what the question is about, such as void (legal), lead (deal) or an "
                                            "option's name (variant)")
    parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same quiz (default 0)")
    parser.add_argument("--level", type=int, default=1, help="difficulty 1, 2 or 3 (default 1)")
    parser.add_argument("--options", help="the game's options as a JSON object")
    try:
        args = parse(parser, argv, QUIZ_USAGE)
        if args.level not in LEVELS:
            raise PracticeError(_("--level is 1, 2 or 3, not {level}.").format(level=args.level))
        quiz = make_quiz(args.game, args.kind, seed=args.seed, options=read_options(args.game, args.options),
                         level=args.level, situation=args.situation)
    except PracticeError as error:
        return failed(str(error))
    except Answered as asked:
        emit(asked.answer)
        return 0
    emit(quiz.to_json())
    return 0


def deal_main(argv: list[str]) -> int:
    """``python -m cardlab deal``: print a scenario holding the feature asked for."""
    parser = Parser(prog="python -m cardlab deal", description="A deal made to order, as a scenario.",
                    epilog="Features: " + "; ".join(f"{game}: {', '.join(f.name for f in features)}"
                                                   for game, features in FEATURES.items()))
    parser.add_argument("game", help="the game's key, such as quatre_sept")
    parser.add_argument("--with", dest="feature", help="the feature, such as politaine")
    parser.add_argument("--seat", help="the seat that should hold it, where it belongs to a seat")
    parser.add_argument("--seed", type=int, default=0, help="the first seed searched (default 0)")
    parser.add_argument("--options", help="the game's options as a JSON object")
    try:
        args = parse(parser, argv, DEAL_USAGE)
        if args.feature is None:
            rules_for(args.game, {})
            raise PracticeError(_("Name the feature with --with: {game} knows {features}.").format(
                game=args.game, features=", ".join(map(repr, feature_names(args.game)))))
        scenario = deal_to_order(args.game, args.feature, seat=args.seat, seed=args.seed,
                                 options=read_options(args.game, args.options))
    except PracticeError as error:
        return failed(str(error))
    except Answered as asked:
        emit(asked.answer)
        return 0
    emit(scenario)
    return 0
