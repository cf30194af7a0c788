"""An independent cross-check of every piece's moves against Steve Evans' decoded piece tables.

The variant data follow the Chinese Wikipedia articles; Steve Evans' "Shogi Variants" data
(``Wa.dat``, ``Tenjiku.dat``, ``DaiDai.dat``, ``Maka.dat``, in the TSA notation of The Shogi
Association) were not used to write them. ``shared/reference/evans-tables.md``, beside the clone,
holds those tables decoded: one row per piece as ``| id | name | abbr | moves (dir:range) |
promotes to |``, directions F, B, L, R, FL, FR, BL, BR seen by the piece's owner (rules catalogue,
appendix). When the file is not there the tests are skipped (on CI, where ``CI`` is set, they fail), as the article-based tests are without
the Chinese Wikipedia articles.

For every row, the piece is placed alone, as sente, on the central square of an empty board (Wa also
needs both kings: they stand where no piece's line or leap reaches), and the targets of its legal
moves are compared with the squares Evans' entries give there:

* ``n:dirs`` up to n squares, ``∞`` the whole line, ``J2`` the second square only, ``1|J2`` the first
  two, ``J2-3`` the second and third, ``∞+J2`` the whole line (the jump adds nothing on an empty
  board), ``knight:F/B`` the knight's leaps forwards / backwards, ``lion2`` the first two squares of
  the line, ``∞jump-capture(rank)`` (the ranked range jumpers, special G) the whole line, ``hook``
  the line and every line turned by 90° from one of its squares;
* ``special=L`` (Lion) and ``D`` (TSA Lion Hawk, two free steps) every square within two, ``F`` (Fire
  Demon) every square within three, ``E`` (Emperor) every square of the board; ``G`` (rank of a range
  jumper or king), ``T`` (Tetrarchs' igui: only on an adjacent enemy), ``C`` (royal prince), ``1``
  and ``2`` (dead on the last rank / last two ranks) add no square on an empty board.

The rule set is the one that corresponds to Evans' program:

* Wa: the defaults (the drops choice does not touch the moves);
* Tenjiku: every ``tsa`` option, but ``tenjiku.range-jump.capture=zhwp`` and
  ``tenjiku.fire-demon.meeting=zhwp`` (the "evans" set of ``test_tenjiku_rule_choices.py``);
* Dai Dai and Maka Dai Dai: for every rule choice the option named ``evans``; where there is none,
  the option that cites Evans (``evans-shogivar``) — the default if it cites him, else the only one
  that does (``daidai.blind-monkey``, ``daidai.standard-bearer``, ``daidai.flying-horse``:
  ``zhwp-diagram``; ``makadaidai.wizard-stork``: ``modern``; the promotion and conversion choices,
  which do not touch the moves); the default where no option cites him.

An Evans row is mapped to the engine's piece by its abbreviation (the piece codes are Evans' TSA
codes; ``code_aliases`` for the others); ``+X`` is the promoted X, and the "promotes to" column picks
between a piece that promotes and the same piece as a promoted-only form (the engine type must then
promote to the piece Evans names, or not promote when he names none). Every engine type that fits
the row is checked.

Where the engine differs from a decoded row for a documented reason (it follows a source that
disagrees, or the decoded row loses a move that Evans' own rule text gives), the row is listed in
:data:`KNOWN_DIFFERENCES` with the reason, and :data:`ENGINE_READINGS` gives the engine's reading in
the same notation: the test then asserts that the engine gives exactly that reading and that it
differs from the decoded row, so any other change fails.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache

import pytest

from helpers import SHARED_DIR, skip_unless_ci
from shogi_rules.model.geometry import SENTE, Geometry
from shogi_rules.engine.position import Position
from shogi_rules.compiled.variant import RuleSet, get_variant

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(SHARED_DIR, "reference", "evans-tables.md")
SKIP_REASON = f"Evans' decoded tables are not available here ({os.path.normpath(REFERENCE)})"

TABLES = {"Wa.dat": "wa", "Tenjiku.dat": "tenjiku", "DaiDai.dat": "daidai", "Maka.dat": "makadaidai"}
RANKS = "abcdefghijklmnopqrs"

# Directions as (file step, rank step) for sente: files are numbered from sente's right, ranks run
# from a at the top (gote's side), so forward lowers the rank index and right lowers the file number.
DIRS = {"F": (0, -1), "B": (0, 1), "L": (1, 0), "R": (-1, 0),
        "FL": (1, -1), "FR": (-1, -1), "BL": (1, 1), "BR": (-1, 1)}
ALL8 = tuple(DIRS)


# --- Evans' tables -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    id: int
    name: str
    abbr: str
    moves: str
    promotes_to: str


def parse_tables(text: str) -> dict[str, dict[int, Row]]:
    """``{variant id: {row id: Row}}`` for the tables of :data:`TABLES` that the text holds."""
    out: dict[str, dict[int, Row]] = {}
    for section in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        title, _, body = section.partition("\n")
        variant = TABLES.get(title.strip())
        if variant is None:
            continue
        rows: dict[int, Row] = {}
        for line in body.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 5 or not cells[0].isdigit():
                continue  # the header, its rule, blank lines
            # the moves cell may hold a "|" itself ("1|J2:F/B"): it is everything between abbr and promotion
            moves = "|".join(cells[3:-1])
            rows[int(cells[0])] = Row(int(cells[0]), cells[1], cells[2], moves, cells[-1])
        out[variant] = rows
    return out


def _load() -> dict[str, dict[int, Row]]:
    if not os.path.isfile(REFERENCE):
        return {}
    with open(REFERENCE, encoding="utf-8") as f:
        return parse_tables(f.read())


ROWS = _load()


# --- the squares Evans' entries give on an empty board ------------------------------------------------

def board_size(variant: str) -> int:
    v = get_variant(variant)
    assert v.files == v.ranks
    return v.files


def centre(variant: str) -> tuple[int, int]:
    """(file, rank index) of the central square: 6f (Wa), 8h (Tenjiku), 9i (Dai Dai), 10j (Maka)."""
    n = board_size(variant)
    return (n + 1) // 2, (n + 1) // 2 - 1


def name(square: tuple[int, int]) -> str:
    return f"{square[0]}{RANKS[square[1]]}"


def expected_targets(variant: str, moves: str) -> frozenset[str]:
    """The squares a sente piece on the central square of an empty board reaches by Evans' entries."""
    n = board_size(variant)
    f0, r0 = centre(variant)

    def on(f: int, r: int) -> bool:
        return 1 <= f <= n and 0 <= r < n

    def line(f: int, r: int, d: tuple[int, int], first: int = 1, last: int | None = None) -> list:
        out, k = [], first
        while (last is None or k <= last) and on(f + k * d[0], r + k * d[1]):
            out.append((f + k * d[0], r + k * d[1]))
            k += 1
        return out

    squares: set[tuple[int, int]] = set()
    for entry in (e.strip() for e in moves.split(";")):
        if entry.startswith("area="):  # not Evans' notation: an area move of that reach (ENGINE_READINGS)
            reach = int(entry[len("area="):])
            squares.update((f, r) for f in range(f0 - reach, f0 + reach + 1)
                           for r in range(r0 - reach, r0 + reach + 1) if on(f, r))
            continue
        if entry.startswith("special="):
            for letter in entry[len("special="):]:
                if letter in "LD":      # lion; TSA lion hawk's two free steps
                    reach = 2
                elif letter == "F":     # fire demon's three steps
                    reach = 3
                elif letter == "E":     # emperor: anywhere
                    reach = n
                elif letter in "GTC12":  # rank, igui, royalty, dead squares: nothing on an empty board
                    continue
                else:
                    raise ValueError(f"unknown special {letter!r} in {moves!r}")
                squares.update((f, r) for f in range(f0 - reach, f0 + reach + 1)
                               for r in range(r0 - reach, r0 + reach + 1) if on(f, r))
            continue
        rng, _, dirs = entry.partition(":")
        for key in dirs.split("/"):
            if rng == "knight":
                dr = {"F": -2, "B": 2}[key]
                squares.update((f0 + df, r0 + dr) for df in (-1, 1) if on(f0 + df, r0 + dr))
                continue
            d = DIRS[key]
            jump = re.fullmatch(r"J(\d+)-(\d+|∞)", rng)
            if rng in ("∞", "∞+J2", "∞jump-capture(rank)"):
                squares.update(line(f0, r0, d))
            elif rng.isdigit():
                squares.update(line(f0, r0, d, 1, int(rng)))
            elif rng == "J2":
                squares.update(line(f0, r0, d, 2, 2))
            elif rng in ("1|J2", "lion2"):
                squares.update(line(f0, r0, d, 1, 2))
            elif jump:  # J2-3: the second and third squares (J2-∞: from the second square on)
                last = None if jump[2] == "∞" else int(jump[2])
                squares.update(line(f0, r0, d, int(jump[1]), last))
            elif rng == "hook":
                for f, r in line(f0, r0, d):
                    squares.add((f, r))
                    for turn in ((-d[1], d[0]), (d[1], -d[0])):
                        squares.update(line(f, r, turn))
            else:
                raise ValueError(f"unknown range {rng!r} in {moves!r}")
    squares.discard((f0, r0))
    return frozenset(name(s) for s in squares)


# --- the engine side -------------------------------------------------------------------------------

def evans_choices(variant: str) -> dict[str, str]:
    """The rule options that correspond to Evans' program (see the module docstring)."""
    choices = get_variant(variant).rule_choices
    if variant == "wa":
        return {}
    if variant == "tenjiku":
        out = {c.id: "tsa" for c in choices if any(o.id == "tsa" for o in c.options)}
        out.update({"tenjiku.range-jump.capture": "zhwp", "tenjiku.fire-demon.meeting": "zhwp"})
        return out
    out = {}
    for c in choices:
        ids = [o.id for o in c.options]
        citing = [o.id for o in c.options if "evans-shogivar" in o.sources]
        if "evans" in ids:
            out[c.id] = "evans"
        elif c.default in citing:
            out[c.id] = c.default
        elif len(citing) == 1:
            out[c.id] = citing[0]
        else:
            assert not citing, f"{c.id}: several options cite Evans and none is named 'evans': {citing}"
            out[c.id] = c.default
    return out


@cache
def rule_set(variant: str) -> RuleSet:
    """Evans' rule set of ``variant``, built once (only the choices that differ from the defaults)."""
    defaults = {c.id: c.default for c in get_variant(variant).rule_choices}
    rules = {k: v for k, v in evans_choices(variant).items() if defaults[k] != v}
    return RuleSet.of(variant, rules or None)


def engine_kind(variant: str, abbr: str):
    """The engine's piece row for an Evans abbreviation (``+X``: the row X promotes to)."""
    v = rule_set(variant).variant
    code = abbr.removeprefix("+")
    kind = v.piece_by_code[v.code_aliases.get(code, code)]
    return v.piece_by_code[kind.promotes_to] if abbr.startswith("+") else kind


def _norm(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def engine_types(variant: str, row: Row) -> list:
    """The engine's piece types that fit an Evans row: the same piece, promoted from the piece the
    ``+X`` names, and promoting to the piece Evans names (or not promoting when he names none)."""
    types = rule_set(variant).tables.types
    kind = engine_kind(variant, row.abbr)
    if row.abbr.startswith("+"):
        base = engine_kind(variant, row.abbr[1:]).code
        return [t for t in types[1:] if t.promoted and t.base.code == base and t.kind.code == kind.code]
    if row.promotes_to:
        target = next((r for r in ROWS[variant].values() if _norm(r.name) == _norm(row.promotes_to)), None)
        assert target is not None, f"{variant}: no row named {row.promotes_to!r}, which {row.name} promotes to"
        promoted = engine_kind(variant, target.abbr).code
        return [t for t in types[1:] if t.kind.code == kind.code and t.promotion is not None
                and types[t.promotion].kind.code == promoted]
    return [t for t in types[1:] if t.kind.code == kind.code and t.promotion is None]


def kings(variant: str) -> dict[tuple[int, int], str]:
    """Both kings, where a variant wants them, off every line and leap of the central square."""
    rs = rule_set(variant)
    if not rs.variant.check_rules:
        return {}
    f0, r0 = centre(variant)
    royal = next(t for t in rs.tables.types[1:] if t.royal and not t.promoted)
    return {(f0 - 5, r0 - 4): royal.fen.upper(), (f0 + 5, r0 + 4): royal.fen.lower()}


@cache
def engine_targets(variant: str, type_code: str) -> frozenset[str]:
    """The targets of the legal moves of a sente ``type_code`` alone on the central square."""
    rs = rule_set(variant)
    t = rs.tables.types[rs.tables.by_code[type_code]]
    pieces = {name(sq): fen for sq, fen in kings(variant).items()
              if not (t.royal and fen.isupper())}
    here = name(centre(variant))
    pieces[here] = t.fen.upper()  # sente: upper case (a FEN code may mix cases, as (FFa))
    pos = Position.from_pieces(rs, pieces, turn=SENTE)
    geometry = Geometry(rs.variant.files, rs.variant.ranks)
    origin = geometry.parse(here)
    return frozenset(geometry.name(m.target) for m in pos.legal_moves()
                     if m.origin == origin and m.target != origin)


# --- where the engine follows another source ------------------------------------------------------

# Evans' own rule text is quoted from ``Tenjiku.rul`` of the Debian package ``shogivar-data`` 1.55b-3
# (/usr/share/games/shogivar/), the EVANS source of the rules catalogue (§0). The decoded tables hold
# one special letter per piece; moves that Evans' program hard-codes for a piece beyond that letter
# are missing from them.
KNOWN_DIFFERENCES: dict[tuple[str, str], str] = {
    ("tenjiku", "HT"): (
        "The decoded row gives the diagonals as ∞ from the first square; Evans' own Tenjiku.rul ('THE "
        "HEAVENLY TETRARCHS') says the Tetrarchs 'can not move to any of the eight adjacent squares' "
        "(it only captures there by igui) and 'jump over an adjacent square ... to move from the second "
        "square onwards on the diagonals'; TSA as the rules catalogue gives it agrees (§3.3 row 8: "
        "'diag any but >=2 squares, sideways 2-3 squares'; EVANS = TSA + igui). The engine follows them "
        "(tenjiku.tetrarchs.move=tsa): the decoded table lost the program's hard-coded rule (special=T)."),
    ("tenjiku", "VGn"): (
        "The decoded row has the range jump only (special=G, the one special letter the .dat holds); "
        "Evans' own Tenjiku.rul ('AREA MOVE PIECES': 'The Fire Demon and Vice General can in one turn "
        "reach any square ... within three squares') and the article (副将斜向跳跃至任意距离远的目标格,"
        "或自由变换方向移动一至三步) both give the Vice General the three-step area move as well, and so "
        "does the engine; no rule choice is involved."),
}
"""(variant, Evans abbreviation) -> why the engine differs from Evans' decoded row there."""

ENGINE_READINGS: dict[tuple[str, str], str] = {
    ("tenjiku", "HT"): "J2-3:L/R; J2-∞:FL/FR/BL/BR; special=T",
    ("tenjiku", "VGn"): "∞jump-capture(rank):FL/FR/BL/BR; special=G; area=3",
}
"""(variant, Evans abbreviation) -> the engine's reading, in Evans' notation (``J2-∞``: from the second
square on; ``area=3``: every square within three, the Fire Demon's area move without the burning)."""


# --- the tests --------------------------------------------------------------------------------------

ROW_IDS = [(v, i) for v in TABLES.values() if v in ROWS for i in sorted(ROWS[v])]
PARAMS = [pytest.param(v, i, id=f"{v}-{i}-{ROWS[v][i].abbr}") for v, i in ROW_IDS] or [
    pytest.param(None, None, id="no-reference")]


def test_known_differences_are_documented():
    assert KNOWN_DIFFERENCES.keys() == ENGINE_READINGS.keys()
    for key, why in KNOWN_DIFFERENCES.items():
        assert len(why) > 40, key
    if not ROWS:
        skip_unless_ci(SKIP_REASON)
    abbrs = {(v, r.abbr) for v, rows in ROWS.items() for r in rows.values()}
    assert set(KNOWN_DIFFERENCES) <= abbrs


def test_evans_rule_sets():
    """Where Dai Dai and Maka Dai Dai have no option named ``evans``, the option citing Evans is taken:
    these are the ones (the module docstring lists them)."""
    fallbacks = {}
    for variant in ("daidai", "makadaidai"):
        for c in get_variant(variant).rule_choices:
            option = evans_choices(variant)[c.id]
            if option not in ("evans", c.default):
                fallbacks[c.id] = option
    assert fallbacks == {
        "daidai.blind-monkey": "zhwp-diagram", "daidai.standard-bearer": "zhwp-diagram",
        "daidai.flying-horse": "zhwp-diagram", "makadaidai.wizard-stork": "modern",
        "makadaidai.promotion": "compulsory", "makadaidai.conversion": "off"}
    assert evans_choices("tenjiku")["tenjiku.range-jump.capture"] == "zhwp"
    assert evans_choices("tenjiku")["tenjiku.fire-demon.meeting"] == "zhwp"


@pytest.mark.parametrize("variant,row_id", PARAMS)
def test_piece_moves_match_evans(variant, row_id):
    if variant is None:
        skip_unless_ci(SKIP_REASON)
    row = ROWS[variant][row_id]
    evans = expected_targets(variant, row.moves)
    types = engine_types(variant, row)
    assert types, f"no engine piece fits {row} (the promotion disagrees?)"
    assert not evans & {name(sq) for sq in kings(variant)}, "a king stands where the piece should go"
    for t in types:
        got = engine_targets(variant, t.code)
        key = (variant, row.abbr)
        if key in KNOWN_DIFFERENCES:
            reading = expected_targets(variant, ENGINE_READINGS[key])
            assert reading != evans, f"{key}: the documented reading is Evans' own; drop the entry"
            assert got == reading, (
                f"{t.code} ({t.kind.english}): engine-only {sorted(got - reading)}, "
                f"missing {sorted(reading - got)} against the documented reading {ENGINE_READINGS[key]!r}")
        else:
            assert got == evans, (
                f"{t.code} ({t.kind.english}) against Evans {row.moves!r}: "
                f"engine-only {sorted(got - evans)}, Evans-only {sorted(evans - got)}")
