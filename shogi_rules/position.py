"""The position: board, hands, side to move and history, with make and unmake.

>>> pos = Position("shogi")
>>> len(pos.legal_moves())
30
>>> pos.push_move("P-7f")
>>> pos.fen()
'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 1 1'
>>> pos.pop().target == pos.geometry.parse("7f")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, NamedTuple

from . import movegen, outcome as game_end
from .codes import color_of, opponent, piece_code, type_of
from .errors import FenError, IllegalMoveError, MoveError, ShogiRulesError, SquareError, expect_type
from .geometry import COLOR_NAMES, GOTE, SENTE, Geometry
from .mechanisms import lion_trading
from .mechanisms.conversion import conversion_into, royal_form
from .mechanisms.fire_demon import burns_after_move, delayed_burns
from .moves import Move
from .notation import fen as fen_notation
from .notation import moves as move_notation
from .notation.diagram import text_diagram
from .tables import PieceType
from .variant import RuleSet
from .variant_data import Variant

if TYPE_CHECKING:
    from .outcome import Outcome


class Undo(NamedTuple):
    """What :meth:`Position.pop` needs to take a move back (one entry of :attr:`Position.history`)."""

    move: Move
    changes: tuple[tuple[int, int], ...] | list[tuple[int, int]]
    """``(square, code before the move)`` for every square the move changed, in order: the origin,
    the squares of the path, the target, then the squares burnt (a drop: the target only)."""
    hand_changes: tuple[tuple[int, int, int], ...] | None
    """``(color, type id, change)`` for every piece that went into or out of a hand."""
    hash: int
    halfmove_clock: int
    move_number: int
    kings: list[int] | None
    """The royal squares before the move, where the move changed them."""
    lion_capture: int | None = None
    """:attr:`Position.lion_capture` before the move (Chu shogi's counter-strike square)."""


class MoveEffects(NamedTuple):
    """What a move did, as notation and diagrams write and draw it (:meth:`Position.last_move_effects`)."""

    move: Move
    mover: int
    """The piece code that moved (or was dropped)."""
    arrived: int
    """The piece code that arrived on the target: the mover, promoted or converted."""
    path: tuple[tuple[int, int], ...]
    """``(square, code before)`` for each square of the move's path (0: the piece only passed)."""
    target_before: int
    """What stood on the target before (0: empty; for igui and passes the target is the origin)."""
    burnt: tuple[tuple[int, int], ...]
    """``(square, code)`` of the pieces burnt after the move, the mover's own square where it burnt."""
    promoted: bool
    """The piece promoted on this move."""
    converted: bool
    """The piece became another by capturing a piece that converts its capturer (Maka Dai Dai)."""

    @property
    def captured(self) -> tuple[tuple[int, int], ...]:
        """``(square, code)`` of the pieces the move itself captured (on its path, then its target)."""
        out = tuple((sq, code) for sq, code in self.path if code)
        if self.target_before and self.move.target != self.move.origin:
            out += ((self.move.target, self.target_before),)
        return out

    @property
    def mover_burnt(self) -> bool:
        """Whether the moving piece was burnt at the end of its move."""
        return any(sq == self.move.target for sq, _ in self.burnt)


class Position:
    """A position of one rule set (a variant with its rule choices).

    ``Position("okisaki")`` is the start position; ``Position("shogi", fen=...)`` reads a FEN (see
    :mod:`shogi_rules.notation.fen`); ``rules={"wa.drops": "modern"}`` picks rule options;
    ``preset="tsa"`` takes a whole rule set by source (the variant's ``presets``), ``rules`` on top.

    Arguments of the wrong type raise :class:`TypeError`; bad values (an unknown variant, a malformed
    FEN, a square off the board) raise a :class:`~shogi_rules.ShogiRulesError`:

    >>> Position(None)
    Traceback (most recent call last):
    TypeError: a variant must be str, Variant or RuleSet, not NoneType
    >>> Position("shogi").piece_at(-1)
    Traceback (most recent call last):
    shogi_rules.errors.SquareError: no square -1 on the 9×9 board (squares are 0 to 80)
    """

    MAX_PERFT_DEPTH = movegen.MAX_PERFT_DEPTH
    """The deepest perft the library counts (deeper is refused: no game here could be counted that far)."""

    def __init__(self, variant: str | Variant | RuleSet = "shogi", fen: str | None = None,
                 rules: Mapping[str, str] | None = None, preset: str | None = None):
        self.rules = RuleSet.of(variant, rules, preset)
        if fen is not None:
            expect_type(fen, str, "a FEN")
        self.tables = self.rules.tables
        self.variant: Variant = self.rules.variant
        self.geometry: Geometry = self.tables.geometry
        self.lion_rules = lion_trading.active(self.rules.base)
        if fen is None:
            fen = self.variant.setup + ("[]" if self.variant.drops else "") + " w - - 0 1"
        from .notation import lishogi
        if lishogi.is_sfen(self.variant, fen):
            board, turn, ply, lion = lishogi.parse_sfen(self.tables, fen)
            self._set(board, [[0] * len(self.tables.types) for _ in (SENTE, GOTE)], turn, 0, ply // 2 + 1, lion)
            self.ply = ply
        else:
            board, hands, turn, clock, number = fen_notation.parse_fen(self.tables, fen)
            self._set(board, hands, turn, clock, number, fen_notation.parse_en_passant(self.tables, fen))

    @classmethod
    def from_pieces(cls, variant: str | Variant | RuleSet, pieces: Mapping[str, str], turn: int = SENTE,
                    hands: str = "", rules: Mapping[str, str] | None = None, preset: str | None = None) -> Position:
        """A position built from ``{square: FEN code}`` (upper case: sente, lower case: gote; ``+``
        for a promoted piece), e.g. ``Position.from_pieces("shogi", {"5i": "K", "5a": "k", "5c": "+P"})``;
        ``hands`` is the FEN hand (``"Pp"``)."""
        rs = RuleSet.of(variant, rules, preset)
        expect_type(pieces, Mapping, "the pieces")
        expect_type(hands, str, "the hands")
        v = rs.variant
        fen = fen_notation.fen_from_pieces(v.files, v.ranks, pieces, hands if v.drops else None,
                                           "w" if _color(turn, "turn") == SENTE else "b")
        return cls(rs, fen=fen)

    def dead_squares(self, code: str, color: int = SENTE) -> list[str]:
        """The squares where the piece ``code`` of ``color`` could never move again (it must promote
        there under the shogi zone rule, and may not be dropped there)."""
        expect_type(code, str, "a piece code")
        tid = self.tables.type_by_code(code)
        return [self.geometry.name(s) for s in sorted(self.tables.dead[2 * tid + _color(color)])]

    @classmethod
    def from_sfen(cls, sfen: str, rules: Mapping[str, str] | None = None) -> Position:
        """Read a USI SFEN (standard shogi)."""
        expect_type(sfen, str, "an SFEN")
        pos = cls("shogi", rules=rules)
        board, hands, turn, ply = fen_notation.parse_sfen(pos.tables, sfen)
        pos._set(board, hands, turn, 0, ply // 2 + 1)
        pos.ply = ply
        return pos

    def _set(self, board: list[int], hands: list[list[int]], turn: int, clock: int, number: int,
             lion_capture: int | None = None) -> None:
        t = self.tables
        self.board = board
        self.hands = hands
        self.turn = turn
        self.halfmove_clock = clock
        self.move_number = number
        self.ply = 2 * (number - 1) + turn
        self.history: list[Undo] = []
        royals: list[list[int]] = [[], []]
        for sq, code in enumerate(board):
            if code and t.royal[code]:
                royals[color_of(code)].append(sq)
        if self.variant.check_rules:
            for color in (SENTE, GOTE):
                if len(royals[color]) != 1:
                    raise FenError(f"{COLOR_NAMES[color]} needs exactly one king, the position has {len(royals[color])}")
            them = opponent(turn)
            if movegen.attacked(self, royals[them][0], turn):
                raise FenError(f"{COLOR_NAMES[them]}'s king is in check with {COLOR_NAMES[turn]} to move")
        self.kings = [r[0] if len(r) == 1 else -1 for r in royals]
        if self.variant.drops:
            self._check_piece_supply()
        for sq, code in enumerate(board):
            if code and sq in t.dead[code] and t.variant.promotion in ("zone", "zone-adams", "zone-entry-2000"):
                raise FenError(f"the piece on {self.geometry.name(sq)} could never move again there")
        self.lion_capture: int | None = None
        """Chu shogi: the square where a Lion was taken on the last move by a piece that is not a Lion
        (see :mod:`shogi_rules.mechanisms.lion_trading`), else ``None``."""
        if lion_capture is not None:
            if not lion_trading.active(self.rules.base):
                raise FenError(f"{self.variant.id} has no Lion-trading rules: a lion-capture square means nothing")
            self.lion_capture = lion_capture
        self.hash = self._compute_hash()
        self.hash_history: list[int] = [self.hash]

    def _check_piece_supply(self) -> None:
        """With drops, no base piece may occur (on the board or in hand) more often than the two
        sets of the setup hold: nineteen pawns is not a shogi position."""
        t = self.tables
        supply = t.supply
        count = [0] * len(t.types)
        for code in self.board:
            if code:
                count[t.demotes[code]] += 1
        for color in (SENTE, GOTE):
            for tid, n in enumerate(self.hands[color]):
                count[tid] += n
        for tid, n in enumerate(count):
            if n > supply.get(tid, 0):
                raise FenError(f"{n} × {t.types[tid].code} on the board and in hand; the sets hold "
                               f"{supply.get(tid, 0)}")

    def _compute_hash(self) -> int:
        t = self.tables
        h = 0
        for sq, code in enumerate(self.board):
            if code:
                h ^= t.z_board[code][sq]
        for color in (SENTE, GOTE):
            for tid, n in enumerate(self.hands[color]):
                if n:
                    h ^= t.z_hand[color][tid][n]
        if self.turn == GOTE:
            h ^= t.z_side
        return h

    def copy(self) -> Position:
        """An independent copy of the position (history included)."""
        new = object.__new__(Position)
        new.__dict__.update(self.__dict__)
        new.board = self.board[:]
        new.hands = [h[:] for h in self.hands]
        new.kings = self.kings[:]
        new.history = self.history[:]
        new.hash_history = self.hash_history[:]
        return new

    # --- make and unmake ------------------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Make ``move`` (assumed legal: see :meth:`push_legal`)."""
        t = self.tables
        board = self.board
        us = self.turn
        zb = t.z_board
        h = self.hash
        undo_kings: list[int] | None = None
        hand_change: tuple[tuple[int, int, int], ...] | None = None
        origin, target, promotion, drop, path = move[:5]
        lion_capture = self.lion_capture
        if self.lion_rules:
            self.lion_capture = lion_trading.capture_square(self, move)
        if origin is None:
            assert drop is not None
            code = 2 * drop + us
            hand = self.hands[us]
            n = hand[drop]
            zh = t.z_hand[us][drop]
            h ^= zh[n] ^ zh[n - 1]
            hand[drop] = n - 1
            board[target] = code
            h ^= zb[code][target]
            changes: tuple[tuple[int, int], ...] | list[tuple[int, int]] = ((target, 0),)
            hand_change = ((us, drop, -1),)
            clock = 0
        else:
            code = board[origin]
            board[origin] = 0
            h ^= zb[code][origin]
            captured = []
            changes = [(origin, code)]
            for sq in path:
                victim = board[sq]
                changes.append((sq, victim))
                if victim:
                    board[sq] = 0
                    h ^= zb[victim][sq]
                    captured.append(victim)
            victim = board[target]
            changes.append((target, victim))
            if victim:
                h ^= zb[victim][target]
                captured.append(victim)
            new = t.promotes[code] if promotion else code
            if t.any_converter and captured and not move[5] and self.variant.switches.conversion.active:
                conversion = self.variant.switches.conversion
                into = conversion_into(t, conversion.order, captured, move[6])
                if into:
                    if t.royal[code] and conversion.royal_forms:  # the converted royal stays royal
                        into = royal_form(t, conversion.royal_forms, into)
                    new = 2 * into + us
            board[target] = new
            h ^= zb[new][target]
            if t.any_burner:
                burnt = burns_after_move(self, target, code, bool(captured))
                last = self.history[-1].move if self.history else None
                burnt += [s for s in delayed_burns(self, us, last) if s not in burnt and board[s]]
                for sq in burnt:
                    victim = board[sq]
                    changes.append((sq, victim))
                    board[sq] = 0
                    h ^= zb[victim][sq]
                    captured.append(victim)
            if captured:
                clock = 0
                if self.variant.drops:
                    hand = self.hands[us]
                    for victim in captured:
                        tid = t.demotes[victim]
                        n = hand[tid]
                        zh = t.z_hand[us][tid]
                        h ^= zh[n] ^ zh[n + 1]
                        hand[tid] = n + 1
                    hand_change = tuple((us, t.demotes[v], 1) for v in captured)
                if any(t.royal[v] for v in captured):
                    undo_kings = self.kings[:]
                    self.kings = [k if k >= 0 and board[k] and t.royal[board[k]] and board[k] & 1 == color else -1
                                  for color, k in enumerate(self.kings)]
            else:
                clock = 0 if promotion else self.halfmove_clock + 1
            if t.royal[code] and self.kings[us] == origin:
                undo_kings = undo_kings or self.kings[:]
                self.kings[us] = target if t.royal[board[target]] else -1
        h ^= t.z_side
        self.history.append(Undo(move, changes, hand_change, self.hash, self.halfmove_clock, self.move_number, undo_kings,
                                 lion_capture))
        self.hash = h
        self.halfmove_clock = clock
        if us == GOTE:
            self.move_number += 1
        self.turn = us ^ 1
        self.ply += 1
        self.hash_history.append(h)

    def pop(self) -> Move:
        """Unmake the last move and return it."""
        if not self.history:
            raise MoveError("no move to take back")
        move, changes, hand_change, h, clock, number, kings, self.lion_capture = self.history.pop()
        board = self.board
        for sq, old in reversed(changes):
            board[sq] = old
        if hand_change:
            for color, tid, delta in hand_change:
                self.hands[color][tid] -= delta
        if kings is not None:
            self.kings = kings
        self.hash = h
        self.halfmove_clock = clock
        self.move_number = number
        self.turn ^= 1
        self.ply -= 1
        self.hash_history.pop()
        return move

    @property
    def move_stack(self) -> list[Move]:
        """The moves made, in order."""
        return [entry.move for entry in self.history]

    def last_move_effects(self) -> MoveEffects | None:
        """What the last move did (captures, burns, promotion, conversion), or ``None`` before any move.

        >>> pos = Position("shogi")
        >>> pos.push_all(["P-7f", "P-3d", "Bx2b+"])
        >>> effects = pos.last_move_effects()
        >>> [pos.geometry.name(sq) for sq, _ in effects.captured], effects.promoted
        (['2b'], True)
        """
        if not self.history:
            return None
        undo = self.history[-1]
        move, changes = undo.move, undo.changes
        t = self.tables
        if move.origin is None:
            code = piece_code(move.drop or 0, opponent(self.turn))
            return MoveEffects(move, code, code, (), 0, (), False, False)
        mover = changes[0][1]
        n = len(move.path)
        path = tuple(changes[1:1 + n])
        target_before = changes[1 + n][1]
        burnt = tuple((sq, old) for sq, old in changes[2 + n:])
        arrived = next((code for sq, code in burnt if sq == move.target), self.board[move.target])
        promoted = bool(move.promotion) and arrived == t.promotes[mover]
        converted = arrived not in (mover, t.promotes[mover])
        return MoveEffects(move, mover, arrived, path, target_before, burnt, promoted, converted)

    # --- moves ------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, promotion and non-promotion counted separately (kept until the
        position changes, so notation that asks repeatedly costs one generation)."""
        key = (len(self.history), self.hash, self.turn, tuple(self.board), tuple(map(tuple, self.hands)),
               self.lion_capture)
        cached = self.__dict__.get("_legal")
        if cached is None or cached[0] != key:
            cached = self._legal = (key, movegen.legal_moves(self))
        return list(cached[1])

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def push_legal(self, move: Move) -> None:
        """Make ``move`` after checking that it is legal (raises :class:`IllegalMoveError`)."""
        expect_type(move, Move, "a move")
        if move not in self.legal_moves():
            try:
                name = move_notation.write_move(self, move, "usi")
            except (IndexError, TypeError, AttributeError):
                name = repr(move)
            raise IllegalMoveError(f"{name} is not a legal move here")
        self.push(move)

    def parse_move(self, text: str, notation: str = "auto") -> Move:
        """Read a move in Fairy-Stockfish coordinates (``'c3c4'``, ``'P@e5'``) or Western notation (``'P-7f'``)."""
        expect_type(text, str, "a move")
        expect_type(notation, str, "a notation")
        return move_notation.parse_move(self, text, notation)

    def push_move(self, text: str, notation: str = "auto") -> None:
        self.push(self.parse_move(text, notation))

    def move_name(self, move: Move, notation: str = "western") -> str:
        """``move`` written in ``notation`` (see :data:`shogi_rules.notation.moves.NOTATIONS`)."""
        expect_type(move, Move, "a move")
        expect_type(notation, str, "a notation")
        self._check_move_squares(move)
        return move_notation.write_move(self, move, notation)

    def _check_move_squares(self, move: Move) -> None:
        """Refuse a move whose squares or dropped piece do not exist here (a negative index would wrap)."""
        for sq in (move.target, *move.path) if move.origin is None else (move.origin, move.target, *move.path):
            self._square(sq)
        if move.origin is None:
            hand_types = self.tables.hand_types()
            if not isinstance(move.drop, int) or move.drop not in hand_types:
                raise MoveError(f"{move!r} drops no piece that {self.variant.id} has in hand")

    def _square(self, square: int) -> int:
        """``square`` itself when it is a square of the board (an index), else an error."""
        expect_type(square, int, "a square")
        if not 0 <= square < self.geometry.size:
            g = self.geometry
            raise SquareError(f"no square {square} on the {g.files}×{g.ranks} board (squares are 0 to {g.size - 1})")
        return square

    def is_check(self) -> bool:
        """Whether the side to move has its king attacked (in the capture variants: whether the
        opponent could take one of its royal pieces, were it to move)."""
        if not self.variant.check_rules:
            return game_end.royal_threatened(self, self.turn)
        k = self.kings[self.turn]
        return k >= 0 and movegen.attacked(self, k, opponent(self.turn))

    def is_attacked(self, square: int, by: int) -> bool:
        """Whether a piece of colour ``by`` attacks ``square`` (whatever stands on it)."""
        return movegen.attacked(self, self._square(square), _color(by, "by"))

    def perft(self, depth: int) -> int:
        """The number of legal move sequences of ``depth`` plies (0 to :attr:`MAX_PERFT_DEPTH`)."""
        return movegen.perft(self, depth)

    def outcome(self) -> Outcome | None:
        """The result if the game is over (see :mod:`shogi_rules.outcome`), else ``None``."""
        return game_end.outcome(self)

    # --- notation and display --------------------------------------------------------------------
    def fen(self) -> str:
        return fen_notation.write_fen(self)

    def sfen(self) -> str:
        return fen_notation.write_sfen(self)

    def piece_at(self, square: int) -> tuple[PieceType, int] | None:
        """The :class:`~shogi_rules.tables.PieceType` and colour on ``square``, or ``None``."""
        code = self.board[self._square(square)]
        return (self.tables.types[type_of(code)], color_of(code)) if code else None

    def pieces_in_hand(self, color: int) -> dict[str, int]:
        return {self.tables.types[tid].code: n for tid, n in enumerate(self.hands[_color(color)]) if n}

    def text_diagram(self) -> str:
        return text_diagram(self)

    def __str__(self) -> str:
        return self.text_diagram()

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        """Draw the position in a notebook (see :mod:`shogi_rules.diagrams`): the PNG, and its width on the page."""
        from .diagrams.board import position_png_shown
        return position_png_shown(self)

    def _repr_svg_(self) -> str:
        from .diagrams.board import position_svg
        return position_svg(self)

    def __repr__(self) -> str:
        return f"Position({self.rules!r}, fen={self.fen()!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and other.rules == self.rules and other.board == self.board
                and other.hands == self.hands and other.turn == self.turn)

    def __hash__(self) -> int:
        return self.hash

    def push_all(self, moves: Iterable[str | Move]) -> None:
        """Make each move (a :class:`Move` or a move in any notation that :meth:`parse_move` reads)."""
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise TypeError(f"the moves must be a list of moves, not {type(moves).__name__}")
        for m in moves:
            if isinstance(m, Move):
                self.push_legal(m)
            else:
                self.push_move(m)


def _color(color: int, what: str = "color") -> int:
    """``color`` when it is SENTE (0) or GOTE (1), else an error."""
    expect_type(color, int, f"{what} (a colour)")
    if color not in (SENTE, GOTE):
        raise ShogiRulesError(f"{what} is SENTE (0) or GOTE (1), not {color}")
    return color
