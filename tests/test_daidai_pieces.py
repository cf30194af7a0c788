"""Dai Dai shogi: every piece's moves against a table written from the article's words (the article).

``EXPECTED`` gives, for every piece row, the moves the article describes, in Evans' style: a direction
(F, B, L, R, FL, FR, BL, BR, seen by the piece's owner) mapped to a range (``None``: any distance),
``"jumps"`` as explicit ``(dx, dy)`` offsets (dx > 0 to the owner's right, dy > 0 forward), and named
special powers: ``"lion"`` (the Lion: any square within two, and a pass), ``"lion3"`` (the Lion
Dog's power along the listed lines: one to three squares, and a pass) and ``"hook"`` (slide along
the listed lines, optionally turning 90° once on an empty square). The table is written from the
text, not from the Betza strings of ``shogi_rules/variants/daidai.py``; each row cites the article's
sentence it comes from (paraphrased).

Each piece is placed alone, as sente, on the central square 9i of an empty board and the targets of
its legal moves are compared with the squares the table gives. Pieces with a special power are kept
apart in ``test_special_piece_destinations``: they rely on the engine's lion-power and hook-move
mechanisms rather than on the plain step and slide tables.
"""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import article_text, bib_keys, cited_keys, japanese, needs_article, row_type, square_name

from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import RuleSet, get_variant

VARIANT = get_variant("daidai")
N = 17
CENTRE = (8, 8)  # 0-based column (from sente's left, file 17) and row (from the top, rank a): square 9i
ORTH = ("F", "B", "L", "R")
DIAG = ("FL", "FR", "BL", "BR")
ALL8 = ORTH + DIAG
# Directions as (dx, dy): dx > 0 is the owner's right, dy > 0 forward.
VEC = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0),
       "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}


def d(dirs, rng):
    """The same range in several directions."""
    return {k: rng for k in dirs}


EXPECTED: dict[str, dict] = {
    # 玉將: one step orthogonally or diagonally.
    "K": d(ALL8, 1),
    # 左將: one step vertically, diagonally or to the right.
    "LG": d(("F", "B", "R") + DIAG, 1),
    # 右將: one step vertically, diagonally or to the left.
    "RG": d(("F", "B", "L") + DIAG, 1),
    # 金將: one step orthogonally or forward-diagonally.
    "G": d(ORTH + ("FL", "FR"), 1),
    # 銀將: one step diagonally or straight forward.
    "S": d(DIAG + ("F",), 1),
    # 銅將: one step vertically or forward-diagonally.
    "C": d(("F", "B", "FL", "FR"), 1),
    # 鉄將 (鐵將): one step straight forward or forward-diagonally.
    "I": d(("F", "FL", "FR"), 1),
    # 石將: one step forward-diagonally.
    "St": d(("FL", "FR"), 1),
    # 木將: one or two squares forward-diagonally.
    "Wo": d(("FL", "FR"), 2),
    # 惡狼: one step sideways, straight forward or forward-diagonally.
    "EW": d(("L", "R", "F", "FL", "FR"), 1),
    # 猛豹: one step diagonally or vertically.
    "FL": d(DIAG + ("F", "B"), 1),
    # 嗔豬: one step orthogonally.
    "AB": d(ORTH, 1),
    # 猛熊: one or two squares forward-diagonally, or one step sideways.
    "VBe": {**d(("FL", "FR"), 2), **d(("L", "R"), 1)},
    # 猛虎: one or two squares vertically, or one step forward-diagonally.
    "ST": {**d(("F", "B"), 2), **d(("FL", "FR"), 1)},
    # 猛牛: one or two squares orthogonally.
    "VO": d(ORTH, 2),
    # 鳩槃: one to five squares diagonally, or one or two orthogonally.
    "D": {**d(DIAG, 5), **d(ORTH, 2)},
    # 夜叉: one to five squares orthogonally, or one or two diagonally.
    "SD": {**d(ORTH, 5), **d(DIAG, 2)},
    # 步兵: one step straight forward.
    "P": {"F": 1},
    # 奇犬: any distance straight forward, or one step straight back.
    "HD": {"F": None, "B": 1},
    # 香車: any distance straight forward.
    "L": {"F": None},
    # 反車: any distance vertically.
    "RC": d(("F", "B"), None),
    # 橫行: any distance sideways, or one step vertically.
    "SM": {**d(("L", "R"), None), **d(("F", "B"), 1)},
    # 豎行 (竪行): any distance vertically, or one step sideways.
    "VM": {**d(("F", "B"), None), **d(("L", "R"), 1)},
    # 大龍: one or two squares vertically, one to three diagonally, any distance sideways.
    "GD": {**d(("F", "B"), 2), **d(DIAG, 3), **d(("L", "R"), None)},
    # 金翅: one or two squares sideways, one to three diagonally, any distance vertically.
    "GBd": {**d(("L", "R"), 2), **d(DIAG, 3), **d(("F", "B"), None)},
    # 青龍: any distance sideways or forward-right, one or two vertically, one step forward-left.
    "BD": {**d(("L", "R", "FR"), None), **d(("F", "B"), 2), "FL": 1},
    # 白虎: any distance vertically or forward-left, one or two sideways, one step forward-right.
    "WT": {**d(("F", "B", "FL"), None), **d(("L", "R"), 2), "FR": 1},
    # 白象: one or two squares orthogonally or forward-diagonally, any distance backward-diagonally.
    "WE": {**d(ORTH + ("FL", "FR"), 2), **d(("BL", "BR"), None)},
    # 香象: one or two squares orthogonally or backward-diagonally, any distance forward-diagonally.
    "FEl": {**d(ORTH + ("BL", "BR"), 2), **d(("FL", "FR"), None)},
    # 前旗: any distance straight forward or forward-diagonally, one or two straight back or backward-diagonally.
    "SBr": {**d(("F", "FL", "FR"), None), **d(("B", "BL", "BR"), 2)},
    # 左車: any distance straight forward, forward-right or backward-left, or one step left.
    "LCh": {**d(("F", "FR", "BL"), None), "L": 1},
    # 右車: any distance straight forward, forward-left or backward-right, or one step right.
    "RCh": {**d(("F", "FL", "BR"), None), "R": 1},
    # 角行: any distance diagonally.
    "B": d(DIAG, None),
    # 飛車: any distance orthogonally.
    "R": d(ORTH, None),
    # 走車: any distance orthogonally, or one step backward-diagonally.
    "FCh": {**d(ORTH, None), **d(("BL", "BR"), 1)},
    # 方行: any distance orthogonally, or one step forward-diagonally.
    "SMo": {**d(ORTH, None), **d(("FL", "FR"), 1)},
    # 龍馬: any distance diagonally, or one step orthogonally.
    "DH": {**d(DIAG, None), **d(ORTH, 1)},
    # 龍王: any distance orthogonally, or one step diagonally.
    "DK": {**d(ORTH, None), **d(DIAG, 1)},
    # 奔鬼: any distance sideways or forward-diagonally, or one to five squares vertically.
    "FDe": {**d(("L", "R", "FL", "FR"), None), **d(("F", "B"), 5)},
    # 奔獏: any distance vertically or forward-diagonally, or one to five squares sideways.
    "FTp": {**d(("F", "B", "FL", "FR"), None), **d(("L", "R"), 5)},
    # 奔王: any distance orthogonally or diagonally.
    "FK": d(ALL8, None),
    # 天狗: any distance diagonally, turning once on an empty square on the way, no double capture.
    "LGn": {"hook": DIAG},
    # 鉤行: any distance orthogonally, turning once on an empty square on the way, no double capture.
    "HM": {"hook": ORTH},
    # 盲猿: one step diagonally or straight back (the text; see daidai.blind-monkey for the diagram).
    "BM": {**d(DIAG, 1), "B": 1},
    # 老鼠: one or two squares forward-diagonally or straight back.
    "OR": d(("FL", "FR", "B"), 2),
    # 狛犬: one to three squares along any of the eight lines, jumping, capturing on the way, igui, pass.
    "LD": {"lion3": ALL8},
    # 獅子: one or two squares in any direction with the Lion's powers (jump, igui, pass, double capture).
    "Ln": {"lion": True},
    # 變狸: one or two squares sideways or straight forward.
    "EBa": d(("L", "R", "F"), 2),
    # 變狐: one or two squares forward-diagonally or straight back.
    "EF": d(("FL", "FR", "B"), 2),
    # 麒麟: one step diagonally, or a jump to exactly the second square orthogonally.
    "Ky": {**d(DIAG, 1), "jumps": [(0, 2), (0, -2), (2, 0), (-2, 0)]},
    # 鳳凰: one step orthogonally, or a jump to exactly the second square diagonally.
    "Ph": {**d(ORTH, 1), "jumps": [(2, 2), (-2, 2), (2, -2), (-2, -2)]},
    # 西戎: one or two squares sideways, or one step vertically.
    "WB": {**d(("L", "R"), 2), **d(("F", "B"), 1)},
    # 東夷: one or two squares vertically, or one step to the right.
    "EB": {**d(("F", "B"), 2), "R": 1},
    # 南蠻: one or two squares backward-diagonally, or one step to the left.
    "SB": {**d(("BL", "BR"), 2), "L": 1},
    # 北狄: one or two squares forward-diagonally, or one step sideways or backward-diagonally.
    "NB": {**d(("FL", "FR"), 2), **d(("L", "R", "BL", "BR"), 1)},
    # 近王: one step orthogonally or diagonally.
    "NK": d(ALL8, 1),
    # 貓刃: one step diagonally.
    "CSw": d(DIAG, 1),
    # 飛龍: one or two squares diagonally.
    "FD": d(DIAG, 2),
    # 水牛: any distance diagonally or sideways, or one or two squares vertically.
    "WBf": {**d(DIAG + ("L", "R"), None), **d(("F", "B"), 2)},
    # 行鳥: any distance sideways, diagonally or straight forward.
    "RB": d(("L", "R", "F") + DIAG, None),
    # 踴鹿: one step diagonally or straight forward, or one or two squares sideways.
    "PSt": {**d(DIAG + ("F",), 1), **d(("L", "R"), 2)},
    # 馬驎 (馬麟): one or two squares orthogonally, or one step forward-diagonally (the text).
    "FH": {**d(ORTH, 2), **d(("FL", "FR"), 1)},
    # 古鵄: one or two squares orthogonally, or one step forward-diagonally.
    "OK": {**d(ORTH, 2), **d(("FL", "FR"), 1)},
    # 毒蛇: one step sideways, or a jump to exactly the second square straight forward or backward-diagonally.
    "PS": {**d(("L", "R"), 1), "jumps": [(0, 2), (-2, -2), (2, -2)]},
    # 山母 (promoted 盲猿): any distance diagonally or straight back, or one step straight forward.
    "MW": {**d(DIAG + ("B",), None), "F": 1},
    # 仙鶴 (promoted 老鼠): any distance diagonally or straight forward, or one step straight back.
    "WS": {**d(DIAG + ("F",), None), "B": 1},
    # 大象 (promoted 狛犬): any distance orthogonally or backward-diagonally, one or two squares
    # forward-diagonally; also the Lion Dog's power orthogonally and backward-diagonally, not forward-diagonally.
    "GE": {**d(ORTH + ("BL", "BR"), None), **d(("FL", "FR"), 2), "lion3": ORTH + ("BL", "BR")},
    # 奮迅 (promoted 獅子): the Lion's and the Lion Dog's powers together.
    "FF": {"lion": True, "lion3": ALL8},
}

# The moves of the other options of the rule choices, as their sources describe them.
ALTERNATIVES: dict[tuple[str, str], tuple[str, dict]] = {
    # the article's diagram, Evans, HaChu: one step diagonally or sideways.
    ("daidai.blind-monkey", "zhwp-diagram"): ("BM", d(DIAG + ("L", "R"), 1)),
    # Evans: every direction but straight back.
    ("daidai.neighbouring-king", "evans"): ("NK", d(("F", "L", "R") + DIAG, 1)),
    # the article's diagram, Evans: the text's move and two squares sideways.
    ("daidai.standard-bearer", "zhwp-diagram"): ("SBr", {**d(("F", "FL", "FR"), None),
                                                           **d(("B", "BL", "BR", "L", "R"), 2)}),
    # 象戯図式's diagram: any distance forward and forward-diagonally, two sideways, one back and back-diagonally.
    ("daidai.standard-bearer", "shogi-zushiki"): ("SBr", {**d(("F", "FL", "FR"), None), **d(("L", "R"), 2),
                                                            **d(("B", "BL", "BR"), 1)}),
    # 象棋六種之図式: any distance diagonally, up to five orthogonally.
    ("daidai.standard-bearer", "rokushu"): ("SBr", {**d(DIAG, None), **d(ORTH, 5)}),
    # 象戯図式's diagram: vertically up to two, one step left.
    ("daidai.eastern-barbarian", "shogi-zushiki-diagram"): ("EB", {**d(("F", "B"), 2), "L": 1}),
    # Evans: vertically up to two, one step sideways or forward-diagonally.
    ("daidai.eastern-barbarian", "evans"): ("EB", {**d(("F", "B"), 2), **d(("L", "R", "FL", "FR"), 1)}),
    # JAWP main text, Evans: backward-diagonally up to two, one step sideways or forward-diagonally.
    ("daidai.southern-barbarian", "evans"): ("SB", {**d(("BL", "BR"), 2), **d(("L", "R", "FL", "FR"), 1)}),
    # 象棋六種之図式: sideways up to two, one step vertically or forward-diagonally.
    ("daidai.southern-barbarian", "rokushu"): ("SB", {**d(("L", "R"), 2), **d(("F", "B", "FL", "FR"), 1)}),
    # Evans: sideways up to two, one step vertically or forward-diagonally.
    ("daidai.western-barbarian", "evans"): ("WB", {**d(("L", "R"), 2), **d(("F", "B", "FL", "FR"), 1)}),
    # the article's diagram, Evans: one step orthogonally, up to two forward-diagonally.
    ("daidai.flying-horse", "zhwp-diagram"): ("FH", {**d(ORTH, 1), **d(("FL", "FR"), 2)}),
    # Evans: sideways and all diagonals any distance, vertically up to five.
    ("daidai.free-demon", "evans"): ("FDe", {**d(("L", "R") + DIAG, None), **d(("F", "B"), 5)}),
    # Evans: vertically and all diagonals any distance, sideways up to five.
    ("daidai.free-dream-eater", "evans"): ("FTp", {**d(("F", "B") + DIAG, None), **d(("L", "R"), 5)}),
    # Evans: forward, forward-left, backward-right any distance, one step back.
    ("daidai.left-chariot", "evans"): ("LCh", {**d(("F", "FL", "BR"), None), "B": 1}),
    # Evans: forward, forward-right, backward-left any distance, one step back.
    ("daidai.right-chariot", "evans"): ("RCh", {**d(("F", "FR", "BL"), None), "B": 1}),
    # 象戯図式's diagram: neither left nor straight back.
    ("daidai.left-general", "shogi-zushiki-diagram"): ("LG", d(("F", "R") + DIAG, 1)),
    ("daidai.left-general", "rokushu"): ("LG", d(ALL8, 1)),
    ("daidai.right-general", "shogi-zushiki-diagram"): ("RG", d(("F", "L") + DIAG, 1)),
    ("daidai.right-general", "rokushu"): ("RG", d(ALL8, 1)),
    # Evans: a plain piece going up to three squares in the eight directions.
    ("daidai.lion-dog", "evans"): ("LD", d(ALL8, 3)),
    # Evans: three vertically and forward-diagonally, five sideways and backward-diagonally.
    ("daidai.great-elephant", "evans"): ("GE", {**d(("F", "B", "FL", "FR"), 3), **d(("L", "R", "BL", "BR"), 5)}),
    # Evans: the Lion's power, or a plain move of up to three squares.
    ("daidai.furious-fiend", "evans"): ("FF", {**d(ALL8, 3), "lion": True}),
    # Evans: the diagonal hook move plus one orthogonal step.
    ("daidai.long-nosed-goblin", "evans"): ("LGn", {**d(ORTH, 1), "hook": DIAG}),
    # 象戯図式's diagram: as the article but not straight back.
    ("daidai.white-elephant", "shogi-zushiki-diagram"): ("WE", {**d(("F", "L", "R", "FL", "FR"), 2),
                                                                 **d(("BL", "BR"), None)}),
    ("daidai.white-elephant", "rokushu"): ("WE", d(ALL8, 2)),
    # 象棋六種之図式 (Dai Dai section): any distance vertically and backward-diagonally.
    ("daidai.mountain-witch", "rokushu"): ("MW", d(("F", "B", "BL", "BR"), None)),
}

SPECIAL_KEYS = ("lion", "lion3", "hook")


def is_special(table: dict) -> bool:
    return any(k in table for k in SPECIAL_KEYS)


def _on(c: int, r: int) -> bool:
    return 0 <= c < N and 0 <= r < N


def _step(c: int, r: int, vec: tuple[int, int]) -> tuple[int, int]:
    # Sente faces rank a (row 0): forward is up (row - 1); sente's right is file 1 (column + 1).
    return c + vec[0], r - vec[1]


def expected_squares(table: dict) -> set[tuple[int, int]]:
    """Column/row pairs the table says a sente piece on the centre of an empty board reaches."""
    out: set[tuple[int, int]] = set()
    c0, r0 = CENTRE
    for key, rng in table.items():
        if key in VEC:
            c, r, n = c0, r0, 0
            while rng is None or n < rng:
                c, r = _step(c, r, VEC[key])
                if not _on(c, r):
                    break
                out.add((c, r))
                n += 1
        elif key == "jumps":
            out |= {sq for v in rng if _on(*(sq := _step(c0, r0, v)))}
        elif key == "lion":
            out |= {(c0 + dc, r0 + dr) for dc in range(-2, 3) for dr in range(-2, 3) if _on(c0 + dc, r0 + dr)}
        elif key == "lion3":
            out.add(CENTRE)  # the pass: one step out to an empty square and back
            for k in rng:
                c, r = c0, r0
                for _ in range(3):
                    c, r = _step(c, r, VEC[k])
                    if _on(c, r):
                        out.add((c, r))
        elif key == "hook":
            for k in rng:
                v = VEC[k]
                turns = ((v[1], -v[0]), (-v[1], v[0]))  # the two 90° turns
                c, r = _step(c0, r0, v)
                while _on(c, r):
                    out.add((c, r))
                    for w in turns:
                        c2, r2 = _step(c, r, w)
                        while _on(c2, r2):
                            out.add((c2, r2))
                            c2, r2 = _step(c2, r2, w)
                    c, r = _step(c, r, v)
        else:
            raise KeyError(key)
    if table.get("lion"):
        out.add(CENTRE)  # the Lion's pass: a step out and back leaves it where it stood
    return out


def engine_squares(code: str, rules: dict | None = None) -> set[tuple[int, int]]:
    c0, r0 = CENTRE
    # the row's piece, or for a promoted-only row its promoted base, as the article's rule set has it
    token = row_type(RuleSet.of("daidai").tables, code).fen.upper()
    pos = Position.from_pieces("daidai", {square_name(N - c0, r0): token}, rules=rules)
    sq = pos.geometry.at(c0, r0)
    assert pos.tables.types[pos.board[sq] >> 1].kind.code == code
    g = pos.geometry
    return {(g.column(m[1]), g.row(m[1])) for m in pos.legal_moves()}


def _names(squares) -> list[str]:
    return sorted(square_name(N - c, r) for c, r in squares)


def check(code: str, table: dict, rules: dict | None = None) -> None:
    want = expected_squares(table)
    got = engine_squares(code, rules)
    assert got == want, f"{code}: missing {_names(want - got)}, extra {_names(got - want)}"


PLAIN = sorted(c for c, t in EXPECTED.items() if not is_special(t))
SPECIAL = sorted(c for c, t in EXPECTED.items() if is_special(t))
ALT_PLAIN = sorted(k for k, (_, t) in ALTERNATIVES.items() if not is_special(t))
ALT_SPECIAL = sorted(k for k, (_, t) in ALTERNATIVES.items() if is_special(t))


def test_every_row_has_an_expectation():
    assert set(EXPECTED) == {p.code for p in VARIANT.pieces}


@pytest.mark.parametrize("code", PLAIN)
def test_plain_piece_destinations(code):
    check(code, EXPECTED[code])


@pytest.mark.parametrize("code", SPECIAL)
def test_special_piece_destinations(code):
    check(code, EXPECTED[code])


def layer(choice: str, option: str) -> dict[str, str]:
    """A rule set that picks this option together with options of other choices (compiling the move
    tables of a 17×17 rule set takes a while, so the alternatives share a few rule sets: each choice's
    n-th non-default option goes into the n-th one; every choice changes only its own pieces)."""
    c = VARIANT.rule_choice(choice)
    n = [o.id for o in c.options if o.id != c.default].index(option)
    out = {}
    for other in VARIANT.rule_choices:
        rest = [o.id for o in other.options if o.id != other.default]
        if len(rest) > n:
            out[other.id] = rest[n]
    assert out[choice] == option
    return out


@pytest.mark.parametrize("choice,option", ALT_PLAIN)
def test_plain_alternative_destinations(choice, option):
    code, table = ALTERNATIVES[(choice, option)]
    check(code, table, layer(choice, option))


@pytest.mark.parametrize("choice,option", ALT_SPECIAL)
def test_special_alternative_destinations(choice, option):
    code, table = ALTERNATIVES[(choice, option)]
    check(code, table, layer(choice, option))


def test_each_choice_touches_only_its_own_pieces():
    # What makes the shared rule sets of the alternative tests sound.
    owners = {}
    for c in VARIANT.rule_choices:
        for o in c.options:
            for code in o.effects["pieces"]:
                assert owners.setdefault(code, c.id) == c.id, code


def test_every_non_default_option_has_an_expectation():
    options = {(c.id, o.id) for c in VARIANT.rule_choices for o in c.options if o.id != c.default}
    assert options == set(ALTERNATIVES)


# --- rule choices and citations -------------------------------------------------------------------

def test_rule_choice_ids_and_defaults():
    ids = [c.id for c in VARIANT.rule_choices]
    assert len(set(ids)) == len(ids)
    for c in VARIANT.rule_choices:
        assert re.fullmatch(r"daidai\.[a-z0-9]+(-[a-z0-9]+)*", c.id), c.id
        assert c.default == "zhwp"
        for o in c.options:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", o.id), o.id
            assert set(o.effects) == {"pieces"}


def test_default_options_restate_the_rows():
    # The article's option of every choice describes the rows as they stand.
    for c in VARIANT.rule_choices:
        for code, fields in c.option("zhwp").effects["pieces"].items():
            row = VARIANT.piece_by_code[code]
            for name, value in fields.items():
                assert getattr(row, name) == value, (c.id, code, name)


def _rows(choice_id: str, option_id: str, codes) -> tuple:
    v = RuleSet.of("daidai", {choice_id: option_id}).variant
    return tuple((v.piece_by_code[c].betza, v.piece_by_code[c].extra) for c in sorted(codes))


def test_options_of_each_choice_really_differ():
    for c in VARIANT.rule_choices:
        codes = set().union(*(o.effects["pieces"] for o in c.options))
        seen = {}
        for o in c.options:
            rows = _rows(c.id, o.id, codes)
            assert rows not in seen.values(), f"{c.id}: {o.id} gives the same rows as another option"
            seen[o.id] = rows
        for a, b in itertools.combinations(c.options, 2):
            assert seen[a.id] != seen[b.id]


def test_every_cited_key_exists():
    keys = bib_keys()
    for p in VARIANT.pieces:
        assert p.sources, p.code
        assert "zhwp-daidai" in p.sources, p.code
    for c in VARIANT.rule_choices:
        for o in c.options:
            assert o.sources, (c.id, o.id)
    cited = cited_keys(VARIANT)
    assert cited <= keys, sorted(cited - keys)


# --- promotion ------------------------------------------------------------------------------------

# The article's promotion table (有升級之棋子), left column → right column, as the article spells it.
ZHWP_PROMOTIONS = {
    "盲猿": "山母", "老鼠": "仙鶴", "狛犬": "大象", "獅子": "奮迅", "變狸": "鳩槃", "變狐": "夜叉",
    "麒麟": "大龍", "鳯凰": "金翅", "西戎": "狛犬", "東夷": "獅子", "南蠻": "白象", "北狄": "香象",
    "近王": "前旗", "貓刃": "龍馬", "飛龍": "龍王", "水牛": "奔獏", "行鳥": "奔鬼", "踴鹿": "方行",
    "馬麟": "奔王", "古鵄": "天狗", "毒蛇": "鉤行",
}
# The article writes some names two ways; rows carry the set-up table's spelling.
ZHWP_SPELLINGS = {"鳯凰": "鳳凰", "鉄將": "鐵將", "豎行": "竪行", "馬驎": "馬麟"}


@needs_article("daidai")
def test_promotion_table_is_the_articles():
    lines = article_text("daidai").split("\n")
    start = lines.index("有升級之棋子")
    pairs = {}
    for line in lines[start + 1:]:
        if line.startswith("外部連結"):
            break
        parts = line.split("\t")
        if len(parts) == 2 and all(1 < len(p) <= 2 for p in parts):
            pairs[parts[0]] = parts[1]
    assert pairs == ZHWP_PROMOTIONS


def test_promotions_reproduce_the_articles_table():
    by_kanji = {p.kanji: p for p in VARIANT.pieces}
    for before, after in ZHWP_PROMOTIONS.items():
        row = by_kanji[japanese(ZHWP_SPELLINGS.get(before, before))]
        assert row.promotes_to, before
        assert VARIANT.piece_by_code[row.promotes_to].kanji == japanese(ZHWP_SPELLINGS.get(after, after)), before
    promoting = {p.kanji for p in VARIANT.pieces if p.promotes_to}
    assert promoting == {japanese(ZHWP_SPELLINGS.get(k, k)) for k in ZHWP_PROMOTIONS}


def test_promoted_types_carry_the_promoted_rows():
    # A promoted piece moves as its promotion row and never promotes again (西戎 → 狛犬 stays a Lion Dog).
    tables = RuleSet.of("daidai").tables
    promoted = [t for t in tables.types[1:] if t.promoted]
    assert len(promoted) == 21
    for t in promoted:
        assert t.kind.code == t.base.promotes_to
        assert t.promotion is None


def test_a_capture_promotes_compulsorily():
    # The article: promotion does not depend on where a piece goes; capturing promotes, and must.
    pos = Position.from_pieces("daidai", {"9i": "(KY)", "9g": "p"})
    g = pos.geometry
    moves = pos.legal_moves()
    assert {m[2] for m in moves if g.name(m[1]) == "9g"} == {True}
    assert {m[2] for m in moves if g.name(m[1]) != "9g"} == {False}
    pos.push(next(m for m in moves if g.name(m[1]) == "9g"))
    t = pos.tables.types[pos.board[g.parse("9g")] >> 1]
    assert t.promoted and t.kind.kanji == "大龍"


def test_pawns_and_most_pieces_never_promote():
    # The article: most pieces, the pawn among them, have no promotion at all.
    pos = Position.from_pieces("daidai", {"9i": "P", "9h": "p"})
    assert [m[2] for m in pos.legal_moves()] == [False]


def test_a_piece_on_the_last_rank_stays():
    # Evans: a piece that reaches the last rank and cannot move stays there until captured.
    pos = Position.from_pieces("daidai", {"9a": "P", "1q": "k"})
    g = pos.geometry
    assert not [m for m in pos.legal_moves() if g.name(m[0]) == "9a"]


@pytest.mark.parametrize("option,jumps", [("zhwp", True), ("evans", False)])
def test_lion_dog_jumps_only_as_a_linear_lion(option, jumps):
    # The article: the Lion Dog may jump what stands in its way along the line; Evans' plain piece may not.
    pos = Position.from_pieces("daidai", {"9i": "(LD)", "9h": "P"}, rules={"daidai.lion-dog": option})
    g = pos.geometry
    forward = {g.name(m[1]) for m in pos.legal_moves() if g.name(m[0]) == "9i"} & {"9g", "9f"}
    assert forward == ({"9g", "9f"} if jumps else set())
