"""The board that move generation and game end work on: a protocol, below them.

:mod:`shogi_rules.engine.movegen` and :mod:`shogi_rules.engine.outcome` read a position through
:class:`GameBoard` and never name :class:`~shogi_rules.engine.position.Position`, which sits above them
and calls them: the protocol lists exactly what they read of a position and what they do to it (make
and take back moves, copy it, turn the side to move for a question about the other side). It
extends the mechanisms' :class:`~shogi_rules.model.mechanisms.GameView` with the compiled tables and the
variant themselves, the hands, the royal squares and the repetition history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..model.mechanisms import GameView

if TYPE_CHECKING:
    from typing import Self

    from ..model.moves import Move
    from ..compiled.tables import Tables
    from ..model.variant_data import Variant


class GameBoard(GameView, Protocol):
    """A position as move generation and game end use it (a :class:`~shogi_rules.engine.position.Position` is one)."""

    turn: int
    """The side to move (changed on a copy to ask about the other side)."""
    hash: int
    """The position's Zobrist key (changed along with ``turn``)."""

    @property
    def tables(self) -> Tables: ...

    @property
    def variant(self) -> Variant: ...

    @property
    def hands(self) -> list[list[int]]:
        """Per colour, the count in hand of each piece type."""

    @property
    def kings(self) -> list[int]:
        """Per colour, the square of its only royal piece (-1 where it has none or more than one)."""

    @property
    def hash_history(self) -> Sequence[int]:
        """The key of every position of the game so far, the current one last."""

    @property
    def move_stack(self) -> Sequence[Move]:
        """The moves made, oldest first."""

    @property
    def last_move(self) -> Move | None:
        """The move made last, ``None`` before any (without building :attr:`move_stack`)."""

    @property
    def lion_rules(self) -> bool:
        """Whether Chu shogi's Lion-trading rules are on."""

    def push(self, move: Move) -> None: ...

    def pop(self) -> Move: ...

    def copy(self) -> Self: ...

    def is_check(self) -> bool: ...

    def legal_moves(self) -> list[Move]: ...
