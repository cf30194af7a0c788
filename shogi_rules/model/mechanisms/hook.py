"""Hook moves: a slide, then at most one 90° turn on an empty square and a second slide.

The Hook Mover (鉤行) turns between orthogonal lines, the Capricorn (摩羯) and Long-nosed Goblin (天狗)
between diagonals. A capture ends the move, so a hook move never captures twice. A turned move keeps
its corner square in :attr:`Move.path`; where a square is reached straight as well, the straight
move stands for both.
"""

from __future__ import annotations

from ..directions import Vector
from . import BoardView


def hook_moves(view: BoardView, origin: int, code: int, vectors: tuple[Vector, ...]) -> dict[int, tuple[int, ...]]:
    """``{target: path}``: ``()`` for a straight slide, ``(corner,)`` after a turn."""
    g = view.tables.geometry
    board = view.board
    us = code & 1
    straight: dict[int, tuple[int, ...]] = {}
    turned: dict[int, tuple[int, ...]] = {}
    for v in vectors:
        turns = [w for w in vectors if w[0] * v[0] + w[1] * v[1] == 0]
        for corner in g.ray(origin, us, v):
            p = board[corner]
            if p:
                if p & 1 != us:
                    straight[corner] = ()
                break
            straight[corner] = ()
            for w in turns:
                for sq in g.ray(corner, us, w):
                    q = board[sq] if sq != origin else 0
                    if q and q & 1 == us:
                        break
                    if sq != origin:
                        turned.setdefault(sq, (corner,))
                    if q:
                        break
    for sq, path in turned.items():
        straight.setdefault(sq, path)
    return straight
