"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table and the quiz for the lessons."""
from .quiz import Quiz
from .preview import Preview
from .stepper import Stepper
from .table import Table

__all__ = ["Preview", "Quiz", "Stepper", "Table"]
