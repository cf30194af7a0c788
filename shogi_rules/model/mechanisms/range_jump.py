"""Range jumps: the Tenjiku generals fly along a line over any number of lower-ranked pieces.

Ranks (the article): king and crown prince above the Great General, above the Vice General, above the
Rook and Bishop Generals, above everything else (``PieceKind.rank``). A range jumper never jumps a
piece of equal or higher rank, friend or foe. Two switches (``Variant.switches.range_jump``) shape the rest:

* ``when`` — ``"any-move"``: it may jump on any move (the article); ``"capturing"``: only on a move that
  captures (TSA, Evans): a move that jumps must end with a capture;
* ``capture`` — what a move that has jumped may capture: ``"lower"``: only pieces of lower rank (the
  article; Evans); ``"any"``: anything (TSA as the article reports it; the modern rules of 2000, which let
  generals take equal or higher generals but still not jump them). A move that jumps nothing may
  capture anything.
"""

from __future__ import annotations

from ..directions import Vector
from . import BoardView


def range_jump_targets(view: BoardView, origin: int, code: int, vector: Vector) -> list[int]:
    """The squares a range jump along ``vector`` reaches, under the rule set's ``range_jump`` switches."""
    t = view.tables
    board = view.board
    rules = view.variant.switches.range_jump
    when, capture = rules.when, rules.capture
    us = code & 1
    rank = t.rank
    mine = rank[code]
    jumped = False
    out = []
    for sq in t.geometry.ray(origin, us, vector):
        p = board[sq]
        if not p:
            if not jumped or when == "any-move":
                out.append(sq)
            continue
        if p & 1 != us and (not jumped or capture == "any" or rank[p] < mine):
            out.append(sq)
        if rank[p] >= mine:
            break
        jumped = True
    return out
