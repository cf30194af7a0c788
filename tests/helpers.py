"""Helpers shared by several test modules (a plain module: ``from helpers import ...``).

The fixtures stay in ``conftest.py``. Here: the Chinese Wikipedia articles and the grids extracted from them, the
bibliography, square names and the lines and areas they make, positions built from
``{square: FEN code}``, and what the piece on a square can do in a position.
"""

from __future__ import annotations

import importlib.util
import os
import re
from functools import partial

import pytest

from shogi_rules import GOTE, SENTE, Position
from shogi_rules.diagrams.book import japanese  # noqa: F401  (the articles' spellings, for the tests)
from shogi_rules.model.geometry import Geometry
from shogi_rules.model.moves import Move
from shogi_rules.model.fen_tokens import fen_from_pieces
from shogi_rules.compiled.variant import Variant, get_variant

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
BIB = os.path.join(os.path.dirname(HERE), "book", "references.bib")
RANKS = "abcdefghijklmnopqrs"
SIDE = {"w": SENTE, "b": GOTE}
"""The side to move as a FEN writes it."""


# --- the Chinese Wikipedia articles, and the set-up grids extracted from them ---------------------------

def _load_extractor():
    path = os.path.join(DATA, "article_setups.py")
    spec = importlib.util.spec_from_file_location("article_setups", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


extractor = _load_extractor()
"""``tests/data/article_setups.py``: which article is whose, the grid files, the extractors."""

SHARED_DIR = extractor.SHARED_DIR
"""The project's shared folder beside the clone (the articles, reference tables): see ``article_setups``."""

IN_CI = bool(os.environ.get("CI"))
"""On CI every source and reference file must be there: a missing one fails the run instead of skipping."""


def skip_unless_ci(reason: str) -> None:
    """Skip the running test for a missing source or reference file; fail it on CI."""
    if IN_CI:
        pytest.fail(f"{reason} (CI is set: every source and reference file must be present)")
    pytest.skip(reason)


def needs_article(variant: str):
    """Skip a test when the Chinese Wikipedia article of ``variant`` is not here (on CI: fail it)."""
    path = extractor.article_path(variant)
    return pytest.mark.skipif(not IN_CI and not os.path.isfile(path), reason=f"{path} is not here")


def article_text(variant: str) -> str:
    """The whole text of the Chinese Wikipedia article of ``variant`` (use with :func:`needs_article`)."""
    path = extractor.article_path(variant)
    if not os.path.isfile(path):
        skip_unless_ci(f"{path} is not here")
    with open(path, encoding="utf-8") as f:
        return f.read()


read_grid = extractor.read_grid
"""``read_grid(variant)``: the rows of ``tests/data/<variant>_article_setup.txt``."""


def extracted_grid(variant: str) -> list[list[str]]:
    """The rows the extractor reads from the article now (use with :func:`needs_article`)."""
    article_text(variant)  # skipped, or failed on CI, when the article is missing
    return extractor.extract(variant)


# --- the bibliography ------------------------------------------------------------------------------

def bib_keys() -> set[str]:
    """The keys of the entries of ``book/references.bib``."""
    with open(BIB, encoding="utf-8") as f:
        return set(re.findall(r"^\s*@\w+\s*\{\s*([^,\s]+)\s*,", f.read(), flags=re.MULTILINE))


def cited_keys(variant: Variant) -> set[str]:
    """Every key the variant, its piece rows and its rule options cite."""
    cited = set(variant.sources)
    cited |= {k for p in variant.pieces for k in p.sources}
    cited |= {k for c in variant.rule_choices for o in c.options for k in o.sources}
    return cited


# --- squares by name ("10j": file 10, rank j; rank a is gote's back rank) ---------------------------

def board_size(variant: str) -> int:
    return get_variant(variant).files


def file_rank(square: str) -> tuple[int, int]:
    """``(file, rank index)`` of a square name: ``"10j"`` is ``(10, 9)``."""
    return int(square[:-1]), RANKS.index(square[-1])


def square_name(file: int, rank: int) -> str:
    """The name of the square on ``file`` and rank index ``rank`` (0 for rank a)."""
    return f"{file}{RANKS[rank]}"


def step(square: str, df: int, dr: int) -> str:
    """The square ``df`` files and ``dr`` ranks away (``df > 0``: higher file numbers, ``dr > 0``:
    later rank letters; so ``(0, -1)`` is sente's forward); not checked against a board."""
    f, r = file_rank(square)
    return square_name(f + df, r + dr)


def all_squares(variant: str, ranks: str | None = None) -> set[str]:
    """Every square of the board of ``variant``, or of the given rank letters."""
    n = board_size(variant)
    return {f"{f}{r}" for f in range(1, n + 1) for r in (RANKS[:n] if ranks is None else ranks)}


def line(variant: str, start: str, df: int, dr: int, steps: int | None = None) -> list[str]:
    """Squares from ``start`` (excluded) stepping ``df`` files and ``dr`` ranks at a time (as in
    :func:`step`), at most ``steps`` of them, up to the edge of the board."""
    n = board_size(variant)
    f, r = file_rank(start)
    out = []
    while steps is None or len(out) < steps:
        f, r = f + df, r + dr
        if not (1 <= f <= n and 0 <= r < n):
            break
        out.append(square_name(f, r))
    return out


def rays(variant: str, start: str, directions, steps: int | None = None) -> set[str]:
    """The squares of the lines from ``start`` in each of ``directions`` (see :func:`line`)."""
    return {sq for df, dr in directions for sq in line(variant, start, df, dr, steps)}


def box(variant: str, centre: str, radius: int) -> set[str]:
    """The squares within ``radius`` king steps of ``centre`` (the centre included)."""
    n = board_size(variant)
    f0, r0 = file_rank(centre)
    return {square_name(f, r) for f in range(f0 - radius, f0 + radius + 1) for r in range(r0 - radius, r0 + radius + 1)
            if 1 <= f <= n and 0 <= r < n}


# --- positions built from {square: FEN code} ---------------------------------------------------------

def fen(pieces: dict[str, str], variant: str = "shogi", hand: str | None = "", side: str = "w") -> str:
    """A FEN of the board of ``variant`` holding only ``pieces`` (upper case sente, lower case gote,
    ``+`` promoted); ``hand=None`` writes no hand part. For a position, see ``Position.from_pieces``."""
    v = get_variant(variant)
    return fen_from_pieces(v.files, v.ranks, pieces, hand, side)


def non_default(variant: str, choices: dict[str, str] | None) -> dict[str, str] | None:
    """The choices that differ from the defaults of ``variant``, or ``None`` (naming a default option
    explicitly would make the engine compile a second, identical set of tables for it)."""
    defaults = {c.id: c.default for c in get_variant(variant).rule_choices}
    return {k: v for k, v in (choices or {}).items() if defaults[k] != v} or None


def row_type(tables, code: str):
    """The piece type to place for the row ``code``: its unpromoted type, or, for a row reached only by
    promotion, the first promoted type that moves as it."""
    types = [t for t in tables.types[1:] if t.kind.code == code]
    assert types, f"no piece type moves as {code}"
    return min(types, key=lambda t: t.promoted)


def assert_point_symmetric(pos: Position) -> None:
    """Each army is the other turned by 180°: the same kind on the mirrored square, of the other side."""
    g = pos.geometry
    for sq, code in enumerate(pos.board):
        other = pos.board[g.mirror(sq)]
        if code:
            assert other and other >> 1 == code >> 1 and other & 1 != code & 1, g.name(sq)
        else:
            assert not other, g.name(sq)


# --- what the piece on a square can do ---------------------------------------------------------------

def moves_from(pos: Position, square: str) -> list[Move]:
    """The legal moves of the piece on ``square``."""
    s = pos.geometry.parse(square)
    return [m for m in pos.legal_moves() if m.origin == s]


def targets(pos: Position, square: str) -> set[str]:
    """Where the piece on ``square`` can end a move (its own square left out)."""
    g = pos.geometry
    s = g.parse(square)
    return {g.name(m.target) for m in moves_from(pos, square) if m.target != s}


def igui(pos: Position, square: str) -> set[str]:
    """The squares the piece on ``square`` can capture without moving."""
    g = pos.geometry
    s = g.parse(square)
    return {g.name(m.path[-1]) for m in moves_from(pos, square) if m.target == s and m.path}


def can_pass(pos: Position, square: str) -> bool:
    s = pos.geometry.parse(square)
    return Move(s, s) in pos.legal_moves()


def frozen(pos: Position, square: str) -> bool:
    """The piece on ``square`` (of the side to move) has no legal move at all."""
    return not moves_from(pos, square)


def move(g: Geometry, origin: str, target: str, *path: str, promotion: bool = False) -> Move:
    """The board move from ``origin`` to ``target`` by way of ``path`` (square names of ``g``)."""
    return Move(g.parse(origin), g.parse(target), promotion, None, tuple(g.parse(p) for p in path))


def mover(g: Geometry):
    """:func:`move` on the board ``g``: ``mv = mover(G); mv("8h", "8g")``."""
    return partial(move, g)


def played_names(pos: Position, notation: str) -> list[str]:
    """The names of the moves played to reach ``pos``, each named in the position it was played in (a
    move has a name only where it is legal)."""
    start = pos.copy()
    for _ in pos.move_stack:
        start.pop()
    names = []
    for move in pos.move_stack:
        names.append(start.move_name(move, notation))
        start.push(move)
    return names


def scattered_positions(rules, rng, count: int, fills: tuple[int, ...] = (3, 5, 8)):
    """``count`` crowded positions under ``rules`` (a RuleSet): a royal piece of each side, then pieces of every kind
    of the rule set (promoted ones too, and those no setup holds) on random squares, one square in one of ``fills``
    (at random) filled, and a random side to move; boards where a piece could never move again are drawn again."""
    from shogi_rules.model.errors import FenError

    types = rules.tables.types[1:]
    royal = [t.id for t in types if rules.tables.royal[2 * t.id]]
    made = 0
    while made < count:
        board = [0] * rules.tables.geometry.size
        squares = rng.sample(range(len(board)), max(3, len(board) // rng.choice(fills)))
        for color, sq in zip((SENTE, GOTE), squares):
            board[sq] = 2 * rng.choice(royal) + color
        for sq in squares[2:]:
            board[sq] = 2 * rng.choice(types).id + rng.choice((SENTE, GOTE))
        try:
            pos = Position.from_board(rules, board, rng.choice((SENTE, GOTE)), 0)
        except FenError:
            continue
        made += 1
        yield pos
