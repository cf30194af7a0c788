"""Promotion schemes: when a move may, and when it must, promote.

* ``zone`` (shogi, Okisaki, Wa; TSA's Tenjiku): a move that starts or ends in the far zone may
  promote; it must where the piece could never move again.
* ``zone-entry`` (the Tenjiku article): only the move that enters the zone, or a capture that ends
  inside it (so a piece that declined must leave and re-enter, or capture); judged on where the
  whole move ends, so a lion move that enters and leaves the zone in one turn cannot promote;
  never forced: a piece that can no longer move stays on the board as a dead piece.
* ``capture`` (Dai Dai, Maka Dai Dai): a capturing move promotes; compulsory in Dai Dai; in Maka
  Dai Dai optional unless a captured piece was itself promoted
  (``Variant.capture_promotion``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import VariantDataError

if TYPE_CHECKING:
    from ..tables import Tables
    from ..variant_data import Variant


def promotion_options(tables: Tables, variant: Variant, code: int, origin: int, target: int, captured: list[int]) -> tuple[bool, bool]:
    """``(may, must)`` promote for the piece ``code`` moving ``origin`` → ``target``, capturing ``captured``."""
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
    if scheme == "capture":
        if not captured:
            return False, False
        if variant.capture_promotion == "compulsory":
            return True, True
        return True, any(tables.types[c >> 1].promoted for c in captured)
    raise VariantDataError(f"unknown promotion scheme {scheme!r}")
