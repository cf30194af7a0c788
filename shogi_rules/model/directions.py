"""Directions, as the owner of a piece sees them: ``(dx, dy)`` with ``dy > 0`` forward (towards the
enemy) and ``dx > 0`` to the owner's right. The one place the shared sets of directions are defined.

>>> DIRECTION_WORDS[FORWARD], len(EIGHT)
('forward', 8)
"""

from __future__ import annotations

Vector = tuple[int, int]

FORWARD: Vector = (0, 1)
BACKWARD: Vector = (0, -1)
LEFT: Vector = (-1, 0)
RIGHT: Vector = (1, 0)
FORWARD_LEFT: Vector = (-1, 1)
FORWARD_RIGHT: Vector = (1, 1)
BACKWARD_LEFT: Vector = (-1, -1)
BACKWARD_RIGHT: Vector = (1, -1)

ORTHOGONAL: tuple[Vector, ...] = (FORWARD, BACKWARD, LEFT, RIGHT)
DIAGONAL: tuple[Vector, ...] = (FORWARD_LEFT, FORWARD_RIGHT, BACKWARD_LEFT, BACKWARD_RIGHT)
VERTICAL: tuple[Vector, ...] = (FORWARD, BACKWARD)
SIDEWAYS: tuple[Vector, ...] = (LEFT, RIGHT)
BACKWARD_DIAGONAL: tuple[Vector, ...] = (BACKWARD_LEFT, BACKWARD_RIGHT)
EIGHT: tuple[Vector, ...] = ORTHOGONAL + DIAGONAL
"""The eight king directions."""

DIRECTION_WORDS: dict[Vector, str] = {
    FORWARD: "forward", BACKWARD: "backward", LEFT: "left", RIGHT: "right",
    FORWARD_LEFT: "forward-left", FORWARD_RIGHT: "forward-right",
    BACKWARD_LEFT: "backward-left", BACKWARD_RIGHT: "backward-right",
}
"""The eight directions in words."""
