"""Practice made by the engine: quizzes with their answers and the rule in words, deals made to
order for teachers, a check of a learner's count of points, and one deal played under two sibling
rule sets.  Standard library only, like the rest of :mod:`cardlab`.

The sessions a view shows (:class:`QuizRun`, :class:`SignalRun`, :class:`OrderDesk`,
:class:`CountRun`, :func:`side_by_side`, and :mod:`.opening` for a scenario's first picture) hold
every decision and sentence; the widgets of :mod:`cardlab.widgets` only map their values to
controls.
"""
from .common import PracticeError, Said
from .compare import Comparison, Difference, compare
from .count_run import CountRun
from .counting import CountCheck, check_count
from .order import FEATURES, deal_to_order, feature_names
from .order_run import OrderDesk
from .quiz import KINDS, Feedback, Quiz, make_quiz
from .quiz_run import QuizRun
from .side_by_side import side_by_side
from .signal_run import SignalRun
from .signals import SignalDrill, gesture_drill, hand_drill

__all__ = ["Comparison", "CountCheck", "CountRun", "Difference", "FEATURES", "Feedback", "KINDS", "OrderDesk",
           "PracticeError", "Quiz", "QuizRun", "Said", "SignalDrill", "SignalRun", "check_count", "compare",
           "deal_to_order", "feature_names", "gesture_drill", "hand_drill", "make_quiz", "side_by_side"]
