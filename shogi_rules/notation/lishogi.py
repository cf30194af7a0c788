"""lishogi's notation for Chu shogi: its SFEN and its USI moves, exactly as ``shogiops`` reads them.

**SFEN**: ``<board> <b|w> <lion square|-> <move number>``. The board is this project's FEN board
(lishogi's one-letter codes are the FEN codes of :mod:`shogi_rules.variants.chu`, ``+`` for a
promoted piece); ``b`` is sente (the side that moves first), ``w`` gote; the third field, where a
hand would stand in shogi, is the square where a Lion was just taken by a piece that is not a Lion
(the square the counter-strike rule leaves open), or ``-``; the number counts plies from 1. It has
no field for a promotion deferred by declining (lishogi's rules defer none): under
``chu.promotion=wikipedia`` the project's FEN keeps it, the SFEN does not.

>>> from shogi_rules import Position
>>> pos = Position("chu")
>>> write_sfen(pos)
'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1'

**USI**: a move is its origin and target (``7i7h``), files 1–12 and ranks a–l, ``+`` when the
piece promotes. A move of a piece with lion power that touches down on the way is written with the
square it touches between them, *from-middle-to*: ``7j7i7h`` (takes on 7i, goes on to 7h). Igui
and the pass come back to the origin: ``7j7i7j``. A Lion's jump to the second square is written
from-to; ``shogiops`` also accepts it with an empty middle square, and accepts the pass through
any empty neighbour, so one move of the engine may have several lishogi spellings
(:func:`spellings`); :func:`write_usi` writes one of them, :func:`parse_usi` reads them all.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from collections.abc import Mapping

from ..model.errors import FenError, IllegalMoveError, MoveError, expect_type, quote
from ..model.fen_tokens import MAX_PLY, parse_board, write_board
from ..model.geometry import GOTE, SENTE
from ..model.movement import Lion
from ..model.moves import Move
from ..engine.movegen import check_perft_depth
from ..engine.position import Position
from ..compiled.variant import RuleSet

if TYPE_CHECKING:
    from ..model.variant_data import Variant

_SFEN = re.compile(r"^\s*(?:sfen\s+)?(\S+)\s+([bw])\s+(-|\d{1,2}[a-l])\s+(\d+)\s*$", re.ASCII)

MAX_COUNT = MAX_PLY + 1
"""The largest move count of a lishogi SFEN read or written: that of the last ply a FEN's move
number can stand for (:data:`~shogi_rules.model.fen_tokens.MAX_PLY`)."""


def describes(variant: Variant) -> bool:
    """Whether lishogi's notation describes ``variant``."""
    return variant.lishogi_name is not None


def looks_sfen(text: str) -> bool:
    """Whether ``text`` has the form of a lishogi SFEN (rather than this project's FEN)."""
    return isinstance(text, str) and bool(_SFEN.match(text))


def read_sfen(text: str, rules: RuleSet | Mapping[str, str] | None = None) -> Position:
    """A position of Chu shogi read from lishogi's SFEN (``rules``: a rule set of Chu shogi, or its
    rule options); the count must be one that :func:`write_sfen` could write (1 to :data:`MAX_COUNT`)."""
    expect_type(text, str, "a lishogi SFEN")
    rs = rules if isinstance(rules, RuleSet) else RuleSet.of("chu", rules)
    m = _SFEN.match(text)
    if not m or not describes(rs.variant):
        raise FenError(f"not a lishogi SFEN of {rs.variant.id}: {quote(text)}")
    board_text, side, lion, number = m.groups()
    digits = number.lstrip("0")
    if not digits or len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        shown = number if len(number) <= 12 else f"{number[:9]}… ({len(number):,} digits)"
        raise FenError(f"a lishogi SFEN counts plies from 1 to {MAX_COUNT:,}, not {shown}")
    board = parse_board(rs.tables, board_text)
    square = None if lion == "-" else rs.tables.geometry.parse(lion)
    return Position.from_board(rs, board, SENTE if side == "b" else GOTE, int(digits) - 1, lion_capture=square)


def write_sfen(pos: Position) -> str:
    """The position as lishogi writes it."""
    if not describes(pos.variant):
        raise FenError(f"lishogi's SFEN does not describe {pos.variant.id}")
    if not 0 <= pos.ply < MAX_COUNT:
        raise FenError(f"ply {pos.ply + 1:,} is beyond the count a lishogi SFEN holds (1 to {MAX_COUNT:,})")
    lion = "-" if pos.lion_capture is None else pos.geometry.name(pos.lion_capture)
    return f"{write_board(pos.tables, pos.board)} {'b' if pos.turn == SENTE else 'w'} {lion} {pos.ply + 1}"


def _first_steps(pos: Position, origin: int) -> list[int]:
    """The squares a lion-power piece on ``origin`` may touch down on first (empty or enemy)."""
    board = pos.board
    code = board[origin]
    us = code & 1
    out: list[int] = []
    for atom in pos.tables.specials[code]:
        if not isinstance(atom, Lion):
            continue
        squares: list[int]
        if atom.vectors is None:
            squares = list(pos.geometry.neighbours[origin])
        else:
            squares = [s for v in atom.vectors if (s := pos.geometry.target(origin, us, v)) is not None]
        out += [s for s in squares if s not in out and (not board[s] or board[s] & 1 != us)]
    return out


def _adjacent(pos: Position, a: int, b: int) -> bool:
    g = pos.geometry
    return a != b and max(abs(g.column(a) - g.column(b)), abs(g.row(a) - g.row(b))) <= 1


def _second_steps(pos: Position, origin: int, middle: int) -> list[int]:
    """Where the piece may end after touching down on ``middle`` (lishogi's second step)."""
    code = pos.board[origin]
    for atom in pos.tables.specials[code]:
        if isinstance(atom, Lion):
            if atom.vectors is None:
                return list(pos.geometry.neighbours[middle])
            g = pos.geometry
            dc, dr = g.column(middle) - g.column(origin), g.row(middle) - g.row(origin)
            beyond = g.at(g.column(middle) + dc, g.row(middle) + dr)
            return [origin] + ([beyond] if beyond is not None else [])
    return []


def spellings(pos: Position, move: Move) -> list[str]:
    """Every USI string by which ``shogiops`` denotes ``move`` (a legal move of ``pos``)."""
    g = pos.geometry
    if move.origin is None:
        raise MoveError("Chu shogi has no drops")
    origin, target = move.origin, move.target
    plus = "+" if move.promotion else ""
    board = pos.board
    caught = [s for s in move.path if board[s]]
    if caught:  # touches down on the piece it takes first
        return [g.name(origin) + g.name(caught[0]) + g.name(target) + plus]
    out = [] if target == origin else [g.name(origin) + g.name(target) + plus]
    if any(isinstance(a, Lion) for a in pos.tables.specials[board[origin]]):
        for middle in _first_steps(pos, origin):
            if not board[middle] and middle != target and target in _second_steps(pos, origin, middle):
                out.append(g.name(origin) + g.name(middle) + g.name(target))
    return out


def perft(pos: Position, depth: int) -> int:
    """Perft as ``shogiops`` counts it: each move once per USI spelling it accepts (:func:`spellings`),
    so a Lion's jump and pass count several times. ``pos`` is left as it was.

    >>> from shogi_rules import Position
    >>> lion = Position.from_pieces("chu", {"7h": "N", "1l": "K", "12a": "k"})
    >>> lion.perft(1), perft(lion, 1)
    (28, 91)
    """
    check_perft_depth(depth)
    return _perft(pos, depth)


def _perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return sum(len(spellings(pos, m)) for m in moves)
    total = 0
    for m in moves:
        n = len(spellings(pos, m))
        pos.push(m)
        total += n * _perft(pos, depth - 1)
        pos.pop()
    return total


def write_usi(pos: Position, move: Move) -> str:
    """lishogi's USI for ``move``: the shortest spelling, a pass through its first empty neighbour."""
    return spellings(pos, move)[0]


_USI = re.compile(r"^(\d{1,2}[a-l])(\d{1,2}[a-l])?(\d{1,2}[a-l])(\+?)$", re.ASCII)


def parse_usi(pos: Position, text: str) -> Move:
    """Read a lishogi USI move of ``pos`` (any spelling that ``shogiops`` accepts)."""
    if not isinstance(text, str) or not _USI.match(text.strip()):
        raise MoveError(f"not a lishogi USI move: {quote(text)}")
    text = text.strip()
    found = [m for m in pos.legal_moves() if text in spellings(pos, m)]
    if not found:
        raise IllegalMoveError(f"{quote(text)} is not a legal move here")
    return found[0]
