"""The move tables compiled once per rule set.

A variant's piece rows are readable data; move generation wants lookups. :class:`Tables` turns the
rows into numbered piece types and, for every piece (type and colour) and square, the squares it
can leap to and the rays it can slide along, already turned for the side. It also builds the
reverse tables that answer "is this square attacked?" without generating the enemy's moves.

Pieces on the board are small integers: ``type_id * 2 + color`` (0 is an empty square).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence, cast

from ..model.directions import Vector
from ..model.errors import PieceError, VariantDataError, quote
from ..model.geometry import GOTE, SENTE, Geometry
from ..model.movement import Atom, Destinations, Jump, Step
from ..model.pieces import PieceKind
from ..model.moves import Move
from .plans import Plan, PlanTable, PromotionRule, drop_moves_of, plan_table
from ..model.variant_data import Variant

if TYPE_CHECKING:
    from ..model.mechanisms import BoardView

Rays = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class PieceType:
    """A piece as it stands on the board: a base piece, or a base piece promoted.

    ``kind`` is the row whose moves and names the piece has now; ``base`` the row it was set up
    (or dropped) as. For an unpromoted piece the two are the same row.
    """

    id: int
    code: str
    fen: str
    kind: PieceKind
    base: PieceKind
    promoted: bool
    promotion: int | None
    demotion: int

    @property
    def royal(self) -> bool:
        return self.kind.royal

    @property
    def label(self) -> str:
        return self.kind.label


def _fen_token(code: str) -> str:
    return code if len(code) == 1 else f"({code})"


_RAYS: dict[tuple[int, int], dict[tuple[int, int, Vector], tuple[int, ...]]] = {}
"""Per board size, the rays already walked (shared by every table set of that size)."""
_SQUARE_TABLES: dict[tuple[int, int, int, tuple[Atom, ...]], tuple[list[tuple[int, ...]], list[Rays]]] = {}


_DEAD: dict[int, frozenset[int]] = {}
_REACH: dict[tuple[int, int, int, tuple[Atom, ...], bool], list[int | None]] = {}
"""Reach masks (:meth:`Tables.reach_mask`) by board size, colour, movement atoms and burning."""
_FIXED_REACH: dict[tuple[int, int, int, tuple[Atom, ...], bool], list[tuple[int, int] | None]] = {}
"""The same without the rays (:meth:`Tables.open_reach_mask`)."""

LeapAttackers = tuple[tuple[int, frozenset[int]], ...]
"""For one square: ``(from square, piece codes)`` that attack it by a leap."""
RayAttackers = tuple[tuple[tuple[int, ...], tuple[frozenset[int], ...]], ...]
"""For one square: ``(squares back along a line, piece codes attacking from each distance)``."""
AttackEntry = tuple[LeapAttackers, RayAttackers]
"""For one square: the pieces that attack it by a leap and along a line (:meth:`Tables.attack_entry`)."""
_REVERSE: dict[int, tuple[list[tuple[int, ...]], list[tuple[tuple[Vector, int], ...]]]] = {}
"""Per shared leap table (by identity), :func:`_reverse_tables`' answer."""


def _reverse_tables(g: Geometry, leaps: list[tuple[int, ...]],
                    rays: list[Rays]) -> tuple[list[tuple[int, ...]], list[tuple[tuple[Vector, int], ...]]]:
    """For a piece's (shared) leap and ray tables, per target square: the squares it leaps to it from, and the
    ``(step, distance)`` of each line along which it slides to it (``step``: ``(files, ranks)`` of a step toward
    the target). Built once per table (keyed by the identity of the leap table, which ``_SQUARE_TABLES`` keeps
    alive, as ``_DEAD`` is)."""
    found = _REVERSE.get(id(leaps))
    if found is None:
        from_leaps: list[list[int]] = [[] for _ in range(g.size)]
        from_rays: list[list[tuple[Vector, int]]] = [[] for _ in range(g.size)]
        for sq, targets in enumerate(leaps):
            for to in targets:
                from_leaps[to].append(sq)
        for sq, lines in enumerate(rays):
            for ray in lines:
                step = ((ray[0] % g.files) - (sq % g.files), (ray[0] // g.files) - (sq // g.files))
                for dist, to in enumerate(ray, 1):
                    from_rays[to].append((step, dist))
        found = _REVERSE[id(leaps)] = ([tuple(x) for x in from_leaps], [tuple(x) for x in from_rays])
    return found


def _leap_entry(by_square: dict[int, set[int]]) -> LeapAttackers:
    return tuple((sq, frozenset(codes)) for sq, codes in by_square.items() if codes)


def _ray_entries(g: Geometry, to: int, by_step: dict[tuple[int, int], dict[int, set[int]]]) -> RayAttackers:
    """The ray attackers of ``to``: for each direction (``(files, ranks)`` of a step toward ``to``) the squares back
    from it as far as the farthest distance some piece slides from, and the codes sliding from each distance."""
    entries = []
    for (dc, dr), by_dist in by_step.items():
        far = max((d for d, codes in by_dist.items() if codes), default=0)
        back: list[int] = []
        cur = to
        while len(back) < far:
            nxt = g.at(cur % g.files - dc, cur // g.files - dr)
            if nxt is None:
                break
            back.append(nxt)
            cur = nxt
        if back:
            entries.append((tuple(back), tuple(frozenset(by_dist.get(d, ())) for d in range(1, len(back) + 1))))
    return tuple(entries)


def _dead_squares(leaps: list[tuple[int, ...]], rays: list[Rays]) -> frozenset[int]:
    """The squares where a piece with these (shared) tables has no move at all."""
    dead = _DEAD.get(id(leaps))
    if dead is None:  # keyed by the identity of the shared table, which _SQUARE_TABLES keeps alive
        dead = _DEAD[id(leaps)] = frozenset(sq for sq in range(len(leaps)) if not leaps[sq] and not rays[sq])
    return dead


ZobristKeys = tuple[list[list[int]], list[list[list[int]]], int, list[int]]
_ZOBRIST: dict[tuple[str, int, int, tuple[str, ...]], ZobristKeys] = {}


def _zobrist_keys(variant_id: str, g: Geometry, type_codes: tuple[str, ...]) -> ZobristKeys:
    """Random keys for hashing positions: per piece code and square, per side, type and count in
    hand, for the side to move, and per square for Chu shogi's lion-capture square. Each piece type's keys come from its own stream, named by its
    code (``type_codes``, by type id; slot 0 the empty square), so a type's keys do not depend on
    which other types a rule set has: rule sets whose positions hold the same pieces hash alike."""
    key = (variant_id, g.files, g.ranks, type_codes)
    keys = _ZOBRIST.get(key)
    if keys is None:
        n = g.size

        def stream(name: str) -> random.Random:
            return random.Random(f"shogi-rules:{variant_id}:{g.files}x{g.ranks}:{name}")

        z_board: list[list[int]] = []
        z_hand: list[list[list[int]]] = [[], []]
        for code in type_codes:
            rng = stream(code)
            z_board += [[rng.getrandbits(64) for _ in range(n)] for _ in (SENTE, GOTE)]
            for color in (SENTE, GOTE):
                z_hand[color].append([0] + [rng.getrandbits(64) for _ in range(2 * n + 1)])
        lion = stream("lion capture")
        keys = _ZOBRIST[key] = (z_board, z_hand, stream("side to move").getrandbits(64),
                                [lion.getrandbits(64) for _ in range(n)])
    return keys


class TablesKey(NamedTuple):
    """The fields of a resolved variant that its tables are compiled from: rule sets that agree on
    these share one :class:`Tables` (:func:`compiled`), so the tables keep these and nothing else of
    the variant (what a rule set's other choices set, the mechanism switches above all, is read from
    the position's own variant)."""

    id: str
    pieces: tuple[PieceKind, ...]
    setup: str
    files: int
    ranks: int
    promotion: str
    promotion_zone: int
    last_rank_promoters: tuple[str, ...] | None
    capture_promotion: str
    drops: bool
    check_rules: bool
    fsf_hand_order: str
    usi: bool

    @classmethod
    def of(cls, variant: Variant) -> TablesKey:
        return cls(*(getattr(variant, name) for name in cls._fields))


class Tables:
    """Numbered piece types and the per-square move and attack tables of one resolved variant."""

    def __init__(self, variant: Variant):
        self.key = TablesKey.of(variant)
        """What the tables were compiled from (all that they know of the variant)."""
        self.geometry = g = Geometry(variant.files, variant.ranks)
        kinds = variant.piece_by_code
        in_setup = self._setup_counts = variant.setup_counts
        targets = {p.promotes_to for p in variant.pieces if p.promotes_to}
        for target in targets:
            if target not in kinds:
                raise VariantDataError(f"{variant.id}: promotion to unknown piece {target!r}")

        self.types: list[PieceType] = [cast(PieceType, None)]
        """The piece types by type id; slot 0 (an empty square) holds ``None`` and is never read."""
        base_ids: dict[str, int] = {}
        for kind in variant.pieces:
            if kind.code in targets and kind.code not in in_setup:
                continue  # a promoted form only
            tid = len(self.types)
            base_ids[kind.code] = tid
            self.types.append(PieceType(tid, kind.code, _fen_token(kind.fen_code), kind, kind, False, None, tid))
        types = self.types
        for row_code, tid in list(base_ids.items()):
            kind = kinds[row_code]
            if kind.promotes_to:
                pid = len(types)
                types.append(PieceType(pid, "+" + row_code, "+" + _fen_token(kind.fen_code),
                                       kinds[kind.promotes_to], kind, True, None, tid))
                old = types[tid]
                types[tid] = PieceType(tid, old.code, old.fen, old.kind, old.base, False, pid, tid)
        self.piece_types: list[PieceType] = types[1:]
        """The piece types (``types`` without the empty slot 0)."""
        self.by_code: dict[str, int] = {t.code: t.id for t in self.piece_types}
        self.by_fen: dict[str, int] = {}
        for t in self.piece_types:
            key = t.fen.upper()
            if key in self.by_fen:
                raise VariantDataError(f"{variant.id}: FEN code {t.fen} is not unique")
            self.by_fen[key] = t.id
        ncodes = 2 * len(types)

        self.royal = [False] * ncodes
        self.promotes = [0] * ncodes       # code of the promoted piece, 0 if none
        self.demotes = [0] * ncodes        # type id of the base piece (what goes to hand)
        self.to_hand = [False] * ncodes    # under drops, whether a captured piece goes to hand
        self.pawn = [False] * ncodes
        self.rank = [0] * ncodes
        self.burns = [False] * ncodes
        self.immobilises = [False] * ncodes
        self.converts = [0] * ncodes       # type id the capturer of this piece becomes, 0 if none
        for t in self.piece_types:
            for c in (SENTE, GOTE):
                code = 2 * t.id + c
                self.royal[code] = t.royal
                self.promotes[code] = 2 * t.promotion + c if t.promotion else 0
                self.demotes[code] = t.demotion
                self.to_hand[code] = not t.royal and t.base.droppable
                self.pawn[code] = t.base.pawn and not t.promoted
                self.rank[code] = t.kind.rank
                self.burns[code] = t.kind.burns
                self.immobilises[code] = t.kind.immobilises

        # --- per-square move tables -------------------------------------------------------
        n = g.size
        ray_cache = _RAYS.setdefault((g.files, g.ranks), {})

        def full_ray(sq: int, color: int, vector: tuple[int, int]) -> tuple[int, ...]:
            key = (sq, color, vector)
            ray = ray_cache.get(key)
            if ray is None:
                ray = ray_cache[key] = g.ray(sq, color, vector)
            return ray

        self.leaps: list[list[tuple[int, ...]]] = [[()] * n for _ in range(2)]
        self.rays: list[list[Rays]] = [[()] * n for _ in range(2)]
        self.leaps += [[] for _ in range(ncodes - 2)]
        self.rays += [[] for _ in range(ncodes - 2)]
        self.specials: list[tuple[Atom, ...]] = [()] * ncodes
        """Per piece code, the movement atoms that the leap and ray tables cannot hold (lion power, …)."""
        for t in self.piece_types:
            atoms = t.kind.atoms
            specials = tuple(a for a in atoms if a.special)
            for c in (SENTE, GOTE):
                code = 2 * t.id + c
                self.specials[code] = specials
                shape = (g.files, g.ranks, c, atoms)
                done = _SQUARE_TABLES.get(shape)
                if done is None:  # pieces that move alike (a promoted piece and its model, the same
                    # piece in two rule sets or two variants) share tables
                    done = _SQUARE_TABLES[shape] = self._square_tables(g, c, atoms, full_ray)
                self.leaps[code], self.rays[code] = done
        self.emperor = [any(a.flies for a in t.kind.atoms) if t else False
                        for t in self.types for _ in (SENTE, GOTE)]
        """Per piece code, whether the piece flies anywhere its rules allow (left out of protection counts)."""
        for t in self.piece_types:
            into_code = t.kind.converts_capturer_to
            if into_code:
                into = [u.id for u in self.piece_types if u.kind.code == into_code]
                if not into:
                    raise VariantDataError(f"{variant.id}: {t.code} converts its capturer into unknown {into_code!r}")
                for c in (SENTE, GOTE):
                    self.converts[2 * t.id + c] = into[0]
        self.royal_codes = [tuple(code for code in range(2, ncodes) if self.royal[code] and code & 1 == c)
                            for c in (SENTE, GOTE)]
        """Per colour, the codes of its royal pieces."""
        self.any_converter = any(self.converts)
        self.any_immobiliser = any(self.immobilises)
        self.immobiliser_codes = tuple(code for code in range(ncodes) if self.immobilises[code])
        self.any_burner = any(self.burns)
        self.general = (variant.promotion != "zone" or not variant.check_rules
                        or any(self.specials[c] for c in range(2, ncodes)))
        """Whether move generation needs the general path (anything beyond the shogi family)."""
        self.dead = [_dead_squares(self.leaps[code], self.rays[code])
                     if code >= 2 and not self.specials[code] else frozenset() for code in range(ncodes)]
        """The squares where a piece could never move again (it must promote, and may not be dropped there)."""
        rescued = variant.last_rank_promoters
        self.promotion_dead = [d if rescued is None or (t is not None and t.kind.code in rescued) else frozenset()
                               for d, t in zip(self.dead, (t for t in self.types for _ in (SENTE, GOTE)))]
        """Per piece code, the squares where it could never move again as the promotion scheme reads them:
        :attr:`dead`, except for a piece that ``Variant.last_rank_promoters`` leaves out (no squares)."""

        zone_sets = [g.promotion_zone(c, variant.promotion_zone) for c in (SENTE, GOTE)]
        self.zone = [[sq in zone_sets[c] for sq in range(n)] for c in (SENTE, GOTE)]

        # --- move plans (see shogi_rules.compiled.plans) ---------------------------------------------------
        self._plan_tables: list[PlanTable] = [cast(PlanTable, None)] * 2  # slots 0 and 1: no piece
        for code in range(2, ncodes):
            c = code & 1
            rule = PromotionRule(variant.promotion, tuple(self.zone[c]), variant.capture_promotion) \
                if self.promotes[code] else PromotionRule(None)
            self._plan_tables.append(plan_table(g, c, self.types[code >> 1].kind.atoms, rule,
                                                self.leaps[code], self.rays[code], self.promotion_dead[code]))
        self.plans: list[list[Plan | None]] = [table.plans if table else [] for table in self._plan_tables]
        """Per piece code and square, its :class:`~shogi_rules.compiled.plans.Plan` once built (``None`` before)."""
        converts_to_burner = any(self.burns[2 * tid] for tid in self.converts if tid)
        self._scorches = [bool(self.burns[code] or self.burns[self.promotes[code]] or converts_to_burner)
                          for code in range(ncodes)]
        self.reach_masks: list[list[int | None]] = [[None] * n, [None] * n]
        """Per piece code and square, :meth:`reach_mask` once built (``None`` before); shared by the tables
        whose pieces move and burn alike."""
        self._fixed_reach: list[list[tuple[int, int] | None]] = [[None] * n, [None] * n]
        """Per piece code and square, what :meth:`open_reach_mask` reads of :meth:`reach_mask` without the rays, shared
        as :attr:`reach_masks` is."""
        for code in range(2, ncodes):
            reach_shape = (g.files, g.ranks, code & 1, self.types[code >> 1].kind.atoms, self._scorches[code])
            self.reach_masks.append(_REACH.setdefault(reach_shape, [None] * n))
            self._fixed_reach.append(_FIXED_REACH.setdefault(reach_shape, [None] * n))
        self.promoted = [t.promoted if t else False for t in self.types for _ in (SENTE, GOTE)]
        """Per piece code, whether the piece is promoted (taking it may promote differently: see
        :class:`~shogi_rules.compiled.plans.Entry`)."""

        # --- Zobrist keys ---------------------------------------------------------------------
        self.z_board, self.z_hand, self.z_side, self.z_lion_capture = _zobrist_keys(
            variant.id, g, ("",) + tuple(t.code for t in self.piece_types))

    def plan(self, code: int, sq: int) -> Plan:
        """The :class:`~shogi_rules.compiled.plans.Plan` of the piece ``code`` on ``sq`` (built on first use)."""
        plan = self.plans[code][sq]
        return plan if plan is not None else self._plan_tables[code].build(sq)

    def plan_table(self, code: int) -> PlanTable:
        """The (shared) :class:`~shogi_rules.compiled.plans.PlanTable` of the piece ``code``."""
        return self._plan_tables[code]

    def drop_moves(self, type_id: int) -> tuple[Move, ...]:
        """Per square, the drop of piece type ``type_id`` there."""
        return drop_moves_of(type_id, self.geometry.size)

    @staticmethod
    def _square_tables(g: Geometry, c: int, atoms: tuple[Atom, ...],
                       full_ray: Callable[[int, int, Vector], tuple[int, ...]]) -> tuple[list[tuple[int, ...]], list[Rays]]:
        """For each square, the leap targets and the rays of a piece with ``atoms`` and colour ``c``."""
        all_leaps: list[tuple[int, ...]] = []
        all_rays: list[Rays] = []
        for sq in range(g.size):
            leaps: list[int] = []
            rays: list[tuple[int, ...]] = []
            for atom in atoms:
                atom_leaps, atom_rays = atom.table_entries(g, c, sq, full_ray)
                leaps.extend(atom_leaps)
                rays.extend(atom_rays)
            all_leaps.append(tuple(dict.fromkeys(leaps)))
            all_rays.append(tuple(rays))
        return all_leaps, all_rays

    def destinations(self, view: BoardView, sq: int, code: int) -> Destinations:
        """Where the piece ``code`` on ``sq`` of ``view.board`` can go: ``{(target, path): None}`` in
        a fixed order (leaps, rays, then each run-time atom)."""
        board = view.board
        us = code & 1
        found: Destinations = {}
        for to in self.leaps[code][sq]:
            p = board[to]
            if not p or p & 1 != us:
                found[(to, ())] = None
        for ray in self.rays[code][sq]:
            for to in ray:
                p = board[to]
                if not p or p & 1 != us:
                    found[(to, ())] = None
                if p:
                    break
        for atom in self.specials[code]:
            atom.add_destinations(view, sq, code, found)
        return found

    def reach_mask(self, code: int, sq: int) -> int:
        """The squares (bit ``s`` for square ``s``) where a move of the piece ``code`` from ``sq`` could
        take a piece, on any board: where it ends or a square of its path; for a piece that burns, or may
        burn once promoted or converted, also the squares next to where it ends. A superset, built on
        first use: the attack tests of :mod:`shogi_rules.engine.movegen` generate the moves of a
        piece only where its mask holds the square they ask about."""
        mask = self.reach_masks[code][sq]
        if mask is None:
            mask = self.reach_masks[code][sq] = self._build_reach(code, sq)
        return mask

    def open_reach_mask(self, code: int, sq: int, board: Sequence[int]) -> int:
        """:meth:`reach_mask` on ``board``: a ray ends at the first piece on it (which a move along it may take); its
        leaps and the squares its special atoms could touch as on any board. A superset of the squares where a move
        of the piece from ``sq`` could take or burn a piece on ``board``, often far smaller than :meth:`reach_mask`
        for a piece that slides and burns."""
        rays = self.rays[code][sq]
        if not rays:
            return self.reach_mask(code, sq)
        fixed = self._fixed_reach[code][sq]
        if fixed is None:  # (where it ends without the rays, and the same with the squares next to those)
            fixed = self._fixed_reach[code][sq] = (self._build_reach(code, sq, rays=False, burns=False),
                                                   self._build_reach(code, sq, rays=False))
        ends, out = fixed
        walked = 0
        for ray in rays:
            for s in ray:
                walked |= 1 << s
                if board[s]:
                    break
        if not self._scorches[code]:
            return out | walked
        near = self.geometry.neighbour_masks
        out |= walked
        rest = walked & ~ends  # (the squares next to those of the leaps and special atoms are in already)
        while rest:
            low = rest & -rest
            out |= near[low.bit_length() - 1]
            rest ^= low
        return out

    def _build_reach(self, code: int, sq: int, rays: bool = True, burns: bool = True) -> int:
        g = self.geometry
        squares = set(self.leaps[code][sq])
        for ray in self.rays[code][sq] if rays else ():
            squares.update(ray)
        for atom in self.specials[code]:
            more = atom.touched_squares(g, code & 1, sq)
            if more is None:
                return (1 << g.size) - 1
            squares |= more
        if self._scorches[code] and burns:
            squares.add(sq)
            squares.update([n for s in squares for n in g.neighbours[s]])
        mask = 0
        for s in squares:
            mask |= 1 << s
        return mask

    @cached_property
    def attack_entries(self) -> list[list[AttackEntry | None]]:
        """Per colour and square, :meth:`attack_entry` once built (``None`` before): the squares a test asks about
        are built on first use, not the whole board (a record check compiles the tables of many rule sets and
        asks each about a few squares)."""
        for t in self.piece_types:
            if any(type(a) not in (Step, Jump) for a in t.kind.atoms):
                raise VariantDataError(f"{self.key.id}: attack tables cover steps, slides and jumps only ({t.code})")
        n = self.geometry.size
        return [[None] * n, [None] * n]

    def attack_entry(self, by: int, square: int) -> AttackEntry:
        """The pieces of colour ``by`` that attack ``square``: ``(leaps, rays)``, the squares from which pieces leap to
        it with their codes (:data:`LeapAttackers`), and the lines back from it with the codes sliding to it from each
        distance (:data:`RayAttackers`). Read from each piece's reverse tables (:func:`_reverse_tables`, shared by
        the pieces that move alike), in the order of the piece types."""
        entry = self.attack_entries[by][square]
        if entry is None:
            leaps: dict[int, set[int]] = {}
            rays: dict[Vector, dict[int, set[int]]] = {}
            for code in range(2 + by, len(self.leaps), 2):
                from_leaps, from_rays = _reverse_tables(self.geometry, self.leaps[code], self.rays[code])
                for frm in from_leaps[square]:
                    leaps.setdefault(frm, set()).add(code)
                for step, dist in from_rays[square]:
                    rays.setdefault(step, {}).setdefault(dist, set()).add(code)
            entry = self.attack_entries[by][square] = (_leap_entry(leaps), _ray_entries(self.geometry, square, rays))
        return entry

    # --- lookups ------------------------------------------------------------------------------
    def type_by_fen(self, token: str) -> int:
        tid = self.by_fen.get(token.upper())
        if tid is None:
            raise PieceError(f"{self.key.id} has no piece {quote(token)}")
        return tid

    def type_by_code(self, code: str) -> int:
        """The type id of the piece type with TSA code ``code`` (``'+P'`` for a promoted pawn); case
        is ignored where the exact spelling is not found."""
        tid = self.by_code.get(code)
        if tid is None:
            for t in self.piece_types:
                if t.code.upper() == code.upper():
                    return t.id
            raise PieceError(f"{self.key.id} has no piece {quote(code)}")
        return tid

    def type_for_row(self, code: str, promoted: bool = False) -> PieceType:
        """The piece type that moves as the row ``code``: the unpromoted piece set up as ``code``, or
        (``promoted``) that piece promoted; a row that only exists as a promoted piece gives its
        promoted type."""
        if promoted:
            tid = self.by_code.get("+" + code)
            if tid is None:
                raise PieceError(f"{self.key.id}: {code} does not promote")
            return self.piece_types[tid - 1]
        tid = self.by_code.get(code)
        if tid is not None:
            return self.piece_types[tid - 1]
        for t in self.piece_types:
            if t.kind.code == code:
                return t
        raise PieceError(f"{self.key.id} has no piece {code!r}")

    @cached_property
    def supply(self) -> dict[int, int]:
        """How many of each base piece the two sets of the setup hold (type id → count)."""
        return {self.by_code[code]: n for code, n in self._setup_counts.items()}

    def hand_types(self) -> list[int]:
        """The type ids that may stand in a hand (unpromoted pieces other than royals and pieces that are
        not :attr:`~shogi_rules.model.pieces.PieceKind.droppable`)."""
        return [t.id for t in self.piece_types if not t.promoted and not t.royal and t.kind.droppable]


_COMPILED: dict[TablesKey, Tables] = {}


def compiled(variant: Variant) -> Tables:
    """The tables of a variant as a rule set resolves it, compiled once: rule sets that agree on the
    fields of :class:`TablesKey` share them (so the mechanisms read the switches from the position's
    variant: the tables hold no variant)."""
    key = TablesKey.of(variant)
    tables = _COMPILED.get(key)
    if tables is None:
        tables = _COMPILED[key] = Tables(variant)
    return tables
