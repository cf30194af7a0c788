"""What the move notations share: finding the legal move a text means, and the suffix that says
whether a move promotes, declines or converts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from ..model.errors import AmbiguousMoveError, IllegalMoveError, quote
from ..model.mechanisms.conversion import conversion_into
from ..model.moves import Move

if TYPE_CHECKING:
    from ..engine.position import Position


def everywhere(pos: Position) -> bool:
    """Whether a notation that names the moves of every variant describes ``pos``: it does."""
    return True


class MoveNotation(NamedTuple):
    """A move notation: its id (``--notation`` on the command line), a writer and, where the
    notation can be read back, a reader; ``describes`` tells the positions it can name moves in
    (KIF and CSA: only some variants)."""

    id: str
    write: Callable[[Position, Move], str]
    parse: Callable[[Position, str], Move] | None
    summary: str
    describes: Callable[[Position], bool] = everywhere


def conversion(pos: Position, move: Move) -> str | None:
    """The code of the piece the mover turns into by a capture conversion (Maka Dai Dai), if any."""
    t = pos.tables
    if move.origin is None or move.keep or not t.any_converter:
        return None
    if move.conversion:
        return move.conversion
    if not pos.variant.switches.conversion.active:
        return None
    board = pos.board
    squares = [s for s in move.path if board[s]] + ([move.target] if move.target != move.origin and board[move.target] else [])
    into = conversion_into(t, pos.variant.switches.conversion.order, [board[s] for s in squares])
    return t.types[into].kind.code if into else None


def same_conversion(move: Move, written: str | None) -> bool:
    """Whether ``move`` turns into the piece ``written`` after ``^`` (case aside; ``None``: no ``^``)."""
    if move.conversion is None or written is None:
        return move.conversion is written
    return move.conversion.upper() == written.upper()


Squares = tuple[int | None, int, tuple[int, ...]]


def suffix(pos: Position, move: Move, counts: Mapping[Squares, int] | None = None) -> str:
    """``^CODE`` for a capture conversion, else ``+`` / ``=`` where the mover had a choice. ``counts``: the
    moves counted by their squares (:func:`count_by_squares`) of a list that holds every legal move of the
    mover's piece, where a caller has one (else every legal move of the position is counted)."""
    into = conversion(pos, move)
    if into:
        return "^" + into
    siblings = (_moves_by_squares(pos) if counts is None else counts).get((move.origin, move.target, move.path), 0) > 1
    if siblings or move.promotion:
        return "+" if move.promotion else "="
    return ""


def count_by_squares(moves: Iterable[Move]) -> dict[Squares, int]:
    """How many of ``moves`` go by each (origin, target, path): more than one where the mover has a choice
    (to promote or not, to convert or not)."""
    count: dict[Squares, int] = {}
    for m in moves:
        key = (m.origin, m.target, m.path)
        count[key] = count.get(key, 0) + 1
    return count


def _moves_by_squares(pos: Position) -> dict[Squares, int]:
    """:func:`count_by_squares` of the legal moves, built once per position."""
    return pos.memo("common.siblings", lambda: count_by_squares(pos.legal_moves()))


def find(pos: Position, text: str, test: Callable[[Move], bool]) -> Move:
    """The one legal move for which ``test`` holds (raises when there is none, or several)."""
    return one(pos, text, [mv for mv in pos.legal_moves() if test(mv)])


def one(pos: Position, text: str, candidates: list[Move]) -> Move:
    """The one move of ``candidates`` (raises when there is none, or several)."""
    if not candidates:
        raise IllegalMoveError(f"{quote(text)} is not a legal move here")
    if len(candidates) > 1:
        raise AmbiguousMoveError(f"{quote(text)} could be any of {len(candidates)} moves; give the origin square")
    return candidates[0]
