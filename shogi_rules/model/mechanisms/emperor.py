"""The Emperor (自在天王) of Maka Dai Dai: the promoted king, which flies anywhere it is safe.

``destinations`` (``Variant.switches.emperor``, :class:`~shogi_rules.model.switches.EmperorRules`):

* ``"unattacked"`` (the article): any square no enemy piece attacks — so it captures only enemy pieces
  that nothing protects, and never a protected king, prince or Emperor;
* ``"unprotected-capture"`` (Evans): any empty square, or an enemy piece nothing protects.

``two_emperors``: ``"own-protected-only"`` (the article): while both sides have an Emperor,
it only goes to squares its own side protects; ``"unrestricted"``.

Which squares a side attacks (or protects) is worked out from the engine's own move generation:
every piece's moves on a board where all other pieces count as enemies. Emperors are left out of
that count — the article's two-Emperor rule is what governs their threat to each other.
"""

from __future__ import annotations

from collections.abc import Collection

from . import Board, BoardView


def attacked_squares(view: BoardView, color: int, without: int | None = None,
                     leaving_out: Collection[int] = ()) -> set[int]:
    """Squares that ``color``'s pieces (Emperors left out) attack or protect; ``without`` is
    taken off the board for the count (the Emperor that is about to leave its square). The pieces of the
    codes ``leaving_out`` are not counted either (they stay on the board)."""
    t = view.tables
    real = view.board
    board = [c ^ 1 if c and c & 1 == color else c for c in real]
    if without is not None:
        board[without] = 0
    recoloured = Board(t, view.variant, board)
    out: set[int] = set()
    for sq, code in enumerate(real):
        if not code or code & 1 != color or sq == without or t.emperor[code] or code in leaving_out:
            continue
        board[sq] = code
        for to, path in t.destinations(recoloured, sq, code):
            if to != sq:  # a pass or igui does not make the piece protect its own square
                out.add(to)
            out.update(path)
        board[sq] = code ^ 1
    return out


def emperor_targets(view: BoardView, origin: int, code: int) -> list[int]:
    """Where the Emperor on ``origin`` may go, under the rule set's ``emperor`` switches."""
    t = view.tables
    board = view.board
    us = code & 1
    rules = view.variant.switches.emperor
    enemy = attacked_squares(view, us ^ 1, without=origin)
    anywhere = rules.destinations == "unprotected-capture"
    out = [sq for sq, p in enumerate(board)
           if sq != origin and not (p and p & 1 == us)
           and (sq not in enemy or (anywhere and not p))]
    if rules.two_emperors == "own-protected-only":
        if any(p and p & 1 != us and t.emperor[p] for p in board):
            own = attacked_squares(view, us, without=origin)
            out = [sq for sq in out if sq in own]
    return out
