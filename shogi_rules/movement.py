"""Movement atoms, and the Betza notation that names them.

A piece's movement is a tuple of atoms. Every atom is seen from the piece's owner: ``(dx, dy)``
with ``dy > 0`` forward and ``dx > 0`` to the owner's right.

* :class:`Step` — up to ``limit`` squares along a line, each square on the way empty
  (``limit=1``: a plain step; ``limit=None``: a slide, "any number of squares").
* :class:`Jump` — straight to a fixed offset, whatever stands between (★ in the seeds' diagrams).

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
from dataclasses import dataclass

from .errors import ShogiRulesError


class MovementError(ShogiRulesError):
    """A movement description that cannot be read."""


@dataclass(frozen=True)
class Step:
    """Up to ``limit`` squares along ``vector`` (``None``: without limit), through empty squares only."""

    vector: tuple[int, int]
    limit: int | None = 1


@dataclass(frozen=True)
class Jump:
    """A leap straight to ``vector``, over anything in between."""

    vector: tuple[int, int]


@dataclass(frozen=True)
class Lion:
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

    vectors: tuple[tuple[int, int], ...] | None = None
    steps: int = 2
    turns: bool = False


@dataclass(frozen=True)
class Area:
    """Up to ``steps`` king steps with free turns, through empty squares only; a capture ends it.

    The Vice General, Fire Demon and Heavenly Tetrarchs (three steps); the Lion Hawk of TSA (two).
    The piece may not end where it started.
    """

    steps: int = 3


@dataclass(frozen=True)
class RangeJump:
    """Any distance along ``vector``, jumping over pieces of lower rank (see ``PieceKind.rank``)."""

    vector: tuple[int, int]


@dataclass(frozen=True)
class SkipSlide:
    """Along ``vector``, jumping the first ``skip`` squares, then on through empty squares.

    ``limit`` counts every square from the start (``SkipSlide((1, 0), 1, 3)``: to the 2nd or 3rd
    square sideways, jumping the first). The Heavenly Tetrarchs' move.
    """

    vector: tuple[int, int]
    skip: int = 1
    limit: int | None = None


@dataclass(frozen=True)
class Igui:
    """Capture an adjacent enemy along ``vectors`` without moving (``None``: all eight)."""

    vectors: tuple[tuple[int, int], ...] | None = None


@dataclass(frozen=True)
class Hook:
    """Slide along one of ``vectors``, then optionally turn 90° on an empty square and slide on.

    Orthogonal vectors: the Hook Mover (鉤行); diagonal: the Capricorn (摩羯) and Long-nosed Goblin
    (天狗). A capture ends the move; a hook move never captures twice.
    """

    vectors: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Emperor:
    """The Maka Dai Dai Emperor (自在天王): to any square of the board, under its variant's rules."""


Atom = Step | Jump | Lion | Area | RangeJump | SkipSlide | Igui | Hook | Emperor

# Base vector of each Betza atom, and its family (which direction modifiers it takes).
_LEAPERS = {
    "W": ((0, 1), "orth"), "F": ((1, 1), "diag"), "D": ((0, 2), "orth"), "A": ((2, 2), "diag"),
    "H": ((0, 3), "orth"), "G": ((3, 3), "diag"), "N": ((1, 2), "obl"), "C": ((1, 3), "obl"),
    "Z": ((2, 3), "obl"),
}
_RIDERS = {"R": "W", "B": "F"}
_COMPOUNDS = {"K": "WF", "Q": "RB"}

_SINGLE = {
    "f": lambda dx, dy: dy > 0,
    "b": lambda dx, dy: dy < 0,
    "l": lambda dx, dy: dx < 0,
    "r": lambda dx, dy: dx > 0,
    "v": lambda dx, dy: abs(dy) > abs(dx),
    "s": lambda dx, dy: abs(dx) > abs(dy),
}
_PAIRS = {
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


_DIRECTION_WORDS = {
    (0, 1): "forward", (0, -1): "backward", (-1, 0): "left", (1, 0): "right",
    (-1, 1): "forward-left", (1, 1): "forward-right", (-1, -1): "backward-left", (1, -1): "backward-right",
}


def _range_words(limit: int | None) -> str:
    if limit is None:
        return "any number of squares"
    return "one square" if limit == 1 else f"up to {limit} squares"


def _jump_words(vector: tuple[int, int]) -> str:
    dx, dy = vector
    parts = []
    if dy:
        parts.append(f"{abs(dy)} {'forward' if dy > 0 else 'backward'}")
    if dx:
        parts.append(f"{abs(dx)} to the {'right' if dx > 0 else 'left'}")
    return " and ".join(parts)


def describe(atoms: tuple[Atom, ...]) -> str:
    """Describe atoms in plain English, grouping directions that share a range.

    >>> describe(parse_betza("fRbW2"))
    'forward: any number of squares; backward: up to 2 squares'
    >>> describe(parse_betza("ffN"))
    'jumps 2 forward and 1 to the right, or 2 forward and 1 to the left'
    """
    groups: dict[str, list[str]] = {}
    jumps: list[str] = []
    specials: list[str] = []
    for atom in atoms:
        if isinstance(atom, Step):
            key = _range_words(atom.limit)
            groups.setdefault(key, []).append(_DIRECTION_WORDS[atom.vector])
        elif isinstance(atom, Jump):
            jumps.append(_jump_words(atom.vector))
        else:
            specials.append(_special_words(atom))
    parts = [f"{', '.join(dirs)}: {rng}" for rng, dirs in groups.items()]
    if jumps:
        parts.append("jumps " + ", or ".join(jumps))
    return "; ".join(parts + specials)


def _lines(vectors) -> str:
    return ", ".join(_DIRECTION_WORDS.get(v, str(v)) for v in vectors)


def _special_words(atom: Atom) -> str:
    if isinstance(atom, Lion):
        where = "in any direction, turning freely" if atom.vectors is None else f"along the lines {_lines(atom.vectors)}"
        return f"lion power: up to {atom.steps} steps {where}, capturing on the way, igui and passing"
    if isinstance(atom, Area):
        return f"area move: up to {atom.steps} king steps turning freely through empty squares"
    if isinstance(atom, RangeJump):
        return f"range jump {_DIRECTION_WORDS[atom.vector]}, over pieces of lower rank"
    if isinstance(atom, SkipSlide):
        reach = "any distance" if atom.limit is None else f"up to the square {atom.limit} away"
        return f"{_DIRECTION_WORDS[atom.vector]}: jumps the first {atom.skip} square(s), then {reach}"
    if isinstance(atom, Igui):
        return "captures an adjacent enemy without moving (igui)"
    if isinstance(atom, Hook):
        return f"hook move along {_lines(atom.vectors)}: one 90° turn on an empty square"
    if isinstance(atom, Emperor):
        return "flies to any square its rules allow (the Emperor)"
    return repr(atom)
