"""Pieces on the board as small integers, and the two sides.

A square of a board holds ``0`` (empty) or a piece code ``type_id * 2 + color``, where ``color`` is
:data:`~shogi_rules.model.geometry.SENTE` (0) or :data:`~shogi_rules.model.geometry.GOTE` (1) and ``type_id``
numbers the piece types of the compiled tables (:class:`~shogi_rules.compiled.tables.PieceType`). These
helpers name the arithmetic; the engine's measured inner loops spell it out (``code & 1``).

>>> code = piece_code(5, GOTE)
>>> code, color_of(code), type_of(code), opponent(GOTE)
(11, 1, 5, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from .geometry import GOTE, SENTE

__all__ = ["GOTE", "SENTE", "color_of", "is_enemy", "is_own", "opponent", "piece_code", "pieces_of", "type_of"]


def piece_code(type_id: int, color: int) -> int:
    """The board code of a piece of type ``type_id`` and ``color``."""
    return 2 * type_id + color


def color_of(code: int) -> int:
    """The side a (non-zero) piece code belongs to."""
    return code & 1


def type_of(code: int) -> int:
    """The type id of a (non-zero) piece code."""
    return code >> 1


def opponent(color: int) -> int:
    """The other side."""
    return color ^ 1


def is_own(code: int, color: int) -> bool:
    """Whether ``code`` is a piece of ``color`` (false for an empty square)."""
    return bool(code) and code & 1 == color


def is_enemy(code: int, color: int) -> bool:
    """Whether ``code`` is a piece of ``color``'s opponent (false for an empty square)."""
    return bool(code) and code & 1 != color


def pieces_of(board: list[int], codes: Iterable[int]) -> list[tuple[int, int]]:
    """``(square, code)`` of every piece of ``codes`` on ``board``, in board order (found by the list's own
    search for each code, not by a square-by-square scan: a few pieces on a board of up to 361 squares)."""
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
