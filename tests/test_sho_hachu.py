"""Sho shogi against HaChu 0.21 (H. G. Muller's engine, Debian package ``hachu``), whose ``variant shogi`` is Sho.

HaChu is driven over CECP as the Chu tests drive it (``xboard``, ``protover 2``, ``variant shogi``, ``force``,
``setboard`` with the board part of our FEN, ``usermove`` in Fairy-Stockfish coordinates, ``ping`` to read each
answer whole). What it gives:

* Its ``setup`` line, sent when the variant is chosen, is Sho's start position in XBoard's FEN, with its piece
  letters (``E`` the drunk elephant). It is ours, square for square.
* Its Sho plays no move in this version. In force mode its root list of moves (the debug lines it prints
  before answering a ``usermove``) is empty in the start position and in every position set up from ours
  but one in check, and it answers every move ``Illegal move``; asked to move (``go``) it searches and never
  answers. So the moves cannot be compared: the expected difference, asserted below on the start and on
  positions of random games under the ``hachu`` preset, is that HaChu refuses every legal move of ours. A
  HaChu that plays Sho fails these tests, and the comparison of the Chu tests can then be made here.

The ``hachu`` preset follows HaChu's source for Sho where the binary cannot be asked: the same capture rules
as its Chu (no check rule, no bare-king rule) and shogi's promotions.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from shogi_rules import Position

HACHU = shutil.which("hachu", path="/usr/games:/usr/bin:/usr/local/games:/usr/local/bin")
PRESET = "hachu"
SEED = 20261202


class HaChu:
    """One HaChu process in force mode with ``variant shogi``."""

    def __init__(self) -> None:
        assert HACHU, "the hachu engine is needed (Debian package hachu)"
        self.proc = subprocess.Popen([HACHU], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pings = 0
        self.opening = self.talk("xboard\nprotover 2\nvariant shogi\nforce")

    def talk(self, text: str) -> list[str]:
        assert self.proc.stdin and self.proc.stdout
        self.pings += 1
        self.proc.stdin.write(f"{text}\nping {self.pings}\n")
        self.proc.stdin.flush()
        lines = []
        while (line := self.proc.stdout.readline()) != f"pong {self.pings}\n":
            assert line, "hachu stopped"
            lines.append(line.rstrip("\n"))
        return lines

    def root_moves(self, move: str) -> tuple[list[str], bool]:
        """Its root list (the debug lines ``# n. CODE CODE move``) when asked ``move``, and whether it refused it."""
        lines = self.talk(f"usermove {move}")
        listed = [line.split()[-1] for line in lines if re.match(r"# \d+\. ", line)]
        return listed, "Illegal move" in lines

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=10) == 0


@pytest.fixture
def engine():
    process = HaChu()
    yield process
    process.close()


def test_hachu_announces_our_start_position(engine):
    setup = [line for line in engine.opening if line.startswith("setup ")]
    assert len(setup) == 1
    _, letters, name, board, *_ = setup[0].split()
    assert name == "9x9+0_shogi" and "E" in letters and "e" in letters
    assert board == Position("sho", preset=PRESET).fen().split()[0]


def _refuses_everything(engine: HaChu, pos: Position) -> int:
    """Set ``pos`` up (sente to move) and ask every legal move of ours; HaChu lists none and refuses each."""
    board = pos.fen().split()[0]
    assert [line for line in engine.talk("setboard " + board) if not line.startswith("#")] == []
    asked = 0
    for move in pos.legal_moves():
        listed, refused = engine.root_moves(pos.move_name(move, "fsf"))
        assert listed == [] and refused, (pos.fen(), pos.move_name(move, "fsf"), listed)
        asked += 1
    return asked


def test_start_position(engine):
    pos = Position("sho", preset=PRESET)
    assert _refuses_everything(engine, pos) == len(pos.legal_moves()) == 26


def random_positions(count: int):
    """Sente to move, not in check, from seeded random games under the preset."""
    rng = random.Random(SEED)
    while count:
        pos = Position("sho", preset=PRESET)
        for _ in range(rng.randrange(10, 60)):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            pos.push(rng.choice(moves))
        if pos.turn == 0 and pos.outcome() is None and not pos.is_check() and pos.legal_moves():
            count -= 1
            yield pos


def test_random_positions():
    asked = 0
    for pos in random_positions(5):
        process = HaChu()
        try:
            asked += _refuses_everything(process, pos)
        finally:
            process.close()
    assert asked >= 100
