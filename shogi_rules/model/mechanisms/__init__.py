"""The powers of the large variants, one per module, as functions on a board: lion power, area
moves, range jumps, hook moves, the Emperor's flight, burning, paralysis and the promotion schemes.

They read a :class:`BoardView`: the compiled tables of a rule set, its variant data and a board of
piece codes (a :class:`~shogi_rules.engine.position.Position` is one). The movement atoms of :mod:`shogi_rules.model.movement`
call the movement powers; move generation and :meth:`Position.push` call the others.

The mechanisms sit below the data model and the compiled tables that use them, so they name what
they read of those as protocols here (:class:`TablesView`, :class:`RulesView`), never the classes:
:class:`~shogi_rules.compiled.tables.Tables`, :class:`~shogi_rules.model.variant_data.Variant` and
:class:`~shogi_rules.engine.position.Position` fit them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from ..geometry import Geometry
    from ..moves import Move
    from ..switches import Switches


class PieceKindView(Protocol):
    """Of a piece row: its code and its movement atoms (read by their fields)."""

    @property
    def code(self) -> str: ...

    @property
    def atoms(self) -> Sequence[object]: ...


class PieceTypeView(Protocol):
    """Of a piece type: its id and code, whether it is a promoted piece, and the row it moves as."""

    @property
    def id(self) -> int: ...

    @property
    def code(self) -> str: ...

    @property
    def promoted(self) -> bool: ...

    @property
    def kind(self) -> PieceKindView: ...


class TablesView(Protocol):
    """What the mechanisms read of a rule set's compiled tables (lists by piece code, except
    ``types``, by type id)."""

    @property
    def geometry(self) -> Geometry: ...

    @property
    def types(self) -> Sequence[PieceTypeView]: ...

    @property
    def by_code(self) -> Mapping[str, int]: ...

    @property
    def royal(self) -> Sequence[bool]: ...

    @property
    def emperor(self) -> Sequence[bool]: ...

    @property
    def burns(self) -> Sequence[bool]: ...

    @property
    def immobilises(self) -> Sequence[bool]: ...

    @property
    def immobiliser_codes(self) -> Sequence[int]: ...

    @property
    def rank(self) -> Sequence[int]: ...

    @property
    def promotes(self) -> Sequence[int]: ...

    @property
    def converts(self) -> Sequence[int]: ...

    @property
    def zone(self) -> Sequence[Sequence[bool]]: ...

    @property
    def dead(self) -> Sequence[Collection[int]]: ...

    @property
    def promotion_dead(self) -> Sequence[Collection[int]]: ...

    def destinations(self, view: BoardView, sq: int, code: int) -> Iterable[tuple[int, tuple[int, ...]]]: ...


class RulesView(Protocol):
    """What the mechanisms read of the variant as its rule set resolves it."""

    @property
    def switches(self) -> Switches: ...

    @property
    def promotion(self) -> str: ...

    @property
    def capture_promotion(self) -> str: ...


class BoardView(Protocol):
    """What the mechanisms read: the compiled tables, the variant as its rule set resolves it (its
    switches) and a board of piece codes."""

    @property
    def tables(self) -> TablesView: ...

    @property
    def variant(self) -> RulesView: ...

    @property
    def board(self) -> list[int]: ...


class Ply(Protocol):
    """One move of a game's history: the move, and ``(square, code before)`` for every square it
    changed (the origin first)."""

    @property
    def move(self) -> Move: ...

    @property
    def changes(self) -> Sequence[tuple[int, int]]: ...


class GameView(BoardView, Protocol):
    """A board in a game: besides the board, the side to move, the geometry, the moves played
    (oldest first), Chu shogi's counter-strike square and what the FEN said of the moves before it."""

    @property
    def turn(self) -> int: ...

    @property
    def geometry(self) -> Geometry: ...

    @property
    def history(self) -> Sequence[Ply]: ...

    @property
    def lion_capture(self) -> int | None: ...

    @property
    def arrivals(self) -> Sequence[int]:
        """The order in which clashing Tetrarchs arrived before the position was read (its FEN)."""

    @property
    def declined_before(self) -> Sequence[int]:
        """The squares of pieces that declined to promote on their owner's move before the FEN."""


class Board(NamedTuple):
    """A board to look at that is not a position's (the Emperor counts protection on one)."""

    tables: TablesView
    variant: RulesView
    board: list[int]
