"""What the book's notebooks share: showing a figure at a readable size, building test positions,
listing moves, and the boards, piece grids and piece tables of the variant chapters.

Every figure the book shows goes through :func:`show`, which refuses a figure whose smallest text
would be drawn under :data:`MIN_TEXT_PX` pixels at the size the page shows it (the page's text
column is :data:`COLUMN_PX` wide; a wider picture is scaled down to it)::

    >>> from shogi_rules import Position
    >>> from shogi_rules.diagrams import draw_position
    >>> from shogi_rules.diagrams.book import smallest_text_px
    >>> smallest_text_px(draw_position(Position("shogi")), dpi=80) >= MIN_TEXT_PX
    True
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.text import Text

from .. import GOTE, SENTE, Position, RuleSet
from ..model.moves import Move
from ..engine.outcome import Outcome
from . import style
from .board import (CELL_INCHES, board_extent, cell_inches, describe_position, draw_board, draw_position,
                    figure_png, window_around)
from .movement import (betza_text, destination_vectors, draw_legend, draw_moves, engine_destinations, layout_legend,
                       lone_piece_position, movement_marks, window_radius)

COLUMN_PX = 688
"""Width of a notebook's output in the book's text column at a 1280-pixel window (sphinx-book-theme, as
Chromium lays it out: the article is 752 px, the output box inside it 688): wider images are scaled down to it."""

MIN_TEXT_PX = 10.0
"""The smallest text, in screen pixels at the displayed size, that a figure of the book may hold."""

PIXELS_PER_PX = 2
"""Image pixels in each CSS pixel of a figure's width: :func:`show` gives the page the width in CSS pixels
(in the output's metadata) and the PNG twice as many, so that figures are sharp on dense screens and
printed in the PDF at 200 pixels an inch or more."""


class IllegibleFigureError(ValueError):
    """A figure would show text smaller than :data:`MIN_TEXT_PX` at the size the page displays it."""


# --- showing figures ---------------------------------------------------------------------------

def displayed_scale(fig: Figure, dpi: float, column_px: float = COLUMN_PX) -> float:
    """How much the page shrinks the PNG of ``fig`` saved at ``dpi`` (1.0: shown at its own size)."""
    width_px = fig.get_figwidth() * dpi
    return min(1.0, column_px / width_px)


def smallest_text_px(fig: Figure, dpi: float, column_px: float = COLUMN_PX) -> float:
    """The height in screen pixels of the smallest visible text of ``fig`` as the page shows it."""
    scale = displayed_scale(fig, dpi, column_px)
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return min(sizes, default=float("inf")) * dpi / 72 * scale


def check_legible(fig: Figure, dpi: float, column_px: float = COLUMN_PX) -> None:
    """Raise :class:`IllegibleFigureError` if some text of ``fig`` would be under :data:`MIN_TEXT_PX`."""
    px = smallest_text_px(fig, dpi, column_px)
    if px < MIN_TEXT_PX:
        small = sorted({(round(float(t.get_fontsize()), 1), t.get_text()[:30]) for t in fig.findobj(Text)
                        if t.get_visible() and t.get_text().strip()})[:3]
        raise IllegibleFigureError(
            f"text of {px:.1f} px at the displayed size (minimum {MIN_TEXT_PX:g}); smallest: {small}")


def legible_dpi(fig: Figure, dpi: float = 80) -> float:
    """``dpi``, raised as far as the smallest text of ``fig`` needs to reach :data:`MIN_TEXT_PX` (a
    figure that would then be wider than the column gains nothing more: the page scales it down)."""
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    needed = MIN_TEXT_PX * 72 / min(sizes, default=MIN_TEXT_PX)
    return max(dpi, min(needed, COLUMN_PX / fig.get_figwidth()))


def show(fig: Figure, dpi: float = 80) -> None:
    """Display ``fig`` in a notebook as a PNG (:data:`PIXELS_PER_PX` pixels a CSS pixel), after checking that
    its text is legible on the page (the resolution is raised to :func:`legible_dpi` where that suffices)."""
    import matplotlib.pyplot as plt
    from IPython.display import Image, display

    dpi = legible_dpi(fig, dpi)
    check_legible(fig, dpi)
    pixels = math.ceil(dpi * PIXELS_PER_PX)  # rounded up: rounding down would shrink the smallest text under the minimum
    png = figure_png(fig, dpi=pixels)
    width = math.ceil(fig.get_figwidth() * pixels / PIXELS_PER_PX)
    display(Image(data=png, width=width))  # type: ignore[no-untyped-call]
    plt.close(fig)


def markdown(lines: Iterable[str]) -> None:
    """Display Markdown lines (a table) in a notebook."""
    from IPython.display import Markdown, display

    display(Markdown("\n".join(lines)))  # type: ignore[no-untyped-call]


# --- values in words ------------------------------------------------------------------------------

REASON_WORDS = {
    "checkmate": "by checkmate",
    "stalemate": "as the side to move has no legal move",
    "royal-captured": "by taking the last royal piece",
    "perpetual-check": "because {loser} gave perpetual check",
    "perpetual-attack": "because {loser} attacked perpetually",
    "repetition": "by repetition",
    "bare-king": "by baring the other king",
    "bare-kings": "as both kings are bare",
}
"""The reasons of :class:`~shogi_rules.engine.outcome.Outcome`, in the words a sentence of the book uses."""


def verdict(outcome: Outcome | None) -> str:
    """An outcome as a sentence says it: ``"sente wins by checkmate"``, ``"drawn by repetition"``, and
    ``"the game goes on"`` for no outcome."""
    if outcome is None:
        return "the game goes on"
    words = REASON_WORDS.get(outcome.reason, outcome.reason)
    if outcome.winner is None:
        return f"drawn {words.format(loser='a side')}"
    winner, loser = ("sente", "gote") if outcome.winner == SENTE else ("gote", "sente")
    return f"{winner} wins {words.format(loser=loser)}"


def may_promote(choices: Iterable[bool]) -> str:
    """Whether a move may promote, from the promotion flags of its legal forms: words, not a list."""
    flags = set(choices)
    if flags == {True, False}:
        return "the mover chooses"
    if flags == {True}:
        return "must promote"
    if flags == {False}:
        return "may not promote"
    return "no such move"


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def squares_text(names: Iterable[str], empty: str = "none") -> str:
    """Square (or move) names as a list in words: ``"8g and 8h"``, ``"4d, 4e and 4f"``; ``empty`` when none.

    >>> squares_text(["8g", "8h"]), squares_text([]), squares_text(["4d", "4e", "4f"])
    ('8g and 8h', 'none', '4d, 4e and 4f')
    """
    items = [str(n) for n in names]
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


_DIRECTION_WORDS = {(0, 1): "forward", (0, -1): "back", (-1, 0): "left", (1, 0): "right",
                    (-1, 1): "forward-left", (1, 1): "forward-right", (-1, -1): "back-left", (1, -1): "back-right"}


def direction_words(vectors: Iterable[tuple[int, int]], empty: str = "none") -> str:
    """Directions ``(dx, dy)`` seen from sente (``dy`` > 0 forward, ``dx`` > 0 to sente's right) in words,
    longer vectors by their direction: ``"all eight directions"``, ``"forward, back-left"``.

    >>> direction_words([(0, 2), (-1, -1)]), direction_words([])
    ('forward and back-left', 'none')
    """
    seen = {(dx // max(abs(dx), abs(dy)), dy // max(abs(dx), abs(dy))) for dx, dy in vectors if (dx, dy) != (0, 0)}
    if len(seen) == 8:
        return "all eight directions"
    return squares_text([w for v, w in _DIRECTION_WORDS.items() if v in seen], empty)


PROMOTION_WORDS = {
    "zone": "in the zone",
    "zone-entry": "on entering the zone, or capturing in it",
    "zone-entry-or-capture": "on entering the zone, or capturing in it",
    "zone-entry-hachu": "on entering the zone, or capturing in it (HaChu's reading)",
    "zone-with-delay": "in the zone, never forced",
    "zone-adams": "in the zone (Adams' reading)",
    "zone-entry-2000": "on entering the zone (the rules of 2000)",
    "capture": "by capturing",
}
"""The promotion schemes of :class:`~shogi_rules.model.variant_data.Variant` in words (a test checks that
every scheme has them)."""


def promotion_words(variant: Any) -> str:
    """How a game's pieces promote, as a table cell says it: ``"in the zone (3 ranks)"``, ``"by capturing
    (compulsory)"``."""
    words = PROMOTION_WORDS.get(variant.promotion, variant.promotion)
    if variant.promotion == "capture":
        return f"{words} ({variant.capture_promotion.replace('-', ' ')})"
    return f"{words} ({variant.promotion_zone} ranks)" if variant.promotion_zone else words


def listing(values: Mapping[str, Any] | Iterable[Any], empty: str = "none") -> str:
    """A mapping or a collection as a short list of words: ``"B 1, P 1"``, ``"8e, 9f"``; ``empty`` when empty."""
    if isinstance(values, Mapping):
        items = [f"{k} {listing(v) if isinstance(v, (list, tuple, set, frozenset, dict)) else yes_no(v) if isinstance(v, bool) else v}"
                 for k, v in values.items()]
    else:
        items = [str(v) for v in values]
    return ", ".join(items) if items else empty


# --- piece names ----------------------------------------------------------------------------------

ARTICLE_TO_JAPANESE = str.maketrans(
    "凤刚卧奋师恶杂橫步狮竖罗车钩铁铜银飞马驴驹鲵鲸鳯鸡鹤鹫鹰龙將惡鐵醉蠻變隱雞豬貓踴靏豎无",
    "鳳剛臥奮師悪雑横歩獅竪羅車鉤鉄銅銀飛馬驢駒鯢鯨鳳鶏鶴鷲鷹龍将悪鉄酔蛮変隠鶏猪猫踊鶴竪無",
)
"""The Chinese Wikipedia articles write piece names in the script their reader picked (simplified 车 龙
狮, traditional 將 鐵 醉); the engine writes them as modern Japanese references do (新字体: 車 龍 獅 将
鉄 酔)."""


def japanese(text: str) -> str:
    """An article's spelling of a piece name as the engine writes it.

    >>> japanese("狮鹰"), japanese("鐵將")
    ('獅鷹', '鉄将')
    """
    return text.translate(ARTICLE_TO_JAPANESE)


# --- positions and moves -------------------------------------------------------------------------

def place(variant: str, pieces: Mapping[str, str], hand: str = "", side: str = "w",
          rules: Mapping[str, str] | None = None) -> Position:
    """A position built square by square: ``place("shogi", {"5i": "K", "1a": "k", "3c": "+P"})``; ``side``
    ``"w"`` (sente) or ``"b"`` (gote) to move, ``hand`` in FEN form (``"PPb"``)."""
    def side_case(code: str) -> str:           # "FFa" is sente's Flying Falcon, "ffa" gote's
        plus, body = ("+", code[1:]) if code.startswith("+") else ("", code)
        return plus + (body if body.islower() else body.upper())

    return Position.from_pieces(variant, {sq: side_case(code) for sq, code in pieces.items()},
                                turn=SENTE if side == "w" else GOTE, hands=hand, rules=rules)


def names(pos: Position, moves: Iterable[Move] | None = None, notation: str = "western") -> list[str]:
    """Moves (by default the legal moves) in Western (TSA / Hodges) notation or another of
    :data:`~shogi_rules.notation.moves.NOTATIONS`, sorted."""
    return sorted(pos.move_name(m, notation) for m in (pos.legal_moves() if moves is None else moves))


def legal_from(pos: Position, square: str) -> list[Move]:
    """The legal moves of the piece on ``square``."""
    sq = pos.geometry.parse(square)
    return [m for m in pos.legal_moves() if m.origin == sq]


def moves_from(pos: Position, square: str, notation: str = "western") -> list[str]:
    """The legal moves of the piece on ``square``, in Western notation (or ``notation``)::

        >>> pos = place("chu", {"4c": "S", "5b": "p", "1l": "K", "12a": "k"})
        >>> moves_from(pos, "4c")
        ['S-3b', 'S-3d', 'S-4b', 'S-5d', 'Sx5b+', 'Sx5b=']
        >>> moves_from(pos, "4c", "usi")
        ['4c3b', '4c3d', '4c4b', '4c5b', '4c5b+', '4c5d']
    """
    return names(pos, legal_from(pos, square), notation)


def promotion_squares(pos: Position, square: str) -> list[str]:
    """The squares on which the piece on ``square`` may end a move that promotes it, sorted by name."""
    return sorted({pos.geometry.name(m.target) for m in legal_from(pos, square) if m.promotion})


def targets(pos: Position, square: str) -> set[int]:
    """The squares where the piece on ``square`` can end a move (its own square left out)."""
    sq = pos.geometry.parse(square)
    return {m.target for m in legal_from(pos, square) if m.target != sq}


def contents(pos: Position) -> dict[str, tuple[str, int]]:
    """``{square name: (TSA code of the piece's present kind, colour)}``."""
    g = pos.geometry
    return {g.name(s): (pos.tables.types[c >> 1].kind.code, c & 1) for s, c in enumerate(pos.board) if c}


def drop_squares(pos: Position, code: str) -> set[str]:
    """The squares where the side to move may drop ``code``."""
    tid = pos.tables.type_by_code(code)
    return {pos.geometry.name(m.target) for m in pos.legal_moves() if m.origin is None and m.drop == tid}


def squares(pos: Position, where: Callable[[int], bool] = lambda sq: True) -> set[str]:
    """The names of the squares of the board for which ``where`` holds."""
    g = pos.geometry
    return {g.name(sq) for sq in range(g.size) if where(sq)}


def empty(pos: Position) -> set[str]:
    return squares(pos, lambda sq: not pos.board[sq])


def on_ranks(pos: Position, letters: str) -> set[str]:
    return squares(pos, lambda sq: pos.geometry.name(sq)[-1] in letters)


def dead_ranks(rules: RuleSet, t: Any, color: int = SENTE) -> str:
    """The ranks (letters) on which the piece type ``t`` of ``color`` could never move again."""
    tables = rules.tables
    return "".join(sorted({tables.geometry.name(sq)[-1] for sq in tables.dead[2 * t.id + color]}))


# --- boards, piece grids, piece tables ---------------------------------------------------------------

def draw_boards(positions: Sequence[Position], titles: Sequence[str | None], highlights: Sequence[Any] | None = None,
                marks: Sequence[Any] | None = None,
                legend: Sequence[tuple[str, str, str]] = (), cell: float | None = None,
                per_row: int | None = None, window: tuple[int, int, int, int] | None = None,
                arrows: Sequence[Any] | None = None) -> Figure:
    """Boards side by side in one figure (each drawn by :func:`~.board.draw_board`), with an optional
    legend of ``(symbol, colour, text)`` rows under them; ``window`` (see :func:`~.board.window_around`)
    draws only that part of each board, ``arrows`` a list of arrows (moves) per board. Boards that would be too wide side by side
    for their text to stay legible in the page's column go on rows of their own (``per_row``: how many
    a row; by default as many as stay legible)."""
    n = len(positions)
    if per_row is None:
        return _fewest_rows(lambda k: draw_boards(positions, titles, highlights, marks, legend, cell, per_row=k,
                                                  window=window, arrows=arrows), n)
    highlights = list(highlights or [None] * n)
    marks = list(marks or [None] * n)
    arrows = list(arrows or [()] * n)
    cell = cell or (CELL_INCHES if window is not None else cell_inches(positions[0]))
    exts = [board_extent(p, t, window) for p, t in zip(positions, titles)]
    sizes = [((e[1] - e[0]) * cell, (e[3] - e[2]) * cell) for e in exts]
    rows = [list(range(i, min(i + per_row, n))) for i in range(0, n, per_row)]
    edge = 0.1                          # inches left and right of a row (a board's drawing has margins of its own)
    width = max(sum(sizes[i][0] for i in row) + 0.2 * (len(row) - 1) + 2 * edge for row in rows)
    heights = [max(sizes[i][1] for i in row) for row in rows]
    wrapped, legend_h = layout_legend(list(legend), width - 0.3)
    boards_h = sum(heights) + 0.15 * (len(rows) - 1)
    total = boards_h + legend_h + 0.1
    fig = Figure(figsize=(width, total))
    top = 0.0
    for row, h in zip(rows, heights):
        x = edge
        for i in row:
            w, hi = sizes[i]
            ax = fig.add_axes((x / width, 1 - (top + hi) / total, w / width, hi / total))
            draw_board(ax, positions[i], highlight=highlights[i], marks=marks[i], title=titles[i], window=window,
                       arrows=arrows[i])
            x += w + 0.2
        top += h + 0.15
    draw_legend(fig, wrapped, boards_h + 0.1, edge + 0.1)
    fig.set_label("; ".join(describe_position(p, t) for p, t in zip(positions, titles)))  # the alt text
    return fig


def boards(positions: Sequence[Position], titles: Sequence[str | None], highlights: Sequence[Any] | None = None,
           dpi: float = 80, around: Sequence[int | str] = ()) -> None:
    """Show positions side by side; ``around``: only the part of the boards around these squares
    (:func:`~.board.window_around` of the first position)."""
    window = window_around(positions[0], around) if around else None
    show(draw_boards(positions, titles, highlights, window=window), dpi)


def corner_png(pos: Position, files: int = 8, ranks: int = 8, dpi: float = 80, **drawing: Any) -> bytes:
    """The engine's drawing of ``pos`` (keywords of :func:`~.board.draw_position`) cut to files 1..``files`` and
    ranks 1..``ranks``, the top right-hand corner with the coordinates, as PNG bytes of :data:`PIXELS_PER_PX`
    pixels a CSS pixel. The resolution is raised where the smallest text in the cut would be under
    :data:`MIN_TEXT_PX` at the picture's own size, and the PNG records that text's height in image pixels
    (``Smallest-text``, as :func:`~.board.figure_png` does)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.transforms import Bbox

    fig = draw_position(pos, **drawing)
    g = pos.geometry
    width, height = fig.get_size_inches()
    box = Bbox.from_extents(0, 0, width, height)          # the whole board, hands included
    if files < g.files or ranks < g.ranks:
        left, right, top, _ = board_extent(pos)
        cell = cell_inches(pos)
        first = max(g.files - files, 0)                     # the leftmost column shown
        box = Bbox.from_extents((first - 0.15 - left) * cell, height - (min(ranks, g.ranks) + 0.2 - top) * cell,
                                (right - left) * cell, height)
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    inside = box.transformed(fig.dpi_scale_trans)          # the cut in display units, as the texts' extents
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text)
             if t.get_visible() and t.get_text().strip() and inside.overlaps(t.get_window_extent(renderer))]
    smallest = min(sizes, default=MIN_TEXT_PX)
    pixels = math.ceil(PIXELS_PER_PX * max(dpi, MIN_TEXT_PX * 72 / smallest))
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=pixels, bbox_inches=box,
                metadata={"Description": describe_position(pos), "Smallest-text": f"{smallest * pixels / 72:.2f}"})
    return buf.getvalue()


def png_smallest_text(png: bytes) -> float:
    """The height in image pixels of the smallest text of a PNG the package drew (its ``Smallest-text``);
    infinite for a picture without text."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as img:
        return float(getattr(img, "text", {}).get("Smallest-text", "inf"))


PANEL_TITLE_POINTS = 15
"""The size of a panel's title (:func:`panels_png`), in points at the panel's resolution."""


def panels_png(items: Sequence[tuple[bytes, str]], dpi: float = 80) -> tuple[bytes, int]:
    """Pictures (PNG bytes of :data:`PIXELS_PER_PX` pixels a CSS pixel, such as :func:`corner_png` draws), each
    under its title, side by side where the whole stays narrow enough for every text in it, the pictures' own
    labels too, to be :data:`MIN_TEXT_PX` high in the page's column; else on rows of as many as keep it so. Returns
    the PNG, which records the smallest text of all (``Smallest-text``), and its width in CSS pixels."""
    import matplotlib.image as mpimg
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    images = [mpimg.imread(io.BytesIO(png)) for png, _ in items]
    title_px, gap = 56, 40                                # image pixels
    small = min([PANEL_TITLE_POINTS * PIXELS_PER_PX * dpi / 72] + [png_smallest_text(png) for png, _ in items])
    ruler = Figure(dpi=PIXELS_PER_PX * dpi)              # each picture's slot is as wide as its title, at least
    renderer = FigureCanvasAgg(ruler).get_renderer()  # type: ignore[no-untyped-call]
    slots = [max(img.shape[1], math.ceil(ruler.text(0, 0, title, fontsize=PANEL_TITLE_POINTS)
                                         .get_window_extent(renderer).width) + 8) for img, (_, title) in zip(images, items)]

    def columns(per_row: int) -> list[int]:              # the pictures of a column of the rows centred on one line
        return [max(slots[j::per_row]) for j in range(min(per_row, len(images)))]

    def layout(per_row: int) -> tuple[list[list[int]], int]:
        rows = [list(range(i, min(i + per_row, len(images)))) for i in range(0, len(images), per_row)]
        return rows, sum(columns(per_row)) + gap * (min(per_row, len(images)) - 1)

    def legible(width: int) -> bool:                       # shown at its CSS width, at most the column's
        return small * min(width / PIXELS_PER_PX, COLUMN_PX) / width >= MIN_TEXT_PX

    per_row = next((k for k in range(len(images), 0, -1) if legible(layout(k)[1])), 1)
    rows, width = layout(per_row)
    if not legible(width):
        raise IllegibleFigureError(f"a picture {width} pixels wide with text of {small:.1f} pixels cannot be shown "
                                   f"legibly in a column of {COLUMN_PX} px")
    heights = [max(images[i].shape[0] for i in row) + title_px for row in rows]
    height = sum(heights) + gap * (len(rows) - 1)
    fig = Figure(figsize=(width / dpi / PIXELS_PER_PX, height / dpi / PIXELS_PER_PX), dpi=PIXELS_PER_PX * dpi)
    top = 0
    column_widths = columns(per_row)
    for row, row_height in zip(rows, heights):
        x = 0
        for i in row:
            h, w = images[i].shape[:2]
            slot = column_widths[i % per_row]
            left = x + (slot - w) // 2
            ax = fig.add_axes((left / width, (height - top - title_px - h) / height, w / width, h / height))
            ax.imshow(images[i], interpolation="none")
            ax.set_axis_off()
            fig.text((x + slot / 2) / width, 1 - (top + title_px / 2) / height, items[i][1], ha="center",
                     va="center", fontsize=PANEL_TITLE_POINTS)
            x += slot + gap
        top += row_height + gap
    arranged = ("Board" if len(items) == 1 else "Boards side by side" if len(rows) == 1
                else "Boards one above the other" if per_row == 1 else f"Boards, {per_row} a row")
    png = figure_png(fig, dpi=round(PIXELS_PER_PX * dpi), smallest=small,
                     description=f"{arranged}: " + "; ".join(title for _, title in items))
    return png, width // PIXELS_PER_PX


def draw_before_after(pos: Position, move: str | Move, title: str, whole: bool = False) -> Figure:
    """The position before and after ``move`` (any notation :meth:`~shogi_rules.engine.position.Position.parse_move`
    reads), the move marked on both; the part of the board around the move (at least 7×7 squares)
    unless ``whole``. ``title`` says what the move did."""
    if isinstance(move, str):
        text, move = move, pos.parse_move(move)
    else:
        text = pos.move_name(move, "usi")
    after = pos.copy()
    after.push(move)
    squares = [s for s in (move.origin, *move.path, move.target) if s is not None]
    window = None if whole else window_around(pos, squares)
    western = pos.move_name(move)
    before = f"before {text}" + (f" ({western})" if western != text else "")
    return draw_boards([pos, after], [before, f"after: {title}"], [move, "last-move"], window=window)


def before_after(pos: Position, move: str | Move, title: str, whole: bool = False, dpi: float = 80) -> None:
    """Show :func:`draw_before_after`: ``before_after(pos, "7h7g7h", "igui: the pawn is gone")``."""
    show(draw_before_after(pos, move, title, whole), dpi)


def draw_piece_grid(types: Sequence[Any], cols: int = 5, size: float = 2.0) -> Figure:
    """Movement diagrams of several piece types (rows of the compiled tables), one window each on a
    common scale, titled with kanji, English name, TSA code and Betza string; at most four a row, so that
    the labels stay legible in the page's column."""
    radius = max(window_radius(t.kind) for t in types)
    cols = min(cols, 4, len(types))
    rows = -(-len(types) // cols)
    fig = Figure(figsize=(cols * size, rows * (size + 0.6)))
    axes = fig.subplots(rows, cols, squeeze=False)
    fig.subplots_adjust(left=0.02, right=0.98, top=1 - 0.55 / (rows * (size + 0.6)), bottom=0.01,
                        wspace=0.12, hspace=0.34)
    for ax in axes.flat[len(types):]:
        ax.set_axis_off()
    for ax, t in zip(axes.flat, types):
        draw_moves(ax, t.kind, radius=radius, promoted=t.promoted)
        ax.set_title(f"{t.kind.kanji}  {t.kind.english}\n{t.code} · {betza_text(t.kind)}",
                     color=style.COLOURS["promoted" if t.promoted else "ink"], fontproperties=style.font(11))
    fig.set_label("Movement diagrams of " + ", ".join(f"the {t.kind.english} ({t.kind.kanji})" for t in types))
    return fig


def piece_grid(types: Sequence[Any], cols: int = 4, size: float = 2.0, dpi: float = 80) -> None:
    """Show :func:`draw_piece_grid` with at most ``cols`` diagrams a row, fewer where the labels would
    otherwise be illegible at the page's width (two-kanji labels need larger diagrams)."""
    show(_fewest_rows(lambda k: draw_piece_grid(types, k, size), min(cols, 4, len(types))), dpi)


def _fewest_rows(draw: Callable[[int], Figure], most: int) -> Figure:
    """``draw(k)`` with the largest ``k`` ≤ ``most`` items a row whose text stays legible at the page's
    width; the text shrinks about as 1/k, so one drawing tells where to start."""
    k = most
    fig = draw(k)
    px = smallest_text_px(fig, COLUMN_PX / fig.get_figwidth())
    while px < MIN_TEXT_PX and k > 1:
        k = max(1, min(k - 1, int(k * px / MIN_TEXT_PX)))
        fig = draw(k)
        px = smallest_text_px(fig, COLUMN_PX / fig.get_figwidth())
    return fig


def diagram_matches_engine(rules: RuleSet, t: Any) -> bool:
    """The squares a piece's diagram marks as destinations are exactly the squares where the engine lets
    it go, alone on an empty board (within the diagram's window)."""
    radius = window_radius(t.kind)
    pos, centre = lone_piece_position(rules, t.base.code, t.promoted)
    g = pos.geometry
    c, r = g.column(centre), g.row(centre)
    drawn = {v for v in destination_vectors(movement_marks(t.kind, radius))
             if 0 <= c + v[0] < g.files and 0 <= r - v[1] < g.ranks}
    engine = {v for v in engine_destinations(rules, t.base.code, t.promoted) if max(map(abs, v)) <= radius}
    return drawn == engine and bool(drawn)


def piece_table_lines(rules: RuleSet, types: Sequence[Any]) -> list[str]:
    """The piece rows as a Markdown table: code, kanji, English (romaji), Betza, movement in words,
    what the piece promotes to (for a table of promoted pieces only: what each was promoted from)."""
    from ..model.movement import describe

    t = rules.tables
    promoted = all(p.promoted for p in types)
    lines = [f"| code | kanji | English | Betza | movement | {'promoted from' if promoted else 'promotes to'} |",
             "|---|---|---|---|---|---|"]
    for p in types:
        k = p.kind
        other = p.base if promoted else t.types[p.promotion].kind if p.promotion else None
        betza = betza_text(k)
        lines.append(f"| `{p.code}` | {k.kanji} | {k.english} ({k.romaji}) | {f'`{betza}`' if betza else '—'} | "
                     f"{describe(k.atoms)} | {f'{other.kanji} {other.english}' if other else '—'} |")
    return lines


def piece_table(rules: RuleSet, types: Sequence[Any]) -> None:
    """Show :func:`piece_table_lines`."""
    markdown(piece_table_lines(rules, types))


def promoted_forms(rules: RuleSet) -> list[Any]:
    """The promoted pieces that are not themselves a piece of the starting array (one row per kind,
    in table order): the forms that exist only by promotion.

    >>> [t.code for t in promoted_forms(RuleSet.of("shogi"))]
    ['+R', '+B', '+S', '+N', '+L', '+P']
    """
    types = rules.tables.types[1:]
    array = {t.kind.code for t in types if not t.promoted}
    forms: dict[str, Any] = {}
    for t in types:
        if t.promoted and t.kind.code not in array:
            forms.setdefault(t.kind.code, t)
    return list(forms.values())


# --- the piece finder --------------------------------------------------------------------------------

def piece_finder_html(variants: Sequence[str] | None = None) -> str:
    """One HTML table of every piece of every variant, with a filter box and a variant menu (a few
    lines of JavaScript), each row linking to the piece's own section of its game's page of pieces (the
    page :func:`~shogi_rules.notation.piece_list.piece_url` names). The box also finds a piece by its reading in
    kana and by its romaji typed without macrons (``しし``, ``kyoosha``)."""
    import posixpath
    from html import escape

    from ..notation.piece_list import piece_rows
    from ..compiled.variant import VARIANT_IDS, get_variant

    variants = list(variants or VARIANT_IDS)
    options = "".join(f'<option value="{vid}">{escape(get_variant(vid).name)}</option>' for vid in variants)
    rows = []
    for vid in variants:
        v = get_variant(vid)
        for r in piece_rows(vid):
            into = r["promotes_to"]
            promo = f"{escape(into['kanji'])} {escape(into['english'])}" if into else "—"
            page, fragment = r["url"].split("#")
            link = f"{posixpath.relpath(page, 'notebooks')}#{fragment}"  # from the page notebooks/pieces
            also = " ".join(r["romaji_ascii"])
            rows.append(
                f'<tr data-variant="{vid}" data-also="{escape(also)}"><td><a href="{link}">{escape(v.name)}</a></td> '
                f"<td><code>{escape(r['code'])}</code></td> <td lang=\"ja\">{escape(r['kanji'])}"
                f"<br> <small>{escape(r['kana'])}</small></td> "
                f"<td>{escape(r['english'])} <i>({escape(r['romaji'])})</i></td> "
                f"<td>{escape(r['movement']['words'])}</td> <td lang=\"ja\">{promo}</td></tr>")  # spaces: the
            # search index reads this HTML with its tags taken out
    return f"""<div class="piece-finder">
<p><label>Find a piece: <input id="piece-filter" type="search" size="28"
 placeholder="a name, kanji, kana or code: lion, 獅鷹, しし, FiD"></label>
<label>in <select id="piece-variant"><option value="">every variant</option>{options}</select></label>
<span id="piece-count"></span></p>
<table class="piece-finder-table" style="width:100%;table-layout:fixed;font-size:0.85em;overflow-wrap:anywhere">
<colgroup><col style="width:14%"><col style="width:8%"><col style="width:10%"><col style="width:20%">
<col style="width:34%"><col style="width:14%"></colgroup>
<thead><tr><th>game</th><th>code</th><th>kanji</th><th>English (romaji)</th><th>movement</th>
<th>promotes to</th></tr></thead>
<tbody id="piece-rows">
{chr(10).join(rows)}
</tbody></table>
<script>
(function () {{
  const box = document.getElementById("piece-filter"), menu = document.getElementById("piece-variant");
  const rows = Array.from(document.querySelectorAll("#piece-rows tr"));
  const count = document.getElementById("piece-count");
  function filter() {{
    const q = box.value.trim().toLowerCase(), v = menu.value;
    let shown = 0;
    for (const tr of rows) {{
      const text = (tr.textContent + " " + tr.dataset.also).toLowerCase();
      const ok = (!v || tr.dataset.variant === v) && text.includes(q);
      tr.style.display = ok ? "" : "none";
      shown += ok;
    }}
    count.textContent = " " + shown + " of " + rows.length + " pieces";
  }}
  const given = new URLSearchParams(window.location.search).get("piece");
  if (given) box.value = given;
  box.addEventListener("input", filter);
  menu.addEventListener("change", filter);
  filter();
}})();
</script>
</div>"""


# --- the list of games --------------------------------------------------------------------------------------

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")


def count_words(n: int, noun: str) -> str:
    """``count_words(7, "game")`` is ``"seven games"``: the count as the README and the book write it.

    >>> count_words(1, "game"), count_words(13, "game")
    ('one game', '13 games')
    """
    word = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else f"{n:,}"
    return f"{word} {noun}{'' if n == 1 else 's'}"


def games_table(cite: bool = False) -> str:
    """Every game of the registry as a Markdown table, in the order the library presents them: id, name
    and kanji, board and, with ``cite``, its primary source as a MyST citation (for the book).

    >>> games_table().splitlines()[2]
    '| `heian` | Heian shogi (平安将棋) | 9 × 8 |'
    """
    from ..compiled.variant import available_variants

    head = "| id | game | board |" + (" primary source |" if cite else "")
    lines = [head, "|" + "---|" * head.count(" |")]
    for v in available_variants():
        source = (f" {{cite}}`{v.sources[0]}` |" if v.sources else " |") if cite else ""
        lines.append(f"| `{v.id}` | {v.name} ({v.kanji}) | {v.files} × {v.ranks} |{source}")
    return "\n".join(lines)


def engine_readings_table() -> str:
    """For every game with a preset named after an engine or site (:mod:`shogi_rules.model.engines`): a
    Markdown table of its rule choices (rows) against those engines (columns), each cell the option the
    engine's preset takes (in italics where the engine's source is silent and the preset keeps the
    default), and a last row saying whether the test suite checks the preset against the engine here
    or the preset is cited from its source.

    >>> table = engine_readings_table()
    >>> "| {ref}`chu.promotion <chu.promotion>` | `lishogi` | `lishogi` | `hachu` |" in table
    True
    """
    from ..compiled.variant import available_variants
    from ..model.engines import ENGINES

    out = []
    for v in available_variants():
        presets = [(p, e) for e in ENGINES for p in v.presets if p.id == e.id]
        if not presets:
            continue
        out.append(f"**{v.name}** (`{v.id}`)\n")
        out.append("| rule choice | " + " | ".join(e.name for _, e in presets) + " |")
        out.append("|---|" + "---|" * len(presets))
        for c in v.rule_choices:
            cells = [f"`{p.choices.get(c.id, c.default)}`" if c.id in p.choices else f"*`{c.default}`*"
                     for p, _ in presets]
            out.append(f"| {{ref}}`{c.id} <{c.id}>` | " + " | ".join(cells) + " |")
        how = [f"checked against {p.checked}" if p.checked
               else "cited: " + " ".join(f"{{cite}}`{k}`" for k in p.sources) for p, e in presets]
        out.append("| how it is known | " + " | ".join(how) + " |")
        out.append("")
    return "\n".join(out)
