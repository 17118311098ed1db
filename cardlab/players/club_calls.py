"""What the club styles share to judge calls (:mod:`cardlab.players.clubs`): the call offered with
given words, and a call said with its reason (whole, and as the others may hear it).
"""
from __future__ import annotations

from typing import Callable

from ..actions import Action, Call
from ..i18n import N_, _
from ..rules import TrickGame
from .decision import Decision

Plan = Callable[[], Decision]


def offered(legal: list[Action], words: str) -> Call | None:
    return next((a for a in legal if isinstance(a, Call) and a.words == words), None)


UNSEEN = {"discards": N_("Discard a card"), "gives": N_("Give a card")}
"""Calls whose card the others do not see (Aluette's discard, a Médiator's card given), as they hear them."""


def heard(rules: TrickGame, call: Action) -> str:
    """The call as the other players hear it: a card they do not see is not named."""
    verb = call.words.partition(" ")[0] if isinstance(call, Call) else ""
    unseen = UNSEEN.get(verb)
    return _(unseen) if unseen else rules.describe(call)


def said(rules: TrickGame, call: Call, why: str, public: str, as_heard: str | None = None) -> Decision:
    """The call with its reason: ``why`` says it all, ``public`` what the others may hear while the
    hand is on (both in the current language); ``as_heard`` is the call as they hear it when :func:`heard`
    cannot tell."""
    said = _("{call}: {why}.")
    return Decision(call, said.format(call=rules.describe(call), why=why),
                    said.format(call=as_heard or heard(rules, call), why=public))
