"""lishogi's shogiops driven from Python (its Node scripts in tests/shogiops: records.mjs writes and reads
KIF and CSA records, driver.mjs answers moves and perft for tests/test_chu_shogiops.py), and seeded random
games to feed it, shared by tests/test_kif.py and tests/test_csa.py."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

from shogi_rules import Position
from shogi_rules.model.moves import Move
from shogi_rules.notation import lishogi
from shogi_rules.notation.fen import write_sfen

HERE = Path(__file__).parent / "shogiops"


class Shogiops:
    """A Node driver of shogiops (``script`` in tests/shogiops): one JSON request a line, one answer a line."""

    def __init__(self, script: str = "records.mjs") -> None:
        node, npm = shutil.which("node"), shutil.which("npm")
        assert node and npm, "node and npm are needed for the shogiops differential tests"
        if not (HERE / "node_modules" / "shogiops").is_dir():
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True, capture_output=True)
        self.proc = subprocess.Popen([node, script], cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, encoding="utf-8")

    def ask(self, **request) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert "error" not in answer, answer["error"]
        return answer

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def sfen(pos: Position) -> str:
    """The position as shogiops reads it (USI SFEN; lishogi's SFEN for Chu)."""
    return lishogi.write_sfen(pos) if pos.variant.id == "chu" else write_sfen(pos)


def usi(pos: Position, move: Move) -> str:
    return lishogi.write_usi(pos, move) if pos.variant.id == "chu" else pos.move_name(move, "usi")


def _weight(pos: Position, move: Move) -> int:
    """Favour captures, drops, promotions and the moves of pieces with lion power (so that igui, passes,
    double moves, 同 and 成 come up often)."""
    board = pos.board
    if move.origin is None:
        return 6
    lion = bool(pos.tables.specials[board[move.origin]])
    captures = sum(1 for s in (*move.path, move.target) if s != move.origin and board[s])
    return 1 + 8 * captures + 6 * move.promotion + 6 * lion + 30 * (lion and (captures or move.target == move.origin))


def random_game(variant: str, seed: int, plies: int) -> tuple[Position, list[Move]]:
    """A seeded random game from the start (lishogi's rules for Chu): the start and the moves."""
    rules = {c.id: "lishogi" for c in Position(variant).variant.rule_choices} if variant == "chu" else None
    rng = random.Random(seed)
    start = Position(variant, rules=rules)
    pos = start.copy()
    moves: list[Move] = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal or pos.outcome() is not None:
            break
        move = rng.choices(legal, weights=[_weight(pos, m) for m in legal])[0]
        moves.append(move)
        pos.push(move)
    return start, moves
