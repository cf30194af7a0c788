"""Move generation from the compiled tables: attacks, pseudo-legal moves, legal moves, perft.

Board moves come from the per-square leap and ray tables of :mod:`shogi_rules.tables`. Under check
rules (the shogi family) a move is legal when it does not leave the mover's king attacked. Only
moves that could expose the king are tried on the board: king moves, moves of pinned pieces, and
every move when in check; the others are legal as generated.

Drops follow the shogi rules: never on a square where the piece could never move again; a piece
with the pawn's restrictions is not dropped on a file holding an unpromoted pawn of its side (nifu)
nor so that it checkmates at once (uchifuzume).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .mechanisms.promotion import promotion_options
from .mechanisms.tetrarchs import frozen_squares
from .moves import Move

if TYPE_CHECKING:
    from .position import Position


def attacked(pos: Position, square: int, by: int, vacated: int = -1) -> bool:
    """Whether a piece of colour ``by`` attacks ``square`` (whatever stands on it); ``vacated`` is a
    square that counts as empty (the king's own, when it is about to step away)."""
    t = pos.tables
    board = pos.board
    for frm, codes in t.leap_attackers[by][square]:
        if board[frm] in codes:
            return True
    for back, sets in t.ray_attackers[by][square]:
        i = 0
        for s in back:
            p = board[s]
            if p and s != vacated:
                if p in sets[i]:
                    return True
                break
            i += 1
    return False


def pinned_pieces(pos: Position, king: int, color: int) -> set[int]:
    """Squares of ``color``'s pieces that stand between their king and an enemy ray piece aiming at it."""
    t = pos.tables
    board = pos.board
    out: set[int] = set()
    for back, sets in t.ray_attackers[color ^ 1][king]:
        blocker = -1
        i = 0
        for s in back:
            p = board[s]
            if p:
                if blocker < 0:
                    if p & 1 != color:
                        break
                    blocker = s
                else:
                    if p in sets[i]:
                        out.add(blocker)
                    break
            i += 1
    return out


def pseudo_legal_board_moves(pos: Position) -> list[Move]:
    """Board moves that obey the pieces' movement, before any check on the king's safety."""
    t = pos.tables
    board = pos.board
    us = pos.turn
    leaps = t.leaps
    rays = t.rays
    zone = t.zone[us]
    promotes = t.promotes
    dead = t.dead
    moves: list[Move] = []
    append = moves.append
    for sq, code in enumerate(board):
        if not code or code & 1 != us:
            continue
        targets = [to for to in leaps[code][sq] if not board[to] or board[to] & 1 != us]
        for ray in rays[code][sq]:
            for to in ray:
                p = board[to]
                if not p:
                    targets.append(to)
                else:
                    if p & 1 != us:
                        targets.append(to)
                    break
        if promotes[code]:
            from_zone = zone[sq]
            dead_here = dead[code]
            for to in targets:
                if from_zone or zone[to]:
                    append(Move(sq, to, True))
                    if to not in dead_here:
                        append(Move(sq, to))
                else:
                    append(Move(sq, to))
        else:
            for to in targets:
                append(Move(sq, to))
    return moves


def drop_moves(pos: Position) -> list[Move]:
    """Drops, before the king-safety and mate-by-pawn-drop checks."""
    t = pos.tables
    board = pos.board
    us = pos.turn
    hand = pos.hands[us]
    moves: list[Move] = []
    empty = [sq for sq, p in enumerate(board) if not p]
    files = t.geometry.files
    for tid, n in enumerate(hand):
        if not n:
            continue
        code = 2 * tid + us
        dead = t.dead[code]
        if t.pawn[code]:
            pawn_files = {sq % files for sq, p in enumerate(board) if p == code}
            moves.extend(Move(None, sq, False, tid) for sq in empty if sq not in dead and sq % files not in pawn_files)
        else:
            moves.extend(Move(None, sq, False, tid) for sq in empty if sq not in dead)
    return moves


def _gives_check_from(pos: Position, square: int, code: int, king: int) -> bool:
    t = pos.tables
    if king in t.leaps[code][square]:
        return True
    board = pos.board
    for ray in t.rays[code][square]:
        for s in ray:
            if s == king:
                return True
            if board[s]:
                break
    return False


def general_board_moves(pos: Position) -> list[Move]:
    """Board moves of every kind (leaps, rays, lion power, area, range jumps, hooks, igui, the
    Emperor), with the variant's promotion scheme and capture conversions; used for the variants
    beyond the shogi family's fast path."""
    t = pos.tables
    variant = pos.variant
    board = pos.board
    us = pos.turn
    frozen = frozen_squares(pos, us) if t.any_immobiliser else ()
    conversion = variant.switches.conversion
    converting = t.any_converter and conversion.active
    exempt = conversion.exempt
    burner_captures = variant.switches.fire_demon.capture != "very-tame"  # Werner's "verytame" demons
    history = pos.move_stack if variant.promotion == "zone-adams" else None
    moves: list[Move] = []
    append = moves.append
    for sq, code in enumerate(board):
        if not code or code & 1 != us or sq in frozen:
            continue
        for to, path in t.destinations(pos, sq, code):
            captured = [board[s] for s in path if board[s]]
            if to != sq and board[to]:
                captured.append(board[to])
            if captured and not burner_captures and t.burns[code]:
                continue
            may, must = promotion_options(t, variant, code, sq, to, captured, path, history)
            if converting and any(t.converts[c] for c in captured):
                append(Move(sq, to, False, None, path))  # converted (see Position.push)
                if t.types[code >> 1].kind.code in exempt:
                    append(Move(sq, to, False, None, path, True))  # keeps its identity
                    if may:
                        append(Move(sq, to, True, None, path, True))  # promotes as usual
                continue
            if may:
                append(Move(sq, to, True, None, path))
            if not must:
                append(Move(sq, to, False, None, path))
    return moves


def legal_moves(pos: Position) -> list[Move]:
    """All legal moves of the side to move."""
    variant = pos.variant
    moves = general_board_moves(pos) if pos.tables.general else pseudo_legal_board_moves(pos)
    if variant.drops:
        moves += drop_moves(pos)
    if variant.check_rules:
        moves = _king_safe(pos, moves)
    if variant.switches.repetition.rule == "no-repeat-position":
        moves = [m for m in moves if not _repeats(pos, m)]
    return moves


def _king_safe(pos: Position, moves: list[Move]) -> list[Move]:
    """The moves that do not leave the mover's king attacked, without mate by a pawn drop."""
    us = pos.turn
    them = us ^ 1
    king = pos.kings[us]
    push, pop = pos.push, pos.pop
    legal: list[Move] = []
    append = legal.append
    if attacked(pos, king, them):
        for m in moves:
            push(m)
            ok = not attacked(pos, pos.kings[us], them)
            pop()
            if ok:
                append(m)
    else:
        pinned = pinned_pieces(pos, king, us)
        for m in moves:
            origin = m[0]
            if origin == king:
                if not attacked(pos, m[1], them, king):
                    append(m)
            elif origin is not None and origin in pinned:
                push(m)
                ok = not attacked(pos, king, them)
                pop()
                if ok:
                    append(m)
            else:
                append(m)
    if not pos.variant.drops:
        return legal
    enemy_king = pos.kings[them]
    pawn = pos.tables.pawn
    out = []
    for m in legal:
        if m.drop is not None and pawn[2 * m.drop + us] and _gives_check_from(pos, m.target, 2 * m.drop + us, enemy_king):
            push(m)
            mate = not has_legal_move(pos)
            pop()
            if mate:
                continue  # uchifuzume: no checkmate by a pawn drop
        out.append(m)
    return out


def _repeats(pos: Position, move: Move) -> bool:
    """Whether ``move`` recreates a position already seen (Adams' Tenjiku rule)."""
    seen = set(pos.hash_history)
    pos.push(move)
    again = pos.hash in seen
    pos.pop()
    return again


def has_legal_move(pos: Position) -> bool:
    return bool(legal_moves(pos))


def perft(pos: Position, depth: int) -> int:
    """The number of move sequences of length ``depth`` (leaf moves counted in bulk)."""
    if depth <= 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    push, pop = pos.push, pos.pop
    for m in moves:
        push(m)
        total += perft(pos, depth - 1)
        pop()
    return total


def divide(pos: Position, depth: int) -> list[tuple[Move, int]]:
    """Perft split by first move."""
    out = []
    for m in legal_moves(pos):
        pos.push(m)
        out.append((m, perft(pos, depth - 1)))
        pos.pop()
    return out
