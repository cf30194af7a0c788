"""Immobilising: the article's Heavenly Tetrarchs (四天王) paralyse the enemy pieces next to them.

A paralysed piece makes no move of any kind while it stands there (its passive powers, such as a
Fire Demon's burning of pieces that arrive next to it, go on). ``clash``
(``Variant.switches.tetrarchs``) settles what happens when a Tetrarchs meets an enemy Tetrarchs or Fire Demon:

* ``"mover-inactive"`` (the article's guess): the power of the piece that arrived last does not act
  on the other; the other's power acts on it. Which arrived last is read from the game's history;
* ``"both-active"``: both powers act, whoever arrived last;
* ``"no-effect"``: paralysis does not act on enemy Tetrarchs and Fire Demons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import GameView


def arrival(pos: GameView, square: int) -> int:
    """The ply at which the piece on ``square`` arrived there (-1: it has stood there since the start)."""
    history = pos.history
    for ply in range(len(history) - 1, -1, -1):
        if history[ply].move.target == square:
            return ply
    return -1


def frozen_squares(pos: GameView, color: int) -> set[int]:
    """Squares of ``color``'s pieces that may not move."""
    t = pos.tables
    board = pos.board
    neighbours = t.geometry.neighbours
    clash = pos.variant.switches.tetrarchs.clash
    out: set[int] = set()
    for sq, code in _pieces_of(board, [c for c in t.immobiliser_codes if c & 1 != color]):
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


def _pieces_of(board: list[int], codes: list[int]) -> list[tuple[int, int]]:
    """``(square, code)`` of every piece of ``codes``, in board order (found by the list's own search,
    not a square-by-square scan)."""
    found = []
    for code in codes:
        sq = -1
        try:
            while True:
                sq = board.index(code, sq + 1)
                found.append((sq, code))
        except ValueError:
            pass
    return sorted(found)
