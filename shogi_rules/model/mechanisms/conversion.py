"""Capture conversion (Maka Dai Dai): the capturer of a Dark Spirit (無明) or Buddhist Spirit (法性)
becomes a Buddhist Spirit, the capturer of a Deva (提婆) or Teaching King (教王) a Teaching King.

``conversion.order`` (:class:`~shogi_rules.model.switches.ConversionRules`) settles a move that captures two
converting pieces (a lion taking a Dark Spirit and then a Deva): ``"last"`` — the conversions apply
capture by capture, so the last capture decides (the article's "whoever takes ... becomes ..." read
for each capture); ``"first"`` — the first converting capture decides and later ones do not change
the piece again; ``"mover"`` — the mover picks one of the pieces its captures would make it, and the
choice is part of the move (:attr:`~shogi_rules.model.moves.Move.conversion`).

``conversion.royal_forms`` says whether a royal capturer (king, Emperor, prince) that converts stays
royal: it names, for each piece a capture can turn into, the row of its royal form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from . import TablesView


def conversion_choices(tables: TablesView, order: str, captured: Sequence[int]) -> list[int]:
    """The type ids the capturer may turn into after capturing the pieces ``captured`` (codes, in
    the order of capture) under ``order`` (``"last"``, ``"first"`` or ``"mover"``): none if no
    captured piece converts, one unless the mover chooses and the captures disagree."""
    intos = [tables.converts[c] for c in captured if tables.converts[c]]
    if not intos:
        return []
    if order == "mover":
        return list(dict.fromkeys(intos))
    return [intos[0] if order == "first" else intos[-1]]


def conversion_into(tables: TablesView, order: str, captured: Sequence[int], chosen: str | None = None) -> int:
    """The type id the capturer turns into after capturing ``captured`` (see
    :func:`conversion_choices`; ``chosen``, the code the mover picked where it has a choice), or 0
    if none of them converts."""
    choices = conversion_choices(tables, order, captured)
    for tid in choices:
        if tables.types[tid].kind.code == chosen:
            return tid
    return choices[-1] if choices else 0


def royal_form(tables: TablesView, royal_forms: Sequence[tuple[str, str]], into: int) -> int:
    """The type id of the royal form of the piece ``into`` (a type id) under ``royal_forms``
    (``conversion.royal_forms``), or ``into`` itself where it has none."""
    code = tables.types[into].kind.code
    for plain, royal in royal_forms:
        if plain == code:
            return tables.by_code[royal]
    return into
