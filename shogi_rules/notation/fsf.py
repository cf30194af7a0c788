"""Fairy-Stockfish's coordinate notation: ``c3c4``, ``P@e5``, ``c7c8+``.

The origin and target in Fairy-Stockfish coordinates; a drop is the piece's FEN code, ``@`` and the
target; the squares of a move with several legs follow one another (``e5f6g7``); ``=`` after a
move in which a royal capturer declines a capture conversion, ``^`` and a piece's code after one in
which the mover chose what its captures turn it into (Maka Dai Dai)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model.errors import MoveError, quote
from ..model.moves import Move
from .common import MoveNotation, find, same_conversion

if TYPE_CHECKING:
    from ..engine.position import Position

def write_fsf(pos: Position, move: Move) -> str:
    g = pos.geometry
    if move.origin is None:
        return f"{pos.tables.types[move.drop or 0].fen.upper()}@{g.fsf_name(move.target)}"
    squares = [move.origin, *move.path, move.target]
    return ("".join(g.fsf_name(s) for s in squares) + ("+" if move.promotion else "") + ("=" if move.keep else "")
            + ("^" + move.conversion if move.conversion else ""))


_FSF_SQ = re.compile(r"[a-s]\d{1,2}", re.ASCII)
_FSF_DROP = re.compile(r"^(\(?[A-Za-z]+\)?)@([a-s]\d{1,2})$", re.ASCII)


def parse_fsf(pos: Position, text: str) -> Move:
    g = pos.geometry
    m = _FSF_DROP.match(text)
    if m:
        tid = pos.tables.type_by_fen(m.group(1))
        return find(pos, text, lambda mv: mv.origin is None and mv.drop == tid and mv.target == g.parse_fsf(m.group(2)))
    body, caret, chosen = text.partition("^")
    keep = body.endswith("=")
    body = body[:-1] if keep else body
    promotion = body.endswith("+")
    body = body[:-1] if promotion else body
    squares = _FSF_SQ.findall(body)
    if len(squares) < 2 or "".join(squares) != body:
        raise MoveError(f"not a move in coordinate notation: {quote(text)}")
    sq = [g.parse_fsf(s) for s in squares]
    origin, target, path = sq[0], sq[-1], tuple(sq[1:-1])
    return find(pos, text, lambda mv: (mv.origin, mv.target, mv.path, mv.promotion, mv.keep)
                 == (origin, target, path, promotion, keep) and same_conversion(mv, chosen if caret else None))


NOTATION = MoveNotation("fsf", write_fsf, parse_fsf, "Fairy-Stockfish coordinates (c3c4, P@e5)")
