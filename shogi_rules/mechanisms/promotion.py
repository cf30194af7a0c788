"""Promotion schemes: when a move may, and when it must, promote.

* ``zone`` (shogi, Okisaki, Wa; TSA's Tenjiku): a move that starts or ends in the far zone may
  promote; it must where the piece could never move again.
* ``zone-entry`` (the Tenjiku seed): only the move that enters the zone, or a capture that ends
  inside it (so a piece that declined must leave and re-enter, or capture); judged on where the
  whole move ends, so a lion move that enters and leaves the zone in one turn cannot promote;
  never forced: a piece that can no longer move stays on the board as a dead piece.
* ``zone-entry-or-capture`` (Chu shogi as lishogi and the Japan Chu Shogi Association play it): a
  move that enters the zone, a capture that starts or ends in it, or a move to a square where the
  piece could never move again (a pawn or lance reaching the last rank); never forced.
* ``zone-with-delay`` (Chu shogi as English Wikipedia has it, in H. G. Muller's summary): any move
  that starts or ends in the zone may promote, as in shogi but never forced, except a quiet move
  (no capture) of the piece that declined to promote on its owner's previous move: the right
  returns one turn later (:func:`deferred_square`).
* ``capture`` (Dai Dai, Maka Dai Dai): a capturing move promotes; compulsory in Dai Dai; in Maka
  Dai Dai optional unless a captured piece was itself promoted
  (``Variant.capture_promotion``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..position import Position
    from ..tables import Tables
    from ..variant_data import Variant


def promotion_options(tables: Tables, variant: Variant, code: int, origin: int, target: int, captured: list[int],
                      deferred: int | None = None) -> tuple[bool, bool]:
    """``(may, must)`` promote for the piece ``code`` moving ``origin`` → ``target``, capturing ``captured``
    (``deferred``: under ``zone-with-delay``, the square of the piece that declined on its owner's
    previous move)."""
    if not tables.promotes[code]:
        return False, False
    scheme = variant.promotion
    color = code & 1
    zone = tables.zone[color]
    if scheme == "zone":
        may = zone[origin] or zone[target]
        return may, may and target in tables.dead[code]
    if scheme == "zone-entry":
        may = zone[target] and (not zone[origin] or bool(captured))
        return may, False
    if scheme == "zone-entry-or-capture":
        may = ((zone[target] and not zone[origin]) or (bool(captured) and (zone[origin] or zone[target]))
               or target in tables.dead[code])
        return may, False
    if scheme == "zone-with-delay":
        if captured and (zone[origin] or zone[target]) or target in tables.dead[code]:
            return True, False
        return (zone[origin] or zone[target]) and origin != deferred, False
    if scheme == "capture":
        if not captured:
            return False, False
        if variant.capture_promotion == "compulsory":
            return True, True
        return True, any(tables.types[c >> 1].promoted for c in captured)
    raise ValueError(f"unknown promotion scheme {scheme!r}")


def _declined(pos: Position, index: int) -> bool:
    """Under ``zone-with-delay``: whether the move at ``pos.history[index]`` could have promoted
    its piece and did not."""
    move, changes = pos.history[index].move, pos.history[index].changes
    if move.origin is None or move.promotion:
        return False
    tables = pos.tables
    code = changes[0][1]
    if not tables.promotes[code]:
        return False
    zone = tables.zone[code & 1]
    origin, target = move.origin, move.target
    if any(old for _sq, old in changes[1:]) and (zone[origin] or zone[target]) or target in tables.dead[code]:
        return True
    if not (zone[origin] or zone[target]):
        return False
    before = index - 2  # the same side's move before: did this piece decline then?
    return not (before >= 0 and pos.history[before].move.target == origin and _declined(pos, before))


def deferred_square(pos: Position) -> int | None:
    """The square of the piece that declined to promote on the side to move's previous move, or
    ``None`` (also when the position has no such history: a position read from a FEN)."""
    index = len(pos.history) - 2
    return pos.history[index].move.target if index >= 0 and _declined(pos, index) else None
