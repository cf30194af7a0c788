"""Movement atoms, and the Betza notation that names them.

A piece's movement is a tuple of atoms. Every atom is seen from the piece's owner: ``(dx, dy)``
with ``dy > 0`` forward and ``dx > 0`` to the owner's right.

* :class:`Step` — up to ``limit`` squares along a line, each square on the way empty
  (``limit=1``: a plain step; ``limit=None``: a slide, "any number of squares").
* :class:`Jump` — straight to a fixed offset, whatever stands between (★ in the articles' diagrams).
* :class:`Lion`, :class:`Area`, :class:`RangeJump`, :class:`Fly`, :class:`SkipSlide`, :class:`Igui`, :class:`Hook`,
  :class:`Emperor` — the powers of the large variants.

Each atom owns its behaviour, so adding one touches this module only (and, for a long walk, a
module of :mod:`shogi_rules.model.mechanisms` that it calls): how it compiles into the per-square tables
(:meth:`Atom.table_entries`), the destinations it generates at run time when the tables cannot hold
them (:meth:`Atom.add_destinations`), its words (:meth:`Atom.words`) and the marks it puts on a
movement diagram (:meth:`Atom.marks`).

Pieces are written in `Betza notation <https://www.chessvariants.com/piececlopedia.dir/betza-notation.html>`_,
the lingua franca of fairy-chess piece moves, and :func:`parse_betza` turns the notation into
atoms. The subset read here: atoms ``W F D A H G N C Z`` (leapers), ``R B Q`` (riders), ``K``
(``WF``); a number after ``W F R B Q K`` limits the range (``fB3``: up to three squares diagonally
forward); direction modifiers ``f b l r v s`` and, for diagonal and oblique atoms, the pairs
``fl fr bl br`` and ``ff bb fs bs``.

>>> sorted(a.vector for a in parse_betza("WfF"))      # a gold general
[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)]
>>> parse_betza("fR")
(Step(vector=(0, 1), limit=None),)
>>> sorted(a.vector for a in parse_betza("ffN"))      # a shogi knight
[(-1, 2), (1, 2)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

from .directions import DIRECTION_WORDS, EIGHT, Vector
from .errors import MovementError
from .geometry import Geometry
from .mechanisms import BoardView
from .mechanisms.area import area_targets
from .mechanisms.emperor import emperor_targets
from .mechanisms.hook import hook_moves
from .mechanisms.lion import lion_pairs
from .mechanisms.range_jump import range_jump_targets


Destinations = dict[tuple[int, tuple[int, ...]], None]
"""Where a piece can go: ``{(target, path): None}``, in the order found (a dict keeps it)."""
RayOf = Callable[[int, int, Vector], tuple[int, ...]]
"""``ray(square, color, vector)``: the squares along ``vector`` to the edge of the board."""


class Words(NamedTuple):
    """An atom in words: ``kind`` says how :func:`describe` groups it with the others."""

    kind: Literal["range", "jump", "power"]
    group: str
    text: str


def _norm(v: Vector) -> int:
    return max(abs(v[0]), abs(v[1]))


def _line(vector: Vector, first: int, last: int | None, radius: int) -> Iterator[Vector]:
    """Multiples ``first`` … ``last`` of ``vector`` that lie within ``radius`` (king steps)."""
    k = first
    while last is None or k <= last:
        sq = (vector[0] * k, vector[1] * k)
        if _norm(sq) > radius:
            break
        yield sq
        k += 1


def _square(radius: int) -> Iterator[Vector]:
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            yield dx, dy


def _within(g: Geometry, sq: int, steps: int) -> set[int]:
    """The squares within ``steps`` king steps of ``sq`` (``sq`` too)."""
    c, r = sq % g.files, sq // g.files
    return {s for dc in range(-steps, steps + 1) for dr in range(-steps, steps + 1)
            if (s := g.at(c + dc, r + dr)) is not None}


def _lines(vectors: tuple[Vector, ...]) -> str:
    return ", ".join(DIRECTION_WORDS.get(v, str(v)) for v in vectors)


class Atom:
    """A movement atom. Subclasses are frozen dataclasses that override what applies to them."""

    special: ClassVar[bool] = True
    """Whether the atom's moves are generated at run time (:meth:`add_destinations`) rather than
    held in the per-square leap and ray tables (:meth:`table_entries`)."""
    flies: ClassVar[bool] = False
    """Whether the piece goes anywhere its rules allow (the Emperor): left out of protection counts."""
    paths: ClassVar[bool] = False
    """Whether its moves may have a path (:attr:`~shogi_rules.model.moves.Move.path`): squares they touch down on
    (a Lion's steps, igui) or turn at (a hook move) on the way. The path of any other atom's move is empty."""

    def table_entries(self, g: Geometry, color: int, sq: int, ray: RayOf) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """``(leaps, rays)`` of a piece of ``color`` on ``sq``: the squares it may leap to, and the
        rays it slides along (stopping at the first piece)."""
        return (), ()

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        """Add the ``(target, path)`` pairs this atom gives the piece ``code`` on ``origin``."""

    def pass_squares(self, view: BoardView, origin: int, code: int) -> list[int]:
        """Empty squares through which the piece can pass its turn (step out and back)."""
        return []

    def reach_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        """Every square a move of this atom from ``sq`` could end on (a superset; ``None``: any
        square). Move generation merges two atoms' moves only where these sets meet."""
        return None

    def touched_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        """Every square on which a move of this atom from ``sq`` could take a piece: where it ends, or a
        square of its path (a superset; ``None``: any square). The attack tests pass over a piece that
        cannot reach a square by any of its atoms (:meth:`Tables.reach_mask`)."""
        return self.reach_squares(g, color, sq)

    def refusal(self, g: Geometry, origin: int, color: int, target: int) -> str | None:
        """Why a move along this atom to ``target`` may be refused by the rules (for error messages)."""
        return None

    def words(self) -> Words:
        raise NotImplementedError

    def reach(self) -> int:
        """How far (in king steps) the farthest limited move goes, for a diagram's window."""
        return 1

    def unlimited(self) -> bool:
        """Whether the atom runs to the edge of the board."""
        return False

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        """``(vector, mark)`` pairs of a movement diagram of the given radius (see
        :mod:`shogi_rules.diagrams.movement` for the marks)."""
        return iter(())


@dataclass(frozen=True)
class Step(Atom):
    """Up to ``limit`` squares along ``vector`` (``None``: without limit), through empty squares only."""

    vector: Vector
    limit: int | None = 1
    special: ClassVar[bool] = False

    def table_entries(self, g: Geometry, color: int, sq: int, ray: RayOf) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        if self.limit == 1:
            to = g.target(sq, color, self.vector)
            return ((to,) if to is not None else ()), ()
        line = ray(sq, color, self.vector)[:self.limit]
        return (), ((line,) if line else ())

    def words(self) -> Words:
        if self.limit is None:
            reach = "any number of squares"
        else:
            reach = "one square" if self.limit == 1 else f"up to {self.limit} squares"
        return Words("range", reach, DIRECTION_WORDS[self.vector])

    def reach(self) -> int:
        return _norm(self.vector) * (self.limit or 1)

    def unlimited(self) -> bool:
        return self.limit is None

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _line(self.vector, 1, self.limit, radius):
            yield v, "slide" if self.limit is None else "step"


@dataclass(frozen=True)
class Jump(Atom):
    """A leap straight to ``vector``, over anything in between."""

    vector: Vector
    special: ClassVar[bool] = False

    def table_entries(self, g: Geometry, color: int, sq: int, ray: RayOf) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        to = g.target(sq, color, self.vector)
        return ((to,) if to is not None else ()), ()

    def words(self) -> Words:
        dx, dy = self.vector
        parts = []
        if dy:
            parts.append(f"{abs(dy)} {'forward' if dy > 0 else 'backward'}")
        if dx:
            parts.append(f"{abs(dx)} to the {'right' if dx > 0 else 'left'}")
        return Words("jump", "jumps", " and ".join(parts))

    def reach(self) -> int:
        return _norm(self.vector)

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        yield self.vector, "jump"


@dataclass(frozen=True)
class Lion(Atom):
    """Lion power: up to ``steps`` king steps in one turn, each step free to capture.

    With ``vectors=None`` it is the Lion's own power: two king steps in any directions, so it
    reaches every square within two, jumping the first square, capturing on the first square and
    moving on (capture then step, double capture), capturing an adjacent piece without moving
    (igui, written ``x!``) or stepping out and back (a pass). With ``vectors`` the same power works
    only along those lines, all steps in one direction: the Horned Falcon forwards, the Soaring
    Eagle on the forward diagonals (``steps=2``), the Lion Dog along all eight lines (``steps=3``).
    With ``turns=True`` the steps along ``vectors`` may change direction between them, as the Lion's
    do: ``Lion(DIAGONAL, 2, turns=True)`` is two diagonal king steps, the Cat Sword's step twice.
    """

    vectors: tuple[Vector, ...] | None = None
    steps: int = 2
    turns: bool = False
    paths: ClassVar[bool] = True

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        for pair in lion_pairs(view, origin, code, self.vectors, self.steps, self.turns):
            found[pair] = None

    def reach_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        if self.vectors is None:
            return _within(g, sq, self.steps)
        if self.turns:  # every square a walk of up to `steps` steps along the vectors reaches
            reached = {sq}
            for _ in range(self.steps):
                reached |= {n for s in reached for v in self.vectors if (n := g.target(s, color, v)) is not None}
            return reached
        return {sq}.union(*(g.ray(sq, color, v, self.steps) for v in self.vectors))

    def pass_squares(self, view: BoardView, origin: int, code: int) -> list[int]:
        if self.steps < 2:
            return []
        g = view.tables.geometry
        if self.vectors is None:
            squares = list(g.neighbours[origin])
        else:
            squares = [s for v in self.vectors if (s := g.target(origin, code & 1, v)) is not None]
        return [s for s in squares if not view.board[s]]

    def words(self) -> Words:
        where = ("in any direction, turning freely" if self.vectors is None
                 else f"along {_lines(self.vectors)}, turning freely" if self.turns
                 else f"along the lines {_lines(self.vectors)}")
        return Words("power", "", f"lion power: up to {self.steps} steps {where}, capturing on the way, igui and passing")

    def reach(self) -> int:
        return self.steps * max((_norm(v) for v in self.vectors or ((1, 1),)), default=1)

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        if self.vectors is None:
            for v in _square(self.steps):
                yield v, f"lion-{_norm(v)}"
        elif self.turns:  # every sum of up to `steps` of the vectors, marked by the fewest steps
            seen: set[Vector] = {(0, 0)}
            reached: set[Vector] = {(0, 0)}
            for k in range(1, self.steps + 1):
                reached = {(x + dx, y + dy) for x, y in reached for dx, dy in self.vectors}
                for v in sorted(reached - seen):
                    yield v, f"lion-{k}"
                seen |= reached
        else:
            for vec in self.vectors:
                for k, v in enumerate(_line(vec, 1, self.steps, radius), 1):
                    yield v, f"lion-{k}"


@dataclass(frozen=True)
class Area(Atom):
    """Up to ``steps`` king steps with free turns, through empty squares only; a capture ends it.

    The Vice General, Fire Demon and Heavenly Tetrarchs (three steps); the Lion Hawk of TSA (two).
    The piece may not end where it started.
    """

    steps: int = 3

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        for to in sorted(area_targets(view, origin, code, self.steps)):
            found[(to, ())] = None

    def reach_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        return _within(g, sq, self.steps)

    def words(self) -> Words:
        return Words("power", "", f"area move: up to {self.steps} king steps turning freely through empty squares")

    def reach(self) -> int:
        return self.steps

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _square(self.steps):
            yield v, "area"


@dataclass(frozen=True)
class RangeJump(Atom):
    """Any distance along ``vector``, jumping over pieces of lower rank (see ``PieceKind.rank``)."""

    vector: Vector

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        for to in range_jump_targets(view, origin, code, self.vector):
            found[(to, ())] = None

    def reach_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        return set(g.ray(sq, color, self.vector))

    def refusal(self, g: Geometry, origin: int, color: int, target: int) -> str | None:
        if target in g.ray(origin, color, self.vector):
            return "would have to jump or take a piece its rank forbids under these rules (tenjiku.range-jump.*)"
        return None

    def words(self) -> Words:
        return Words("power", "", f"range jump {DIRECTION_WORDS[self.vector]}, over pieces of lower rank")

    def unlimited(self) -> bool:
        return True

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _line(self.vector, 1, None, radius):
            yield v, "range-jump"


@dataclass(frozen=True)
class Fly(Atom):
    """Any distance along ``vector``, flying over whatever stands between (pieces of either side and
    any rank), which it does not take; it may take an enemy piece where it lands. Japanese
    Wikipedia's Tenjiku Free Eagle, orthogonally."""

    vector: Vector
    special: ClassVar[bool] = False

    def table_entries(self, g: Geometry, color: int, sq: int, ray: RayOf) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        return tuple(ray(sq, color, self.vector)), ()

    def words(self) -> Words:
        return Words("power", "", f"flies {DIRECTION_WORDS[self.vector]} any distance, over pieces of any rank, "
                                  "taking none of them")

    def unlimited(self) -> bool:
        return True

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _line(self.vector, 1, None, radius):
            yield v, "fly"


@dataclass(frozen=True)
class SkipSlide(Atom):
    """Along ``vector``, jumping the first ``skip`` squares, then on through empty squares.

    ``limit`` counts every square from the start (``SkipSlide((1, 0), 1, 3)``: to the 2nd or 3rd
    square sideways, jumping the first). The Heavenly Tetrarchs' move.
    """

    vector: Vector
    skip: int = 1
    limit: int | None = None
    special: ClassVar[bool] = False

    def table_entries(self, g: Geometry, color: int, sq: int, ray: RayOf) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        line = ray(sq, color, self.vector)[:self.limit][self.skip:]
        return (), ((line,) if line else ())

    def words(self) -> Words:
        reach = "any distance" if self.limit is None else f"up to the square {self.limit} away"
        first = "the first square" if self.skip == 1 else f"the first {self.skip} squares"
        return Words("power", "", f"{DIRECTION_WORDS[self.vector]}: jumps {first}, then {reach}")

    def reach(self) -> int:
        return _norm(self.vector) * (self.limit if self.limit is not None else self.skip + 2)

    def unlimited(self) -> bool:
        return self.limit is None

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _line(self.vector, 1, self.skip, radius):
            yield v, "skipped"
        for v in _line(self.vector, self.skip + 1, self.limit, radius):
            yield v, "step" if self.limit is not None else "skip-slide"


@dataclass(frozen=True)
class Igui(Atom):
    """Capture an adjacent enemy along ``vectors`` without moving (``None``: all eight)."""

    vectors: tuple[Vector, ...] | None = None
    paths: ClassVar[bool] = True

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        board = view.board
        us = code & 1
        g = view.tables.geometry
        if self.vectors is None:
            squares: list[int] | tuple[int, ...] = g.neighbours[origin]
        else:
            squares = [s for v in self.vectors if (s := g.target(origin, us, v)) is not None]
        for to in squares:
            if board[to] and board[to] & 1 != us:
                found[(origin, (to,))] = None

    def reach_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        return {sq}

    def touched_squares(self, g: Geometry, color: int, sq: int) -> set[int] | None:
        if self.vectors is None:
            return {sq, *g.neighbours[sq]}
        return {sq, *(s for v in self.vectors if (s := g.target(sq, color, v)) is not None)}

    def words(self) -> Words:
        return Words("power", "", "captures an adjacent enemy without moving (igui)")

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in self.vectors or EIGHT:
            yield v, "igui"


@dataclass(frozen=True)
class Hook(Atom):
    """Slide along one of ``vectors``, then optionally turn 90° on an empty square and slide on.

    Orthogonal vectors: the Hook Mover (鉤行); diagonal: the Capricorn (摩羯) and Long-nosed Goblin
    (天狗). A capture ends the move; a hook move never captures twice.
    """

    vectors: tuple[Vector, ...]
    paths: ClassVar[bool] = True

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        for to, path in hook_moves(view, origin, code, self.vectors).items():
            if (to, ()) not in found:  # a square reached straight by another atom keeps the straight move
                found[(to, path)] = None

    def words(self) -> Words:
        return Words("power", "", f"hook move along {_lines(self.vectors)}: one 90° turn on an empty square")

    def reach(self) -> int:
        return 2

    def unlimited(self) -> bool:
        return True

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        straight = set()
        for vec in self.vectors:
            for v in _line(vec, 1, None, radius):
                straight.add(v)
                yield v, "hook"
        for vec in self.vectors:
            for w in self.vectors:
                if vec[0] * w[0] + vec[1] * w[1]:
                    continue
                for i in range(1, 2 * radius + 2):
                    for j in range(1, 2 * radius + 2):
                        v = (vec[0] * i + w[0] * j, vec[1] * i + w[1] * j)
                        if v not in straight:
                            yield v, "hook-turn"


@dataclass(frozen=True)
class Emperor(Atom):
    """The Maka Dai Dai Emperor (自在天王): to any square of the board, under its variant's rules."""

    flies: ClassVar[bool] = True

    def add_destinations(self, view: BoardView, origin: int, code: int, found: Destinations) -> None:
        for to in emperor_targets(view, origin, code):
            found[(to, ())] = None

    def words(self) -> Words:
        return Words("power", "", "flies to any square its rules allow (the Emperor)")

    def marks(self, radius: int) -> Iterator[tuple[Vector, str]]:
        for v in _square(radius):
            yield v, "emperor"


# Base vector of each Betza atom, and its family (which direction modifiers it takes).
_LEAPERS = {
    "W": ((0, 1), "orth"), "F": ((1, 1), "diag"), "D": ((0, 2), "orth"), "A": ((2, 2), "diag"),
    "H": ((0, 3), "orth"), "G": ((3, 3), "diag"), "N": ((1, 2), "obl"), "C": ((1, 3), "obl"),
    "Z": ((2, 3), "obl"),
}
_RIDERS = {"R": "W", "B": "F"}
_COMPOUNDS = {"K": "WF", "Q": "RB"}

_SINGLE: dict[str, Callable[[int, int], bool]] = {
    "f": lambda dx, dy: dy > 0,
    "b": lambda dx, dy: dy < 0,
    "l": lambda dx, dy: dx < 0,
    "r": lambda dx, dy: dx > 0,
    "v": lambda dx, dy: abs(dy) > abs(dx),
    "s": lambda dx, dy: abs(dx) > abs(dy),
}
_PAIRS: dict[str, dict[str, Callable[[int, int], bool]]] = {
    "diag": {p: (lambda a, b: lambda dx, dy: _SINGLE[a](dx, dy) and _SINGLE[b](dx, dy))(p[0], p[1])
             for p in ("fl", "fr", "bl", "br", "lf", "rf", "lb", "rb")},
    "obl": {
        "ff": lambda dx, dy: dy > 0 and abs(dy) > abs(dx),
        "bb": lambda dx, dy: dy < 0 and abs(dy) > abs(dx),
        "fs": lambda dx, dy: dy > 0 and abs(dx) > abs(dy),
        "bs": lambda dx, dy: dy < 0 and abs(dx) > abs(dy),
    },
    "orth": {},
}
_TOKEN = re.compile(r"([fblrvs]*)([WFDAHGNCZRBQK])(\d*)")


def symmetric(vector: tuple[int, int]) -> list[tuple[int, int]]:
    """The (up to) eight rotations and reflections of ``vector``, in a fixed order."""
    a, b = vector
    out: list[tuple[int, int]] = []
    for v in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                w = (v[0] * sx, v[1] * sy)
                if w not in out:
                    out.append(w)
    return out


def _select(vectors: list[tuple[int, int]], mods: str, family: str, text: str) -> list[tuple[int, int]]:
    if not mods:
        return vectors
    chosen: set[tuple[int, int]] = set()
    i = 0
    while i < len(mods):
        pair = mods[i:i + 2]
        if len(pair) == 2 and pair in _PAIRS[family]:
            test, i = _PAIRS[family][pair], i + 2
        else:
            letter = mods[i]
            if family == "diag" and letter in "vs":
                raise MovementError(f"{text!r}: modifier {letter!r} means nothing for a diagonal atom")
            test, i = _SINGLE[letter], i + 1
        chosen |= {v for v in vectors if test(*v)}
    if not chosen:
        raise MovementError(f"{text!r}: modifiers {mods!r} leave no direction")
    return [v for v in vectors if v in chosen]


def parse_betza(text: str) -> tuple[Atom, ...]:
    """Read a Betza string into movement atoms (see the module docstring for the subset)."""
    atoms: list[Atom] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise MovementError(f"cannot read Betza notation {text!r} at {text[pos:]!r}")
        mods, letter, count = m.groups()
        limit = int(count) if count else None
        pos = m.end()
        for part in _COMPOUNDS.get(letter, letter):
            if part in _RIDERS:
                base, rider = _RIDERS[part], True
            else:
                base, rider = part, False
            vector, family = _LEAPERS[base]
            if limit is not None and base not in "WF":
                raise MovementError(f"{text!r}: a range limit only applies to W, F, R, B, Q, K")
            dirs = _select(symmetric(vector), mods, family, text)
            for v in dirs:
                if rider or limit is not None:
                    atoms.append(Step(v, limit if limit is not None else None))
                elif base in "WF":
                    atoms.append(Step(v, 1))
                else:
                    atoms.append(Jump(v))
    return tuple(dict.fromkeys(atoms))


def describe(atoms: tuple[Atom, ...]) -> str:
    """Describe atoms in plain English, grouping directions that share a range.

    >>> describe(parse_betza("fRbW2"))
    'forward: any number of squares; backward: up to 2 squares'
    >>> describe(parse_betza("ffN"))
    'jumps 2 forward and 1 to the right, or 2 forward and 1 to the left'
    """
    ranges: dict[str, list[str]] = {}
    jumps: list[str] = []
    powers: list[str] = []
    for atom in atoms:
        words = atom.words()
        if words.kind == "range":
            ranges.setdefault(words.group, []).append(words.text)
        elif words.kind == "jump":
            jumps.append(words.text)
        else:
            powers.append(words.text)
    parts = [f"{', '.join(dirs)}: {rng}" for rng, dirs in ranges.items()]
    if jumps:
        parts.append("jumps " + ", or ".join(jumps))
    return "; ".join(parts + powers)
