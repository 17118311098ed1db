"""Puzzles with one right card, proved by search (issue 23, part 2).

A puzzle is a position from computer-against-computer play with every hand open and a few cards
left, where exactly one legal action gives the side to act its best result and every other does
worse by a stated margin, proved by :mod:`cardlab.search`.  :mod:`.mine` finds and writes them,
:mod:`.themes` names their theme and rates them, :mod:`.toward` deals toward a theme that
shuffled deals almost never give, :mod:`.bank` keeps the ones shipped with the
package (built by ``python -m cardlab.puzzles.build --seed 1``) and :mod:`.cli` is
``python -m cardlab puzzle GAME [--theme T] [--seed S] [--rating R]``.
"""
