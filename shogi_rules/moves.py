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

Moves are named and read by :mod:`shogi_rules.notation`, which sits above the position; the
position's own ``move_name`` and ``parse_move`` reach it through the one hook here
(:func:`install_notations`), which :mod:`shogi_rules.notation.moves` fills when it is imported (as
``import shogi_rules`` does): the position knows the notations' interface, never their modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from .errors import ShogiRulesError

if TYPE_CHECKING:
    from .position import Position


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


class MoveCodec(NamedTuple):
    """The notations as the position calls them: ``write(position, move, notation id)`` and
    ``parse(position, text, notation id or "auto")``."""

    write: Callable[[Position, Move, str], str]
    parse: Callable[[Position, str, str], Move]


_INSTALLED: list[MoveCodec] = []


def install_notations(codec: MoveCodec) -> None:
    """Make ``codec`` the notations that :meth:`Position.move_name` and :meth:`Position.parse_move` use."""
    _INSTALLED[:] = [codec]


def move_notation() -> MoveCodec:
    """The installed notations (see :func:`install_notations`)."""
    if not _INSTALLED:
        raise ShogiRulesError("no move notation is installed: import shogi_rules.notation.moves")
    return _INSTALLED[0]
