"""Move generation from the compiled tables: attacks, pseudo-legal moves, legal moves, perft.

Board moves come from the per-square leap and ray tables of :mod:`shogi_rules.compiled.tables`. Under check
rules (the shogi family) a move is legal when it does not leave the mover's king attacked; a side with two
royal pieces (Sho shogi's king and prince) has neither protected, and a side's protection follows the royals
it has before its move (Fairy-Stockfish's reading). Only
moves that could expose the king are tried on the board: king moves, moves of pinned pieces, and
every move when in check; the others are legal as generated.

Drops follow the shogi rules: never on a square where the piece could never move again; a piece
with the pawn's restrictions is not dropped on a file holding an unpromoted pawn of its side (nifu)
nor so that it checkmates at once (uchifuzume).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import compress, islice
from typing import TYPE_CHECKING

from ..model.codes import pieces_of
from ..model.errors import ShogiRulesError
from ..model.mechanisms.lion_trading import filter_moves as lion_trading_filter
from ..model.mechanisms.conversion import conversion_choices
from ..model.mechanisms.promotion import (HISTORY_SCHEMES, Trails, declined_in, declined_trails, deferred_square,
                                          promotion_options, trails_after)
from ..model.mechanisms.tetrarchs import frozen_squares
from ..model.moves import Move
from ..model.movement import Destinations, Emperor
from ..compiled.plans import MERGE_ALL, MERGE_SPECIALS, Entry, Plan
from ..compiled.tables import TablesKey

if TYPE_CHECKING:
    from .board import GameBoard
    from ..compiled.tables import Tables
    from ..model.variant_data import Variant


def attacked(pos: GameBoard, square: int, by: int, vacated: int = -1) -> bool:
    """Whether a piece of colour ``by`` attacks ``square`` (whatever stands on it); ``vacated`` is a
    square that counts as empty (the king's own, when it is about to step away)."""
    t = pos.tables
    board = pos.board
    leaps, rays = t.attack_entries[by][square] or t.attack_entry(by, square)
    for frm, codes in leaps:
        if board[frm] in codes:
            return True
    for back, sets in rays:
        i = 0
        for s in back:
            p = board[s]
            if p and s != vacated:
                if p in sets[i]:
                    return True
                break
            i += 1
    return False


def pinned_pieces(pos: GameBoard, king: int, color: int) -> set[int]:
    """Squares of ``color``'s pieces that stand between their king and an enemy ray piece aiming at it."""
    t = pos.tables
    board = pos.board
    out: set[int] = set()
    for back, sets in (t.attack_entries[color ^ 1][king] or t.attack_entry(color ^ 1, king))[1]:
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


def attackers(pos: GameBoard, square: int, by: int) -> list[int]:
    """The squares of the pieces of colour ``by`` that attack ``square`` (whatever stands on it), by the
    reverse tables as :func:`attacked`."""
    t = pos.tables
    board = pos.board
    leaps, rays = t.attack_entries[by][square] or t.attack_entry(by, square)
    out = [frm for frm, codes in leaps if board[frm] in codes]
    for back, sets in rays:
        i = 0
        for s in back:
            p = board[s]
            if p:
                if p in sets[i]:
                    out.append(s)
                break
            i += 1
    return out


def pseudo_legal_board_moves(pos: GameBoard, only: Iterable[int] | None = None) -> list[Move]:
    """Board moves that obey the pieces' movement, before any check on the king's safety (the
    shogi family: steps, slides and jumps, promotion in the zone), from the pieces'
    :class:`~shogi_rules.compiled.plans.Plan`; ``only``: the squares of the pieces whose moves are
    wanted (all of the side to move's unless given)."""
    t = pos.tables
    board = pos.board
    us = pos.turn
    plans = t.plans
    moves: list[Move] = []
    for sq, code in enumerate(board) if only is None else ((sq, board[sq]) for sq in only):
        if not code or code & 1 != us:
            continue
        plan = plans[code][sq] or t.plan(code, sq)
        for e in plan.leaps:
            p = board[e.target]
            if not p:
                moves += e.quiet
            elif p & 1 != us:
                moves += e.capture
        for ray in plan.rays:
            for e in ray:
                p = board[e.target]
                if not p:
                    moves += e.quiet
                    continue
                if p & 1 != us:
                    moves += e.capture
                break
    return moves


def drop_moves(pos: GameBoard, onto: int | None = None) -> list[Move]:
    """Drops (``onto``: onto that square only), before the king-safety and mate-by-pawn-drop checks."""
    t = pos.tables
    board = pos.board
    us = pos.turn
    hand = pos.hands[us]
    moves: list[Move] = []
    if not any(hand):
        return moves
    empty = [sq for sq, p in enumerate(board) if not p] if onto is None else [onto] if not board[onto] else []
    files = t.geometry.files
    for tid, n in enumerate(hand):
        if not n:
            continue
        code = 2 * tid + us
        dead = t.dead[code]
        drops = t.drop_moves(tid)
        if t.pawn[code]:
            pawn_files = {sq % files for sq, p in enumerate(board) if p == code}
            moves += [drops[sq] for sq in empty if sq not in dead and sq % files not in pawn_files]
        else:
            moves += [drops[sq] for sq in empty if sq not in dead]
    return moves


def _gives_check_from(pos: GameBoard, square: int, code: int, king: int) -> bool:
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


def general_board_moves(pos: GameBoard, color: int | None = None, only: Iterable[int] | None = None) -> list[Move]:
    """Board moves of every kind (leaps, rays, lion power, area, range jumps, hooks, igui, the
    Emperor), with the variant's promotion scheme and capture conversions; used for the variants
    beyond the shogi family's fast path.

    Steps, slides, jumps and range jumps come ready-made from the piece's
    :class:`~shogi_rules.compiled.plans.Plan`; the other atoms add their destinations at run time
    (:meth:`~shogi_rules.model.movement.Atom.add_destinations`), merged with what came before only where
    the plan says they can reach the same square; a piece whose steps and slides overlap takes
    every destination from :meth:`Tables.destinations`.

    ``color``: the side whose moves these are (the side to move unless given), so that a query for
    the other side leaves the position as it is. ``only``: the squares of the pieces whose moves are
    wanted (all of the side's pieces unless given), for the attack tests."""
    t = pos.tables
    variant = pos.variant
    board = pos.board
    us = pos.turn if color is None else color
    frozen = frozen_squares(pos, us) if t.any_immobiliser else ()
    conversion = variant.switches.conversion
    converting = t.any_converter and conversion.active
    converts = t.converts
    promoted = t.promoted
    range_jump = variant.switches.range_jump
    jump_any_move = range_jump.when == "any-move"
    jump_capture_any = range_jump.capture == "any"
    rank = t.rank
    plans = t.plans
    # pieces whose moves the plans do not give (plans know no history): one that declined to promote
    # (zone-with-delay: on its owner's previous move; Adams' scheme: at its first chance), a Fire Demon
    # that may not capture by moving (Werner's "verytame")
    declined: set[int] = set()
    if us == pos.turn:
        if variant.promotion == "zone-adams":
            declined = _declined_first_chance(pos, t.zone[us])
        elif variant.promotion == "zone-with-delay":
            deferred_sq = deferred_square(pos)
            declined = {deferred_sq} if deferred_sq is not None else set()
    tame_burners = variant.switches.fire_demon.capture == "very-tame"
    moves: list[Move] = []

    def capture(e: Entry, victim: int, sq: int, code: int) -> Sequence[Move]:
        """The moves of the piece ``code`` on ``sq`` that take ``victim`` on ``e.target`` (the one
        place every kind of capture below goes through): as planned, unless the victim converts its
        capturer (then worked out apart)."""
        if converting and converts[victim]:
            converted: list[Move] = []
            _add_moves(converted, pos, code, sq, e.target, (), True)
            return converted
        return e.capture_of_promoted if promoted[victim] else e.capture

    for sq, code in enumerate(board) if only is None else ((sq, board[sq]) for sq in only):
        if not code or code & 1 != us or sq in frozen:
            continue
        plan = plans[code][sq] or t.plan(code, sq)
        if plan.merge == MERGE_ALL or sq in declined or (tame_burners and t.burns[code]):
            # every destination merged, promotion asked move by move
            deferred, captures = sq in declined, not (tame_burners and t.burns[code])
            for to, path in t.destinations(pos, sq, code):
                _add_moves(moves, pos, code, sq, to, path, converting, deferred, captures)
            continue
        start = len(moves)
        for e in plan.leaps:
            p = board[e.target]
            if not p:
                moves += e.quiet
            elif p & 1 != us:
                moves += capture(e, p, sq, code)
        for ray in plan.rays:
            for e in ray:
                p = board[e.target]
                if not p:
                    moves += e.quiet
                    continue
                if p & 1 != us:
                    moves += capture(e, p, sq, code)
                break
        if plan.jumps:  # range jumps: over pieces of lower rank (see mechanisms.range_jump)
            mine = rank[code]
            for line in plan.jumps:
                jumped = False
                for e in line:
                    p = board[e.target]
                    if not p:
                        if not jumped or jump_any_move:
                            moves += e.quiet
                        continue
                    if p & 1 != us and (not jumped or jump_capture_any or rank[p] < mine):
                        moves += capture(e, p, sq, code)
                    if rank[p] >= mine:
                        break
                    jumped = True
        if not plan.specials:
            continue
        found: Destinations = {}
        if plan.merge == MERGE_SPECIALS:  # what the steps and slides reached stands
            found = dict.fromkeys(((m.target, ()) for m in moves[start:]), None)
        known = len(found)
        for atom in plan.specials:
            atom.add_destinations(pos, sq, code, found)
        entry = t.plan_table(code).entry
        for to, path in islice(found, known, None):
            if path or to == sq:
                _add_moves(moves, pos, code, sq, to, path, converting)
                continue
            p = board[to]
            moves += capture(entry(sq, to), p, sq, code) if p else entry(sq, to).quiet
    return moves


def _add_moves(moves: list[Move], pos: GameBoard, code: int, sq: int, to: int, path: tuple[int, ...],
               converting: bool, deferred: bool = False, captures: bool = True) -> None:
    """Add the moves of the piece ``code`` from ``sq`` to ``to`` by way of ``path``: promoting or
    not, as the variant's scheme allows (``deferred``: the piece declined to promote before, see
    :func:`~shogi_rules.model.mechanisms.promotion.promotion_options`), and with capture conversion;
    none that captures unless ``captures``."""
    t = pos.tables
    board = pos.board
    captured = [board[s] for s in path if board[s]]
    if to != sq and board[to]:
        captured.append(board[to])
    if captured and not captures:
        return
    may, must = promotion_options(t, pos.variant, code, sq, to, captured, path, deferred)
    if converting and any(t.converts[c] for c in captured):
        choices = conversion_choices(t, pos.variant.switches.conversion.order, captured)
        if len(choices) > 1:  # the mover picks what it becomes (makadaidai.double-conversion=mover)
            moves += (Move(sq, to, False, None, path, False, t.types[tid].kind.code) for tid in choices)
        else:
            moves.append(Move(sq, to, False, None, path))  # converted (see Position.push)
        if t.types[code >> 1].kind.code in pos.variant.switches.conversion.exempt:
            moves.append(Move(sq, to, False, None, path, True))  # keeps its identity
            if may:
                moves.append(Move(sq, to, True, None, path, True))  # promotes as usual
        return
    if may:
        moves.append(Move(sq, to, True, None, path))
    if not must:
        moves.append(Move(sq, to, False, None, path))


def legal_moves(pos: GameBoard, first: bool = False, only: Iterable[int] | None = None,
                drops_to: int | None = None) -> list[Move]:
    """All legal moves of the side to move; or (``first``) at most one, the first found; or (``only``) those of
    the pieces on these squares (no drops); or (``drops_to``) the drops onto that square only; in the order in
    which all legal moves list them (every filter looks at one move at a time)."""
    variant = pos.variant
    if drops_to is not None:
        moves = drop_moves(pos, drops_to) if variant.drops else []
    else:
        moves = general_board_moves(pos, only=only) if pos.tables.general else pseudo_legal_board_moves(pos, only)
        if variant.drops and only is None:
            moves += drop_moves(pos)
    if variant.check_rules:
        moves = _king_safe(pos, moves, first)
    if pos.lion_rules:
        moves = lion_trading_filter(pos, moves)
    repetition = variant.switches.repetition.rule
    if repetition == "no-repeat-position" or (repetition == "no-repeat-position-unless-in-check"
                                              and not _royal_attacked(pos)):
        seen = set(pos.hash_history)  # built once for every move tried
        kept = (m for m in moves if not _repeats(pos, m, seen))
        moves = list(islice(kept, 1) if first else kept)
    return moves[:1] if first else moves


def generation_key(variant: Variant, lion_rules: bool) -> tuple[object, ...]:
    """What :func:`legal_moves` reads of a rule set (its resolved ``variant``; ``lion_rules``: whether the
    Lion-trading rules apply): what its tables are compiled from (:class:`~shogi_rules.compiled.tables.TablesKey`,
    so the key is had without compiling them), the switches that move generation and its filters consult (range
    jumps, the Fire Demon's captures, the Tetrarchs' clash, the Emperor, capture conversion, a ban on repeating a
    position, the Lion-trading rules). Rule sets with the same key have the same legal moves in every position,
    so a record check plays a ply under several of them from one generation; the switches that only change what
    a move does (what burns) or how the game ends are left out (of the Fire Demon's captures, only whether it
    may capture at all: ``"very-tame"``)."""
    s = variant.switches
    return (TablesKey.of(variant), s.range_jump, s.fire_demon.capture == "very-tame", s.tetrarchs.clash, s.emperor,
            s.conversion, s.repetition.rule, s.lion_trading, lion_rules)


_DECLINED: dict[tuple[int, int, int], tuple[object, Sequence[bool], Trails, set[int]]] = {}
"""Adams' trails and declined squares by the history's length, its entry before last (the side to move's last move)
and the zone (both kept alive in the value, so that their ids name them: an entry pushed and not yet popped names
the history up to it)."""


_DECLINED_BACK = 32
"""How many plies back :func:`_declined_first_chance` looks for an answer it kept."""


def _declined_first_chance(pos: GameBoard, zone: Sequence[bool]) -> set[int]:
    """:func:`~shogi_rules.model.mechanisms.promotion.declined_squares` of the game so far, kept: a record check
    and a mate test generate moves in the same position many times. The answer reads the side to move's own moves
    only, so it is kept by the side's last move (the history's entry before last), whatever the opponent answered:
    the moves a mate test tries after it share it. Where the answer for the same side some plies before is kept (a
    game played on: up to :data:`_DECLINED_BACK` plies), it is brought up to date by the side's moves since; else
    the whole game is read."""
    history = pos.history
    n = len(history)
    own = history[-2] if n >= 2 else None
    found = _DECLINED.get((n, id(own), id(zone)))
    if found is None:
        earlier = None
        back = 0
        while earlier is None and back + 2 <= min(n, _DECLINED_BACK):
            back += 2
            prior = history[n - back - 2] if n >= back + 2 else None  # the side's last entry ``back`` plies before
            earlier = _DECLINED.get((n - back, id(prior), id(zone)))
        if earlier is not None:
            trails = earlier[2]
            for ply in range(n - back, n, 2):  # the side's moves since, oldest first
                trails = trails_after(trails, zone, history[ply].move)
        else:
            trails = declined_trails(zone, pos.move_stack)
        if len(_DECLINED) >= 256:  # the oldest goes (the latest are those brought up to date)
            del _DECLINED[next(iter(_DECLINED))]
        found = _DECLINED[n, id(own), id(zone)] = (own, zone, trails, declined_in(trails))
    return found[3]


def has_legal_move(pos: GameBoard) -> bool:
    """Whether the side to move has a legal move (the search stops at the first one found)."""
    return bool(legal_moves(pos, True))


def _king_safe(pos: GameBoard, moves: list[Move], first: bool = False) -> list[Move]:
    """The moves that do not leave the mover's king attacked, without mate by a pawn drop; or
    (``first``) the first such move, alone, as soon as it is found."""
    us = pos.turn
    them = us ^ 1
    king = pos.kings[us]
    if king < 0:  # a king and a prince (Sho shogi): neither is protected, every move is legal
        return _no_pawn_drop_mate(pos, moves, first)
    push, pop = pos.push, pos.pop
    in_check = attacked(pos, king, them)
    risky = None if in_check else pinned_pieces(pos, king, us) | {king}

    def safe(m: Move) -> bool:  # tried on the board: any move in check, else a king's or a pinned piece's
        if m.origin == king and not in_check:
            return not attacked(pos, m.target, them, king)
        push(m)
        # the king stays protected through a move that makes a second royal piece (a drunk elephant
        # promoting), as Fairy-Stockfish has it: protection follows the royals before the move
        ok = not attacked(pos, m.target if m.origin == king else king, them)
        pop()
        return ok

    if first:
        for m in moves:
            if (risky is None or m.origin in risky) and not safe(m):
                continue
            if m.drop is not None and _pawn_drop_mates(pos, m):
                continue
            return [m]
        return []
    if risky is None:
        legal = [m for m in moves if safe(m)]
    else:
        legal = [m for m in moves if m.origin not in risky or safe(m)]
    return _no_pawn_drop_mate(pos, legal, False)


def _no_pawn_drop_mate(pos: GameBoard, legal: list[Move], first: bool) -> list[Move]:
    """``legal`` without the pawn drops that mate at once; (``first``) the first such move alone."""
    us = pos.turn
    if first:
        return next(([m] for m in legal if m.drop is None or not _pawn_drop_mates(pos, m)), [])
    if not pos.variant.drops:
        return legal
    checks = _pawn_check_squares(pos, us)
    if not checks:
        return legal  # no pawn to drop, or none would give check
    return [m for m in legal if m.drop is None or m.target not in checks or not _pawn_drop_mates(pos, m)]


def _pawn_check_squares(pos: GameBoard, us: int) -> set[int]:
    """The empty squares where a piece with the pawn's restrictions that ``us`` holds in hand would give
    check if dropped (by the reverse attack tables): the only drops that can be mate."""
    t = pos.tables
    pawn = t.pawn
    codes = {2 * tid + us for tid, n in enumerate(pos.hands[us]) if n and pawn[2 * tid + us]}
    if not codes:
        return set()
    board = pos.board
    king = pos.kings[us ^ 1]
    if king < 0:
        return set()  # a king and a prince: a drop cannot mate both
    leaps, rays = t.attack_entries[us][king] or t.attack_entry(us, king)
    out = {frm for frm, attacking in leaps if not board[frm] and not codes.isdisjoint(attacking)}
    for back, sets in rays:
        for s, attacking in zip(back, sets):
            if board[s]:
                break
            if not codes.isdisjoint(attacking):
                out.add(s)
    return out


def _pawn_drop_mates(pos: GameBoard, m: Move) -> bool:
    """Whether the drop ``m`` is a pawn's (a piece with the pawn's restrictions) that checkmates at
    once (uchifuzume, which the shogi rules forbid). Only a drop that gives check can mate, and the
    check is found by the attack tables; then the opponent's answers to it are looked for among the
    moves that could answer a check by that one piece (:func:`_answers_check`), not among all its moves."""
    assert m.drop is not None
    us = pos.turn
    code = 2 * m.drop + us
    king = pos.kings[us ^ 1]  # none (-1) where the opponent has a king and a prince: a drop cannot mate both
    if not pos.tables.pawn[code] or king < 0 or not _gives_check_from(pos, m.target, code, king):
        return False
    pos.push(m)
    try:
        if pos.tables.general or pos.lion_rules or pos.variant.switches.repetition.rule != "none":
            return not has_legal_move(pos)  # moves beyond steps, slides and jumps, or filters after them
        return not _answers_check(pos, m.target)
    finally:
        pos.pop()


def _answers_check(pos: GameBoard, checker: int) -> bool:
    """Whether the side to move, whose king is attacked by the one piece on ``checker`` and by no other
    (the shogi family's steps, slides and jumps), has a legal move: the king's own moves, and the moves
    and drops that take that piece or stand between it and the king, each tried on the board as
    :func:`legal_moves` tries a move in check (a move that does neither leaves the king attacked)."""
    t = pos.tables
    board = pos.board
    us = pos.turn
    king = pos.kings[us]
    code = board[checker]
    between: list[int] = []
    if king not in t.leaps[code][checker]:
        between = next(list(ray[:ray.index(king)]) for ray in t.rays[code][checker] if king in ray)
    wanted = {checker, *between}
    movers = {king}
    for sq in wanted:
        movers.update(attackers(pos, sq, us))
    push, pop = pos.push, pos.pop
    for m in pseudo_legal_board_moves(pos, sorted(movers)):
        if m.origin != king and m.target not in wanted:
            continue
        push(m)
        # the king of before the move, as in _king_safe: a drunk elephant that takes the checker and
        # promotes leaves a king and a prince, and pos.kings then has no square for either (-1)
        ok = not attacked(pos, m.target if m.origin == king else king, us ^ 1)
        pop()
        if ok:
            return True
    if between and pos.variant.drops:
        for m in drop_moves(pos):
            if m.target in between and not _pawn_drop_mates(pos, m):
                return True  # a drop between cannot leave the king attacked
    return False


def _royal_attacked(pos: GameBoard) -> bool:
    """Capture variants: whether a piece of the opponent could move onto (or capture on the way) a
    royal piece of the side to move: being in check, without the filters of :func:`legal_moves`
    (the moves of the opponent's pieces that could reach a royal generated for its colour; the
    position is not touched)."""
    us = pos.turn
    royals = royal_squares(pos, us)
    attackers = pieces_reaching(pos, royals, us ^ 1)
    return bool(attackers) and any(m.target in royals or royals.intersection(m.path)
                                   for m in general_board_moves(pos, us ^ 1, attackers))


def royal_squares(pos: GameBoard, color: int) -> set[int]:
    """The squares of ``color``'s royal pieces."""
    return royals_on(pos.tables, pos.board, color)


def royals_on(t: Tables, board: list[int], color: int) -> set[int]:
    """The squares of ``color``'s royal pieces on ``board`` (numbered as ``t`` numbers the pieces)."""
    return {sq for sq, _ in pieces_of(board, t.royal_codes[color])}


def pieces_reaching(pos: GameBoard, squares: set[int], by: int) -> list[int]:
    """The squares of ``by``'s pieces that could take a piece on one of ``squares``, or burn it, by some
    move on some board (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`): a superset of those that
    can now."""
    wanted = 0
    for sq in squares:
        wanted |= 1 << sq
    t = pos.tables
    masks, reach = t.reach_masks, t.reach_mask
    out = []
    board = pos.board
    for sq in compress(range(len(board)), board):  # the occupied squares
        c = board[sq]
        if c & 1 == by:
            mask = masks[c][sq]
            if (mask if mask is not None else reach(c, sq)) & wanted:
                out.append(sq)
    return out


def _reaches(t: Tables, code: int, sq: int, squares: set[int]) -> bool:
    """Whether the piece ``code`` on ``sq`` could take a piece on one of ``squares`` (as :func:`pieces_reaching`)."""
    mask = t.reach_masks[code][sq]
    if mask is None:
        mask = t.reach_mask(code, sq)
    return any(mask >> s & 1 for s in squares)


def royal_capture(pos: GameBoard, victim: int, every: bool = False, among: Collection[int] | None = None,
                  first: list[int] | None = None) -> bool:
    """Capture variants: whether the side to move, ``victim``'s opponent, has a legal move after which
    ``victim`` has lost a royal piece (``every``: all its royal pieces), taken on the move's target or
    path or burnt; as if every legal move were generated and played, which is not done.

    An attack test: only the pieces that could reach a royal piece (or, for those that burn, a square
    next to one) have their moves generated (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`);
    a move that lands next to a royal piece is played to see what it burns, and so is a move that takes
    one of several royal pieces where all must go; and only a move that decides is checked against the
    filters of :func:`legal_moves` (the Lion-trading rules, a ban on repeating a position). ``among``: only
    the pieces on these squares are asked (a record check asks those whose moves differ between rule sets).
    ``first``: a one-square memory shared by a series of tests (a mate test asks after each move of a side):
    the piece on that square is asked first, and the square of the piece that decides is kept there."""
    t = pos.tables
    by = victim ^ 1
    assert pos.turn == by, "the royal pieces' opponent must be to move"
    royals = royal_squares(pos, victim)
    if not royals:
        return every
    ahead = first[0] if first and (among is None or first[0] in among) else None
    if ahead is not None:  # the piece that decided last time, asked before the others are looked for
        code = pos.board[ahead]
        if not (code and code & 1 == by and _reaches(t, code, ahead, royals)):
            ahead = None
        elif _decides(pos, victim, royals, every, [ahead]) is not None:
            return True
    if among is None:
        attackers = pieces_reaching(pos, royals, by)
    else:  # only these are asked: the board is not scanned
        board = pos.board
        attackers = [sq for sq in sorted(among)
                     if board[sq] and board[sq] & 1 == by and _reaches(t, board[sq], sq, royals)]
    if ahead is not None:
        attackers.remove(ahead)
    if not attackers:
        return False
    decider = _decides(pos, victim, royals, every, attackers)
    if decider is None:
        return False
    if first is not None:
        first[:] = [decider]
    return True


def royal_takers(pos: GameBoard, victim: int, every: bool = False) -> list[int]:
    """Capture variants: the squares of the pieces of the side to move (``victim``'s opponent) each of which
    has a legal move taking ``victim``'s royal pieces as :func:`royal_capture` asks (each asked alone)."""
    assert pos.turn == victim ^ 1, "the royal pieces' opponent must be to move"
    royals = royal_squares(pos, victim)
    if not royals:
        return []
    return [sq for sq in pieces_reaching(pos, royals, victim ^ 1)
            if _decides(pos, victim, royals, every, [sq]) is not None]


def may_take_royal(t: Tables, variant: Variant, board: list[int], victim: int, among: Iterable[int],
                   royals: set[int] | None = None, near: set[int] | None = None) -> list[int]:
    """The squares of ``among`` whose piece (``victim``'s opponent's) might take or burn a royal piece of
    ``victim`` on ``board``, told from the lines of its plan without a move played: it reaches a royal square
    along them (or, where it burns, a square next to one), or its special atoms could reach one of those
    squares. The pieces left out cannot: :func:`royal_capture` asked of them says ``False`` (a record check
    asks this first, of the pieces whose moves differ under another rule set, on the board a ply left, and
    makes the move for an attack test only where some piece is left). Paralysis is not asked: a frozen piece
    is counted as free to move, which can only keep a square in. ``royals``: the squares of ``victim``'s royal
    pieces, where the caller knows them (else the board is read); ``near``: the squares next to them, likewise."""
    if royals is None:
        royals = royals_on(t, board, victim)
    if not royals:
        return []
    if not t.any_burner:
        near = set()
    elif near is None:
        near = {n for sq in royals for n in t.geometry.neighbours[sq]}
    return [sq for sq in among if board[sq] and board[sq] & 1 != victim
            and _royal_hits(t, variant, board, sq, royals, (), near, False) != []]


def _royal_hits(t: Tables, variant: Variant, board: list[int], sq: int, royals: set[int], frozen: Collection[int],
                near: set[int], alone: bool, pos: GameBoard | None = None) -> list[Move] | None:
    """The moves of the piece on ``sq`` (of the side to move) that might cost the opponent a royal piece,
    found by asking the squares they go to (:meth:`~shogi_rules.compiled.plans.Plan.lines_to`), not by
    generating the piece's moves: its captures on ``royals`` by a leap, a ray or a range jump, as
    :func:`general_board_moves` gives them (promotion as the plan has it: whether a piece that declined before
    may promote does not change what it takes); and, for a piece that burns or may promote into one that does,
    also its moves onto ``near`` (the squares next to a royal piece), where it burns (a demon that may not capture
    by moving, only those, onto empty squares). ``None`` where those are
    not all: the piece's special atoms (lion power, area moves, ...) could reach one of these squares, or its
    moves are merged or read the game's history, or a capture there converts it (then its moves are
    generated). Where ``pos`` (the position of ``board``) is given, the special atoms' moves are generated
    instead, as :func:`general_board_moves` makes them, and those that end on these squares or take a royal
    piece on their way are added (not in a game whose promotions read the history, nor for a demon that may
    not capture by moving). ``alone``: one royal piece taken decides (the opponent has one, or losing any one is
    asked), so that a capture found on the lines is enough for a piece that does not burn: its special moves
    are not asked for more. (Where the atoms overlap and the moves are merged, the lines still say where a
    piece that does not burn can go.)"""
    code = board[sq]
    if sq in frozen:
        return []
    plan = t.plans[code][sq] or t.plan(code, sq)
    burner = t.burns[code] or t.burns[t.promotes[code]]
    tame = False  # a demon that may not capture by moving (Werner's "verytame") takes nothing: it burns where it
    # stops, on an empty square next to a royal piece
    if burner:
        very_tame = variant.switches.fire_demon.capture == "very-tame"
        if plan.merge == MERGE_ALL or (not t.burns[code] and (very_tame or variant.promotion in HISTORY_SCHEMES)):
            return None  # (its promotions are worked out move by move)
        tame = very_tame and bool(t.burns[code])
    wanted = near if tame else royals | near if burner else royals
    us = code & 1
    out: list[Move] = []
    for target in wanted:
        p = board[target]
        if p and (p & 1 == us or tame):
            continue
        if p and t.any_converter and t.converts[p]:
            return None
        open_line = _open_line(t, variant, board, code, plan, target)  # (one line: another to the same square makes
        # the same moves)
        if open_line is not None:
            e = open_line[0][open_line[1]]
            out += (e.capture_of_promoted if t.promoted[p] else e.capture) if p else e.quiet
    if (out and alone and not burner) or not plan.specials:
        return out
    reach = plan.special_reach
    if reach is None:
        reach = 0
        for atom in plan.specials:
            squares = atom.touched_squares(t.geometry, code & 1, sq)
            if squares is None:
                reach = -1  # any square
                break
            for s in squares:
                reach |= 1 << s
        plan.special_reach = reach
    if not any(reach >> s & 1 for s in wanted):
        return out
    if pos is None or plan.merge == MERGE_ALL or tame or variant.promotion in HISTORY_SCHEMES:
        return None
    # what the lines reach stands, as general_board_moves merges the special atoms' moves (a hook move does not
    # repeat a square reached straight)
    straight: Destinations = dict.fromkeys(((m.target, ()) for m in out), None)
    found = dict(straight)
    for atom in plan.specials:
        atom.add_destinations(pos, sq, code, found)
    converting = t.any_converter and variant.switches.conversion.active
    entry = t.plan_table(code).entry
    for to, path in islice(found, len(straight), None):
        if to not in wanted and royals.isdisjoint(path):
            continue
        if path or to == sq:
            _add_moves(out, pos, code, sq, to, path, converting)
            continue
        p = board[to]
        e = entry(sq, to)
        out += (e.capture_of_promoted if t.promoted[p] else e.capture) if p else e.quiet
    return out


def decisive_line(pos: GameBoard, victim: int, sq: int) -> list[int] | None:
    """Capture variants, ``victim``'s opponent to move and ``victim`` left with one royal piece: the squares that a move
    of the piece on ``sq`` along one of its lines (a step, slide or range jump) taking that royal piece, or, for a
    piece that burns, ending next to it and burning it, reads: those it passes, where it ends and (a piece that burns)
    those next to where it ends; ``None`` where it has no such move (or is an Emperor, whose captures read what
    protects the square). While these squares, the piece's own square and those next to it hold what they hold, the
    move stays legal and takes or burns the royal piece as before: pieces elsewhere neither block it nor change what
    its arrival burns."""
    t = pos.tables
    board = pos.board
    royals = royal_squares(pos, victim)
    code = board[sq]
    if len(royals) != 1 or any(isinstance(a, Emperor) for a in t.specials[code]):
        return None
    royal = next(iter(royals))
    plan = t.plans[code][sq] or t.plan(code, sq)
    variant = pos.variant

    def passed(target: int) -> list[int] | None:
        found = _open_line(t, variant, board, code, plan, target)
        return None if found is None else [e.target for e in found[0][:found[1]]]

    if not (t.burns[code] or t.burns[t.promotes[code]]):
        line = passed(royal)
        return None if line is None else [*line, royal]
    neighbours = t.geometry.neighbours
    ends = {royal, *neighbours[royal]}
    frozen = frozen_squares(pos, pos.turn) if t.any_immobiliser else ()
    hits = _royal_hits(t, variant, board, sq, royals, frozen, ends - royals, False, pos)
    for m in general_board_moves(pos, None, [sq]) if hits is None else hits:  # (a piece that burns: the move is
        # made, to see what it burns)
        if m.path or m.target not in ends or (m.target != royal and board[m.target]):
            continue
        line = passed(m.target)
        if line is None:
            continue
        pos.push(m)
        burnt = not (board[royal] and t.royal[board[royal]] and board[royal] & 1 == victim)
        pos.pop()
        if burnt and _obeys_filters(pos, m):
            return [*line, m.target, *neighbours[m.target]]
    return None


def _open_line(t: Tables, variant: Variant, board: list[int], code: int, plan: Plan,
               target: int) -> tuple[tuple[Entry, ...], int] | None:
    """A line of ``plan`` (a step, slide or range jump of the piece ``code``) and the index of ``target``'s entry on
    it, where the line is open to the piece now, as :func:`general_board_moves` reads the lines: the squares before
    ``target`` empty, or holding pieces of lower rank only that a range jump passes, and then taking what stands on
    ``target`` (of the other side) or stopping there as the range-jump rules allow; ``None`` where no line is."""
    p = board[target]
    mine = t.rank[code]
    range_jump = variant.switches.range_jump
    for line, index, jump in plan.lines_to(target):
        held = [q for e in line[:index] if (q := board[e.target])]
        if not held:
            return line, index
        if jump and all(t.rank[q] < mine for q in held) and (
                (range_jump.capture == "any" or t.rank[p] < mine) if p else range_jump.when == "any-move"):
            return line, index
    return None


def _decides(pos: GameBoard, victim: int, royals: set[int], every: bool, attackers: list[int]) -> int | None:
    """The square of a piece of ``attackers`` (``victim``'s opponent's, to move) that has a legal move taking
    ``victim``'s royal pieces as :func:`royal_capture` asks, or ``None``. The pieces whose captures the plans
    give (:func:`_royal_hits`) are asked first, then the others' moves are generated."""
    t = pos.tables
    single = len(royals) == 1
    near = {n for sq in royals for n in t.geometry.neighbours[sq]} if t.any_burner else set()
    royal = t.royal
    frozen = frozen_squares(pos, victim ^ 1) if t.any_immobiliser else ()
    rest = []
    found: list[Move] = []
    for sq in attackers:
        hits = _royal_hits(t, pos.variant, pos.board, sq, royals, frozen, near, single or not every, pos)
        if hits is None:
            rest.append(sq)
        else:
            found += hits
    if rest:
        found += general_board_moves(pos, victim ^ 1, rest)
    for m in found:
        hit = m.target in royals or not royals.isdisjoint(m.path)
        if hit and (single or not every):
            decisive = True
        elif hit or (m.target in near and m.origin is not None):
            pos.push(m)
            left = sum(1 for sq in royals if royal[pos.board[sq]] and pos.board[sq] & 1 == victim)
            pos.pop()
            decisive = left == 0 if every else left < len(royals)
        else:
            continue
        if decisive and _obeys_filters(pos, m):
            assert m.origin is not None
            return m.origin
    return None


def _obeys_filters(pos: GameBoard, move: Move) -> bool:
    """Whether the board move ``move`` of the side to move passes the filters that :func:`legal_moves`
    applies after generating the moves of a game without check (the Lion-trading rules, a ban on
    repeating a position)."""
    if pos.lion_rules and not lion_trading_filter(pos, [move]):
        return False
    repetition = pos.variant.switches.repetition.rule
    if repetition == "no-repeat-position" or (repetition == "no-repeat-position-unless-in-check"
                                              and not _royal_attacked(pos)):
        return not _repeats(pos, move, set(pos.hash_history))
    return True


def _repeats(pos: GameBoard, move: Move, seen: set[int]) -> bool:
    """Whether ``move`` recreates a position already seen (Adams' Tenjiku rule): one whose
    repetition key is among ``seen``, the keys of the positions of the game so far. Made only where
    :func:`quiet_key` cannot tell."""
    if move.origin is not None and not pos.variant.drops:
        key = quiet_key(pos, move)
        if key is None or key not in seen:
            return False
    pos.push(move)
    again = pos.hash in seen
    pos.pop()
    return again


def quiet_key(pos: GameBoard, move: Move) -> int | None:
    """In a game without drops, the repetition key of the position the board move ``move`` leaves where it
    takes nothing, promotes nothing and burns nothing; ``None`` where it takes or promotes.

    Why that is enough to tell the ban on repeating a position: in a game without drops every position
    of the game so far has at least this one's pieces, and its pieces no further along their promotions
    (a piece leaves the board only when taken or burnt, and promotes only forward), so a move that takes,
    burns or promotes recreates none of them; and where the key a move would leave if it burnt nothing was
    not seen, the move recreates nothing whether it burns or not."""
    origin = move.origin
    assert origin is not None
    board = pos.board
    if move.promotion or (board[move.target] and move.target != origin) or any(
            board[sq] and sq != origin for sq in move.path):
        return None
    t = pos.tables
    keys = t.z_board[board[origin]]
    key = pos.hash ^ keys[origin] ^ keys[move.target] ^ t.z_side
    if pos.lion_rules and pos.lion_capture is not None:
        key ^= t.z_lion_capture[pos.lion_capture]  # (a move that takes no Lion clears the counter-strike square)
    return key


MAX_PERFT_DEPTH = 32
"""The deepest perft counted: deeper is refused (the recursion stays far from Python's stack limit,
and no variant here could be counted even half as deep)."""


def check_perft_depth(depth: int) -> int:
    """``depth`` when it is a whole number from 0 to :data:`MAX_PERFT_DEPTH`, else an error."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"a perft depth must be int, not {type(depth).__name__}")
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ShogiRulesError(f"a perft depth is a whole number from 0 to {MAX_PERFT_DEPTH}, not {depth}")
    return depth


def perft(pos: GameBoard, depth: int, counted: list[int] | None = None) -> int:
    """The number of move sequences of length ``depth`` (leaf moves counted in bulk).

    ``counted``, when given, is a one-item list to which every finished subtree of depth 2 or less
    adds its count as it goes: what was counted so far, should the count be interrupted.
    """
    check_perft_depth(depth)
    if counted is None:
        return _perft(pos, depth)
    return _perft_counted(pos, depth, counted)


def _perft(pos: GameBoard, depth: int) -> int:
    if depth <= 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    push, pop = pos.push, pos.pop
    for m in moves:
        push(m)
        total += _perft(pos, depth - 1)
        pop()
    return total


def _perft_counted(pos: GameBoard, depth: int, counted: list[int]) -> int:
    if depth <= 2:
        n = _perft(pos, depth)
        counted[0] += n
        return n
    total = 0
    for m in legal_moves(pos):
        pos.push(m)
        total += _perft_counted(pos, depth - 1, counted)
        pos.pop()
    return total


def divide(pos: GameBoard, depth: int) -> list[tuple[Move, int]]:
    """Perft split by first move (``depth`` from 1 to :data:`MAX_PERFT_DEPTH`)."""
    if check_perft_depth(depth) < 1:
        raise ShogiRulesError("a divided perft needs a depth of at least 1")
    out = []
    for m in legal_moves(pos):
        pos.push(m)
        out.append((m, _perft(pos, depth - 1)))
        pos.pop()
    return out
