"""Steve Evans' data files for the Heian games against the ``evans`` presets, piece by piece.

Evans' program reads each game from a ``.dat`` file (Debian package ``shogivar-data``: ``Heiansho.dat`` for
Heian shogi, ``Heian.dat`` for Heian dai shogi; plain text, CRLF). Its third line is the game's header: the
second number is the board's width, the first whether captured pieces are dropped, the fourth the depth of
the promotion zone. Then a line per piece: number, name, abbreviation, value, the promoted piece's value and
number (0: it does not promote), two picture numbers, and eight ranges, forward, back, the two sideways,
the two diagonals forward and the two behind: 0 none, n up to n squares, 64 any distance, 1024 (forward)
the knight's leaps; then flags the program's search uses. After the pieces, the setup: one number a square,
rank by rank from gote's back rank, each rank from the file with the highest number; a piece's number,
negative for gote's, 0 for an empty square.

The tests read the files where the package installs them and fail, saying how to install them, where it is
not installed. For each game: the header against the ``evans`` preset's board, drops and zone; the setup
square by square against its start position; and every piece the setup uses, with its promoted form, against
the engine's row of the same abbreviation: its moves alone on an empty board and what it promotes to.
``Heiansho.dat`` also lists the rook, bishop, their promotions, the drunk elephant and the crown prince, which
its setup does not use (they are Sho shogi's, whose file it was made from): they are left out.
"""

from __future__ import annotations

import os

import pytest

from shogi_rules import Position
from shogi_rules.compiled.variant import RuleSet

FOLDER = "/usr/share/games/shogivar"
FILES = {"heian": "Heiansho.dat", "heiandai": "Heian.dat"}
INSTALL = "apt-get install shogivar-data (Debian's package of Steve Evans' data files)"
# Evans' order of ranges: forward, back, the two sideways, forward diagonals, backward diagonals, as
# (file step, rank step) for sente: forward lowers the rank, the sideways and diagonal pairs are symmetric
DIRECTIONS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))
RANKS = "abcdefghijklm"


def read(name: str) -> list[str]:
    path = os.path.join(FOLDER, name)
    if not os.path.exists(path):
        pytest.fail(f"Steve Evans' {name} is not installed at {FOLDER}: {INSTALL}")
    with open(path, encoding="latin-1") as f:
        return [line.rstrip("\r\n") for line in f]


def parse(name: str) -> tuple[list[int], dict[int, list[str]], list[int]]:
    """The header, the piece lines by number, and the setup's numbers."""
    lines = read(name)
    header = [int(x) for x in lines[2].split(",")]
    pieces: dict[int, list[str]] = {}
    i = 3
    while i < len(lines) and len(lines[i].split(",")) > 10 and not lines[i].split(",")[1].lstrip("-").isdigit():
        row = lines[i].split(",")
        pieces[int(row[0])] = row
        i += 1
    width = header[1]
    setup: list[int] = []
    while i < len(lines) and lines[i].strip():  # up to the end of sente's back rank, which holds its king
        setup += [int(x) for x in lines[i].split(",") if x.strip()]
        i += 1
        if len(setup) % width == 0 and 1 in setup[-width:]:
            break
    return header, pieces, setup


def evans_targets(row: list[str], file: int, rank: int, files: int, ranks: int) -> set[tuple[int, int]]:
    out = set()
    for (df, dr), value in zip(DIRECTIONS, (int(x) for x in row[8:16])):
        if value == 1024:  # the knight's leaps, forward
            out |= {(file + s, rank - 2) for s in (-1, 1)}
            continue
        reach = max(files, ranks) if value == 64 else value
        out |= {(file + df * n, rank + dr * n) for n in range(1, reach + 1)}
    return {(f, r) for f, r in out if 1 <= f <= files and 1 <= r <= ranks}


@pytest.mark.parametrize("vid", sorted(FILES))
def test_header_and_setup_are_the_evans_presets(vid):
    header, pieces, setup = parse(FILES[vid])
    pos = Position(vid, preset="evans")
    v, g = pos.rules.variant, pos.geometry
    assert (header[1], bool(header[0]), header[3]) == (v.files, v.drops, v.promotion_zone)
    assert len(setup) == v.files * v.ranks, "the setup fills the preset's board"
    for index, number in enumerate(setup):
        rank, column = divmod(index, v.files)
        code = pos.board[g.square(v.files - column, rank + 1)]
        if number == 0:
            assert code == 0, g.name(g.square(v.files - column, rank + 1))
            continue
        kind = pos.rules.tables.types[code >> 1]
        assert (pieces[abs(number)][2], code & 1) == (kind.code, 1 if number < 0 else 0), (index, number)


@pytest.mark.parametrize("vid", sorted(FILES))
def test_every_piece_of_the_setup_moves_and_promotes_as_evans_says(vid):
    header, pieces, setup = parse(FILES[vid])
    rs = RuleSet.of(vid, preset="evans")
    v = rs.variant
    used = {abs(n) for n in setup if n}
    used |= {int(pieces[n][5]) for n in used if int(pieces[n][5])}
    centre = ((v.files + 1) // 2, (v.ranks + 1) // 2 + 1)
    king, enemy = (1, v.ranks), (v.files, 1)
    checked = []
    for number in sorted(used):
        row = pieces[number]
        code = row[2]
        promotes = int(row[5])
        assert v.piece(code).promotes_to == (pieces[promotes][2] if promotes else None), code
        token = code if len(code.lstrip("+")) == 1 else f"{code[:-len(code.lstrip('+'))]}({code.lstrip('+')})"
        placed = {f"{centre[0]}{RANKS[centre[1] - 1]}": token, f"{enemy[0]}{RANKS[enemy[1] - 1]}": "k"}
        if code != "K":
            placed[f"{king[0]}{RANKS[king[1] - 1]}"] = "K"
        pos = Position.from_pieces(rs, placed)
        g = pos.geometry
        origin = g.square(*centre)
        engine = {(g.file_of(m.target), g.rank_of(m.target)) for m in pos.legal_moves() if m.origin == origin}
        assert engine == evans_targets(row, *centre, v.files, v.ranks) - {king}, code
        checked.append(code)
    expected = {"heian": {"K", "G", "S", "N", "L", "P", "+S", "+N", "+L", "+P"},
                "heiandai": {"K", "G", "S", "C", "I", "N", "L", "P", "FT", "FD", "FC", "SM", "GB", "+S", "+C", "+I",
                             "+N", "+L", "+P", "+FT", "+FD", "+FC", "+SM", "+GB"}}[vid]
    assert set(checked) == expected
