"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table, the quiz, the guided
first hand and the puzzle trainer for the lessons."""
from .quiz import Quiz
from .preview import Preview
from .puzzle import PuzzleTrainer
from .stepper import Stepper
from .table import Table
from .tutorial import Tutorial

__all__ = ["Preview", "PuzzleTrainer", "Quiz", "Stepper", "Table", "Tutorial"]
