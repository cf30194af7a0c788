"""Tenjiku shogi: the start position against the Chinese Wikipedia article, and the data's basic facts.

The square-by-square check reads ``tests/data/tenjiku_article_setup.txt``, written from the article by
``tests/data/article_setups.py`` (see there for the article's lost one-character cells), and
compares it with ``Position("tenjiku")`` through each piece row's ``kanji``.
"""

from __future__ import annotations

import os
import re
from collections import Counter

import pytest
from helpers import DATA, article_text, assert_point_symmetric, extracted_grid, japanese, needs_article, read_grid

from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import get_variant
from shogi_rules.variants import tenjiku

GAME = os.path.join(DATA, "tenjiku_article_game.txt")


@pytest.fixture(scope="module")
def pos():
    return Position("tenjiku")


# --- facts -----------------------------------------------------------------------------------------

def test_variant_facts():
    v = get_variant("tenjiku")
    assert (v.files, v.ranks) == (16, 16)
    assert v.drops is False and v.check_rules is False
    assert v.promotion == "zone-entry" and v.promotion_zone == 5
    royal = {p.code for p in v.pieces if p.royal}
    assert royal == {"K", "CP"}          # king and crown prince (太子, promoted drunk elephant)
    assert v.piece_by_code["DE"].promotes_to == "CP"
    ranks = {p.code: p.rank for p in v.pieces if p.rank}
    assert ranks == {"K": 4, "CP": 4, "GGn": 3, "VGn": 2, "RGn": 1, "BGn": 1}
    assert [p.code for p in v.pieces if p.burns] == ["FiD"]
    assert [p.code for p in v.pieces if p.immobilises] == ["HT"]


def test_seventy_eight_pieces_a_side(pos):
    counts = Counter(code & 1 for code in pos.board if code)
    assert counts == {0: 78, 1: 78}


def test_thirty_six_kinds_on_the_board(pos):
    for color in (0, 1):
        kinds = {pos.tables.types[code >> 1].code for code in pos.board if code and code & 1 == color}
        assert len(kinds) == 36
    assert not any(pos.tables.types[code >> 1].promoted for code in pos.board if code)


def test_rows_types_and_the_articles_43():
    v = get_variant("tenjiku")
    assert len(v.pieces) == 45                          # 36 kinds + 9 that only appear by promotion
    assert len({p.code for p in v.pieces}) == 45
    # The article counts 43 kinds "with the promoted ones": tokin moves as the gold general and the
    # crown prince as the king, so the 45 rows have 43 different moves.
    moves = {(p.betza, p.extra) for p in v.pieces}
    assert len(moves) == 43
    t = Position("tenjiku").tables
    assert len(t.types) - 1 == 66                       # 36 + 30 promoted types (Evans' Tenjiku.dat: 66)
    assert sum(1 for x in t.types[1:] if x.promoted) == 30
    no_promotion = {x.code for x in t.types[1:] if not x.promoted and x.promotion is None}
    assert no_promotion == {"K", "VGn", "GGn", "FEg", "LHk", "FiD"}


def test_point_symmetric(pos):
    assert_point_symmetric(pos)


def test_setup_matches_article_grid_by_kanji(pos):
    grid = read_grid("tenjiku")
    g = pos.geometry
    assert len(grid) == 16 and all(len(row) == 16 for row in grid)
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            sq = g.at(c, r)
            code = pos.board[sq]
            if name == ".":
                assert not code, f"{g.name(sq)} should be empty"
            else:
                assert code, f"{g.name(sq)} should hold {name}"
                assert pos.tables.types[code >> 1].kind.kanji == japanese(name), g.name(sq)
                assert code & 1 == (1 if r < 8 else 0), f"{g.name(sq)}: wrong side"


def test_ascii_codes_and_aliases():
    v = get_variant("tenjiku")
    assert set(tenjiku.ALIASES) == {p.code for p in v.pieces}
    for system in (0, 1):
        names = [a[system] for a in tenjiku.ALIASES.values()]
        assert len(set(names)) == len(names)
    # the codes the article's list and game use (Wikipedia; PBeM)
    assert tenjiku.ALIASES["FiD"] == ("FD", "Fi")
    assert tenjiku.ALIASES["ChS"] == ("CS", "Ch")
    assert tenjiku.ALIASES["Ky"] == ("Kr", "Ky")
    # the notation reader's table: every alias that is not the code itself nor a '+X' form
    assert v.code_aliases == {"BG": "BGn", "CS": "ChS", "Ch": "ChS", "D": "Dg", "FD": "FiD", "Fi": "FiD",
                              "FE": "FEg", "GG": "GGn", "Kr": "Ky", "LH": "LHk", "RG": "RGn", "SS": "SSo",
                              "VG": "VGn", "VS": "VSo", "WB": "WBf"}
    pos = Position("tenjiku")
    from shogi_rules.notation.moves import resolve_code
    for alias, code in v.code_aliases.items():
        assert [pos.tables.types[t].code for t in resolve_code(pos, alias)] == [code], alias


# --- the data files against the article --------------------------------------------------------------

@needs_article("tenjiku")
def test_grid_file_is_the_extractors_output():
    assert extracted_grid("tenjiku") == read_grid("tenjiku")


@needs_article("tenjiku")
def test_game_record_is_the_articles():
    text = article_text("tenjiku")
    block = text.split("棋谱记录举例如下", 1)[1]
    article_moves = []
    for line in block.split("\n")[1:]:
        if not line.strip():
            continue
        if not re.match(r"\d+ ", line):
            break
        article_moves += [(int(n), mv) for n, mv in re.findall(r"(\d+) (\S+(?: Win)?)", line)]
    with open(GAME, encoding="utf-8") as f:
        record = [(int(n), mv) for n, mv in (line.split(" ", 1) for line in f.read().splitlines())]
    assert record == article_moves
    assert [n for n, _ in record] == list(range(1, 39))


# --- the article's game under the rules ---------------------------------------------------------------

# The article's game takes equal and higher generals by jumping (10 RGx7m+, 17 RGx10d+, 36 +SEx9m) and
# promotes on leaving the zone (30 SE-9g+): it follows the modern capture rule and TSA's promotion
# rule, not the article's own main text.
GAME_RULES = {"tenjiku.range-jump.capture": "modern-2000", "tenjiku.promotion": "tsa"}


def _record() -> list[str]:
    from shogi_rules.notation.records import read_record
    with open(GAME, encoding="utf-8") as f:
        return read_record(f.read())


def test_article_game_breaks_the_articles_own_rules():
    from shogi_rules.notation.records import replay
    moves = _record()
    assert len(moves) == 38
    zhwp = replay("tenjiku", moves)
    assert (zhwp.legal, zhwp.first_illegal_ply) == (False, 10)          # RGx7m+: a jump capture of an equal
    moves[17] = "Fi-9d"                  # see test_article_game_replays_as_written
    partly = replay("tenjiku", moves, {"tenjiku.range-jump.capture": "modern-2000"})
    assert partly.first_illegal_move == "SE-9g+"                         # promotion on leaving the zone


def test_article_game_replays_with_the_burn_of_move_18_unwritten():
    from shogi_rules.notation.records import replay
    moves = _record()
    moves[17] = "Fi-9d"                  # the article writes Fi-9dx!10d: see the next test
    r = replay("tenjiku", moves, GAME_RULES)
    assert r.legal and r.plies == 38, r.reason
    # a position after move 18: the Fire Demon on 9d has burnt sente's promoted rook general on 10d
    r18 = replay("tenjiku", moves[:18], GAME_RULES)
    g = r18.position.geometry
    assert not r18.position.board[g.parse("10d")]


def test_article_game_replays_as_written():
    from shogi_rules.notation.records import replay
    r = replay("tenjiku", _record(), GAME_RULES)
    assert r.legal and r.plies == 38, r.reason
    # the record ends "GG-9d Win": gote's last move leaves sente no move that saves its king
    assert r.position.outcome().reason == "checkmate" and r.position.outcome().winner == 1


def test_article_game_listed_burns_are_checked_not_trusted():
    from shogi_rules.notation.records import replay
    moves = _record()
    moves[17] = "Fi-9dx!10d,10e"          # the engine burns only 10d
    r = replay("tenjiku", moves, GAME_RULES)
    assert not r.legal and r.first_illegal_ply == 18 and "burns" in r.reason
