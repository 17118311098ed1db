"""Sixty-Six's club style (four hands): the shared trick play for now."""
from __future__ import annotations

from ...players.club import Style as Base


class Style(Base):
    """The shared trick play, as it stands."""
