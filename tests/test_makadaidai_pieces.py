"""Maka Dai Dai shogi: every piece's moves on an empty board, against tables read from the article's words.

The tables below are written from the Chinese Wikipedia article (the article, zh.wikipedia, simplified characters)
and its footnotes, independently of the Betza strings of the variant module. Keys are directions
seen from the piece's owner (F, B, L, R, FL, FR, BL, BR) with a range (``None``: any distance), plus
``"jumps"`` (explicit ``(dx, dy)`` leaps, dx > 0 to the owner's right, dy > 0 forwards) and named
specials: ``"lion"`` (two free king steps: every square within two, and the starting square by
stepping out and back), ``"lion-line"`` (n steps along one of the eight lines with the lion's
powers: the squares 1…n along each line, and the starting square), ``"area-lion"`` (n free king
steps with the lion's powers: every square within n, and the starting square), ``"hook"`` (slide,
then optionally turn 90° on an empty square and slide on), ``"emperor"`` (any square).

Pieces with a special power fail until the lead implements those mechanisms; they are in
``test_special_piece_destinations``. The others are in ``test_plain_piece_destinations``.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from helpers import article_text, bib_keys, cited_keys, japanese, needs_article, row_type, square_name

from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import RuleSet, get_variant
from shogi_rules.variants import makadaidai

VID = "makadaidai"
N = 19
CENTRE = (9, 9)  # column from sente's left, row from the top: square 10j

ORTH = ("F", "B", "L", "R")
DIAG = ("FL", "FR", "BL", "BR")
VECTORS = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0),
           "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}


def each(directions, rng):
    return {d: rng for d in directions}


# ---------------------------------------------------------------------------------------------
# Expected moves of every row, from the article's sentences (paraphrased in the comments).
# ---------------------------------------------------------------------------------------------
EXPECTED = {
    # 龙马: any distance diagonally, or one square orthogonally.
    "DH": {**each(DIAG, None), **each(ORTH, 1)},
    # 龙王: any distance orthogonally, or one square diagonally.
    "DK": {**each(ORTH, None), **each(DIAG, 1)},
    # 奔王: any distance orthogonally or diagonally.
    "FK": each(ORTH + DIAG, None),
    # 步兵: one square straight forwards.
    "P": {"F": 1},
    # 桂马: jumps to the square two forwards and one sideways, over anything.
    "N": {"jumps": [(-1, 2), (1, 2)]},
    # 驴马: one square orthogonally, or a jump to the square exactly two away vertically.
    "Do": {**each(ORTH, 1), "jumps": [(0, 2), (0, -2)]},
    # 飞龙: one or two squares diagonally.
    "FD": each(DIAG, 2),
    # 猛牛: one or two squares orthogonally.
    "VO": each(ORTH, 2),
    # 力士: one to three squares diagonally, or one square sideways.
    "Wr": {**each(DIAG, 3), "L": 1, "R": 1},
    # 金刚: one to three squares orthogonally, or one square forward-diagonally.
    "GG": {**each(ORTH, 3), "FL": 1, "FR": 1},
    # 罗刹: one to three squares forward-diagonally, or one square sideways or straight back.
    "BDe": {"FL": 3, "FR": 3, "L": 1, "R": 1, "B": 1},
    # 夜叉: one to five squares orthogonally, or one or two squares diagonally.
    "SD": {**each(ORTH, 5), **each(DIAG, 2)},
    # 狛犬: one to three squares along any of the eight lines, jumping, capturing on the way, and
    # stepping out and back (待步) — a linear lion of three steps.
    "LD": {"lion-line": 3},
    # 香车: any distance straight forwards.
    "L": {"F": None},
    # 反车: any distance vertically.
    "RC": {"F": None, "B": None},
    # 横飞: any distance sideways, or one square diagonally.
    "SF": {"L": None, "R": None, **each(DIAG, 1)},
    # 横行: any distance sideways, or one square vertically.
    "SM": {"L": None, "R": None, "F": 1, "B": 1},
    # 竖行: any distance vertically, or one square sideways.
    "VM": {"F": None, "B": None, "L": 1, "R": 1},
    # 右车: any distance straight forwards, forward-right or back-left, or one square straight back.
    "RCh": {"F": None, "FR": None, "BL": None, "B": 1},
    # 左车: any distance straight forwards, forward-left or back-right, or one square straight back.
    "LCh": {"F": None, "FL": None, "BR": None, "B": 1},
    # 角行: any distance diagonally.
    "B": each(DIAG, None),
    # 飞车: any distance orthogonally.
    "R": each(ORTH, None),
    # 摩羯: any distance diagonally, turning once on an empty square on the way.
    "Ca": {"hook": DIAG},
    # 钩行: any distance orthogonally, turning once on an empty square on the way.
    "HM": {"hook": ORTH},
    # 金将: one square orthogonally or forward-diagonally.
    "G": {**each(ORTH, 1), "FL": 1, "FR": 1},
    # 银将: one square diagonally or straight forwards.
    "S": {**each(DIAG, 1), "F": 1},
    # 铜将: one square vertically or forward-diagonally.
    "C": {"F": 1, "B": 1, "FL": 1, "FR": 1},
    # 铁将: one square straight forwards or forward-diagonally.
    "I": {"F": 1, "FL": 1, "FR": 1},
    # 瓦将: one square forward-diagonally or straight back.
    "T": {"FL": 1, "FR": 1, "B": 1},
    # 石将: one square forward-diagonally.
    "St": {"FL": 1, "FR": 1},
    # 土将: one square vertically.
    "Ea": {"F": 1, "B": 1},
    # 仲人: one square vertically.
    "GB": {"F": 1, "B": 1},
    # 盲虎: one square diagonally, sideways or straight back.
    "BT": {**each(DIAG, 1), "L": 1, "R": 1, "B": 1},
    # 猛豹: one square diagonally or vertically.
    "FL": {**each(DIAG, 1), "F": 1, "B": 1},
    # 蟠蛇: one square vertically or back-diagonally.
    "CS": {"F": 1, "B": 1, "BL": 1, "BR": 1},
    # 淮鸡: one square sideways, forward-diagonally or straight back.
    "CC": {"L": 1, "R": 1, "FL": 1, "FR": 1, "B": 1},
    # 猫刃: one square diagonally.
    "CSw": each(DIAG, 1),
    # 古猿: one square diagonally or straight back.
    "OM": {**each(DIAG, 1), "B": 1},
    # 卧龙: one square orthogonally or back-diagonally.
    "RD": {**each(ORTH, 1), "BL": 1, "BR": 1},
    # 老鼠: one or two squares forward-diagonally or straight back.
    "OR": {"FL": 2, "FR": 2, "B": 2},
    # 嗔猪: one square orthogonally.
    "AB": each(ORTH, 1),
    # 盲熊: one square diagonally, or any distance straight back.
    "BB": {**each(DIAG, 1), "B": None},
    # 恶狼: one square sideways, straight forwards or forward-diagonally.
    "EW": {"L": 1, "R": 1, "F": 1, "FL": 1, "FR": 1},
    # 麒麟: one square diagonally, or a jump to the square exactly two away orthogonally.
    "Ky": {**each(DIAG, 1), "jumps": [(0, 2), (0, -2), (-2, 0), (2, 0)]},
    # 凤凰: one square orthogonally, or a jump to the square exactly two away diagonally.
    "Ph": {**each(ORTH, 1), "jumps": [(-2, 2), (2, 2), (-2, -2), (2, -2)]},
    # 狮子: one or two king steps a turn, changing direction and jumping, with 待步 and 居食.
    "Ln": {"lion": True},
    # 无明: one square forward-diagonally, to the right, or back-left.
    "DSp": {"FL": 1, "FR": 1, "R": 1, "BL": 1},
    # 提婆: one square forward-diagonally, to the left, or back-right.
    "DV": {"FL": 1, "FR": 1, "L": 1, "BR": 1},
    # 醉象: one square diagonally, sideways or straight forwards.
    "DE": {**each(DIAG, 1), "L": 1, "R": 1, "F": 1},
    # 玉将: one square orthogonally or diagonally.
    "K": each(ORTH + DIAG, 1),
    # --- promoted forms ---
    # 奔金: any distance orthogonally or forward-diagonally.
    "FGo": {**each(ORTH, None), "FL": None, "FR": None},
    # 奔银: any distance diagonally or straight forwards.
    "FSi": {**each(DIAG, None), "F": None},
    # 奔铜: any distance vertically or forward-diagonally.
    "FCo": {"F": None, "B": None, "FL": None, "FR": None},
    # 奔铁: any distance straight forwards or forward-diagonally.
    "FIr": {"F": None, "FL": None, "FR": None},
    # 奔瓦: any distance forward-diagonally or straight back.
    "FTi": {"FL": None, "FR": None, "B": None},
    # 奔石: any distance forward-diagonally.
    "FSt": {"FL": None, "FR": None},
    # 奔土: any distance vertically.
    "FEa": {"F": None, "B": None},
    # 奔人: any distance vertically.
    "FG": {"F": None, "B": None},
    # 奔虎: any distance diagonally, sideways or straight back.
    "FT": {**each(DIAG, None), "L": None, "R": None, "B": None},
    # 奔豹: any distance diagonally or vertically.
    "FLp": {**each(DIAG, None), "F": None, "B": None},
    # 奔蛇: any distance vertically or back-diagonally.
    "FSe": {"F": None, "B": None, "BL": None, "BR": None},
    # 仙鹤: any distance sideways, forward-diagonally or straight back.
    "WS": {"L": None, "R": None, "FL": None, "FR": None, "B": None},
    # 奔猫: any distance diagonally.
    "FC": each(DIAG, None),
    # 山母: any distance diagonally or straight back, or one square straight forwards.
    "MW": {**each(DIAG, None), "B": None, "F": 1},
    # 奔龙: any distance straight forwards or forward-diagonally, one square straight back or back-diagonally.
    "FDr": {"F": None, "FL": None, "FR": None, "B": 1, "BL": 1, "BR": 1},
    # 蝙蝠: any distance straight forwards or back-diagonally.
    "Bt": {"F": None, "BL": None, "BR": None},
    # 奔猪: any distance diagonally or sideways.
    "FBo": {**each(DIAG, None), "L": None, "R": None},
    # 奔熊: any distance diagonally or sideways, or a jump to the square exactly two away forward-diagonally.
    "FBe": {**each(DIAG, None), "L": None, "R": None, "jumps": [(-2, 2), (2, 2)]},
    # 奔狼: any distance diagonally or vertically, or one to five squares sideways.
    "FW": {**each(DIAG, None), "F": None, "B": None, "L": 5, "R": 5},
    # 大龙: one or two squares vertically, one to three diagonally, any distance sideways.
    "GD": {"F": 2, "B": 2, **each(DIAG, 3), "L": None, "R": None},
    # 金翅: one or two squares sideways, one to three diagonally, any distance vertically.
    "GBd": {"L": 2, "R": 2, **each(DIAG, 3), "F": None, "B": None},
    # 奋迅: the lion's and the lion dog's powers together.
    "FF": {"lion": True, "lion-line": 3},
    # 法性: the free king's and the lion's powers together.
    "BSp": {**each(ORTH + DIAG, None), "lion": True},
    # 教王: the free king's and the lion dog's powers together.
    "TK": {**each(ORTH + DIAG, None), "lion-line": 3},
    # 王子: moves as the king.
    "Pr": each(ORTH + DIAG, 1),
    # 自在天王: flies to any square not attacked by the enemy, whatever stands between (an empty
    # board: every square but its own).
    "E": {"emperor": True},
}

# The other readings of the rule choices: (rule id, option) -> {code: table}.
ALTERNATIVES = {
    # fn 1 — 六種: 力士 one to three squares diagonally, or one square orthogonally.
    ("makadaidai.wrestler", "rokushu-zushiki"): {"Wr": {**each(DIAG, 3), **each(ORTH, 1)}},
    # fn 2 — 六種: 金刚 one to three squares orthogonally, or one square diagonally.
    ("makadaidai.guardian-of-the-gods", "rokushu-zushiki"): {"GG": {**each(ORTH, 3), **each(DIAG, 1)}},
    # fn 3 — 六種: 夜叉 one or two squares diagonally.
    ("makadaidai.she-devil", "rokushu-zushiki"): {"SD": each(DIAG, 2)},
    # fn 4 — 六種: 横飞 any distance sideways, or one square forward-diagonally.
    ("makadaidai.side-flier", "rokushu-zushiki"): {"SF": {"L": None, "R": None, "FL": 1, "FR": 1}},
    # fn 5 — 六種: 右车 any distance forward-left or back-right, or one square to the right.
    ("makadaidai.right-chariot", "rokushu-zushiki"): {"RCh": {"FL": None, "BR": None, "R": 1}},
    # fn 6 — 六種: 左车 any distance forward-right or back-left, or one square to the left.
    ("makadaidai.left-chariot", "rokushu-zushiki"): {"LCh": {"FR": None, "BL": None, "L": 1}},
    # fn 7 — 六種: 蟠蛇 one square straight forwards or back-diagonally.
    ("makadaidai.coiled-serpent", "rokushu-zushiki"): {"CS": {"F": 1, "BL": 1, "BR": 1}},
    # fn 8 — 六種: 淮鸡 one square diagonally or straight back.
    ("makadaidai.chinese-cock", "rokushu-zushiki"): {"CC": {**each(DIAG, 1), "B": 1}},
    # fn 9 — modern sources: 仙鹤 any distance diagonally or straight forwards, one square straight back.
    ("makadaidai.wizard-stork", "modern"): {"WS": {**each(DIAG, None), "F": None, "B": 1}},
    # fn 10 — 六種: 古猿 one square diagonally or straight forwards (a silver).
    ("makadaidai.old-monkey", "rokushu-zushiki"): {"OM": {**each(DIAG, 1), "F": 1}},
    # fn 11 — 六種: 山母 any distance diagonally (a bishop).
    ("makadaidai.mountain-witch", "rokushu-zushiki"): {"MW": each(DIAG, None)},
    # fn 12 — 六種: 卧龙 one square diagonally or straight forwards (a silver).
    ("makadaidai.reclining-dragon", "rokushu-zushiki"): {"RD": {**each(DIAG, 1), "F": 1}},
    # fn 13 — 六種: 奔龙 any distance sideways or straight forwards, one square back or back-diagonally.
    ("makadaidai.free-dragon", "rokushu-zushiki"): {"FDr": {"L": None, "R": None, "F": None,
                                                             "B": 1, "BL": 1, "BR": 1}},
    # fn 13 — other sources: 奔龙 any distance orthogonally or back-diagonally.
    ("makadaidai.free-dragon", "other-sources"): {"FDr": {**each(ORTH, None), "BL": None, "BR": None}},
    # fn 14 — 六種: 奔猪 any distance straight forwards or forward-diagonally.
    ("makadaidai.free-boar", "rokushu-zushiki"): {"FBo": {"F": None, "FL": None, "FR": None}},
    # fn 15 — 六種: 盲熊 one square in every direction (the king's move).
    ("makadaidai.blind-bear", "rokushu-zushiki"): {"BB": each(ORTH + DIAG, 1)},
    # fn 16 — 六種: 奔熊 any distance diagonally or sideways, no jump.
    ("makadaidai.free-bear", "rokushu-zushiki"): {"FBe": {**each(DIAG, None), "L": None, "R": None}},
    # fn 17 — 六種: 奔狼 any distance sideways, forward-diagonally or straight back.
    ("makadaidai.free-wolf", "rokushu-zushiki"): {"FW": {"L": None, "R": None, "FL": None, "FR": None,
                                                         "B": None}},
    # fn 17 — other sources, literally: sideways, orthogonally (直向) or forward-diagonally, any distance.
    ("makadaidai.free-wolf", "other-sources"): {"FW": {**each(ORTH, None), "FL": None, "FR": None}},
    # HaChu / ja.wikipedia (catalogue §2.3 #17): forwards, forward-diagonally or sideways, any distance.
    ("makadaidai.free-wolf", "hachu"): {"FW": {"F": None, "L": None, "R": None, "FL": None, "FR": None}},
    # fn 18 — 象戯図式: 无明 one square forward-diagonally, to the right, or back-right.
    ("makadaidai.dark-spirit", "shogi-zushiki"): {"DSp": {"FL": 1, "FR": 1, "R": 1, "BR": 1}},
    # fn 18 — 六種: 无明 one square orthogonally or along the right diagonals.
    ("makadaidai.dark-spirit", "rokushu-zushiki"): {"DSp": {**each(ORTH, 1), "FR": 1, "BR": 1}},
    # fn 19 — 象戯図式: 提婆 one square forward-diagonally, to the left, or back-left.
    ("makadaidai.deva", "shogi-zushiki"): {"DV": {"FL": 1, "FR": 1, "L": 1, "BL": 1}},
    # fn 19 — 六種: 提婆 one square orthogonally or along the left diagonals.
    ("makadaidai.deva", "rokushu-zushiki"): {"DV": {**each(ORTH, 1), "FL": 1, "BL": 1}},
    # Evans: 教王 moves only as a free king.
    ("makadaidai.teaching-king", "evans"): {"TK": each(ORTH + DIAG, None)},
    # Evans' alternative: 教王 as a free king, or three steps with the lion's full powers.
    ("makadaidai.teaching-king", "evans-alternative"): {"TK": {**each(ORTH + DIAG, None), "area-lion": 3}},
    # Evans: 狛犬 a plain slider of up to three squares in eight directions; 奋迅 lion or that slide.
    ("makadaidai.lion-dog", "evans"): {"LD": each(ORTH + DIAG, 3),
                                       "FF": {**each(ORTH + DIAG, 3), "lion": True}},
    # Evans / HaChu: 驴马 jumps to the second square vertically, or steps one square sideways.
    ("makadaidai.donkey", "evans"): {"Do": {"L": 1, "R": 1, "jumps": [(0, 2), (0, -2)]}},
}

SPECIAL_KEYS = {"lion", "lion-line", "area-lion", "hook", "emperor"}


def is_special(table) -> bool:
    return bool(SPECIAL_KEYS & set(table))


# ---------------------------------------------------------------------------------------------
# Destinations computed from a table, on an empty board, for sente, from the centre.
# ---------------------------------------------------------------------------------------------
def on_board(c, r):
    return 0 <= c < N and 0 <= r < N


def square(c, r):
    return r * N + c


def offset(dx, dy, start=CENTRE):
    """The board square (dx, dy) away for sente (forward = up the diagram), or None."""
    c, r = start[0] + dx, start[1] - dy
    return square(c, r) if on_board(c, r) else None


def slide(start, vector, limit):
    out = []
    k = 1
    while limit is None or k <= limit:
        c, r = start[0] + vector[0] * k, start[1] - vector[1] * k
        if not on_board(c, r):
            break
        out.append((c, r))
        k += 1
    return out


def destinations(table) -> set[int]:
    out: set[int] = set()
    for key, rng in table.items():
        if key in VECTORS:
            out |= {square(*cr) for cr in slide(CENTRE, VECTORS[key], rng)}
        elif key == "jumps":
            out |= {s for s in (offset(dx, dy) for dx, dy in rng) if s is not None}
        elif key == "lion":
            out |= {s for s in (offset(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)) if s is not None}
        elif key == "area-lion":
            out |= {s for s in (offset(dx, dy) for dx in range(-rng, rng + 1) for dy in range(-rng, rng + 1))
                    if s is not None}
        elif key == "lion-line":
            for v in VECTORS.values():
                out |= {square(*cr) for cr in slide(CENTRE, v, rng)}
            out.add(square(*CENTRE))
        elif key == "hook":
            for name in rng:
                v = VECTORS[name]
                for cr in slide(CENTRE, v, None):
                    out.add(square(*cr))
                    for w in ((v[1], -v[0]), (-v[1], v[0])):
                        out |= {square(*cr2) for cr2 in slide(cr, w, None)}
        elif key == "emperor":
            out |= set(range(N * N))
            out.discard(square(*CENTRE))
        else:
            raise AssertionError(f"unknown key {key!r} in an expected table")
    return out


# ---------------------------------------------------------------------------------------------
# Placing one piece on an empty board.
# ---------------------------------------------------------------------------------------------
def rule_set(rules, code):
    """The rule set to test ``code`` under ``rules``.

    The article's defaults use the whole variant. For another reading, compiling the tables of the
    whole 19×19 variant again for every option would make this file slow, so the resolved rows of
    that reading are put into a small variant of their own: the row under test, with the row it
    promotes to, or (for a promoted-only row) a row that promotes to it.
    """
    if not rules:
        return RuleSet.of(VID)
    resolved = RuleSet.of(VID, rules).variant
    rows = resolved.piece_by_code
    row = rows[code]
    bases = [p for p in resolved.pieces if p.promotes_to == code]
    if row.promotes_to:
        pieces = (row, dataclasses.replace(rows[row.promotes_to], promotes_to=None))
    elif bases and code not in ("DH", "DK", "FK"):
        pieces = (bases[0], row)
    else:
        pieces = (row,)
    label = ",".join(f"{k}={v}" for k, v in sorted(rules.items()))
    mini = dataclasses.replace(resolved, id=f"{VID}[{label}]:{code}", pieces=pieces,
                               setup="/".join([str(N)] * N), rule_choices=())
    return RuleSet.of(mini)


def targets(rules, code) -> set[int]:
    rs = rule_set(rules, code)
    t = row_type(rs.tables, code)  # the row itself, or a promoted base
    pos = Position.from_pieces(rs, {square_name(N - CENTRE[0], CENTRE[1]): t.fen.upper()})
    assert pos.board[square(*CENTRE)] == 2 * t.id  # sente's piece, where we put it
    assert pos.tables.types[t.id].kind.code == code
    assert pos.tables.types[t.id].kind == RuleSet.of(VID, rules).variant.piece_by_code[code]
    return {m.target for m in pos.legal_moves()}


def cases(special: bool):
    out = []
    for code, table in EXPECTED.items():
        if is_special(table) == special:
            out.append(pytest.param({}, code, table, id=code))
    for (rule, option), rows in ALTERNATIVES.items():
        for code, table in rows.items():
            if is_special(table) == special:
                out.append(pytest.param({rule: option}, code, table, id=f"{code}[{rule}={option}]"))
    return out


def describe(squares, limit=24):
    g = RuleSet.of(VID).tables.geometry
    names = sorted(g.name(s) for s in squares)
    return names if len(names) <= limit else names[:limit] + [f"… ({len(names)} squares)"]


def check(rules, code, table):
    got = targets(rules, code)
    want = destinations(table)
    assert got == want, f"{code}: missing {describe(want - got)}, extra {describe(got - want)}"


@pytest.mark.parametrize("rules,code,table", cases(special=False))
def test_plain_piece_destinations(rules, code, table):
    check(rules, code, table)


@pytest.mark.parametrize("rules,code,table", cases(special=True))
def test_special_piece_destinations(rules, code, table):
    check(rules, code, table)


def test_every_row_has_an_expected_table():
    codes = {p.code for p in get_variant(VID).pieces}
    assert codes == set(EXPECTED)
    for (rule, option), rows in ALTERNATIVES.items():
        get_variant(VID).rule_choice(rule).option(option)
        assert set(rows) <= codes


def test_every_alternative_reading_is_tested():
    """Every non-default option that changes piece rows has an expected table above."""
    for choice in get_variant(VID).rule_choices:
        for option in choice.options:
            if option.id != choice.default and "pieces" in option.effects:
                assert (choice.id, option.id) in ALTERNATIVES, (choice.id, option.id)
                assert set(ALTERNATIVES[(choice.id, option.id)]) == set(option.effects["pieces"])


# ---------------------------------------------------------------------------------------------
# Rule choices, switches, sources.
# ---------------------------------------------------------------------------------------------
FOOTNOTE_RULES = ("wrestler", "guardian-of-the-gods", "she-devil", "side-flier", "right-chariot", "left-chariot",
                  "coiled-serpent", "chinese-cock", "wizard-stork", "old-monkey", "mountain-witch",
                  "reclining-dragon", "free-dragon", "free-boar", "blind-bear", "free-bear", "free-wolf",
                  "dark-spirit", "deva")
OTHER_RULES = ("promotion", "conversion", "double-conversion", "converted-royal", "emperor", "teaching-king", "donkey", "lion-dog")


def test_rule_choice_ids():
    ids = [c.id for c in get_variant(VID).rule_choices]
    assert len(ids) == len(set(ids))
    assert set(ids) == {f"{VID}.{r}" for r in FOOTNOTE_RULES + OTHER_RULES}
    for c in get_variant(VID).rule_choices:
        assert "zhwp-makadaidai" in c.option(c.default).sources  # the default is the article's reading
        assert re.fullmatch(r"makadaidai\.[a-z0-9]+(-[a-z0-9]+)*", c.id)
        for o in c.options:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", o.id)
            assert o.sources, (c.id, o.id)


def _signature(variant):
    return (variant.switches, variant.capture_promotion,
            tuple((p.code, frozenset(p.atoms)) for p in variant.pieces))


@pytest.mark.parametrize("choice", get_variant(VID).rule_choices, ids=lambda c: c.id)
def test_rule_options_differ(choice):
    """Each option really changes the data: no two options of a choice resolve to the same variant."""
    sigs = {}
    for option in choice.options:
        variant = RuleSet.of(VID, {choice.id: option.id}).variant
        sig = _signature(variant)
        assert sig not in sigs.values(), (choice.id, option.id)
        sigs[option.id] = sig
        for p in variant.pieces:
            p.atoms  # the rows parse


def test_default_rule_set_is_the_module_data():
    """The defaults (the article's main text) leave the module's rows and switches as written."""
    assert _signature(RuleSet.of(VID).variant) == _signature(get_variant(VID))


def test_every_cited_key_exists():
    keys = bib_keys()
    v = get_variant(VID)
    for p in v.pieces:
        assert p.sources, p.code
        assert "zhwp-makadaidai" in p.sources, p.code
    cited = cited_keys(v)
    assert cited <= keys, sorted(cited - keys)


def test_switches_are_documented():
    doc = makadaidai.__doc__
    v = get_variant(VID)
    seen = {}
    for c in v.rule_choices:
        for o in c.options:
            for name, value in o.effects["switches"].named() if "switches" in o.effects else ():
                seen.setdefault(name, value)
                if isinstance(value, str):
                    assert f'"{value}"' in doc, (name, value)
    assert seen, "the variant's rule choices set switches"
    for name in seen:
        assert f"``{name}``" in doc, name


def test_variant_facts():
    v = get_variant(VID)
    assert (v.files, v.ranks) == (19, 19)
    assert v.drops is False and v.check_rules is False
    assert v.promotion == "capture" and v.promotion_zone == 0
    assert v.capture_promotion == "optional-unless-promoted"
    assert RuleSet.of(VID, {"makadaidai.promotion": "compulsory"}).variant.capture_promotion == "compulsory"
    rows = v.piece_by_code
    assert rows["K"].royal and rows["Pr"].royal and rows["E"].royal
    assert [p.code for p in v.pieces if p.royal] == ["K", "Pr", "E"]
    assert rows["K"].promotes_to == "E" and rows["DE"].promotes_to == "Pr"
    conv = {p.code: p.converts_capturer_to for p in v.pieces if p.converts_capturer_to}
    assert conv == {"DSp": "BSp", "BSp": "BSp", "DV": "TK", "TK": "TK"}
    assert v.switches.conversion.active and v.switches.conversion.exempt == ("K", "E", "DE", "Pr")
    off = RuleSet.of(VID, {"makadaidai.conversion": "off"}).variant
    assert not off.switches.conversion.active


# ---------------------------------------------------------------------------------------------
# The article's promotion table: every heading "X Y" of the move section (X promotes to Y).
# ---------------------------------------------------------------------------------------------
PROMOTIONS = [
    # promote to the gold general
    ("步兵", "金将"), ("桂马", "金将"), ("驴马", "金将"), ("飞龙", "金将"), ("猛牛", "金将"), ("力士", "金将"),
    ("金刚", "金将"), ("罗刹", "金将"), ("夜叉", "金将"), ("狛犬", "金将"), ("香车", "金将"), ("反车", "金将"),
    ("横飞", "金将"), ("横行", "金将"), ("竖行", "金将"), ("右车", "金将"), ("左车", "金将"), ("角行", "金将"),
    ("飞车", "金将"), ("摩羯", "金将"), ("钩行", "金将"),
    # steps extended to any distance
    ("金将", "奔金"), ("银将", "奔银"), ("铜将", "奔铜"), ("铁将", "奔铁"), ("瓦将", "奔瓦"), ("石将", "奔石"),
    ("土将", "奔土"), ("仲人", "奔人"), ("盲虎", "奔虎"), ("猛豹", "奔豹"), ("蟠蛇", "奔蛇"), ("淮鸡", "仙鹤"),
    ("猫刃", "奔猫"),
    # a new move or power
    ("古猿", "山母"), ("卧龙", "奔龙"), ("老鼠", "蝙蝠"), ("嗔猪", "奔猪"), ("盲熊", "奔熊"), ("恶狼", "奔狼"),
    ("麒麟", "大龙"), ("凤凰", "金翅"),  # the heading writes 鳯凰, the set-up 凤凰
    ("狮子", "奋迅"), ("无明", "法性"), ("提婆", "教王"), ("醉象", "王子"),
    ("玉将", "自在天王"),  # heading: 玉将、王将
]
NOT_PROMOTING = ["龙马", "龙王", "奔王"]
ZHWP_SPELLING = {"鳯凰": "凤凰", "玉将、王将": "玉将"}


def test_promotion_table():
    by_kanji = {p.kanji: p for p in get_variant(VID).pieces}
    by_code = get_variant(VID).piece_by_code
    for base, promoted in PROMOTIONS:
        assert japanese(base) in by_kanji, base
        row = by_kanji[japanese(base)]
        assert row.promotes_to is not None, base
        assert by_code[row.promotes_to].kanji == japanese(promoted), (base, promoted)
    for k in NOT_PROMOTING:
        assert by_kanji[japanese(k)].promotes_to is None
    # every row is a base or a promotion named in the table: 50 bases, 26 promoted-only names
    bases = {b for b, _ in PROMOTIONS} | set(NOT_PROMOTING)
    promoted_only = {p for _, p in PROMOTIONS} - bases
    assert len(bases) == 50 and len(promoted_only) == 26
    assert set(by_kanji) == {japanese(k) for k in bases | promoted_only}


@needs_article(VID)
def test_promotion_table_matches_the_article_headings():
    text = article_text(VID)
    lines = text.split("\n")
    start = lines.index("无升级之棋子")
    end = next(i for i, line in enumerate(lines) if line.startswith("注脚"))
    pairs = []
    for line in lines[start:end]:
        m = re.fullmatch(r"([^\s•]+) ([^\s•]+)", line)
        if m:
            a, b = m.groups()
            pairs.append((ZHWP_SPELLING.get(a, a), b))
    assert pairs == PROMOTIONS
