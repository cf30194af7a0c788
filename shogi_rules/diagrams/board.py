"""Positions drawn as boards: the picture of :class:`~shogi_rules.engine.position.Position`.

The board is seen from sente's side. File numbers run along the top from right to left, kanji rank
numerals (一, 二, … 十九) down the right side. Each piece is a pentagon pointing at the enemy with
its label (``PieceKind.label``, one or two kanji; two are stacked) upright for sente and turned
180° for gote; promoted pieces are written in red. For rule sets with drops, sente's pieces in
hand are listed right of the board, gote's left of it.

Squares can be highlighted (``highlight``: the last move, captures, burns, the legal destinations
of a piece …), joined by arrows (``arrows``) or carry a mark (``marks``)::

    pos = Position("shogi")
    fig = draw_position(pos, highlight={sq: "destination" for sq in legal_destinations(pos, "7g")})
    png = position_png(pos)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any, Mapping

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, Polygon, Rectangle
from matplotlib.text import Text

from ..model.errors import SquareError
from ..model.codes import color_of, type_of
from ..model.geometry import GOTE, SENTE, kanji_number
from ..model.moves import Move
from ..engine.position import Position
from . import style

CELL_INCHES = 0.46
"""The side of a square on boards up to 12 files (inches)."""
LARGE_CELL_INCHES = 0.40
"""The side of a square on larger boards: a 19×19 board is 7.6 inches wide."""

# --- squares and moves --------------------------------------------------------------------------


def square_index(pos: Position, square: int | str) -> int:
    """A square given as an index or a name (``'7f'``, ``'７六'``) as an index."""
    if isinstance(square, str):
        return pos.geometry.parse(square)
    if isinstance(square, bool) or not isinstance(square, int):
        raise TypeError(f"a square is a name or an index, not {type(square).__name__}")
    if 0 <= square < pos.geometry.size:
        return square
    raise SquareError(f"no square {square} on a {pos.geometry.files}×{pos.geometry.ranks} board")


def legal_destinations(pos: Position, square: int | str) -> set[int]:
    """The squares the piece on ``square`` can move to by a legal move (its own square aside: a pass
    or an igui capture leaves it where it is)."""
    sq = square_index(pos, square)
    return {m.target for m in pos.legal_moves() if m.origin == sq and m.target != sq}


def drop_destinations(pos: Position, piece: int | str) -> set[int]:
    """The squares where the side to move may legally drop ``piece`` (a type code such as ``'P'``,
    or a type id)."""
    tid = piece if isinstance(piece, int) else pos.tables.type_by_code(piece)
    return {m.target for m in pos.legal_moves() if m.origin is None and m.drop == tid}


def move_highlight(pos: Position, move: Move) -> dict[int, str]:
    """Highlights for ``move`` played in ``pos`` (the position before it): where it started and
    ended, the squares it touched down on, and what it captured there."""
    out: dict[int, str] = {}
    if move.origin is not None:
        out[move.origin] = "from"
    for sq in move.path:
        out[sq] = "capture" if pos.board[sq] else "path"
    out[move.target] = "capture" if move.target != move.origin and pos.board[move.target] else "to"
    return out


def last_move_highlight(pos: Position) -> dict[int, str]:
    """Highlights for the last move made in ``pos``: origin, target, captured squares and the
    squares the Fire Demon burnt (:meth:`~shogi_rules.engine.position.Position.last_move_effects`)."""
    effects = pos.last_move_effects()
    if effects is None:
        return {}
    move = effects.move
    if move.origin is None:
        return {move.target: "to"}
    out: dict[int, str] = {move.origin: "from"}
    for sq, old in effects.path:
        out[sq] = "capture" if old else "path"
    if move.target != move.origin:
        out[move.target] = "capture" if effects.target_before else "to"
    for sq, _old in effects.burnt:
        out[sq] = "burn"
    return out


# --- layout -------------------------------------------------------------------------------------


def cell_inches(pos: Position) -> float:
    """The side of a square of the whole board: :data:`CELL_INCHES` up to 12 squares a side; beyond, as much
    as keeps the board a little larger than a 12-square one, its margin counted, but never less than :data:`LARGE_CELL_INCHES` (so a
    larger board is never drawn smaller than a smaller one)."""
    g = pos.geometry
    n = max(g.files, g.ranks)
    return CELL_INCHES if n <= 12 else max(LARGE_CELL_INCHES, CELL_INCHES * 13.2 / (n + 1.1))


def _hand_width(pos: Position) -> float:
    if not pos.variant.drops:
        return 0.0
    longest = max((len(t.label) for t in pos.tables.types[1:] if not t.promoted), default=1)
    return 1.5 + 0.45 * longest


Window = tuple[int, int, int, int]
"""Part of a board: ``(first column, last column, first row, last row)``, 0-based from gote's left
corner as the board is drawn (column 0 is the highest file, row 0 rank a)."""


def window_around(pos: Position, squares: Iterable[int | str], margin: int = 2, least: int = 7) -> Window:
    """The smallest window of at least ``least`` × ``least`` squares (or the whole board) holding
    ``squares`` with ``margin`` squares around them."""
    g = pos.geometry
    cols = [g.column(square_index(pos, s)) for s in squares]
    rows = [g.row(square_index(pos, s)) for s in squares]

    def span(lo: int, hi: int, size: int) -> tuple[int, int]:
        lo, hi = lo - margin, hi + margin
        while hi - lo + 1 < least:
            lo, hi = lo - (hi - lo + 1 < least), hi + (hi - lo + 2 < least)
        shift = max(0, -lo) - max(0, hi - (size - 1))
        lo, hi = lo + shift, hi + shift
        return max(lo, 0), min(hi, size - 1)

    c0, c1 = span(min(cols), max(cols), g.files)
    r0, r1 = span(min(rows), max(rows), g.ranks)
    return c0, c1, r0, r1


def board_extent(pos: Position, title: str | None = None, window: Window | None = None) -> tuple[float, float, float, float]:
    """``(left, right, top, bottom)`` of a board drawing in square units (y grows downwards); with
    ``window`` only that part of the board, without the hands."""
    g = pos.geometry
    if window is not None:
        c0, c1, r0, r1 = window
        return c0 - 0.25, c1 + 1.75, r0 - 0.8 - (0.75 if title else 0.0), r1 + 1.25
    hand = _hand_width(pos)
    left = -0.25 - (hand + 0.25 if hand else 0.0)
    right = g.files + 0.75 + (hand + 0.1 if hand else 0.0)
    top = -0.8 - (0.75 if title else 0.0)
    bottom = g.ranks + 0.25
    return left, right, top, bottom


def _scale(ax: Axes) -> float:
    """Points per square unit of ``ax`` (after its limits are set)."""
    fig = ax.figure
    assert isinstance(fig, Figure)
    w, h = fig.get_size_inches()
    box = ax.get_position()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return 72.0 * min(float(box.width * w / abs(x1 - x0)), float(box.height * h / abs(y1 - y0)))


Square = int | str
"""A square as an index or a name (``'7f'``, ``'７六'``)."""
Highlight = str | Move | Mapping[Square, str] | Iterable[Square | Move] | None
"""What to highlight: a square, ``"last-move"``, a move, ``{square: kind}`` or several squares and moves."""
Arrows = Iterable[Move | Sequence[Square]]
"""Arrows to draw: moves, or chains of squares."""
Marks = Mapping[Square, str | tuple[str, str]] | None
"""Symbols to write on squares: ``{square: symbol}`` or ``{square: (symbol, colour)}``."""


def _normalise_highlight(pos: Position, highlight: Highlight) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, str):
        if highlight in ("last", "last-move"):
            return last_move_highlight(pos)
        return {square_index(pos, highlight): "highlight"}
    if isinstance(highlight, Move):
        return move_highlight(pos, highlight)
    if isinstance(highlight, Mapping):
        return {square_index(pos, sq): kind for sq, kind in highlight.items()}
    out: dict[int, str] = {}
    for item in highlight:
        if isinstance(item, Move):
            out.update(move_highlight(pos, item))
        else:
            out[square_index(pos, item)] = "highlight"
    return out


# --- drawing ------------------------------------------------------------------------------------


def _pentagon(cx: float, cy: float, color: int, size: float = 1.0) -> list[tuple[float, float]]:
    """A shogi piece's outline centred on ``(cx, cy)``, pointing up (sente) or down (gote); y grows
    downwards."""
    s = -1.0 if color == SENTE else 1.0
    pts = [(0.0, 0.45), (0.34, 0.29), (0.41, -0.44), (-0.41, -0.44), (-0.34, 0.29)]
    return [(cx + x * size, cy + s * y * size) for x, y in pts]


def _label_size(label: str, unit_pt: float) -> float:
    n = max(1, len(label))
    return unit_pt * (0.52 if n == 1 else min(0.37, 0.74 / n))


def draw_piece(ax: Axes, cx: float, cy: float, label: str, color: int, promoted: bool, unit_pt: float,
               *, size: float = 1.0, zorder: float = 4) -> None:
    """One piece: a pentagon with its label, turned for gote, red when promoted."""
    ax.add_patch(Polygon(_pentagon(cx, cy, color, size), closed=True, facecolor=style.COLOURS["piece"],
                         edgecolor=style.COLOURS["piece-edge"], linewidth=max(0.4, unit_pt / 45),
                         zorder=zorder))
    text = "\n".join(label) if len(label) > 1 else label
    shift = (0.05 if len(label) == 1 else 0.025) * size * (1 if color == SENTE else -1)
    ax.text(cx, cy + shift, text, ha="center", va="center", rotation=0 if color == SENTE else 180,
            rotation_mode="anchor", linespacing=0.95,
            color=style.COLOURS["promoted" if promoted else "ink"],
            fontproperties=style.font(_label_size(label, unit_pt) * size), zorder=zorder + 0.1)


def _draw_hand(ax: Axes, pos: Position, color: int, x: float, unit_pt: float) -> None:
    g = pos.geometry
    held = [(pos.tables.types[tid], n) for tid, n in enumerate(pos.hands[color]) if n]
    held.sort(key=lambda item: item[0].id)
    lines = [("☗" if color == SENTE else "☖") + " in hand"]
    lines += [f"{t.label} ×{n}" if n > 1 else t.label for t, n in held] or ["–"]
    step = 0.62
    if color == SENTE:
        y0 = g.ranks - 0.3 - step * (len(lines) - 1)
    else:
        y0 = 0.3
    for i, line in enumerate(lines):
        size = unit_pt * (0.30 if i == 0 else 0.42)
        ax.text(x, y0 + i * step, line, ha="left", va="center", color=style.COLOURS["ink"],
                fontproperties=style.font(size))


def _square_centre(pos: Position, sq: int) -> tuple[float, float]:
    g = pos.geometry
    return g.column(sq) + 0.5, g.row(sq) + 0.5


def draw_board(ax: Axes, pos: Position, *, highlight: Highlight = None, arrows: Arrows = (), marks: Marks = None,
               title: str | None = None, window: Window | None = None) -> None:
    """Draw ``pos`` into ``ax`` (square units, y downwards); see :func:`draw_position`. With
    ``window`` only that part of the board is drawn, with its own coordinates."""
    style.setup_fonts()
    g = pos.geometry
    t = pos.tables
    left, right, top, bottom = board_extent(pos, title, window)
    c0, c1, r0, r1 = window if window is not None else (0, g.files - 1, 0, g.ranks - 1)
    ax.set_xlim(left, right)
    ax.set_ylim(bottom, top)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    unit = _scale(ax)

    ax.add_patch(Rectangle((c0, r0), c1 + 1 - c0, r1 + 1 - r0, facecolor=style.COLOURS["board"],
                           edgecolor="none", zorder=0))
    for sq, kind in _normalise_highlight(pos, highlight).items():
        if not (c0 <= g.column(sq) <= c1 and r0 <= g.row(sq) <= r1):
            continue
        colour = style.HIGHLIGHTS.get(kind, kind)
        ax.add_patch(Rectangle((g.column(sq), g.row(sq)), 1, 1, facecolor=colour, edgecolor="none",
                               alpha=0.85, zorder=1))
    thin = max(0.35, unit / 60)
    lines = ([((c, r0), (c, r1 + 1)) for c in range(c0, c1 + 2)]
             + [((c0, r), (c1 + 1, r)) for r in range(r0, r1 + 2)])
    ax.add_collection(LineCollection(lines, colors=style.COLOURS["grid"], linewidths=thin, zorder=2))
    ax.add_patch(Rectangle((c0, r0), c1 + 1 - c0, r1 + 1 - r0, facecolor="none", edgecolor=style.COLOURS["board-edge"],
                           linewidth=thin * 3, zorder=2.5))
    if g.files == g.ranks and g.files % 3 == 0 and window is None:       # the star points of a 9×9 (or 12×12 …) board
        third = g.files // 3
        for c in (third, 2 * third):
            for r in (third, 2 * third):
                ax.plot([c], [r], marker="o", markersize=unit / 14, color=style.COLOURS["grid"], zorder=2.6)

    coord = style.font(unit * 0.30)
    for c in range(c0, c1 + 1):
        ax.text(c + 0.5, r0 - 0.3, str(g.files - c), ha="center", va="center",
                color=style.COLOURS["coordinates"], fontproperties=coord)
    for r in range(r0, r1 + 1):  # as large as the file numbers: 十九, the widest, fits the margin (0.6 of its 0.75 squares)
        ax.text(c1 + 1.36, r + 0.5, kanji_number(r + 1), ha="center", va="center",
                color=style.COLOURS["coordinates"], fontproperties=coord)

    for sq, code in enumerate(pos.board):
        if code and c0 <= g.column(sq) <= c1 and r0 <= g.row(sq) <= r1:
            ptype = t.types[type_of(code)]
            cx, cy = _square_centre(pos, sq)
            draw_piece(ax, cx, cy, ptype.label, color_of(code), ptype.promoted, unit, size=0.95)

    if pos.variant.drops and window is None:
        _draw_hand(ax, pos, SENTE, g.files + 0.75, unit)
        _draw_hand(ax, pos, GOTE, left + 0.1, unit)

    for item in arrows or ():
        if isinstance(item, Move):
            if item.origin is None:
                continue
            points = [item.origin, *item.path, item.target]
        else:
            points = [square_index(pos, s) for s in item]
        for a, b in zip(points, points[1:]):
            if a == b:
                continue
            ax.add_patch(FancyArrowPatch(_square_centre(pos, a), _square_centre(pos, b), arrowstyle="-|>",
                                         mutation_scale=unit * 0.45, linewidth=max(1.0, unit / 14),
                                         color=style.COLOURS["move-arrow"], alpha=0.85,
                                         shrinkA=unit * 0.12, shrinkB=unit * 0.12, zorder=6))

    for where, mark in (marks or {}).items():
        sq = square_index(pos, where)
        symbol, colour = (mark, style.COLOURS["move-arrow"]) if isinstance(mark, str) else mark
        cx, cy = _square_centre(pos, sq)
        if pos.board[sq]:
            cx, cy, size = cx + 0.3, cy + 0.3, unit * 0.30
        else:
            size = unit * 0.45
        ax.text(cx, cy, symbol, ha="center", va="center", color=colour, fontproperties=style.font(size),
                zorder=7)

    if title:
        ax.text((left + right) / 2, top + 0.35, title, ha="center", va="center", color=style.COLOURS["ink"],
                fontproperties=style.font(unit * 0.38))


def draw_position(pos: Position, *, highlight: Highlight = (), arrows: Arrows = (), marks: Marks = None,
                  ax: Axes | None = None,
                  title: str | None = None, window: Window | None = None) -> Figure:
    """The board of ``pos`` as a matplotlib figure.

    ``highlight``: squares (indices or names), a :class:`~shogi_rules.model.moves.Move`, ``"last-move"``,
    or a mapping ``{square: kind}`` where kind is a key of :data:`style.HIGHLIGHTS` (``"from"``,
    ``"to"``, ``"capture"``, ``"burn"``, ``"destination"`` …) or a colour. ``arrows``: pairs (or
    longer chains) of squares, or moves. ``marks``: ``{square: symbol}`` or ``{square: (symbol,
    colour)}``. With ``ax`` the board is drawn into that axes (and its figure returned); otherwise
    a new figure is sized to the board (:data:`CELL_INCHES` a square). ``window``: only that part of
    the board (:func:`window_around` finds one around some squares).
    """
    if ax is None:
        left, right, top, bottom = board_extent(pos, title, window)
        cell = CELL_INCHES if window is not None else cell_inches(pos)
        fig = Figure(figsize=((right - left) * cell, (bottom - top) * cell))
        fig.set_label(describe_position(pos, title))  # the alt text of its picture
        ax = fig.add_axes((0, 0, 1, 1))
    draw_board(ax, pos, highlight=highlight, arrows=arrows, marks=marks, title=title, window=window)
    drawn = ax.figure
    assert isinstance(drawn, Figure)
    return drawn


def figure_png(fig: Figure, dpi: int = 110, description: str | None = None, smallest: float | None = None) -> bytes:
    """The PNG of ``fig`` in 256 colours: these drawings look the same as in full colour, in about a third
    of the bytes (the book's figures carry twice their page width in pixels, for print).

    The PNG carries what the book's pages need to show it well: ``Description``, what it shows in words
    (``description``, else the figure's label, else :func:`figure_description`), which becomes the image's
    alt text; and ``Smallest-text``, the height in image pixels of its smallest text, from which a page
    knows how wide it must show the image for every label to stay legible (``smallest``, in image pixels,
    where the figure holds text that it does not know as text: pictures pasted into it)."""
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    image = Image.open(buf)
    opaque = image.mode != "RGBA" or image.getchannel("A").getextrema() == (255, 255)
    few = (image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT) if opaque
           else image.quantize(256, method=Image.Quantize.FASTOCTREE))
    info = PngInfo()
    info.add_itxt("Description", description or figure_description(fig))
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    least = min([s * dpi / 72 for s in sizes] + ([smallest] if smallest is not None else []), default=None)
    if least is not None:
        info.add_text("Smallest-text", f"{least:.2f}")
    out = io.BytesIO()
    few.save(out, format="png", optimize=True, dpi=(dpi, dpi), pnginfo=info)  # the resolution, which LaTeX sizes pictures by
    return out.getvalue()


def figure_description(fig: Figure) -> str:
    """What ``fig`` shows, in words: its label (set by the drawing functions: :func:`draw_position` and the
    book's helpers describe their figures), else its titles and texts."""
    label = str(fig.get_label() or "")
    if label:
        return label
    texts = [ax.get_title() for ax in fig.axes if ax.get_title()]
    texts += [t.get_text() for t in fig.texts if t.get_text().strip()]
    texts += [t.get_text() for ax in fig.axes for t in ax.texts if t.get_text().strip()][:12]
    said = "; ".join(" ".join(t.split()) for t in texts)
    return f"Diagram: {said[:300]}" if said else "Diagram"


def describe_position(pos: Position, title: str | None = None) -> str:
    """A position in words, for an alt text: the game, the board, and its pieces (the whole set-up, or up
    to eight pieces with their squares).

    >>> describe_position(Position("shogi"))
    'Shogi (本将棋), 9 × 9 board: the starting position, 20 pieces a side'
    """
    v, g = pos.variant, pos.geometry
    head = f"{v.name} ({v.kanji}), {g.files} × {g.ranks} board" + (f", {title}" if title else "")
    if pos.fen() == Position(pos.rules).fen():
        sente = sum(1 for c in pos.board if c and not c & 1)
        return f"{head}: the starting position, {sente} pieces a side"
    pieces = [(g.name(sq), pos.tables.types[c >> 1], c & 1) for sq, c in enumerate(pos.board) if c]
    said = [f"{'sente' if colour == SENTE else 'gote'}'s {t.kind.english} on {name}" for name, t, colour in pieces[:8]]
    more = f" and {len(pieces) - 8} more pieces" if len(pieces) > 8 else ""
    return f"{head}: " + (", ".join(said) + more if said else "an empty board")


def figure_svg(fig: Figure) -> str:
    """The SVG text of ``fig``, the same for the same drawing (no date, fixed ids): notebooks that
    store it can be compared with a new run."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "shogi-rules"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


def position_png(pos: Position, *, dpi: int | None = None, **kw: Any) -> bytes:
    """The board of ``pos`` as PNG bytes (keywords as :func:`draw_position`); 110 dots an inch, 150
    for boards of more than 12 files (so that two-kanji labels stay sharp)."""
    if dpi is None:
        dpi = 110 if max(pos.geometry.files, pos.geometry.ranks) <= 12 else 150
    return figure_png(draw_position(pos, **kw), dpi=dpi)


def position_png_shown(pos: Position) -> tuple[bytes, dict[str, int]]:
    """The board of ``pos`` as a notebook shows it: a PNG of twice the resolution of :func:`position_png`,
    and the width, in CSS pixels, it is shown at (that of :func:`position_png`'s picture), so that it is
    sharp on dense screens and in print."""
    dpi = 110 if max(pos.geometry.files, pos.geometry.ranks) <= 12 else 150
    fig = draw_position(pos)
    return figure_png(fig, dpi=2 * dpi), {"width": round(fig.get_figwidth() * dpi)}


def position_svg(pos: Position, **kw: Any) -> str:
    """The board of ``pos`` as an SVG document (text turned into outlines, so it needs no font)."""
    return figure_svg(draw_position(pos, **kw))
