"""Tenjiku shogi: every piece row's moves against a table written from the article's words (the article).

The table below is written from the Chinese Wikipedia article's piece sections, not from the Betza strings of
``shogi_rules/variants/tenjiku.py``. Each entry maps a direction (seen from the piece's owner: F, B,
L, R, FL, FR, BL, BR) to a range (``None``: any distance; ``n``: up to n squares through empty
squares), ``"jumps"`` to explicit (dx, dy) leaps (dx > 0 to the owner's right, dy > 0 forward), and
``"specials"`` to named powers:

* ``"lion"``: the lion's two king steps with jumping (every square within two);
* ``"lion:DIRS"``: the lion's power along those lines only (first and second square);
* ``"area2"`` / ``"area3"``: up to two / three king steps turning freely (every square within 2 / 3
  on an empty board);
* ``"rangejump:DIRS"``: range jumping along those lines (on an empty board: to the edge);
* ``"skip:DIRS[:n]"``: a line whose first square may be jumped, then on through empty squares
  (to the n-th square at most).

The piece stands alone (sente) on 8h of an empty board; the destinations of ``legal_moves()`` (the
start square left out: a lion's pass is not a destination) must equal those computed from the
table. Pieces with specials fail until the engine implements those atoms:
``test_special_piece_destinations``.
"""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import article_text, bib_keys, cited_keys, japanese, needs_article, row_type, square_name

from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import RuleSet, get_variant
from shogi_rules.variants import tenjiku

ALL8 = ("F", "B", "L", "R", "FL", "FR", "BL", "BR")
ORTH = ("F", "B", "L", "R")
DIAG = ("FL", "FR", "BL", "BR")


def rng(dirs, n):
    return {d: n for d in dirs}


ORTH_JUMP2 = [(0, 2), (0, -2), (2, 0), (-2, 0)]
DIAG_JUMP2 = [(2, 2), (-2, 2), (2, -2), (-2, -2)]

EXPECTED = {
    # 玉将: one step orthogonally or diagonally.
    "K": rng(ALL8, 1),
    # 太子: moves like the king.
    "CP": rng(ALL8, 1),
    # 醉象: one step diagonally, sideways or straight forward.
    "DE": {**rng(DIAG, 1), "L": 1, "R": 1, "F": 1},
    # 金将: one step orthogonally or diagonally forward.
    "G": {**rng(ORTH, 1), "FL": 1, "FR": 1},
    # と: moves like the gold general.
    "+P": {**rng(ORTH, 1), "FL": 1, "FR": 1},
    # 银将: one step diagonally or straight forward.
    "S": {**rng(DIAG, 1), "F": 1},
    # 铜将: one step vertically or diagonally forward.
    "C": {"F": 1, "B": 1, "FL": 1, "FR": 1},
    # 铁将: one step straight forward or diagonally forward.
    "I": {"F": 1, "FL": 1, "FR": 1},
    # 猛豹: one step diagonally or vertically.
    "FL": {**rng(DIAG, 1), "F": 1, "B": 1},
    # 盲虎: one step diagonally, sideways or straight back.
    "BT": {**rng(DIAG, 1), "L": 1, "R": 1, "B": 1},
    # 步兵: one step straight forward.
    "P": {"F": 1},
    # 犬: one step straight forward or diagonally back.
    "Dg": {"F": 1, "BL": 1, "BR": 1},
    # 桂马: jumps two squares forward and one sideways.
    "N": {"jumps": [(-1, 2), (1, 2)]},
    # 麒麟: jumps to the second square orthogonally, or one step diagonally.
    "Ky": {**rng(DIAG, 1), "jumps": ORTH_JUMP2},
    # 鳯凰: jumps to the second square diagonally, or one step orthogonally.
    "Ph": {**rng(ORTH, 1), "jumps": DIAG_JUMP2},
    # 香车: any distance straight forward.
    "L": {"F": None},
    # 反车: any distance vertically.
    "RC": {"F": None, "B": None},
    # 横兵: any distance sideways, one step straight back, one or two steps straight forward.
    "SSo": {"L": None, "R": None, "B": 1, "F": 2},
    # 竖兵: any distance straight forward, one step straight back, one or two steps sideways.
    "VSo": {"F": None, "B": 1, "L": 2, "R": 2},
    # 横行: any distance sideways, one step vertically.
    "SM": {"L": None, "R": None, "F": 1, "B": 1},
    # 竖行: any distance vertically, one step sideways.
    "VM": {"F": None, "B": None, "L": 1, "R": 1},
    # 角行: any distance diagonally.
    "B": rng(DIAG, None),
    # 飞车: any distance orthogonally.
    "R": rng(ORTH, None),
    # 龙马: any distance diagonally, or one step orthogonally.
    "DH": {**rng(DIAG, None), **rng(ORTH, 1)},
    # 龙王: any distance orthogonally, or one step diagonally.
    "DK": {**rng(ORTH, None), **rng(DIAG, 1)},
    # 车兵: any distance diagonally or vertically, or one or two steps sideways.
    "ChS": {**rng(DIAG, None), "F": None, "B": None, "L": 2, "R": 2},
    # 水牛: any distance diagonally or sideways, or one or two steps vertically.
    "WBf": {**rng(DIAG, None), "L": None, "R": None, "F": 2, "B": 2},
    # 奔王: any distance orthogonally or diagonally.
    "FK": rng(ALL8, None),
    # 杂将: any distance straight forward or diagonally back.
    "MGn": {"F": None, "BL": None, "BR": None},
    # 飞鹿: any distance vertically, or one step diagonally or sideways.
    "FS": {"F": None, "B": None, **rng(DIAG, 1), "L": 1, "R": 1},
    # 白驹: any distance vertically or diagonally forward.
    "WH": {"F": None, "B": None, "FL": None, "FR": None},
    # 鲸鲵: any distance vertically or diagonally back.
    "W": {"F": None, "B": None, "BL": None, "BR": None},
    # 奔猪: any distance diagonally or sideways.
    "FBo": {**rng(DIAG, None), "L": None, "R": None},
    # 飞牛: any distance diagonally or vertically.
    "FO": {**rng(DIAG, None), "F": None, "B": None},
    # 角将: jumps any distance diagonally (range jumping).
    "BGn": {"specials": ["rangejump:FL,FR,BL,BR"]},
    # 飞将: jumps any distance orthogonally (range jumping).
    "RGn": {"specials": ["rangejump:F,B,L,R"]},
    # 副将: range-jumps diagonally, or one to three steps turning freely.
    "VGn": {"specials": ["rangejump:FL,FR,BL,BR", "area3"]},
    # 大将: range-jumps orthogonally or diagonally.
    "GGn": {"specials": ["rangejump:F,B,L,R,FL,FR,BL,BR"]},
    # 狮子: one or two steps in any directions with the lion's powers.
    "Ln": {"specials": ["lion"]},
    # 角鹰: any distance sideways, diagonally or straight back; lion-style one or two steps forward.
    "HF": {"L": None, "R": None, "B": None, **rng(DIAG, None), "specials": ["lion:F"]},
    # 飞鹫: any distance orthogonally or diagonally back; lion-style on the forward diagonals.
    "SE": {**rng(ORTH, None), "BL": None, "BR": None, "specials": ["lion:FL,FR"]},
    # 奔鹫: any distance orthogonally or diagonally; lion-style one or two steps diagonally.
    "FEg": {**rng(ALL8, None), "specials": ["lion:FL,FR,BL,BR"]},
    # 狮鹰: any distance diagonally, or as the lion.
    "LHk": {**rng(DIAG, None), "specials": ["lion"]},
    # 火鬼: any distance diagonally or sideways, or one to three steps turning freely (and burns).
    "FiD": {**rng(DIAG, None), "L": None, "R": None, "specials": ["area3"]},
    # 四天王: any distance diagonally or vertically, or one to three steps turning freely; on a
    # slide (diagonal or vertical) it may jump a piece in its way on the first step only.
    "HT": {**rng(DIAG, None), "F": None, "B": None,
           "specials": ["area3", "skip:FL,FR,BL,BR,F,B"]},
}

# Other options' readings, from the article's footnotes and the sources they name.
ALTERNATIVES = [
    # footnote 3, TSA: free king plus the kirin's orthogonal jump to the second square, no lion power.
    ("tenjiku.free-eagle", "tsa", "FEg", {**rng(ALL8, None), "jumps": ORTH_JUMP2}),
    # footnote 4, TSA: bishop, or one or two steps turning freely, no lion power.
    ("tenjiku.lion-hawk", "tsa", "LHk", {**rng(DIAG, None), "specials": ["area2"]}),
    # footnote 5, TSA: the flying ox's slides (diagonal and vertical) and three steps.
    ("tenjiku.fire-demon.slides", "tsa", "FiD", {**rng(DIAG, None), "F": None, "B": None, "specials": ["area3"]}),
    # footnote 8, TSA: diagonally at least two squares, or two or three squares sideways.
    ("tenjiku.tetrarchs.move", "tsa", "HT", {"specials": ["skip:FL,FR,BL,BR", "skip:L,R:3"]}),
    # H.G. Muller: skip the first square in all eight directions, sideways three at most.
    ("tenjiku.tetrarchs.move", "hgm", "HT", {"specials": ["skip:FL,FR,BL,BR,F,B", "skip:L,R:3"]}),
    # The article's move with the sideways jump of H.G. Muller's and E. Werner's tetrarchs.
    ("tenjiku.tetrarchs.move", "eight-way-jump", "HT",
     {**rng(DIAG, None), "F": None, "B": None, "specials": ["area3", "skip:FL,FR,BL,BR,F,B", "skip:L,R:3"]}),
    # HaChu 0.21: the chariot soldier's row.
    ("tenjiku.tetrarchs.move", "hachu", "HT", {**rng(DIAG, None), "F": None, "B": None, "L": 2, "R": 2}),
]

VECTORS = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0),
           "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}
FILE, RANK = 8, 8          # the square 8h
SIZE = 16


def _square(file, rank):
    """(file, rank) after an owner-relative step for sente: right is toward file 1, forward toward rank 1."""
    return (file, rank) if 1 <= file <= SIZE and 1 <= rank <= SIZE else None


def _at(dx, dy):
    return _square(FILE - dx, RANK - dy)


def _line(direction, first, last):
    dx, dy = VECTORS[direction]
    out = set()
    n = first
    while last is None or n <= last:
        sq = _at(dx * n, dy * n)
        if sq is None:
            break
        out.add(sq)
        n += 1
    return out


def expected_destinations(entry) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for key, value in entry.items():
        if key in VECTORS:
            out |= _line(key, 1, value)
        elif key == "jumps":
            out |= {s for s in (_at(dx, dy) for dx, dy in value) if s}
        elif key == "specials":
            for special in value:
                name, _, arg = special.partition(":")
                if name == "lion" and not arg:
                    out |= _within(2)
                elif name == "lion":
                    for d in arg.split(","):
                        out |= _line(d, 1, 2)
                elif name in ("area2", "area3"):
                    out |= _within(int(name[-1]))
                elif name == "rangejump":
                    for d in arg.split(","):
                        out |= _line(d, 1, None)
                elif name == "skip":
                    dirs, _, limit = arg.partition(":")
                    for d in dirs.split(","):
                        out |= _line(d, 2, int(limit) if limit else None)
                else:
                    raise AssertionError(f"unknown special {special}")
        else:
            raise AssertionError(f"unknown key {key}")
    out.discard((FILE, RANK))
    return out


def _within(n):
    return {s for dx in range(-n, n + 1) for dy in range(-n, n + 1) if (s := _at(dx, dy))}


def actual_destinations(code, rules=None) -> set[tuple[int, int]]:
    rs = RuleSet.of("tenjiku", rules)
    t = row_type(rs.tables, code)          # the unpromoted type where there is one
    pos = Position.from_pieces(rs, {square_name(FILE, RANK - 1): t.fen.upper()})
    g = pos.geometry
    assert pos.board[g.square(FILE, RANK)], pos.fen()
    out = {(g.file_of(m.target), g.rank_of(m.target)) for m in pos.legal_moves()}
    out.discard((FILE, RANK))
    return out


PLAIN = [c for c, e in EXPECTED.items() if "specials" not in e]
SPECIAL = [c for c, e in EXPECTED.items() if "specials" in e]
PLAIN_ALT = [a for a in ALTERNATIVES if "specials" not in a[3]]
SPECIAL_ALT = [a for a in ALTERNATIVES if "specials" in a[3]]


def test_table_covers_every_row():
    assert set(EXPECTED) == {p.code for p in get_variant("tenjiku").pieces}


def check(code, entry, rules=None):
    assert actual_destinations(code, rules) == expected_destinations(entry)


@pytest.mark.parametrize("code", PLAIN)
def test_plain_piece_destinations(code):
    check(code, EXPECTED[code])


@pytest.mark.parametrize("rule,option,code,entry", PLAIN_ALT, ids=[f"{a[0]}={a[1]}" for a in PLAIN_ALT])
def test_plain_alternative_destinations(rule, option, code, entry):
    check(code, entry, {rule: option})


@pytest.mark.parametrize("code", SPECIAL)
def test_special_piece_destinations(code):
    check(code, EXPECTED[code])


@pytest.mark.parametrize("rule,option,code,entry", SPECIAL_ALT, ids=[f"{a[0]}={a[1]}" for a in SPECIAL_ALT])
def test_special_alternative_destinations(rule, option, code, entry):
    check(code, entry, {rule: option})


# --- rule choices ----------------------------------------------------------------------------------

def _resolved(rule_id, option_id):
    v = RuleSet.of("tenjiku", {rule_id: option_id}).variant
    return (v.pieces, v.switches, v.promotion, v.promotion_zone, v.setup)


@pytest.mark.parametrize("choice", tenjiku.RULE_CHOICES, ids=lambda c: c.id)
def test_rule_options_differ(choice):
    # the default is the article's reading (named "zhwp", or after its source where the choice is newer)
    assert choice.id.startswith("tenjiku.") and "zhwp-tenjiku" in choice.option(choice.default).sources
    assert len(choice.options) >= 2
    resolved = [_resolved(choice.id, o.id) for o in choice.options]
    for a, b in itertools.combinations(range(len(resolved)), 2):
        assert resolved[a] != resolved[b], f"{choice.options[a].id} and {choice.options[b].id} change nothing"
    for o in choice.options:
        assert o.effects, f"{choice.id}={o.id} has no effect"
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", o.id)


def test_default_switches_are_the_article_options():
    v = get_variant("tenjiku")
    zhwp = RuleSet.of("tenjiku").variant
    assert zhwp.switches == v.switches
    assert zhwp.pieces == v.pieces and zhwp.promotion == v.promotion


def test_every_switch_value_is_documented():
    doc = tenjiku.__doc__
    for choice in tenjiku.RULE_CHOICES:
        for o in choice.options:
            for name, value in o.effects["switches"].named() if "switches" in o.effects else ():
                assert f"``{name}``" in doc, name
                assert f"``{value!r}``".replace("'", '"') in doc, (name, value)


def test_cited_keys_exist():
    keys = bib_keys()
    cited = cited_keys(get_variant("tenjiku"))
    assert cited <= keys, cited - keys


# --- promotions ------------------------------------------------------------------------------------

# The article's promotion chains (升级关系链), as the article writes them; a piece promotes once only.
ZHWP_CHAINS = """\
玉(王)将
醉象 → 太子
步兵 → と
犬 → 杂将
香车 → 白驹
反车 → 鲸鲵
铜将 → 横行 → 奔猪
银将 → 竖行 → 飞牛
麒麟 → 狮子 → 狮鹰
鳯凰 → 奔王 → 奔鹫
桂马 → 横兵 → 水牛 → 火鬼
铁将 → 竖兵 → 车兵 → 四天王
猛豹 → 角行 → 龙马 → 角鹰 → 角将 → 副将
金将 → 飞车 → 龙王 → 飞鹫 → 飞将 → 大将"""


def _by_kanji():
    return {p.kanji: p for p in get_variant("tenjiku").pieces}


def _name(text):
    return japanese(text.replace("(王)", ""))


def _chain_pairs():
    pairs = set()
    for line in ZHWP_CHAINS.splitlines():
        names = [_name(n.strip()) for n in line.split("→")]
        pairs |= set(zip(names, names[1:]))
    return pairs


def _row_pairs():
    rows = get_variant("tenjiku").pieces
    code_kanji = {p.code: p.kanji for p in rows}
    return {(p.kanji, code_kanji[p.promotes_to]) for p in rows if p.promotes_to}


def test_promotion_chains_reproduced():
    rows = _by_kanji()
    for a, b in _chain_pairs():
        assert rows[a].promotes_to == rows[b].code, f"{a} → {b}"
    # The article's chains leave out one promotion that its table gives: 盲虎 → 飞鹿 (blind tiger to
    # flying stag). Every other promotion of the rows is in the chains.
    assert _row_pairs() - _chain_pairs() == {("盲虎", "飛鹿")}
    # the last piece of each chain does not promote (a piece promotes once only)
    ends = {_name(line.split("→")[-1].strip()) for line in ZHWP_CHAINS.splitlines()}
    assert all(rows[e].promotes_to is None for e in ends)


@needs_article("tenjiku")
def test_article_chains_and_table_are_the_articles():
    text = article_text("tenjiku")
    assert ZHWP_CHAINS in text
    # The article's two-column promotion table (原身棋子 升级棋子, twice per line). Ten lines kept their
    # four cells. On the others one cell is missing: either the promotion of a piece that does not
    # promote (right column: 玉将, 狮鹰, 奔鹫, 火鬼, 副将, 大将), or a one-character name the article's
    # text lost (と after 步兵, 犬 before 杂将).
    table = text.split("原身棋子 升级棋子 原身棋子 升级棋子", 1)[1].split("\n\n", 1)[0]
    rows = _by_kanji()
    pairs = set()
    for line in table.strip().splitlines():
        cells = [_name(c) for c in line.split(" ")]
        if len(cells) == 4:
            pairs |= {tuple(cells[:2]), tuple(cells[2:])}
        else:
            assert len(cells) == 3, line
            if rows[cells[0]].promotes_to == rows[cells[1]].code:
                pairs.add(tuple(cells[:2]))
                assert rows[cells[2]].promotes_to is None, line
            else:
                pairs.add(tuple(cells[1:]))
    for a, b in pairs:
        assert rows[a].promotes_to == rows[b].code, f"{a} → {b}"
    # the table and the chains together give every promotion of the rows
    assert pairs | _chain_pairs() == _row_pairs()
