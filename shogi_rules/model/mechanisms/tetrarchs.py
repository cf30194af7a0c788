"""Immobilising: the article's Heavenly Tetrarchs (四天王) paralyse the enemy pieces next to them.

A paralysed piece makes no move of any kind while it stands there (its passive powers, such as a
Fire Demon's burning of pieces that arrive next to it, go on). ``clash``
(``Variant.switches.tetrarchs``) settles what happens when a Tetrarchs meets an enemy Tetrarchs or Fire Demon:

* ``"mover-inactive"`` (the article's guess): the power of the piece that arrived last does not act
  on the other; the other's power acts on it. Which arrived last is read from the game's history,
  and before it from the arrival order a FEN gave (:attr:`Position.arrivals`, :func:`arrival_order`);
* ``"both-active"``: both powers act, whoever arrived last;
* ``"no-effect"``: paralysis does not act on enemy Tetrarchs and Fire Demons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..codes import pieces_of

if TYPE_CHECKING:
    from . import GameView


def arrival(pos: GameView, square: int) -> int:
    """The ply at which the piece on ``square`` arrived there, counted from the position's start;
    before it, the place of ``square`` in the FEN's arrival order (negative), and lowest of all
    (``-1 - len(pos.arrivals)``) for a piece that has stood there since the start."""
    history = pos.history
    for ply in range(len(history) - 1, -1, -1):
        if history[ply].move.target == square:
            return ply
    before = pos.arrivals
    return before.index(square) - len(before) if square in before else -1 - len(before)


def clash_squares(pos: GameView) -> list[int]:
    """The squares of the Tetrarchs, and of the Tetrarchs and Fire Demons next to them, that stand
    next to an enemy of the kind whose arrival order decides a clash, in board order."""
    t = pos.tables
    board = pos.board
    out: set[int] = set()
    for sq, code in pieces_of(board, list(t.immobiliser_codes)):
        for n in t.geometry.neighbours[sq]:
            p = board[n]
            if p and p & 1 != code & 1 and (t.immobilises[p] or t.burns[p]):
                out.update((sq, n))
    return sorted(out)


def arrival_order(pos: GameView) -> tuple[int, ...]:
    """What a FEN must hold of the history for the clash rule: the :func:`clash_squares` whose piece
    arrived after the start, the first to arrive first."""
    floor = -1 - len(pos.arrivals)
    known = [(a, sq) for sq in clash_squares(pos) if (a := arrival(pos, sq)) > floor]
    return tuple(sq for _, sq in sorted(known))


def frozen_squares(pos: GameView, color: int) -> set[int]:
    """Squares of ``color``'s pieces that may not move."""
    t = pos.tables
    board = pos.board
    neighbours = t.geometry.neighbours
    clash = pos.variant.switches.tetrarchs.clash
    out: set[int] = set()
    for sq, code in pieces_of(board, [c for c in t.immobiliser_codes if c & 1 != color]):
        for n in neighbours[sq]:
            p = board[n]
            if not p or p & 1 != color or n in out:
                continue
            if t.immobilises[p] or t.burns[p]:
                if clash == "no-effect":
                    continue
                if clash == "mover-inactive" and arrival(pos, sq) > arrival(pos, n):
                    continue  # the tetrarchs arrived last: its power does not act on this piece
            out.add(n)
    return out


