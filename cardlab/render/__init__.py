"""Drawing: cards, hands and whole tables as SVG strings, and the table as plain text and words.

Pure functions of plain data (:mod:`cardlab.render.scene`); they never decide legality, winners
or points.  Every face-up card carries ``data-card="<code>"``, the one contract with the widgets;
``table_svg`` draws the table in the themes ``normal``, ``presenter`` and ``narrow``, and
``board_description`` says the board in words for screen readers.
"""
from .cards import back_svg, card_svg, defs_svg, hand_svg
from .table import THEMES, table_svg
from .text import board_description, table_text

__all__ = ["back_svg", "board_description", "card_svg", "defs_svg", "hand_svg", "table_svg", "table_text",
           "THEMES"]
