"""How the engine's values show themselves in a notebook: a card as its picture, a hand's result and
the match sheet as their panels.

The drawing gives these reprs to the engine's classes, so the core (cards, rules) never imports the
drawing that imports it (tests/test_import_graph.py counts even an import inside a method as a
circle).  ``cardlab``'s public names, loaded on first use, attach them as the first one is asked for
(``from cardlab import Card, get_rules``); the command line, which shows no picture, never loads them.
"""
from __future__ import annotations

from ..cards import Card
from ..rules import HandResult, MatchState
from .cards import card_svg
from .panels import breakdown_html, match_html


def card_picture(card: Card) -> str:
    return card_svg(card)


def result_panel(result: HandResult) -> str:
    return breakdown_html(result)


def match_panel(match: MatchState) -> str:
    return match_html(match)


def attach() -> None:
    """Give the engine's classes their notebook reprs (``_repr_svg_``, ``_repr_html_``)."""
    setattr(Card, "_repr_svg_", card_picture)
    setattr(HandResult, "_repr_html_", result_panel)
    setattr(MatchState, "_repr_html_", match_panel)
