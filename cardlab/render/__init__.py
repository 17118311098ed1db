"""Drawing: cards, hands and whole tables as SVG strings, and the table as plain text.

Pure functions of plain data (:mod:`cardlab.render.scene`); they never decide legality, winners
or points.  Every face-up card carries ``data-card="<code>"``, the one contract with the widgets.
"""
from .cards import back_svg, card_svg, defs_svg, hand_svg
from .table import table_svg
from .text import table_text

__all__ = ["back_svg", "card_svg", "defs_svg", "hand_svg", "table_svg", "table_text"]
