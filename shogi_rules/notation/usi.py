"""The USI protocol's notation for standard shogi: ``7g7f``, ``P*5e``, ``8h2b+`` (the squares of a
move with several legs follow one another); for Chu shogi, lishogi's USI
(:mod:`shogi_rules.notation.lishogi`: double moves from-middle-to, igui and the pass
from-middle-from). Where a capture would convert the mover (Maka Dai Dai),
``=`` marks the royal capturer that keeps its identity (``10j10i=``), ``+`` the one that keeps it
and promotes, and ``^`` with a piece's code the piece a mover chose to become where its captures
offer a choice (``10j9i8h^TK``), so every legal move has a name of its own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model.errors import MoveError, quote
from ..model.moves import Move
from . import lishogi
from .common import MoveNotation, find, same_conversion

if TYPE_CHECKING:
    from ..engine.position import Position

def write_usi(pos: Position, move: Move) -> str:
    if lishogi.describes(pos.variant):
        return lishogi.write_usi(pos, move)
    g = pos.geometry
    if move.origin is None:
        return f"{pos.tables.types[move.drop or 0].fen.upper()}*{g.name(move.target)}"
    suffix = "+" if move.promotion else "=" if move.keep else "^" + move.conversion if move.conversion else ""
    return "".join(g.name(s) for s in (move.origin, *move.path, move.target)) + suffix


_USI = re.compile(r"^(\d{1,2}[a-s])((?:\d{1,2}[a-s])*)(\d{1,2}[a-s])([+=]|\^[A-Za-z]+)?$", re.ASCII)
_USI_SQUARE = re.compile(r"\d{1,2}[a-s]", re.ASCII)


def looks_usi(text: str) -> bool:
    """Whether ``text`` has the form of a USI board move."""
    return bool(_USI.match(text))


def parse_usi(pos: Position, text: str) -> Move:
    if lishogi.describes(pos.variant):
        return lishogi.parse_usi(pos, text)
    g = pos.geometry
    if "*" in text:
        piece, _, square = text.partition("*")
        if not _USI_SQUARE.fullmatch(square):
            raise MoveError(f"not a USI move: {quote(text)}")
        tid = pos.tables.type_by_fen(piece)
        target = g.parse(square)
        return find(pos, text, lambda mv: mv.origin is None and mv.drop == tid and mv.target == target)
    m = _USI.match(text)
    if not m:
        raise MoveError(f"not a USI move: {quote(text)}")
    origin, target = g.parse(m.group(1)), g.parse(m.group(3))
    path = tuple(g.parse(s) for s in re.findall(r"\d{1,2}[a-s]", m.group(2)))
    mark = m.group(4) or ""
    promotion = mark == "+"
    keep = mark == "="  # "+" on a converting capture: the royal capturer keeps itself and promotes
    chosen = mark[1:] if mark.startswith("^") else None
    return find(pos, text, lambda mv: (mv.origin, mv.target, mv.path, mv.promotion) == (origin, target, path, promotion)
                and (promotion or mv.keep == keep) and same_conversion(mv, chosen))



NOTATION = MoveNotation("usi", write_usi, parse_usi, "USI (7g7f, P*5e)")
