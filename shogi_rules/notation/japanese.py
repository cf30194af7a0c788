"""Japanese kanji notation, KIF style, for writing: ``☗７六歩(77)``.

``打`` for a drop, ``成`` / ``不成`` where the move could promote, ``同`` when the target is that of
the previous move; for lion moves ``居喰い`` (igui: the captured square, the piece stays), ``じっと``
(a pass), and ``<square>経由`` after the origin for each capture on the way; where the mover chose
what its captures turn it into (Maka Dai Dai), ``→`` and that piece's label after the piece
(``☗同獅子→教王(10,10)…``). A Fire Demon's burns follow the move, as the Western ``x!`` list does: ``焼``
and the burnt squares, rank by rank, joined by ``・`` (``☗８六火(8,9)焼７六・９六``), and ``自焼`` when the
mover itself is burnt on arrival (the Western trailing ``*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.codes import type_of
from ..model.geometry import SENTE
from ..model.moves import Move
from .common import MoveNotation, suffix
from .western import move_effects

if TYPE_CHECKING:
    from ..engine.position import Position

def _burns(pos: Position, move: Move) -> str:
    """``焼`` and the squares a Fire Demon burns, ``自焼`` when the mover burns; empty without burns."""
    burnt, self_burnt = move_effects(pos, move)
    written = ("焼" + "・".join(pos.geometry.kanji(s) for s in burnt)) if burnt else ""
    return written + ("自焼" if self_burnt else "")


def write_japanese(pos: Position, move: Move) -> str:
    return _write(pos, move) + _burns(pos, move)


def _write(pos: Position, move: Move) -> str:
    g = pos.geometry
    mark = "☗" if pos.turn == SENTE else "☖"
    prev = pos.last_move
    where = "同　" if prev is not None and prev.target == move.target else g.kanji(move.target)
    if move.origin is None:
        return f"{mark}{where}{pos.tables.types[move.drop or 0].label}打"
    t = pos.tables.types[type_of(pos.board[move.origin])]
    label = t.label + (f"→{pos.tables.type_for_row(move.conversion).label}" if move.conversion else "")
    promotion = ""
    if suffix(pos, move) in ("+", "="):
        promotion = "成" if move.promotion else "不成"
    f, r = g.file_of(move.origin), g.rank_of(move.origin)
    origin = f"({f}{r})" if g.files <= 9 and g.ranks <= 9 else f"({f},{r})"
    caught = [s for s in move.path if pos.board[s]]
    if move.target == move.origin:
        if caught:  # igui (居喰い): the square of the last capture, the piece stays
            via = "".join(g.kanji(s) + "・" for s in caught[:-1])
            return f"{mark}{via}{g.kanji(caught[-1])}{label}居喰い{promotion}{origin}"
        return f"{mark}{g.kanji(move.origin)}{label}じっと{promotion}{origin}"  # the pass
    via = "".join(g.kanji(s) + "経由" for s in caught)
    return f"{mark}{where}{label}{promotion}{origin}{via}"


NOTATION = MoveNotation("japanese", write_japanese, None, "Japanese (☗７六歩(77)), written only")
