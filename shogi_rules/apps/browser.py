"""The engine as the book's live boards call it: plain data in, plain data out.

The book's explorer page and live boards run this package in the reader's browser (Pyodide, see
``book/_ext/explorer.py``); their JavaScript calls :func:`call` with a function name and JSON
arguments and gets JSON back. Nothing here decides a rule: every answer comes from
:class:`~shogi_rules.engine.position.Position`. The functions behind ``window.shogiRules``:

>>> legal_moves("shogi", None, {}, "usi")[:3]
['9g9f', '8g8f', '7g7f']
>>> perft("okisaki", None, {"okisaki.setup": "fairy-stockfish"}, 2)
1369
>>> play("shogi", None, {}, ["7g7f", "3c3d"])
'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2'
>>> play("shogi", None, {}, ["7g7f", "7g7f"])
Traceback (most recent call last):
...
shogi_rules.model.errors.IllegalMoveError: move 2 (7g7f): '7g7f' is not a legal move here

A board of the page is a :class:`Line`: a start position and a line of moves, kept beyond the
ply shown so that a record can be stepped through back and forth (the moves played are the
position's own move stack, the moves ahead a stack of their own). A click is answered with what the
view needs and no more (:meth:`Line.view`): the pieces as board codes, the hands, who is to move,
check and the outcome, the number of legal moves, and only what changed of the line and of the
table of pieces. The moves of a piece, with what each one does, are asked for when the piece is
selected (:meth:`Line.selection`), and a move comes back by its Fairy-Stockfish name, with the
version of the board it was chosen on, so that a click meant for an earlier board is refused, not
played on a later one. The legal moves of a position are generated once and kept by the position
(:meth:`~shogi_rules.engine.position.Position.legal_moves`): the outcome, the count and every selection
use them.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Callable, Mapping

from ..model.errors import IllegalMoveError, RecordError, ShogiRulesError
from ..model.geometry import COLOR_NAMES, RANK_LETTERS, SENTE
from ..model.moves import Move
from ..notation import csa, kif, lishogi
from ..notation.fen import read_position, write_variant_sfen
from ..notation.common import conversion
from ..notation.moves import NOTATIONS
from ..notation.western import move_effects
from ..engine.position import Position
from ..notation.records import read_record
from ..compiled.variant import RuleSet

__all__ = ["Line", "call", "legal_moves", "line_notations", "perft", "play"]


def _position(variant: str, fen: str | None, rules: Mapping[str, str] | None) -> Position:
    if not isinstance(variant, str):
        raise TypeError("variant must be a variant id such as 'tenjiku'")
    rule_set = RuleSet.of(variant, dict(rules or {}))
    return read_position(rule_set, fen) if fen else Position(rule_set)


def sfen_name(pos: Position) -> str | None:
    """The name of the SFEN the position's variant has besides the project's FEN (lishogi's for Chu
    shogi, USI's for standard shogi), ``None`` where it has none."""
    if lishogi.describes(pos.variant):
        return "lishogi's SFEN"
    return "USI's SFEN" if pos.variant.usi else None


def legal_moves(variant: str, fen: str | None, rules: Mapping[str, str] | None, notation: str = "fsf") -> list[str]:
    """Every legal move of the position (``fen`` ``None``: the start), named in ``notation``."""
    if notation not in NOTATIONS:
        raise ShogiRulesError(f"unknown notation {notation!r} (known: {', '.join(NOTATIONS)})")
    pos = _position(variant, fen, rules)
    return [pos.move_name(m, notation) for m in pos.legal_moves()]


def perft(variant: str, fen: str | None, rules: Mapping[str, str] | None, depth: int) -> int:
    """The number of move sequences of ``depth`` plies from the position."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise ShogiRulesError("the depth is a whole number ≥ 0")
    return _position(variant, fen, rules).perft(depth)


def play(variant: str, fen: str | None, rules: Mapping[str, str] | None, moves: list[str]) -> str:
    """The FEN after ``moves`` (any notation the engine reads); the error names the first illegal move."""
    pos = _position(variant, fen, rules)
    for ply, text in enumerate(moves, 1):
        try:
            pos.push_move(text)
        except ShogiRulesError as exc:
            raise IllegalMoveError(f"move {ply} ({text}): {exc}") from None
    return pos.fen()


def _between(pos: Position, a: int, b: int) -> list[int]:
    """The squares strictly between ``a`` and ``b`` when they share a line, else none."""
    g = pos.geometry
    dc, dr = g.column(b) - g.column(a), g.row(b) - g.row(a)
    n = max(abs(dc), abs(dr))
    if n < 2 or (dc and dr and abs(dc) != abs(dr)):
        return []
    sc, sr = dc // n, dr // n
    squares = (g.at(g.column(a) + sc * i, g.row(a) + sr * i) for i in range(1, n))
    return [s for s in squares if s is not None]


def describe_move(pos: Position, move: Move) -> dict[str, Any]:
    """What ``move`` does, for drawing it: squares in Fairy-Stockfish coordinates."""
    g, board = pos.geometry, pos.board
    name = g.fsf_name
    out: dict[str, Any] = {"to": name(move.target), "promotion": move.promotion, "keep": move.keep}
    into = conversion(pos, move)  # Maka Dai Dai: the piece a capture turns the mover into
    out["becomes"] = pos.tables.type_for_row(into).kind.english if into else None
    if move.origin is None:
        out.update({"from": None, "drop": pos.tables.types[move.drop or 0].code})
        return out
    stops = [move.origin, *move.path, move.target]
    legs = list(zip(stops, stops[1:]))
    captured = [s for s in move.path if board[s] and s != move.origin]
    if move.target != move.origin and board[move.target]:
        captured.append(move.target)
    jumped = sorted({s for a, b in legs for s in _between(pos, a, b) if board[s]})
    burnt, self_burnt = move_effects(pos, move)
    out.update({
        "from": name(move.origin), "path": [name(s) for s in move.path],
        "captures": [name(s) for s in captured], "jumps": [name(s) for s in jumped],
        "burns": [name(s) for s in burnt], "burnsItself": self_burnt,
        # igui: takes on an adjacent square and stays; a pass: goes out and back without taking
        "igui": move.target == move.origin and bool(captured),
        "pass": move.target == move.origin and not captured,
    })
    return out




def _compact(description: dict[str, Any]) -> dict[str, Any]:
    """``description`` without its empty fields (the view reads a missing field as empty)."""
    return {k: v for k, v in description.items() if k == "to" or v}


def _piece_info(pos: Position, type_id: int) -> list[Any]:
    """A piece type as the view names it: ``[code, label, English name, kanji, promoted]``."""
    ptype = pos.tables.types[type_id]
    assert ptype is not None
    kind = ptype.kind
    return [ptype.code, kind.label, kind.english, kind.kanji, ptype.promoted]


def square_labels(pos: Position) -> dict[str, list[list[str]]]:
    """The parts of the square names, by column (from sente's left) and by row (from the top).

    A square's Fairy-Stockfish coordinate is its column's letter and its row's number
    (:meth:`~shogi_rules.model.geometry.Geometry.fsf_name`), its Western name its column's file number and
    its row's letter (:meth:`~shogi_rules.model.geometry.Geometry.name`): the view puts them together, so
    that a board of any size sends its names in a few hundred bytes."""
    g = pos.geometry
    return {"columns": [[RANK_LETTERS[c], str(g.files - c)] for c in range(g.files)],
            "rows": [[str(g.ranks - r), RANK_LETTERS[r]] for r in range(g.ranks)]}


def line_notations(pos: Position) -> list[str]:
    """The notations a line of ``pos``'s variant is written in: every one that describes the variant (KIF and
    CSA describe only some games)."""
    limited: dict[str, Callable[[Position], bool]] = {"kif": kif.describes, "csa": csa.describes}
    return [n for n in NOTATIONS if n not in limited or limited[n](pos)]


class Line:
    """One board of a page: a start position, a line of moves and the ply shown."""

    def __init__(self, variant: str, rules: Mapping[str, str] | None = None, fen: str | None = None):
        self.position = _position(variant, fen, rules)
        self.start = self.position.fen()
        self.ahead: list[Move] = []
        """The moves of the line beyond the ply shown, the next one last (the moves played are the
        position's move stack)."""
        self.notations = line_notations(self.position)
        self.names: list[dict[str, str]] = []
        """Every move of the line in every notation of :attr:`notations`."""
        self.version = 0
        """Counts the changes of the position shown: a move or a selection names the version it was made on."""
        self.described: set[int] = set()
        """The piece types whose names the view has been sent."""
        self._outcome: tuple[int, str | None] | None = None

    @property
    def ply(self) -> int:
        return len(self.position.history)

    @property
    def moves(self) -> list[Move]:
        """The whole line: the moves played to the ply shown, then the moves ahead."""
        return self.position.move_stack + self.ahead[::-1]

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line."""
        ply = max(0, min(ply, len(self.names)))
        while self.ply > ply:
            self.ahead.append(self.position.pop())
            self.version += 1
        while self.ply < ply:
            self.position.push(self.ahead.pop())
            self.version += 1

    def push(self, move: Move) -> bool:
        """Play ``move`` (legal here) at the ply shown; a different move than the line's next cuts the
        rest of the line. Whether the line changed."""
        pos = self.position
        if move not in pos.legal_moves():
            raise IllegalMoveError(f"{pos.move_name(move, 'fsf')} is not a legal move here")
        changed = not (self.ahead and self.ahead[-1] == move)
        if changed:
            self.ahead = [move]
            del self.names[self.ply:]
            self.names.append({n: pos.move_name(move, n) for n in self.notations})
        pos.push(self.ahead.pop())
        self.version += 1
        return changed

    def extend(self, texts: list[str]) -> dict[str, Any]:
        """Play ``texts`` (a record, any notation) from the ply shown; stops at the first illegal one."""
        for ply, text in enumerate(texts, self.ply + 1):
            try:
                move = self.position.parse_move(text)
            except ShogiRulesError as exc:
                return {"played": ply - 1, "error": f"move {ply} ({text}): {exc}"}
            self.push(move)
        return {"played": self.ply, "error": None}

    def outcome(self) -> str | None:
        """The result if the game is over at the ply shown (worked out once per version)."""
        if self._outcome is None or self._outcome[0] != self.version:
            found = self.position.outcome()
            self._outcome = (self.version, str(found) if found else None)
        return self._outcome[1]

    def view(self, line_from: int | None = None, full: bool = False) -> dict[str, Any]:
        """What a board draws after a click: the pieces (board codes ``2 × type + colour``, top rank
        first, sente's left first; ``0`` empty), the hands (``[type, count]``), the names of the piece
        types not sent before, who is to move, check, the outcome, the number of legal moves, and the
        moves of the line from ``line_from`` on (``None``: the line did not change). ``full`` adds what
        does not change while the board shows one variant under one rule set."""
        pos = self.position
        outcome = self.outcome()
        if full:
            self.described = set()  # the page starts this board afresh
        present = {code >> 1 for code in pos.board if code} | {t for hand in pos.hands for t, n in enumerate(hand) if n}
        new = sorted(present - self.described)
        self.described |= present
        out: dict[str, Any] = {
            "version": self.version, "fen": pos.fen(), "turn": COLOR_NAMES[pos.turn], "sente": pos.turn == SENTE,
            "check": pos.is_check(), "outcome": outcome, "legal": 0 if outcome else len(pos.legal_moves()),
            "board": pos.board[:], "hands": [[[t, n] for t, n in enumerate(hand) if n] for hand in pos.hands],
            "pieces": {str(t): _piece_info(pos, t) for t in new},
            "ply": self.ply, "length": len(self.names),
        }
        name = sfen_name(pos)
        if name:
            out["sfen"] = {"name": name, "text": write_variant_sfen(pos)}
        if line_from is not None:
            out["line"] = {"from": line_from, "names": self.names[line_from:]}
        if full:
            g = pos.geometry
            out.update({"variant": pos.variant.id, "files": g.files, "ranks": g.ranks, "start": self.start,
                        "rules": pos.rules.non_default(), "drops": pos.variant.drops, **square_labels(pos)})
        return out

    def selection(self, square: str | None = None, drop: str | None = None) -> dict[str, Any]:
        """The moves of the piece on ``square`` (a Fairy-Stockfish coordinate), or of dropping the piece
        ``drop`` (its code), each with its name and what it does (:func:`describe_move`)."""
        pos = self.position
        if (square is None) == (drop is None):
            raise ShogiRulesError("select a square or a piece to drop")
        origin = pos.geometry.parse_fsf(square) if square is not None else None
        legal = [] if self.outcome() else pos.legal_moves()
        if origin is not None:
            chosen = [m for m in legal if m.origin == origin]
        else:
            chosen = [m for m in legal if m.origin is None and pos.tables.types[m.drop or 0].code == drop]
        return {"version": self.version, "from": square, "drop": drop,
                "moves": [{"name": pos.move_name(m, "fsf"), **_compact(describe_move(pos, m))} for m in chosen]}


MAX_LINES = 32
"""The boards kept per page; the board used longest ago goes first (the page opens it again)."""

_LINES: OrderedDict[str, Line] = OrderedDict()


def _keep(board: str, line: Line) -> Line:
    _LINES[board] = line
    _LINES.move_to_end(board)
    while len(_LINES) > MAX_LINES:
        _LINES.popitem(last=False)
    return line


def _line(board: str, version: int | None = None) -> Line:
    """The board's line; ``version``: the version the request was made on, refused if it has changed since."""
    if board not in _LINES:
        raise ShogiRulesError(f"no board {board!r}")
    line = _keep(board, _LINES[board])
    if version is not None and version != line.version:
        raise ShogiRulesError(f"board {board!r} has changed since (version {version}, now {line.version})")
    return line


def _open(board: str, variant: str, rules: Mapping[str, str] | None = None, fen: str | None = None,
          moves: list[str] | None = None, ply: int | None = None) -> dict[str, Any]:
    line = Line(variant, rules, fen)
    result = line.extend(list(moves or []))
    if ply is not None:
        line.goto(ply)
    _keep(board, line)
    return {**line.view(0, full=True), "error": result["error"]}


def _play(board: str, move: str, version: int) -> dict[str, Any]:
    line = _line(board, version)
    changed = line.push(line.position.parse_move(move, "fsf"))
    return line.view(line.ply - 1 if changed else None)


def _goto(board: str, ply: int) -> dict[str, Any]:
    line = _line(board)
    line.goto(ply)
    return line.view()


def _select(board: str, version: int, square: str | None, drop: str | None) -> dict[str, Any]:
    return _line(board, version).selection(square, drop)


def _record(board: str, text: str) -> dict[str, Any]:
    line = _line(board)
    line.goto(0)
    line.ahead.clear()
    del line.names[:]
    result = line.extend(read_record(text))
    line.goto(0)
    return {**line.view(0, full=True), "error": result["error"], "plies": len(line.names)}


_API: dict[str, Callable[[dict[str, Any]], Any]] = {
    "legalMoves": lambda a: legal_moves(a["variant"], a.get("fen"), a.get("rules"), a.get("notation") or "fsf"),
    "perft": lambda a: perft(a["variant"], a.get("fen"), a.get("rules"), a["depth"]),
    "play": lambda a: play(a["variant"], a.get("fen"), a.get("rules"), list(a.get("moves") or [])),
    "open": lambda a: _open(a["board"], a["variant"], a.get("rules"), a.get("fen"), a.get("moves"), a.get("ply")),
    "move": lambda a: _play(a["board"], a["move"], a["version"]),
    "goto": lambda a: _goto(a["board"], a["ply"]),
    "select": lambda a: _select(a["board"], a["version"], a.get("square"), a.get("drop")),
    "record": lambda a: _record(a["board"], a["text"]),
    "warm": lambda a: len(_position(a["variant"], None, a.get("rules")).legal_moves()),
}


def call(name: str, arguments: str) -> str:
    """Run API function ``name`` on JSON ``arguments``; JSON ``{"ok": result}`` or ``{"error": message}``.

    >>> call("perft", '{"variant": "shogi", "depth": 1}')
    '{"ok":30}'
    >>> call("play", '{"variant": "shogi", "moves": ["P-7f", "P-7f"]}')  # doctest: +ELLIPSIS
    '{"error": "move 2 (P-7f): ..."}'
    """
    try:
        if name not in _API:
            raise ShogiRulesError(f"unknown function {name!r}")
        return json.dumps({"ok": _API[name](json.loads(arguments))}, ensure_ascii=False, separators=(",", ":"))
    except (ShogiRulesError, RecordError, TypeError, KeyError, IndexError) as exc:
        message = f"missing argument {exc}" if isinstance(exc, KeyError) else str(exc)
        return json.dumps({"error": message}, ensure_ascii=False)
