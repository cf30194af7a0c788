"""Burning: the Fire Demon (火鬼) destroys the enemies around it.

After a Fire Demon moves, every enemy piece next to the square where it ends is burnt (removed);
an enemy piece that ends its own move next to a Fire Demon is burnt as well (one that only passes
by is not). Nothing of the Fire Demon's own side burns. Burns are consequences of a move: they are
computed when it is made, recorded with it and undone with it.

Rule choices (``Variant.flags``):

* ``fire-demon.meeting`` — a Fire Demon that ends its move next to an enemy Fire Demon:
  ``"mover-burns"`` (the seed; Evans, the TSA leaflet as Nordgren quotes it; T-NET's PBeM rules):
  only the moving Fire Demon is burnt, it burns nothing (a capture on its target stands);
  ``"mover-burns-all-after"`` (TSA as the seed's footnote reports it): it burns every enemy around
  it, Fire Demons included, then is burnt itself; ``"mover-burns-after"`` (Adams; T-NET's common
  rules): it burns the enemies around it except Fire Demons, then is burnt.
* ``tetrarchs.clash`` — under ``"mover-inactive"`` (the seed's guess) a Fire Demon arriving next to
  an enemy Heavenly Tetrarchs does not burn it (see :mod:`shogi_rules.mechanisms.tetrarchs`).
* ``fire-demon.promotion-burn`` — a piece that promotes to a Fire Demon burns ``"at-once"`` on
  that move (the seed) or only ``"next-turn"`` (it is passive until then: only what arrives next to
  it burns), or ``"delayed"``: the promoting move burns nothing, and at the end of the opponent's
  next move every enemy next to the new demon burns (:func:`delayed_burns`).
* ``fire-demon.capture`` — ``"burns"``: a Fire Demon that captures burns as well (every rule text);
  ``"tame"``: a move that captures burns nothing; ``"very-tame"``: a Fire Demon never captures by
  moving, it only burns (E. Werner's program, its "tame" and "verytame" switches; see
  :mod:`shogi_rules.movegen` for the moves it loses).
* ``tetrarchs.clash.fire-demon`` — under ``tetrarchs.clash="mover-inactive"``, a Fire Demon that
  arrives next to an enemy Heavenly Tetrarchs burns the other enemies around it (``"others-burn"``)
  or nothing at all (``"none-burn"``), as a demon arriving next to an enemy demon.
"""

from __future__ import annotations

from .lion import _neighbour_table as _neighbours


def burns_after_move(pos, target: int, mover_before: int, captured: bool = False) -> list[int]:
    """The squares whose pieces burn once the piece now on ``target`` has moved there (``captured``:
    the move took a piece by moving)."""
    t = pos.tables
    board = pos.board
    code = board[target]
    if not code:
        return []
    us = code & 1
    flags = pos.variant.flags
    enemies = [s for s in _neighbours(pos)[target] if board[s] and board[s] & 1 != us]
    enemy_demons = [s for s in enemies if t.burns[board[s]]]
    if not t.burns[code]:
        return [target] if enemy_demons else []  # burnt on arrival next to a fire demon
    active = t.burns[mover_before] or flags.get("fire-demon.promotion-burn", "at-once") == "at-once"
    if enemy_demons:
        meeting = flags.get("fire-demon.meeting", "mover-burns")
        if not active or meeting == "mover-burns":
            return [target]
        if meeting == "mover-burns-all-after":
            return enemies + [target]
        return [s for s in enemies if not t.burns[board[s]]] + [target]
    if not active or (captured and flags.get("fire-demon.capture", "burns") == "tame"):
        return []
    if flags.get("tetrarchs.clash", "mover-inactive") == "mover-inactive":
        if flags.get("tetrarchs.clash.fire-demon", "others-burn") == "none-burn" and any(
                t.immobilises[board[s]] for s in enemies):
            return []
        return [s for s in enemies if not t.immobilises[board[s]]]
    return enemies


def delayed_burns(pos) -> list[int]:
    """Under ``fire-demon.promotion-burn="delayed"``: the squares of the side to move's pieces that
    burn at the end of its move because the opponent's last move promoted a piece to a Fire Demon
    that still stands (the squares next to it, in the board as it is after this move)."""
    if pos.variant.flags.get("fire-demon.promotion-burn") != "delayed" or not pos.history:
        return []
    last = pos.history[-1][0]
    board = pos.board
    demon = board[last.target]
    if not last.promotion or last.origin is None or not demon or not pos.tables.burns[demon] \
            or demon & 1 == pos.turn:
        return []
    return [s for s in _neighbours(pos)[last.target] if board[s] and board[s] & 1 == pos.turn]
