"""Game records in the formats of Japanese software: KIF (standard shogi and Chu shogi, as lishogi
writes them) and CSA (standard shogi), read and written alongside the plain records of
:mod:`shogi_rules.notation.records`.

:func:`read_game` tells the format from the text (a KIF move-list line or 手合割 line, or numbered
kanji moves; a CSA move line or start position; else a plain record) and returns the moves with the
start position the record gives; :func:`write_record` writes moves in any of the formats.

>>> from shogi_rules import Position
>>> moves, start = read_game("shogi", "手合割：平手\\n手数----指手---------消費時間--\\n   1   ７六歩(77)\\n")
>>> moves, start
(['７六歩(77)'], None)
>>> pos = Position("shogi")
>>> print(write_record(pos, [pos.parse_move(moves[0])], "csa").splitlines()[-1])
+7776FU
"""

from __future__ import annotations

from ..model.errors import RecordError, quote
from ..model.moves import Move
from . import csa, kif
from .moves import NOTATIONS
from ..engine.position import Position
from .records import read_record
from ..compiled.variant import get_variant

RECORD_FORMATS = ("kif", "csa", "usi", "western", "japanese")
"""The formats :func:`write_record` writes (``shogi-rules convert --to``)."""


def read_game(variant_id: str, text: str) -> tuple[list[str], str | None]:
    """The moves of the record ``text`` and its start position as a FEN of ``variant_id``
    (``None``: the variant's start)."""
    variant = get_variant(variant_id)
    if text.startswith("\ufeff"):
        text = text[1:]
    start: kif.Setup | None
    if csa.looks_like_csa(text):
        if not variant.usi:
            raise RecordError(f"this is a CSA record, which describes standard shogi, not {variant.id}")
        found = csa.read_csa(text)
        moves, start = found.moves, found.start
    elif kif.looks_like_kif(text):
        record = kif.read_kif(text)
        if not variant.kif_names:
            raise RecordError(f"this is a KIF record, and lishogi writes no KIF of {variant.id}")
        if record.chu == variant.usi:
            raise RecordError(f"this KIF record is of {'Chu' if record.chu else 'standard'} shogi, not {variant.id}")
        moves, start = record.moves, record.start
    else:
        return read_record(text), None
    if start is None:
        return moves, None
    try:
        return moves, Position.from_pieces(variant.id, start.pieces, start.turn, start.hands).fen()
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(f"the record's start position cannot be set up: {exc}") from None


def write_record(start: Position, moves: list[Move], notation: str) -> str:
    """``moves`` (legal, played in turn from ``start``) as a record: KIF or CSA with their headers, or one
    move a line in another notation."""
    if notation == "kif":
        return kif.write_kif(start, moves)
    if notation == "csa":
        return csa.write_csa(start, moves)
    if notation not in RECORD_FORMATS:
        raise RecordError(f"unknown record format {quote(notation)} (known: {', '.join(RECORD_FORMATS)})")
    pos = start.copy()
    lines = []
    for move in moves:
        lines.append(NOTATIONS[notation].write(pos, move))
        pos.push(move)
    return "".join(line + "\n" for line in lines)


__all__ = ["RECORD_FORMATS", "read_game", "write_record"]
