"""cardlab: the engine of a teaching kit for historical four-player trick-taking games.

Standard library only.  Start with :func:`get_rules` and :class:`Hand`::

    rules = get_rules("tressette")
    hand = Hand.dealt(rules, dealer="N", seed=7)
    hand = hand.then("W plays 7D")        # raises IllegalAction with a sentence when illegal
"""
from .actions import Action, ActionError, Call, Deal, Play, parse_action
from .cards import PACKS, Card, CardError, Pack, parse_cards
from .games import GAMES, get_rules
from .record import Hand
from .render import reprs
from .rules import HandResult, IllegalAction, MatchState, OptionError, TrickGame
from .state import State, Trick

reprs.attach()

__all__ = ["Action", "ActionError", "Call", "Card", "CardError", "Deal", "GAMES", "Hand",
           "HandResult", "IllegalAction", "MatchState", "OptionError", "PACKS", "Pack", "Play",
           "State", "TrickGame", "Trick", "get_rules", "parse_action", "parse_cards"]
