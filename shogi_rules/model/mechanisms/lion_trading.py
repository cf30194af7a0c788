"""Chu shogi's Lion-trading rules: which captures of a Lion are forbidden.

A *Lion* here is a piece whose movement includes the Lion's own power (two king steps in any
directions, :class:`~shogi_rules.model.movement.Lion` without ``vectors``): the Lion and the promoted
kirin. The Horned Falcon and the Soaring Eagle have lion power on some lines only and are not Lions.

Two rules, each a field of :class:`~shogi_rules.model.switches.LionTradingRules` (set by the rule choices
``chu.lion-trading`` and ``chu.counter-strike``):

``protection``
    A Lion may not take an enemy Lion that is not next to its origin when that Lion is *protected*:
    some piece of the Lion's side could take the capturer on that square once the capturer has left
    its origin (a slider behind the capturer counts: hidden protection). On a double move the second
    step is judged the same way, unless the first step took something other than a Pawn or
    Go-Between. ``"protection-before"`` (lishogi, the Japan Chu Shogi Association): protection is
    judged on the position before the move, with the origin and the first square emptied, so a piece
    taken on the first step still counts as a protector. ``"protection-after"`` (H. G. Muller): judged
    after the move, so the piece taken on the first step no longer protects. ``"none"``: no rule.
``counter_strike``
    After a Lion has been taken by a piece that is not a Lion, the other side may not, on its very
    next move, take a Lion with a piece that is not a Lion, except on the square where the Lion was
    just taken (the position remembers that square: :attr:`Position.lion_capture`).
    ``"forbidden"`` (lishogi), ``"forbidden-anywhere"`` (HaChu: on that square too, so a kirin that
    took a Lion and promoted may not be retaken by a non-Lion), ``"unless-unprotected"`` (the Okazaki
    rule: an unprotected Lion may still be taken), ``"none"``.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Protocol

from ..geometry import Geometry
from ..moves import Move
from . import BoardView

if TYPE_CHECKING:
    from . import RulesView, TablesView


class LionView(BoardView, Protocol):
    """What the rules read besides a board: the side to move and the counter-strike square."""

    @property
    def turn(self) -> int: ...

    @property
    def geometry(self) -> Geometry: ...

    @property
    def lion_capture(self) -> int | None: ...


_LIONS: weakref.WeakKeyDictionary[TablesView, frozenset[int]] = weakref.WeakKeyDictionary()
_CHEAP: weakref.WeakKeyDictionary[TablesView, frozenset[int]] = weakref.WeakKeyDictionary()


def lion_codes(tables: TablesView) -> frozenset[int]:
    """The piece codes (type and colour) of the Lions of a rule set's tables."""
    codes = _LIONS.get(tables)
    if codes is None:
        codes = _LIONS[tables] = frozenset(
            2 * t.id + c for t in tables.types[1:] for c in (0, 1)
            if any(_own_lion_power(a) for a in t.kind.atoms))
    return codes


def _own_lion_power(atom: object) -> bool:
    """Whether a movement atom is the Lion's own power (:class:`~shogi_rules.model.movement.Lion` with no
    ``vectors``); read by its fields, as the mechanisms sit below the movement layer."""
    return isinstance(getattr(atom, "steps", None), int) and getattr(atom, "vectors", False) is None


def _cheap_codes(tables: TablesView) -> frozenset[int]:
    """Pawns and Go-Betweens (as set up, unpromoted): the pieces whose capture on the first step does
    not lift the second-step rule."""
    codes = _CHEAP.get(tables)
    if codes is None:
        codes = _CHEAP[tables] = frozenset(
            2 * t.id + c for t in tables.types[1:] for c in (0, 1)
            if not t.promoted and t.kind.code in ("P", "GB"))
    return codes


def active(variant: RulesView) -> bool:
    """Whether either rule is switched on for ``variant``."""
    return variant.switches.lion_trading.active


def capture_square(pos: LionView, move: Move) -> int | None:
    """The square of a Lion that ``move`` (about to be made) takes with a piece that is not a Lion,
    the last such square if it takes two; ``None`` otherwise. This is the position's
    :attr:`~shogi_rules.engine.position.Position.lion_capture` after the move."""
    if move.origin is None:
        return None
    lions = lion_codes(pos.tables)
    board = pos.board
    if not lions or board[move.origin] in lions:
        return None
    found = None
    for sq in (*move.path, move.target):
        if sq != move.origin and board[sq] in lions:
            found = sq
    return found


def protected(pos: LionView, square: int, vacated: tuple[int, ...], capturer: int,
              first_victim: int | None = None) -> bool:
    """Whether the piece on ``square`` could be retaken once ``capturer`` (a piece code) stands there
    and the squares ``vacated`` are empty. ``first_victim`` is the square of a piece taken on the
    first step that still counts as a protector from where it stood (lishogi's judgement before the
    move); pass ``None`` to leave it out (judgement after the move)."""
    destinations = pos.tables.destinations
    board = pos.board
    defender = board[square] & 1
    saved = [(s, board[s]) for s in (*vacated, square)]
    for s in vacated:
        board[s] = 0
    board[square] = capturer
    try:
        for sq, code in enumerate(board):
            if code and code & 1 == defender and any(to == square or square in path
                                                      for to, path in destinations(pos, sq, code)):
                return True
        if first_victim is not None:
            victim = next(old for s, old in saved if s == first_victim)
            board[first_victim] = victim
            return any(to == square or square in path for to, path in destinations(pos, first_victim, victim))
        return False
    finally:
        for s, old in saved:
            board[s] = old


def allowed(pos: LionView, move: Move) -> bool:
    """Whether ``move`` (pseudo-legal) obeys the Lion-trading rules of the rule set."""
    if move.origin is None:
        return True
    tables = pos.tables
    lions = lion_codes(tables)
    board = pos.board
    us = pos.turn
    origin = move.origin
    mover = board[origin]
    taken = [sq for sq in (*move.path, move.target) if sq != origin and board[sq] in lions and board[sq] & 1 != us]
    if not taken:
        return True
    rules = pos.variant.switches.lion_trading
    g = pos.geometry
    if mover in lions:
        rule = rules.protection
        if rule == "none":
            return True
        first = move.path[0] if move.path and board[move.path[0]] else None
        for sq in taken:
            if max(abs(g.column(sq) - g.column(origin)), abs(g.row(sq) - g.row(origin))) <= 1:
                continue  # an adjacent Lion may always be taken
            if first is not None and sq != first:  # the second step of a double capture
                if board[first] not in _cheap_codes(tables):
                    continue  # something valuable was taken first
                before = first if rule == "protection-before" else None
                if protected(pos, sq, (origin, first), mover, before):
                    return False
            elif protected(pos, sq, (origin,), mover):
                return False
        return True
    strike = rules.counter_strike
    if strike == "none" or pos.lion_capture is None:
        return True
    for sq in taken:
        if sq == pos.lion_capture and strike != "forbidden-anywhere":
            continue
        if strike == "unless-unprotected":
            vacated = (origin, *(s for s in move.path if s != sq and board[s]))
            if not protected(pos, sq, vacated, mover):
                continue
        return False
    return True


def filter_moves(pos: LionView, moves: list[Move]) -> list[Move]:
    """The moves that obey the Lion-trading rules (only moves that take a Lion are examined)."""
    lions = lion_codes(pos.tables)
    board = pos.board
    them = pos.turn ^ 1
    targets = {sq for sq, code in enumerate(board) if code in lions and code & 1 == them}
    if not targets:
        return moves
    return [m for m in moves
            if m.origin is None or not (m.target in targets or targets.intersection(m.path)) or allowed(pos, m)]
