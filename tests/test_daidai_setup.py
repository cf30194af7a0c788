"""Dai Dai shogi: the start position against the article's set-up table (the article, 棋子配置).

The grid ``tests/data/daidai_article_setup.txt`` is written by ``tests/data/article_setups.py``
from the Chinese Wikipedia article; this file compares it with the engine's start position by kanji.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import assert_point_symmetric, extracted_grid, japanese, needs_article, read_grid

from shogi_rules.model.geometry import GOTE, SENTE
from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import get_variant


@pytest.fixture(scope="module")
def pos() -> Position:
    return Position("daidai")


def test_grid_file_shape():
    grid = read_grid("daidai")
    assert len(grid) == 17 and all(len(row) == 17 for row in grid)


@needs_article("daidai")
def test_grid_file_is_the_extraction_of_the_article():
    assert extracted_grid("daidai") == read_grid("daidai")


def test_variant_facts():
    # The article: 17×17 board; no pieces in hand, no drops; promotion only by capture, compulsory, no
    # zones; the game is won by capturing the king (no check rules, no second royal).
    v = get_variant("daidai")
    assert (v.files, v.ranks) == (17, 17)
    assert v.drops is False and v.check_rules is False
    assert v.promotion == "capture" and v.promotion_zone == 0 and v.capture_promotion == "compulsory"
    assert [p.code for p in v.pieces if p.royal] == ["K"]


def test_piece_and_type_counts(pos):
    # The article: 64 kinds of piece (68 with the promoted forms), 96 pieces a side, 21 kinds promote.
    counts = Counter(code & 1 for code in pos.board if code)
    assert counts[SENTE] == counts[GOTE] == 96
    kinds = {pos.tables.types[code >> 1].kind.code for code in pos.board if code}
    assert len(kinds) == 64
    v = pos.variant
    assert len(v.pieces) == 68
    assert len({p.kanji for p in v.pieces}) == 68
    assert sum(1 for p in v.pieces if p.promotes_to) == 21
    promoted_only = {p.code for p in v.pieces} - kinds
    assert {v.piece_by_code[c].kanji for c in promoted_only} == {"山母", "仙鶴", "大象", "奮迅"}
    promoted_types = [t for t in pos.tables.types[1:] if t.promoted]
    assert len(promoted_types) == 21


def test_setup_matches_the_article_square_for_square(pos):
    g = pos.geometry
    grid = read_grid("daidai")
    for row in range(17):
        for col in range(17):
            sq = g.at(col, row)
            cell = grid[row][col]
            code = pos.board[sq]
            where = g.name(sq)
            if cell == ".":
                assert code == 0, f"{where}: the article has an empty square"
                continue
            assert code, f"{where}: the article has {cell}"
            t = pos.tables.types[code >> 1]
            assert not t.promoted
            assert t.kind.kanji == japanese(cell), f"{where}: engine {t.kind.kanji}, article {cell}"
            # The article's table: gote's pieces fill the top ranks, sente's the bottom ones.
            assert code & 1 == (GOTE if row < 8 else SENTE), where


def test_position_is_point_symmetric(pos):
    assert_point_symmetric(pos)


def test_each_array_is_not_left_right_symmetric(pos):
    # The article: 棋子的擺法非左右對稱.
    g = pos.geometry
    mismatches = [sq for sq in range(g.size)
                  if pos.board[sq] != pos.board[g.at(16 - g.column(sq), g.row(sq))]]
    assert mismatches


def test_kings_and_generals(pos):
    g = pos.geometry
    kinds = {g.name(sq): pos.tables.types[c >> 1].kind.code for sq, c in enumerate(pos.board) if c}
    assert (kinds["9q"], kinds["10q"], kinds["8q"]) == ("K", "LG", "RG")
    assert (kinds["9a"], kinds["8a"], kinds["10a"]) == ("K", "LG", "RG")


def test_howling_dogs_stand_in_front_of_the_pawns(pos):
    g = pos.geometry
    dogs = {g.name(sq): c & 1 for sq, c in enumerate(pos.board)
            if c and pos.tables.types[c >> 1].kind.code == "HD"}
    assert dogs == {"12g": GOTE, "6g": GOTE, "12k": SENTE, "6k": SENTE}
    for name in ("12k", "6k"):
        behind = pos.board[g.parse(name) + 17]
        assert pos.tables.types[behind >> 1].kind.code == "P"
