"""The project's FEN form: the position string of every variant, read and written below the position.

``<board>[<hand>] <side> <castling> <state> <halfmove clock> <move number>``

* ``<board>``: ranks from the top (rank a, gote's back rank) separated by ``/``; in each rank the
  squares from sente's left (the highest file) to file 1. A run of empty squares is its length in
  decimal (``16`` on a Tenjiku board). A piece is its FEN code, upper case for sente and lower case
  for gote; codes of more than one letter stand in parentheses (``(fid)`` is gote's Fire Demon).
  ``+`` before a code marks a promoted piece (``+P``, ``+(ffa)``).
* ``[<hand>]``: pieces in hand, written only for rule sets with drops, each piece once per copy
  (``[PPb]``); ``[]`` when both hands are empty (``[-]`` is read too).
* ``<side>``: ``w`` for sente (Fairy-Stockfish's "white" moves first), ``b`` for gote.
* ``<castling>`` is always ``-``; ``<state>`` (Fairy-Stockfish's en-passant field) holds what the
  last moves leave behind that the board does not show and that changes the legal moves, as squares
  in Fairy-Stockfish coordinates, ``-`` when there is none: in Chu shogi the square where a Lion was
  just taken by a piece that is not a Lion (the square the counter-strike rule protects; lishogi's
  SFEN writes it as its third field); in Tenjiku under ``tenjiku.tetrarchs.clash=zhwp`` the
  Heavenly Tetrarchs and Fire Demons that stand next to an enemy Tetrarchs and whose arrival order
  decides which power acts, comma-separated, the first to arrive first (a piece not listed stood
  there before every listed one). Marked squares follow: ``=`` before the square of a piece that
  declined to promote on its owner's last move, under ``zone-with-delay`` (Chu shogi's ``wikipedia``
  reading: it may not promote on its next quiet move), one a side at most; ``*`` before the square of
  a Fire Demon promoted on the last move under ``fire_demon.promotion_burn="delayed"`` (the enemies
  next to it burn at the end of the next move).
* The two numbers are Fairy-Stockfish's halfmove clock (reset by captures, drops and promotions) and
  the move number (counting pairs of plies), each at most :data:`MAX_NUMBER`. The castling and state
  fields may be left out together; for the variants Fairy-Stockfish knows the position is written
  exactly as Fairy-Stockfish writes it.

**What a FEN does not hold**: the game's history. The repetition rules (sennichite, Chu shogi's
and Tenjiku's rules on repeated positions, Adams' ban on recreating a position) count only the
positions played since the FEN; and Adams' promotion scheme (``zone-adams``), under which a piece
that declined its first chance to promote (its first move from or into the zone, which depends on
the piece's whole path) may not promote on its next move unless it captures, treats every piece of
a FEN as having had no chance yet.

A rank is read token by token: a piece (``P``, ``(fid)``, ``+P``, ``+(ffa)``) or a run of empty
squares (``16``).

>>> [(t.promoted, t.code, t.empties) for t in board_tokens("+P(fid)3")]
[(True, 'P', 0), (False, 'fid', 0), (False, '', 3)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple, Protocol

from .errors import FenError, quote
from .geometry import GOTE, SENTE, Geometry


class _PieceTypeView(Protocol):
    @property
    def fen(self) -> str: ...

    @property
    def promotion(self) -> int | None: ...


class _VariantView(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def drops(self) -> bool: ...

    @property
    def fsf_hand_order(self) -> str: ...


class Tables(Protocol):
    """What a FEN is read and written with: the compiled tables of a rule set
    (:class:`shogi_rules.compiled.tables.Tables`, which sits above this module), as far as the FEN needs them."""

    @property
    def geometry(self) -> Geometry: ...

    @property
    def key(self) -> _VariantView: ...

    @property
    def types(self) -> Sequence[_PieceTypeView]: ...

    def type_by_fen(self, fen: str) -> int: ...

    def hand_types(self) -> list[int]: ...

_TOKEN = re.compile(r"(\+?)(?:\((\+?[A-Za-z]+)\)|([A-Za-z]))|(\d+)", re.ASCII)
"""A piece (``+`` for promoted; a code of several letters in parentheses, which may itself begin with ``+``: Chu's
tokin, a piece of its own under a Dai shogi reading where the pawn does not promote) or a run of empty squares."""


class BoardToken(NamedTuple):
    promoted: bool
    code: str
    """The piece's code without parentheses ('' for a run of empty squares)."""
    empties: int
    text: str
    """The token as written (``(fid)``, ``16``)."""

    @property
    def fen(self) -> str:
        """The code as a FEN writes it: in parentheses when longer than one letter."""
        return self.code if len(self.code) == 1 else f"({self.code})"


def board_tokens(rank_text: str) -> Iterator[BoardToken]:
    """The tokens of one rank (or of a hand, where runs of empty squares cannot occur)."""
    pos = 0
    while pos < len(rank_text):
        m = _TOKEN.match(rank_text, pos)
        if not m:
            raise FenError(f"cannot read {quote(rank_text[pos:], 30)} in rank {quote(rank_text, 30)}")
        promo, multi, single, empties = m.groups()
        if empties and len(empties) > 2:  # before int(), which refuses more than 4,300 digits itself
            shown = empties if len(empties) <= 12 else f"{empties[:9]}… ({len(empties):,} digits)"
            raise FenError(f"a run of {shown} empty squares is longer than any board")
        yield BoardToken(bool(promo), multi or single or "", int(empties or 0), m.group(0))
        pos = m.end()


def color_of_token(code: str) -> int:
    """Sente for an upper-case code, gote for a lower-case one."""
    if code.isupper():
        return SENTE
    if code.islower():
        return GOTE
    raise FenError(f"piece code {quote(code)} mixes upper and lower case")


# --- the board and the hands --------------------------------------------------------------------
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
            fen = tables.types[code >> 1].fen
            parts.append(fen.lower() if code & 1 else fen.upper())
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
    """Read the pieces in hand. A hand cannot hold more pieces than the board has squares, so a
    longer text is refused before it is read (each piece is written in at most eight characters)."""
    hands = [[0] * len(tables.types) for _ in (SENTE, GOTE)]
    if text in ("", "-"):
        return hands
    size = tables.geometry.size
    if len(text) > 8 * size:
        raise FenError(f"a hand of {len(text):,} characters holds more pieces than the {size} squares of the board")
    try:
        tokens = list(board_tokens(text))
    except FenError:
        raise FenError(f"cannot read the hand {quote(text)}") from None
    in_hand = set(tables.hand_types())
    for token in tokens:
        if not token.code or token.promoted:
            raise FenError(f"cannot read the hand {quote(text)}")
        tid = tables.type_by_fen(token.text)
        if tid not in in_hand:
            raise FenError(f"{quote(token.code)} cannot be held in hand")
        hands[color_of_token(token.code)][tid] += 1
    return hands


# --- the whole FEN --------------------------------------------------------------------------------
_SQUARES = r"[=*]?[a-s]\d{1,2}(?:,[=*]?[a-s]\d{1,2})*"
_FEN = re.compile(r"^\s*([^\s\[]+)(?:\[([^\]]*)\])?(?:\s+([wb]))(?:\s+(-|[A-Za-z]+)\s+(-|" + _SQUARES + r"))?"
                  r"(?:\s+(\d+))?(?:\s+(\d+))?\s*$", re.ASCII)


class Fen(NamedTuple):
    """The fields of a FEN, read."""

    board: list[int]
    hands: list[list[int]]
    turn: int
    halfmove_clock: int
    move_number: int
    state: tuple[tuple[str, int], ...]
    """The entries of the state field (see the module's description), in order: ``(mark, square)``,
    the mark ``""``, ``"="`` or ``"*"``."""


MAX_NUMBER = 10**9 - 1
"""The largest halfmove clock, move number or count in a position string (nine digits)."""

MAX_PLY = 2 * MAX_NUMBER - 1
"""The last ply (counted from 0) that a FEN's move number can stand for: gote's move of move
:data:`MAX_NUMBER`. An SFEN's count (the ply plus one) goes to one more than this. A position pushed past either
limit has no FEN or SFEN: the writers refuse it, as the readers would refuse what they wrote."""


def parse_fen(tables: Tables, text: str) -> Fen:
    """Split a FEN into its fields; raise :class:`FenError`."""
    if not isinstance(text, str):
        raise TypeError(f"a FEN must be str, not {type(text).__name__}")
    m = _FEN.match(text)
    if not m:
        raise FenError(f"not a FEN: {quote(text)}")
    board_text, hand_text, side, _castle, state, clock, number = m.groups()
    board = parse_board(tables, board_text)
    if hand_text is not None and not tables.key.drops and hand_text not in ("", "-"):
        raise FenError(f"{tables.key.id} (with these rules) has no pieces in hand")
    hands = parse_hand(tables, hand_text or "")
    entries = () if not state or state == "-" else tuple(
        (e[0], tables.geometry.parse_fsf(e[1:])) if e[0] in "=*" else ("", tables.geometry.parse_fsf(e))
        for e in state.split(","))
    if len(set(entries)) != len(entries):  # a square may carry two marks (a Lion taken there, a promotion declined)
        raise FenError(f"the state field {quote(state)} names a square twice with one mark")
    number_read = parse_number(number or "1", "move number")
    if number_read < 1:
        raise FenError("the move number counts from 1, not 0")
    return Fen(board, hands, SENTE if side == "w" else GOTE, parse_number(clock or "0", "halfmove clock"),
               number_read, entries)


def write_fen(tables: Tables, board: list[int], hands: list[list[int]], turn: int, halfmove_clock: int,
              move_number: int, state: tuple[tuple[str, int], ...] = ()) -> str:
    for number, what in ((halfmove_clock, "halfmove clock"), (move_number, "move number")):
        if number > MAX_NUMBER:  # (pushed past a FEN's limit: a FEN of it would be refused when read)
            raise FenError(f"the {what} {number:,} is larger than a FEN holds ({MAX_NUMBER:,})")
    hand = f"[{write_hand(tables, hands)}]" if tables.key.drops else ""
    field = ",".join(mark + tables.geometry.fsf_name(s) for mark, s in state) or "-"
    return (f"{write_board(tables, board)}{hand} {'w' if turn == SENTE else 'b'} - {field} "
            f"{halfmove_clock} {move_number}")


def parse_number(digits: str, what: str, limit: int = MAX_NUMBER) -> int:
    """A number of a position string, refused when larger than ``limit`` (:data:`MAX_NUMBER`; read the length
    first: ``int()`` refuses more than 4,300 digits with a ValueError of its own)."""
    if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
        shown = digits if len(digits) <= 12 else f"{digits[:9]}… ({len(digits):,} digits)"
        raise FenError(f"the {what} {shown} is larger than {limit:,}")
    return int(digits)


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
