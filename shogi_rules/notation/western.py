"""Western notation, as The Shogi Association (George Hodges), Steve Evans' files and English books
write it: ``P-7f``, ``S7bx8c+``, ``S7b-8c=``, ``P*5e``, ``Lnx!5e``, ``FiDx11fx!11e,12e``.

The piece, its origin only where two pieces of the same kind could make the move, ``-`` for a move
or ``x`` for a capture, the target, then ``+`` (promotes) or ``=`` (declines) where the move could
promote, or ``^CODE`` for a capture conversion; drops ``P*5e``; a promoted piece is ``+`` and its
base code (``+P``). Lion moves list their captures on the way (``x5e``), igui ``x!``, a pass its
square out and back; the squares a Fire Demon burns follow ``x!`` and a mover that burns itself
ends with ``*``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..model.codes import color_of, piece_code, pieces_of, type_of
from ..model.errors import (AmbiguousMoveError, BurnsError, IllegalMoveError, MoveError, PieceError, ShogiRulesError,
                            SquareError, quote)
from ..model.mechanisms.tetrarchs import frozen_squares
from ..model.moves import Move
from .common import MoveNotation, conversion, count_by_squares, one, suffix

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..engine.position import Position
    from ..compiled.tables import PieceType, Tables


def move_effects(pos: Position, move: Move) -> tuple[list[int], bool]:
    """What ``move`` burns besides its own captures: ``(burnt squares, whether the mover burns)``."""
    if not pos.tables.any_burner or move.origin is None:
        return [], False
    pos.push(move)
    effects = pos.last_move_effects()
    pos.pop()
    assert effects is not None
    burnt = [sq for sq, _ in effects.burnt if sq != move.target]
    self_burnt = effects.mover_burnt
    g = pos.geometry
    burnt.sort(key=lambda sq: (g.rank_of(sq), g.file_of(sq)))  # as records list them: rank by rank
    return burnt, self_burnt


def _western_code(pos: Position, move: Move) -> str:
    if move.origin is None:
        return pos.tables.types[move.drop or 0].code
    return pos.tables.types[type_of(pos.board[move.origin])].code


def _legs(pos: Position, move: Move) -> str:
    """The legs of a board move: captures on the way, then the target (or igui, or a pass)."""
    g = pos.geometry
    board = pos.board
    caught = [s for s in move.path if board[s]]
    if move.target == move.origin:
        if caught:  # igui: capture without moving (a double capture that returns lists the first)
            return "".join(f"x{g.name(s)}" for s in caught[:-1]) + f"x!{g.name(caught[-1])}"
        return f"-{g.name(pass_squares(pos, move.origin)[0])}-{g.name(move.origin)}"  # a pass: out and back
    text = "".join(f"x{g.name(s)}" for s in caught)
    return text + ("x" if board[move.target] else "-") + g.name(move.target)


def pass_squares(pos: Position, origin: int) -> list[int]:
    """The empty squares through which the piece on ``origin`` can pass (step out and back)."""
    code = pos.board[origin]
    out: list[int] = []
    for atom in pos.tables.specials[code]:
        out += [s for s in atom.pass_squares(pos, origin, code) if s not in out]
    return out


def write_western(pos: Position, move: Move) -> str:
    """TSA notation: ``P-7f``, ``S7bx8c+``, ``Lnx!5e``, ``SEx13kx14l=``, ``FiDx11fx!11e,12e``, ``P*5e``."""
    g = pos.geometry
    code = _western_code(pos, move)
    if move.origin is None:
        return f"{code}*{g.name(move.target)}"
    legs = _legs(pos, move)
    same = _origins_by_legs(pos).get((type_of(pos.board[move.origin]), legs), ())
    text = code + (g.name(move.origin) if len(same) > 1 else "") + legs + suffix(pos, move)
    burnt, self_burnt = move_effects(pos, move)
    if burnt:
        text += "x!" + ",".join(g.name(s) for s in burnt)
    if self_burnt:
        text += "*"
    return text


def _origins_by_legs(pos: Position) -> dict[tuple[int, str], set[int]]:
    """For each piece type and legs written (:func:`_legs`), the origins of the legal moves written so:
    where there are two, a name gives its origin. Built once per position (naming every move stays
    linear in their number)."""
    def build() -> dict[tuple[int, str], set[int]]:
        index: dict[tuple[int, str], set[int]] = {}
        board = pos.board
        for m in pos.legal_moves():
            if m.origin is not None:
                index.setdefault((type_of(board[m.origin]), _legs(pos, m)), set()).add(m.origin)
        return index
    return pos.memo("western.origins", build)


_SQ = r"\d{1,2}[a-s]"
_WESTERN = re.compile(
    rf"^(?P<code>\+?[A-Za-z]+?)(?P<origin>{_SQ})?"
    rf"(?:(?P<drop>\*)(?P<dropsq>{_SQ})|(?P<legs>(?:(?:x!|[-x]){_SQ})+))"
    rf"(?P<promo>[+=]|\^[A-Za-z]+)?(?:x!(?P<burns>{_SQ}(?:,{_SQ})*|\d*))?(?P<self>\*)?$", re.ASCII)
_LEG = re.compile(rf"(x!|[-x])({_SQ})", re.ASCII)


def looks_western(text: str) -> bool:
    """Whether ``text`` has the form of a move in Western notation."""
    return bool(_WESTERN.match(text))


def named_types(pos: Position, text: str) -> list[int] | None:
    """The piece types a board move in Western notation names its mover by (those whose moves a narrow reading
    looks at: :func:`parse_western`), or ``None`` (not such a move, or an unknown code)."""
    m = _WESTERN.match(text.strip())
    if not m or m.group("drop"):
        return None
    return resolve_code(pos, m.group("code")) or None


def resolve_code(pos: Position, code: str) -> list[int]:
    """The type ids a Western piece code may mean.

    ``X`` (or one of its aliases): the piece set up as ``X``; where no piece is set up as ``X``, a
    promoted piece that now is one (``CP``, the crown prince, is the promoted drunk elephant);
    ``+X``: ``X`` promoted, or (as some records write) a promoted piece that now moves as ``X``; where neither
    is, a piece whose own code is ``+X``.

    Case is ignored, except that a code written exactly as one of the variant's is that piece: Dai
    Dai's ``St`` (Stone General) and ``ST`` (Savage Tiger), and Maka Dai Dai's ``BT`` (Blind Tiger)
    and ``Bt`` (Bat, the promoted Old Rat), differ only in case; a spelling in neither case of such
    a pair (``st``) is refused. The answer depends on the tables and the variant's aliases only: it is
    kept per code (a record names the same pieces again and again).
    """
    return _resolved(pos.tables, pos.variant.code_aliases, code)


def _resolved(t: Tables, aliases: Mapping[str, str], code: str) -> list[int]:
    """:func:`_resolve_code`, kept."""
    key = (id(t), id(aliases), code)
    known = _RESOLVED.get(key)
    if known is not None and known[0] is t and known[1] is aliases:
        return list(known[2])
    found = _resolve_code(t, aliases, code)
    if len(_RESOLVED) >= _RESOLVED_SIZE:  # the codes of hostile input do not pile up
        _RESOLVED.clear()
    _RESOLVED[key] = (t, aliases, tuple(found))
    return found


_RESOLVED: dict[tuple[int, int, str], tuple[Tables, Mapping[str, str], tuple[int, ...]]] = {}
"""The answers of :func:`resolve_code`, by tables, aliases and code (the objects kept beside them: an id
stands for one object only while it lives)."""
_RESOLVED_SIZE = 4096


def _resolve_code(t: Tables, aliases: Mapping[str, str], code: str) -> list[int]:
    promoted = code.startswith("+")
    base = code[1:] if promoted else code
    base = aliases.get(base, aliases.get(base.upper(), base))
    pieces = t.types[1:]

    def codes(tt: PieceType) -> tuple[str | None, str | None]:
        """The code a piece answers to as set up, then as what it became by promotion."""
        if promoted:
            return (tt.base.code if tt.promoted else None), (tt.kind.code if tt.promoted else None)
        return tt.code, (tt.kind.code if tt.promoted else None)

    for exact in (True, False):
        for step in (0, 1):
            found = [tt for tt in pieces if (c := codes(tt)[step]) is not None
                     and (c == base if exact else c.upper() == base.upper())]
            if len({tt.kind.code for tt in found}) > 1:
                named = " or ".join(f"{tt.kind.code} ({tt.kind.english})" for tt in found)
                raise PieceError(f"{quote(code)} could be {named}: codes that differ only in case are read as written")
            if found:
                return [tt.id for tt in found]
    # a piece whose own code begins with "+" though nothing promotes into it (Chu's tokin among Dai shogi's pieces
    # under a reading where the pawn does not promote: set up only by a FEN)
    return [tt.id for tt in pieces if not tt.promoted and tt.code == code]


def parse_western(pos: Position, text: str, narrow: bool = False) -> Move:
    """The legal move ``text`` names. ``narrow``: a board move is looked for among the moves of the pieces
    of the kind named only, a drop among the drops onto its square (the same answer, in the same words where
    there is none, without generating every legal move: one read is cheaper; without ``narrow``, every legal
    move is indexed once for the position, which serves many reads there)."""
    g = pos.geometry
    m = _WESTERN.match(text.strip())
    if not m:
        raise MoveError(f"not a move in Western notation: {quote(text)}")
    code = m.group("code")
    tids = resolve_code(pos, code)
    if not tids:
        raise PieceError(f"{pos.variant.id} has no piece {quote(code)} (in {quote(text)})")
    if m.group("drop"):
        if m.group("origin") or m.group("promo"):
            why = "a drop names no origin" if m.group("origin") else "a dropped piece neither promotes nor converts"
            raise MoveError(f"not a move in Western notation: {quote(text)} ({why})")
        target = g.parse(m.group("dropsq"))
        found = pos.legal_drops_to(target) if narrow else _moves_to(pos).get(target, ())
        move = one(pos, text, [mv for mv in found if mv.origin is None and mv.drop in tids])
        _check_burns(pos, move, m.group("burns"), bool(m.group("self")), text)
        return move
    origin = g.parse(m.group("origin")) if m.group("origin") else None
    legs = _LEG.findall(m.group("legs"))
    burns, self_burn = m.group("burns"), bool(m.group("self"))
    readings = [(legs, burns)]
    if burns is None and len(legs) >= 2 and legs[-1][0] == "x!":
        # "Fi-9dx!10d": a single burnt square after the move reads like an igui leg; try it as a burn first
        readings.insert(0, (legs[:-1], legs[-1][1]))
    last_error: ShogiRulesError = IllegalMoveError(f"{quote(text)} is not a legal move here")
    burnt_otherwise: BurnsError | None = None  # a reading that names a move, which burns otherwise
    for legs, burns in readings:
        try:
            move = _match_western(pos, text, tids, origin, legs, m.group("promo"), narrow)
        except (IllegalMoveError, AmbiguousMoveError) as exc:
            last_error = exc
            continue
        try:
            _check_burns(pos, move, burns, self_burn, text)
            return move
        except BurnsError as exc:
            burnt_otherwise = burnt_otherwise or exc
    raise burnt_otherwise or last_error


def _match_western(pos: Position, text: str, tids: list[int], origin: int | None, legs: list[tuple[str, str]],
                   promo: str | None, narrow: bool = False) -> Move:
    board = pos.board
    g = pos.geometry
    names = [(sep, g.parse(sq)) for sep, sq in legs]  # read once, not once a move
    last = names[-1][1] if names else -2  # no square

    def match(mv: Move) -> bool:
        if mv.origin is None or (mv.target != last and mv.target != mv.origin):
            return False  # a move ends where its last leg says, unless it comes back (igui, a pass)
        if type_of(board[mv.origin]) not in tids or (origin is not None and mv.origin != origin):
            return False
        if not _names_match(pos, mv, names):
            return False
        if promo is None:
            return True
        into = conversion(pos, mv)
        if promo.startswith("^"):
            return into is not None and into.upper() == promo[1:].upper()
        return into is None and mv.promotion == (promo == "+") and suffix(pos, mv, counts) == promo

    by_target = _moves_to(pos) if not narrow else _moves_to_from(pos, tids, last)
    # a narrow reading counts a move's siblings (promoting or not) among the named pieces' moves, which hold them
    counts = count_by_squares(m for moves in by_target.values() for m in moves) if narrow and promo else None
    candidates = [mv for mv in (*by_target.get(last, ()), *by_target.get(-1, ())) if match(mv)]
    if promo is None and len(candidates) > 1 and len({(c.promotion, c.keep) for c in candidates}) == len(candidates):
        raise AmbiguousMoveError(f"{quote(text)}: say whether the piece promotes ('+'), declines ('=') or converts ('^')")
    if not candidates:
        # (a narrow reading has the moves of every named piece that could end where the text does: explain needs
        # no others)
        known = [mv for moves in by_target.values() for mv in moves] if narrow else None
        raise IllegalMoveError(f"{quote(text)} is not legal here: {explain(pos, text, tids, origin, legs, promo, known)}")
    return one(pos, text, candidates)


def _moves_to(pos: Position) -> dict[int, list[Move]]:
    """The legal moves by the square where they end, those that end where they began (igui, a pass) under
    ``-1``, in the order of the legal moves. Built once per position: reading a move looks at the moves to
    its square only."""
    def build() -> dict[int, list[Move]]:
        index: dict[int, list[Move]] = {}
        for mv in pos.legal_moves():
            index.setdefault(-1 if mv.target == mv.origin else mv.target, []).append(mv)
        return index
    return pos.memo("western.targets", build)


def _moves_to_from(pos: Position, tids: list[int], end: int) -> dict[int, list[Move]]:
    """:func:`_moves_to` of the legal moves of the side to move's pieces of the types ``tids`` only, and of those only
    the pieces that stand on ``end`` or could end a move there or pass it (the square a text's last leg names: its
    moves are the only ones a narrow reading matches; :meth:`~shogi_rules.compiled.tables.Tables.reach_mask`, which
    holds every square a move of the piece could end on or pass, on any board)."""
    board = pos.board
    reach = pos.tables.reach_mask
    squares = [sq for sq in _squares_of(pos, tids) if sq == end or reach(board[sq], sq) >> end & 1] if end >= 0 else \
        _squares_of(pos, tids)
    index: dict[int, list[Move]] = {}
    for mv in pos.legal_moves_from(squares):
        index.setdefault(-1 if mv.target == mv.origin else mv.target, []).append(mv)
    return index


def _squares_of(pos: Position, tids: list[int]) -> list[int]:
    """The squares of the side to move's pieces of the types ``tids``, in board order."""
    return [sq for sq, _ in pieces_of(pos.board, [piece_code(tid, pos.turn) for tid in tids])]


def explain(pos: Position, text: str, tids: list[int], origin: int | None, legs: list[tuple[str, str]],
            promo: str | None, known: list[Move] | None = None) -> str:
    """Why no legal move matches a Western move: the reason a record replay reports (asked of the moves of the
    pieces of the kind named only; ``known``: where given, the legal moves of those of them that stand on the square
    where the text ends or could end a move there, which decide the answer as all of theirs would)."""
    g = pos.geometry
    board = pos.board
    t = pos.tables
    name = t.types[tids[0]].kind.english
    mine = _squares_of(pos, tids)
    if not mine:
        return f"{'sente' if pos.turn == 0 else 'gote'} has no {name} on the board"
    if origin is not None and origin not in mine:
        return f"there is no {name} of the side to move on {g.name(origin)}"
    theirs = pos.legal_moves_from(mine) if known is None else known
    names = [(sep, g.parse(sq)) for sep, sq in legs]
    moves = [m for m in theirs if _names_match(pos, m, names)]
    if moves and promo in ("+", "="):
        counts = count_by_squares(theirs)
        if promo == "=" and all(suffix(pos, m, counts) == "" for m in moves):
            return f"the {name} has no promotion to decline on this move ('=' only where it could promote)"
        return (f"the {name} cannot promote on this move" if promo == "+" else f"the {name} must promote on this move")
    if moves:
        return f"the {name} cannot make this move with that suffix"
    target = g.parse(legs[-1][1])
    if board[target] and color_of(board[target]) == pos.turn:
        return f"{g.name(target)} holds a piece of the side to move"
    if any(m.target == target for m in theirs):
        return f"the {name} reaches {g.name(target)}, but not as written (capture or path differs)"
    for sq in mine:
        for atom in t.specials[board[sq]]:
            reason = atom.refusal(g, sq, pos.turn, target)
            if reason:
                return f"the {name} on {g.name(sq)} {reason}"
    if t.any_immobiliser and all(sq in frozen_squares(pos, pos.turn) for sq in mine):
        return f"the {name} is paralysed by an adjacent Heavenly Tetrarchs"
    return f"no {name} of the side to move can reach {g.name(target)}"


class Reach(NamedTuple):
    """What the reach of the pieces that a board move in Western notation names tells of how rule sets read it, each
    rule set's pieces moving as under the position's own tables or some of others (:func:`reach`)."""

    ends: frozenset[int]
    """The squares where a reading of the text ends (:func:`parse_western` tries two where the last leg may be a
    burn)."""
    reaching: tuple[tuple[int, frozenset[int]], ...]
    """The named pieces that might end on one of :attr:`ends` under some of the tables (or stand on one: a pass,
    igui), each as its square and the squares that the path of a move of theirs might hold
    (:attr:`~shogi_rules.model.movement.Atom.paths`)."""
    same_words: bool
    """No range jump of the named pieces refuses a square of :attr:`ends` in words of its own, and one of them stands
    next to no enemy that paralyses under some of the tables (else a refusal might say that every one is paralysed)."""

    @property
    def out_of_reach(self) -> bool:
        """Whether the text is refused in the same words under every such rule set because no piece it names can end
        where it says: no move matches it under any of them, and :func:`explain` gives the same reason under each,
        read from the position alone (where the text's pieces stand, and what stands on its last square)."""
        return not self.reaching and self.same_words


def reach(pos: Position, text: str, tables: Sequence[tuple[Tables, frozenset[str] | None]]) -> Reach | None:
    """What the reach of the pieces that a board move in Western notation names tells of how it is read under every
    rule set whose pieces each move as under ``pos``'s own tables or one of ``tables``, told without generating a move
    under any of them; ``None`` where it tells nothing (a drop, pieces named otherwise under some table). A code that
    names no piece under any of the tables is refused in the same words under each (out of reach). Each table comes
    with the kinds (codes) whose rows it is asked about (``None``: every kind): a rule set that combines options of
    several choices takes each field of a piece's row from the option of the choice that sets it, and the others from
    ``pos``'s own.

    The pieces named are the same under each table (their pieces may be numbered otherwise: they are matched by
    code), and so is the name a refusal gives them. A piece reaches a square where some table asked about its kind
    says so (:meth:`~shogi_rules.compiled.tables.Tables.reach_mask`, a superset of the squares its moves end on or
    pass, and a union over its atoms, so that the union over the tables bounds a row made of their fields)."""
    m = _WESTERN.match(text.strip())
    if not m or m.group("drop"):
        return None
    own = pos.tables
    code = m.group("code")
    try:
        tids = resolve_code(pos, code)
        if not tids:  # no piece answers to the code: refused in the same words where none does under any table
            if any(_resolved(t, pos.variant.code_aliases, code) for t, _ in tables):
                return None
            return Reach(frozenset(), (), True)
        named = [own.types[tid].code for tid in tids]
        for t, _ in tables:
            found = _resolved(t, pos.variant.code_aliases, code)
            if [t.types[tid].code for tid in found] != named or \
                    t.types[found[0]].kind.english != own.types[tids[0]].kind.english:
                return None
    except (PieceError, IndexError):
        return None
    numbering = [t.by_code for t, _ in tables]

    def under(piece: int) -> list[tuple[Tables, int]] | None:
        """The tables asked about the piece ``piece`` (numbered as in ``pos``), with its number there: ``pos``'s own
        first."""
        pt = own.types[piece >> 1]
        out = [(own, piece)]
        for (t, kinds), n in zip(tables, numbering):
            if kinds is None or pt.kind.code in kinds or pt.base.code in kinds:
                if pt.code not in n:
                    return None
                out.append((t, 2 * n[pt.code] + (piece & 1)))
        return out

    g = pos.geometry
    mine = _squares_of(pos, tids)
    try:
        origin = g.parse(m.group("origin")) if m.group("origin") else None
        legs = _LEG.findall(m.group("legs"))
        ends = {g.parse(legs[-1][1])}
        if m.group("burns") is None and len(legs) >= 2 and legs[-1][0] == "x!":
            ends.add(g.parse(legs[-2][1]))
    except SquareError:
        return None
    if not mine or (origin is not None and origin not in mine):
        return Reach(frozenset(ends), (), True)  # refused for want of the piece named: the position says so anywhere
    board = pos.board
    us = pos.turn
    free = False
    alike = True
    reaching: list[tuple[int, frozenset[int]]] = []
    for sq in mine:
        each = under(board[sq])
        if each is None:
            return None
        mask = 1 << sq
        for t, piece in each:
            mask |= t.reach_mask(piece, sq)
        if any(mask >> end & 1 for end in ends):
            path: set[int] = set()
            for t, piece in each:
                for atom in t.specials[piece]:
                    if atom.paths:
                        touched = atom.touched_squares(g, us, sq)
                        path |= set(range(g.size)) if touched is None else touched
            reaching.append((sq, frozenset(path)))
        if any(atom.refusal(g, sq, us, end) for t, piece in each for atom in t.specials[piece] for end in ends):
            alike = False
        if not free:
            enemies = [under(board[n]) for n in g.neighbours[sq] if board[n] and board[n] & 1 != us]
            free = all(e is not None and not any(t.immobilises[c] for t, c in e) for e in enemies)
    return Reach(frozenset(ends), tuple(reaching), alike and free)


def _names_match(pos: Position, mv: Move, names: list[tuple[str, int]]) -> bool:
    """Whether ``mv`` goes by the legs ``names`` (separator and square, read)."""
    board = pos.board
    caught = [s for s in mv.path if board[s]]
    if len(names) == 1 and names[0][0] == "x!":  # igui
        return mv.target == mv.origin and caught == [names[0][1]]
    if names and names[-1][0] == "x!" and mv.target == mv.origin:
        return caught == [sq for _, sq in names]
    if mv.target == mv.origin and not caught:  # a pass, written out and back
        return (len(names) == 2 and names[1][1] == mv.origin and names[0][0] == "-"
                and names[0][1] in pass_squares(pos, mv.origin))
    *way, (sep, last) = names
    if last != mv.target or sep == "x!" or (sep == "x") != bool(board[mv.target]):
        return False
    # (the legs before the last are the pieces taken on the way, in order: a move written otherwise is not read)
    return all(s == "x" for s, _ in way) and [sq for _, sq in way] == caught


def _check_burns(pos: Position, move: Move, listed: str | None, self_listed: bool, text: str) -> None:
    """Burns written in a record are checked against the engine's, never trusted."""
    if listed is None and not self_listed:
        return
    g = pos.geometry
    burnt, self_burnt = move_effects(pos, move)
    if listed is not None and listed != "":
        if listed.isdigit():
            ok = len(listed) < 4 and int(listed) == len(burnt)
        else:
            ok = {g.parse(s) for s in listed.split(",")} == set(burnt)
        if not ok:
            engine = ",".join(g.name(s) for s in burnt) or "nothing"
            raise BurnsError(f"{quote(text)}: the record burns {quote(listed, 30)}, the engine burns {engine}", move)
    if self_listed != self_burnt:
        raise BurnsError(f"{quote(text)}: the record says the mover {'burns' if self_listed else 'survives'}, "
                         f"the engine says it {'burns' if self_burnt else 'survives'}", move)


NOTATION = MoveNotation("western", write_western, parse_western, "Western / TSA (P-7f, Lnx!5e)")
