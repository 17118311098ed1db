"""Practice made by the engine: quizzes with their answers and the rule in words, deals made to
order for teachers, a check of a learner's count of points, and one deal played under two sibling
rule sets.  Standard library only, like the rest of :mod:`cardlab`; the widgets place the
sentences these return.
"""
from .common import PracticeError
from .compare import Comparison, Difference, compare
from .counting import CountCheck, check_count
from .order import FEATURES, deal_to_order, feature_names
from .quiz import KINDS, Feedback, Quiz, make_quiz
from .signals import SignalDrill, gesture_drill, hand_drill

__all__ = ["Comparison", "CountCheck", "Difference", "FEATURES", "Feedback", "KINDS", "PracticeError", "Quiz",
           "SignalDrill", "check_count", "compare", "deal_to_order", "feature_names", "gesture_drill",
           "hand_drill", "make_quiz"]
