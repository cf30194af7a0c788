"""Shared helpers of the verification tests: the rule sets under test and seeded, biased random play.

Random play that picks moves uniformly hardly ever drops a piece, promotes or mates, so the
sample would not exercise the rules that matter most. :func:`play_biased_games` prefers, with fixed
probabilities, a mating move, a check, a capture, a promotion or a drop, and plays games to mate
or to a ply limit. Every choice comes from ``random.Random(seed)``: the same seed gives the same
games on every machine (the engine's move order is deterministic too).

Helpers are handed to the tests through fixtures (``rule_sets``, ``new_position``,
``biased_sample``) so that no test module has to import this file.
"""

from __future__ import annotations

import functools
import http.server
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from shogi_rules import Position
from shogi_rules.model.moves import Move

pytest.register_assert_rewrite("helpers")  # tests/helpers.py, the test modules' shared helpers, asserts too

from rule_sets import RULE_SETS  # noqa: E402  (made from the variant registry)


def new_position(name: str, fen: str | None = None) -> Position:
    """A position of the named rule set (its start, or ``fen``)."""
    variant, rules, _ = RULE_SETS[name]
    return Position(variant, fen=fen, rules=rules)


@dataclass(frozen=True)
class Sample:
    """One position met in random play, and what happened next."""

    rule_set: str
    fen: str
    move: str | None
    """The move played from here (Fairy-Stockfish coordinates); ``None`` where the game stopped."""
    kinds: frozenset[str]
    """What the played move was: any of capture, drop, promotion, check, mate."""
    terminal: bool
    """The side to move has no legal move."""
    in_check: bool
    game: int
    ply: int


def is_capture(pos: Position, move: Move) -> bool:
    if move.origin is None:
        return False
    return bool(pos.board[move.target]) or any(pos.board[s] for s in move.path)


def classify(pos: Position, move: Move) -> set[str]:
    """The kinds of ``move`` (capture, drop, promotion, check, mate), found by playing it."""
    kinds = set()
    if move.origin is None:
        kinds.add("drop")
    elif is_capture(pos, move):
        kinds.add("capture")
    if move.promotion:
        kinds.add("promotion")
    pos.push(move)
    try:
        if pos.is_check():
            kinds.add("check")
            if not pos.legal_moves():
                kinds.add("mate")
    finally:
        pos.pop()
    return kinds


# The bias: (kind, probability of looking for a move of that kind first).
MATE_PROBABILITY = 0.9
PREFERENCES = (("check", 0.25), ("capture", 0.25), ("promotion", 0.25), ("drop", 0.15))


def biased_choice(pos: Position, moves: list[Move], rng: random.Random) -> tuple[Move, set[str]]:
    """Pick a move: a mate when there is one (mostly), else preferably a check, capture, promotion or drop."""
    kinds = [classify(pos, m) for m in moves]
    mates = [i for i, k in enumerate(kinds) if "mate" in k]
    if mates and rng.random() < MATE_PROBABILITY:
        i = rng.choice(mates)
        return moves[i], kinds[i]
    r = rng.random()
    for kind, p in PREFERENCES:
        if r < p:
            pool = [i for i, k in enumerate(kinds) if kind in k]
            if pool:
                i = rng.choice(pool)
                return moves[i], kinds[i]
            break
        r -= p
    i = rng.randrange(len(moves))
    return moves[i], kinds[i]


@lru_cache(maxsize=None)
def play_biased_games(name: str, seed: int, count: int, max_plies: int = 120,
                      keep: float = 0.35) -> tuple[Sample, ...]:
    """At least ``count`` positions of the rule set ``name`` from seeded biased random games.

    Each game starts from the rule set's start position and runs until the side to move has no
    legal move or ``max_plies`` plies are played. A position is kept with probability ``keep``;
    the last position of every game is always kept.
    """
    rng = random.Random(f"{name}:{seed}")
    out: list[Sample] = []
    game = 0
    while len(out) < count:
        pos = new_position(name)
        for ply in range(max_plies + 1):
            moves = pos.legal_moves()
            last = not moves or ply == max_plies
            if last:
                move, kinds = None, set()
            else:
                move, kinds = biased_choice(pos, moves, rng)
            if last or rng.random() < keep:
                out.append(Sample(name, pos.fen(), None if move is None else pos.move_name(move, "fsf"),
                                  frozenset(kinds), not moves, pos.is_check(), game, ply))
            if last:
                break
            pos.push(move)
        game += 1
    return tuple(out)


@pytest.fixture(scope="session")
def rule_sets():
    return RULE_SETS


@pytest.fixture(scope="session")
def make_position():
    """``make_position(name, fen=None)``: a position of a named rule set."""
    return new_position


@pytest.fixture(scope="session")
def biased_sample():
    """``biased_sample(name, seed, count)``: positions from seeded biased random play (cached)."""
    return play_biased_games


# --- the built book, for tests/test_book.py and tests/test_explorer.py ------------------------------------
ROOT = Path(__file__).resolve().parents[1]
BUILD_TIMEOUT = 1500
"""Seconds the book build may take (it executes every notebook; about 3 minutes on two cores)."""


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    """The book built once per session; returns the HTML directory."""
    jb = Path(sys.executable).parent / "jupyter-book"
    if not jb.exists():
        pytest.fail("jupyter-book is not installed next to this Python: pip install -e '.[test,book]'")
    out = tmp_path_factory.mktemp("book")
    start = time.monotonic()
    try:
        proc = subprocess.run([str(jb), "build", str(ROOT), "-W", "--keep-going", "--path-output", str(out)],
                              capture_output=True, text=True, timeout=BUILD_TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the book build did not finish within {BUILD_TIMEOUT} s")
    seconds = time.monotonic() - start
    log = proc.stdout + proc.stderr
    print(f"book build: {seconds:.0f} s")
    warnings = [line for line in log.splitlines() if "WARNING" in line]
    assert proc.returncode == 0 and not warnings, "\n".join(warnings[:20]) or log[-3000:]
    html = out / "_build" / "html"
    assert (html / "index.html").exists()
    return html


@pytest.fixture(scope="session")
def built_pdf(built_book) -> Path:
    """The PDF edition, printed once per session after the web edition (as the README's book command does),
    from the notebooks that build executed (Jupyter Book's cache in the same output directory): about 6
    minutes on two busy cores, most of it XeLaTeX's three or four passes over some 320 pages."""
    jb = Path(sys.executable).parent / "jupyter-book"
    out = built_book.parents[1]  # built_book is <out>/_build/html
    start = time.monotonic()
    try:
        proc = subprocess.run([str(jb), "build", str(ROOT), "--builder", "pdflatex", "-W", "--keep-going",
                               "--path-output", str(out)], capture_output=True, text=True, timeout=BUILD_TIMEOUT,
                              cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the PDF build did not finish within {BUILD_TIMEOUT} s")
    print(f"PDF build: {time.monotonic() - start:.0f} s")
    log = proc.stdout + proc.stderr
    warnings = [line for line in log.splitlines() if "WARNING" in line]
    assert proc.returncode == 0 and not warnings, "\n".join(warnings[:20]) or log[-3000:]
    pdf = out / "_build" / "latex" / "shogi-rules.pdf"
    assert pdf.is_file(), log[-3000:]
    return pdf


@pytest.fixture(scope="session")
def served_book(built_book):
    """The built book on http://127.0.0.1:<port>/ (a thread of this process)."""
    handler = functools.partial(_QuietHandler, directory=str(built_book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass
