"""Promotion schemes: when a move may, and when it must, promote.

* ``zone`` (shogi, Okisaki, Wa; TSA's Tenjiku): a move that starts or ends in the far zone may
  promote; it must where the piece could never move again.
* ``zone-entry`` (the Tenjiku seed): only the move that enters the zone, or a capture that ends
  inside it (so a piece that declined must leave and re-enter, or capture); judged on where the
  whole move ends, so a lion move that enters and leaves the zone in one turn cannot promote;
  never forced: a piece that can no longer move stays on the board as a dead piece.
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

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ..moves import Move
    from ..tables import Tables
    from ..variant_data import Variant


def promotion_options(tables: Tables, variant: Variant, code: int, origin: int, target: int, captured: list[int],
                      path: tuple[int, ...] = (), history: Sequence[Move] | None = None) -> tuple[bool, bool]:
    """``(may, must)`` promote for the piece ``code`` moving ``origin`` → ``target``, capturing
    ``captured`` (on the squares of ``path`` and the target); ``history`` (the game's moves, oldest
    first) is read by the scheme that needs it."""
    if not tables.promotes[code]:
        return False, False
    scheme = variant.promotion
    color = code & 1
    zone = tables.zone[color]
    if scheme in ("zone", "zone-adams"):
        may = zone[origin] or zone[target]
        if may and scheme == "zone-adams" and not captured and history is not None \
                and declined_first_chance(zone, history, origin):
            may = False
        return may, may and target in tables.dead[code]
    if scheme == "zone-entry":
        may = zone[target] and (not zone[origin] or bool(captured))
        return may, False
    if scheme == "zone-entry-2000":
        must = target in tables.dead[code]  # "on the spot", whether or not it declined before
        may = must or (zone[target] and (not zone[origin] or bool(captured))) or any(zone[s] for s in path if s != target)
        return may, must
    if scheme == "capture":
        if not captured:
            return False, False
        if variant.capture_promotion == "compulsory":
            return True, True
        return True, any(tables.types[c >> 1].promoted for c in captured)
    raise ValueError(f"unknown promotion scheme {scheme!r}")


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
