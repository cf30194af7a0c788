"""Burning: the Fire Demon (火鬼) destroys the enemies around it.

After a Fire Demon moves, every enemy piece next to the square where it ends is burnt (removed);
an enemy piece that ends its own move next to a Fire Demon is burnt as well (one that only passes
by is not). Nothing of the Fire Demon's own side burns. Burns are consequences of a move: they are
computed when it is made, recorded with it and undone with it.

Switches (``Variant.switches``, :class:`~shogi_rules.model.switches.FireDemonRules` and
:class:`~shogi_rules.model.switches.TetrarchsRules`):

* ``fire_demon.meeting`` — a Fire Demon that ends its move next to an enemy Fire Demon:
  ``"mover-burns"`` (the article; Evans, the TSA leaflet as Nordgren quotes it; T-NET's PBeM rules):
  only the moving Fire Demon is burnt, it burns nothing (a capture on its target stands);
  ``"mover-burns-all-after"`` (TSA as the article's footnote reports it): it burns every enemy around
  it, Fire Demons included, then is burnt itself; ``"mover-burns-after"`` (Adams; T-NET's common
  rules): it burns the enemies around it except Fire Demons, then is burnt.
* ``tetrarchs.clash`` — under ``"mover-inactive"`` (the article's guess) a Fire Demon arriving next to
  an enemy Heavenly Tetrarchs does not burn it (see :mod:`shogi_rules.model.mechanisms.tetrarchs`).
* ``fire_demon.promotion_burn`` — a piece that promotes to a Fire Demon burns ``"at-once"`` on
  that move (the article) or only ``"next-turn"`` (passive until then: only what arrives next to it
  burns), or ``"delayed"``: the promoting move burns nothing, and at the end of the opponent's next
  move every enemy next to the new demon burns (:func:`delayed_burns`).
* ``fire_demon.capture`` — ``"burns"``: a Fire Demon that captures burns as well (every rule text);
  ``"tame"``: a move that captures burns nothing; ``"very-tame"``: a Fire Demon never captures by
  moving, it only burns (E. Werner's program, its "tame" and "verytame" switches; the moves it
  loses are filtered in :mod:`shogi_rules.engine.movegen`).
* ``tetrarchs.fire_demon`` — under ``tetrarchs.clash="mover-inactive"``, a Fire Demon that arrives
  next to an enemy Heavenly Tetrarchs burns the other enemies around it (``"others-burn"``) or
  nothing at all (``"none-burn"``), as a demon arriving next to an enemy demon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import BoardView

if TYPE_CHECKING:
    from ..moves import Move


def burns_after_move(view: BoardView, target: int, mover_before: int, captured: bool = False) -> list[int]:
    """The squares whose pieces burn once the piece now on ``target`` has moved there (``captured``:
    the move took a piece by moving)."""
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
    if not active or (captured and switches.fire_demon.capture == "tame"):
        return []
    if switches.tetrarchs.clash == "mover-inactive":
        if switches.tetrarchs.fire_demon == "none-burn" and any(t.immobilises[board[s]] for s in enemies):
            return []
        return [s for s in enemies if not t.immobilises[board[s]]]
    return enemies


def delayed_burns(view: BoardView, turn: int, last_move: Move | None) -> list[int]:
    """Under ``fire_demon.promotion_burn="delayed"``: the squares of ``turn``'s pieces that burn at
    the end of its move because the opponent's last move (``last_move``) promoted a piece to a Fire
    Demon that still stands (the squares next to it, in the board as it is after this move)."""
    if view.variant.switches.fire_demon.promotion_burn != "delayed" or last_move is None:
        return []
    board = view.board
    demon = board[last_move.target]
    if (not last_move.promotion or last_move.origin is None or not demon or not view.tables.burns[demon]
            or demon & 1 == turn):
        return []
    return [s for s in view.tables.geometry.neighbours[last_move.target] if board[s] and board[s] & 1 == turn]
