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

from ..moves import Move


def lion_moves(pos, origin: int, code: int, vectors, steps: int,
               turns: bool = False) -> set[tuple[int, tuple[int, ...]]]:
    """The ``(target, captured path)`` pairs of a piece with lion power on ``origin``.

    ``vectors=None`` is the Lion's own power (king steps in any direction, free turns); otherwise
    the power works along each of ``vectors`` only, or (``turns``) with steps along any of
    ``vectors`` turning freely. A pass is ``(origin, ())``.
    """
    board = pos.board
    us = code & 1
    out: set[tuple[int, tuple[int, ...]]] = set()
    if vectors is not None and turns:
        g = pos.geometry
        step_table = [tuple(n for v in vectors if (n := g.target(sq, us, v)) is not None) for sq in range(g.size)]
        _walk(board, us, origin, steps, step_table.__getitem__, out)
        can_pass = any(not board[s] for s in step_table[origin])
    elif vectors is None:
        neighbours = _neighbour_table(pos)
        _walk(board, us, origin, steps, neighbours.__getitem__, out)
        can_pass = any(not board[s] for s in neighbours[origin])
    else:
        can_pass = False
        for v in vectors:
            line = (origin, *pos.geometry.ray(origin, us, v, steps))
            if len(line) == 1:
                continue
            index = {sq: i for i, sq in enumerate(line)}
            last = len(line) - 1

            def along(sq, line=line, index=index, last=last):
                i = index[sq]
                return [line[j] for j in (i - 1, i + 1) if 0 <= j <= last]

            _walk(board, us, origin, steps, along, out)
            can_pass = can_pass or not board[line[1]]
    if can_pass and steps >= 2:
        out.add((origin, ()))
    return out


def _walk(board, us, origin, steps, neighbours, out) -> None:
    """Every walk of up to ``steps`` steps: intermediate enemies may be captured or flown over."""
    stack = [(origin, 0, ())]
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


_NEIGHBOURS: dict[tuple[int, int], list[tuple[int, ...]]] = {}


def _neighbour_table(pos) -> list[tuple[int, ...]]:
    g = pos.geometry
    key = (g.files, g.ranks)
    table = _NEIGHBOURS.get(key)
    if table is None:
        table = []
        for sq in range(g.size):
            c, r = g.column(sq), g.row(sq)
            table.append(tuple(s for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                               if (dc or dr) and (s := g.at(c + dc, r + dr)) is not None))
        _NEIGHBOURS[key] = table
    return table


def as_moves(origin: int, pairs) -> list[Move]:
    return [Move(origin, t, False, None, path) for t, path in pairs]
