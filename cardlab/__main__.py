"""Command line: ``python -m cardlab replay FILE`` prints what a scenario comes to, as JSON.

Exit status 0 when every action was legal, 2 when an action was illegal, the file malformed or the
command line wrong (the JSON still shows everything up to that point and the error sentence).
Whatever the input — a hostile file, a pipe, a device, bytes that are not UTF-8 — the answer is one
JSON object, never a traceback and never a wait on a file that does not end.

``python -m cardlab duel GAME --bots A,B --hands N [--seed S] [--options JSON]`` plays duplicate
deals between two levels of computer player (:mod:`cardlab.players.duel`);
``python -m cardlab hint FILE [--level LEVEL]`` reads a scenario like ``replay`` and prints the
choice and reason of a computer player for the seat to act.  Both answer in one JSON object; a
bad command line, file or position gives exit status 2 and ``{"error": "<sentence>"}``.
``python -m cardlab quiz …`` and ``python -m cardlab deal …`` are the practice tools'
(:mod:`cardlab.practice.cli`), ``python -m cardlab puzzle GAME [--theme T] [--seed S] [--rating R]``
a puzzle proved by search (:mod:`cardlab.puzzles.cli`), with the same error contract.  ``--help``
prints ``{"usage": "<the form>", "help": "<the text>"}`` (``puzzle --help``: the text itself, for a
person to read); ``scenarios`` prints
the shipped names, one a line.  ``--lang fr`` or ``--lang it``, anywhere on the line, changes the
language of the sentences printed (for now the refusals of illegal moves); JSON keys stay English.

Each command imports its machinery (scenarios, games, players, practice, puzzles) only when it
runs, so ``--version`` and ``--help`` answer without loading a game (tests/test_import.py).
"""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from . import i18n
from .output import Answered, Parser, UsageError, emit, emit_lines, read_options

if TYPE_CHECKING:
    from .scenario import Scenario

USAGE = i18n.N_("Give the replay command one FILE: a scenario JSON file, - for standard input, or builtin:NAME "
                "(python -m cardlab scenarios lists the names).")


def version() -> str:
    """The installed distribution's version (a source tree run without installing has none)."""
    from importlib import metadata

    try:
        return metadata.version("cardlab")
    except metadata.PackageNotFoundError:
        return "unknown: cardlab is not installed"


class Version(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version as JSON")

    def __call__(self, *args: Any) -> None:
        raise Answered({"version": version()})


def read(path: str) -> Scenario:
    from .scenario import MAX_BYTES, ScenarioError, builtin, load, loads

    if path == "-":
        try:
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        except OSError as error:
            raise ScenarioError(i18n._("Cannot read standard input: {error}.").format(
                error=error.strerror or i18n._("the system refused"))) from None
        return loads(data, source=i18n._("Standard input"))
    if path.startswith("builtin:"):
        return builtin(path[len("builtin:"):])
    return load(path)


def replay(path: str) -> int:
    from .scenario import Outcome, ScenarioError, report, run

    try:
        outcome = run(read(path))
    except ScenarioError as error:
        outcome = Outcome(None, None, None, str(error))
    emit(report(outcome))
    return 2 if outcome.error is not None else 0


MAX_HANDS = 2_000  # beginner and club play a deal in about a tenth of a second: minutes at most
MAX_EXPERT_HANDS = 100  # the expert takes seconds a deal


class Refusal(Exception):
    """A ``duel`` or ``hint`` request that cannot be answered; the text says why."""


def duel_command(game: str, bots: str, hands: int, seed: int, options: str) -> int:
    from .games import GAMES
    from .players import LEVELS
    from .players.duel import duel
    from .scenario import checked_rules

    if game not in GAMES:
        raise Refusal(i18n._("{game} is not a game here: the games are {games}.").format(
            game=repr(game[:30]), games=", ".join(GAMES)))
    names = [name.strip() for name in bots.split(",")]
    if len(names) != 2 or any(name not in LEVELS for name in names):
        raise Refusal(i18n._("--bots takes two levels separated by a comma, such as club,expert; the levels are "
                             "{levels}.").format(levels=", ".join(LEVELS)))
    most = MAX_EXPERT_HANDS if "expert" in names else MAX_HANDS
    if not 2 <= hands <= most:
        raise Refusal((i18n._("--hands must be a whole number from 2 to {most} with the expert, who takes seconds a "
                              "deal: the margin's interval needs at least 2 deals.") if most == MAX_EXPERT_HANDS else
                       i18n._("--hands must be a whole number from 2 to {most}: the margin's interval needs at least "
                              "2 deals.")).format(most=i18n.number(most)))
    if not 0 <= seed < 2**63:
        raise Refusal(i18n._("--seed must be a whole number from 0 to 2**63 - 1."))
    try:
        rules = checked_rules(game, read_options(options))
    except ValueError as error:  # ScenarioError too
        raise Refusal(str(error)) from None
    emit(duel(rules, (names[0], names[1]), hands, seed))
    return 0


def rules_command(game: str) -> int:
    """Print the rule map of ``game`` (:mod:`cardlab.games.rule_map`) as JSON."""
    from .games.rule_map import register, rows

    try:
        register(game)
    except ValueError as error:
        emit({"error": str(error)})
        return 2
    emit({"game": game, "rules": rows(game)})
    return 0


def hint_command(path: str, level: str) -> int:
    from .players import LEVELS, get_player
    from .scenario import ScenarioError, run

    if level not in LEVELS:
        raise Refusal(i18n._("{level} is not a level: the computer plays {levels}.").format(
            level=repr(level[:30]), levels=", ".join(LEVELS)))
    try:
        outcome = run(read(path))
    except ScenarioError as error:
        raise Refusal(str(error)) from None
    if outcome.error is not None:
        if outcome.error_action is None:
            raise Refusal(outcome.error)
        raise Refusal(i18n._("Action {number} of the scenario: {error}").format(number=outcome.error_action + 1,
                                                                                error=outcome.error))
    if outcome.hand is None:
        raise Refusal(i18n._("The scenario reaches no hand: there is no move to hint."))
    rules, state = outcome.hand.rules, outcome.hand.state
    if state.over:
        raise Refusal(i18n._("The hand is over: there is no move left to hint."))
    if state.phase == "deal" or state.to_act is None:
        raise Refusal(i18n._("The cards are to be dealt again: there is no move to hint until they are."))
    decision = get_player(level).decide(rules, rules.view(state, state.to_act))
    emit({"seat": state.to_act, "action": str(decision.action), "reason": decision.reason, "level": level})
    return 0


def usage_sentence(command: str, error: str) -> str:
    forms = {"duel": "python -m cardlab duel GAME --bots A,B --hands N [--seed S] [--options JSON]",
             "hint": "python -m cardlab hint FILE [--level beginner|club|expert]",
             "rules": "python -m cardlab rules GAME"}
    return i18n._("The command line is not understood ({error}); write it as: {form}.").format(error=error,
                                                                                             form=forms[command])


COMMANDS = "replay, scenarios, duel, hint, quiz, deal, puzzle and rules"


def take_language(argv: list[str]) -> tuple[str, list[str]]:
    """The ``--lang`` of the command line, anywhere in it (default English), and the rest of it;
    a missing or unknown language raises :class:`cardlab.i18n.LanguageError`."""
    rest: list[str] = []
    lang = "en"
    words = iter(argv)
    for word in words:
        if word == "--lang":
            lang = next(words, "")
        elif word.startswith("--lang="):
            lang = word[len("--lang="):]
        else:
            rest.append(word)
    return i18n.check(lang[:30]), rest


def main(argv: list[str] | None = None) -> int:
    """Every command, its sentences in the ``--lang`` language (JSON keys and action text stay as they are)."""
    try:
        lang, argv = take_language(sys.argv[1:] if argv is None else argv)
    except i18n.LanguageError as error:
        emit({"error": str(error)})
        return 2
    with i18n.speaking(lang):
        return command(argv)


def command(argv: list[str]) -> int:
    """Run the command line (``--lang`` taken off) in the current language; the exit status."""
    if argv[:1] == ["quiz"]:
        from .practice.cli import quiz_main

        return quiz_main(argv[1:])
    if argv[:1] == ["deal"]:
        from .practice.cli import deal_main

        return deal_main(argv[1:])
    if argv[:1] == ["puzzle"]:
        from .puzzles.cli import puzzle_main

        return puzzle_main(argv[1:])
    parser = Parser(prog="python -m cardlab", description="cardlab command line: each command prints one "
                    "JSON object (scenarios: one name a line).")
    parser.add_argument("--version", action=Version)
    parser.add_argument("--lang", choices=tuple(i18n.LANGUAGES),
                        help="the language of the sentences printed (anywhere on the line; default en)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    commands.add_parser("quiz", help="a quiz made by the engine, as JSON (quiz GAME --kind KIND …)",
                        add_help=False)
    commands.add_parser("deal", help="a deal made to order, as a scenario (deal GAME --with FEATURE …)",
                        add_help=False)
    commands.add_parser("puzzle", help="a puzzle with one right card, proved by search (puzzle GAME …)",
                        add_help=False)
    replay_cmd = commands.add_parser("replay", help="replay a scenario file and print the outcome as JSON")
    replay_cmd.add_argument("file", help="scenario JSON file, '-' for standard input, or builtin:NAME")
    commands.add_parser("scenarios", help="list the teaching scenarios shipped with cardlab")
    duel_cmd = commands.add_parser("duel", help="duplicate deals between two computer players, as JSON")
    duel_cmd.add_argument("game")
    duel_cmd.add_argument("--bots", required=True, help="two levels, such as club,expert")
    duel_cmd.add_argument("--hands", type=int, required=True, help="deals, each played by both sides")
    duel_cmd.add_argument("--seed", type=int, default=0)
    duel_cmd.add_argument("--options", default="{}", help="the game's options as a JSON object")
    hint_cmd = commands.add_parser("hint", help="a computer player's choice and reason for the seat to act")
    hint_cmd.add_argument("file", help="scenario JSON file, '-' for standard input, or builtin:NAME")
    hint_cmd.add_argument("--level", default="expert", help="beginner, club or expert")
    rules_cmd = commands.add_parser("rules", help="the rule map of a game: each rule with its source, its code, "
                                    "its tests and where the learner meets it, as JSON")
    rules_cmd.add_argument("game")
    try:
        args = parser.parse_args(argv)
    except Answered as asked:
        emit(asked.answer)
        return 0
    except UsageError as error:
        if argv[:1] == ["replay"]:
            from .scenario import Outcome, report

            emit(report(Outcome(None, None, None, i18n._(USAGE))))
        elif argv[:1] in (["duel"], ["hint"], ["rules"]):
            emit({"error": usage_sentence(argv[0], str(error))})
        else:
            emit({"error": i18n._("The command line is not understood ({error}): name a command, {commands}; "
                                  "python -m cardlab --help describes them.").format(error=error, commands=COMMANDS)})
        return 2
    if args.command == "replay":
        return replay(args.file)
    if args.command == "rules":
        return rules_command(args.game)
    try:
        if args.command == "duel":
            return duel_command(args.game, args.bots, args.hands, args.seed, args.options)
        if args.command == "hint":
            return hint_command(args.file, args.level)
    except Refusal as error:
        emit({"error": str(error)})
        return 2
    from .scenario import builtin_names

    emit_lines(builtin_names())
    return 0


if __name__ == "__main__":
    sys.exit(main())
