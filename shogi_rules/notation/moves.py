"""Moves written and read, in every notation the library knows: the registry of notations.

One module per notation: :mod:`~shogi_rules.notation.fsf` (Fairy-Stockfish coordinates),
:mod:`~shogi_rules.notation.usi`, :mod:`~shogi_rules.notation.western` (TSA / Hodges) and
:mod:`~shogi_rules.notation.japanese` (written only), :mod:`~shogi_rules.notation.kif` (KIF, shogi and
Chu) and :mod:`~shogi_rules.notation.csa` (CSA, shogi). Each defines ``NOTATION``; :data:`NOTATIONS`
lists them, and the command line's ``--notation`` offers exactly these.

>>> from shogi_rules import Position
>>> pos = Position("shogi")
>>> move = parse_move(pos, "P-7f")
>>> [write_move(pos, move, n) for n in NOTATIONS]
['c3c4', '7g7f', 'P-7f', '☗７六歩(77)', '７六歩(77)', '+7776FU']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.errors import IllegalMoveError, MoveError, SquareError, quote
from ..model.moves import Move
from ..engine.position import MoveCodec, install_notations
from . import csa, fsf, japanese, kif, usi, western
from .common import MoveNotation
from .western import move_effects, resolve_code

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..compiled.tables import Tables
    from ..engine.position import Position

NOTATIONS: dict[str, MoveNotation] = {n.id: n for n in (
    fsf.NOTATION, usi.NOTATION, western.NOTATION, japanese.NOTATION, kif.NOTATION, csa.NOTATION)}
"""Every move notation by id."""


MAX_MOVE_TEXT = 200
"""The longest text read as a move: the longest name any notation writes (a Western move that lists eight burnt
squares, a Chu double move in KIF on its two lines) is well within it."""


def write_move(pos: Position, move: Move, notation: str = "western") -> str:
    """``move`` written in ``notation``; a move that is not legal in ``pos`` has no name
    (:class:`IllegalMoveError`: the notations name a move by what it does in the position)."""
    found = NOTATIONS.get(notation)
    if found is None:
        raise MoveError(f"unknown notation {quote(notation)} (known: {', '.join(NOTATIONS)})")
    if not pos.is_legal(move):
        raise IllegalMoveError(f"{quote(move, 80)} is not a legal move here, so it has no name")
    return found.write(pos, move)


def parse_move(pos: Position, text: str, notation: str = "auto", narrow: bool = False) -> Move:
    """Read ``text`` as a legal move of ``pos`` (raises :class:`MoveError` or a subclass).
    ``"auto"`` tells Western notation, USI, Fairy-Stockfish coordinates, CSA (``+7776FU``) and KIF (kanji)
    apart by their form. ``narrow``: a Western move is looked for among the moves of the kind of piece it
    names only (:func:`~shogi_rules.notation.western.parse_western`)."""
    if not isinstance(text, str) or not text.strip():
        raise MoveError(f"not a move: {quote(text)}")
    text = text.strip()
    if len(text) > MAX_MOVE_TEXT:  # (refused at once: a record check reads a ply under many rule sets)
        raise MoveError(f"not a move: {quote(text)} (no move is written in more than {MAX_MOVE_TEXT} characters)")
    readers = {n.id: n.parse for n in NOTATIONS.values() if n.parse is not None}
    try:
        reader = readers.get(notation)
        if reader is not None:
            return reader(pos, text)
        if notation != "auto":
            raise MoveError(f"cannot read notation {quote(notation)} (known: {', '.join(readers)}, auto)")
        if csa.looks_csa_move(text) and pos.variant.usi:
            return csa.parse_csa_move(pos, text)
        if not text.isascii() and kif.describes(pos):
            return kif.parse_kif_move(pos, text)
        if western.looks_western(text) and not usi.looks_usi(text):
            return western.parse_western(pos, text, narrow)
        if usi.looks_usi(text) or "*" in text:
            return usi.parse_usi(pos, text)
        return fsf.parse_fsf(pos, text)
    except SquareError as exc:
        raise MoveError(f"{quote(text)}: {exc}") from None


def _read_as_western(pos: Position, text: str) -> bool:
    """Whether :func:`parse_move` reads ``text`` (stripped) as Western notation."""
    return not (csa.looks_csa_move(text) and pos.variant.usi) and (text.isascii() or not kif.describes(pos)) \
        and western.looks_western(text) and not usi.looks_usi(text)


def named_types(pos: Position, text: str) -> list[int] | None:
    """The piece types whose moves alone :func:`parse_move` with ``narrow`` looks at to read ``text`` (a board move
    in Western notation: :func:`~shogi_rules.notation.western.named_types`); ``None`` for a text it reads
    otherwise."""
    text = text.strip()
    return western.named_types(pos, text) if _read_as_western(pos, text) else None


def reach(pos: Position, text: str, tables: Sequence[tuple[Tables, frozenset[str] | None]]) -> western.Reach | None:
    """What the reach of the pieces that ``text`` names tells of how :func:`parse_move` reads it under every rule set
    whose pieces move as under ``pos``'s own tables or some of ``tables``: a board move in Western notation only
    (:func:`~shogi_rules.notation.western.reach`); ``None`` for a text it reads otherwise."""
    text = text.strip()
    return western.reach(pos, text, tables) if _read_as_western(pos, text) else None


install_notations(MoveCodec(write_move, parse_move))

__all__ = ["NOTATIONS", "MoveNotation", "move_effects", "named_types", "parse_move", "reach", "resolve_code",
           "write_move"]
