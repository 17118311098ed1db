"""Drawing: cards, hands and whole tables as SVG strings, and the table as plain text."""
from .cards import back_svg, card_svg, defs_svg, hand_svg

__all__ = ["back_svg", "card_svg", "defs_svg", "hand_svg"]
