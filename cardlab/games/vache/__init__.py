"""Everything that is La Vache: its rules (``rules.py``), what it teaches (``concepts.py``), the club
player's style (``club.py``), the guided first hand (``tutorial.json``), the proved puzzles
(``puzzles.json``) and the game's own words in each language (``glossary/<lang>.json``)."""
