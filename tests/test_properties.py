"""Properties that must hold for every position and every input, checked with hypothesis.

* make and unmake: ``pop`` restores board, hands, side, hash and FEN after any sequence of moves, in
  every variant: from the start of every rule set of ``tests/rule_sets.py`` (each variant, and the options
  that change the frame of its game) and from positions crowded with the large variants' special pieces
  (lions, Fire Demons, range jumpers, hook movers, Tetrarchs, the Emperor, Deva and Dark Spirit, …); the
  generators assume no board size (``tests/test_registry.py`` runs them on a 5×5 game);
* the incremental Zobrist hash equals the hash computed from scratch after every move;
* pieces are conserved: with drops every piece is on the board or in a hand (counted by its
  unpromoted type); without drops (Wa's historical rule) the count falls by the captures, no more;
* FEN (and, for shogi, SFEN) written then read gives the same position;
* the readers raise the project's own errors (:class:`shogi_rules.ShogiRulesError`), nothing else, on
  junk — random text, huge numbers, 100 KB strings and near misses made by mutating valid FENs, SFENs,
  moves, names and game records — and their messages stay short;
* an argument of the wrong type raises :class:`TypeError`; a square off the board an error, never a
  wrap-around;
* a record written with any numbering, comments, byte-order mark and line ends reads as its moves;
* the command exits 0 (nothing on standard error), 1 (``replay``/``check-record``: the answer is no) or
  2 (one line on standard error, no traceback), whatever the arguments, record commands and deep perfts
  included: a count still running after a second is stopped as Ctrl-C stops it (exit 130, one line
  saying what was counted).

Every test runs hypothesis with ``derandomize=True``: the same examples on every run. The long random
games are in ``test_soak.py``.
"""

from __future__ import annotations

import re
import signal
import shutil
import subprocess
import sys
from collections import Counter
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shogi_rules import (GOTE, SENTE, Move, Position, RecordError, RuleSet, ShogiRulesError, SquareError, VARIANT_IDS,
                         get_variant)
from shogi_rules.notation.fen import read_sfen, write_sfen
from shogi_rules.apps.cli import main
from shogi_rules.model.geometry import Geometry
from shogi_rules.notation.records import check_record, read_record, replay

from rule_sets import RULE_SETS  # noqa: E402  (made from the variant registry)

RULE_SET_NAMES = tuple(RULE_SETS)
"""Every rule set of ``tests/rule_sets.py``: every variant, and the options that change the frame of its game."""
SMALLEST, LARGEST = VARIANT_IDS[0], VARIANT_IDS[-1]  # the registry presents the variants by board size
RULE_ASSIGNMENTS = [f"{c.id}={o.id}" for v in VARIANT_IDS for c in get_variant(v).rule_choices for o in c.options]


def examples(n: int):
    return settings(max_examples=n, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.filter_too_much, HealthCheck.data_too_large])


MOVES = examples(100)      # random games from the start of the shogi family
SPECIAL = examples(40)     # crowded positions of every variant (a large-board move costs milliseconds)
JUNK = examples(300)       # readers on junk
COMMAND = examples(150)    # the command on junk (each run parses arguments and may read a file)

# A move sequence is a list of numbers; each picks a move (see ``pick``).
SEQUENCES = st.lists(st.integers(min_value=0, max_value=10_000), max_size=60)


def pick(pos, n: int):
    """The move that ``n`` names: n % 3 == 0 prefers a capture, 1 a drop, 2 any move (n // 3 chooses)."""
    moves = pos.legal_moves()
    if not moves:
        return None
    kind, index = n % 3, n // 3
    if kind == 0:
        pool = [m for m in moves if m.origin is not None and (pos.board[m.target] or any(pos.board[s] for s in m.path))]
    elif kind == 1:
        pool = [m for m in moves if m.origin is None]
    else:
        pool = []
    pool = pool or moves
    return pool[index % len(pool)]


def snapshot(pos):
    return (pos.board[:], [h[:] for h in pos.hands], pos.turn, pos.hash, pos.fen(), pos.kings[:],
            pos.halfmove_clock, pos.move_number, pos.ply, len(pos.move_stack))


def census(pos) -> Counter:
    """Pieces by unpromoted type, on the board and in both hands together."""
    t = pos.tables
    count = Counter(t.demotes[code] for code in pos.board if code)
    for hand in pos.hands:
        for tid, n in enumerate(hand):
            if n:
                count[tid] += n
    return count


def captured_by(pos, move) -> int:
    if move.origin is None:
        return 0
    return sum(1 for s in {*move.path, move.target} if s != move.origin and pos.board[s])


def assert_fen_round_trip(pos) -> None:
    text = pos.fen()
    again = Position(pos.rules, fen=text)
    assert again == pos, text
    assert again.fen() == text
    assert again.hash == pos.hash
    assert again.halfmove_clock == pos.halfmove_clock and again.move_number == pos.move_number


def play_and_unwind(pos, numbers, conserve: bool = True) -> None:
    """Play the moves ``numbers`` pick, checking the hash and the pieces after each, FEN now and then;
    then take every move back, checking that each ``pop`` restores exactly the position before it."""
    drops = pos.variant.drops
    start = pos.fen()
    before = census(pos)
    on_board = sum(1 for c in pos.board if c)
    stack = []
    for i, n in enumerate(numbers):
        move = pick(pos, n)
        if move is None:
            break
        captures = captured_by(pos, move)
        stack.append(snapshot(pos))
        pos.push(move)
        assert pos.hash == pos._compute_hash(), f"{pos.fen()} after {move}"
        now = sum(1 for c in pos.board if c)
        if drops:
            assert census(pos) == before
        elif conserve:
            assert not any(any(h) for h in pos.hands)
            # a capture removes the captured pieces; a Fire Demon's burn removes more, never fewer
            assert now <= on_board - captures if pos.tables.any_burner else now == on_board - captures
            assert all(census(pos)[tid] <= k for tid, k in before.items()) or pos.tables.any_converter
        on_board = now
        if i % 8 == 7:
            assert_fen_round_trip(pos)
    assert_fen_round_trip(pos)
    while stack:
        pos.pop()
        assert snapshot(pos) == stack.pop()
        assert pos.hash == pos._compute_hash()
    assert pos.fen() == start


# --- make / unmake, hash, conservation, FEN: the shogi family from the start ------------------------------
@pytest.mark.parametrize("name", RULE_SET_NAMES)
@MOVES
@given(numbers=SEQUENCES)
def test_make_unmake_hash_and_piece_counts(name, numbers, make_position):
    play_and_unwind(make_position(name), numbers)


def walk(make_position, name, numbers):
    pos = make_position(name)
    for n in numbers:
        move = pick(pos, n)
        if move is None:
            break
        pos.push(move)
    return pos


@pytest.mark.parametrize("name", RULE_SET_NAMES)
@MOVES
@given(numbers=SEQUENCES)
def test_fen_round_trip(name, numbers, make_position):
    assert_fen_round_trip(walk(make_position, name, numbers))


@MOVES
@given(numbers=SEQUENCES)
def test_sfen_round_trip(numbers, make_position):
    pos = walk(make_position, "shogi", numbers)
    text = write_sfen(pos)
    again = read_sfen(text)
    assert again == pos
    assert write_sfen(again) == text
    assert again.hash == pos.hash
    import shogi  # python-shogi (a test dependency) reads and writes the same SFEN
    assert shogi.Board(text).sfen() == text


# --- make / unmake, hash, FEN: every variant from positions crowded with special pieces -------------------
def special_types(tables) -> list:
    """The piece types whose moves or effects go beyond steps, slides and jumps, promoted ones included:
    lion power, area moves, range jumps, hooks, igui, the Emperor, burning, freezing, converting, royalty."""
    return [t for t in tables.types[1:]
            if tables.specials[2 * t.id] or t.kind.burns or t.kind.immobilises or t.kind.converts_capturer_to
            or t.royal]


@st.composite
def crowded_positions(draw, variant: str):
    """A position of ``variant``: a king a side and up to 40 more pieces, three in four of them special
    (where the variant has any), on random squares, either side to move, and for variants with drops a hand (no more
    pieces of a kind, on the board and in hand, than the sets hold: one past that leaves its square empty)."""
    pos = Position(variant)
    t, g = pos.tables, pos.geometry
    special = [x for x in special_types(t) if not x.royal] or [x for x in t.types[1:] if not x.royal]
    ordinary = [x for x in t.types[1:] if not x.royal]
    kings = [x for x in t.types[1:] if x.royal and not x.promoted]
    cells = draw(st.lists(st.tuples(st.integers(0, g.size - 1), st.booleans(), st.integers(0, 3),
                                    st.integers(0, 10_000)), min_size=min(8, g.size // 3),
                          max_size=min(40, g.size // 2), unique_by=lambda c: c[0]))  # any board, 5×5 included
    free = sorted(set(range(g.size)) - {c[0] for c in cells})
    pieces = {}
    placed: Counter[int] = Counter()  # with drops, the pieces of each base type so far: no more than the sets hold

    def room(kind) -> bool:
        base = t.demotes[2 * kind.id]
        if pos.variant.drops and placed[base] >= t.supply.get(base, 0):
            return False
        placed[base] += 1
        return True

    for color, where in ((SENTE, draw(st.integers(0, len(free) - 1))), (GOTE, draw(st.integers(0, len(free) - 2)))):
        sq = free.pop(where)
        room(kings[0])
        fen = kings[0].fen
        pieces[g.name(sq)] = fen.upper() if color == SENTE else fen.lower()
    for sq, gote, which, n in cells:
        pool = ordinary if which == 0 else special
        kind = pool[n % len(pool)]
        if room(kind):  # (a piece past the sets' supply leaves its square empty, on a small board too)
            pieces[g.name(sq)] = kind.fen.lower() if gote else kind.fen.upper()
    hand = ""
    if pos.variant.drops:
        hand_types = [t.types[i] for i in t.hand_types()]
        hand = "".join(x.fen for x in draw(st.lists(st.sampled_from(hand_types), max_size=4)) if room(x)).upper()
    try:
        return Position.from_pieces(variant, pieces, turn=draw(st.sampled_from([SENTE, GOTE])), hands=hand)
    except ShogiRulesError:  # under check rules: a king in check on the wrong move, a piece stuck, …
        assume(False)


@pytest.mark.parametrize("variant", VARIANT_IDS)
@SPECIAL
@given(data=st.data(), numbers=st.lists(st.integers(0, 10_000), max_size=24))
def test_crowded_special_positions_make_unmake_hash_and_fen(variant, data, numbers):
    pos = data.draw(crowded_positions(variant))
    assert pos.hash == pos._compute_hash()
    assert_fen_round_trip(pos)
    play_and_unwind(pos, numbers)


def test_crowded_positions_draw_from_many_special_pieces():
    """The generator above is not vacuous: the large variants have many special piece types, of every
    mechanism the engine has beyond steps, slides and jumps."""
    found = {}
    for v in ("tenjiku", "daidai", "makadaidai"):
        t = Position(v).tables
        types = special_types(t)
        assert len(types) >= 10, (v, len(types))
        found[v] = {type(a).__name__ for x in types for a in t.specials[2 * x.id]}
        found[v] |= {name for x in types for name in ("burns", "immobilises") if getattr(x.kind, name)}
        found[v] |= {"converts" for x in types if x.kind.converts_capturer_to}
    assert {"Lion", "RangeJump", "Area", "burns", "immobilises"} <= found["tenjiku"], found["tenjiku"]
    assert {"Lion", "Emperor", "converts"} <= found["makadaidai"], found["makadaidai"]
    assert {"Lion", "Hook"} <= found["daidai"] | found["makadaidai"], found


# --- junk in, own errors out ------------------------------------------------------------------------------
VALID_FENS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
    "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LN1GKGSNL[Bs] b - - 0 12",
    "8k/9/6N1G/9/9/9/9/9/4K4[PL] w - - 0 1",
    "lnsgqkgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[] w - - 0 1",
    "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[Pp] b - - 3 9",
    "(lh)(cm)(so)(fc)(vst)(ck)(vw)(fgs)(sc)(bdg)(oc)/1(ce)3(sw)3(ffa)1/(sp)(sp)(sp)(rr)(sp)(sp)(sp)(tfo)(sp)(sp)"
    "(sp)/3(sp)3(sp)3/11/11/11/3(SP)3(SP)3/(SP)(SP)(SP)(TFO)(SP)(SP)(SP)(RR)(SP)(SP)(SP)/1(FFA)3(SW)3(CE)1/"
    "(OC)(BDG)(SC)(FGS)(VW)(CK)(VST)(FC)(SO)(CM)(LH) w - - 0 1",
]
VALID_SFENS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LN1GKGSNL w Bs 12",
    "8k/9/6N1G/9/9/9/9/9/4K4 b PL2p 1",
]
VALID_MOVES = ["c3c4", "P@e5", "h2h8+", "i1i2", "c7c8=", "7g7f", "P*5e", "8h2b+", "P-7f", "S7bx8c+", "S7b-8c=",
               "+Rx2b", "R-2f", "P*3d", "K-5h", "SP-8g", "FFa-4d", "(sp)@a3", "☗７六歩(77)", "▲7六歩", "7六歩"]
VALID_NAMES = [*VARIANT_IDS, *{a.partition("=")[0] for a in RULE_ASSIGNMENTS},
               *{a.partition("=")[2] for a in RULE_ASSIGNMENTS}, *RULE_ASSIGNMENTS]
VALID_RECORDS = ["1. P-7f P-3d 2. Bx2b+ Sx2b", "P-7f {a comment} P-3d ; another\n1-0", "7g7f 3c3d 8h2b+ 3a2b\n",
                 "\ufeff1.P-7f\r\n1...P-3d\r\n2.P-2f Resigns", "# header\nP-7f P-3d {unclosed", "c3c4 g7g6 b2h8+ i9h8"]
EXTRA_CHARS = "pPlLnNsSgGkKrRbBqQ+-=()/[]*@x ０１７六十二²٣\n\t\r\ufeff{};#.0123456789wb"


@st.composite
def mutated(draw, valid: list[str]):
    """A valid string with a few characters deleted, inserted, replaced, a piece repeated or cut off, a long
    run of digits put in (beyond the 4,300 digits that ``int()`` reads), or the whole made 100 KB long."""
    text = draw(st.sampled_from(valid))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["delete", "insert", "replace", "repeat", "cut", "case", "digits", "huge"]))
        ch = draw(st.sampled_from(EXTRA_CHARS))
        if op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "replace":
            text = text[:i] + ch + text[i + 1:]
        elif op == "repeat":
            j = draw(st.integers(i, min(len(text), i + 8)))
            text = text[:j] + text[i:j] * draw(st.sampled_from([1, 2, 1000])) + text[j:]
        elif op == "cut":
            text = text[:i]
        elif op == "digits":
            text = text[:i] + draw(st.sampled_from("123456789")) * draw(st.sampled_from([3, 7, 10, 20, 4301, 6000])) + text[i:]
        elif op == "huge":
            text = (text or "x") * (100_000 // max(len(text), 1) + 1)
        else:
            text = text.swapcase()
    return text


def junk(valid: list[str]):
    return st.one_of(st.text(max_size=40), mutated(valid), st.sampled_from(valid))


def own_error_or(fn, *args, **kwargs):
    """Call ``fn``; a ShogiRulesError with a short message is fine (returns None); any other exception fails."""
    try:
        return fn(*args, **kwargs)
    except ShogiRulesError as exc:
        assert len(str(exc)) <= 300 and "\n" not in str(exc), str(exc)[:500]
        return None


@pytest.mark.parametrize("name", RULE_SET_NAMES)
@JUNK
@given(text=junk(VALID_FENS))
def test_fen_reader_raises_own_errors(name, text, make_position):
    pos = own_error_or(make_position, name, text)
    if pos is not None:  # accepted: then it is a position like any other
        assert make_position(name, pos.fen()) == pos
        pos.legal_moves()


@JUNK
@given(text=junk(VALID_SFENS))
def test_sfen_reader_raises_own_errors(text):
    pos = own_error_or(read_sfen, text)
    if pos is not None:
        assert read_sfen(write_sfen(pos)) == pos


MOVE_POSITIONS = [(name, None) for name in VARIANT_IDS] + [  # each variant's start, under its defaults
    ("shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LN1GKGSNL[Bs] b - - 0 12"),  # pieces in hand
]


@pytest.mark.parametrize("name,fen", MOVE_POSITIONS)
@JUNK
@given(text=junk(VALID_MOVES), notation=st.sampled_from(["auto", "auto", "fsf", "usi", "western", "japanese", "x"]))
def test_move_reader_raises_own_errors(name, fen, text, notation, make_position):
    pos = make_position(name, fen)
    move = own_error_or(pos.parse_move, text, notation)
    if move is not None:
        assert move in pos.legal_moves()


GEOMETRIES = [Geometry(9, 9), Geometry(10, 10), Geometry(11, 11), Geometry(16, 16), Geometry(19, 19)]
SQUARES = ["7f", "16p", "1a", "19s", "10j", "７六", "１６十六", "c3", "j10", "s19", "a1"]


ON_EACH_GEOMETRY = pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g.files}x{g.ranks}")


def assert_reads_back(geometry, read, write, text) -> None:
    """``read`` takes ``text`` to a square of the board, which ``write`` names as ``read`` reads it, or raises
    an error of the package's own."""
    sq = own_error_or(read, text)
    if sq is not None:
        assert 0 <= sq < geometry.size
        assert read(write(sq)) == sq


@ON_EACH_GEOMETRY
@JUNK
@given(text=junk(SQUARES))
def test_square_reader_raises_own_errors(geometry, text):
    assert_reads_back(geometry, geometry.parse, geometry.name, text)


@ON_EACH_GEOMETRY
@JUNK
@given(text=junk(SQUARES))
def test_coordinate_reader_raises_own_errors(geometry, text):
    assert_reads_back(geometry, geometry.parse_fsf, geometry.fsf_name, text)


@pytest.mark.parametrize("variant", VARIANT_IDS)
@JUNK
@given(key=junk(VALID_NAMES), value=junk(VALID_NAMES))
def test_rule_choices_raise_own_errors(variant, key, value):
    rs = own_error_or(RuleSet.of, variant, {key: value})
    if rs is not None:
        assert rs.choices[key] == value


@JUNK
@given(text=junk(VALID_NAMES))
def test_variant_lookup_raises_own_errors(text):
    v = own_error_or(get_variant, text)
    if v is not None:
        assert v.id == text


# --- records: reading, replaying and checking junk ----------------------------------------------------------
@JUNK
@given(text=junk(VALID_RECORDS))
def test_record_reader_raises_own_errors(text):
    moves = own_error_or(read_record, text)
    if moves is not None:
        assert all(m and not any(c.isspace() for c in m) for m in moves), moves[:5]


@pytest.mark.parametrize("name", RULE_SET_NAMES)
@examples(100)
@given(moves=st.lists(junk(VALID_MOVES), max_size=6))
def test_replay_of_junk_moves(name, moves, rule_sets):
    variant, rules, _ = rule_sets[name]
    r = own_error_or(replay, variant, moves, rules)
    if r is not None:
        assert r.plies == (len(moves) if r.legal else r.first_illegal_ply - 1)
        assert r.legal or r.reason and len(r.reason) <= 300


@pytest.mark.parametrize("variant", VARIANT_IDS)
@examples(40)
@given(moves=st.lists(junk(VALID_MOVES), min_size=1, max_size=4))
def test_check_record_of_junk_moves(variant, moves):
    verdict = own_error_or(check_record, variant, moves)
    if verdict is not None:
        results = verdict.to_json()["rules"]
        assert results and all(set(e) == {"rules", "rule_sets", "legal", "first_illegal_ply", "reason", "example"}
                               for e in results)
        assert [e["legal"] for e in results] == sorted((e["legal"] for e in results), reverse=True)
        assert sum(e["rule_sets"] for e in results) == verdict.total


@st.composite
def written_games(draw, name: str):
    """A game of ``name`` from random moves, written in Western notation the way records are: move numbers,
    comments, result words, a byte-order mark and Windows line ends, each or not."""
    variant, rules, _ = RULE_SETS[name]
    pos = Position(variant, rules=rules)
    moves = []
    for n in draw(st.lists(st.integers(0, 10_000), max_size=30)):
        move = pick(pos, n)
        if move is None:
            break
        moves.append(pos.move_name(move, draw(st.sampled_from(["western", "western", "fsf"]))))
        pos.push(move)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    parts = ["\ufeff"] if draw(st.booleans()) else []
    for i, m in enumerate(moves):
        if i % 2 == 0 and draw(st.booleans()):
            parts.append(f"{i // 2 + 1}.")
        parts.append(m)
        extra = draw(st.sampled_from(["", "", " {a comment}", f" # note{newline}", f" ; note{newline}", newline]))
        parts.append(extra)
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(["Resigns", "1-0", "0-1", "*"])))
    return moves, pos.fen(), " ".join(parts)


@pytest.mark.parametrize("name", RULE_SET_NAMES)
@examples(60)
@given(data=st.data())
def test_written_record_reads_and_replays_as_played(name, data):
    moves, fen, text = data.draw(written_games(name))
    assert read_record(text) == moves
    variant, rules, _ = RULE_SETS[name]
    r = replay(variant, read_record(text), rules)
    assert r.legal and r.plies == len(moves) and r.position.fen() == fen


# --- wrong types, off-board squares -------------------------------------------------------------------------
WRONG = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.binary(max_size=4),
                  st.lists(st.integers(), min_size=1, max_size=2),
                  st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=1),
                  st.tuples(st.integers()), st.builds(object))
START_POSITION = Position("shogi")
CALLS = {
    "Position": lambda v: Position(v),
    "Position(fen=)": lambda v: Position("shogi", fen=v),
    "Position(rules=)": lambda v: Position("shogi", rules=v),
    "from_pieces": lambda v: Position.from_pieces("shogi", v),
    "from_pieces(turn=)": lambda v: Position.from_pieces("shogi", {"5i": "K", "5a": "k"}, turn=v),
    "from_sfen": lambda v: read_sfen(v),
    "piece_at": lambda v: START_POSITION.piece_at(v),
    "perft": lambda v: START_POSITION.perft(v),
    "move_name": lambda v: START_POSITION.move_name(v),
    "parse_move": lambda v: START_POSITION.parse_move(v),
    "push_legal": lambda v: START_POSITION.copy().push_legal(v),
    "pieces_in_hand": lambda v: START_POSITION.pieces_in_hand(v),
    "is_attacked": lambda v: START_POSITION.is_attacked(v, SENTE),
    "get_variant": lambda v: get_variant(v),
    "RuleSet.of": lambda v: RuleSet.of(v),
    "read_record": lambda v: read_record(v),
    "replay": lambda v: replay("shogi", v),
}


@pytest.mark.parametrize("call", sorted(CALLS))
@examples(40)
@given(value=WRONG)
def test_wrong_types_raise_type_error(call, value):
    assume(not (value is None and call in ("Position(fen=)", "Position(rules=)")))  # None: the default
    with pytest.raises(TypeError):
        CALLS[call](value)


@pytest.mark.parametrize("variant", [SMALLEST, LARGEST])
@examples(100)
@given(square=st.one_of(st.integers(-2000, 2000), st.integers()))
def test_squares_off_the_board_are_refused_never_wrapped(variant, square):
    pos = Position(variant)
    size = pos.geometry.size
    if 0 <= square < size:
        code = pos.board[square]
        assert pos.piece_at(square) == ((pos.tables.types[code >> 1], code & 1) if code else None)
        if pos.variant.check_rules:  # attack tables are built for the shogi family
            assert pos.is_attacked(square, GOTE) in (True, False)
    else:
        with pytest.raises(SquareError):
            pos.piece_at(square)
        with pytest.raises(SquareError):
            pos.is_attacked(square, GOTE)
        with pytest.raises(SquareError):
            pos.move_name(Move(square, 0))


# --- pinned: inputs that once escaped as foreign exceptions or wrong answers (fixed in the engine) ----------
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"


def test_many_pieces_in_hand_is_a_fen_error():
    """170 pawns in hand: more than the game has, and more than the Zobrist table of hand counts holds (IndexError)."""
    with pytest.raises(ShogiRulesError):
        Position("shogi", fen=START + "[" + "P" * 170 + "] w - - 0 1")


def test_many_pieces_in_sfen_hand_is_a_fen_error():
    with pytest.raises(ShogiRulesError):
        read_sfen(START + " b 999P 1")


def test_huge_empty_run_is_a_fen_error():
    """A 16-digit run of empty squares: it must be refused before it is expanded into a list (MemoryError)."""
    with pytest.raises(ShogiRulesError):
        Position("shogi", fen="lnsgkgsnl/1r5b1/ppppppppp/1000000000000000/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1")


@pytest.mark.parametrize("fen", [
    START + "[] w - - 0 " + "1" * 4301,                                 # move number
    START + "[] w - - " + "1" * 5000 + " 1",                            # halfmove clock
    START.replace("9/9/9", "9/" + "1" * 4301 + "/9") + "[] w - - 0 1",  # a run of empty squares
])
def test_numbers_beyond_python_int_limit_are_fen_errors(fen):
    """``int()`` refuses more than 4,300 digits with a ValueError of its own (once a traceback)."""
    with pytest.raises(ShogiRulesError) as info:
        Position("shogi", fen=fen)
    assert len(str(info.value)) < 200


def test_huge_sfen_numbers_are_fen_errors():
    for sfen in (START + " b - " + "9" * 4301, START + " b " + "9" * 4301 + "P 1"):
        with pytest.raises(ShogiRulesError):
            read_sfen(sfen)


def test_error_about_a_long_fen_quotes_it_short():
    """A 120 KB FEN was echoed whole on one line."""
    with pytest.raises(ShogiRulesError) as info:
        Position("shogi", fen="x" * 120_000)
    assert len(str(info.value)) < 120 and "120,000 characters" in str(info.value)


def test_superscript_digit_in_coordinate_is_a_square_error():
    """str.isdigit accepts '²', int() does not (ValueError)."""
    with pytest.raises(ShogiRulesError):
        Geometry(9, 9).parse_fsf("a²")


def test_negative_square_is_not_the_last_square():
    """``piece_at(-1)`` returned the piece on square 80 (a list index from the end)."""
    with pytest.raises(SquareError):
        Position("shogi").piece_at(-1)


def test_turn_is_a_colour():
    """``from_pieces(turn=5)`` made it gote's move."""
    with pytest.raises(ShogiRulesError):
        Position.from_pieces("shogi", {"5i": "K", "5a": "k"}, turn=5)
    assert Position.from_pieces("shogi", {"5i": "K", "5a": "k"}, turn=GOTE).turn == GOTE


def test_perft_deeper_than_the_maximum_is_refused():
    """``perft(1000)`` overflowed Python's stack (RecursionError)."""
    pos = Position("shogi")
    with pytest.raises(ShogiRulesError, match="0 to 32"):
        pos.perft(pos.MAX_PERFT_DEPTH + 1)
    with pytest.raises(ShogiRulesError):
        pos.perft(1000)
    with pytest.raises(ShogiRulesError):
        pos.perft(-1)
    assert pos.perft(0) == 1


def test_perft_recursion_stays_within_the_stack_at_the_maximum_depth():
    """At the deepest depth allowed, the recursion (one frame a ply, plus move generation's) fits in the
    stack Python allows by default with room to spare; shown on a position counted to the maximum depth at
    once: gote to move is checkmated (gold on 2b, guarded by gold on 2c)."""
    pos = Position("shogi", fen="8k/7G1/7G1/9/9/9/9/9/K8[] b - - 0 1")
    assert pos.perft(1) == 0
    assert pos.perft(pos.MAX_PERFT_DEPTH) == 0
    assert pos.MAX_PERFT_DEPTH * 4 < sys.getrecursionlimit()


def test_record_with_a_byte_order_mark_and_windows_line_ends():
    """A UTF-8 record starting with a byte-order mark had ply 1 reported illegal."""
    assert read_record("\ufeff1. P-7f P-3d\r\n2. P-2f\r\n") == ["P-7f", "P-3d", "P-2f"]
    assert read_record("P-7f # a note\rP-3d ; another\r\nP-2f") == ["P-7f", "P-3d", "P-2f"]  # old Mac line ends
    assert replay("shogi", read_record("\ufeffP-7f\r\nP-3d\r\n")).legal


def test_unclosed_braces_are_read_in_linear_time():
    """A record of many unclosed ``{`` took quadratic time (100 KB: 22 s; 5 MB: killed after 120 s). Five
    MB of them are refused at once: were reading quadratic again, this test would not finish."""
    with pytest.raises(RecordError, match="never closed"):
        read_record("{" * 5_000_000)
    assert read_record("P-7f {" + "x" * 5_000_000 + "} P-3d") == ["P-7f", "P-3d"]


# --- the command --------------------------------------------------------------------------------------------
class _Stop(Exception):
    pass


@contextmanager
def ctrl_c_after(seconds: float):
    """Press Ctrl-C (raise KeyboardInterrupt in the main thread) after ``seconds``, as a user would."""
    def press(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, press)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_main(argv, capsys, seconds: float = 1.0) -> tuple[int, str, str]:
    with ctrl_c_after(seconds):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's errors (and --help) leave through SystemExit
            code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, argv) -> None:
    assert code != 0, argv
    assert "Traceback" not in err, (argv, err)
    assert err.endswith("\n") and err.count("\n") == 1, (argv, err)
    assert len(err) < 400, (argv, err[:500])


def assert_clean_exit(code: int, out: str, err: str, argv) -> None:
    """0 with nothing on standard error; 1 (a record's answer is no), 130 (stopped) or 2 (bad input) with
    one line on standard error (check-record's 1: its verdicts on standard output, nothing on standard error)."""
    if code == 0:
        assert err == "", (argv, err)
    elif code == 1 and "check-record" in argv:  # the verdicts on standard output
        assert err == "" and out.startswith("illegal"), (argv, out, err)
    else:
        assert code in (1, 2, 130), (argv, code)
        assert_one_line_error(code, err, argv)
        if code == 130:
            assert "counted so far" in err or "replays made" in err or "interrupted" in err


@pytest.fixture(scope="module")
def record_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    files = {"good.txt": "1. P-7f P-3d 2. Bx2b+ Sx2b\n", "bad.txt": "P-5e\n", "bom.txt": "\ufeffP-7f\r\nP-3d\r\n",
             "braces.txt": "{" * 100_000, "empty.txt": "", "latin1.txt": None}
    for name, text in files.items():
        if text is None:
            (d / name).write_bytes(b"P-7f \xe9\xff\n")
        else:
            (d / name).write_text(text, encoding="utf-8")
    return d


TOKENS = ["variants", "rules", "show", "moves", "perft", "replay", "check-record", *VARIANT_IDS,
          "--fen", "--rule", "--json", "--divide", "--format", "--notation", "fen", "sfen",
          "usi", "western", "1", "0", "-1", "2", "3", "5", "12", "33", "9" * 5000, *RULE_ASSIGNMENTS, "good.txt", "bad.txt", "bom.txt", "braces.txt", "empty.txt", "latin1.txt",
          "missing.txt", *VALID_FENS[:3]]
ARGV = st.lists(st.one_of(st.sampled_from(TOKENS), mutated(TOKENS), st.text(max_size=12)), max_size=6)


@COMMAND
@given(argv=ARGV)
def test_cli_any_arguments(argv, capsys, record_files, monkeypatch):
    """Whatever the arguments, deep perfts and record commands included: a clean exit (see
    ``assert_clean_exit``); a run still going after a second is stopped by Ctrl-C."""
    monkeypatch.chdir(record_files)
    code, out, err = run_main(argv, capsys)
    assert_clean_exit(code, out, err, argv)


@st.composite
def junk_argv(draw):
    """Arguments that are wrong for sure: a good command with one bad part."""
    command = draw(st.sampled_from(["show", "moves", "perft", "replay", "check-record"]))
    variant = draw(st.sampled_from(VARIANT_IDS))
    argv = [command, variant] + (["1"] if command == "perft" else []) + (
        ["good.txt"] if command in ("replay", "check-record") else [])
    bad = draw(st.sampled_from(["fen", "rule", "depth", "variant", "command", "option", "file"]))
    if bad == "fen":
        fen = draw(junk(VALID_FENS))
        try:
            Position(variant, fen=fen)  # the command's default rules
        except ShogiRulesError:
            pass
        else:
            assume(False)  # a FEN that reads fine is not junk
        argv += ["--fen", fen]
    elif bad == "rule":
        rule = draw(junk(VALID_NAMES))
        assume(rule not in RULE_ASSIGNMENTS)
        argv += ["--rule", rule] if command != "check-record" else ["--bogus"]
    elif bad == "depth":
        depth = draw(st.one_of(st.text(max_size=5), st.sampled_from(["33", "1000", "9" * 5000, "-1", "2.5", "²"])))
        d = depth.strip()
        assume(not (d.isascii() and d.isdigit() and len(d) <= 3 and int(d) <= 32))
        argv = [command, variant, depth] if command == "perft" else argv + ["--divide"]
    elif bad == "variant":
        v = draw(junk(list(VARIANT_IDS)))
        assume(v not in VARIANT_IDS)
        argv[1] = v
    elif bad == "command":
        c = draw(junk(["show", "moves", "perft", "variants", "rules", "replay", "check-record"]))
        assume(c not in ("show", "moves", "perft", "variants", "rules", "replay", "check-record")
               and not c.startswith("-"))
        argv[0] = c
    elif bad == "file":
        if command not in ("replay", "check-record"):
            argv.append("extra")
        else:
            argv[-1] = draw(st.sampled_from(["braces.txt", "empty.txt", "latin1.txt", "missing.txt", ".",
                                             "x" * 5000]))
    else:
        argv.append(draw(st.sampled_from(["--bogus", "--format=xml", "--notation", "extra"])))
    return argv


@COMMAND
@given(argv=junk_argv())
def test_cli_junk_arguments(argv, capsys, record_files, monkeypatch):
    monkeypatch.chdir(record_files)
    code, out, err = run_main(argv, capsys)
    assert code == 2, (argv, code, err)
    assert_one_line_error(code, err, argv)


@pytest.mark.parametrize("variant", VARIANT_IDS)
@examples(30)
@given(text=junk(VALID_RECORDS))
def test_cli_record_commands_on_junk_records(variant, text, capsys, tmp_path_factory):
    path = tmp_path_factory.mktemp("junk") / "record.txt"
    path.write_text(text, encoding="utf-8", newline="")
    for command in ("replay", "check-record"):
        argv = [command, variant, str(path)]
        code, out, err = run_main(argv, capsys, seconds=5.0)
        assert_clean_exit(code, out, err, argv)
        if command == "check-record" and code in (0, 1):
            # exit 0 exactly when some line says the record is legal under a rule set
            assert (code == 0) == any(line.startswith("legal") for line in out.splitlines()), out


@pytest.mark.parametrize("argv", [
    ["perft", "shogi", "1", "--fen", START + "[" + "P" * 170 + "] w - - 0 1"],  # was an IndexError traceback
    ["variants", "a\nb"],  # argparse wrote the unrecognised argument with its newline: two lines
    ["show", "shogi", "--fen", "x\ny"],
    ["perft", "shogi", "1000"],  # RecursionError
    ["perft", "shogi", "1000", "--divide"],
    ["perft", "shogi", "2", "--fen", START + "[] w - - 0 " + "1" * 4301],  # ValueError (int-string limit)
    ["show", "shogi", "--fen", "x" * 120_000],  # echoed whole
    ["show", "x" * 120_000],
    ["replay", "shogi", "x" * 5000],
])
def test_cli_pinned_junk(argv, capsys):
    code, _, err = run_main(argv, capsys)
    assert code == 2
    assert_one_line_error(code, err, argv)


def test_cli_deep_perft_stopped_by_ctrl_c_says_what_was_counted(capsys):
    """``perft shogi 20`` runs for ever: Ctrl-C stops it with what was counted so far, on one line."""
    code, out, err = run_main(["perft", "shogi", "20"], capsys, seconds=1.0)
    assert code == 130 and out == ""
    counted = re.search(r"interrupted after [\d.]+ s: ([\d,]+) move sequences counted so far", err)
    assert counted and int(counted.group(1).replace(",", "")) > 0, err
    assert_one_line_error(code, err, "perft shogi 20")


def test_cli_check_record_exit_status(capsys, record_files):
    """0 when some rule set accepts the record, 1 when none does (it was 0 either way)."""
    assert run_main(["check-record", "shogi", str(record_files / "good.txt")], capsys)[0] == 0
    code, out, err = run_main(["check-record", "shogi", str(record_files / "bad.txt")], capsys)
    assert code == 1 and out.startswith("illegal") and err == ""
    code, out, err = run_main(["check-record", "shogi", str(record_files / "braces.txt")], capsys)
    assert code == 2 and "never closed" in err


def test_cli_check_record_of_the_maka_dai_dai_sample_game_memory():
    """The sample game of Maka Dai Dai once took 605 MB (every rule set compiled its own tables); the whole
    command must stay under 250 MB. (Its CPU time is reported by the command's own run, not timed here.)"""
    # The peak resident size of this process's own memory (VmHWM): getrusage's ru_maxrss would also count
    # the memory of the pytest process that forked it, which Linux carries across exec.
    code = ("import re, sys; from shogi_rules.apps.cli import main; "
            "status = main(['check-record', 'makadaidai', sys.argv[1]]); "
            "status_file = open('/proc/self/status').read(); "
            "print(re.search(r'VmHWM:\\s+(\\d+) kB', status_file).group(1), file=sys.stderr); sys.exit(status)")
    record = str(__import__("pathlib").Path(__file__).parent / "data" / "makadaidai_sample_game.txt")
    proc = subprocess.run([sys.executable, "-c", code, record], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and proc.stdout.startswith("legal"), proc.stderr
    assert int(proc.stderr.split()[-1]) < 250 * 1024  # kilobytes


def test_cli_subprocess_junk():
    exe = shutil.which("shogi-rules")
    cmd = [exe] if exe else [sys.executable, "-m", "shogi_rules.apps.cli"]
    proc = subprocess.run(cmd + ["perft", "shogi", "two", "--fen", "not a fen"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("shogi-rules: error:")
    proc = subprocess.run(cmd + ["show", "shogi", "--fen", "lnsgkgsnl/9/9/9/9/9/9/9/9[] w - - 0 1"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_cli_progress_on_a_terminal_and_ctrl_c(tmp_path):
    """Standard error a terminal: after two seconds a perft shows its count as it goes; SIGINT (Ctrl-C) stops
    it with the count so far. In a pipe (the other tests) nothing but the final line appears."""
    import os
    import pty
    import time

    exe = shutil.which("shogi-rules")
    cmd = [exe] if exe else [sys.executable, "-m", "shogi_rules.apps.cli"]
    import select

    leader, follower = pty.openpty()
    proc = subprocess.Popen(cmd + ["perft", "shogi", "20"], stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    seen = b""

    def read_for(seconds: float, until: bytes) -> bytes:
        got = b""
        deadline = time.monotonic() + seconds
        while until not in got and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.5)[0]:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the command has ended and closed its side
                    break
                if not chunk:
                    break
                got += chunk
        return got

    seen += read_for(120, b"counted so far (")  # a progress line, after two seconds
    proc.send_signal(signal.SIGINT)
    seen += read_for(60, b"(not the total)")
    proc.wait(timeout=60)
    os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert proc.returncode == 130
    assert re.search(r"perft 20: [\d,]+ move sequences counted so far \(\d+ s; Ctrl-C stops\)", text), text[-500:]
    assert re.search(r"shogi-rules: interrupted after [\d.]+ s: [\d,]+ move sequences counted so far", text), text[-500:]
    assert proc.stdout.read() == b""
