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

from .errors import PieceError, VariantDataError, quote
from .geometry import GOTE, SENTE, Geometry
from .movement import Emperor, Jump, SkipSlide, Step
from .pieces import PieceKind
from .variant import Variant


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


# Shared by every table set of a board size or variant, so that the many rule sets a record check
# compiles (each differing from the defaults in one piece or two) cost little memory and time.
_RAYS: dict[tuple[int, int], dict] = {}
_SQUARE_TABLES: dict[tuple[int, int], dict] = {}
_ZOBRIST: dict[tuple[str, int, int, int], tuple] = {}


def _zobrist_keys(variant_id: str, files: int, ranks: int, ntypes: int) -> tuple[list, list, int]:
    """The Zobrist keys of a variant's board, hands and side to move (the same for all its rule sets
    with as many piece types: drawn from a generator seeded by the variant's id and board)."""
    key = (variant_id, files, ranks, ntypes)
    keys = _ZOBRIST.get(key)
    if keys is None:
        squares = files * ranks
        rng = random.Random(f"shogi-rules:{variant_id}:{files}x{ranks}")
        z_board = [[rng.getrandbits(64) for _ in range(squares)] for _ in range(2 * ntypes)]
        max_hand = 2 * squares + 1
        z_hand = [[[0] + [rng.getrandbits(64) for _ in range(max_hand)] for _ in range(ntypes)] for _ in (SENTE, GOTE)]
        keys = _ZOBRIST[key] = (z_board, z_hand, rng.getrandbits(64))
    return keys



class Tables:
    """Numbered piece types and the per-square move and attack tables of one resolved variant."""

    def __init__(self, variant: Variant):
        from .notation.fen import setup_codes

        self.variant = variant
        self.geometry = g = Geometry(variant.files, variant.ranks)
        kinds = variant.piece_by_code
        in_setup = setup_codes(variant)
        targets = {p.promotes_to for p in variant.pieces if p.promotes_to}
        for t in targets:
            if t not in kinds:
                raise VariantDataError(f"{variant.id}: promotion to unknown piece {t!r}")

        self.types: list[PieceType | None] = [None]
        base_ids: dict[str, int] = {}
        for kind in variant.pieces:
            if kind.code in targets and kind.code not in in_setup:
                continue  # a promoted form only
            tid = len(self.types)
            base_ids[kind.code] = tid
            self.types.append(PieceType(tid, kind.code, _fen_token(kind.fen_code), kind, kind, False, None, tid))
        for code, tid in list(base_ids.items()):
            kind = kinds[code]
            if kind.promotes_to:
                pid = len(self.types)
                self.types.append(PieceType(pid, "+" + code, "+" + _fen_token(kind.fen_code),
                                            kinds[kind.promotes_to], kind, True, None, tid))
                old = self.types[tid]
                self.types[tid] = PieceType(tid, old.code, old.fen, old.kind, old.base, False, pid, tid)
        self.by_code: dict[str, int] = {t.code: t.id for t in self.types if t}
        self.by_fen: dict[str, int] = {}
        for t in self.types:
            if t:
                key = t.fen.upper()
                if key in self.by_fen:
                    raise VariantDataError(f"{variant.id}: FEN code {t.fen} is not unique")
                self.by_fen[key] = t.id
        ncodes = 2 * len(self.types)

        self.royal = [False] * ncodes
        self.promotes = [0] * ncodes       # code of the promoted piece, 0 if none
        self.demotes = [0] * ncodes        # type id of the base piece (what goes to hand)
        self.pawn = [False] * ncodes
        self.rank = [0] * ncodes
        self.burns = [False] * ncodes
        self.immobilises = [False] * ncodes
        self.converts = [0] * ncodes       # type id the capturer of this piece becomes, 0 if none
        for t in self.types[1:]:
            for c in (SENTE, GOTE):
                code = 2 * t.id + c
                self.royal[code] = t.royal
                self.promotes[code] = 2 * t.promotion + c if t.promotion else 0
                self.demotes[code] = t.demotion
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
        self.rays: list[list[tuple[tuple[int, ...], ...]]] = [[()] * n for _ in range(2)]
        self.leaps += [[] for _ in range(ncodes - 2)]
        self.rays += [[] for _ in range(ncodes - 2)]
        self.specials: list[tuple] = [()] * ncodes
        """Per piece code, the movement atoms that the leap and ray tables cannot hold (lion power, …)."""
        # Pieces that move alike (a promoted piece and its model, or the same piece in two rule sets)
        # share their tables.
        by_atoms = _SQUARE_TABLES.setdefault((g.files, g.ranks), {})
        for t in self.types[1:]:
            atoms = t.kind.atoms
            specials = tuple(a for a in atoms if not isinstance(a, (Step, Jump, SkipSlide)))
            for c in (SENTE, GOTE):
                code = 2 * t.id + c
                self.specials[code] = specials
                done = by_atoms.get((atoms, c))
                if done is None:
                    done = by_atoms[(atoms, c)] = self._square_tables(g, c, atoms, full_ray)
                self.leaps[code], self.rays[code] = done
        self.emperor = [any(isinstance(a, Emperor) for a in t.kind.atoms) if t else False
                        for t in self.types for _ in (SENTE, GOTE)]
        for t in self.types[1:]:
            target = t.kind.converts_capturer_to
            if target:
                into = [u.id for u in self.types[1:] if u.kind.code == target]
                if not into:
                    raise VariantDataError(f"{variant.id}: {t.code} converts its capturer into unknown {target!r}")
                for c in (SENTE, GOTE):
                    self.converts[2 * t.id + c] = into[0]
        self.any_converter = any(self.converts)
        self.any_immobiliser = any(self.immobilises)
        self.any_burner = any(self.burns)
        self.general = (variant.promotion != "zone" or not variant.check_rules
                        or any(self.specials[c] for c in range(2, ncodes)))
        """Whether move generation needs the general path (anything beyond the shogi family)."""
        self.dead = [frozenset(sq for sq in range(n) if not self.leaps[code][sq] and not self.rays[code][sq])
                     if code >= 2 and not self.specials[code] else frozenset() for code in range(ncodes)]
        """The squares where a piece could never move again (it must promote, and may not be dropped there)."""

        zone_sets = [g.promotion_zone(c, variant.promotion_zone) for c in (SENTE, GOTE)]
        self.zone = [[sq in zone_sets[c] for sq in range(n)] for c in (SENTE, GOTE)]

        # --- Zobrist keys ---------------------------------------------------------------------
        self.z_board, self.z_hand, self.z_side = _zobrist_keys(variant.id, variant.files, variant.ranks, len(self.types))

    @staticmethod
    def _square_tables(g: Geometry, c: int, atoms: tuple, full_ray) -> tuple[list, list]:
        """For each square, the leap targets and the rays of a piece with ``atoms`` and colour ``c``."""
        all_leaps, all_rays = [], []
        for sq in range(g.size):
            leaps, rays = [], []
            for atom in atoms:
                if isinstance(atom, Jump) or (isinstance(atom, Step) and atom.limit == 1):
                    to = g.target(sq, c, atom.vector)
                    if to is not None:
                        leaps.append(to)
                elif isinstance(atom, Step):
                    ray = full_ray(sq, c, atom.vector)[:atom.limit]
                    if ray:
                        rays.append(ray)
                elif isinstance(atom, SkipSlide):
                    ray = full_ray(sq, c, atom.vector)[:atom.limit][atom.skip:]
                    if ray:
                        rays.append(ray)
            all_leaps.append(tuple(dict.fromkeys(leaps)))
            all_rays.append(tuple(rays))
        return all_leaps, all_rays

    def _build_attack_tables(self) -> None:
        """Reverse tables: for each square, the squares and rays from which each piece attacks it."""
        g = self.geometry
        n = g.size
        for t in self.types[1:]:
            if any(not isinstance(a, (Step, Jump)) for a in t.kind.atoms):
                raise VariantDataError(f"{self.variant.id}: attack tables cover steps, slides and jumps only ({t.code})")
        leap_attackers: list = []
        ray_attackers: list = []
        for c in (SENTE, GOTE):
            leap_att: list[dict[int, set[int]]] = [{} for _ in range(n)]
            ray_att: list[dict[tuple[int, int], dict[int, set[int]]]] = [{} for _ in range(n)]
            for t in self.types[1:]:
                code = 2 * t.id + c
                for sq in range(n):
                    for to in self.leaps[code][sq]:
                        leap_att[to].setdefault(sq, set()).add(code)
                    for ray in self.rays[code][sq]:
                        step = ((ray[0] % g.files) - (sq % g.files), (ray[0] // g.files) - (sq // g.files))
                        for dist, to in enumerate(ray, 1):
                            ray_att[to].setdefault(step, {}).setdefault(dist, set()).add(code)
            leap_attackers.append([tuple((sq, frozenset(codes)) for sq, codes in d.items()) for d in leap_att])
            per_square = []
            for to in range(n):
                entries = []
                for (dc, dr), by_dist in ray_att[to].items():
                    back = []
                    cur = to
                    while True:
                        nxt = g.at(cur % g.files - dc, cur // g.files - dr)
                        if nxt is None or len(back) >= max(by_dist):
                            break
                        back.append(nxt)
                        cur = nxt
                    sets = tuple(frozenset(by_dist.get(d, ())) for d in range(1, len(back) + 1))
                    if back:
                        entries.append((tuple(back), sets))
                per_square.append(tuple(entries))
            ray_attackers.append(per_square)
        self.__dict__["leap_attackers"] = leap_attackers
        self.__dict__["ray_attackers"] = ray_attackers

    @cached_property
    def leap_attackers(self):
        self._build_attack_tables()
        return self.__dict__["leap_attackers"]

    @cached_property
    def ray_attackers(self):
        self._build_attack_tables()
        return self.__dict__["ray_attackers"]

    # --- lookups ------------------------------------------------------------------------------
    def type_by_fen(self, token: str) -> int:
        tid = self.by_fen.get(token.upper())
        if tid is None:
            raise PieceError(f"{self.variant.id} has no piece {quote(token)}")
        return tid

    def type_by_code(self, code: str) -> int:
        tid = self.by_code.get(code)
        if tid is None:
            for t in self.types[1:]:
                if t.code.upper() == code.upper():
                    return t.id
            raise PieceError(f"{self.variant.id} has no piece {quote(code)}")
        return tid

    @cached_property
    def supply(self) -> dict[int, int]:
        """How many of each base piece the two sets of the setup hold (type id → count)."""
        from .notation.fen import parse_board
        out: dict[int, int] = {}
        for code in parse_board(self, self.variant.setup):
            if code:
                out[self.demotes[code]] = out.get(self.demotes[code], 0) + 1
        return out

    def hand_types(self) -> list[int]:
        """The type ids that may stand in a hand (unpromoted pieces other than royals)."""
        return [t.id for t in self.types[1:] if not t.promoted and not t.royal]
