"""How fast the engine counts positions, beside python-shogi and Fairy-Stockfish.

Run ``python -m shogi_rules.benchmark`` (``--quick`` for smaller depths). It prints, in one run:

* standard shogi: our perft and python-shogi's on the same positions (the start and three middle
  games), nodes, seconds, nodes per second and the ratio of the two speeds. python-shogi's perft is
  the plain recursion over ``board.legal_moves`` with push and pop, and, like ours, counts the moves
  of the last ply in bulk (the length of the legal move list) instead of making them;
* Okisaki (both setups) and Wa (both drop rules) from the start, ours only;
* Okisaki perft at depth 4 computed with pyffish (Fairy-Stockfish), when it is installed, which
  confirms 1,697,913 (Fairy-Stockfish's setup) and 1,695,976 (the seed's setup). Each pyffish call
  builds its position from a FEN (about 1.4 ms), so this part is spread over the available cores;
* the large variants (Tenjiku, Dai Dai, Maka Dai Dai): perft(2) from the start for those that are
  implemented, a line saying so for the others.

This is a measurement, not a test: nothing is asserted about time. Node counts that disagree
between two engines are flagged in the output.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any, Callable, TypeVar

from .position import Position
from .variant import available_variants

# Middle games from seeded random play (drops on both sides, 59 to 80 legal moves), as USI SFEN.
MIDDLE_GAMES = (
    ("middle-1", "1n2gk1n1/l4rsbl/ppB2pppp/2p6/3p5/1sP2PPPP/P2P1KG2/3SpR2L/LN1G2SN1 b Pgp 41"),
    ("middle-2", "4r1snl/4g2b1/lpng1kp1p/p2pp2p1/2p6/P2PPGP2/1P1G3PP/2S2RK1L/L1B3SN1 b Sn3p 55"),
    ("middle-3", "l5sn1/rs1kg4/n+Pp1p3l/p2pgp2p/3P5/4P4/P1PS1PPPP/L3GR3/1N1K1GSNL w B3Pb 54"),
)
T = TypeVar("T")

SHOGI_START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
LARGE_VARIANTS = ("tenjiku", "daidai", "makadaidai")


def _timed(fn: Callable[..., T], *args: Any) -> tuple[T, float]:
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def _nps(nodes: float, seconds: float) -> str:
    return f"{nodes / seconds:,.0f}" if seconds > 0 else "-"


# --- python-shogi ---------------------------------------------------------------------------------------
def python_shogi_perft(board: Any, depth: int) -> int:
    """Plain recursive perft over python-shogi's legal moves; the last ply is counted in bulk."""
    if depth == 1:
        return len(board.legal_moves)
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_shogi_perft(board, depth - 1)
        board.pop()
    return total


def _import_python_shogi() -> Any:
    try:
        import shogi  # python-shogi
    except ImportError:
        print("python-shogi is not installed (pip install python-shogi==1.1.1, or pip install -e '.[test]'); "
              "the comparison with it is skipped.")
        return None
    return shogi


def bench_shogi(quick: bool) -> None:
    positions = [("start", SHOGI_START_SFEN, 3 if quick else 4)]
    positions += [(name, sfen, 2 if quick else 3) for name, sfen in MIDDLE_GAMES]
    shogi = _import_python_shogi()
    print("Standard shogi: shogi-rules against python-shogi, same positions, same bulk counting")
    header = f"{'position':<10} {'depth':>5} {'nodes':>11} {'ours s':>8} {'ours n/s':>11}"
    if shogi is not None:
        header += f" {'p-shogi s':>10} {'p-shogi n/s':>12} {'ratio':>6}"
    print(header)
    totals = [0, 0.0, 0, 0.0]
    for name, sfen, depth in positions:
        pos = Position.from_sfen(sfen)
        nodes, secs = _timed(pos.perft, depth)
        line = f"{name:<10} {depth:>5} {nodes:>11,} {secs:>8.2f} {_nps(nodes, secs):>11}"
        totals[0] += nodes
        totals[1] += secs
        if shogi is not None:
            board = shogi.Board(sfen)
            theirs, their_secs = _timed(python_shogi_perft, board, depth)
            totals[2] += theirs
            totals[3] += their_secs
            ratio = (nodes / secs) / (theirs / their_secs) if secs and their_secs and theirs else float("nan")
            line += f" {their_secs:>10.2f} {_nps(theirs, their_secs):>12} {ratio:>5.1f}x"
            if theirs != nodes:
                line += f"  COUNTS DIFFER: python-shogi {theirs:,}"
        print(line)
    line = f"{'all':<10} {'':>5} {totals[0]:>11,} {totals[1]:>8.2f} {_nps(totals[0], totals[1]):>11}"
    if shogi is not None and totals[3]:
        ratio = (totals[0] / totals[1]) / (totals[2] / totals[3])
        line += f" {totals[3]:>10.2f} {_nps(totals[2], totals[3]):>12} {ratio:>5.1f}x"
        print(line)
        print(f"Speed ratio shogi-rules / python-shogi over all positions: {ratio:.1f}x (goal: at least 2x)")
    else:
        print(line)
    print()


# --- our other variants -----------------------------------------------------------------------------------
OURS = (
    ("okisaki", {"okisaki.setup": "seed"}, "seed setup", 4),
    ("okisaki", {"okisaki.setup": "fairy-stockfish"}, "fairy-stockfish setup", 4),
    ("wa", {"wa.drops": "none"}, "no drops", 3),
    ("wa", {"wa.drops": "modern"}, "modern drops", 3),
)


def bench_variants(quick: bool) -> None:
    print("Other variants, shogi-rules from the start")
    print(f"{'variant':<10} {'rules':<22} {'depth':>5} {'nodes':>11} {'seconds':>8} {'nodes/s':>11}")
    for variant, rules, label, depth in OURS:
        depth = depth - 1 if quick else depth
        pos = Position(variant, rules=rules)
        nodes, secs = _timed(pos.perft, depth)
        print(f"{variant:<10} {label:<22} {depth:>5} {nodes:>11,} {secs:>8.2f} {_nps(nodes, secs):>11}")
    print()


# --- Fairy-Stockfish through pyffish -----------------------------------------------------------------------
_TOKEN = re.compile(r"\+?[A-Za-z]|\d+")


def fsf_king_square(fen: str, king: str) -> str:
    """Where ``king`` ('K' or 'k') stands, in Fairy-Stockfish coordinates, read from the FEN alone."""
    ranks = fen.split("[")[0].split()[0].split("/")
    for row, text in enumerate(ranks):
        col = 0
        for token in _TOKEN.findall(text):
            if token.isdigit():
                col += int(token)
            elif token == king:
                return f"{'abcdefghijklmnopqrs'[col]}{len(ranks) - row}"
            else:
                col += 1
    raise ValueError(f"no {king} in {fen}")


def fsf_legal_moves(variant: str, fen: str, moves: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Fairy-Stockfish's legal moves after ``moves``, without the pawn drops that mate (which it
    lists; the rules forbid them).

    A dropped pawn gives check only on the square in front of the enemy king, so only a drop there
    is tried: pyffish says whether it checks and leaves no reply.
    """
    import pyffish

    legal = pyffish.legal_moves(variant, fen, list(moves))
    if not any(m.startswith("P@") for m in legal):
        return legal
    here = pyffish.get_fen(variant, fen, list(moves)) if moves else fen
    sente = here.split()[1] == "w"
    king = fsf_king_square(here, "k" if sente else "K")
    target = f"P@{king[0]}{int(king[1:]) + (-1 if sente else 1)}"
    if target in legal and pyffish.gives_check(variant, here, [target]) and not pyffish.legal_moves(variant, here, [target]):
        legal.remove(target)
    return legal


def _fsf_perft(variant: str, fen: str, depth: int, moves: list[str]) -> int:
    import pyffish

    if depth == 1:
        return len(fsf_legal_moves(variant, fen, moves))
    total = 0
    for m in pyffish.legal_moves(variant, fen, moves):
        total += _fsf_perft(variant, fen, depth - 1, moves + [m])
    return total


def _fsf_subtree(args: tuple[str, str, int, str]) -> int:
    variant, fen, depth, first = args
    return _fsf_perft(variant, fen, depth - 1, [first])


def fsf_perft(variant: str, fen: str, depth: int, workers: int) -> int:
    """Perft by pyffish alone, its first moves shared among ``workers`` processes."""
    import pyffish

    firsts = pyffish.legal_moves(variant, fen, [])
    if depth == 1:
        return len(fsf_legal_moves(variant, fen))
    jobs = [(variant, fen, depth, m) for m in firsts]
    if workers <= 1:
        return sum(map(_fsf_subtree, jobs))
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        return sum(pool.map(_fsf_subtree, jobs))


def bench_pyffish(quick: bool) -> None:
    try:
        import pyffish
    except ImportError:
        print("pyffish is not installed (pip install pyffish==0.0.90): Fairy-Stockfish's Okisaki figures skipped.")
        print()
        return
    depth = 3 if quick else 4
    workers = os.cpu_count() or 1
    expected = {("seed setup", 4): 1_695_976, ("fairy-stockfish setup", 4): 1_697_913,
                ("seed setup", 3): 48_211, ("fairy-stockfish setup", 3): 48_211}
    print(f"Okisaki perft({depth}) by Fairy-Stockfish (pyffish {'.'.join(map(str, pyffish.version()))}, "
          f"{workers} processes), beside ours")
    print(f"{'setup':<22} {'pyffish':>11} {'seconds':>8} {'ours':>11} {'expected':>11}")
    for variant, rules, label, _ in OURS[:2]:
        pos = Position(variant, rules=rules)
        fen = pos.fen()
        theirs, secs = _timed(fsf_perft, "okisakishogi", fen, depth, workers)
        ours = pos.perft(depth)
        flag = "" if theirs == ours == expected[(label, depth)] else "  MISMATCH"
        print(f"{label:<22} {theirs:>11,} {secs:>8.1f} {ours:>11,} {expected[(label, depth)]:>11,}{flag}")
    print()


# --- the large variants -------------------------------------------------------------------------------------
def bench_large() -> None:
    print("Large variants, shogi-rules perft(2) from the start")
    implemented = {v.id for v in available_variants()}
    for vid in LARGE_VARIANTS:
        if vid not in implemented:
            print(f"{vid:<11} skipped: not implemented yet")
            continue
        try:
            pos = Position(vid)
            moves, secs1 = _timed(pos.perft, 1)
            nodes, secs = _timed(pos.perft, 2)
        except Exception as exc:  # a variant under construction must not stop the benchmark
            print(f"{vid:<11} failed: {type(exc).__name__}: {exc}")
            continue
        print(f"{vid:<11} perft(1) {moves:>6,}  perft(2) {nodes:>10,} {secs:>8.2f} s {_nps(nodes, secs):>11} nodes/s")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shogi_rules.benchmark",
                                     description="perft speed of shogi-rules beside python-shogi and Fairy-Stockfish")
    parser.add_argument("--quick", action="store_true", help="smaller depths (a few seconds in all)")
    parser.add_argument("--no-pyffish", action="store_true", help="skip Fairy-Stockfish's Okisaki perft")
    args = parser.parse_args(argv)
    print(f"shogi-rules benchmark{' (quick)' if args.quick else ''}: Python {platform.python_version()} "
          f"on {platform.machine()}, {os.cpu_count()} cores")
    print()
    bench_shogi(args.quick)
    bench_variants(args.quick)
    if not args.no_pyffish:
        bench_pyffish(args.quick)
    bench_large()
    return 0


if __name__ == "__main__":
    sys.exit(main())
