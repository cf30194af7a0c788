"""Plain-text diagrams of a position, for the terminal and doctests.

Files are numbered right to left along the top, ranks lettered down the right side, as in English
shogi books. Pieces are written with their FEN codes (unique within a variant, unlike some TSA
abbreviations that differ only in case), sente's in upper case, gote's in lower case, promoted
pieces with ``+``; ``.`` is an empty square. Pieces in hand are listed under the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..codes import color_of, type_of
from ..geometry import GOTE, RANK_LETTERS, SENTE

if TYPE_CHECKING:
    from ..position import Position


def text_diagram(pos: Position) -> str:
    t = pos.tables
    g = pos.geometry
    names = [t.types[type_of(c)].fen.replace("(", "").replace(")", "") if c else "" for c in pos.board]
    width = max([len(n) for n in names] + [len(str(g.files))]) + 1
    lines = ["".join(str(f).rjust(width) for f in range(g.files, 0, -1))]
    for r in range(g.ranks):
        row = []
        for c in range(g.files):
            code = pos.board[r * g.files + c]
            name = names[r * g.files + c]
            cell = "." if not code else (name.upper() if color_of(code) == SENTE else name.lower())
            row.append(cell.rjust(width))
        lines.append("".join(row) + f"  {RANK_LETTERS[r]}")
    if pos.variant.drops:
        for color, label in ((SENTE, "sente"), (GOTE, "gote")):
            held = pos.pieces_in_hand(color)
            lines.append(f"{label} in hand: " + (" ".join(f"{k}×{n}" if n > 1 else k for k, n in held.items()) or "-"))
    lines.append(f"{'sente' if pos.turn == SENTE else 'gote'} to move")
    return "\n".join(lines)
