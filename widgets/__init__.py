"""cardlab's interactive layer (ipywidgets 8 + anywidget): the card table for the lessons."""
from .table import Table

__all__ = ["Table"]
