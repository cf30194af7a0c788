"""Promotion schemes: when a move may, and when it must, promote.

* ``zone`` (shogi, Okisaki, Wa; TSA's Tenjiku): a move that starts or ends in the far zone may
  promote; it must where the piece could never move again.
* ``zone-entry`` (the Tenjiku article): only the move that enters the zone, or a capture that ends
  inside it (so a piece that declined must leave and re-enter, or capture); judged on where the
  whole move ends, so a lion move that enters and leaves the zone in one turn cannot promote;
  never forced: a piece that can no longer move stays on the board as a dead piece.
* ``zone-entry-or-capture`` (Chu shogi as lishogi and the Japan Chu Shogi Association play it): a
  move that enters the zone, a capture that starts or ends in it, or a move to a square where the
  piece could never move again (a pawn or lance reaching the last rank; ``Variant.last_rank_promoters`` may
  leave the lance out, as the Japan Chu Shogi Association does); never forced.
* ``zone-entry-hachu`` (Chu shogi as H. G. Muller's engine HaChu plays it, with its default "Promote
  on entry"): a move that enters the zone, or a capture that starts or ends in it; such a move must
  promote a piece to a square where it could never move again, while a pawn or lance that reaches
  the last rank by a quiet move inside the zone cannot promote and stays there, a dead piece.
* ``zone-with-delay`` (Chu shogi as English Wikipedia has it, in H. G. Muller's summary): any move
  that starts or ends in the zone may promote, as in shogi but never forced, except a quiet move
  (no capture) of the piece that declined to promote on its owner's previous move: the right
  returns one turn later (:func:`deferred_square`).
* ``zone-adams`` (Colin Adams' Tenjiku): as ``zone``, except that a piece whose last move was
  its first chance to promote, and which declined it, may not promote on its next move unless that
  move captures (:func:`declined_first_chance`, read from the game's moves).
* ``zone-entry-2000`` (the modern Tenjiku rules of 2000, as the Zillions rule file states them): as
  ``zone-entry``, judged on where the move ends; besides, a lion mover that captures inside the zone
  on the way and ends outside it may promote, and a pawn, lance, iron general or knight must promote
  where it could never move again.
* ``capture`` (Dai Dai, Maka Dai Dai): a capturing move promotes; compulsory in Dai Dai; in Maka
  Dai Dai optional unless a captured piece was itself promoted
  (``Variant.capture_promotion``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from ..errors import VariantDataError

if TYPE_CHECKING:
    from ..moves import Move
    from . import GameView, RulesView, TablesView


HISTORY_SCHEMES = ("zone-with-delay", "zone-adams")
"""The schemes under which whether a piece may promote reads the moves before (the piece declined on an earlier
move): what the board alone shows of a promotion is not the whole answer."""

NOTHING, CAPTURE, CAPTURE_OF_PROMOTED = 0, 1, 2
"""What a move captured, for :func:`promotion_choice`: nothing, only unpromoted pieces, or at
least one promoted piece."""


def promotion_choice(scheme: str, zone: Sequence[bool], dead: Collection[int], capture_promotion: str,
                     origin: int, target: int, captured: int, deferred: bool = False,
                     path: Sequence[int] = ()) -> tuple[bool, bool]:
    """``(may, must)`` promote under ``scheme`` for a promoting piece moving ``origin`` → ``target``,
    its owner's promotion ``zone`` (per square), the squares ``dead`` where it could never move
    again, having captured ``captured`` (:data:`NOTHING`, :data:`CAPTURE` or
    :data:`CAPTURE_OF_PROMOTED`) on the squares ``path`` (where a lion move touched down) and the
    target; ``deferred``: under ``zone-with-delay``, this piece declined on its owner's previous
    move (:func:`deferred_square`); under ``zone-adams``, it declined its first chance on its last
    move (:func:`declined_first_chance`). The one statement of every scheme: move plans and the
    general move generator both ask it.

    >>> zone = [False] * 6 + [True] * 3          # a 3x3 board's far rank, as a list of squares
    >>> promotion_choice("zone", zone, {6}, "compulsory", 3, 6, NOTHING)
    (True, True)
    >>> promotion_choice("zone-entry-or-capture", zone, (), "compulsory", 6, 7, NOTHING)
    (False, False)
    >>> promotion_choice("zone-entry-hachu", zone, {6, 7, 8}, "compulsory", 3, 6, NOTHING)
    (True, True)
    >>> promotion_choice("zone-entry-hachu", zone, {6, 7, 8}, "compulsory", 6, 7, NOTHING)
    (False, False)
    >>> promotion_choice("zone-with-delay", zone, (), "compulsory", 6, 7, NOTHING, deferred=True)
    (False, False)
    >>> promotion_choice("zone-adams", zone, (), "compulsory", 6, 7, NOTHING, deferred=True)
    (False, False)
    >>> promotion_choice("zone-entry-2000", zone, (), "compulsory", 3, 4, CAPTURE, path=(7,))
    (True, False)
    """
    if scheme in ("zone", "zone-adams"):
        may = zone[origin] or zone[target]
        if may and deferred and scheme == "zone-adams" and captured == NOTHING:
            may = False
        return may, may and target in dead
    if scheme == "zone-entry":
        return zone[target] and (not zone[origin] or captured != NOTHING), False
    if scheme == "zone-entry-2000":
        must = target in dead  # "on the spot", whether or not it declined before
        may = must or (zone[target] and (not zone[origin] or captured != NOTHING)) \
            or any(zone[s] for s in path if s != target)
        return may, must
    if scheme == "zone-entry-or-capture":
        may = ((zone[target] and not zone[origin]) or (captured != NOTHING and (zone[origin] or zone[target]))
               or target in dead)
        return may, False
    if scheme == "zone-entry-hachu":
        may = (zone[target] and not zone[origin]) or (captured != NOTHING and (zone[origin] or zone[target]))
        return may, may and target in dead
    if scheme == "zone-with-delay":
        if captured != NOTHING and (zone[origin] or zone[target]) or target in dead:
            return True, False
        return (zone[origin] or zone[target]) and not deferred, False
    if scheme == "capture":
        if captured == NOTHING:
            return False, False
        return True, capture_promotion == "compulsory" or captured == CAPTURE_OF_PROMOTED
    raise VariantDataError(f"unknown promotion scheme {scheme!r}")


def captured_kind(tables: TablesView, captured: Iterable[int]) -> int:
    """:data:`NOTHING`, :data:`CAPTURE` or :data:`CAPTURE_OF_PROMOTED` for the piece codes ``captured``."""
    kind = NOTHING
    for c in captured:
        if c:
            if tables.types[c >> 1].promoted:
                return CAPTURE_OF_PROMOTED
            kind = CAPTURE
    return kind


def promotion_options(tables: TablesView, variant: RulesView, code: int, origin: int, target: int, captured: list[int],
                      path: tuple[int, ...] = (), deferred: bool = False) -> tuple[bool, bool]:
    """``(may, must)`` promote for the piece ``code`` moving ``origin`` → ``target``, capturing
    ``captured`` (on the squares of ``path`` and the target); ``deferred``: the piece declined to
    promote before (``zone-with-delay``: on its owner's previous move, :func:`deferred_square`;
    ``zone-adams``: at its first chance, :func:`declined_squares`): :func:`promotion_choice` for
    this piece."""
    if not tables.promotes[code]:
        return False, False
    return promotion_choice(variant.promotion, tables.zone[code & 1], tables.promotion_dead[code], variant.capture_promotion,
                            origin, target, captured_kind(tables, captured), deferred, path)


Trails = dict[int, tuple[bool, bool]]
"""Under ``zone-adams``, for each square that a move of one side ended on, the trail of that side's moves
back from the latest of them (the move onto the square, then the one onto that move's origin, and so on):
whether the latest touched the zone, and whether an earlier one did."""


def declined_squares(zone: Sequence[bool], history: Sequence[Move]) -> set[int]:
    """Under ``zone-adams``: the squares of the side to move's pieces that declined their first
    chance to promote on their last move (:func:`declined_first_chance` of each square), read from
    ``history`` (the game's moves, oldest first) in one pass (:func:`declined_trails`)."""
    return declined_in(declined_trails(zone, history))


def declined_in(trails: Trails) -> set[int]:
    """The squares whose trail touched the zone on its latest move only."""
    return {sq for sq, (latest, earlier) in trails.items() if latest and not earlier}


def declined_trails(zone: Sequence[bool], history: Sequence[Move]) -> Trails:
    """The :data:`Trails` of the side to move, read from ``history`` (the game's moves, oldest first) in one
    pass from the latest move back, every square's trail followed at once: the time it takes grows with the
    length of the game, not with its square."""
    looking: dict[int, list[int]] = {}  # a square some trails go back to → the squares where those trails end now
    started: set[int] = set()
    last_touched: dict[int, bool] = {}  # a trail's square now → whether its latest move touched the zone
    touched_before: set[int] = set()  # trails with an earlier move that touched the zone
    for ply in range(len(history) - 2, -1, -2):  # the moves of the side to move, latest first
        move = history[ply]
        if move.origin is None:
            continue
        target = move.target
        trails = looking.pop(target, [])
        if target not in started:  # the latest move of that side onto this square starts its trail
            started.add(target)
            trails.append(target)
        if not trails:
            continue
        touches = zone[move.origin] or zone[target]
        for now in trails:
            if now not in last_touched:
                last_touched[now] = touches
            elif touches:
                touched_before.add(now)
        looking.setdefault(move.origin, []).extend(trails)
    return {sq: (touches, sq in touched_before) for sq, touches in last_touched.items()}


def trails_after(trails: Trails, zone: Sequence[bool], move: Move) -> Trails:
    """The :data:`Trails` of a side after its ``move`` (a new dictionary): the trail onto the move's target is
    the move, then the trail that ended on its origin. A drop starts none."""
    if move.origin is None:
        return trails
    out = dict(trails)
    before = trails.get(move.origin)
    out[move.target] = (zone[move.origin] or zone[move.target], before is not None and (before[0] or before[1]))
    return out


def declined_first_chance(zone: Sequence[bool], history: Sequence[Move], square: int) -> bool:
    """Whether the piece on ``square`` (of the side to move) made its last move from or into
    ``zone``, that move being the first of its moves to touch the zone (so it declined its first
    chance to promote there). Its moves are traced back through ``history``: the last move of its
    side that ended on ``square``, then the one that ended on that move's origin, and so on."""
    trail = []
    sq = square
    for ply in range(len(history) - 2, -1, -2):  # the moves of the side to move, latest first
        move = history[ply]
        if move.origin is not None and move.target == sq:
            trail.append(move)
            sq = move.origin
    if not trail:
        return False
    touches = [zone[m.origin] or zone[m.target] for m in trail if m.origin is not None]
    return touches[0] and not any(touches[1:])


def _declined(pos: GameView, index: int) -> bool:
    """Under ``zone-with-delay``: whether the move at ``pos.history[index]`` could have promoted
    its piece and did not."""
    move, changes = pos.history[index].move, pos.history[index].changes
    if move.origin is None or move.promotion:
        return False
    tables = pos.tables
    code = changes[0][1]
    if not tables.promotes[code]:
        return False
    origin = move.origin

    def may(deferred: bool) -> bool:
        return promotion_choice("zone-with-delay", tables.zone[code & 1], tables.dead[code], "", origin, move.target,
                                captured_kind(tables, (old for _sq, old in changes[1:])), deferred)[0]

    if may(True):  # it could promote whatever it did before
        return True
    if not may(False):
        return False
    before = index - 2  # the same side's move before: did this piece decline then?
    if before < 0:  # that move was made before the position was read: its FEN says
        return origin not in pos.declined_before
    return not (pos.history[before].move.target == origin and _declined(pos, before))


def deferred_square(pos: GameView) -> int | None:
    """The square of the piece that declined to promote on the side to move's previous move, or
    ``None``; where that move was made before a FEN, the FEN says (:attr:`Position.declined_before`)."""
    index = len(pos.history) - 2
    if index >= 0:
        return pos.history[index].move.target if _declined(pos, index) else None
    return _declined_before(pos, pos.turn)


def _declined_before(pos: GameView, color: int) -> int | None:
    board = pos.board
    return next((sq for sq in pos.declined_before if board[sq] and board[sq] & 1 == color), None)


def declined_last(pos: GameView) -> tuple[int, ...]:
    """Under ``zone-with-delay``: the squares of the pieces that declined to promote on their owner's
    last move and still stand (what a FEN must say of them), the side to move's first."""
    out = []
    for color, index in ((pos.turn, len(pos.history) - 2), (pos.turn ^ 1, len(pos.history) - 1)):
        if index >= 0:
            sq = pos.history[index].move.target if _declined(pos, index) else None
        else:
            sq = _declined_before(pos, color)
        if sq is not None and pos.board[sq] and pos.board[sq] & 1 == color:
            out.append(sq)
    return tuple(out)
