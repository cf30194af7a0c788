"""Sho shogi's ``evans`` preset against Steve Evans' own data file, ``Sho.dat`` (Debian package ``shogivar-data``).

The file is read where Debian installs it; without it the tests fail and say to install the package (CI
installs it). ``Sho.dat`` is plain text with CRLF line ends:

* line 1 the game's title, line 2 the board's picture, line 3 the game's numbers: whether captured pieces
  are dropped (1 in ``Shogi.dat``, 0 in the others), the board's size, then after a 0 the depth of the
  promotion zone (4 in ``Chu.dat``, 5 in ``Tenjiku.dat``), and in eighth place the number of pieces in the
  setup (40 in ``Shogi.dat``);
* one line a piece: number, name, abbreviation, value, value promoted, the number of the piece it promotes
  to (0: none), two picture numbers, then the eight directions forward, backward, left, right,
  forward-left, forward-right, backward-left, backward-right, each 0 (no move), 1 (one square), 64 (any
  number of squares) or 1024 (forward only: the knight's two forward leaps), then 1 or 2 for a piece
  that may not stand on the last one or two ranks, and two numbers for Evans' program;
* the setup, square by square from the top left of the board as sente sees it (9a first), a piece's
  number, negative for gote, 0 for an empty square, over as many lines as the file takes (81 numbers
  on three lines; what follows is data for Evans' program).

Every piece row is compared with the engine's piece under the preset: the squares it reaches from 5e on an
empty board, what it promotes to, where it may not stand; the numbers of line 3 and the setup with the
engine's. Evans' ``CP`` (Crown Prince) is the engine's promoted drunk elephant ``+DE``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shogi_rules import Position
from shogi_rules.compiled.variant import RuleSet
from shogi_rules.model.geometry import SENTE

SHO_DAT = Path("/usr/share/games/shogivar/Sho.dat")
RULES = RuleSet.of("sho", preset="evans")
DIRECTIONS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))
"""Forward, backward, left, right, forward-left, forward-right, backward-left, backward-right for sente, as
(file step, rank step): files count from sente's right, ranks from the top (a)."""
RANKS = "abcdefghi"
ALIASES = {"CP": "+DE"}


def _lines() -> list[str]:
    if not SHO_DAT.is_file():
        pytest.fail(f"{SHO_DAT} is missing: install Steve Evans' data files, apt-get install shogivar-data")
    return SHO_DAT.read_text(encoding="latin-1").replace("\r", "").split("\n")


def _rows() -> dict[int, list[str]]:
    """The piece rows by number: the lines after the third whose second field is a name."""
    fields = (line.split(",") for line in _lines()[3:])
    return {int(f[0]): f for f in fields if len(f) > 3 and not f[1].lstrip("-").isdigit()}


def _squares(moves: list[int]) -> set[str]:
    """The squares Evans' eight directions give a sente piece on 5e of an empty board."""
    out = set()
    for (df, dr), reach in zip(DIRECTIONS, moves):
        if reach == 1024:  # the knight: two forward leaps
            out |= {"4c", "6c"}
            continue
        for k in range(1, 9 if reach == 64 else reach + 1):
            f, r = 5 + k * df, 4 + k * dr
            if 1 <= f <= 9 and 0 <= r < 9:
                out.add(f"{f}{RANKS[r]}")
    return out


def _engine_squares(code: str) -> set[str]:
    """The squares the engine's ``code`` (a type code, ``+`` for promoted) reaches from 5e, kings out of its way."""
    fen = "+" + RULES.variant.piece(code[1:]).fen_code if code.startswith("+") else RULES.variant.piece(code).fen_code
    pieces = {"5e": fen, "2a": "k"} if code == "K" else {"5e": fen, "8i": "K", "2a": "k"}
    pos = Position.from_pieces(RULES, pieces)
    origin = pos.geometry.parse("5e")
    return {pos.geometry.name(m.target) for m in pos.legal_moves() if m.origin == origin}


def test_the_file_is_sho_shogi():
    lines = _lines()
    assert lines[0].startswith("Sho Shogi")
    numbers = [int(x) for x in lines[2].split(",")]
    v = RULES.variant
    assert numbers[0] == int(v.drops) == 0
    assert numbers[1] == v.files == v.ranks == 9
    assert numbers[3] == v.promotion_zone == 3
    assert numbers[7] == sum(v.setup_counts.values()) == 42


def test_every_piece_row_agrees_with_the_preset():
    rows = _rows()
    assert len(rows) == 16
    codes = {n: ALIASES.get(f[2], f[2]) for n, f in rows.items()}
    t = Position(RULES).tables
    assert set(codes.values()) == {p.code for p in t.piece_types}  # the same pieces, promoted forms included
    problems = []
    for n, f in rows.items():
        code = codes[n]
        kind = t.types[t.by_code[code]]
        promotes = int(f[5])
        ours = t.types[kind.promotion].code if kind.promotion else None
        if (codes[promotes] if promotes else None) != ours:
            problems.append(f"{code}: promotes to {codes.get(promotes)} in Sho.dat, to {ours} here")
        moves = [int(x) for x in f[8:16]]
        if _squares(moves) != _engine_squares(code):
            problems.append(f"{code}: {sorted(_squares(moves))} in Sho.dat, {sorted(_engine_squares(code))} here")
        dead = {t.geometry.name(sq) for sq in t.dead[2 * kind.id + SENTE]}
        ranks = int(f[16])
        if dead != {f"{file}{RANKS[r]}" for file in range(1, 10) for r in range(ranks)}:
            problems.append(f"{code}: may not stand on the last {ranks} ranks in Sho.dat, here on {sorted(dead)}")
    assert not problems, "\n".join(problems)
    assert [f[1] for n, f in sorted(rows.items()) if codes[n] in ("DE", "+DE")] == ["Drunk Elephant", "Crown Prince"]
    assert RULES.variant.piece("CP").royal and RULES.variant.piece("K").royal


def test_the_setup_is_the_preset_s():
    lines = _lines()
    rows = _rows()
    first = 3 + len(rows)
    values: list[int] = []
    for line in lines[first:]:
        if len(values) >= 81:
            break
        values += [int(x) for x in line.split(",") if x.strip()]
    assert len(values) == 81  # the board ends with a line
    board = Position(RULES)
    for i, value in enumerate(values):
        square = f"{9 - i % 9}{RANKS[i // 9]}"
        here = board.piece_at(board.geometry.parse(square))
        if value == 0:
            assert here is None, square
            continue
        assert here is not None, square
        kind, color = here
        assert (kind.code, color) == (ALIASES.get(rows[abs(value)][2], rows[abs(value)][2]), int(value < 0)), square
