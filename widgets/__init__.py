"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table for the lessons."""
from .stepper import Stepper
from .table import Table

__all__ = ["Stepper", "Table"]
