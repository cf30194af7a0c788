"""How a game ends, and why.

Shogi family (``check_rules``): checkmate of a side's only royal piece wins (a side with a king and a
prince can lose one of them by capture, see :mod:`shogi_rules.engine.movegen`); a side with no legal move but not in check has
lost as well (``stalemate``) — the articles do not mention it, but every move it has would expose its
king to capture, and Fairy-Stockfish scores it the same way; the fourth occurrence of the same
position (board, hands, side to move) is a draw (``repetition``, 千日手) unless one side gave check
with every one of its moves since the position first occurred: that side loses
(``perpetual-check``, the articles' 連続王手の千日手). In the Heian games a side reduced to a bare king may
lose before that (``heian.bare-king``, ``heiandai.bare-king``; :mod:`shogi_rules.model.mechanisms.bare_king`). Chu shogi under lishogi's rules
(``RepetitionRules.attacks == "any-piece"``) counts as attacking also a move after which the moved
piece could take any enemy piece, and calls the repetition a draw when both sides attacked
throughout (``perpetual-attack`` when one did).

Capture variants (Tenjiku, Dai Dai, Maka Dai Dai): a side that has no royal piece left has lost
(``royal-captured``); under Tenjiku's ``tenjiku.bare-king=adams`` so has a side reduced to a bare
king (:mod:`shogi_rules.model.mechanisms.bare_king`); their sources give no repetition rule (``Variant.sennichite`` is false; Tenjiku's
``tenjiku.repetition`` offers Adams' ban on repeating a position instead). Moves that leave a royal capturable are legal there; the engine still reports
``checkmate`` when every move of the side to move lets the opponent take its last royal piece
(:func:`is_checkmate`), and :func:`royal_threatened` says whether a royal can be taken now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.codes import color_of, opponent
from ..model.errors import ShogiRulesError
from ..model.mechanisms import bare_king, lion_trading
from ..model.mechanisms.promotion import HISTORY_SCHEMES
from ..model.geometry import COLOR_NAMES, GOTE, SENTE
from ..model.moves import Move
from .movegen import decisive_line, royal_capture, royal_squares, royal_takers

if TYPE_CHECKING:
    from .board import GameBoard


@dataclass(frozen=True)
class Outcome:
    """``winner`` is ``SENTE``, ``GOTE`` or ``None`` for a draw; ``reason`` says why."""

    winner: int | None
    reason: str

    def result(self) -> str:
        return {SENTE: "1-0", GOTE: "0-1", None: "1/2-1/2"}[self.winner]

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{COLOR_NAMES[self.winner]} wins"
        return f"{who} ({self.reason})"


def _repetition(pos: GameBoard) -> Outcome | None:
    if not pos.variant.sennichite:
        return None
    h = pos.hash
    seen = [i for i, x in enumerate(pos.hash_history) if x == h]
    if len(seen) < 4:
        return None
    first = seen[-4]
    # Take the plies since the first occurrence back on a copy, noting which moves gave check (under
    # lishogi's Chu rules: which moves attacked, a check or a piece that could take an enemy piece).
    any_piece = pos.variant.switches.repetition.attacks == "any-piece"
    replay = pos.copy()
    gave_check = {SENTE: True, GOTE: True}
    while len(replay.hash_history) - 1 > first:
        mover = opponent(replay.turn)
        attacked = replay.is_check() or (any_piece and _moved_piece_attacks(replay, replay.history[-1].move, mover))
        if not attacked:
            gave_check[mover] = False  # the move just taken back did not attack
        replay.pop()
    attackers = [color for color in (SENTE, GOTE) if gave_check[color]]
    if any_piece:
        if len(attackers) == 1:
            return Outcome(opponent(attackers[0]), "perpetual-attack")
        return Outcome(None, "repetition")
    for color in attackers:
        return Outcome(opponent(color), "perpetual-check")
    return Outcome(None, "repetition")


def _moved_piece_attacks(pos: GameBoard, move: Move, mover: int) -> bool:
    """Whether the piece ``move`` has just moved could now take an enemy piece (lishogi's notion of
    an attacking move in Chu shogi, besides a check)."""
    square = move.target
    code = pos.board[square] if move.origin is not None else 0
    if not code or color_of(code) != mover:
        return False
    board = pos.board
    return any((to != square and board[to]) or any(board[s] for s in path)
               for to, path in pos.tables.destinations(pos, square, code))


def royals_left(pos: GameBoard, color: int) -> int:
    board = pos.board
    return sum(board.count(code) for code in pos.tables.royal_codes[color])


def royal_threatened(pos: GameBoard, color: int) -> bool:
    """Capture variants: whether ``color``'s opponent, were it to move now, could take ``color``'s
    royal piece (one of them, where there are two), or burn it: an attack test
    (:func:`~shogi_rules.engine.movegen.royal_capture`), no generation of the opponent's moves."""
    if pos.turn == opponent(color):
        return royal_capture(pos, color)
    side = pos.tables.z_side
    pos.turn ^= 1  # the opponent to move, for the question only: the position is put back as it was
    pos.hash ^= side
    try:
        return royal_capture(pos, color)
    finally:
        pos.turn ^= 1
        pos.hash ^= side


def is_checkmate(pos: GameBoard) -> bool:
    """Capture variants: the side to move has moves, and every one lets the opponent take its last
    royal piece (:func:`move_loses`). (A side with no move at all is stalemated, not mated.)"""
    moves = pos.legal_moves()
    first: list[int] = []
    hopeless = hopeless_moves(pos)
    return bool(moves) and all(hopeless(m) is not None or move_loses(pos, m, first) for m in moves)


def hopeless_moves(pos: GameBoard) -> Callable[[Move], int | None]:
    """Capture variants, before every move of the side to move is tested with :func:`move_loses` (a mate
    test): a test that says, without playing it, that a move loses, and names the opponent's piece that
    would then take (its square; ``None`` where the test cannot tell). Where the opponent, were it to move
    now, could take every royal piece of the side with one piece, a move that leaves that piece's capture as
    it is still loses: one that touches (leaves, passes, takes on or enters) none of the squares the
    piece could reach (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`), or, where it takes or burns the
    one royal piece by a move along an open line, none of the squares that move reads
    (:func:`~shogi_rules.engine.movegen.decisive_line`: those it passes, where it ends and, for a piece that
    burns, those around where it ends; pieces elsewhere neither stop that move nor change what it burns), nor the
    piece's own square and those next to it (where one of the side's would paralyse it, or burn it), nor the
    royal pieces' squares; takes no royal piece, makes none (a promotion to a Crown Prince: the one capture would
    no longer take every royal piece), and, where it burns or may turn into a piece that does, ends next to none
    of the opponent's royal pieces. (What a piece that burns does elsewhere leaves the capture as it is: it
    removes pieces of the opponent's only, away from the piece that would take.) Where several pieces
    could, a move must touch the squares of each to escape. Under a promotion scheme that reads the moves before
    (Adams', ``zone-with-delay``), which the opponent's moves are read with here as if it were to move now, a piece
    that would burn by promoting into a piece that burns is no such piece (those moves before change whether a move
    that takes nothing may promote, and nothing else). Games with drops, with the Lion-trading rules or with pieces
    that convert their captor get a test that says nothing."""
    us = pos.turn
    v = pos.variant
    t = pos.tables
    if v.drops or lion_trading.active(v) or not royals_left(pos, us):
        return _nothing
    board = pos.board
    side = t.z_side
    pos.turn ^= 1
    pos.hash ^= side
    try:
        takers = royal_takers(pos, us, every=True)
        if v.promotion in HISTORY_SCHEMES:
            # (the opponent's moves are read here with the history of a position where it is not to move: what the
            # moves before allow changes only whether a move that takes nothing may promote, so a piece that would
            # burn a royal piece by promoting into one that burns is left out)
            takers = [sq for sq in takers if t.burns[board[sq]] or not t.burns[t.promotes[board[sq]]]]
        # a piece that takes (or burns) the one royal piece along an open line reads only the squares of that move
        lines = [decisive_line(pos, us, sq) for sq in takers]
    finally:
        pos.turn ^= 1
        pos.hash ^= side
    if not takers:
        return _nothing
    royal = 0
    for r in royal_squares(pos, us):
        royal |= 1 << r
    neighbours = t.geometry.neighbours
    zones = []
    for sq, line in zip(takers, lines):
        if line is None:
            touched = t.reach_mask(board[sq], sq) | 1 << sq | royal
        else:
            touched = 1 << sq | royal
            for s in line:
                touched |= 1 << s
        for n in neighbours[sq]:
            touched |= 1 << n
        zones.append((sq, touched))

    def hopeless(move: Move) -> int | None:
        if move.origin is None or t.any_converter:
            return None
        mover = board[move.origin]
        squares = (move.origin, move.target, *move.path)
        if any(board[s] and t.royal[board[s]] for s in squares[1:]):
            return None  # it takes a royal piece of the opponent (perhaps its last: then it wins)
        if move.promotion and t.royal[t.promotes[mover]]:
            return None  # it makes a second royal piece (a Crown Prince), which the same capture does not take
        if (t.burns[mover] or t.burns[t.promotes[mover]]) and any(
                board[n] and board[n] & 1 != us and t.royal[board[n]] for n in neighbours[move.target]):
            return None  # it may burn one
        for taker, zone in zones:
            if not any(zone >> s & 1 for s in squares):
                return taker
        return None

    return hopeless


def _nothing(move: Move) -> int | None:
    return None


def move_loses(pos: GameBoard, move: Move, first: list[int] | None = None) -> bool:
    """Capture variants: whether after ``move`` of the side to move its opponent could take every royal
    piece it has left (or none is left), unless the move took the opponent's last one. The move is
    played, and the opponent's answer found by an attack test
    (:func:`~shogi_rules.engine.movegen.royal_capture`, with ``first``, the square of the piece that took
    last time, when a series of moves is asked), not by generating its moves."""
    return losing_taker(pos, move, first) is not None


def losing_taker(pos: GameBoard, move: Move, first: list[int] | None = None) -> int | None:
    """As :func:`move_loses`, naming what loses: ``None`` where ``move`` does not lose, else the square of
    the opponent's piece that could then take every royal piece of the mover, or ``-1`` where the move
    leaves the mover none."""
    us = pos.turn
    first = [] if first is None else first
    pos.push(move)
    try:
        if royals_left(pos, opponent(us)) == 0:  # this move takes the opponent's last royal: it wins
            return None
        if royals_left(pos, us) == 0:
            return -1
        return first[0] if royal_capture(pos, us, every=True, first=first) else None
    finally:
        pos.pop()


def outcome(pos: GameBoard) -> Outcome | None:
    lone = bare_king.lone_king_verdict(pos)
    if pos.variant.check_rules:
        if lone is not None:
            return Outcome(*lone)
        if not pos.legal_moves():
            if pos.is_check():
                return Outcome(opponent(pos.turn), "checkmate")
            if pos.variant.stalemate_loses:
                return Outcome(opponent(pos.turn), "stalemate")
            return Outcome(None, "stalemate")
        return _repetition(pos)
    if not royals_left(pos, SENTE) and not royals_left(pos, GOTE):  # (no game leaves both sides none)
        raise ShogiRulesError("neither side has a royal piece on the board: no game reaches this position, so it has "
                              "no result")
    for color in (SENTE, GOTE):
        if not royals_left(pos, color):
            return Outcome(opponent(color), "royal-captured")
    if lone is not None:
        return Outcome(*lone)
    bare_first = bare_king.precedes_no_move(pos)
    bare = bare_king.verdict(pos, lambda color: royal_threatened(pos, color)) if bare_first else None
    if bare is not None:
        return Outcome(*bare)
    if not pos.legal_moves():
        return Outcome(opponent(pos.turn) if pos.variant.stalemate_loses else None, "stalemate")
    bare = None if bare_first else bare_king.verdict(pos, lambda color: royal_threatened(pos, color))
    if bare is not None:
        return Outcome(*bare)
    if is_checkmate(pos):
        return Outcome(opponent(pos.turn), "checkmate")
    return _repetition(pos)
