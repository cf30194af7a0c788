"""The engine as the book's live boards call it: plain data in, plain data out.

The book's explorer page and live boards run this package in the reader's browser (Pyodide, see
``book/_ext/explorer.py``); their JavaScript calls :func:`call` with a function name and JSON
arguments and gets JSON back. Nothing here decides a rule: every answer comes from
:class:`~shogi_rules.position.Position`. The functions behind ``window.shogiRules``:

>>> legal_moves("shogi", None, {}, "usi")[:3]
['9g9f', '8g8f', '7g7f']
>>> perft("okisaki", None, {"okisaki.setup": "fairy-stockfish"}, 2)
1369
>>> play("shogi", None, {}, ["7g7f", "3c3d"])
'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2'
>>> play("shogi", None, {}, ["7g7f", "7g7f"])
Traceback (most recent call last):
...
shogi_rules.errors.IllegalMoveError: move 2 (7g7f): '7g7f' is not a legal move here

A board of the page is a :class:`Line`: a start position, the moves played from it (kept beyond
the current ply, so that a record can be stepped through back and forth) and, for each position
shown, its squares, hands and legal moves with what each one does (captures on the way, igui,
passes, burns, pieces jumped over).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from .errors import IllegalMoveError, RecordError, ShogiRulesError
from .geometry import COLOR_NAMES, SENTE
from .moves import Move
from .notation.common import conversion
from .notation.moves import NOTATIONS
from .notation.western import move_effects
from .position import Position
from .records import read_record
from .variant import RuleSet

__all__ = ["Line", "call", "legal_moves", "perft", "play"]


def _position(variant: str, fen: str | None, rules: Mapping[str, str] | None) -> Position:
    if not isinstance(variant, str):
        raise TypeError("variant must be a variant id such as 'tenjiku'")
    return Position(RuleSet.of(variant, dict(rules or {})), fen=fen or None)


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


def _piece(pos: Position, sq: int) -> dict[str, Any] | None:
    found = pos.piece_at(sq)
    if found is None:
        return None
    ptype, color = found
    kind = ptype.kind
    return {"code": ptype.code, "label": kind.label, "name": kind.english, "kanji": kind.kanji,
            "color": color, "promoted": ptype.promoted}


class Line:
    """One board of a page: a start position, a line of moves and the ply shown."""

    def __init__(self, variant: str, rules: Mapping[str, str] | None = None, fen: str | None = None):
        self.position = _position(variant, fen, rules)
        self.start = self.position.fen()
        self.moves: list[Move] = []
        self.names: list[dict[str, str]] = []

    @property
    def ply(self) -> int:
        return len(self.position.history)

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line."""
        ply = max(0, min(ply, len(self.moves)))
        while self.ply > ply:
            self.position.pop()
        while self.ply < ply:
            self.position.push(self.moves[self.ply])

    def push(self, move: Move) -> None:
        """Play ``move`` (legal here) at the ply shown; a different move cuts the rest of the line."""
        pos = self.position
        if move not in pos.legal_moves():
            raise IllegalMoveError(f"{pos.move_name(move, 'fsf')} is not a legal move here")
        if self.ply < len(self.moves) and self.moves[self.ply] == move:
            self.goto(self.ply + 1)
            return
        del self.moves[self.ply:], self.names[self.ply:]
        self.names.append({n: pos.move_name(move, n) for n in NOTATIONS})
        self.moves.append(move)
        pos.push(move)

    def extend(self, texts: list[str]) -> dict[str, Any]:
        """Play ``texts`` (a record, any notation) from the ply shown; stops at the first illegal one."""
        for ply, text in enumerate(texts, self.ply + 1):
            try:
                move = self.position.parse_move(text)
            except ShogiRulesError as exc:
                return {"played": ply - 1, "error": f"move {ply} ({text}): {exc}"}
            self.push(move)
        return {"played": self.ply, "error": None}

    def state(self) -> dict[str, Any]:
        """Everything a board draws: squares (top rank first, sente's left first), hands, moves."""
        pos, g = self.position, self.position.geometry
        outcome = pos.outcome()
        legal = pos.legal_moves() if outcome is None else []
        return {
            "variant": pos.variant.id, "files": g.files, "ranks": g.ranks, "fen": pos.fen(), "start": self.start,
            "rules": pos.rules.non_default(), "turn": COLOR_NAMES[pos.turn], "sente": pos.turn == SENTE,
            "check": pos.is_check(), "outcome": str(outcome) if outcome else None,
            "squares": [{"square": g.fsf_name(sq), "name": g.name(sq), "piece": _piece(pos, sq)}
                        for sq in range(g.size)],
            "hands": [[{"code": code, "label": pos.variant.piece_by_code[code].label, "count": n}
                       for code, n in pos.pieces_in_hand(color).items()] for color in (0, 1)],
            "drops": pos.variant.drops,
            "legal": [describe_move(pos, m) for m in legal],
            "ply": self.ply, "line": self.names,
            "moves": [n["fsf"] for n in self.names],
        }


_LINES: dict[str, Line] = {}


def _line(board: str) -> Line:
    if board not in _LINES:
        raise ShogiRulesError(f"no board {board!r}")
    return _LINES[board]


def _open(board: str, variant: str, rules: Mapping[str, str] | None = None, fen: str | None = None,
          moves: list[str] | None = None, ply: int | None = None) -> dict[str, Any]:
    line = Line(variant, rules, fen)
    _LINES[board] = line
    result = line.extend(list(moves or []))
    if ply is not None:
        line.goto(ply)
    return {**line.state(), "error": result["error"]}


def _play(board: str, index: int) -> dict[str, Any]:
    line = _line(board)
    line.push(line.position.legal_moves()[index])
    return line.state()


def _goto(board: str, ply: int) -> dict[str, Any]:
    line = _line(board)
    line.goto(ply)
    return line.state()


def _record(board: str, text: str) -> dict[str, Any]:
    line = _line(board)
    line.goto(0)
    del line.moves[:], line.names[:]
    result = line.extend(read_record(text))
    line.goto(0)
    return {**line.state(), "error": result["error"], "plies": len(line.moves)}


_API: dict[str, Callable[[dict[str, Any]], Any]] = {
    "legalMoves": lambda a: legal_moves(a["variant"], a.get("fen"), a.get("rules"), a.get("notation") or "fsf"),
    "perft": lambda a: perft(a["variant"], a.get("fen"), a.get("rules"), a["depth"]),
    "play": lambda a: play(a["variant"], a.get("fen"), a.get("rules"), list(a.get("moves") or [])),
    "open": lambda a: _open(a["board"], a["variant"], a.get("rules"), a.get("fen"), a.get("moves"), a.get("ply")),
    "move": lambda a: _play(a["board"], a["index"]),
    "goto": lambda a: _goto(a["board"], a["ply"]),
    "record": lambda a: _record(a["board"], a["text"]),
    "warm": lambda a: len(_position(a["variant"], None, a.get("rules")).legal_moves()),
}


def call(name: str, arguments: str) -> str:
    """Run API function ``name`` on JSON ``arguments``; JSON ``{"ok": result}`` or ``{"error": message}``.

    >>> call("perft", '{"variant": "shogi", "depth": 1}')
    '{"ok": 30}'
    >>> call("play", '{"variant": "shogi", "moves": ["P-7f", "P-7f"]}')  # doctest: +ELLIPSIS
    '{"error": "move 2 (P-7f): ..."}'
    """
    try:
        if name not in _API:
            raise ShogiRulesError(f"unknown function {name!r}")
        return json.dumps({"ok": _API[name](json.loads(arguments))}, ensure_ascii=False)
    except (ShogiRulesError, RecordError, TypeError, KeyError, IndexError) as exc:
        message = f"missing argument {exc}" if isinstance(exc, KeyError) else str(exc)
        return json.dumps({"error": message}, ensure_ascii=False)
