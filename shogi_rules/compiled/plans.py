"""Per-square move plans: the tables move generation reads, compiled once and shared.

The leap and ray tables of :mod:`shogi_rules.compiled.tables` say where a piece may go; a *plan* also says
which moves to add when it gets there, so that generating a move costs a board lookup and a list
extension. For a piece (its movement atoms, its colour and how it promotes) on one square the plan
holds

* its leaps, each an :class:`Entry`: the target square and the moves (already built
  :class:`~shogi_rules.model.moves.Move` values, shared by every position) to add when the target is
  empty (``quiet``), holds an enemy piece (``capture``), or holds a promoted enemy piece
  (``capture_of_promoted``, which forces promotion in Maka Dai Dai);
* its rays, and the full lines of its range jumps, as tuples of entries;
* whether the general move generator may take these moves as they are (``merge``): when no two
  of the piece's atoms can reach the same square from there, no move needs merging with another.

Plans are built for a square the first time a piece stands there, and shared by every rule set
whose pieces move and promote alike (a rule choice that changes one piece's move leaves the others'
plans in place).

>>> from shogi_rules import Position
>>> t = Position("shogi").tables
>>> pawn = 2 * t.type_by_code("P")          # a sente pawn
>>> plan = t.plan(pawn, t.geometry.parse("7d"))
>>> [(t.geometry.name(e.target), [m.promotion for m in e.quiet]) for e in plan.leaps]
[('7c', [True, False])]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..model.geometry import Geometry
from ..model.mechanisms.promotion import CAPTURE, CAPTURE_OF_PROMOTED, NOTHING, promotion_choice
from ..model.movement import Atom, RangeJump
from ..model.moves import Move


class Entry:
    """One square a piece reaches from its square, with the moves to add when it gets there."""

    __slots__ = ("target", "quiet", "capture", "capture_of_promoted")

    def __init__(self, target: int, quiet: tuple[Move, ...], capture: tuple[Move, ...],
                 capture_of_promoted: tuple[Move, ...]) -> None:
        self.target = target
        """The square reached."""
        self.quiet = quiet
        """The moves when the square is empty."""
        self.capture = capture
        """The moves when it holds an unpromoted enemy piece."""
        self.capture_of_promoted = capture_of_promoted
        """The moves when it holds a promoted enemy piece (promotion may differ: Maka Dai Dai)."""

    def __repr__(self) -> str:
        return f"Entry({self.target}, {self.quiet}, {self.capture}, {self.capture_of_promoted})"


_MOVES: dict[tuple[int, int, bool], Move] = {}


def board_move(origin: int, target: int, promotion: bool = False) -> Move:
    """The plain board move ``origin`` → ``target``, one shared value per move."""
    key = (origin, target, promotion)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(origin, target, promotion)
    return move


_DROPS: dict[tuple[int, int], tuple[Move, ...]] = {}


def drop_moves_of(type_id: int, size: int) -> tuple[Move, ...]:
    """Per square, the drop of piece type ``type_id`` there (shared values)."""
    key = (type_id, size)
    moves = _DROPS.get(key)
    if moves is None:
        moves = _DROPS[key] = tuple(Move(None, sq, False, type_id) for sq in range(size))
    return moves


class Plan:
    """What a piece does from one square (see the module docstring)."""

    __slots__ = ("leaps", "rays", "jumps", "specials", "merge", "_lines", "special_reach")

    def __init__(self, leaps: tuple[Entry, ...], rays: tuple[tuple[Entry, ...], ...],
                 jumps: tuple[tuple[Entry, ...], ...], specials: tuple[Atom, ...], merge: int) -> None:
        self.leaps = leaps
        """Its leaps (steps and jumps)."""
        self.rays = rays
        """Its rays (slides), each the entries along one line."""
        self.jumps = jumps
        """The lines of its range jumps, in the order of its :class:`RangeJump` atoms."""
        self.specials = specials
        """Its other special atoms (lion power, area moves, hooks, igui, the Emperor), generated apart."""
        self.merge = merge
        """``DISTINCT``: no two atoms reach one square; ``MERGE_SPECIALS``: the special atoms' moves
        may repeat a square already reached (they are merged with what came before); ``MERGE_ALL``:
        the leaps, rays and range jumps overlap too (every move goes through the general merge)."""
        self._lines: dict[int, list[tuple[tuple[Entry, ...], int, bool]]] | None = None
        self.special_reach: int | None = None
        """The squares (bit ``s`` for square ``s``) where a move of the special atoms could take a piece
        (:meth:`~shogi_rules.model.movement.Atom.touched_squares`), kept here by the attack tests."""

    def lines_to(self, target: int) -> list[tuple[tuple[Entry, ...], int, bool]]:
        """How the leaps, rays and range jumps reach ``target``: ``(line, index, jump)`` for each, where
        ``line[index]`` is the entry of ``target`` and the entries before it are the squares passed (a leap
        is a line of one entry; ``jump``: a line of range jumps). Built on first use; an attack test asks
        one square instead of walking every line."""
        if self._lines is None:
            lines: dict[int, list[tuple[tuple[Entry, ...], int, bool]]] = {}
            for e in self.leaps:
                lines.setdefault(e.target, []).append(((e,), 0, False))
            for group, jump in ((self.rays, False), (self.jumps, True)):
                for line in group:
                    for i, e in enumerate(line):
                        lines.setdefault(e.target, []).append((line, i, jump))
            self._lines = lines
        return self._lines.get(target, [])

    def __repr__(self) -> str:
        return f"Plan({self.leaps}, {self.rays}, {self.jumps}, {self.specials}, {self.merge})"


DISTINCT, MERGE_SPECIALS, MERGE_ALL = 0, 1, 2


class PromotionRule(NamedTuple):
    """How a piece's moves promote: the variant's scheme, its zone and, for a piece that cannot
    promote, ``scheme=None``. A scheme that reads the game's history (``zone-adams``) is planned
    for a piece that did not decline: the move generator takes the one that did apart."""

    scheme: str | None
    zone: tuple[bool, ...] = ()
    capture_promotion: str = "compulsory"


def _entry(origin: int, target: int, rule: PromotionRule, dead: frozenset[int]) -> Entry:
    m = board_move(origin, target)
    if rule.scheme is None:
        one = (m,)
        return Entry(target, one, one, one)
    scheme = rule.scheme
    pm = board_move(origin, target, True)

    def moves(captured: int) -> tuple[Move, ...]:  # the variant's scheme says (see mechanisms.promotion)
        may, must = promotion_choice(scheme, rule.zone, dead, rule.capture_promotion, origin, target, captured)
        return ((pm,) if must else (pm, m)) if may else (m,)

    return Entry(target, moves(NOTHING), moves(CAPTURE), moves(CAPTURE_OF_PROMOTED))


class PlanTable:
    """The plans of one piece movement (atoms, colour, promotion), built square by square."""

    def __init__(self, g: Geometry, color: int, atoms: tuple[Atom, ...], rule: PromotionRule,
                 leaps: list[tuple[int, ...]], rays: list[tuple[tuple[int, ...], ...]], dead: frozenset[int]) -> None:
        self.geometry = g
        self.color = color
        self.atoms = atoms
        self.rule = rule
        self.leaps = leaps
        self.rays = rays
        self.dead = dead
        specials = [a for a in atoms if a.special]
        jumps = [a for a in specials if isinstance(a, RangeJump)]
        if specials[:len(jumps)] == jumps:  # range jumps come first: they join the leaps and rays
            specials = specials[len(jumps):]
        else:
            jumps = []
        self.jump_vectors: tuple[tuple[int, int], ...] = tuple(a.vector for a in jumps)
        self.specials = tuple(specials)
        self.plans: list[Plan | None] = [None] * g.size
        self._entries: dict[tuple[int, int], Entry] = {}

    def entry(self, sq: int, to: int) -> Entry:
        """The entry of a move from ``sq`` to ``to`` without captures on the way."""
        e = self._entries.get((sq, to))
        if e is None:
            e = self._entries[(sq, to)] = _entry(sq, to, self.rule, self.dead)
        return e

    def build(self, sq: int) -> Plan:
        g, c, rule, dead = self.geometry, self.color, self.rule, self.dead
        jump_lines = [g.ray(sq, c, v) for v in self.jump_vectors]
        leaps = tuple(_entry(sq, to, rule, dead) for to in self.leaps[sq])
        rays = tuple(tuple(_entry(sq, to, rule, dead) for to in ray) for ray in self.rays[sq])
        jumps = tuple(tuple(_entry(sq, to, rule, dead) for to in line) for line in jump_lines)
        simple = [set(self.leaps[sq])] + [set(ray) for ray in self.rays[sq]] + [set(line) for line in jump_lines]
        specials = [a.reach_squares(g, c, sq) for a in self.specials]
        if not _disjoint(simple):
            merge = MERGE_ALL
        else:
            merge = DISTINCT if _disjoint(simple + specials) else MERGE_SPECIALS
        plan = self.plans[sq] = Plan(leaps, rays, jumps, self.specials, merge)
        return plan


def _disjoint(sources: Sequence[set[int] | None]) -> bool:
    """Whether no square is in two of ``sources`` (``None``: every square)."""
    present = [s for s in sources if s is None or s]
    sets = [s for s in present if s is not None]
    if len(sets) < len(present):
        return len(present) <= 1
    return len(set().union(*sets)) == sum(len(s) for s in sets)


_TABLES: dict[tuple[object, ...], PlanTable] = {}


def plan_table(g: Geometry, color: int, atoms: tuple[Atom, ...], rule: PromotionRule,
               leaps: list[tuple[int, ...]], rays: list[tuple[tuple[int, ...], ...]], dead: frozenset[int]) -> PlanTable:
    """The shared :class:`PlanTable` of a piece movement on a board of ``g``'s size (and, since a rule may deny a
    piece the promotion on a square where it could never move again, of these ``dead`` squares)."""
    key = (g.files, g.ranks, color, atoms, rule, dead)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = PlanTable(g, color, atoms, rule, leaps, rays, dead)
    return table
