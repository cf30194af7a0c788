"""Promotion schemes: when a move may, and when it must, promote.

* ``zone`` (shogi, Okisaki, Wa; TSA's Tenjiku): a move that starts or ends in the far zone may
  promote; it must where the piece could never move again.
* ``zone-entry`` (the Tenjiku article): only the move that enters the zone, or a capture that ends
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

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from ..errors import VariantDataError

if TYPE_CHECKING:
    from ..position import Position
    from ..tables import Tables
    from ..variant_data import Variant


NOTHING, CAPTURE, CAPTURE_OF_PROMOTED = 0, 1, 2
"""What a move captured, for :func:`promotion_choice`: nothing, only unpromoted pieces, or at
least one promoted piece."""


def promotion_choice(scheme: str, zone: Sequence[bool], dead: Collection[int], capture_promotion: str,
                     origin: int, target: int, captured: int, deferred: bool = False) -> tuple[bool, bool]:
    """``(may, must)`` promote under ``scheme`` for a promoting piece moving ``origin`` → ``target``,
    its owner's promotion ``zone`` (per square), the squares ``dead`` where it could never move
    again, having captured ``captured`` (:data:`NOTHING`, :data:`CAPTURE` or
    :data:`CAPTURE_OF_PROMOTED`); ``deferred``: under ``zone-with-delay``, this piece declined on
    its owner's previous move. The one statement of every scheme: move plans and the general move
    generator both ask it.

    >>> zone = [False] * 6 + [True] * 3          # a 3x3 board's far rank, as a list of squares
    >>> promotion_choice("zone", zone, {6}, "compulsory", 3, 6, NOTHING)
    (True, True)
    >>> promotion_choice("zone-entry-or-capture", zone, (), "compulsory", 6, 7, NOTHING)
    (False, False)
    >>> promotion_choice("zone-with-delay", zone, (), "compulsory", 6, 7, NOTHING, deferred=True)
    (False, False)
    """
    if scheme == "zone":
        may = zone[origin] or zone[target]
        return may, may and target in dead
    if scheme == "zone-entry":
        return zone[target] and (not zone[origin] or captured != NOTHING), False
    if scheme == "zone-entry-or-capture":
        may = ((zone[target] and not zone[origin]) or (captured != NOTHING and (zone[origin] or zone[target]))
               or target in dead)
        return may, False
    if scheme == "zone-with-delay":
        if captured != NOTHING and (zone[origin] or zone[target]) or target in dead:
            return True, False
        return (zone[origin] or zone[target]) and not deferred, False
    if scheme == "capture":
        if captured == NOTHING:
            return False, False
        return True, capture_promotion == "compulsory" or captured == CAPTURE_OF_PROMOTED
    raise VariantDataError(f"unknown promotion scheme {scheme!r}")


def captured_kind(tables: Tables, captured: Iterable[int]) -> int:
    """:data:`NOTHING`, :data:`CAPTURE` or :data:`CAPTURE_OF_PROMOTED` for the piece codes ``captured``."""
    kind = NOTHING
    for c in captured:
        if c:
            if tables.types[c >> 1].promoted:
                return CAPTURE_OF_PROMOTED
            kind = CAPTURE
    return kind


def promotion_options(tables: Tables, variant: Variant, code: int, origin: int, target: int, captured: list[int],
                      deferred: int | None = None) -> tuple[bool, bool]:
    """``(may, must)`` promote for the piece ``code`` moving ``origin`` → ``target``, capturing ``captured``
    (``deferred``: under ``zone-with-delay``, the square of the piece that declined on its owner's
    previous move): :func:`promotion_choice` for this piece."""
    if not tables.promotes[code]:
        return False, False
    return promotion_choice(variant.promotion, tables.zone[code & 1], tables.dead[code], variant.capture_promotion,
                            origin, target, captured_kind(tables, captured), origin == deferred)


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
    origin = move.origin

    def may(deferred: bool) -> bool:
        return promotion_choice("zone-with-delay", tables.zone[code & 1], tables.dead[code], "", origin, move.target,
                                captured_kind(tables, (old for _sq, old in changes[1:])), deferred)[0]

    if may(True):  # it could promote whatever it did before
        return True
    if not may(False):
        return False
    before = index - 2  # the same side's move before: did this piece decline then?
    return not (before >= 0 and pos.history[before].move.target == origin and _declined(pos, before))


def deferred_square(pos: Position) -> int | None:
    """The square of the piece that declined to promote on the side to move's previous move, or
    ``None`` (also when the position has no such history: a position read from a FEN)."""
    index = len(pos.history) - 2
    return pos.history[index].move.target if index >= 0 and _declined(pos, index) else None
