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
from ..geometry import Geometry
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
        step_table = _step_table(g, us, vectors)
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


_STEPS: dict[tuple[int, int, int, tuple[Vector, ...]], list[tuple[int, ...]]] = {}


def _step_table(g: Geometry, us: int, vectors: tuple[Vector, ...]) -> list[tuple[int, ...]]:
    """For each square, the squares one step away along ``vectors`` for a piece of ``us`` (worked out once per
    board size)."""
    key = (g.files, g.ranks, us, vectors)
    table = _STEPS.get(key)
    if table is None:
        table = _STEPS[key] = [tuple(n for v in vectors if (n := g.target(sq, us, v)) is not None)
                               for sq in range(g.size)]
    return table


Pairs = list[tuple[int, tuple[int, ...]]]


def lion_pairs(view: BoardView, origin: int, code: int, vectors: tuple[Vector, ...] | None, steps: int,
               turns: bool = False) -> Pairs:
    """``sorted(lion_moves(view, origin, code, vectors, steps, turns))``, from tables worked out once per
    square: the Lion's own power (two steps, any direction) from a list of candidate moves in sorted
    order; a power along lines from the result of an earlier walk from the same square with the
    same friends and enemies on those lines (a walk along the lines sees nothing else); a power
    that turns is walked afresh. The list returned may be shared: do not change it."""
    g = view.tables.geometry
    us = code & 1
    if turns and vectors is not None:
        return sorted(lion_moves(view, origin, code, vectors, steps, True))
    if vectors is None:
        if steps == 2:
            return _king_lion_pairs(view.board, g, origin, us)
        return sorted(lion_moves(view, origin, code, None, steps))
    board = view.board
    squares, memo = _line_table(g, origin, us, vectors, steps)
    key = tuple(0 if not (p := board[s]) else 1 if p & 1 == us else 2 for s in squares)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[key] = sorted(lion_moves(view, origin, code, vectors, steps))
    return found


_MEMO_LIMIT = 4096
_LINES: dict[tuple[object, ...], tuple[tuple[int, ...], dict[tuple[int, ...], Pairs]]] = {}


def _line_table(g: Geometry, origin: int, us: int, vectors: tuple[Vector, ...],
                steps: int) -> tuple[tuple[int, ...], dict[tuple[int, ...], Pairs]]:
    """The squares a power along ``vectors`` looks at from ``origin``, and its memo of results."""
    key = (g.files, g.ranks, origin, us, vectors, steps)
    table = _LINES.get(key)
    if table is None:
        table = _LINES[key] = (tuple(s for v in vectors for s in g.ray(origin, us, v, steps)), {})
    return table


_KING_LION: dict[tuple[int, int], list[tuple[tuple[int, tuple[int, ...]], ...] | None]] = {}


def _king_lion_pairs(board: list[int], g: Geometry, origin: int, us: int) -> Pairs:
    """The Lion's moves in sorted order. From ``origin`` it may end on any square within two that no
    friend holds (jumping or stepping), pass when a neighbour is empty, and capture an adjacent enemy
    ``n`` then end on a neighbour of ``n`` (the origin included: igui)."""
    plan = _king_lion_plan(g, origin)
    near = g.neighbours[origin]
    enemies = {s for s in near if board[s] and board[s] & 1 != us}
    out: Pairs = []
    append = out.append
    for target, via in plan:
        if target == origin:
            if any(not board[s] for s in near):
                append((origin, ()))
        else:
            p = board[target]
            if p and p & 1 == us:
                continue
            append((target, ()))
        if enemies:
            for s in via:
                if s in enemies:
                    append((target, (s,)))
    return out


def _king_lion_plan(g: Geometry, origin: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each square within two of ``origin`` in order (``origin`` too): the neighbours of
    ``origin`` next to it, in order, where a first-step capture could lead there."""
    plans = _KING_LION.get((g.files, g.ranks))
    if plans is None:
        plans = _KING_LION[(g.files, g.ranks)] = [None] * g.size
    plan = plans[origin]
    if plan is None:
        neighbours = g.neighbours
        near = neighbours[origin]
        reach = sorted({origin, *near, *(s for n in near for s in neighbours[n])})
        plan = plans[origin] = tuple((t, tuple(sorted(n for n in near if n != t and t in neighbours[n])))
                                     for t in reach)
    return plan


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
