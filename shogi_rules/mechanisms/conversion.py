"""Capture conversion (Maka Dai Dai): the capturer of a Dark Spirit (无明) or Buddhist Spirit (法性)
becomes a Buddhist Spirit, the capturer of a Deva (提婆) or Teaching King (教王) a Teaching King.

``conversion.order`` (:class:`~shogi_rules.switches.ConversionRules`) settles a move that captures two converting pieces
(a lion taking a Dark Spirit and then a Deva): ``"last"`` — the conversions apply capture by capture,
so the last capture decides (the article's "whoever takes ... becomes ..." read for each capture);
``"first"`` — the first converting capture decides and later ones do not change the piece again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ..tables import Tables


def conversion_into(tables: Tables, order: str, captured: Sequence[int]) -> int:
    """The type id the capturer turns into after capturing the pieces ``captured`` (codes, in the
    order of capture) under ``order`` (``"last"`` or ``"first"``), or 0 if none of them converts."""
    intos = [tables.converts[c] for c in captured if tables.converts[c]]
    if not intos:
        return 0
    return intos[0] if order == "first" else intos[-1]
