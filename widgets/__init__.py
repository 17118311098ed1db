"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table, the quiz, the guided
first hand, the puzzle trainer and the learner's progress for the lessons."""
from cardlab.i18n import _

EXTRA = ("anywidget", "ipywidgets")
"""The packages of the widgets extra (pyproject.toml): without one, the import says which extra to install."""

try:
    from .quiz import Quiz
    from .rooms_link import RoomsLinks
    from .preview import Preview
    from .progress import ProgressPanel
    from .puzzle import PuzzleTrainer
    from .stepper import Stepper
    from .table import Table
    from .tutorial import Tutorial
except ModuleNotFoundError as missing:
    if missing.name not in EXTRA:
        raise
    raise ModuleNotFoundError(_("cardlab.widgets needs the widgets extra: pip install 'cardlab[widgets]' "
                                "(missing module: {module}).").format(module=missing.name),
                              name=missing.name) from None

__all__ = ["Preview", "ProgressPanel", "PuzzleTrainer", "Quiz", "RoomsLinks", "Stepper", "Table", "Tutorial"]
