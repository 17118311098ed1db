"""Practice made by the engine: quizzes with their answers and the rule in words, deals made to
order for teachers, a check of a learner's count of points, and one deal played under two sibling
rule sets.  Standard library only, like the rest of :mod:`cardlab`; the widgets place the
sentences these return.
"""
from .common import PracticeError
from .quiz import KINDS, Feedback, Quiz, make_quiz

__all__ = ["Feedback", "KINDS", "PracticeError", "Quiz", "make_quiz"]
