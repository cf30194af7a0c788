"""Perft: the number of legal move sequences of a given length, against published and computed figures.

* Standard shogi from the start: 30, 900, 25,470, 719,731 (the figures every shogi engine agrees on).
* Okisaki from either setup: 37, 1,369, 48,211, then 1,697,913 (Fairy-Stockfish's setup) and
  1,695,976 (the article's setup) at depth 4, as Fairy-Stockfish counts them (the benchmark recomputes
  both with pyffish).
* Sho shogi from the start: 26, 676, 17,368, 445,372 (the last is Fairy-Stockfish's own perft test of
  ``shoshogi``; the others are recomputed with pyffish).
* Positions from seeded random play, against a perft computed with pyffish.
* Wa shogi, which no other engine plays: figures that must agree with one another, regression values, and
  perft(4) from the start (6,158,810), counted over both cores, for both drop rules by a proof that
  they agree to depth 4.
* The benchmark's three middle games of shogi: 741,428 move sequences of three plies together.
* The ``shogi-rules perft`` command.
"""

from __future__ import annotations

import multiprocessing
import re

import pytest

from shogi_rules import Position
from shogi_rules.notation.fen import read_sfen
from shogi_rules.tools.benchmark import fsf_legal_moves
from shogi_rules.apps.cli import main
from shogi_rules.engine.movegen import divide

from rule_sets import FSF_CASES

SHOGI_START = [30, 900, 25_470, 719_731]
OKISAKI_START = {"okisaki-fairy-stockfish": [37, 1_369, 48_211, 1_697_913], "okisaki": [37, 1_369, 48_211, 1_695_976]}
SHO_START = [26, 676, 17_368, 445_372]
WA_START = [51, 2_601, 126_574, 6_158_810]  # regression values, both drop rules (see test_wa_drop_rules_agree_early)


@pytest.mark.parametrize("depth,nodes", list(enumerate(SHOGI_START, 1)))
def test_shogi_start(depth, nodes):
    assert Position("shogi").perft(depth) == nodes


@pytest.mark.parametrize("case", sorted(OKISAKI_START))
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_okisaki_start(case, depth, make_position):
    # depth 4 takes about 2 s per setup here, well under the 10 s allowed for a test
    assert make_position(case).perft(depth) == OKISAKI_START[case][depth - 1]


@pytest.mark.parametrize("depth,nodes", list(enumerate(SHO_START, 1)))
def test_sho_start(depth, nodes):
    assert Position("sho").perft(depth) == nodes


# --- perft with Fairy-Stockfish as the oracle ---------------------------------------------------------
def _pyffish():  # imported here: only these tests need it
    return pytest.importorskip("pyffish")


def fsf_perft(variant: str, fen: str, depth: int) -> int:
    """Perft by pyffish alone: legal_moves and get_fen, leaf moves counted in bulk (the legal moves
    as the benchmark takes them from Fairy-Stockfish, without the pawn drops that mate)."""
    sf = _pyffish()
    moves = fsf_legal_moves(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(fsf_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


@pytest.fixture(scope="module")
def perft_positions(biased_sample, make_position):
    """For each Fairy-Stockfish rule set: three positions from random play and the depth to count them to.

    Picked by what they contain: the side to move holds a pawn (drops, nifu, pawn-drop mates at the
    leaves), or where there are no drops the latest position with a capture among its moves; a promotion
    is among the moves; the side to move is in check (small branching, so depth 3 stays cheap for
    pyffish, whose every call costs about 1.4 ms).
    """
    out = {}
    for seed, case in enumerate(FSF_CASES, 101):
        sample = [s for s in biased_sample(case, seed, 150) if not s.terminal and s.ply >= 16]
        if "[" in sample[0].fen:
            pawn = next(s for s in sample if not s.in_check
                        and re.search("P" if " w " in s.fen else "p", s.fen.split("[")[1].split("]")[0]))
        else:
            pawn = next(s for s in reversed(sample) if not s.in_check and any(
                make_position(case, s.fen).board[m.target] for m in make_position(case, s.fen).legal_moves()))
        promo = next(s for s in sample if not s.in_check and s is not pawn
                     and any(m.promotion for m in make_position(case, s.fen).legal_moves()))
        check = next(s for s in sample if s.in_check and len(make_position(case, s.fen).legal_moves()) <= 6)
        out[case] = [(pawn.fen, 2), (promo.fen, 2), (check.fen, 3)]
    return out


@pytest.mark.parametrize("case", FSF_CASES)
@pytest.mark.parametrize("index", range(3))
def test_perft_of_played_positions_matches_fairy_stockfish(case, index, perft_positions, make_position, rule_sets):
    fen, depth = perft_positions[case][index]
    ours = make_position(case, fen).perft(depth)
    assert ours == fsf_perft(rule_sets[case][2], fen, depth), (case, fen, depth)


# Gote's king on 1a: a pawn dropped on 1b mates (forbidden); below it, at depth 2, too.
@pytest.mark.parametrize("case,fen,depth", [
    ("shogi", "8k/9/6N1G/9/9/9/9/9/4K4[PL] w - - 0 1", 1),
    ("shogi", "8k/9/6N1G/9/9/9/9/9/4K4[PLp] w - - 0 1", 2),
    ("shogi", "7nk/9/6N1G/9/9/9/9/9/4K4[PPl] b - - 0 1", 2),
    ("okisaki-fairy-stockfish", "9k/10/7N1G/10/10/10/10/10/10/5K4[P] w - - 0 1", 2),
])
def test_perft_with_pawn_drop_mates(case, fen, depth, make_position, rule_sets):
    assert make_position(case, fen).perft(depth) == fsf_perft(rule_sets[case][2], fen, depth)


def test_pyffish_perft_helper_on_the_start():
    """The helper itself gives the known figures."""
    sf = _pyffish()
    assert fsf_perft("shogi", sf.start_fen("shogi"), 2) == 900
    assert fsf_perft("okisakishogi", sf.start_fen("okisakishogi"), 2) == 1_369


# --- Wa shogi: no outside oracle ------------------------------------------------------------------------
WA_RULES = ("wa", "wa-modern")


def _wa_subtree(index: int) -> int:
    """perft(3) after the first move number ``index`` of Wa's start (drops: none), in a worker process."""
    pos = Position("wa", rules={"wa.drops": "none"})
    pos.push(pos.legal_moves()[index])
    return pos.perft(3)


def test_wa_start_perft_4_over_both_cores(make_position):
    """Wa perft(4) from the start, as the README and the book state it: a divide whose 51 first moves are
    shared among two processes (about six million move sequences, a few seconds of CPU)."""
    pos = make_position("wa")
    firsts = pos.legal_moves()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        counts = pool.map(_wa_subtree, range(len(firsts)))
    assert len(counts) == WA_START[0]
    assert sum(counts) == WA_START[3] == 6_158_810


def test_wa_drop_rules_agree_to_depth_4(make_position):
    """Modern drops give Wa the same perft(4) from the start as no drops, so 6,158,810 holds for both.

    Proof: the rules differ only in the drops (and in where captured pieces go, which matters only for
    drops). A drop at ply 3 needs a capture by sente at ply 1, a drop at ply 4 a capture by gote at ply 2;
    neither side can capture at its first move (asserted below over all 51 × 51 openings), so every
    position of plies 1 to 4 has the same moves under both rules.
    """
    none, modern = make_position("wa"), make_position("wa-modern")
    for m1 in modern.legal_moves():
        assert not modern.board[m1.target], m1
        modern.push(m1)
        for m2 in modern.legal_moves():
            assert m2.origin is not None and not modern.board[m2.target], m2
        modern.pop()
    assert modern.perft(2) == none.perft(2) == WA_START[1]


def test_benchmark_middle_games():
    """The README's benchmark table: the three middle games of shogi hold 227,580, 286,587 and 227,261
    move sequences of three plies, 741,428 together (python-shogi counts the same: see
    ``python -m shogi_rules.tools.benchmark``)."""
    from shogi_rules.tools.benchmark import MIDDLE_GAMES
    counts = [read_sfen(sfen).perft(3) for _, sfen in MIDDLE_GAMES]
    assert counts == [227_580, 286_587, 227_261] and sum(counts) == 741_428


@pytest.mark.parametrize("variant,nodes", [("tenjiku", 2_461_624), ("daidai", 206_894), ("makadaidai", 536_860)])
def test_benchmark_large_variants_perft3(variant, nodes):
    """The README's benchmark table: perft(3) of the large variants from the start, default rules
    (regression values; no other engine plays them)."""
    assert Position(variant).perft(3) == nodes


def test_benchmark_node_counts_of_each_position():
    """The README's and the engine chapter's benchmark tables give each middle game's count (the range
    227,261–286,587) and perft(3) of the large variants from the start under their default rules."""
    from shogi_rules.tools.benchmark import MIDDLE_GAMES
    assert [read_sfen(sfen).perft(3) for _, sfen in MIDDLE_GAMES] == [227_580, 286_587, 227_261]


@pytest.mark.parametrize("variant, nodes", [("tenjiku", 2_461_624), ("daidai", 206_894), ("makadaidai", 536_860)])
def test_large_variants_perft_3_from_the_start(variant, nodes):
    assert Position(variant).perft(3) == nodes


@pytest.mark.parametrize("case", WA_RULES)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_wa_start_regression_and_divide(case, depth, make_position):
    pos = make_position(case)
    nodes = pos.perft(depth)
    assert nodes == WA_START[depth - 1]
    parts = divide(pos, depth)
    assert sum(n for _, n in parts) == nodes
    assert len(parts) == WA_START[0]
    assert pos.fen() == make_position(case).fen()  # perft and divide leave the position as they found it


def test_wa_drop_rules_agree_early(make_position):
    """With modern drops Wa perft from the start equals the figure without drops up to depth 3.

    Proof: the rules differ only in the drops (and in where captured pieces go, which matters only
    for drops). A side can drop only a piece it has captured. At ply 1 and ply 2 the side to move
    has not moved before, so its hand is empty. At ply 3 sente holds a piece only if its first move
    captured, and no first move captures (asserted below: in the start position no piece of sente
    can reach a piece of gote). So every position of plies 1 to 3 has the same moves under both
    rules, and the counts are equal. At depth 4 they may differ.
    """
    none, modern = make_position("wa"), make_position("wa-modern")
    assert not any(m.origin is not None and modern.board[m.target] for m in modern.legal_moves())
    for depth in (1, 2, 3):
        assert modern.perft(depth) == none.perft(depth)


def ply3_drops(pos) -> int:
    """Drops available at ply 3 summed over every capture at ply 1 and every reply at ply 2."""
    extra = 0
    for m1 in pos.legal_moves():
        if m1.origin is None or not pos.board[m1.target]:
            continue
        pos.push(m1)
        for m2 in pos.legal_moves():
            pos.push(m2)
            extra += sum(1 for m3 in pos.legal_moves() if m3.origin is None)
            pos.pop()
        pos.pop()
    return extra


def test_wa_drops_add_exactly_the_drops(make_position, biased_sample):
    """In a Wa position with empty hands, modern drops add exactly the drops of ply 3.

    From such a position the two rule sets have the same moves at plies 1 and 2 (no hand holds
    anything yet: gote has not captured before ply 2, and sente's captured pieces are dropped by sente
    only). At ply 3, after a capture at ply 1, sente also has its drops. Hence
    perft3(modern) - perft3(none) = sum over capturing first moves and every reply of the number of
    drops at ply 3 — a relation between counts that a wrong hand, a wrong drop rule or a wrong perft
    would break. The position is the first of a seeded game where that sum is not zero (a captured
    Sparrow Pawn adds no drop while sente has an unpromoted one on every file).
    """
    for s in biased_sample("wa", 7, 60):
        if s.fen.split()[1] != "w" or s.in_check or s.terminal:
            continue
        modern = make_position("wa-modern", s.fen)
        extra = ply3_drops(modern)
        if extra:
            break
    else:
        pytest.fail("no position of the sample lets sente drop at ply 3")
    none = make_position("wa", s.fen)
    assert not any(modern.hands[0]) and not any(modern.hands[1])
    assert none.perft(1) == modern.perft(1) and none.perft(2) == modern.perft(2)
    assert modern.perft(3) == none.perft(3) + extra > none.perft(3)


# --- the command ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,nodes", [
    (["perft", "shogi", "3"], 25_470),
    (["perft", "okisaki", "2", "--rule", "okisaki.setup=fairy-stockfish"], 1_369),
    (["perft", "wa", "2", "--rule", "wa.drops=modern"], 2_601),
    (["perft", "shogi", "2", "--fen", "8k/9/6N1G/9/9/9/9/9/4K4[PLp] w - - 0 1"], None),
])
def test_cli_perft(args, nodes, capsys, make_position):
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    total = int(out[-1])
    if nodes is None:
        nodes = make_position("shogi", args[-1]).perft(2)
    assert total == nodes
    assert main(args + ["--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert int(lines[-1]) == nodes
    parts = [line.rsplit(": ", 1) for line in lines[:-1]]
    assert all(len(p) == 2 and p[1].isdigit() for p in parts)
    assert sum(int(n) for _, n in parts) == nodes
    assert len({name for name, _ in parts}) == len(parts)  # one line per first move


def test_cli_perft_depth_zero(capsys):
    assert main(["perft", "shogi", "0"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1"
