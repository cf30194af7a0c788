"""Position strings: the project's FEN form, Fairy-Stockfish FEN, and USI SFEN.

**The FEN form used for every variant** extends Fairy-Stockfish's:

``<board>[<hand>] <side> <halfmove clock> <move number>``

* ``<board>``: ranks from the top (rank a, gote's back rank) separated by ``/``; in each rank the
  squares from sente's left (the highest file) to file 1. A run of empty squares is its length in
  decimal (``16`` on a Tenjiku board). A piece is its FEN code, upper case for sente and lower case
  for gote; codes of more than one letter stand in parentheses (``(fid)`` is gote's Fire Demon).
  ``+`` before a code marks a promoted piece (``+P``, ``+(ffa)``).
* ``[<hand>]``: pieces in hand, written only for rule sets with drops, each piece once per copy
  (``[PPb]``); ``[]`` when both hands are empty (``[-]`` is read too).
* ``<side>``: ``w`` for sente (Fairy-Stockfish's "white" moves first), ``b`` for gote.
* The two numbers are Fairy-Stockfish's halfmove clock (reset by captures, drops and promotions) and the move
  number (counting pairs of plies). Fairy-Stockfish also writes ``- -`` (castling and en passant)
  before them; both forms are read, and for the variants Fairy-Stockfish knows the position is
  written exactly as Fairy-Stockfish writes it. In Chu shogi the en-passant field holds the square
  (in Fairy-Stockfish coordinates) where a Lion was just taken by a piece that is not a Lion, the
  square the counter-strike rule protects (lishogi's SFEN writes it as its third field).

For standard shogi, USI SFEN is read and written too (:func:`parse_sfen`, :func:`write_sfen`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..codes import color_of, type_of
from ..errors import FenError, quote
from ..fen_tokens import board_tokens, color_of_token
from ..geometry import GOTE, SENTE, Geometry

if TYPE_CHECKING:
    from ..position import Position
    from ..tables import Tables

def parse_board(tables: Tables, text: str) -> list[int]:
    """Read the board part of a FEN into a list of piece codes (0 for empty)."""
    g = tables.geometry
    ranks = text.split("/")
    if len(ranks) != g.ranks:
        raise FenError(f"{tables.key.id} has {g.ranks} ranks, the position has {len(ranks)}")
    board: list[int] = []
    for i, rank in enumerate(ranks):
        row: list[int] = []
        for token in board_tokens(rank):
            if not token.code:
                if token.text.startswith("0") or token.empties > g.files - len(row):
                    raise FenError(f"rank {i + 1} ({quote(rank, 40)}): a run of {token.text} empty squares does not fit")
                row.extend([0] * token.empties)
                continue
            color = color_of_token(token.code)
            tid = tables.type_by_fen(token.text.lstrip("+"))
            if token.promoted:
                promoted = tables.types[tid].promotion
                if promoted is None:
                    raise FenError(f"{quote(token.code)} does not promote, so it cannot have a '+'")
                tid = promoted
            row.append(2 * tid + color)
            if len(row) > g.files:
                break
        if len(row) != g.files:
            raise FenError(f"rank {i + 1} ({quote(rank, 40)}) has {len(row)} squares, not {g.files}")
        board.extend(row)
    return board


def fen_from_pieces(files: int, ranks: int, pieces: Mapping[str, str], hand: str | None = None, side: str = "w") -> str:
    """A FEN of a board holding ``pieces`` (``{"5i": "K", "5a": "k", "5c": "+P", "8h": "FD"}``: FEN codes,
    upper case for sente, lower case for gote, ``+`` for a promoted piece; parentheses optional);
    ``hand`` is the FEN hand, written in brackets when given; ``side`` is ``w`` (sente) or ``b``.
    Square names are checked; the pieces are checked when the FEN is read.

    >>> fen_from_pieces(9, 9, {"5i": "K", "5a": "k"}, hand="P")
    '4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1'
    """
    g = Geometry(files, ranks)
    grid: list[str | None] = [None] * g.size
    for square, code in pieces.items():
        if not isinstance(square, str) or not isinstance(code, str):
            raise TypeError(f"pieces are given as {{square name: FEN code}}, not {type(square).__name__}: "
                            f"{type(code).__name__}")
        promoted = code.startswith("+")
        body = code[1:] if promoted else code
        if len(body) > 1 and not body.startswith("("):
            body = f"({body})"
        grid[g.parse(square)] = ("+" if promoted else "") + body
    rows = []
    for r in range(ranks):
        text, empty = "", 0
        for token in grid[r * files:(r + 1) * files]:
            if token is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + token
            empty = 0
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows) + ("" if hand is None else f"[{hand}]") + f" {side} - - 0 1"


def write_board(tables: Tables, board: list[int]) -> str:
    g = tables.geometry
    out = []
    for r in range(g.ranks):
        parts: list[str] = []
        empty = 0
        for c in range(g.files):
            code = board[r * g.files + c]
            if not code:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            fen = tables.types[type_of(code)].fen
            parts.append(fen.upper() if color_of(code) == SENTE else fen.lower())
        if empty:
            parts.append(str(empty))
        out.append("".join(parts))
    return "/".join(out)


def _hand_order(tables: Tables) -> list[int]:
    order = tables.key.fsf_hand_order
    types = tables.hand_types()
    if order:
        rank = {tables.type_by_fen(ch): i for i, ch in enumerate(order)}
        types.sort(key=lambda t: rank.get(t, len(rank)))
    return types


def write_hand(tables: Tables, hands: list[list[int]]) -> str:
    parts = []
    for color in (SENTE, GOTE):
        for tid in _hand_order(tables):
            fen = tables.types[tid].fen
            parts.append((fen.upper() if color == SENTE else fen.lower()) * hands[color][tid])
    return "".join(parts)


def parse_hand(tables: Tables, text: str) -> list[list[int]]:
    hands = [[0] * len(tables.types) for _ in (SENTE, GOTE)]
    if text in ("", "-"):
        return hands
    try:
        tokens = list(board_tokens(text))
    except FenError:
        raise FenError(f"cannot read the hand {quote(text)}") from None
    for token in tokens:
        if not token.code or token.promoted:
            raise FenError(f"cannot read the hand {quote(text)}")
        tid = tables.type_by_fen(token.text)
        if tid not in tables.hand_types():
            raise FenError(f"{quote(token.code)} cannot be held in hand")
        hands[color_of_token(token.code)][tid] += 1
    return hands


_FEN = re.compile(r"^\s*([^\s\[]+)(?:\[([^\]]*)\])?(?:\s+([wb]))(?:\s+(-|[A-Za-z]+)\s+(-|[a-s]\d+))?"
                  r"(?:\s+(\d+))?(?:\s+(\d+))?\s*$", re.ASCII)


def parse_fen(tables: Tables, text: str) -> tuple[list[int], list[list[int]], int, int, int]:
    """Split a FEN into (board, hands, side, halfmove clock, move number); raise :class:`FenError`."""
    if not isinstance(text, str):
        raise TypeError(f"a FEN must be str, not {type(text).__name__}")
    m = _FEN.match(text)
    if not m:
        raise FenError(f"not a FEN: {quote(text)}")
    board_text, hand_text, side, _castle, _ep, clock, number = m.groups()
    board = parse_board(tables, board_text)
    if hand_text is not None and not tables.key.drops and hand_text not in ("", "-"):
        raise FenError(f"{tables.key.id} (with these rules) has no pieces in hand")
    hands = parse_hand(tables, hand_text or "")
    color = SENTE if side == "w" else GOTE
    return board, hands, color, _number(clock or "0", "halfmove clock"), _number(number or "1", "move number")


MAX_NUMBER = 10**9 - 1
"""The largest halfmove clock, move number or count in a position string (nine digits)."""


def _number(digits: str, what: str) -> int:
    """A number of a position string, refused when larger than :data:`MAX_NUMBER` (before ``int()``,
    which refuses more than 4,300 digits with a ValueError of its own)."""
    if len(digits.lstrip("0")) > len(str(MAX_NUMBER)):
        raise FenError(f"the {what} {_digits(digits)} is larger than {MAX_NUMBER:,}")
    return int(digits)


def _digits(digits: str) -> str:
    """A number as read, shortened when long: ``123456789… (5,000 digits)``."""
    return digits if len(digits) <= 12 else f"{digits[:9]}… ({len(digits):,} digits)"


def parse_en_passant(tables: Tables, text: str) -> int | None:
    """The square of a FEN's en-passant field (Chu shogi: where a Lion was just taken), or ``None``."""
    m = _FEN.match(text) if isinstance(text, str) else None
    field = m.group(5) if m else None
    return tables.geometry.parse_fsf(field) if field and field != "-" else None


def write_fen(position: Position) -> str:
    tables = position.tables
    hand = f"[{write_hand(tables, position.hands)}]" if tables.key.drops else ""
    side = "w" if position.turn == SENTE else "b"
    lion = position.lion_capture
    ep = "-" if lion is None else tables.geometry.fsf_name(lion)
    return f"{write_board(tables, position.board)}{hand} {side} - {ep} {position.halfmove_clock} {position.move_number}"


# --- USI SFEN (standard shogi) ------------------------------------------------------------------
_SFEN_HAND_ORDER = "RBGSNLP"


def write_sfen(position: Position) -> str:
    """USI SFEN: ``<board> <b|w> <hand> <move count>`` with sente = ``b``; lishogi's SFEN for Chu shogi."""
    from . import lishogi
    if lishogi.describes(position.variant):
        return lishogi.write_sfen(position)
    tables = position.tables
    if not tables.key.usi:
        raise FenError(f"USI SFEN describes standard shogi only, not {tables.key.id}")
    parts = []
    for color in (SENTE, GOTE):
        for letter in _SFEN_HAND_ORDER:
            n = position.hands[color][tables.type_by_fen(letter)]
            if n:
                parts.append((str(n) if n > 1 else "") + (letter if color == SENTE else letter.lower()))
    side = "b" if position.turn == SENTE else "w"
    return f"{write_board(tables, position.board)} {side} {''.join(parts) or '-'} {position.ply + 1}"


_SFEN = re.compile(r"^\s*(?:sfen\s+)?(\S+)\s+([bw])\s+(\S+)(?:\s+(\d+))?\s*$", re.ASCII)
_SFEN_HAND = re.compile(r"(\d*)([A-Za-z])", re.ASCII)


def parse_sfen(tables: Tables, text: str) -> tuple[list[int], list[list[int]], int, int]:
    """Read USI SFEN into (board, hands, side, ply)."""
    if not tables.key.usi:
        raise FenError(f"USI SFEN describes standard shogi only, not {tables.key.id}")
    if not isinstance(text, str):
        raise TypeError(f"an SFEN must be str, not {type(text).__name__}")
    m = _SFEN.match(text)
    if not m:
        raise FenError(f"not an SFEN: {quote(text)}")
    board_text, side, hand_text, number = m.groups()
    board = parse_board(tables, board_text)
    hands = [[0] * len(tables.types) for _ in (SENTE, GOTE)]
    if hand_text != "-":
        pos = 0
        while pos < len(hand_text):
            hm = _SFEN_HAND.match(hand_text, pos)
            if not hm:
                raise FenError(f"cannot read the SFEN hand {quote(hand_text)}")
            count = _number(hm.group(1), "count in hand") if hm.group(1) else 1
            letter = hm.group(2)
            if letter.upper() not in _SFEN_HAND_ORDER or count < 1:
                raise FenError(f"{quote(letter)} cannot be held in hand")
            hands[color_of_token(letter)][tables.type_by_fen(letter)] += count
            pos = hm.end()
    color = SENTE if side == "b" else GOTE
    ply = max(_number(number or "1", "move count") - 1, 0)
    return board, hands, color, ply
