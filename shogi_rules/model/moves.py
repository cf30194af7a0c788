"""The move: one value type for every kind of move.

* a board move: ``origin`` → ``target``;
* a drop: ``origin`` is ``None`` and ``drop`` is the type id of the piece put down;
* a move with several legs (the large variants' lion moves, hook moves): ``path`` lists the squares
  visited on the way; ``target`` may equal ``origin`` (capturing without moving, or passing);
* ``promotion`` is true when the piece promotes at the end of the move;
* ``keep`` is true when a royal capturer declines the conversion that capturing a Deva or Dark
  Spirit would bring (Maka Dai Dai);
* ``conversion`` is the code of the piece the mover chose to become when one move captures two
  converting pieces that would turn it into different pieces (Maka Dai Dai under
  ``makadaidai.double-conversion=mover``); ``None`` everywhere else.

Consequences such as captures on the path are computed when the move is made, recorded in the undo
information and written out by notation.

Moves are named and read by :mod:`shogi_rules.notation`, which sits above the position (see
:func:`shogi_rules.engine.position.install_notations`).
"""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    origin: int | None
    target: int
    promotion: bool = False
    drop: int | None = None
    path: tuple[int, ...] = ()
    keep: bool = False
    """The capturer declines a capture conversion (Maka Dai Dai's royal exemption)."""
    conversion: str | None = None
    """The piece the mover chose to turn into, where its captures offer a choice (Maka Dai Dai)."""

    @property
    def is_drop(self) -> bool:
        return self.origin is None
