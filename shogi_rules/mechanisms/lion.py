"""Lion power: several king steps in one turn, each free to capture or to fly over its square.

A lion move is described by where it ends (``target``) and which enemy pieces it captures on the
way (the squares it touches down on, in order: :attr:`Move.path`). A move of ``steps`` king steps
reaches a square if some walk of at most ``steps`` steps visits every captured square and ends
there; squares it does not touch down on are jumped, whatever stands on them. So the Lion
(``steps=2``, any direction) can

* step or jump to any square within two (``Ln-5e``), capturing what stands there;
* capture an adjacent piece and step on, capturing again (``Lnx5ex4d``) or not (``Lnx5e-4e``);
* capture an adjacent piece without moving: igui (``Lnx!5e``), a walk out and back;
* pass: step out to an empty square and back, using its turn (``Ln-5e-5f``, target = origin).

With ``vectors`` the walk stays on one line through the origin in one of those directions (Horned
Falcon, Soaring Eagle, Lion Dog): it may go out and come back along the line, never behind the
piece.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..directions import Vector
from . import BoardView


def lion_moves(view: BoardView, origin: int, code: int, vectors: tuple[Vector, ...] | None,
               steps: int, turns: bool = False) -> set[tuple[int, tuple[int, ...]]]:
    """The ``(target, captured path)`` pairs of a piece with lion power on ``origin``.

    ``vectors=None`` is the Lion's own power (king steps in any direction, free turns); otherwise
    the power works along each of ``vectors`` only, or (``turns``) with steps along any of
    ``vectors``, turning freely. A pass is ``(origin, ())``.
    """
    board = view.board
    g = view.tables.geometry
    us = code & 1
    out: set[tuple[int, tuple[int, ...]]] = set()
    if vectors is not None and turns:
        vs = vectors
        step_table = [tuple(n for v in vs if (n := g.target(sq, us, v)) is not None) for sq in range(g.size)]
        _walk(board, us, origin, steps, step_table.__getitem__, out)
        can_pass = any(not board[s] for s in step_table[origin])
    elif vectors is None:
        neighbours = g.neighbours
        _walk(board, us, origin, steps, neighbours.__getitem__, out)
        can_pass = any(not board[s] for s in neighbours[origin])
    else:
        can_pass = False
        for v in vectors:
            line = (origin, *g.ray(origin, us, v, steps))
            if len(line) == 1:
                continue
            index = {sq: i for i, sq in enumerate(line)}
            last = len(line) - 1

            def along(sq: int, line: tuple[int, ...] = line, index: dict[int, int] = index,
                      last: int = last) -> list[int]:
                i = index[sq]
                return [line[j] for j in (i - 1, i + 1) if 0 <= j <= last]

            _walk(board, us, origin, steps, along, out)
            can_pass = can_pass or not board[line[1]]
    if can_pass and steps >= 2:
        out.add((origin, ()))
    return out


def _walk(board: list[int], us: int, origin: int, steps: int, neighbours: Callable[[int], Sequence[int]],
          out: set[tuple[int, tuple[int, ...]]]) -> None:
    """Every walk of up to ``steps`` steps: intermediate enemies may be captured or flown over."""
    stack: list[tuple[int, int, tuple[int, ...]]] = [(origin, 0, ())]
    while stack:
        sq, used, path = stack.pop()
        if used == steps:
            continue
        for nxt in neighbours(sq):
            p = 0 if nxt == origin or nxt in path else board[nxt]  # the origin is empty once left
            if p and p & 1 == us:
                stack.append((nxt, used + 1, path))  # jumped over a friend: cannot end here
                continue
            if nxt != origin or path:
                out.add((nxt, tuple(x for x in path if x != nxt)))
            stack.append((nxt, used + 1, path))
            if p:
                stack.append((nxt, used + 1, path + (nxt,)))
