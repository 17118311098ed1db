"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table, the quiz, the guided
first hand, the puzzle trainer and the learner's progress for the lessons."""
from .quiz import Quiz
from .rooms_link import RoomsLinks
from .preview import Preview
from .progress import ProgressPanel
from .puzzle import PuzzleTrainer
from .stepper import Stepper
from .table import Table
from .tutorial import Tutorial

__all__ = ["Preview", "ProgressPanel", "PuzzleTrainer", "Quiz", "RoomsLinks", "Stepper", "Table", "Tutorial"]
