"""Movement diagrams in the articles' legend, computed from the pieces' movement atoms.

A diagram is a small window of squares around the piece, which stands on the centre square and
moves up the page (its owner's forward). Every square the piece may reach carries a mark
(:func:`movement_marks`); the marks are computed from the piece's atoms (:mod:`shogi_rules.model.movement`)
and nothing else, and the picture draws exactly the marks:

* ``step`` ● — a limited step (``Step(v, n)``: the n squares of the line);
* ``jump`` ★ — a jump (``Jump``);
* ``slide`` → — a slide (``Step(v, None)``), an arrow to the window's edge;
* ``range-jump`` — a range jump (``RangeJump``), a hollow purple arrow; the caption gives the
  rank rule;
* ``fly`` — a flight over pieces of any rank (``Fly``), a hollow teal arrow;
* ``lion-1``, ``lion-2``, ``lion-3`` — lion power (``Lion``), shaded lighter to darker by the step
  that reaches the square;
* ``area`` — an area move (``Area(steps)``), a shaded region;
* ``skipped`` ◇ then ``skip-slide`` (an arrow) or ``step`` — a slide that jumps its first squares
  (``SkipSlide``);
* ``hook`` (purple arrows) and ``hook-turn`` (light purple squares) — a hook move (``Hook``), with
  an L-shaped arrow showing the turn;
* ``igui`` × — capture without moving (``Igui``);
* ``emperor`` — the Emperor (``Emperor``): the whole window shaded;
* ``burn`` (a flame-coloured ring) and ``immobilise`` (a dashed square) — the Fire Demon's burning
  and the Tetrarchs' immobilising powers (``PieceKind.burns`` / ``.immobilises``) on the adjacent
  squares.

:func:`engine_destinations` asks the engine instead: it puts the piece alone on an empty board of
its variant and collects the targets of its legal moves. The tests check, piece by piece, that the
squares a diagram marks as destinations are exactly those (within the window).
"""

from __future__ import annotations

import dataclasses
import textwrap
from math import gcd
from typing import Any, Mapping, Union

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle
from matplotlib.path import Path

from ..model.errors import PieceError
from ..model.geometry import SENTE, Geometry
from ..model.directions import EIGHT
from ..model.movement import Area, Jump, Lion, Step
from ..model.pieces import PieceKind
from ..engine.position import Position
from ..compiled.tables import PieceType
from ..compiled.variant import RuleSet
from ..model.variant_data import Variant
from . import style
from .board import _scale, draw_piece

Vector = tuple[int, int]
Marks = dict[Vector, tuple[str, ...]]

DESTINATION_MARKS = frozenset({
    "step", "jump", "slide", "range-jump", "fly", "lion-1", "lion-2", "lion-3", "area", "skip-slide", "hook",
    "hook-turn", "emperor",
})
"""The marks of squares the piece can move to (on an otherwise empty board); ``skipped``,
``igui``, ``burn`` and ``immobilise`` mark squares it acts on without moving there."""

CELL_INCHES = 0.42
MIN_WIDTH_INCHES = 4.2
CAPTION_POINTS = 8.0

# --- which piece ----------------------------------------------------------------------------------


PieceLike = Union[PieceKind, PieceType]
"""A piece row, or a compiled piece type (whose ``kind`` is the row it moves as)."""
LegendEntry = tuple[str, str, str]
WrappedEntry = tuple[str, str, list[str]]


def _kind_of(kind_or_type: PieceLike) -> PieceKind:
    kind = getattr(kind_or_type, "kind", kind_or_type)
    if not isinstance(kind, PieceKind):
        raise TypeError(f"not a piece row or piece type: {kind_or_type!r}")
    return kind


def piece_kind(variant: Variant, code: str, promoted: bool = False) -> tuple[PieceKind, bool]:
    """The row drawn for ``code`` (promoted when asked, or when ``code`` is ``'+X'`` and no row has
    that code), and whether it is a promoted piece (drawn in red)."""
    kinds = variant.piece_by_code
    if code in kinds:
        kind = kinds[code]
    elif code.startswith("+") and code[1:] in kinds:
        kind, promoted = kinds[code[1:]], True
    else:
        raise PieceError(f"{variant.id} has no piece {code!r}")
    if promoted:
        if not kind.promotes_to:
            raise PieceError(f"{variant.id}: {kind.code} does not promote")
        return kinds[kind.promotes_to], True
    return kind, kind.code in variant.promoted_only


# --- marks --------------------------------------------------------------------------------------


def _norm(v: Vector) -> int:
    return max(abs(v[0]), abs(v[1]))


def _has_unlimited(kind: PieceKind) -> bool:
    return any(a.unlimited() for a in kind.atoms)


def window_radius(kind_or_type: PieceLike) -> int:
    """Half the side of the diagram's window: at least 3 (a 7×7 window), enough for the farthest
    limited move, and one square more when slides run past the limited moves."""
    kind = _kind_of(kind_or_type)
    reach = max([1] + [a.reach() for a in kind.atoms])
    if _has_unlimited(kind) and reach >= 3:
        reach += 1
    return max(3, reach)


def movement_marks(kind_or_type: PieceLike, radius: int | None = None) -> Marks:
    """``{(dx, dy): marks}`` for the squares of the window (radius :func:`window_radius` unless
    given) that the piece's movement marks; ``(dx, dy)`` as the piece's owner sees it (dy > 0
    forward). A square may carry several marks (a burn ring on an area square, …)."""
    kind = _kind_of(kind_or_type)
    r = window_radius(kind) if radius is None else radius
    marks: dict[Vector, list[str]] = {}

    def add(v: Vector, mark: str) -> None:
        if v != (0, 0) and _norm(v) <= r:
            lst = marks.setdefault(v, [])
            if mark not in lst:
                lst.append(mark)

    for a in kind.atoms:
        for v, mark in a.marks(r):
            add(v, mark)
    if kind.burns:
        for v in EIGHT:
            add(v, "burn")
    if kind.immobilises:
        for v in EIGHT:
            add(v, "immobilise")
    return {v: tuple(m) for v, m in marks.items()}


def destination_vectors(marks: Mapping[Vector, tuple[str, ...]]) -> set[Vector]:
    """The squares of ``marks`` that the piece can move to (see :data:`DESTINATION_MARKS`)."""
    return {v for v, m in marks.items() if DESTINATION_MARKS.intersection(m)}


# --- the engine's answer ------------------------------------------------------------------------
_FREE: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Variant, RuleSet]] = {}


def _free_rules(rs: RuleSet) -> RuleSet:
    """The rule set's variant without check rules or drops (so a lone piece is a legal position)."""
    key = (rs.base.id, tuple(sorted(rs.choices.items())))
    cached = _FREE.get(key)
    if cached is None or cached[0] is not rs.base:
        v = rs.variant
        free = RuleSet(dataclasses.replace(v, id=f"{v.id}~diagram", check_rules=False, drops=False, rule_choices=()))
        cached = _FREE[key] = (rs.base, free)
    return cached[1]


def centre_square(geometry: Geometry) -> int:
    return geometry.square(geometry.files - geometry.files // 2, geometry.ranks // 2 + 1)


def lone_piece_position(variant: str | Variant | RuleSet, code: str, promoted: bool = False, *,
                        rules: Mapping[str, str] | None = None) -> tuple[Position, int]:
    """``(position, square)``: sente's ``code`` (promoted if asked) alone on the centre square of an
    empty board of the variant under ``rules``, sente to move. The variant keeps its board, pieces,
    promotion scheme and rule flags; check rules and drops are switched off, as there is no king."""
    free = _free_rules(RuleSet.of(variant, rules))
    tables = free.tables
    g = tables.geometry
    ptype = tables.type_for_row(code, promoted)
    centre = centre_square(g)
    rows = []
    for r in range(g.ranks):
        if r == g.row(centre):
            c = g.column(centre)
            rows.append("".join(str(n) if isinstance(n, int) else n
                                for n in (c, ptype.fen.upper(), g.files - c - 1) if n != 0))
        else:
            rows.append(str(g.files))
    return Position(free, fen="/".join(rows) + " w 0 1"), centre


def engine_destinations(variant: str | Variant | RuleSet, code: str, promoted: bool = False, *,
                        rules: Mapping[str, str] | None = None) -> set[Vector]:
    """Where the engine lets the piece go: the targets of the legal moves of the lone piece of
    :func:`lone_piece_position`, as ``(dx, dy)`` from the piece (its own square aside: a pass)."""
    pos, centre = lone_piece_position(variant, code, promoted, rules=rules)
    g = pos.geometry
    return {(g.column(m.target) - g.column(centre), g.row(centre) - g.row(m.target))
            for m in pos.legal_moves() if m.origin == centre and m.target != centre}


# --- drawing ------------------------------------------------------------------------------------


def _directions(marks: Mapping[Vector, tuple[str, ...]], mark: str) -> dict[Vector, list[Vector]]:
    """Squares with ``mark`` grouped by their direction from the piece (nearest first)."""
    out: dict[Vector, list[Vector]] = {}
    for v, m in marks.items():
        if mark in m:
            k = gcd(abs(v[0]), abs(v[1]))
            out.setdefault((v[0] // k, v[1] // k), []).append(v)
    for squares in out.values():
        squares.sort(key=_norm)
    return out


def _arrow(ax: Axes, start: tuple[float, float], end: tuple[float, float], unit: float, *, colour: str,
           hollow: bool = False, path: Path | None = None) -> None:
    if hollow:
        arrowstyle = "simple,head_length=0.5,head_width=0.55,tail_width=0.22"
        kw: dict[str, Any] = dict(facecolor="white", edgecolor=colour, linewidth=max(0.8, unit / 28))
        scale = unit * 0.9
    else:
        arrowstyle = "-|>"
        kw = dict(color=colour, linewidth=max(1.0, unit / 18))
        scale = unit * 0.42
    if path is not None:
        patch = FancyArrowPatch(path=path, arrowstyle=arrowstyle, mutation_scale=scale, zorder=6, **kw)
    else:
        patch = FancyArrowPatch(start, end, arrowstyle=arrowstyle, mutation_scale=scale, shrinkA=0, shrinkB=0,
                                zorder=6, **kw)
    ax.add_patch(patch)


def _xy(v: tuple[float, float]) -> tuple[float, float]:
    """Axes coordinates of a square: x to the right, y down the page (forward is up)."""
    return float(v[0]), float(-v[1])


def draw_moves(ax: Axes, kind_or_type: PieceLike, *, radius: int | None = None, marks: Marks | None = None,
               promoted: bool = False, highlight: Mapping[Vector, str] | None = None) -> Marks:
    """Draw the movement diagram of a piece into ``ax`` and return the marks drawn.

    ``highlight`` colours whole squares (``{(dx, dy): kind}``, kinds of :data:`style.HIGHLIGHTS`),
    as the comparisons do.
    """
    style.setup_fonts()
    kind = _kind_of(kind_or_type)
    r = window_radius(kind) if radius is None else radius
    if marks is None:
        marks = movement_marks(kind, r)
    ax.set_xlim(-r - 0.5, r + 0.5)
    ax.set_ylim(r + 0.5, -r - 0.5)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    unit = _scale(ax)

    ax.add_patch(Rectangle((-r - 0.5, -r - 0.5), 2 * r + 1, 2 * r + 1, facecolor=style.COLOURS["window"],
                           edgecolor="none", zorder=0))
    ax.add_patch(Rectangle((-0.5, -0.5), 1, 1, facecolor=style.COLOURS["origin"], edgecolor="none", zorder=0.2))
    for v, kinds in (highlight or {}).items():
        x, y = _xy(v)
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=style.HIGHLIGHTS.get(kinds, kinds),
                               edgecolor="none", alpha=0.55, zorder=0.4))
    for v, m in marks.items():
        x, y = _xy(v)
        shade = None
        lions = sorted(k for k in m if k.startswith("lion-"))
        if lions:
            shade = style.SHADES.get(lions[0], style.SHADES["lion-3"])
        elif "area" in m:
            shade = style.SHADES["area"]
        elif "emperor" in m:
            shade = style.SHADES["emperor"]
        elif "hook-turn" in m:
            shade = style.SHADES["hook-turn"]
        if shade:
            inset = 0.0 if not highlight or v not in highlight else 0.12
            ax.add_patch(Rectangle((x - 0.5 + inset, y - 0.5 + inset), 1 - 2 * inset, 1 - 2 * inset,
                                   facecolor=shade, edgecolor="none", zorder=0.6))
    thin = max(0.4, unit / 70)
    lines = [((i - 0.5, -r - 0.5), (i - 0.5, r + 0.5)) for i in range(-r, r + 2)]
    lines += [((-r - 0.5, i - 0.5), (r + 0.5, i - 0.5)) for i in range(-r, r + 2)]
    ax.add_collection(LineCollection(lines, colors=style.COLOURS["window-grid"], linewidths=thin, zorder=1))
    ax.add_patch(Rectangle((-r - 0.5, -r - 0.5), 2 * r + 1, 2 * r + 1, facecolor="none",
                           edgecolor=style.COLOURS["grid"], linewidth=thin * 2.5, zorder=1.1))

    points: dict[str, list[tuple[float, float]]] = {}
    for v, m in marks.items():
        x, y = _xy(v)
        if "immobilise" in m:
            ax.add_patch(Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor="none",
                                   edgecolor=style.COLOURS["immobilise"], linestyle=(0, (3, 2)),
                                   linewidth=max(1.0, unit / 20), zorder=3))
        if "burn" in m:
            ax.add_patch(Circle((x, y), 0.36, facecolor="none", edgecolor=style.COLOURS["burn"],
                                linewidth=max(1.2, unit / 12), zorder=3.2))
        for mark in ("step", "jump", "skipped"):
            if mark in m:
                points.setdefault(mark, []).append((x, y))
        if "igui" in m:
            points.setdefault("igui", []).append((x + 0.27, y - 0.27))
    ink = style.COLOURS["ink"]
    marker_styles: dict[str, dict[str, Any]] = {
        "step": dict(marker="o", markersize=unit * 0.26, color=ink),
        "jump": dict(marker="*", markersize=unit * 0.55, color=ink),
        "skipped": dict(marker="D", markersize=unit * 0.26, markerfacecolor="none", markeredgecolor=ink,
                        markeredgewidth=max(0.8, unit / 30)),
        "igui": dict(marker="x", markersize=unit * 0.2, color=style.COLOURS["igui"],
                     markeredgewidth=max(1.0, unit / 20)),
    }
    for mark, pts in points.items():
        xs, ys = zip(*pts)
        ax.plot(xs, ys, linestyle="none", zorder=5.5 if mark == "igui" else 5, **marker_styles[mark])

    jumps = {**_directions(marks, "range-jump"), **_directions(marks, "fly")}
    arrow_kinds = (("slide", style.COLOURS["arrow"], False), ("skip-slide", style.COLOURS["arrow"], False),
                   ("hook", style.COLOURS["hook"], False), ("range-jump", style.COLOURS["range-jump"], True),
                   ("fly", style.COLOURS["fly"], True))
    for mark, colour, hollow in arrow_kinds:
        for d, squares in _directions(marks, mark).items():
            if mark == "slide" and d in jumps:
                continue   # the range jump's (or flight's) arrow covers the slide
            first, last = squares[0], squares[-1]
            (fx, fy), (lx, ly), (dx, dy) = _xy(first), _xy(last), _xy(d)
            n = max(abs(dx), abs(dy))
            ux, uy = dx / n, dy / n
            _arrow(ax, (fx - 0.45 * ux, fy - 0.45 * uy), (lx + 0.4 * ux, ly + 0.4 * uy), unit,
                   colour=colour, hollow=hollow)
            if n > 1:    # an oblique slide: mark the squares it stops on
                for v in squares:
                    ax.plot(*_xy(v), marker="o", markersize=unit * 0.14, markerfacecolor="none",
                            markeredgecolor=colour, zorder=5)
    hooks = sorted(_directions(marks, "hook"), key=lambda d: (d[1], d[0]), reverse=True)
    for d1 in hooks:     # an L-shaped arrow: forward first where the piece can, then a turn
        d2 = next((d for d in hooks if d[0] * d1[0] + d[1] * d1[1] == 0), None)
        if d2 is None:
            continue
        for a, b in ((2, 2), (2, 1), (1, 1)):
            corner = (a * d1[0], a * d1[1])
            end = (corner[0] + b * d2[0], corner[1] + b * d2[1])
            if _norm(end) <= r:
                pts = [_xy((d1[0] * 0.45, d1[1] * 0.45)), _xy(corner),
                       _xy((end[0] + 0.3 * d2[0], end[1] + 0.3 * d2[1]))]
                _arrow(ax, pts[0], pts[-1], unit, colour=style.COLOURS["hook"],
                       path=Path(pts, [Path.MOVETO, Path.LINETO, Path.LINETO]))
                break
        break

    draw_piece(ax, 0.0, 0.0, kind.label, SENTE, promoted, unit, size=0.92)
    return marks


def _rank_text(kind: PieceKind, variant: Variant | None) -> str:
    text = (f"Its rank is {kind.rank}: it flies over pieces of lower rank only, never over a piece of "
            f"equal or higher rank, friend or foe.")
    if variant is not None:
        ranks: dict[int, list[str]] = {}
        for p in variant.pieces:
            if p.rank:
                ranks.setdefault(p.rank, []).append(p.code)
        if ranks:
            text += " Ranks: " + "; ".join(f"{rk} {', '.join(codes)}"
                                           for rk, codes in sorted(ranks.items(), reverse=True))
            text += "; 0 every other piece."
    return text


def legend_entries(kind_or_type: PieceLike, marks: Mapping[Vector, tuple[str, ...]],
                   variant: Variant | None = None) -> list[tuple[str, str, str]]:
    """``(symbol, colour, explanation)`` for each kind of mark in the diagram, in the legend's order."""
    kind = _kind_of(kind_or_type)
    present = {m for ms in marks.values() for m in ms}
    out = []
    colours = {"range-jump": style.COLOURS["range-jump"], "fly": style.COLOURS["fly"], "hook": style.COLOURS["hook"],
               "igui": style.COLOURS["igui"], "burn": style.COLOURS["burn"], "immobilise": style.COLOURS["immobilise"],
               "lion-1": style.SHADES["lion-1"], "lion-2": style.SHADES["lion-2"], "lion-3": style.SHADES["lion-3"],
               "area": style.SHADES["area"], "emperor": style.SHADES["emperor"]}
    lions = [a for a in kind.atoms if isinstance(a, Lion)]
    for mark, (symbol, text) in style.LEGEND.items():
        if mark not in present and not (mark == "slide" and "skip-slide" in present):
            continue
        if mark in ("lion-1", "lion-2", "lion-3", "area", "emperor"):
            symbol = "■"
        if mark == "area":
            steps = max(a.steps for a in kind.atoms if isinstance(a, Area))
            text = text.format(steps=steps)
        if mark == "lion-1":
            if any(a.vectors is None for a in lions):
                text = ("lion power, lighter shade: the first square; it may stop there, or capture there "
                        "and stop, move on, or return (igui); it may also pass by stepping out and back")
            else:
                text = ("lion power along the shaded lines, lighter shade: the first square; a piece there "
                        "may be captured on the way, or captured without moving (igui)")
        if mark == "range-jump":
            text = text + ". " + _rank_text(kind, variant)
        out.append((symbol, colours.get(mark, style.COLOURS["ink"]), text))
    if any(a.flies for a in kind.atoms) and variant is not None:
        emperor = variant.switches.emperor
        choices = ", ".join(f"emperor.{f.name.replace('_', '-')} = {getattr(emperor, f.name)}"
                            for f in dataclasses.fields(emperor))
        out.append(("", style.COLOURS["ink"], "Rule choices: " + choices))
    return out


def _bases(variant: Variant, code: str, promoted: bool, kind: PieceKind) -> list[PieceKind]:
    """The piece(s) whose promotion is drawn: the one asked for, else every row promoting to it."""
    kinds = variant.piece_by_code
    if promoted and code in kinds:
        return [kinds[code]]
    if code.startswith("+") and code not in kinds:
        return [kinds[code[1:]]]
    return [p for p in variant.pieces if p.promotes_to == kind.code]


def betza_text(kind: PieceKind) -> str:
    """The piece's Betza string followed by the names of the moves Betza cannot write (``+ Lion``),
    or those names alone; ``""`` for a piece without any move.

    >>> from shogi_rules import get_variant
    >>> [betza_text(get_variant("chu").piece_by_code[c]) for c in ("G", "Ln")]
    ['WfF', 'Lion']
    """
    special = sorted({type(a).__name__ for a in kind.extra if not isinstance(a, (Step, Jump))})
    return " + ".join(([kind.betza] if kind.betza else []) + special)


def _title_lines(kind: PieceKind, promoted: bool, bases: list[PieceKind]) -> tuple[str, str]:
    first = f"{kind.kanji}   {kind.english}"
    if kind.betza:
        second = f"{kind.romaji} · Betza: {betza_text(kind)}"
    else:
        second = f"{kind.romaji} · " + (betza_text(kind) or "no Betza moves")
    if bases:
        second += " · promoted " + " or ".join(b.english for b in bases)
    elif promoted:
        second += " · a promoted piece"
    return first, second


def _wrap(text: str, width_in: float, points: float) -> list[str]:
    chars = max(20, int(width_in * 72 / (points * 0.5)))
    return textwrap.wrap(text, chars) or [""]


def layout_legend(entries: list[LegendEntry], width_in: float,
                  points: float = CAPTION_POINTS) -> tuple[list[WrappedEntry], float]:
    """The wrapped legend lines: ``[(symbol, colour, [lines])]`` and the height they need (inches)."""
    wrapped = [(s, c, _wrap(t, width_in - 0.35 * points / CAPTION_POINTS, points)) for s, c, t in entries]
    lines = sum(len(w) for _, _, w in wrapped)
    return wrapped, lines * points * 1.35 / 72 + (0.1 if wrapped else 0.0)


def draw_legend(fig: Figure, wrapped: list[WrappedEntry], top_in: float, left_in: float, points: float = CAPTION_POINTS) -> None:
    """Draw legend lines from ``top_in`` inches below the figure's top."""
    w, h = fig.get_size_inches()
    y = top_in
    line = points * 1.35 / 72
    for symbol, colour, lines in wrapped:
        fig.text(left_in / w, 1 - (y + line / 2) / h, symbol, ha="left", va="center", color=colour,
                 fontproperties=style.font(points * 1.2))
        for text in lines:
            fig.text((left_in + 0.3 * points / CAPTION_POINTS) / w, 1 - (y + line / 2) / h, text,
                     ha="left", va="center",
                     color=style.COLOURS["ink"], fontproperties=style.font(points))
            y += line


def draw_piece_moves(variant_or_ruleset: str | Variant | RuleSet, piece_code: str, *, promoted: bool = False,
                     rules: Mapping[str, str] | None = None, radius: int | None = None,
                     legend: bool = True) -> Figure:
    """The movement diagram of one piece of a variant (or rule set): the window of squares around
    it with the marks of :func:`movement_marks`, the kanji, English name and Betza string as the
    title and an English legend under it. ``promoted=True`` (or a code ``'+X'``) draws the piece
    that ``piece_code`` promotes to."""
    rs = RuleSet.of(variant_or_ruleset, rules)
    variant = rs.variant
    kind, red = piece_kind(variant, piece_code, promoted)
    bases = _bases(variant, piece_code, promoted, kind) if red else []
    r = window_radius(kind) if radius is None else radius
    marks = movement_marks(kind, r)
    side = (2 * r + 1) * CELL_INCHES
    width = max(side + 0.4, MIN_WIDTH_INCHES)
    title_h = 0.75
    wrapped, legend_h = layout_legend(legend_entries(kind, marks, variant) if legend else [], width - 0.3)
    height = title_h + side + 0.15 + legend_h
    fig = Figure(figsize=(width, height))
    ax = fig.add_axes(((width - side) / 2 / width, (legend_h + 0.15) / height, side / width, side / height))
    draw_moves(ax, kind, radius=r, marks=marks, promoted=red)
    first, second = _title_lines(kind, red, bases)
    fig.text(0.5, 1 - 0.25 / height, first, ha="center", va="center", color=style.COLOURS["promoted" if red else "ink"],
             fontproperties=style.font(13))
    fig.text(0.5, 1 - 0.55 / height, second, ha="center", va="center", color=style.COLOURS["coordinates"],
             fontproperties=style.font(8.5))
    draw_legend(fig, wrapped, title_h + side + 0.15, 0.2)
    fig.set_label(f"Movement diagram of the {kind.english} ({kind.kanji}, {kind.romaji}): the squares it may reach "
                  "from the middle of an empty board")
    return fig
