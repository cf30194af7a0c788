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

from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple, Sequence, TypeVar, cast

from . import movegen, outcome as game_end
from ..model.codes import color_of, opponent, piece_code, pieces_of, type_of
from ..model.errors import FenError, IllegalMoveError, MoveError, ShogiRulesError, SquareError, expect_type, quote
from ..model.fen_tokens import MAX_PLY, Fen, fen_from_pieces, parse_fen, write_fen
from ..model.geometry import COLOR_NAMES, GOTE, RANK_LETTERS, SENTE, Geometry
from ..model.mechanisms import lion_trading
from ..model.mechanisms.conversion import conversion_into, royal_form
from ..model.mechanisms.fire_demon import burns_after_move, delayed_burns
from ..model.mechanisms.promotion import declined_last
from ..model.mechanisms.tetrarchs import arrival_order, clash_squares
from ..model.moves import Move
from ..compiled.tables import PieceType, Tables
from ..compiled.variant import RuleSet
from ..model.variant_data import Variant

if TYPE_CHECKING:
    from .outcome import Outcome


T = TypeVar("T")


LEGAL_CACHE_SIZE = 4
"""How many positions' legal moves a position keeps: the one shown and those a look-ahead visits (a
move pushed and popped again, as the game-end checks do), so that coming back costs no generation."""


class _Legal(NamedTuple):
    """The legal moves of a position as last generated, and what was derived from them."""

    key: tuple[object, ...]
    moves: list[Move]
    legal: frozenset[Move]
    memos: dict[str, object]
    last: object
    """The history's last entry when they were generated, kept alive so that its ``id`` in ``key`` names it."""


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


class MoveCodec(NamedTuple):
    """The notations as the position calls them (:meth:`Position.move_name`, :meth:`Position.parse_move`):
    the notations sit above the position, and :mod:`shogi_rules.notation.moves` installs itself here
    when it is imported (as ``import shogi_rules`` does), so the position knows their interface and
    none of their modules: ``write(position, move, notation id)`` and
    ``parse(position, text, notation id or "auto")``."""

    write: Callable[[Position, Move, str], str]
    parse: Callable[[Position, str, str], Move]


_INSTALLED: list[MoveCodec] = []


def install_notations(codec: MoveCodec) -> None:
    """Make ``codec`` the notations that :meth:`Position.move_name` and :meth:`Position.parse_move` use."""
    _INSTALLED[:] = [codec]


NOTATIONS_MODULE = "shogi_rules.notation.moves"
"""The module that installs the notations (:func:`install_notations`) when it is imported."""


def move_notation() -> MoveCodec:
    """The installed notations (see :func:`install_notations`). The package loads its engine lazily, so
    the first position to name or read a move may come before anything imported the notations: then
    their module is loaded by name, as a plug-in is, and installs itself."""
    if not _INSTALLED:
        import_module(NOTATIONS_MODULE)
    if not _INSTALLED:
        raise ShogiRulesError(f"no move notation is installed: {NOTATIONS_MODULE} installed none")
    return _INSTALLED[0]


class Position:
    """A position of one rule set (a variant with its rule choices).

    ``Position("okisaki")`` is the start position; ``Position("shogi", fen=...)`` reads the project's
    FEN form (:mod:`shogi_rules.model.fen_tokens`; the other position strings, USI's and lishogi's SFEN, are
    read by their notations: :func:`shogi_rules.notation.fen.read_position`);
    ``rules={"wa.drops": "modern"}`` picks rule options;
    ``preset="tsa"`` takes a whole rule set by source (the variant's ``presets``), ``rules`` on top.

    Arguments of the wrong type raise :class:`TypeError`; bad values (an unknown variant, a malformed
    FEN, a square off the board) raise a :class:`~shogi_rules.ShogiRulesError`:

    >>> Position(None)
    Traceback (most recent call last):
    TypeError: a variant must be str, Variant or RuleSet, not NoneType
    >>> Position("shogi").piece_at(-1)
    Traceback (most recent call last):
    shogi_rules.model.errors.SquareError: no square -1 on the 9×9 board (squares are 0 to 80)
    """

    declined_before: tuple[int, ...]
    """Under ``zone-with-delay``: the squares of the pieces that a FEN says declined to promote on
    their owner's last move before it (see :func:`shogi_rules.model.mechanisms.promotion.deferred_square`)."""
    demon_before: int | None
    """Under delayed burning: the Fire Demon that a FEN says was promoted on the move before it."""

    _legal: dict[tuple[object, ...], _Legal]
    """The legal moves of the last few positions visited (:meth:`_legal_entry`), set on first use."""

    MAX_PERFT_DEPTH = movegen.MAX_PERFT_DEPTH
    """The deepest perft the library counts (deeper is refused: no game here could be counted that far)."""

    def __init__(self, variant: str | Variant | RuleSet = "shogi", fen: str | None = None,
                 rules: Mapping[str, str] | None = None, preset: str | None = None):
        self.rules = RuleSet.of(variant, rules, preset)
        if fen is not None:
            expect_type(fen, str, "a FEN")
        self.tables: Tables
        self.variant: Variant
        self.geometry: Geometry
        self.lion_rules: bool
        self._derive()
        if fen is None:
            fen = self.variant.setup + ("[]" if self.variant.drops else "") + " w - - 0 1"
        self._set_fen(parse_fen(self.tables, fen))

    def _set_fen(self, fields: Fen) -> None:
        board, hands, turn, clock, number, state = fields
        squares = tuple(sq for mark, sq in state if not mark)
        declined = tuple(sq for mark, sq in state if mark == "=")
        demons = tuple(sq for mark, sq in state if mark == "*")
        lion: int | None = None
        arrivals: tuple[int, ...] = ()
        if squares and self.lion_rules:
            if len(squares) > 1:
                raise FenError("the state field of Chu shogi holds one square, where a Lion was just taken")
            lion = squares[0]
        elif squares and self.tables.any_immobiliser and self.variant.switches.tetrarchs.clash == "mover-inactive":
            arrivals = squares
        elif squares:
            raise FenError(f"{self.variant.id} (with these rules) keeps no square of the last moves in its state field")
        self._set(board, hands, turn, clock, number, lion, arrivals)
        if declined:
            self._check_declined(declined)
            self.declined_before = declined
        if demons:
            self._check_demon(demons)
            self.demon_before = demons[0]

    def _check_declined(self, squares: tuple[int, ...]) -> None:
        """``=`` squares: under ``zone-with-delay``, at most one a side, each a piece that could promote."""
        if self.variant.promotion != "zone-with-delay":
            raise FenError(f"{self.variant.id} (with these rules) has no promotion deferred by declining: "
                           f"'=' in the state field means nothing")
        t = self.tables
        sides = [self.board[sq] & 1 for sq in squares]
        for sq in squares:
            if not self.board[sq] or not t.promotes[self.board[sq]]:
                raise FenError(f"{self.geometry.name(sq)} holds no piece that could have declined to promote")
        if len(set(sides)) != len(sides):
            raise FenError("one piece a side at most declined to promote on its owner's last move")

    def _check_demon(self, squares: tuple[int, ...]) -> None:
        """``*`` square: under delayed burning, one Fire Demon of the side that just moved, a promoted one."""
        if self.variant.switches.fire_demon.promotion_burn != "delayed":
            raise FenError(f"{self.variant.id} (with these rules) has no delayed burning: '*' in the state field "
                           f"means nothing")
        code = self.board[squares[0]]
        if len(squares) > 1 or not code or not self.tables.burns[code] or code & 1 == self.turn \
                or not self.tables.types[type_of(code)].promoted:
            raise FenError(f"'*' marks the one Fire Demon that the side that just moved promoted on its move, "
                           f"not {self.geometry.name(squares[0])}")

    @classmethod
    def from_board(cls, variant: str | Variant | RuleSet, board: Sequence[int], turn: int, ply: int,
                   lion_capture: int | None = None, hands: Sequence[Sequence[int]] | None = None,
                   rules: Mapping[str, str] | None = None) -> Position:
        """A position from a board of piece codes (other position strings read through this: USI's
        and lishogi's SFEN, :mod:`shogi_rules.notation.fen`); ``ply`` counts the plies played from 0, as a FEN's
        move number can (at most :data:`~shogi_rules.model.fen_tokens.MAX_PLY`). ``hands``: for each side, a
        count for each piece type (by type id), pieces that may be held only. Each is checked as a FEN is."""
        pos = cls(variant, rules=rules)
        t = pos.tables
        expect_type(board, (list, tuple), "the board")
        if len(board) != pos.geometry.size:
            raise FenError(f"a board of {len(board)} squares is not {pos.variant.id}'s")
        for sq, code in enumerate(board):
            expect_type(code, int, "a piece code")
            if code and not 2 <= code < 2 * len(t.types):
                raise FenError(f"{pos.geometry.name(sq)} holds {code}, which is no piece code of {pos.variant.id}")
        _color(turn, "turn")
        expect_type(ply, int, "the ply")
        if not 0 <= ply <= MAX_PLY:
            raise FenError(f"the ply is counted from 0 to {MAX_PLY:,}, not {ply}")
        blank = [[0] * len(t.types) for _ in (SENTE, GOTE)]
        if hands is not None:
            hands = _checked_hands(pos, hands)
        if lion_capture is not None:
            pos._square(lion_capture)
        pos._set(list(board), hands if hands is not None else blank, turn, 0, ply // 2 + 1, lion_capture)
        pos.ply = ply
        return pos

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
        if hands and not v.drops:
            raise FenError(f"{v.id} (with these rules) has no pieces in hand, so it cannot hold {quote(hands)}")
        fen = fen_from_pieces(v.files, v.ranks, pieces, hands if v.drops else None,
                              "w" if _color(turn, "turn") == SENTE else "b")
        return cls(rs, fen=fen)

    def dead_squares(self, code: str, color: int = SENTE) -> list[str]:
        """The squares where the piece ``code`` of ``color`` could never move again (it must promote
        there under the shogi zone rule, and may not be dropped there)."""
        expect_type(code, str, "a piece code")
        tid = self.tables.type_by_code(code)
        return [self.geometry.name(s) for s in sorted(self.tables.dead[2 * tid + _color(color)])]

    def _set(self, board: list[int], hands: list[list[int]], turn: int, clock: int, number: int,
             lion_capture: int | None = None, arrivals: tuple[int, ...] = ()) -> None:
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
            several = sum(1 for p in self.variant.pieces if p.royal) > 1  # Sho shogi's king and prince
            for color in (SENTE, GOTE):
                if len(royals[color]) != 1 and not (several and royals[color]):
                    wanted = "a king" if several else "exactly one king"
                    raise FenError(f"{COLOR_NAMES[color]} needs {wanted}, the position has {len(royals[color])}")
            them = opponent(turn)
            if len(royals[them]) == 1 and movegen.attacked(self, royals[them][0], turn):
                raise FenError(f"{COLOR_NAMES[them]}'s king is in check with {COLOR_NAMES[turn]} to move")
        self.kings = [r[0] if len(r) == 1 else -1 for r in royals]
        if self.variant.drops:
            self._check_piece_supply()
        for sq, code in enumerate(board):
            if code and sq in t.dead[code] and self.variant.promotion in DEAD_SQUARE_SCHEMES:
                raise FenError(f"the piece on {self.geometry.name(sq)} could never move again there")
        self.lion_capture: int | None = None
        """Chu shogi: the square where a Lion was taken on the last move by a piece that is not a Lion
        (see :mod:`shogi_rules.model.mechanisms.lion_trading`), else ``None``."""
        if lion_capture is not None:
            if not lion_trading.active(self.rules.base):
                raise FenError(f"{self.variant.id} has no Lion-trading rules: a lion-capture square means nothing")
            self._check_lion_capture(lion_capture)
            self.lion_capture = lion_capture
        self.arrivals: tuple[int, ...] = ()
        """Tenjiku under ``tetrarchs.clash="mover-inactive"``: the squares of the Tetrarchs and Fire
        Demons in a clash whose arrival order a FEN gave, the first to arrive first (see
        :func:`shogi_rules.model.mechanisms.tetrarchs.arrival`); the game's own moves come after them."""
        if arrivals:
            self._check_arrivals(arrivals)
            self.arrivals = arrivals
        self.declined_before = ()
        self.demon_before = None
        self.hash = self._compute_hash()
        self.hash_history: list[int] = [self.hash]

    def _check_lion_capture(self, square: int) -> None:
        """A lion-capture square holds the piece that took the Lion (of the side that just moved; a
        kirin that promoted on the capture is a Lion now), or is empty with a piece of that side that
        is not a Lion next to it (it took the Lion on its way and went on or back)."""
        lions = lion_trading.lion_codes(self.tables)
        just_moved = opponent(self.turn)
        code = self.board[square]
        if code:
            ok = code & 1 == just_moved
        else:
            ok = any(c and c & 1 == just_moved and c not in lions
                     for c in (self.board[n] for n in self.geometry.neighbours[square]))
        if not ok:
            raise FenError(f"no piece of {COLOR_NAMES[just_moved]} stands on or next to {self.geometry.name(square)} "
                           f"that could have just taken a Lion there")

    def _check_arrivals(self, squares: tuple[int, ...]) -> None:
        """The squares of an arrival order are those :meth:`clash_squares` lists."""
        clashing = set(clash_squares(self))
        for sq in squares:
            if sq not in clashing:
                raise FenError(f"{self.geometry.name(sq)} holds no Heavenly Tetrarchs or Fire Demon next to an enemy "
                               f"Tetrarchs, so its arrival order means nothing")

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
        if self.lion_capture is not None:
            h ^= t.z_lion_capture[self.lion_capture]
        return h

    def copy(self) -> Position:
        """An independent copy of the position (history included): pushing and popping moves on one
        leaves the other as it is. ``copy.copy`` gives the same; ``copy.deepcopy`` and ``pickle``
        work too (a pickled position names its rule set and carries its state and history, not the
        compiled tables)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.board = self.board[:]
        new.hands = [h[:] for h in self.hands]
        new.kings = self.kings[:]
        new.history = self.history[:]
        new.hash_history = self.hash_history[:]
        new.__dict__.pop("_legal", None)  # the copy keeps a cache of its own
        return new

    __copy__ = copy

    _DERIVED = ("tables", "variant", "geometry", "lion_rules", "_legal")
    """Attributes that follow from the rule set (or are a cache): left out of the pickled state."""

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k not in self._DERIVED}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._derive()

    def _derive(self) -> None:
        """Set what follows from :attr:`rules`: the tables, the resolved variant, the board geometry (:meth:`rule_fields`;
        set one by one, not through ``__dict__``, which would slow every later read of an attribute)."""
        fields = self.rule_fields(self.rules)
        self.tables = fields["tables"]
        self.variant = fields["variant"]
        self.geometry = fields["geometry"]
        self.lion_rules = fields["lion_rules"]

    @staticmethod
    def reading_key(rules: RuleSet) -> tuple[object, ...]:
        """What reading a position string under ``rules`` depends on, as the checks of a FEN here read it: the
        board's size; which pieces exist and which promote, burn, paralyse, are royal or Lions, or may be held; the
        sets' supply of each with drops; the promotion scheme's state marks and dead squares; delayed burning, the
        Tetrarchs' clash and the Lion-trading rules, which give the state field its meaning; and under check rules
        (one king a side, the side not to move not in check) how every piece moves. Rule sets with one key read
        every position string alike (a record check asks each key once, not each rule set)."""
        v, t = rules.variant, rules.tables
        lions = lion_trading.active(rules.base)
        return (v.files, v.ranks, v.drops, v.check_rules, v.promotion, v.switches.fire_demon.promotion_burn,
                v.switches.tetrarchs.clash, lions, tuple((x.fen, x.promotion) for x in t.types[1:]),
                tuple(t.burns), tuple(t.immobilises), tuple(t.royal), tuple(t.hand_types()),
                tuple(sorted(t.supply.items())) if v.drops else None,
                lion_trading.lion_codes(t) if lions else None,
                tuple(map(frozenset, t.dead)) if v.promotion in DEAD_SQUARE_SCHEMES else None,
                t if v.check_rules else None)

    @staticmethod
    def rule_fields(rules: RuleSet) -> dict[str, Any]:
        """The attributes a position takes from its rule set (``rules`` itself, the tables, the resolved variant, the
        board geometry, whether the Lion-trading rules apply); the others are the game's state. A record check
        plays one position under several rule sets in turn by setting these."""
        tables = rules.tables
        return {"rules": rules, "tables": tables, "variant": rules.variant, "geometry": tables.geometry,
                "lion_rules": lion_trading.active(rules.base)}

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
        if self.lion_rules:  # the counter-strike square is part of the position (and of its hash)
            self.lion_capture = square = lion_trading.capture_square(self, move)
            if lion_capture is not None:
                h ^= t.z_lion_capture[lion_capture]
            if square is not None:
                h ^= t.z_lion_capture[square]
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
                last = self.history[-1].move if self.history else (
                    None if self.demon_before is None else Move(self.demon_before, self.demon_before, True))
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
                    kept = [v for v in captured if t.to_hand[v]]  # a royal or undroppable piece leaves the game
                    for victim in kept:
                        tid = t.demotes[victim]
                        n = hand[tid]
                        zh = t.z_hand[us][tid]
                        h ^= zh[n] ^ zh[n + 1]
                        hand[tid] = n + 1
                    hand_change = tuple((us, t.demotes[v], 1) for v in kept) or None
            else:
                clock = 0 if promotion else self.halfmove_clock + 1
            if t.royal[new] != t.royal[code] or any(t.royal[v] for v in captured):
                undo_kings = self.kings[:]  # a royal piece was taken, made or unmade: find the kings again
                self.kings = [self._king_square(SENTE), self._king_square(GOTE)]
            elif t.royal[code] and self.kings[us] == origin:
                undo_kings = self.kings[:]
                self.kings[us] = target
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
            self.kings = kings[:]  # the entry's list may be shared with a copy's history
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

    @property
    def last_move(self) -> Move | None:
        """The move made last, ``None`` before any (without building :attr:`move_stack`)."""
        return self.history[-1].move if self.history else None

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
        return list(self._legal_entry().moves)

    def legal_moves_from(self, squares: Iterable[int]) -> list[Move]:
        """The legal moves of the pieces on ``squares`` (of the side to move), in the order of
        :meth:`legal_moves`, found without generating the other pieces' moves (and not kept)."""
        return movegen.legal_moves(self, only=sorted(set(squares)))

    def legal_drops_to(self, square: int) -> list[Move]:
        """The legal drops onto ``square``, in the order of :meth:`legal_moves`, found without generating the
        other moves (and not kept)."""
        return movegen.legal_moves(self, drops_to=square)

    def _kept_legal_moves(self) -> list[Move] | None:
        """:meth:`legal_moves` where they are kept (asked before in this position), else ``None`` (not generated)."""
        cached = self._legal_entries().get(self._legal_key())
        return None if cached is None else list(cached.moves)

    def _legal_key(self) -> tuple[object, ...]:
        # the legal moves may depend on the game's history (the order in which clashing Tetrarchs arrived,
        # a promotion declined, a ban on repeating a position), not only on the board: the key names the
        # history by its last entry (entries are pushed and popped, so the same entry means the same history)
        last = self.history[-1] if self.history else None
        return (len(self.history), id(last), self.hash, self.turn, tuple(self.board), tuple(map(tuple, self.hands)),
                self.lion_capture)

    def _legal_entries(self) -> dict[tuple[object, ...], _Legal]:
        try:
            return self._legal
        except AttributeError:  # (not through __dict__, which would slow every later read of an attribute)
            entries: dict[tuple[object, ...], _Legal] = {}
            self._legal = entries
            return entries

    def _legal_entry(self) -> _Legal:
        key = self._legal_key()
        entries = self._legal_entries()
        cached = entries.get(key)
        if cached is None:
            last = self.history[-1] if self.history else None
            moves = movegen.legal_moves(self)
            cached = entries[key] = _Legal(key, moves, frozenset(moves), {}, last)
            if len(entries) > LEGAL_CACHE_SIZE:  # the oldest goes
                del entries[next(iter(entries))]
        return cached

    def memo(self, name: str, build: Callable[[], T]) -> T:
        """``build()``, kept with the legal moves until the position changes: what notation derives
        from the legal moves of a position (which moves share a target, …) is derived once."""
        memos = self._legal_entry().memos
        if name not in memos:
            memos[name] = build()
        return cast(T, memos[name])

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of the legal moves (a move whose fields have other types, say a square
        ``47.0`` for ``47``, is none, although it compares equal to one)."""
        return isinstance(move, Move) and _well_typed(move) and move in self._legal_entry().legal

    def push_legal(self, move: Move) -> None:
        """Make ``move`` after checking that it is legal (raises :class:`IllegalMoveError`; a move whose
        fields have other types than a move's, :class:`TypeError`)."""
        expect_type(move, Move, "a move")
        if not _well_typed(move):
            self._check_move_squares(move)  # (names the field)
            raise TypeError(f"{quote(move, 80)} is no move: its promotion and keep are bools, its conversion a str or "
                            f"None")
        if not self.is_legal(move):
            try:
                self._check_move_squares(move)
                g = self.geometry
                squares = (move.target,) if move.origin is None else (move.origin, *move.path, move.target)
                name = "".join(g.name(s) for s in squares) + ("+" if move.promotion else "")
            except ShogiRulesError:
                name = quote(move, 80)
            raise IllegalMoveError(f"{name} is not a legal move here")
        self.push(move)

    def parse_move(self, text: str, notation: str = "auto") -> Move:
        """Read a move in Fairy-Stockfish coordinates (``'c3c4'``, ``'P@e5'``) or Western notation (``'P-7f'``)."""
        expect_type(text, str, "a move")
        expect_type(notation, str, "a notation")
        return move_notation().parse(self, text, notation)

    def push_move(self, text: str, notation: str = "auto") -> None:
        self.push(self.parse_move(text, notation))

    def move_name(self, move: Move, notation: str = "western") -> str:
        """``move`` written in ``notation`` (see :data:`shogi_rules.notation.moves.NOTATIONS`)."""
        expect_type(move, Move, "a move")
        expect_type(notation, str, "a notation")
        self._check_move_squares(move)
        return move_notation().write(self, move, notation)

    def _check_move_squares(self, move: Move) -> None:
        """Refuse a move whose squares or dropped piece do not exist here (a negative index would wrap)."""
        for sq in (move.target, *move.path) if move.origin is None else (move.origin, move.target, *move.path):
            self._square(sq)
        if move.origin is None:
            hand_types = self.tables.hand_types()
            if not isinstance(move.drop, int) or move.drop not in hand_types:
                raise MoveError(f"{move!r} drops no piece that {self.variant.id} has in hand")

    def _king_square(self, color: int) -> int:
        """The square of ``color``'s royal piece where it has exactly one, else -1 (none, or a king and a
        prince: under check rules neither is then protected)."""
        found = pieces_of(self.board, self.tables.royal_codes[color])
        return found[0][0] if len(found) == 1 else -1

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
        """Whether a piece of colour ``by`` attacks ``square`` (whatever stands on it). The attack tables hold steps,
        slides and jumps: in a game with pieces that move otherwise (Lions, range jumpers, Fire Demons: Chu shogi and
        the larger games) a :class:`~shogi_rules.model.errors.VariantDataError` says so."""
        return movegen.attacked(self, self._square(square), _color(by, "by"))

    def perft(self, depth: int) -> int:
        """The number of legal move sequences of ``depth`` plies (0 to :attr:`MAX_PERFT_DEPTH`)."""
        return movegen.perft(self, depth)

    def outcome(self) -> Outcome | None:
        """The result if the game is over (see :mod:`shogi_rules.engine.outcome`), else ``None``."""
        return game_end.outcome(self)

    # --- notation and display --------------------------------------------------------------------
    def fen(self) -> str:
        """The position in the project's FEN form (:mod:`shogi_rules.model.fen_tokens`)."""
        return write_fen(self.tables, self.board, self.hands, self.turn, self.halfmove_clock, self.move_number,
                         self._state())

    def _state(self) -> tuple[tuple[str, int], ...]:
        """The FEN's state field: what of the last moves decides the legal moves (Chu's lion-capture
        square, the order in which clashing Tetrarchs arrived, a promotion declined or a Fire Demon's
        burn delayed on the last move), as (mark, square) pairs."""
        squares: tuple[int, ...] = ()
        if self.lion_capture is not None:
            squares = (self.lion_capture,)
        elif self.tables.any_immobiliser and self.variant.switches.tetrarchs.clash == "mover-inactive":
            squares = arrival_order(self)
        state = tuple(("", sq) for sq in squares)
        if self.variant.promotion == "zone-with-delay":
            state += tuple(("=", sq) for sq in declined_last(self))
        if self.variant.switches.fire_demon.promotion_burn == "delayed":
            demon = self._promoted_demon()
            state += (("*", demon),) if demon is not None else ()
        return state

    def _promoted_demon(self) -> int | None:
        """The Fire Demon promoted on the last move (read from the history, or from the FEN before it)."""
        if not self.history:
            return self.demon_before
        last = self.history[-1].move
        code = self.board[last.target]
        if last.promotion and last.origin is not None and code and self.tables.burns[code] and code & 1 != self.turn:
            return last.target
        return None

    def piece_at(self, square: int) -> tuple[PieceType, int] | None:
        """The :class:`~shogi_rules.compiled.tables.PieceType` and colour on ``square``, or ``None``."""
        code = self.board[self._square(square)]
        return (self.tables.types[type_of(code)], color_of(code)) if code else None

    def pieces_in_hand(self, color: int) -> dict[str, int]:
        return {self.tables.types[tid].code: n for tid, n in enumerate(self.hands[_color(color)]) if n}

    def text_diagram(self) -> str:
        """The board as plain text, for the terminal and doctests: files numbered right to left along
        the top, ranks lettered down the right side, as in English shogi books; pieces by their FEN
        codes (unique within a variant, unlike some TSA abbreviations that differ only in case),
        sente's in upper case, gote's in lower case, promoted ones with ``+``; ``.`` an empty square;
        the pieces in hand under the board."""
        t = self.tables
        g = self.geometry
        names = [t.types[type_of(c)].fen.replace("(", "").replace(")", "") if c else "" for c in self.board]
        width = max([len(n) for n in names] + [len(str(g.files))]) + 1
        lines = ["".join(str(f).rjust(width) for f in range(g.files, 0, -1))]
        for r in range(g.ranks):
            row = []
            for c in range(g.files):
                code = self.board[r * g.files + c]
                name = names[r * g.files + c]
                cell = "." if not code else (name.upper() if color_of(code) == SENTE else name.lower())
                row.append(cell.rjust(width))
            lines.append("".join(row) + f"  {RANK_LETTERS[r]}")
        if self.variant.drops:
            for color, label in ((SENTE, "sente"), (GOTE, "gote")):
                held = self.pieces_in_hand(color)
                lines.append(f"{label} in hand: " + (" ".join(f"{k}×{n}" if n > 1 else k for k, n in held.items()) or "-"))
        lines.append(f"{'sente' if self.turn == SENTE else 'gote'} to move")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text_diagram()

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        """Draw the position in a notebook (see :mod:`shogi_rules.diagrams`): the PNG, and its width on the page."""
        from ..diagrams.board import position_png_shown
        return position_png_shown(self)

    def _repr_svg_(self) -> str:
        from ..diagrams.board import position_svg
        return position_svg(self)

    def __repr__(self) -> str:
        return f"Position({self.rules!r}, fen={self.fen()!r})"

    def transposition_key(self) -> tuple[object, ...]:
        """A hashable value of the position's state that decides its legal moves: the rule set, the
        board, the hands, the side to move and what the FEN's state field holds of the last moves
        (Chu shogi's lion-capture square: a Lion taken on the last move forbids some captures of
        Lions, see :mod:`~shogi_rules.model.mechanisms.lion_trading`; Tenjiku's order of arrival of
        clashing Tetrarchs; a promotion declined or a burn delayed). Two positions are equal when
        their keys are.

        A position is mutable (moves are pushed and popped), so it is not hashable itself: use the
        key in sets and as a dictionary key. What only the game's history holds (the positions seen
        before, for the repetition rules) is not in the key, as it is not in a FEN.
        :attr:`hash` is the Zobrist hash of the same state (without the rule set), kept up to date
        move by move: the key the repetition rules compare.

        >>> pos = Position("shogi")
        >>> seen = {pos.transposition_key()}
        >>> pos.push_all(["S-4h", "S-6b", "S-3i", "S-7a"])
        >>> pos.transposition_key() in seen
        True
        """
        return (self.rules, tuple(self.board), tuple(map(tuple, self.hands)), self.turn, self._state())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other.transposition_key() == self.transposition_key()

    __hash__ = None  # type: ignore[assignment]  # mutable: see transposition_key

    def push_all(self, moves: Iterable[str | Move]) -> None:
        """Make each move (a :class:`Move` or a move in any notation that :meth:`parse_move` reads)."""
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise TypeError(f"the moves must be a list of moves, not {type(moves).__name__}")
        for m in moves:
            if isinstance(m, Move):
                self.push_legal(m)
            else:
                self.push_move(m)


DEAD_SQUARE_SCHEMES = ("zone", "zone-adams", "zone-entry-2000")
"""The promotion schemes under which a piece may not stand where it could never move again (a FEN with one
there is refused)."""


def _well_typed(move: Move) -> bool:
    """Whether the fields of ``move`` have the types of a move's (``bool`` is no ``int``, ``1`` no ``True``)."""
    origin, target, promotion, drop, path, keep, conversion = move
    return (type(target) is int and (origin is None or type(origin) is int) and (drop is None or type(drop) is int)
            and type(path) is tuple and all(type(s) is int for s in path) and type(promotion) is bool
            and type(keep) is bool and (conversion is None or type(conversion) is str))


def _checked_hands(pos: Position, hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """``hands`` (for each side, a count by type id) checked as a FEN's hands are read: copied."""
    t = pos.tables
    expect_type(hands, (list, tuple), "the hands")
    if len(hands) != 2:
        raise FenError(f"the hands are two lists (sente's, gote's), not {len(hands)}")
    held = set(t.hand_types()) if pos.variant.drops else set()
    out = []
    for color, hand in zip((SENTE, GOTE), hands):
        expect_type(hand, (list, tuple), "a hand")
        if len(hand) != len(t.types):
            raise FenError(f"a hand of {pos.variant.id} counts {len(t.types)} piece types (by type id), "
                           f"not {len(hand)}")
        for tid, n in enumerate(hand):
            expect_type(n, int, "a count in hand")
            if n < 0 or (n and tid not in held):
                what = "no piece" if t.types[tid] is None else t.types[tid].code
                raise FenError(f"{COLOR_NAMES[color]}'s hand cannot hold {n} × {what}"
                               + ("" if pos.variant.drops else f" ({pos.variant.id} has no pieces in hand)"))
        out.append(list(hand))
    return out


def _color(color: int, what: str = "color") -> int:
    """``color`` when it is SENTE (0) or GOTE (1), else an error."""
    expect_type(color, int, f"{what} (a colour)")
    if color not in (SENTE, GOTE):
        raise ShogiRulesError(f"{what} is SENTE (0) or GOTE (1), not {color}")
    return color
