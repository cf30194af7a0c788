"""How a game ends, and why.

Shogi family (``check_rules``): checkmate wins; a side with no legal move but not in check has
lost as well (``stalemate``) — the seeds do not mention it, but every move it has would expose its
king to capture, and Fairy-Stockfish scores it the same way; the fourth occurrence of the same
position (board, hands, side to move) is a draw (``repetition``, 千日手) unless one side gave check
with every one of its moves since the position first occurred: that side loses
(``perpetual-check``, the seeds' 連続王手の千日手).

Capture variants (Tenjiku, Dai Dai, Maka Dai Dai): a side that has no royal piece left has lost
(``royal-captured``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import COLOR_NAMES, GOTE, SENTE
from . import movegen

if TYPE_CHECKING:
    from .position import Position


@dataclass(frozen=True)
class Outcome:
    """``winner`` is ``SENTE``, ``GOTE`` or ``None`` for a draw; ``reason`` says why."""

    winner: int | None
    reason: str

    def result(self) -> str:
        return {SENTE: "1-0", GOTE: "0-1", None: "1/2-1/2"}[self.winner]

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{COLOR_NAMES[self.winner]} wins"
        return f"{who} ({self.reason})"


def _repetition(pos: Position) -> Outcome | None:
    h = pos.hash
    seen = [i for i, x in enumerate(pos.hash_history) if x == h]
    if len(seen) < 4:
        return None
    first = seen[-4]
    # Replay the plies since the first occurrence, noting which moves gave check.
    moves = []
    while len(pos.hash_history) - 1 > first:
        moves.append(pos.pop())
    gave_check = {SENTE: True, GOTE: True}
    for move in reversed(moves):
        mover = pos.turn
        pos.push(move)
        if not pos.is_check():
            gave_check[mover] = False
    for color in (SENTE, GOTE):
        if gave_check[color]:
            return Outcome(color ^ 1, "perpetual-check")
    return Outcome(None, "repetition")


def outcome(pos: Position) -> Outcome | None:
    if pos.variant.check_rules:
        if not movegen.legal_moves(pos):
            if pos.is_check():
                return Outcome(pos.turn ^ 1, "checkmate")
            if pos.variant.stalemate_loses:
                return Outcome(pos.turn ^ 1, "stalemate")
            return Outcome(None, "stalemate")
        return _repetition(pos)
    for color in (SENTE, GOTE):
        if not any(code and code & 1 == color and pos.tables.royal[code] for code in pos.board):
            return Outcome(color ^ 1, "royal-captured")
    return _repetition(pos)
