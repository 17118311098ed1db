"""Each game's club style: a :class:`cardlab.players.club.Style` with the game's own calls and
whatever trick play the game asks for.  :class:`cardlab.players.club.Club` finds the module by the
game's key."""
