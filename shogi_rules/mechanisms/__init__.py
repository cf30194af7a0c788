"""The powers of the large variants, one per module, as functions on a board: lion power, area
moves, range jumps, hook moves, the Emperor's flight, burning, paralysis and the promotion schemes.

They read a :class:`BoardView`: the compiled tables of a rule set, its variant data and a board of
piece codes (a :class:`~shogi_rules.position.Position` is one). The movement atoms of :mod:`shogi_rules.movement`
call the movement powers; move generation and :meth:`Position.push` call the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from ..tables import Tables
    from ..variant_data import Variant


class BoardView(Protocol):
    """What the mechanisms read: the compiled tables, the variant as its rule set resolves it (its
    switches) and a board of piece codes."""

    @property
    def tables(self) -> Tables: ...

    @property
    def variant(self) -> Variant: ...

    @property
    def board(self) -> list[int]: ...


class Board(NamedTuple):
    """A board to look at that is not a position's (the Emperor counts protection on one)."""

    tables: Tables
    variant: Variant
    board: list[int]
