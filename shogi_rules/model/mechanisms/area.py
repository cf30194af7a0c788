"""Area moves: up to ``steps`` king steps with free turns, through empty squares only.

The Vice General, the Fire Demon and the Heavenly Tetrarchs move so (three steps); the TSA reading of
the Lion Hawk with two. Every square on the way must be empty; the move may end on an empty square
or capture on the last step, and a capture ends it. A move never ends where it started.
"""

from __future__ import annotations

from . import BoardView


def area_targets(view: BoardView, origin: int, code: int, steps: int) -> set[int]:
    board = view.board
    us = code & 1
    neighbours = view.tables.geometry.neighbours
    targets: set[int] = set()
    frontier = {origin}
    seen = {origin}
    for _ in range(steps):
        nxt_frontier = set()
        for sq in frontier:
            for n in neighbours[sq]:
                p = board[n] if n != origin else 0
                if not p:
                    if n != origin:
                        targets.add(n)
                    if n not in seen:
                        seen.add(n)
                        nxt_frontier.add(n)
                elif p & 1 != us:
                    targets.add(n)
        frontier = nxt_frontier
    return targets
