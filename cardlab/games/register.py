"""A game's rule register: every rule statement of the game, each with a stable id, its words, where
it comes from, what enforces it, where the lesson teaches it and what the learner does to practise it.

Why: a rule is an id (``tressette.follow-suit``).  A refusal carries the id of the rule that refuses
(:class:`cardlab.rules.Refusal`), so practice, quizzes, the coach and rooms read the id and never
the words; tests name the ids they check (``@pytest.mark.rule("tressette.follow-suit")``); the
lessons have a section per group of rules; and the rule map (:mod:`cardlab.games.rule_map`, the
``rules`` command) is made from the register.  ``tests/test_rule_register.py`` fails when a rule
lacks its source, its code, a test, its lesson section or a thing for the learner to do.

Each game declares ``RULES`` in its folder's ``register.py``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

SEED = "seed"
"""The source document the game was given in (``shared/seeds/``)."""
OUR_READING = "our reading"
"""No source settles the point: the kit's reading, with the reason in ``passage``."""

TABLE_RULES = ("table.hand-over", "table.seat", "table.pack", "table.held")
"""The refusals that are no rule of any game: the hand is over, no such seat, no such card in the
pack, a card the seat does not hold."""


@dataclass(frozen=True)
class Rule:
    """One rule statement.

    ``id`` is ``<game key>.<name>``; ``words`` the statement as a learner reads it (an ``N_`` message);
    ``source`` :data:`SEED`, a source key of the rule decisions (``JdCI``, ``Parlett-Penguin``…) or
    :data:`OUR_READING`; ``passage`` the words of the source it rests on (quoted short, in the
    source's language) or, for our reading, why; ``code`` the dotted name of the function that
    enforces it (``cardlab.games.tressette.rules.Tressette.score``); ``lesson`` the anchor of the
    lesson section that teaches it (an ``<a id="…">`` in the game's lesson, in every language);
    ``concepts`` the game's concepts (:mod:`cardlab.games.taught`) whose guided steps, quiz
    questions or puzzles make the learner do it; ``option`` the option that switches it on, or
    None for a rule of the standard game."""

    id: str
    words: str
    source: str
    passage: str
    code: str
    lesson: str
    concepts: tuple[str, ...]
    option: str | None = None

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


def enforcer(rule: Rule) -> object:
    """The function or class that enforces ``rule`` (its ``code``, imported); an unknown name raises
    :class:`LookupError`."""
    parts = rule.code.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            try:
                found = getattr(found, name)
            except AttributeError:
                raise LookupError(f"{rule.id}: {rule.code} does not exist") from None
        return found
    raise LookupError(f"{rule.id}: no module in {rule.code}")
