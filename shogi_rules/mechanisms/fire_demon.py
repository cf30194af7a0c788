"""Burning: the Fire Demon (火鬼) destroys the enemies around it.

After a Fire Demon moves, every enemy piece next to the square where it ends is burnt (removed);
an enemy piece that ends its own move next to a Fire Demon is burnt as well (one that only passes
by is not). Nothing of the Fire Demon's own side burns. Burns are consequences of a move: they are
computed when it is made, recorded with it and undone with it.

Rule choices (``Variant.flags``):

* ``fire-demon.meeting`` — a Fire Demon that ends its move next to an enemy Fire Demon:
  ``"mover-burns"`` (the seed; Evans, the TSA leaflet as Nordgren quotes it): only the moving Fire
  Demon is burnt, it burns nothing; ``"mover-burns-after"``: it burns the enemies around it, then is
  burnt itself, the enemy Fire Demon surviving (Adams; T-NET's common rules);
  ``"capture-then-burn"``: it captures what stood on its target, then is burnt, burning nothing
  (T-NET's PBeM rules).
* ``fire-demon.promotion-burn`` — a piece that promotes to a Fire Demon burns ``"at-once"`` on
  that move (the seed) or only ``"next-turn"``.
"""

from __future__ import annotations

from .lion import _neighbour_table as _neighbours


def burns_after_move(pos, target: int, mover_before: int) -> list[int]:
    """The squares whose pieces burn once the piece now on ``target`` has moved there."""
    t = pos.tables
    board = pos.board
    code = board[target]
    if not code:
        return []
    us = code & 1
    flags = pos.variant.flags
    neighbours = _neighbours(pos)[target]
    enemy_demons = [s for s in neighbours if board[s] and board[s] & 1 != us and t.burns[board[s]]]
    active = t.burns[code] and (t.burns[mover_before] or flags.get("fire-demon.promotion-burn", "at-once") == "at-once")
    if not t.burns[code] and not active:
        return [target] if enemy_demons else []
    if not enemy_demons:
        return [s for s in neighbours if board[s] and board[s] & 1 != us] if active else []
    meeting = flags.get("fire-demon.meeting", "mover-burns")
    if meeting == "mover-burns-after":
        burnt = [s for s in neighbours if board[s] and board[s] & 1 != us and not t.burns[board[s]]] if active else []
        return burnt + [target]
    return [target]

