"""Boards, squares and directions, named the shogi way.

A board has ``files`` columns and ``ranks`` rows (at most 19 of each). Squares are plain
integers ``0 … files*ranks-1`` in reading order of a diagram seen from sente's side: index 0 is
the top-left corner, which is file ``files`` (files are numbered right to left) on rank 1 (ranks
are counted from the top, gote's back rank). A square is written

* in Western (TSA / Hodges) notation as file number then rank letter: ``7f``, ``16p``;
* in Japanese notation as full-width file number then kanji rank: ``７六``, ``１６十六``;
* in Fairy-Stockfish coordinates as column letter from sente's left then rank number from sente's
  side: shogi ``7f`` is ``c4``.

Directions are pairs ``(dx, dy)`` seen from the owner of a piece: ``dy > 0`` is forward (towards
the enemy), ``dx > 0`` is to the owner's right. :meth:`Geometry.delta` turns them into board steps.

>>> g = Geometry(9, 9)
>>> g.name(g.parse("7f"))
'7f'
>>> g.kanji(g.parse("7f"))
'７六'
>>> g.fsf_name(g.parse("7g"))
'c3'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .errors import SquareError, quote

SENTE = 0
"""The first player (Black in Western books), who sits at the bottom of a diagram."""
GOTE = 1
"""The second player (White), who sits at the top."""
COLOR_NAMES = ("sente", "gote")

MAX_SIZE = 19
RANK_LETTERS = "abcdefghijklmnopqrs"
_KANJI_DIGITS = "〇一二三四五六七八九"
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_HALFWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def kanji_number(n: int) -> str:
    """Write 1 … 19 as a kanji numeral: ``kanji_number(16) == '十六'``."""
    if n < 10:
        return _KANJI_DIGITS[n]
    if n == 10:
        return "十"
    return "十" + _KANJI_DIGITS[n - 10]


_FSF_SQUARE = re.compile(r"[a-s][1-9][0-9]?", re.ASCII)
_KANJI_RANKS = {kanji_number(n): n for n in range(1, MAX_SIZE + 1)}


def fullwidth(n: int) -> str:
    """Write a number with full-width digits, as Japanese records do: ``fullwidth(7) == '７'``."""
    return str(n).translate(_FULLWIDTH)


_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_RAYS: dict[tuple[int, int, int, int, tuple[int, int], int | None], tuple[int, ...]] = {}


@dataclass(frozen=True)
class Geometry:
    """A rectangular board of ``files`` × ``ranks`` squares."""

    files: int
    ranks: int

    def __post_init__(self) -> None:
        if not (1 <= self.files <= MAX_SIZE and 1 <= self.ranks <= MAX_SIZE):
            raise SquareError(f"boards are 1×1 to {MAX_SIZE}×{MAX_SIZE}, not {self.files}×{self.ranks}")

    @property
    def size(self) -> int:
        return self.files * self.ranks

    # --- coordinates -------------------------------------------------------------------------
    def square(self, file: int, rank: int) -> int:
        """The square on ``file`` (1 = sente's right) and ``rank`` (1 = the top)."""
        if not (1 <= file <= self.files and 1 <= rank <= self.ranks):
            raise SquareError(f"no square at file {file}, rank {rank} on a {self.files}×{self.ranks} board")
        return (rank - 1) * self.files + (self.files - file)

    def file_of(self, sq: int) -> int:
        return self.files - sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files + 1

    def column(self, sq: int) -> int:
        """0-based column from sente's left (the file with the highest number)."""
        return sq % self.files

    def row(self, sq: int) -> int:
        """0-based row from the top."""
        return sq // self.files

    def at(self, column: int, row: int) -> int | None:
        """The square at 0-based ``column``/``row``, or ``None`` off the board."""
        if 0 <= column < self.files and 0 <= row < self.ranks:
            return row * self.files + column
        return None

    # --- names -------------------------------------------------------------------------------
    def name(self, sq: int) -> str:
        """Western name: file number and rank letter, e.g. ``'7f'``."""
        return f"{self.file_of(sq)}{RANK_LETTERS[self.rank_of(sq) - 1]}"

    def kanji(self, sq: int) -> str:
        """Japanese name: full-width file number and kanji rank, e.g. ``'７六'``."""
        return fullwidth(self.file_of(sq)) + kanji_number(self.rank_of(sq))

    def fsf_name(self, sq: int) -> str:
        """Fairy-Stockfish coordinate: column letter from sente's left, rank number from the bottom."""
        return f"{RANK_LETTERS[self.column(sq)]}{self.ranks - self.row(sq)}"

    def parse(self, text: str) -> int:
        """Read a Western square name (``'7f'``, ``'16p'``) or a Japanese one (``'７六'``)."""
        if not isinstance(text, str) or not text:
            raise SquareError(f"not a square name: {quote(text)}")
        s = text.strip().translate(_HALFWIDTH)
        digits = len(s) - len(s.lstrip("0123456789"))
        if digits == 0:
            raise SquareError(f"not a square name: {quote(text)}")
        if digits > 2:
            raise SquareError(f"{quote(text)} is off the {self.files}×{self.ranks} board")
        if s[0] == "0":
            raise SquareError(f"not a square name: {quote(text)} (files are numbered from 1)")
        file, rest = int(s[:digits]), s[digits:]
        if len(rest) == 1 and rest in RANK_LETTERS:
            rank = RANK_LETTERS.index(rest) + 1
        elif rest in _KANJI_RANKS:
            rank = _KANJI_RANKS[rest]
        else:
            raise SquareError(f"not a square name: {quote(text)}")
        if not (1 <= file <= self.files and 1 <= rank <= self.ranks):
            raise SquareError(f"{quote(text)} is off the {self.files}×{self.ranks} board")
        return self.square(file, rank)

    def parse_fsf(self, text: str) -> int:
        """Read a Fairy-Stockfish coordinate such as ``'c3'`` or ``'j10'``."""
        if not isinstance(text, str) or not _FSF_SQUARE.fullmatch(text):
            raise SquareError(f"not a coordinate: {quote(text)}")
        column, row = RANK_LETTERS.index(text[0]), self.ranks - int(text[1:])
        sq = self.at(column, row)
        if sq is None:
            raise SquareError(f"{quote(text)} is off the {self.files}×{self.ranks} board")
        return sq

    # --- directions --------------------------------------------------------------------------
    @staticmethod
    def delta(color: int, vector: tuple[int, int]) -> tuple[int, int]:
        """Turn an owner-relative ``(dx, dy)`` into a board step ``(dcolumn, drow)``."""
        dx, dy = vector
        return (dx, -dy) if color == SENTE else (-dx, dy)

    def target(self, sq: int, color: int, vector: tuple[int, int]) -> int | None:
        """The square ``vector`` away from ``sq`` for a piece of ``color``, or ``None``."""
        dc, dr = self.delta(color, vector)
        return self.at(sq % self.files + dc, sq // self.files + dr)

    def ray(self, sq: int, color: int, vector: tuple[int, int], limit: int | None = None) -> tuple[int, ...]:
        """The squares met stepping repeatedly by ``vector`` from ``sq`` (at most ``limit``);
        worked out once per board size (move generation asks for the same rays again and again)."""
        key = (self.files, self.ranks, sq, color, vector, limit)
        ray = _RAYS.get(key)
        if ray is None:
            ray = _RAYS[key] = self._ray(sq, color, vector, limit)
        return ray

    def _ray(self, sq: int, color: int, vector: tuple[int, int], limit: int | None) -> tuple[int, ...]:
        out: list[int] = []
        cur = sq
        while limit is None or len(out) < limit:
            nxt = self.target(cur, color, vector)
            if nxt is None:
                break
            out.append(nxt)
            cur = nxt
        return tuple(out)

    @cached_property
    def neighbour_masks(self) -> tuple[int, ...]:
        """For each square, :attr:`neighbours` as a mask (bit ``s`` for square ``s``)."""
        return tuple(sum(1 << n for n in near) for near in self.neighbours)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each square, the squares one king step away (in a fixed order); worked out once per board
        size (each rule set's tables have a geometry of their own)."""
        key = (self.files, self.ranks)
        found = _NEIGHBOURS.get(key)
        if found is None:
            found = _NEIGHBOURS[key] = tuple(
                tuple(s for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                      if (dc or dr) and (s := self.at(sq % self.files + dc, sq // self.files + dr)) is not None)
                for sq in range(self.size))
        return found

    def promotion_zone(self, color: int, depth: int) -> frozenset[int]:
        """The ``depth`` ranks farthest from ``color``'s side."""
        rows = range(depth) if color == SENTE else range(self.ranks - depth, self.ranks)
        return frozenset(r * self.files + c for r in rows for c in range(self.files))

    def mirror(self, sq: int) -> int:
        """The square turned 180° about the centre of the board."""
        return self.size - 1 - sq
