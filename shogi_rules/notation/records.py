"""Game records: replaying them, and finding the rule sets under which a record is legal.

A record is plain text: moves in Western (TSA) notation, or in coordinate notation, separated by
white space. Move numbers (``12.`` or ``12``), comments (from ``#`` or ``;`` to the end of the line,
or in braces ``{…}``) and result words (``Win``, ``Resigns``, ``1-0``, …) are skipped. KIF and CSA records are
read by :mod:`shogi_rules.notation.kif` and :mod:`shogi_rules.notation.csa`. A byte-order
mark at the start and Windows line ends are accepted; a ``{`` that is never closed is an error.
Reading takes time in proportion to the length of the text.

>>> r = replay("shogi", ["P-7f", "P-3d", "Bx2b+", "Sx2b"])
>>> r.legal, r.plies, r.position.pieces_in_hand(0)
(True, 4, {'B': 1})

A move made after the game has ended (as :meth:`~shogi_rules.engine.position.Position.outcome` says) is
refused like an illegal one, naming the ply that ended the game.

:func:`check_record` answers which rule sets accept a record: all of them at once, as a few
*branches* (sets of rule sets, each every combination of some options per choice), found by one
replay that splits only at the plies where a choice changes what the record's move does.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from itertools import combinations, compress, product
from typing import Any, Callable, Container, Iterable, Iterator, Mapping, NamedTuple, TypeVar

from ..model.codes import pieces_of
from ..model.errors import BurnsError, FenError, RecordError, ShogiRulesError, echo, expect_type
from ..model.moves import Move
from .csa import looks_like_csa, read_csa
from .fen import read_position
from .kif import looks_like_kif, read_kif
from .moves import named_types, parse_move, reach
from .western import Reach
from ..model.geometry import GOTE, SENTE
from ..model.mechanisms import bare_king, lion_trading
from ..model.mechanisms.emperor import attacked_squares
from ..engine.movegen import (general_board_moves, generation_key, may_take_royal, pieces_reaching, royal_capture,
                              royal_squares)
from ..engine.parting import (PLAY, Difference, Known, Parting, Ply, carried_losses, difference, entangled, joined,
                              known_codes, lions_of, may_part, moves_royals, moving_differently, near, on,
                              steady_codes)
from ..engine.outcome import Outcome, hopeless_moves, losing_taker, royal_threatened, royals_left
from ..engine.position import Position
from ..compiled.tables import Tables, TablesKey
from ..compiled.variant import RuleSet, get_variant
from ..model.variant_data import Variant

# An unclosed brace matches to the end of the text in one step (so reading stays linear) and is refused.
_COMMENT = re.compile(r"\{[^}]*\}?|[#;][^\r\n]*", re.ASCII)
_NUMBER = re.compile(r"^\d+\.*$|^\d+\.(?=\S)", re.ASCII)
_RESULTS = {"win", "wins", "resigns", "resign", "resigned", "1-0", "0-1", "1/2-1/2", "draw", "*"}


def read_record(text: str) -> list[str]:
    """The moves of a record, in order."""
    expect_type(text, str, "a record")
    if text.startswith("\ufeff"):
        text = text[1:]
    if looks_like_csa(text):  # KIF and CSA records (shogi_rules.notation.record_formats reads their start positions too)
        return read_csa(text).moves
    if looks_like_kif(text):
        return read_kif(text).moves

    def blank(m: re.Match[str]) -> str:
        if m.group().startswith("{") and not m.group().endswith("}"):
            line = text.count("\n", 0, m.start()) + 1
            raise RecordError(f"the comment opened by '{{' on line {line} is never closed")
        return " "

    moves = []
    for token in _COMMENT.sub(blank, text).split():
        token = _NUMBER.sub("", token)
        if not token or token.lower().strip(".") in _RESULTS:
            continue
        moves.append(token)
    return moves


@dataclass
class Replay:
    """The result of replaying a record under one rule set."""

    rules: RuleSet
    legal: bool
    plies: int
    position: Position
    first_illegal_ply: int | None = None
    first_illegal_move: str | None = None
    reason: str = ""
    moves: list[Move] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome()


class _Replayer:
    """One position played through a record, the game's end looked for before each move as
    :meth:`Position.outcome` says. Where the move about to be made proves cheaply that the game
    goes on (:func:`_quiet`), the full test (in the capture variants: every move tried for mate)
    is skipped."""

    def __init__(self, pos: Position, seen: Counter[int] | None = None):
        self.pos = pos
        self.seen = Counter(pos.hash_history) if seen is None else seen

    def game_over(self, *candidates: Move | None, proof: dict[Move, int] | None = None,
                  lost: _Lost | None = None,
                  losing: Mapping[Move, int] | None = None) -> tuple[Outcome | None, Move | None]:
        """The end of the game if it is over; else, in the capture variants, a move that shows cheaply
        that it is not (see :func:`_quiet`: one of ``candidates`` if it can, else any legal move; ``proof``,
        ``lost`` and ``losing`` as there)."""
        pos = self.pos
        v = pos.variant
        repeated = v.sennichite and self.seen[pos.hash] >= 4
        if v.check_rules:  # the game ends by mate, stalemate, the fourth repetition or a bare king only
            # a legal move among the candidates (the record's, read as legal) shows that there is one
            moves = [candidates[0]] if candidates and candidates[0] is not None else pos.legal_moves()
            if moves and not repeated and bare_king.lone_king_verdict(pos) is None:
                return None, moves[0]
        elif not repeated:
            witness = _quiet(pos, candidates, proof, lost, losing)
            if witness is _MATE:
                return Outcome(pos.turn ^ 1, "checkmate"), None
            if witness is not None:
                return None, witness
        return pos.outcome(), None

    def push(self, move: Move) -> None:
        self.pos.push(move)
        self.seen[self.pos.hash] += 1


class _Lost(NamedTuple):
    """Moves said to lose without being played (:func:`_quiet`): ``carried``, those that lose as under a rule set
    whose mate was proved (:func:`~shogi_rules.engine.parting.carried_losses`), and ``chained``, where given, a test
    that says so of others (and names each in the proof it is writing)."""

    carried: Container[Move]
    chained: Callable[[Move], bool] | None = None


_MATE = Move(None, -1)
"""What :func:`_quiet` answers where it has tried every legal move and each loses: checkmate."""


def _quiet(pos: Position, candidates: tuple[Move | None, ...], proof: dict[Move, int] | None = None,
           lost: _Lost | None = None, losing: Mapping[Move, int] | None = None) -> Move | None:
    """Capture variants: a legal move that shows that :func:`~shogi_rules.engine.outcome.outcome` says the game
    goes on, if there is one: both sides have a royal piece and no bare-king rule ends the game (where one asks
    whether a royal piece could be taken, the attack is tested, as ``outcome`` tests it), and the move does not lose
    (:func:`~shogi_rules.engine.outcome.move_loses`), so that not every move loses (no mate). The ``candidates`` are
    tried first; where a move tried (or known to lose, ``losing``) loses to a piece that would then take, a move that
    takes the opponent's last royal piece (:func:`_winning`); then every legal move (those that take the piece that
    would have taken after the last move tried, then those of a royal piece, first); where there are legal moves and
    each loses, :data:`_MATE` (as ``outcome`` would find: it asks the same questions first). ``proof``, where given,
    is filled with what the mate test finds, for each move that loses, the square of the opponent's piece that would
    then take (:func:`~shogi_rules.engine.outcome.losing_taker`), and :data:`_MATE` itself where that is the answer
    (then every legal move is named, or ``lost`` says it loses). ``lost``: moves said to lose without being played
    (:class:`_Lost`).
    ``losing``: legal moves another test found to lose here, each with the square of the piece that would then take:
    not played again, but named in ``proof`` (and the first one's taker asked first after each move tried)."""
    if not royals_left(pos, SENTE) or not royals_left(pos, GOTE) or bare_king.lone_king_verdict(pos) is not None:
        return None
    if bare_king.verdict(pos, lambda color: royal_threatened(pos, color)) is not None:
        return None
    tried = set()
    first: list[int] = []
    proof = {} if proof is None else proof
    for known, square in (losing or {}).items():
        tried.add(known)
        proof[known] = square
        first[:] = first or [square]
    for move in candidates:
        if move is None or move in tried or (move != candidates[0] and not _legal_here(pos, move)):
            continue
        tried.add(move)
        taker = losing_taker(pos, move, first)
        if taker is None:
            return move
        proof[move] = taker
    if first:  # where a move tried lost: a move that takes the opponent's last royal piece wins, found by an attack
        # test before any other move is tried (Japanese Wikipedia's Free Eagle can take a king from Tenjiku's setup:
        # under it a record's moves lose while the eagles stand on a file or rank of the enemy kings)
        witness = _winning(pos)
        if witness is not None:
            return witness
    hopeless: list[Callable[[Move], int | None]] = []  # (hopeless_moves, built for the first move that ``lost`` does
    # not settle: at a mate under other options, it often settles every one)

    carried, chained = lost if lost is not None else (frozenset(), None)

    def shown(moves: list[Move]) -> Move | None:
        """The first of ``moves`` not tried yet that does not lose (each that loses named in ``proof``)."""
        for move in moves:
            if move in tried or move in carried or (chained is not None and chained(move)):
                continue
            tried.add(move)
            if not hopeless:
                hopeless.append(hopeless_moves(pos))
            taker = hopeless[0](move)
            if taker is None:
                taker = losing_taker(pos, move, first)
                if taker is None:
                    return move
            proof[move] = taker
        return None

    if first:  # the moves that take the piece that took last, then those of a royal piece, first: tried before the
        # other pieces' moves are generated (those of the pieces that could reach it, and of the royal pieces)
        board, royal, taker = pos.board, pos.tables.royal, first[0]

        def order(m: Move) -> int:
            return 0 if m.target == taker or taker in m.path else \
                1 if m.origin is not None and royal[board[m.origin]] else 2
        movers = {*pieces_reaching(pos, {taker}, pos.turn),
                  *(sq for sq, _ in pieces_of(board, pos.tables.royal_codes[pos.turn]))}
        witness = shown(sorted((m for m in pos.legal_moves_from(movers) if order(m) < 2), key=order))
        if witness is not None:
            return witness
        moves = sorted(pos.legal_moves(), key=order)
    else:  # the moves of the side's first piece first (in the order of every legal move: the first move that does not
        # lose is the one found among them all), before every move is generated (where they are not known already)
        kept = pos._kept_legal_moves()
        if kept is None:
            board, us = pos.board, pos.turn
            piece = next((sq for sq in compress(range(len(board)), board) if board[sq] & 1 == us), None)
            witness = None if piece is None else shown(pos.legal_moves_from((piece,)))
            if witness is not None:
                return witness
        moves = pos.legal_moves() if kept is None else kept
    witness = shown(moves)
    if witness is not None:
        return witness
    if moves:
        proof[_MATE] = -1  # (every legal move named, or said to lose by ``lost``)
        return _MATE
    return None


def _winning(pos: Position) -> Move | None:
    """Capture variants: a legal move of the side to move that takes the opponent's last royal piece (or pieces), which
    wins, if there is one. An attack test finds the piece that can (:func:`~shogi_rules.engine.movegen.royal_capture`);
    of its moves, those that take, pass or may burn a royal piece are played to find one that leaves none."""
    them = pos.turn ^ 1
    winner: list[int] = []
    if not royal_capture(pos, them, every=True, first=winner):
        return None
    royals = royal_squares(pos, them)
    near = {n for sq in royals for n in pos.geometry.neighbours[sq]}
    for move in pos.legal_moves_from(winner):
        if royals.isdisjoint((move.target, *move.path)) and move.target not in near:
            continue
        pos.push(move)
        won = not royals_left(pos, them)
        pos.pop()
        if won:
            return move
    return None


def _legal_here(pos: Position, move: Move) -> bool:
    """Whether ``move`` (one found legal under another rule set) is legal in ``pos``: asked of the moves of its
    piece (or the drops onto its square) only, not of every legal move."""
    return move in (pos.legal_moves_from([move.origin]) if move.origin is not None else pos.legal_drops_to(move.target))


def _refusal(pos: Position, over: Outcome) -> str:
    return f"the game was over after ply {pos.ply - _start_ply(pos)}: {over}"


def _start_ply(pos: Position) -> int:
    return pos.ply - len(pos.history)


def _start(rs: RuleSet, fen: str | None) -> Position:
    """The start of a record under ``rs``: the variant's setup, or ``fen`` (a FEN, or the SFEN the
    variant has: :func:`~shogi_rules.notation.fen.read_position`)."""
    return Position(rs) if fen is None else read_position(rs, fen)


def replay(rules: str | RuleSet, moves: Iterable[str], choices: Mapping[str, str] | None = None,
           fen: str | None = None) -> Replay:
    """Play ``moves`` from the start (or ``fen``); stop at the first move that is not legal, or that
    comes after the end of the game."""
    moves = _move_list(moves)
    rs = RuleSet.of(rules, choices)
    player = _Replayer(_start(rs, fen))
    pos = player.pos
    done: list[Move] = []
    for ply, text in enumerate(moves, 1):
        result, move, _ = _play(player, text)
        if move is None:
            return Replay(rs, False, ply - 1, pos, ply, text, result.reason, done)
        player.push(move)
        done.append(move)
    return Replay(rs, True, len(done), pos, moves=done)


def _move_list(moves: Iterable[str]) -> list[str]:
    """``moves`` as a list of strings, or a TypeError (a single string is not a list of moves)."""
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise TypeError(f"the moves must be a list of strings, not {type(moves).__name__}")
    moves = list(moves)
    for m in moves:
        expect_type(m, str, "a move of a record")
    return moves


# --- which rule sets accept a record ----------------------------------------------------------------------

Options = dict[str, tuple[str, ...]]
"""A set of rule sets of one variant: for every rule choice, the options it may take (every
combination of them belongs to the set)."""


@dataclass(frozen=True)
class Branch:
    """A set of rule sets under which a record fares alike: every combination of ``options``
    (for each rule choice of the variant, the options of the set, in the variant's order)."""

    options: Options
    legal: bool
    plies: int
    """How many plies of the record are legal under these rule sets."""
    first_illegal_ply: int | None = None
    first_illegal_move: str | None = None
    reason: str = ""
    example: Mapping[str, str] = field(default_factory=dict)
    """One rule set of the branch (every choice's option): the one replayed."""

    @property
    def rule_sets(self) -> int:
        """How many rule sets the branch holds."""
        return math.prod(len(o) for o in self.options.values())

    def restricted(self, variant: Variant) -> Options:
        """The choices on which the branch takes some options only (the others: any option)."""
        return {c.id: self.options[c.id] for c in variant.rule_choices if len(self.options[c.id]) < len(c.options)}

    def holds(self, choices: Mapping[str, str]) -> bool:
        """Whether the rule set with these options (every choice named) is in the branch."""
        return all(choices[c] in opts for c, opts in self.options.items())

    def verdict(self) -> str:
        """``ply N MOVE: reason`` for a branch that refuses the record, else ``""``."""
        return "" if self.legal else f"ply {self.first_illegal_ply} {echo(self.first_illegal_move or '')}: {self.reason}"


@dataclass(frozen=True)
class RecordCheck:
    """Which rule sets accept a record (:func:`check_record`): the branches, which together hold
    every rule set of the variant once each (legal ones first, then by how far the record gets)."""

    variant: Variant
    branches: tuple[Branch, ...]
    presets: tuple[dict[str, Any], ...]
    """``{"preset": id, "legal": bool, "first_illegal_ply": int | None, "reason": str}`` for each
    of the variant's presets (whole rule sets by source), in the variant's order."""
    unproven: tuple[int, ...] = ()
    """The plies where some choices that might change the ply together were asked one option at a time only (their
    combinations too many to play whole, and what each changes not known from the board): there the verdict rests
    on each option alone. Empty where every combination that could play a ply otherwise was asked."""
    plays: int = 0
    """The plies played in all, the record's over every set of rule sets that played it on a board of its own (those
    that played alike shared one): the record's length where no choice parted the rule sets, about its length times
    the number of such boards where some did (Heian shogi's four boards, the hands with drops and without)."""

    @property
    def legal(self) -> bool:
        """Whether some rule set accepts the record."""
        return any(b.legal for b in self.branches)

    def branch(self, choices: Mapping[str, str] | RuleSet | None = None) -> Branch:
        """The branch that holds the rule set with these options (the defaults for the others)."""
        rs = choices if isinstance(choices, RuleSet) else RuleSet.of(self.variant.id, choices)
        return next(b for b in self.branches if b.holds(rs.choices))

    def accepts(self, choices: Mapping[str, str] | RuleSet | None = None) -> bool:
        """Whether the record is legal under the rule set with these options (defaults elsewhere)."""
        return self.branch(choices).legal

    @property
    def accepted(self) -> int:
        """How many rule sets accept the record (of :attr:`total`)."""
        return sum(b.rule_sets for b in self.branches if b.legal)

    @property
    def total(self) -> int:
        return math.prod(len(c.options) for c in self.variant.rule_choices)

    def constraints(self) -> tuple[Options, list[Options]]:
        """The accepting rule sets as constraints: ``(each, combinations)``. ``each`` gives, for each
        choice on which the accepting rule sets agree, the options they take (every choice that
        does not matter takes any option); ``combinations`` lists, for the choices that interact,
        the combinations of options that accept (empty when no choices interact). The rule sets
        that accept are those that take an option of ``each`` for every choice there and match
        one of the ``combinations``."""
        legal = [b for b in self.branches if b.legal]
        if not legal:
            return {}, []
        ids = [c.id for c in self.variant.rule_choices]
        alike = [c for c in ids if all(b.options[c] == legal[0].options[c] for b in legal)]
        each = {c: legal[0].options[c] for c in alike}
        combinations: list[Options] = []
        for b in legal:
            combo = {c: b.options[c] for c in ids if c not in each}
            if combo and combo not in combinations:
                combinations.append(combo)
        return each, combinations

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON data: ``{"accepted": {"rule_sets", "of", "each", "combinations"},
        "rules": [...], "presets": [...], "unproven_plies": [...]}``. Each entry of ``rules`` is a branch: ``{"rules":
        {choice: [options]}`` (the choices it restricts), ``"rule_sets"``, ``"legal"``,
        ``"first_illegal_ply"``, ``"reason"``, ``"example"`` (one of its rule sets, every choice)};
        ``"unproven_plies"``: :attr:`unproven`."""
        each, combinations = self.constraints()
        return {
            "accepted": {"rule_sets": self.accepted, "of": self.total,
                         "each": {c: list(o) for c, o in each.items()},
                         "combinations": [{c: list(o) for c, o in combo.items()} for combo in combinations]},
            "rules": [{"rules": {c: list(o) for c, o in b.restricted(self.variant).items()}, "rule_sets": b.rule_sets,
                       "legal": b.legal, "first_illegal_ply": b.first_illegal_ply, "reason": b.verdict(),
                       "example": dict(b.example)} for b in self.branches],
            "presets": [dict(p) for p in self.presets],
            "unproven_plies": list(self.unproven)}

    def lines(self) -> list[str]:
        """The verdict as the command line prints it: one line per branch, one per preset, then (where
        the variant has rule choices) the rule sets that accept, as constraints."""
        v = self.variant
        out = []
        for b in self.branches:
            rules = _describe(b.restricted(v)) or "(no rule choice matters)"
            out.append(f"{'legal  ' if b.legal else 'illegal'} {rules}" + ("" if b.legal else f"  — {b.verdict()}"))
        for p in self.presets:
            out.append(f"{'legal  ' if p['legal'] else 'illegal'} preset {p['preset']}"
                       + ("" if p["legal"] else f"  — {p['reason']}"))
        if v.rule_choices:
            out.append(f"accepted by {self.accepted:,} of {self.total:,} rule sets" + (":" if self.legal else ""))
            each, combinations = self.constraints()
            for c, opts in each.items():
                if len(opts) < len(v.rule_choice(c).options):
                    out.append(f"  {c} = {' | '.join(opts)}")
            for combo in combinations:
                out.append(f"  or: {_describe(combo)}" if combo is not combinations[0] else f"  one of: {_describe(combo)}")
        if self.unproven:
            shown = ", ".join(map(str, self.unproven[:10])) + (", …" if len(self.unproven) > 10 else "")
            out.append(f"not proved at {len(self.unproven)} {'ply' if len(self.unproven) == 1 else 'plies'} ({shown}): "
                       "there, choices that might act together were asked one option at a time")
        return out


def _describe(options: Options) -> str:
    return ", ".join(f"{c}={'|'.join(o)}" for c, o in options.items())


class _Shown(Enum):
    """What the board and a few questions show of a ply under another rule set (:meth:`_Group.alike`)."""

    ALIKE = "played alike"
    OTHERWISE = "played otherwise"
    SAME_MOVE = "the same move, leaving the same position, and it loses; whether another move does not is not shown"
    UNKNOWN = "not shown"


@dataclass(frozen=True)
class _Result:
    """What one ply did under one rule set: a refusal (its reason), or the move and the state after it."""

    legal: bool
    reason: str = ""
    state: tuple[Any, ...] = ()
    over: bool = False
    """A refusal because the game was over before the ply."""
    end: str = ""
    """Where the game was over, why (:attr:`~shogi_rules.engine.outcome.Outcome.reason`)."""
    burnt: Move | None = None
    """Where the text names a legal move and is refused for the burns it lists
    (:class:`~shogi_rules.model.errors.BurnsError`), that move: what it burns was read."""


class _Group:
    """Rule sets that have played the record alike so far: a set of them (``options``), one of them
    (``rules``) and the position it reached. ``mirrors`` are the same position under rule sets whose
    pieces are numbered otherwise, kept in step (made when first needed)."""

    def __init__(self, options: Options, rules: RuleSet, player: _Replayer, fen: str | None,
                 mirrors: dict[tuple[str, ...], Position] | None = None):
        self.options = options
        self.rules = rules
        self.player = player
        self.fen = fen
        self.mirrors = mirrors if mirrors is not None else {}
        if getattr(player.pos, "_legal", None) is None:
            player.pos._legal = {}
        self.legal: dict[int, dict[Any, Any]] = {_generation(rules): player.pos._legal}
        """The legal moves the group's positions keep, per generation key (:func:`_under`): those of the group's own
        rule set are its position's."""
        self.boards: dict[int, tuple[Ply, bool]] = {}
        """By the hash of a board, a ply seen from it (``False``) or that left it (``True``): :meth:`ply` takes the
        squares of each piece code from there."""
        self.witnesses: dict[tuple[RuleSet, int], Move] = {}
        """For a rule set and a side, the last move found to show that the game goes on under it (tried again first: the
        same move often shows it again two plies later)."""
        self.losses: dict[tuple[RuleSet, Move], int] = {}
        """In the group's position, moves that :meth:`alike` found to lose under a rule set, with the square of the
        piece that would take after each: where :meth:`differs` then asks whether the game goes on there, they are not
        played again (and that piece is asked first after each move tried). Emptied at each ply."""
        self.mated: dict[RuleSet, dict[Move, int]] = {}
        """In the group's position, the rule sets under which :meth:`differs` found a mate, with a taker for every
        legal move: where one of them is split off and plays the ply itself, the mate is not proved again. Emptied at
        each ply."""
        self.course = 0
        """A fingerprint of the moves played and the positions they left (:func:`_rejoined` compares two groups' courses
        in full only where these agree)."""
        self.alone = False
        """Whether the ply being split asked some choices that might change it together option by option only (more
        combinations than :data:`_PLAYED_TOGETHER` or :data:`_PLAYED_SHARING` to play whole):
        :attr:`RecordCheck.unproven`."""

    def _numbered_as(self, rs: RuleSet) -> Position:
        """The group's position, or its mirror whose pieces are numbered as under ``rs``."""
        pos = self.player.pos
        layout = _layout(rs)
        if layout == _layout(self.rules):
            return pos
        mirror = self.mirrors.get(layout)
        if mirror is None:  # play the same moves under rs
            mirror = _start(rs, self.fen)
            for move in pos.move_stack:
                mirror.push(move)
            self.mirrors[layout] = mirror
        return mirror

    def play(self, rs: RuleSet, text: str, hints: tuple[Move, ...] = (),
             proof: dict[Move, int] | None = None) -> tuple[_Result, Move | None, Move | None]:
        """The ply ``text`` under ``rs`` from the group's position (which stays as it is). ``proof``: as
        :func:`_quiet` has it (where :meth:`differs` found the mate under ``rs``, its proof)."""
        mate = self.mated.get(rs)
        if mate is not None:
            pos = self._numbered_as(rs)
            over = Outcome(pos.turn ^ 1, "checkmate")
            if proof is not None:
                proof.update(mate)
            return _Result(False, _refusal(pos, over), over=True, end=over.reason), None, None
        if rs is self.rules:
            return _play(self.player, text, hints, proof=proof)
        with self._as(rs) as player:
            return _play(player, text, hints, proof=proof)

    def refusal(self, rs: RuleSet, text: str, part: _Result) -> str:
        """The words in which ``rs`` refuses the ply ``text``, where the rule sets of a part that ``rs`` is one of
        refuse it (``part``: the result under one of them). Where the game was over there, as :meth:`play` finds them;
        else the game goes on under each rule set of the part (the split asked that of each), so that only the text is
        read, not every legal move looked through for one that shows the game goes on."""
        if not part.over:
            with self._as(rs) as player:
                try:
                    parse_move(player.pos, text, narrow=True)
                except ShogiRulesError as exc:
                    return str(exc)
        return self.play(rs, text)[0].reason

    def differs(self, rs: RuleSet, text: str, base: _Result, hints: tuple[Move, ...],
                lost: _Lost | None, same: bool = False,
                goes_on: bool = False, proof: dict[Move, int] | None = None) -> tuple[bool, Move | None]:
        """:func:`_differs` under ``rs`` from the group's position (which stays as it is). Where a mate was found under
        ``rs`` at this ply already and the game is over under the other rule set too, the two reasons are compared
        (``proof`` takes the mate's)."""
        if rs in self.mated and base.over:
            return self.play(rs, text, proof=proof)[0].reason != base.reason, None
        losing = {m: taker for (r, m), taker in self.losses.items() if r is rs}
        found: dict[Move, int] = {} if proof is None else proof
        with self._as(rs) as player:
            answer = _differs(player, text, base, hints, lost, same, goes_on, found, losing)
        if lost is None and _MATE in found:  # (every legal move named: kept for a split that plays the ply under rs)
            self.mated[rs] = found
        return answer

    @contextmanager
    def _as(self, rs: RuleSet) -> Iterator[_Replayer]:
        """The group's position played under ``rs`` for a while (its mirror where ``rs`` numbers the pieces
        otherwise)."""
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            yield _Replayer(pos, self.player.seen)

    def reach(self, rs: RuleSet, text: str, options: Options) -> Reach | None:
        """What the reach of the pieces that ``text`` names tells of how the rule sets of ``options`` (``rs`` one of
        them) read it (:func:`~shogi_rules.notation.moves.reach`, under :func:`_reach_tables`)."""
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            return reach(pos, text, _reach_tables(rs, options))

    def carried(self, rs: RuleSet, choice: str, proof: Mapping[Move, int]) -> Callable[[Move], bool] | None:
        """A test that says which moves lose under ``rs`` with another option of ``choice`` because they lose
        under ``rs`` (``proof``, what a mate test under ``rs`` found in the group's position:
        :func:`~shogi_rules.engine.parting.carried_losses`)."""
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            return carried_losses(pos, proof, difference(rs, choice))

    def every_loss(self, rs: RuleSet, found: Mapping[Move, int], own: Mapping[Move, int]) -> dict[Move, int] | None:
        """A mate found under ``rs`` (``found``: a taker for each move played) with the moves it did not play
        because they lose as under the rule set of the group's ply (``own``, its mate: the same taker; see
        :func:`~shogi_rules.engine.parting.carried_losses`): a taker for every legal move (``None`` where ``own``
        names none for a move)."""
        if found is own:
            return dict(own)
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            rest = [m for m in pos.legal_moves() if m not in found]
        if any(m not in own for m in rest):
            return None
        return {**{m: own[m] for m in rest}, **found}

    def mate_links(self, rs: RuleSet, choices: list[str],
                   proof: Mapping[Move, int]) -> tuple[dict[str, frozenset[int]], set[frozenset[str]],
                                                       dict[Move, frozenset[str]]] | None:
        """At a mate under ``rs`` (``proof``: a taker for every legal move, :meth:`every_loss`), for each of ``choices``
        the squares of the pieces whose legal moves its options may change; the pairs of choices that must be
        asked together; and for each move of ``proof``, the choices that touch it (below). Pairs: two that may change
        the legal moves of one piece (one gives it a move, the other frees it), and two that may each change what one
        move of ``rs``'s leaves or what takes after it, where it is legal
        (:func:`~shogi_rules.engine.parting.carried_losses`: those touch it). ``None`` where the board cannot tell for
        some choice. Where one choice changes a piece's legal moves and another only what they leave (the switches
        of burning, :func:`~shogi_rules.engine.parting.moving_differently`), each move asked under the first is asked
        of the second (:meth:`mate_checks`).

        Why the rest may be asked apart: a move legal under a combination of options is made by a piece whose legal
        moves the options of one part at most may change; it is legal under that part's options alone (with ``rs``'s
        for the others), and leaves the same position. Where it loses there, and the other parts' options change
        neither what it leaves nor what takes after it (:meth:`mate_checks`), it loses under the combination."""
        pos = self._numbered_as(rs)
        legal: dict[str, frozenset[int]] = {}  # the pieces whose legal moves each choice may change
        carried: dict[str, Callable[[Move], bool]] = {}
        with _under(pos, rs, self.legal):
            diffs = {c: difference(rs, c) for c in choices}
            own: dict[str, frozenset[int]] = {}  # the pieces whose own moves a choice may change
            for c in choices:
                found = moving_differently(pos, diffs[c], self.player.seen, own=True)
                if found is None:
                    return None
                own[c] = found
            moved = frozenset().union(*own.values())
            reaching = tuple(x for c in choices for x in diffs[c].tables)
            for c in choices:
                diff = diffs[c]
                found = moving_differently(pos, diff, self.player.seen, moved, reaching)
                lost = carried_losses(pos, proof, diff)
                if found is None or lost is None:
                    return None
                carried[c] = lost
                # (the switches of burning change the legal moves of the pieces counted as their own only; any other
                # choice may change those of every piece it names, by promotion or a ban on repetition too)
                legal[c] = own[c] if diff.burning else found
        pairs = {frozenset((a, b)) for a, b in combinations(choices, 2) if not legal[a].isdisjoint(legal[b])}
        # (a move of rs's that a choice may make illegal is asked only where it is legal: carried_losses says whether
        # it loses there)
        touched: dict[Move, frozenset[str]] = {}
        for m in proof:
            if m is not _MATE:
                touching = [c for c in choices if not carried[c](m)]
                touched[m] = frozenset(touching)
                pairs.update(frozenset(p) for p in combinations(touching, 2))
        return legal, pairs, touched

    def mate_checks(self, moving: Mapping[str, frozenset[int]], together: list[list[str]],
                    proofs: Iterable[tuple[Mapping[str, str], RuleSet, Mapping[Move, int]]],
                    fixed: Mapping[str, str] = {}, touched: Mapping[Move, frozenset[str]] = {},
                    known: Container[frozenset[str]] = ()) -> set[frozenset[str]]:
        """The pairs of choices to ask together that :meth:`mate_links` did not find: for a mate found under a
        combination of options of one part of ``together`` (its choices; each other choice of ``moving`` a part of
        its own), a choice of another part whose options might change what one of its moves leaves, or what takes
        after it (:func:`~shogi_rules.engine.parting.carried_losses`). Moves made by a piece whose legal moves another
        part may change (``moving``, as :meth:`mate_links` has it) are that part's to prove; a move of the mate that
        :meth:`mate_links` asked (``touched``: the choices that touch each) and that no choice of the part touches
        leaves the same position, taken by the same piece, under the part's options as there: what another part does to
        it was asked there. ``fixed``: options that every combination asked takes (not ``moving``'s choices); ``known``:
        pairs already to be asked together (not asked again)."""
        part_of = {c: c for c in moving}
        for t in together:
            part_of.update((c, t[0]) for c in t)
        pairs: set[frozenset[str]] = set()
        for changes, other, found in proofs:
            first = next(c for c in changes if c not in fixed)
            outside = [d for d in moving if part_of[d] != part_of[first]]
            asked = [d for d in outside if frozenset((first, d)) not in pairs and frozenset((first, d)) not in known]
            if not asked:
                continue
            inside = frozenset(d for d in moving if part_of[d] == part_of[first])
            elsewhere = frozenset().union(*(moving[d] for d in outside))
            mine = [m for m in found if m is not _MATE and m.origin not in elsewhere
                    and not (m in touched and touched[m].isdisjoint(inside))]
            pos = self._numbered_as(other)
            with _under(pos, other, self.legal):
                for d in asked:
                    lost = carried_losses(pos, found, difference(other, d))
                    if lost is None or not all(lost(m) for m in mine):
                        pairs.add(frozenset((first, d)))
        return pairs

    def ply(self, rs: RuleSet, move: Move, witness: bool = False) -> Ply:
        """``move`` (legal under ``rs``) from the group's position, as :class:`~shogi_rules.engine.parting.Ply`
        sees it under ``rs`` (whether it leaves a royal piece attacked too, where a choice of the group's
        turns the check rules on and off; ``witness``: a move that shows that the game goes on, not the record's)."""
        pos = self._numbered_as(rs)
        exposure = any(len(self.options[c]) > 1 for c in _checking(rs))
        # where the pieces stand by code, as a ply seen before left this board or found it (read once a board)
        known = self.boards.get(pos.hash)
        by_code = None
        if known is not None and (known[0].board_after if known[1] else known[0].board_before) == pos.board:
            by_code = known[0].every_after if known[1] else known[0].every_before
        if rs is self.rules:  # (the group's position is played under its own rule set)
            ply = Ply(pos, move, self.player.seen, exposure, by_code, witness, steady_codes(rs))
        else:
            with _under(pos, rs, self.legal):
                ply = Ply(pos, move, self.player.seen, exposure, by_code, witness, steady_codes(rs))
        if len(self.boards) > 16:
            self.boards.clear()
        self.boards.setdefault(pos.hash, (ply, False))
        self.boards[ply.hash_after] = (ply, True)
        return ply

    def shows_alike(self, rs: RuleSet, witness: Move, options: Options, choices: list[str]) -> bool:
        """Whether ``witness``, a move that shows under ``rs`` that the game goes on, shows it under every option of
        ``options`` for each of ``choices`` as well: told from the board where it can
        (:func:`~shogi_rules.engine.parting.may_part`), else by testing the attacks on the mover's royal pieces that
        might differ, where the move may be read otherwise first asking whether it is legal there and leaves the same
        position (:meth:`alike`). Each choice's options are asked alone, but where two choices might change the move
        together (:func:`~shogi_rules.engine.parting.entangled`: say both change how it is read): then each
        combination of the options of the choices so linked is asked (not shown where they are more than
        :data:`_PLAYED_TOGETHER`), as :func:`_split` asks a ply's."""
        ply = self.ply(rs, witness, witness=True)
        pos = self._numbered_as(rs)
        asked: dict[str, Parting] = {}
        for c in choices:
            parting = may_part(ply, difference(rs, c))
            if parting is not None:
                if parting.play:
                    return False
                asked[c] = parting
        linked = _entangled(asked)
        together = {c for part in linked for c in part}
        for c, parting in asked.items():
            if c in together:
                continue
            for o in options[c]:
                if o == rs.choices[c]:
                    continue
                if parting.reread or parting.after or parting.bare:  # legal there, leaving the same position, not
                    # losing, and the game not over there before it?
                    if self.alike(rs, {c: o}, None, None, ply) is not _Shown.ALIKE:
                        return False
                    continue
                other = _with(rs, c, o)
                if _layout(other) != _layout(rs):
                    return False
                threats = _threats(other, ply, parting)
                if not threats:
                    continue
                with _under(pos, other, self.legal):
                    us = pos.turn
                    pos.push(witness)
                    try:
                        if royals_left(pos, us ^ 1) and royal_capture(pos, us, every=True, among=threats):
                            return False
                    finally:
                        pos.pop()
        for part in linked:
            if math.prod(len(options[c]) for c in part) > _PLAYED_TOGETHER:
                return False
            for picked in product(*(options[c] for c in part)):
                changes = {c: o for c, o in zip(part, picked) if o != rs.choices[c]}
                if changes and self.alike(rs, changes, None, None, ply) is not _Shown.ALIKE:
                    return False
        return True

    def refuses_alike(self, rs: RuleSet, choice: str, option: str, refusal: _Result, parent: Move | None,
                      named: frozenset[int] | None, reached: Reach | None, witness: Ply) -> _Shown:
        """What is shown of ``rs`` with ``option`` for ``choice`` reading a ply that ``rs`` refuses (``refusal``), while
        the game goes on, as ``witness``, a move that does not lose, shows there (whether it goes on under the option
        is asked apart). What the board shows holds of the option together with options of other choices so shown:
        each leaves untouched what the text reads.

        What burns is read only where a move matches the text and is refused for the burns it lists
        (``refusal.burnt``); where no move matches, the text is read from the legal moves alone. The option refuses
        the text alike (:attr:`_Shown.ALIKE`) where it has the same legal moves in every position
        (:func:`~shogi_rules.engine.movegen.generation_key`) and what burns is not read. A bare-king rule only ends
        games (asked apart). A choice of when pieces promote, or of a ban on repeating a position, is asked on: only
        where no move the text might name (``reached``) could promote, or recreate a position seen before
        (:func:`_may_promote`, :func:`_may_repeat`). Else, where the set that ``rs`` was split from read the same text
        as ``parent``, a choice that changes how some pieces move or act is shown alike where none of them makes
        ``parent`` or stands near its squares. Else, where the text names its mover by a kind whose pieces alone are
        read (``named``, their codes: a narrow reading of Western notation), a choice that changes how some pieces
        move or act (where what burns is read, not how any piece burns or paralyses): none of them is of the kind
        named, and no piece paralyses under one option and not under another next to a piece of that kind (which
        would change which pieces the text could name). Of the switches of burning and paralysis (a named kind only),
        those that leave the named pieces' moves as they are: the clash of paralysing pieces only where a piece of the
        kind named stands next to one of the opponent's that paralyses, and whether a Fire Demon may capture only
        where the named pieces burn. In games with check, only an option with the same legal moves in every position
        is shown alike (whether a move leaves a royal piece attacked depends on every piece of the opponent's)."""
        other = _with(rs, choice, option)
        if _generation(other) == _generation(rs) and refusal.burnt is None:
            return _Shown.ALIKE
        if witness.check_rules:  # whether the move named leaves a royal piece attacked: any piece may tell
            return _Shown.UNKNOWN
        diff = difference(rs, choice)
        if any(getattr(diff, f) for f in ("everywhere", "royal_forms", "drops", "capture_promotion", "lions",
                                          "conversion", "check_rules")):
            return _Shown.UNKNOWN
        if (diff.kinds or diff.burning) and _may_take_lion(self._numbered_as(rs), diff, reached):
            return _Shown.UNKNOWN  # (whether a Lion may be taken reads what protects it: how every piece moves)
        if diff.promotion or diff.repetition:
            pos = self._numbered_as(rs)
            if reached is None or (diff.promotion and _may_promote(pos, rs, choice, reached) and
                                   not self._ends_unreached(rs, choice, reached)) or \
                    (diff.repetition and _may_repeat(pos, self.player.seen if pos is self.player.pos else
                                                     pos.hash_history, reached)):
                return _Shown.UNKNOWN
        known = known_codes(witness.tables, diff)
        if known is None:
            return _Shown.UNKNOWN
        board = self._numbered_as(rs).board
        kinds = known.differing(on(board))
        if parent is not None and not diff.delayed_burn and not known.paralysis_differs:
            mover = board[parent.origin] if parent.origin is not None else 2 * (parent.drop or 0) + witness.us
            if mover not in kinds and not near(witness, parent, known.powers):
                return _Shown.ALIKE
        if named is None:
            return _Shown.UNKNOWN
        elif refusal.burnt is not None:  # what it burns is read too: alike where no piece burns or paralyses otherwise
            if diff.burning or diff.delayed_burn or known.powers or known.paralysis_differs or \
                    not named.isdisjoint(kinds):
                return _Shown.UNKNOWN
        elif diff.burning:  # only what the named pieces may do: capture, where they burn, and move, where they clash
            if ("tetrarchs.clash" in diff.burning and self._paralysed_near(rs, named, known.immobilisers)) or \
                    ("fire_demon.capture" in diff.burning and not named.isdisjoint(known.burners)):
                return _Shown.UNKNOWN
        elif diff.delayed_burn or (known.paralysis_differs and self._paralysed_near(rs, named, known.immobilisers)):
            return _Shown.UNKNOWN
        elif not named.isdisjoint(kinds) and not self._barred_to_emperors(rs, named, known, reached):
            return _Shown.UNKNOWN
        return _Shown.ALIKE

    def _ends_unreached(self, rs: RuleSet, choice: str, reached: Reach) -> bool:
        """Whether no move under ``rs`` of a piece that might make a refused text (``reached``) ends where the text does,
        before the filters that come after generation (a ban on repeating a position reads what a promotion leaves),
        and none of those pieces could be left unable to move there under an option of ``choice`` (a choice of when
        pieces promote, which changes no piece's row): the options change which of a piece's moves promote, not where
        they go, so that the text names no move under any of them and is refused in the same words
        (:func:`~shogi_rules.notation.western.explain` reads where the pieces' moves end)."""
        diff = difference(rs, choice)
        if diff.kinds:
            return False
        pos = self._numbered_as(rs)
        board = pos.board
        if any(not t.promotion_dead[board[sq]].isdisjoint(reached.ends)
               for sq, _ in reached.reaching for t in (rs.tables, *diff.bound)):
            return False
        with _under(pos, rs, self.legal):
            return all(m.target not in reached.ends
                       for m in general_board_moves(pos, None, [sq for sq, _ in reached.reaching]))

    def _barred_to_emperors(self, rs: RuleSet, named: frozenset[int], known: Known, reached: Reach | None) -> bool:
        """Whether the pieces named (``named``, the side to move's) are Emperors whose own moves are alike under every
        option (:attr:`~shogi_rules.engine.parting.Known.emperors`: they go where no enemy protects, so that they move
        otherwise only where a piece whose moves differ protects), and every square where a reading of the text ends
        (``reached``) is barred to each of them alike: it holds a piece of the mover's, or one of the opponent's pieces
        whose moves are alike attacks it (with the Emperor off its square, as the Emperor's rule counts), and it is not
        an empty square that the Emperor may enter although attacked (Evans' reading). The options change only the
        moves of the other pieces, so the square is barred under each, and no Emperor's move matches the text under
        any: it is refused in the same words (:func:`~shogi_rules.notation.western.explain`)."""
        if reached is None or not named <= known.emperors:
            return False
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            board, us = pos.board, pos.turn
            open_empty = pos.variant.switches.emperor.destinations == "unprotected-capture"
            for origin in (sq for sq, code in enumerate(board) if code in named):
                attacked = attacked_squares(pos, us ^ 1, without=origin, leaving_out=known.kinds)
                for end in reached.ends:
                    held = board[end]
                    if not (held and held & 1 == us) and (end not in attacked or (open_empty and not held)):
                        return False
        return True

    def _paralysed_near(self, rs: RuleSet, named: frozenset[int], paralysers: frozenset[int]) -> bool:
        """Whether a piece of the codes ``named`` (the side to move's) stands next to one of the opponent's of the codes
        ``paralysers`` (those that paralyse under some option): only there may a choice of paralysis, or of what
        paralysing pieces do to each other, change what such a piece may do."""
        pos = self._numbered_as(rs)
        board = pos.board
        neighbours = pos.geometry.neighbours
        return any(board[n] in paralysers and board[n] & 1 != code & 1
                   for sq, code in enumerate(board) if code in named for n in neighbours[sq])

    def named(self, rs: RuleSet, text: str) -> frozenset[int] | None:
        """The codes of the side to move's pieces whose moves alone a narrow reading of ``text`` under ``rs``
        looks at (:func:`~shogi_rules.notation.moves.named_types`), or ``None``."""
        pos = self._numbered_as(rs)
        with _under(pos, rs, self.legal):
            types = named_types(pos, text)
        return None if types is None else frozenset(2 * tid + pos.turn for tid in types)

    def alike(self, rs: RuleSet, changes: Mapping[str, str], text: str | None, base: _Result | None, ply: Ply,
              goes_on: bool = False) -> _Shown:
        """What is shown of ``rs`` with the options ``changes`` (by choice: one, or several whose options are asked
        together) playing the ply ``text``, where ``rs`` plays it legally (``base``, seen by
        :class:`~shogi_rules.engine.parting.Ply` as ``ply``) and its move shows there that the game goes on: by the
        board (:func:`~shogi_rules.engine.parting.may_part`), and where that is not enough by reading the move
        again under the other rule set and testing the attacks on the mover's royal pieces that might differ (and,
        where a side may be bare, asking whether the other rule set's bare-king rule ends the game first).
        ``goes_on``: the game is known to go on under the other rule set (another move shows it), so that only the
        reading of the move and the position it leaves are asked (the move itself may lose).

        With no ``text`` (and no ``base``), ``ply`` is a move that shows under ``rs`` that the game goes on, and the
        question is whether it shows that under the other rule set too: legal there (where it is asked again),
        leaving the same position as under ``rs``, and not losing (:attr:`_Shown.ALIKE`); legal and leaving the same
        position, but losing (:attr:`_Shown.SAME_MOVE`); else :attr:`_Shown.UNKNOWN` (it says nothing of the ply)."""
        parting = None
        for c in changes:
            found = may_part(ply, difference(rs, c))
            if found is not None:
                parting = found if parting is None else joined(parting, found)
        if parting is None:
            return _Shown.ALIKE
        if parting.play:
            return _Shown.UNKNOWN
        other = _combined(rs, changes)
        if _layout(other) != _layout(rs):
            return _Shown.UNKNOWN
        if parting.bare and self._bare_ends(other):
            return _Shown.UNKNOWN  # (the game is over there before the move: played, to give the reason)
        threats = [] if goes_on else _threats(other, ply, parting)
        if not parting.reread and not parting.after and not threats:
            return _Shown.ALIKE
        move = ply.move
        pos = self._numbered_as(rs)
        if text is None:
            with _under(pos, rs, self.legal):
                state = _state_after(pos, move)
            otherwise = _Shown.UNKNOWN
        else:
            assert base is not None
            state, otherwise = base.state, _Shown.OTHERWISE
        # the same legal moves in every position, and no burns written to check: the text names the same move
        named = parting.reread and (text is None or _generation(other) != _generation(rs) or _lists_burns(text))
        with _under(pos, other, self.legal):
            if named:
                if text is None:
                    if not _legal_here(pos, move):
                        return otherwise
                else:
                    try:
                        again = parse_move(pos, text, narrow=True)
                    except ShogiRulesError:
                        return otherwise  # refused there
                    if again != move:
                        return otherwise
            us = pos.turn
            pos.push(move)
            try:
                if (parting.reread or parting.after) and (move, pos.hash, pos.lion_capture,
                                                          pos.halfmove_clock) != state:
                    return otherwise
                taker: list[int] = []
                if threats and royals_left(pos, us ^ 1) and royal_capture(pos, us, every=True, among=threats,
                                                                          first=taker):
                    self.losses[other, move] = taker[0]
                    return _Shown.SAME_MOVE  # the move loses there: whether another move does not is asked
                return _Shown.ALIKE
            finally:
                pos.pop()

    def _bare_ends(self, other: RuleSet) -> bool:
        """Whether the bare-king rule of ``other`` (one that reads only the board and who moves:
        :func:`~shogi_rules.model.mechanisms.bare_king.board_verdict`) ends the game in the group's position."""
        pos = self._numbered_as(other)
        with _under(pos, other, self.legal):
            return bare_king.board_verdict(pos) is not None

    def fork(self, options: Options, rs: RuleSet) -> _Group:
        """A copy of the group, for the rule sets ``options`` (``rs`` one of them)."""
        pos = self._numbered_as(rs).copy()
        pos._legal = {}
        _set_fields(pos, _rule_fields(rs).items())
        fork = _Group(options, rs, _Replayer(pos, Counter(self.player.seen)), self.fen,
                      {k: m.copy() for k, m in self.mirrors.items()})
        fork.witnesses = dict(self.witnesses)
        fork.course = self.course
        return fork

    def push(self, move: Move) -> None:
        self.player.push(move)
        self.course = hash((self.course, move, self.player.pos.hash))
        self.losses.clear()
        self.mated.clear()
        for mirror in self.mirrors.values():
            mirror.push(move)


def _checking(rs: RuleSet) -> tuple[str, ...]:
    """The choices whose options turn the check rules on and off, under ``rs`` (:attr:`Difference.check_rules`; kept:
    a record check asks at every ply)."""
    found = _CHECKING.get(rs)
    if found is None:
        found = _CHECKING[rs] = tuple(c.id for c in rs.base.rule_choices if difference(rs, c.id).check_rules)
    return found


_CHECKING: dict[RuleSet, tuple[str, ...]] = {}


def _threats(other: RuleSet, ply: Ply, parting: Parting) -> list[int]:
    """Of the squares ``parting.threats`` after ``ply`` (played alike under ``other``: the same move, leaving the same
    position), those of the opponent's pieces that might take a royal piece of the mover's under ``other``: that reach
    one along their lines, or could by their special moves."""
    fields = _rule_fields(other)
    tables = fields["tables"]
    after = ply.board_after
    threats = [sq for sq in parting.threats if tables.reach_mask(after[sq], sq) & ply.royals]
    return may_take_royal(tables, fields["variant"], after, ply.us, threats, ply.royal_squares,
                          ply.royal_near if tables.any_burner else None) if threats else threats


_FIELDS: dict[RuleSet, dict[str, Any]] = {}


@contextmanager
def _under(pos: Position, rs: RuleSet, kept: dict[int, dict[Any, Any]]) -> Iterator[Position]:
    """``pos`` played under ``rs`` for a while: its rule fields replaced, and put back after. The legal moves it keeps
    meanwhile are those of ``kept`` under the generation key of ``rs`` (:func:`_generation`: rule sets with one key
    have the same legal moves), so that what one of them generated serves the others."""
    fields = _rule_fields(rs)
    saved = [(k, getattr(pos, k)) for k in fields]
    legal = getattr(pos, "_legal", None)
    _set_fields(pos, fields.items())
    pos._legal = kept.setdefault(_generation(rs), {})
    try:
        yield pos
    finally:
        _set_fields(pos, saved)
        if legal is None:
            del pos._legal
        else:
            pos._legal = legal


def _ends_alike(rs: RuleSet, end: str, diff: Difference) -> bool:
    """Whether a game found over under ``rs`` for the reason ``end`` is over alike, for the same reason and with the
    same winner, under every option of a choice that differs in ``diff``: where the reason is
    told by the board before any move is looked at (:func:`~shogi_rules.engine.outcome.outcome`'s order), and the
    options leave what it reads as it is. A royal piece taken: the board alone. A bare king under Adams' rule or the
    Heian games' (the sides' pieces alone), or under lishogi's (asked before whether a side can move; it reads
    whether the bare royal piece could take the other's, so a choice that changes how a royal piece moves, or what
    protects an Emperor, is played). Not a choice of bare-king rules, of drops or check, or one that numbers the pieces
    otherwise."""
    if diff.everywhere or diff.royal_forms or diff.bare_king or diff.drops or diff.check_rules:
        return False
    if end == "royal-captured":
        return True
    if end not in ("bare-king", "bare-kings"):
        return False
    rule = rs.variant.switches.bare_king.rule
    if rule in bare_king.LONE_KING_RULES:
        return True
    if rule not in bare_king.ATTACK_RULES or not bare_king.rule_precedes_no_move(rule):
        return False
    known = known_codes(rs.tables, diff)
    return known is not None and not moves_royals(rs.tables, known)


def _may_promote(pos: Position, rs: RuleSet, choice: str, reached: Reach) -> bool:
    """Whether a move that a text refused in ``pos`` under ``rs`` might name under an option of ``choice`` (which
    changes when pieces promote) might promote under some option, as
    :func:`~shogi_rules.model.mechanisms.promotion.promotion_choice` has it: where a piece that might make it
    (``reached``) promotes, and where it stands, where the text ends or a square its path may hold lies in the
    promotion zone under an option, or the text ends where it could move no further (a forced promotion).
    Where an option promotes on any capture (not a zone's rule), always. Elsewhere each option reads such a move as a
    plain move, as ``rs`` does."""
    if any(_with(rs, choice, o.id).variant.promotion == "capture" for o in rs.base.rule_choice(choice).options):
        return True
    us = pos.turn
    every = (rs.tables, *difference(rs, choice).bound)
    for sq, path in reached.reaching:
        code = pos.board[sq]
        for t in every:
            if t.promotes[code] and (any(t.zone[us][s] for s in (sq, *reached.ends, *path))
                                     or not t.promotion_dead[code].isdisjoint(reached.ends)):
                return True
    return False


def _may_take_lion(pos: Position, diff: Difference, reached: Reach | None) -> bool:
    """Whether, under the Lion-trading rules, a move that a text refused in ``pos`` might name might take a Lion (of any
    option's tables, ``diff``'s): where it ends, or on its way (``reached``; ``None``: anywhere)."""
    if not pos.lion_rules:
        return False
    if reached is None:
        return True
    lions = lions_of((pos.tables, *diff.bound))
    them = pos.turn ^ 1
    board = pos.board
    squares = [*reached.ends, *(s for _, path in reached.reaching for s in path)]
    return any(board[s] in lions and board[s] & 1 == them for s in squares)


def _may_repeat(pos: Position, seen: Container[int], reached: Reach) -> bool:
    """Whether a move that a text refused in ``pos`` might name might recreate a position seen before (``seen``, the
    hashes of the game's positions): what a ban on repetition reads. Only a move that leaves every piece as it was but
    the mover, moved to an empty square or back to its own, can, in a game without drops (a capture or a burn leaves
    fewer pieces than any position seen, a promotion one more promoted piece than any seen with as many pieces). Told
    by the hash of the position that each piece of ``reached`` would leave so."""
    if pos.variant.drops or pos.lion_capture is not None:
        return True
    t = pos.tables
    board = pos.board
    turned = pos.hash ^ t.z_side
    for sq, _ in reached.reaching:
        code = board[sq]
        for end in reached.ends:
            if end == sq:
                after = turned
            elif board[end]:
                continue
            else:
                after = turned ^ t.z_board[code][sq] ^ t.z_board[code][end]
            if after in seen:
                return True
    return False


def _reach_tables(rs: RuleSet, options: Options) -> list[tuple[Tables, frozenset[str] | None]]:
    """The tables under which the rule sets of ``options`` (``rs`` one of them) move their pieces, for
    :func:`~shogi_rules.notation.moves.reach`: those of each option of each choice other than ``rs``'s own, asked
    of the kinds whose rows the choice changes (a combination of options takes each field of a row from the one
    choice that sets it, as :func:`~shogi_rules.engine.parting.difference` holds to). A choice that may change every
    row is asked of every kind, under each of its options with the other choices as ``rs`` has them."""
    tables: list[tuple[Tables, frozenset[str] | None]] = []
    for c, opts in options.items():
        if len(opts) > 1:
            diff = difference(rs, c)
            if diff.everywhere or diff.royal_forms:  # (royal forms: the options number the pieces otherwise)
                tables += [(_with(rs, c, o).tables, None) for o in opts if o != rs.choices[c]]
            else:
                ids = [o.id for o in rs.base.rule_choice(c).options]
                tables += [(t, diff.kinds) for o, t in zip(ids, diff.tables) if o in opts and o != rs.choices[c]]
    return tables


def _set_fields(pos: Position, fields: Iterable[tuple[str, Any]]) -> None:
    """Set a position's attributes one by one (not through ``__dict__``, which would slow every later read of an
    attribute)."""
    for k, v in fields:
        setattr(pos, k, v)


def _lists_burns(text: str) -> bool:
    """Whether a move's text says what it burns (Western notation's ``x!…`` and ``*``: read against what the
    move burns under the rule set, not only against the legal moves)."""
    return "x!" in text or text.rstrip().endswith("*")


def _rule_fields(rs: RuleSet) -> dict[str, Any]:
    """:meth:`Position.rule_fields` of ``rs`` (kept: the search asks for the same ones at every ply)."""
    fields = _FIELDS.get(rs)
    if fields is None:
        fields = _FIELDS[rs] = Position.rule_fields(rs)
    return fields


_GENERATIONS: dict[RuleSet, int] = {}
_GENERATION_KEYS: dict[tuple[object, ...], int] = {}


def _generation(rs: RuleSet) -> int:
    """What move generation reads of ``rs`` (:func:`~shogi_rules.engine.movegen.generation_key`), had without
    compiling its tables (rule sets with the same key share them, and so number the pieces alike), as a number:
    the same for the same key (the key, which holds every piece's row, is hashed once per rule set)."""
    number = _GENERATIONS.get(rs)
    if number is None:
        key = generation_key(rs.variant, lion_trading.active(rs.base))
        number = _GENERATIONS[rs] = _GENERATION_KEYS.setdefault(key, len(_GENERATION_KEYS))
    return number


_LAYOUTS: dict[RuleSet, tuple[str, ...]] = {}


def _layout(rs: RuleSet) -> tuple[str, ...]:
    """The piece codes of ``rs`` by type number (rule sets alike here number a position's pieces alike)."""
    if rs not in _LAYOUTS:
        _LAYOUTS[rs] = tuple(t.code for t in rs.tables.types[1:])
    return _LAYOUTS[rs]


_NEIGHBOURS: dict[tuple[RuleSet, str, str], RuleSet] = {}


def _with(rs: RuleSet, choice: str, option: str) -> RuleSet:
    """``rs`` with ``option`` for ``choice`` (kept: the search asks for the same ones at every ply)."""
    key = (rs, choice, option)
    if key not in _NEIGHBOURS:
        _NEIGHBOURS[key] = RuleSet.of(rs, {choice: option})
    return _NEIGHBOURS[key]


_COMBINED: dict[tuple[RuleSet, tuple[tuple[str, str], ...]], RuleSet] = {}


def _combined(rs: RuleSet, changes: Mapping[str, str]) -> RuleSet:
    """``rs`` with the options ``changes`` (by choice; kept)."""
    if len(changes) == 1:
        return _with(rs, *next(iter(changes.items())))
    key = (rs, tuple(changes.items()))
    found = _COMBINED.get(key)
    if found is None:
        found = _COMBINED[key] = RuleSet.of(rs, changes)
    return found


def _play(player: _Replayer, text: str, hints: tuple[Move, ...] = (),
          proof: dict[Move, int] | None = None) -> tuple[_Result, Move | None, Move | None]:
    """The ply ``text`` under the player's rule set, without making it: the result, the move (if
    legal) and a move that showed the game was not over (see :func:`_quiet`; the ``hints``, such moves
    under other rule sets, are tried after the record's move). The move is looked for among the moves of
    the kind of piece it names only (a Western move: :func:`~shogi_rules.notation.western.parse_western`),
    not among every legal move. ``proof``: as :func:`_quiet` has it."""
    pos = player.pos
    move: Move | None = None
    error = ""
    burnt = None
    try:
        move = parse_move(pos, text, narrow=True)
    except ShogiRulesError as exc:
        error = str(exc)
        burnt = exc.move if isinstance(exc, BurnsError) else None
    over, witness = player.game_over(move, *hints, proof=proof)
    if over is not None:
        return _Result(False, _refusal(pos, over), over=True, end=over.reason), None, None
    if move is None:
        return _Result(False, error, burnt=burnt), None, witness
    return _Result(True, state=_state_after(pos, move)), move, witness


def _state_after(pos: Position, move: Move) -> tuple[Any, ...]:
    """What the legal ``move`` leaves in ``pos``, to compare with what it leaves under another rule set: the move, and
    the position after it (its hash, the lion-capture square and the move clock)."""
    pos.push(move)
    try:
        return move, pos.hash, pos.lion_capture, pos.halfmove_clock
    finally:
        pos.pop()


def _differs(player: _Replayer, text: str, base: _Result, hints: tuple[Move, ...],
             lost: _Lost | None, same: bool = False, goes_on: bool = False,
             proof: dict[Move, int] | None = None,
             losing: Mapping[Move, int] | None = None) -> tuple[bool, Move | None]:
    """Whether the ply ``text`` under the player's rule set has another result than ``base`` (what :func:`_play`
    gave under another rule set), and the move that showed the game goes on if one was found. Only what
    decides it is asked: where the game was over under the other rule set, whether it is over here (and
    why), not the text; where the text reads otherwise (a refusal against a move, other words, another move
    or another position after it), not whether the game is over. ``hints``: as :func:`_play` has them;
    ``lost``: as :func:`_quiet` has it. ``same``: the text is known to name base's move here, leaving the same
    position, and the move is known to lose here (only whether the game is over is asked, of the other moves).
    ``goes_on``: the game is known to go on here (only the text is asked: what it reads as, and the position after
    it). ``proof`` and ``losing``: as :func:`_quiet` has them."""
    pos = player.pos
    move: Move | None = None
    if same:
        move = base.state[0]
    elif not base.over:
        try:
            move = parse_move(pos, text, narrow=True)
        except ShogiRulesError as exc:
            if base.legal or str(exc) != base.reason:
                return True, None
        else:
            if not base.legal:
                return True, None  # legal here (or refused as too late), where base refused it as illegal
            if _state_after(pos, move) != base.state:
                return True, None
    if goes_on and not base.over:
        return False, None
    over, witness = player.game_over(None if same else move, *hints, proof=proof, lost=lost, losing=losing)
    if not base.over:
        return over is not None, witness
    return over is None or _refusal(pos, over) != base.reason, witness


Part = tuple[Options, RuleSet, _Result, "Move | None"]


def _reading(parting: Parting | None) -> Parting | None:
    """Of what ``parting`` asks of a move, what asks how it is read and what it leaves, and whether the game is over
    before it (not what the opponent's pieces could take after it); ``None`` where that is nothing."""
    if parting is None or not (parting.play or parting.reread or parting.after or parting.bare):
        return None
    return replace(parting, threats=frozenset()) if parting.threats else parting


class _GoesOn(NamedTuple):
    """What a split found of the position it asked: a move shows that the game goes on under ``rules``, and under
    ``rules`` with any options of ``options`` for the choices ``over`` (:meth:`_Group.shows_alike`)."""

    rules: RuleSet
    over: frozenset[str]
    options: Options

    def holds(self, other: RuleSet, options: Options, changes: Iterable[str]) -> bool:
        """Whether the game is known to go on under ``other`` with any options of ``options`` for the choices but
        ``changes`` (those ``other`` takes apart from the split's rule set): ``other`` is ``rules`` with options
        of ``over`` only, and every such choice of more than one option is one of ``over``, its options among
        those shown."""
        return all(o == self.rules.choices[c] or (c in self.over and o in self.options[c])
                   for c, o in other.choices.items()) and \
            all(c in self.over and all(o in self.options[c] for o in opts)
                for c, opts in options.items() if len(opts) > 1 and c not in changes)


def _split(group: _Group, options: Options, rs: RuleSet, text: str, parent: Move | None = None,
           read: bool = False, going_on: tuple[_GoesOn, ...] = ()) -> list[Part]:
    """The rule sets ``options`` of the group (``rs`` one of them) split by what the ply ``text`` does
    under them: ``(options, one rule set of them, the result, the move)``.

    ``rs`` plays the ply; so does each rule set that differs from it in one choice, unless the board
    shows that it cannot play the ply otherwise (:func:`~shogi_rules.engine.parting.may_part`: where
    the move is legal under ``rs`` and shows that the game goes on). Where two choices might change the ply
    together although each plays it alike alone (:func:`~shogi_rules.engine.parting.entangled`), every
    combination of their options is asked too. A choice whose options play the ply differently (alone, or
    combined with the other's) splits the set: its options that play it as ``rs`` does stay together, and each
    combination of the others is played in turn and split again by the other choices (an option under which the game
    is over before the move goes apart whole, with every option of the other choices). So is an option
    under which another move than ``rs``'s shows that the game goes on, unless that move shows it under
    every option of every other choice as well (:meth:`_Group.shows_alike`): two options that each leave
    a way out may leave none together. ``parent``: the move that a rule set of the set that was split to make
    ``options`` read in ``text``; where ``rs`` refuses it, the board may still show that a choice does not
    change the refusal (:meth:`_Group.refuses_alike`). ``read``: every rule set of ``options`` is known to read
    ``text`` as the same legal move, leaving the same position (the set was split off only because the move that
    shows that the game goes on under ``rs`` is another one): only whether the game goes on is asked. ``going_on``:
    what the splits that made this one found of the same position (the rule sets under which the game is known to
    go on: where only that is asked of an option, it is not asked again)."""
    proof: dict[Move, int] = {}  # the moves found to lose under rs, and what would take after each
    pos = group.player.pos
    prior = group.witnesses.get((rs, pos.turn))
    base, move, witness = group.play(rs, text, () if prior is None else (prior,), proof=proof)
    hints = [] if witness is None else [witness]
    alone: set[tuple[str, str]] = set()  # options split off for their witness only (below)
    everywhere: set[frozenset[tuple[str, str]]] = set()  # options under which a move found shows that the game goes on
    # under every option of every other choice (differs, below)
    known = list(going_on)  # the same, as rule sets, found here or by the splits that made this one
    # a mate under rs, in a game without drops or check, every move found to lose: the combinations of options are
    # asked in parts, each part's choices apart from the others' (see _Group.mate_links)
    mate = base.over and witness is None and not pos.variant.drops and not pos.variant.check_rules and _MATE in proof
    proofs: list[tuple[Mapping[str, str], RuleSet, dict[Move, int]]] = []  # the mates found under other options
    mates: dict[frozenset[tuple[str, str]], tuple[RuleSet, dict[Move, int]]] = {}  # the same, by options
    complete: dict[frozenset[tuple[str, str]], dict[Move, int] | None] = {}  # their every loss (_Group.every_loss)
    unproved = False  # a mate found under other options without a taker named for each move
    carriers: dict[tuple[RuleSet, str, int], Callable[[Move], bool] | None] = {}
    carried_here: dict[str, frozenset[Move] | None] = {}

    def carrier(under: RuleSet, choice: str, losses: Mapping[Move, int]) -> Callable[[Move], bool] | None:
        """:meth:`_Group.carried`, kept for the split with each move's answer (the losses found at this ply are not
        added to once found, and the position stays as it is)."""
        key = (under, choice, id(losses))
        if key not in carriers:
            test = group.carried(under, choice, losses)
            carriers[key] = None if test is None else cache(test)
        return carriers[key]

    def carried_from_rs(choice: str) -> frozenset[Move] | None:
        """The moves that lose under ``rs`` (``proof``) and lose alike under every other option of ``choice``
        (:meth:`_Group.carried`: no other move is said to), found once for the split."""
        if choice not in carried_here:
            test = group.carried(rs, choice, proof)
            carried_here[choice] = None if test is None else \
                frozenset(filter(test, (m for m in proof if m is not _MATE)))
        return carried_here[choice]

    def chained(changes: Mapping[str, str], found: dict[Move, int]) -> Callable[[Move], bool] | None:
        """At a mate, a test that says which moves lose under ``rs`` with the options ``changes`` because they lose
        under the same options but one, where a mate was found (:func:`~shogi_rules.engine.parting.carried_losses`
        over that one choice), writing the taker of each such move into ``found``; ``None`` where no such mate is
        known (its takers read as :meth:`_Group.every_loss` reads them). Every such mate is asked, one after another:
        a move whose taker moves otherwise under one of the choices (so that its loss does not carry over that one)
        may carry over another."""
        neighbours: list[tuple[Callable[[Move], bool], dict[Move, int]]] = []
        for d in changes:
            key = frozenset((c, o) for c, o in changes.items() if c != d)
            known = mates.get(key)
            if known is None:
                continue
            under, taken = known
            if key not in complete:
                complete[key] = group.every_loss(under, taken, proof)  # (a taker for every move legal there)
            sources = complete[key]
            test = None if sources is None else carrier(under, d, sources)
            if sources is not None and test is not None:
                neighbours.append((test, sources))
        if not neighbours:
            return None

        def carried(move: Move) -> bool:
            for test, sources in neighbours:
                if test(move):
                    found[move] = sources[move]
                    return True
            return False
        return carried

    def differs(changes: Mapping[str, str], same: bool, goes_on: bool = False) -> bool:
        """Whether ``rs`` with the options ``changes`` plays the ply otherwise (the moves that showed the game goes on
        under the rule sets played so far tried first: where the record's move does not show it, one of them often
        does; the moves that lose under ``rs`` and would lose alike not played again)."""
        nonlocal unproved
        if same and not base.over and known_to_go_on(changes):
            return False  # (the text names the same move, leaving the same position: only whether the game goes on)
        other = _combined(rs, changes)
        prior = group.witnesses.get((other, pos.turn))
        carried: frozenset[Move] = frozenset()
        if proof and not base.legal and (len(changes) == 1 or mate):
            # (where several choices change, at a mate, a move loses that loses alike under each alone)
            each = [carried_from_rs(c) for c in changes]
            if all(each):
                carried = frozenset.intersection(*(m for m in each if m is not None))
        found: dict[Move, int] | None = {} if mate else None
        # (or loses as under the same options but one, where that is a mate)
        then = chained(changes, found) if found is not None and len(changes) > 1 else None
        differ, shown = group.differs(other, text, base, (*hints, prior) if prior is not None else tuple(hints),
                                      _Lost(carried, then) if carried or then else None, same, goes_on, found)
        if found is not None and not differ:
            if _MATE in found:
                proofs.append((changes, other, found))
                mates[frozenset(changes.items())] = (other, found)
            else:
                unproved = True
        if shown is not None:
            group.witnesses[other, pos.turn] = shown
            if shown not in hints:
                hints.append(shown)
        if differ or shown is None or shown == witness:
            return differ
        # another move than rs's own witness showed that the game goes on there. A move that does not lose under
        # each of two options of two choices alone may lose under both together, as another may under each
        # (Tenjiku's Free Eagle and range jumpers can each leave a king one way out, and both together none): the
        # option is split off and asked again with the others, unless the board shows that the move it found plays
        # alike under every option of every other choice
        over = [c for c, opts in options.items() if c not in changes and len(opts) > 1]
        if group.shows_alike(other, shown, options, over):
            everywhere.add(frozenset(changes.items()))
            known.append(_GoesOn(other, frozenset(over), options))
            return False
        if len(changes) == 1:
            alone.add(next(iter(changes.items())))
        return True

    # the record's move, legal under rs: a proof to compare with; where it does not show that the game goes on
    # under rs (it was refused, or it loses there), the move that does, another proof
    ply = going = None
    if not any(len(o) > 1 for o in options.values()):
        pass  # nothing to split
    elif base.legal and move is not None and (witness == move or pos.variant.check_rules):
        ply = group.ply(rs, move)
    elif witness is not None and (not pos.variant.check_rules or not base.legal):
        going = group.ply(rs, witness, witness=True)
        if base.legal and move is not None:
            ply = group.ply(rs, move)
    refusal = going is not None and not base.legal
    named = group.named(rs, text) if refusal else None
    reached = group.reach(rs, text, options) if refusal else None
    # a refusal worded alike under every rule set of the options, the text naming no move under any of them: of each
    # option, and of each combination, only whether the game goes on is asked
    unread = reached is not None and reached.out_of_reach
    # a text that names a legal move and is refused for the burns it lists is refused alike where that move is played
    # alike (the same move, legal, leaving the same position: it burns the same)
    burnt = group.ply(rs, base.burnt) if refusal and base.burnt is not None else None
    asked: dict[str, Parting] = {}  # per choice whose options were asked more than the board shows, what was asked
    reading: set[str] = set()  # choices asked how they read a refused text only, which is played (_READING)

    def known_to_go_on(changes: Mapping[str, str]) -> bool:
        """Whether the game is known to go on under ``rs`` with the options ``changes`` and any options of every
        other choice (shown here, or by a split that made this one: ``going_on``); then so entered."""
        other = _combined(rs, changes)
        if any(k.holds(other, options, changes) for k in known):
            everywhere.add(frozenset(changes.items()))
            return True
        return False

    def ask(c: str, parting: Parting) -> None:
        asked[c] = joined(asked[c], parting) if c in asked else parting

    def goes_on_under(changes: Mapping[str, str]) -> bool:
        """Whether the move that shows that the game goes on under rs is played alike under the options ``changes``
        (each, and so together) and shows it there too."""
        return going is not None and all(may_part(going, difference(rs, c)) is None for c in changes)

    def parts(changes: Mapping[str, str]) -> bool:
        """Whether ``rs`` with the options ``changes`` (of one choice, or of choices asked together) plays the ply
        otherwise: shown, or played. Where the move that shows under ``rs`` that the game goes on is not shown to show
        it there, and playing the ply finds another that shows it under every option of every other choice
        (:meth:`_Group.shows_alike`), the options are asked with others for what the text reads only."""
        goes_on = goes_on_under(changes)
        if going is not None and ((read and base.legal) or (not base.legal and (unread or all(
                (burnt is not None and may_part(burnt, difference(rs, c)) is None) or
                group.refuses_alike(rs, c, o, base, parent, named, reached, going) is _Shown.ALIKE
                for c, o in changes.items())))):
            # the text is read alike (refused alike: every option named shown so from the board, or the text naming
            # no move under any, or the move it names played alike): whether the game goes on
            if goes_on:
                return False
            if known_to_go_on(changes):
                return False
            shown = group.alike(rs, changes, None, None, going)  # whether rs's witness shows it there too
            differ = shown is not _Shown.ALIKE and differs(changes, base.legal)
            if differ or frozenset(changes.items()) not in everywhere:
                for c in changes:
                    parting = may_part(going, difference(rs, c))
                    if parting is not None:
                        ask(c, PLAY if shown is _Shown.UNKNOWN else parting)
            return differ
        if ply is not None and (going is None or goes_on):
            shown = group.alike(rs, changes, text, base, ply, goes_on)
            for c in changes:
                parting = may_part(ply, difference(rs, c))
                if parting is not None:
                    ask(c, PLAY if shown is _Shown.UNKNOWN else parting)
        elif ply is not None and going is not None:  # the record's move loses under rs, and another shows it goes on
            # read alike, and leaving the same position?
            shown = read_alike = group.alike(rs, changes, text, base, ply, True)
            if shown is _Shown.ALIKE:
                shown = group.alike(rs, changes, None, None, going)  # and does the other move show it there too?
            differ = shown is _Shown.OTHERWISE or (
                shown is not _Shown.ALIKE and differs(changes, shown is _Shown.SAME_MOVE, goes_on))
            settled = read_alike is _Shown.ALIKE and not differ and frozenset(changes.items()) in everywhere
            for c in changes:
                # (of the record's move, how it is read and what it leaves: what the opponent could take after it is
                # not asked, here or of combinations, as another move shows that the game goes on)
                found = [p for p in (_reading(may_part(ply, difference(rs, c))),
                                     None if settled else may_part(going, difference(rs, c))) if p is not None]
                if found:
                    ask(c, PLAY if shown is _Shown.UNKNOWN and not settled else
                        joined(*found) if len(found) > 1 else found[0])
            return differ
        else:
            if base.over and all(_ends_alike(rs, base.end, difference(rs, c)) for c in changes):
                return False  # (over for a reason the board tells, which the options leave as it is)
            shown = _Shown.UNKNOWN
            # where rs refuses the text and the move that shows the game goes on under rs plays alike under these
            # options, only how they read the text is not known: asked with the choices that change that too, not
            # with every other choice
            read_only = going is not None and goes_on and not base.legal and not base.over
            for c in changes:
                ask(c, _READING if read_only else PLAY)
                if read_only:
                    reading.add(c)
        if shown is _Shown.ALIKE or shown is _Shown.OTHERWISE:
            return shown is _Shown.OTHERWISE
        return differs(changes, shown is _Shown.SAME_MOVE, goes_on)

    apart: dict[str, list[str]] = {}  # per choice, the options that play the ply otherwise than rs's own
    for c, opts in options.items():
        if len(opts) < 2 or (ply is not None and going is None and may_part(ply, difference(rs, c)) is None):
            continue  # (the board shows that every option plays the ply alike: asked once for the choice)
        found = [o for o in opts if o != rs.choices[c] and parts({c: o})]
        if found:
            apart[c] = found
    if apart and going is not None and not base.legal and not unread:
        # the options that refuse the text as rs does may name no move under any combination of theirs: then only
        # whether the game goes on is asked of the combinations, and what each option was asked is asked again so
        staying = {c: tuple(o for o in opts if o not in apart.get(c, ())) for c, opts in options.items()}
        narrowed = group.reach(rs, text, staying)
        if narrowed is not None and narrowed.out_of_reach:
            unread = True
            asked.clear()
            reading.clear()
            for c, opts in staying.items():
                again = [o for o in opts if o != rs.choices[c] and parts({c: o})] if len(opts) > 1 else []
                if again:  # (each refused the text as rs does, the game going on: not expected)
                    apart[c] = [*apart.get(c, ()), *again]
    # choices that might change the ply together are asked together: each combination of their options that play
    # it alike alone (where one plays it otherwise, the first of them in the variant's order is split off). Where
    # options had to be played whole, only so many combinations are played (not every combination of every choice
    # where the game is over): few whose rule sets move the pieces otherwise than rs (each builds its own move
    # tables as it plays), more where the others share rs's tables
    if asked:  # (else no choice was asked more than the board shows)
        played: set[frozenset[tuple[str, str]]] = set()
        order = list(options)

        def kept(c: str) -> list[str]:
            return [o for o in options[c] if o not in apart.get(c, ())]

        def too_many(together: list[str]) -> bool:
            """Whether the combinations of the options of ``together`` are too many to play whole."""
            own = math.prod(len(kept(c)) for c in together if not all(_shares_tables(rs, c, o) for o in kept(c)))
            return any(asked[c].play or c in reading for c in together) and \
                (own > _PLAYED_TOGETHER or math.prod(len(kept(c)) for c in together) > _PLAYED_SHARING)

        spent = [0, 0]  # at a mate: the combinations played so far with tables of their own, and in all
        allowed = [_PLAYED_AT_A_MATE, _PLAYED_AT_A_MATE_IN_ALL]  # at a mate: how many of each may be played

        def play_together(together: list[str], fixed: Mapping[str, str] = {}, budget: bool = False) -> bool:
            """Every combination of the options of ``together`` played (each at most once), with ``fixed`` for others;
            ``budget``: none where that would take the combinations played at this ply past the limits (``False``)."""
            todo = []
            for picked in product(*(kept(c) for c in together)):
                chosen = {**fixed, **dict(zip(together, picked))}
                changes = {c: chosen[c] for c in order if c in chosen and chosen[c] != rs.choices[c]}
                if len(changes) >= 2 and frozenset(changes.items()) not in played:
                    todo.append(changes)
            if budget:
                own = sum(not all(_shares_tables(rs, c, o) for c, o in changes.items()) for changes in todo)
                if spent[0] + own > allowed[0] or spent[1] + len(todo) > allowed[1]:
                    return False
                spent[0] += own
                spent[1] += len(todo)
            for changes in todo:
                if any(o in apart.get(c, ()) for c, o in changes.items()):
                    continue
                played.add(frozenset(changes.items()))
                if parts(changes):
                    c, o = next(iter(changes.items()))
                    apart[c] = [x for x in options[c] if x in apart.get(c, ()) or x == o]
            return True

        def prove(fixed: Mapping[str, str], choices: list[str], depth: int) -> bool:
            """At a mate, whether every combination of the options of ``choices`` (with ``fixed`` for others: rs's own
            where none) is asked in parts that touch apart pieces and moves (:meth:`_Group.mate_links`): each part's
            combinations are played, and where a mate found under one of them might not hold with another part's options
            (:meth:`_Group.mate_checks`), the two parts are joined and asked again. A part with too many combinations
            (or more than the limits leave at this mate) is asked under each option of one of its choices in turn
            (which may part the others otherwise), up to twice. Under options so ``fixed``, a choice that no other
            links is a part of its own, played with them (with none fixed, the ply asked each option alone)."""
            under = _combined(rs, fixed) if fixed else rs
            known = proof if not fixed else next((p for c, _, p in proofs if c == fixed), None)
            if known is None and fixed:  # (options fixed together that no part has played yet)
                if not play_together([], fixed, budget=True):
                    return False
                if any(o in apart.get(c, ()) for c, o in fixed.items()):
                    return True  # (the game goes on there: split off, and asked again apart)
                known = next((p for c, _, p in proofs if c == fixed), None)
            if known is None:
                return False
            every = group.every_loss(under, known, proof)
            if every is None:
                return False
            links = group.mate_links(under, choices, every)
            if links is None:  # a choice the board cannot tell of here (under one option, a burn the last move's
                # promotion delayed) is asked under each of its options in turn, the others in parts beside it (not
                # counted as a separating: each turn asks one choice fewer)
                blind = next((c for c in choices if group.mate_links(under, [c], every) is None), None)
                if blind is None:
                    return False
                rest = [x for x in choices if x != blind]
                return all(prove({**fixed, blind: o} if o != rs.choices[blind] else fixed, rest, depth)
                           for o in kept(blind))
            moving, pairs, touched = links
            checked = 0
            if spent[1] + least(parts_of(choices, pairs, bool(fixed)), pairs, depth) > allowed[1]:
                return False  # (more combinations than may be played here, even if no part is joined to another)
            while True:
                asked_apart = parts_of(choices, pairs, bool(fixed))
                for together in asked_apart:
                    if not too_many(together) and play_together(together, fixed, budget=True):
                        continue
                    # (too many to play whole, or more than the budget left at this mate)
                    if depth == 2 or not separate(together, fixed, pairs, depth):
                        return False
                if unproved:
                    return False
                found = [p for p in proofs[checked:] if all(o not in apart.get(c, ()) for c, o in p[0].items())
                         and p[0] != fixed and fixed.items() <= p[0].items() and all(c in fixed or c in choices
                                                                                      for c in p[0])]
                checked = len(proofs)
                more = group.mate_checks(moving, asked_apart, found, fixed, touched, pairs)
                if not more:
                    return True
                pairs |= more

        def parts_of(choices: list[str], pairs: Iterable[frozenset[str]], fixed: bool) -> list[list[str]]:
            """The parts :func:`prove` asks ``choices`` in: those that ``pairs`` link and, where some options are
            ``fixed``, each choice linked to none on its own, its options played with them (with none fixed, the ply
            asked each option alone already)."""
            linked = _linked(choices, pairs)
            if not fixed:
                return linked
            inside = {c for part in linked for c in part}
            return linked + [[c] for c in choices if c not in inside]

        def least(together: list[list[str]], pairs: set[frozenset[str]], depth: int) -> float:
            """The fewest combinations :func:`prove` plays to ask the parts ``together`` (linked by ``pairs``), at a
            ``depth`` of separating: where none is joined to another, and each part too large is separated as
            :func:`separate` does, once."""
            total = 0.0
            for t in together:
                if not too_many(t):
                    total += math.prod(len(kept(c)) for c in t)
                elif depth == 2:
                    return math.inf
                else:
                    total += min(cost(t, c, pairs) for c in t)
            return total

        def cost(together: list[str], c: str, pairs: set[frozenset[str]]) -> int:
            """The combinations played where ``together`` is asked under each option of ``c`` in turn, the others' parts
            as ``pairs`` links them."""
            rest = [x for x in together if x != c]
            return len(kept(c)) * sum(math.prod(len(kept(x)) for x in t)
                                      for t in parts_of(rest, [p for p in pairs if p <= set(rest)], True))

        def separate(together: list[str], fixed: Mapping[str, str], pairs: set[frozenset[str]], depth: int) -> bool:
            """:func:`prove` of ``together`` under each option of the one of its choices that parts the others most."""
            choice = min(together, key=lambda c: cost(together, c, pairs))
            rest = [x for x in together if x != choice]
            return all(prove({**fixed, choice: o} if o != rs.choices[choice] else fixed, rest, depth + 1)
                       for o in kept(choice))

        # elsewhere, or where a mate cannot be asked by parts (too many, or a choice the board cannot tell of), the
        # choices that might change the ply together are asked as one part. Where they are too many, the choice with
        # the most options is taken out: each of its options but rs's own goes apart (split again, where the others
        # are asked together without it), and the others are asked together with rs's option, if they are few enough.
        # At a mate where that still leaves some asked one option at a time, the mate is asked by parts again, with the
        # larger budget (the first, smaller one keeps the dearer proof from being tried where the way above is cheaper)
        if not (mate and not unproved and prove({}, list(asked), 0)):
            earlier, group.alone = group.alone, False
            for choices in _entangled(asked):
                if not too_many(choices):
                    play_together(choices)
                    continue
                widest = max(choices, key=lambda c: len(kept(c)))
                rest = [c for c in choices if c != widest]
                if too_many(rest):
                    group.alone = True
                    continue
                apart[widest] = [o for o in options[widest] if o != rs.choices[widest]]
                if len(rest) > 1:
                    play_together(rest)
            if group.alone and mate and not unproved:
                allowed[:] = [_PLAYED_AT_A_MATE_BEFORE_GIVING_UP, _PLAYED_AT_A_MATE_IN_ALL_BEFORE_GIVING_UP]
                group.alone = not prove({}, list(asked), 0)
            group.alone = group.alone or earlier
    if not apart:
        return [(options, rs, base, move)]
    # an option under which the game is over before the move (a mate found there, :attr:`_Group.mated`) is split off
    # whole, with every option of every other choice: the rule sets of that part play no further, so that its proof
    # is asked once, not once for each class of the other choices. Where several options of one choice are so, they are
    # split off together, under the first of them (on the benchmark's records, two options of the Fire Demons'
    # meeting): each other option's mate is known already (:meth:`_Group.differs`), so that one proof asks that choice
    # beside the others rather than one proof for each. Where that proof would take more combinations than may be
    # played, the parts are made as below, each proved apart (each of those asks fewer choices)
    mated = sorted(((c, o) for c, found in apart.items() for o in found if _combined(rs, {c: o}) in group.mated),
                   key=lambda x: list(options).index(x[0]))
    out: list[Part] = []
    if mated:
        unproven, group.alone = group.alone, False
        ending: dict[str, tuple[str, ...]] = {}  # the choices of the parts split off whole so far: their other options
        whole: dict[str, tuple[str, ...]] = {}  # per choice, its options that go apart whole (together)
        for c, o in mated:
            whole[c] = (*whole.get(c, ()), o)
        for c, those in whole.items():
            out += _split(group, {**options, **ending, c: those}, RuleSet.of(rs, {c: those[0]}), text, move or parent,
                          read, tuple(known))
            ending[c] = tuple(x for x in ending.get(c, options[c]) if x not in those)
        if group.alone:
            out = []
        else:
            options = {**options, **ending}
            apart = {c: left for c, found in apart.items() if (left := [o for o in found if (c, o) not in mated])}
        group.alone = unproven
    # of each such choice, the options that play the ply as rs's own does stay with it, and each other goes apart;
    # the part that keeps rs's own class of every choice is rs's (its neighbours were all asked here); each other
    # is split again under one of its rule sets, which asks the choices whose options stayed together anew
    classes = [[tuple(o for o in options[c] if o not in found), *((o,) for o in found)] for c, found in apart.items()]
    out.append(({**options, **{c: cls[0] for c, cls in zip(apart, classes)}}, rs, base, move))
    for combo in list(product(*classes))[1:]:
        fixed = {c: cls[0] for c, cls in zip(apart, combo) if len(cls) == 1 and cls[0] in apart[c]}
        out += _split(group, {**options, **dict(zip(apart, combo))}, RuleSet.of(rs, fixed), text, move or parent,
                      read or all(f in alone for f in fixed.items()), tuple(known))
    return _merge(out)


_READING = Parting(reread=True)
"""What is asked of an option whose play of a refused ply is known but for how it reads the text."""

_PLAYED_TOGETHER = 32
"""The most combinations of options of choices asked together that :func:`_split` plays whole (where the board could
not tell what one of them changes), counting together the options of the choices that share the rule set's tables
(:func:`_shares_tables`) as one."""

_PLAYED_SHARING = 256
"""The most combinations in all that :func:`_split` plays whole: a rule set that shares the tables of the rule set
played costs only its plays."""

_PLAYED_AT_A_MATE = 64
"""At a mate asked by parts (:func:`_split`'s ``prove``), the most combinations played in all, over every part, whose
rule sets build tables of their own (at first: see :data:`_PLAYED_AT_A_MATE_BEFORE_GIVING_UP`)."""

_PLAYED_AT_A_MATE_IN_ALL = 512
"""At a mate asked by parts, the most combinations played in all, over every part (at first)."""

_PLAYED_AT_A_MATE_BEFORE_GIVING_UP = 256
"""At a mate that asking the choices as elsewhere would leave not proved, the most combinations with tables of their
own that a second proof by parts may play (those played before counted)."""

_PLAYED_AT_A_MATE_IN_ALL_BEFORE_GIVING_UP = 2048
"""The same, in all."""


def _shares_tables(rs: RuleSet, choice: str, option: str) -> bool:
    """Whether ``rs`` with ``option`` for ``choice`` has ``rs``'s tables
    (:class:`~shogi_rules.compiled.tables.TablesKey`): its pieces move alike, and what the tables build while moves
    are generated serves both (kept)."""
    key = (rs, choice, option)
    found = _SHARING.get(key)
    if found is None:
        found = _SHARING[key] = TablesKey.of(_with(rs, choice, option).variant) == TablesKey.of(rs.variant)
    return found


_SHARING: dict[tuple[RuleSet, str, str], bool] = {}


def _entangled(asked: Mapping[str, Parting]) -> list[list[str]]:
    """The choices of ``asked`` (each with what had to be asked of its options alone) that must be asked together, as
    groups linked by :func:`~shogi_rules.engine.parting.entangled` pairs (in ``asked``'s order; groups of one
    left out)."""
    choices = list(asked)
    return _linked(choices, {frozenset(p) for p in combinations(choices, 2) if entangled(asked[p[0]], asked[p[1]])})


def _linked(choices: list[str], pairs: Iterable[frozenset[str]]) -> list[list[str]]:
    """The groups of ``choices`` that ``pairs`` link (each in ``choices``' order; groups of one left out)."""
    linked: dict[str, set[str]] = {c: set() for c in choices}
    for pair in pairs:
        a, b = pair
        linked[a].add(b)
        linked[b].add(a)
    out: list[list[str]] = []
    seen: set[str] = set()
    for c in choices:
        if c in seen or not linked[c]:
            continue
        together, todo = [], [c]
        seen.add(c)
        while todo:
            x = todo.pop()
            together.append(x)
            for y in linked[x] - seen:
                seen.add(y)
                todo.append(y)
        out.append([x for x in choices if x in together])
    return out


def _merge(parts: list[Part]) -> list[Part]:
    """Join parts with the same result whose options differ in one choice only (the options in the
    variant's order)."""
    def join(a: Part, b: Part) -> Part | None:
        options = _one_choice_apart(a[0], b[0], a[1].base) if a[2] == b[2] else None
        return None if options is None else (options, a[1], a[2], a[3])
    return _joined_pairs(parts, join)


def _rejoined(groups: list[_Group]) -> list[_Group]:
    """``groups`` with those that made the same moves, leaving the same positions, and whose options differ in one
    choice only, joined into one (the first group's rule set and position stand for both): rule sets split apart at a
    ply because something there was asked of them apart (another move showed that the game went on, say) play on
    alike, and are asked as one from the next ply on, as before the split. Two groups that play alike but differ in two
    choices or more stay apart: joined as the least set that holds both, the rule sets of that set that are neither's
    would be asked too, which costs more than the second group's own plays (tried on random Tenjiku records: the same
    verdicts, in more time)."""
    def join(a: _Group, b: _Group) -> _Group | None:
        options = _one_choice_apart(a.options, b.options, a.rules.base)
        if options is None or a.course != b.course or not _same_course(a.player.pos, b.player.pos):
            return None
        a.options = options
        a.witnesses.update(b.witnesses)
        return a
    return _joined_pairs(groups, join)


def _one_choice_apart(a: Options, b: Options, variant: Variant) -> Options | None:
    """The options of ``a`` and ``b`` as one set, where they differ in one choice only (its options in the variant's
    order); else ``None``."""
    diff = [c for c in a if a[c] != b[c]]
    if len(diff) != 1:
        return None
    c = diff[0]
    both = {*a[c], *b[c]}
    return {**a, c: tuple(o.id for o in variant.rule_choice(c).options if o.id in both)}


T = TypeVar("T")


def _joined_pairs(items: list[T], join: Callable[[T, T], T | None]) -> list[T]:
    """``items`` with each pair that ``join`` joins replaced by what it gives (where the first stood), until no two
    join."""
    items = list(items)
    found = True
    while found:
        found = False
        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                both = join(items[i], items[j])
                if both is not None:
                    items[i] = both
                    del items[j]
                    found = True
                    break
            if found:
                break
    return items


def _same_course(a: Position, b: Position) -> bool:
    """Whether two positions were reached by the same moves through the same positions (by their hashes: rule sets that
    number the pieces otherwise hash alike), and stand alike now."""
    return a.hash_history == b.hash_history and a.move_stack == b.move_stack and \
        (a.lion_capture, a.halfmove_clock, a.turn) == (b.lion_capture, b.halfmove_clock, b.turn)


_SETUP_CHOICES: dict[int, tuple[Variant, list[str]]] = {}


def _reading_choices(variant: Variant) -> list[str]:
    """The rule choices of ``variant`` whose options may read a position string otherwise (whether it is a position, and
    which): those whose options give other :meth:`~shogi_rules.engine.position.Position.reading_key` s, asked under
    every combination of the options of those found so far until no more are found (a choice of how a piece moves
    reads a FEN otherwise only under check rules, which another choice may turn on). Kept."""
    found = _READING_CHOICES.get(id(variant))
    if found is None or found[0] is not variant:
        base = RuleSet.of(variant)
        options = {c.id: [o.id for o in c.options] for c in variant.rule_choices}
        chosen: list[str] = []
        more = True
        while more:
            more = False
            for c in options:
                if c in chosen:
                    continue
                for combo in product(*(options[x] for x in chosen)):
                    under = RuleSet.of(base, dict(zip(chosen, combo)))
                    if len({Position.reading_key(RuleSet.of(under, {c: o})) for o in options[c]}) > 1:
                        chosen.append(c)
                        more = True
                        break
        found = _READING_CHOICES[id(variant)] = (variant, [c for c in options if c in chosen])
    return found[1]


_READING_CHOICES: dict[int, tuple[Variant, list[str]]] = {}


def _setup_choices(variant: Variant) -> list[str]:
    """The rule choices of ``variant`` whose options start the game from different positions (kept)."""
    found = _SETUP_CHOICES.get(id(variant))
    if found is None or found[0] is not variant:
        base = RuleSet.of(variant)
        found = _SETUP_CHOICES[id(variant)] = (variant, [
            c.id for c in variant.rule_choices
            if any(RuleSet.of(base, {c.id: o.id}).variant.setup != base.variant.setup for o in c.options)])
    return found[1]


def check_record(variant_id: str, moves: list[str], fen: str | None = None,
                 progress: Callable[[int], None] | None = None) -> RecordCheck:
    """Which rule sets of the variant accept the record: every rule set's verdict, as
    :class:`Branch` es (see :class:`RecordCheck`).

    The record is played once; at each ply, the rule sets still playing that would do something
    else with the move (refuse it, or make another move, or leave another position) are split off
    and play on separately. Rule sets that play alike share one replay. ``progress``, when given,
    is called with the number of plies played so far after each ply.
    """
    moves = _move_list(moves)
    variant = get_variant(variant_id)
    if not moves:
        raise RecordError("the record has no moves")
    everything = {c.id: tuple(o.id for o in c.options) for c in variant.rule_choices}
    # choices that change the start position (Okisaki's setup, Heian shogi's board) split the rule sets before the
    # first ply; from a FEN, those that change the board's size do, and a rule set under which the FEN is no position
    # (another board, pieces in hand where nothing is dropped, a '+' on a piece that does not promote, a king in check
    # under check rules: whatever Position.reading_key names) refuses the record at its first ply
    base = RuleSet.of(variant_id)
    setups = _setup_choices(variant) if fen is None else \
        [c.id for c in variant.rule_choices if any({"files", "ranks"} & set(o.effects) for o in c.options)]
    reading = [] if fen is None else [c for c in _reading_choices(variant) if c not in setups]
    presets = {p.id: RuleSet.of(variant_id, preset=p.id) for p in variant.presets}
    refusals: dict[str, tuple[int, str]] = {}
    branches: list[Branch] = []
    groups = []
    unfit: list[Part] = []
    error: ShogiRulesError | None = None
    for combo in product(*(everything[c] for c in setups)):
        fixed = {c: (o,) for c, o in zip(setups, combo)}
        read: list[tuple[Options, RuleSet, Position]] = []
        for held in product(*(everything[c] for c in reading)):
            rs = RuleSet.of(base, {**dict(zip(setups, combo)), **dict(zip(reading, held))})
            options = {**everything, **fixed, **{c: (o,) for c, o in zip(reading, held)}}
            try:
                read.append((options, rs, _start(rs, fen)))
            except FenError as exc:
                error = error or exc
                unfit.append((options, rs, _Result(False, f"the position cannot be set up under these rules: {exc}"),
                              None))
        if len(read) == math.prod(len(everything[c]) for c in reading):  # under every option of them alike
            own = RuleSet.of(base, dict(zip(setups, combo)))
            start = next(p for _, r, p in read if r == own)
            groups.append(_Group({**everything, **fixed}, own, _Replayer(start), fen))
        else:  # (the rule sets that read it, joined where they read the same position and differ in one choice)
            def join(a: tuple[Options, RuleSet, Position],
                     b: tuple[Options, RuleSet, Position]) -> tuple[Options, RuleSet, Position] | None:
                options = _one_choice_apart(a[0], b[0], variant)
                return None if options is None or a[2].fen() != b[2].fen() else (options, a[1], a[2])
            groups += [_Group(options, rs, _Replayer(start), fen) for options, rs, start in _joined_pairs(read, join)]
    if not groups:
        raise error or RecordError("the record fits no rule set")
    for options, rs, result, _ in _merge(unfit):
        branches.append(Branch(options, False, 0, 1, moves[0], result.reason, dict(rs.choices)))
        refusals.update({pid: (1, result.reason) for pid, prs in presets.items()
                         if all(prs.choices[c] in o for c, o in options.items())})
    unproven: list[int] = []
    plays = 0
    for ply, text in enumerate(moves, 1):
        plays += len(groups)
        playing: list[_Group] = []
        for group in groups:
            group.alone = False
            parts = _split(group, group.options, group.rules, text)
            if group.alone and (not unproven or unproven[-1] != ply):
                unproven.append(ply)
            for options, sub_rs, result, _ in parts:
                if not result.legal:
                    branches.append(Branch(options, False, ply - 1, ply, text, result.reason, dict(sub_rs.choices)))
                    for pid, prs in presets.items():  # a preset's own reason (the words may differ)
                        if all(prs.choices[c] in o for c, o in options.items()):
                            refusals[pid] = (ply, result.reason if prs == sub_rs else group.refusal(prs, text, result))
            legal = [p for p in parts if p[2].legal]
            # forks first: the group's own position moves on last
            forks = [group.fork(o, r) if r is not group.rules or i < len(legal) - 1 else group
                     for i, (o, r, _, _) in enumerate(legal)]
            for fork, (options, sub_rs, _, move) in zip(forks, legal):
                assert move is not None
                fork.options = options
                fork.push(move)
                playing.append(fork)
        groups = _rejoined(playing)
        if progress:
            progress(ply)
        if not groups:
            break
    branches += [Branch(g.options, True, len(moves), example=dict(g.rules.choices)) for g in groups]
    branches.sort(key=lambda b: (not b.legal, -b.plies))
    verdicts = []
    for pid in presets:
        stop = refusals.get(pid)
        verdicts.append({"preset": pid, "legal": stop is None, "first_illegal_ply": stop and stop[0],
                         "reason": "" if stop is None else f"ply {stop[0]} {echo(moves[stop[0] - 1])}: {stop[1]}"})
    return RecordCheck(variant, tuple(branches), tuple(verdicts), tuple(unproven), plays)


def presets_accepting(variant_id: str, moves: list[str], fen: str | None = None) -> list[dict[str, Any]]:
    """The record replayed under each of the variant's presets (whole rule sets by source):
    ``{"preset": id, "legal": bool, "first_illegal_ply": int | None, "reason": str}``, in the
    variant's order of presets. A preset under whose rules the FEN is no position (another board, pieces in hand
    where nothing is dropped) refuses the record at its first ply."""
    moves = _move_list(moves)
    out: list[dict[str, Any]] = []
    for preset in get_variant(variant_id).presets:
        try:
            r = replay(RuleSet.of(variant_id, preset=preset.id), moves, fen=fen)
        except FenError as exc:  # the position is none under the preset's rules (another board, no hands)
            out.append({"preset": preset.id, "legal": False, "first_illegal_ply": 1,
                        "reason": f"ply 1 {echo(moves[0])}: the position cannot be set up under these rules: {exc}"})
            continue
        out.append({"preset": preset.id, "legal": r.legal, "first_illegal_ply": r.first_illegal_ply,
                    "reason": "" if r.legal else f"ply {r.first_illegal_ply} {echo(r.first_illegal_move or '')}: {r.reason}"})
    return out


__all__ = ["Branch", "RecordCheck", "Replay", "check_record", "presets_accepting", "read_record", "replay"]
