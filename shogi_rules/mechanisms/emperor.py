"""The Emperor (自在天王) of Maka Dai Dai: the promoted king, which flies anywhere it is safe.

``emperor.destinations`` (``Variant.flags``):

* ``"unattacked"`` (the article): any square no enemy piece attacks — so it captures only enemy pieces
  that nothing protects, and never a protected king, prince or Emperor;
* ``"unprotected-capture"`` (Evans): any empty square, or an enemy piece nothing protects.

``emperor.two-emperors``: ``"own-protected-only"`` (the article): while both sides have an Emperor,
it only goes to squares its own side protects; ``"unrestricted"``.

Which squares a side attacks (or protects) is worked out from the engine's own move generation:
every piece's moves on a board where all other pieces count as enemies. Emperors are left out of
that count — the article's two-Emperor rule is what governs their threat to each other.
"""

from __future__ import annotations


def attacked_squares(pos, color: int, without: int | None = None) -> set[int]:
    """Squares that ``color``'s pieces (Emperors left out) attack or protect; ``without`` is
    taken off the board for the count (the Emperor that is about to leave its square)."""
    from ..movegen import piece_destinations

    t = pos.tables
    saved = pos.board
    board = [c ^ 1 if c and c & 1 == color else c for c in saved]
    if without is not None:
        board[without] = 0
    out: set[int] = set()
    pos.board = board
    try:
        for sq, code in enumerate(saved):
            if not code or code & 1 != color or sq == without or t.emperor[code]:
                continue
            board[sq] = code
            for to, path in piece_destinations(pos, sq, code):
                if to != sq:  # a pass or igui does not make the piece protect its own square
                    out.add(to)
                out.update(path)
            board[sq] = code ^ 1
    finally:
        pos.board = saved
    return out


def emperor_targets(pos, origin: int, code: int) -> list[int]:
    t = pos.tables
    board = pos.board
    us = code & 1
    flags = pos.variant.flags
    enemy = attacked_squares(pos, us ^ 1, without=origin)
    anywhere = flags.get("emperor.destinations", "unattacked") == "unprotected-capture"
    out = [sq for sq, p in enumerate(board)
           if sq != origin and not (p and p & 1 == us)
           and (sq not in enemy or (anywhere and not p))]
    if flags.get("emperor.two-emperors", "own-protected-only") == "own-protected-only":
        if any(p and p & 1 != us and t.emperor[p] for p in board):
            own = attacked_squares(pos, us, without=origin)
            out = [sq for sq in out if sq in own]
    return out
