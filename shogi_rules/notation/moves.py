"""Moves written and read: Fairy-Stockfish coordinates, USI, Western (TSA / Hodges) and Japanese.

* ``fsf``: Fairy-Stockfish's coordinate notation, ``c3c4``, ``P@e5``, ``c7c8+`` (the origin and target
  in Fairy-Stockfish coordinates; a drop is the piece's FEN code, ``@`` and the target; the squares
  of a move with several legs follow one another: ``e5f6g7``).
* ``usi``: the USI protocol's notation for standard shogi, ``7g7f``, ``P*5e``, ``8h2b+``; the large
  variants' moves with several legs list their squares (``5e4d3c``); where a capture would convert
  the mover (Maka Dai Dai), ``=`` marks the royal capturer that keeps its identity (``10j10i=``) and
  ``+`` the one that keeps it and promotes.
* ``western``: the notation of The Shogi Association (George Hodges), as Steve Evans' files and
  English books use it: piece, origin only where two pieces of the same kind could make the move,
  ``-`` for a move or ``x`` for a capture, the target, then ``+`` (promotes) or ``=`` (declines)
  where the move could promote; drops ``P*5e``; a promoted piece is ``+`` and its base code
  (``+P``). ``P-7f``, ``S7bx8c+``, ``S7b-8c=``.
* ``japanese``: kanji notation for writing, KIF style: ``☗７六歩(77)``; ``打`` for a drop, ``成``
  / ``不成`` where the move could promote, ``同`` when the target is that of the previous move; for
  lion moves ``居喰い`` (igui: the captured square, the piece stays), ``じっと`` (a pass), and
  ``<square>経由`` after the origin for each capture on the way.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import AmbiguousMoveError, IllegalMoveError, MoveError, PieceError, ShogiRulesError, SquareError
from ..geometry import SENTE
from ..mechanisms.conversion import conversion_into
from ..moves import Move

if TYPE_CHECKING:
    from ..position import Position

NOTATIONS = ("fsf", "usi", "western", "japanese")


def conversion(pos: Position, move: Move) -> str | None:
    """The code of the piece the mover turns into by a capture conversion (Maka Dai Dai), if any."""
    t = pos.tables
    if move.origin is None or move.keep or not t.any_converter:
        return None
    if pos.variant.flags.get("capture-conversion", "on") != "on":
        return None
    board = pos.board
    squares = [s for s in move.path if board[s]] + ([move.target] if move.target != move.origin and board[move.target] else [])
    into = conversion_into(t, pos.variant.flags, [board[s] for s in squares])
    return t.types[into].kind.code if into else None


def _suffix(pos: Position, move: Move) -> str:
    """``^CODE`` for a capture conversion, else ``+`` / ``=`` where the mover had a choice."""
    into = conversion(pos, move)
    if into:
        return "^" + into
    siblings = [m for m in pos.legal_moves()
                if m.origin == move.origin and m.target == move.target and m.path == move.path and m != move]
    if siblings or move.promotion:
        return "+" if move.promotion else "="
    return ""


def write_move(pos: Position, move: Move, notation: str = "western") -> str:
    writers = {"fsf": write_fsf, "usi": write_usi, "western": write_western, "japanese": write_japanese}
    if notation not in writers:
        raise MoveError(f"unknown notation {notation!r} (known: {', '.join(NOTATIONS)})")
    return writers[notation](pos, move)


# --- Fairy-Stockfish coordinates ---------------------------------------------------------------
def write_fsf(pos: Position, move: Move) -> str:
    g = pos.geometry
    if move.origin is None:
        return f"{pos.tables.types[move.drop].fen.upper()}@{g.fsf_name(move.target)}"
    squares = [move.origin, *move.path, move.target]
    return "".join(g.fsf_name(s) for s in squares) + ("+" if move.promotion else "") + ("=" if move.keep else "")


_FSF_SQ = re.compile(r"[a-s]\d{1,2}", re.ASCII)
_FSF_DROP = re.compile(r"^(\(?[A-Za-z]+\)?)@([a-s]\d{1,2})$", re.ASCII)


def parse_fsf(pos: Position, text: str) -> Move:
    g = pos.geometry
    m = _FSF_DROP.match(text)
    if m:
        tid = pos.tables.type_by_fen(m.group(1))
        return _find(pos, text, lambda mv: mv.origin is None and mv.drop == tid and mv.target == g.parse_fsf(m.group(2)))
    keep = text.endswith("=")
    body = text[:-1] if keep else text
    promotion = body.endswith("+")
    body = body[:-1] if promotion else body
    squares = _FSF_SQ.findall(body)
    if len(squares) < 2 or "".join(squares) != body:
        raise MoveError(f"not a move in coordinate notation: {text!r}")
    sq = [g.parse_fsf(s) for s in squares]
    origin, target, path = sq[0], sq[-1], tuple(sq[1:-1])
    return _find(pos, text, lambda mv: (mv.origin, mv.target, mv.path, mv.promotion, mv.keep)
                 == (origin, target, path, promotion, keep))


# --- USI ------------------------------------------------------------------------------------------
def write_usi(pos: Position, move: Move) -> str:
    g = pos.geometry
    if move.origin is None:
        return f"{pos.tables.types[move.drop].fen.upper()}*{g.name(move.target)}"
    suffix = "+" if move.promotion else "=" if move.keep else ""
    return "".join(g.name(s) for s in (move.origin, *move.path, move.target)) + suffix


_USI = re.compile(r"^(\d{1,2}[a-s])((?:\d{1,2}[a-s])*)(\d{1,2}[a-s])([+=]?)$", re.ASCII)


def parse_usi(pos: Position, text: str) -> Move:
    g = pos.geometry
    if "*" in text:
        piece, _, square = text.partition("*")
        tid = pos.tables.type_by_fen(piece)
        target = g.parse(square)
        return _find(pos, text, lambda mv: mv.origin is None and mv.drop == tid and mv.target == target)
    m = _USI.match(text)
    if not m:
        raise MoveError(f"not a USI move: {text!r}")
    origin, target = g.parse(m.group(1)), g.parse(m.group(3))
    path = tuple(g.parse(s) for s in re.findall(r"\d{1,2}[a-s]", m.group(2)))
    promotion = m.group(4) == "+"
    keep = m.group(4) == "="  # "+" on a converting capture: the royal capturer keeps itself and promotes
    return _find(pos, text, lambda mv: (mv.origin, mv.target, mv.path, mv.promotion) == (origin, target, path, promotion)
                 and (promotion or mv.keep == keep))


# --- Western (TSA / Hodges) -------------------------------------------------------------------------
def move_effects(pos: Position, move: Move) -> tuple[list[int], bool]:
    """What ``move`` burns besides its own captures: ``(burnt squares, whether the mover burns)``."""
    if not pos.tables.any_burner or move.origin is None:
        return [], False
    pos.push(move)
    changes = pos.history[-1][1]
    own = {move.origin, move.target, *move.path}
    burnt = [sq for sq, old in changes if sq not in own and old]
    self_burnt = not pos.board[move.target]
    pos.pop()
    g = pos.geometry
    burnt.sort(key=lambda sq: (g.rank_of(sq), g.file_of(sq)))  # as records list them: rank by rank
    return burnt, self_burnt


def _western_code(pos: Position, move: Move) -> str:
    if move.origin is None:
        return pos.tables.types[move.drop].code
    return pos.tables.types[pos.board[move.origin] >> 1].code


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
    from ..mechanisms.lion import _neighbour_table
    from ..movement import Lion
    board = pos.board
    code = board[origin]
    out: list[int] = []
    for atom in pos.tables.specials[code]:
        if isinstance(atom, Lion) and atom.steps >= 2:
            if atom.vectors is None:
                squares = list(_neighbour_table(pos)[origin])
            else:
                squares = [s for v in atom.vectors if (s := pos.geometry.target(origin, code & 1, v)) is not None]
            out += [s for s in squares if not board[s] and s not in out]
    return out


def write_western(pos: Position, move: Move) -> str:
    """TSA notation: ``P-7f``, ``S7bx8c+``, ``Lnx!5e``, ``SEx13kx14l=``, ``FiDx11fx!11e,12e``, ``P*5e``."""
    g = pos.geometry
    code = _western_code(pos, move)
    if move.origin is None:
        return f"{code}*{g.name(move.target)}"
    board = pos.board
    legs = _legs(pos, move)
    same = [m for m in pos.legal_moves()
            if m.origin is not None and m.origin != move.origin and board[m.origin] >> 1 == board[move.origin] >> 1
            and _legs(pos, m) == legs]
    text = code + (g.name(move.origin) if same else "") + legs + _suffix(pos, move)
    burnt, self_burnt = move_effects(pos, move)
    if burnt:
        text += "x!" + ",".join(g.name(s) for s in burnt)
    if self_burnt:
        text += "*"
    return text


_SQ = r"\d{1,2}[a-s]"
_WESTERN = re.compile(
    rf"^(?P<code>\+?[A-Za-z]+?)(?P<origin>{_SQ})?"
    rf"(?:(?P<drop>\*)(?P<dropsq>{_SQ})|(?P<legs>(?:(?:x!|[-x]){_SQ})+))"
    rf"(?P<promo>[+=]|\^[A-Za-z]+)?(?:x!(?P<burns>{_SQ}(?:,{_SQ})*|\d*))?(?P<self>\*)?$", re.ASCII)
_LEG = re.compile(rf"(x!|[-x])({_SQ})", re.ASCII)


def resolve_code(pos: Position, code: str) -> list[int]:
    """The type ids a Western piece code may mean.

    ``X`` (or one of its aliases): the piece set up as ``X``; where no piece is set up as ``X``, a
    promoted piece that now is one (``CP``, the crown prince, is the promoted drunk elephant);
    ``+X``: ``X`` promoted, or (as some records write) a promoted piece that now moves as ``X``.
    """
    t = pos.tables
    aliases = pos.variant.code_aliases
    promoted = code.startswith("+")
    base = code[1:] if promoted else code
    base = aliases.get(base, aliases.get(base.upper(), base)).upper()
    if promoted:
        exact = [tt.id for tt in t.types[1:] if tt.promoted and tt.base.code.upper() == base]
        return exact or [tt.id for tt in t.types[1:] if tt.promoted and tt.kind.code.upper() == base]
    exact = [tt.id for tt in t.types[1:] if tt.code.upper() == base]
    return exact or [tt.id for tt in t.types[1:] if tt.promoted and tt.kind.code.upper() == base]


def parse_western(pos: Position, text: str) -> Move:
    g = pos.geometry
    m = _WESTERN.match(text.strip())
    if not m:
        raise MoveError(f"not a move in Western notation: {text!r}")
    code = m.group("code")
    tids = resolve_code(pos, code)
    if not tids:
        raise PieceError(f"{pos.variant.id} has no piece {code!r} (in {text!r})")
    if m.group("drop"):
        target = g.parse(m.group("dropsq"))
        return _find(pos, text, lambda mv: mv.origin is None and mv.drop in tids and mv.target == target)
    origin = g.parse(m.group("origin")) if m.group("origin") else None
    legs = _LEG.findall(m.group("legs"))
    burns, self_burn = m.group("burns"), bool(m.group("self"))
    readings = [(legs, burns)]
    if burns is None and len(legs) >= 2 and legs[-1][0] == "x!":
        # "Fi-9dx!10d": a single burnt square after the move reads like an igui leg; try it as a burn first
        readings.insert(0, (legs[:-1], legs[-1][1]))
    last_error: ShogiRulesError | None = None
    for legs, burns in readings:
        try:
            move = _match_western(pos, text, tids, origin, legs, m.group("promo"))
            _check_burns(pos, move, burns, self_burn, text)
            return move
        except (IllegalMoveError, AmbiguousMoveError) as exc:
            last_error = exc
    raise last_error


def _match_western(pos: Position, text: str, tids: list[int], origin: int | None, legs, promo: str | None) -> Move:
    board = pos.board

    def match(mv: Move) -> bool:
        if mv.origin is None or board[mv.origin] >> 1 not in tids:
            return False
        if origin is not None and mv.origin != origin:
            return False
        if not _legs_match(pos, mv, legs):
            return False
        if promo is None:
            return True
        into = conversion(pos, mv)
        if promo.startswith("^"):
            return into is not None and into.upper() == promo[1:].upper()
        return into is None and mv.promotion == (promo == "+") and _suffix(pos, mv) == promo

    candidates = [mv for mv in pos.legal_moves() if match(mv)]
    if promo is None and len(candidates) > 1 and len({(c.promotion, c.keep) for c in candidates}) == len(candidates):
        raise AmbiguousMoveError(f"{text!r}: say whether the piece promotes ('+'), declines ('=') or converts ('^')")
    if not candidates:
        raise IllegalMoveError(f"{text!r} is not legal here: {explain(pos, text, tids, origin, legs, promo)}")
    return _one(pos, text, candidates)


def explain(pos: Position, text: str, tids, origin, legs, promo) -> str:
    """Why no legal move matches a Western move: the reason a record replay reports."""
    g = pos.geometry
    board = pos.board
    t = pos.tables
    name = t.types[tids[0]].kind.english
    mine = [sq for sq, c in enumerate(board) if c and c & 1 == pos.turn and c >> 1 in tids]
    if not mine:
        return f"{'sente' if pos.turn == 0 else 'gote'} has no {name} on the board"
    if origin is not None and origin not in mine:
        return f"there is no {name} of the side to move on {g.name(origin)}"
    moves = [m for m in pos.legal_moves() if m.origin in mine and _legs_match(pos, m, legs)]
    if moves and promo in ("+", "="):
        if promo == "=" and all(_suffix(pos, m) == "" for m in moves):
            return f"the {name} has no promotion to decline on this move ('=' only where it could promote)"
        return (f"the {name} cannot promote on this move" if promo == "+" else f"the {name} must promote on this move")
    if moves:
        return f"the {name} cannot make this move with that suffix"
    target = g.parse(legs[-1][1])
    if board[target] and board[target] & 1 == pos.turn:
        return f"{g.name(target)} holds a piece of the side to move"
    if any(m.origin in mine and m.target == target for m in pos.legal_moves()):
        return f"the {name} reaches {g.name(target)}, but not as written (capture or path differs)"
    from ..movement import RangeJump
    for sq in mine:
        for atom in t.specials[board[sq]]:
            if isinstance(atom, RangeJump) and target in g.ray(sq, pos.turn, atom.vector):
                return (f"the {name} on {g.name(sq)} would have to jump or take a piece its rank forbids "
                        f"under these rules (tenjiku.range-jump.*)")
    from ..mechanisms.tetrarchs import frozen_squares
    if t.any_immobiliser and all(sq in frozen_squares(pos, pos.turn) for sq in mine):
        return f"the {name} is paralysed by an adjacent Heavenly Tetrarchs"
    return f"no {name} of the side to move can reach {g.name(target)}"


def _legs_match(pos: Position, mv: Move, legs: list[tuple[str, str]]) -> bool:
    g = pos.geometry
    board = pos.board
    caught = [s for s in mv.path if board[s]]
    names = [(sep, g.parse(sq)) for sep, sq in legs]
    if len(names) == 1 and names[0][0] == "x!":  # igui
        return mv.target == mv.origin and caught == [names[0][1]]
    if names and names[-1][0] == "x!" and mv.target == mv.origin:
        return caught == [sq for _, sq in names]
    if mv.target == mv.origin and not caught:  # a pass, written out and back
        return (len(names) == 2 and names[1][1] == mv.origin and names[0][0] == "-"
                and names[0][1] in pass_squares(pos, mv.origin))
    *way, (sep, last) = names
    if last != mv.target or (sep == "x") != bool(board[mv.target]):
        return False
    return [sq for s, sq in way if s == "x"] == caught and all(s == "x" or not board[sq] for s, sq in way)


def _check_burns(pos: Position, move: Move, listed: str | None, self_listed: bool, text: str) -> None:
    """Burns written in a record are checked against the engine's, never trusted."""
    if listed is None and not self_listed:
        return
    g = pos.geometry
    burnt, self_burnt = move_effects(pos, move)
    if listed is not None and listed != "":
        if listed.isdigit():
            ok = int(listed) == len(burnt)
        else:
            ok = {g.parse(s) for s in listed.split(",")} == set(burnt)
        if not ok:
            engine = ",".join(g.name(s) for s in burnt) or "nothing"
            raise IllegalMoveError(f"{text!r}: the record burns {listed}, the engine burns {engine}")
    if self_listed != self_burnt:
        raise IllegalMoveError(f"{text!r}: the record says the mover {'burns' if self_listed else 'survives'}, "
                               f"the engine says it {'burns' if self_burnt else 'survives'}")


# --- Japanese ---------------------------------------------------------------------------------------
def write_japanese(pos: Position, move: Move) -> str:
    g = pos.geometry
    mark = "☗" if pos.turn == SENTE else "☖"
    prev = pos.move_stack[-1] if pos.history else None
    where = "同　" if prev is not None and prev.target == move.target else g.kanji(move.target)
    if move.origin is None:
        return f"{mark}{where}{pos.tables.types[move.drop].label}打"
    t = pos.tables.types[pos.board[move.origin] >> 1]
    suffix = ""
    if _suffix(pos, move) in ("+", "="):
        suffix = "成" if move.promotion else "不成"
    f, r = g.file_of(move.origin), g.rank_of(move.origin)
    origin = f"({f}{r})" if g.files <= 9 and g.ranks <= 9 else f"({f},{r})"
    caught = [s for s in move.path if pos.board[s]]
    if move.target == move.origin:
        if caught:  # igui (居喰い): the square of the last capture, the piece stays
            via = "".join(g.kanji(s) + "・" for s in caught[:-1])
            return f"{mark}{via}{g.kanji(caught[-1])}{t.label}居喰い{suffix}{origin}"
        return f"{mark}{g.kanji(move.origin)}{t.label}じっと{origin}"  # the pass
    via = "".join(g.kanji(s) + "経由" for s in caught)
    return f"{mark}{where}{t.label}{suffix}{origin}{via}"


# --- reading any notation ---------------------------------------------------------------------------
def parse_move(pos: Position, text: str, notation: str = "auto") -> Move:
    """Read ``text`` as a legal move of ``pos`` (raises :class:`MoveError` or a subclass)."""
    if not isinstance(text, str) or not text.strip():
        raise MoveError(f"not a move: {text!r}")
    text = text.strip()
    try:
        readers = {"fsf": parse_fsf, "usi": parse_usi, "western": parse_western}
        if notation in readers:
            return readers[notation](pos, text)
        if notation != "auto":
            raise MoveError(f"cannot read notation {notation!r} (known: {', '.join(readers)}, auto)")
        if _WESTERN.match(text) and not _USI.match(text):
            return parse_western(pos, text)
        if _USI.match(text) or "*" in text:
            return parse_usi(pos, text)
        return parse_fsf(pos, text)
    except SquareError as exc:
        raise MoveError(f"{text!r}: {exc}") from None


def _find(pos: Position, text: str, test) -> Move:
    return _one(pos, text, [mv for mv in pos.legal_moves() if test(mv)])


def _one(pos: Position, text: str, candidates: list[Move]) -> Move:
    if not candidates:
        raise IllegalMoveError(f"{text!r} is not a legal move here")
    if len(candidates) > 1:
        raise AmbiguousMoveError(f"{text!r} could be any of {len(candidates)} moves; give the origin square")
    return candidates[0]


__all__ = ["NOTATIONS", "parse_move", "write_move"]
