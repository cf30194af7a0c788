"""CSA, the Computer Shogi Association's record format, for standard shogi.

A move is the side's sign, the origin and the target as file and rank digits (``00`` for the origin
of a drop) and the two letters of the piece as it stands after the move: ``+7776FU``, ``-3334FU``,
``+8822UM`` (a bishop that promotes), ``+0055KA`` (a drop). A record: a version line (``V2.2``),
the players (``N+``, ``N-``), ``$`` lines of information, the start position (``PI``, the even
start, with the pieces a handicap takes off after it, ``PI82HI``; or the board rank by rank,
``P1-KY-KE…``, and the pieces in hand, ``P+00KI``), the side to move first (``+`` or ``-``), the
moves, times (``T12``) and comments (``'``), and a ``%`` word that ends the game (``%TORYO``).
Several statements may share a line, separated by commas.

>>> from shogi_rules import Position
>>> pos = Position("shogi")
>>> write_csa_move(pos, pos.parse_move("7g7f"))
'+7776FU'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.codes import color_of, type_of
from ..model.errors import IllegalMoveError, MoveError, RecordError, quote
from ..model.geometry import GOTE, SENTE
from ..model.moves import Move
from .common import MoveNotation, one
from .kif import EVEN, Setup, handicap_setup

if TYPE_CHECKING:
    from ..engine.position import Position

CSA_PIECES = {"P": "FU", "L": "KY", "N": "KE", "S": "GI", "G": "KI", "B": "KA", "R": "HI", "K": "OU",
              "+P": "TO", "+L": "NY", "+N": "NK", "+S": "NG", "+B": "UM", "+R": "RY"}
"""The CSA letters of each shogi piece, by its SFEN letter."""

_LETTERS = {v: k for k, v in CSA_PIECES.items()}
_MOVE = re.compile(r"^([+-])?(\d)(\d)(\d)(\d)([A-Z]{2})$", re.ASCII)
_RANK_NAMES = "abcdefghi"


def describes(pos: Position) -> bool:
    """Whether CSA describes the variant of ``pos`` (standard shogi only)."""
    return bool(pos.variant.usi)


def _check(pos: Position) -> None:
    if not describes(pos):
        raise MoveError(f"CSA describes standard shogi only, not {pos.variant.id}")


def _letter(pos: Position, tid: int) -> str:
    return pos.tables.types[tid].fen.upper()


def write_csa_move(pos: Position, move: Move) -> str:
    """``move`` (legal in ``pos``) in CSA: ``+7776FU``."""
    _check(pos)
    g = pos.geometry
    sign = "+" if pos.turn == SENTE else "-"
    to = f"{g.file_of(move.target)}{g.rank_of(move.target)}"
    if move.origin is None:
        return f"{sign}00{to}{CSA_PIECES[_letter(pos, move.drop or 0)]}"
    t = pos.tables.types[type_of(pos.board[move.origin])]
    after = t.promotion if move.promotion and t.promotion is not None else t.id
    return f"{sign}{g.file_of(move.origin)}{g.rank_of(move.origin)}{to}{CSA_PIECES[_letter(pos, after)]}"


def parse_csa_move(pos: Position, text: str) -> Move:
    """Read a CSA move of ``pos`` (the sign may be left out)."""
    _check(pos)
    if not isinstance(text, str):
        raise MoveError(f"not a CSA move: {quote(text)}")
    m = _MOVE.match(text.strip())
    if not m or m[6] not in _LETTERS:
        raise MoveError(f"not a CSA move: {quote(text)}")
    sign, f0, r0, f1, r1, piece = m.groups()
    if sign and (sign == "+") != (pos.turn == SENTE):
        raise IllegalMoveError(f"{quote(text)}: it is {'sente' if pos.turn == SENTE else 'gote'}'s move, "
                               f"not {'sente' if sign == '+' else 'gote'}'s")
    g = pos.geometry
    if f1 == "0" or r1 == "0":
        raise MoveError(f"{quote(text)}: no square {f1}{r1}")
    target = g.square(int(f1), int(r1))
    letter = _LETTERS[piece]
    if f0 == "0" and r0 == "0":
        return one(pos, text, [mv for mv in pos.legal_moves() if mv.origin is None and mv.target == target
                               and _letter(pos, mv.drop or 0) == letter])
    if f0 == "0" or r0 == "0":
        raise MoveError(f"{quote(text)}: no square {f0}{r0}")
    origin = g.square(int(f0), int(r0))
    code = pos.board[origin]
    if not code or color_of(code) != pos.turn:
        raise IllegalMoveError(f"{quote(text)}: no piece of the side to move on {f0}{r0}")
    t = pos.tables.types[type_of(code)]
    if _letter(pos, t.id) == letter:
        promotes = False
    elif t.promotion is not None and _letter(pos, t.promotion) == letter:
        promotes = True
    else:
        raise IllegalMoveError(f"{quote(text)}: the piece on {f0}{r0} is {CSA_PIECES[_letter(pos, t.id)]}, "
                               f"which cannot become {piece}")
    return one(pos, text, [mv for mv in pos.legal_moves() if mv.origin == origin and mv.target == target
                           and mv.promotion == promotes])


def looks_csa_move(text: str) -> bool:
    """Whether ``text`` has the form of a CSA move with its sign (``+7776FU``)."""
    return bool(re.match(r"^[+-]\d{4}[A-Z]{2}$", text.strip(), re.ASCII))


NOTATION = MoveNotation("csa", write_csa_move, parse_csa_move, "CSA (+7776FU); standard shogi only", describes)


# --- records ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CsaRecord:
    """A CSA record read: the start position (``None``: the even game) and the moves."""

    start: Setup | None
    moves: list[str]


def looks_like_csa(text: str) -> bool:
    """Whether ``text`` has the form of a CSA record: a line that is a CSA move, a start position line
    (``PI``, ``P1`` … ``P9``, ``P+00KI``) or a version line (``V2.2``)."""
    return bool(re.search(r"^(?:[+-]\d{4}[A-Z]{2}|PI|P[1-9](?:[ +-]|$)|P[+-]\d\d[A-Z]{2}|V2\.)", text, re.M))


def read_csa(text: str) -> CsaRecord:
    """Read a CSA record (see the module's notes): its start and its moves."""
    if text.startswith("\ufeff"):
        text = text[1:]
    board: dict[int, list[str]] = {}
    initial: list[str] | None = None
    hands = {SENTE: "", GOTE: ""}
    turn: str | None = None
    moves: list[str] = []
    for number, raw in enumerate(text.replace("\r", "\n").split("\n"), 1):
        for line in (part.strip() for part in raw.split(",")) if not raw.lstrip().startswith("'") else ():
            if not line or line[0] in "'$NVT" or line.startswith("'"):
                continue
            if line[0] == "%":
                return CsaRecord(_setup(board, initial, hands, turn, number), moves)
            if line.startswith("PI"):
                initial = [line[i:i + 4] for i in range(2, len(line), 4)]
                continue
            if re.fullmatch(r"P[1-9].*", line):
                board[int(line[1])] = _cells(line, number)
                continue
            if line.startswith(("P+", "P-")):
                hands[SENTE if line[1] == "+" else GOTE] += line[2:]
                continue
            if line in ("+", "-"):
                turn = line
                continue
            if _MOVE.match(line):
                if turn is None:
                    turn = line[0] if line[0] in "+-" else "+"
                moves.append(line)
                continue
            raise RecordError(f"line {number} of the CSA record: cannot read {quote(line)}")
    return CsaRecord(_setup(board, initial, hands, turn, None), moves)


def _cells(line: str, number: int) -> list[str]:
    body = line[2:]
    cells = [body[i:i + 3] for i in range(0, 27, 3)]
    if len(body.rstrip()) > 27 or len(cells) != 9 or any(c.strip() != "*" and not re.fullmatch(r"[+-][A-Z]{2}", c)
                                                         for c in cells):
        raise RecordError(f"line {number} of the CSA record: not a rank of the board: {quote(line)}")
    return cells


def _setup(board: dict[int, list[str]], initial: list[str] | None, hands: dict[int, str],
           turn: str | None, number: int | None) -> Setup | None:
    """The start the record gives (``None``: the even game, sente first)."""
    where = f"the CSA record{'' if number is None else f' up to line {number}'}"
    squares: dict[str, str] = {}  # square name: CSA piece with its sign
    if board:
        if sorted(board) != list(range(1, 10)):
            raise RecordError(f"{where} gives the ranks {sorted(board)} of the board, not 1 to 9")
        squares = {f"{9 - c}{_RANK_NAMES[r - 1]}": cell for r in range(1, 10) for c, cell in enumerate(board[r])
                   if cell.strip() != "*"}
    else:
        squares = {sq: ("+" if code.isupper() else "-") + CSA_PIECES[code.upper()] for sq, code in EVEN.items()}
        for item in initial or []:
            sq = f"{item[0]}{_RANK_NAMES[int(item[1]) - 1]}" if re.fullmatch(r"[1-9][1-9][A-Z]{2}", item) else ""
            if squares.get(sq, "")[1:] != item[2:]:
                raise RecordError(f"{where}: cannot read {quote(item)} in the PI line (a square of the even "
                                  "start and the piece on it)")
            del squares[sq]
    hand = ""
    for color, text in hands.items():
        for i in range(0, len(text), 4):
            item = text[i:i + 4]
            if not re.fullmatch(r"(?:00|[1-9][1-9])[A-Z]{2}", item) or item[2:] not in _LETTERS:
                raise RecordError(f"{where}: cannot read {quote(item)} in a P+ or P- line")
            if item[:2] == "00":
                if _LETTERS[item[2:]] not in "RBGSNLP":
                    raise RecordError(f"{where}: {quote(item)}: a {item[2:]} cannot be held in hand")
                hand += _LETTERS[item[2:]] if color == SENTE else _LETTERS[item[2:]].lower()
            else:
                squares[f"{item[0]}{_RANK_NAMES[int(item[1]) - 1]}"] = ("+" if color == SENTE else "-") + item[2:]
    pieces = {}
    for sq, cell in squares.items():
        letter = _LETTERS.get(cell[1:])
        if letter is None:
            raise RecordError(f"{where}: unknown piece {quote(cell)}")
        pieces[sq] = letter if cell[0] == "+" else letter.lower()
    start = Setup(pieces, GOTE if turn == "-" else SENTE, hand)
    return None if start == handicap_setup("平手") else start


def write_csa(start: Position, moves: list[Move]) -> str:
    """The CSA record of ``moves`` played from ``start``: the version, the board (as ``shogiops``
    writes it: always the whole board, then the hands and the side to move), the moves."""
    _check(start)
    pos = start.copy()
    g = pos.geometry
    lines = ["V2.2"]
    for r in range(1, 10):
        cells = ""
        for f in range(9, 0, -1):
            code = pos.board[g.square(f, r)]
            cells += " * " if not code else ("+" if color_of(code) == SENTE else "-") + CSA_PIECES[
                _letter(pos, type_of(code))]
        lines.append(f"P{r}{cells}")
    for color, prefix in ((SENTE, "P+"), (GOTE, "P-")):
        items = "".join(("00" + CSA_PIECES[letter]) * pos.hands[color][pos.tables.type_by_fen(letter)]
                        for letter in "RBGSNLP")
        if items:
            lines.append(prefix + items)
    lines.append("+" if pos.turn == SENTE else "-")
    for move in moves:
        lines.append(write_csa_move(pos, move))
        pos.push(move)
    return "\n".join(lines) + "\n"


__all__ = ["CSA_PIECES", "CsaRecord", "NOTATION", "describes", "looks_csa_move", "looks_like_csa", "parse_csa_move", "read_csa", "write_csa",
           "write_csa_move"]
