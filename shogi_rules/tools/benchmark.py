"""How fast the engine counts positions: beside its own earlier self, python-shogi and Fairy-Stockfish.

Run ``python -m shogi_rules.tools.benchmark`` (``--quick`` for smaller depths). Every figure is CPU time
(``time.process_time``, or the CPU time of the Fairy-Stockfish process), not wall time, and the
engines compared take turns on each position, ``--repeats`` times (3 by default), so that other work
on a busy machine slows them alike; the tables give the least and the median time of the repeats and
ratios of the least. It prints, in one run:

* standard shogi (the variant USI describes) from the start and three middle games (one ply less):
  shogi-rules beside python-shogi (the plain recursion over ``board.legal_moves`` with push and pop,
  the last ply counted in bulk as ours is) and, when the Debian package ``fairy-stockfish`` is
  installed, the native Fairy-Stockfish (``go perft N`` over UCI), with our speed as a fraction of its;
* the other variants from the start, boards of fewer than 12 files in the section ``variants``, the
  others in ``large``;
* with ``--sections records`` (not run by default), ``check-record`` beside ``replay`` of the same seeded
  random record of every variant (:func:`random_record`, 500 plies unless ``--plies`` says otherwise): the
  CPU time of each and their ratio, per engine, so that the two versions' ratios stand side by side; with
  ``--presets``, also a record made under each of the variant's presets (whole rule sets by source), replayed
  under that preset: a record a player of that reading might write.

Which variants, at which depth and under which rules, is variant data: :attr:`Variant.benchmark_depth`
and :attr:`Variant.benchmark_choice` (every option of that choice timed separately; Okisaki's two
setups and Wa's two drop rules, for instance).

``--baseline PATH`` adds another copy of this engine, imported from the source tree at ``PATH``, to
every table: for instance the engine as it stood at an earlier commit, made with
``git worktree add /tmp/base <commit>`` or ``git archive <commit> | tar -x -C /tmp/base``. Both
copies run in child processes of their own, in turns, and the ratio of their least CPU times is the
speed-up. ``--pyffish`` adds the slow cross-check of the same perfts computed by pyffish, for every
rule set Fairy-Stockfish plays (minutes): for Okisaki it confirms 1,697,913 (Fairy-Stockfish's setup)
and 1,695,976 (the Chinese Wikipedia article's).

This is a measurement, not a test: nothing is asserted about time. Node counts that disagree
between two engines are flagged in the output.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Any, Mapping, Protocol

from ..notation.fen import read_sfen, write_sfen
from ..engine.outcome import royal_threatened
from ..engine.position import Position
from ..compiled.variant import RuleSet, Variant, available_variants

# Middle games from seeded random play (drops on both sides, 59 to 80 legal moves), as USI SFEN.
MIDDLE_GAMES = (
    ("middle-1", "1n2gk1n1/l4rsbl/ppB2pppp/2p6/3p5/1sP2PPPP/P2P1KG2/3SpR2L/LN1G2SN1 b Pgp 41"),
    ("middle-2", "4r1snl/4g2b1/lpng1kp1p/p2pp2p1/2p6/P2PPGP2/1P1G3PP/2S2RK1L/L1B3SN1 b Sn3p 55"),
    ("middle-3", "l5sn1/rs1kg4/n+Pp1p3l/p2pgp2p/3P5/4P4/P1PS1PPPP/L3GR3/1N1K1GSNL w B3Pb 54"),
)
SHOGI_START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
LARGE_FILES = 12
"""Variants on boards of at least this many files are timed in the section ``large``."""


@dataclass(frozen=True)
class Case:
    """One perft to time: a rule set, a position (``sfen`` for standard shogi, else ``fen``; neither:
    the start) and a depth."""

    label: str
    variant: str
    depth: int
    rules: Mapping[str, str] = field(default_factory=dict)
    sfen: str | None = None
    fen: str | None = None

    def job(self) -> dict[str, Any]:
        return {"variant": self.variant, "depth": self.depth, "rules": dict(self.rules), "sfen": self.sfen,
                "fen": self.fen}

    def position(self) -> Position:
        if self.sfen:
            return read_sfen(self.sfen, rules=self.rules or None)
        return Position(self.variant, fen=self.fen, rules=self.rules or None)


class Engine(Protocol):
    """An engine the benchmark times: it counts a case's perft and says how much CPU time it took."""

    name: str

    def run(self, case: Case) -> tuple[int, float]: ...

    def close(self) -> None: ...


class BenchmarkError(RuntimeError):
    """An engine of the benchmark could not be started or stopped answering."""


# --- shogi-rules in a child process (this tree, or a baseline tree) --------------------------------------
_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import shogi_rules
from shogi_rules import Position
try:
    from shogi_rules.notation.fen import read_sfen
except ImportError:  # a baseline from before USI SFEN was read by its notation
    read_sfen = Position.from_sfen
print(json.dumps({"ready": shogi_rules.__file__}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    if job.get("kind") == "record":  # replay and check-record of one record, each on its own clock
        from shogi_rules.notation.records import check_record, replay
        from shogi_rules.compiled.variant import RuleSet
        made = RuleSet.of(job["variant"], preset=job["preset"]) if job.get("preset") else job["variant"]
        replay(made, job["moves"][:10])  # tables compiled before the clocks start
        check_record(job["variant"], job["moves"][:10])
        start = time.process_time()
        played = replay(made, job["moves"])
        middle = time.process_time()
        checked = check_record(job["variant"], job["moves"])
        end = time.process_time()
        print(json.dumps({"legal": [played.legal, checked.legal], "replay": middle - start, "check": end - middle,
                          "plays": getattr(checked, "plays", None)}), flush=True)
        continue
    rules = job["rules"] or None
    if job["sfen"]:
        pos = read_sfen(job["sfen"], rules=rules)
    else:
        pos = Position(job["variant"], fen=job["fen"], rules=rules)
    pos.perft(min(2, job["depth"]))  # tables compiled before the clock starts
    start = time.process_time()
    nodes = pos.perft(job["depth"])
    print(json.dumps({"nodes": nodes, "cpu": time.process_time() - start}), flush=True)
"""


class ShogiRulesEngine:
    """shogi-rules imported from the source tree ``root`` (the directory holding ``shogi_rules/``),
    in a child process that times each perft with its own CPU clock."""

    def __init__(self, name: str, root: str | Path):
        self.name = name
        self.root = Path(root).resolve()
        if not (self.root / "shogi_rules" / "__init__.py").is_file():
            raise BenchmarkError(f"{self.root} holds no shogi_rules package")
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER, str(self.root)], cwd=self.root,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        ready = self._read()
        where = Path(ready["ready"]).resolve()
        if self.root not in where.parents:
            self.close()
            raise BenchmarkError(f"{name}: imported shogi_rules from {where}, not from {self.root}")

    def _read(self) -> dict[str, Any]:
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            self.proc.wait()
            why = [t for t in (self.proc.stderr.read() if self.proc.stderr else "").splitlines() if t.strip()]
            raise BenchmarkError(f"{self.name} ({self.root}) stopped answering"
                                 + (f": {why[-1].strip()}" if why else ""))
        answer: dict[str, Any] = json.loads(line)
        return answer

    def run(self, case: Case) -> tuple[int, float]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(case.job()) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        return answer["nodes"], answer["cpu"]

    def record(self, variant: str, moves: list[str], preset: str | None = None) -> tuple[float, float, int | None]:
        """The CPU seconds of ``replay`` (under ``preset``, else the defaults) and of ``check-record`` of ``moves``
        (both must accept them), and the plies the check played in all
        (:attr:`~shogi_rules.notation.records.RecordCheck.plays`; ``None`` from an engine that does not count
        them)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"kind": "record", "variant": variant, "moves": moves, "preset": preset})
                              + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        if answer["legal"] != [True, True]:
            raise BenchmarkError(f"{self.name}: replay and check-record say {answer['legal']} of the {variant} record")
        return answer["replay"], answer["check"], answer.get("plays")

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --- python-shogi, in this process --------------------------------------------------------------------
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


class PythonShogiEngine:
    name = "python-shogi"

    def __init__(self) -> None:
        import shogi  # python-shogi

        self.shogi = shogi

    def run(self, case: Case) -> tuple[int, float]:
        board = self.shogi.Board(case.sfen or SHOGI_START_SFEN)
        start = time.process_time()
        nodes = python_shogi_perft(board, case.depth)
        return nodes, time.process_time() - start

    def close(self) -> None:
        pass


# --- the native Fairy-Stockfish over UCI ---------------------------------------------------------------
FAIRY_STOCKFISH = ("fairy-stockfish", "/usr/games/fairy-stockfish")
_NODES = re.compile(r"^Nodes searched:\s*(\d+)")


def find_fairy_stockfish() -> str | None:
    """The path of the Fairy-Stockfish binary (Debian's package puts it in /usr/games), or ``None``."""
    for name in FAIRY_STOCKFISH:
        found = shutil.which(name)
        if found:
            return found
    return None


def process_cpu_seconds(pid: int) -> float:
    """CPU time used so far by every thread of process ``pid`` (Linux: nanoseconds from
    /proc/PID/task/*/schedstat, else clock ticks from /proc/PID/stat)."""
    tasks = Path(f"/proc/{pid}/task")
    try:
        return sum(int((t / "schedstat").read_text().split()[0]) for t in tasks.iterdir()) / 1e9
    except (OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class FairyStockfishEngine:
    """Fairy-Stockfish as a UCI engine: ``position fen …`` then ``go perft N``, timed by the CPU time
    of its process."""

    name = "Fairy-Stockfish"

    def __init__(self, path: str):
        self.path = path
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.version = self._until("uci", lambda line: line == "uciok", keep="id name ")
        self._variant: str | None = None

    def _until(self, command: str, done: Callable[[str], bool], keep: str | None = None) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        kept = ""
        for line in self.proc.stdout:
            line = line.strip()
            if keep and line.startswith(keep):
                kept = line[len(keep):]
            if done(line):
                return kept or line
        raise BenchmarkError(f"{self.path} stopped answering ({command!r})")

    def run(self, case: Case) -> tuple[int, float]:
        if case.variant != self._variant:
            self._until(f"setoption name UCI_Variant value {case.variant}\nisready", lambda line: line == "readyok")
            self._variant = case.variant
        fen = case.position().fen()
        self._until(f"position fen {fen}\nisready", lambda line: line == "readyok")
        start = process_cpu_seconds(self.proc.pid)
        line = self._until(f"go perft {case.depth}", lambda line: bool(_NODES.match(line)))
        cpu = process_cpu_seconds(self.proc.pid) - start
        return int(_NODES.match(line).group(1)), cpu  # type: ignore[union-attr]

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self._until("quit", lambda line: False)
            except (BenchmarkError, OSError):
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --- measuring ---------------------------------------------------------------------------------------
@dataclass
class Timing:
    nodes: int
    cpu: list[float]

    @property
    def least(self) -> float:
        return min(self.cpu)

    @property
    def median(self) -> float:
        return statistics.median(self.cpu)


def measure(case: Case, engines: Sequence[Engine], repeats: int) -> dict[str, Timing]:
    """Each engine's node count and CPU times for ``case``: the engines take turns, ``repeats``
    rounds, each round starting with the next engine."""
    out: dict[str, Timing] = {}
    for r in range(repeats):
        k = r % len(engines)
        for engine in [*engines[k:], *engines[:k]]:
            nodes, cpu = engine.run(case)
            timing = out.setdefault(engine.name, Timing(nodes, []))
            timing.cpu.append(cpu)
            if timing.nodes != nodes:
                raise BenchmarkError(f"{engine.name} counted {timing.nodes:,} then {nodes:,} on {case.label}")
    return out


def table(title: str, cases: list[Case], engines: Sequence[Engine], repeats: int, ours: str = "shogi-rules") -> dict[str, dict[str, Timing]]:
    """Time ``cases`` with ``engines`` and print a table: nodes, least and median CPU seconds per
    engine, and per other engine the ratio of its least time to ours (above 1: we are faster)."""
    print(title)
    others = [e.name for e in engines if e.name != ours]
    names = [ours] + others
    print(f"{'':<22} {'':>5} {'':>10}" + "".join(f" {name[:15]:>15}" for name in names)
          + "".join(f" {'vs ' + name:>18}" for name in others))
    print(f"{'position':<22} {'depth':>5} {'nodes':>10}" + f" {'min':>7} {'med':>7}" * len(names))
    results = {}
    for case in cases:
        timings = measure(case, engines, repeats)
        results[case.label] = timings
        mine = timings[ours]
        line = f"{case.label:<22} {case.depth:>5} {mine.nodes:>10,}"
        line += "".join(f" {timings[name].least:>7.3f} {timings[name].median:>7.3f}" for name in names)
        line += "".join(f" {timings[name].least / mine.least:>17.2f}x" if mine.least > 0 else f" {'-':>18}"
                        for name in others)
        flags = [f"{name} counts {t.nodes:,}" for name, t in timings.items() if t.nodes != mine.nodes]
        print(line + ("  COUNTS DIFFER: " + "; ".join(flags) if flags else ""))
    print()
    return results


def timed(variant: Variant, quick: bool) -> list[Case]:
    """The variant's cases from the start: one per option of its :attr:`~Variant.benchmark_choice`
    (labelled ``id (option)``), else one under the defaults (labelled by its id)."""
    depth = variant.benchmark_depth - (1 if quick else 0)
    if not variant.benchmark_choice:
        return [Case(variant.id, variant.id, depth)]
    choice = variant.rule_choice(variant.benchmark_choice)
    return [Case(f"{variant.id} ({o.id})", variant.id, depth, {choice.id: o.id}) for o in choice.options]


def shogi_cases(quick: bool) -> list[Case]:
    """Standard shogi (the variant USI describes) from the start, and the middle games one ply less deep."""
    cases = []
    for v in available_variants():
        if v.usi and v.benchmark_depth:
            depth = v.benchmark_depth - (1 if quick else 0)
            cases.append(Case(f"{v.id} start", v.id, depth, sfen=write_sfen(Position(v.id))))
            cases += [Case(name, v.id, depth - 1, sfen=sfen) for name, sfen in MIDDLE_GAMES]
    return cases


def variant_cases(quick: bool) -> list[Case]:
    """The other variants on boards of fewer than :data:`LARGE_FILES` files."""
    return [c for v in available_variants() if v.benchmark_depth and not v.usi and v.files < LARGE_FILES
            for c in timed(v, quick)]


def large_cases(quick: bool) -> list[Case]:
    """The variants on boards of :data:`LARGE_FILES` files or more."""
    return [c for v in available_variants() if v.benchmark_depth and not v.usi and v.files >= LARGE_FILES
            for c in timed(v, quick)]


# --- records: check-record beside replay -------------------------------------------------------------------
RECORD_PLIES = 500


def random_record(variant: str, plies: int, seed: str, preset: str | None = None) -> list[str]:
    """A seeded random game of ``variant`` under its defaults (or under ``preset``), in Western names: no move takes
    a royal piece or ends the game, and where it can none leaves the mover's royal piece open to capture (as a player
    would not), so that it runs to ``plies`` where it can."""
    rng = random.Random(seed)
    pos = Position(variant, preset=preset)
    names: list[str] = []
    while len(names) < plies:
        legal = pos.legal_moves()
        rng.shuffle(legal)
        chosen = None
        for careful in (True, False):
            for m in legal:
                if m.origin is not None and any(pos.board[s] and pos.tables.royal[pos.board[s]] for s in (m.target, *m.path)):
                    continue
                us, name = pos.turn, pos.move_name(m, "western")
                pos.push(m)
                bad = (careful and not pos.variant.check_rules and royal_threatened(pos, us)) or pos.outcome() is not None
                pos.pop()
                if not bad:
                    chosen = (m, name)
                    break
            if chosen:
                break
        if chosen is None:
            break
        names.append(chosen[1])
        pos.push(chosen[0])
    return names


def record_table(engines: Sequence[ShogiRulesEngine], repeats: int, plies: int,
                 presets: bool = False, each: int = 1,
                 variants: Sequence[str] | None = None) -> dict[str, dict[str, float]]:
    """Time ``replay`` and ``check-record`` of one seeded random record of every variant (:func:`random_record`),
    each engine in turn, and print per engine the least CPU seconds of each, their ratio (check-record's time in
    replays), how many boards the check played the record on (``boards``: the plies it played in all over the
    record's length, :attr:`~shogi_rules.notation.records.RecordCheck.plays`) and the ratio per board. With
    ``presets``, a record made under each preset of the variant too (``variant/preset``), replayed under it. With
    ``each`` above one, so many records of each (``variant/preset#k`` from the second on, each from its own seed), and
    after the table, per engine and variant, the median and the largest ratio of its records. ``variants``: those
    only (by id; default every variant)."""
    print(f"check-record beside replay: {'a seeded random record' if each == 1 else f'{each} seeded random records'}"
          f" of up to {plies} plies, every variant" + (f", and {'one' if each == 1 else each} under each preset"
                                                       if presets else ""))
    print(f"{'record':<26} {'plies':>5}" + "".join(
        f" {e.name[:11] + ' replay':>18} {'check':>7} {'ratio':>6} {'boards':>6} {'/board':>6}" for e in engines))
    results: dict[str, dict[str, float]] = {}
    spread: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for v, preset, k in ((v, preset, k) for v in available_variants() if variants is None or v.id in variants
                         for preset in ([None, *(p.id for p in v.presets)] if presets else [None])
                         for k in range(each)):
        label = (v.id if preset is None else f"{v.id}/{preset}") + (f"#{k}" if k else "")
        moves = random_record(v.id, plies, f"benchmark:{v.id}" + (f":{k}" if k else ""), preset)
        times: dict[str, tuple[list[float], list[float]]] = {e.name: ([], []) for e in engines}
        boards: dict[str, float | None] = {}
        for r in range(repeats):
            first = r % len(engines)
            for engine in [*engines[first:], *engines[:first]]:
                played, checked, plays = engine.record(v.id, moves, preset)
                times[engine.name][0].append(played)
                times[engine.name][1].append(checked)
                boards[engine.name] = None if plays is None else plays / len(moves)
        line = f"{label:<26} {len(moves):>5}"
        for e in engines:
            played, checked = min(times[e.name][0]), min(times[e.name][1])
            ratio, board = checked / played, boards[e.name]
            results[f"{label} ({e.name})"] = {"replay": played, "check": checked, "boards": board or math.nan}
            spread.setdefault((e.name, v.id), []).append((ratio, ratio / board if board else math.nan))
            line += f" {played:>18.3f} {checked:>7.3f} {ratio:>6.1f}" + (
                f" {'-':>6} {'-':>6}" if board is None else f" {board:>6.2f} {ratio / board:>6.1f}")
        print(line, flush=True)
    if each > 1:
        print("\nper variant, the check's time in replays over its records: median and largest (per board: the same)")
        for (name, variant), found in spread.items():
            ratios, per_board = sorted(r for r, _ in found), sorted(b for _, b in found)
            print(f"{variant:<14} {name:<12} {len(found):>3} records  median {statistics.median(ratios):5.1f}  "
                  f"largest {ratios[-1]:5.1f}   per board: median {statistics.median(per_board):5.1f}  "
                  f"largest {per_board[-1]:5.1f}")
    print()
    return results


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
    """The perfts of the benchmark's rule sets that Fairy-Stockfish plays, computed by pyffish alone
    (minutes), beside ours."""
    try:
        import pyffish
    except ImportError:
        print("pyffish is not installed (pip install pyffish==0.0.90): Fairy-Stockfish's figures skipped.")
        print()
        return
    workers = os.cpu_count() or 1
    print(f"Perft by Fairy-Stockfish (pyffish {'.'.join(map(str, pyffish.version()))}, {workers} processes), "
          "beside ours")
    print(f"{'rule set':<26} {'depth':>5} {'pyffish':>11} {'wall s':>8} {'ours':>11}")
    for v in available_variants():
        for case in timed(v, quick) if v.benchmark_depth else []:
            rules = RuleSet.of(v.id, case.rules)
            if rules.fsf_name is None:
                continue
            pos = Position(rules)
            start = time.perf_counter()
            theirs = fsf_perft(rules.fsf_name, pos.fen(), case.depth, workers)
            secs = time.perf_counter() - start
            ours = pos.perft(case.depth)
            flag = "" if theirs == ours else "  MISMATCH"
            print(f"{case.label:<26} {case.depth:>5} {theirs:>11,} {secs:>8.1f} {ours:>11,}{flag}")
    print()


def _close(engines: Sequence[Engine]) -> None:
    for engine in engines:
        engine.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shogi_rules.tools.benchmark",
                                     description="perft speed of shogi-rules beside its baseline, python-shogi "
                                                 "and Fairy-Stockfish, in CPU time")
    parser.add_argument("--quick", action="store_true", help="smaller depths (seconds instead of minutes)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds per position (default 3)")
    parser.add_argument("--baseline", metavar="PATH",
                        help="a source tree of another version of shogi-rules to compare with (the directory "
                             "holding its shogi_rules/), e.g. made by git worktree add or git archive")
    parser.add_argument("--pyffish", action="store_true",
                        help="also compute with pyffish the perfts of the rule sets Fairy-Stockfish plays (minutes)")
    parser.add_argument("--sections", default="shogi,variants,large",
                        help="comma-separated: shogi, variants, large, records (default: the first three; "
                             "records times check-record beside replay)")
    parser.add_argument("--plies", type=int, default=RECORD_PLIES,
                        help=f"the length of the records of the section records (default {RECORD_PLIES})")
    parser.add_argument("--presets", action="store_true",
                        help="in the section records, also a record made under each preset of each variant")
    parser.add_argument("--records", type=int, default=1,
                        help="in the section records, how many records of each (each of its own seed; default 1)")
    parser.add_argument("--variants", metavar="IDS",
                        help="in the section records, these variants only (comma-separated ids; default every variant)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.plies < 1:
        parser.error("--plies must be at least 1")
    if args.records < 1:
        parser.error("--records must be at least 1")
    known = [v.id for v in available_variants()]
    chosen = None if args.variants is None else [x.strip() for x in args.variants.split(",") if x.strip()]
    if chosen is not None and (not chosen or set(chosen) - set(known)):
        parser.error(f"--variants takes ids among {', '.join(known)}")
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = set(sections) - {"shogi", "variants", "large", "records"}
    if unknown:
        parser.error(f"unknown section(s) {', '.join(sorted(unknown))} (known: shogi, variants, large, records)")

    print(f"shogi-rules benchmark{' (quick)' if args.quick else ''}: Python {platform.python_version()} "
          f"on {platform.machine()}, {os.cpu_count()} cores")
    print(f"CPU seconds, the engines taking turns, {args.repeats} round(s): min and med are the least and the "
          f"median; 'vs X' is X's least time divided by ours (above 1: shogi-rules is faster).")
    ours_root = Path(__file__).resolve().parent.parent.parent
    engines: list[ShogiRulesEngine] = []
    try:
        engines.append(ShogiRulesEngine("shogi-rules", ours_root))
        if args.baseline:
            baseline = ShogiRulesEngine("baseline", args.baseline)
            engines.append(baseline)
            print(f"baseline: shogi-rules from {baseline.root}")
    except BenchmarkError as exc:
        _close(engines)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print()
    extra: list[Engine] = []
    results: dict[str, dict[str, Timing]] = {}
    try:
        if "shogi" in sections:
            try:
                extra.append(PythonShogiEngine())
            except ImportError:
                print("python-shogi is not installed (pip install python-shogi==1.1.1, or pip install -e '.[test]'): "
                      "left out.")
            fsf = find_fairy_stockfish()
            if fsf:
                native = FairyStockfishEngine(fsf)
                extra.append(native)
                print(f"Fairy-Stockfish: {native.version} ({fsf})")
            else:
                print("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): left out.")
            results |= table("Standard shogi", shogi_cases(args.quick), [*engines, *extra], args.repeats)
        if "variants" in sections:
            results |= table("Other variants from the start", variant_cases(args.quick), engines, args.repeats)
        if "large" in sections:
            results |= table("Large variants from the start", large_cases(args.quick), engines, args.repeats)
        if "records" in sections:
            record_table(engines, args.repeats, args.plies, args.presets, args.records, chosen)
    except (BenchmarkError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        _close([*engines, *extra])
    if args.baseline and results:
        print("Speed-up over the baseline (its least CPU time / ours):")
        for label, timings in results.items():
            ratio = timings["baseline"].least / timings["shogi-rules"].least
            print(f"  {label:<24} {ratio:5.2f}x")
        print()
    if args.pyffish:
        bench_pyffish(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
