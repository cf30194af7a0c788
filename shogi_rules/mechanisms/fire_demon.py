"""Burning: the Fire Demon (火鬼) destroys the enemies around it.

After a Fire Demon moves, every enemy piece next to the square where it ends is burnt (removed);
an enemy piece that ends its own move next to a Fire Demon is burnt as well (one that only passes
by is not). Nothing of the Fire Demon's own side burns. Burns are consequences of a move: they are
computed when it is made, recorded with it and undone with it.

Switches (``Variant.switches``, :class:`~shogi_rules.switches.FireDemonRules` and
:class:`~shogi_rules.switches.TetrarchsRules`):

* ``fire_demon.meeting`` — a Fire Demon that ends its move next to an enemy Fire Demon:
  ``"mover-burns"`` (the article; Evans, the TSA leaflet as Nordgren quotes it; T-NET's PBeM rules):
  only the moving Fire Demon is burnt, it burns nothing (a capture on its target stands);
  ``"mover-burns-all-after"`` (TSA as the article's footnote reports it): it burns every enemy around
  it, Fire Demons included, then is burnt itself; ``"mover-burns-after"`` (Adams; T-NET's common
  rules): it burns the enemies around it except Fire Demons, then is burnt.
* ``tetrarchs.clash`` — under ``"mover-inactive"`` (the article's guess) a Fire Demon arriving next to
  an enemy Heavenly Tetrarchs does not burn it (see :mod:`shogi_rules.mechanisms.tetrarchs`).
* ``fire_demon.promotion_burn`` — a piece that promotes to a Fire Demon burns ``"at-once"`` on
  that move (the article) or only ``"next-turn"``.
"""

from __future__ import annotations

from . import BoardView


def burns_after_move(view: BoardView, target: int, mover_before: int) -> list[int]:
    """The squares whose pieces burn once the piece now on ``target`` has moved there."""
    t = view.tables
    board = view.board
    code = board[target]
    if not code:
        return []
    us = code & 1
    switches = view.variant.switches
    enemies = [s for s in t.geometry.neighbours[target] if board[s] and board[s] & 1 != us]
    enemy_demons = [s for s in enemies if t.burns[board[s]]]
    if not t.burns[code]:
        return [target] if enemy_demons else []  # burnt on arrival next to a fire demon
    active = t.burns[mover_before] or switches.fire_demon.promotion_burn == "at-once"
    if enemy_demons:
        meeting = switches.fire_demon.meeting
        if not active or meeting == "mover-burns":
            return [target]
        if meeting == "mover-burns-all-after":
            return enemies + [target]
        return [s for s in enemies if not t.burns[board[s]]] + [target]
    if not active:
        return []
    if switches.tetrarchs.clash == "mover-inactive":
        return [s for s in enemies if not t.immobilises[board[s]]]
    return enemies
