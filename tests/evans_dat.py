"""Steve Evans' data files (``*.dat`` of the Debian package ``shogivar-data``), read for the tests: a plain module
(``from evans_dat import ...``).

A ``.dat`` file is plain text with CRLF line ends: the game's title, the board's bitmap, a header line (the second
number is the board's size), one line per piece, the setup, the depth of the promotion zone, then tables for the
program's own play. A piece line is ``id,name,abbreviation,value,promoted value,promotes to,picture,promoted
picture,F,B,L,R,FL,FR,BL,BR,special,…``: ``promotes to`` is the id of the row whose moves the promoted piece
has (0: none; the promoted piece has a row of its own too, whose abbreviation is ``+`` and the piece's), the eight direction fields are seen by the piece's owner and hold 0
(no move), 1 (one step), 2 (up to two squares, not jumping), 64 (any distance), 128 (a jump to the second square
only), 512 (the lion's two steps along that line: the first square, the second by a jump) or 1024 (in F: the
knight's two forward leaps); ``special`` is ``L`` (the lion: every square within two), ``C`` (the crown prince, a
second royal piece), ``1`` or ``2`` (a piece that could not move again on the last rank, or the last two) or
``0``. The setup follows as piece ids, one board rank after another from the top (gote's back rank; gote's ids
are negative), 0 for an empty square, each rank from the left (the highest file); a line of the file may hold
several ranks.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

DATA_DIR = "/usr/share/games/shogivar"
DIRECTIONS = ("F", "B", "L", "R", "FL", "FR", "BL", "BR")
VECTORS = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0), "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1),
           "BR": (1, -1)}
"""Each direction as (columns to sente's right, rows forward), for a piece of sente's."""


@dataclass(frozen=True)
class Piece:
    id: int
    name: str
    abbr: str
    promotes_to: int
    moves: dict[str, int]
    special: str


@dataclass(frozen=True)
class DatFile:
    title: str
    size: int
    pieces: dict[int, Piece]
    setup: list[list[int]]
    """Ranks from the top, each from the left: piece ids, gote's negative, 0 empty."""
    zone: int


def path(name: str) -> str:
    return os.path.join(DATA_DIR, name)


def read(name: str) -> DatFile:
    """Read ``name`` (``"Dai.dat"``) from the package's folder; a missing file fails with the package to install."""
    file = path(name)
    assert os.path.isfile(file), (f"{file} is missing: install Steve Evans' data files, Debian package shogivar-data "
                                  "(apt-get install shogivar-data)")
    with open(file, encoding="latin-1", newline="") as f:
        lines = [line.rstrip("\r\n") for line in f]
    title, header = lines[0], lines[2].split(",")
    size = int(header[1])
    pieces: dict[int, Piece] = {}
    i = 3
    while len(fields := lines[i].split(",")) >= 17 and not fields[1].lstrip("-").isdigit():
        moves = dict(zip(DIRECTIONS, (int(v) for v in fields[8:16])))
        pieces[int(fields[0])] = Piece(int(fields[0]), fields[1], fields[2], int(fields[5]), moves, fields[16])
        i += 1
    cells: list[int] = []
    while len(cells) < size * size:
        cells += [int(v) for v in lines[i].split(",") if v.strip()]
        i += 1
    assert len(cells) == size * size, (name, len(cells))
    setup = [cells[r * size:(r + 1) * size] for r in range(size)]
    zone = int(lines[i])
    return DatFile(title, size, pieces, setup, zone)


def targets(piece: Piece, origin: tuple[int, int], size: int, blocked: frozenset[tuple[int, int]] = frozenset()
            ) -> set[tuple[int, int]]:
    """The squares (column from sente's left, row from sente's side, both from 0) that a sente ``piece`` on
    ``origin`` reaches by its entries, on a board whose squares ``blocked`` hold pieces of its own side."""
    out: set[tuple[int, int]] = set()

    def free(sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < size and 0 <= sq[1] < size and sq not in blocked

    def along(d: tuple[int, int], k: int) -> tuple[int, int]:
        return origin[0] + k * d[0], origin[1] + k * d[1]

    if piece.special == "L":
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                sq = (origin[0] + dx, origin[1] + dy)
                if (dx or dy) and free(sq):
                    out.add(sq)
    for name, value in piece.moves.items():
        d = VECTORS[name]
        if value == 1024:
            out |= {sq for sq in ((origin[0] - 1, origin[1] + 2), (origin[0] + 1, origin[1] + 2)) if free(sq)}
        elif value in (128, 512):
            out |= {sq for sq in (along(d, 2),) if free(sq)}
            if value == 512 and free(along(d, 1)):
                out.add(along(d, 1))
        elif value:
            limit = size if value == 64 else value
            for k in range(1, limit + 1):
                sq = along(d, k)
                if not free(sq):
                    break
                out.add(sq)
    return out
