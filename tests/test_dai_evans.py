"""Dai shogi's ``evans`` preset against Steve Evans' own data file, ``Dai.dat`` (Debian package ``shogivar-data``;
CI installs it, and without it every test here fails, naming the package).

Piece by piece: every row of the file is one of ours (the abbreviations are the TSA codes, Evans' ``Ky`` read
through the variant's aliases; a ``+X`` row is the promoted form of X, which must carry the English name Evans
gives it), with the same English name (Evans writes Kylin for the kirin), the same promotion, the same royal
pieces, and the same squares reached: alone in the middle of an empty board, and again with its eight neighbours
taken by pieces of its own side (so that a jump is told from a slide). Then the setup square by square, the size
of the board and the depth of the zone, and the squares where a piece could never move again (``special`` 1 and
2), which the preset's promotion rule forces a promotion on.
"""

from __future__ import annotations

import pytest

from shogi_rules import Position, get_variant
from shogi_rules.model.geometry import GOTE, SENTE

import evans_dat

VARIANT = get_variant("dai")
EVANS = dict(next(p for p in VARIANT.presets if p.id == "evans").choices)
ENGLISH = {"Kylin": "Kirin"}
"""Evans' English names where ours differ in spelling only."""

DAT = evans_dat.read("Dai.dat") if evans_dat.os.path.isfile(evans_dat.path("Dai.dat")) else None
ROWS = sorted(DAT.pieces) if DAT else list(range(1, 56))


def dat() -> evans_dat.DatFile:
    return evans_dat.read("Dai.dat")  # fails with the package to install when the file is missing


def our_code(abbr: str) -> str:
    """Our piece type's code (``+X`` for a promoted X) for an Evans abbreviation."""
    promoted, code = abbr.startswith("+"), abbr.lstrip("+")
    return ("+" if promoted else "") + VARIANT.code_aliases.get(code, code)


def our_row(abbr: str):
    """Our piece row (the promoted form's row for ``+X``)."""
    code = our_code(abbr)
    if code.startswith("+"):
        return VARIANT.piece(VARIANT.piece(code[1:]).promotes_to or "")
    return VARIANT.piece(code)


def test_the_file_is_there_and_is_dai_shogi():
    d = dat()
    assert d.title.startswith("Dai Shogi") and d.size == VARIANT.files == VARIANT.ranks and d.zone == 5
    assert VARIANT.promotion_zone == d.zone
    assert len(d.pieces) == 55


@pytest.mark.parametrize("row", ROWS)
def test_each_piece_of_the_file(row):
    d = dat()
    piece = d.pieces[row]
    ours = our_row(piece.abbr)
    assert ours.english == ENGLISH.get(piece.name, piece.name), (piece.abbr, ours.english)
    if not piece.abbr.startswith("+"):
        target = d.pieces[piece.promotes_to] if piece.promotes_to else None
        promoted = VARIANT.piece(ours.promotes_to).english if ours.promotes_to else None
        assert promoted == (ENGLISH.get(target.name, target.name) if target else None), piece.abbr
    assert ours.royal == (piece.abbr in ("K", "+DE"))
    assert (piece.special == "C") == (piece.abbr == "+DE")
    # the squares reached, by Evans' entries and by our move generator, alone and crowded
    fen_token = ("+" if piece.abbr.startswith("+") else "") + _fen(our_code(piece.abbr).lstrip("+"))
    centre = (7, 7)
    ring = frozenset((7 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
    for blocked in (frozenset(), ring):
        expected = evans_dat.targets(piece, centre, d.size, blocked | {(0, 0)})  # sente's king stands there
        assert _reached(fen_token, blocked) == expected, (piece.abbr, bool(blocked))


def _fen(code: str) -> str:
    kind = VARIANT.piece(code)
    return (kind.fen_code if len(kind.fen_code) == 1 else f"({kind.fen_code})").upper()


def _square_name(col: int, row: int) -> str:
    """Column from sente's left and row from sente's side → our square name (files from sente's right, ranks
    from the top)."""
    return f"{15 - col}{'abcdefghijklmno'[14 - row]}"


def _reached(token: str, blocked: frozenset[tuple[int, int]]) -> set[tuple[int, int]]:
    pieces = {_square_name(7, 7): token, _square_name(0, 0): "K", _square_name(14, 14): "k"}
    pieces.update({_square_name(*sq): "G" for sq in blocked})
    pos = Position.from_pieces("dai", pieces, rules=EVANS)
    g = pos.geometry
    origin = g.parse(_square_name(7, 7))
    out = set()
    for m in pos.legal_moves():
        if m.origin == origin and m.target != origin:
            name = g.name(m.target)
            col, row = 15 - int(name[:-1]), 14 - "abcdefghijklmno".index(name[-1])
            out.add((col, row))
    return out


def test_the_setup_square_by_square():
    d = dat()
    pos = Position("dai", rules=EVANS)
    g = pos.geometry
    for r, rank in enumerate(d.setup):
        for c, cell in enumerate(rank):
            sq = g.parse(f"{15 - c}{'abcdefghijklmno'[r]}")
            code = pos.board[sq]
            if not cell:
                assert not code, (r, c)
                continue
            assert code, (r, c)
            assert (code & 1) == (GOTE if cell < 0 else SENTE)
            assert pos.tables.types[code >> 1].code == our_code(d.pieces[abs(cell)].abbr), (r, c)


@pytest.mark.parametrize("row", [r for r in ROWS if not DAT or DAT.pieces[r].special in ("1", "2")])
def test_the_pieces_that_could_not_move_again(row):
    """``special`` 1 and 2: the last rank, the last two; under the preset a move there must promote."""
    piece = dat().pieces[row]
    depth = int(piece.special)
    pos = Position.from_pieces("dai", {"8f": _fen(our_code(piece.abbr)), "15o": "K", "1a": "k"}, rules=EVANS)
    dead = pos.tables.dead[pos.board[pos.geometry.parse("8f")]]
    assert {pos.geometry.name(sq)[-1] for sq in dead} == set("abcdefghijklmno"[:depth]), piece.abbr
