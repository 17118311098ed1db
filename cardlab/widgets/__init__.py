"""The card table widgets under the cardlab name: ``from cardlab.widgets import Table``.

The same objects as the top-level ``widgets`` package (which keeps working). This subpackage needs
the widget stack (``pip install "cardlab[widgets]"``: ipywidgets, anywidget), so the engine never
imports it: ``import cardlab`` stays standard-library only, and only an explicit
``import cardlab.widgets`` loads ipywidgets.
"""
import widgets as _widgets

__all__ = list(_widgets.__all__)
globals().update({name: getattr(_widgets, name) for name in __all__})
