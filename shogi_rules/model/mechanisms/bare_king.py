"""The bare king: the game ends when one side has nothing left but its king.

Switched by :class:`~shogi_rules.model.switches.BareKingRules` (rule choices ``tenjiku.bare-king``,
``chu.game-end``, ``sho.game-end``, ``dai.game-end``, ``heian.bare-king`` and ``heiandai.bare-king``).

``"adams"`` (Tenjiku shogi, :func:`lone_king_verdict`): C. Adams' rule, as E. Werner's program plays it
(and Steve Evans' program its Heian dai shogi).

``"immediate"`` (the Heian games, and Sho shogi as English Wikipedia states it; :func:`lone_king_verdict`): a
side reduced to a bare king has lost at once, whoever is to move; both bare at once is a draw.

``"lishogi"`` and ``"shogiops"`` (Chu shogi, :func:`verdict`), lishogi's rule, which generalises the Japan Chu
Shogi Association's (a king and one piece beat a bare king):

* pieces that can never move again, a pawn or lance on its last rank, are not counted;
* a side is *bared* when its only piece is one royal piece while the other side has a royal piece
  and at least one more piece that is not a pawn or go-between, the bare royal does not attack a
  royal piece of the other side, and either the other side has two or more such pieces besides
  its royals or none of them stands next to the bare royal (which could take it); the bared side
  loses (``bare-king``);
* when the only pieces left (dead ones not counted) are one royal piece a side and neither attacks
  the other, the game is drawn (``bare-kings``).

The two readings are lishogi's server and its rules library, which part on two points. The server
(scalashogi, ``variant/Chushogi.scala``: ``bareKing``, ``status``) asks the winning side for one royal piece
or more, so a king and prince win too, and asks for a bare king before it asks whether the side to move has
any move (:func:`precedes_no_move`); shogiops (``src/variant/chushogi.ts``: ``isBareKing``, ``outcome``) asks
for exactly one royal piece (``kingsOf(...).singleSquare()``) and finds a side with no move lost first.

``"jcsa"`` (Chu shogi, :func:`jcsa_verdict`): the Japan Chu Shogi Association's own text, narrower than
lishogi's: king and one piece against a bare king win, with no exception, and nothing else does.

``"none"``: no such rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..codes import color_of, opponent
from ..geometry import GOTE, SENTE

if TYPE_CHECKING:
    from . import GameView

LONE_KING_RULES = ("adams", "immediate")
"""The rules that look only at who is bare (:func:`lone_king_verdict`)."""
ATTACK_RULES = ("lishogi", "shogiops")
"""The rules that also ask whether a royal piece could be taken (:func:`verdict`, through ``threatened``)."""

Threatened = Callable[[int], bool]
"""``threatened(color)``: whether ``color``'s opponent could take a royal piece of ``color`` now."""


def _live(pos: GameView, color: int, without_cheap: bool) -> list[int]:
    """Squares of ``color``'s pieces, dead pawns and lances left out; with ``without_cheap`` every
    pawn and go-between left out too (they do not count against a bare king)."""
    t = pos.tables
    g = pos.geometry
    last_row = 0 if color == SENTE else g.ranks - 1
    out = []
    for sq, code in enumerate(pos.board):
        if not code or code & 1 != color:
            continue
        kind = t.types[code >> 1]
        if not kind.promoted and kind.code in ("P", "L") and g.row(sq) == last_row:
            continue
        if without_cheap and not kind.promoted and kind.code in ("P", "GB"):
            continue
        out.append(sq)
    return out


def _bared(pos: GameView, color: int, threatened: Threatened, one_royal: bool) -> bool:
    """Whether ``color`` is bared; ``one_royal``: only by a side with exactly one royal piece (shogiops)."""
    t = pos.tables
    ours = _live(pos, color, False)
    if len(ours) != 1 or not t.royal[pos.board[ours[0]]]:
        return False
    theirs = _live(pos, color ^ 1, True)
    royals = sum(1 for sq in theirs if t.royal[pos.board[sq]])
    if len(theirs) < 2 or not royals or (one_royal and royals != 1) or threatened(color ^ 1):
        return False
    g = pos.geometry
    king = ours[0]
    near = any(max(abs(g.column(sq) - g.column(king)), abs(g.row(sq) - g.row(king))) == 1 for sq in theirs)
    return len(theirs) > 2 or not near


def verdict(pos: GameView, threatened: Threatened) -> tuple[int | None, str] | None:
    """The bare-king result of the position as ``(winner or None for a draw, reason)``, if any
    (``None`` also when the rule is off)."""
    rule = pos.variant.switches.bare_king.rule
    if rule == "jcsa":
        return jcsa_verdict(pos)
    if rule not in ATTACK_RULES:
        return None
    for color in (pos.turn, pos.turn ^ 1):
        if _bared(pos, color, threatened, rule == "shogiops"):
            return color ^ 1, "bare-king"
    t = pos.tables
    live = _live(pos, SENTE, False) + _live(pos, GOTE, False)
    if (len(live) == 2 and all(t.royal[pos.board[sq]] for sq in live)
            and len({pos.board[sq] & 1 for sq in live}) == 2
            and not threatened(SENTE) and not threatened(GOTE)):
        return None, "bare-kings"
    return None


def precedes_no_move(pos: GameView) -> bool:
    """Whether the bare-king rule is asked before whether the side to move has a move: under lishogi's server
    (``"lishogi"``), a side that bares the other wins even when it has no move left itself; under every other
    rule a side with no move has lost first (shogiops' order)."""
    return rule_precedes_no_move(pos.variant.switches.bare_king.rule)


def rule_precedes_no_move(rule: str) -> bool:
    """:func:`precedes_no_move` of a rule by its name."""
    return rule == "lishogi"


def jcsa_verdict(pos: GameView) -> tuple[int | None, str] | None:
    """The Japan Chu Shogi Association's rule (2007 rules, 二.4 and 二.5): when the only pieces left, dead pawns
    and lances not counted, are one royal piece a side and one more piece that is not an unpromoted pawn or
    go-between, that piece's side wins. Nothing else ends the game early: two bare kings play on (the players
    may agree a draw, 二.6)."""
    t = pos.tables
    live = _live(pos, SENTE, False) + _live(pos, GOTE, False)
    if len(live) != 3:
        return None
    royals = [sq for sq in live if t.royal[pos.board[sq]]]
    if len(royals) != 2 or len({pos.board[sq] & 1 for sq in royals}) != 2:
        return None
    other = next(sq for sq in live if sq not in royals)
    kind = t.types[pos.board[other] >> 1]
    if not kind.promoted and kind.code in ("P", "GB"):
        return None
    return pos.board[other] & 1, "bare-king"


def board_verdict(pos: GameView) -> tuple[int | None, str] | None:
    """The result of the rules that read only the board and the side to move (:data:`LONE_KING_RULES` and
    ``"jcsa"``), if any; ``None`` under the others (those of :data:`ATTACK_RULES` are asked by :func:`verdict`)."""
    rule = pos.variant.switches.bare_king.rule
    return jcsa_verdict(pos) if rule == "jcsa" else lone_king_verdict(pos)


def is_bare(pos: GameView, color: int) -> bool:
    """Whether ``color`` has exactly one piece left, and that piece is royal (a lone king or prince)."""
    board = pos.board
    mine = [code for code in set(board) if code and color_of(code) == color]  # (the kinds present, read at C speed)
    return len(mine) == 1 and bool(pos.tables.royal[mine[0]]) and board.count(mine[0]) == 1


def lone_king_verdict(pos: GameView) -> tuple[int | None, str] | None:
    """The result of the rules that look only at who is bare (:func:`is_bare`), if any.

    ``bare_king.rule="adams"``: Adams' bare-king rule (C. Adams on shogi-l, 1998; E. Werner's program;
    Steve Evans' Heian dai shogi): a side reduced to a bare king loses, unless with its next move it
    bares the other side too, which is a draw. So a bare side to move plays on (it may still bare
    the other side); a bare side that has just moved, without baring the other, has lost; both bare
    is a draw.

    ``bare_king.rule="immediate"`` (the Heian games): a bare side has lost at once, whoever is to
    move; both bare (a position set up so) is a draw."""
    rule = pos.variant.switches.bare_king.rule
    if rule not in LONE_KING_RULES:
        return None
    bare = [is_bare(pos, c) for c in (SENTE, GOTE)]
    if all(bare):
        return None, "bare-kings"
    for color in (SENTE, GOTE):
        if bare[color] and (rule == "immediate" or pos.turn != color):
            return opponent(color), "bare-king"
    return None
